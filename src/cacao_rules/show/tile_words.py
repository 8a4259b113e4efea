"""Jungle tiles in words, for the pictures' titles and the answers of a decision: one place
for the names a person reads beside the letters on the tiles.

>>> import cacao_rules as cr
>>> tile_title(cr.JungleTile(cr.JungleKind.MARKET, 3))
'market (sells at 3)'
"""

from __future__ import annotations

from typing import Final

from ..game.components import GEM_COLOURS, JungleKind, JungleTile

KIND_NAMES: Final = {
    JungleKind.PLANTATION: "plantation",
    JungleKind.MARKET: "market",
    JungleKind.GOLD_MINE: "gold mine",
    JungleKind.WATER: "water",
    JungleKind.SUN_WORSHIP: "sun-worshiping site",
    JungleKind.TEMPLE: "temple",
    JungleKind.WATERING: "watering",
    JungleKind.CHOCOLATE_KITCHEN: "chocolate kitchen",
    JungleKind.CHOCOLATE_MARKET: "chocolate market",
    JungleKind.GEM_MINE: "gem mine",
    JungleKind.TREE_OF_LIFE: "tree of life",
}
"""Each jungle kind's name in words (the pictures' titles and legend, the answers)."""


def tile_title(tile: JungleTile) -> str:
    """A jungle tile in words: ``market (sells at 3)``, ``gem mine with 1 red, ...``."""
    name = KIND_NAMES[tile.kind]
    if tile.gems is not None:
        gems = ", ".join(f"{n} {c}" for n, c in zip(tile.gems, GEM_COLOURS, strict=True))
        return f"{name} with gems: {gems}"
    if tile.value:
        what = {
            JungleKind.PLANTATION: f"{tile.value} cacao per worker",
            JungleKind.MARKET: f"sells at {tile.value}",
            JungleKind.GOLD_MINE: f"{tile.value} gold per worker",
        }.get(tile.kind, f"value {tile.value}")
        return f"{name} ({what})"
    return name
