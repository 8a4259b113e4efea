"""Worker draws into a hand: who sees them, and when the engine may make one by itself.

Only the drawing player sees which worker tile goes into their hand (:rule:`R-HIDDEN-4`).
The engine applies a chance event with a single possible outcome without stopping, and
every seat sees whether it stopped. A worker draw from a pile of one type would so tell the
other seats what the pile, and so the hand, holds; in a game without a seed the engine
therefore stops at it, unless the other seats can foresee its outcome from what they see
(:rule:`R-CHANCE-2`).
"""

from __future__ import annotations

from ..state.state import DealStep, DrawWorkerStep
from ..state.view import View
from .setup import hut_tile_being_dealt, seat_being_dealt


def drawing_seat(view: View) -> int | None:
    """The seat that draws a worker tile into its hand at the chance node ``view`` waits at
    (the deal or the end of a turn); ``None`` at any other step."""
    step = view.step
    if isinstance(step, DrawWorkerStep):
        return view.current
    if isinstance(step, DealStep) and hut_tile_being_dealt(view) is None:
        return seat_being_dealt(view)
    return None


def tiles_foreseen(view: View, seat: int) -> bool:
    """Whether every seat knows the type of each tile ``seat`` has still to play.

    The others see the tiles in ``seat``'s hand and pile only as one multiset
    (:rule:`R-HIDDEN-2`): they know which tile a draw from that pile gives exactly when the
    multiset holds a single type.
    """
    player = view.players[seat]
    pile = player.pile.items
    if len(pile) > 1:
        return False
    kinds = set(player.hand)
    kinds.update(kind for kind, _ in pile)
    return len(kinds) <= 1


def draw_foreseen(view: View) -> bool:
    """Whether every seat can foresee the outcome of the chance node ``view`` waits at, when
    that node has a single possible outcome: a public draw, or a worker draw by a seat whose
    tiles are all of one type (:rule:`R-CHANCE-2`)."""
    seat = drawing_seat(view)
    return seat is None or tiles_foreseen(view, seat)
