"""A mypy plugin for the compiled build only: reads ``cacao_rules.compiled.Int`` as ``Any``.

mypyc neither checks nor converts an argument of type ``Any``: it reaches the function as
the object it was given, so the entry point's own check sees a ``bool`` (or a ``str``) and
refuses it with the same ``TypeError`` as the pure build. To everything else ``Int`` is
``int``. Why, and why this way: src/cacao_rules/compiled.py. hatch_build.py loads this
plugin into the mypy that mypyc runs, and only there: the type check (pyproject.toml) and
users' type checkers see ``int``.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.plugin import AnalyzeTypeContext, Plugin
from mypy.types import AnyType, Type, TypeOfAny

INT = "cacao_rules.compiled.Int"
"""The alias read as ``Any``."""


class BoxedInts(Plugin):
    """Reads :data:`INT` as ``Any``."""

    def get_type_analyze_hook(self, fullname: str) -> Callable[[AnalyzeTypeContext], Type] | None:
        return _as_given if fullname == INT else None


def _as_given(context: AnalyzeTypeContext) -> Type:
    return AnyType(TypeOfAny.special_form)


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point."""
    return BoxedInts
