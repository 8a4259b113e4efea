"""Laying tiles on the board, and the frontier of squares open to a new worker tile.

The frontier is every empty square that shares an edge with a jungle tile
(:rule:`R-PLACE-1`). It is derived from the board alone, so it is kept in the board's
:attr:`~cacao_rules.game.frozen.FrozenMap.memo` and carried from board to board as tiles are
laid, instead of being searched for on every turn.
"""

from __future__ import annotations

from ..game.components import JungleTile, Tile, WorkerTile
from ..game.frozen import FrozenMap
from ..game.geometry import Square, neighbours

Board = FrozenMap[Square, Tile]


def frontier(board: Board) -> frozenset[Square]:
    """The empty squares next to at least one jungle tile."""
    found: frozenset[Square] | None = board.memo.get("frontier")
    if found is None:
        found = frozenset(
            near
            for square, tile in board.items()
            if isinstance(tile, JungleTile)
            for near in neighbours(square)
            if near not in board
        )
        board.memo["frontier"] = found
    return found


def free_squares(board: Board) -> tuple[Square, ...]:
    """The frontier, sorted: where a worker tile may be placed (:rule:`R-PLACE-1`).

    All of them are squares of the worker colour of the checkerboard, so a worker tile
    placed there never shares an edge with another (:rule:`R-PLACE-2`).
    """
    squares: tuple[Square, ...] | None = board.memo.get("free_squares")
    if squares is None:
        squares = tuple(sorted(frontier(board)))
        board.memo["free_squares"] = squares
    return squares


def with_worker(board: Board, square: Square, tile: WorkerTile) -> Board:
    """``board`` with ``tile`` on ``square`` (empty, or overbuilt), frontier carried over."""
    new = board.set(square, tile)
    known: frozenset[Square] | None = board.memo.get("frontier")
    if known is not None:
        new.memo["frontier"] = known - {square}
    return new


def with_jungle(board: Board, square: Square, tile: JungleTile) -> Board:
    """``board`` with ``tile`` on the empty jungle space ``square``, frontier carried over."""
    new = board.set(square, tile)
    known: frozenset[Square] | None = board.memo.get("frontier")
    if known is not None:
        new.memo["frontier"] = known | {near for near in neighbours(square) if near not in new}
    return new
