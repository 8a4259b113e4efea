"""What many games say: win rates with 95% confidence intervals, and mean scores.

:class:`SimulationSummary` takes the :class:`~cacao_rules.GameResult` values of
:func:`~cacao_rules.simulate` one at a time (so a run of millions of games needs no list of
them) and gives, per seat and per bot, the win rate with its Wilson score interval and the
mean final score by category.

A win shared by ``k`` players counts ``1/k`` for each of them. The interval treats that
fractional count as a count of whole wins: it is the Wilson interval of the proportion
``wins / played``. A game's outcome for a player is then a number from 0 to 1 with mean
``p``, whose variance is at most ``p(1 - p)``, the variance of a plain win or loss: the
interval is at least as wide as it needs to be, never narrower.

>>> import cacao_rules as cr
>>> summary = cr.SimulationSummary.of(cr.simulate(cr.Config(players=2), ["greedy", "random"], 6))
>>> [(standing.name, standing.win_rate.wins, standing.win_rate.played) for standing in summary.bots]
[('greedy', 6.0, 6), ('random', 0.0, 6)]
>>> print(summary.bots[0].win_rate)
100.0% (95% CI 61.0% to 100.0%)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from ..errors import ConfigError
from .simulation import GameResult

Z95: Final = 1.959963984540054
"""The standard normal quantile of 97.5%: a two-sided 95% interval is ``z = 1.96`` wide."""


def wilson_interval(wins: float, played: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the proportion ``wins / played`` (95% by default).

    Unlike the normal approximation ``p +- z * sqrt(p(1 - p) / n)`` it stays inside 0 to 1
    and is not of zero width at 0 or all wins. With nothing played it is ``(0, 1)``.

    >>> [round(bound, 4) for bound in wilson_interval(81, 263)]
    [0.2553, 0.3662]
    """
    if played == 0:
        return (0.0, 1.0)
    share = wins / played
    scale = 1 + z * z / played
    centre = (share + z * z / (2 * played)) / scale
    half = z * math.sqrt(share * (1 - share) / played + z * z / (4 * played * played)) / scale
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class WinRate:
    """``wins`` (a shared win counts ``1/k``) out of ``played`` games, with the 95% Wilson
    interval ``low`` to ``high`` of the rate."""

    wins: float
    played: int

    @property
    def rate(self) -> float:
        """``wins / played`` (0 when nothing was played)."""
        return self.wins / self.played if self.played else 0.0

    @property
    def low(self) -> float:
        """The interval's lower bound."""
        return wilson_interval(self.wins, self.played)[0]

    @property
    def high(self) -> float:
        """The interval's upper bound."""
        return wilson_interval(self.wins, self.played)[1]

    def __str__(self) -> str:
        return f"{self.rate:.1%} (95% CI {self.low:.1%} to {self.high:.1%})"


@attrs.frozen
class Standing:
    """How a seat or a bot did: its name (``"seat 0"``, or the bot's label), its
    :class:`WinRate` and its mean final score by category (``"total"`` and ``"cacao"``
    last), over the games it played (for a bot: a game counts once per seat it held)."""

    name: str
    win_rate: WinRate
    mean_scores: Mapping[str, float]


class _Tally:
    """Sums for one seat or one bot."""

    def __init__(self) -> None:
        self.wins = 0.0
        self.played = 0
        self.scores: dict[str, int] = {}

    def add(self, share: float, scores: Mapping[str, int]) -> None:
        self.wins += share
        self.played += 1
        for key, value in scores.items():
            self.scores[key] = self.scores.get(key, 0) + value

    def standing(self, name: str) -> Standing:
        means = {key: total / self.played for key, total in self.scores.items()}
        return Standing(name, WinRate(self.wins, self.played), means)


class SimulationSummary:
    """Win rates and mean scores of the games :meth:`add` was given, per seat and per bot;
    ``bots`` fixes the order of the bots' standings (see :attr:`bots`).

    A bot's figures count a game once for each seat the bot held in it, so when one bot
    plays two seats its win rate is its share of wins per seat played: in a lineup of equal
    bots every bot and every seat would get ``1 / players``.
    """

    def __init__(self, bots: Iterable[str] = ()) -> None:
        self.games = 0
        """How many games were added."""
        self.decisions = 0
        """The decisions of all those games."""
        self._seats: list[_Tally] = []
        self._bots: dict[str, _Tally] = {bot: _Tally() for bot in bots}

    @classmethod
    def of(cls, results: Iterable[GameResult], bots: Iterable[str] = ()) -> SimulationSummary:
        """The summary of ``results``, listing ``bots`` first (see :attr:`bots`)."""
        summary = cls(bots)
        for result in results:
            summary.add(result)
        return summary

    def add(self, result: GameResult) -> None:
        """Count one more game."""
        if not self._seats:
            self._seats = [_Tally() for _ in result.bots]
        elif len(result.bots) != len(self._seats):
            raise ConfigError(
                f"a summary is of games of one player count: {len(self._seats)} players, "
                f"then a game of {len(result.bots)}"
            )
        self.games += 1
        self.decisions += result.decisions
        for seat, (bot, scores) in enumerate(zip(result.bots, result.scores, strict=True)):
            share = 1 / len(result.winners) if seat in result.winners else 0.0
            self._seats[seat].add(share, scores)
            self._bots.setdefault(bot, _Tally()).add(share, scores)

    @property
    def seats(self) -> tuple[Standing, ...]:
        """Each seat's standing, in seat order (empty before the first game)."""
        return tuple(tally.standing(f"seat {seat}") for seat, tally in enumerate(self._seats))

    @property
    def bots(self) -> tuple[Standing, ...]:
        """Each bot's standing: those named when the summary was made first, in that order,
        then the others in the order they first appeared (for :func:`simulate`'s results in
        game order, the lineup's order); a named bot that played no game is left out."""
        return tuple(tally.standing(name) for name, tally in self._bots.items() if tally.played)

    def per_second(self, seconds: float) -> tuple[float, float]:
        """Games and decisions per second, had the games taken ``seconds`` (wall time)."""
        if seconds <= 0:
            return (math.inf, math.inf)
        return (self.games / seconds, self.decisions / seconds)
