"""A rating per bot from many games of more than two players, with a 95% interval.

Win rates compare a bot with the field it met; with three or four different bots at a table
they cannot say how two of them compare. A rating can: each game's finishing order moves the
ratings of the bots in it, by the Plackett-Luce model of the OpenSkill library (Weng and Lin's
Bayesian approximation, the multiplayer successor of TrueSkill), so that after many games each
bot has a skill ``mu`` and an uncertainty ``sigma`` on one scale. The interval is
``mu +- 1.96 sigma``.

Choices made here, since the rules and the library leave them open:

- The finishing order is the rules' own: the final total, then the cacao left (the tiebreak);
  seats level on both share a place, as winners of a shared win do.
- The bots do not change between games, so no extra uncertainty is added per game
  (``tau=0``): the intervals narrow as games are added.
- A bot seated twice in one game takes part as two copies of its rating; each copy is moved
  as the game says, and the bot's new rating is the mean of its copies' new ones.
- Games are rated in the order they are added; :func:`~cacao_rules.simulate` gives them in
  game order, so the same run gives the same ratings.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import fmean
from typing import Final

import attrs
from openskill.models import PlackettLuce, PlackettLuceRating

from .intervals import Z95

_MODEL: Final = PlackettLuce(tau=0.0)


@attrs.frozen
class BotRating:
    """A bot's rating after ``games`` games: skill ``mu`` with uncertainty ``sigma``, on
    OpenSkill's scale (a new bot starts at 25 with sigma 8.33)."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def low(self) -> float:
        """The 95% interval's lower bound."""
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        """The 95% interval's upper bound."""
        return self.mu + Z95 * self.sigma


def finishing_places(scores: Sequence[tuple[int, int]]) -> list[int]:
    """Each seat's place (1 is first) from its ``(total, cacao)``; equal seats share a place.

    >>> finishing_places([(30, 2), (41, 0), (30, 2), (12, 5)])
    [2, 1, 2, 4]
    """
    return [1 + sum(other > own for other in scores) for own in scores]


class Ratings:
    """The running ratings of the bots of the games :meth:`add` was given."""

    def __init__(self) -> None:
        self._ratings: dict[str, PlackettLuceRating] = {}
        self._games: dict[str, int] = {}

    def add(self, bots: Sequence[str], scores: Sequence[tuple[int, int]]) -> None:
        """Rate one game: ``bots[s]`` sat in seat ``s`` and finished on ``scores[s]``, its
        ``(total, cacao)``."""
        copies = [[self._rating(bot)] for bot in bots]
        rated = _MODEL.rate(copies, ranks=[float(place) for place in finishing_places(scores)])
        moved: dict[str, list[PlackettLuceRating]] = {}
        for bot, [rating] in zip(bots, rated, strict=True):
            moved.setdefault(bot, []).append(rating)
        for bot, ratings in moved.items():
            self._ratings[bot] = _MODEL.rating(
                mu=fmean(rating.mu for rating in ratings),
                sigma=fmean(rating.sigma for rating in ratings),
                name=bot,
            )
            self._games[bot] = self._games.get(bot, 0) + 1

    def table(self) -> tuple[BotRating, ...]:
        """Each bot's rating, best ``mu`` first."""
        ratings = [
            BotRating(bot, rating.mu, rating.sigma, self._games[bot])
            for bot, rating in self._ratings.items()
        ]
        return tuple(sorted(ratings, key=lambda rating: -rating.mu))

    def _rating(self, bot: str) -> PlackettLuceRating:
        rating = self._ratings.get(bot)
        return rating if rating is not None else _MODEL.rating(name=bot)
