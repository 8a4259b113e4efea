"""Random games: every state of one (the rules tests walk seeded ones), and states sampled
for the observation, determinization and tensor tests."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import cacao_rules as cr
from cacao_rules import Module

CONFIGS = (
    cr.Config(players=2),
    cr.Config(players=3),
    cr.Config(players=4),
    cr.Config(players=3, modules={Module.MAP, Module.WATERING, Module.CHOCOLATE, Module.HUTS}),
    cr.Config(players=2, modules={Module.GEM_MINES, Module.TREE_OF_LIFE, Module.EMPEROR}),
    cr.Config.big_game(4),
)


def random_game(config: cr.Config, seed: int | None, rng: random.Random) -> Iterator[cr.State]:
    """Every state of one game with random decisions (and random chance without a seed)."""
    state = cr.new_game(config, seed)
    yield state
    while not state.is_over:
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
        yield state


@functools.cache
def sampled_states() -> tuple[cr.State, ...]:
    """Every 5th state of a seeded and an unseeded game of each configuration."""
    rng = random.Random(6)
    states: list[cr.State] = []
    for index, config in enumerate(CONFIGS):
        for seed in (index, None):
            states.extend(list(random_game(config, seed, rng))[::5])
    return tuple(states)
