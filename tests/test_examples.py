"""The example bot of docs/bots.md plays legal moves without looking at hidden tiles."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import cacao_rules as cr

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "determinized_mcts.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("determinized_mcts", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_example_bot_plays_a_whole_game() -> None:
    example = load_example()
    final = example.play(seed=3, mcts_seat=1, bot=example.DeterminizedMCTS(2, 4, seed=1))
    assert final.is_over
    assert sum(example.reward(final, seat) for seat in range(2)) == 1


def test_the_example_bot_ignores_what_its_seat_cannot_see() -> None:
    example = load_example()
    rng = random.Random(2)
    state = cr.new_game(cr.Config(players=2), seed=5)
    for _ in range(12):
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    seat = state.to_move
    assert seat is not None
    other = 1 - seat
    seen = cr.observe(state, seat)
    swapped = next(
        world
        for world in (cr.determinize(seen, seed) for seed in range(100))
        if world.players[other].hand != state.players[other].hand
    )
    real = example.DeterminizedMCTS(3, 6, seed=4).choose(state)
    fake = example.DeterminizedMCTS(3, 6, seed=4).choose(swapped.replace(seed=state.seed))
    assert real == fake
