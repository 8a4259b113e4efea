"""Sentences for events: what a log or a terminal shows of a move's effects."""

from __future__ import annotations

from ..game.components import GEM_COLOURS
from ..game.events import (
    AutoDecision,
    EmperorMoved,
    Event,
    Gained,
    GemsTaken,
    HutBuilt,
    HutUsed,
    JungleFilled,
    MaskTaken,
    Resource,
    SpaceLeftEmpty,
    Spent,
    TileSlid,
    WorkerDiscarded,
)
from ..game.geometry import format_square


def describe_event(event: Event) -> str | None:
    """A short line for the events a reader wants to see; ``None`` for the others."""
    if isinstance(event, AutoDecision):
        return f"seat {event.player} (only choice): {event.move}"
    if isinstance(event, Gained) and (event.amount or event.wasted):
        wasted = f" ({event.wasted} lost: storage full)" if event.wasted else ""
        if event.resource is Resource.WATER:
            steps = "step" if event.amount == 1 else "steps"
            return f"seat {event.player} +{event.amount} water {steps}"
        return f"seat {event.player} +{event.amount} {event.resource.value}{wasted}"
    if isinstance(event, Spent) and event.amount:
        if event.resource is Resource.MAP_TILES:
            tiles = "map tile" if event.amount == 1 else "map tiles"
            return f"seat {event.player} -{event.amount} {tiles}"
        return f"seat {event.player} -{event.amount} {event.resource.value}"
    if isinstance(event, JungleFilled) and event.source != "display":
        return f"{format_square(event.square)} = {event.tile.code} (blind draw from the pile)"
    if isinstance(event, SpaceLeftEmpty):
        return f"{format_square(event.square)} stays empty: no jungle tile left"
    if isinstance(event, WorkerDiscarded):
        return f"seat {event.player} cannot place and sets {event.type} aside"
    if isinstance(event, TileSlid):
        return f"{event.tile.code} slides from the map board into the display"
    if isinstance(event, HutBuilt):
        return f"seat {event.player} builds the {event.hut}"
    if isinstance(event, HutUsed):
        return f"seat {event.player}'s {event.hut} takes effect"
    if isinstance(event, GemsTaken):
        taken = ", ".join(
            f"{count} {colour}"
            for count, colour in zip(event.gems, GEM_COLOURS, strict=True)
            if count
        )
        return (
            f"seat {event.player} takes {taken} from the gem mine on {format_square(event.square)}"
        )
    if isinstance(event, MaskTaken):
        return f"seat {event.player} trades one gem of each colour for the mask worth {event.value}"
    if isinstance(event, EmperorMoved):
        if event.start == event.end:
            return f"the Emperor stays on {format_square(event.end)}"
        return f"the Emperor moves from {format_square(event.start)} to {format_square(event.end)}"
    return None
