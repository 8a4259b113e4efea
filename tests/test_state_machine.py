"""A Hypothesis state machine that plays games with moves chosen by index (DESIGN.md section 7).

Each step draws an integer ``i`` and applies ``legal_moves(state)[i % len]`` (decisions and,
in unseeded games, chance outcomes alike). The single-state invariants of ``invariants.py``
are checked after every step; when a game ends the whole-game checks run over its record
and a new game starts, with a configuration and seed that Hypothesis also chooses: the
player count, any combination of the four Chocolatl modules and the Tree of Life, Favour
of the Emperor and Gem mines modules, and their variants (the Map module's early
overbuilding, an agreed hut selection), or now and then the Big Game. In unseeded games the
index also picks how a gem mine's gems fall (each way is its own chance outcome).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import cacao_rules as cr
import invariants as inv
from cacao_rules import Module
from helpers_huts import AGREED_SELECTIONS

SEEDS = st.none() | st.integers(0, 2**64 - 1)


@st.composite
def configs(draw: st.DrawFn) -> cr.Config:
    """The player count, any combination of the seven modules, and their variants; or the
    Big Game for 3 or 4 players."""
    players = draw(st.sampled_from((2, 3, 4)))
    if players > 2 and draw(st.integers(0, 7)) == 0:
        return cr.Config.big_game(players)
    modules = draw(st.sets(st.sampled_from(inv.PLAYABLE_MODULES)))
    early = Module.MAP in modules and draw(st.booleans())
    huts = None
    if Module.HUTS in modules and draw(st.integers(0, 3)) == 0:
        huts = draw(AGREED_SELECTIONS)
    return cr.Config(players=players, modules=modules, map_early_overbuild=early, huts=huts)


CONFIGS = configs()


class GamePlay(RuleBasedStateMachine):
    """Plays one game after another, by move index."""

    def __init__(self) -> None:
        super().__init__()
        self.game: inv.Game | None = None
        self.finished = 0

    def _start(self, config: cr.Config, seed: int | None) -> None:
        self.game = inv.Game(config, seed, cr.new_game(config, seed=seed))

    @property
    def state(self) -> cr.State:
        assert self.game is not None
        return self.game.final

    @initialize(config=CONFIGS, seed=SEEDS)
    def new_game(self, config: cr.Config, seed: int | None) -> None:
        self._start(config, seed)

    @precondition(lambda self: self.game is not None and not self.game.final.is_over)
    @rule(index=st.integers(0, 2**16))
    def play(self, index: int) -> None:
        """Apply the move at ``index`` (modulo the number of legal moves); on the way, check
        that apply leaves its input unchanged and refuses a plausible unlisted move."""
        assert self.game is not None
        before = self.state
        text = repr(before)
        moves = cr.legal_moves(before)
        inv.check_illegal(before, inv.wrong_moves(before, random.Random(index), 1))
        self.game.play(moves[index % len(moves)])
        assert repr(before) == text, "apply changed its input"

    @precondition(lambda self: self.game is not None and self.game.final.is_over)
    @rule(config=CONFIGS, seed=SEEDS)
    def next_game(self, config: cr.Config, seed: int | None) -> None:
        assert self.game is not None
        inv.check_game(self.game, states=False)
        self.finished += 1
        self._start(config, seed)

    @invariant()
    def state_is_sound(self) -> None:
        if self.game is not None:
            inv.check_state(self.state)
            for move in cr.legal_moves(self.state):
                inv.notation_round_trip(move)
            if self.game.plies and isinstance(self.game.plies[-1].move, cr.Place):
                inv.check_hashable(self.state)
                inv.json_round_trip(self.state)

    def teardown(self) -> None:
        if self.game is not None and self.game.plies:
            # Whole-game checks also hold for a game cut short (its placements so far).
            inv.check_start(self.game)
            inv.check_placements(self.game)
            inv.check_edges(self.game)
            inv.check_resources(self.game)
            inv.check_actions(self.game)
            inv.check_huts_in_play(self.game)
            inv.check_turns(self.game)
            inv.check_phases(self.game)
            inv.check_emperor(self.game)
            inv.check_gem_events(self.game)


GamePlay.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=250,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.rule(
    "R-DECIDE-1",
    "R-ACT-3",
    "R-END-4",
    "R-CHANCE-1",
    "R-CHANCE-2",
    "R-ACT-7",
    "R-MODULES-1",
    "R-MAP-4",
    "R-HUT-3",
    "R-TREE-1",
    "R-TREE-3",
    "R-EMPEROR-2",
    "R-EMPEROR-3",
    "R-GEM-2",
    "R-GEM-3",
    "R-GEM-4",
    "R-BIG-1",
)
class TestGamePlay(GamePlay.TestCase):  # type: ignore[misc, valid-type]
    """Runs the state machine under pytest."""
