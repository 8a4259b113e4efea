"""The observation's dict-level pair, ``observation_document`` and
``observation_from_document``: every observation of whole games of each configuration goes
through it and back, and the text form stays byte for byte what the writer through a
stand-in state gave (kept here as the oracle)."""

from __future__ import annotations

import json
import random

import msgspec
import pytest

import cacao_rules as cr
from cacao_rules.formats import documents as doc
from cacao_rules.formats.serialization import to_document
from cacao_rules.observation import player_state, state_with_hands
from helpers_observation import CONFIGS, random_game


def _seen_player(entry: doc.PlayerDocument, view: cr.PlayerView) -> doc.SeenPlayerDocument:
    fields = msgspec.structs.asdict(entry)
    fields.update(
        hand=entry.hand if view.hand is not None else None,
        hand_size=view.hand_size,
        pile_size=view.pile_size,
        unseen=fields.pop("pile"),
    )
    return doc.SeenPlayerDocument(**fields)


def stand_in_text(observation: cr.Observation) -> str:
    """The observation's text as the writer of version 0.x wrote it: through a state built
    with the observer's knowledge (no hand but their own, the unseen tiles as the pile)."""
    players = tuple(
        player_state(view, view.hand or (), view.unseen) for view in observation.players
    )
    state = to_document(state_with_hands(observation, players, None))
    fields = msgspec.structs.asdict(state)
    del fields["seed"]
    fields.update(
        format="cacao-rules.observation",
        version=1,
        player=observation.player,
        players=tuple(map(_seen_player, state.players, observation.players)),
    )
    return msgspec.json.encode(doc.ObservationDocument(**fields)).decode()


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_every_observation_of_whole_games_round_trips_as_a_document(config: cr.Config) -> None:
    rng = random.Random(40)
    for seed in (7, None):
        for state in random_game(config, seed, rng):
            for seat in range(config.players):
                seen = cr.observe(state, seat)
                document = cr.observation_document(seen)
                text = cr.observation_to_json(seen)
                assert text == stand_in_text(seen)
                assert document == json.loads(text)
                assert json.dumps(document, separators=(",", ":")) == text
                assert cr.observation_from_document(document) == seen
                assert cr.observation_from_json(text) == seen


def test_a_bad_observation_document_is_refused_saying_where() -> None:
    seen = cr.observe(cr.new_game(cr.Config(players=2), seed=1), 0)
    document = cr.observation_document(seen)
    document["players"][1]["hand"] = ["1-1-1-1"]
    with pytest.raises(cr.FormatError, match=r"players\[1\]\.hand: expected null"):
        cr.observation_from_document(document)
    with pytest.raises(cr.FormatError, match="version"):
        cr.observation_from_document({"format": "cacao-rules.observation", "version": 2})
    with pytest.raises(TypeError):
        cr.observation_document(cr.new_game(cr.Config(players=2)))  # type: ignore[arg-type]
