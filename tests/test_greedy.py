"""GreedyBot's values read off the board equal what playing every choice on the engine
reaches: the best order and use of the edges to resolve, and the best fill and resolution
after a placement (where no blind draw decides)."""

from __future__ import annotations

import random

import pytest

import cacao_rules as cr
from cacao_rules.agents.bots import greedy_value, holdings_value
from cacao_rules.agents.greedy import _pending, best_gain, move_values
from cacao_rules.game.events import JungleFilled
from cacao_rules.state.draft import Draft


def _decisions(config: cr.Config, seed: int, kind: type) -> list[cr.State]:
    """The states of a random game where a seat decides a step of ``kind`` among several."""
    rng = random.Random(seed)
    state = cr.new_game(config, seed=seed)
    found = []
    while not state.is_over:
        moves = cr.legal_moves(state)
        if isinstance(state.step, kind) and len(moves) > 1:
            found.append(state)
        state = cr.apply(state, rng.choice(moves))
    return found


def _best_on_the_engine(state: cr.State, seat: int, turn: int) -> tuple[int, bool]:
    """The best :func:`greedy_value` ``seat`` reaches by playing every choice of its own on
    the engine until another seat decides or the turn ends; whether a blind draw came."""
    if state.to_move != seat or state.turn != turn or state.is_over:
        return greedy_value(state, seat), False
    best, blind = -(10**9), False
    for move in cr.legal_moves(state):
        after, events = cr.step(state, move)
        value, drawn = _best_on_the_engine(after, seat, turn)
        best = max(best, value)
        blind = (
            blind
            or drawn
            or any(isinstance(event, JungleFilled) and event.source == "pile" for event in events)
        )
    return best, blind


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_best_use_of_the_edges_is_what_every_order_on_the_engine_reaches(seed: int) -> None:
    for state in _decisions(cr.Config(players=3), seed, cr.ResolveStep):
        seat = state.to_move
        assert seat is not None
        reached, _ = _best_on_the_engine(state, seat, state.turn)
        temples_and_huts = greedy_value(state, seat) - holdings_value(state.players[seat])
        expected = reached - temples_and_huts
        gain = best_gain(Draft(state, None), seat, _pending(state, seat))
        assert holdings_value(state.players[seat]) + gain == expected


@pytest.mark.parametrize("seed", [4, 5])
def test_a_placement_is_worth_the_best_its_turn_reaches_on_the_engine(seed: int) -> None:
    states = _decisions(cr.Config(players=2), seed, cr.PlacementStep)
    checked = 0
    for state in states[5::6]:
        seat = state.to_move
        assert seat is not None
        moves = cr.legal_moves(state)
        values = move_values(state, seat, moves)
        for move, value in zip(moves, values, strict=True):
            reached, blind = _best_on_the_engine(cr.apply(state, move), seat, state.turn)
            if not blind:  # the bot does not look at the pile; the engine drew from it
                assert value == reached, move
                checked += 1
    assert checked > 50


def test_a_fill_is_worth_the_best_its_resolution_reaches_on_the_engine() -> None:
    for state in _decisions(cr.Config(players=2), 6, cr.FillStep)[:8]:
        seat = state.to_move
        assert seat is not None
        moves = cr.legal_moves(state)
        for move, value in zip(moves, move_values(state, seat, moves), strict=True):
            reached, blind = _best_on_the_engine(cr.apply(state, move), seat, state.turn)
            if not blind:
                assert value == reached, move
