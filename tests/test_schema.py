"""The JSON Schemas of the state and observation formats, shipped in the package: what the
readers' declarations give, and satisfied by every document of real games."""

from __future__ import annotations

import importlib.resources
import json
import random

import pytest

import cacao_rules as cr
from helpers_observation import CONFIGS, random_game
from make_schema import FORMATS, text

jsonschema = pytest.importorskip("jsonschema")


def shipped_text(name: str) -> str:
    resource = importlib.resources.files("cacao_rules").joinpath(
        f"formats/schemas/{name}.schema.json"
    )
    return resource.read_text()


def shipped(name: str = "state") -> dict[str, object]:
    loaded: dict[str, object] = json.loads(shipped_text(name))
    return loaded


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_the_shipped_schema_is_the_one_the_declarations_give(name: str) -> None:
    assert shipped_text(name) == text(name), "rerun tests/make_schema.py"
    jsonschema.Draft202012Validator.check_schema(shipped(name))


def test_every_document_of_real_games_satisfies_the_schemas() -> None:
    states = jsonschema.Draft202012Validator(shipped("state"))
    observations = jsonschema.Draft202012Validator(shipped("observation"))
    rng = random.Random(5)
    for config in CONFIGS:
        for seed in (1, None):
            for state in list(random_game(config, seed, rng))[::4]:
                states.validate(json.loads(cr.to_json(state)))
                seat = rng.randrange(config.players)
                observations.validate(json.loads(cr.observation_to_json(cr.observe(state, seat))))


def test_version_1_documents_fail_the_schema_of_version_2() -> None:
    document = json.loads(cr.to_json(cr.new_game(cr.Config(players=2), seed=1)))
    document["version"] = 1
    assert not jsonschema.Draft202012Validator(shipped()).is_valid(document)


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("players", 0, "gold"), True),
        (("players", 0, "gold"), 1.5),
        (("current",), 7),
        (("board", 0, "square"), [0]),
        (("board", 0, "tile"), "X9"),
        (("step",), {"kind": "placing"}),
        (("config", "modules"), ["maps"]),
        (("players", 0, "pile"), {"1-1-1-1": 0}),
        (("board", 0, "tile"), {"owner": 0, "type": "1-1-1-1", "rotation": 0, "foreman": False}),
        (("emperor",), [1]),
        (("gem_cart",), [1, 2, 3]),
        (("mask_supply",), [8] * 8),
        (("seed",), 2**64),
    ],
)
def test_documents_the_reader_refuses_for_their_structure_fail_the_schema(
    path: tuple[object, ...], value: object
) -> None:
    document = json.loads(cr.to_json(cr.new_game(cr.Config(players=2), seed=1)))
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert not jsonschema.Draft202012Validator(shipped()).is_valid(document)
    with pytest.raises(cr.FormatError):
        cr.from_json(json.dumps(document))
