"""The exceptions the library raises on bad input.

Every one is a :class:`CacaoError` and a :class:`ValueError`, so callers can catch
either, and every message says what was wrong.
"""

from __future__ import annotations

from typing import TypeVar

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


def expect(value: object, kind: type[T], caller: str, error: type[CacaoError] = CacaoError) -> T:
    """``value``, if it is a ``kind``; else ``error`` saying what ``caller`` needs.

    Public entry points take ``object`` and check with this, so that junk gets the
    library's error in both builds: compiled with mypyc, a function checks the annotated
    types of its arguments on entry and would raise a bare ``TypeError`` instead.

    >>> expect(3, str, "parse_move")
    Traceback (most recent call last):
    ...
    cacao_rules.errors.CacaoError: parse_move needs a str, got int
    """
    if isinstance(value, kind):
        return value
    name = kind.__name__ if kind.__module__ == "builtins" else f"cacao_rules.{kind.__name__}"
    raise error(f"{caller} needs a {name}, got {type(value).__name__}")
