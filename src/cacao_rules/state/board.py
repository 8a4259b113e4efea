"""Laying tiles on the board, and the frontier of squares open to a new worker tile.

The frontier is every empty square that shares an edge with a jungle tile
(:rule:`R-PLACE-1`). It is derived from the board alone, so it is kept in the board's
private ``_derived`` slot, which only this module writes, and carried from board to board
as tiles are laid, instead of being searched for on every turn.
"""

from __future__ import annotations

from bisect import bisect_left

from ..game.components import JungleTile, Tile, WorkerTile
from ..game.frozen import FrozenMap
from ..game.geometry import Square, neighbours

Board = FrozenMap[Square, Tile]


def free_squares(board: Board) -> tuple[Square, ...]:
    """The frontier, sorted: where a worker tile may be placed (:rule:`R-PLACE-1`).

    All of them are squares of the worker colour of the checkerboard, so a worker tile
    placed there never shares an edge with another (:rule:`R-PLACE-2`). Kept as a sorted
    tuple, which takes far less room than a set in the many states of a search tree.
    """
    squares: tuple[Square, ...] | None = board._derived
    if squares is None:
        squares = tuple(
            sorted(
                {
                    near
                    for square, tile in board.items()
                    if isinstance(tile, JungleTile)
                    for near in neighbours(square)
                    if near not in board
                }
            )
        )
        board._derived = squares
    return squares


def is_free(board: Board, square: Square) -> bool:
    """Whether ``square`` is on the frontier (found by bisection in the sorted frontier)."""
    squares = free_squares(board)
    at = bisect_left(squares, square)
    return at < len(squares) and squares[at] == square


def with_worker(board: Board, square: Square, tile: WorkerTile) -> Board:
    """``board`` with ``tile`` on ``square`` (empty, or overbuilt), frontier carried over."""
    new = board.set(square, tile)
    known: tuple[Square, ...] | None = board._derived
    if known is not None:
        at = bisect_left(known, square)
        if at < len(known) and known[at] == square:
            known = known[:at] + known[at + 1 :]
        new._derived = known
    return new


def with_jungle(board: Board, square: Square, tile: JungleTile) -> Board:
    """``board`` with ``tile`` on the jungle space ``square``, frontier carried over.

    The space is empty, or holds a jungle tile that ``tile`` replaces (a gem mine that
    lost gems): then the frontier stays as it was.
    """
    new = board.set(square, tile)
    known: tuple[Square, ...] | None = board._derived
    if known is not None and square in board:
        new._derived = known
    elif known is not None:
        squares = list(known)
        for near in neighbours(square):
            if near not in new:
                at = bisect_left(squares, near)
                if at == len(squares) or squares[at] != near:
                    squares.insert(at, near)
        new._derived = tuple(squares)
    return new
