"""What a picture of the game shows of each seat, read alike from a state or an observation.

The SVG board and the text boards draw both a :class:`~cacao_rules.State` and an
:class:`~cacao_rules.Observation`. An observation hides the other players' hands, so what
is drawn of a seat is read through :func:`seat_summaries`, which gives a hand only where the
picture may show it; :func:`waiting_for` says in words what the game waits for.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ..agents.determinization import determinize
from ..agents.observation import Observation
from ..game.components import Gems, Hut, WorkerType
from ..state.state import PlayerState, State
from .render import describe_step

Shown: TypeAlias = State | Observation
"""What the boards draw: a full state, or what one player may know of it."""


@attrs.frozen
class SeatSummary:
    """One seat's resources as a picture shows them; ``hand`` is ``None`` where hidden."""

    seat: int
    gold: int
    cacao: int
    chocolate: int
    sun: int
    water: int
    hand: tuple[WorkerType, ...] | None
    hand_size: int
    pile_size: int
    map_tiles: int
    huts: tuple[Hut, ...]
    gems: Gems
    masks: tuple[int, ...]


def _summary(seat: int, player: PlayerState | object, shown: Shown) -> SeatSummary:
    if isinstance(player, PlayerState):
        hand: tuple[WorkerType, ...] | None = player.hand
        hand_size, pile_size = len(player.hand), player.pile.total
    else:
        assert isinstance(shown, Observation)
        view = shown.players[seat]
        hand, hand_size, pile_size = view.hand, view.hand_size, view.pile_size
    source = shown.players[seat]
    return SeatSummary(
        seat=seat,
        gold=source.gold,
        cacao=source.cacao,
        chocolate=source.chocolate,
        sun=source.sun,
        water=source.water,
        hand=hand,
        hand_size=hand_size,
        pile_size=pile_size,
        map_tiles=source.map_tiles,
        huts=source.huts,
        gems=source.gems,
        masks=source.masks,
    )


def seat_summaries(shown: Shown) -> tuple[SeatSummary, ...]:
    """Every seat's summary, in seat order; an observation shows only its player's hand."""
    return tuple(_summary(seat, player, shown) for seat, player in enumerate(shown.players))


def waiting_for(shown: Shown) -> str:
    """What the game waits for, in words, as :func:`~cacao_rules.show.render.describe_step`.

    The sentence reads only open parts of the game (the step, whose turn it is, the map
    board, and at the end the scores, when no hand is left), so for an observation it is
    read from any state consistent with it.
    """
    state = shown if isinstance(shown, State) else determinize(shown, seed=0)
    return describe_step(state)


def summary_line(shown: Shown) -> str:
    """A one-line description, for a notebook's text view of a state or an observation."""
    kind = "State" if isinstance(shown, State) else f"Observation of seat {shown.player}"
    config = shown.config
    modules = (
        "the Big Game"
        if config.is_big_game
        else ", ".join(sorted(module.value for module in config.modules)) or "base game"
    )
    return (
        f"<{kind}: {config.players} players, {modules}, turn {shown.turn}, "
        f"{len(shown.board)} tiles on the board; {waiting_for(shown)}>"
    )
