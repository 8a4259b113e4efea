"""Every public entry point answers junk with the library's error, never a bare TypeError
or an AttributeError from deep inside (DESIGN.md sections 2 and 8).

This matters most in the compiled build, where mypyc checks the annotated type of every
argument on entry: the entry points take ``object`` and check for themselves. The suite
runs against both builds, so this file checks both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import cacao_rules as cr

JUNK = "junk"
ANY_JUNK: Any = JUNK
"""For Config, whose attrs signature types ``players`` as an int."""
STATE = cr.new_game(cr.Config(players=2), seed=1)
OBSERVATION = cr.observe(STATE, 0)
MOVE = cr.legal_moves(STATE)[0]

CALLS: dict[str, tuple[Callable[[], object], type[cr.CacaoError]]] = {
    "new_game(junk)": (lambda: cr.new_game(JUNK), cr.ConfigError),
    "new_game(config, junk seed)": (lambda: cr.new_game(STATE.config, JUNK), cr.ConfigError),
    "legal_moves(junk)": (lambda: cr.legal_moves(JUNK), cr.CacaoError),
    "chance_outcomes(junk)": (lambda: cr.chance_outcomes(JUNK), cr.IllegalMoveError),
    "apply(junk, move)": (lambda: cr.apply(JUNK, MOVE), cr.IllegalMoveError),
    "apply(state, junk)": (lambda: cr.apply(STATE, JUNK), cr.IllegalMoveError),
    "step(junk, move)": (lambda: cr.step(JUNK, MOVE), cr.IllegalMoveError),
    "step(state, junk)": (lambda: cr.step(STATE, JUNK), cr.IllegalMoveError),
    "final_scores(junk)": (lambda: cr.final_scores(JUNK), cr.CacaoError),
    "winners(junk)": (lambda: cr.winners(JUNK), cr.CacaoError),
    "to_json(junk)": (lambda: cr.to_json(JUNK), cr.FormatError),
    "from_json(3)": (lambda: cr.from_json(3), cr.FormatError),
    "from_json(junk)": (lambda: cr.from_json(JUNK), cr.FormatError),
    "parse_move(3)": (lambda: cr.parse_move(3), cr.FormatError),
    "parse_move(junk)": (lambda: cr.parse_move(JUNK), cr.FormatError),
    "observe(junk, 0)": (lambda: cr.observe(JUNK, 0), cr.CacaoError),
    "observe(state, junk)": (lambda: cr.observe(STATE, JUNK), cr.CacaoError),
    "observe_events(junk, 0)": (lambda: cr.observe_events(JUNK, 0), cr.CacaoError),
    "observe_events((), junk)": (lambda: cr.observe_events((), JUNK), cr.CacaoError),
    "private_chance_seat(junk)": (lambda: cr.private_chance_seat(JUNK), cr.CacaoError),
    "determinize(junk, 1)": (lambda: cr.determinize(JUNK, 1), cr.CacaoError),
    "determinize(observation, junk)": (lambda: cr.determinize(OBSERVATION, JUNK), cr.CacaoError),
    "observation_to_json(junk)": (lambda: cr.observation_to_json(JUNK), cr.FormatError),
    "observation_from_json(3)": (lambda: cr.observation_from_json(3), cr.FormatError),
    "observation_tensor(junk)": (lambda: cr.observation_tensor(JUNK), cr.CacaoError),
    "check_state(junk)": (lambda: cr.check_state(JUNK), cr.CacaoError),
    "worker_balance(junk)": (lambda: cr.worker_balance(JUNK), cr.ConfigError),
    "position(junk)": (lambda: cr.position(JUNK), cr.ConfigError),
    "play_game(junk, 1, [])": (lambda: cr.play_game(JUNK, 1, []), cr.ConfigError),
    "Config(players=junk)": (lambda: cr.Config(players=ANY_JUNK), cr.ConfigError),
    "Config.big_game(junk)": (lambda: cr.Config.big_game(ANY_JUNK), cr.ConfigError),
}


@pytest.mark.parametrize("call", CALLS, ids=str)
def test_junk_gets_the_library_error(call: str) -> None:
    run, error = CALLS[call]
    with pytest.raises(error) as raised:
        run()
    assert type(raised.value).__module__ == "cacao_rules.errors"
    assert str(raised.value)
