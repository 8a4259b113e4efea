"""The pure build's draft that becomes its state when frozen (state/in_place.py): the state
it becomes is the one the constructor makes of the same fields, sealed, with its moves'
record; a draft compares and hashes by identity, so its events stay where they are. The
compiled build's draft, which freezes by the constructor, is held to the same."""

from __future__ import annotations

import random

import pytest

import cacao_rules as cr
from cacao_rules.state.draft import Draft
from cacao_rules.state.listed import Listed
from cacao_rules.state.state import State
from helpers_observation import random_game

CONFIGS = (cr.Config(players=4), cr.Config.big_game(4))


def _states(games: int = 6) -> list[State]:
    """Every state of a few seeded random games of the base game and the Big Game."""
    return [
        state
        for index in range(games)
        for state in random_game(CONFIGS[index % len(CONFIGS)], index, random.Random(index))
    ]


def test_a_frozen_draft_is_the_state_its_constructor_makes_of_the_same_fields() -> None:
    for state in _states():
        built = State(*state.values())
        assert type(state) is State
        assert state == built and hash(state) == hash(built)
        frozen = Draft(state, None).freeze()
        assert type(frozen) is State and frozen == state and hash(frozen) == hash(state)
        assert frozen.players == state.players and type(frozen.players) is tuple
        assert frozen._listed is None
        for field in State.FIELDS:
            if field != "players":
                value, was = getattr(frozen, field), getattr(state, field)
                assert value == was
                assert value is was or cr.COMPILED  # compiled, a tuple of ints is boxed afresh


def test_a_frozen_draft_is_sealed_and_keeps_the_moves_listed_for_it() -> None:
    state = cr.new_game(cr.Config(players=4), seed=3)
    events: list[cr.Event] = []
    draft = Draft(state, events)
    moves = cr.legal_moves(state)
    draft.moves = moves
    frozen = draft.freeze()
    with pytest.raises(AttributeError, match="immutable"):
        frozen.turn = 5
    listed = frozen._listed
    assert type(listed) is Listed and listed.moves is moves and listed.owner == id(frozen)
    assert frozen._hash is None  # where the events were: no hash worked out yet
    assert cr.legal_moves(frozen) is moves


def test_a_draft_compares_and_hashes_by_identity_and_keeps_its_events() -> None:
    state = cr.new_game(cr.Config(players=4), seed=4)
    events: list[cr.Event] = []
    draft, twin = Draft(state, events), Draft(state, events)
    assert draft != twin and draft == draft
    assert hash(draft) == object.__hash__(draft)
    assert draft.events is events and draft.moves is None
    draft.emit(cr.TurnStarted(0))
    assert events == [cr.TurnStarted(0)]


def test_a_draft_is_a_copy_the_state_it_came_from_never_sees() -> None:
    state = cr.new_game(cr.Config(players=4), seed=5)
    before = State(*state.values())
    draft = Draft(state, None)
    draft.turn += 3
    draft.update_gold(0, 9)
    draft.players[1] = draft.players[2]
    assert state == before and type(state.players) is tuple
    assert draft.freeze() != state
