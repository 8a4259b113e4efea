"""A mypy plugin that refuses ``==`` and ``!=`` which mypyc would compile as identity.

mypyc 2.4.1 does not know that ``attrs.frozen`` and ``attrs.define`` give a class its
``__eq__`` at run time. Between two values whose static type is the same such class it
compiles ``==`` as ``is`` and ``!=`` as ``is not``, so two equal values built apart (a gem
mine with its gems, a tile read from JSON) compare unequal in the compiled build only, and
the pure build's tests cannot see it. This plugin makes ``mypy --strict`` report every such
comparison in the modules that hatch_build.py compiles (error code ``compiled-identity``).
Compare such values through a container (``tile in tiles``, ``tiles.index(tile)``), by a
field, or with ``is`` where identity is meant.

pyproject.toml's ``[tool.mypy] plugins`` loads it.
"""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Callable
from pathlib import Path

from mypy.errorcodes import ErrorCode
from mypy.nodes import ComparisonExpr
from mypy.plugin import MethodContext, Plugin
from mypy.types import Instance, Type, get_proper_type

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "cacao_rules"

COMPILED_IDENTITY = ErrorCode(
    "compiled-identity", "Comparison that mypyc compiles as identity", "General"
)

COMPARISONS = {"__eq__": "==", "__ne__": "!="}
"""The methods mypy looks up for each comparison (``Class.__eq__`` for ``==``)."""


def interpreted_patterns() -> tuple[str, ...]:
    """hatch_build.py's ``INTERPRETED`` globs (the keys of its table), read from its source
    (the hook itself needs hatchling, which a type check does not)."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "INTERPRETED" for target in node.targets
        ):
            reasons: dict[str, str] = ast.literal_eval(node.value)
            return tuple(reasons)
    raise RuntimeError("hatch_build.py has no INTERPRETED")


def is_compiled(path: str, interpreted: tuple[str, ...]) -> bool:
    """Whether the module at ``path`` is one that the compiled build compiles."""
    file = Path(path).resolve()
    if not file.is_relative_to(PACKAGE):
        return False
    inside = file.relative_to(PACKAGE).as_posix()
    return not any(fnmatch.fnmatchcase(inside, pattern) for pattern in interpreted)


def module_path(module: str) -> str:
    """The source file of the package module named ``module``."""
    parts = module.split(".")
    package = ROOT / "src" / Path(*parts)
    return str(package / "__init__.py" if package.is_dir() else package.with_suffix(".py"))


def attrs_class(type_: Type) -> str | None:
    """The name of the attrs class ``type_`` is an instance of, if it compares with the
    ``__eq__`` that attrs adds at run time (not one written in the class or a base): mypy's
    attrs plugin marks the classes it builds in their metadata. Else ``None``."""
    proper = get_proper_type(type_)
    if not (isinstance(proper, Instance) and "attrs" in proper.type.metadata):
        return None
    written = any(
        "__eq__" in base.names for base in proper.type.mro if base.fullname != "builtins.object"
    )
    return None if written else proper.type.fullname


class CompiledEquality(Plugin):
    """Checks each ``==`` and ``!=`` of the compiled modules between two values of an attrs
    class that is compiled too (mypyc types a class of an interpreted module as ``object``,
    and compares those by value)."""

    interpreted = interpreted_patterns()

    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        operator = COMPARISONS.get(fullname.rpartition(".")[2])
        if operator is None:
            return None
        return lambda context: self._check(context, operator)

    def _check(self, context: MethodContext, operator: str) -> Type:
        comparison = context.context
        if isinstance(comparison, ComparisonExpr) and is_compiled(
            context.api.path, self.interpreted
        ):
            for name in self._identity_comparisons(context, comparison, operator):
                context.api.fail(
                    f"mypyc compiles {operator} between two {name} as identity (an attrs "
                    "class); compare through a container or a field, or use 'is' "
                    "(see tools/mypy_compiled_equality.py)",
                    comparison,
                    code=COMPILED_IDENTITY,
                )
        return context.default_return_type

    def _identity_comparisons(
        self, context: MethodContext, comparison: ComparisonExpr, operator: str
    ) -> list[str]:
        """The compiled attrs classes compared by ``operator`` in ``comparison``, judged by
        the operands' own static types (a union is compared by value)."""
        found = []
        for used, left, right in comparison.pairwise():
            if used != operator:
                continue
            name = attrs_class(context.api.get_expression_type(left))
            if (
                name is not None
                and attrs_class(context.api.get_expression_type(right)) == name
                and is_compiled(module_path(name.rpartition(".")[0]), self.interpreted)
            ):
                found.append(name)
        return found


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point."""
    return CompiledEquality
