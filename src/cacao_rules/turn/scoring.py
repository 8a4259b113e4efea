"""End-of-game scoring: temples, sun tokens, water; the public scores are in ``results``.

Rules: :rule:`R-SCORE-1` to :rule:`R-SCORE-10`. Scoring never changes a state: a
:class:`~cacao_rules.ScoreSheet` adds the end-of-game gold to the gold in hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..game.components import JungleKind, JungleTile, WorkerTile
from ..game.geometry import SIDES, neighbour
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
    counts = sorted({count for count in workers if count > 0}, reverse=True)
    if not counts:
        return gold
    first = [seat for seat, count in enumerate(workers) if count == counts[0]]
    for seat in first:
        gold[seat] = FIRST_PLACE_GOLD // len(first)
    if len(first) == 1 and len(counts) > 1:
        second = [seat for seat, count in enumerate(workers) if count == counts[1]]
        for seat in second:
            gold[seat] = SECOND_PLACE_GOLD // len(second)
    return gold


def temple_workers(view: View, temple: tuple[int, int]) -> list[int]:
    """Workers each seat has facing the temple on ``temple``, top tiles only (:rule:`R-SCORE-5`)."""
    workers = [0] * len(view.players)
    for side in SIDES:
        tile = view.board.get(neighbour(temple, side))
        if isinstance(tile, WorkerTile):
            workers[tile.owner] += tile.edges[side.opposite]
    return workers


def temple_totals(view: View) -> list[int]:
    """Each seat's gold from all temples, each temple scored on its own: sums, so the
    temples are read in the board's own order, unsorted."""
    totals = [0] * len(view.players)
    for square, tile in view.board.items():
        if isinstance(tile, JungleTile) and tile.kind is JungleKind.TEMPLE:
            for seat, gold in enumerate(temple_gold(temple_workers(view, square))):
                totals[seat] += gold
    return totals
