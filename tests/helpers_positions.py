"""Shared builders for the hand-built positions of the rule tests.

The rule tests (``tests/test_rules_*.py``) lay out boards by hand with
:func:`cacao_rules.position`. These helpers keep those layouts short:

- :func:`jt` and :func:`wt` make jungle and worker tiles;
- :func:`start_board` is the two start tiles plus whatever else the test lays;
- :func:`parked` puts worker tiles (around a few jungle tiles) far away from the play area,
  so that a test can use up a player's worker set (and so empty that player's pile, which
  :func:`cacao_rules.position` computes) without those tiles touching anything else;
- :func:`of_type` picks the events of one type from what :func:`cacao_rules.step` reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

import cacao_rules as cr
from cacao_rules import WorkerType

Square = tuple[int, int]
Board = dict[Square, cr.Tile]

E = TypeVar("E")

P1 = cr.JungleTile.from_code("P1")
P2 = cr.JungleTile.from_code("P2")
M2 = cr.JungleTile.from_code("M2")
M3 = cr.JungleTile.from_code("M3")
M4 = cr.JungleTile.from_code("M4")
G1 = cr.JungleTile.from_code("G1")
G2 = cr.JungleTile.from_code("G2")
WATER = cr.JungleTile.from_code("W")
SUN = cr.JungleTile.from_code("S")
TEMPLE = cr.JungleTile.from_code("T")

W1111 = WorkerType.W1111
W2101 = WorkerType.W2101
W3001 = WorkerType.W3001
W3100 = WorkerType.W3100

PARK_ROW = 40
"""The row where :func:`parked` lays its jungle tiles: far from every square of a test."""


def jt(code: str) -> cr.JungleTile:
    """The jungle tile named ``code`` (``"M3"``, ``"T"``, ...)."""
    return cr.JungleTile.from_code(code)


def wt(owner: int, kind: WorkerType, rotation: int = 0) -> cr.WorkerTile:
    """``owner``'s worker tile ``kind`` turned ``rotation`` quarter turns clockwise."""
    return cr.WorkerTile.of(owner, kind, rotation)


def start_board(extra: Mapping[Square, cr.Tile] | None = None) -> Board:
    """The start tiles, P1 on (0, 0) and M2 on (1, 1), plus ``extra``."""
    board: Board = {(0, 0): P1, (1, 1): M2}
    board.update(extra or {})
    return board


PARK_JUNGLE: tuple[cr.JungleTile, ...] = (M3, M3, M3, P2, P2, WATER)
"""The jungle tiles :func:`parked` uses by default: all in the set of every player count."""


def parked(
    owner: int,
    kinds: Iterable[WorkerType],
    *,
    column: int = 0,
    jungle: Sequence[cr.JungleTile] = PARK_JUNGLE,
) -> Board:
    """``owner``'s worker tiles ``kinds`` laid around ``jungle`` tiles far from play.

    They stand for tiles played earlier in the game; lying far from the squares a test
    uses, they take no part in it but leave the owner's pile without them. The jungle tiles
    go on row :data:`PARK_ROW` at ``x = 4 * (column + i)``, with one worker tile to the N and
    one to the S of each: every worker tile touches a jungle tile and no empty jungle square
    touches two worker tiles. Use a different ``column`` per call (say ``10 * owner``), and
    make sure that the jungle tiles of all calls, the board, the display and the pile stay
    within the game's set. ``jungle`` needs one tile per two worker tiles.
    """
    listed = list(kinds)
    need = (len(listed) + 1) // 2
    if len(jungle) < need:
        raise ValueError(f"{len(listed)} parked worker tiles need {need} jungle tiles")
    board: Board = {}
    for index, kind in enumerate(listed):
        x = 4 * (column + index // 2)
        board[(x, PARK_ROW)] = jungle[index // 2]
        board[(x, PARK_ROW - 1 if index % 2 == 0 else PARK_ROW + 1)] = wt(owner, kind)
    return board


def whole_set(config: cr.Config) -> list[WorkerType]:
    """A player's full worker set for ``config``, as a list (Base rules p.1-2)."""
    counts = {
        2: {W1111: 4, W2101: 5, W3001: 1, W3100: 1},
        3: {W1111: 3, W2101: 5, W3001: 1, W3100: 1},
        4: {W1111: 3, W2101: 4, W3001: 1, W3100: 1},
    }[config.players]
    return [kind for kind, count in counts.items() for _ in range(count)]


def without(kinds: Iterable[WorkerType], *removed: WorkerType) -> list[WorkerType]:
    """``kinds`` with one copy of each of ``removed`` taken out."""
    left = list(kinds)
    for kind in removed:
        left.remove(kind)
    return left


def of_type(events: Iterable[object], kind: type[E]) -> list[E]:
    """The events of type ``kind``, in order."""
    return [event for event in events if isinstance(event, kind)]
