"""The JSON Schemas of the state and observation formats, shipped in the package, and of the
bot protocol's messages, published beside its page: what the declarations give, and
satisfied by every document of real games and every message of a real session."""

from __future__ import annotations

import importlib.resources
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules.agents.program import ProgramBot
from helpers_observation import CONFIGS, random_game
from make_schema import BOT_PROTOCOL, FORMATS, bot_protocol_text, text

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


LOGGING_BOT = """import json, sys
with open(sys.argv[1], "w") as log:
    for line in sys.stdin:
        log.write(line)
        message = json.loads(line)
        answer = None
        if message["type"] == "hello":
            answer = {"type": "ready", "name": "logger", "options": {"level": 1}}
        elif message["type"] == "choose":
            answer = {"type": "move", "index": len(message["legal_moves"]) - 1}
        if answer is not None:
            print(json.dumps(answer), flush=True)
            log.write(json.dumps(answer) + "\\n")
"""
"""A program that logs every line it reads and writes."""


def bot_protocol() -> Any:
    """A validator of the published bot protocol schema, which refers to the observation's."""
    from referencing import Registry, Resource

    schema = json.loads(BOT_PROTOCOL.read_text(encoding="utf-8"))
    observation = shipped("observation")
    registry: Registry[object] = Registry().with_resource(
        str(observation["$id"]), Resource.from_contents(observation)
    )
    return jsonschema.Draft202012Validator(schema, registry=registry)


def test_the_published_bot_protocol_schema_is_the_one_the_messages_give() -> None:
    assert BOT_PROTOCOL.read_text(encoding="utf-8") == bot_protocol_text(), (
        "rerun tests/make_schema.py"
    )
    jsonschema.Draft202012Validator.check_schema(json.loads(bot_protocol_text()))


def test_every_message_of_a_real_session_satisfies_the_bot_protocol_schema(
    tmp_path: Path,
) -> None:
    program, log = tmp_path / "logger.py", tmp_path / "session.jsonl"
    program.write_text(LOGGING_BOT, encoding="utf-8")
    config = cr.Config(players=3, modules={cr.Module.MAP, cr.Module.HUTS})
    with ProgramBot([sys.executable, str(program), str(log)], options={"level": 2}) as bot:
        cr.play_game(config, 4, [bot, cr.RandomBot(1), cr.RandomBot(2)])
    messages = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    kinds = {message["type"] for message in messages}
    assert kinds == {
        "hello",
        "ready",
        "set_options",
        "new_game",
        "choose",
        "move",
        "game_over",
        "quit",
    }
    validator = bot_protocol()
    for message in messages:
        validator.validate(message)
    wrongs: list[dict[str, object]] = [
        {"type": "move", "index": True},
        {"type": "choose", "legal_moves": [], "legal_actions": [], "time_ms": None},
        {"type": "ready", "name": ""},
        {"type": "new_game", "seat": 4, "config": messages[3]["config"]},
    ]
    for wrong in wrongs:
        assert not validator.is_valid(wrong), wrong
