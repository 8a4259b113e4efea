"""End-of-game scoring: temples, sun tokens, water; the public scores are in ``results``.

Rules: :rule:`R-SCORE-1` to :rule:`R-SCORE-10`. Scoring never changes a state: a
:class:`~cacao_rules.ScoreSheet` adds the end-of-game gold to the gold in hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..game.caches import Memo
from ..game.components import JungleKind, JungleTile, WorkerTile
from ..game.geometry import OPPOSITE, SIDES
from ..state.board import kept_neighbours
from ..state.view import View

FIRST_PLACE_GOLD: Final = 6
SECOND_PLACE_GOLD: Final = 3

CATEGORIES: Final = ("gold", "temples", "sun", "water")
"""The keys of a :class:`~cacao_rules.ScoreSheet` breakdown, in order, for the base game."""

HUT_CATEGORIES: Final = ("huts", "hut bonus")
"""The keys the Hut module adds: the cost of the huts given back, and their bonuses."""


def temple_gold(workers: Sequence[int]) -> list[int]:
    """The gold each player earns at one temple, given their facing workers.

    Most workers take 6, second most 3 (:rule:`R-SCORE-1`); a tie for first splits 6 and
    nobody is second (:rule:`R-SCORE-2`); a tie for second splits 3 (:rule:`R-SCORE-3`);
    shares are rounded down; a player needs at least one worker (:rule:`R-SCORE-4`).

    >>> temple_gold([2, 2, 1])
    [3, 3, 0]
    >>> temple_gold([3, 1, 1, 0])
    [6, 1, 1, 0]
    >>> temple_gold([0, 4])
    [0, 6]
    """
    gold = [0] * len(workers)
    most = next_most = 0
    for count in workers:
        if count > most:
            most, next_most = count, most
        elif most > count > next_most:
            next_most = count
    if not most:
        return gold
    firsts = workers.count(most)
    _share(gold, workers, most, FIRST_PLACE_GOLD // firsts)
    if firsts == 1 and next_most:
        _share(gold, workers, next_most, SECOND_PLACE_GOLD // workers.count(next_most))
    return gold


def _share(gold: list[int], workers: Sequence[int], count: int, share: int) -> None:
    """Give ``share`` to every seat with ``count`` workers at the temple."""
    seat = 0
    for workers_of_seat in workers:
        if workers_of_seat == count:
            gold[seat] = share
        seat += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)


_SIDE_NUMBERS: Final = tuple(int(side) for side in SIDES)
"""The sides' numbers, N, E, S, W: a kept tuple, which the pure build loops over for less
than a ``range`` or the enum members."""


def temple_totals(view: View) -> list[int]:
    """Each seat's gold from all temples, each temple scored on its own: sums, so the
    temples are read in the board's own order, unsorted.

    A temple's workers are those of each seat facing it, top tiles only
    (:rule:`R-SCORE-5`). The search bot asks this at every leaf it plays out, where the
    board holds the same few temples with the same few counts of workers again and again:
    the workers are counted without a call per temple (the board's ``get`` found once, the
    neighbours as the board keeps them: :func:`~cacao_rules.state.board.kept_neighbours`),
    and their gold is :func:`kept_temple_gold`'s. ``tests/test_rules_scoring.py`` ties this
    to the rules read plainly."""
    board = view.board
    get = board.get
    seats = len(view.players)
    totals = [0] * seats
    for square, tile in board.items():
        if isinstance(tile, JungleTile) and tile.kind is _TEMPLE:
            workers = [0] * seats
            around: tuple[Any, ...] = kept_neighbours(square)
            for side in _SIDE_NUMBERS:
                near = get(around[side])
                if isinstance(near, WorkerTile):
                    workers[near.owner] += near.edges[OPPOSITE[side]]
            seat = 0
            for gold in kept_temple_gold(workers):
                totals[seat] += gold
                seat += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
    return totals


_TEMPLE_GOLD: Final[Memo[tuple[int, ...], list[int]]] = Memo("temple gold", 100_000)
""":func:`temple_gold` by the workers facing a temple; starts afresh when full. The lists
are never changed once kept."""


def kept_temple_gold(workers: list[int]) -> list[int]:
    """:func:`temple_gold` of ``workers``, kept in :data:`_TEMPLE_GOLD`: a table read costs
    the pure build a tenth of the share-out. The list returned is shared: read it only."""
    key = tuple(workers)
    gold = _TEMPLE_GOLD.table.get(key)
    if gold is None:
        gold = _TEMPLE_GOLD.keep(key, temple_gold(workers))
    return gold


_TEMPLE: Final = JungleKind.TEMPLE
