"""The exceptions the library raises on bad input.

Every one is a :class:`CacaoError` and a :class:`ValueError`, so callers can catch
either, and every message says what was wrong.
"""

from __future__ import annotations


class CacaoError(ValueError):
    """Base class of every error the library raises on bad input."""


class ConfigError(CacaoError):
    """A :class:`~cacao_rules.Config` was asked for that the rules do not allow."""


class IllegalMoveError(CacaoError):
    """A move was applied that is not legal in the given state; the message says why."""


class FormatError(CacaoError):
    """A JSON document or a move in notation could not be read; the message says where."""
