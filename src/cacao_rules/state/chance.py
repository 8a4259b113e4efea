"""The seeded source of chance: a counter-based pseudo-random function.

With an integer seed, the ``n``-th chance event of a game picks its outcome from
``splitmix64(seed, n)`` (:rule:`R-CHANCE-2`). Nothing else is consulted (no global
``random`` state, no hashing), so a game is a pure function of its configuration, seed and
decisions, the same in every process and on every machine.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, TypeGuard, TypeVar

from ..errors import bad_argument, expect_any
from ..game.frozen import Bag
from ..game.limits import MAX_SEED, SEED_RANGE

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


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
    """A 64-bit pseudo-random number for the ``counter``-th event of game ``seed``.

    >>> splitmix64(0, 0) == splitmix64(0, 0) != splitmix64(0, 1)
    True
    """
    z = (seed + (counter + 1) * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seeded_pick(bag: Bag[T], seed: int, counter: int) -> T:
    """The element of ``bag`` that chance event ``counter`` of game ``seed`` draws.

    Every copy in the bag is equally likely (up to a bias below 2**-58 for the bags a game
    holds), as a physical draw from a shuffled pile would be (:rule:`R-CHANCE-1`).
    """
    return bag.nth(seeded_index(bag.total, seed, counter))


def seeded_index(total: int, seed: int, counter: int) -> int:
    """Where chance event ``counter`` of game ``seed`` falls among ``total`` equally likely
    copies (0 to ``total`` - 1): :func:`seeded_pick` takes the bag's element there."""
    return (splitmix64(seed, counter) * total) >> 64


def outcome_fractions(bag: Bag[T]) -> tuple[tuple[T, Fraction], ...]:
    """Each distinct element of ``bag`` with its exact probability of being drawn.

    >>> outcome_fractions(Bag.of("aab", key=str))
    (('a', Fraction(2, 3)), ('b', Fraction(1, 3)))
    """
    return tuple((element, Fraction(count, bag.total)) for element, count in bag.items)
