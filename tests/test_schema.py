"""The JSON Schema of the state format, shipped in the package: in step with the library's
tables, and satisfied by every document of real games."""

from __future__ import annotations

import importlib.resources
import json
import random

import pytest

import cacao_rules as cr
from helpers_observation import CONFIGS, random_game
from make_schema import text

jsonschema = pytest.importorskip("jsonschema")


def shipped() -> dict[str, object]:
    resource = importlib.resources.files("cacao_rules").joinpath(
        "formats/schemas/state.schema.json"
    )
    loaded: dict[str, object] = json.loads(resource.read_text())
    return loaded


def test_the_shipped_schema_is_the_one_the_tables_give() -> None:
    assert json.loads(text()) == shipped()
    jsonschema.Draft202012Validator.check_schema(shipped())


def test_every_document_of_real_games_satisfies_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(shipped())
    rng = random.Random(5)
    for config in CONFIGS:
        for seed in (1, None):
            for state in list(random_game(config, seed, rng))[::4]:
                validator.validate(json.loads(cr.to_json(state)))


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
