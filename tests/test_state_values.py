"""States and player states are values (DESIGN 1): immutable, equal and hashed by their
fields, picklable, and copied with some fields changed by ``replace``."""

from __future__ import annotations

import copy
import pickle

import pytest

import cacao_rules as cr


def _mid_game() -> cr.State:
    state = cr.new_game(cr.Config(players=3, modules={cr.Module.HUTS}), seed=5)
    for _ in range(20):
        state = cr.apply(state, cr.legal_moves(state)[0])
    return state


@pytest.mark.parametrize("kind", ["state", "player"])
def test_records_cannot_be_changed(kind: str) -> None:
    state = _mid_game()
    record: cr.State | cr.PlayerState = state if kind == "state" else state.players[0]
    name = type(record).__name__
    with pytest.raises(AttributeError, match=f"{name} is immutable: cannot assign gold"):
        record.gold = 3
    with pytest.raises(AttributeError, match=f"{name} is immutable: cannot delete"):
        del record.config  # type: ignore[union-attr]
    with pytest.raises(TypeError, match=f"{name} has no field\\(s\\) colour"):
        record.replace(colour=1)


def test_records_compare_hash_and_pickle_by_value() -> None:
    state = _mid_game()
    twin = pickle.loads(pickle.dumps(state))
    assert twin == state and twin is not state and hash(twin) == hash(state)
    assert copy.deepcopy(state) == state
    player = state.players[1]
    changed = player.replace(gold=player.gold + 1)
    assert changed != player and changed.gold == player.gold + 1
    assert changed.replace(gold=player.gold) == player
    assert state.replace(turn=state.turn) == state
    assert state.replace(turn=state.turn + 1) != state
    assert state != player and player != state
    assert repr(player).startswith("PlayerState(gold=")
