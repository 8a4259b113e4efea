"""Laying tiles on the board, the frontier of squares open to a new worker tile, and whose
worker tiles lie where.

The frontier is every empty square that shares an edge with a jungle tile
(:rule:`R-PLACE-1`). It is derived from the board alone, so it is kept in the board's
private ``_derived`` slot, which only this module writes, and carried from board to board
as tiles are laid, instead of being searched for on every turn. So are, once asked for
(:func:`owned_squares`), each seat's squares.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Final, cast

from ..game.caches import Forget, Memo
from ..game.components import JungleTile, Tile, WorkerTile
from ..game.frozen import FrozenMap
from ..game.geometry import KeptSquare, Square, neighbours

Board = FrozenMap[Square, Tile]

_SQUARES: Final[Memo[KeptSquare, KeptSquare]] = Memo("board squares", 50_000, Forget.NOTHING)
"""One object for each square met (:func:`square_object`); a game reaches a few hundred."""


def square_object(square: KeptSquare) -> KeptSquare:
    """The one tuple kept for the square ``square`` (equal to it).

    The frontier and the spaces to fill are made of these, and so are the keys of the kept
    moves (and, in the pure build, of the board): a dictionary finds a key that is the very
    object it is asked for without comparing tuples, which saves about a sixth of each
    lookup. (When the table is full, ``square`` itself: only slower.) A
    :data:`~cacao_rules.game.geometry.KeptSquare`, as are the squares on the way from here
    to those tables.
    """
    kept = _SQUARES.table.get(square)
    return _SQUARES.keep(square, square) if kept is None else kept


_Near = tuple[KeptSquare, ...]
"""A square's four neighbours, as :func:`square_object` keeps them. Typed of any length:
compiled, mypyc keeps a tuple of fixed length unboxed, and would build a new one wherever
it is handed on or read by a side's number."""

_NEIGHBOURS: Final[Memo[KeptSquare, _Near]] = Memo("neighbours of board squares", 50_000)
"""The neighbours of the squares met, N, E, S, W."""


def kept_neighbours(square: KeptSquare) -> _Near:
    """:func:`~cacao_rules.game.geometry.neighbours` of ``square``, N, E, S, W, each the one
    object kept for it, made once and kept: no tuple is built for a square met before, and
    a board finds each of them without comparing tuples (see :func:`square_object`)."""
    near = _NEIGHBOURS.table.get(square)
    if near is None:
        n, e, s, w = neighbours(cast(Square, square))
        near = _NEIGHBOURS.keep(
            square, (square_object(n), square_object(e), square_object(s), square_object(w))
        )
    return near


def free_squares(board: Board) -> tuple[Square, ...]:
    """The frontier, sorted: where a worker tile may be placed (:rule:`R-PLACE-1`).

    All of them are squares of the worker colour of the checkerboard, so a worker tile
    placed there never shares an edge with another (:rule:`R-PLACE-2`). Kept as a sorted
    tuple, which takes far less room than a set in the many states of a search tree.
    """
    known = board._derived
    if type(known) is tuple:
        return known
    if known is not None:
        frontier: tuple[Square, ...] = known.frontier
        return frontier
    found = {
        near
        for square, tile in board.items()
        if isinstance(tile, JungleTile)
        for near in kept_neighbours(square)
        if near not in board
    }
    squares = tuple(sorted(cast("set[Square]", found)))
    board._derived = squares
    return squares


class _Kept:
    """What a board keeps once asked whose squares are whose (:func:`owned_squares`): the
    frontier and, by seat, the squares whose top tile is that seat's, sorted.

    Asked for only once overbuilding may begin, late in a game, so the boards before that
    keep the frontier alone, in less room.
    """

    __slots__ = ("frontier", "owned")

    def __init__(self, frontier: tuple[Square, ...], owned: tuple[tuple[Square, ...], ...]):
        self.frontier: Final = frontier
        self.owned: Final = owned


def owned_squares(board: Board, seat: int) -> tuple[Square, ...]:
    """The squares whose top tile is a worker tile of ``seat``, sorted (:rule:`R-OVER-4`).

    Worked out once, then carried from board to board as tiles are laid, like the frontier:
    a player may overbuild at every turn once the jungle tiles are all laid.
    """
    known = board._derived
    if type(known) is not _Kept:
        frontier = free_squares(board)
        found: list[list[Square]] = []
        for square, tile in board.items():
            if isinstance(tile, WorkerTile):
                while len(found) <= tile.owner:
                    found.append([])
                found[tile.owner].append(square)
        known = _Kept(frontier, tuple([tuple(sorted(squares)) for squares in found]))
        board._derived = known
    owned: tuple[tuple[Square, ...], ...] = known.owned
    return owned[seat] if seat < len(owned) else ()


_NEW_DICT: Final = dict.__new__
_UPDATE: Final = dict.update
_SET_ITEM: Final = dict.__setitem__
_SET_NEW: Final = dict.setdefault
_FROZEN_MAP: Final[type[Any]] = FrozenMap
"""``dict``'s own methods and the board's class, found once (compiled, a native constant
each), with which :func:`_laid` copies a board."""


def _laid(board: Board, square: KeptSquare, tile: Tile, derived: Any) -> Board:
    """``board.set(square, tile)`` with ``derived`` in the copy's private slot, made here.

    :class:`FrozenMap` is left interpreted in the compiled build, so its ``set`` would
    run as interpreted code at nearly every move (about 1,600 instructions more a copy
    of a board of 64 squares); compiled, this module makes the copy as that method
    does, by ``dict``'s own methods, and writes the two slots once. The tile goes in by
    ``dict.setdefault``, a method called the fast way (``dict.__setitem__`` is a slot's
    wrapper, which builds a tuple of its arguments: about 1,200 instructions more in the
    pure build), and by the latter only when it replaces another.
    """
    new: FrozenMap[Any, Tile] = _NEW_DICT(_FROZEN_MAP)
    _UPDATE(new, board)
    if _SET_NEW(new, square, tile) is not tile:  # the square held another tile
        _SET_ITEM(new, square, tile)
    new._hash = None
    new._derived = derived
    return new


def with_worker(board: Board, square: Square, tile: WorkerTile) -> Board:
    """``board`` with ``tile`` on ``square`` (empty, or overbuilt), frontier and owners'
    squares carried over."""
    key: Any = square  # compiled, boxed once here rather than at every use below
    known = board._derived
    if known is None:
        return _laid(board, key, tile, None)
    frontier: tuple[Any, ...] = known if type(known) is tuple else known.frontier
    at = bisect_left(frontier, key)
    if at < len(frontier) and frontier[at] == key:
        frontier = frontier[:at] + frontier[at + 1 :]
    if type(known) is tuple:
        return _laid(board, key, tile, frontier)
    owned = _owner_changed(known.owned, square, board.get(key), tile)
    return _laid(board, key, tile, _Kept(frontier, owned))


def _owner_changed(
    owned: tuple[tuple[Square, ...], ...], square: Square, old: Tile | None, tile: WorkerTile
) -> tuple[tuple[Square, ...], ...]:
    """``owned`` with ``square`` moved from the owner of ``old`` (if a worker tile lay
    there) to that of ``tile``: nothing changes when a player overbuilds their own."""
    if isinstance(old, WorkerTile):
        if old.owner == tile.owner:
            return owned
        before = owned[old.owner]
        at = bisect_left(before, square)
        owned = _with_squares(owned, old.owner, before[:at] + before[at + 1 :])
    seat = tile.owner
    squares = owned[seat] if seat < len(owned) else ()
    at = bisect_left(squares, square)
    return _with_squares(owned, seat, (*squares[:at], square, *squares[at:]))


def _with_squares(
    owned: tuple[tuple[Square, ...], ...], seat: int, squares: tuple[Square, ...]
) -> tuple[tuple[Square, ...], ...]:
    """``owned`` with ``squares`` as ``seat``'s."""
    if seat >= len(owned):
        owned = (*owned, *[()] * (seat + 1 - len(owned)))
    return (*owned[:seat], squares, *owned[seat + 1 :])


def with_jungle(board: Board, square: Square, tile: JungleTile) -> Board:
    """``board`` with ``tile`` on the jungle space ``square``, frontier (and owners'
    squares, which do not change) carried over.

    The space is empty, or holds a jungle tile that ``tile`` replaces (a gem mine that
    lost gems): then the frontier stays as it was.
    """
    key: Any = square  # compiled, boxed once here rather than at every use below
    known = board._derived
    if known is None or key in board:
        return _laid(board, key, tile, known)
    squares = list(known if type(known) is tuple else known.frontier)
    around = _NEIGHBOURS.table.get(key)  # kept_neighbours, written out: a call less
    for near in kept_neighbours(key) if around is None else around:
        if near not in board:
            at = bisect_left(squares, near)
            if at == len(squares) or squares[at] != near:
                squares.insert(at, near)
    frontier = tuple(squares)
    return _laid(
        board, key, tile, frontier if type(known) is tuple else _Kept(frontier, known.owned)
    )
