"""The tile tables of a configuration: which jungle and worker tiles a game uses.

One function per table, checked by tests against FACTS.md sections 2, 3 and 10.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from . import components as c
from .components import JungleTile, WorkerType
from .config import Config

_BASE_JUNGLE: Final[Mapping[JungleTile, int]] = {
    c.SINGLE_PLANTATION: 6,
    c.DOUBLE_PLANTATION: 2,
    c.MARKET_2: 2,
    c.MARKET_3: 4,
    c.MARKET_4: 1,
    c.GOLD_MINE_1: 2,
    c.GOLD_MINE_2: 1,
    c.WATER: 3,
    c.SUN_WORSHIP: 2,
    c.TEMPLE: 5,
}
_TWO_PLAYER_REMOVAL: Final[Mapping[JungleTile, int]] = {
    c.SINGLE_PLANTATION: 2,
    c.MARKET_3: 1,
    c.GOLD_MINE_1: 1,
    c.WATER: 1,
    c.SUN_WORSHIP: 1,
    c.TEMPLE: 1,
}
_WORKERS_PER_COLOUR: Final[Mapping[WorkerType, int]] = {
    WorkerType.W1111: 4,
    WorkerType.W2101: 5,
    WorkerType.W3001: 1,
    WorkerType.W3100: 1,
}
_WORKER_REMOVALS: Final[Mapping[int, Mapping[WorkerType, int]]] = {
    2: {},
    3: {WorkerType.W1111: 1},
    4: {WorkerType.W1111: 1, WorkerType.W2101: 1},
}


def jungle_pool(config: Config) -> dict[JungleTile, int]:
    """Every jungle tile the game uses, start tiles included (:rule:`R-SETUP-5`).

    >>> sum(jungle_pool(Config(players=2)).values())
    21
    """
    pool = dict(_BASE_JUNGLE)
    if config.players == 2:
        for tile, count in _TWO_PLAYER_REMOVAL.items():
            pool[tile] -= count
    return {tile: count for tile, count in pool.items() if count}


def start_tiles(config: Config) -> tuple[JungleTile, JungleTile]:
    """The tiles laid at ``(0, 0)`` and ``(1, 1)`` before play (:rule:`R-SETUP-6`)."""
    return (c.SINGLE_PLANTATION, c.MARKET_2)


def worker_set(config: Config) -> dict[WorkerType, int]:
    """The worker tiles each player uses (:rule:`R-SETUP-2`, :rule:`R-SETUP-3`).

    >>> sum(worker_set(Config(players=4)).values())
    9
    """
    removal = _WORKER_REMOVALS[config.players]
    counts = {kind: count - removal.get(kind, 0) for kind, count in _WORKERS_PER_COLOUR.items()}
    return {kind: count for kind, count in counts.items() if count}
