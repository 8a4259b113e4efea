"""The options of a bot program: what its ``ready`` message declares and what a host sets.

A program speaking the bot protocol may declare options in ``ready`` (``"options": {"level":
3, "style": "calm"}``, each with its default), as a UCI engine declares its own; the host
(:class:`~cacao_rules.ProgramBot`) sets some of them with ``set_options`` before the first
game. An option takes a value of its default's kind: true or false, a number, or a string.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TypeAlias, TypeGuard

from ..errors import excerpt

OptionValue: TypeAlias = str | int | float | bool
"""The value of an option: a JSON string, number or boolean."""


def is_option_value(value: object) -> TypeGuard[OptionValue]:
    """Whether ``value`` is an option's value: a string, a finite number or a boolean."""
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str | int)  # a bool is an int


def value_kind(value: OptionValue) -> str:
    """The kind of an option's value, as a message names it."""
    if isinstance(value, bool):
        return "true or false"
    return "a string" if isinstance(value, str) else "a number"


def setting_problem(declared: Mapping[str, OptionValue], given: Mapping[str, OptionValue]) -> str:
    """What is wrong with setting ``given`` on a program that declares ``declared`` (the
    empty string when nothing is)."""
    for name, value in given.items():
        if name not in declared:
            names = ", ".join(repr(option) for option in declared) or "none"
            return f"declares no option {excerpt(name)} (its options: {names})"
        if value_kind(value) != value_kind(declared[name]):
            wanted = value_kind(declared[name])
            return f"takes {wanted} for option {name!r}, got {excerpt(value)}"
    return ""
