"""The end of a turn: the worker draw, the display refill, the next player, the game's end.

Rules: :rule:`R-END-1` to :rule:`R-END-4`.
"""

from __future__ import annotations

from .components import DISPLAY_SIZE, JungleTile, WorkerType
from .draft import Draft
from .events import DisplayFilled, GameEnded, TurnStarted, WorkerDrawn
from .scoring import winners_of
from .state import DrawWorkerStep, OverStep, PlacementStep, RefillStep


def sorted_hand(hand: list[WorkerType]) -> tuple[WorkerType, ...]:
    """A hand in its fixed order (by worker type)."""
    return tuple(sorted(hand, key=lambda kind: kind.sort_key))


def start_end_of_turn(draft: Draft) -> None:
    """The player whose turn ends draws a worker tile, if their pile has any (:rule:`R-END-1`)."""
    if draft.players[draft.current].pile:
        draft.step = DrawWorkerStep()
    else:
        start_refill(draft)


def draw_worker(draft: Draft, seat: int, kind: WorkerType) -> None:
    """Move a tile of ``kind`` from ``seat``'s pile to their hand."""
    player = draft.players[seat]
    draft.update_player(seat, pile=player.pile.remove(kind), hand=sorted_hand([*player.hand, kind]))
    draft.emit(WorkerDrawn(seat, kind))


def do_end_of_turn_draw(draft: Draft, kind: WorkerType) -> None:
    """The end-of-turn draw came out as ``kind``; the refill follows."""
    draw_worker(draft, draft.current, kind)
    start_refill(draft)


def refill_display(draft: Draft, tile: JungleTile) -> None:
    """Move ``tile`` from the jungle pile to the display."""
    draft.jungle_pile = draft.jungle_pile.remove(tile)
    draft.display = tuple(sorted((*draft.display, tile), key=lambda t: t.sort_key))
    draft.emit(DisplayFilled(tile))


def display_wants_tile(draft: Draft) -> bool:
    """Whether the display is short of 2 tiles and the pile can give one (:rule:`R-END-2`)."""
    return len(draft.display) < DISPLAY_SIZE and bool(draft.jungle_pile)


def start_refill(draft: Draft) -> None:
    """Refill the display as far as the pile allows, then pass the turn on."""
    if display_wants_tile(draft):
        draft.step = RefillStep()
    else:
        next_turn(draft)


def do_refill(draft: Draft, tile: JungleTile) -> None:
    """The refill draw came out as ``tile``."""
    refill_display(draft, tile)
    start_refill(draft)


def next_turn(draft: Draft) -> None:
    """Pass the turn clockwise, or end the game once every hand is empty (:rule:`R-END-4`).

    In play every player holds the same number of tiles, so the next player's empty hand
    means that the round in which everybody placed their last tile is complete. A seat
    with no tile left is passed over, which matters only in hand-built positions with
    unequal hands (:rule:`R-END-4`).
    """
    seats = len(draft.players)
    draft.turn += 1
    for step in range(1, seats + 1):
        seat = (draft.current + step) % seats
        if draft.players[seat].hand:
            draft.current = seat
            draft.step = PlacementStep()
            draft.emit(TurnStarted(seat))
            return
    draft.current = (draft.current + 1) % seats
    draft.step = OverStep()
    draft.emit(GameEnded(winners_of(draft)))
