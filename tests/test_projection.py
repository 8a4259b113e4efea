"""Observations are a projection (R-HIDDEN-2, R-CHANCE-2).

For two games one seat cannot tell apart, everything that seat is shown is equal, now and
after the same public moves: the engine's observation, its JSON text and tensor, OpenSpiel's
observation and information-state strings and tensors, and PettingZoo's observation. The
twins come from :func:`cacao_rules.determinize` (see ``helpers_twins.py``), over seeded and
unseeded games of several configurations.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import cacao_rules as cr
from helpers_observation import CONFIGS, random_game
from helpers_twins import ENGINE, Rules, engine_twin, play_twins

# The configurations played, with short ids: base 2-4 players, Chocolatl, Diamante, Big Game.
CONFIG_IDS = ("2p", "3p", "4p", "3p-chocolatl", "2p-diamante", "4p-big-game")


def _twin_games(
    rules: Rules[cr.State], config: cr.Config, seeded: bool, games: int, every: int
) -> tuple[int, int]:
    """Play determinized twins from every ``every``-th state of ``games`` random games, for
    every seat; the steps compared and the twins that differ from their real game."""
    rng = random.Random(f"{config} {seeded}")
    compared = differ = 0
    for game in range(games):
        states = list(random_game(config, game if seeded else None, rng))
        for index, state in enumerate(states[every // 2 :: every]):
            for seat in range(config.players):
                twin = engine_twin(state, seat, seed=index)
                differ += twin.players != state.players
                compared += play_twins(rules, state, twin, seat, rng)
    return compared, differ


@pytest.mark.rule("R-HIDDEN-2", "R-CHANCE-2")
@pytest.mark.parametrize("seeded", [False, True], ids=["unseeded", "seeded"])
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_engine_observations_are_a_projection(config: cr.Config, seeded: bool) -> None:
    """``observe``, its JSON and its tensor, for twins of seeded and unseeded games."""
    games = 1 if config.is_big_game else 2
    compared, differ = _twin_games(ENGINE, config, seeded, games, every=17)
    assert compared > 250 * games and differ > 4 * games


@pytest.mark.rule("R-HIDDEN-2")
@pytest.mark.parametrize("config", CONFIGS[:5], ids=CONFIG_IDS[:5])
def test_pettingzoo_observations_are_a_projection(config: cr.Config) -> None:
    """PettingZoo's observation vector and action mask (its games are seeded)."""
    pettingzoo = pytest.importorskip("cacao_rules.pettingzoo")
    environment = pettingzoo.raw_env(config=config)

    def look(state: cr.State, seat: int) -> tuple[bytes, bytes]:
        environment.game = state
        seen = environment.observe(f"player_{seat}")
        return seen["observation"].tobytes(), seen["action_mask"].tobytes()

    compared, differ = _twin_games(
        dataclasses.replace(ENGINE, look=look), config, True, games=2, every=13
    )
    assert compared > 100 and differ > 5


def _openspiel_rules() -> Rules[Any]:
    """OpenSpiel states played by action ids, shown through the adapter's four views and
    the engine's observation of the state inside."""

    def look(state: Any, seat: int) -> tuple[object, ...]:
        return (
            state.observation_string(seat),
            state.observation_tensor(seat),
            state.information_state_string(seat),
            state.information_state_tensor(seat),
            cr.observe(state.cacao_state, seat),
        )

    return Rules(
        lambda state: state.legal_actions(),
        lambda state: cr.private_chance_seat(state.cacao_state),
        lambda state, action: state.child(action),
        lambda state: state.is_terminal(),
        look,
    )


@pytest.mark.rule("R-HIDDEN-2", "R-HIDDEN-3", "R-CHANCE-2")
@pytest.mark.parametrize(
    "name",
    [
        "python_cacao",
        "python_cacao(players=3,modules=map+watering+chocolate+huts)",
        "python_cacao(modules=gem_mines+tree_of_life+emperor)",
    ],
)
def test_openspiel_views_are_a_projection(name: str) -> None:
    """OpenSpiel's observation and information-state strings and tensors, for twins made by
    ``resample_from_infostate`` (which determinizes and rewrites the history)."""
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("cacao_rules.openspiel")
    game = pyspiel.load_game(name)
    rules = _openspiel_rules()
    rng = random.Random(name)
    compared = differ = 0
    for _ in range(2):
        state = game.new_initial_state()
        states = []
        while not state.is_terminal():
            states.append(state)
            state = state.child(rng.choice(state.legal_actions()))
        for real in states[len(states) // 3 :: 17]:
            for seat in range(game.num_players()):
                twin = real.resample_from_infostate(seat, rng.random)
                differ += twin.cacao_state != real.cacao_state
                compared += play_twins(rules, real, twin, seat, rng)
    assert compared > 100 and differ > 5
