"""The JSON observation format: :func:`observation_to_json` and :func:`observation_from_json`.

An observation document is a state document (``docs/formats.md``) seen by one player: it
has no ``seed``, names the observer in ``player``, and shows each player's hand only to its
owner. Every player entry gives ``hand`` (a list for the observer, ``null`` for the others),
``hand_size``, ``pile_size`` and ``unseen``: the tiles that may still be in the pile, by
type, which for another player are their hand and pile together (:rule:`R-HIDDEN-2`). So the
text holds no tile the observer cannot see. The output is deterministic, like
:func:`~cacao_rules.to_json`'s.
"""

from __future__ import annotations

import json
from typing import Final

import attrs

from ..agents.determinization import determinize, player_state, state_with_hands
from ..agents.observation import Observation, PlayerView, observe
from ..errors import FormatError
from ..game.components import WorkerType
from ..game.frozen import Bag
from ..validation import check_state
from .serialization import (
    _TOP_KEYS,
    FORMAT,
    VERSION,
    Json,
    _Bad,
    _int,
    _list,
    _object,
    _read_counts,
    _read_state,
    _to_document,
    _what,
    _worker_type,
    parse_json,
)

OBSERVATION_FORMAT: Final = "cacao-rules.observation"
"""The value of the ``"format"`` field of every observation document."""

OBSERVATION_VERSION: Final = 1
"""The version of the observation format that this library writes and reads."""

_KEYS: Final = ("format", "version", "player", *(k for k in _TOP_KEYS[2:] if k != "seed"))
_PLAYER_KEYS: Final = (
    "gold",
    "cacao",
    "sun",
    "water_field",
    "hand",
    "hand_size",
    "pile_size",
    "unseen",
    "chocolate",
    "map_tiles",
    "huts",
    "gems",
    "masks",
)


def _player_entry(entry: dict[str, Json], view: PlayerView) -> dict[str, Json]:
    """A state document's player entry rewritten as the observation shows it."""
    shown = {name: entry[name] for name in entry if name not in ("hand", "pile")}
    shown["hand"] = entry["hand"] if view.hand is not None else None
    shown["hand_size"] = view.hand_size
    shown["pile_size"] = view.pile_size
    shown["unseen"] = entry["pile"]
    return {name: shown[name] for name in _PLAYER_KEYS}


def observation_to_json(observation: object) -> str:
    """``observation`` as a JSON document; :func:`observation_from_json` reads it back.

    >>> import cacao_rules as cr
    >>> seen = cr.observe(cr.new_game(cr.Config(players=2), seed=7), 0)
    >>> text = cr.observation_to_json(seen)
    >>> text[:60]
    '{"format":"cacao-rules.observation","version":1,"player":0,"'
    >>> cr.observation_from_json(text) == seen
    True
    """
    if not isinstance(observation, Observation):
        raise FormatError(
            f"observation_to_json needs a cacao_rules.Observation, got {type(observation).__name__}"
        )
    players = tuple(
        player_state(view, view.hand or (), view.unseen) for view in observation.players
    )  # the observer's knowledge: no hand but their own, the unseen tiles as the pile
    document = _to_document(state_with_hands(observation, players, None))
    document["format"] = OBSERVATION_FORMAT
    document["version"] = OBSERVATION_VERSION
    document["player"] = observation.player
    document["players"] = [
        _player_entry(entry, view)
        for entry, view in zip(document["players"], observation.players, strict=True)
    ]
    ordered = {key: document[key] for key in _KEYS}
    return json.dumps(ordered, separators=(",", ":"), allow_nan=False)


def _read_hidden_fields(value: Json, path: str, own: bool) -> dict[str, Json]:
    """Check the observation's own fields of one player entry; return the entry as a state
    document shows it (the hand, with the unseen tiles as the pile)."""
    fields = _object(value, path, _PLAYER_KEYS)
    if own:
        hand = [
            _worker_type(item, f"{path}.hand[{i}]")
            for i, item in enumerate(_list(fields["hand"], f"{path}.hand"))
        ]
    elif fields["hand"] is not None:
        raise _Bad(
            f"{path}.hand: expected null (another player's hand), got {_what(fields['hand'])}"
        )
    hand_size = _int(fields["hand_size"], f"{path}.hand_size", 0)
    pile_size = _int(fields["pile_size"], f"{path}.pile_size", 0)
    unseen: Bag[WorkerType] = _read_counts(
        fields["unseen"], f"{path}.unseen", _worker_type, lambda kind: kind.sort_key
    )
    if own and hand_size != len(hand):
        raise _Bad(f"{path}.hand_size: {hand_size}, but the hand shows {len(hand)} tiles")
    held = pile_size if own else hand_size + pile_size
    if unseen.total != held:
        what = "pile_size" if own else "hand_size + pile_size"
        raise _Bad(f"{path}.unseen: {unseen.total} tiles, but {what} is {held}")
    entry = {name: fields[name] for name in fields if name not in ("hand_size", "pile_size")}
    entry["hand"] = fields["hand"] if own else []
    entry["pile"] = entry.pop("unseen")
    return entry


def _check_label(document: dict[str, Json], key: str, expected: Json, wanted: str) -> None:
    if key in document and (document[key] != expected or type(document[key]) is not type(expected)):
        raise _Bad(f"{key}: {wanted}, got {_what(document[key])}")


def _read_observation(document: Json) -> Observation:
    if isinstance(document, dict):  # the format and version first: the keys depend on them
        _check_label(document, "format", OBSERVATION_FORMAT, f"expected {OBSERVATION_FORMAT!r}")
        _check_label(
            document,
            "version",
            OBSERVATION_VERSION,
            f"this library reads version {OBSERVATION_VERSION}",
        )
    fields = _object(document, "the document", _KEYS)
    entries = _list(fields["players"], "players")
    player = _int(fields["player"], "player", 0, max(len(entries) - 1, 0))
    players = [
        _read_hidden_fields(entry, f"players[{seat}]", seat == player)
        for seat, entry in enumerate(entries)
    ]
    state = {**fields, "format": FORMAT, "version": VERSION, "seed": None, "players": players}
    del state["player"]
    open_state = _read_state(state)
    seen = observe(open_state, player)
    views = tuple(
        attrs.evolve(view, hand_size=entry["hand_size"], pile_size=entry["pile_size"])
        for view, entry in zip(seen.players, entries, strict=True)
    )
    return attrs.evolve(seen, players=views)


def observation_from_json(text: object, *, strict: bool = True) -> Observation:
    """The observation that ``text``, written by :func:`observation_to_json`, describes.

    Raises :class:`~cacao_rules.FormatError`, saying where and what is wrong, for anything
    :func:`~cacao_rules.from_json` refuses in a state document, for hand and pile sizes that
    do not add up, and for observations that no valid state gives (it checks one full state
    drawn from the observation, and so every one: they differ only in which tiles are in
    the other hands). ``strict=False`` reads the observations of the states that
    ``from_json(..., strict=False)`` and :func:`cacao_rules.position` accept, as it does.

    >>> import cacao_rules as cr
    >>> cr.observation_from_json('{"format": "cacao-rules.observation", "version": 2}')
    Traceback (most recent call last):
    ...
    cacao_rules.errors.FormatError: not a valid cacao-rules observation: version: ... 2
    """
    document = parse_json(text, "observation_from_json")
    try:
        observation = _read_observation(document)
    except _Bad as bad:
        raise FormatError(f"not a valid cacao-rules observation: {bad}") from None
    except RecursionError:
        raise FormatError("not a valid cacao-rules observation: nested too deeply") from None
    try:
        check_state(determinize(observation, seed=0), conserve_jungle=strict, reachable=strict)
    except FormatError as error:
        raise FormatError(f"not a valid cacao-rules observation: {error}") from None
    return observation
