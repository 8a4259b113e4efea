"""Shared builders for the rule tests of the *Chocolatl* modules (Map, Watering, Chocolate).

- :data:`WATERING`, :data:`KITCHEN` and :data:`CHOC_MARKET` are the module's jungle tiles;
- :func:`config` makes a configuration with some modules;
- :func:`jungle_counts` counts every jungle tile of a state by code, the map board included;
- :func:`names` lists the legal moves of a state in notation.
"""

from __future__ import annotations

from collections import Counter

import cacao_rules as cr
from cacao_rules import Module

WATERING = cr.JungleTile.from_code("I")
KITCHEN = cr.JungleTile.from_code("K")
CHOC_MARKET = cr.JungleTile.from_code("C")

MAP = Module.MAP
WATER_MODULE = Module.WATERING
CHOCOLATE = Module.CHOCOLATE
HUTS = Module.HUTS


def config(players: int, *modules: Module, early: bool = False) -> cr.Config:
    """A configuration for ``players`` with ``modules`` (and the early-overbuild variant)."""
    return cr.Config(players=players, modules=set(modules), map_early_overbuild=early)


def jungle_counts(state: cr.State) -> Counter[str]:
    """Every jungle tile of the game wherever it is: board, display, map board, draw pile."""
    counts: Counter[str] = Counter()
    for tile in state.board.values():
        if isinstance(tile, cr.JungleTile):
            counts[tile.code] += 1
    for tile in (*state.display, *state.map_board):
        counts[tile.code] += 1
    for tile, count in state.jungle_pile.items:
        counts[tile.code] += count
    return counts


def names(state: cr.State) -> list[str]:
    """The legal moves of ``state``, written in move notation, in their fixed order."""
    return [str(move) for move in cr.legal_moves(state)]
