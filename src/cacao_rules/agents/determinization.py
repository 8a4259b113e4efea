"""Full states consistent with what one player knows: :func:`determinize`.

Search code for games of hidden information (determinized MCTS, information-set MCTS,
OpenSpiel's ``resample_from_infostate``) plays on from states that agree with what the
searching player has seen and fill in the rest at random (:rule:`R-HIDDEN-3`).
"""

from __future__ import annotations

from ..compiled import Int
from ..errors import expect, expect_any
from ..game.components import WorkerType
from ..game.frozen import Bag
from ..observation import Observation, completed_state
from ..state.chance import check_seed, seeded_pick
from ..state.state import State


def determinize(observation: Observation, seed: Int, *, chance_seed: int | None = None) -> State:
    """A full state that ``observation``'s player cannot tell from the real one.

    Each other player's hand is drawn, tile by tile, from the tiles that player may hold
    (:rule:`R-HIDDEN-3`), by the same counter-based source as a seeded game's draws, so the
    same ``seed`` gives the same state. The state's own ``seed`` is ``chance_seed``: with
    ``None`` its chance events are exposed as chance nodes; with an integer :func:`apply`
    resolves them, which is what a random playout wants.

    >>> import cacao_rules as cr
    >>> state = cr.new_game(cr.Config(players=2), seed=3)
    >>> guess = cr.determinize(cr.observe(state, 0), seed=5, chance_seed=11)
    >>> guess.players[0].hand == state.players[0].hand, len(guess.players[1].hand)
    (True, 3)
    >>> cr.legal_moves(guess) == cr.legal_moves(state)
    True
    """
    expect(observation, Observation)
    expect(seed, int)
    expect_any(chance_seed, (int,), optional=True)
    check_seed(seed, "determinize: seed")
    check_seed(chance_seed, "determinize: chance_seed", optional=True)
    return dealt(observation, seed, chance_seed)


def dealt(observation: Observation, seed: int, chance_seed: int | None) -> State:
    """:func:`determinize` with arguments known to be right: for a search that deals once
    per iteration, from seeds it draws itself."""

    def drawn(pile: Bag[WorkerType], draws: int) -> WorkerType:
        return seeded_pick(pile, seed, draws)

    return completed_state(observation, drawn, chance_seed)
