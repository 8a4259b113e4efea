"""The moves: every decision a player makes and every chance outcome.

A move is a small immutable value (a :class:`~cacao_rules.game.sealed.Sealed`: equal and
hashed by its fields, picklable, matched positionally by ``FIELDS``; assigning a field
raises; its fields are annotated in its class, above its generated code). Its constructor
takes each field with its precise type and checks it, since callers build moves from their
own data: a value of the wrong type raises ``TypeError`` (in the compiled build mypyc's own
check of the annotation may raise it first), a value of the right type out of its range
:class:`~cacao_rules.IllegalMoveError`. Not attrs classes: the engine builds dozens of moves
per decision, and compiled, an attrs class's constructor, equality and hash stay interpreted
while a record's are native.
``str(move)`` writes it in the move notation and
:func:`cacao_rules.parse_move` reads it back. Each class has a ``sort_key``; the order of
:func:`cacao_rules.legal_moves` is the order of these keys (:rule:`R-DECIDE-3`): first by
the move's class in the order below, then by its fields.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Final

from ..compiled import COMPILED, Int
from ..errors import IllegalMoveError, bad_move, bad_type
from . import notation_parts as parse
from .components import GEM_COLOURS, NO_GEMS, Gems, Hut, JungleTile, Side, WorkerType
from .geometry import Square, format_square
from .limits import MAX_COORDINATE, MAX_MOVE_COUNT
from .notation_parts import PartError, expect_parts
from .sealed import Default, Sealed, new_blank

MAX_COUNT: Final = MAX_MOVE_COUNT

MAX_FILL_CHOICES: Final = 4
"""The most choices a fill can make: one per side of the tile just placed."""


def _refuse(move: str, field: str, wanted: str, value: object) -> IllegalMoveError:
    """The error for a field's value of the right type but out of its range."""
    return bad_move(f"{move}.{field}", wanted, value)


def _wrong_type(move: str, field: str, wanted: str, value: object) -> TypeError:
    """The error for a field's value of the wrong type."""
    return bad_type(f"{move}.{field}", wanted, value)


def _check_int(move: str, field: str, value: object, low: int, high: int) -> None:
    """``value`` must be an ``int`` (not a bool) from ``low`` to ``high``.

    The checks run each time the engine builds a move, so the wording of a refusal is
    built only once a value is refused."""
    if type(value) is not int:
        raise _wrong_type(move, field, _int_range(low, high), value)
    if not low <= value <= high:
        raise _refuse(move, field, _int_range(low, high), value)


def _int_range(low: int, high: int) -> str:
    return f"an int from {low} to {high}"


SQUARE_WANTED: Final = f"a tuple (x, y) of ints within {MAX_COORDINATE}"
"""What a move's square must be, in the words of a refusal (the refusals' wordings are
built once, not each time a move is checked)."""
FILL_CHOICES_WANTED: Final = f"a tuple of at most {MAX_FILL_CHOICES} FillChoice"
"""What a fill's choices must be, in the words of a refusal."""
GEMS_WANTED: Final = f"a tuple of {len(GEM_COLOURS)} ints from 0 to {MAX_COUNT}"
"""What a resolve's gems must be, in the words of a refusal."""


def _is_square(square: object) -> bool:
    """Whether ``square`` is a tuple (x, y) of ints within :data:`MAX_COORDINATE`, as every
    square the engine builds a move for is: the constructors' checks let such moves through
    with this one test, and only a refused value goes through the checks field by field,
    which say what is wrong."""
    if type(square) is not tuple or len(square) != 2:
        return False
    x, y = square
    return (
        type(x) is int
        and type(y) is int
        and -MAX_COORDINATE <= x <= MAX_COORDINATE
        and -MAX_COORDINATE <= y <= MAX_COORDINATE
    )


def _check_square(move: str, square: object) -> None:
    if not (
        type(square) is tuple
        and len(square) == 2
        and type(square[0]) is int
        and type(square[1]) is int
    ):
        raise _wrong_type(move, "square", SQUARE_WANTED, square)
    # Both coordinates are ints now: only their range is left to check.
    if not (
        -MAX_COORDINATE <= square[0] <= MAX_COORDINATE
        and -MAX_COORDINATE <= square[1] <= MAX_COORDINATE
    ):
        raise _refuse(move, "square", SQUARE_WANTED, square)


def _check_is(move: str, field: str, value: object, kind: type) -> None:
    """``value`` must be a ``kind``. A move of one field tests ``isinstance(value, kind)``
    itself first and calls this only to refuse one: the engine builds such a move for every
    outcome of a chance event it lists."""
    if not isinstance(value, kind):
        raise _wrong_type(move, field, f"a {kind.__name__}", value)


def _check_count(move: str, field: str, value: object) -> None:
    _check_int(move, field, value, 0, MAX_COUNT)


def _check_gems(move: str, field: str, gems: object) -> None:
    """``gems`` must be a tuple of one count per colour.

    The engine builds a resolve move for each way workers can take gems at a mine, so the
    four counts of a good tuple are tested written out, in one expression; plain loops
    then find what is wrong with a refused one (not ``all()`` over generators, which
    cost more than the few comparisons)."""
    if type(gems) is tuple and len(gems) == len(GEM_COLOURS):
        red, green, blue, white = gems
        if (
            type(red) is int
            and type(green) is int
            and type(blue) is int
            and type(white) is int
            and 0 <= red <= MAX_COUNT
            and 0 <= green <= MAX_COUNT
            and 0 <= blue <= MAX_COUNT
            and 0 <= white <= MAX_COUNT
        ):
            return
    if type(gems) is not tuple or len(gems) != len(GEM_COLOURS):
        raise _wrong_type(move, field, GEMS_WANTED, gems)
    for count in gems:
        if type(count) is not int:
            raise _wrong_type(move, field, GEMS_WANTED, gems)
    for count in gems:
        if not 0 <= count <= MAX_COUNT:
            raise _refuse(move, field, GEMS_WANTED, gems)


def _check_tile_move(move: str, kind: object, square: object, rotation: object) -> None:
    if (
        type(kind) is WorkerType
        and type(rotation) is int
        and 0 <= rotation <= 3
        and _is_square(square)
    ):  # every move the engine lists: a few tests (see _is_square)
        return
    _check_is(move, "type", kind, WorkerType)
    _check_square(move, square)
    _check_int(move, "rotation", rotation, 0, 3)


class Place(Sealed):
    """Place hand tile ``type`` on ``square``, turned ``rotation`` quarter turns clockwise.

    >>> str(Place(WorkerType.W2101, (1, 0), 1))
    'place 2-1-0-1 1,0 r1'
    """

    VERB: ClassVar[str] = "place"
    """The verb that starts the move's notation."""

    type: WorkerType
    square: Square
    rotation: int

    # BEGIN Place, generated by tools/make_values.py: do not edit
    __slots__ = ("rotation", "square", "type")

    FIELDS: ClassVar[tuple[str, ...]] = ("type", "square", "rotation")
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, type: WorkerType, square: tuple[Int, Int], rotation: Int) -> None:
        Place._check_fields(type, square, rotation)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "type", type)
            object.__setattr__(self, "square", square)
            object.__setattr__(self, "rotation", rotation)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.type = type
            self.square = square
            self.rotation = rotation
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    @staticmethod
    def _unchecked(type: WorkerType, square: Square, rotation: int) -> Place:
        """A new one of arguments taken as they are: for the engine's own values."""
        if COMPILED:
            return Place(type, square, rotation)
        made: Place = new_blank(_OPEN_PLACE)  # written as its constructor does
        made.type = type
        made.square = square
        made.rotation = rotation
        made._hash = None
        made.__class__ = Place  # sealed
        return made

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.type, self.square, self.rotation)

    def replace(self, **changes: Any) -> Place:
        """A copy with the fields named in ``changes`` changed."""
        copy = Place(
            changes.pop("type", self.type),
            changes.pop("square", self.square),
            changes.pop("rotation", self.rotation),
        )
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(type: object, square: object, rotation: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        _check_tile_move("Place", type, square, rotation)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[Place], self.type.sort_key, self.square, self.rotation)

    def __str__(self) -> str:
        return f"{self.VERB} {self.type} {format_square(self.square)} r{self.rotation}"

    @classmethod
    def read(cls, parts: list[str]) -> Place:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        expect_parts(parts, f"{cls.VERB} TYPE X,Y rN")
        return cls(parse.worker_type(parts[0]), parse.square(parts[1]), parse.rotation(parts[2]))


class Overbuild(Sealed):
    """Put hand tile ``type`` on top of the player's own tile at ``square`` (:rule:`R-OVER-3`).

    >>> str(Overbuild(WorkerType.W1111, (0, 1), 0))
    'overbuild 1-1-1-1 0,1 r0'
    """

    VERB: ClassVar[str] = "overbuild"
    """The verb that starts the move's notation."""

    type: WorkerType
    square: Square
    rotation: int

    # BEGIN Overbuild, generated by tools/make_values.py: do not edit
    __slots__ = ("rotation", "square", "type")

    FIELDS: ClassVar[tuple[str, ...]] = ("type", "square", "rotation")
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, type: WorkerType, square: tuple[Int, Int], rotation: Int) -> None:
        Overbuild._check_fields(type, square, rotation)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "type", type)
            object.__setattr__(self, "square", square)
            object.__setattr__(self, "rotation", rotation)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.type = type
            self.square = square
            self.rotation = rotation
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    @staticmethod
    def _unchecked(type: WorkerType, square: Square, rotation: int) -> Overbuild:
        """A new one of arguments taken as they are: for the engine's own values."""
        if COMPILED:
            return Overbuild(type, square, rotation)
        made: Overbuild = new_blank(_OPEN_OVERBUILD)  # written as its constructor does
        made.type = type
        made.square = square
        made.rotation = rotation
        made._hash = None
        made.__class__ = Overbuild  # sealed
        return made

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.type, self.square, self.rotation)

    def replace(self, **changes: Any) -> Overbuild:
        """A copy with the fields named in ``changes`` changed."""
        copy = Overbuild(
            changes.pop("type", self.type),
            changes.pop("square", self.square),
            changes.pop("rotation", self.rotation),
        )
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(type: object, square: object, rotation: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        _check_tile_move("Overbuild", type, square, rotation)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[Overbuild], self.type.sort_key, self.square, self.rotation)

    def __str__(self) -> str:
        return f"{self.VERB} {self.type} {format_square(self.square)} r{self.rotation}"

    @classmethod
    def read(cls, parts: list[str]) -> Overbuild:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        expect_parts(parts, f"{cls.VERB} TYPE X,Y rN")
        return cls(parse.worker_type(parts[0]), parse.square(parts[1]), parse.rotation(parts[2]))


class Discard(Sealed):
    """Set hand tile ``type`` aside when nothing can be placed (:rule:`R-PLACE-4`).

    >>> str(Discard(WorkerType.W3001))
    'discard 3-0-0-1'
    """

    VERB: ClassVar[str] = "discard"
    """The verb that starts the move's notation."""

    type: WorkerType

    # BEGIN Discard, generated by tools/make_values.py: do not edit
    __slots__ = ("type",)

    FIELDS: ClassVar[tuple[str, ...]] = ("type",)
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, type: WorkerType) -> None:
        Discard._check_fields(type)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "type", type)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.type = type
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.type,)

    def replace(self, **changes: Any) -> Discard:
        """A copy with the fields named in ``changes`` changed."""
        copy = Discard(changes.pop("type", self.type))
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(type: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        if not isinstance(type, WorkerType):  # the check's call only for a refusal (see _check_is)
            _check_is("Discard", "type", type, WorkerType)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[Discard], self.type.sort_key)

    def __str__(self) -> str:
        return f"{self.VERB} {self.type}"

    @classmethod
    def read(cls, parts: list[str]) -> Discard:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        expect_parts(parts, f"{cls.VERB} TYPE")
        return cls(parse.worker_type(parts[0]))


class FillChoice(Sealed):
    """One jungle space and the tile put on it: from the display, or from the map board for
    a map tile when ``from_map`` (:rule:`R-MAP-2`).

    >>> str(FillChoice((2, 1), JungleTile.from_code("M3"), from_map=True))
    '2,1=map:M3'
    """

    square: Square
    tile: JungleTile
    from_map: Annotated[bool, Default(False)]

    # BEGIN FillChoice, generated by tools/make_values.py: do not edit
    __slots__ = ("from_map", "square", "tile")

    FIELDS: ClassVar[tuple[str, ...]] = ("square", "tile", "from_map")
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, square: tuple[Int, Int], tile: JungleTile, from_map: bool = False) -> None:
        FillChoice._check_fields(square, tile, from_map)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "square", square)
            object.__setattr__(self, "tile", tile)
            object.__setattr__(self, "from_map", from_map)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.square = square
            self.tile = tile
            self.from_map = from_map
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    @staticmethod
    def _unchecked(square: Square, tile: JungleTile, from_map: bool) -> FillChoice:
        """A new one of arguments taken as they are: for the engine's own values."""
        if COMPILED:
            return FillChoice(square, tile, from_map)
        made: FillChoice = new_blank(_OPEN_FILL_CHOICE)  # written as its constructor does
        made.square = square
        made.tile = tile
        made.from_map = from_map
        made._hash = None
        made.__class__ = FillChoice  # sealed
        return made

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.square, self.tile, self.from_map)

    def replace(self, **changes: Any) -> FillChoice:
        """A copy with the fields named in ``changes`` changed."""
        copy = FillChoice(
            changes.pop("square", self.square),
            changes.pop("tile", self.tile),
            changes.pop("from_map", self.from_map),
        )
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(square: object, tile: object, from_map: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        if type(tile) is JungleTile and type(from_map) is bool and _is_square(square):
            return  # every choice the engine lists: one test (see _is_square)
        _check_square("FillChoice", square)
        _check_is("FillChoice", "tile", tile, JungleTile)
        _check_is("FillChoice", "from_map", from_map, bool)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (self.square, self.from_map, self.tile.sort_key)

    def __str__(self) -> str:
        source = "map:" if self.from_map else ""
        return f"{format_square(self.square)}={source}{self.tile.code}"


class Fill(Sealed):
    """Which display tile goes on which jungle space this turn (:rule:`R-FILL-2`).

    ``choices`` is sorted by square. Spaces it leaves out get blind draws from the pile
    (:rule:`R-FILL-4`) or stay empty (:rule:`R-FILL-5`).

    >>> str(Fill((FillChoice((0, 2), JungleTile.from_code("M3")),)))
    'fill 0,2=M3'
    """

    VERB: ClassVar[str] = "fill"
    """The verb that starts the move's notation."""

    choices: tuple[FillChoice, ...]

    # BEGIN Fill, generated by tools/make_values.py: do not edit
    __slots__ = ("choices",)

    FIELDS: ClassVar[tuple[str, ...]] = ("choices",)
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, choices: tuple[FillChoice, ...]) -> None:
        Fill._check_fields(choices)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "choices", choices)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.choices = choices
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    @staticmethod
    def _unchecked(choices: tuple[FillChoice, ...]) -> Fill:
        """A new one of arguments taken as they are: for the engine's own values."""
        if COMPILED:
            return Fill(choices)
        made: Fill = new_blank(_OPEN_FILL)  # written as its constructor does
        made.choices = choices
        made._hash = None
        made.__class__ = Fill  # sealed
        return made

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.choices,)

    def replace(self, **changes: Any) -> Fill:
        """A copy with the fields named in ``changes`` changed."""
        copy = Fill(changes.pop("choices", self.choices))
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(choices: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        # A plain loop, not all() over a generator: the engine builds every fill it lists.
        if type(choices) is not tuple:
            raise _wrong_type("Fill", "choices", FILL_CHOICES_WANTED, choices)
        for choice in choices:
            if type(choice) is not FillChoice:
                raise _wrong_type("Fill", "choices", FILL_CHOICES_WANTED, choices)
        if len(choices) > MAX_FILL_CHOICES:
            raise _refuse("Fill", "choices", FILL_CHOICES_WANTED, choices)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[Fill], tuple(choice.sort_key for choice in self.choices))

    def __str__(self) -> str:
        return " ".join([self.VERB, *(str(choice) for choice in self.choices)])

    @classmethod
    def read(cls, parts: list[str]) -> Fill:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        choices: dict[Square, FillChoice] = {}
        for part in parts:
            square_part, equals, code = part.partition("=")
            if not equals:
                raise PartError(
                    f"bad fill choice {part!r}; expected X,Y=TILE such as 0,2=M3, or "
                    "X,Y=map:TILE for a map-board tile"
                )
            square = parse.square(square_part)
            if square in choices:
                raise PartError(f"square {square_part} is filled twice; each square takes one tile")
            from_map = code.startswith(parse.MAP_PREFIX)
            tile = parse.jungle_tile(code.removeprefix(parse.MAP_PREFIX))
            choices[square] = FillChoice(square, tile, from_map=from_map)
        return cls(tuple(choices[square] for square in sorted(choices)))


class Resolve(Sealed):
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

    VERB: ClassVar[str] = "resolve"
    """The verb that starts the move's notation."""

    square: Square
    side: Side
    workers: int
    bars: Annotated[int, Default(0)]
    gems: Annotated[Gems, Default(NO_GEMS)]

    # BEGIN Resolve, generated by tools/make_values.py: do not edit
    __slots__ = ("bars", "gems", "side", "square", "workers")

    FIELDS: ClassVar[tuple[str, ...]] = ("square", "side", "workers", "bars", "gems")
    """The fields, in the order of the constructor's arguments."""

    def __init__(
        self,
        square: tuple[Int, Int],
        side: Side,
        workers: Int,
        bars: Int = 0,
        gems: tuple[Int, Int, Int, Int] = NO_GEMS,
    ) -> None:
        Resolve._check_fields(square, side, workers, bars, gems)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "square", square)
            object.__setattr__(self, "side", side)
            object.__setattr__(self, "workers", workers)
            object.__setattr__(self, "bars", bars)
            object.__setattr__(self, "gems", gems)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.square = square
            self.side = side
            self.workers = workers
            self.bars = bars
            self.gems = gems
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    @staticmethod
    def _unchecked(square: Square, side: Side, workers: int, bars: int, gems: Gems) -> Resolve:
        """A new one of arguments taken as they are: for the engine's own values."""
        if COMPILED:
            return Resolve(square, side, workers, bars, gems)
        made: Resolve = new_blank(_OPEN_RESOLVE)  # written as its constructor does
        made.square = square
        made.side = side
        made.workers = workers
        made.bars = bars
        made.gems = gems
        made._hash = None
        made.__class__ = Resolve  # sealed
        return made

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.square, self.side, self.workers, self.bars, self.gems)

    def replace(self, **changes: Any) -> Resolve:
        """A copy with the fields named in ``changes`` changed."""
        copy = Resolve(
            changes.pop("square", self.square),
            changes.pop("side", self.side),
            changes.pop("workers", self.workers),
            changes.pop("bars", self.bars),
            changes.pop("gems", self.gems),
        )
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(
        square: object, side: object, workers: object, bars: object, gems: object
    ) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        if (
            type(side) is Side
            and type(workers) is int
            and 0 <= workers <= MAX_COUNT
            and type(bars) is int
            and 0 <= bars <= MAX_COUNT
            and _is_square(square)
        ):  # every move the engine lists: a few tests (see _is_square), then the gems
            if gems is not NO_GEMS:  # at a gem mine
                _check_gems("Resolve", "gems", gems)
            return
        _check_square("Resolve", square)
        _check_is("Resolve", "side", side, Side)
        _check_count("Resolve", "workers", workers)
        _check_count("Resolve", "bars", bars)
        _check_gems("Resolve", "gems", gems)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[Resolve], self.square, int(self.side), self.workers, self.bars, self.gems)

    def __str__(self) -> str:
        text = f"{self.VERB} {format_square(self.square)} {self.side.name} {self.workers}"
        if self.bars:
            text += f" b{self.bars}"
        if any(self.gems):
            text += " g" + "".join(str(count) for count in self.gems)
        return text

    @classmethod
    def read(cls, parts: list[str]) -> Resolve:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        if len(parts) not in (3, 4):
            raise PartError(
                f"wrong number of parts: expected 4 ({cls.VERB} X,Y SIDE COUNT) or 5 (with the "
                f"bars sold at a chocolate market, {cls.VERB} X,Y SIDE COUNT bN, or the gems "
                f"taken at a gem mine, {cls.VERB} X,Y SIDE COUNT gRGBW), got {len(parts) + 1}"
            )
        square, side, workers = parse.square(parts[0]), parse.side(parts[1]), parse.count(parts[2])
        if len(parts) == 3:
            return cls(square, side, workers)
        if parts[3].startswith("g"):
            return cls(square, side, workers, gems=parse.gems(parts[3]))
        return cls(square, side, workers, parse.bars(parts[3]))


class DrawWorker(Sealed):
    """Chance: the worker tile drawn from a player's pile is a ``type``.

    >>> str(DrawWorker(WorkerType.W1111))
    'draw-worker 1-1-1-1'
    """

    VERB: ClassVar[str] = "draw-worker"
    """The verb that starts the move's notation."""

    type: WorkerType

    # BEGIN DrawWorker, generated by tools/make_values.py: do not edit
    __slots__ = ("type",)

    FIELDS: ClassVar[tuple[str, ...]] = ("type",)
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, type: WorkerType) -> None:
        DrawWorker._check_fields(type)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "type", type)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.type = type
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.type,)

    def replace(self, **changes: Any) -> DrawWorker:
        """A copy with the fields named in ``changes`` changed."""
        copy = DrawWorker(changes.pop("type", self.type))
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(type: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        if not isinstance(type, WorkerType):  # the check's call only for a refusal (see _check_is)
            _check_is("DrawWorker", "type", type, WorkerType)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[DrawWorker], self.type.sort_key)

    def __str__(self) -> str:
        return f"{self.VERB} {self.type}"

    @classmethod
    def read(cls, parts: list[str]) -> DrawWorker:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        expect_parts(parts, f"{cls.VERB} TYPE")
        return cls(parse.worker_type(parts[0]))


class DrawJungle(Sealed):
    """Chance: the jungle tile drawn from the pile is ``tile``.

    >>> str(DrawJungle(JungleTile.from_code("T")))
    'draw-jungle T'
    """

    VERB: ClassVar[str] = "draw-jungle"
    """The verb that starts the move's notation."""

    tile: JungleTile

    # BEGIN DrawJungle, generated by tools/make_values.py: do not edit
    __slots__ = ("tile",)

    FIELDS: ClassVar[tuple[str, ...]] = ("tile",)
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, tile: JungleTile) -> None:
        DrawJungle._check_fields(tile)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "tile", tile)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.tile = tile
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.tile,)

    def replace(self, **changes: Any) -> DrawJungle:
        """A copy with the fields named in ``changes`` changed."""
        copy = DrawJungle(changes.pop("tile", self.tile))
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(tile: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        if not isinstance(tile, JungleTile):  # the check's call only for a refusal (see _check_is)
            _check_is("DrawJungle", "tile", tile, JungleTile)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[DrawJungle], self.tile.sort_key)

    def __str__(self) -> str:
        return f"{self.VERB} {self.tile.code}"

    @classmethod
    def read(cls, parts: list[str]) -> DrawJungle:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        expect_parts(parts, f"{cls.VERB} TILE")
        return cls(parse.jungle_tile(parts[0]))


class Slide(Sealed):
    """Slide ``tile`` from the map board into the display at the end of a turn (:rule:`R-MAP-4`).

    >>> str(Slide(JungleTile.from_code("T")))
    'slide T'
    """

    VERB: ClassVar[str] = "slide"
    """The verb that starts the move's notation."""

    tile: JungleTile

    # BEGIN Slide, generated by tools/make_values.py: do not edit
    __slots__ = ("tile",)

    FIELDS: ClassVar[tuple[str, ...]] = ("tile",)
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, tile: JungleTile) -> None:
        Slide._check_fields(tile)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "tile", tile)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.tile = tile
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.tile,)

    def replace(self, **changes: Any) -> Slide:
        """A copy with the fields named in ``changes`` changed."""
        copy = Slide(changes.pop("tile", self.tile))
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(tile: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        if not isinstance(tile, JungleTile):  # the check's call only for a refusal (see _check_is)
            _check_is("Slide", "tile", tile, JungleTile)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[Slide], self.tile.sort_key)

    def __str__(self) -> str:
        return f"{self.VERB} {self.tile.code}"

    @classmethod
    def read(cls, parts: list[str]) -> Slide:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        expect_parts(parts, f"{cls.VERB} TILE")
        return cls(parse.jungle_tile(parts[0]))


class BuildHut(Sealed):
    """Build ``hut`` at the end of the turn (:rule:`R-HUT-3`).

    >>> str(BuildHut(Hut.MARKET_CRIER))
    'build market-crier'
    """

    VERB: ClassVar[str] = "build"
    """The verb that starts the move's notation."""

    hut: Hut

    # BEGIN BuildHut, generated by tools/make_values.py: do not edit
    __slots__ = ("hut",)

    FIELDS: ClassVar[tuple[str, ...]] = ("hut",)
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, hut: Hut) -> None:
        BuildHut._check_fields(hut)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "hut", hut)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.hut = hut
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.hut,)

    def replace(self, **changes: Any) -> BuildHut:
        """A copy with the fields named in ``changes`` changed."""
        copy = BuildHut(changes.pop("hut", self.hut))
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(hut: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        if not isinstance(hut, Hut):  # the check's call only for a refusal (see _check_is)
            _check_is("BuildHut", "hut", hut, Hut)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[BuildHut], self.hut.sort_key)

    def __str__(self) -> str:
        return f"{self.VERB} {self.hut}"

    @classmethod
    def read(cls, parts: list[str]) -> BuildHut:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        expect_parts(parts, f"{cls.VERB} HUT")
        return cls(parse.hut(parts[0]))


class PassHut(Sealed):
    """Build no hut this turn (:rule:`R-HUT-3`).

    >>> str(PassHut())
    'pass'
    """

    VERB: ClassVar[str] = "pass"
    """The verb that starts the move's notation."""

    # BEGIN PassHut, generated by tools/make_values.py: do not edit
    __slots__ = ()

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields, in the order of the constructor's arguments."""

    def __init__(self) -> None:
        if COMPILED:  # mypyc makes each of these a direct write
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return ()

    def replace(self, **changes: Any) -> PassHut:
        """A copy with the fields named in ``changes`` changed."""
        copy = PassHut()
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[PassHut],)

    def __str__(self) -> str:
        return self.VERB

    @classmethod
    def read(cls, parts: list[str]) -> PassHut:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        expect_parts(parts, cls.VERB)
        return cls()


class HutSide(Sealed):
    """Chance: the next hut tile of the setup landed with ``hut`` face up (:rule:`R-HUT-1`).

    >>> str(HutSide(Hut.CHIEF))
    'hut-side chief'
    """

    VERB: ClassVar[str] = "hut-side"
    """The verb that starts the move's notation."""

    hut: Hut

    # BEGIN HutSide, generated by tools/make_values.py: do not edit
    __slots__ = ("hut",)

    FIELDS: ClassVar[tuple[str, ...]] = ("hut",)
    """The fields, in the order of the constructor's arguments."""

    def __init__(self, hut: Hut) -> None:
        HutSide._check_fields(hut)
        if COMPILED:  # mypyc makes each of these a direct write
            object.__setattr__(self, "hut", hut)
            self._start()  # the base's _hash (mypyc writes only a class's own)
        else:  # plain writes while it wears its open twin (see Sealed)
            sealed = self.__class__
            sealed._WEAR(self, sealed._OPEN)
            self.hut = hut
            self._hash = None
            self.__class__ = sealed  # the twin allows a plain write

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of :attr:`FIELDS`."""
        return (self.hut,)

    def replace(self, **changes: Any) -> HutSide:
        """A copy with the fields named in ``changes`` changed."""
        copy = HutSide(changes.pop("hut", self.hut))
        if changes:  # names no field
            self._check_changes(changes)
        return copy

    # END generated by tools/make_values.py

    @staticmethod
    def _check_fields(hut: object) -> None:
        """Raise ``TypeError`` for an argument of the wrong type, and
        :class:`~cacao_rules.IllegalMoveError` for one out of its field's range."""
        if not isinstance(hut, Hut):  # the check's call only for a refusal (see _check_is)
            _check_is("HutSide", "hut", hut, Hut)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (_RANK[HutSide], self.hut.sort_key)

    def __str__(self) -> str:
        return f"{self.VERB} {self.hut}"

    @classmethod
    def read(cls, parts: list[str]) -> HutSide:
        """The move that ``parts`` (its notation after the verb) write; the inverse of
        :meth:`__str__`. Raises :class:`~cacao_rules.game.notation_parts.PartError`."""
        expect_parts(parts, f"{cls.VERB} HUT")
        return cls(parse.hut(parts[0]))


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
"""Every move class, in the order of the moves' ``sort_key``: :func:`cacao_rules.legal_moves`
lists moves first by their class's place here (:rule:`R-DECIDE-3`)."""

_RANK: Final[dict[type, int]] = {kind: rank for rank, kind in enumerate(MOVE_CLASSES)}
"""Each move class's place in :data:`MOVE_CLASSES`: the first item of its moves' sort keys."""


# BEGIN the open twins, generated by tools/make_values.py: do not edit
_OPEN_PLACE: Final = Place if COMPILED else Place._OPEN
_OPEN_OVERBUILD: Final = Overbuild if COMPILED else Overbuild._OPEN
_OPEN_FILL_CHOICE: Final = FillChoice if COMPILED else FillChoice._OPEN
_OPEN_FILL: Final = Fill if COMPILED else Fill._OPEN
_OPEN_RESOLVE: Final = Resolve if COMPILED else Resolve._OPEN
"""The open twins of the classes whose values this module's generated code writes
out in the pure build (tools/make_values.py, ``twins_block``)."""
# END generated by tools/make_values.py
