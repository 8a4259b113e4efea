"""The text of a :class:`~cacao_rules.SimulationSummary`: win rates and mean scores.

Two tables, each with a row per bot and then a row per seat: the win rates (a shared win
counts ``1/k`` for each of the ``k`` winners) with their 95% Wilson intervals, and the mean
final score by category.

>>> import cacao_rules as cr
>>> summary = cr.SimulationSummary.of(cr.simulate(cr.Config(players=2), ["greedy", "random"], 4))
>>> print(render_summary(summary))  # doctest: +ELLIPSIS
Win rates (a shared win counts 1/k for each of the k winners; 95% Wilson intervals):
          played    wins    rate  95% interval
greedy         4    4.00  100.0%   51.0% to 100.0%
random         4    0.00    0.0%    0.0% to  49.0%
seat 0         4    ...
seat 1         4    ...
<BLANKLINE>
Average final score by category:
            gold  temples     sun   water   total   cacao
greedy     ...
"""

from __future__ import annotations

from ..agents.ratings import BotRating
from ..agents.win_rates import SimulationSummary, Standing


def _name_width(standings: tuple[Standing, ...]) -> int:
    return max(8, *(len(standing.name) for standing in standings))


def _win_rates(standings: tuple[Standing, ...]) -> list[str]:
    width = _name_width(standings)
    lines = [
        "Win rates (a shared win counts 1/k for each of the k winners; 95% Wilson intervals):",
        f"{'':<{width}}  {'played':>6}  {'wins':>6}  {'rate':>6}  95% interval",
    ]
    for standing in standings:
        rate = standing.win_rate
        lines.append(
            f"{standing.name:<{width}}  {rate.played:>6}  {rate.wins:>6.2f}  {rate.rate:>6.1%}"
            f"  {rate.low:>6.1%} to {rate.high:>6.1%}"
        )
    return lines


def _scores(standings: tuple[Standing, ...]) -> list[str]:
    width = _name_width(standings)
    keys = list(standings[0].mean_scores)
    widths = [max(len(key), 6) for key in keys]
    cells = zip(keys, widths, strict=True)
    lines = [
        "Average final score by category:",
        f"{'':<{width}}  " + "  ".join(f"{key:>{w}}" for key, w in cells),
    ]
    for standing in standings:
        means = standing.mean_scores
        row = "  ".join(f"{means[key]:>{w}.2f}" for key, w in zip(keys, widths, strict=True))
        lines.append(f"{standing.name:<{width}}  {row}")
    return lines


def _ratings(ratings: tuple[BotRating, ...]) -> list[str]:
    width = max(8, *(len(rating.name) for rating in ratings))
    lines = [
        "Ratings (OpenSkill Plackett-Luce from each game's finishing order; 95% intervals):",
        f"{'':<{width}}  {'games':>6}  {'rating':>6}  95% interval",
    ]
    for rating in ratings:
        lines.append(
            f"{rating.name:<{width}}  {rating.games:>6}  {rating.mu:>6.1f}"
            f"  {rating.low:>6.1f} to {rating.high:>5.1f}"
        )
    return lines


def render_summary(summary: SimulationSummary) -> str:
    """The win-rate and score tables of ``summary``, bots first, then seats, and for a
    lineup of more than two bots their ratings; for a summary of no game, a line that says
    so."""
    standings = (*summary.bots, *summary.seats)
    if not standings:
        return "No game finished."
    ratings = _ratings(summary.ratings) if len(summary.bots) > 2 else []
    return "\n".join(
        [*_win_rates(standings), "", *_scores(standings), *([""] * bool(ratings)), *ratings]
    )
