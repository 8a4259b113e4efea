"""The Favour of the Emperor module: where the Emperor stands, his moves and his gold.

Everything the module changes is here: his start on the second start tile
(:rule:`R-EMPEROR-1`), his jump onto a worker tile placed in his row or column with 1 gold for
its owner (:rule:`R-EMPEROR-2`, :rule:`R-EMPEROR-4`), and 1 gold at the start of a turn for the
player whose tile he stands on (:rule:`R-EMPEROR-3`).
"""

from __future__ import annotations

from typing import Final

from ..game.components import WorkerTile
from ..game.config import Config, Module
from ..game.events import EmperorMoved, Gained, Resource
from ..game.geometry import Square
from ..state.draft import Draft

EMPEROR_START: Final[Square] = (1, 1)
"""The second start tile: the price-2 market, or the water tile with Watering."""

FAVOUR_GOLD: Final = 1
"""Gold for moving the Emperor, and for starting a turn under his favour."""


def emperor_start(config: Config) -> Square | None:
    """Where the Emperor starts, or ``None`` without the module."""
    return EMPEROR_START if config.has(Module.EMPEROR) else None


def _pay(draft: Draft, seat: int) -> None:
    player = draft.players[seat]
    draft.update_gold(seat, player.gold + FAVOUR_GOLD)
    if draft.events is not None:
        draft.emit(Gained(seat, Resource.GOLD, FAVOUR_GOLD))


def after_placement(draft: Draft, square: Square) -> None:
    """A worker tile was placed (or overbuilt) on ``square`` by the player to move.

    In the Emperor's row or column he jumps onto it, whatever lies between, and the player
    takes 1 gold. A tile placed on his own square (an overbuild) keeps him there and pays
    the same (:rule:`R-EMPEROR-4`).
    """
    at = draft.emperor
    if at is None or (square[0] != at[0] and square[1] != at[1]):
        return
    draft.emperor = square
    if draft.events is not None:
        draft.emit(EmperorMoved(draft.current, at, square))
    _pay(draft, draft.current)


def turn_started(draft: Draft) -> None:
    """1 gold to the player to move if the Emperor stands on their tile (:rule:`R-EMPEROR-3`)."""
    at = draft.emperor
    if at is None:
        return
    tile = draft.board.get(at)
    if isinstance(tile, WorkerTile) and tile.owner == draft.current:
        _pay(draft, draft.current)
