"""The fuzz suite at a small budget (``nox -s fuzz`` runs the big one): every entry point a
client reaches either works or raises a short :class:`cacao_rules.CacaoError`."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cacao_rules as cr
from fuzz_targets import ENTRY_POINTS, MAX_MESSAGE, documents, mutate_document, run

BUDGET = int(os.environ.get("CACAO_FUZZ_BUDGET", "150"))
"""Inputs per entry point in the normal test run."""


@pytest.mark.parametrize("name", list(ENTRY_POINTS))
def test_entry_point_survives_mutated_input(name: str) -> None:
    assert run(name, BUDGET, seed=1) == []


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
