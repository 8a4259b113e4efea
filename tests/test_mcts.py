"""MCTSBot: legal, reproducible with an iteration budget, blind to what its seat cannot see."""

from __future__ import annotations

import random

import pytest

import cacao_rules as cr
from cacao_rules.agents.registry import BOTS


def mid_game(seed: int, decisions: int, config: cr.Config | None = None) -> cr.State:
    rng = random.Random(seed)
    state = cr.new_game(config or cr.Config(players=2), seed=seed)
    for _ in range(decisions):
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    return state


def test_the_same_seed_and_iterations_give_the_same_legal_move() -> None:
    for decisions in (0, 7, 20):
        state = mid_game(3, decisions)
        move = cr.MCTSBot(5, iterations=12).choose(state)
        assert move in cr.legal_moves(state)
        assert cr.MCTSBot(5, iterations=12).choose(state) == move


def test_it_decides_from_the_observation_only() -> None:
    state = mid_game(4, 9)
    seat = state.to_move
    assert seat is not None
    seen = cr.observe(state, seat)
    other = cr.determinize(seen, seed=77, chance_seed=123)
    assert other.players[1 - seat].hand != state.players[1 - seat].hand or other.seed != state.seed
    assert cr.observe(other, seat) == seen
    assert cr.MCTSBot(9, iterations=10).choose(state) == cr.MCTSBot(9, iterations=10).choose(other)


def test_a_single_legal_move_is_answered_at_once_and_a_time_budget_works() -> None:
    state = mid_game(2, 0)
    move = cr.MCTSBot(1, seconds=0.05, worlds=1).choose(state)
    assert move in cr.legal_moves(state)
    big = mid_game(1, 30, cr.Config.big_game(3))
    assert cr.MCTSBot(1, iterations=3, worlds=3).choose(big) in cr.legal_moves(big)


def test_it_is_the_mcts_bot_of_the_command_line() -> None:
    bot = BOTS["mcts"](3)
    assert isinstance(bot, cr.MCTSBot)
    assert bot.seconds == 1.0 and bot.iterations is None
    assert repr(cr.MCTSBot(2, iterations=40)) == "MCTSBot(2, iterations=40, worlds=2)"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": 0}, "iterations must be a count >= 1, got 0"),
        ({"seconds": -1.0}, "seconds must be a positive number, got -1.0"),
        ({"worlds": 0}, "worlds must be a count >= 1, got 0"),
        ({"exploration": -0.5}, "exploration must be >= 0, got -0.5"),
        ({"playout_turns": -1}, "playout_turns must be >= 0, got -1"),
    ],
)
def test_bad_budgets_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(cr.CacaoError, match=message):
        cr.MCTSBot(1, **options)  # type: ignore[arg-type]


def test_it_refuses_states_without_a_decision() -> None:
    chance = cr.new_game(cr.Config(players=2))
    with pytest.raises(cr.CacaoError, match="only where a player decides"):
        cr.MCTSBot(1, iterations=5).choose(chance)
    with pytest.raises(cr.CacaoError, match="seed must be"):
        cr.MCTSBot(-1)
