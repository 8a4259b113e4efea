"""Events as JSON: what a server sends its clients about each move, and what a log keeps.

Every event is one JSON object: ``"event"`` names its class (``"WorkerPlaced"``) and the other
keys are its fields, written as the state format writes the same things (seats as integers,
squares as ``[x, y]``, worker types, jungle tiles and moves in notation, sides as letters,
resources, huts and tile sources by their lower-case names, gems as four counts). See
``docs/formats.md``, "JSON event format".

>>> import cacao_rules as cr
>>> event = cr.Gained(player=1, resource=cr.Resource.CACAO, amount=2, wasted=1)
>>> cr.event_to_json(event)
'{"event":"Gained","player":1,"resource":"cacao","amount":2,"wasted":1}'
>>> cr.event_from_json(cr.event_to_json(event)) == event
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, Final, NamedTuple, get_args

from ..errors import MAX_QUOTE, FormatError, expect_any
from ..game.components import GEM_COLOURS, Hut, JungleTile, Side, WorkerTile, WorkerType
from ..game.config import MAX_PLAYERS
from ..game.events import (
    Event,
    Resource,
)
from ..game.limits import MAX_AMOUNT, MAX_COORDINATE
from .json_text import Json, parse_json
from .notation import parse_move

MAX_EVENT_CHARS: Final = 10_000
"""The longest text :func:`event_from_json` reads."""
MAX_EVENTS_CHARS: Final = 10_000_000
"""The longest text :func:`events_from_json` reads."""
MAX_EVENTS: Final = 100_000
"""The most events :func:`events_from_json` reads."""
SOURCES: Final = ("display", "map", "pile")
"""Where a :class:`~cacao_rules.JungleFilled` tile came from."""


class _Bad(Exception):
    """A field that cannot be read: the message says why."""


class _Codec(NamedTuple):
    """How one kind of field is written to JSON and read back (``read`` raises ``_Bad``)."""

    write: Callable[[Any], Json]
    read: Callable[[Json], Any]


def _int_in(low: int, high: int) -> Callable[[Json], int]:
    def read(value: Json) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _Bad(f"expected an integer from {low} to {high}, got {_show(value)}")
        return value

    return read


def _show(value: Json) -> str:
    return json.dumps(value)[:MAX_QUOTE]


def _lookup(table: dict[str, Any], what: str) -> Callable[[Json], Any]:
    def read(value: Json) -> Any:
        if not isinstance(value, str) or value not in table:
            raise _Bad(f"expected {what} ({', '.join(table)}), got {_show(value)}")
        return table[value]

    return read


def _read_square(value: Json) -> tuple[int, int]:
    coordinate = _int_in(-MAX_COORDINATE, MAX_COORDINATE)
    if not isinstance(value, list) or len(value) != 2:
        raise _Bad(f"expected a square [x, y], got {_show(value)}")
    return (coordinate(value[0]), coordinate(value[1]))


def _read_jungle(value: Json) -> JungleTile:
    if not isinstance(value, str) or len(value) > 5:
        raise _Bad(f'expected a jungle tile code such as "M3", got {_show(value)}')
    try:
        return JungleTile.from_code(value)
    except FormatError as error:
        raise _Bad(str(error)) from None


_TYPES: Final = {kind.value: kind for kind in WorkerType}
_WORKER_KEYS: Final = frozenset({"owner", "type", "rotation"})


def _write_worker(tile: WorkerTile) -> Json:
    written: dict[str, Json] = {"owner": tile.owner, "type": tile.type.value}
    written["rotation"] = tile.rotation
    if tile.foreman:  # only when set, as the state format writes it
        written["foreman"] = True
    return written


def _read_worker(value: Json) -> WorkerTile:
    foreman = isinstance(value, dict) and value.get("foreman") is True
    keys = _WORKER_KEYS | {"foreman"} if foreman else _WORKER_KEYS
    if not isinstance(value, dict) or set(value) != keys:
        raise _Bad(
            f'expected a worker tile {{"owner", "type", "rotation"}} (and "foreman": true '
            f"for a tile played with the Foreman), got {_show(value)}"
        )
    owner = _int_in(0, MAX_PLAYERS - 1)(value["owner"])
    kind: WorkerType = _lookup(_TYPES, "a worker type")(value["type"])
    rotation = _int_in(0, 3)(value["rotation"])
    return WorkerTile.of(owner, kind, rotation, foreman)


def _read_gems(value: Json) -> tuple[int, int, int, int]:
    count = _int_in(0, MAX_AMOUNT)
    if not isinstance(value, list) or len(value) != len(GEM_COLOURS):
        raise _Bad(f"expected 4 gem counts (red, green, blue, white), got {_show(value)}")
    return (count(value[0]), count(value[1]), count(value[2]), count(value[3]))


def _read_move(value: Json) -> Any:
    if not isinstance(value, str) or len(value) > 1000:
        raise _Bad(f"expected a move in notation, got {_show(value)}")
    try:
        return parse_move(value)
    except FormatError as error:
        raise _Bad(str(error)) from None


def _read_seats(value: Json) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MAX_PLAYERS:
        raise _Bad(f"expected a list of seats, got {_show(value)}")
    return tuple(_int_in(0, MAX_PLAYERS - 1)(seat) for seat in value)


def _read_bool(value: Json) -> bool:
    if not isinstance(value, bool):
        raise _Bad(f"expected true or false, got {_show(value)}")
    return value


def _read_source(value: Json) -> str:
    if value not in SOURCES:
        raise _Bad(f"expected a source ({', '.join(SOURCES)}), got {_show(value)}")
    return str(value)


def _same(value: Any) -> Json:
    return value


SEAT: Final = _Codec(_same, _int_in(0, MAX_PLAYERS - 1))
COUNT: Final = _Codec(_same, _int_in(0, MAX_AMOUNT))
LAYER: Final = _Codec(_same, _int_in(0, 1))
SQUARE: Final = _Codec(list, _read_square)
JUNGLE: Final = _Codec(lambda tile: tile.code, _read_jungle)
WORKER: Final = _Codec(_write_worker, _read_worker)
COVERED: Final = _Codec(
    lambda tile: None if tile is None else _write_worker(tile),
    lambda value: None if value is None else _read_worker(value),
)
TYPE: Final = _Codec(lambda kind: kind.value, _lookup(_TYPES, "a worker type"))
SIDE: Final = _Codec(lambda side: side.name, _lookup({s.name: s for s in Side}, "a side"))
RESOURCE: Final = _Codec(
    lambda resource: resource.value, _lookup({r.value: r for r in Resource}, "a resource")
)
HUT: Final = _Codec(lambda hut: hut.value, _lookup({h.value: h for h in Hut}, "a hut"))
GEMS: Final = _Codec(list, _read_gems)
MOVE: Final = _Codec(str, _read_move)
SEATS: Final = _Codec(list, _read_seats)
BOOL: Final = _Codec(_same, _read_bool)
SOURCE: Final = _Codec(_same, _read_source)

CODECS: Final[dict[str, _Codec]] = {
    "player": SEAT,
    "owner": SEAT,
    "winners": SEATS,
    "square": SQUARE,
    "start": SQUARE,
    "end": SQUARE,
    "tile": JUNGLE,
    "jungle": JUNGLE,
    "covered": COVERED,
    "type": TYPE,
    "side": SIDE,
    "layer": LAYER,
    "resource": RESOURCE,
    "hut": HUT,
    "gems": GEMS,
    "move": MOVE,
    "automatic": BOOL,
    "source": SOURCE,
    "workers": COUNT,
    "used": COUNT,
    "amount": COUNT,
    "wasted": COUNT,
    "value": COUNT,
}
"""How an event's field is written, by the field's name: a name means one kind of value in
every event class, but for those in :data:`_OWN_CODECS`."""

_OWN_CODECS: Final[dict[tuple[str, str], _Codec]] = {("WorkerPlaced", "tile"): WORKER}
"""The fields, as (class name, field name), whose name means another kind of value there."""


def codecs_of(kind: str, fields: tuple[str, ...]) -> dict[str, _Codec]:
    """How each of ``fields`` (an event class's ``FIELDS``) of the event class named ``kind``
    is written, in their order; :class:`LookupError` naming a field that no codec is declared
    for."""
    codecs = {}
    for name in fields:
        codec = _OWN_CODECS.get((kind, name), CODECS.get(name))
        if codec is None:
            raise LookupError(f"no JSON codec for the event field {kind}.{name}")
        codecs[name] = codec
    return codecs


EVENT_CODECS: Final[dict[type[Event], dict[str, _Codec]]] = {
    kind: codecs_of(kind.__name__, kind.FIELDS) for kind in get_args(Event)
}
"""Every event class and how each of its fields is written, in the order of its fields."""

EVENT_CLASSES: Final[dict[str, type]] = {kind.__name__: kind for kind in get_args(Event)}
"""The event classes by the name the ``"event"`` key gives them."""


def event_document(event: Event) -> dict[str, Json]:
    """``event`` as a JSON-ready dict: ``{"event": class name, field: value, ...}``."""
    fields = EVENT_CODECS.get(type(event))
    if fields is None:
        expect_any(event, Event)
        raise FormatError(f"not a cacao_rules event: {event!r:.{MAX_QUOTE}}")
    document: dict[str, Json] = {"event": type(event).__name__}
    for name, codec in fields.items():
        document[name] = codec.write(getattr(event, name))
    return document


def event_to_json(event: Event) -> str:
    """``event`` as one compact JSON object (ASCII, keys in the order of the fields)."""
    return json.dumps(event_document(event), separators=(",", ":"))


def events_to_json(events: Iterable[Event]) -> str:
    """``events`` as one JSON array of event objects, such as a move's or a seat's stream."""
    return json.dumps([event_document(event) for event in events], separators=(",", ":"))


def event_from_document(document: Json, where: str = "event") -> Event:
    """The event a decoded JSON value describes; :class:`~cacao_rules.FormatError` saying
    where and what is wrong if it describes none."""
    if not isinstance(document, dict):
        raise FormatError(f"{where}: expected a JSON object, got {_show(document)}")
    name = document.get("event")
    kind = EVENT_CLASSES.get(name) if isinstance(name, str) else None
    if kind is None:
        raise FormatError(
            f'{where}: "event" must name an event class ({", ".join(EVENT_CLASSES)}), '
            f"got {_show(name)}"
        )
    fields = EVENT_CODECS[kind]
    keys = set(document) - {"event"}
    if keys != set(fields):
        missing = ", ".join(sorted(set(fields) - keys)) or "none"
        extra = ", ".join(sorted(keys - set(fields)))[:MAX_QUOTE] or "none"
        raise FormatError(
            f"{where}: a {name} has the keys {', '.join(fields)}; missing: {missing}; "
            f"unknown: {extra}"
        )
    values = {}
    for key, codec in fields.items():
        try:
            values[key] = codec.read(document[key])
        except _Bad as bad:
            raise FormatError(f"{where}: {name}.{key}: {bad}") from None
    event: Event = kind(**values)
    return event


def _load(text: str, limit: int, caller: str) -> Json:
    return parse_json(text, caller, limit)


def event_from_json(text: str) -> Event:
    """The event that :func:`event_to_json` wrote; :class:`~cacao_rules.FormatError` saying
    what is wrong for anything else."""
    return event_from_document(_load(text, MAX_EVENT_CHARS, "event_from_json"))


def events_from_json(text: str) -> tuple[Event, ...]:
    """The events that :func:`events_to_json` wrote, in order."""
    document = _load(text, MAX_EVENTS_CHARS, "events_from_json")
    if not isinstance(document, list):
        raise FormatError(f"a list of events is a JSON array, got {_show(document)}")
    if len(document) > MAX_EVENTS:
        raise FormatError(f"a list of events holds at most {MAX_EVENTS}, got {len(document)}")
    return tuple(event_from_document(item, f"event {index}") for index, item in enumerate(document))
