"""The JSON observation format: :func:`observation_to_json` and :func:`observation_from_json`,
and the same document as a JSON-ready dict: :func:`observation_document` and
:func:`observation_from_document`.

An observation document is a state document (``docs/formats.md``) seen by one player: it
has no ``seed``, names the observer in ``player``, and shows each player's hand only to its
owner. Every player entry gives ``hand`` (a list for the observer, ``null`` for the others),
``hand_size``, ``pile_size`` and ``unseen``: the tiles that may still be in the pile, by
type, which for another player are their hand and pile together (:rule:`R-HIDDEN-2`). So the
text holds no tile the observer cannot see. The output is deterministic, like
:func:`~cacao_rules.to_json`'s. The document is copied from and to the observation's
fields by the functions generated beside the state's (:mod:`~cacao_rules.formats.serialization`);
this module adds the checks of what the observer may see.
"""

from __future__ import annotations

from typing import Final

import msgspec

from ..errors import FormatError, excerpt, expect
from ..observation import Observation, PlayerView, completed_state
from ..validation import check_state
from . import documents as doc
from .document_errors import out_of_range, what
from .json_text import Bad, Json, decode
from .serialization import (
    convert,
    document_of_observation,
    observation_of,
    player_view_of,
    read_config,
    write,
)

OBSERVATION_FORMAT: Final = doc.OBSERVATION_FORMAT
"""The value of the ``"format"`` field of every observation document."""

OBSERVATION_VERSION: Final = 1
"""The version of the observation format that this library writes and reads."""

_DECODER: Final = msgspec.json.Decoder(doc.ObservationDocument)


def _document(observation: Observation) -> doc.ObservationDocument:
    expect(observation, Observation)
    return document_of_observation(observation)


def observation_to_json(observation: Observation) -> str:
    """``observation`` as a JSON document; :func:`observation_from_json` reads it back.

    >>> import cacao_rules as cr
    >>> seen = cr.observe(cr.new_game(cr.Config(players=2), seed=7), 0)
    >>> text = cr.observation_to_json(seen)
    >>> text[:60]
    '{"format":"cacao-rules.observation","version":1,"player":0,"'
    >>> cr.observation_from_json(text) == seen
    True
    """
    return write(_document(observation))


def observation_document(observation: Observation) -> dict[str, Json]:
    """``observation`` as the JSON-ready dict that :func:`observation_to_json` writes as
    text (lists, not tuples; keys in the text's order), for embedding in a larger message;
    :func:`observation_from_document` reads it back.

    >>> import cacao_rules as cr
    >>> seen = cr.observe(cr.new_game(cr.Config(players=2), seed=7), 1)
    >>> document = cr.observation_document(seen)
    >>> document["player"], document["players"][0]["hand"], document["players"][1]["hand"]
    (1, None, ['1-1-1-1', '2-1-0-1', '2-1-0-1'])
    >>> cr.observation_from_document(document) == seen
    True
    """
    document: dict[str, Json] = msgspec.json.decode(write(_document(observation)))
    return document


def _parsed_document(value: Json) -> doc.ObservationDocument:
    """:func:`~cacao_rules.formats.json_text.decode`'s reader of an observation document
    that does not decode: says what is wrong, the format and version first (the keys depend
    on them)."""
    if isinstance(value, dict):
        _check_label(value, "format", OBSERVATION_FORMAT, f"expected {OBSERVATION_FORMAT!r}")
        _check_label(
            value,
            "version",
            OBSERVATION_VERSION,
            f"this library reads version {OBSERVATION_VERSION}",
        )
    return convert(value, doc.ObservationDocument)


def _check_label(document: dict[str, Json], key: str, expected: Json, wanted: str) -> None:
    if key in document and (document[key] != expected or type(document[key]) is not type(expected)):
        raise Bad(f"{key}: {wanted}, got {what(document[key])}")


def _read_player(entry: doc.SeenPlayerDocument, path: str, own: bool) -> PlayerView:
    """The player of one entry as the observer knows them: their own hand, or none, and the
    unseen tiles; :class:`Bad` if the sizes do not add up."""
    if own and entry.hand is None:
        raise Bad(f"{path}.hand: expected a list, got null (the observer's own hand)")
    if not own and entry.hand is not None:
        raise Bad(
            f"{path}.hand: expected null (another player's hand), "
            f"got {what([kind.value for kind in entry.hand])}"
        )
    if entry.hand is not None and entry.hand_size != len(entry.hand):
        raise Bad(
            f"{path}.hand_size: {excerpt(entry.hand_size)}, "
            f"but the hand shows {len(entry.hand)} tiles"
        )
    held = entry.pile_size if own else entry.hand_size + entry.pile_size
    unseen = sum(entry.unseen.values())
    if unseen != held:
        sizes = "pile_size" if own else "hand_size + pile_size"
        raise Bad(f"{path}.unseen: {excerpt(unseen)} tiles, but {sizes} is {excerpt(held)}")
    return player_view_of(entry)


def _read_observation(document: doc.ObservationDocument) -> Observation:
    config = read_config(document)
    entries = document.players
    if document.player >= len(entries):
        raise Bad(out_of_range("player", document.player, 0, max(len(entries) - 1, 0)))
    players = tuple(
        _read_player(entry, f"players[{seat}]", seat == document.player)
        for seat, entry in enumerate(entries)
    )
    return observation_of(document, config, players)


def _checked(observation: Observation, strict: bool) -> Observation:
    """``observation``, if a valid state gives it: one full state drawn from it is checked,
    and so every one (they differ only in which tiles are in the other hands)."""
    try:
        check_state(completed_state(observation), conserve_jungle=strict, reachable=strict)
    except FormatError as error:
        raise FormatError(f"not a valid cacao-rules observation: {error}") from None
    return observation


def observation_from_json(text: str, *, strict: bool = True) -> Observation:
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
    expect(strict, bool)
    try:
        observation = _read_observation(
            decode(text, "observation_from_json", _DECODER, _parsed_document)
        )
    except Bad as bad:
        raise FormatError(f"not a valid cacao-rules observation: {bad}") from None
    return _checked(observation, strict)


def observation_from_document(document: Json, *, strict: bool = True) -> Observation:
    """The observation that ``document``, a decoded JSON value as
    :func:`observation_document` gives it, describes; refuses what
    :func:`observation_from_json` refuses, with the same messages. Like
    :func:`~cacao_rules.event_from_document`, it takes any parsed JSON value (a value that
    JSON cannot hold, such as a set, is a :class:`TypeError`)."""
    expect(strict, bool)
    try:
        observation = _read_observation(_parsed_document(document))
    except Bad as bad:
        raise FormatError(f"not a valid cacao-rules observation: {bad}") from None
    return _checked(observation, strict)
