"""The step kinds and the move kinds: each step class and each move class has its behaviour in
one place, and what the state layer knows of steps agrees with it."""

from __future__ import annotations

import random
import typing

import pytest

import cacao_rules as cr
from cacao_rules.formats import documents
from cacao_rules.game.moves import MOVE_CLASSES
from cacao_rules.state.state import CHANCE_STEPS, Step
from cacao_rules.turn.step_kinds import STEP_KINDS, chance_node, kind_of


def test_every_step_class_has_one_kind() -> None:
    assert set(STEP_KINDS) == set(typing.get_args(Step))
    assert all(kind.step is step for step, kind in STEP_KINDS.items())
    assert len({kind.tag for kind in STEP_KINDS.values()}) == len(STEP_KINDS)


def test_the_json_documents_use_the_kinds_tags() -> None:
    tags = {
        cls.__struct_config__.tag for cls in typing.get_args(typing.get_args(documents.AnyStep)[0])
    }
    assert tags == {kind.tag for kind in STEP_KINDS.values()}


def _states(config: cr.Config, seed: int | None, count: int) -> list[cr.State]:
    """The states of a random game of ``config``, at most ``count`` of them."""
    rng = random.Random(seed or 0)
    state = cr.new_game(config, seed=seed)
    states = [state]
    while not state.is_over and len(states) < count:
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", [None, 3])
def test_kinds_agree_with_the_state(seed: int | None) -> None:
    """At every state of a game with every module: a chance step is one of ``CHANCE_STEPS``
    and has a chance node, a decision has a seat to move, and the kind lists the engine's
    moves."""
    for state in _states(cr.Config.big_game(4), seed, 400):
        kind = kind_of(state.step)
        node = chance_node(state)
        assert (node is not None) == isinstance(state.step, CHANCE_STEPS) == state.is_chance
        assert (state.to_move is not None) == (node is None and not state.is_over)
        assert tuple(kind.moves(state)) == cr.legal_moves(state)
        assert kind.describe(state)
        assert not kind.problems(state, True)


@pytest.mark.rule("R-DECIDE-3")
def test_move_order_is_the_order_of_the_classes() -> None:
    """A move's sort key starts with its class's place in ``MOVE_CLASSES``
    (:rule:`R-DECIDE-3`), and each class has a verb of its own."""
    examples: list[cr.Move] = [
        cr.Place(cr.WorkerType.W1111, (0, 1), 0),
        cr.Overbuild(cr.WorkerType.W1111, (0, 1), 0),
        cr.Discard(cr.WorkerType.W1111),
        cr.Fill(()),
        cr.Resolve((0, 1), cr.Side.N, 1),
        cr.DrawWorker(cr.WorkerType.W1111),
        cr.DrawJungle(cr.JungleTile.from_code("T")),
        cr.Slide(cr.JungleTile.from_code("T")),
        cr.BuildHut(cr.Hut.CHIEF),
        cr.PassHut(),
        cr.HutSide(cr.Hut.CHIEF),
    ]
    assert [type(move) for move in examples] == list(MOVE_CLASSES)
    assert [move.sort_key[0] for move in examples] == list(range(len(MOVE_CLASSES)))
    assert len({kind.VERB for kind in MOVE_CLASSES}) == len(MOVE_CLASSES)
    for move in examples:
        verb, *parts = str(move).split()
        assert verb == type(move).VERB
        assert type(move).read(parts) == move
