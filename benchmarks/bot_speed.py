"""How fast the built-in bots play, as ``bench.py`` reports it for a configuration (issue 39).

Two figures: the greedy bot's complete games per second as a fraction of the random bot's,
both measured in interleaved slices (so under the same load; issue 39's target is at least
1/4), and the search bot's iterations per second on mid-game decisions, with a budget of
iterations and no early stop (so every build runs the same iterations on the same
decisions, and the figure compares builds and revisions "at the same moves"). Only the
public API is used, so that older builds can be measured too.

The search figure is an absolute rate, not a ratio under the same load, so it is measured
against what made it swing by half between runs of one build: it is timed in CPU seconds
of this process (a wall clock on a shared machine counts the other processes' turns too);
a round of every decision is searched once untimed first, so that the timed rounds find
the engine's and the bot's tables as warm as a bot in a game finds them; each round starts
with a full garbage collection, so that a collection of the heap the earlier figures left
behind does not land in one short timing; and the figure is the median over several
rounds, each searching every decision with seeds of its own, with the rounds' range.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import statistics
import time
from collections.abc import Callable, Sequence

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
    """The search bot's iterations in one round (every decision searched once)."""
    mcts_decisions: int
    mcts_iterations_per_second: float
    """The median of :attr:`mcts_rounds`."""
    mcts_rounds: list[float]
    """The search bot's iterations per CPU second, one per timed round."""


class _Seeds:
    """The seeds of successive games, shared by the slices of one bot."""

    def __init__(self, first: int) -> None:
        self.next = first

    def take(self) -> int:
        """The next game's seed."""
        self.next += 1
        return self.next


def bot_game(config: cr.Config, make: Callable[[int], cr.Bot], seeds: _Seeds) -> GameResult:
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


def mcts_round(states: Sequence[cr.State], iterations: int, first_seed: int) -> tuple[int, float]:
    """The search bot (``iterations`` per decision, no early stop, seeded ``first_seed``
    onwards) on each of ``states``, after a full garbage collection: the iterations run and
    the CPU seconds they took."""
    gc.collect()
    done = 0
    elapsed = 0.0
    for index, state in enumerate(states):
        bot = cr.MCTSBot(first_seed + index, iterations=iterations, stop_early=False)
        start = time.process_time()
        bot.choose(state)
        elapsed += time.process_time() - start
        done += bot.last_iterations
    return done, elapsed


def mcts_speed(states: Sequence[cr.State], iterations: int, rounds: int) -> tuple[int, list[float]]:
    """The search bot on ``states`` in ``rounds`` timed rounds after an untimed one: the
    iterations of one round, and each timed round's iterations per CPU second."""
    mcts_round(states, iterations, 0)  # warm-up, not counted
    rates = []
    done = 0
    for index in range(1, rounds + 1):
        done, elapsed = mcts_round(states, iterations, index * len(states))
        rates.append(done / elapsed if elapsed else float("nan"))
    return done, rates


def bot_speed(
    label: str,
    config: cr.Config,
    states: Sequence[cr.State],
    seed: int,
    rounds: int,
    seconds: float,
    iterations: int,
    search_rounds: int,
) -> BotSpeed:
    """Both figures on ``config``: bot games in ``rounds`` rounds of slices of
    ``seconds``, and the search bot on ``states`` (decisions with more than one move) in
    ``search_rounds`` rounds."""
    random_tally, greedy_tally, ratios = greedy_and_random(config, seed, rounds, seconds)
    chosen = [state for state in states if len(cr.legal_moves(state)) > 1]
    done, rates = mcts_speed(chosen, iterations, search_rounds)
    return BotSpeed(
        label=label,
        random_games_per_second=random_tally.rate(random_tally.games),
        greedy_games_per_second=greedy_tally.rate(greedy_tally.games),
        greedy_over_random=ratios,
        mcts_iterations=done,
        mcts_decisions=len(chosen),
        mcts_iterations_per_second=statistics.median(rates),
        mcts_rounds=rates,
    )
