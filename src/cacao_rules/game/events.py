"""Typed events: what :func:`cacao_rules.step` reports about a move.

Events are for logs, user interfaces and tests. Every change of a player's resources and
every tile that moves is reported, including what the engine did by itself: chance
outcomes it drew from the seed and decisions it took because they had a single answer
(:rule:`R-ACT-7`).
"""

from __future__ import annotations

import enum

import attrs

from .components import Gems, Hut, JungleTile, Side, WorkerTile, WorkerType
from .geometry import Square
from .moves import Move


class Resource(enum.Enum):
    """A player resource an event can report a change of."""

    GOLD = "gold"
    CACAO = "cacao"
    SUN = "sun"
    WATER = "water"
    CHOCOLATE = "chocolate"
    MAP_TILES = "map_tiles"
    GEMS = "gems"


@attrs.frozen
class WorkerDrawn:
    """``player`` drew a worker tile of ``type`` from their pile into their hand."""

    player: int
    type: WorkerType


@attrs.frozen
class WorkerDrawnUnseen:
    """``player`` drew a worker tile that the observer may not see (:rule:`R-HIDDEN-4`).

    Only :func:`cacao_rules.observe_events` reports it, in place of another player's
    :class:`WorkerDrawn`.
    """

    player: int


@attrs.frozen
class DisplayFilled:
    """A jungle tile was drawn from the pile into the display."""

    tile: JungleTile


@attrs.frozen
class TurnStarted:
    """It is now ``player``'s turn."""

    player: int


@attrs.frozen
class WorkerPlaced:
    """``player`` placed ``tile`` on ``square``; ``covered`` is the tile now beneath it, if any."""

    player: int
    square: Square
    tile: WorkerTile
    covered: WorkerTile | None = None


@attrs.frozen
class WorkerDiscarded:
    """``player`` could not place and set a tile of ``type`` aside (:rule:`R-PLACE-4`)."""

    player: int
    type: WorkerType


@attrs.frozen
class JungleFilled:
    """``tile`` was put on the jungle space ``square``, from ``source`` (display or pile)."""

    square: Square
    tile: JungleTile
    source: str


@attrs.frozen
class SpaceLeftEmpty:
    """The jungle space ``square`` had to be filled but got no tile (:rule:`R-FILL-5`)."""

    square: Square


@attrs.frozen
class EdgeActivated:
    """The ``workers`` on edge ``side`` of ``owner``'s tile on ``square`` were activated.

    ``layer`` is 0 for a tile placed on an empty square and 1 for a tile placed on top of
    another, so ``(square, layer, side)`` names an edge for the whole game.
    """

    owner: int
    square: Square
    layer: int
    side: Side
    workers: int
    jungle: JungleTile


@attrs.frozen
class EdgeResolved:
    """``owner`` used ``used`` of the workers of an activated edge.

    ``automatic`` is true where the engine resolved the edge because no choice of the owner
    could change anything (:rule:`R-ACT-7`).
    """

    owner: int
    square: Square
    side: Side
    used: int
    automatic: bool


@attrs.frozen
class Gained:
    """``player`` gained ``amount`` of ``resource``; ``wasted`` more was lost to a cap."""

    player: int
    resource: Resource
    amount: int
    wasted: int = 0


@attrs.frozen
class Spent:
    """``player`` gave up ``amount`` of ``resource``."""

    player: int
    resource: Resource
    amount: int


@attrs.frozen
class MapBoardFilled:
    """A jungle tile was drawn from the pile onto the map board (Map module)."""

    tile: JungleTile


@attrs.frozen
class TileSlid:
    """``tile`` slid from the map board into the display (Map module)."""

    tile: JungleTile


@attrs.frozen
class HutSideUp:
    """A hut tile of the setup landed with ``hut`` face up; it joins the supply."""

    hut: Hut


@attrs.frozen
class HutBuilt:
    """``player`` built ``hut`` (its cost is reported as :class:`Spent` gold)."""

    player: int
    hut: Hut


@attrs.frozen
class HutUsed:
    """A hut of ``player`` changed what happened (the Farmer's fruit, the Shaman's free
    overbuild, the Foreman's fourth worker, the Market crier's price)."""

    player: int
    hut: Hut


@attrs.frozen
class EmperorMoved:
    """``player`` placed a tile in the Emperor's row or column: he went from ``start`` to
    ``end`` (the same square when the tile was placed on his own)."""

    player: int
    start: Square
    end: Square


@attrs.frozen
class GemsTaken:
    """``player`` took ``gems`` (by colour) from the gem mine on ``square``."""

    player: int
    square: Square
    gems: Gems


@attrs.frozen
class MaskTaken:
    """``player`` traded one gem of each colour for the mask worth ``value``."""

    player: int
    value: int


@attrs.frozen
class AutoDecision:
    """The engine applied ``move`` for ``player`` because it was the only legal move."""

    player: int
    move: Move


@attrs.frozen
class GameEnded:
    """The game is over; ``winners`` are the seats that share the win."""

    winners: tuple[int, ...]


Event = (
    WorkerDrawn
    | WorkerDrawnUnseen
    | DisplayFilled
    | TurnStarted
    | WorkerPlaced
    | WorkerDiscarded
    | JungleFilled
    | SpaceLeftEmpty
    | EdgeActivated
    | EdgeResolved
    | Gained
    | Spent
    | AutoDecision
    | GameEnded
    | MapBoardFilled
    | TileSlid
    | HutSideUp
    | HutBuilt
    | HutUsed
    | EmperorMoved
    | GemsTaken
    | MaskTaken
)
"""Any event."""
