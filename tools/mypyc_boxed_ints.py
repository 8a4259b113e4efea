"""A mypy plugin for the compiled build only: reads ``cacao_rules.compiled.Int`` as
``int | bool``.

An argument so annotated stays the Python object it was given in the compiled build (mypyc
keeps a union boxed), so the entry point's own check sees a ``bool`` and refuses it, as the
pure build does; to everything else ``Int`` is ``int``. Why, and why this way:
src/cacao_rules/compiled.py. hatch_build.py loads this plugin into the mypy that mypyc
runs, and only there: the type check (pyproject.toml) and users' type checkers see ``int``.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.plugin import AnalyzeTypeContext, Plugin
from mypy.types import Type, UnionType

INT = "cacao_rules.compiled.Int"
"""The alias read as ``int | bool``."""


class BoxedInts(Plugin):
    """Reads :data:`INT` as ``int | bool``."""

    def get_type_analyze_hook(self, fullname: str) -> Callable[[AnalyzeTypeContext], Type] | None:
        return _int_or_bool if fullname == INT else None


def _int_or_bool(context: AnalyzeTypeContext) -> Type:
    named = context.api.named_type
    return UnionType([named("builtins.int", []), named("builtins.bool", [])])


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point."""
    return BoxedInts
