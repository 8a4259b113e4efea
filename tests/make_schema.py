"""Write the JSON Schemas of the state, observation and decision formats, and of the bot
protocol's messages, from their declarations.

``python tests/make_schema.py`` rewrites ``src/cacao_rules/formats/schemas/*.schema.json``
from the msgspec structs of ``cacao_rules.formats.documents`` (and of the decision document,
``cacao_rules.show.decision_json``), the same declarations the readers decode with, and
``docs/bot-protocol.schema.json`` from those of ``cacao_rules.agents.bot_messages``;
``tests/test_schema.py`` checks that the files are what this writes, and that every document
of real games (every message of a real session) validates against them. A schema says the
structure (keys, types, ranges, lengths, codes); ``from_json`` also checks what depends on
several fields and that the state is consistent (``check_state``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from cacao_rules.agents import bot_messages
from cacao_rules.formats import documents
from cacao_rules.show import decision_json

SCHEMAS = Path(__file__).parent.parent / "src/cacao_rules/formats/schemas"
BOT_PROTOCOL = Path(__file__).parent.parent / "docs/bot-protocol.schema.json"
"""The published schema of the bot protocol's messages, beside its page."""

Schema = dict[str, Any]

FORMATS: dict[str, tuple[type[msgspec.Struct], str]] = {
    "state": (documents.StateDocument, "cacao-rules state document, version 2"),
    "observation": (documents.ObservationDocument, "cacao-rules observation document, version 1"),
    "decision": (decision_json.DecisionDocument, "cacao-rules decision document, version 1"),
}
"""Each published schema: its file's stem, the document it describes and its title."""


def _plain(schema: Any) -> Any:
    """``schema`` with its descriptions (the structs' docstrings) on one line each, and
    their reStructuredText literals (double backquotes) as Markdown ones (single)."""
    if isinstance(schema, dict):
        return {
            key: " ".join(value.replace("``", "`").split())
            if key == "description" and isinstance(value, str)
            else _plain(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_plain(item) for item in schema]
    return schema


def _plain_enums(schema: Schema) -> Schema:
    """``schema`` without the descriptions of the library's enums: their docstrings are not
    the format's (and a compiled build has none)."""
    for definition in schema["$defs"].values():
        if "enum" in definition:
            definition.pop("description", None)
    return schema


def schema(name: str) -> Schema:
    """The schema of the documents ``FORMATS[name]`` declares."""
    declared, title = FORMATS[name]
    generated = _plain_enums(_plain(msgspec.json.schema(declared)))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://cacao-rules.invalid/schemas/{name}.schema.json",
        "title": title,
        **generated,
    }


def text(name: str) -> str:
    """The text of the schema file ``name``."""
    return json.dumps(schema(name), indent=2) + "\n"


def bot_protocol_text() -> str:
    """The text of :data:`BOT_PROTOCOL`."""
    return json.dumps(_plain_enums(_plain(bot_messages.json_schema())), indent=2) + "\n"


if __name__ == "__main__":
    for name in FORMATS:
        path = SCHEMAS / f"{name}.schema.json"
        path.write_text(text(name))
        print(f"wrote {path}")
    BOT_PROTOCOL.write_text(bot_protocol_text())
    print(f"wrote {BOT_PROTOCOL}")
