"""How fast and how strong the built-in bots are (issue 23). A report, never a test.

    python benchmarks/bots.py speed [--players 2 3 4] [--seconds S]
    python benchmarks/bots.py match A B [--games N] [--players P] [--jobs J] [--seed S]
                                        [--log FILE]

``speed`` plays greedy-against-greedy and random-against-random games in interleaved
slices of the same run and prints both rates and their ratio (the target: greedy games at
least 1/8 as many per second as random ones), and each bot's cost per decision (a decision of
the game and the engine's work after it, averaged over all the decisions of its games).

``match`` plays bot A against P - 1 copies of bot B, seats rotating each game (so with 2
players every seed is played with seats swapped in turn), and prints A's win rate with its
95% Wilson interval, and the search bot's iterations per second. A bot is a spec of
``cacao-rules`` (``greedy``, ``mcts:1s``, ``mcts:250ms``, ``mcts:2000it``...) or one of the
bots as they were before issue 23 (``benchmarks/reference_bots.py``): ``ref-greedy``,
``ref-mcts:1s``, ``ref-mcts:250ms``.

``--log FILE`` makes a match that outlasts one sitting: each finished game is appended to
FILE as a JSON line (the match, the source revision and build, the game's number, A's seat
and the winners), a run with the same match, revision and build skips the games the file
already holds, and the win rate printed counts every game of the file for that match. Only
search bots with iteration budgets give the same games on every run, so only they should
be logged across runs.

The full target experiment of issue 23 (hours of CPU at 1 s a decision; run it on an idle
machine with one job per core):

    python benchmarks/bots.py match mcts:1s greedy --games 200 --players 2 --jobs 4
    python benchmarks/bots.py match mcts:1s ref-mcts:1s --games 200 --players 2 --jobs 4
    python benchmarks/bots.py match mcts:1s greedy --games 200 --players 3 --jobs 4
    python benchmarks/bots.py match mcts:1s greedy --games 200 --players 4 --jobs 4

Timed bots share the machine: with more jobs than idle cores each gets less than its time.
On a busy machine, give the search bots iterations instead (``mcts:400it``,
``ref-mcts:300it``): the figure "per CPU second" that a match prints says how many
iterations a second of an idle core buys, whatever the load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import cpu_model, source_revision
from reference_bots import ReferenceGreedyBot, ReferenceMCTSBot

import cacao_rules as cr
from cacao_rules.agents.bots import RandomBot
from cacao_rules.agents.playing import play_game
from cacao_rules.agents.specs import bot_factory

_REFERENCE_MCTS = re.compile(r"ref-mcts:(\d+(?:\.\d+)?)(s|ms|it)")


@attrs.frozen
class Factory:
    """A picklable bot factory for a spec, reference bots included; the search bots count
    their iterations and thinking time (:class:`Counted`)."""

    spec: str

    def __call__(self, seed: int) -> cr.Bot:
        if self.spec == "ref-greedy":
            return ReferenceGreedyBot(seed)
        match = _REFERENCE_MCTS.fullmatch(self.spec)
        if match is not None:
            if match[2] == "it":
                return Counted(ReferenceMCTSBot(seed, iterations=int(match[1])), self.spec)
            seconds = float(match[1]) / (1000 if match[2] == "ms" else 1)
            return Counted(ReferenceMCTSBot(seed, seconds=seconds), self.spec)
        bot = bot_factory(self.spec)(seed)
        return Counted(bot, self.spec) if isinstance(bot, cr.MCTSBot) else bot


STATS_FILE = "CACAO_BOTS_STATS"
"""The environment variable naming the file where every process appends, for each search
decision, the spec, the iterations, the seconds of thinking and the CPU seconds of them."""


class Counted:
    """A search bot whose iterations and thinking time are appended to the file
    :data:`STATS_FILE` names."""

    def __init__(self, bot: cr.MCTSBot | ReferenceMCTSBot, spec: str) -> None:
        self.bot = bot
        self.spec = spec

    def choose(self, state: cr.State) -> cr.Move:
        before = getattr(self.bot, "iterations_done", 0)
        start, cpu = time.perf_counter(), time.process_time()
        move = self.bot.choose(state)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        done = (
            self.bot.last_iterations
            if isinstance(self.bot, cr.MCTSBot)
            else self.bot.iterations_done - before
        )
        if len(cr.legal_moves(state)) > 1:
            with open(os.environ[STATS_FILE], "a", encoding="utf-8") as stats:
                stats.write(f"{self.spec} {done} {elapsed} {cpu}\n")
        return move


def header() -> None:
    print(f"python: {platform.python_implementation()} {platform.python_version()}")
    print(f"cpu: {cpu_model()} ({os.cpu_count()} logical CPUs); load {os.getloadavg()}")
    print(f"build: {'compiled (mypyc)' if cr.COMPILED else 'pure Python'}")
    print(f"source: {source_revision()} ({Path(cr.__file__).parent})")


def speed(players: list[int], seconds: float) -> None:
    """Greedy and random games per second, in alternating slices of ``seconds / 10``."""
    for count in players:
        config = cr.Config(players=count)
        tallies = {"random": [0, 0.0, 0], "greedy": [0, 0.0, 0]}
        makers: dict[str, Callable[[int], cr.Bot]] = {
            "random": RandomBot,
            "greedy": cr.GreedyBot,
        }
        seed = 0
        for _ in range(10):
            for name, make in makers.items():
                tally = tallies[name]
                start = time.perf_counter()
                while time.perf_counter() - start < seconds / 10:
                    seed += 1
                    _, moves = play_game(config, seed, [make(seed * 4 + i) for i in range(count)])
                    tally[0] += 1
                    tally[2] += len(moves)
                tally[1] += time.perf_counter() - start
        rates = {name: games / elapsed for name, (games, elapsed, _) in tallies.items()}
        per_decision = {
            name: elapsed / max(decisions, 1) * 1e6
            for name, (_, elapsed, decisions) in tallies.items()
        }
        print(
            f"{count} players: random {rates['random']:.1f} games/s, greedy "
            f"{rates['greedy']:.2f} games/s; greedy is {rates['random'] / rates['greedy']:.1f} "
            f"times slower (target: at most 8); {tallies['greedy'][0]} greedy games; per "
            f"decision, engine included: random {per_decision['random']:.0f} us, greedy "
            f"{per_decision['greedy']:.0f} us"
        )


Outcome = tuple[int, tuple[int, ...]]
"""A game of a match: bot A's seat and the winning seats."""


@attrs.frozen
class MatchLog:
    """The games of one match kept in a JSON-lines file, so that a match can be played in
    parts: a game is named by its number in the series (its seed is ``seed + number``)."""

    path: Path
    key: dict[str, object]

    def played(self) -> dict[int, Outcome]:
        """The games of this match the file holds, by number: A's seat and the winners."""
        if not self.path.exists():
            return {}
        games: dict[int, Outcome] = {}
        for line in self.path.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            if all(entry.get(name) == value for name, value in self.key.items()):
                games[int(entry["game"])] = (int(entry["seat"]), tuple(entry["winners"]))
        return games

    def add(self, game: int, seat: int, winners: tuple[int, ...]) -> None:
        entry = {**self.key, "game": game, "seat": seat, "winners": list(winners)}
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(entry) + "\n")


def first_to_play(done: set[int], players: int) -> int:
    """The first game to play so that no game is missing: the first number not done,
    rounded down to a whole rotation of the seats (game ``i`` seats the lineup rotated by
    ``i mod players``, counted from the first game of a run)."""
    first = 0
    while first in done:
        first += 1
    return first - first % players


def match(a: str, b: str, games: int, players: int, jobs: int, seed: int, log: Path | None) -> None:
    """Bot ``a`` against ``players - 1`` copies of ``b``; ``a``'s win rate."""
    stats_path = Path(tempfile.mkstemp(prefix="cacao-bots-", suffix=".txt")[1])
    os.environ[STATS_FILE] = str(stats_path)  # inherited by the pool's processes
    lineup = [Factory(a)] + [Factory(b)] * (players - 1)
    labels = ["A"] + [f"B{i}" for i in range(1, players)]
    key: dict[str, object] = {
        "a": a,
        "b": b,
        "players": players,
        "seed": seed,
        "source": source_revision(),
        "build": "compiled" if cr.COMPILED else "pure",
    }
    kept = MatchLog(log, key) if log is not None else None
    outcomes = kept.played() if kept is not None else {}
    first = first_to_play(set(outcomes), players)
    start = time.perf_counter()
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        for result in cr.simulate(
            cr.Config(players=players),
            lineup,
            max(games - first, 0),
            seed=seed + first,
            executor=pool,
            labels=labels,
            batch=1,
        ):
            number = first + result.game
            seat = result.bots.index("A")
            print(f"  game {number}: A in seat {seat}, winners {result.winners}", flush=True)
            if number not in outcomes:
                outcomes[number] = (seat, result.winners)
                if kept is not None:
                    kept.add(number, seat, result.winners)
    finally:
        if pool is not None:
            pool.shutdown()
    counted = [outcomes[game] for game in sorted(outcomes) if game < games]
    wins = sum(1 / len(won) for seat, won in counted if seat in won)
    played = len(counted)
    low, high = cr.wilson_interval(wins, played)
    elapsed = time.perf_counter() - start
    print(
        f"{a} against {players - 1} x {b}, {players} players: A won {wins:g} of {played} "
        f"({wins / max(played, 1):.1%}, 95% interval {low:.1%} to {high:.1%}; a fair share "
        f"is {1 / players:.1%}); this run played for {elapsed:.0f} s on {jobs} process(es)"
    )
    report_iterations(stats_path)


def report_iterations(stats_path: Path) -> None:
    """Print each search bot's iterations per second of thinking and per CPU second, from
    the decisions of this run, and remove the file that collected them."""
    totals: dict[str, list[float]] = {}
    for line in stats_path.read_text(encoding="utf-8").splitlines():
        spec, *figures = line.split()
        total = totals.setdefault(spec, [0.0, 0.0, 0.0, 0.0])
        for index, figure in enumerate(figures):
            total[index] += float(figure)
        total[3] += 1
    stats_path.unlink()
    for spec, (iterations, thinking, cpu, decisions) in sorted(totals.items()):
        if thinking and cpu:
            print(
                f"  {spec}: {iterations / thinking:.0f} iterations per second of thinking, "
                f"{iterations / cpu:.0f} per CPU second ({iterations:.0f} iterations in "
                f"{thinking:.0f} s, {cpu:.0f} s of CPU, {decisions:.0f} decisions, "
                f"{iterations / decisions:.0f} iterations a decision; decisions with one "
                "move left out)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fast = commands.add_parser("speed", help="greedy against random games per second")
    fast.add_argument("--players", type=int, nargs="+", default=[2])
    fast.add_argument("--seconds", type=float, default=20.0)
    duel = commands.add_parser("match", help="bot A against bot B: A's win rate")
    duel.add_argument("a")
    duel.add_argument("b")
    duel.add_argument("--games", type=int, default=20)
    duel.add_argument("--players", type=int, default=2)
    duel.add_argument("--jobs", type=int, default=1)
    duel.add_argument("--seed", type=int, default=2300)
    duel.add_argument("--log", type=Path, help="keep the games in this JSON-lines file")
    args = parser.parse_args()
    header()
    if args.command == "speed":
        speed(args.players, args.seconds)
    else:
        match(args.a, args.b, args.games, args.players, args.jobs, args.seed, args.log)


if __name__ == "__main__":
    main()
