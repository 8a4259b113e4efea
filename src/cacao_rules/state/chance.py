"""The seeded source of chance: a counter-based pseudo-random function.

With an integer seed, the ``n``-th chance event of a game picks its outcome from
``splitmix64(seed, n)`` (:rule:`R-CHANCE-2`). Nothing else is consulted (no global
``random`` state, no hashing), so a game is a pure function of its configuration, seed and
decisions, the same in every process and on every machine.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, TypeGuard, TypeVar

from ..compiled import COMPILED
from ..errors import bad_argument, expect_any
from ..game.frozen import Bag
from ..game.limits import MAX_SEED, SEED_RANGE

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX_1: Final = 0xBF58476D1CE4E5B9
_MIX_2: Final = 0x94D049BB133111EB


def is_seed(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a seed: an ``int`` (not a ``bool``) from 0 to :data:`MAX_SEED`."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED


def check_seed(value: int | None, what: str = "seed", *, optional: bool = False) -> None:
    """Refuse ``value`` unless it is a seed (or ``None``, when ``optional``): the one check of
    a seed argument, with the one :class:`~cacao_rules.ConfigError` saying what a seed is
    (``TypeError`` for a value that is no ``int``, a ``bool`` included).

    >>> check_seed(-1, "MCTSBot: seed")
    Traceback (most recent call last):
    ...
    cacao_rules.errors.ConfigError: MCTSBot: seed must be an int from 0 to 2**64 - 1, got -1
    """
    expect_any(value, (int,), optional=optional)
    if not (is_seed(value) or (optional and value is None)):
        raise bad_argument(what, f"None or {SEED_RANGE}" if optional else SEED_RANGE, value)


def splitmix64(seed: int, counter: int) -> int:
    """A 64-bit pseudo-random number for the ``counter``-th event of game ``seed``: where
    the event falls among 2**64 copies (:func:`seeded_index` works it out).

    >>> splitmix64(0, 0) == splitmix64(0, 0) != splitmix64(0, 1)
    True
    """
    return seeded_index(_COPIES, seed, counter)


_COPIES: Final = 1 << 64


def seeded_pick(bag: Bag[T], seed: int, counter: int) -> T:
    """The element of ``bag`` that chance event ``counter`` of game ``seed`` draws.

    Every copy in the bag is equally likely (up to a bias below 2**-58 for the bags a game
    holds), as a physical draw from a shuffled pile would be (:rule:`R-CHANCE-1`).
    """
    return bag.nth(seeded_index(bag._total, seed, counter))


def seeded_index(total: int, seed: int, counter: int) -> int:
    """Where chance event ``counter`` of game ``seed`` falls among ``total`` equally likely
    copies (0 to ``total`` - 1): :func:`seeded_pick` takes the bag's element there.

    Interpreted, splitmix64 is worked out here, where the number is used, rather than in a
    call of its own: the draw's 14 operations on 64-bit integers cost about 5,400
    instructions, and a call about 400 more, at every chance event of a seeded game."""
    if COMPILED:  # the same number, in native integers (see _index_by_digits)
        return _index_by_digits(total, seed, counter)
    z = (seed + (counter + 1) * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * _MIX_1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX_2) & _MASK
    return ((z ^ (z >> 31)) * total) >> 64


_Digits = tuple[int, int, int, int]
"""A number below 2**64 as four 16-bit digits, lowest first."""

_M16: Final = 0xFFFF


def _digits(value: int) -> _Digits:
    """``value % 2**64`` as its four 16-bit digits."""
    return (value & _M16, value >> 16 & _M16, value >> 32 & _M16, value >> 48 & _M16)


_GOLDEN_DIGITS: Final = _digits(_GOLDEN)
_MIX_1_DIGITS: Final = _digits(_MIX_1)
_MIX_2_DIGITS: Final = _digits(_MIX_2)


def _index_by_digits(total: int, seed: int, counter: int) -> int:
    """:func:`seeded_index` worked out on 16-bit digits, so that every number multiplied is
    below 2**30: compiled, mypyc multiplies such ints as machine integers, and turns any
    other product into a call on Python's arbitrary-precision integers, a new object for
    each result (measured compiled on its own: about 6,500 instructions for an index by
    :func:`splitmix64`, at every chance event, against 2,400 here). Interpreted, the three
    products of 64-bit numbers cost less than these many small steps, so the pure build
    keeps :func:`splitmix64`; both give the same index (tests/test_rules_chance.py)."""
    s0, s1, s2, s3 = _digits(seed)
    z0, z1, z2, z3 = _times(_digits(counter + 1), _GOLDEN_DIGITS)
    z = z0 + s0  # seed + (counter + 1) * golden, carried digit by digit
    z0, z = z & _M16, (z >> 16) + z1 + s1
    z1, z = z & _M16, (z >> 16) + z2 + s2
    z2, z3 = z & _M16, ((z >> 16) + z3 + s3) & _M16
    digits = _times(_xor_shifted((z0, z1, z2, z3), 14), _MIX_1_DIGITS)  # z ^ z >> 30
    digits = _times(_xor_shifted(digits, 11), _MIX_2_DIGITS)  # z ^ z >> 27
    r0, r1, r2, r3 = _xor_shifted(digits, 15)  # z ^ z >> 31
    # r * total >> 64, a digit at a time (exact: each shift drops only what the last drops)
    part = (r0 * total >> 16) + r1 * total
    part = (part >> 16) + r2 * total
    return ((part >> 16) + r3 * total) >> 16


def _times(a: _Digits, b: _Digits) -> _Digits:
    """``a * b % 2**64``, digit by digit: each digit of the product is the sum of the
    products of the digits below it in place, plus what the digit below carries."""
    a0, a1, a2, a3 = a
    b0, b1, b2, b3 = b
    column = a0 * b0
    p0 = column & _M16
    column = (column >> 16) + a0 * b1 + a1 * b0
    p1 = column & _M16
    column = (column >> 16) + a0 * b2 + a1 * b1 + a2 * b0
    p2 = column & _M16
    column = (column >> 16) + a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0
    return (p0, p1, p2, column & _M16)


def _xor_shifted(z: _Digits, bits: int) -> _Digits:
    """``z ^ z >> (16 + bits)``, for ``bits`` from 0 to 15."""
    z0, z1, z2, z3 = z
    back = 16 - bits
    return (
        z0 ^ (z1 >> bits | (z2 << back & _M16)),
        z1 ^ (z2 >> bits | (z3 << back & _M16)),
        z2 ^ z3 >> bits,
        z3,
    )


def outcome_fractions(bag: Bag[T]) -> tuple[tuple[T, Fraction], ...]:
    """Each distinct element of ``bag`` with its exact probability of being drawn.

    >>> outcome_fractions(Bag.of("aab", key=str))
    (('a', Fraction(2, 3)), ('b', Fraction(1, 3)))
    """
    return tuple((element, Fraction(count, bag.total)) for element, count in bag.items)
