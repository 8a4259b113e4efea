"""What a user interface asks of a state: the step, where to place, the open jungle spaces."""

from __future__ import annotations

import random
from typing import get_args

import cacao_rules as cr
import invariants as inv


def test_the_step_classes_are_exported_and_every_state_shows_one() -> None:
    steps = set(get_args(cr.Step))
    assert steps == {
        cr.DealStep,
        cr.PlacementStep,
        cr.FillStep,
        cr.BlindFillStep,
        cr.ResolveStep,
        cr.DrawWorkerStep,
        cr.SlideStep,
        cr.RefillStep,
        cr.MapRefillStep,
        cr.HutStep,
        cr.OverStep,
    }
    configs = [cr.Config(players=2), cr.Config(players=3, modules={cr.Module.MAP, cr.Module.HUTS})]
    seen: set[type] = set()
    for seed in range(8):
        config = configs[seed % 2]
        game = inv.random_game(config, None, random.Random(seed))
        for state in [game.start, *(ply.after for ply in game.plies)]:
            assert type(state.step) in steps
            seen.add(type(state.step))
            assert cr.describe_step(state)
    assert seen >= steps - {cr.BlindFillStep}  # blind fills need an empty display


def test_placement_squares_are_the_squares_of_the_legal_placements() -> None:
    for seed in range(6):
        config = cr.Config(players=2, modules={cr.Module.MAP} if seed % 2 else set())
        game = inv.random_game(config, seed, random.Random(seed))
        for state in [game.start, *(ply.after for ply in game.plies)]:
            moves = cr.legal_moves(state)
            squares = {m.square for m in moves if isinstance(m, cr.Place | cr.Overbuild)}
            assert cr.placement_squares(state) == tuple(sorted(squares))
            if not isinstance(state.step, cr.PlacementStep):
                assert cr.placement_squares(state) == ()
            for square in cr.placement_squares(state):
                assert not cr.is_jungle_square(square)


def test_the_spaces_to_fill_are_open_jungle_spaces() -> None:
    game = inv.random_game(cr.Config(players=4), 5, random.Random(5))
    fills = 0
    for ply in game.plies:
        state = ply.before
        spaces = cr.open_jungle_spaces(state.board)
        for square in spaces:
            assert square not in state.board and cr.is_jungle_square(square)
            assert any(
                isinstance(state.board.get(near), cr.WorkerTile) for near in cr.neighbours(square)
            )
        if isinstance(state.step, cr.FillStep):
            fills += 1
            assert set(state.step.spaces) <= spaces
    assert fills > 0


def test_the_geometry_helpers() -> None:
    square: cr.Square = (1, -2)
    assert cr.neighbour(square, cr.Side.N) == (1, -3)
    assert cr.neighbours(square) == ((1, -3), (2, -2), (1, -1), (0, -2))
    assert cr.format_square(square) == "1,-2"
    assert cr.is_jungle_square((0, 0)) and not cr.is_jungle_square((1, 0))
