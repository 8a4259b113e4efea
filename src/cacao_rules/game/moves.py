"""The moves: every decision a player makes and every chance outcome.

A move is a small immutable value (a :class:`~cacao_rules.game.record.Record`: equal and
hashed by its fields, picklable, matched positionally by ``FIELDS``; assigning a field
raises). Its constructor checks every field and raises
:class:`~cacao_rules.IllegalMoveError` for a bad one, since callers build moves from their
own data; the checks take the arguments as ``object``, because compiled with mypyc a typed
argument of the wrong type would raise a bare ``TypeError`` first. Not attrs classes: the
engine builds dozens of moves per decision, and compiled, an attrs class's constructor,
equality and hash stay interpreted while a record's are native.
``str(move)`` writes it in the move notation and
:func:`cacao_rules.parse_move` reads it back. Each class has a ``sort_key``; the order of
:func:`cacao_rules.legal_moves` is the order of these keys (:rule:`R-DECIDE-3`): first by
the move's class in the order below, then by its fields.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from ..errors import IllegalMoveError, bad_move
from .components import GEM_COLOURS, NO_GEMS, Gems, Hut, JungleTile, Side, WorkerType
from .geometry import Square, format_square
from .limits import MAX_COORDINATE, MAX_MOVE_COUNT
from .record import Record

MAX_COUNT: Final = MAX_MOVE_COUNT

MAX_FILL_CHOICES: Final = 4
"""The most choices a fill can make: one per side of the tile just placed."""


def _refuse(move: str, field: str, wanted: str, value: object) -> IllegalMoveError:
    return bad_move(f"{move}.{field}", wanted, value)


def _is_int(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an ``int`` (not a bool) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def _check_square(move: str, square: object) -> None:
    if not (
        type(square) is tuple
        and len(square) == 2
        and _is_int(square[0], -MAX_COORDINATE, MAX_COORDINATE)
        and _is_int(square[1], -MAX_COORDINATE, MAX_COORDINATE)
    ):
        raise _refuse(move, "square", f"a tuple (x, y) of ints within {MAX_COORDINATE}", square)


def _check_is(move: str, field: str, value: object, kind: type) -> None:
    if not isinstance(value, kind):
        raise _refuse(move, field, f"a {kind.__name__}", value)


def _check_count(move: str, field: str, value: object) -> None:
    if not _is_int(value, 0, MAX_COUNT):
        raise _refuse(move, field, f"an int from 0 to {MAX_COUNT}", value)


def _check_tile_move(move: str, kind: object, square: object, rotation: object) -> None:
    _check_is(move, "type", kind, WorkerType)
    _check_square(move, square)
    if not _is_int(rotation, 0, 3):
        raise _refuse(move, "rotation", "an int from 0 to 3", rotation)


class Place(Record):
    """Place hand tile ``type`` on ``square``, turned ``rotation`` quarter turns clockwise.

    >>> str(Place(WorkerType.W2101, (1, 0), 1))
    'place 2-1-0-1 1,0 r1'
    """

    __slots__ = ("rotation", "square", "type")

    FIELDS: ClassVar[tuple[str, ...]] = ("type", "square", "rotation")

    type: WorkerType
    square: Square
    rotation: int

    def __init__(self, type: object, square: object, rotation: object) -> None:
        Place._check_fields(type, square, rotation)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "rotation", rotation)
        self._start()

    @staticmethod
    def _check_fields(type: object, square: object, rotation: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_tile_move("Place", type, square, rotation)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.type, self.square, self.rotation)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (0, self.type.sort_key, self.square, self.rotation)

    def __str__(self) -> str:
        return f"place {self.type} {format_square(self.square)} r{self.rotation}"


class Overbuild(Record):
    """Put hand tile ``type`` on top of the player's own tile at ``square`` (:rule:`R-OVER-3`).

    >>> str(Overbuild(WorkerType.W1111, (0, 1), 0))
    'overbuild 1-1-1-1 0,1 r0'
    """

    __slots__ = ("rotation", "square", "type")

    FIELDS: ClassVar[tuple[str, ...]] = ("type", "square", "rotation")

    type: WorkerType
    square: Square
    rotation: int

    def __init__(self, type: object, square: object, rotation: object) -> None:
        Overbuild._check_fields(type, square, rotation)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "rotation", rotation)
        self._start()

    @staticmethod
    def _check_fields(type: object, square: object, rotation: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_tile_move("Overbuild", type, square, rotation)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.type, self.square, self.rotation)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (1, self.type.sort_key, self.square, self.rotation)

    def __str__(self) -> str:
        return f"overbuild {self.type} {format_square(self.square)} r{self.rotation}"


class Discard(Record):
    """Set hand tile ``type`` aside when nothing can be placed (:rule:`R-PLACE-4`).

    >>> str(Discard(WorkerType.W3001))
    'discard 3-0-0-1'
    """

    __slots__ = ("type",)

    FIELDS: ClassVar[tuple[str, ...]] = ("type",)

    type: WorkerType

    def __init__(self, type: object) -> None:
        Discard._check_fields(type)
        object.__setattr__(self, "type", type)
        self._start()

    @staticmethod
    def _check_fields(type: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_is("Discard", "type", type, WorkerType)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.type,)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (2, self.type.sort_key)

    def __str__(self) -> str:
        return f"discard {self.type}"


class FillChoice(Record):
    """One jungle space and the tile put on it: from the display, or from the map board for
    a map tile when ``from_map`` (:rule:`R-MAP-2`).

    >>> str(FillChoice((2, 1), JungleTile.from_code("M3"), from_map=True))
    '2,1=map:M3'
    """

    __slots__ = ("from_map", "square", "tile")

    FIELDS: ClassVar[tuple[str, ...]] = ("square", "tile", "from_map")

    square: Square
    tile: JungleTile
    from_map: bool

    def __init__(self, square: object, tile: object, from_map: object = False) -> None:
        FillChoice._check_fields(square, tile, from_map)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "from_map", from_map)
        self._start()

    @staticmethod
    def _check_fields(square: object, tile: object, from_map: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_square("FillChoice", square)
        _check_is("FillChoice", "tile", tile, JungleTile)
        _check_is("FillChoice", "from_map", from_map, bool)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.square, self.tile, self.from_map)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (self.square, self.from_map, self.tile.sort_key)

    def __str__(self) -> str:
        source = "map:" if self.from_map else ""
        return f"{format_square(self.square)}={source}{self.tile.code}"


class Fill(Record):
    """Which display tile goes on which jungle space this turn (:rule:`R-FILL-2`).

    ``choices`` is sorted by square. Spaces it leaves out get blind draws from the pile
    (:rule:`R-FILL-4`) or stay empty (:rule:`R-FILL-5`).

    >>> str(Fill((FillChoice((0, 2), JungleTile.from_code("M3")),)))
    'fill 0,2=M3'
    """

    __slots__ = ("choices",)

    FIELDS: ClassVar[tuple[str, ...]] = ("choices",)

    choices: tuple[FillChoice, ...]

    def __init__(self, choices: object) -> None:
        Fill._check_fields(choices)
        object.__setattr__(self, "choices", choices)
        self._start()

    @staticmethod
    def _check_fields(choices: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        if not (
            type(choices) is tuple
            and len(choices) <= MAX_FILL_CHOICES
            and all(type(choice) is FillChoice for choice in choices)
        ):
            raise _refuse(
                "Fill", "choices", f"a tuple of at most {MAX_FILL_CHOICES} FillChoice", choices
            )

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.choices,)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (3, tuple(choice.sort_key for choice in self.choices))

    def __str__(self) -> str:
        return " ".join(["fill", *(str(choice) for choice in self.choices)])


class Resolve(Record):
    """Use ``workers`` of the activated edge ``side`` of the tile on ``square``.

    Using fewer workers than the edge has forgoes the rest (:rule:`R-ACT-4`). At a chocolate
    market, ``bars`` of the workers sell a chocolate bar and the others a cacao fruit
    (:rule:`R-CHOC-3`); it is 0 everywhere else. At a gem mine, ``gems`` are the gems the
    workers take, by colour (red, green, blue, white, :rule:`R-GEM-3`).

    >>> str(Resolve((1, 0), Side.W, 1))
    'resolve 1,0 W 1'
    >>> str(Resolve((1, 0), Side.W, 3, bars=2))
    'resolve 1,0 W 3 b2'
    >>> str(Resolve((1, 0), Side.W, 2, gems=(1, 0, 0, 1)))
    'resolve 1,0 W 2 g1001'
    """

    __slots__ = ("bars", "gems", "side", "square", "workers")

    FIELDS: ClassVar[tuple[str, ...]] = ("square", "side", "workers", "bars", "gems")

    square: Square
    side: Side
    workers: int
    bars: int
    gems: Gems

    def __init__(
        self,
        square: object,
        side: object,
        workers: object,
        bars: object = 0,
        gems: object = NO_GEMS,
    ) -> None:
        Resolve._check_fields(square, side, workers, bars, gems)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "workers", workers)
        object.__setattr__(self, "bars", bars)
        object.__setattr__(self, "gems", gems)
        self._start()

    @staticmethod
    def _check_fields(
        square: object, side: object, workers: object, bars: object, gems: object
    ) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_square("Resolve", square)
        _check_is("Resolve", "side", side, Side)
        _check_count("Resolve", "workers", workers)
        _check_count("Resolve", "bars", bars)
        if not (
            type(gems) is tuple
            and len(gems) == len(GEM_COLOURS)
            and all(_is_int(count, 0, MAX_COUNT) for count in gems)
        ):
            raise _refuse("Resolve", "gems", f"a tuple of 4 ints from 0 to {MAX_COUNT}", gems)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.square, self.side, self.workers, self.bars, self.gems)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (4, self.square, int(self.side), self.workers, self.bars, self.gems)

    def __str__(self) -> str:
        text = f"resolve {format_square(self.square)} {self.side.name} {self.workers}"
        if self.bars:
            text += f" b{self.bars}"
        if any(self.gems):
            text += " g" + "".join(str(count) for count in self.gems)
        return text


class DrawWorker(Record):
    """Chance: the worker tile drawn from a player's pile is a ``type``.

    >>> str(DrawWorker(WorkerType.W1111))
    'draw-worker 1-1-1-1'
    """

    __slots__ = ("type",)

    FIELDS: ClassVar[tuple[str, ...]] = ("type",)

    type: WorkerType

    def __init__(self, type: object) -> None:
        DrawWorker._check_fields(type)
        object.__setattr__(self, "type", type)
        self._start()

    @staticmethod
    def _check_fields(type: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_is("DrawWorker", "type", type, WorkerType)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.type,)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (5, self.type.sort_key)

    def __str__(self) -> str:
        return f"draw-worker {self.type}"


class DrawJungle(Record):
    """Chance: the jungle tile drawn from the pile is ``tile``.

    >>> str(DrawJungle(JungleTile.from_code("T")))
    'draw-jungle T'
    """

    __slots__ = ("tile",)

    FIELDS: ClassVar[tuple[str, ...]] = ("tile",)

    tile: JungleTile

    def __init__(self, tile: object) -> None:
        DrawJungle._check_fields(tile)
        object.__setattr__(self, "tile", tile)
        self._start()

    @staticmethod
    def _check_fields(tile: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_is("DrawJungle", "tile", tile, JungleTile)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.tile,)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (6, self.tile.sort_key)

    def __str__(self) -> str:
        return f"draw-jungle {self.tile.code}"


class Slide(Record):
    """Slide ``tile`` from the map board into the display at the end of a turn (:rule:`R-MAP-4`).

    >>> str(Slide(JungleTile.from_code("T")))
    'slide T'
    """

    __slots__ = ("tile",)

    FIELDS: ClassVar[tuple[str, ...]] = ("tile",)

    tile: JungleTile

    def __init__(self, tile: object) -> None:
        Slide._check_fields(tile)
        object.__setattr__(self, "tile", tile)
        self._start()

    @staticmethod
    def _check_fields(tile: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_is("Slide", "tile", tile, JungleTile)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.tile,)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (7, self.tile.sort_key)

    def __str__(self) -> str:
        return f"slide {self.tile.code}"


class BuildHut(Record):
    """Build ``hut`` at the end of the turn (:rule:`R-HUT-3`).

    >>> str(BuildHut(Hut.MARKET_CRIER))
    'build market-crier'
    """

    __slots__ = ("hut",)

    FIELDS: ClassVar[tuple[str, ...]] = ("hut",)

    hut: Hut

    def __init__(self, hut: object) -> None:
        BuildHut._check_fields(hut)
        object.__setattr__(self, "hut", hut)
        self._start()

    @staticmethod
    def _check_fields(hut: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_is("BuildHut", "hut", hut, Hut)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.hut,)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (8, self.hut.sort_key)

    def __str__(self) -> str:
        return f"build {self.hut}"


class PassHut(Record):
    """Build no hut this turn (:rule:`R-HUT-3`).

    >>> str(PassHut())
    'pass'
    """

    __slots__ = ()

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        self._start()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return ()

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (9,)

    def __str__(self) -> str:
        return "pass"


class HutSide(Record):
    """Chance: the next hut tile of the setup landed with ``hut`` face up (:rule:`R-HUT-1`).

    >>> str(HutSide(Hut.CHIEF))
    'hut-side chief'
    """

    __slots__ = ("hut",)

    FIELDS: ClassVar[tuple[str, ...]] = ("hut",)

    hut: Hut

    def __init__(self, hut: object) -> None:
        HutSide._check_fields(hut)
        object.__setattr__(self, "hut", hut)
        self._start()

    @staticmethod
    def _check_fields(hut: object) -> None:
        """Raise :class:`~cacao_rules.IllegalMoveError` for an argument unfit for its field."""
        _check_is("HutSide", "hut", hut, Hut)

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.hut,)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (10, self.hut.sort_key)

    def __str__(self) -> str:
        return f"hut-side {self.hut}"


Move = (
    Place
    | Overbuild
    | Discard
    | Fill
    | Resolve
    | DrawWorker
    | DrawJungle
    | Slide
    | BuildHut
    | PassHut
    | HutSide
)
"""Any move: a player's decision or a chance outcome."""

ChanceMove = DrawWorker | DrawJungle | HutSide
"""A chance outcome."""

MOVE_CLASSES: Final = (
    Place,
    Overbuild,
    Discard,
    Fill,
    Resolve,
    DrawWorker,
    DrawJungle,
    Slide,
    BuildHut,
    PassHut,
    HutSide,
)
"""Every move class, for checking that an object is a move."""
