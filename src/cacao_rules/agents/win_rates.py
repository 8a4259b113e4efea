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

import attrs

from ..errors import ConfigError
from .intervals import wilson_interval
from .ratings import BotRating, Ratings
from .simulation import GameResult


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
        self._ratings = Ratings()

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
        self._ratings.add(
            result.bots, [(scores["total"], scores["cacao"]) for scores in result.scores]
        )

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

    @property
    def ratings(self) -> tuple[BotRating, ...]:
        """Each bot's rating from the games' finishing orders (:mod:`~cacao_rules.agents.ratings`),
        best first: what compares the bots of a lineup of more than two."""
        return self._ratings.table()

    def per_second(self, seconds: float) -> tuple[float, float]:
        """Games and decisions per second, had the games taken ``seconds`` (wall time)."""
        if seconds <= 0:
            return (math.inf, math.inf)
        return (self.games / seconds, self.decisions / seconds)
