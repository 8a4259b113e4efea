"""Sentences for events: what a log, a terminal or a user interface shows of a move's effects.

:func:`describe` gives a sentence for every event (public as ``cacao_rules.describe``);
:func:`describe_event` picks the ones a terminal game log shows, the others being visible on
the board printed after each turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..errors import expect_any
from ..game.components import GEM_COLOURS
from ..game.events import (
    AutoDecision,
    DisplayFilled,
    EdgeActivated,
    EdgeResolved,
    EmperorMoved,
    Event,
    Gained,
    GameEnded,
    GemsTaken,
    HutBuilt,
    HutSideUp,
    HutUsed,
    JungleFilled,
    MapBoardFilled,
    MaskTaken,
    Resource,
    SpaceLeftEmpty,
    Spent,
    TileSlid,
    TurnStarted,
    WorkerDiscarded,
    WorkerDrawn,
    WorkerDrawnUnseen,
    WorkerPlaced,
)
from ..game.geometry import format_square


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _gained(event: Gained) -> str:
    wasted = f" ({event.wasted} lost: storage full)" if event.wasted else ""
    if event.resource is Resource.WATER:
        steps = "step" if event.amount == 1 else "steps"
        return f"seat {event.player} +{event.amount} water {steps}"
    return f"seat {event.player} +{event.amount} {event.resource.value}{wasted}"


def _spent(event: Spent) -> str:
    if event.resource is Resource.MAP_TILES:
        tiles = "map tile" if event.amount == 1 else "map tiles"
        return f"seat {event.player} -{event.amount} {tiles}"
    return f"seat {event.player} -{event.amount} {event.resource.value}"


_SOURCES: Final = {
    "pile": "blind draw from the pile",
    "display": "from the display",
    "map": "from the map board",
}


def _filled(event: JungleFilled) -> str:
    source = _SOURCES.get(event.source, event.source)
    return f"{format_square(event.square)} = {event.tile.code} ({source})"


def _placed(event: WorkerPlaced) -> str:
    tile = event.tile
    over = f" over their {event.covered.type}" if event.covered is not None else ""
    foreman = " (with the Foreman's 4th worker)" if tile.foreman else ""
    return (
        f"seat {event.player} places {tile.type} on {format_square(event.square)} "
        f"turned r{tile.rotation}{over}{foreman}"
    )


def _activated(event: EdgeActivated) -> str:
    return (
        f"{format_square(event.square)} {event.side.name}: "
        f"{_plural(event.workers, 'worker')} of seat {event.owner} activated at {event.jungle.code}"
    )


def _resolved(event: EdgeResolved) -> str:
    how = " (no choice to make)" if event.automatic else ""
    return (
        f"seat {event.owner} uses {_plural(event.used, 'worker')} of "
        f"{format_square(event.square)} {event.side.name}{how}"
    )


def _gems(event: GemsTaken) -> str:
    taken = ", ".join(
        f"{count} {colour}" for count, colour in zip(event.gems, GEM_COLOURS, strict=True) if count
    )
    return f"seat {event.player} takes {taken} from the gem mine on {format_square(event.square)}"


def _emperor(event: EmperorMoved) -> str:
    if event.start == event.end:
        return f"the Emperor stays on {format_square(event.end)}"
    return f"the Emperor moves from {format_square(event.start)} to {format_square(event.end)}"


def _ended(event: GameEnded) -> str:
    seats = ", ".join(f"seat {seat}" for seat in event.winners)
    who = "winners (shared win)" if len(event.winners) > 1 else "winner"
    return f"the game is over; {who}: {seats}"


_SENTENCES: Final[dict[type, Callable[[Any], str]]] = {
    AutoDecision: lambda e: f"seat {e.player} (only choice): {e.move}",
    Gained: _gained,
    Spent: _spent,
    JungleFilled: _filled,
    SpaceLeftEmpty: lambda e: f"{format_square(e.square)} stays empty: the jungle pile is empty",
    WorkerDiscarded: lambda e: f"seat {e.player} cannot place and sets {e.type} aside",
    TileSlid: lambda e: f"{e.tile.code} slides from the map board into the display",
    HutBuilt: lambda e: f"seat {e.player} builds the {e.hut}",
    HutUsed: lambda e: f"seat {e.player}'s {e.hut} takes effect",
    GemsTaken: _gems,
    MaskTaken: lambda e: (
        f"seat {e.player} trades one gem of each colour for the mask worth {e.value}"
    ),
    EmperorMoved: _emperor,
    WorkerDrawn: lambda e: f"seat {e.player} draws a {e.type} worker tile",
    WorkerDrawnUnseen: lambda e: f"seat {e.player} draws a worker tile",
    DisplayFilled: lambda e: f"{e.tile.code} is drawn into the display",
    MapBoardFilled: lambda e: f"{e.tile.code} is drawn onto the map board",
    TurnStarted: lambda e: f"seat {e.player}'s turn",
    WorkerPlaced: _placed,
    EdgeActivated: _activated,
    EdgeResolved: _resolved,
    HutSideUp: lambda e: f"a hut tile lands with the {e.hut} face up",
    GameEnded: _ended,
}


def describe(event: Event) -> str:
    """A short sentence saying what ``event`` reports, for any event.

    >>> import cacao_rules as cr
    >>> cr.describe(cr.Gained(player=1, resource=cr.Resource.CACAO, amount=2, wasted=1))
    'seat 1 +2 cacao (1 lost: storage full)'
    >>> cr.describe(cr.TurnStarted(player=0))
    "seat 0's turn"
    """
    if type(event) not in _SENTENCES:
        expect_any(event, Event)
    return _SENTENCES[type(event)](event)


def _shown(event: Event) -> bool:
    """Whether a terminal log shows ``event``: what the board after the turn does not show."""
    if isinstance(event, Gained):
        return bool(event.amount or event.wasted)
    if isinstance(event, Spent):
        return bool(event.amount)
    if isinstance(event, JungleFilled):
        return event.source != "display"
    return isinstance(event, _LOGGED)


_LOGGED: Final = (
    AutoDecision,
    SpaceLeftEmpty,
    WorkerDiscarded,
    TileSlid,
    HutBuilt,
    HutUsed,
    GemsTaken,
    MaskTaken,
    EmperorMoved,
)


def describe_event(event: Event) -> str | None:
    """The line a terminal game log shows for ``event``; ``None`` for the events it leaves
    out (placements, activations and draws, which the move and the board show)."""
    return describe(event) if _shown(event) else None
