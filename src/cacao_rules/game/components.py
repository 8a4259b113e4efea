"""The physical game: tile kinds, the worker tile types, the village board's limits.

Every number here is a fact of the printed game, from the rulebooks' lists of components and
the village board (base rules p.1-2, the overview sheet, the Chocolatl and Diamante rules); the
tables of which tiles a configuration uses live in :mod:`cacao_rules.game.pools`.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Final

from ..errors import FormatError
from .record import Record


class JungleKind(enum.Enum):
    """What a jungle tile does when workers next to it are activated."""

    # Members are singletons: hashing by identity is exact and much faster than the
    # default hash of the member's name.
    __hash__ = object.__hash__

    PLANTATION = "plantation"
    MARKET = "market"
    GOLD_MINE = "gold_mine"
    WATER = "water"
    SUN_WORSHIP = "sun_worship"
    TEMPLE = "temple"
    WATERING = "watering"
    CHOCOLATE_KITCHEN = "chocolate_kitchen"
    CHOCOLATE_MARKET = "chocolate_market"
    GEM_MINE = "gem_mine"
    TREE_OF_LIFE = "tree_of_life"


_KIND_ORDER: Final = {kind: index for index, kind in enumerate(JungleKind)}

Gems = tuple[int, int, int, int]
"""Gems by colour: red, green, blue, white."""

GEM_COLOURS: Final = ("red", "green", "blue", "white")
NO_GEMS: Final[Gems] = (0, 0, 0, 0)
GEMS_PER_COLOUR: Final = 8
"""Gems of each colour in the mine cart (6 with 2 players)."""
GEMS_PER_MINE: Final = 6
"""Gems laid on a gem mine when it comes out of the pile."""
MASKS: Final = (8, 8, 9, 9, 10, 10, 12)
"""The masks' values (without the 12 with 2 players)."""
_KIND_CODES: Final = {
    JungleKind.PLANTATION: "P",
    JungleKind.MARKET: "M",
    JungleKind.GOLD_MINE: "G",
    JungleKind.WATER: "W",
    JungleKind.SUN_WORSHIP: "S",
    JungleKind.TEMPLE: "T",
    JungleKind.WATERING: "I",
    JungleKind.CHOCOLATE_KITCHEN: "K",
    JungleKind.CHOCOLATE_MARKET: "C",
    JungleKind.GEM_MINE: "D",
    JungleKind.TREE_OF_LIFE: "L",
}


class JungleTile(Record):
    """A jungle tile: its ``kind`` and its printed ``value``.

    ``value`` is cacao per worker for a plantation, the selling price for a market, gold per
    worker for a gold mine, and 0 for kinds that print no number.

    A gem mine out of the pile also carries the ``gems`` lying on it, as counts of red,
    green, blue and white (Gem mines module); in the pile, and for every other kind, ``gems``
    is ``None``.

    >>> JungleTile(JungleKind.MARKET, 3).code
    'M3'
    >>> JungleTile.from_code("P2") == DOUBLE_PLANTATION
    True
    >>> JungleTile(JungleKind.GEM_MINE, gems=(2, 1, 0, 3)).code
    'D2103'

    An immutable value (assigning an attribute raises), equal by value, hashable,
    picklable. A plain slotted class rather than an attrs one, so that the compiled build
    reads it natively: the rules read tiles' kinds and values all the time.
    """

    __slots__ = ("gems", "kind", "value")

    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "value", "gems")
    """The fields, in the order of the constructor's arguments."""

    kind: JungleKind
    value: int
    gems: Gems | None

    def __init__(self, kind: JungleKind, value: int = 0, gems: Gems | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "gems", gems)
        self._start()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.kind, self.value, self.gems)

    @property
    def code(self) -> str:
        """The tile's short name in move notation: a letter, then the value if it has one,
        or the gems on a gem mine, one digit per colour."""
        letter = _KIND_CODES[self.kind]
        if self.gems is not None:
            return letter + "".join(str(count) for count in self.gems)
        return f"{letter}{self.value}" if self.value else letter

    @property
    def sort_key(self) -> tuple[int, int, Gems]:
        """The fixed order of tiles: by kind as :class:`JungleKind` lists them, then value,
        then the gems on a gem mine (a mine in the pile first)."""
        return (_KIND_ORDER[self.kind], self.value, self.gems or (-1, -1, -1, -1))

    @property
    def bare(self) -> JungleTile:
        """The tile as it lies in the pile: a gem mine without its gems."""
        return GEM_MINE if self.gems is not None else self

    @classmethod
    def from_code(cls, code: str) -> JungleTile:
        """The tile named by ``code`` (``"M3"``, ``"D2103"``); :class:`FormatError` for an
        unknown code."""
        tile = TILES_BY_CODE.get(code)
        gems = code[1:]
        if tile is None and code[:1] == "D" and len(gems) == len(GEM_COLOURS) and gems.isdigit():
            digits = tuple(int(digit) for digit in gems)
            return cls(JungleKind.GEM_MINE, gems=(digits[0], digits[1], digits[2], digits[3]))
        if tile is None:
            known = ", ".join(TILES_BY_CODE)
            raise FormatError(
                f"unknown jungle tile code {code!r}; known codes: {known}, and D with four "
                "digits (the red, green, blue and white gems on a gem mine)"
            )
        return tile

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        gems = f", gems={self.gems}" if self.gems is not None else ""
        return f"JungleTile({self.kind.name}, {self.value}{gems})"


SINGLE_PLANTATION: Final = JungleTile(JungleKind.PLANTATION, 1)
DOUBLE_PLANTATION: Final = JungleTile(JungleKind.PLANTATION, 2)
MARKET_2: Final = JungleTile(JungleKind.MARKET, 2)
MARKET_3: Final = JungleTile(JungleKind.MARKET, 3)
MARKET_4: Final = JungleTile(JungleKind.MARKET, 4)
GOLD_MINE_1: Final = JungleTile(JungleKind.GOLD_MINE, 1)
GOLD_MINE_2: Final = JungleTile(JungleKind.GOLD_MINE, 2)
WATER: Final = JungleTile(JungleKind.WATER)
SUN_WORSHIP: Final = JungleTile(JungleKind.SUN_WORSHIP)
TEMPLE: Final = JungleTile(JungleKind.TEMPLE)
WATERING: Final = JungleTile(JungleKind.WATERING)
CHOCOLATE_KITCHEN: Final = JungleTile(JungleKind.CHOCOLATE_KITCHEN)
CHOCOLATE_MARKET: Final = JungleTile(JungleKind.CHOCOLATE_MARKET)
TREE_OF_LIFE: Final = JungleTile(JungleKind.TREE_OF_LIFE)
GEM_MINE: Final = JungleTile(JungleKind.GEM_MINE)

BASE_JUNGLE_TILES: Final = (
    SINGLE_PLANTATION,
    DOUBLE_PLANTATION,
    MARKET_2,
    MARKET_3,
    MARKET_4,
    GOLD_MINE_1,
    GOLD_MINE_2,
    WATER,
    SUN_WORSHIP,
    TEMPLE,
)
CHOCOLATL_JUNGLE_TILES: Final = (WATERING, CHOCOLATE_KITCHEN, CHOCOLATE_MARKET)
"""The jungle tiles of the Watering and Chocolate modules."""

DIAMANTE_JUNGLE_TILES: Final = (GEM_MINE, TREE_OF_LIFE)
"""The jungle tiles of the Diamante modules this engine implements."""

ALL_JUNGLE_TILES: Final = BASE_JUNGLE_TILES + CHOCOLATL_JUNGLE_TILES + DIAMANTE_JUNGLE_TILES
TILES_BY_CODE: Final = {tile.code: tile for tile in ALL_JUNGLE_TILES}


class Side(enum.IntEnum):
    """An edge of a square, clockwise from north; ``delta`` steps to the neighbour."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def delta(self) -> tuple[int, int]:
        """The step ``(dx, dy)`` to the square beyond this edge (N is ``(0, -1)``)."""
        return _SIDE_DELTAS[self]

    @property
    def opposite(self) -> Side:
        """The edge facing this one from the neighbouring square."""
        return Side((self + 2) % 4)


_SIDE_DELTAS: Final = ((0, -1), (1, 0), (0, 1), (-1, 0))


class WorkerType(enum.Enum):
    """A printed worker tile, named by its worker counts clockwise from north.

    ``W3001`` and ``W3100`` are mirror images: tiles are never flipped, so they stay
    distinct (:rule:`R-SETUP-2`). The last four are the Diamante expansion's new workers; the
    Tree of Life module brings ``W0004`` into 2-player games with Chocolate
    (:rule:`R-TREE-1`).
    """

    # Members are singletons: hashing by identity is exact and much faster than the
    # default hash of the member's name.
    __hash__ = object.__hash__

    W1111 = "1-1-1-1"
    W2101 = "2-1-0-1"
    W3001 = "3-0-0-1"
    W3100 = "3-1-0-0"
    W0022 = "0-0-2-2"
    W0202 = "0-2-0-2"
    W0103 = "0-1-0-3"
    W0004 = "0-0-0-4"

    @property
    def edges(self) -> tuple[int, int, int, int]:
        """Workers on the N, E, S and W edges at rotation 0."""
        n, e, s, w = (int(part) for part in self.value.split("-"))
        return (n, e, s, w)

    @property
    def rotations(self) -> tuple[int, ...]:
        """The rotations that give different tiles, smallest first (:rule:`R-PLACE-3`)."""
        return _DISTINCT_ROTATIONS[self]

    @property
    def sort_key(self) -> int:
        """The fixed order of worker types, as the enum lists them."""
        return _TYPE_ORDER[self]

    def rotated(self, rotation: int) -> tuple[int, int, int, int]:
        """Workers on N, E, S, W after ``rotation`` quarter turns clockwise."""
        return _ROTATED[self][rotation % 4]

    def __str__(self) -> str:
        return self.value


def _rotate(edges: tuple[int, int, int, int], rotation: int) -> tuple[int, int, int, int]:
    """Turn ``edges`` clockwise: what faced N faces E after one quarter turn."""
    n, e, s, w = (edges[(index - rotation) % 4] for index in range(4))
    return (n, e, s, w)


_TYPE_ORDER: Final = {kind: index for index, kind in enumerate(WorkerType)}

BASE_WORKER_TYPES: Final = (WorkerType.W1111, WorkerType.W2101, WorkerType.W3001, WorkerType.W3100)
NEW_WORKER_TYPES: Final = (WorkerType.W0022, WorkerType.W0202, WorkerType.W0103, WorkerType.W0004)
"""The New Workers module's tiles (Diamante)."""

WORKERS_PER_COLOUR: Final = {
    WorkerType.W1111: 4,
    WorkerType.W2101: 5,
    WorkerType.W3001: 1,
    WorkerType.W3100: 1,
    WorkerType.W0022: 1,
    WorkerType.W0202: 1,
    WorkerType.W0103: 1,
    WorkerType.W0004: 1,
}
"""Every worker tile of one colour in the boxes of the game and of Diamante."""
_ROTATED: Final = {
    kind: tuple(_rotate(kind.edges, rotation) for rotation in range(4)) for kind in WorkerType
}
_DISTINCT_ROTATIONS: Final = {
    kind: tuple(r for r in range(4) if _ROTATED[kind][r] not in _ROTATED[kind][:r])
    for kind in WorkerType
}


class WorkerTile(Record):
    """A worker tile as it lies on the board: its ``owner`` seat, type and rotation.

    ``edges`` gives the workers as placed, in the order N, E, S, W. ``foreman`` says whether
    the tile was played while its owner held the Foreman (Hut module), which gives an edge
    of 3 workers a 4th whenever it is activated (:rule:`R-HUT-FOREMAN`); ``edges`` still
    shows the printed workers.

    >>> tile = WorkerTile.of(0, WorkerType.W3100, 1)
    >>> tile.edges
    (0, 3, 1, 0)

    An immutable value like :class:`JungleTile`, and a plain slotted class for the same
    reason: the engine lays one with every placement and reads the board's tiles all the
    time.
    """

    __slots__ = ("edges", "foreman", "owner", "rotation", "type")

    FIELDS: ClassVar[tuple[str, ...]] = ("owner", "type", "rotation", "edges", "foreman")
    """The fields, in the order of the constructor's arguments."""

    owner: int
    type: WorkerType
    rotation: int
    edges: tuple[int, int, int, int]
    foreman: bool

    def __init__(
        self,
        owner: int,
        type: WorkerType,
        rotation: int,
        edges: tuple[int, int, int, int],
        foreman: bool = False,
    ) -> None:
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "rotation", rotation)
        object.__setattr__(self, "edges", edges)
        object.__setattr__(self, "foreman", foreman)
        self._start()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.owner, self.type, self.rotation, self.edges, self.foreman)

    @classmethod
    def of(
        cls, owner: int, type: WorkerType, rotation: int = 0, foreman: bool = False
    ) -> WorkerTile:
        """The tile ``type`` of seat ``owner`` turned ``rotation`` quarter turns clockwise,
        played with the Foreman's 4th worker if ``foreman``."""
        return cls(owner, type, rotation, type.rotated(rotation), foreman)


class Hut(enum.Enum):
    """A hut's function; the value is its name in move notation."""

    # Members are singletons: hashing by identity is exact and fast.
    __hash__ = object.__hash__

    MARKET_CRIER = "market-crier"
    HERMIT = "hermit"
    ROAD_WORKER = "road-worker"
    TRADER = "trader"
    FARMER = "farmer"
    SHAMAN = "shaman"
    MONK = "monk"
    MASTER_BUILDER = "master-builder"
    FOREMAN = "foreman"
    FOUNTAIN_MASTER = "fountain-master"
    CHIEFS_DAUGHTER = "chiefs-daughter"
    CHIEFS_SON = "chiefs-son"
    CHIEFS_WIFE = "chiefs-wife"
    CHIEF = "chief"

    @property
    def cost(self) -> int:
        """Gold paid to build the hut, given back at scoring."""
        return HUT_COSTS[self]

    @property
    def sort_key(self) -> int:
        """The position of the hut in the fixed order (by cost, then as the enum lists them)."""
        return _HUT_ORDER[self]

    def __str__(self) -> str:
        return self.value


HUT_COSTS: Final = {
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
_HUT_ORDER: Final = {hut: index for index, hut in enumerate(Hut)}

HUT_TILES: Final[tuple[tuple[Hut, Hut], ...]] = (
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
"""The 12 double-sided hut tiles, as (side A, side B) (:rule:`R-HUT-1`)."""


Tile = JungleTile | WorkerTile
"""Anything that can lie on a square of the board."""

WATER_TRACK: Final = (-10, -4, -1, 0, 2, 4, 7, 11, 16)
"""The values of the water fields, from the carrier's start to the last field."""

STORAGE_SPACES: Final = 5
"""Cacao (and, with the Chocolate module, chocolate) a village board holds."""

SUN_PLACES: Final = 3
"""Sun tokens a village board holds."""

MAP_TILES_PER_PLAYER: Final = 2
"""Map tiles each player gets with the Map module."""

MAP_BOARD_SIZE: Final = 2
"""Face-up jungle tiles on the map board after each refill."""

HAND_SIZE: Final = 3
"""Worker tiles in a starting hand."""

DISPLAY_SIZE: Final = 2
"""Face-up jungle tiles in the display after each refill."""
