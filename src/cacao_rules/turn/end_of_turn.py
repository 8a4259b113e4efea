"""The end of a turn: the worker draw, the display refill, the next player, the game's end.

Rules: :rule:`R-END-1` to :rule:`R-END-4`; with the Map module :rule:`R-MAP-4`, with the
Hut module :rule:`R-HUT-3`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from ..errors import IllegalMoveError
from ..game.caches import Forget, Memo
from ..game.components import (
    DISPLAY_SIZE,
    GEM_MINE,
    KIND_ORDER,
    MAP_BOARD_SIZE,
    JungleTile,
    WorkerType,
)
from ..game.config import Module
from ..game.events import (
    DisplayFilled,
    GameEnded,
    MapBoardFilled,
    TileSlid,
    TurnStarted,
    WorkerDrawn,
)
from ..game.moves import Slide
from ..modules.emperor import turn_started
from ..modules.gem_mines import take_from_pile
from ..modules.huts import start_hut_step
from ..state.draft import Draft
from ..state.state import (
    DRAW_WORKER_STEP,
    MAP_REFILL_STEP,
    OVER_STEP,
    PLACEMENT_STEP,
    REFILL_STEP,
    SLIDE_STEP,
)
from ..state.view import View
from .results import winners


def sorted_hand(hand: Iterable[WorkerType]) -> tuple[WorkerType, ...]:
    """A hand in its fixed order (by worker type)."""
    return tuple(sorted(hand, key=_TYPE_RANK.__getitem__))


_TYPE_RANK: Final = {kind: kind.sort_key for kind in WorkerType}
"""Each worker type's place in the fixed order."""

_MAP: Final = Module.MAP
_HUTS: Final = Module.HUTS
"""The modules the end of a turn asks about, read from here: :class:`Module` is left
interpreted (hatch_build.py), so compiled, ``Module.MAP`` is a generic attribute lookup on
the class (about 870 instructions), while a name declared ``Final`` in a compiled module is
a native constant."""


def start_end_of_turn(draft: Draft) -> None:
    """The player whose turn ends draws a worker tile, if their pile has any (:rule:`R-END-1`)."""
    if draft.players[draft.current].pile._total:  # the size read: no __bool__ call
        draft.step = DRAW_WORKER_STEP
    else:
        start_refill(draft)


def with_type(hand: tuple[WorkerType, ...], kind: WorkerType) -> tuple[WorkerType, ...]:
    """``hand``, which is in the fixed order, with a tile of ``kind`` laid in its place: what
    :func:`sorted_hand` gives, without sorting (compiled, ``sorted`` with a key function is
    a call through Python's protocol that calls back for every tile), since a tile is drawn
    at nearly every turn. Each hand and type met is worked out once and kept
    (:func:`_with_type`): the key, a hand of a few worker types and a type, hashes by
    identity, in C, for less than the loop costs."""
    made = _WITH_TYPE.table.get((hand, kind))
    return _with_type(hand, kind) if made is None else made


_WITH_TYPE: Final[Memo[tuple[tuple[WorkerType, ...], WorkerType], tuple[WorkerType, ...]]] = Memo(
    "hands with a tile drawn", 10_000, Forget.NOTHING
)
"""The hands that :func:`with_type` gave, by hand and type drawn: a few hundred at most in
play (hands of up to three tiles of eight types), more only in hand-built positions."""


def _with_type(hand: tuple[WorkerType, ...], kind: WorkerType) -> tuple[WorkerType, ...]:
    """:func:`with_type` worked out, and kept."""
    rank = _TYPE_RANK[kind]
    at = 0
    for held in hand:
        if _TYPE_RANK[held] > rank:
            return _WITH_TYPE.keep((hand, kind), (*hand[:at], kind, *hand[at:]))
        at += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
    return _WITH_TYPE.keep((hand, kind), (*hand, kind))


def draw_worker(draft: Draft, seat: int, kind: WorkerType) -> None:
    """Move a tile of ``kind`` from ``seat``'s pile to their hand."""
    player = draft.players[seat]
    draft.update_tiles(seat, with_type(player.hand, kind), player.pile.remove(kind))
    if draft.events is not None:
        draft.emit(WorkerDrawn(seat, kind))


def do_end_of_turn_draw(draft: Draft, kind: WorkerType) -> None:
    """The end-of-turn draw came out as ``kind``; the refill follows."""
    draw_worker(draft, draft.current, kind)
    start_refill(draft)


def with_tile(tiles: tuple[JungleTile, ...], tile: JungleTile) -> tuple[JungleTile, ...]:
    """``tiles``, which are in the fixed order (the display, the map board), with ``tile``
    laid in its place: what sorting them all again gives, at a fraction of the cost, since
    a tile is laid there at nearly every turn.

    Tiles of different kinds are ordered by kind alone; only tiles of one kind compare
    their :attr:`~cacao_rules.JungleTile.sort_key`, which is made afresh at each reading
    (compiled, a new tuple of a new tuple and six numbers, each boxed), so most lays make
    no key at all.
    """
    if not tiles:
        return (tile,)
    order = KIND_ORDER[tile.kind]
    at = 0
    for held in tiles:
        held_order = KIND_ORDER[held.kind]
        if held_order > order or (held_order == order and held.sort_key > tile.sort_key):
            return (*tiles[:at], tile, *tiles[at:])
        at += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
    return (*tiles, tile)


def refill_display(draft: Draft, tile: JungleTile) -> None:
    """Move ``tile`` from the jungle pile to the display."""
    take_from_pile(draft, tile)
    draft.display = with_tile(draft.display, tile)
    if draft.events is not None:
        draft.emit(DisplayFilled(tile))


def display_wants_tile(draft: View) -> bool:
    """Whether the display is short of 2 tiles and the pile can give one (:rule:`R-END-2`)."""
    return len(draft.display) < DISPLAY_SIZE and draft.jungle_pile._total > 0


def map_board_wants_tile(draft: View) -> bool:
    """Whether the Map module's board is short of 2 tiles and the pile can give one."""
    return (
        _MAP in draft.config.modules
        and len(draft.map_board) < MAP_BOARD_SIZE
        and draft.jungle_pile._total > 0
    )


def fill_map_board(draft: Draft, tile: JungleTile) -> None:
    """Move ``tile`` from the jungle pile to the map board."""
    take_from_pile(draft, tile)
    draft.map_board = with_tile(draft.map_board, tile)
    if draft.events is not None:
        draft.emit(MapBoardFilled(tile))


def start_refill(draft: Draft) -> None:
    """Refill the display, from the map board first (:rule:`R-MAP-4`) and then from the pile
    (:rule:`R-END-2`); then the map board from the pile; then the hut, then the next turn.

    The player chooses which map-board tile slides only if the tiles there differ: the board
    is in the fixed order, so they differ if its first and last do (no set of hashed tiles).
    """
    need = DISPLAY_SIZE - len(draft.display)
    if need > 0 and draft.map_board:
        if need < len(draft.map_board) and draft.map_board[0] != draft.map_board[-1]:
            draft.step = SLIDE_STEP
            return
        for tile in draft.map_board[:need]:
            slide(draft, tile)
        start_refill(draft)
    elif need > 0 and (left := draft.jungle_pile._total):  # display_wants_tile, shortfall known
        if need >= left and _no_mine(draft):  # (the pile's size read once: no __bool__ call)
            _take_the_rest(draft, refill_display)
        else:
            draft.step = REFILL_STEP
    elif (  # map_board_wants_tile, written out: asked at every turn's end, mostly without the Map
        _MAP in draft.config.modules
        and len(draft.map_board) < MAP_BOARD_SIZE
        and (left := draft.jungle_pile._total)
    ):
        if MAP_BOARD_SIZE - len(draft.map_board) >= left and _no_mine(draft):
            _take_the_rest(draft, fill_map_board)
        else:
            draft.step = MAP_REFILL_STEP
    elif not (_HUTS in draft.config.modules and start_hut_step(draft)):
        next_turn(draft)


def _no_mine(view: View) -> bool:
    """Whether the pile holds no gem mine, whose gems would be a chance of their own."""
    return not view.jungle_pile.count(GEM_MINE)


def _take_the_rest(draft: Draft, lay: Callable[[Draft, JungleTile], None]) -> None:
    """Lay every tile left in the pile where it is wanted, then go on refilling.

    When the pile holds no more than the tiles wanted, the order of the draws cannot change
    the result, so no chance node is made (:rule:`R-DECIDE-2`); each tile still counts as a
    chance event for the seeded draws (:rule:`R-CHANCE-2`).
    """
    for tile in list(draft.jungle_pile.elements()):
        draft.chance_count += 1
        lay(draft, tile)
    start_refill(draft)


def slide_moves(view: View) -> list[Slide]:
    """The map-board tiles that can slide into the display, one move per kind of tile.

    Asked only when one of two different tiles must slide; otherwise the engine slides
    what must slide by itself.
    """
    return [Slide(tile) for tile in dict.fromkeys(view.map_board)]


def slide(draft: Draft, tile: JungleTile) -> None:
    """Move ``tile`` from the map board to the display."""
    board = list(draft.map_board)
    board.remove(tile)
    draft.map_board = tuple(board)
    draft.display = with_tile(draft.display, tile)
    if draft.events is not None:
        draft.emit(TileSlid(tile))


def do_slide(draft: Draft, move: Slide) -> None:
    """Slide the chosen map-board tile into the display, then go on refilling."""
    slide(draft, move.tile)
    start_refill(draft)


def check_slide(view: View, move: Slide) -> None:
    """Raise :class:`IllegalMoveError` unless ``move`` slides a tile of the map board."""
    if move.tile not in view.map_board:
        board = ", ".join(tile.code for tile in view.map_board)
        raise IllegalMoveError(f"{move.tile.code} is not on the map board (it holds {board})")


def do_refill(draft: Draft, tile: JungleTile) -> None:
    """The refill draw came out as ``tile``."""
    refill_display(draft, tile)
    start_refill(draft)


def do_map_refill(draft: Draft, tile: JungleTile) -> None:
    """The map board's refill draw came out as ``tile``."""
    fill_map_board(draft, tile)
    start_refill(draft)


def next_turn(draft: Draft) -> None:
    """Pass the turn clockwise, or end the game once every hand is empty (:rule:`R-END-4`).

    In play every player holds the same number of tiles, so the next player's empty hand
    means that the round in which everybody placed their last tile is complete. A seat
    with no tile left is passed over, which matters only in hand-built positions with
    unequal hands (:rule:`R-END-4`).

    The seats are counted round by hand, once each, over the list of players: the pure
    build makes no ``range`` for it and works out no remainder at every turn.
    """
    players = draft.players
    seats = len(players)
    draft.turn += 1
    seat = draft.current
    for _ in players:
        seat += 1
        if seat == seats:
            seat = 0
        if players[seat].hand:
            draft.current = seat
            draft.step = PLACEMENT_STEP
            if draft.events is not None:
                draft.emit(TurnStarted(seat))
            if draft.emperor is not None:  # the module's hook only where the Emperor plays
                turn_started(draft)
            return
    draft.current = (draft.current + 1) % seats
    draft.step = OVER_STEP
    if draft.events is not None:
        final = Draft(draft, None).freeze()  # of a copy: freezing ends a draft
        draft.emit(GameEnded(winners(final)))
