"""The public scoring functions: :func:`final_scores` and :func:`winners`."""

from __future__ import annotations

from ..errors import expect
from ..state.state import State
from .scoring import ScoreSheet, score_sheets, winners_of


def final_scores(state: object) -> tuple[ScoreSheet, ...]:
    """Each player's :class:`~cacao_rules.ScoreSheet`, in seat order.

    On a game that is not over yet the scores are provisional: what the players would
    score if the game ended now (:rule:`R-SCORE-10`).
    """
    return score_sheets(expect(state, State, "final_scores"))


def winners(state: object) -> tuple[int, ...]:
    """The winning seats: most gold, then most cacao left; several on a shared win
    (:rule:`R-SCORE-9`)."""
    return winners_of(expect(state, State, "winners"))
