"""The tile tables of a configuration: which jungle and worker tiles a game uses.

One function per table, checked by tests against the counts of the rulebooks (base rules p.1-2,
Chocolatl rules p.2, Diamante rules p.1-4; :rule:`R-SETUP-3`, :rule:`R-SETUP-5`,
:rule:`R-MODULES-1`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from ..compiled import COMPILED
from ..errors import expect
from . import components as c
from .components import JungleTile, WorkerType
from .config import Config, Module
from .sealed import Sealed

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
    kind: c.WORKERS_PER_COLOUR[kind] for kind in c.BASE_WORKER_TYPES
}
_WORKER_REMOVALS: Final[Mapping[int, Mapping[WorkerType, int]]] = {
    2: {},
    3: {WorkerType.W1111: 1},
    4: {WorkerType.W1111: 1, WorkerType.W2101: 1},
}
# Trees of Life added on top of Chocolate's pool keep the balance by changing the worker
# sets instead (R-TREE-1): a negative removal adds a tile.
_TREE_WITH_CHOCOLATE_REMOVALS: Final[Mapping[int, Mapping[WorkerType, int]]] = {
    2: {WorkerType.W0004: -1},
    3: {},
    4: {WorkerType.W1111: 1},
}


# Module changes to the pool: (tiles removed, tiles added) for 3-4 players and for 2 players,
# applied after the base 2-player removal (R-WATERING-1, R-CHOC-1, R-MODULES-1).
PoolChange = tuple[Mapping[JungleTile, int], Mapping[JungleTile, int]]
_WATERING_CHANGES: Final[Mapping[bool, PoolChange]] = {
    False: ({c.SINGLE_PLANTATION: 1, c.DOUBLE_PLANTATION: 2}, {c.WATERING: 3}),
    True: ({c.DOUBLE_PLANTATION: 2}, {c.WATERING: 2}),
}
_CHOCOLATE_CHANGES: Final[Mapping[bool, PoolChange]] = {
    False: (
        {c.GOLD_MINE_1: 2, c.GOLD_MINE_2: 1, c.MARKET_3: 3},
        {c.CHOCOLATE_KITCHEN: 3, c.CHOCOLATE_MARKET: 3},
    ),
    True: (
        {c.GOLD_MINE_1: 1, c.GOLD_MINE_2: 1, c.MARKET_3: 2},
        {c.CHOCOLATE_KITCHEN: 2, c.CHOCOLATE_MARKET: 2},
    ),
}
_TREE_CHANGES: Final[Mapping[bool, PoolChange]] = {
    False: ({c.GOLD_MINE_1: 2, c.GOLD_MINE_2: 1}, {c.TREE_OF_LIFE: 3}),
    True: ({c.GOLD_MINE_1: 1, c.GOLD_MINE_2: 1}, {c.TREE_OF_LIFE: 2}),
}
# With Chocolate the gold mines are gone already, so the trees are simply added (R-TREE-1).
_TREE_WITH_CHOCOLATE_CHANGES: Final[Mapping[bool, PoolChange]] = {
    False: ({}, {c.TREE_OF_LIFE: 3}),
    True: ({}, {c.TREE_OF_LIFE: 2}),
}


_GEM_CHANGES: Final[Mapping[bool, PoolChange]] = {
    False: ({c.TEMPLE: 5}, {c.GEM_MINE: 5}),
    True: ({c.TEMPLE: 4}, {c.GEM_MINE: 4}),
}


def _pool_changes(config: Config) -> list[Mapping[bool, PoolChange]]:
    """The pool changes of the configuration's modules, in the order they apply."""
    changes = []
    if config.has(Module.WATERING):
        changes.append(_WATERING_CHANGES)
    if config.has(Module.CHOCOLATE):
        changes.append(_CHOCOLATE_CHANGES)
    if config.has(Module.TREE_OF_LIFE):
        with_chocolate = config.has(Module.CHOCOLATE)
        changes.append(_TREE_WITH_CHOCOLATE_CHANGES if with_chocolate else _TREE_CHANGES)
    if config.has(Module.GEM_MINES):
        changes.append(_GEM_CHANGES)
    return changes


def gem_cart(config: Config) -> tuple[int, int, int, int]:
    """The gems in the mine cart at the start: 8 of each colour, 6 with 2 players
    (:rule:`R-GEM-1`); none without the Gem mines module."""
    if not config.has(Module.GEM_MINES):
        return c.NO_GEMS
    each = c.GEMS_PER_COLOUR - (2 if config.players == 2 else 0)
    return (each, each, each, each)


def mask_supply(config: Config) -> tuple[int, ...]:
    """The masks at the start, lowest first: all 7, without the 12 with 2 players
    (:rule:`R-GEM-1`); none without the Gem mines module."""
    if not config.has(Module.GEM_MINES):
        return ()
    return c.MASKS[:-1] if config.players == 2 else c.MASKS


def jungle_pool(config: Config) -> dict[JungleTile, int]:
    """Every jungle tile the game uses, start tiles included (:rule:`R-SETUP-5`).

    The base pool for the player count, then each module's changes in turn
    (:rule:`R-WATERING-1`, :rule:`R-CHOC-1`, :rule:`R-TREE-1`, :rule:`R-GEM-1`,
    :rule:`R-MODULES-1`).

    >>> sum(jungle_pool(Config(players=2)).values())
    21
    """
    if config.is_big_game:
        return big_game_pool(config.players)
    pool = dict(_BASE_JUNGLE)
    two_players = config.players == 2
    if two_players:
        _remove(pool, _TWO_PLAYER_REMOVAL)
    for changes in _pool_changes(config):
        removed, added = changes[two_players]
        _remove(pool, removed)
        for tile, count in added.items():
            pool[tile] = pool.get(tile, 0) + count
    return {tile: count for tile, count in pool.items() if count}


_BIG_GAME_EXTRAS: Final[Mapping[JungleTile, int]] = {
    c.WATERING: 3,
    c.CHOCOLATE_KITCHEN: 3,
    c.CHOCOLATE_MARKET: 3,
    c.GEM_MINE: 5,
    c.TREE_OF_LIFE: 3,
}
_BIG_GAME_THREE_PLAYER_REMOVAL: Final[Mapping[JungleTile, int]] = {
    c.SINGLE_PLANTATION: 2,
    c.GOLD_MINE_1: 2,
    c.MARKET_2: 1,
    c.MARKET_3: 1,
    c.WATERING: 1,
}


def big_game_pool(players: int) -> dict[JungleTile, int]:
    """Every jungle tile of the box and both expansions, 45, less 7 with 3 players
    (:rule:`R-BIG-1`)."""
    pool = dict(_BASE_JUNGLE)
    for tile, count in _BIG_GAME_EXTRAS.items():
        pool[tile] = pool.get(tile, 0) + count
    if players == 3:
        _remove(pool, _BIG_GAME_THREE_PLAYER_REMOVAL)
    return {tile: count for tile, count in pool.items() if count}


def _remove(pool: dict[JungleTile, int], removed: Mapping[JungleTile, int]) -> None:
    for tile, count in removed.items():
        pool[tile] -= count


def start_tiles(config: Config) -> tuple[JungleTile, JungleTile]:
    """The tiles laid at ``(0, 0)`` and ``(1, 1)`` before play (:rule:`R-SETUP-6`).

    With Watering the second one is a water tile instead of the price-2 market
    (:rule:`R-WATERING-2`).
    """
    if config.has(Module.WATERING):
        return (c.SINGLE_PLANTATION, c.WATER)
    return (c.SINGLE_PLANTATION, c.MARKET_2)


def worker_set(config: Config) -> dict[WorkerType, int]:
    """The worker tiles each player uses (:rule:`R-SETUP-2`, :rule:`R-SETUP-3`), changed by
    the Tree of Life together with Chocolate (:rule:`R-TREE-1`), or the agreed set of the
    configuration (:rule:`R-NEW-2`).

    >>> sum(worker_set(Config(players=4)).values())
    9
    """
    if config.workers is not None:
        return dict(config.workers)
    return _usual_worker_set(config)


def _usual_worker_set(config: Config) -> dict[WorkerType, int]:
    """The base tiles of a colour less the removals for the player count and modules: the
    set without an agreed one (:rule:`R-SETUP-3`, :rule:`R-TREE-1`)."""
    removal = _WORKER_REMOVALS[config.players]
    if config.has(Module.TREE_OF_LIFE) and config.has(Module.CHOCOLATE):
        removal = _TREE_WITH_CHOCOLATE_REMOVALS[config.players]
    kinds = [*_WORKERS_PER_COLOUR, *removal]
    counts = {kind: _WORKERS_PER_COLOUR.get(kind, 0) - removal.get(kind, 0) for kind in kinds}
    return {kind: count for kind, count in counts.items() if count}


RECOMMENDED_BALANCE: Final[Mapping[int, tuple[int, int]]] = {2: (1, 8), 3: (2, 12), 4: (3, 16)}
"""How many more worker tiles than jungle tiles the rulebook recommends, by player count."""


class WorkerBalance(Sealed):
    """Worker tiles against jungle tiles in a configuration (:rule:`R-NEW-3`).

    ``difference`` is all players' worker tiles minus all jungle tiles (start tiles
    included); ``recommended`` is the rulebook's range for the player count, and
    ``within`` says whether the difference lies in it. ``tiles`` is each player's number of
    worker tiles and ``usual_tiles`` the number without an agreed set; the rulebook advises
    an agreed set to keep it (:rule:`R-NEW-2`), and :attr:`keeps_tile_count` says whether it
    does.

    >>> worker_balance(Config(players=4))
    WorkerBalance(workers=36, jungle=28, difference=8, recommended=(3, 16), within=True,
                  tiles=9, usual_tiles=9)
    """

    workers: int
    jungle: int
    difference: int
    recommended: tuple[int, int]
    within: bool
    tiles: int
    usual_tiles: int

    # BEGIN WorkerBalance, generated by tools/make_values.py: do not edit
    __slots__ = (
        "difference",
        "jungle",
        "recommended",
        "tiles",
        "usual_tiles",
        "within",
        "workers",
    )

    FIELDS: ClassVar[tuple[str, ...]] = (
        "workers",
        "jungle",
        "difference",
        "recommended",
        "within",
        "tiles",
        "usual_tiles",
    )
    """The fields, in the order of the constructor's arguments."""

    def __init__(
        self,
        workers: int,
        jungle: int,
        difference: int,
        recommended: tuple[int, int],
        within: bool,
        tiles: int,
        usual_tiles: int,
    ) -> None:
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "workers", workers)
            object.__setattr__(self, "jungle", jungle)
            object.__setattr__(self, "difference", difference)
            object.__setattr__(self, "recommended", recommended)
            object.__setattr__(self, "within", within)
            object.__setattr__(self, "tiles", tiles)
            object.__setattr__(self, "usual_tiles", usual_tiles)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.workers = workers
            self.jungle = jungle
            self.difference = difference
            self.recommended = recommended
            self.within = within
            self.tiles = tiles
            self.usual_tiles = usual_tiles
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (
            self.workers,
            self.jungle,
            self.difference,
            self.recommended,
            self.within,
            self.tiles,
            self.usual_tiles,
        )

    def replace(self, **changes: Any) -> WorkerBalance:
        """A copy with the fields named in ``changes`` changed."""
        copy = WorkerBalance(
            changes.pop("workers", self.workers),
            changes.pop("jungle", self.jungle),
            changes.pop("difference", self.difference),
            changes.pop("recommended", self.recommended),
            changes.pop("within", self.within),
            changes.pop("tiles", self.tiles),
            changes.pop("usual_tiles", self.usual_tiles),
        )
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @property
    def keeps_tile_count(self) -> bool:
        """Whether each player has the usual number of worker tiles (:rule:`R-NEW-2`)."""
        return self.tiles == self.usual_tiles


def worker_balance(config: Config) -> WorkerBalance:
    """The balance of worker and jungle tiles of ``config`` (:rule:`R-NEW-3`)."""
    expect(config, Config)
    tiles = sum(worker_set(config).values())
    usual = sum(_usual_worker_set(config).values())
    workers = config.players * tiles
    jungle = sum(jungle_pool(config).values())
    low, high = RECOMMENDED_BALANCE[config.players]
    difference = workers - jungle
    within = low <= difference <= high
    return WorkerBalance(workers, jungle, difference, (low, high), within, tiles, usual)
