"""Which build the tests run against (README, "Builds").

``nox -s tests`` runs the suite on the pure-Python sources and ``nox -s tests_compiled`` on
the installed mypyc build; each sets ``CACAO_RULES_EXPECT_BUILD`` (``pure`` or
``compiled``), so that a run that imported the wrong build fails here instead of
silently testing the other one.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

import cacao_rules as cr
from cacao_rules import engine


def _is_extension(path: str) -> bool:
    return any(path.endswith(suffix) for suffix in EXTENSION_SUFFIXES)


def test_compiled_says_whether_the_engine_is_an_extension_module() -> None:
    assert isinstance(cr.COMPILED, bool)
    assert cr.COMPILED is _is_extension(engine.__file__)


@pytest.mark.skipif(
    "CACAO_RULES_EXPECT_BUILD" not in os.environ,
    reason="CACAO_RULES_EXPECT_BUILD (pure or compiled) is set by the nox sessions",
)
def test_the_expected_build_is_imported() -> None:
    expected = os.environ["CACAO_RULES_EXPECT_BUILD"]
    assert expected in ("pure", "compiled")
    assert cr.COMPILED is (expected == "compiled"), cr.__file__


def test_states_pickle_and_deep_copy_in_either_build() -> None:
    """Compiled with mypyc, a class whose ``__init__`` takes arguments cannot be pickled the
    default way (its instances cannot be made empty); the state's parts say how instead."""
    state = cr.new_game(cr.Config.big_game(4), seed=3)
    for _ in range(40):
        state = cr.apply(state, cr.legal_moves(state)[-1])
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state


def _gem_mine_fill_states(config: cr.Config, games: int) -> Iterator[cr.State]:
    """Fill decisions of seeded games where a gem mine with its gems lies face up."""
    for seed in range(games):
        state = cr.new_game(config, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if isinstance(state.step, cr.FillStep) and any(
                tile.gems is not None for tile in state.display
            ):
                yield state
            state = cr.apply(state, rng.choice(cr.legal_moves(state)))


def test_equal_tiles_built_apart_compare_equal_in_either_build() -> None:
    """A gem mine with its gems is a new tile object, so the face-up one and the one a fill
    names are equal but not the same object. mypyc 2.4.1 compiled ``==`` between two
    ``attrs.frozen`` values as ``is`` until the build hook told it otherwise (hatch_build.py),
    and the action space then found the fill's tile nowhere in the display."""
    config = cr.Config(players=4, modules={cr.Module.GEM_MINES})
    space = cr.ActionSpace(config)
    seen = 0
    for state in _gem_mine_fill_states(config, games=6):
        seen += 1
        assert len(space.legal_actions(state)) == len(cr.legal_moves(state))
    assert seen > 0, "no fill decision with a gem mine face up: pick other games"
