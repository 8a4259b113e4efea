"""How fast the built-in bots play, as ``bench.py`` reports it for a configuration (issue 39).

Two figures: the greedy bot's complete games per second as a fraction of the random bot's,
both measured in interleaved slices (so under the same load; issue 39's target is at least
1/4), and the search bot's iterations per second on mid-game decisions, with a budget of
iterations and no early stop (so every build runs the same iterations on the same
decisions, and the figure compares builds and revisions "at the same moves"). Only the
public API is used, so that older builds can be measured too.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Sequence

from slices import GameResult, Tally, run_slice

import cacao_rules as cr


@dataclasses.dataclass
class BotSpeed:
    """The bots' speed on one configuration."""

    label: str
    random_games_per_second: float
    greedy_games_per_second: float
    greedy_over_random: list[float]
    """Greedy games/s over random games/s, one per round of interleaved slices."""
    mcts_iterations: int
    mcts_decisions: int
    mcts_iterations_per_second: float


class _Seeds:
    """The seeds of successive games, shared by the slices of one bot."""

    def __init__(self, first: int) -> None:
        self.next = first

    def take(self) -> int:
        """The next game's seed."""
        self.next += 1
        return self.next


def bot_game(config: cr.Config, make: type[cr.Bot], seeds: _Seeds) -> GameResult:
    """One complete game of ``config`` with a bot ``make(seed)`` in every seat."""
    seed = seeds.take()
    players = config.players
    final, moves = cr.play_game(config, seed, [make(seed * players + i) for i in range(players)])
    return GameResult(len(moves), final.turn, False)


def greedy_and_random(
    config: cr.Config, seed: int, rounds: int, seconds: float
) -> tuple[Tally, Tally, list[float]]:
    """Random-bot and greedy-bot games in alternating slices of ``seconds``, swapping
    which goes first each round: both tallies and each round's greedy/random ratio."""
    random_play = functools.partial(bot_game, config, cr.RandomBot, _Seeds(seed))
    greedy_play = functools.partial(bot_game, config, cr.GreedyBot, _Seeds(seed))
    random_play()
    greedy_play()  # warm-up, not counted
    totals = (Tally(), Tally())
    ratios = []
    for index in range(rounds):
        if index % 2 == 0:
            random_slice = run_slice(random_play, seconds)
            greedy_slice = run_slice(greedy_play, seconds)
        else:
            greedy_slice = run_slice(greedy_play, seconds)
            random_slice = run_slice(random_play, seconds)
        totals[0].add(random_slice)
        totals[1].add(greedy_slice)
        ratios.append(greedy_slice.rate(greedy_slice.games) / random_slice.rate(random_slice.games))
    return totals[0], totals[1], ratios


def mcts_speed(states: Sequence[cr.State], iterations: int) -> tuple[int, int, float]:
    """The search bot (``iterations`` per decision, no early stop) on each of ``states``:
    iterations run, decisions searched, and seconds taken."""
    done = decisions = 0
    elapsed = 0.0
    for index, state in enumerate(states):
        bot = cr.MCTSBot(index, iterations=iterations, stop_early=False)
        start = time.perf_counter()
        bot.choose(state)
        elapsed += time.perf_counter() - start
        done += bot.last_iterations
        decisions += 1
    return done, decisions, elapsed


def bot_speed(
    label: str,
    config: cr.Config,
    states: Sequence[cr.State],
    seed: int,
    rounds: int,
    seconds: float,
    iterations: int,
) -> BotSpeed:
    """Both figures on ``config``: bot games in ``rounds`` rounds of slices of
    ``seconds``, and the search bot on ``states`` (decisions with more than one move)."""
    random_tally, greedy_tally, ratios = greedy_and_random(config, seed, rounds, seconds)
    chosen = [state for state in states if len(cr.legal_moves(state)) > 1]
    done, decisions, elapsed = mcts_speed(chosen, iterations)
    return BotSpeed(
        label=label,
        random_games_per_second=random_tally.rate(random_tally.games),
        greedy_games_per_second=greedy_tally.rate(greedy_tally.games),
        greedy_over_random=ratios,
        mcts_iterations=done,
        mcts_decisions=decisions,
        mcts_iterations_per_second=done / elapsed if elapsed else float("nan"),
    )
