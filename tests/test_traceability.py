"""Traceability between the specification, the tests and the code.

``spec/rules.md`` gives every rule a level-3 heading that begins with its id
(``### R-FILL-2: Which display tile goes where``). Tests name the rules they check with
``@pytest.mark.rule("R-FILL-2")`` (several ids may be given); docstrings and comments in
``src/cacao_rules`` name the rules they implement with ``:rule:`R-FILL-2```.

The markers are found by reading the test sources, not by collecting them, so these checks see
every test whichever tests a run selects. Write the marker literally as ``pytest.mark.rule(...)``
(or ``mark.rule(...)``) with string literals as arguments.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec" / "rules.md"
TESTS = ROOT / "tests"
PACKAGE = ROOT / "src" / "cacao_rules"

RULE_ID = re.compile(r"R-[A-Z0-9]+(?:-[A-Z0-9]+)+")
RULE_HEADING = re.compile(r"^###[ \t]+(R-[A-Z0-9]+(?:-[A-Z0-9]+)+)(?![A-Za-z0-9-])")
FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")
RULE_REF = re.compile(r":rule:`([^`]+)`")


def spec_rule_ids() -> list[str]:
    """The ids of the rule headings in the spec, in order (outside fenced code blocks)."""
    ids: list[str] = []
    fence: str | None = None
    for line in SPEC.read_text(encoding="utf-8").splitlines():
        match = FENCE.match(line)
        if fence is not None:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
            continue
        if match:
            fence = match.group(1)
            continue
        heading = RULE_HEADING.match(line)
        if heading:
            ids.append(heading.group(1))
    return ids


def _is_rule_mark(func: ast.expr) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "rule"
        and (
            (isinstance(func.value, ast.Attribute) and func.value.attr == "mark")
            or (isinstance(func.value, ast.Name) and func.value.id == "mark")
        )
    )


def rule_markers() -> Iterator[tuple[str, int, ast.Call]]:
    """Every ``pytest.mark.rule(...)`` call in tests/: (file, line, call)."""
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_rule_mark(node.func):
                yield path.relative_to(ROOT).as_posix(), node.lineno, node


def marker_ids() -> dict[str, list[str]]:
    """Rule id -> where a marker names it (``tests/test_x.py:12``)."""
    found: dict[str, list[str]] = {}
    for where, line, call in rule_markers():
        for arg in call.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault(arg.value, []).append(f"{where}:{line}")
    return found


def code_refs() -> dict[str, list[str]]:
    """Rule id (the role's target) -> where a ``:rule:`...``` in src/ names it."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            for match in RULE_REF.finditer(line):
                content = match.group(1)
                explicit = re.fullmatch(r"(?s)(.*?)\s*<([^<>]+)>", content)
                target = (explicit.group(2) if explicit else content).strip()
                where = f"{path.relative_to(ROOT).as_posix()}:{number}"
                found.setdefault(target, []).append(where)
    return found


def test_spec_has_rules() -> None:
    assert SPEC.is_file(), f"{SPEC.relative_to(ROOT)} is missing"
    assert spec_rule_ids(), "no rule headings ('### R-...: title') in spec/rules.md"


def test_spec_rule_ids_are_unique() -> None:
    ids = spec_rule_ids()
    duplicates = sorted({rule_id for rule_id in ids if ids.count(rule_id) > 1})
    assert not duplicates, f"rules with more than one heading in spec/rules.md: {duplicates}"


def test_every_rule_is_tested() -> None:
    tested = marker_ids()
    untested = [rule_id for rule_id in spec_rule_ids() if rule_id not in tested]
    assert not untested, (
        f"{len(untested)} rule(s) of spec/rules.md have no test marked "
        f"@pytest.mark.rule(...): {', '.join(untested)}"
    )


def test_rule_markers_are_well_formed() -> None:
    bad: list[str] = []
    for where, line, call in rule_markers():
        if not call.args or call.keywords:
            bad.append(f"{where}:{line}: give one or more rule ids as positional arguments")
        for arg in call.args:
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                bad.append(f"{where}:{line}: rule ids must be string literals")
            elif not RULE_ID.fullmatch(arg.value):
                bad.append(f"{where}:{line}: {arg.value!r} is not a rule id like 'R-FILL-2'")
    assert not bad, "\n".join(bad)


def test_every_marker_names_a_rule() -> None:
    known = set(spec_rule_ids())
    unknown = {
        rule_id: where
        for rule_id, where in sorted(marker_ids().items())
        if rule_id not in known and RULE_ID.fullmatch(rule_id)
    }
    assert not unknown, f"markers name rules that spec/rules.md does not have: {unknown}"


def test_every_code_reference_names_a_rule() -> None:
    known = set(spec_rule_ids())
    unknown = {
        rule_id: where for rule_id, where in sorted(code_refs().items()) if rule_id not in known
    }
    assert not unknown, f":rule: references to rules that spec/rules.md does not have: {unknown}"
