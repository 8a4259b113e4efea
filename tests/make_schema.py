"""Write the JSON Schemas of the state, observation and decision formats from their
declarations.

``python tests/make_schema.py`` rewrites ``src/cacao_rules/formats/schemas/*.schema.json``
from the msgspec structs of ``cacao_rules.formats.documents`` (and of the decision document,
``cacao_rules.show.decision_json``), the same declarations the readers decode with;
``tests/test_schema.py`` checks that the files shipped are what this writes, and that every
document of real games validates against them. A schema says the structure (keys, types,
ranges, lengths, codes); ``from_json`` also checks what depends on several fields and that
the state is consistent (``check_state``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from cacao_rules.formats import documents
from cacao_rules.show import decision_json

SCHEMAS = Path(__file__).parent.parent / "src/cacao_rules/formats/schemas"

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


def schema(name: str) -> Schema:
    """The schema of the documents ``FORMATS[name]`` declares."""
    declared, title = FORMATS[name]
    generated = _plain(msgspec.json.schema(declared))
    for definition in generated["$defs"].values():
        if "enum" in definition:  # the library's enums: their docstrings are not the format's
            definition.pop("description", None)  # (and a compiled build has none)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://cacao-rules.invalid/schemas/{name}.schema.json",
        "title": title,
        **generated,
    }


def text(name: str) -> str:
    """The text of the schema file ``name``."""
    return json.dumps(schema(name), indent=2) + "\n"


if __name__ == "__main__":
    for name in FORMATS:
        path = SCHEMAS / f"{name}.schema.json"
        path.write_text(text(name))
        print(f"wrote {path}")
