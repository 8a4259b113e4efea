"""The simulation summary: Wilson intervals against published values, shared wins, means,
and the ratings of lineups of more than two bots."""

from __future__ import annotations

import math

import pytest

import cacao_rules as cr
from cacao_rules.agents.ratings import Ratings, finishing_places
from cacao_rules.agents.simulation import GameResult
from cacao_rules.game.frozen import FrozenMap
from cacao_rules.show.simulation_report import render_summary


@pytest.mark.parametrize(
    ("wins", "played", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
        # Statistics in Medicine 17, 857-872, Table I, method 3 (Wilson score, no correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0000, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0000),
        # Symmetric about 1/2, by hand: centre 0.5, half-width z*sqrt(1/40 + z^2/400)/(1+z^2/10).
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_the_wilson_interval_gives_the_published_values(
    wins: int, played: int, low: float, high: float
) -> None:
    assert cr.wilson_interval(wins, played) == pytest.approx((low, high), abs=5e-5)


def test_the_wilson_interval_at_the_edges() -> None:
    assert cr.wilson_interval(0, 0) == (0.0, 1.0)
    low, high = cr.wilson_interval(3, 3)
    assert high == 1.0 and 0 < low < 1
    # A wider z gives a wider interval around the same centre.
    narrow, wide = cr.wilson_interval(30, 100), cr.wilson_interval(30, 100, z=2.576)
    assert wide[0] < narrow[0] < 0.3 < narrow[1] < wide[1]
    # Fractional wins (shared wins) are a proportion like any other.
    # Fractional wins (shared wins) are a proportion like any other, between its neighbours.
    two, half, three = (cr.wilson_interval(wins, 10) for wins in (2, 2.5, 3))
    assert two[0] < half[0] < three[0] and two[1] < half[1] < three[1]


def _result(
    game: int, bots: tuple[str, ...], totals: tuple[int, ...], won: tuple[int, ...]
) -> GameResult:
    scores = tuple(FrozenMap({"gold": total - 1, "total": total, "cacao": 1}) for total in totals)
    seats = tuple(range(len(bots)))
    return GameResult(game, game, seats, bots, scores, won, decisions=10)


def test_shared_wins_count_one_over_k_per_seat_and_per_bot() -> None:
    results = [
        _result(0, ("a", "b", "b"), (9, 5, 5), (0,)),
        _result(1, ("b", "a", "b"), (7, 7, 7), (0, 1, 2)),  # a three-way shared win
        _result(2, ("b", "b", "a"), (6, 8, 8), (1, 2)),  # shared by b and a
        _result(3, ("a", "b", "b"), (1, 2, 3), (2,)),
    ]
    summary = cr.SimulationSummary.of(results)
    assert (summary.games, summary.decisions) == (4, 40)
    seats = summary.seats
    assert [standing.name for standing in seats] == ["seat 0", "seat 1", "seat 2"]
    assert [standing.win_rate.wins for standing in seats] == pytest.approx(
        [1 + 1 / 3, 1 / 3 + 1 / 2, 1 / 3 + 1 / 2 + 1]
    )
    assert {standing.win_rate.played for standing in seats} == {4}
    bots = {standing.name: standing for standing in summary.bots}
    assert list(bots) == ["a", "b"]  # the order of first appearance
    named = cr.SimulationSummary.of(results, bots=["b", "c"])
    assert [standing.name for standing in named.bots] == ["b", "a"]  # c played no game
    assert bots["a"].win_rate.wins == pytest.approx(1 + 1 / 3 + 1 / 2)
    assert bots["a"].win_rate.played == 4
    assert bots["b"].win_rate.wins == pytest.approx(1 / 3 + 1 / 3 + 1 / 2 + 1)
    assert bots["b"].win_rate.played == 8  # once per seat held
    total_wins = sum(standing.win_rate.wins for standing in summary.bots)
    assert total_wins == pytest.approx(summary.games)
    assert bots["a"].mean_scores == pytest.approx(
        {"gold": (9 + 7 + 8 + 1) / 4 - 1, "total": (9 + 7 + 8 + 1) / 4, "cacao": 1}
    )
    assert seats[2].mean_scores["total"] == pytest.approx((5 + 7 + 8 + 3) / 4)
    assert bots["a"].win_rate.rate == pytest.approx((1 + 1 / 3 + 1 / 2) / 4)
    low, high = cr.wilson_interval(1 + 1 / 3 + 1 / 2, 4)
    assert (bots["a"].win_rate.low, bots["a"].win_rate.high) == (low, high)
    assert str(cr.WinRate(1, 4)) == "25.0% (95% CI 4.6% to 69.9%)"


def test_speed_and_an_empty_summary() -> None:
    summary = cr.SimulationSummary()
    assert summary.seats == () and summary.bots == ()
    assert cr.WinRate(0, 0).rate == 0.0
    summary.add(_result(0, ("a", "b"), (3, 4), (1,)))
    assert summary.per_second(2.0) == (0.5, 5.0)
    assert summary.per_second(0.0) == (math.inf, math.inf)


def test_a_summary_is_of_one_player_count() -> None:
    summary = cr.SimulationSummary.of([_result(0, ("a", "b"), (3, 4), (1,))])
    with pytest.raises(cr.ConfigError, match="2 players, then a game of 3"):
        summary.add(_result(1, ("a", "b", "c"), (3, 4, 5), (2,)))


def test_the_summary_of_simulated_games() -> None:
    results = list(cr.simulate(cr.Config(players=2), ["greedy", "random"], 4, seed=9))
    summary = cr.SimulationSummary.of(results)
    greedy = summary.bots[0]
    assert greedy.name == "greedy" and greedy.win_rate.played == 4
    expected = sum(1 / len(r.winners) for r in results if r.bots.index("greedy") in r.winners)
    assert greedy.win_rate.wins == pytest.approx(expected)
    assert summary.decisions == sum(result.decisions for result in results)


def _rotated_games(count: int, order: tuple[str, ...]) -> list[GameResult]:
    """``count`` games of the bots of ``order`` in rotating seats, each finishing in that
    order (the first of ``order`` best)."""
    results = []
    for game in range(count):
        shift = game % len(order)
        bots = order[shift:] + order[:shift]
        totals = tuple(10 * (len(order) - order.index(bot)) for bot in bots)
        results.append(_result(game, bots, totals, (bots.index(order[0]),)))
    return results


def test_finishing_places_follow_the_total_then_the_cacao() -> None:
    assert finishing_places([(5, 0), (5, 1), (5, 1), (9, 0)]) == [4, 2, 2, 1]


def test_ratings_order_the_bots_by_their_finishing_places_and_narrow_with_games() -> None:
    few = cr.SimulationSummary.of(_rotated_games(6, ("a", "b", "c", "d")))
    many = cr.SimulationSummary.of(_rotated_games(60, ("a", "b", "c", "d")))
    assert [rating.name for rating in many.ratings] == ["a", "b", "c", "d"]
    assert [rating.games for rating in many.ratings] == [60] * 4
    by_name = {rating.name: rating for rating in many.ratings}
    assert by_name["a"].low > by_name["b"].high  # always ahead: told apart
    assert few.ratings[0].high - few.ratings[0].low > by_name["a"].high - by_name["a"].low


def test_equal_finishes_leave_equal_ratings_and_a_bot_may_sit_twice() -> None:
    ratings = Ratings()
    ratings.add(["a", "b", "c"], [(7, 1), (7, 1), (3, 0)])
    ratings.add(["c", "c", "a"], [(9, 0), (1, 0), (5, 0)])  # c first and last
    table = {rating.name: rating for rating in ratings.table()}
    assert table["c"].games == 2 and table["a"].games == 2 and table["b"].games == 1
    fresh = Ratings()
    fresh.add(["a", "b", "c"], [(7, 1), (7, 1), (3, 0)])
    first = {rating.name: rating for rating in fresh.table()}
    assert first["a"].mu == pytest.approx(first["b"].mu) and first["a"].mu > first["c"].mu
    assert first["a"].low == pytest.approx(first["a"].mu - 1.959963984540054 * first["a"].sigma)


def test_the_report_shows_ratings_only_for_more_than_two_bots() -> None:
    three = render_summary(cr.SimulationSummary.of(_rotated_games(9, ("x", "y", "z"))))
    assert "Ratings (OpenSkill Plackett-Luce" in three
    assert three.splitlines()[-3].split()[0] == "x"  # best first
    two = render_summary(cr.SimulationSummary.of(_rotated_games(9, ("x", "y"))))
    assert "Ratings" not in two
