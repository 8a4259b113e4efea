"""The built-in bots: legal, deterministic given their seed, and greedy beats random."""

from __future__ import annotations

import random

import pytest

import cacao_rules as cr
from cacao_rules import JungleTile, WorkerType
from cacao_rules.agents.bots import Bot, RandomBot, greedy_value
from cacao_rules.agents.greedy import GreedyBot
from cacao_rules.agents.playing import play_game
from cacao_rules.agents.registry import BOTS
from cacao_rules.turn.scoring import temple_totals


def _bots(names: list[str], seed: int) -> list[Bot]:
    return [BOTS[name](100 * seed + seat) for seat, name in enumerate(names)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_choose_only_legal_moves(name: str, players: int) -> None:
    bots = _bots([name] * players, players)
    state = cr.new_game(cr.Config(players=players), seed=players)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(state)
        assert move in cr.legal_moves(state)
        state = cr.apply(state, move)


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_are_deterministic_given_their_seed(name: str) -> None:
    config = cr.Config(players=2)
    first = play_game(config, 11, _bots([name] * 2, 5))
    random.seed(1)  # the global random state must not matter
    second = play_game(config, 11, _bots([name] * 2, 5))
    assert first == second


def test_different_seeds_give_different_random_games() -> None:
    config = cr.Config(players=2)
    games = {play_game(config, 3, _bots(["random"] * 2, seed))[1] for seed in range(4)}
    assert len(games) > 1


def test_play_game_returns_the_record_of_a_complete_game() -> None:
    config = cr.Config(players=2)
    final, decisions = play_game(config, 8, [RandomBot(1), GreedyBot(2)])
    assert final.is_over
    state = cr.new_game(config, seed=8)
    for move in decisions:
        state = cr.apply(state, move)
    assert state == final


def test_play_game_needs_one_bot_per_seat() -> None:
    with pytest.raises(cr.ConfigError, match="one bot per seat"):
        play_game(cr.Config(players=3), 1, [RandomBot(1)])


def test_bots_refuse_a_finished_game() -> None:
    final, _ = play_game(cr.Config(players=2), 1, [RandomBot(1), RandomBot(2)])
    with pytest.raises(cr.IllegalMoveError, match="over"):
        GreedyBot(1).choose(final)


def test_greedy_value_counts_gold_in_full_and_the_rest_a_little() -> None:
    rich = cr.position(cr.Config(players=2), players=[cr.PlayerState(gold=1), cr.PlayerState()])
    stocked = cr.position(cr.Config(players=2), players=[cr.PlayerState(cacao=2), cr.PlayerState()])
    base = cr.position(cr.Config(players=2))
    gold = greedy_value(rich, 0) - greedy_value(base, 0)
    cacao = greedy_value(stocked, 0) - greedy_value(base, 0)
    assert 0 < cacao < gold


def test_greedy_takes_the_gold_on_offer() -> None:
    # Seat 0's 3-1-0-0 can face the gold mine with 3 workers: 6 gold at once.
    state = cr.position(
        cr.Config(players=2),
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (2, 0): JungleTile.from_code("G2"),
        },
        players=[cr.PlayerState(hand=(WorkerType.W3100,)), cr.PlayerState()],
    )
    bot = GreedyBot(0)
    while state.to_move == 0 and state.turn == 0:
        state = cr.apply(state, bot.choose(state))
    assert state.players[0].gold >= 6


def test_greedy_counts_a_temple_majority_like_gold() -> None:
    # Seat 0's 1-1-1-1 can face the temple (a majority of 6 gold at the end) or the gold mine
    # (2 gold at once): weighed a quarter of gold, the temple lost; at 3 players that bot lost.
    state = cr.position(
        cr.Config(players=3),
        board={(0, 0): JungleTile.from_code("T"), (4, 0): JungleTile.from_code("G2")},
        players=[cr.PlayerState(hand=(WorkerType.W1111,)), cr.PlayerState(), cr.PlayerState()],
    )
    bot = GreedyBot(0)
    while state.to_move == 0 and state.turn == 0:
        state = cr.apply(state, bot.choose(state))
    assert (state.players[0].gold, temple_totals(state)) == (0, [6, 0, 0])


def test_greedy_beats_random_clearly() -> None:
    config = cr.Config(players=2)
    games = 12
    greedy_wins = 0.0
    for seed in range(games):
        greedy_seat = seed % 2  # each bot plays each seat half of the time
        bots: list[Bot] = [RandomBot(seed), RandomBot(seed)]
        bots[greedy_seat] = GreedyBot(seed)
        final, _ = play_game(config, seed, bots)
        won = cr.winners(final)
        if greedy_seat in won:
            greedy_wins += 1 / len(won)
    assert greedy_wins >= 0.8 * games


# --- the Chocolatl modules ------------------------------------------------------------------

CHOCOLATL = frozenset({cr.Module.MAP, cr.Module.WATERING, cr.Module.CHOCOLATE, cr.Module.HUTS})


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_choose_only_legal_moves_with_every_module(name: str, players: int) -> None:
    config = cr.Config(players=players, modules=CHOCOLATL, map_early_overbuild=True)
    bots = _bots([name] * players, players + 7)
    state = cr.new_game(config, seed=players + 7)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(state)
        assert move in cr.legal_moves(state)
        state = cr.apply(state, move)


def test_greedy_value_counts_chocolate_between_cacao_and_gold() -> None:
    config = cr.Config(players=2, modules={cr.Module.CHOCOLATE})
    base = greedy_value(cr.position(config), 0)

    def value(player: cr.PlayerState) -> int:
        players = [player, cr.PlayerState()]
        return greedy_value(cr.position(config, players=players), 0) - base

    cacao, bar, gold = cr.PlayerState(cacao=1), cr.PlayerState(chocolate=1), cr.PlayerState(gold=7)
    assert value(cacao) < value(bar) < value(gold)


def test_greedy_value_counts_a_hut_as_its_cost_and_its_bonus() -> None:
    config = cr.Config(players=2, modules={cr.Module.HUTS})
    poor = cr.position(config, players=[cr.PlayerState(), cr.PlayerState()])
    chief = cr.position(config, players=[cr.PlayerState(huts=(cr.Hut.CHIEF,)), cr.PlayerState()])
    rich = cr.position(config, players=[cr.PlayerState(gold=24), cr.PlayerState()])
    # Building the Chief for 24 gold gives the gold back at the end, and 6 more.
    assert greedy_value(chief, 0) - greedy_value(rich, 0) == 6 * 8
    assert greedy_value(rich, 0) > greedy_value(poor, 0)


def test_greedy_builds_a_hut_with_a_bonus() -> None:
    config = cr.Config(players=2, modules=CHOCOLATL)
    final, decisions = play_game(config, 5, [GreedyBot(1), RandomBot(2)])
    assert any(isinstance(move, cr.BuildHut) for move in decisions)
    assert final.players[0].huts


def test_greedy_beats_random_clearly_with_every_module() -> None:
    config = cr.Config(players=2, modules=CHOCOLATL)
    games = 8
    greedy_wins = 0.0
    for seed in range(games):
        greedy_seat = seed % 2
        bots: list[Bot] = [RandomBot(seed), RandomBot(seed)]
        bots[greedy_seat] = GreedyBot(seed)
        final, _ = play_game(config, seed, bots)
        won = cr.winners(final)
        if greedy_seat in won:
            greedy_wins += 1 / len(won)
    assert greedy_wins >= 0.8 * games


# --- the Gem mines module ------------------------------------------------------------------

GEMS = cr.Module.GEM_MINES


@pytest.mark.rule("R-GEM-6")
def test_greedy_value_counts_masks_and_gems_as_the_gold_they_score() -> None:
    config = cr.Config(players=2, modules={GEMS})
    base = greedy_value(cr.position(config), 0)

    def worth(player: cr.PlayerState) -> int:
        return greedy_value(cr.position(config, players=[player, cr.PlayerState()]), 0) - base

    assert worth(cr.PlayerState(gems=(1, 0, 0, 0))) == worth(cr.PlayerState(gold=1))
    assert worth(cr.PlayerState(gems=(2, 1, 0, 0))) == worth(cr.PlayerState(gold=3))
    assert worth(cr.PlayerState(masks=(8,))) == worth(cr.PlayerState(gold=8))


@pytest.mark.rule("R-GEM-3")
def test_greedy_takes_the_gems_on_offer() -> None:
    # Seat 0's 3-1-0-0 can face the gem mine with 3 workers: 3 gems at once.
    mine = JungleTile(cr.JungleKind.GEM_MINE, gems=(2, 2, 1, 1))
    state = cr.position(
        cr.Config(players=2, modules={GEMS}),
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (2, 0): mine,
        },
        players=[cr.PlayerState(hand=(WorkerType.W3100,)), cr.PlayerState()],
    )
    bot = GreedyBot(0)
    while state.to_move == 0 and state.turn == 0:
        state = cr.apply(state, bot.choose(state))
    assert sum(state.players[0].gems) >= 3


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_play_a_game_with_gem_mines(name: str) -> None:
    config = cr.Config(players=2, modules={GEMS})
    final, decisions = play_game(config, 3, _bots([name, "random"], 3))
    assert final.is_over and decisions
