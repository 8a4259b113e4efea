"""How long ``cr.decision_tree`` and ``cr.decision_to_json`` take, and how big the document is.

A report, not a test. A server builds the tree once per decision; the costly decisions are
the Big Game's placements (three hand tiles, dozens of squares, up to four turns each). For
every decision of a few random 4-player Big Games this times the tree and the JSON document
(tree and writing), each the best of a few runs, beside the ``apply`` that led to the
decision (it lists the moves), and prints the median, 95th percentile and largest figure per
kind of decision.

    python benchmarks/decisions.py [--games 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import cacao_rules as cr

REPEATS = 5


def best_ms(function: Callable[[cr.State], Any], state: cr.State) -> float:
    """The fastest of ``REPEATS`` calls of ``function(state)``, in milliseconds."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        function(state)
        times.append(time.perf_counter() - start)
    return min(times) * 1000


Row = tuple[int, float, float, float, int]
"""One decision: moves, ms of the move before, tree ms, document ms, document bytes."""


def row(state: cr.State, before: float) -> Row:
    """The figures of the decision ``state`` waits for; ``before`` is how long the move that
    led to it took (``apply``, which lists the new state's moves as it settles it)."""
    return (
        len(cr.legal_moves(state)),
        before,
        best_ms(cr.decision_tree, state),
        best_ms(cr.decision_to_json, state),
        len(cr.decision_to_json(state).encode()),
    )


def measure(games: int, seed: int) -> dict[str, list[Row]]:
    """The figures of every decision of ``games`` random Big Games, by kind of step."""
    rng = random.Random(seed)
    rows: dict[str, list[Row]] = {}
    for game in range(games):
        state = cr.new_game(cr.Config.big_game(4), seed=seed + game)
        before = float("nan")
        while not state.is_over:
            if before == before:  # not the first state: no move led to it
                rows.setdefault(type(state.step).__name__, []).append(row(state, before))
            move = rng.choice(cr.legal_moves(state))
            start = time.perf_counter()
            state = cr.apply(state, move)
            before = (time.perf_counter() - start) * 1000
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    print(f"cacao-rules {cr.__version__}, compiled: {cr.COMPILED}")
    for kind, rows in measure(options.games, options.seed).items():
        print(f"{kind} ({len(rows)} decisions)")
        for index, name in enumerate(["moves", "apply ms", "tree ms", "JSON ms", "bytes"]):
            values = sorted(row[index] for row in rows)
            p95 = values[int(0.95 * (len(values) - 1))]
            print(
                f"  {name:15} median {statistics.median(values):9.2f}  "
                f"95% {p95:9.2f}  max {values[-1]:9.2f}"
            )


if __name__ == "__main__":
    main()
