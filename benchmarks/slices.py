"""Slices of complete games, timed: what the benchmarks measure and compare (issue 39).

``bench.py`` (Cacao against python-chess), ``bot_speed.py`` (greedy against random bots)
and ``paired.py`` (one build against another) all time whole games in short slices and add
the slices up in a :class:`Tally`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import NamedTuple


class GameResult(NamedTuple):
    """One random game: decisions (chess: plies), turns, and whether a cap cut it short."""

    decisions: int
    turns: int
    capped: bool


@dataclasses.dataclass
class Tally:
    """Games played in some slices, and the time they took."""

    games: int = 0
    decisions: int = 0
    turns: int = 0
    capped: int = 0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        """Add ``other``'s counts and time to this tally."""
        self.games += other.games
        self.decisions += other.decisions
        self.turns += other.turns
        self.capped += other.capped
        self.seconds += other.seconds

    def rate(self, count: int) -> float:
        """``count`` per second of this tally's time."""
        return count / self.seconds if self.seconds else 0.0


def run_slice(play: Callable[[], GameResult], seconds: float) -> Tally:
    """Play whole games until ``seconds`` have passed (at least one game)."""
    tally = Tally()
    start = time.perf_counter()
    while True:
        result = play()
        tally.games += 1
        tally.decisions += result.decisions
        tally.turns += result.turns
        tally.capped += result.capped
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            tally.seconds = elapsed
            return tally
