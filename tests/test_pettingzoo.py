"""The PettingZoo adapter: PettingZoo's own conformance tests and the environment's contract.

``api_test`` plays one whole game (its ``num_cycles`` is set above the longest game possible,
``ActionSpace.max_game_length`` moves; it stops at the game's end) and then a few more steps
of a new one, checking every observation against the observation space; ``seed_test`` plays
two environments side by side from the same seed to the end of a game.
"""

from __future__ import annotations

import pickle
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test  # type: ignore[import-untyped]

import cacao_rules as cr
from cacao_rules.pettingzoo import env, raw_env
from cacao_rules.show.svg import KIND_COLOURS, SEAT_COLOURS

# Warnings api_test gives for every environment with Dict observations (action masks) that
# is not one of PettingZoo's own classic games, whose names it lists as exceptions.
DICT_OBSERVATION_WARNINGS = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)

CONFORMANCE = [
    pytest.param({"players": 2}, id="2p"),
    pytest.param({"players": 3}, id="3p"),
    pytest.param({"players": 4}, id="4p"),
    pytest.param({"players": 2, "modules": ["map", "watering", "chocolate"]}, id="2p-chocolatl"),
    pytest.param(
        {"players": 3, "modules": [cr.Module.HUTS, cr.Module.TREE_OF_LIFE, cr.Module.EMPEROR]},
        id="3p-huts-tree-emperor",
    ),
    pytest.param({"players": 4, "modules": ["gem_mines", "map", "huts"]}, id="4p-gems-map-huts"),
    pytest.param({"players": 3, "big_game": True}, id="big-game-3p"),
    pytest.param({"players": 4, "big_game": True}, id="big-game-4p"),
]


def _cycles(kwargs: dict[str, Any]) -> int:
    """Cycles enough for api_test and seed_test to play a whole game (a cycle is one step per
    agent, and a game has at most ``max_game_length`` moves); both stop at the game's end."""
    return cr.ActionSpace(raw_env(**kwargs).config).max_game_length + 1


@pytest.mark.parametrize("kwargs", CONFORMANCE)
def test_api_test(kwargs: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(**kwargs), num_cycles=_cycles(kwargs), verbose_progress=False)
    unexpected = {
        str(warning.message)
        for warning in caught
        if not str(warning.message).startswith(DICT_OBSERVATION_WARNINGS)
    }
    assert not unexpected


@pytest.mark.parametrize(
    "kwargs", [{"players": 2}, {"players": 4, "modules": ["huts", "gem_mines"]}], ids=str
)
def test_seed_test(kwargs: dict[str, Any]) -> None:
    seed_test(lambda: env(**kwargs), num_cycles=_cycles(kwargs))


def _play(game: Any, seed: int, rng: np.random.Generator) -> list[tuple[str, int]]:
    """Play ``game`` from ``reset(seed)`` to its end with random legal actions, checking the
    AEC contract at every step; the (agent, action) pairs played."""
    game.reset(seed=seed)
    unwrapped = game.unwrapped
    played: list[tuple[str, int]] = []
    finished: dict[str, tuple[float, dict[str, Any]]] = {}
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        assert not truncation
        assert game.observation_space(agent).contains(observation)
        if termination:
            finished[agent] = (reward, info)
            game.step(None)
            continue
        state = unwrapped.game
        assert agent == f"player_{state.to_move}"
        assert reward == 0
        mask = observation["action_mask"]
        legal = np.flatnonzero(mask)
        assert legal.tolist() == list(unwrapped.space.legal_actions(state))
        for other in game.agents:
            if other != agent:
                seen = game.observe(other)
                assert game.observation_space(other).contains(seen)
                assert not seen["action_mask"].any()
        action = int(rng.choice(legal))
        played.append((agent, action))
        game.step(action)
    state = unwrapped.game
    assert state.is_over
    assert set(finished) == set(game.possible_agents)
    won = cr.winners(state)
    scores = cr.final_scores(state)
    for seat, agent in enumerate(game.possible_agents):
        reward, info = finished[agent]
        if len(won) == len(scores):
            assert reward == 0
        else:
            assert reward == (1 if seat in won else -1)
        assert info["score"] == scores[seat].total
        assert info["winners"] == [f"player_{winner}" for winner in won]
    total = sum(reward for reward, _ in finished.values())
    assert total == (0 if len(won) == len(scores) else len(won) - (len(scores) - len(won)))
    return played


FULL_GAMES = [
    ({"players": 2}, 40),
    ({"players": 3, "modules": ["map", "chocolate", "emperor"]}, 20),
    ({"players": 4, "modules": ["huts", "gem_mines", "tree_of_life", "watering"]}, 20),
    ({"players": 3, "big_game": True}, 6),
    ({"players": 4, "big_game": True}, 6),
]


@pytest.mark.parametrize(("kwargs", "games"), FULL_GAMES, ids=str)
def test_random_games_to_the_end(kwargs: dict[str, Any], games: int) -> None:
    game = env(**kwargs)
    rng = np.random.default_rng(5)
    for seed in range(games):
        assert _play(game, seed, rng)


def test_same_seed_same_game_other_seed_other_game() -> None:
    first = _play(env(players=3), 11, np.random.default_rng(1))
    again = _play(env(players=3), 11, np.random.default_rng(1))
    other = _play(env(players=3), 12, np.random.default_rng(1))
    assert first == again
    assert first != other


@pytest.mark.parametrize("kind", [np.int64, np.uint64, np.int8, np.uint32])
def test_numpy_integer_seeds_are_the_integers_they_are(kind: type[np.integer[Any]]) -> None:
    game = env(players=2)
    game.reset(seed=3)
    expected = game.unwrapped.game
    game.reset(seed=kind(3))
    assert game.unwrapped.game == expected


@pytest.mark.parametrize("seed", [-1, 1.5, "1", np.float64(3.0)])
def test_seeds_that_are_no_integer_get_gymnasiums_error(seed: object) -> None:
    import gymnasium

    game = env(players=2)
    game.reset(seed=5)
    before = game.unwrapped.game
    with pytest.raises(gymnasium.error.Error):
        game.reset(seed=seed)
    assert game.unwrapped.game == before


def test_observations_are_the_agents_own() -> None:
    game = env(players=3, modules=["map"])
    game.reset(seed=3)
    state = game.unwrapped.game
    for seat, agent in enumerate(game.possible_agents):
        vector = game.observe(agent)["observation"]
        assert vector.dtype == np.float32
        expected = cr.observation_tensor(cr.observe(state, seat))
        assert vector.tolist() == expected
    assert game.observe("player_1")["observation"].tolist() != expected


def test_bounds_hold_negative_coordinates() -> None:
    config = cr.Config(players=2)
    low, high = (np.array(bound) for bound in cr.tensor_bounds(config))
    assert low.shape == high.shape == (cr.tensor_size(config),)
    assert (low <= high).all()
    assert low.min() == -(cr.ActionSpace(config).radius + 1)
    assert np.isinf(high).sum() == 2 + 1  # the two players' gold, the cacao received
    # a random game soon puts a tile west or north of the start, at a negative coordinate
    game = env(players=2)
    game.reset(seed=1)
    rng = np.random.default_rng(0)
    lowest = 0.0
    for _agent in game.agent_iter():
        observation, _reward, termination, _truncation, _info = game.last()
        lowest = min(lowest, float(observation["observation"].min()))
        legal = np.flatnonzero(observation["action_mask"])
        game.step(None if termination else int(rng.choice(legal)))
    assert lowest < 0


def test_action_and_observation_spaces() -> None:
    game = env(players=4, modules=["huts"])
    space = cr.ActionSpace(cr.Config(players=4, modules={cr.Module.HUTS}))
    assert game.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    for agent in game.possible_agents:
        assert game.action_space(agent).n == space.size
        observation_space = game.observation_space(agent)
        assert observation_space["observation"].shape == (cr.tensor_size(space.config),)
        assert observation_space["action_mask"].shape == (space.size,)
        assert observation_space["action_mask"].dtype == np.int8
    with pytest.raises(cr.CacaoError, match="unknown agent 'player_4'"):
        game.action_space("player_4")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 5}, "2 to 4 players"),
        ({"modules": ["map", "sea"]}, "unknown module 'sea'; the modules are map, watering"),
        ({"modules": ["new_workers"]}, "New Workers"),
        ({"players": 2, "big_game": True}, "Big Game is for 3 or 4 players"),
        ({"players": 3, "big_game": True, "modules": ["map"]}, "leave modules empty"),
        ({"render_mode": "svg"}, "render_mode must be None, 'human', 'ansi' or 'rgb_array'"),
        ({"config": cr.Config(players=3), "players": 3}, "not both"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(cr.ConfigError, match=message):
        env(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": "2"}, "^int object expected; got str$"),
        ({"players": True}, "^int object expected; got bool$"),
        ({"modules": "map"}, "modules must be a collection"),
        ({"modules": [3]}, "^str object expected; got int$"),
        ({"players": 3, "big_game": "yes"}, "^bool object expected; got str$"),
        ({"config": "2 players"}, r"\.Config object expected; got str$"),
    ],
)
def test_arguments_of_the_wrong_type_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        env(**kwargs)


def test_config_argument() -> None:
    config = cr.Config(players=2, modules={cr.Module.HUTS}, huts=[cr.Hut.CHIEF, cr.Hut.MONK])
    game = env(config=config)
    assert game.unwrapped.config is config
    assert _play(game, 0, np.random.default_rng(0))


def test_illegal_actions_raise_and_change_nothing() -> None:
    game = env(players=2)
    game.reset(seed=4)
    before = game.unwrapped.game
    mask = game.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(cr.IllegalMoveError, match=rf"player_0 cannot play this: action {illegal}"):
        game.step(illegal)
    with pytest.raises(cr.IllegalMoveError, match="outside the decision ids"):
        game.step(game.action_space("player_0").n)
    for wrong in (True, 1.0, "3", None):
        with pytest.raises(cr.IllegalMoveError, match="must act with an int action id"):
            game.step(wrong)
    assert game.unwrapped.game is before
    assert game.agent_selection == "player_0"
    game.step(np.int32(np.flatnonzero(mask)[0]))  # NumPy integers are action ids too
    assert game.unwrapped.game is not before


def test_dead_agents_take_only_none() -> None:
    game = env(players=2)
    _play(game, 2, np.random.default_rng(2))
    game.reset(seed=2)
    state = game.unwrapped.game
    rng = np.random.default_rng(2)
    while not state.is_over:
        legal = np.flatnonzero(game.observe(game.agent_selection)["action_mask"])
        game.step(int(rng.choice(legal)))
        state = game.unwrapped.game
    assert all(game.terminations.values())
    with pytest.raises(ValueError, match="only valid action is None"):
        game.step(0)


def test_step_before_reset_is_an_error() -> None:
    with pytest.raises(AssertionError, match="reset"):
        env(players=2).step(0)


def test_render_text(capsys: pytest.CaptureFixture[str]) -> None:
    game = env(players=2, render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert isinstance(text, str)
    assert text == cr.render(game.unwrapped.game)
    human = env(players=2, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert capsys.readouterr().out == text + "\n"
    render_test(lambda render_mode: env(players=2, render_mode=render_mode))


def test_action_to_string() -> None:
    game = env(players=2)
    game.reset(seed=3)
    state = game.unwrapped.game
    action = int(np.flatnonzero(game.observe("player_0")["action_mask"])[0])
    assert game.unwrapped.action_to_string(action) == str(
        game.unwrapped.space.decode(state, action)
    )


def test_pickles() -> None:
    game = pickle.loads(pickle.dumps(raw_env(players=3, modules=["map"])))
    assert game.config == cr.Config(players=3, modules={cr.Module.MAP})


def test_render_rgb_array_draws_the_board() -> None:
    game = env(players=3, render_mode="rgb_array")
    game.reset(seed=5)
    first = game.render()
    assert isinstance(first, np.ndarray) and first.dtype == np.uint8 and first.shape[2] == 3
    for _agent in game.agent_iter(max_iter=60):
        observation, _, termination, truncation, _ = game.last()
        action = (
            None
            if termination or truncation
            else int(np.flatnonzero(observation["action_mask"])[0])
        )
        game.step(action)
    later = game.render()
    assert isinstance(later, np.ndarray)
    assert later.shape[0] * later.shape[1] > first.shape[0] * first.shape[1]  # the board grew
    state = game.unwrapped.game
    # Each seat's colour is in the frame (its strip), and each kind's colour on the board.
    colours = {tuple(pixel) for pixel in later.reshape(-1, 3)}
    for seat in range(3):
        assert _rgb(SEAT_COLOURS[seat]) in colours
    for tile in state.board.values():
        if isinstance(tile, cr.JungleTile):
            assert _rgb(KIND_COLOURS[tile.kind][0]) in colours


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
