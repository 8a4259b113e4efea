"""Two or more builds in one schedule: which is faster, beyond the machine's noise (issue 39).

A report, never a test. ``bench.py --builds`` runs each build's benchmark one after the
other, minutes apart, so a difference of a tenth between two builds is within what a busy
machine changes in that time. This keeps one worker process per build alive and gives them
short slices of random games in turn, round after round, rotating who goes first; each
round also has a python-chess slice. So every round compares the builds under the same
load, and the figure that decides is the per-round ratio of each build's games per second
to the first build's (median and range over the rounds).

    python benchmarks/paired.py old=venv-a/bin/python new=venv-b/bin/python \\
        [--configs "base, 4 players" "Big Game, 4 players"] [--rounds 15] [--slice 0.5]

Each worker imports ``cacao_rules`` from its own interpreter's environment and plays the
games of ``bench.py`` (``cacao_game``: the public API only, so any version of the library
can be paired), from the same seeds in every build, so the builds play the same games when
they implement the same rules.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import (
    DEFAULT_SEED,
    VARIANTS,
    cacao_game,
    chess_playout,
    environment,
    number,
    table,
)
from slices import Tally, run_slice


def serve(seed: int) -> None:
    """The worker: read one request a line (``{"play": label or "chess", "seconds": s}``)
    from standard input and answer each with the slice's tally as one JSON line."""
    streams = {v.label: random.Random(seed + v.seed_offset) for v in VARIANTS}
    chess_rng = random.Random(seed)
    plays = {v.label: functools.partial(cacao_game, v.config, streams[v.label]) for v in VARIANTS}
    plays["chess"] = functools.partial(chess_playout, chess_rng)
    print(json.dumps(environment()), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        tally = run_slice(plays[request["play"]], request["seconds"])
        print(json.dumps([tally.games, tally.decisions, tally.seconds]), flush=True)


class Worker:
    """One build's worker process and the games it played, per configuration."""

    def __init__(self, name: str, python: str, seed: int) -> None:
        self.name = name
        self.process = subprocess.Popen(
            [python, __file__, "--serve", "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.environment: dict[str, str] = json.loads(self._pipe("stdout").readline())

    def _pipe(self, name: str) -> IO[str]:
        pipe = getattr(self.process, name)
        assert pipe is not None
        return pipe  # type: ignore[no-any-return]

    def play(self, what: str, seconds: float) -> Tally:
        """One slice of ``what`` (a configuration's label, or ``"chess"``)."""
        stdin = self._pipe("stdin")
        stdin.write(json.dumps({"play": what, "seconds": seconds}) + "\n")
        stdin.flush()
        games, decisions, elapsed = json.loads(self._pipe("stdout").readline())
        return Tally(games=games, decisions=decisions, seconds=elapsed)

    def close(self) -> None:
        """End the worker (its standard input closes, so its loop ends)."""
        self._pipe("stdin").close()
        self.process.wait(timeout=30)


def rounds(workers: Sequence[Worker], label: str, count: int, seconds: float) -> dict[str, Any]:
    """``count`` rounds of one slice per build and one chess slice, rotating the order.

    Returns, per build, its games/s over chess games/s per round and its games/s over the
    first build's per round."""
    for worker in workers:
        worker.play(label, seconds / 4)  # warm-up, not counted
    vs_chess: dict[str, list[float]] = {w.name: [] for w in workers}
    vs_first: dict[str, list[float]] = {w.name: [] for w in workers}
    chess_worker = workers[0]
    for index in range(count):
        order: list[Worker | None] = [*workers, None]
        shift = index % len(order)
        order = order[shift:] + order[:shift]
        rates: dict[str, float] = {}
        chess_rate = 0.0
        for player in order:  # a build's worker, or None for chess
            if player is None:
                tally = chess_worker.play("chess", seconds)
                chess_rate = tally.rate(tally.games)
            else:
                tally = player.play(label, seconds)
                rates[player.name] = tally.rate(tally.games)
        for worker in workers:
            vs_chess[worker.name].append(rates[worker.name] / chess_rate)
            vs_first[worker.name].append(rates[worker.name] / rates[workers[0].name])
    return {"vs_chess": vs_chess, "vs_first": vs_first}


def spread(values: Sequence[float]) -> str:
    """Median and range, as the benchmark prints ratios."""
    return f"{number(statistics.median(values))} ({number(min(values))}-{number(max(values))})"


def main(argv: Sequence[str] | None = None) -> int:
    """Pair the builds named on the command line, or serve as a worker."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("builds", nargs="*", metavar="NAME=PYTHON")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--configs", nargs="+", default=["base, 4 players", "Big Game, 4 players"])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--slice", type=float, default=0.5, help="seconds per slice")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures here")
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.seed)
        return 0
    if len(args.builds) < 2:
        parser.error("name at least two builds, NAME=PYTHON each")
    workers = []
    for spec in args.builds:
        if "=" not in spec:
            parser.error(f"{spec!r}: name a build as NAME=PYTHON")
        name, python = spec.split("=", 1)
        workers.append(Worker(name, python, seed=args.seed))
    figures: dict[str, Any] = {"environment": {w.name: w.environment for w in workers}}
    try:
        for label in args.configs:
            figures[label] = rounds(workers, label, args.rounds, args.slice)
    finally:
        for worker in workers:
            worker.close()
    print_figures(workers, figures, args)
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


def print_figures(workers: Sequence[Worker], figures: dict[str, Any], args: Any) -> None:
    """The environment of each build, then the ratios per configuration."""
    keys = ("build", "python", "cpu", "cacao-rules")
    rows = [[key, *(w.environment[key] for w in workers)] for key in keys]
    for label in args.configs:
        for kind, title in (("vs_chess", "games/s vs chess"), ("vs_first", "games/s vs first")):
            values = figures[label][kind]
            rows.append([f"{title}, {label}", *(spread(values[w.name]) for w in workers)])
    print(f"{args.rounds} rounds of {args.slice:g} s slices per build and of chess, order rotating")
    print(table(["figure", *(w.name for w in workers)], rows))


if __name__ == "__main__":
    sys.exit(main())
