"""The exceptions the library raises on bad input, and the check of argument types.

A bad *value* raises a :class:`CacaoError`, which is a :class:`ValueError`, so callers can
catch either, and every message says what was wrong. An argument of the wrong *type* raises
``TypeError``, as everywhere in Python, in both builds alike (:func:`expect`).
"""

from __future__ import annotations

from types import UnionType
from typing import TypeVar, get_args

T = TypeVar("T")


class CacaoError(ValueError):
    """Base class of every error the library raises on bad input."""


class ConfigError(CacaoError):
    """A :class:`~cacao_rules.Config` was asked for that the rules do not allow."""


class IllegalMoveError(CacaoError):
    """A move was applied that is not legal in the given state; the message says why."""


class FormatError(CacaoError):
    """A JSON document or a move in notation could not be read; the message says where."""


class BotError(CacaoError):
    """A bot program (:class:`~cacao_rules.ProgramBot`) broke the bot protocol: it sent a
    line that is not a message, a move not listed, nothing in time, or it exited. The
    message names the bot and says what it sent."""


def expect(value: object, kind: type[T]) -> T:
    """``value``, if it is a ``kind``; else :func:`wrong_type`.

    Public entry points declare precise types and call this where a caller may pass
    something else: compiled with mypyc, a function checks the annotated types of its
    arguments on entry and raises ``TypeError`` by itself; the pure build does so here,
    with the same words. On a hot path, test the exact class first so that this call is
    made only for a subclass or a wrong type:
    ``if type(state) is not State: expect(state, State)``.

    >>> expect(3, str)
    Traceback (most recent call last):
    ...
    TypeError: str object expected; got int
    """
    if isinstance(value, kind):
        return value
    raise wrong_type(value, _type_name(kind))


def expect_any(value: object, kinds: UnionType | tuple[type, ...], optional: bool = False) -> None:
    """Raise :func:`wrong_type` unless ``value`` is one of ``kinds``, a union such as
    :data:`~cacao_rules.Move` or a tuple of classes (or ``None`` when ``optional``):
    :func:`expect` for a parameter annotated with a union.

    >>> expect_any("1", (int, float), optional=True)
    Traceback (most recent call last):
    ...
    TypeError: union[int, float, None] object expected; got str
    """
    if isinstance(value, kinds) or (optional and value is None):
        return
    classes: tuple[type, ...] = get_args(kinds) if isinstance(kinds, UnionType) else kinds
    names = [_type_name(kind) for kind in classes] + (["None"] if optional else [])
    if len(names) == 2 and optional:
        wanted = f"{names[0]} or None"
    else:
        wanted = names[0] if len(names) == 1 else f"union[{', '.join(names)}]"
    raise wrong_type(value, wanted)


def wrong_type(value: object, wanted: str) -> TypeError:
    """The ``TypeError`` for ``value`` where a ``wanted`` (a type's full name) is declared,
    worded as the compiled build's own check words it, so that both builds say the same."""
    got = "None" if value is None else _type_name(type(value))
    return TypeError(f"{wanted} object expected; got {got}")


def _type_name(kind: type) -> str:
    """``kind``'s name as mypyc writes it: the bare name of a built-in, else the full one."""
    if kind.__module__ == "builtins":
        return kind.__qualname__
    return f"{kind.__module__}.{kind.__qualname__}"
