"""Shared builders for the hand-built positions of the rule tests.

The rule tests (``tests/test_rules_*.py``) lay out boards by hand with
:func:`cacao_rules.position`. These helpers keep those layouts short:

- :func:`jt` and :func:`wt` make jungle and worker tiles;
- :func:`start_board` is the two start tiles plus whatever else the test lays;
- :func:`parked` puts worker tiles (around a few jungle tiles) far away from the play area,
  so that a test can use up a player's worker set (and so empty that player's pile, which
  :func:`cacao_rules.position` computes) without those tiles touching anything else;
- :func:`of_type` picks the events of one type from what :func:`cacao_rules.step` reports;
- :func:`waiting_at` plays an unseeded game up to the first state waiting at a given kind of
  step, and :func:`three_spaces_to_fill` is a placement that leaves more jungle spaces to
  fill than the display holds tiles.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

import cacao_rules as cr
from cacao_rules import WorkerType
from cacao_rules.state.state import Step

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

PARK_ROW = 12
"""The first row where :func:`parked` lays its jungle tiles: far from every square of a test,
yet inside the window every tile of a game lies in (``cacao_rules.game.bounds``)."""

PARK_COLUMNS = 10
"""How many jungle tiles :func:`parked` lays on one row before it starts the next."""


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
    uses, they take no part in it but leave the owner's pile without them. The jungle tile of
    slot ``s = column + i`` goes on row ``PARK_ROW + 6 * (s // PARK_COLUMNS)`` at
    ``x = 4 * (s % PARK_COLUMNS) - 18``, with one worker tile to the N and one to the S of
    each: every worker tile touches a jungle tile and no empty jungle square touches two
    worker tiles. Use a different ``column`` per call (say ``10 * owner``), and
    make sure that the jungle tiles of all calls, the board, the display and the pile stay
    within the game's set. ``jungle`` needs one tile per two worker tiles.
    """
    listed = list(kinds)
    need = (len(listed) + 1) // 2
    if len(jungle) < need:
        raise ValueError(f"{len(listed)} parked worker tiles need {need} jungle tiles")
    board: Board = {}
    for index, kind in enumerate(listed):
        slot = column + index // 2
        x = 4 * (slot % PARK_COLUMNS) - 18
        y = PARK_ROW + 6 * (slot // PARK_COLUMNS)
        board[(x, y)] = jungle[index // 2]
        board[(x, y - 1 if index % 2 == 0 else y + 1)] = wt(owner, kind)
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


@functools.cache
def waiting_at(config: cr.Config, step: type[Step], last: bool = False) -> cr.State:
    """The first state waiting at a ``step`` of an unseeded game of ``config`` played with the
    first legal move each time (the last one if ``last``), chance outcomes included."""
    state = cr.new_game(config, seed=None)
    while not isinstance(state.step, step):
        assert not state.is_over, f"no {step.__name__} in this game"
        moves = cr.legal_moves(state)
        state = cr.apply(state, moves[-1] if last else moves[0])
    return state


@functools.cache
def three_spaces_to_fill() -> cr.State:
    """Seat 0 of a 2-player game has just placed a 1-1-1-1 on 1,2, which leaves three jungle
    spaces to fill (0,2, 1,3 and 2,2) with the two display tiles M3 and G1 (:rule:`R-FILL-4`).

    A hand-built position: its turn and chance count are not those of a game played to it."""
    state = cr.position(
        cr.Config(players=2),
        board={
            (0, 0): P1,
            (1, 1): M2,
            (3, 1): TEMPLE,
            (-1, 3): P1,
            (2, 1): wt(0, W1111),
            (0, 1): wt(1, W1111),
            (3, 2): wt(1, W1111),
            (0, 3): wt(1, W1111),
        },
        players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState()],
        display=[M3, G1],
        seed=None,
    )
    return cr.apply(state, cr.Place(W1111, (1, 2), 0))
