"""OpenSpiel's information-set MCTS playing Cacao through the adapter (``docs/bots.md``).

Needs the extra: ``pip install ".[openspiel]"``. Run it as
``python examples/openspiel_ismcts.py --games 4 --simulations 60``: ISMCTS plays 2-player
base games against a uniformly random player, changing seats each game, and the script
prints who won. Every draw is seeded (the bot, its resampling, chance and the random player),
so a run is repeatable.

The one thing ISMCTS needs from the game beyond OpenSpiel's usual interface is a way to draw
a full state consistent with what its player knows: ``state.resample_from_infostate``, which
the adapter implements with :func:`cacao_rules.determinize`.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import cacao_rules.openspiel  # noqa: F401  (registers the game python_cacao)


def ismcts_bot(game: Any, seed: int, simulations: int = 60) -> Any:
    """OpenSpiel's ISMCTS bot for ``game`` with random rollouts, ``simulations`` a move,
    every draw seeded by ``seed``."""
    numbers = np.random.RandomState(seed)
    sampler = random.Random(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers),
        uct_c=0.7,
        max_simulations=simulations,
        max_world_samples=4,
        random_state=numbers,
    )
    # Draw the hidden tiles from the seeded sampler, so that a game is repeatable.
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler.random))
    return bot


def play(game: Any, bot: Any, seat: int, seed: int) -> list[float]:
    """One game of ``bot`` in ``seat`` against a uniformly random player (chance drawn with
    its probabilities); the returns of each seat (the winners share 1)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
        elif state.current_player() == seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns: list[float] = state.returns()
    return returns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=60)
    args = parser.parse_args()
    game = pyspiel.load_game("python_cacao")
    wins = 0.0
    for number in range(args.games):
        seat = number % 2
        returns = play(game, ismcts_bot(game, number, args.simulations), seat, 1000 + number)
        wins += returns[seat]
        print(f"game {number}: ISMCTS in seat {seat}, returns {returns}")
    print(f"ISMCTS won {wins:g} of {args.games} games against a random player")


if __name__ == "__main__":
    main()
