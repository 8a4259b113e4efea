"""Every public entry point answers junk with the library's error, never a bare TypeError
or an AttributeError from deep inside (DESIGN.md sections 2 and 8).

This matters most in the compiled build, where mypyc checks the annotated type of every
argument on entry: the entry points take ``object`` and check for themselves. The suite
runs against both builds, so this file checks both.
"""

from __future__ import annotations

import tracemalloc
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


# --- hostile text: every reader bounds it before it parses, and says so in a short message --

DEEP = '{"step":{"kind":' + "[" * 1000 + "]" * 1000 + "}}"
HOSTILE_JSON = {
    "deeply nested arrays": DEEP,
    "deeply nested objects": '{"a":' * 5000 + "1" + "}" * 5000,
    "unclosed brackets": "[" * 100_000,
    "lone surrogate escape": '"\\ud800"',
    "lone surrogate escape as a key": '{"\\udfff": 1}',
    "raw lone surrogate": '"\ud800"',
    "huge integer": '{"format": ' + "9" * 5000 + "}",
}
JSON_READERS: dict[str, Callable[[str], object]] = {
    "from_json": cr.from_json,
    "from_json loose": lambda text: cr.from_json(text, strict=False),
    "observation_from_json": cr.observation_from_json,
    "observation_from_json loose": lambda text: cr.observation_from_json(text, strict=False),
    "event_from_json": cr.event_from_json,
    "events_from_json": cr.events_from_json,
}


@pytest.mark.parametrize("reader", JSON_READERS)
@pytest.mark.parametrize("attack", HOSTILE_JSON)
def test_hostile_json_gets_a_short_format_error(reader: str, attack: str) -> None:
    with pytest.raises(cr.FormatError) as caught:
        JSON_READERS[reader](HOSTILE_JSON[attack])
    assert len(str(caught.value)) < 300


def test_nesting_is_bounded_even_inside_a_valid_document() -> None:
    text = cr.to_json(STATE).replace('"board":[', '"board":[' + "[" * 40, 1)
    with pytest.raises(cr.FormatError, match="nested too deeply"):
        cr.from_json(text)


def test_a_record_with_an_oversized_line_is_refused_before_any_pattern_reads_it() -> None:
    tracemalloc.start()
    try:
        with pytest.raises(cr.FormatError, match="line 2 is 3900010 characters long"):
            cr.GameRecord.from_text(
                '[Format "cacao-rules.record"]\n[Event "' + "x" * 3_900_000 + '"]\n'
            )
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 50 * 2**20  # the text and its lines; matching it cost 650 MiB


@pytest.mark.parametrize(
    "line",
    ["1. s0 x" + " " * 4000 + "x", '[Event "' + '\\"' * 2000 + 'x"]', "1. s0 " + ";" * 4000],
)
def test_hostile_record_lines_are_read_in_linear_time(line: str) -> None:
    with pytest.raises(cr.FormatError):
        cr.GameRecord.from_text('[Format "cacao-rules.record"]\n' + "\n".join([line] * 900))


@pytest.mark.parametrize(
    ("call", "quoted"),
    [
        (lambda: cr.Config(players=10**4000), "an int of about 4001 digits"),
        (lambda: cr.Config(players=-(10**100)), "an int of about 101 digits"),
    ],
)
def test_messages_quote_a_short_excerpt_of_huge_values(
    call: Callable[[], object], quoted: str
) -> None:
    with pytest.raises(cr.ConfigError) as caught:
        call()
    assert quoted in str(caught.value)
    assert len(str(caught.value)) < 200


def test_messages_say_the_bound_that_was_broken() -> None:
    with pytest.raises(cr.IllegalMoveError, match=r"within 1000000, got \(1000000, 1000001\)"):
        cr.Place(cr.WorkerType.W1111, (1000000, 1000001), 0)
    rich = STATE.players[0].replace(gold=10**7)
    with pytest.raises(cr.ConfigError, match="gold must be an int from -1000000 to 1000000"):
        cr.position(STATE.config, board=dict(STATE.board), players=[rich, STATE.players[1]])


def test_messages_tell_apart_a_class_that_only_shares_the_expected_name() -> None:
    WorkerTile = type("WorkerTile", (), {"__module__": "elsewhere"})
    board: Any = {**STATE.board, (1, 0): WorkerTile()}
    with pytest.raises(cr.ConfigError, match=r"got elsewhere\.WorkerTile"):
        cr.position(STATE.config, board=board)
