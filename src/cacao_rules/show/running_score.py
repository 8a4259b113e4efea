"""Who is ahead during a game: what each seat would score if the game ended now.

The running score is the score sheet of the position as it stands (:func:`~cacao_rules.final_scores`
of a game not over): gold in hand, the temple majorities so far, sun tokens, the water
carrier's field, and with the modules the huts, masks and gems. Every part of it is open
information, so it is the same for a state and for any player's observation of it, and
every picture and text of a game in progress shows it: :func:`running_scores` gives the
figures and :func:`running_score_line` the line that the terminal and the replay page print.
"""

from __future__ import annotations

from ..game.score_sheet import ScoreSheet
from ..observation import completed_state
from ..state.state import State
from ..turn.results import final_scores, winners
from .seats import Shown


def _as_state(shown: Shown) -> State:
    """``shown``, or for an observation the state its open part gives with the hidden hands
    filled in bag order, not sampled: no hidden tile counts towards a score, and a picture
    never guesses at what its viewer cannot see."""
    return shown if isinstance(shown, State) else completed_state(shown)


def running_scores(shown: Shown) -> tuple[tuple[ScoreSheet, ...], tuple[int, ...]]:
    """Each seat's score sheet if the game ended now, and the seats leading (on the total,
    then the cacao, as the tiebreak decides; several when they are level)."""
    state = _as_state(shown)
    return final_scores(state), winners(state)


def running_score_line(shown: Shown) -> str:
    """The running score in one line: each seat's total with its temples and water, and
    who leads.

    >>> import cacao_rules as cr
    >>> print(running_score_line(cr.new_game(cr.Config(players=2), seed=1)))
    If the game ended now: seat 0 -10 (temples 0, water -10),
    seat 1 -10 (temples 0, water -10); seats 0 and 1 level
    """
    sheets, leaders = running_scores(shown)
    parts = [
        f"seat {sheet.player} {sheet.total} (temples {sheet.breakdown['temples']}, "
        f"water {sheet.breakdown['water']})"
        for sheet in sheets
    ]
    if len(leaders) == 1:
        lead = f"seat {leaders[0]} leads" if not shown.is_over else f"seat {leaders[0]} wins"
    else:
        lead = "seats " + ", ".join(map(str, leaders[:-1])) + f" and {leaders[-1]} level"
    what = "At the end" if shown.is_over else "If the game ended now"
    return f"{what}: {', '.join(parts)}; {lead}"
