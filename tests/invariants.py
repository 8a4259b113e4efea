"""An independent checker of the rules, for the property tests (DESIGN.md section 7).

Everything here is written from ``spec/rules.md`` and the rulebooks it cites, not from the engine's
internals: it uses only the public API (``cr.legal_moves``, ``cr.step``, the events, ...), the
fields of the state and the component names (``Hut``, the module moves and events). The tile
counts, the hut costs and sides and the hut bonuses are written out below from the base rules p.1-2
and the Chocolatl rules p.1-4, deliberately *not* taken from ``cacao_rules.game.pools`` or
``cacao_rules.modules.huts``.

The *Chocolatl* modules (Map, Watering, Chocolate, Huts) are covered in every combination:
their jungle pools, map tiles, map board, huts, chocolate bars, the Foreman's fourth worker, the
Farmer's fruit, the Shaman's free overbuild, the Market crier's price and the hut scoring. So
are the *Diamante* Tree of Life and Favour of the Emperor modules, alone, together and with any
Chocolatl modules: the trees in the jungle set and the worker sets that change with them (Diamante
rules p.2-4), the trees' gold (1 per worker, 3 for an edge showing no worker, which is
activated too), the Emperor's square, jumps and gold (Diamante rules p.3). An agreed worker set (the
New Workers module, R-NEW-2) replaces the worker set and so the number of turns.

The Gem mines module (Diamante rules p.1-2) is covered alone and with every other module: the gem
mines in place of the temples, the mine cart and the masks (conservation of gems and masks),
the gems each mine comes out with (the exact odds of every way they can fall), the gems taken
and the forced exchange of every full set for the lowest mask left, recomputed from the
events, and the masks' and gems' gold. So is the Big Game (Diamante rules p.4): its 45 (or
38) jungle tiles and 15 worker tiles per colour, written out below.

A :class:`Game` is a complete record of one game: every ply's state before, the move, the state
after and the events ``cr.step`` reported. The ``check_*`` functions each check one group of
rules, on a state or on a whole game; :func:`check_game` runs them all. :func:`replay` rebuilds
the table (board, display, map board, pile, huts, every player's resources) from the events
alone and checks it against the states after every ply.
"""

from __future__ import annotations

import copy
import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, cast

import cacao_rules as cr
from cacao_rules import (
    JungleKind,
    JungleTile,
    Module,
    Resource,
    Side,
    WorkerTile,
    WorkerType,
)
from cacao_rules.game.components import DISPLAY_SIZE, Hut
from cacao_rules.game.events import (
    EmperorMoved,
    GemsTaken,
    HutBuilt,
    HutSideUp,
    HutUsed,
    MapBoardFilled,
    MaskTaken,
    TileSlid,
)
from cacao_rules.game.moves import BuildHut, HutSide, PassHut, Slide

Square = tuple[int, int]

# --- The physical game, from the rulebooks --------------------------------------------------

TILES_PER_PLAYER: Final[Mapping[int, int]] = {2: 11, 3: 10, 4: 9}
"""Base rules p.1-2: worker tiles each player plays with (base set; see :func:`worker_set`)."""

WORKER_SETS: Final[Mapping[int, Mapping[WorkerType, int]]] = {
    2: {WorkerType.W1111: 4, WorkerType.W2101: 5, WorkerType.W3001: 1, WorkerType.W3100: 1},
    3: {WorkerType.W1111: 3, WorkerType.W2101: 5, WorkerType.W3001: 1, WorkerType.W3100: 1},
    4: {WorkerType.W1111: 3, WorkerType.W2101: 4, WorkerType.W3001: 1, WorkerType.W3100: 1},
}
"""Base rules p.1-2: each player's worker tiles by player count."""

TREE_WITH_CHOCOLATE_WORKER_SETS: Final[Mapping[int, Mapping[WorkerType, int]]] = {
    2: {
        WorkerType.W1111: 4,
        WorkerType.W2101: 5,
        WorkerType.W3001: 1,
        WorkerType.W3100: 1,
        WorkerType.W0004: 1,
    },
    3: {WorkerType.W1111: 4, WorkerType.W2101: 5, WorkerType.W3001: 1, WorkerType.W3100: 1},
    4: {WorkerType.W1111: 3, WorkerType.W2101: 5, WorkerType.W3001: 1, WorkerType.W3100: 1},
}
"""Diamante rules p.2-3 (and p.4 for the 0-0-0-4 tile): with the Tree of Life *and* Chocolate,
2 players each add a 0-0-0-4 (12 tiles), 3 players remove nothing (11), 4 players remove only
one 1-1-1-1 (10). Without Chocolate the trees leave the worker sets alone (R-TREE-1's ruling)."""

_P1 = JungleTile(JungleKind.PLANTATION, 1)
_P2 = JungleTile(JungleKind.PLANTATION, 2)
_M2 = JungleTile(JungleKind.MARKET, 2)
_M3 = JungleTile(JungleKind.MARKET, 3)
_M4 = JungleTile(JungleKind.MARKET, 4)
_G1 = JungleTile(JungleKind.GOLD_MINE, 1)
_G2 = JungleTile(JungleKind.GOLD_MINE, 2)
_WA = JungleTile(JungleKind.WATER, 0)
_SU = JungleTile(JungleKind.SUN_WORSHIP, 0)
_TE = JungleTile(JungleKind.TEMPLE, 0)
_IR = JungleTile(JungleKind.WATERING, 0)
_KI = JungleTile(JungleKind.CHOCOLATE_KITCHEN, 0)
_CM = JungleTile(JungleKind.CHOCOLATE_MARKET, 0)
_TR = JungleTile(JungleKind.TREE_OF_LIFE, 0)
_GE = JungleTile(JungleKind.GEM_MINE, 0)
"""A gem mine as it lies in the pile, without gems (R-GEM-2)."""

BASE_TILES: Final = (_P1, _P2, _M2, _M3, _M4, _G1, _G2, _WA, _SU, _TE)
MODULE_TILES: Final = (_IR, _KI, _CM, _TR, _GE)
ALL_TILES: Final = BASE_TILES + MODULE_TILES

_POOL_2P: Final[Mapping[tuple[bool, bool], Mapping[JungleTile, int]]] = {
    # (watering, chocolate): Chocolatl rules p.2, 2 players (base 2p removal first).
    (False, False): {
        _P1: 4,
        _P2: 2,
        _M2: 2,
        _M3: 3,
        _M4: 1,
        _G1: 1,
        _G2: 1,
        _WA: 2,
        _SU: 1,
        _TE: 4,
    },
    (True, False): {_P1: 4, _M2: 2, _M3: 3, _M4: 1, _G1: 1, _G2: 1, _WA: 2, _SU: 1, _TE: 4, _IR: 2},
    (False, True): {_P1: 4, _P2: 2, _M2: 2, _M3: 1, _M4: 1, _WA: 2, _SU: 1, _TE: 4, _KI: 2, _CM: 2},
    (True, True): {_P1: 4, _M2: 2, _M3: 1, _M4: 1, _WA: 2, _SU: 1, _TE: 4, _IR: 2, _KI: 2, _CM: 2},
}
_POOL_34P: Final[Mapping[tuple[bool, bool], Mapping[JungleTile, int]]] = {
    # (watering, chocolate): Chocolatl rules p.2, 3-4 players.
    (False, False): {
        _P1: 6,
        _P2: 2,
        _M2: 2,
        _M3: 4,
        _M4: 1,
        _G1: 2,
        _G2: 1,
        _WA: 3,
        _SU: 2,
        _TE: 5,
    },
    (True, False): {_P1: 5, _M2: 2, _M3: 4, _M4: 1, _G1: 2, _G2: 1, _WA: 3, _SU: 2, _TE: 5, _IR: 3},
    (False, True): {_P1: 6, _P2: 2, _M2: 2, _M3: 1, _M4: 1, _WA: 3, _SU: 2, _TE: 5, _KI: 3, _CM: 3},
    (True, True): {_P1: 5, _M2: 2, _M3: 1, _M4: 1, _WA: 3, _SU: 2, _TE: 5, _IR: 3, _KI: 3, _CM: 3},
}

JUNGLE_SETS: Final[Mapping[tuple[int, bool, bool], Mapping[JungleTile, int]]] = {
    (players, watering, chocolate): (_POOL_2P if players == 2 else _POOL_34P)[(watering, chocolate)]
    for players in (2, 3, 4)
    for watering in (False, True)
    for chocolate in (False, True)
}
"""Base rules p.1-2, Chocolatl rules p.2: the jungle tiles in play (start tiles included) by
(players, Watering, Chocolate): 21 with 2 players, else 28. Map and Huts do not change the
pool (R-MODULES-1)."""

SET_SIZES: Final = {2: 21, 3: 28, 4: 28}

TREE_ROWS: Final[Mapping[tuple[bool, bool], Mapping[JungleTile, int]]] = {
    # (2 players, Chocolate): Diamante rules p.2-3; the counts the trees change.
    (False, False): {_G1: 0, _G2: 0, _TR: 3},
    (True, False): {_G1: 0, _G2: 0, _TR: 2},
    (False, True): {_TR: 3},
    (True, True): {_TR: 2},
}
"""Diamante rules p.2-3: without Chocolate the trees replace the gold mines (3-4 players: all three;
2 players: the two the base removal left); with Chocolate (which took the gold mines) they are
added."""

TREE_SET_SIZES: Final[Mapping[tuple[int, bool], int]] = {
    (2, False): 21,
    (3, False): 28,
    (4, False): 28,
    (2, True): 23,
    (3, True): 31,
    (4, True): 31,
}
"""Diamante rules p.2-3: jungle tiles with the Tree of Life by (players, Chocolate)."""


GEM_ROWS: Final[Mapping[bool, Mapping[JungleTile, int]]] = {
    # 2 players: Diamante rules p.1-2; the counts the gem mines change.
    False: {_TE: 0, _GE: 5},
    True: {_TE: 0, _GE: 4},
}
"""Diamante rules p.1-2: the gem mines take the temples' places (3-4 players: 5; 2 players: the 4
the base removal left), whatever other modules are in play."""

BIG_GAME_SETS: Final[Mapping[int, Mapping[JungleTile, int]]] = {
    # Diamante rules p.4: the base game's 28 (temples and gold mines in) and every module tile.
    4: {
        _P1: 6,
        _P2: 2,
        _M2: 2,
        _M3: 4,
        _M4: 1,
        _G1: 2,
        _G2: 1,
        _WA: 3,
        _SU: 2,
        _TE: 5,
        _IR: 3,
        _KI: 3,
        _CM: 3,
        _GE: 5,
        _TR: 3,
    },
    # 3 players: less 2 single plantations, 2 value-1 gold mines, 1 price-2 market, 1 price-3
    # market and 1 watering tile.
    3: {
        _P1: 4,
        _P2: 2,
        _M2: 1,
        _M3: 3,
        _M4: 1,
        _G2: 1,
        _WA: 3,
        _SU: 2,
        _TE: 5,
        _IR: 2,
        _KI: 3,
        _CM: 3,
        _GE: 5,
        _TR: 3,
    },
}
"""Diamante rules p.4, R-BIG-1: the Big Game's jungle tiles, start tiles included."""

BIG_GAME_SET_SIZES: Final[Mapping[int, int]] = {4: 45, 3: 38}

BIG_GAME_WORKERS: Final[Mapping[WorkerType, int]] = {
    WorkerType.W1111: 4,
    WorkerType.W2101: 5,
    WorkerType.W3001: 1,
    WorkerType.W3100: 1,
    WorkerType.W0022: 1,
    WorkerType.W0202: 1,
    WorkerType.W0103: 1,
    WorkerType.W0004: 1,
}
"""Diamante rules p.4, base rules p.1: every worker tile of a colour, 11 of the box and the 4
new ones."""

GEMS_PER_COLOUR: Final[Mapping[int, int]] = {2: 6, 3: 8, 4: 8}
"""Diamante rules p.1-2: the cart holds 8 gems of each colour, 2 fewer of each with 2 players."""
GEM_COLOURS: Final = 4
"""Red, green, blue, white."""
GEMS_PER_MINE: Final = 6
"""Diamante rules p.1-2: a mine comes out with 6 gems (R-GEM-5: or all that is left)."""
MASK_SETS: Final[Mapping[int, tuple[int, ...]]] = {
    2: (8, 8, 9, 9, 10, 10),
    3: (8, 8, 9, 9, 10, 10, 12),
    4: (8, 8, 9, 9, 10, 10, 12),
}
"""Diamante rules p.1-2: the masks; the 12 stays in the box with 2 players."""
NO_GEMS: Final = (0, 0, 0, 0)


def has(config: cr.Config, module: Module) -> bool:
    return module in config.modules


def bare(tile: JungleTile) -> JungleTile:
    """``tile`` as it lies in the pile: a gem mine without the gems on it."""
    return JungleTile(tile.kind, tile.value)


def jungle_set(config: cr.Config) -> Counter[JungleTile]:
    """The jungle tiles of ``config``'s game, start tiles included (gem mines bare)."""
    if config.is_big_game:
        return Counter(BIG_GAME_SETS[config.players])
    chocolate = has(config, Module.CHOCOLATE)
    key = (config.players, has(config, Module.WATERING), chocolate)
    tiles = Counter(JUNGLE_SETS[key])
    if has(config, Module.TREE_OF_LIFE):
        for tile, count in TREE_ROWS[(config.players == 2, chocolate)].items():
            tiles[tile] = count
    if has(config, Module.GEM_MINES):
        for tile, count in GEM_ROWS[config.players == 2].items():
            tiles[tile] = count
    return +tiles


def jungle_set_size(config: cr.Config) -> int:
    """Diamante rules p.1-2 and p.4: gem mines replace temples one for one, so they change no
    size."""
    if config.is_big_game:
        return BIG_GAME_SET_SIZES[config.players]
    if has(config, Module.TREE_OF_LIFE):
        return TREE_SET_SIZES[(config.players, has(config, Module.CHOCOLATE))]
    return SET_SIZES[config.players]


def worker_set(config: cr.Config) -> Mapping[WorkerType, int]:
    """Each player's worker tiles (base rules p.1-2, Diamante p.2-3); the agreed set when the
    configuration gives one (R-NEW-2, Diamante rules p.4: it replaces every removal); in the Big
    Game all 15 tiles of the colour (R-BIG-1, Diamante rules p.4)."""
    if config.is_big_game:
        assert config.workers is not None and dict(config.workers) == BIG_GAME_WORKERS
        return BIG_GAME_WORKERS
    if config.workers is not None:
        return dict(config.workers)
    if has(config, Module.TREE_OF_LIFE) and has(config, Module.CHOCOLATE):
        return TREE_WITH_CHOCOLATE_WORKER_SETS[config.players]
    return WORKER_SETS[config.players]


def tiles_per_player(config: cr.Config) -> int:
    """Turns each player takes: 11, 10 or 9; 12, 11 or 10 with the Tree and Chocolate; the
    size of the agreed set with one (R-NEW-2); 15 in the Big Game (R-BIG-1)."""
    if config.is_big_game:
        return sum(BIG_GAME_WORKERS.values())
    if config.workers is not None:
        return sum(config.workers.values())
    if has(config, Module.TREE_OF_LIFE) and has(config, Module.CHOCOLATE):
        return {2: 12, 3: 11, 4: 10}[config.players]
    return TILES_PER_PLAYER[config.players]


def start_tiles(config: cr.Config) -> dict[Square, JungleTile]:
    """R-SETUP-6, R-WATERING-2: single plantation and price-2 market (water with Watering)."""
    second = _WA if Module.WATERING in config.modules else _M2
    return {(0, 0): _P1, (1, 1): second}


EMPEROR_START: Final[Square] = (1, 1)
"""R-EMPEROR-1, Diamante rules p.3: the Emperor starts on the second start tile."""
EMPEROR_GOLD: Final = 1
"""R-EMPEROR-2, R-EMPEROR-3: the gold for moving him and for his favour at a turn's start."""
TREE_GOLD: Final = 1
TREE_GOLD_EMPTY_EDGE: Final = 3
"""R-TREE-2, R-TREE-3, Diamante rules p.2-3: 1 gold per worker; 3 for an edge showing no worker."""


WATER_FIELDS: Final = (-10, -4, -1, 0, 2, 4, 7, 11, 16)
"""Base rules p.1 (the village board), R-SCORE-7: the water track."""

STORAGE: Final = 5
SUN_TOKENS: Final = 3
HAND: Final = 3
DISPLAY: Final = 2
MAP_BOARD: Final = 2
MAP_TILES_EACH: Final = 2
"""Chocolatl rules p.1: 2 map tiles per player, 2 spaces on the map board."""

HUT_COSTS: Final[Mapping[Hut, int]] = {
    Hut.MARKET_CRIER: 4,
    Hut.HERMIT: 6,
    Hut.ROAD_WORKER: 6,
    Hut.TRADER: 6,
    Hut.FARMER: 8,
    Hut.SHAMAN: 8,
    Hut.MONK: 10,
    Hut.MASTER_BUILDER: 10,
    Hut.FOREMAN: 12,
    Hut.FOUNTAIN_MASTER: 12,
    Hut.CHIEFS_DAUGHTER: 14,
    Hut.CHIEFS_SON: 16,
    Hut.CHIEFS_WIFE: 20,
    Hut.CHIEF: 24,
}
"""Chocolatl rules p.3-4: the cost of every hut function."""

HUT_SIDES: Final[tuple[tuple[Hut, Hut], ...]] = (
    (Hut.MARKET_CRIER, Hut.HERMIT),
    (Hut.TRADER, Hut.FARMER),
    (Hut.HERMIT, Hut.MARKET_CRIER),
    (Hut.ROAD_WORKER, Hut.SHAMAN),
    (Hut.SHAMAN, Hut.MASTER_BUILDER),
    (Hut.FARMER, Hut.MONK),
    (Hut.MASTER_BUILDER, Hut.CHIEFS_SON),
    (Hut.MONK, Hut.CHIEFS_DAUGHTER),
    (Hut.FOREMAN, Hut.ROAD_WORKER),
    (Hut.FOUNTAIN_MASTER, Hut.TRADER),
    (Hut.CHIEFS_WIFE, Hut.FOUNTAIN_MASTER),
    (Hut.CHIEF, Hut.FOREMAN),
)
"""R-HUT-1 (a secondary source, see its ruling): the two sides of hut tiles 1 to 12."""

FIXED_HUT_BONUS: Final[Mapping[Hut, int]] = {
    Hut.CHIEFS_DAUGHTER: 4,
    Hut.CHIEFS_SON: 4,
    Hut.CHIEFS_WIFE: 5,
    Hut.CHIEF: 6,
}

CHOCOLATL: Final = (Module.MAP, Module.WATERING, Module.CHOCOLATE, Module.HUTS)
DIAMANTE: Final = (Module.TREE_OF_LIFE, Module.EMPEROR)
"""The Diamante modules of the Tree of Life and Emperor corpus."""
ALL_MODULES: Final = CHOCOLATL + DIAMANTE
"""The six modules of the corpus's "all six modules" games."""
PLAYABLE_MODULES: Final = (*ALL_MODULES, Module.GEM_MINES)
"""Every module a configuration may combine freely (New Workers needs an agreed set)."""

MODULE_SETS: Final[tuple[frozenset[Module], ...]] = tuple(
    frozenset(module for bit, module in enumerate(CHOCOLATL) if k >> bit & 1) for k in range(16)
)
"""All 16 combinations of the four Chocolatl modules (R-MODULES-1), the base game first."""

DIAMANTE_SETS: Final[tuple[frozenset[Module], ...]] = tuple(
    frozenset(module for bit, module in enumerate(DIAMANTE) if k >> bit & 1) for k in range(4)
)
"""The 4 combinations of the Diamante modules: none, tree, emperor, both."""


def config_id(config: cr.Config) -> str:
    """A short name such as ``3p+map+huts``."""
    if config.is_big_game:
        return f"{config.players}p+big-game"
    names = [module.value for module in PLAYABLE_MODULES if module in config.modules]
    if Module.NEW_WORKERS in config.modules:
        names.append(Module.NEW_WORKERS.value)
    extra = []
    if config.map_early_overbuild:
        extra.append("early")
    if config.huts is not None:
        extra.append(f"agreed{len(config.huts)}")
    if config.workers is not None:
        extra.append(f"workers{sum(config.workers.values())}")
    return "+".join([f"{config.players}p", *names, *extra])


# N, E, S, W as (dx, dy): N is (x, y - 1).
DELTAS: Final = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1), Side.W: (-1, 0)}


def beyond(square: Square, side: Side) -> Square:
    dx, dy = DELTAS[side]
    return (square[0] + dx, square[1] + dy)


def around(square: Square) -> list[Square]:
    return [beyond(square, side) for side in Side]


def rotated(kind: WorkerType, rotation: int) -> tuple[int, ...]:
    """The tile's edges after ``rotation`` clockwise quarter turns (spec conventions)."""
    base = [int(part) for part in kind.value.split("-")]
    edges = [0, 0, 0, 0]
    for index, workers in enumerate(base):
        edges[(index + rotation) % 4] = workers
    return tuple(edges)


def bag_counter(bag: Iterable[tuple[JungleTile, int]]) -> Counter[JungleTile]:
    return Counter({tile: count for tile, count in bag})


# --- Playing games --------------------------------------------------------------------------


@dataclass(frozen=True)
class Ply:
    """One call of ``cr.step``."""

    before: cr.State
    move: cr.Move
    after: cr.State
    events: tuple[cr.Event, ...]


@dataclass
class Game:
    """A game from its first state, with every ply."""

    config: cr.Config
    seed: int | None
    start: cr.State
    plies: list[Ply] = field(default_factory=list)

    @property
    def final(self) -> cr.State:
        return self.plies[-1].after if self.plies else self.start

    def states(self) -> Iterator[cr.State]:
        yield self.start
        for ply in self.plies:
            yield ply.after

    def events(self) -> Iterator[cr.Event]:
        for ply in self.plies:
            yield from ply.events

    def record(self) -> list[str]:
        return [str(ply.move) for ply in self.plies]

    def play(self, move: cr.Move) -> cr.State:
        before = self.final
        after, events = cr.step(before, move)
        self.plies.append(Ply(before, move, after, events))
        return after


Chooser = Callable[[tuple[cr.Move, ...]], cr.Move]


def as_config(config: cr.Config | int) -> cr.Config:
    return config if isinstance(config, cr.Config) else cr.Config(players=config)


def play_game(
    config: cr.Config | int,
    seed: int | None,
    choose: Chooser,
    *,
    each: Callable[[cr.State], None] | None = None,
    max_plies: int = 3000,
) -> Game:
    """Play a complete game, choosing every move (decisions and chance) with ``choose``.

    ``config`` is a :class:`cr.Config` or a player count (the base game).
    """
    config = as_config(config)
    game = Game(config, seed, cr.new_game(config, seed=seed))
    state = game.start
    while not state.is_over:
        if each is not None:
            each(state)
        assert len(game.plies) < max_plies, "the game does not end"
        moves = cr.legal_moves(state)
        # A single move (a draw the other seats could not foresee, R-CHANCE-2) is no
        # choice: ``choose`` is not asked, so its random stream, and so every game of
        # the corpus, is the same as before the engine stopped at such moves.
        state = game.play(moves[0] if len(moves) == 1 else choose(moves))
    if each is not None:
        each(state)
    return game


def random_game(config: cr.Config | int, seed: int | None, rng: random.Random) -> Game:
    return play_game(config, seed, rng.choice)


PLAYING_HUTS: Final = (Hut.FOREMAN, Hut.FARMER, Hut.SHAMAN, Hut.MARKET_CRIER)
"""The huts that act during play (their effects need games in which they are built)."""


def eager_chooser(rng: random.Random) -> Chooser:
    """A random player who likes to act: it builds a hut that acts during play when it can
    (else the dearest), mostly uses as many workers as offered, and mostly takes map-board
    tiles. Random play rarely affords the Foreman or the Farmer; this player does."""

    def choose(moves: tuple[cr.Move, ...]) -> cr.Move:
        builds = [move for move in moves if isinstance(move, BuildHut)]
        if builds:
            acting = [move for move in builds if move.hut in PLAYING_HUTS]
            return rng.choice(acting) if acting else builds[-1]
        if rng.random() < 0.3:
            return rng.choice(moves)
        if isinstance(moves[0], cr.Resolve):
            return max(moves, key=lambda move: (cast(cr.Resolve, move).workers, rng.random()))
        if isinstance(moves[0], cr.Fill):
            return max(moves, key=lambda move: (str(move).count("map:"), rng.random()))
        return rng.choice(moves)

    return choose


def eager_game(config: cr.Config | int, seed: int | None, rng: random.Random) -> Game:
    return play_game(config, seed, eager_chooser(rng))


# --- Checks on one state --------------------------------------------------------------------


def check_checkerboard(state: cr.State) -> None:
    """R-PLACE-2: jungle tiles on even squares, worker tiles on odd; no like tiles touch."""
    board = state.board
    for square, tile in board.items():
        even = (square[0] + square[1]) % 2 == 0
        if isinstance(tile, JungleTile):
            assert even, f"jungle tile {tile} on odd square {square}"
        else:
            assert isinstance(tile, WorkerTile), f"unknown tile {tile!r} on {square}"
            assert not even, f"worker tile on even square {square}"
        for near in around(square):
            other = board.get(near)
            if other is not None:
                assert isinstance(other, JungleTile) != isinstance(tile, JungleTile), (
                    f"like tiles share an edge: {square} and {near}"
                )
    for square, under in state.covered.items():
        top = board.get(square)
        assert isinstance(top, WorkerTile), f"covered square {square} has no worker tile on top"
        assert isinstance(under, WorkerTile)
        assert under.owner == top.owner, f"{square}: overbuilt another player's tile"


@functools.cache
def _hut_prefix_possible(huts: tuple[tuple[Hut, int], ...], dealt: int) -> bool:
    """Whether some choice of one side of each of hut tiles 1..``dealt`` gives ``huts``."""
    wanted = Counter(dict(huts))
    return any(Counter(sides) == wanted for sides in itertools.product(*HUT_SIDES[:dealt]))


def _hut_key(huts: Counter[Hut]) -> tuple[tuple[Hut, int], ...]:
    return tuple(sorted(((hut, n) for hut, n in huts.items() if n), key=lambda p: p[0].value))


def check_tiles(state: cr.State) -> None:
    """R-SETUP-2, -3, -5, R-WATERING-1, R-CHOC-1, R-MODULES-1, R-MAP-1, R-MAP-2, R-HUT-1,
    R-HUT-2, R-HUT-3, R-TREE-1: every tile, map tile and hut is in exactly one place and the
    totals are the rulebooks'."""
    config = state.config
    n = config.players
    assert len(state.players) == n
    placed: Counter[tuple[int, WorkerType]] = Counter()
    for tile in state.board.values():
        if isinstance(tile, WorkerTile):
            assert tile.edges == rotated(tile.type, tile.rotation), f"bad edges on {tile!r}"
            placed[(tile.owner, tile.type)] += 1
    for tile in state.covered.values():
        placed[(tile.owner, tile.type)] += 1
    for seat, kind in state.discarded:
        placed[(seat, kind)] += 1
    for seat, player in enumerate(state.players):
        assert len(player.hand) <= HAND, f"seat {seat} holds {len(player.hand)} tiles"
        have: Counter[WorkerType] = Counter(player.hand)
        for kind, count in player.pile.items:
            assert count > 0
            have[kind] += count
        for kind in WorkerType:
            have[kind] += placed[(seat, kind)]
        expected = Counter(worker_set(config))
        assert expected.total() == tiles_per_player(config)
        assert +have == expected, f"seat {seat} worker tiles {dict(have)} != {dict(expected)}"
        assert player.pile.total == sum(c for _, c in player.pile.items)
    # Jungle tiles: board, display, map board and pile hold the configuration's set.
    jungle: Counter[JungleTile] = Counter(
        bare(tile) for tile in state.board.values() if isinstance(tile, JungleTile)
    )
    jungle.update(bare(tile) for tile in state.display)
    jungle.update(bare(tile) for tile in state.map_board)
    for tile, count in state.jungle_pile.items:
        assert count > 0
        assert tile.gems is None, f"{tile} in the pile carries gems"
        jungle[tile] += count
    expected_jungle = jungle_set(config)
    assert sum(expected_jungle.values()) == jungle_set_size(config)
    assert jungle == expected_jungle, f"{config_id(config)}: jungle tiles {dict(jungle)}"
    assert len(state.display) <= DISPLAY
    # Map tiles and the map board (R-MAP-1, R-MAP-2).
    has_map = Module.MAP in config.modules
    assert len(state.map_board) <= (MAP_BOARD if has_map else 0), "map board too full"
    held = sum(player.map_tiles for player in state.players)
    assert all(0 <= player.map_tiles <= MAP_TILES_EACH for player in state.players)
    assert state.map_tiles_used >= 0
    assert held + state.map_tiles_used == (MAP_TILES_EACH * n if has_map else 0), (
        f"map tiles: {held} held + {state.map_tiles_used} used"
    )
    # Chocolate only with the Chocolate module.
    if Module.CHOCOLATE not in config.modules:
        assert all(player.chocolate == 0 for player in state.players)
    # Huts: the supply and the built huts are the chosen sides or the agreed selection.
    huts: Counter[Hut] = Counter()
    for hut, count in state.hut_supply.items:
        assert count > 0
        huts[hut] += count
    for seat, player in enumerate(state.players):
        assert len(set(player.huts)) == len(player.huts), f"seat {seat} owns a hut twice"
        huts.update(player.huts)
    if Module.HUTS not in config.modules:
        assert not huts, "huts without the Hut module"
    elif config.huts is not None:
        assert huts == Counter(config.huts), f"huts {dict(huts)} != agreed {config.huts}"
    else:
        dealt = sum(huts.values())
        assert dealt <= len(HUT_SIDES)
        if dealt < len(HUT_SIDES):
            moves = cr.legal_moves(state)
            assert moves and all(isinstance(move, HutSide) for move in moves), (
                f"only {dealt} hut tiles dealt, yet the deal of huts is over"
            )
        assert _hut_prefix_possible(_hut_key(huts), dealt), f"impossible huts {dict(huts)}"


def mines_out(state: cr.State) -> list[JungleTile]:
    """The gem mines out of the pile: on the board, in the display and on the map board."""
    tiles = [tile for tile in state.board.values() if isinstance(tile, JungleTile)]
    tiles += [*state.display, *state.map_board]
    return [tile for tile in tiles if tile.kind is JungleKind.GEM_MINE]


def check_gems(state: cr.State) -> None:
    """R-GEM-1, R-GEM-2, R-GEM-4, R-GEM-5, R-BIG-1: gems and masks are conserved. Every gem
    of the cart (8 of each colour, 6 with 2 players) is in the cart, on a mine out of the pile,
    held by a player or traded away, 4 per mask (one of each colour); the masks are in the
    supply (lowest first) or held, and every mask held is no dearer than any left; no player
    holds all four colours; a mine out of the pile carries at most 6 gems, one in the pile none.
    Without the module: no gems, no masks, no mines."""
    config = state.config
    n = config.players
    out = mines_out(state)
    players = state.players
    if not has(config, Module.GEM_MINES):
        assert not out and state.jungle_pile.count(_GE) == 0, "gem mines without the module"
        assert state.gem_cart == NO_GEMS and state.mask_supply == ()
        assert state.gems_exchanged == 0
        assert all(p.gems == NO_GEMS and p.masks == () for p in players)
        return
    each = GEMS_PER_COLOUR[n]
    for mine in out:
        assert mine.gems is not None, f"a gem mine out of the pile without gems: {mine!r}"
        assert all(g >= 0 for g in mine.gems) and sum(mine.gems) <= GEMS_PER_MINE, repr(mine)
    assert all(g >= 0 for g in state.gem_cart), f"cart {state.gem_cart}"
    exchanged = state.gems_exchanged
    assert exchanged >= 0 and exchanged % GEM_COLOURS == 0, f"{exchanged} gems exchanged"
    for colour in range(GEM_COLOURS):
        on_mines = sum((mine.gems or NO_GEMS)[colour] for mine in out)
        held = sum(p.gems[colour] for p in players)
        total = state.gem_cart[colour] + on_mines + held + exchanged // GEM_COLOURS
        assert total == each, f"colour {colour}: {total} gems, not {each}"
    total = sum(state.gem_cart) + sum(sum(m.gems or NO_GEMS) for m in out) + exchanged
    assert total + sum(sum(p.gems) for p in players) == GEM_COLOURS * each
    supply = state.mask_supply
    assert list(supply) == sorted(supply), f"mask supply {supply} not lowest first"
    held_masks = [value for p in players for value in p.masks]
    assert Counter(supply) + Counter(held_masks) == Counter(MASK_SETS[n]), (
        f"masks {supply} + {held_masks}"
    )
    assert exchanged == GEM_COLOURS * len(held_masks), f"{exchanged} gems for {held_masks}"
    assert not supply or max(held_masks, default=0) <= supply[0], "a dearer mask taken first"
    for seat, p in enumerate(players):
        assert all(g >= 0 for g in p.gems), f"seat {seat} gems {p.gems}"
        assert min(p.gems) == 0, f"seat {seat} holds every colour: {p.gems}"
        assert list(p.masks) == sorted(p.masks), f"seat {seat} masks {p.masks}"


def mine_odds(pile: Counter[JungleTile], cart: tuple[int, ...]) -> dict[JungleTile, Fraction]:
    """R-CHANCE-1, R-GEM-2, R-GEM-5: the chance of each tile a draw from ``pile`` can bring:
    a gem mine with ``min(6, gems in the cart)`` gems drawn at random from ``cart``, each
    way they can fall a multivariate hypergeometric chance of its own."""
    total = sum(pile.values())
    drawn = min(GEMS_PER_MINE, sum(cart))
    odds: dict[JungleTile, Fraction] = {}
    for tile, count in pile.items():
        if tile.kind is not JungleKind.GEM_MINE:
            odds[tile] = Fraction(count, total)
            continue
        for gems in itertools.product(*(range(have + 1) for have in cart)):
            if sum(gems) != drawn:
                continue
            ways = math.prod(math.comb(have, take) for have, take in zip(cart, gems, strict=True))
            mine = JungleTile(JungleKind.GEM_MINE, gems=(gems[0], gems[1], gems[2], gems[3]))
            odds[mine] = Fraction(count, total) * Fraction(ways, math.comb(sum(cart), drawn))
    return odds


def check_jungle_odds(state: cr.State) -> None:
    """At a chance node that draws from the jungle pile, the outcomes and their exact
    chances are :func:`mine_odds`'s (they sum to exactly 1)."""
    if not state.is_chance:
        return
    outcomes = cr.chance_outcomes(state)
    if not isinstance(outcomes[0][0], cr.DrawJungle):
        return
    got = {cast(cr.DrawJungle, move).tile: chance for move, chance in outcomes}
    assert len(got) == len(outcomes)
    expected = mine_odds(bag_counter(state.jungle_pile.items), state.gem_cart)
    assert got == expected, f"jungle draw odds {got} != {expected}"
    assert sum(got.values()) == 1


def check_caps(state: cr.State) -> None:
    """R-STORAGE-1, R-CHOC-4, R-ACT-SUN, R-ACT-WATER: resources within their limits; gold
    never < 0; cacao and chocolate bars share the 5 storage spaces."""
    for seat, player in enumerate(state.players):
        assert player.cacao >= 0 and player.chocolate >= 0, f"seat {seat}: negative cacao"
        assert player.cacao + player.chocolate <= STORAGE, f"seat {seat}: storage over 5"
        assert 0 <= player.sun <= SUN_TOKENS, f"seat {seat}: {player.sun} sun tokens"
        assert player.water in WATER_FIELDS, f"seat {seat}: water {player.water}"
        assert WATER_FIELDS[player.water_field] == player.water
        assert player.gold >= 0, f"seat {seat}: gold {player.gold}"


CHANCE_TYPES: Final = (cr.DrawWorker, cr.DrawJungle, HutSide)


def hides_its_one_answer(state: cr.State) -> bool:
    """R-CHANCE-2, R-HIDDEN-2: whether ``state`` may ask a question with a single answer,
    because the other seats could not foresee it: an unseeded worker draw into a hand, or a
    placement from a hand, by a seat whose tiles still to play (hand and pile together) are
    of more than one type."""
    seat = cr.private_chance_seat(state)
    if seat is None and isinstance(state.step, cr.PlacementStep):
        seat = state.current
    if seat is None:
        return False
    player = state.players[seat]
    return len({*player.hand, *player.pile.elements()}) > 1


def check_move_list(state: cr.State) -> None:
    """R-DECIDE-2, R-DECIDE-3, R-CHANCE-1, R-CHANCE-2, R-ACT-7: the list of legal moves."""
    moves = cr.legal_moves(state)
    keys = [move.sort_key for move in moves]
    assert keys == sorted(keys), "legal_moves is not sorted by sort_key"
    assert len(set(keys)) == len(keys), "two legal moves share a sort key"
    assert len(set(moves)) == len(moves), "duplicate legal moves"
    assert len({str(move) for move in moves}) == len(moves), "two legal moves print the same"
    if state.is_over:
        assert moves == () and state.to_move is None and not state.is_chance
        return
    assert moves, "no legal move before the game is over"
    if state.is_chance:
        assert state.seed is None, "a seeded game stopped at a chance node"
        assert state.to_move is None
        outcomes = cr.chance_outcomes(state)
        assert tuple(move for move, _ in outcomes) == moves
        assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        assert len(outcomes) >= 2 or hides_its_one_answer(state), (
            "a chance node with a single outcome every seat foresees"
        )
        assert all(isinstance(move, CHANCE_TYPES) for move in moves)
        if isinstance(moves[0], HutSide):
            # R-HUT-1: a fair coin flip between the two sides of the next tile.
            assert all(p == Fraction(1, 2) for _, p in outcomes)
    else:
        assert state.to_move is not None and 0 <= state.to_move < state.config.players
        assert len(moves) >= 2 or hides_its_one_answer(state), (
            f"a decision with the single answer {moves[0]}, which every seat foresees"
        )
        assert not any(isinstance(move, CHANCE_TYPES) for move in moves)
        try:
            cr.chance_outcomes(state)
        except cr.IllegalMoveError:
            pass
        else:
            raise AssertionError("chance_outcomes answered at a decision")
    check_module_moves(state)


def check_module_moves(state: cr.State) -> None:
    """R-HUT-3, R-MAP-4, R-MAP-2: the hut decision lists exactly the huts the player may
    build (in the supply, affordable from gold held, a function not owned) and a pass; the
    slide decision lists each different map-board tile when one of two must slide; map-board
    tiles are offered in a fill only to a player holding a map tile."""
    moves = cr.legal_moves(state)
    if any(isinstance(move, BuildHut | PassHut) for move in moves):
        assert Module.HUTS in state.config.modules
        assert state.to_move is not None
        player = state.players[state.to_move]
        expected = {
            BuildHut(hut)
            for hut, _ in state.hut_supply.items
            if HUT_COSTS[hut] <= player.gold and hut not in player.huts
        }
        assert expected, "a hut decision with nothing to build"
        assert set(moves) == expected | {PassHut()}, f"hut moves {[str(m) for m in moves]}"
    if any(isinstance(move, Slide) for move in moves):
        assert Module.MAP in state.config.modules
        need = DISPLAY - len(state.display)
        assert 0 < need < len(state.map_board) and len(set(state.map_board)) > 1
        assert set(moves) == {Slide(tile) for tile in state.map_board}
    for move in moves:
        if isinstance(move, cr.Fill):
            from_map = [choice for choice in move.choices if choice.from_map]
            assert state.to_move is not None
            assert len(from_map) <= state.players[state.to_move].map_tiles
            assert not (Counter(c.tile for c in from_map) - Counter(state.map_board))
            shown = [choice.tile for choice in move.choices if not choice.from_map]
            assert not (Counter(shown) - Counter(state.display))
        elif isinstance(move, cr.Resolve) and move.bars:
            assert Module.CHOCOLATE in state.config.modules
            assert 0 < move.bars <= move.workers
    check_gem_moves(state, moves)


def edge_workers(state: cr.State, square: Square, side: Side) -> int:
    """The workers an edge counts: printed, and 4 for a 3 on a tile played with the Foreman
    (R-HUT-FOREMAN; :func:`check_edges` checks that the tiles are marked so)."""
    tile = state.board.get(square)
    assert isinstance(tile, WorkerTile)
    printed = tile.edges[side]
    return 4 if printed == 3 and tile.foreman else printed


def check_gem_moves(state: cr.State, moves: tuple[cr.Move, ...]) -> None:
    """R-GEM-3, R-DECIDE-2: a resolve names gems only at a gem mine, one per worker used and
    never more than the mine holds; when one edge at a mine is offered, every way to take up
    to its workers' count of the mine's gems is listed, and nothing else."""
    at_mine: dict[tuple[Square, Side], set[tuple[int, ...]]] = {}
    edges = set()
    for move in moves:
        if not isinstance(move, cr.Resolve):
            continue
        edges.add((move.square, move.side))
        jungle = state.board.get(beyond(move.square, move.side))
        assert isinstance(jungle, JungleTile)
        if jungle.kind is not JungleKind.GEM_MINE:
            assert move.gems == NO_GEMS, f"{move}: gems at {jungle}"
            continue
        held = jungle.gems
        assert held is not None and len(move.gems) == GEM_COLOURS
        assert sum(move.gems) == move.workers, f"{move}: one gem per worker used"
        assert all(0 <= t <= h for t, h in zip(move.gems, held, strict=True)), f"{move} at {held}"
        assert move.workers <= edge_workers(state, move.square, move.side)
        at_mine.setdefault((move.square, move.side), set()).add(tuple(move.gems))
    if len(edges) == 1 and at_mine:
        ((square, side), offered) = next(iter(at_mine.items()))
        jungle = state.board.get(beyond(square, side))
        assert isinstance(jungle, JungleTile) and jungle.gems is not None
        limit = edge_workers(state, square, side)
        expected = {
            gems
            for gems in itertools.product(*(range(have + 1) for have in jungle.gems))
            if sum(gems) <= limit
        }
        assert offered == expected, f"gem choices {sorted(offered)} != {sorted(expected)}"


def check_refills(state: cr.State) -> None:
    """R-SETUP-4, R-END-1, R-END-2, R-MAP-4: when a player is to place, every hand holds 3
    tiles (or all that player has left), the display 2 jungle tiles (or all that are left on
    the map board and in the pile) and the map board 2 (or all the pile had)."""
    moves = cr.legal_moves(state)
    if not moves or not isinstance(moves[0], cr.Place | cr.Overbuild | cr.Discard):
        return
    for seat, player in enumerate(state.players):
        left = len(player.hand) + player.pile.total
        assert len(player.hand) == min(HAND, left), f"seat {seat} holds {len(player.hand)}"
    shown = len(state.display)
    spare = len(state.map_board) + state.jungle_pile.total
    assert shown == min(DISPLAY, shown + spare), f"display of {shown}"
    if Module.MAP in state.config.modules:
        on_map = len(state.map_board)
        assert on_map == min(MAP_BOARD, on_map + state.jungle_pile.total), f"map board {on_map}"


def check_hashable(state: cr.State) -> None:
    """States are hashable, and equal states hash equal."""
    twin = copy.deepcopy(state)
    assert twin == state and hash(twin) == hash(state)


def check_emperor_square(state: cr.State) -> None:
    """R-EMPEROR-1, R-EMPEROR-2: the Emperor only with his module; he stands on the second
    start tile until he first moves, and on a worker tile from then on."""
    if Module.EMPEROR not in state.config.modules:
        assert state.emperor is None, f"an Emperor on {state.emperor} without his module"
        return
    at = state.emperor
    assert at is not None, "no Emperor with his module"
    if at == EMPEROR_START:
        assert state.board.get(at) == start_tiles(state.config)[at]
    else:
        assert isinstance(state.board.get(at), WorkerTile), f"the Emperor on {at}, no worker"


def check_state(state: cr.State) -> None:
    """Every check on a single state."""
    check_checkerboard(state)
    check_tiles(state)
    check_caps(state)
    check_move_list(state)
    check_refills(state)
    check_emperor_square(state)
    check_gems(state)
    check_jungle_odds(state)


# --- Round trips -----------------------------------------------------------------------------


MODULE_MOVES: Final = (Slide, BuildHut, PassHut, HutSide)


def is_module_move(move: cr.Move) -> bool:
    """A move that only the modules have."""
    if isinstance(move, MODULE_MOVES):
        return True
    if isinstance(move, cr.Resolve):
        return move.bars > 0
    if isinstance(move, cr.Fill):
        return any(choice.from_map for choice in move.choices)
    return False


def notation_round_trip(move: cr.Move) -> None:
    """``parse_move(str(move)) == move`` (module moves included)."""
    back = cr.parse_move(str(move))
    assert back == move, f"parse_move({str(move)!r}) gave {back!r}"


def json_round_trip(state: cr.State) -> None:
    """``from_json(to_json(s)) == s``: same hash, same legal moves, same text again."""
    text = cr.to_json(state)
    back = cr.from_json(text)
    assert back == state and hash(back) == hash(state)
    assert cr.to_json(back) == text
    assert cr.legal_moves(back) == cr.legal_moves(state)


# --- Rebuilding the table from the events ---------------------------------------------------

RESOURCES: Final = (
    Resource.GOLD,
    Resource.CACAO,
    Resource.SUN,
    Resource.WATER,
    Resource.CHOCOLATE,
    Resource.MAP_TILES,
)


def resources_of(player: cr.PlayerState) -> dict[Resource, int]:
    """A player's resources as the events count them (water as the field's index)."""
    return {
        Resource.GOLD: player.gold,
        Resource.CACAO: player.cacao,
        Resource.SUN: player.sun,
        Resource.WATER: player.water_field,
        Resource.CHOCOLATE: player.chocolate,
        Resource.MAP_TILES: player.map_tiles,
    }


@dataclass
class Table:
    """Everything on the table, as the events so far say it is."""

    board: dict[Square, cr.Tile]
    covered: dict[Square, WorkerTile]
    display: Counter[JungleTile]
    map_board: Counter[JungleTile]
    pile: Counter[JungleTile]
    supply: Counter[Hut]
    huts: list[set[Hut]]
    held: list[dict[Resource, int]]
    sides: list[Hut]
    """The hut sides dealt so far, in the order of the tiles (R-CHANCE-3)."""
    current: int
    emperor: Square | None
    """The Emperor's square, moved by the EmperorMoved events (R-EMPEROR-2)."""
    cart: list[int]
    """The gems in the mine cart by colour, less those each mine out of the pile carries."""
    gems: list[list[int]]
    masks: list[list[int]]
    mask_supply: list[int]
    exchanged: int
    position: int = 0
    """The index, in its ply's events, of the event :func:`replay` yields with the table."""

    @classmethod
    def of(cls, state: cr.State) -> Table:
        return cls(
            board=dict(state.board),
            covered=dict(state.covered),
            display=Counter(state.display),
            map_board=Counter(state.map_board),
            pile=bag_counter(state.jungle_pile.items),
            supply=Counter(dict(state.hut_supply.items)),
            huts=[set(player.huts) for player in state.players],
            held=[resources_of(player) for player in state.players],
            sides=[],
            current=state.current,
            emperor=state.emperor,
            cart=list(state.gem_cart),
            gems=[list(player.gems) for player in state.players],
            masks=[list(player.masks) for player in state.players],
            mask_supply=list(state.mask_supply),
            exchanged=state.gems_exchanged,
        )

    @property
    def pile_total(self) -> int:
        return sum(self.pile.values())

    def can_build(self, seat: int) -> bool:
        """Whether ``seat`` could build a hut now (R-HUT-3)."""
        gold = self.held[seat][Resource.GOLD]
        return any(
            HUT_COSTS[hut] <= gold and hut not in self.huts[seat]
            for hut, count in self.supply.items()
            if count
        )

    def take(self, where: Counter[JungleTile], tile: JungleTile, name: str) -> None:
        assert where[tile] > 0, f"{tile} taken from the {name}, which does not hold it"
        where[tile] -= 1

    def draw(self, tile: JungleTile) -> None:
        """``tile`` comes out of the pile; a gem mine with gems from the cart: 6, or all that
        is left (R-GEM-2, R-GEM-5)."""
        self.take(self.pile, bare(tile), "pile")
        if tile.kind is JungleKind.GEM_MINE:
            assert tile.gems is not None, "a gem mine came out of the pile without gems"
            assert sum(tile.gems) == min(GEMS_PER_MINE, sum(self.cart)), (
                f"{tile} came out of a cart holding {self.cart}"
            )
            self.cart = [have - took for have, took in zip(self.cart, tile.gems, strict=True)]
            assert min(self.cart) >= 0, f"{tile} drew gems the cart does not hold"
        else:
            assert tile.gems is None, f"{tile!r} carries gems"

    def apply(self, event: cr.Event) -> None:
        if isinstance(event, cr.WorkerPlaced):
            if event.covered is not None:
                self.covered[event.square] = event.covered
            self.board[event.square] = event.tile
            self.current = event.player
        elif isinstance(event, cr.WorkerDiscarded):
            self.current = event.player
        elif isinstance(event, cr.JungleFilled):
            sources = {"display": self.display, "map": self.map_board}
            assert event.source in (*sources, "pile"), f"unknown source {event.source!r}"
            if event.source == "pile":
                self.draw(event.tile)
            else:
                # R-GEM-2: a mine keeps its gems on its way to the board.
                self.take(sources[event.source], event.tile, event.source)
            self.board[event.square] = event.tile
        elif isinstance(event, cr.DisplayFilled):
            self.draw(event.tile)
            self.display[event.tile] += 1
        elif isinstance(event, TileSlid):
            self.take(self.map_board, event.tile, "map board")
            self.display[event.tile] += 1
        elif isinstance(event, MapBoardFilled):
            self.draw(event.tile)
            self.map_board[event.tile] += 1
        elif isinstance(event, HutSideUp):
            self.supply[event.hut] += 1
            self.sides.append(event.hut)
        elif isinstance(event, HutBuilt):
            assert self.supply[event.hut] > 0, f"{event.hut} built but not in the supply"
            self.supply[event.hut] -= 1
            assert event.hut not in self.huts[event.player], "a hut function built twice"
            self.huts[event.player].add(event.hut)
        elif isinstance(event, cr.Gained):
            assert event.amount >= 0 and event.wasted >= 0
            self.held[event.player][event.resource] += event.amount
            if event.wasted:
                assert event.resource is Resource.CACAO, f"{event.resource} wasted"
                held = self.held[event.player]
                assert held[Resource.CACAO] + held[Resource.CHOCOLATE] == STORAGE, (
                    "cacao wasted while storage has room"
                )
        elif isinstance(event, cr.Spent):
            assert event.amount >= 0
            self.held[event.player][event.resource] -= event.amount
            assert self.held[event.player][event.resource] >= 0, f"overspent {event}"
        elif isinstance(event, EmperorMoved):
            assert self.emperor == event.start, f"{event}, but he stands on {self.emperor}"
            self.emperor = event.end
        elif isinstance(event, GemsTaken):
            self.take_gems(event)
        elif isinstance(event, MaskTaken):
            self.take_mask(event)

    def take_gems(self, event: GemsTaken) -> None:
        """R-GEM-3: gems come off the mine on the event's square into the player's hand."""
        mine = self.board.get(event.square)
        assert isinstance(mine, JungleTile) and mine.kind is JungleKind.GEM_MINE, f"{event}"
        assert mine.gems is not None and sum(event.gems) > 0, f"{event} at {mine!r}"
        left = [have - took for have, took in zip(mine.gems, event.gems, strict=True)]
        assert min(left) >= 0 and min(event.gems) >= 0, f"{event}: the mine holds {mine.gems}"
        self.board[event.square] = JungleTile(
            JungleKind.GEM_MINE, gems=(left[0], left[1], left[2], left[3])
        )
        held = self.gems[event.player]
        self.gems[event.player] = [a + b for a, b in zip(held, event.gems, strict=True)]

    def take_mask(self, event: MaskTaken) -> None:
        """R-GEM-4: one gem of each colour for the lowest mask left."""
        held = self.gems[event.player]
        assert min(held) >= 1, f"{event} without a full set: {held}"
        assert self.mask_supply and event.value == min(self.mask_supply), (
            f"{event}, but the lowest mask left is {self.mask_supply}"
        )
        self.mask_supply.remove(event.value)
        self.masks[event.player].append(event.value)
        self.gems[event.player] = [have - 1 for have in held]
        self.exchanged += GEM_COLOURS

    def check(self, state: cr.State, ply: Ply) -> None:
        where = f"after {ply.move}"
        assert self.board == dict(state.board), f"events do not explain the board {where}"
        assert self.covered == dict(state.covered), where
        assert +self.display == Counter(state.display), f"display {where}"
        assert +self.map_board == Counter(state.map_board), f"map board {where}"
        assert +self.pile == bag_counter(state.jungle_pile.items), f"jungle pile {where}"
        assert +self.supply == Counter(dict(state.hut_supply.items)), f"hut supply {where}"
        assert self.huts == [set(player.huts) for player in state.players], f"huts {where}"
        actual = [resources_of(player) for player in state.players]
        assert self.held == actual, f"events do not explain resources {where}"
        assert self.emperor == state.emperor, f"events do not explain the Emperor {where}"
        assert tuple(self.cart) == state.gem_cart, f"events do not explain the cart {where}"
        assert [tuple(g) for g in self.gems] == [p.gems for p in state.players], f"gems {where}"
        assert [tuple(sorted(m)) for m in self.masks] == [p.masks for p in state.players], where
        assert tuple(self.mask_supply) == state.mask_supply, f"mask supply {where}"
        assert self.exchanged == state.gems_exchanged, f"gems exchanged {where}"


def replay(game: Game) -> Iterator[tuple[Ply, cr.Event, Table]]:
    """Every event with the table as it was just before the event.

    The table is rebuilt from the events alone; after each ply it must equal the state.
    """
    table = Table.of(game.start)
    for ply in game.plies:
        for position, event in enumerate(ply.events):
            table.position = position
            yield ply, event, table
            table.apply(event)
        table.check(ply.after, ply)


def events_with_board(
    game: Game,
) -> Iterator[tuple[Ply, cr.Event, Mapping[Square, cr.Tile], Mapping[Square, WorkerTile]]]:
    """Every event with the board (and covered tiles) just before it (see :func:`replay`)."""
    for ply, event, table in replay(game):
        yield ply, event, table.board, table.covered


# --- Checks on a whole game -----------------------------------------------------------------


def check_start(game: Game) -> None:
    """R-SETUP-6, R-WATERING-2, R-MAP-1, R-HUT-1, R-HUT-2: the start tiles, and before the
    deal nothing has been drawn: no hand, no display, no map board; map tiles handed out."""
    config = game.config
    start = game.start
    for square, tile in start_tiles(config).items():
        assert start.board.get(square) == tile, f"start tile on {square}: {start.board.get(square)}"
    first = game.plies[0].before if game.plies else start
    if game.seed is None:
        assert not start.display and not start.map_board
        # A worker set of one type deals its hands without chance (R-DECIDE-3), so only then
        # may a hand be full before the first chance node.
        if len(worker_set(config)) > 1:
            assert all(not player.hand for player in start.players)
        assert start.is_chance
    map_tiles = MAP_TILES_EACH if Module.MAP in config.modules else 0
    assert all(player.map_tiles == map_tiles for player in first.players)
    if config.huts is not None:
        assert Counter(dict(start.hut_supply.items)) == Counter(config.huts)
    sides = [event.hut for event in game.events() if isinstance(event, HutSideUp)]
    dealt = len(sides) if game.seed is None else 0
    assert len(sides) == dealt
    if dealt:
        assert Module.HUTS in config.modules and config.huts is None
        for index, hut in enumerate(sides):
            assert hut in HUT_SIDES[index], f"hut tile {index + 1} cannot show {hut}"


def check_placements(game: Game) -> None:
    """R-PLACE-1, R-PLACE-2, R-FILL-1, R-FILL-5, R-OVER-*, R-MAP-3, R-MAP-6: each placement
    and fill when it happened; a space gets a blind draw or is left empty only when the
    display is empty or the fill already laid as many face-up tiles as the display holds
    (with the Map module, map-board tiles taken instead of display tiles leave display tiles
    lying), and is left empty only when the pile is empty too; without the Map module it stays
    empty (with it, a tile can reach the display later and fill it); overbuilds only once
    every jungle tile is out (or, in the Map variant, the pile alone is empty)."""
    last: Square | None = None
    never: set[Square] = set()
    later_fills = Module.MAP in game.config.modules
    face_up = 0  # face-up tiles laid since the last placement
    early = game.config.map_early_overbuild
    for _ply, event, table in replay(game):
        board = table.board
        if isinstance(event, cr.WorkerPlaced):
            square = event.square
            assert (square[0] + square[1]) % 2 == 1, f"worker tile on jungle square {square}"
            assert event.tile.owner == event.player
            near = [board.get(other) for other in around(square)]
            assert not any(isinstance(tile, WorkerTile) for tile in near)
            if event.covered is None:
                assert square not in board, f"placed on occupied {square}"
                assert any(isinstance(tile, JungleTile) for tile in near), (
                    f"tile placed on {square} touches no jungle tile"
                )
            else:
                assert board.get(square) == event.covered, "overbuilt a tile that is not there"
                assert event.covered.owner == event.player, "overbuilt another player's tile"
                assert square not in table.covered, f"{square} overbuilt twice"
                assert table.pile_total == 0, "overbuilt while the pile holds tiles"
                if not early:
                    assert not +table.display, "overbuilt while the display holds tiles"
                    assert not +table.map_board, "overbuilt while the map board holds tiles"
            last = square
            face_up = 0
        elif isinstance(event, cr.SpaceLeftEmpty):
            assert table.pile_total == 0, f"{event.square} left empty while the pile has tiles"
            assert not +table.display or face_up == DISPLAY_SIZE, (
                f"{event.square} left empty while the display has tiles for it"
            )
            assert event.square not in board
            if not later_fills:
                never.add(event.square)
        elif isinstance(event, cr.JungleFilled):
            square = event.square
            assert square not in never, f"{square} filled after it was left empty for good"
            assert (square[0] + square[1]) % 2 == 0, f"jungle tile on worker square {square}"
            assert square not in board, f"filled occupied {square}"
            assert last is not None and square in around(last), "fill away from the new tile"
            workers = sum(isinstance(board.get(other), WorkerTile) for other in around(square))
            assert workers >= 2, f"filled {square}, which touches {workers} worker tiles"
            if event.source == "pile":
                assert not +table.display or face_up == DISPLAY_SIZE, (
                    "a blind draw while the display holds tiles for the space"
                )
            else:
                face_up += 1


def check_edges(game: Game) -> None:
    """R-ACT-1, R-ACT-2, R-ACT-3: every worker edge facing a jungle tile is activated exactly
    once (when placed or when its space is filled), and never twice; R-ACT-6: resolution
    order; R-HUT-FOREMAN: an edge printed with 3 workers reports 4 if its tile was played
    while its owner had the Foreman (and the tile says so), and the Foreman's use is reported;
    R-TREE-3: an edge showing no worker that faces a Tree of Life is activated too, once
    (``workers`` 0), and no other empty edge."""
    n = game.config.players
    seen: set[tuple[Square, int, Side]] = set()
    pending: dict[tuple[Square, Side], tuple[int, int]] = {}
    current = game.start.current
    resolved_order: list[int] = []
    boosted = 0
    with_foreman = {
        square
        for square, tile in game.start.board.items()
        if isinstance(tile, WorkerTile) and tile.foreman
    }
    for _ply, event, table in replay(game):
        board, covered = table.board, table.covered
        if isinstance(event, cr.WorkerPlaced | cr.WorkerDiscarded):
            assert not pending, "a new placement before every activated edge was resolved"
            current = event.player
            resolved_order = []
        if isinstance(event, cr.WorkerPlaced):
            with_foreman.discard(event.square)
            if Hut.FOREMAN in table.huts[event.player]:
                with_foreman.add(event.square)
            assert event.tile.foreman == (event.square in with_foreman)
        elif isinstance(event, cr.EdgeActivated):
            assert boosted == 0, "the Foreman's fourth worker was not reported"
            key = (event.square, event.layer, event.side)
            assert key not in seen, f"edge {key} activated twice"
            seen.add(key)
            tile = board.get(event.square)
            assert isinstance(tile, WorkerTile) and tile.owner == event.owner
            assert event.layer == (1 if event.square in covered else 0)
            printed = tile.edges[event.side]
            assert printed > 0 or event.jungle.kind is JungleKind.TREE_OF_LIFE, (
                f"an edge showing no worker activated at {event.jungle}"
            )
            if printed == 3 and event.square in with_foreman:
                assert event.workers == 4, "the Foreman's 3-worker edge does not count 4"
                boosted = 1
            else:
                assert event.workers == printed, f"{event.workers} workers for {printed}"
            assert board.get(beyond(event.square, event.side)) == event.jungle
            assert (event.square, event.side) not in pending
            pending[(event.square, event.side)] = (event.owner, event.workers)
        elif isinstance(event, HutUsed) and event.hut is Hut.FOREMAN:
            assert boosted == 1, "the Foreman reported without a 3-worker edge"
            boosted = 0
        elif isinstance(event, cr.EdgeResolved):
            found = pending.pop((event.square, event.side), None)
            assert found is not None, f"resolved an edge that is not pending: {event}"
            # R-TREE-3: an empty edge at a tree is used as 1.
            assert found[0] == event.owner and 0 <= event.used <= max(found[1], 1)
            if found[1] == 0:
                jungle = board.get(beyond(event.square, event.side))
                assert isinstance(jungle, JungleTile)
                assert jungle.kind is JungleKind.TREE_OF_LIFE, "an empty edge used"
            tile = board.get(event.square)
            assert isinstance(tile, WorkerTile) and tile.owner == event.owner
            resolved_order.append((event.owner - current) % n)
            assert resolved_order == sorted(resolved_order), "edges resolved out of seat order"
    final = game.final
    if pending:
        # Only a game cut short, waiting for an owner of a pending edge to resolve it.
        assert not final.is_over and not final.is_chance, f"edges never resolved: {pending}"
        first = min((owner - current) % n for owner, _ in pending.values())
        assert final.to_move == (current + first) % n, "the wrong seat resolves next"
    if final.is_over:
        expected = set()
        for square, tile in final.board.items():
            if isinstance(tile, WorkerTile):
                layer = 1 if square in final.covered else 0
                for side in Side:
                    facing = final.board.get(beyond(square, side))
                    if isinstance(facing, JungleTile) and (
                        tile.edges[side] or facing.kind is JungleKind.TREE_OF_LIFE
                    ):
                        expected.add((square, layer, side))
        top = {key for key in seen if key[1] == (1 if key[0] in final.covered else 0)}
        assert top == expected, f"edges facing jungle tiles never activated: {expected - top}"


def check_resources(game: Game) -> None:
    """Every change of gold, cacao, sun, water, chocolate and map tiles is reported by a
    Gained or Spent event, and every tile and hut that moves by its event (:func:`replay`);
    cacao is wasted only with a full storage (R-STORAGE-1, R-CHOC-4); map tiles are spent
    one per map-board tile taken (R-MAP-2); a hut costs its price in gold held (R-HUT-3);
    a player who could build a hut at the end of their turn is asked (R-HUT-3)."""
    huts = Module.HUTS in game.config.modules
    placed_any = False
    for ply, event, table in replay(game):
        if isinstance(event, cr.WorkerPlaced | cr.WorkerDiscarded):
            placed_any = True
        if isinstance(event, cr.JungleFilled) and event.source == "map":
            paid = ply.events[table.position - 1]
            assert paid == cr.Spent(table.current, Resource.MAP_TILES, 1), "map tile unpaid"
        if isinstance(event, cr.Spent) and event.resource is Resource.MAP_TILES:
            assert event.amount == 1 and event.player == table.current
        if isinstance(event, HutBuilt):
            assert huts and event.player == table.current
            assert isinstance(ply.move, BuildHut) and ply.move.hut == event.hut
            assert ply.events[0] == cr.Spent(event.player, Resource.GOLD, HUT_COSTS[event.hut])
        if isinstance(event, cr.TurnStarted | cr.GameEnded) and huts and placed_any:
            boundary = table.position
            decided = isinstance(ply.move, BuildHut | PassHut) and not any(
                isinstance(e, cr.TurnStarted | cr.GameEnded) for e in ply.events[:boundary]
            )
            if not decided:
                assert not table.can_build(table.current), (
                    f"seat {table.current} could build a hut but was not asked"
                )
    # The decision itself: a player may build only what they can pay for (see check_state).
    for ply in game.plies:
        if isinstance(ply.move, BuildHut):
            player = ply.before.players[ply.before.current]
            assert HUT_COSTS[ply.move.hut] <= player.gold


def _net(events: Iterable[cr.Event], seat: int) -> tuple[dict[Resource, int], int]:
    """Net change of each of ``seat``'s resources in ``events``, and the cacao wasted."""
    net: Counter[Resource] = Counter()
    wasted = 0
    for event in events:
        if isinstance(event, cr.Gained | cr.Spent):
            assert event.player == seat, f"{event} during another player's action"
            sign = 1 if isinstance(event, cr.Gained) else -1
            net[event.resource] += sign * event.amount
            if isinstance(event, cr.Gained):
                wasted += event.wasted
    return {resource: delta for resource, delta in net.items() if delta}, wasted


def expected_effect(
    player: cr.PlayerState, tile: JungleTile, used: int, bars: int, workers: int
) -> tuple[dict[Resource, int], int, bool]:
    """What using ``used`` of an edge's ``workers`` (``bars`` of them selling chocolate) at
    ``tile`` does to ``player``: the net changes, the cacao wasted and whether the Market crier
    acts. Written from R-ACT-PLANTATION to R-ACT-TEMPLE, R-WATERING-3, R-CHOC-2, R-CHOC-3,
    R-HUT-MARKET-CRIER, R-TREE-2 and R-TREE-3 (``workers`` counts the Foreman's fourth); also
    asserts that the use is possible."""
    if tile.kind is JungleKind.TREE_OF_LIFE:
        # 1 gold per worker; an edge showing no worker is used as 1 and takes 3 gold.
        if workers == 0:
            assert used in (0, 1), f"{used} workers used on an empty edge at a tree"
            gold = TREE_GOLD_EMPTY_EDGE * used
        else:
            assert 0 <= used <= workers, f"{used} of {workers} workers used at a tree"
            gold = TREE_GOLD * used
        assert bars == 0
        return ({Resource.GOLD: gold} if gold else {}), 0, False
    assert 0 <= used <= workers, f"{used} of {workers} workers used"
    room = STORAGE - player.cacao - player.chocolate
    kind, value = tile.kind, tile.value
    assert bars == 0 or kind is JungleKind.CHOCOLATE_MARKET, "bars sold outside a chocolate market"
    change: dict[Resource, int] = {}
    wasted = 0
    crier = False

    def cacao_in(amount: int) -> None:
        nonlocal wasted
        kept = min(amount, room)
        change[Resource.CACAO] = change.get(Resource.CACAO, 0) + kept
        wasted = amount - kept

    if kind is JungleKind.PLANTATION:
        cacao_in(used * value)
    elif kind is JungleKind.MARKET:
        assert used <= player.cacao, "sold cacao the player does not hold"
        crier = used > 0 and value == 2 and Hut.MARKET_CRIER in player.huts
        price = 3 if crier else value
        change = {Resource.CACAO: -used, Resource.GOLD: used * price}
    elif kind is JungleKind.GOLD_MINE:
        change = {Resource.GOLD: used * value}
    elif kind is JungleKind.WATER:
        assert player.water_field + used < len(WATER_FIELDS), "carrier moved past 16"
        change = {Resource.WATER: used}
    elif kind is JungleKind.SUN_WORSHIP:
        assert player.sun + used <= SUN_TOKENS, "more than 3 sun tokens"
        change = {Resource.SUN: used}
    elif kind is JungleKind.TEMPLE:
        assert used == 0, "workers used at a temple"
    elif kind is JungleKind.WATERING:
        assert used <= player.water_field, "carrier moved back past -10"
        change = {Resource.WATER: -used}
        cacao_in(4 * used)
    elif kind is JungleKind.CHOCOLATE_KITCHEN:
        assert used <= player.cacao, "made chocolate from cacao the player does not hold"
        change = {Resource.CACAO: -used, Resource.CHOCOLATE: used}
    elif kind is JungleKind.GEM_MINE:
        pass  # R-GEM-3: no Gained or Spent; the gems are checked by check_gem_resolve.
    elif kind is JungleKind.CHOCOLATE_MARKET:
        fruit = used - bars
        assert 0 <= fruit <= player.cacao and 0 <= bars <= player.chocolate
        change = {
            Resource.CACAO: -fruit,
            Resource.CHOCOLATE: -bars,
            Resource.GOLD: 3 * fruit + 7 * bars,
        }
    else:
        raise AssertionError(f"a {tile} tile in play")
    return {resource: delta for resource, delta in change.items() if delta}, wasted, crier


def check_actions(game: Game) -> None:
    """R-ACT-4, R-ACT-5, the tile actions, R-WATERING-3, R-CHOC-2, R-CHOC-3, R-CHOC-4,
    R-HUT-MARKET-CRIER, R-TREE-2, R-TREE-3: each resolve move does exactly what its tile does,
    and nothing else happens before its edge is reported resolved."""
    activated: dict[tuple[Square, Side], int] = {}
    for ply in game.plies:
        move = ply.move
        if isinstance(move, cr.Resolve):
            check_resolve(ply, activated[(move.square, move.side)])
        for event in ply.events:
            if isinstance(event, cr.EdgeActivated):
                activated[(event.square, event.side)] = event.workers


def check_resolve(ply: Ply, workers: int) -> None:
    """One resolve move of an edge activated with ``workers`` (see :func:`check_actions`)."""
    move = ply.move
    assert isinstance(move, cr.Resolve)
    before = ply.before
    tile = before.board.get(move.square)
    jungle = before.board.get(beyond(move.square, move.side))
    assert isinstance(tile, WorkerTile) and isinstance(jungle, JungleTile)
    assert before.to_move == tile.owner, "an edge resolved by another seat"
    index = next(i for i, e in enumerate(ply.events) if isinstance(e, cr.EdgeResolved))
    done = ply.events[index]
    assert done == cr.EdgeResolved(tile.owner, move.square, move.side, move.workers, False)
    effect = ply.events[:index]
    player = before.players[tile.owner]
    change, wasted, crier = expected_effect(player, jungle, move.workers, move.bars, workers)
    assert _net(effect, tile.owner) == (change, wasted), f"{move} at {jungle}: {effect}"
    used_huts = [e.hut for e in effect if isinstance(e, HutUsed)]
    assert used_huts == ([Hut.MARKET_CRIER] if crier else []), f"{move}: {used_huts}"
    gem_events = [e for e in effect if isinstance(e, GemsTaken | MaskTaken)]
    if jungle.kind is JungleKind.GEM_MINE:
        square = beyond(move.square, move.side)
        assert gem_events == expected_gem_events(before, tile.owner, square, move, workers), (
            f"{move} at {jungle!r}: {gem_events}"
        )
    else:
        assert move.gems == NO_GEMS and not gem_events, f"{move} at {jungle}: {gem_events}"


def expected_gem_events(
    before: cr.State, seat: int, square: Square, move: cr.Resolve, workers: int
) -> list[cr.Event]:
    """R-GEM-3, R-GEM-4: what using ``move.workers`` of an edge's ``workers`` at the gem mine
    on ``square`` must report: the gems taken (one per worker used, no more of a colour than
    the mine holds), then a mask for each full set the player then holds, lowest first."""
    mine = before.board.get(square)
    assert isinstance(mine, JungleTile) and mine.gems is not None
    taken = move.gems
    assert 0 <= move.workers <= workers, f"{move.workers} of {workers} workers used"
    assert sum(taken) == move.workers and min(taken) >= 0, f"{move}: a gem per worker"
    assert all(t <= h for t, h in zip(taken, mine.gems, strict=True)), f"{move} at {mine!r}"
    if not move.workers:
        return []
    player = before.players[seat]
    held = [have + took for have, took in zip(player.gems, taken, strict=True)]
    sets = min(held)
    supply = sorted(before.mask_supply)
    assert sets <= len(supply), "the masks ran out"
    return [GemsTaken(seat, square, taken), *(MaskTaken(seat, value) for value in supply[:sets])]


def check_gem_events(game: Game) -> None:
    """R-GEM-3, R-GEM-4, R-GEM-7: gems are taken only by a resolve move at a gem mine (never
    automatically), masks only right after gems of the same player, and only with the module."""
    gem_mines = has(game.config, Module.GEM_MINES)
    for ply in game.plies:
        last: cr.Event | None = None
        for event in ply.events:
            if isinstance(event, GemsTaken):
                assert gem_mines, f"{event} without the module"
                move = ply.move
                assert isinstance(move, cr.Resolve) and move.gems == event.gems, f"{event}"
                assert beyond(move.square, move.side) == event.square, f"{event} for {move}"
            elif isinstance(event, MaskTaken):
                assert isinstance(last, GemsTaken | MaskTaken), f"{event} after {last}"
                assert last.player == event.player, f"{event} after {last}"
            last = event


def check_huts_in_play(game: Game) -> None:
    """R-HUT-FARMER: exactly 4 cacao put into storage in a turn by one's own edges
    (plantations and watering; what a full storage wastes does not count) earns 1 more cacao
    (reported with the Farmer's use), or nothing when the storage is full; R-HUT-SHAMAN: an
    overbuild costs 1 sun token, none with the Shaman (whose use is reported)."""

    @dataclass
    class Turn:
        huts: list[set[Hut]]
        received: Counter[int] = field(default_factory=Counter)
        farmer: Counter[int] = field(default_factory=Counter)

        def close(self, table: Table) -> None:
            for seat, owned in enumerate(self.huts):
                earned = Hut.FARMER in owned and self.received[seat] == 4
                held = table.held[seat]
                full = held[Resource.CACAO] + held[Resource.CHOCOLATE] == STORAGE
                if earned and not self.farmer[seat]:
                    assert full, f"seat {seat} stored 4 cacao, yet the Farmer gave nothing"
                else:
                    assert self.farmer[seat] == earned, (
                        f"seat {seat} stored {self.received[seat]} cacao, Farmer used "
                        f"{self.farmer[seat]} times"
                    )

    turn: Turn | None = None
    for ply, event, table in replay(game):
        if isinstance(event, cr.WorkerPlaced | cr.WorkerDiscarded):
            if turn is not None:
                turn.close(table)
            turn = Turn([set(owned) for owned in table.huts])
        if isinstance(event, cr.WorkerPlaced) and event.covered is not None:
            paid = ply.events[table.position - 1]
            if Hut.SHAMAN in table.huts[event.player]:
                assert paid == HutUsed(event.player, Hut.SHAMAN), "the Shaman's overbuild"
            else:
                assert paid == cr.Spent(event.player, Resource.SUN, 1), "an overbuild's sun"
        if isinstance(event, cr.Spent | HutUsed) and event in (
            cr.Spent(event.player, Resource.SUN, 1),
            HutUsed(event.player, Hut.SHAMAN),
        ):
            after = ply.events[table.position + 1]
            assert isinstance(after, cr.WorkerPlaced) and after.covered is not None
            assert after.player == event.player, f"{event} without an overbuild"
        if turn is None:
            continue
        if isinstance(event, cr.EdgeResolved) and event.used:
            jungle = table.board.get(beyond(event.square, event.side))
            assert isinstance(jungle, JungleTile)
            if jungle.kind is JungleKind.PLANTATION:
                received = event.used * jungle.value
            elif jungle.kind is JungleKind.WATERING:
                received = 4 * event.used
            else:
                continue
            # The action's Gained comes just before its EdgeResolved: what went into storage.
            gained = ply.events[table.position - 1]
            assert isinstance(gained, cr.Gained) and gained.resource is Resource.CACAO
            assert gained.amount + gained.wasted == received, f"{gained} for {received}"
            turn.received[event.owner] += gained.amount
        elif isinstance(event, HutUsed) and event.hut is Hut.FARMER:
            turn.farmer[event.player] += 1
            after = ply.events[table.position + 1]
            assert isinstance(after, cr.Gained) and after.resource is Resource.CACAO
            assert after.player == event.player and after.amount == 1 and not after.wasted
        elif isinstance(event, cr.Spent) and event.resource is Resource.SUN:
            assert event.amount == 1, "sun tokens are spent one per overbuild"
    if turn is not None and game.final.is_over:
        turn.close(Table.of(game.final))


def _in_line(square: Square, emperor: Square | None) -> bool:
    """Whether ``square`` is in the Emperor's row or column (his own square included)."""
    return emperor is not None and (square[0] == emperor[0] or square[1] == emperor[1])


def _favoured(table: Table, seat: int) -> bool:
    """Whether the Emperor stands on ``seat``'s top tile (R-EMPEROR-3)."""
    if table.emperor is None:
        return False
    top = table.board.get(table.emperor)
    return isinstance(top, WorkerTile) and top.owner == seat


def check_emperor(game: Game) -> None:
    """R-EMPEROR-1 to R-EMPEROR-4, from the events: he starts on the second start tile; every
    worker tile placed or overbuilt in his row or column (his own square included) moves him
    onto it at once, and its owner takes 1 gold; no other move of his; a player takes 1 gold at
    the start of a turn exactly when he stands on that player's top tile; his gold comes in
    no other amount. (:func:`replay` checks that the gold adds up and his square matches.)"""
    emperor = Module.EMPEROR in game.config.modules
    assert game.start.emperor == (EMPEROR_START if emperor else None)
    moved = False
    moves = 0
    favours = 0
    for ply, event, table in replay(game):
        if moved:
            assert table.emperor is not None and table.emperor != EMPEROR_START
        events = ply.events
        later = events[table.position + 1 :]
        if isinstance(event, cr.WorkerPlaced):
            if _in_line(event.square, table.emperor):
                assert table.emperor is not None
                jump = EmperorMoved(event.player, table.emperor, event.square)
                paid = cr.Gained(event.player, Resource.GOLD, EMPEROR_GOLD)
                assert later[:2] == (jump, paid), f"{event}: the Emperor did not jump: {later[:2]}"
            else:
                assert not (later and isinstance(later[0], EmperorMoved)), f"{later[0]}"
        elif isinstance(event, EmperorMoved):
            assert emperor
            placed = events[table.position - 1]
            assert isinstance(placed, cr.WorkerPlaced) and placed.square == event.end
            assert placed.player == event.player
            moved = True
            moves += 1
        elif isinstance(event, cr.TurnStarted):
            if _favoured(table, event.player):
                paid = cr.Gained(event.player, Resource.GOLD, EMPEROR_GOLD)
                assert later[:1] == (paid,), f"{event}: no favour of the Emperor: {later[:1]}"
                favours += 1
            else:
                assert not (later and isinstance(later[0], cr.Gained)), f"{event}: {later[0]}"
    if not emperor:
        assert moves == favours == 0


DEAL_PHASES: Final[Mapping[type, int]] = {
    HutSideUp: 0,
    cr.WorkerDrawn: 1,
    MapBoardFilled: 2,
    cr.DisplayFilled: 3,
    cr.TurnStarted: 4,
}
"""R-CHANCE-3: the deal's order: hut sides, hands, map board, display, first turn."""

PHASES: Final[Mapping[type, int]] = {
    EmperorMoved: 0,
    cr.JungleFilled: 1,
    cr.SpaceLeftEmpty: 1,
    cr.EdgeActivated: 2,
    cr.EdgeResolved: 3,
    cr.WorkerDrawn: 4,
    TileSlid: 5,
    cr.DisplayFilled: 6,
    MapBoardFilled: 7,
    HutBuilt: 8,
    cr.TurnStarted: 9,
    cr.GameEnded: 9,
}


def check_phases(game: Game) -> None:
    """R-DECIDE-1, R-FILL-3, R-END-1, R-END-2, R-CHANCE-3, R-MAP-4, R-HUT-3, R-EMPEROR-2:
    within a turn the events come in the order of the rules: placement (and the Emperor's
    jump), fills, activations, resolutions, the worker draw, the slides from the map board,
    the display refill from the pile, the map board refill (never earlier), the hut, the next
    turn. The deal draws hut sides, hands, the map board, then the display."""
    phase = 0
    dealing = True
    for event in game.events():
        if isinstance(event, cr.WorkerPlaced | cr.WorkerDiscarded):
            assert phase in (0, 9) or dealing, f"a placement in phase {phase}"
            phase = 0
            dealing = False
            continue
        table = DEAL_PHASES if dealing else PHASES
        step = table.get(type(event))
        if dealing and step is None and not isinstance(event, cr.AutoDecision):
            raise AssertionError(f"{event} during the deal")
        if step is not None:
            assert step >= phase, f"{event} after an event of phase {phase}"
            phase = step


def count_placements(game: Game) -> int:
    return sum(isinstance(e, cr.WorkerPlaced | cr.WorkerDiscarded) for e in game.events())


def check_turns(game: Game) -> None:
    """R-SETUP-9, R-END-3, R-END-4: seats take turns 0, 1, ..., and the game ends after
    exactly ``players * tiles per player`` placements, overbuilds or discards (R-TREE-1: one
    more each with the Tree of Life and Chocolate, for 3 and 4 players; 12 each for 2);
    R-HUT-3: at most one hut per turn."""
    n = game.config.players
    seats = [e.player for e in game.events() if isinstance(e, cr.WorkerPlaced | cr.WorkerDiscarded)]
    assert seats == [k % n for k in range(len(seats))], "turns out of seat order"
    built = 0
    for event in game.events():
        if isinstance(event, cr.WorkerPlaced | cr.WorkerDiscarded):
            built = 0
        elif isinstance(event, HutBuilt):
            built += 1
            assert built == 1, "two huts built in one turn"
    final = game.final
    if final.is_over:
        assert len(seats) == n * tiles_per_player(game.config)
        assert all(not p.hand and not p.pile for p in final.players)
        assert final.turn == len(seats)
        ended = [e for e in game.events() if isinstance(e, cr.GameEnded)]
        assert len(ended) == 1 and ended[0].winners == cr.winners(final)
    else:
        # A game cut short may stop inside the last turn, after its final placement.
        assert len(seats) <= n * tiles_per_player(game.config)
        if len(seats) == n * tiles_per_player(game.config):
            placing = cr.Place | cr.Overbuild | cr.Discard
            assert not any(isinstance(move, placing) for move in cr.legal_moves(final))


def temple_gold(workers: list[int]) -> list[int]:
    """R-SCORE-1 to -4, written from the spec."""
    gold = [0] * len(workers)
    present = sorted({w for w in workers if w > 0}, reverse=True)
    if not present:
        return gold
    first = [seat for seat, w in enumerate(workers) if w == present[0]]
    for seat in first:
        gold[seat] += 6 // len(first)
    if len(first) == 1 and len(present) > 1:
        second = [seat for seat, w in enumerate(workers) if w == present[1]]
        for seat in second:
            gold[seat] += 3 // len(second)
    return gold


def hut_bonus(state: cr.State, seat: int) -> int:
    """R-HUT-HERMIT to R-HUT-CHIEF-FAMILY, written from the spec (printed workers only)."""
    player = state.players[seat]
    mine = [
        (square, tile)
        for square, tile in state.board.items()
        if isinstance(tile, WorkerTile) and tile.owner == seat
    ]
    bonus = 0
    for hut in player.huts:
        if hut is Hut.HERMIT:
            bonus += sum(
                tile.edges[side]
                for square, tile in mine
                for side in Side
                if not isinstance(state.board.get(beyond(square, side)), JungleTile)
            )
        elif hut is Hut.ROAD_WORKER:
            lines = Counter(("x", square[0]) for square, _ in mine)
            lines.update(("y", square[1]) for square, _ in mine)
            bonus += max(lines.values(), default=0)
        elif hut is Hut.TRADER:
            bonus += player.cacao
        elif hut is Hut.MONK:
            bonus += sum(
                1
                for square, tile in state.board.items()
                if isinstance(tile, JungleTile)
                and tile.kind is JungleKind.TEMPLE
                and any(
                    isinstance(near := state.board.get(beyond(square, side)), WorkerTile)
                    and near.owner == seat
                    and near.edges[(side + 2) % 4] > 0
                    for side in Side
                )
            )
        elif hut is Hut.MASTER_BUILDER:
            bonus += len(player.huts) - 1
        elif hut is Hut.FOUNTAIN_MASTER:
            bonus += 4 if player.water == 16 else 0
        else:
            bonus += FIXED_HUT_BONUS.get(hut, 0)
    return bonus


def expected_scores(state: cr.State) -> list[dict[str, int]]:
    """R-SCORE-1 to -8, R-HUT-4, R-MAP-5, R-CHOC-5: each player's breakdown, computed here
    from the board (map tiles and chocolate bars are worth nothing)."""
    n = state.config.players
    temples = [0] * n
    for square, tile in state.board.items():
        if isinstance(tile, JungleTile) and tile.kind is JungleKind.TEMPLE:
            workers = [0] * n
            for side in Side:
                other = state.board.get(beyond(square, side))
                if isinstance(other, WorkerTile):
                    workers[other.owner] += other.edges[(side + 2) % 4]
            for seat, gold in enumerate(temple_gold(workers)):
                temples[seat] += gold
    sheets = []
    for seat, p in enumerate(state.players):
        sheet = {"gold": p.gold, "temples": temples[seat], "sun": p.sun, "water": p.water}
        if Module.HUTS in state.config.modules:
            sheet["huts"] = sum(HUT_COSTS[hut] for hut in p.huts)
            sheet["hut bonus"] = hut_bonus(state, seat)
        if Module.GEM_MINES in state.config.modules:
            # R-GEM-6: the masks' values and 1 gold per gem held; gems on mines score nothing.
            sheet["masks"] = sum(p.masks)
            sheet["gems"] = sum(p.gems)
        sheets.append(sheet)
    return sheets


def check_scores(state: cr.State) -> None:
    """R-SCORE-*, R-HUT-4, R-CHOC-5: totals are the sum of the breakdown (hut categories
    included); winners follow R-SCORE-9, the tiebreak counting cacao fruit only."""
    sheets = cr.final_scores(state)
    assert [sheet.player for sheet in sheets] == list(range(state.config.players))
    for sheet, expected in zip(sheets, expected_scores(state), strict=True):
        assert sheet.total == sum(sheet.breakdown.values())
        assert dict(sheet.breakdown) == expected, f"seat {sheet.player}: {dict(sheet.breakdown)}"
        assert sheet.cacao == state.players[sheet.player].cacao
    best = max(sheet.total for sheet in sheets)
    tied = [sheet for sheet in sheets if sheet.total == best]
    most = max(sheet.cacao for sheet in tied)
    assert cr.winners(state) == tuple(sheet.player for sheet in tied if sheet.cacao == most)


def check_game(game: Game, *, states: bool = True) -> None:
    """Every game-level check, plus (unless ``states`` is false) every state check."""
    if states:
        for state in game.states():
            check_state(state)
    check_start(game)
    check_placements(game)
    check_edges(game)
    check_resources(game)
    check_actions(game)
    check_huts_in_play(game)
    check_turns(game)
    check_phases(game)
    check_emperor(game)
    check_gem_events(game)
    check_scores(game.final)


# --- Illegal moves --------------------------------------------------------------------------

ODD_TILES: Final = (
    JungleTile(JungleKind.MARKET, 5),
    JungleTile(JungleKind.PLANTATION, 3),
    JungleTile(JungleKind.GEM_MINE, 0),
)


def box(state: cr.State) -> list[Square]:
    xs = [x for x, _ in state.board]
    ys = [y for _, y in state.board]
    return [
        (x, y) for x in range(min(xs) - 2, max(xs) + 3) for y in range(min(ys) - 2, max(ys) + 3)
    ]


def some_mine(rng: random.Random) -> JungleTile:
    """A gem mine with up to 6 random gems (R-GEM-2), mostly not one any draw offers."""
    gems = [0, 0, 0, 0]
    for _ in range(rng.randrange(8)):
        gems[rng.randrange(GEM_COLOURS)] += 1
    return JungleTile(JungleKind.GEM_MINE, gems=(gems[0], gems[1], gems[2], gems[3]))


def _other_gems(move: cr.Resolve, rng: random.Random) -> cr.Resolve:
    """``move`` with one colour more or less (R-GEM-3), the workers following or not."""
    gems = list(move.gems)
    colour = rng.randrange(GEM_COLOURS)
    gems[colour] = max(0, gems[colour] + rng.choice([-1, 1, 1, 2]))
    workers = sum(gems) if rng.random() < 0.7 else move.workers
    taken = (gems[0], gems[1], gems[2], gems[3])
    return cr.Resolve(move.square, move.side, workers, move.bars, taken)


def _shift(square: Square, rng: random.Random) -> Square:
    return beyond(square, rng.choice(list(Side)))


def _mutate_fill(move: cr.Fill, state: cr.State, rng: random.Random) -> cr.Move:
    choices = list(move.choices)
    choice = rng.randrange(6)
    if choice == 0 and choices:
        choices.pop(rng.randrange(len(choices)))
    elif choice == 1:
        squares = [s for s in box(state) if (s[0] + s[1]) % 2 == 0]
        from_map = rng.random() < 0.3
        choices.append(cr.FillChoice(rng.choice(squares), rng.choice(ALL_TILES), from_map))
        choices.sort(key=lambda c: c.sort_key)
    elif choice == 2 and choices:
        k = rng.randrange(len(choices))
        tile = rng.choice(ALL_TILES + ODD_TILES)
        choices[k] = cr.FillChoice(choices[k].square, tile, choices[k].from_map)
    elif choice == 3 and choices:
        # Take the same tile from the other source (R-MAP-2).
        k = rng.randrange(len(choices))
        old = choices[k]
        choices[k] = cr.FillChoice(old.square, old.tile, not old.from_map)
    elif choice == 4 and len(choices) > 1:
        choices.reverse()
    elif choices:
        choices.append(choices[0])
    return cr.Fill(tuple(choices))


def _mutate(move: cr.Move, state: cr.State, rng: random.Random) -> cr.Move:
    """A near miss: ``move`` with one field changed."""
    kinds = list(WorkerType)
    if isinstance(move, cr.Place | cr.Overbuild):
        cls = type(move)
        choice = rng.randrange(4)
        if choice == 0:
            return cls(move.type, _shift(move.square, rng), move.rotation)
        if choice == 1:
            # Out-of-range fields never make a move at all (test_hardening checks that).
            return cls(move.type, move.square, rng.randrange(4))
        if choice == 2:
            return cls(rng.choice(kinds), move.square, move.rotation)
        other = cr.Overbuild if cls is cr.Place else cr.Place
        return other(move.type, move.square, move.rotation)
    if isinstance(move, cr.Discard):
        return cr.Discard(rng.choice(kinds))
    if isinstance(move, cr.Fill):
        return _mutate_fill(move, state, rng)
    if isinstance(move, cr.Resolve):
        choice = rng.randrange(5 if any(move.gems) else 4)
        if choice == 4:
            return _other_gems(move, rng)
        if choice == 0:
            delta = rng.choice([-2, -1, 1, 2, 4])
            return cr.Resolve(move.square, move.side, max(0, move.workers + delta), move.bars)
        if choice == 1:
            return cr.Resolve(move.square, rng.choice(list(Side)), move.workers, move.bars)
        if choice == 2:
            # R-CHOC-3: bars only at a chocolate market, and only bars the owner holds.
            bars = max(0, move.bars + rng.choice([-1, 1, 2]))
            return cr.Resolve(move.square, move.side, move.workers, bars)
        return cr.Resolve(_shift(move.square, rng), move.side, move.workers, move.bars, move.gems)
    if isinstance(move, cr.DrawWorker):
        return cr.DrawWorker(rng.choice(kinds))
    if isinstance(move, Slide):
        return Slide(rng.choice(ALL_TILES))
    if isinstance(move, BuildHut | PassHut):
        return BuildHut(rng.choice(list(Hut)))
    if isinstance(move, HutSide):
        return HutSide(rng.choice(list(Hut)))
    if move.tile.gems is not None and rng.random() < 0.5:
        return cr.DrawJungle(some_mine(rng))
    return cr.DrawJungle(rng.choice(ALL_TILES + ODD_TILES))


def _anything(state: cr.State, rng: random.Random) -> cr.Move:
    """A move of any kind with plausible fields."""
    square = rng.choice(box(state))
    kind = rng.choice(list(WorkerType))
    choice = rng.randrange(11)
    if choice == 0:
        return cr.Place(kind, square, rng.randrange(4))
    if choice == 1:
        owned = [s for s, t in state.board.items() if isinstance(t, WorkerTile)]
        return cr.Overbuild(kind, rng.choice(owned or [square]), rng.randrange(4))
    if choice == 2:
        return cr.Discard(kind)
    if choice == 3:
        from_map = rng.random() < 0.3
        return cr.Fill((cr.FillChoice(square, rng.choice(ALL_TILES), from_map),))
    if choice == 4:
        workers = [s for s, t in state.board.items() if isinstance(t, WorkerTile)]
        where = rng.choice(workers or [square])
        used = rng.randrange(6)
        bars = rng.choice([0, 0, 1, used])
        if rng.random() < 0.2:
            gems = some_mine(rng).gems
            assert gems is not None
            return cr.Resolve(where, rng.choice(list(Side)), sum(gems), 0, gems)
        return cr.Resolve(where, rng.choice(list(Side)), used, bars)
    if choice == 5:
        return cr.DrawWorker(kind)
    if choice == 6:
        return Slide(rng.choice(ALL_TILES))
    if choice == 7:
        return BuildHut(rng.choice(list(Hut)))
    if choice == 8:
        return PassHut()
    if choice == 9:
        return HutSide(rng.choice(list(Hut)))
    return cr.DrawJungle(rng.choice([*ALL_TILES, some_mine(rng)]))


def wrong_moves(state: cr.State, rng: random.Random, count: int) -> list[cr.Move]:
    """Up to ``count`` plausible moves that ``legal_moves(state)`` does not list."""
    legal = set(cr.legal_moves(state))
    found: list[cr.Move] = []
    for _ in range(count * 4):
        if len(found) >= count:
            break
        if legal and rng.random() < 0.6:
            move = _mutate(rng.choice(sorted(legal, key=lambda m: m.sort_key)), state, rng)
        else:
            move = _anything(state, rng)
        if move not in legal:
            found.append(move)
    return found


def check_illegal(state: cr.State, moves: list[cr.Move]) -> None:
    """R-DECIDE-*: unlisted moves raise IllegalMoveError (with a message), nothing else."""
    legal = set(cr.legal_moves(state))
    for move in moves:
        assert move not in legal
        try:
            cr.apply(state, move)
        except cr.IllegalMoveError as error:
            raised: object = error
            assert isinstance(raised, ValueError) and isinstance(raised, cr.CacaoError)
            assert str(error), f"IllegalMoveError without a message for {move}"
        else:
            raise AssertionError(f"{move} is not listed, yet apply accepted it")


def check_not_moves(state: cr.State) -> None:
    """Things that are not moves at all are refused with ``TypeError`` (a wrong type)."""
    for junk in ("place 1-1-1-1 1,0 r0", None, 3, WorkerType.W1111, Hut.CHIEF):
        try:
            cr.apply(state, cast(cr.Move, junk))
        except TypeError as error:
            assert " object expected; got " in str(error), str(error)
        else:
            raise AssertionError(f"apply accepted {junk!r}")
