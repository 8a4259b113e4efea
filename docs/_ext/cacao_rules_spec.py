"""Sphinx extension: the rules page, built from ``spec/rules.md``; the ``:rule:`` role; the
``{source}`` role and the source pages it links to. Traceability both ways:

rule -> tests and code
    The page ``docs/rules.md`` is a placeholder: when Sphinx reads it, this extension puts in
    its place the text of ``spec/rules.md`` (nothing is written to disk), in which every rule
    heading (a level-3 heading that begins with the rule id, such as
    ``### R-FILL-2: Which display tile goes where``) gets a MyST target, so each rule has its
    own anchor (``rules.html#r-fill-2``), and every rule's section ends with a "Tested by" list
    (the tests under ``tests/`` that carry ``@pytest.mark.rule("R-FILL-2")``) and an
    "Implemented in" list (the functions, classes and modules under ``src/cacao_rules/`` whose
    source mentions ``:rule:`R-FILL-2```). Each item links to the line of its source page;
    a public name links to its API entry as well.
tests and code -> rule
    ``:rule:`R-FILL-2``` (or ``:rule:`the fill rule <R-FILL-2>```) in a docstring or a page is
    a link to that rule; an id that is not a rule heading in the spec is a Sphinx warning, so
    the ``-W`` build fails on it. On the source pages every rule id (a test's marker, a
    docstring's reference) links to the rule, and a line at the top lists the rules the file
    names.

``{source}`title <tests/test_x.py#L12>``` links to line 12 of a file of the project; the
pages for the files these roles name are written at the end of the HTML build, with line
numbers and anchors (``#L-12``).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole
from sphinx.util.nodes import split_explicit_title

logger = logging.getLogger(__name__)

RULE_ID = re.compile(r"R-[A-Z0-9]+(?:-[A-Z0-9]+)+")
RULE_HEADING = re.compile(r"^###[ \t]+(R-[A-Z0-9]+(?:-[A-Z0-9]+)+)(?![A-Za-z0-9-])")
ANY_HEADING = re.compile(r"^(#{1,6})[ \t]")
FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")
RULE_REF = re.compile(r":rule:`([^`]+)`")


def rule_label(rule_id: str) -> str:
    """The Sphinx label (and HTML anchor) of a rule: its id in lower case."""
    return rule_id.lower()


def rule_ref_target(text: str) -> str:
    """The rule id a ``:rule:`` role's text points to (``R-X`` or ``title <R-X>``)."""
    _, _, target = split_explicit_title(text)
    return target.strip()


# --- reading the spec -------------------------------------------------------------------------


@dataclass
class Spec:
    lines: list[str]
    rules: dict[str, int] = field(default_factory=dict)  # id -> index of its heading line
    section_ends: dict[str, int] = field(default_factory=dict)  # id -> index after its section
    duplicates: list[str] = field(default_factory=list)


def parse_spec(text: str) -> Spec:
    lines = text.splitlines()
    spec = Spec(lines)
    fence: str | None = None
    current: str | None = None
    for index, line in enumerate(lines):
        match = FENCE.match(line)
        if fence is not None:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
            continue
        if match:
            fence = match.group(1)
            continue
        heading = ANY_HEADING.match(line)
        if heading is None or len(heading.group(1)) > 3:
            continue
        if current is not None:
            spec.section_ends[current] = index
            current = None
        rule = RULE_HEADING.match(line)
        if rule is not None:
            rule_id = rule.group(1)
            if rule_id in spec.rules:
                spec.duplicates.append(rule_id)
                continue
            spec.rules[rule_id] = index
            current = rule_id
    if current is not None:
        spec.section_ends[current] = len(lines)
    return spec


# --- scanning the tests and the code ----------------------------------------------------------


def _is_rule_mark(func: ast.expr) -> bool:
    """``pytest.mark.rule`` or ``mark.rule``."""
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "rule"
        and (
            (isinstance(func.value, ast.Attribute) and func.value.attr == "mark")
            or (isinstance(func.value, ast.Name) and func.value.id == "mark")
        )
    )


@dataclass(frozen=True)
class TestRef:
    path: str  # tests/test_filling.py
    name: str  # tests/test_filling.py::TestX::test_y
    line: int  # the line of the test's def (or of the marker, for a module-wide mark)


class _MarkerFinder(ast.NodeVisitor):
    def __init__(self, where: str) -> None:
        self.where = where
        self.stack: list[tuple[str, int]] = []  # (name, line of the def or class)
        self.found: dict[str, list[TestRef]] = defaultdict(list)

    def _scoped(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self.stack.append((node.name, node.lineno))
        self.generic_visit(node)
        self.stack.pop()

    visit_FunctionDef = _scoped
    visit_AsyncFunctionDef = _scoped
    visit_ClassDef = _scoped

    def visit_Call(self, node: ast.Call) -> None:
        if _is_rule_mark(node.func):
            name = "::".join([self.where, *(scope for scope, _ in self.stack)])
            line = self.stack[-1][1] if self.stack else node.lineno
            test = TestRef(self.where, name, line)
            for arg in node.args:
                if (
                    isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and test not in self.found[arg.value]
                ):
                    self.found[arg.value].append(test)
        self.generic_visit(node)


def scan_tests(root: Path, tests_dir: Path) -> dict[str, list[TestRef]]:
    """Rule id -> tests (``tests/test_x.py::test_y``) whose markers name it."""
    found: dict[str, list[TestRef]] = defaultdict(list)
    if not tests_dir.is_dir():
        return found
    for path in sorted(tests_dir.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except SyntaxError as error:
            logger.warning("cannot parse %s for rule markers: %s", path, error)
            continue
        finder = _MarkerFinder(path.relative_to(root).as_posix())
        finder.visit(tree)
        for rule_id, tests in finder.found.items():
            found[rule_id].extend(tests)
    return found


def _scopes(tree: ast.Module) -> list[tuple[int, int, str]]:
    """(first line, last line, qualified name) of every def and class, outermost first."""
    scopes: list[tuple[int, int, str]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                scopes.append((first, child.end_lineno or child.lineno, name))
                walk(child, f"{name}.")
            else:
                walk(child, prefix)

    walk(tree, "")
    return scopes


@dataclass(frozen=True)
class CodeRef:
    module: str  # cacao_rules.engine
    qualname: str  # apply, State.is_over, or "" for the module itself
    path: str = ""  # src/cacao_rules/engine.py
    line: int = 1  # the line of the def or class (of the reference, for the module itself)


def scan_code(package_dir: Path, root: Path | None = None) -> dict[str, list[CodeRef]]:
    """Rule id -> the code (module and def/class) whose source names it with ``:rule:``."""
    found: dict[str, list[CodeRef]] = defaultdict(list)
    if not package_dir.is_dir():
        return found
    for path in sorted(package_dir.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if ":rule:" not in text:
            continue
        parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        module = ".".join(parts)
        where = path.relative_to(root if root is not None else package_dir.parent).as_posix()
        try:
            scopes = _scopes(ast.parse(text, filename=str(path)))
        except SyntaxError as error:
            logger.warning("cannot parse %s for :rule: references: %s", path, error)
            scopes = []
        for lineno, line in enumerate(text.splitlines(), start=1):
            for match in RULE_REF.finditer(line):
                qualname, line = "", lineno
                for first, last, name in scopes:  # outermost first: the last hit is innermost
                    if first <= lineno <= last:
                        qualname, line = name, first
                ref = CodeRef(module, qualname, where, line)
                rule_id = rule_ref_target(match.group(1))
                if all(
                    (known.module, known.qualname) != (module, qualname) for known in found[rule_id]
                ):
                    found[rule_id].append(ref)
    return found


def public_names(package_dir: Path) -> set[str]:
    """Names the package exports: its ``__all__``, else what its ``__init__`` imports."""
    init = package_dir / "__init__.py"
    if not init.is_file():
        return set()
    try:
        tree = ast.parse(init.read_text(encoding="utf-8"))
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                try:
                    value = ast.literal_eval(node.value) if node.value is not None else ()
                except ValueError:
                    continue
                return {str(name) for name in value}
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            names.update(alias.asname or alias.name for alias in node.names)
    return {name for name in names if not name.startswith("_")}


# --- writing the page -------------------------------------------------------------------------


def _source_link(text: str, path: str, line: int) -> str:
    """A MyST ``{source}`` role: ``text``, linking to line ``line`` of ``path``'s source page."""
    return f"{{source}}`{text} <{path}#L{line}>`"


def _test_item(test: TestRef) -> str:
    return f"- {_source_link(test.name.replace('::', ' :: '), test.path, test.line)}"


def _code_item(ref: CodeRef, package: str, exported: set[str]) -> str:
    where = (
        _source_link(ref.path or ref.module, ref.path, ref.line) if ref.path else f"`{ref.module}`"
    )
    if not ref.qualname:
        return f"- module `{ref.module}` ({where})"
    top = ref.qualname.split(".")[0]
    if top in exported:
        return f"- {{py:obj}}`{package}.{ref.qualname}` ({where})"
    return f"- {_source_link(ref.qualname, ref.path, ref.line)} (in `{ref.module}`)"


def render_page(
    spec: Spec,
    tests: dict[str, list[TestRef]],
    code: dict[str, list[CodeRef]],
    package: str,
    exported: set[str],
) -> str:
    inserts: dict[int, list[str]] = defaultdict(list)  # line index -> lines to put before it
    for rule_id, heading in spec.rules.items():
        inserts[heading].extend([f"({rule_label(rule_id)})=", ""])
        block = ["", "**Tested by:**", ""]
        block += [_test_item(test) for test in tests.get(rule_id, [])] or ["- *no test yet*"]
        block += ["", "**Implemented in:**", ""]
        block += [_code_item(ref, package, exported) for ref in code.get(rule_id, [])] or [
            "- *not referenced from the code yet*"
        ]
        block.append("")
        inserts[spec.section_ends[rule_id]].extend(block)

    out = [
        "<!-- Generated from spec/rules.md by docs/_ext/cacao_rules_spec.py: do not edit. -->",
        "",
    ]
    if not any(line.startswith("# ") for line in spec.lines):
        out += ["# Rules", ""]
    for index, line in enumerate(spec.lines):
        out.extend(inserts.get(index, []))
        out.append(line)
    out.extend(inserts.get(len(spec.lines), []))
    return "\n".join(out).rstrip("\n") + "\n"


# --- Sphinx wiring ----------------------------------------------------------------------------

_RULES: dict[str, str] = {}  # rule id -> label, for the role; filled on builder-inited


def _paths(app: Sphinx) -> tuple[Path, Path, Path, Path]:
    """The spec, the project root, the package and the tests, from the configuration."""
    confdir = Path(app.confdir)
    return (
        (confdir / app.config.cacao_spec).resolve(),
        (confdir / app.config.cacao_root).resolve(),
        (confdir / app.config.cacao_package_dir).resolve(),
        (confdir / app.config.cacao_tests_dir).resolve(),
    )


def read_spec(app: Sphinx) -> None:
    """On ``builder-inited``: read the spec's rule ids, for the ``:rule:`` role."""
    spec_path = _paths(app)[0]
    if spec_path.is_file():
        spec = parse_spec(spec_path.read_text(encoding="utf-8"))
    else:
        logger.warning("the rules specification %s does not exist", spec_path)
        spec = parse_spec("# Rules\n\nThe specification has not been written yet.\n")
    for rule_id in spec.duplicates:
        logger.warning("rule %s has more than one heading in %s", rule_id, spec_path)
    _RULES.clear()
    _RULES.update({rule_id: rule_label(rule_id) for rule_id in spec.rules})
    app.env.cacao_spec = spec  # type: ignore[attr-defined]


def fill_rules_page(app: Sphinx, docname: str, source: list[str]) -> None:
    """On ``source-read`` of the rules page: replace its text by the spec with its links.

    The page is built in memory, so no generated file is written into the source tree.
    Sphinx re-reads the page when the spec, a test or a module of the package changes.
    """
    if docname != app.config.cacao_rules_page:
        return
    spec_path, root, package_dir, tests_dir = _paths(app)
    spec = app.env.cacao_spec  # type: ignore[attr-defined]
    for path in [spec_path, *sorted(tests_dir.rglob("*.py")), *sorted(package_dir.rglob("*.py"))]:
        app.env.note_dependency(str(path))
    source[0] = render_page(
        spec,
        scan_tests(root, tests_dir),
        scan_code(package_dir, root),
        package_dir.name,
        public_names(package_dir),
    )


class RuleRole(SphinxRole):
    """``:rule:`R-FILL-2``` or ``:rule:`title <R-FILL-2>```: a link to a rule of the spec."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        has_title, title, target = split_explicit_title(self.text)
        rule_id = target.strip()
        if not has_title:
            title = rule_id
        label = _RULES.get(rule_id)
        if label is None:
            logger.warning(
                "unknown rule %r in :rule: (no heading '### %s: ...' in the spec)",
                rule_id,
                rule_id,
                location=self.get_location(),
                type="cacao",
                subtype="rule",
            )
            return [nodes.inline(self.rawtext, title, classes=["rule", "unknown-rule"])], []
        node = addnodes.pending_xref(
            self.rawtext,
            refdomain="std",
            reftype="ref",
            reftarget=label,
            refexplicit=True,
            refwarn=True,
            refdoc=self.env.docname,
        )
        node += nodes.inline(title, title, classes=["xref", "std", "std-ref", "rule"])
        return [node], []


# --- source pages: the tests and the code, with line anchors and links to the rules ---------

SOURCE_DIR = "_source"
SOURCE_TARGET = re.compile(r"^(?P<path>[^#]+?)(?:#L(?P<line>\d+))?$")
RULE_IN_TEXT = re.compile(r"(?<![\w-])(R-[A-Z0-9]+(?:-[A-Z0-9]+)+)(?![\w-])")


def source_pagename(path: str) -> str:
    """The HTML page that shows the file ``path`` (relative to the project root)."""
    return f"{SOURCE_DIR}/{path}"


class SourceRole(SphinxRole):
    """``{source}`title <tests/test_x.py#L12>```: a link to line 12 of that file's source page.

    The page itself is written by :func:`collect_source_pages` for every file a role names.
    """

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        has_title, title, target = split_explicit_title(self.text)
        match = SOURCE_TARGET.match(target.strip())
        root = _paths(self.env.app)[1]
        if match is None or not (root / match["path"]).is_file():
            logger.warning(
                "no file %r for {source}", target, location=self.get_location(), type="cacao"
            )
            return [nodes.literal(self.rawtext, title)], []
        path = match["path"]
        if not has_title:
            title = path
        sources: dict[str, set[str]] = self.env.cacao_sources  # type: ignore[attr-defined]
        sources.setdefault(self.env.docname, set()).add(path)
        uri = self.env.app.builder.get_relative_uri(self.env.docname, source_pagename(path))
        if match["line"]:
            uri += f"#L-{match['line']}"
        reference = nodes.reference(self.rawtext, "", refuri=uri, internal=True)
        reference += nodes.literal(title, title, classes=["source-link"])
        return [reference], []


def _init_sources(app: Sphinx, env: Any, docnames: list[str]) -> None:
    if not hasattr(env, "cacao_sources"):
        env.cacao_sources = {}


def _purge_sources(app: Sphinx, env: Any, docname: str) -> None:
    getattr(env, "cacao_sources", {}).pop(docname, None)


def _merge_sources(app: Sphinx, env: Any, docnames: set[str], other: Any) -> None:
    for docname in docnames:
        if docname in other.cacao_sources:
            env.cacao_sources[docname] = other.cacao_sources[docname]


def _link_rules(html: str, rules_uri: str) -> str:
    """Every known rule id in highlighted code becomes a link to its entry on the rules page."""

    def link(match: re.Match[str]) -> str:
        rule_id = match.group(1)
        label = _RULES.get(rule_id)
        if label is None:
            return rule_id
        return f'<a class="rule-link" href="{rules_uri}#{label}">{rule_id}</a>'

    return RULE_IN_TEXT.sub(link, html)


def collect_source_pages(app: Sphinx) -> Any:
    """On ``html-collect-pages``: a page for every file a ``{source}`` role names."""
    root = _paths(app)[1]
    sources: dict[str, set[str]] = getattr(app.env, "cacao_sources", {})
    for path in sorted(set().union(*sources.values()) if sources else ()):
        pagename = source_pagename(path)
        text = (root / path).read_text(encoding="utf-8")
        highlighted = app.builder.highlighter.highlight_block(  # type: ignore[attr-defined]
            text, "python", linenos="inline", lineanchors="L", anchorlinenos=True
        )
        rules_uri = app.builder.get_relative_uri(pagename, app.config.cacao_rules_page)
        named = sorted({m.group(1) for m in RULE_IN_TEXT.finditer(text) if m.group(1) in _RULES})
        links = ", ".join(
            f'<a class="rule-link" href="{rules_uri}#{_RULES[rule_id]}">{rule_id}</a>'
            for rule_id in named
        )
        body = f"<h1><code>{path}</code></h1>\n"
        if links:
            body += f'<p class="source-rules">Rules named in this file: {links}.</p>\n'
        body += _link_rules(highlighted, rules_uri)
        yield pagename, {"title": path, "body": body}, "page.html"


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("cacao_spec", "../spec/rules.md", "env", str)
    app.add_config_value("cacao_root", "..", "env", str)
    app.add_config_value("cacao_package_dir", "../src/cacao_rules", "env", str)
    app.add_config_value("cacao_tests_dir", "../tests", "env", str)
    app.add_config_value("cacao_rules_page", "rules", "env", str)
    app.add_role("rule", RuleRole())
    app.add_role("source", SourceRole())
    app.connect("env-before-read-docs", _init_sources)
    app.connect("env-purge-doc", _purge_sources)
    app.connect("env-merge-info", _merge_sources)
    app.connect("html-collect-pages", collect_source_pages)
    app.connect("builder-inited", read_spec)
    app.connect("source-read", fill_rules_page)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
