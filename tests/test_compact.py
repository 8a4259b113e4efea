"""The compact text board: within 80 columns (120 for the Big Game), cropped, coloured on demand."""

from __future__ import annotations

import io
import random
import re

import pytest

import cacao_rules as cr
from cacao_rules import Module
from cacao_rules.show.colour import use_colour
from cacao_rules.show.render import render, render_compact

ANSI = re.compile(r"\x1b\[[0-9;]*m")

WIDE_CONFIGS = {
    "base-2": (cr.Config(players=2), 80),
    "base-4": (cr.Config(players=4), 80),
    "chocolatl-4": (
        cr.Config(players=4, modules={Module.MAP, Module.WATERING, Module.CHOCOLATE, Module.HUTS}),
        80,
    ),
    "gem-mines-3": (cr.Config(players=3, modules={Module.GEM_MINES, Module.EMPEROR}), 80),
    "big-game-4": (cr.Config.big_game(4), 120),
}


def states(config: cr.Config, seed: int) -> list[cr.State]:
    """Every tenth state of a seeded random game, and its last."""
    rng = random.Random(seed)
    state = cr.new_game(config, seed=seed)
    seen = [state]
    while not state.is_over:
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
        seen.append(state)
    return [*seen[::10], seen[-1]]


@pytest.mark.parametrize("name", WIDE_CONFIGS)
def test_compact_text_fits_its_width_all_game_long(name: str) -> None:
    config, width = WIDE_CONFIGS[name]
    for seed in range(3):
        for state in states(config, seed):
            for shown in (state, cr.observe(state, 0)):
                text = render_compact(shown, legend=True, colour=True)
                plain = ANSI.sub("", text)
                assert max(len(line) for line in plain.splitlines()) <= width
                assert plain == render_compact(shown, legend=True)


def test_compact_board_is_cropped_and_shows_every_tile() -> None:
    state = states(cr.Config(players=2), 1)[-1]
    text = render_compact(state)
    board_lines = text.split("\nTurn ")[0].splitlines()
    xs = [x for x, _ in state.board]
    header = [int(label) for label in board_lines[0].split()]
    assert header[0] >= min(xs) - 1 and header[-1] <= max(xs) + 1
    codes = re.findall(r"\b[PMGD]\d+|\b[WSTIKCL]\b", "\n".join(board_lines[1:]))
    jungle = [t for t in state.board.values() if isinstance(t, cr.JungleTile)]
    assert sorted(codes) == sorted(t.code for t in jungle)
    workers = re.findall(r"\[(\d)\]", text)
    assert len(workers) == sum(isinstance(t, cr.WorkerTile) for t in state.board.values())


def test_an_observation_hides_the_other_hands() -> None:
    state = cr.new_game(cr.Config(players=3), seed=4)
    text = render(cr.observe(state, 2), compact=True)
    lines = [line for line in text.splitlines() if "seat" in line and "hand" in line]
    assert "hand 3 hidden" in lines[0] and "hand 3 hidden" in lines[1]
    own = " ".join(str(kind) for kind in state.players[2].hand)
    assert f"hand {own}" in lines[2]


def test_colour_only_for_a_terminal_and_never_with_no_color() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert use_colour("auto", Terminal(), {}) is True
    assert use_colour("auto", Terminal(), {"NO_COLOR": "1"}) is False
    assert use_colour("auto", Terminal(), {"NO_COLOR": ""}) is True
    assert use_colour("auto", Terminal(), {"TERM": "dumb"}) is False
    assert use_colour("auto", io.StringIO(), {}) is False
    assert use_colour("always", io.StringIO(), {"NO_COLOR": "1"}) is True
    assert use_colour("never", Terminal(), {}) is False
    with pytest.raises(cr.ConfigError, match="--color must be one of"):
        use_colour("sometimes", Terminal(), {})
    state = states(cr.Config(players=2), 2)[3]
    assert "\x1b[" in render_compact(state, colour=True)
    assert "\x1b[" not in render_compact(state)
