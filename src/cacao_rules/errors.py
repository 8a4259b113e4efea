"""The exceptions the library raises on bad input, and the check of argument types.

One rule for every public entry point: an argument of the wrong Python *type* raises
``TypeError``, as everywhere in Python, in both builds alike (:func:`expect`); a ``bool``
where an ``int`` is asked is of the wrong type, though Python counts it an ``int``. A bad
*value* of the right type raises a :class:`CacaoError`, which is a :class:`ValueError`:
:class:`ConfigError` for an argument (:func:`bad_argument`), :class:`IllegalMoveError` for a
move (:func:`bad_move`), :class:`FormatError` for text (:func:`bad_text`). Every message says
what was wrong and what is allowed, quoting a short excerpt (:func:`excerpt`).
"""

from __future__ import annotations

import math
import reprlib
from types import UnionType
from typing import Final, TypeGuard, TypeVar, get_args, overload

T = TypeVar("T")

MAX_QUOTE: Final = 60
"""The most characters of a value that a message quotes."""

_LONG_INT_BITS: Final = 256
"""Integers longer than this (about 77 digits) are quoted by their size, not their digits:
writing out a huge one costs time quadratic in its length, or fails."""


class _ShortRepr(reprlib.Repr):
    """A ``repr`` that stops at 3 levels of nesting and a few items or characters of each,
    and gives huge integers by their size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = MAX_QUOTE

    def repr_int(self, x: int, level: int) -> str:
        if abs(x).bit_length() > _LONG_INT_BITS:
            return f"<int of about {int(math.log10(abs(x))) + 1} digits>"
        return super().repr_int(x, level)


_REPR: Final = _ShortRepr()


class CacaoError(ValueError):
    """Base class of every error the library raises on bad input."""


class ConfigError(CacaoError):
    """A :class:`~cacao_rules.Config` was asked for that the rules do not allow."""


class IllegalMoveError(CacaoError):
    """A move was applied that is not legal in the given state; the message says why."""


class FormatError(CacaoError):
    """A JSON document or a move in notation could not be read; the message says where."""


def type_name(kind: type) -> str:
    """How a message names the class ``kind``, as the compiled build's own check of an
    annotation names it: the bare name of a builtin, else the full ``module.Name`` (so that
    both builds say the same, and a class that only shares its name with the expected one
    is told apart from it).

    >>> type_name(int), type_name(reprlib.Repr)
    ('int', 'reprlib.Repr')
    """
    if kind.__module__ == "builtins":
        return kind.__qualname__
    return f"{kind.__module__}.{kind.__qualname__}"


def excerpt(value: object) -> str:
    """``value`` as a message quotes it: at most :data:`MAX_QUOTE` characters of its
    ``repr``, so that no input, however large or deep, makes a long message (or a slow one),
    led by its class's full name when that is neither a builtin nor the library's own (a
    class that only shares its name with the expected one).

    >>> excerpt(10**4000)
    'an int of about 4001 digits'
    >>> excerpt("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> excerpt((1000000, 1000001))
    '(1000000, 1000001)'
    >>> import fractions
    >>> excerpt(fractions.Fraction(1, 3))
    'fractions.Fraction Fraction(1, 3)'
    """
    if isinstance(value, int) and abs(value).bit_length() > _LONG_INT_BITS:
        return f"an int of about {int(math.log10(abs(value))) + 1} digits"
    module = type(value).__module__
    if module == "builtins" or module.split(".")[0] == "cacao_rules":
        return _shown(value)
    return f"{type_name(type(value))} {_shown(value)}"


def _shown(value: object) -> str:
    """At most :data:`MAX_QUOTE` characters of the ``repr`` of ``value``."""
    try:
        shown = _REPR.repr(value)
    except Exception:  # a broken __repr__ of a caller's object says nothing useful
        shown = "(no repr)"
    if len(shown) > MAX_QUOTE:
        shown = shown[: MAX_QUOTE // 2 - 2] + "..." + shown[-(MAX_QUOTE // 2 - 1) :]
    return shown


def _refused(what: str, expected: str, got: object) -> str:
    return f"{what} must be {expected}, got {excerpt(got)}"


def bad_argument(what: str, expected: str, got: object) -> ConfigError:
    """The error for an argument or a configuration value that is not allowed: ``what``
    must be ``expected``, and what came instead, quoted short."""
    return ConfigError(_refused(what, expected, got))


def bad_move(what: str, expected: str, got: object) -> IllegalMoveError:
    """The error for a move, or a field of one, that is not allowed."""
    return IllegalMoveError(_refused(what, expected, got))


def bad_type(what: str, expected: str, got: object) -> TypeError:
    """The error for a value of the wrong type: says the type that came, and the value."""
    return TypeError(f"{what} must be {expected}, got {type_name(type(got))} {_shown(got)}")


def bad_text(what: str, expected: str, got: object) -> FormatError:
    """The error for text (JSON, notation, a record) that cannot be read."""
    return FormatError(_refused(what, expected, got))


def expect(value: object, kind: type[T]) -> T:
    """``value``, if it is a ``kind``; else :func:`wrong_type`.

    Public entry points declare precise types and call this where a caller may pass
    something else: compiled with mypyc, a function checks the annotated types of its
    arguments on entry and raises ``TypeError`` by itself; the pure build does so here,
    with the same words. On a hot path, test the exact class first so that this call is
    made only for a subclass or a wrong type:
    ``if type(state) is not State: expect(state, State)``.

    A ``bool`` is refused where an ``int`` is asked (:func:`is_a`).

    >>> expect(3, str)
    Traceback (most recent call last):
    ...
    TypeError: str object expected; got int
    >>> expect(True, int)
    Traceback (most recent call last):
    ...
    TypeError: int object expected; got bool
    """
    if is_a(value, kind):
        return value
    raise wrong_type(value, type_name(kind))


def expect_any(value: object, kinds: UnionType | tuple[type, ...], optional: bool = False) -> None:
    """Raise :func:`wrong_type` unless ``value`` is one of ``kinds``, a union such as
    :data:`~cacao_rules.Move` or a tuple of classes (or ``None`` when ``optional``):
    :func:`expect` for a parameter annotated with a union.

    >>> expect_any("1", (int, float), optional=True)
    Traceback (most recent call last):
    ...
    TypeError: union[int, float, None] object expected; got str
    """
    if is_a(value, kinds) or (optional and value is None):
        return
    classes = _classes(kinds)
    names = [type_name(kind) for kind in classes] + (["None"] if optional else [])
    if len(names) == 2 and optional:
        wanted = f"{names[0]} or None"
    else:
        wanted = names[0] if len(names) == 1 else f"union[{', '.join(names)}]"
    raise wrong_type(value, wanted)


@overload
def is_a(value: object, kinds: type[T]) -> TypeGuard[T]: ...


@overload
def is_a(value: object, kinds: UnionType | tuple[type, ...]) -> bool: ...


def is_a(value: object, kinds: type | UnionType | tuple[type, ...]) -> bool:
    """Whether ``value`` is one of ``kinds``, as ``isinstance`` says, except that a ``bool``
    is an ``int`` only where ``bool`` itself is asked: ``True`` for a count or a seat is a
    mistake (and the notation and JSON would write ``True``), so every entry point refuses
    it, in both builds.

    >>> is_a(1, int), is_a(True, int), is_a(True, (int, bool))
    (True, False, True)
    """
    if not isinstance(value, kinds):
        return False
    return type(value) is not bool or bool in _classes(kinds)


def _classes(kinds: type | UnionType | tuple[type, ...]) -> tuple[type, ...]:
    """The classes of ``kinds``: a class, a union of them or a tuple of them."""
    if isinstance(kinds, UnionType):
        return get_args(kinds)
    return kinds if isinstance(kinds, tuple) else (kinds,)


def wrong_type(value: object, wanted: str) -> TypeError:
    """The ``TypeError`` for ``value`` where a ``wanted`` (a type's full name) is declared,
    worded as the compiled build's own check words it, so that both builds say the same."""
    got = "None" if value is None else type_name(type(value))
    return TypeError(f"{wanted} object expected; got {got}")
