"""Write the JSON Schema of the state format (version 2) from the library's own tables.

``python tests/make_schema.py`` rewrites ``src/cacao_rules/formats/schemas/state.schema.json``;
``tests/test_schema.py`` checks that the file shipped is what this writes, and that every
document of real games validates against it. The schema says the structure (keys, types,
ranges, codes); ``from_json`` also checks that the state is consistent (``check_state``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cacao_rules as cr
from cacao_rules.formats import serialization as fmt
from cacao_rules.game.components import TILES_BY_CODE, WATER_TRACK

SCHEMA_PATH = Path(__file__).parent.parent / "src/cacao_rules/formats/schemas/state.schema.json"

Schema = dict[str, Any]


def _int(low: int, high: int | None = None) -> Schema:
    schema: Schema = {"type": "integer", "minimum": low}
    if high is not None:
        schema["maximum"] = high
    return schema


def _object(properties: dict[str, Schema]) -> Schema:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _list(items: Schema, most: int = fmt.MAX_ITEMS, fewest: int = 0) -> Schema:
    return {"type": "array", "items": items, "minItems": fewest, "maxItems": most}


def _counts(key: Schema) -> Schema:
    return {
        "type": "object",
        "propertyNames": key,
        "additionalProperties": _int(1, fmt.MAX_COUNT),
        "maxProperties": fmt.MAX_ITEMS,
    }


def schema() -> Schema:
    """The schema of a version 2 state document."""
    square = _list(_int(-fmt.MAX_COORDINATE, fmt.MAX_COORDINATE), 2, 2)
    seat = _int(0, 3)
    types = {"enum": [kind.value for kind in cr.WorkerType]}
    jungle = {
        "anyOf": [{"enum": sorted(TILES_BY_CODE)}, {"type": "string", "pattern": "^D[0-9]{4}$"}]
    }
    huts = {"enum": [hut.value for hut in cr.Hut]}
    gems = _list(_int(0, fmt.MAX_COUNT), 4, 4)
    worker = _object({"owner": seat, "type": types, "rotation": _int(0, 3)})
    worker["properties"]["foreman"] = {"const": True}
    worker["required"] = ["owner", "type", "rotation"]
    edge = _object(
        {
            "owner": seat,
            "square": square,
            "side": {"enum": [side.name for side in cr.Side]},
            "workers": _int(0),
            "jungle_square": square,
        }
    )
    plain = [
        _object({"kind": {"const": kind}})
        for kind in (
            "deal",
            "placement",
            "draw_worker",
            "slide",
            "refill",
            "map_refill",
            "hut",
            "over",
        )
    ]
    steps = [
        *plain,
        _object({"kind": {"const": "fill"}, "placed": square, "spaces": _list(square)}),
        _object(
            {
                "kind": {"const": "blind_fill"},
                "placed": square,
                "filled": _list(square),
                "spaces": _list(square),
            }
        ),
        _object({"kind": {"const": "resolve"}, "queue": _list(edge), "received": _int(0)}),
    ]
    player = _object(
        {
            "gold": _int(0),
            "cacao": _int(0),
            "sun": _int(0),
            "water_field": _int(0, len(WATER_TRACK) - 1),
            "hand": _list(types),
            "pile": _counts(types),
            "chocolate": _int(0),
            "map_tiles": _int(0, 2),
            "huts": _list(huts),
            "gems": gems,
            "masks": _list(_int(0, fmt.MAX_COUNT)),
        }
    )
    config = _object(
        {
            "players": _int(2, 4),
            "modules": _list({"enum": [module.value for module in cr.Module]}),
            "map_early_overbuild": {"type": "boolean"},
            "huts": {"anyOf": [{"type": "null"}, _list(huts)]},
            "workers": {"anyOf": [{"type": "null"}, _counts(types)]},
            "is_big_game": {"type": "boolean"},
        }
    )
    document = _object(
        {
            "format": {"const": fmt.FORMAT},
            "version": {"const": fmt.VERSION},
            "config": config,
            "seed": {"anyOf": [{"type": "null"}, _int(0, 2**64 - 1)]},
            "chance_count": _int(0),
            "board": _list(_object({"square": square, "tile": {"anyOf": [jungle, worker]}})),
            "covered": _list(_object({"square": square, "tile": worker})),
            "discarded": _list(_object({"seat": seat, "type": types})),
            "players": _list(player, 4, 2),
            "jungle_pile": _counts(jungle),
            "display": _list(jungle),
            "map_board": _list(jungle),
            "map_tiles_used": _int(0),
            "hut_supply": _counts(huts),
            "emperor": {"anyOf": [{"type": "null"}, square]},
            "gem_cart": gems,
            "mask_supply": _list(_int(0, fmt.MAX_COUNT)),
            "gems_exchanged": _int(0, fmt.MAX_COUNT),
            "current": seat,
            "turn": _int(0),
            "step": {"oneOf": steps},
        }
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://cacao-rules.invalid/schemas/state-2.json",
        "title": "cacao-rules state document, version 2",
        "description": (
            "The structure of a document written by cacao_rules.to_json. cacao_rules.from_json "
            "also checks that the state is one the rules can reach (docs/formats.md)."
        ),
        **document,
    }


def text() -> str:
    return json.dumps(schema(), indent=2) + "\n"


if __name__ == "__main__":
    SCHEMA_PATH.write_text(text())
    print(f"wrote {SCHEMA_PATH}")
