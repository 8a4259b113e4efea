"""The fuzz suite at a small budget (``nox -s fuzz`` runs the big one): every entry point a
client reaches either works or raises a short :class:`cacao_rules.CacaoError`; a bot
program's line gives a move or a :class:`cacao_rules.BotError` naming its seat, and a host's
line to ``serve`` is answered or reported and skipped."""

from __future__ import annotations

import json
import os
import random
import tempfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cacao_rules as cr
from fuzz_targets import (
    ENTRY_POINTS,
    MAX_MESSAGE,
    Refused,
    documents,
    game_states,
    mutate_document,
    program_says,
    run,
    serve_answers,
)

BUDGET = int(os.environ.get("CACAO_FUZZ_BUDGET", "150"))
"""Inputs per entry point in the normal test run."""


@pytest.mark.parametrize("name", list(ENTRY_POINTS))
def test_entry_point_survives_mutated_input(name: str) -> None:
    outcome = run(name, BUDGET, seed=1)
    assert outcome.findings == []
    assert outcome.accepted + outcome.refused == BUDGET


@pytest.mark.parametrize("name", ["ProgramBot", "serve"])
def test_the_bot_protocol_targets_both_accept_and_refuse(name: str) -> None:
    outcome = run(name, 40, seed=2)
    assert outcome.findings == []
    assert outcome.accepted >= 5 and outcome.refused >= 5  # still testing both ways


@settings(max_examples=25, deadline=None)
@given(st.binary(max_size=300), st.integers(0, 2**16), st.booleans())
def test_any_line_a_program_writes_gives_a_move_or_a_bot_error_naming_its_seat(
    line: bytes, pick: int, at_hello: bool
) -> None:
    states = [state for state in game_states() if state.to_move is not None]
    state = states[pick % len(states)]
    with tempfile.TemporaryDirectory() as tmp:
        try:
            program_says(line.replace(b"\n", b" ") + b"\n", state, tmp, at_hello)
        except cr.BotError as error:  # program_says checked the seat it names
            assert len(str(error)) <= MAX_MESSAGE


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.text(max_size=200),
        st.dictionaries(
            st.sampled_from(["type", "observation", "seat", "config", "options", "name"]),
            st.one_of(st.sampled_from(["hello", "choose", "quit", "new_game"]), st.integers()),
        ).map(json.dumps),
    )
)
def test_any_line_serve_reads_is_answered_or_reported_and_skipped(line: str) -> None:
    try:
        answers = serve_answers(line)
    except Refused as refused:
        assert len(str(refused)) <= MAX_MESSAGE
    else:
        assert all(json.loads(answer)["type"] in ("ready", "move") for answer in answers)


def test_serve_skips_a_choose_without_an_observation() -> None:
    with pytest.raises(Refused, match="Object missing required field `observation`"):
        serve_answers('{"type": "choose", "legal_moves": [], "legal_actions": [], "time_ms": 1}')


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_mutated_state_documents_give_a_state_or_a_short_format_error(
    seed: int, strict: bool
) -> None:
    rng = random.Random(seed)
    text = mutate_document(rng.choice(documents()), rng)
    try:
        state = cr.from_json(text, strict=strict)
    except cr.FormatError as error:
        assert len(str(error)) <= MAX_MESSAGE
    else:  # what is accepted plays on and round-trips
        assert cr.from_json(cr.to_json(state), strict=strict) == state
        for move in cr.legal_moves(state)[:3]:
            after = cr.apply(state, move)
            assert cr.from_json(cr.to_json(after), strict=strict) == after
            if strict:
                cr.ActionSpace(after.config).legal_actions(after)
