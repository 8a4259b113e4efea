"""Events as JSON: every event type of many games round-trips; bad documents are refused."""

from __future__ import annotations

import json
import random
from typing import get_args

import pytest

import cacao_rules as cr
import invariants as inv
from cacao_rules.formats.event_json import EVENT_CODECS, SEAT, WORKER, codecs_of

CONFIGS = [
    cr.Config(players=2),
    cr.Config(players=3, modules={cr.Module.MAP, cr.Module.HUTS, cr.Module.WATERING}),
    cr.Config(players=2, modules={cr.Module.CHOCOLATE, cr.Module.TREE_OF_LIFE}),
    cr.Config(players=3, modules={cr.Module.GEM_MINES, cr.Module.EMPEROR}),
    cr.Config.big_game(4),
]


def _games_events() -> list[cr.Event]:
    events: list[cr.Event] = []
    for index, config in enumerate(CONFIGS * 3):
        seed = None if index % 2 else index
        game = inv.eager_game(config, seed, random.Random(index))
        for ply in game.plies:
            events += ply.events
            for seat in range(config.players):
                events += cr.observe_events(ply.events, seat)
    return events


EVENTS = _games_events()


def test_every_event_class_has_a_json_form() -> None:
    assert set(EVENT_CODECS) == set(get_args(cr.Event))
    for kind, fields in EVENT_CODECS.items():
        assert tuple(fields) == kind.FIELDS


def test_an_event_codec_follows_from_the_class_fields() -> None:
    """A new event whose fields have names the events use already needs nothing written in
    event_json; a new name is refused, naming the field, until its codec is declared."""
    assert list(codecs_of("HutSold", ("player", "hut"))) == ["player", "hut"]
    assert codecs_of("HutSold", ("player", "hut"))["player"] is SEAT
    assert EVENT_CODECS[cr.WorkerPlaced]["tile"] is WORKER  # the one name meant otherwise
    with pytest.raises(LookupError, match=r"HutSold\.colour"):
        codecs_of("HutSold", ("player", "colour"))


def test_every_event_of_many_games_round_trips() -> None:
    seen = {type(event) for event in EVENTS}
    assert seen >= set(get_args(cr.Event)) - RARE, set(get_args(cr.Event)) - seen
    for event in EVENTS:
        text = cr.event_to_json(event)
        assert cr.event_from_json(text) == event
        assert json.loads(text)["event"] == type(event).__name__
        assert cr.describe(event)


RARE = {cr.SpaceLeftEmpty, cr.WorkerDiscarded}
"""Events that random games seldom give: checked on hand-made events below."""


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (cr.SpaceLeftEmpty(square=(2, -4)), '{"event":"SpaceLeftEmpty","square":[2,-4]}'),
        (
            cr.WorkerDiscarded(player=2, type=cr.WorkerType.W3001),
            '{"event":"WorkerDiscarded","player":2,"type":"3-0-0-1"}',
        ),
        (
            cr.WorkerPlaced(
                player=1,
                square=(1, 0),
                tile=cr.WorkerTile.of(1, cr.WorkerType.W2101, 3),
                covered=cr.WorkerTile.of(1, cr.WorkerType.W1111, 0),
            ),
            '{"event":"WorkerPlaced","player":1,"square":[1,0],'
            '"tile":{"owner":1,"type":"2-1-0-1","rotation":3},'
            '"covered":{"owner":1,"type":"1-1-1-1","rotation":0}}',
        ),
        (
            cr.WorkerPlaced(
                player=0, square=(0, 1), tile=cr.WorkerTile.of(0, cr.WorkerType.W3100, 0, True)
            ),
            '{"event":"WorkerPlaced","player":0,"square":[0,1],'
            '"tile":{"owner":0,"type":"3-1-0-0","rotation":0,"foreman":true},"covered":null}',
        ),
    ],
)
def test_hand_made_events_round_trip(event: cr.Event, text: str) -> None:
    assert cr.event_to_json(event) == text
    assert cr.event_from_json(text) == event
    assert cr.describe(event)


def test_an_observed_stream_round_trips_as_one_array() -> None:
    state = cr.new_game(cr.Config(players=2), seed=3)
    state, events = cr.step(state, cr.legal_moves(state)[0])
    while state.to_move == 0:
        state, more = cr.step(state, cr.legal_moves(state)[0])
        events += more
    for seat in (0, 1):
        seen = cr.observe_events(events, seat)
        assert cr.events_from_json(cr.events_to_json(seen)) == seen
    hidden = json.loads(cr.events_to_json(cr.observe_events(events, 1)))
    assert {"event": "WorkerDrawnUnseen", "player": 0} in hidden
    assert all(item.get("type") is None or item["event"] != "WorkerDrawn" for item in hidden)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", r"expected a JSON object"),
        ('{"event": "Nothing"}', r'"event" must name an event class'),
        ('{"event": "TurnStarted"}', r"missing: player"),
        ('{"event": "TurnStarted", "player": 0, "x": 1}', r"unknown: x"),
        ('{"event": "TurnStarted", "player": 4}', r"TurnStarted.player: expected an integer"),
        ('{"event": "TurnStarted", "player": true}', r"expected an integer from 0 to 3"),
        ('{"event": "TurnStarted", "player": 0, "player": 1}', r"appears twice"),
        ('{"event": "DisplayFilled", "tile": "Q"}', r"unknown jungle tile code"),
        ('{"event": "SpaceLeftEmpty", "square": [1]}', r"expected a square"),
        ('{"event": "AutoDecision", "player": 0, "move": "jump"}', r"cannot read move"),
        ('{"event": "JungleFilled", "square": [0, 2], "tile": "T", "source": "sky"}', "source"),
        (
            '{"event": "Gained", "player": 0, "resource": "wood", "amount": 1, "wasted": 0}',
            "a resource",
        ),
        (
            '{"event": "WorkerDiscarded", "player": 0, "type": "3-0-0-1", "foreman": true}',
            "unknown: foreman",
        ),
        (
            '{"event": "WorkerPlaced", "player": 0, "square": [1, 0], "covered": null, '
            '"tile": {"owner": 0, "type": "1-1-1-1", "rotation": 0, "foreman": false}}',
            "expected a worker tile",
        ),
        ('{"event": "GemsTaken", "player": 0, "square": [0, 2], "gems": [1, 2]}', "4 gem counts"),
        ("not json", r"not valid JSON"),
        ('{"event": "TurnStarted", "player": NaN}', r"not a JSON number"),
        ("[" * 100_000, r"at most 10000 characters"),
    ],
)
def test_bad_event_documents_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(cr.FormatError, match=message):
        cr.event_from_json(text)


def test_bad_event_lists_are_refused_clearly() -> None:
    with pytest.raises(cr.FormatError, match="a JSON array"):
        cr.events_from_json("{}")
    with pytest.raises(cr.FormatError, match=r"event 1: .*TurnStarted.player"):
        cr.events_from_json(
            '[{"event": "TurnStarted", "player": 0}, {"event": "TurnStarted", "player": 9}]'
        )
    with pytest.raises(TypeError, match="str object expected; got bytes"):
        cr.event_from_json(b"{}")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="object expected; got str"):
        cr.event_to_json("TurnStarted")  # type: ignore[arg-type]
