"""Step A of a turn: placing a worker tile, overbuilding, or discarding when stuck.

Rules: :rule:`R-PLACE-1` to :rule:`R-PLACE-4` and :rule:`R-OVER-1` to :rule:`R-OVER-6`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from ..errors import IllegalMoveError
from ..game.caches import Forget, Memo, register
from ..game.components import DISTINCT_ROTATIONS, Hut, WorkerTile, WorkerType
from ..game.events import HutUsed, Resource, Spent, WorkerDiscarded, WorkerPlaced
from ..game.geometry import KeptSquare, Square, format_square, is_jungle_square
from ..game.moves import Discard, Move, Overbuild, Place
from ..modules.huts import played_with_foreman, sun_cost_of_overbuilding
from ..state.board import free_squares, owned_squares, with_worker
from ..state.draft import Draft
from ..state.state import PlayerState
from ..state.view import View


def overbuild_allowed(view: View) -> bool:
    """Whether the jungle pile and the display are both empty (:rule:`R-OVER-1`), or, in the
    Map module's variant, the pile alone (:rule:`R-MAP-6`).

    The display is asked first: a tuple's truth is native, the pile's a method of
    :class:`~cacao_rules.game.frozen.Bag` (in the pure build, a Python call), and the
    display is full for most of a game, which settles it."""
    if view.display and not view.config.map_early_overbuild:
        return False
    return not view.jungle_pile


def can_pay_for_overbuild(player: PlayerState) -> bool:
    """Whether ``player`` holds the sun token an overbuild costs (:rule:`R-OVER-2`)."""
    return player.sun >= sun_cost_of_overbuilding(player)


def overbuild_squares(view: View, seat: int) -> list[Square]:
    """Squares whose top tile is ``seat``'s and has not been overbuilt (:rule:`R-OVER-4`).

    The squares are read as :data:`~cacao_rules.game.geometry.KeptSquare`."""
    if not overbuild_allowed(view) or not can_pay_for_overbuild(view.players[seat]):
        return []
    covered = view.covered
    owned: tuple[KeptSquare, ...] = owned_squares(view.board, seat)
    squares: list[Square] = []
    for square in owned:  # a loop: a comprehension is a call (pure)
        if square not in covered:
            squares.append(square)  # type: ignore[arg-type]  # (no cast call)
    return squares


class TileMoves:
    """The placements and overbuilds, each made once and kept: the one maker of the tile
    moves that the engine lists, and the one owner of their identity.

    What it guarantees, and who relies on it: the same placement (or overbuild) of a tile
    type on a square is always the same object, in every state that lists it, so listing a
    placement decision (dozens of moves, nearly every turn) builds no move after the first
    time (until :meth:`clear`, which only tests call). The action space keys its ids of
    placements by identity on that guarantee, asks :meth:`made` before it keeps an id of a
    move met for the first time, and keeps the move with it, so that its ``id()`` never
    names another object.
    Moves are immutable, so sharing them is safe; a caller's own equal move is accepted
    everywhere just the same, only not found by identity.

    The tables are keyed by squares as plain objects: see :func:`placement_moves`. They are
    registered with the other shared tables (:mod:`cacao_rules.game.caches`) and, like
    them, safe under threads: the moves are kept with ``dict.setdefault``, one operation
    on keys of plain integers, so the first moves kept for a type and square are the ones
    every thread gets and the guarantee holds under threads too. They never forget
    (``bound`` is ``None``): there is one entry per tile type and square of the window a
    game can reach (:mod:`cacao_rules.game.bounds`).
    """

    __slots__ = ("bound", "name", "overbuilds", "places")

    def __init__(self) -> None:
        self.name: Final = "tile moves"
        self.bound: Final[int | None] = None
        self.places: dict[WorkerType, dict[KeptSquare, tuple[Place, ...]]] = {
            kind: {} for kind in WorkerType
        }
        """The placements of each tile type on each square met so far, one per distinct
        rotation."""
        self.overbuilds: dict[WorkerType, dict[KeptSquare, tuple[Overbuild, ...]]] = {
            kind: {} for kind in WorkerType
        }
        """The overbuilds of each tile type on each square met so far, likewise."""
        register(self)

    def new_places(self, kind: WorkerType, square: KeptSquare) -> tuple[Place, ...]:
        """The placements of ``kind`` on ``square``, made and kept (or the ones another
        thread kept first), keyed by ``square`` itself (a frontier square: see
        :func:`~cacao_rules.state.board.square_object`)."""
        at = cast(Square, square)
        made: list[Place] = []
        for rotation in DISTINCT_ROTATIONS[kind]:  # a loop: a comprehension is a call (pure)
            made.append(Place._unchecked(kind, at, rotation))
        return self.places[kind].setdefault(square, tuple(made))

    def new_overbuilds(self, kind: WorkerType, square: KeptSquare) -> tuple[Overbuild, ...]:
        """The overbuilds of ``kind`` on ``square``, made and kept (or the ones another
        thread kept first), keyed by ``square`` itself."""
        at = cast(Square, square)
        made: list[Overbuild] = []
        for rotation in DISTINCT_ROTATIONS[kind]:  # a loop: a comprehension is a call (pure)
            made.append(Overbuild._unchecked(kind, at, rotation))
        return self.overbuilds[kind].setdefault(square, tuple(made))

    def __len__(self) -> int:
        places = sum(len(table) for table in self.places.values())
        return places + sum(len(table) for table in self.overbuilds.values())

    def clear(self) -> None:
        """Forget every move made: moves made afresh are other objects. What kept ids of
        the moves made keeps the moves too (the action space), so no other object can take
        their identity."""
        for places in self.places.values():
            places.clear()
        for overbuilds in self.overbuilds.values():
            overbuilds.clear()

    def made(self, move: Place | Overbuild) -> bool:
        """Whether ``move`` is itself one of the moves made here (not merely an equal one)."""
        kept: tuple[Place | Overbuild, ...] | None
        if isinstance(move, Place):
            kept = self.places[move.type].get(move.square)
        else:
            kept = self.overbuilds[move.type].get(move.square)
        return kept is not None and any(listed is move for listed in kept)


KEPT_TILE_MOVES: Final = TileMoves()
"""The tile moves of this process (see :class:`TileMoves`)."""


def hand_types(view: View) -> tuple[WorkerType, ...]:
    """The different tile types in the hand of the player to move, in their fixed order.

    Asked twice at every placement (whether it is forced, then its listing), so the types
    of each hand met are worked out once and kept (:func:`_types_of`): a hand is a tuple of
    up to three worker types, which hash by identity, in C, so the lookup costs far less
    than the loop.
    """
    hand = view.players[view.current].hand
    types = _HAND_TYPES.table.get(hand)
    return _types_of(hand) if types is None else types


_HAND_TYPES: Final[Memo[tuple[WorkerType, ...], tuple[WorkerType, ...]]] = Memo(
    "types of hands", 10_000, Forget.NOTHING
)
"""The different types of each hand met (:func:`hand_types`): a few dozen hands of up to
three tiles (more in hand-built positions)."""


def _types_of(hand: tuple[WorkerType, ...]) -> tuple[WorkerType, ...]:
    """The different types of ``hand``, which is kept sorted, each where first met, kept.

    A plain loop over a hand of a few tiles rather than ``tuple(dict.fromkeys(hand))``:
    compiled, that is a method looked up on ``dict`` and called through Python's protocol
    (about 1,800 instructions), while this loop is a few native operations.
    """
    types: list[WorkerType] = []
    for kind in hand:
        if kind not in types:
            types.append(kind)
    return _HAND_TYPES.keep(hand, tuple(types))


def placement_moves(view: View) -> list[Move]:
    """Every placement, overbuild or (when neither exists) discard, in notation order.

    Written as plain loops over the kept moves of each type and square
    (:data:`KEPT_TILE_MOVES`): each step is one dictionary read and one list extension
    (compiled, both native), and only a square met for the first time raises the
    ``KeyError`` that has its moves made. The squares are read as
    :data:`~cacao_rules.game.geometry.KeptSquare`.
    """
    types = hand_types(view)
    squares: tuple[KeptSquare, ...] = free_squares(view.board)
    moves: list[Move] = []
    made = KEPT_TILE_MOVES
    for kind in types:
        places = made.places[kind]
        for square in squares:
            try:
                moves.extend(places[square])
            except KeyError:
                moves.extend(made.new_places(kind, square))
    # overbuild_squares only where overbuild_allowed may say yes: while the display holds a
    # tile (most of a game), only in the Map module's variant; two calls less (pure)
    own: Sequence[KeptSquare] = (
        overbuild_squares(view, view.current)
        if not view.display or view.config.map_early_overbuild
        else ()
    )
    if own:
        for kind in types:
            overbuilds = made.overbuilds[kind]
            for square in own:
                try:
                    moves.extend(overbuilds[square])
                except KeyError:
                    moves.extend(made.new_overbuilds(kind, square))
    if not moves:
        moves = [Discard(kind) for kind in types]
    return moves


def placement_is_forced(view: View) -> bool:
    """Whether the player to move may have a single placement move, found without listing.

    With two or more ways to place a hand tile on a free square there is certainly a choice;
    only otherwise does the engine list the moves to see if exactly one remains.
    """
    squares = len(free_squares(view.board))
    if squares >= 2 and view.players[view.current].hand:
        return False  # every tile type has at least one rotation
    return squares * sum(len(kind.rotations) for kind in hand_types(view)) < 2


def _check_tile(view: View, kind: WorkerType, rotation: int) -> None:
    if kind not in view.players[view.current].hand:
        raise IllegalMoveError(
            f"seat {view.current} has no {kind} tile in hand "
            f"(hand: {', '.join(str(t) for t in view.players[view.current].hand) or 'empty'})"
        )
    if rotation not in DISTINCT_ROTATIONS[kind]:
        allowed = ", ".join(f"r{r}" for r in kind.rotations)
        raise IllegalMoveError(
            f"rotation r{rotation} is not a canonical rotation of {kind}; use one of {allowed}"
        )


def check_place(view: View, move: Place) -> None:
    """Raise :class:`IllegalMoveError` saying why ``move`` is not a legal placement.

    Asked of every placement played, so the legal case is settled first, inline: the tile
    in hand, a canonical rotation, a square on the frontier (:func:`free_squares`, read
    once; the tuple's own search, in C, skips a square that differs at its first coordinate
    and finds a kept square by identity: cheaper than a bisection). Only a move that fails
    one of these is examined again to say why (:func:`_refuse_place`)."""
    kind = move.type
    if (
        kind in view.players[view.current].hand
        and move.rotation in DISTINCT_ROTATIONS[kind]
        and move.square in free_squares(view.board)
    ):
        return
    _refuse_place(view, move)


def _refuse_place(view: View, move: Place) -> None:
    """Raise :class:`IllegalMoveError` saying why ``move``, which :func:`check_place` found
    illegal, is not a legal placement: the tile first, then the square."""
    _check_tile(view, move.type, move.rotation)
    square = move.square
    where = format_square(square)
    if square in view.board:
        raise IllegalMoveError(f"square {where} is already occupied")
    if is_jungle_square(square):
        raise IllegalMoveError(
            f"square {where} is a jungle square of the checkerboard; worker tiles go on squares "
            "with odd x + y"
        )
    raise IllegalMoveError(f"square {where} shares no edge with a jungle tile")


def check_overbuild(view: View, move: Overbuild) -> None:
    """Raise :class:`IllegalMoveError` saying why ``move`` is not a legal overbuild."""
    _check_tile(view, move.type, move.rotation)
    seat = view.current
    where = format_square(move.square)
    if not overbuild_allowed(view):
        raise IllegalMoveError(
            "overbuilding is allowed only once the jungle pile and the display are both empty"
        )
    if not can_pay_for_overbuild(view.players[seat]):
        raise IllegalMoveError(f"seat {seat} has no sun token to pay for overbuilding")
    tile = view.board.get(move.square)
    if not isinstance(tile, WorkerTile) or tile.owner != seat:
        raise IllegalMoveError(f"square {where} does not hold a worker tile of seat {seat}")
    if move.square in view.covered:
        raise IllegalMoveError(f"square {where} has been overbuilt already")


def check_discard(view: View, move: Discard) -> None:
    """Raise :class:`IllegalMoveError` unless discarding ``move.type`` is legal now."""
    if move.type not in view.players[view.current].hand:
        raise IllegalMoveError(f"seat {view.current} has no {move.type} tile in hand")
    if free_squares(view.board) or overbuild_squares(view, view.current):
        raise IllegalMoveError("a tile may be discarded only when none can be placed")


def _take_from_hand(draft: Draft, kind: WorkerType) -> None:
    player = draft.players[draft.current]
    hand = list(player.hand)
    hand.remove(kind)
    draft.update_tiles(draft.current, tuple(hand), player.pile)


_LAID: Final[Memo[tuple[int, WorkerType, int, bool], WorkerTile]] = Memo(
    "laid worker tiles", 4 * len(WorkerType) * 4 * 2, Forget.NOTHING
)
"""The tiles that placements have laid, by owner, type, rotation and Foreman's worker: at
most 4 seats, every type, 4 rotations, with or without the Foreman's worker."""


def _laid(seat: int, kind: WorkerType, rotation: int, foreman: bool) -> WorkerTile:
    """The tile that a placement lays, made once and shared (tiles are immutable, and there
    are only a few hundred). Kept in a plain dictionary rather than by ``functools.cache``,
    which compiled code can reach only through Python's call protocol."""
    key = (seat, kind, rotation, foreman)
    tile = _LAID.table.get(key)
    if tile is None:
        tile = _LAID.keep(key, WorkerTile.of(seat, kind, rotation, foreman))
    return tile


def do_place(draft: Draft, move: Place) -> WorkerTile:
    """Put the tile of ``move`` on the board, with the Foreman's 4th worker if its owner holds
    the hut (:rule:`R-HUT-FOREMAN`); return it."""
    seat = draft.current
    _take_from_hand(draft, move.type)
    player = draft.players[seat]
    foreman = bool(player.huts) and played_with_foreman(player)  # no hut, no call
    tile = _LAID.table.get((seat, move.type, move.rotation, foreman))  # _laid's, read here
    if tile is None:
        tile = _laid(seat, move.type, move.rotation, foreman)
    draft.board = with_worker(draft.board, move.square, tile)
    if draft.events is not None:
        draft.emit(WorkerPlaced(seat, move.square, tile))
    return tile


def do_overbuild(draft: Draft, move: Overbuild) -> WorkerTile:
    """Pay a sun token (none with the Shaman, :rule:`R-HUT-SHAMAN`) and put the tile of
    ``move`` on top of the old one (:rule:`R-OVER-2`)."""
    seat = draft.current
    _take_from_hand(draft, move.type)
    player = draft.players[seat]
    cost = sun_cost_of_overbuilding(player)
    if cost:
        draft.update_sun(seat, player.sun - cost)
        if draft.events is not None:
            draft.emit(Spent(seat, Resource.SUN, cost))
    else:
        if draft.events is not None:
            draft.emit(HutUsed(seat, Hut.SHAMAN))
    old = draft.board[move.square]
    assert isinstance(old, WorkerTile)
    tile = _laid(seat, move.type, move.rotation, played_with_foreman(player))
    draft.covered = draft.covered.set(move.square, old)
    draft.board = with_worker(draft.board, move.square, tile)
    if draft.events is not None:
        draft.emit(WorkerPlaced(seat, move.square, tile, covered=old))
    return tile


def do_discard(draft: Draft, move: Discard) -> None:
    """Set the tile aside for good (:rule:`R-PLACE-4`)."""
    _take_from_hand(draft, move.type)
    draft.discarded = (*draft.discarded, (draft.current, move.type))
    if draft.events is not None:
        draft.emit(WorkerDiscarded(draft.current, move.type))
