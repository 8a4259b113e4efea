"""``cr.simulate``: results, seating, determinism across executors, streaming, bad input."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules.agents.bots import RandomBot
from cacao_rules.agents.greedy import GreedyBot
from cacao_rules.agents.playing import play_game
from cacao_rules.agents.registry import BOTS
from cacao_rules.agents.simulation import default_batch, seating

TWO = cr.Config(players=2)
THREE = cr.Config(players=3)


def cautious(seed: int) -> cr.Bot:
    """A module-level factory (picklable): a random bot with a shifted seed."""
    return RandomBot(seed + 1)


def test_a_result_is_the_game_play_game_plays_with_the_seed_rules() -> None:
    (result,) = cr.simulate(THREE, ["greedy", "random", "random"], 1, seed=7)
    final, moves = play_game(THREE, 7, [GreedyBot(28), RandomBot(29), RandomBot(30)])
    assert (result.game, result.seed, result.seats) == (0, 7, (0, 1, 2))
    assert result.bots == ("greedy", "random", "random")
    assert result.winners == cr.winners(final)
    assert result.decisions == len(moves)
    for scores, sheet in zip(result.scores, cr.final_scores(final), strict=True):
        assert dict(scores) == {**sheet.breakdown, "total": sheet.total, "cacao": sheet.cacao}
        assert list(scores) == [*sheet.breakdown, "total", "cacao"]
    assert result.record is None


def test_seats_rotate_by_game_so_each_bot_plays_each_seat_equally() -> None:
    results = list(cr.simulate(THREE, ["greedy", "random", "random"], 6, seed=3))
    assert [result.game for result in results] == list(range(6))  # in order in-process
    assert [result.seats for result in results[:3]] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert [result.bots[0] for result in results] == ["greedy", "random", "random"] * 2
    greedy_seats = Counter(result.bots.index("greedy") for result in results)
    assert greedy_seats == {0: 2, 1: 2, 2: 2}
    # The rotated game is the game of the rotated lineup with the same seeds.
    second = results[1]
    final, _ = play_game(THREE, 4, [RandomBot(16), RandomBot(17), GreedyBot(18)])
    assert second.winners == cr.winners(final)


def test_rotate_false_keeps_each_bot_in_its_seat() -> None:
    results = cr.simulate(TWO, ["greedy", "random"], 3, rotate=False)
    assert {result.seats for result in results} == {(0, 1)}
    assert seating(2, 5, rotate=False) == (0, 1)


def test_results_are_the_same_on_a_process_pool_whatever_the_order() -> None:
    lineup: list[cr.BotSpec] = ["greedy", cautious, "random"]
    here = list(cr.simulate(THREE, lineup, 7, seed=11, record=True))
    with ProcessPoolExecutor(2) as pool:
        there = list(cr.simulate(THREE, lineup, 7, seed=11, record=True, executor=pool, batch=2))
    assert sorted(there) == here
    assert {result.bots[1] for result in here} == {"greedy", "cautious", "random"}


def test_a_record_replays_the_game() -> None:
    (result,) = cr.simulate(TWO, ["random", "greedy"], 1, seed=4, record=True)
    assert result.record is not None
    assert (result.record.config, result.record.seed) == (TWO, 4)
    assert isinstance(result.record, cr.GameRecord)
    assert result.record.seats == result.bots
    state = cr.new_game(result.record.config, seed=result.record.seed)
    for move in result.record.moves:
        state = cr.apply(state, move)
    assert state.is_over and cr.winners(state) == result.winners
    assert cr.GameRecord.from_text(result.record.to_text()) == result.record
    assert len(result.record.moves) == result.decisions


def test_labels_name_the_bots_and_the_seed_wraps_around() -> None:
    results = list(
        cr.simulate(TWO, [cautious, "random"], 2, seed=2**64 - 1, labels=["mine", "theirs"])
    )
    assert [result.seed for result in results] == [2**64 - 1, 0]
    assert [result.bots for result in results] == [("mine", "theirs"), ("theirs", "mine")]


class _Recording(Executor):
    """A one-thread executor that remembers its futures (to see which were cancelled)."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(1)
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = self.pool.submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def test_results_stream_and_closing_the_iterator_cancels_the_tasks_not_started() -> None:
    executor = _Recording()
    results = cr.simulate(TWO, ["random", "random"], 40, executor=executor, batch=1)
    first = next(results)
    assert len(executor.futures) == 40
    assert not all(future.done() for future in executor.futures)  # it did not wait for all
    results.close()
    executor.pool.shutdown(wait=True)
    assert first.game in range(40)
    assert sum(future.cancelled() for future in executor.futures) > 30


def test_at_most_in_flight_tasks_are_submitted_at_a_time() -> None:
    executor = _Recording()
    results = cr.simulate(TWO, ["random", "random"], 10, executor=executor, batch=1, in_flight=3)
    next(results)
    assert len(executor.futures) == 3
    rest = list(results)
    executor.pool.shutdown(wait=True)
    assert len(executor.futures) == 10 and len(rest) == 9


def test_an_empty_run_and_the_default_batch() -> None:
    assert list(cr.simulate(TWO, ["random", "random"], 0)) == []
    assert [default_batch(n) for n in (1, 200, 201, 1000, 10_000, 10**7)] == [1, 1, 2, 5, 50, 50]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"bots": "greedy"}, "bots must be a sequence of one bot per seat, got 'greedy'"),
        ({"bots": ["greedy"]}, "1 bots given for 2 players; give one per seat"),
        ({"bots": ["greedy", "smart"]}, f"unknown bot 'smart'; a bot is one of: {', '.join(BOTS)}"),
        ({"games": -1}, "games must be a whole number at least 0, got -1"),
        ({"seed": 2**64}, "seed must be a whole number from 0 to 18446744073709551615"),
        ({"labels": ["a"]}, "labels must be one string per bot of the lineup, got ['a']"),
    ],
)
def test_bad_arguments_say_what_is_wrong(arguments: dict[str, Any], message: str) -> None:
    call: dict[str, Any] = {"config": TWO, "bots": ["greedy", "random"], "games": 2}
    with pytest.raises(cr.ConfigError) as error:
        cr.simulate(**(call | arguments))  # raises at the call, before any game
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"config": 2}, "Config object expected; got int"),
        ({"bots": ["greedy", 3]}, "a bot must be a spec or a factory taking a seed"),
        ({"progress": 3}, "progress must be a function taking a GameResult"),
        ({"games": 2.5}, "int object expected; got float"),
        ({"seed": True}, "int object expected; got bool"),
        ({"rotate": 1}, "bool object expected; got int"),
        ({"executor": "pool"}, "concurrent.futures._base.Executor object expected; got str"),
    ],
)
def test_arguments_of_the_wrong_type_say_what_is_wrong(
    arguments: dict[str, Any], message: str
) -> None:
    call: dict[str, Any] = {"config": TWO, "bots": ["greedy", "random"], "games": 2}
    with pytest.raises(TypeError) as error:
        cr.simulate(**(call | arguments))  # raises at the call, before any game
    assert message in str(error.value)


def test_a_bad_batch_size_is_refused_before_any_game() -> None:
    with ThreadPoolExecutor(1) as pool, pytest.raises(cr.ConfigError, match="batch must be"):
        cr.simulate(TWO, ["random", "random"], 2, executor=pool, batch=0)


def _interrupted_in_the_third_game(seed: int) -> cr.Bot:
    """A random bot, but Ctrl-C strikes while the game with seed 2 is being set up."""
    if seed // 4 == 2:
        raise KeyboardInterrupt
    return RandomBot(seed)


def test_progress_sees_each_result_and_ctrl_c_ends_the_run_with_the_finished_games() -> None:
    seen: list[cr.GameResult] = []
    results = list(cr.simulate(TWO, ["random", "random"], 3, seed=5, progress=seen.append))
    assert seen == results and len(results) == 3
    seen.clear()
    finished = list(cr.simulate(TWO, [_interrupted_in_the_third_game] * 2, 5, progress=seen.append))
    assert [result.game for result in finished] == [0, 1] and seen == finished
