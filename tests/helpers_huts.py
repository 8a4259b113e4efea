"""Shared builders for the Hut module's rule tests (``tests/test_rules_huts*.py``).

- :data:`HUTS_2P` is a 2-player game with the Huts module and no agreed selection, so that
  :func:`hut_position` can give the hut supply explicitly;
- :func:`hut_position` lays out a position of such a game where seat 0 is to move;
- :func:`names` and :func:`hut_events` shorten what the tests assert;
- :data:`AGREED_SELECTIONS` draws agreed hut selections that the tiles can show (R-HUT-2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from hypothesis import strategies as st

import cacao_rules as cr
from cacao_rules.game.components import HUT_TILES, Hut
from cacao_rules.game.events import HutBuilt, HutUsed
from helpers_positions import W1111, Square, start_board

HUTS_2P = cr.Config(players=2, modules={cr.Module.HUTS})
"""Two players with the Huts module and random sides (the supply is then given by hand)."""

AGREED_SELECTIONS: st.SearchStrategy[frozenset[Hut]] = st.lists(
    st.sampled_from((None, 0, 1)), min_size=len(HUT_TILES), max_size=len(HUT_TILES)
).map(
    lambda sides: frozenset(
        tile[side] for tile, side in zip(HUT_TILES, sides, strict=True) if side is not None
    )
)
"""Agreed hut selections the 12 tiles can show face up: each tile left out or turned to one
of its sides (R-HUT-2)."""


def hut_position(
    seat0: cr.PlayerState,
    *,
    hand: tuple[cr.WorkerType, ...] = (W1111,),
    seat1: cr.PlayerState | None = None,
    board: Mapping[Square, cr.Tile] | None = None,
    covered: Mapping[Square, cr.WorkerTile] | None = None,
    supply: Iterable[Hut] = (),
    config: cr.Config = HUTS_2P,
    display: Iterable[cr.JungleTile] = (),
    jungle_pile: Iterable[cr.JungleTile] | None = None,
    current: int = 0,
) -> cr.State:
    """A 2-player position with seat 0 holding ``hand`` and the hut ``supply`` given.

    ``board`` defaults to the start tiles; seat 1 defaults to a player with one 1-1-1-1.
    """
    other = seat1 if seat1 is not None else cr.PlayerState(hand=(W1111,))
    return cr.position(
        config,
        board=board if board is not None else start_board(),
        covered=covered,
        players=[seat0.replace(hand=hand), other],
        display=display,
        jungle_pile=jungle_pile,
        hut_supply=list(supply),
        current=current,
    )


def names(state: cr.State) -> list[str]:
    """The legal moves of ``state`` in notation."""
    return [str(move) for move in cr.legal_moves(state)]


def hut_events(events: Iterable[object]) -> list[HutBuilt | HutUsed]:
    """The :class:`HutBuilt` and :class:`HutUsed` events, in order."""
    return [event for event in events if isinstance(event, HutBuilt | HutUsed)]
