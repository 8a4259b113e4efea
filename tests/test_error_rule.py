"""One error rule at every public entry point (DESIGN 1 and 2, issue 36 item 2).

A wrong Python type is a ``TypeError``, a ``bool`` where an ``int`` is asked included; a bad
value of the right type is a :class:`~cacao_rules.ConfigError` (arguments), an
:class:`~cacao_rules.IllegalMoveError` (moves) or a :class:`~cacao_rules.FormatError` (text),
never a bare :class:`~cacao_rules.CacaoError`. The table below is the rule, a call per case.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules import errors

CONFIG = cr.Config(players=2)
STATE = cr.new_game(CONFIG, seed=3)
CHANCE = cr.new_game(CONFIG)
W1111 = cr.WorkerType.W1111
P1 = cr.JungleTile(cr.JungleKind.PLANTATION, 1)

# Typed Any so that the calls below can pass what their signatures do not allow.
TRUE: Any = True
TEXT: Any = "2"
FLOAT: Any = 3.0
ONE: Any = 1


def case(call: str, make: Callable[[], object], expected: type[Exception]) -> Any:
    """A row of the table: the call as it reads, the call itself, the error it raises."""
    return pytest.param(make, expected, id=call)


CALLS: list[Any] = [
    # Config: wrong types (a bool for players too) are TypeErrors, bad values ConfigErrors.
    case("Config(players='2')", lambda: cr.Config(players=TEXT), TypeError),
    case("Config(players=True)", lambda: cr.Config(players=TRUE), TypeError),
    case("Config(players=5)", lambda: cr.Config(players=5), cr.ConfigError),
    case("Config(modules='map')", lambda: cr.Config(players=2, modules=TEXT), TypeError),
    case("Config(modules=['map'])", lambda: cr.Config(players=2, modules=[TEXT]), TypeError),
    case("Config(map_early_overbuild=1)", lambda: cr.Config(2, map_early_overbuild=ONE), TypeError),
    case("Config(workers={W: True})", lambda: cr.Config(2, workers={W1111: TRUE}), TypeError),
    case("Config(workers={W: -1})", lambda: cr.Config(2, workers={W1111: -1}), cr.ConfigError),
    case("Config.big_game(3.0)", lambda: cr.Config.big_game(FLOAT), TypeError),
    case("Config.big_game(True)", lambda: cr.Config.big_game(TRUE), TypeError),
    case("Config.big_game(2)", lambda: cr.Config.big_game(2), cr.ConfigError),
    case("Config.from_options(True)", lambda: cr.Config.from_options(TRUE), TypeError),
    # Seeds.
    case("new_game('x')", lambda: cr.new_game(TEXT), TypeError),
    case("new_game(seed=True)", lambda: cr.new_game(CONFIG, seed=TRUE), TypeError),
    case("new_game(seed=-1)", lambda: cr.new_game(CONFIG, seed=-1), cr.ConfigError),
    case(
        "play_game(seed=True)",
        lambda: cr.play_game(CONFIG, TRUE, [cr.RandomBot(1), cr.RandomBot(2)]),
        TypeError,
    ),
    case("RandomBot(True)", lambda: cr.RandomBot(TRUE), TypeError),
    case("GreedyBot('7')", lambda: cr.GreedyBot(TEXT), TypeError),
    case("GreedyBot(True)", lambda: cr.GreedyBot(TRUE), TypeError),
    case(
        "determinize(seed=True)",
        lambda: cr.determinize(cr.observe(STATE, 0), TRUE),
        TypeError,
    ),
    # The search bot's arguments.
    case("MCTSBot(iterations=-1)", lambda: cr.MCTSBot(iterations=-1), cr.ConfigError),
    case("MCTSBot(iterations=True)", lambda: cr.MCTSBot(iterations=TRUE), TypeError),
    case("MCTSBot(seed=True)", lambda: cr.MCTSBot(TRUE), TypeError),
    case("MCTSBot(seconds='1')", lambda: cr.MCTSBot(seconds=TEXT), TypeError),
    case("MCTSBot(widening=0)", lambda: cr.MCTSBot(widening=0), cr.ConfigError),
    case(
        "MCTSBot().choose(chance)", lambda: cr.MCTSBot(iterations=1).choose(CHANCE), cr.ConfigError
    ),
    # Action ids and seats.
    case(
        "ActionSpace.decode(state, True)",
        lambda: cr.ActionSpace(CONFIG).decode(STATE, TRUE),
        TypeError,
    ),
    case(
        "ActionSpace.decode(state, 1.0)",
        lambda: cr.ActionSpace(CONFIG).decode(STATE, FLOAT),
        TypeError,
    ),
    case(
        "ActionSpace.decode(state, -1)",
        lambda: cr.ActionSpace(CONFIG).decode(STATE, -1),
        cr.IllegalMoveError,
    ),
    case("observe(state, True)", lambda: cr.observe(STATE, TRUE), TypeError),
    case("observe(state, 5)", lambda: cr.observe(STATE, 5), cr.ConfigError),
    case("observe_events((), True)", lambda: cr.observe_events((), TRUE), TypeError),
    case(
        "record_game(seed=True)",
        lambda: cr.record_game(CONFIG, TRUE, [cr.RandomBot(1), cr.RandomBot(2)]),
        TypeError,
    ),
    # Counts of a run.
    case("simulate(games=True)", lambda: cr.simulate(CONFIG, ["random"] * 2, TRUE), TypeError),
    case("simulate(games=-1)", lambda: cr.simulate(CONFIG, ["random"] * 2, -1), cr.ConfigError),
    case(
        "simulate(seed=True)", lambda: cr.simulate(CONFIG, ["random"] * 2, 1, seed=TRUE), TypeError
    ),
    case("position(current=True)", lambda: cr.position(CONFIG, current=TRUE), TypeError),
    case("position(seed=True)", lambda: cr.position(CONFIG, seed=TRUE), TypeError),
    case("position(emperor=(True, 1))", lambda: cr.position(CONFIG, emperor=(TRUE, 1)), TypeError),
    # Moves: their int fields.
    case("Place(rotation=True)", lambda: cr.Place(W1111, (1, 0), TRUE), TypeError),
    case("Place(rotation=4)", lambda: cr.Place(W1111, (1, 0), 4), cr.IllegalMoveError),
    case("Place(square=(True, 0))", lambda: cr.Place(W1111, (TRUE, 0), 1), TypeError),
    case("Overbuild(rotation=True)", lambda: cr.Overbuild(W1111, (1, 0), TRUE), TypeError),
    case("FillChoice(square=(0, True))", lambda: cr.FillChoice((0, TRUE), P1), TypeError),
    case("Resolve(square=(True, 0))", lambda: cr.Resolve((TRUE, 0), cr.Side.N, 1), TypeError),
    case("Resolve(workers=True)", lambda: cr.Resolve((1, 0), cr.Side.N, TRUE), TypeError),
    case("Resolve(bars=True)", lambda: cr.Resolve((1, 0), cr.Side.N, 1, TRUE), TypeError),
    case(
        "Resolve(gems=(True, 0, 0, 0))",
        lambda: cr.Resolve((1, 0), cr.Side.N, 1, gems=(TRUE, 0, 0, 0)),
        TypeError,
    ),
    # Text.
    case("parse_move(3)", lambda: cr.parse_move(FLOAT), TypeError),
    case("parse_move('fly')", lambda: cr.parse_move("fly"), cr.FormatError),
    case("from_json('{')", lambda: cr.from_json("{"), cr.FormatError),
]


@pytest.mark.parametrize(("make", "expected"), CALLS)
def test_each_entry_point_raises_the_error_of_the_rule(
    make: Callable[[], object], expected: type[Exception]
) -> None:
    with pytest.raises(Exception) as raised:
        make()
    assert type(raised.value) is expected, f"{type(raised.value).__name__}: {raised.value}"
    assert str(raised.value)


def test_a_bool_is_no_int_to_the_type_check() -> None:
    assert errors.is_a(1, int) and errors.is_a(cr.Side.N, int)
    assert not errors.is_a(True, int)
    assert errors.is_a(True, bool) and errors.is_a(False, int | bool)
    with pytest.raises(TypeError, match=r"^int or None object expected; got bool$"):
        errors.expect_any(TRUE, (int,), optional=True)


def test_both_wordings_of_a_type_error_name_a_class_alike() -> None:
    """``bad_type`` and ``wrong_type`` name the class that came the same way, the way the
    compiled build's own check names it (one ``type_name``, not two)."""
    move = cr.Place(W1111, (1, 0), 0)
    named = errors.type_name(type(move))
    assert named == "cacao_rules.game.moves.Place"
    assert f"got {named} " in str(errors.bad_type("x", "a str", move))
    assert str(errors.wrong_type(move, "str")) == f"str object expected; got {named}"
