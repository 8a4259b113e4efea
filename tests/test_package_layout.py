"""The package's layers (DESIGN.md section 9) and its lean import.

Every import between the package's own modules, the lazy ones inside functions included,
must go to the same layer or one below it, and no two files may import each other round a
circle; the one exception is the notebook display hooks (``_repr_svg_``, ``_repr_pretty_``),
where a state or an observation draws itself with the presentation layer when a notebook asks.
``import cacao_rules`` must load the rules only: no bot, simulation, presentation, tensor,
action-space or adapter module, nor the JSON documents of states and observations (nor
msgspec, nor attrs), until one is first used.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "cacao_rules"

LAYERS: dict[str, int] = {
    "errors": 0,
    "bot_errors": 0,
    "extras": 0,
    "compiled": 0,
    "game": 1,
    "state": 2,
    "modules": 3,
    "turn": 4,
    "engine": 5,
    "validation": 5,
    "version": 0,
    "observation": 6,
    "positions": 7,
    "formats": 7,
    "agents": 8,
    "show": 9,
    "__init__": 10,
    "openspiel": 10,
    "pettingzoo": 10,
    "server": 11,
    "cli": 11,
    "__main__": 12,
}
"""Each top-level file or folder of the package and its layer, lowest first."""

DISPLAY_HOOKS = frozenset({"_repr_svg_", "_repr_pretty_", "_repr_html_"})

NOT_LOADED_BY_IMPORT = ("agents", "show", "cli", "server", "openspiel", "pettingzoo")

LAZY_DOCUMENTS = (
    "cacao_rules.formats.serialization",
    "cacao_rules.formats.observation_format",
    "cacao_rules.formats.documents",
)
"""The formats that ``import cacao_rules`` leaves until first used: they need msgspec."""


def module_name(path: Path) -> str:
    """``cacao_rules.turn.actions`` for ``.../cacao_rules/turn/actions.py``."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> int:
    """The layer of a module of the package, by its top-level file or folder."""
    return LAYERS[_top_part(module)]


def imports_of(path: Path) -> Iterator[tuple[str, int, bool]]:
    """Each package module that the file at ``path`` imports, with the line and whether the
    import sits in a notebook display hook."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    if path.parent == PACKAGE and path.name != "__init__.py":
        package = "cacao_rules"
    hooks = {
        node
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef) and function.name in DISPLAY_HOOKS
        for node in ast.walk(function)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            targets = _from_targets(node, package)
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            continue
        for target in targets:
            if target == "cacao_rules" or target.startswith("cacao_rules."):
                yield _known_module(target), node.lineno, node in hooks


def _from_targets(node: ast.ImportFrom, package: str) -> list[str]:
    """The modules a ``from ... import ...`` names: the module itself, or each imported name
    that is a submodule of it."""
    if node.level:
        base = package.split(".")
        base = base[: len(base) - (node.level - 1)]
        module = ".".join([*base, node.module] if node.module else base)
    else:
        module = node.module or ""
    return [f"{module}.{alias.name}" for alias in node.names] + [module]


def _known_module(name: str) -> str:
    """``name`` cut back to the longest prefix that is a module or package of the package."""
    parts = name.split(".")
    while len(parts) > 1:
        candidate = PACKAGE.parent.joinpath(*parts)
        if candidate.with_suffix(".py").is_file() or (candidate / "__init__.py").is_file():
            return ".".join(parts)
        parts.pop()
    return "cacao_rules"


def _top_part(module: str) -> str:
    """``turn`` for ``cacao_rules.turn.actions``; ``__init__`` for the package itself."""
    return module.split(".")[1] if "." in module else "__init__"


def package_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def import_graph() -> dict[str, set[str]]:
    """Module to the package modules it imports, display hooks left out."""
    graph: dict[str, set[str]] = {}
    for path in package_files():
        module = module_name(path)
        graph.setdefault(module, set()).update(
            target
            for target, _, in_hook in imports_of(path)
            if not in_hook and target != module and not _is_ancestor(target, module)
        )
    return graph


def _is_ancestor(target: str, module: str) -> bool:
    """Importing a module runs its packages' ``__init__`` files: that is no dependency."""
    return module.startswith(target + ".")


def test_every_top_level_part_of_the_package_has_a_layer() -> None:
    tops = {path.relative_to(PACKAGE).parts[0].removesuffix(".py") for path in package_files()}
    assert tops - LAYERS.keys() == set()


def test_imports_never_run_up_a_layer() -> None:
    upward = [
        f"{module_name(path)}:{line} imports {target}"
        for path in package_files()
        for target, line, in_hook in imports_of(path)
        if not in_hook and layer_of(target) > layer_of(module_name(path))
    ]
    assert upward == []


def test_no_two_files_import_each_other_round_a_circle() -> None:
    graph = import_graph()
    circles = [component for component in _strongly_connected(graph) if len(component) > 1]
    assert circles == []


def test_the_presentation_never_samples_hidden_information() -> None:
    """Pictures and texts read what they show: nothing under show/ imports determinization."""
    samplers = [
        f"{module_name(path)}:{line}"
        for path in sorted((PACKAGE / "show").rglob("*.py"))
        for target, line, _ in imports_of(path)
        if target == "cacao_rules.agents.determinization"
    ]
    assert samplers == []


def test_import_loads_the_rules_only() -> None:
    program = "import sys, cacao_rules\nprint('\\n'.join(sys.modules))\n"
    everything = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    ).stdout.split()
    loaded = [name for name in everything if name.startswith("cacao_rules")]
    assert {"cacao_rules.engine", "cacao_rules.formats.event_json"} <= set(loaded)
    parts = [name.split(".") for name in loaded]
    assert [
        ".".join(part) for part in parts if part[1:2] in ([top] for top in NOT_LOADED_BY_IMPORT)
    ] == []
    # The JSON documents of states and observations load when first used, with msgspec;
    # no class of the import is an attrs class (attrs compiles their methods as it makes them).
    assert [name for name in LAZY_DOCUMENTS if name in loaded] == []
    assert [name for name in ("attrs", "msgspec") if name in everything] == []


@pytest.mark.parametrize(
    "name", ["MCTSBot", "simulate", "render", "ActionSpace", "to_json", "observation_from_json"]
)
def test_the_lazy_names_still_work_from_the_top_level(name: str) -> None:
    program = f"import cacao_rules as cr; print(cr.{name}.__module__)"
    module = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert module.startswith("cacao_rules.")


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm: the sets of modules that import each other round a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in graph.get(node, ()):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components
