"""What a picture of the game shows of each seat, read alike from a state or an observation.

The SVG board and the text boards draw both a :class:`~cacao_rules.State` and an
:class:`~cacao_rules.Observation`. An observation hides the other players' hands, so what
is drawn of a seat is read through :func:`seat_summaries`, which gives a hand only where the
picture may show it.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ..observation import Observation, PlayerView, player_view
from ..state.state import State

Shown: TypeAlias = State | Observation
"""What the boards draw: a full state, or what one player may know of it."""


@attrs.frozen
class SeatSummary(PlayerView):
    """One seat's :class:`~cacao_rules.PlayerView` with its seat number; ``hand`` is
    ``None`` where the picture may not show it."""

    seat: int


def seat_summaries(shown: Shown) -> tuple[SeatSummary, ...]:
    """Every seat's summary, in seat order; an observation shows only its player's hand."""
    views = (
        shown.players
        if isinstance(shown, Observation)
        else tuple(player_view(player, own=True) for player in shown.players)
    )
    return tuple(
        SeatSummary(**attrs.asdict(view, recurse=False), seat=seat)
        for seat, view in enumerate(views)
    )
