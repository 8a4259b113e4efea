"""The public scoring functions: :func:`final_scores` and :func:`winners`."""

from __future__ import annotations

from ..errors import expect
from ..game.config import Module
from ..game.frozen import FrozenMap
from ..game.score_sheet import ScoreSheet
from ..modules.gem_mines import gem_gold, mask_gold
from ..modules.huts import hut_bonus, hut_costs
from ..state.state import State
from .scoring import temple_totals


def final_scores(state: State) -> tuple[ScoreSheet, ...]:
    """Each player's :class:`~cacao_rules.ScoreSheet`, in seat order.

    On a game that is not over yet the scores are provisional: what the players would
    score if the game ended now (:rule:`R-SCORE-10`).
    """
    expect(state, State)
    temples = temple_totals(state)
    sheets = []
    for seat, player in enumerate(state.players):
        breakdown = {
            "gold": player.gold,
            "temples": temples[seat],
            "sun": player.sun,
            "water": player.water,
        }
        if state.config.has(Module.HUTS):
            breakdown["huts"] = hut_costs(player)
            breakdown["hut bonus"] = hut_bonus(state, seat)
        if state.config.has(Module.GEM_MINES):
            breakdown["masks"] = mask_gold(state, seat)
            breakdown["gems"] = gem_gold(state, seat)
        sheets.append(ScoreSheet(seat, sum(breakdown.values()), FrozenMap(breakdown), player.cacao))
    return tuple(sheets)


def winners(state: State) -> tuple[int, ...]:
    """The winning seats: most gold, then most cacao left; several on a shared win
    (:rule:`R-SCORE-9`)."""
    sheets = final_scores(state)
    best = max((sheet.total, sheet.cacao) for sheet in sheets)
    return tuple(sheet.player for sheet in sheets if (sheet.total, sheet.cacao) == best)
