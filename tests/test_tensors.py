"""Observation tensors: a fixed length per configuration, parts where the layout says."""

from __future__ import annotations

import pytest

import cacao_rules as cr
from cacao_rules.agents.tensors import STEP_KINDS, board_capacity
from cacao_rules.game.components import ALL_JUNGLE_TILES
from helpers_observation import sampled_states


def parts(observation: cr.Observation) -> dict[str, list[float]]:
    vector = cr.observation_tensor(observation)
    result, start = {}, 0
    for name, length in cr.tensor_layout(observation.config):
        result[name] = vector[start : start + length]
        start += length
    assert start == len(vector)
    return result


def test_every_observation_of_a_game_has_the_configurations_length() -> None:
    for state in sampled_states():
        for player in range(state.config.players):
            vector = cr.observation_tensor(cr.observe(state, player))
            assert len(vector) == cr.tensor_size(state.config)
            assert all(isinstance(value, float) for value in vector)


def test_the_board_never_outgrows_its_slots() -> None:
    for state in sampled_states():
        assert len(state.board) <= board_capacity(state.config)


@pytest.mark.rule("R-HIDDEN-2")
def test_the_parts_hold_what_the_layout_says() -> None:
    for state in sampled_states()[::3]:
        seats = state.config.players
        for player in range(seats):
            part = parts(cr.observe(state, player))
            assert part["step"].index(1.0) == STEP_KINDS.index(type(state.step))
            to_move = state.to_move
            expected = seats if to_move is None else (to_move - player) % seats
            assert part["to_move"].index(1.0) == expected
            own = state.players[player]
            width = len(part["players"]) // seats
            mine = part["players"][:width]
            assert mine[:3] == [float(own.gold), float(own.cacao), float(own.sun)]
            assert mine[6:8] == [float(len(own.hand)), float(own.pile.total)]
            assert sum(mine[-2 * len(cr.WorkerType) : -len(cr.WorkerType)]) == len(own.hand)
            if seats > 1:  # other hands: zeros; their unseen tiles: hand and pile together
                theirs = part["players"][width : 2 * width]
                hand = theirs[-2 * len(cr.WorkerType) : -len(cr.WorkerType)]
                other = state.players[(player + 1) % seats]
                assert sum(hand) == 0
                unseen = sum(theirs[-len(cr.WorkerType) :])
                assert unseen == len(other.hand) + other.pile.total
            assert sum(part["jungle_pile"]) == state.jungle_pile.total
            assert sum(part["display"][: len(ALL_JUNGLE_TILES)]) == len(state.display)
            first = min(state.board)
            assert part["board"][:3] == [1.0, float(first[0]), float(first[1])]


def test_the_tensor_is_refused_for_anything_but_an_observation() -> None:
    with pytest.raises(TypeError, match=r"Observation object expected; got .*State"):
        cr.observation_tensor(cr.new_game(cr.Config(players=2), seed=1))  # type: ignore[arg-type]


def test_every_observation_lies_within_the_bounds() -> None:
    for state in sampled_states():
        low, high = cr.tensor_bounds(state.config)
        assert len(low) == len(high) == cr.tensor_size(state.config)
        for player in range(state.config.players):
            vector = cr.observation_tensor(cr.observe(state, player))
            outside = [i for i, v in enumerate(vector) if not low[i] <= v <= high[i]]
            assert not outside, (outside[:5], [vector[i] for i in outside[:5]])
