"""What the game waits for, in words: the sentence each kind of step gives
(``cr.describe_step`` of a state, the same sentence for a seat's observation).

Rules: the step that waits names whose decision it is (R-DECIDE-1) or which chance event
comes (R-CHANCE-2, R-CHANCE-3); each test names the rule of its step. The sentences are
compared whole, so a word too many or too few fails.
"""

from __future__ import annotations

import pytest

import cacao_rules as cr
from cacao_rules import Module, Side
from cacao_rules.show.render import waiting_for
from cacao_rules.state.state import (
    BlindFillStep,
    DealStep,
    DrawWorkerStep,
    FillStep,
    HutStep,
    MapRefillStep,
    OverStep,
    RefillStep,
    ResolveStep,
    SlideStep,
)
from helpers_positions import three_spaces_to_fill, waiting_at

TWO = cr.Config(players=2)
MODULES = cr.Config(players=3, modules=set(Module) - {Module.NEW_WORKERS})
"""Every module but the new worker types, 3 players."""


def said(state: cr.State) -> str:
    """The sentence of ``state``, checked to be the same for every seat's observation."""
    sentence = cr.describe_step(state)
    for seat in range(state.config.players):
        assert waiting_for(cr.observe(state, seat)) == sentence
    return sentence


@pytest.mark.rule("R-CHANCE-3")
def test_the_deal_says_it_is_the_deal() -> None:
    assert said(waiting_at(TWO, DealStep)) == "Chance: the deal"


@pytest.mark.rule("R-DECIDE-1")
def test_a_placement_names_the_seat_to_place() -> None:
    state = waiting_at(TWO, DrawWorkerStep)
    state = cr.apply(state, cr.legal_moves(state)[0])  # seat 0 draws; seat 1's turn
    assert state.current == 1
    assert said(state) == "Waiting for seat 1 to place a worker tile"


@pytest.mark.rule("R-FILL-2")
def test_a_fill_names_the_seat_and_every_space_to_fill() -> None:
    state = three_spaces_to_fill()
    assert isinstance(state.step, FillStep)
    assert said(state) == "Waiting for seat 0 to fill the jungle spaces 0,2 1,3 2,2"


@pytest.mark.rule("R-FILL-4")
def test_a_blind_draw_names_the_spaces_still_to_fill() -> None:
    state = three_spaces_to_fill()
    state = cr.apply(state, cr.legal_moves(state)[0])
    assert isinstance(state.step, BlindFillStep)
    assert len(state.step.spaces) == 1
    spaces = " ".join(f"{x},{y}" for x, y in state.step.spaces)
    assert said(state) == f"Chance: blind draws from the jungle pile for {spaces}"
    two = state.replace(step=BlindFillStep(state.step.placed, (), ((0, 2), (2, 2))))
    assert said(two) == "Chance: blind draws from the jungle pile for 0,2 2,2"


@pytest.mark.rule("R-ACT-5", "R-ACT-6")
def test_a_resolution_lists_the_edges_of_the_seat_that_decides() -> None:
    """The owner of the first edge queued decides, and the sentence lists that owner's
    edges only, with the workers each counts (another owner's edge comes later)."""
    state = cr.new_game(cr.Config(players=3), seed=1)
    queue = (
        cr.ActivatedEdge(1, (-1, 0), Side.E, 1, (0, 0)),
        cr.ActivatedEdge(1, (1, 0), Side.W, 2, (0, 0)),
        cr.ActivatedEdge(2, (0, 1), Side.N, 0, (0, 0)),
    )
    waiting = state.replace(step=ResolveStep(queue, 0))
    assert waiting.current == 0
    assert said(waiting) == (
        "Waiting for seat 1 to resolve an activated edge: -1,0 E (1), 1,0 W (2)"
    )


@pytest.mark.rule("R-END-1")
def test_a_worker_draw_names_the_seat_that_draws() -> None:
    state = waiting_at(TWO, DrawWorkerStep)
    assert state.current == 0
    assert said(state) == "Chance: seat 0 draws a worker tile"
    assert said(state.replace(current=1)) == "Chance: seat 1 draws a worker tile"


@pytest.mark.rule("R-END-2")
def test_a_display_refill_says_so() -> None:
    assert (
        said(waiting_at(TWO, RefillStep)) == "Chance: the display is refilled from the jungle pile"
    )


@pytest.mark.rule("R-MAP-4")
def test_a_map_board_refill_says_so() -> None:
    state = waiting_at(MODULES, MapRefillStep)
    assert said(state) == "Chance: the map board is refilled from the jungle pile"


@pytest.mark.rule("R-MAP-4")
def test_a_slide_names_the_seat_and_the_tiles_of_the_map_board() -> None:
    state = waiting_at(MODULES, SlideStep, last=True)
    codes = [tile.code for tile in state.map_board]
    assert len(codes) == 2
    assert said(state) == (
        f"Waiting for seat {state.current} to slide a map-board tile into the display: "
        f"{codes[0]} or {codes[1]}"
    )


@pytest.mark.rule("R-HUT-3")
def test_a_hut_step_names_the_seat_that_may_build() -> None:
    state = waiting_at(MODULES, HutStep, last=True)
    assert said(state) == f"Waiting for seat {state.current} to build a hut or pass"


@pytest.mark.rule("R-END-4", "R-HIDDEN-2")
def test_an_observation_of_the_end_says_the_game_is_over() -> None:
    """A seat's observation of a finished game says only that it is over (the winners are
    worked out from the whole state; the state's own sentence names them)."""
    state = waiting_at(TWO, DealStep).replace(step=OverStep())
    assert waiting_for(cr.observe(state, 0)) == "Game over."
