"""Every public entry point answers an argument of the wrong type with ``TypeError``, in both
builds, with the same words (DESIGN.md sections 2 and 8).

Compiled with mypyc, a function checks the annotated types of its arguments on entry; the
pure build checks at the public entry points (``cacao_rules.errors.expect``) and words the
error as mypyc does: ``"<type> object expected; got <type>"``. A wrong *value* still gets
the library's errors (the other test files). The suite runs against both builds, so this
file checks both.
"""

from __future__ import annotations

import inspect
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

import cacao_rules as cr

JUNK: Any = "junk"
"""A str where something else is declared (typed ``Any`` so that the checker lets it by)."""
STATE = cr.new_game(cr.Config(players=2), seed=1)
CONFIG = STATE.config
OBSERVATION = cr.observe(STATE, 0)
MOVE = cr.legal_moves(STATE)[0]
ANY_MOVE: Any = MOVE
SPACE = cr.ActionSpace(CONFIG)
RECORD = cr.GameRecord.start(CONFIG, 1)


def _name(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


STATE_WANTED = _name(cr.State)
CONFIG_WANTED = _name(cr.Config)
OBSERVATION_WANTED = _name(cr.Observation)

# Each call passes JUNK (a str) for one parameter, and the type named in the message, when
# the message is checked word for word (None: only that it says what it got).
CALLS: dict[str, tuple[Callable[[], object], str | None]] = {
    "new_game(config)": (lambda: cr.new_game(JUNK), CONFIG_WANTED),
    "new_game(seed)": (lambda: cr.new_game(CONFIG, JUNK), "int or None"),
    "legal_moves(state)": (lambda: cr.legal_moves(JUNK), STATE_WANTED),
    "chance_outcomes(state)": (lambda: cr.chance_outcomes(JUNK), STATE_WANTED),
    "apply(state)": (lambda: cr.apply(JUNK, MOVE), STATE_WANTED),
    "apply(move)": (lambda: cr.apply(STATE, JUNK), None),
    "step(state)": (lambda: cr.step(JUNK, MOVE), STATE_WANTED),
    "decision_tree(state)": (lambda: cr.decision_tree(JUNK), STATE_WANTED),
    "decision_to_json(state)": (lambda: cr.decision_to_json(JUNK), STATE_WANTED),
    "step(move)": (lambda: cr.step(STATE, JUNK), None),
    "final_scores(state)": (lambda: cr.final_scores(JUNK), STATE_WANTED),
    "winners(state)": (lambda: cr.winners(JUNK), STATE_WANTED),
    "to_json(state)": (lambda: cr.to_json(JUNK), STATE_WANTED),
    "from_json(text)": (lambda: cr.from_json(JUNK.encode()), "str"),
    "from_json(strict)": (lambda: cr.from_json("{}", strict=JUNK), "bool"),
    "parse_move(text)": (lambda: cr.parse_move(ANY_MOVE), "str"),
    "observe(state)": (lambda: cr.observe(JUNK, 0), STATE_WANTED),
    "observe(player)": (lambda: cr.observe(STATE, JUNK), "int"),
    "observe_events(events)": (lambda: cr.observe_events(3, 0), None),  # type: ignore[arg-type]
    "observe_events(player)": (lambda: cr.observe_events((), JUNK), "int"),
    "private_chance_seat(state)": (lambda: cr.private_chance_seat(JUNK), STATE_WANTED),
    "determinize(observation)": (lambda: cr.determinize(JUNK, 1), OBSERVATION_WANTED),
    "determinize(seed)": (lambda: cr.determinize(OBSERVATION, JUNK), "int"),
    "observation_to_json(observation)": (lambda: cr.observation_to_json(JUNK), None),
    "observation_from_json(text)": (lambda: cr.observation_from_json(JUNK.encode()), "str"),
    "observation_document(observation)": (lambda: cr.observation_document(JUNK), None),
    "observation_from_document(strict)": (
        lambda: cr.observation_from_document({}, strict=JUNK),
        "bool",
    ),
    "observation_tensor(observation)": (lambda: cr.observation_tensor(JUNK), None),
    "tensor_layout(config)": (lambda: cr.tensor_layout(JUNK), CONFIG_WANTED),
    "tensor_size(config)": (lambda: cr.tensor_size(JUNK), CONFIG_WANTED),
    "tensor_bounds(config)": (lambda: cr.tensor_bounds(JUNK), CONFIG_WANTED),
    "check_state(state)": (lambda: cr.check_state(JUNK), STATE_WANTED),
    "worker_balance(config)": (lambda: cr.worker_balance(JUNK), CONFIG_WANTED),
    "position(config)": (lambda: cr.position(JUNK), CONFIG_WANTED),
    "position(current)": (lambda: cr.position(CONFIG, current=JUNK), "int"),
    "play_game(config)": (lambda: cr.play_game(JUNK, 1, []), CONFIG_WANTED),
    "play_game(seed)": (lambda: cr.play_game(CONFIG, JUNK, []), "int"),
    "record_game(config)": (lambda: cr.record_game(JUNK, 1, []), CONFIG_WANTED),
    "simulate(config)": (lambda: cr.simulate(JUNK, ["random"] * 2, 1), CONFIG_WANTED),
    "simulate(games)": (lambda: cr.simulate(CONFIG, ["random"] * 2, JUNK), "int"),
    "describe(event)": (lambda: cr.describe(JUNK), None),
    "describe_step(state)": (lambda: cr.describe_step(JUNK), STATE_WANTED),
    "render(state)": (lambda: cr.render(JUNK), None),
    "render_scores(state)": (lambda: cr.render_scores(JUNK), STATE_WANTED),
    "placement_squares(state)": (lambda: cr.placement_squares(JUNK), STATE_WANTED),
    "open_jungle_spaces(board)": (lambda: cr.open_jungle_spaces(JUNK), None),
    "event_document(event)": (lambda: cr.event_document(JUNK), None),
    "event_to_json(event)": (lambda: cr.event_to_json(JUNK), None),
    "events_to_json(events)": (lambda: cr.events_to_json([JUNK]), None),
    "event_from_json(text)": (lambda: cr.event_from_json(JUNK.encode()), "str"),
    "events_from_json(text)": (lambda: cr.events_from_json(JUNK.encode()), "str"),
    "format_square(square)": (lambda: cr.format_square(JUNK), "tuple[int, int]"),
    "ActionSpace.encode(state)": (lambda: SPACE.encode(JUNK, MOVE), STATE_WANTED),
    "ActionSpace.encode(move)": (lambda: SPACE.encode(STATE, JUNK), None),
    "ActionSpace.decode(state)": (lambda: SPACE.decode(JUNK, 0), STATE_WANTED),
    "ActionSpace.decode(action)": (lambda: SPACE.decode(STATE, JUNK), "int"),
    "ActionSpace.legal_actions(state)": (lambda: SPACE.legal_actions(JUNK), STATE_WANTED),
    "ActionSpace.action_mask(state)": (lambda: SPACE.action_mask(JUNK), STATE_WANTED),
    "ActionSpace.chance_outcomes(state)": (lambda: SPACE.chance_outcomes(JUNK), STATE_WANTED),
    "ActionSpace.chance_probabilities(state)": (
        lambda: SPACE.chance_probabilities(JUNK),
        STATE_WANTED,
    ),
    "ActionSpace.action_to_string(action)": (lambda: SPACE.action_to_string(STATE, JUNK), "int"),
    "GameRecord.start(config)": (lambda: cr.GameRecord.start(JUNK, 1), CONFIG_WANTED),
    "GameRecord.with_move(move)": (lambda: RECORD.with_move(JUNK), None),
    "GameRecord.from_text(text)": (lambda: cr.GameRecord.from_text(JUNK.encode()), "str"),
    "Config.big_game(players)": (lambda: cr.Config.big_game(JUNK), "int"),
    "Config.from_options(players)": (lambda: cr.Config.from_options(JUNK), "int"),
    "Config.from_options(big_game)": (lambda: cr.Config.from_options(2, big_game=JUNK), "bool"),
    "Module.named(name)": (lambda: cr.Module.named(JUNK.encode()), "str"),
    "RandomBot.choose(state)": (lambda: cr.RandomBot(1).choose(JUNK), STATE_WANTED),
    "GreedyBot.choose(state)": (lambda: cr.GreedyBot(1).choose(JUNK), STATE_WANTED),
    "MCTSBot.choose(state)": (lambda: cr.MCTSBot(iterations=1, seed=1).choose(JUNK), None),
}


@pytest.mark.parametrize("call", CALLS, ids=str)
def test_a_wrong_type_raises_type_error(call: str) -> None:
    run, wanted = CALLS[call]
    with pytest.raises(TypeError) as raised:
        result = run()
        if inspect.isgenerator(result):  # cr.simulate checks before the first game
            next(result)
    message = str(raised.value)
    assert not isinstance(raised.value, cr.CacaoError)
    if wanted is not None:
        assert message == f"{wanted} object expected; got {_got(call)}"
    else:
        assert message


def _got(call: str) -> str:
    """What each call passes: JUNK (a str), but bytes or a move where a str is wanted."""
    if call.startswith("parse_move"):
        return _name(type(MOVE))
    return "bytes" if "(text)" in call or call.startswith("Module.named") else "str"


def test_a_bool_is_no_int_to_the_type_check() -> None:
    """``bool`` is a subclass of ``int``, but ``True`` for a seed is a mistake: refused as
    of the wrong type (tests/test_error_rule.py holds the rule's table)."""
    with pytest.raises(TypeError, match=r"^int or None object expected; got bool$"):
        cr.new_game(CONFIG, seed=True)


def _takes_arguments(function: Callable[..., object]) -> bool:
    try:
        return bool(inspect.signature(function).parameters)
    except ValueError:  # a compiled function without a text signature: count it
        return True


UNCHECKED: dict[str, str] = {
    "event_from_document": "takes any parsed JSON value; a value it cannot read is a FormatError",
    "neighbour": "a hot path of the rules: compiled, mypyc checks it; pure, Python's own errors",
    "neighbours": "a hot path of the rules: compiled, mypyc checks it; pure, Python's own errors",
    "is_jungle_square": "a hot path of the rules: compiled, mypyc checks it; pure, Python's own",
    "wilson_interval": "arithmetic on its arguments: Python's own TypeError for a str",
}
"""Public functions whose wrong types the tests above do not call, and why."""


def test_every_public_function_is_called_with_a_wrong_type() -> None:
    called = {key.split("(")[0] for key in CALLS}
    functions = {
        name
        for name in cr.__all__
        if inspect.isroutine(value := inspect.unwrap(getattr(cr, name))) and _takes_arguments(value)
    }
    assert functions - called - set(UNCHECKED) == set()
    assert set(UNCHECKED) <= functions


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
