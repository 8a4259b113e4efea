"""The moves: every decision a player makes and every chance outcome.

A move is a small frozen value. ``str(move)`` writes it in the move notation and
:func:`cacao_rules.parse_move` reads it back. Each class has a ``sort_key``; the order of
:func:`cacao_rules.legal_moves` is the order of these keys (:rule:`R-DECIDE-3`): first by
the move's class in the order below, then by its fields.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from ..errors import IllegalMoveError
from .components import GEM_COLOURS, NO_GEMS, Gems, Hut, JungleTile, Side, WorkerType
from .geometry import Square, format_square

MAX_COORDINATE: Final = 10**6
"""The largest coordinate (in absolute value) a move's square may have."""

MAX_COUNT: Final = 99
"""The largest worker, bar or gem count a move may name (an edge counts at most 4)."""

MAX_FILL_CHOICES: Final = 4
"""The most choices a fill can make: one per side of the tile just placed."""


def _refuse(move: str, field: str, wanted: str, value: object) -> IllegalMoveError:
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:60] + "..."
    return IllegalMoveError(f"{move}.{field} must be {wanted}, got {type(value).__name__} {shown}")


def _is_int(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an ``int`` (not a bool) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def _given(move: object, field: str) -> object:
    """``field`` of ``move`` as the caller gave it, read untyped: compiled with mypyc, a read
    of an annotated field checks the value against the annotation first, and would raise a
    bare ``TypeError`` where the checks below raise the library's error."""
    return getattr(move, field)


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


@attrs.frozen
class Place:
    """Place hand tile ``type`` on ``square``, turned ``rotation`` quarter turns clockwise.

    >>> str(Place(WorkerType.W2101, (1, 0), 1))
    'place 2-1-0-1 1,0 r1'
    """

    type: WorkerType
    square: Square
    rotation: int

    def __attrs_post_init__(self) -> None:
        _check_tile_move(
            "Place", _given(self, "type"), _given(self, "square"), _given(self, "rotation")
        )

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (0, self.type.sort_key, self.square, self.rotation)

    def __str__(self) -> str:
        return f"place {self.type} {format_square(self.square)} r{self.rotation}"


@attrs.frozen
class Overbuild:
    """Put hand tile ``type`` on top of the player's own tile at ``square`` (:rule:`R-OVER-3`).

    >>> str(Overbuild(WorkerType.W1111, (0, 1), 0))
    'overbuild 1-1-1-1 0,1 r0'
    """

    type: WorkerType
    square: Square
    rotation: int

    def __attrs_post_init__(self) -> None:
        _check_tile_move(
            "Overbuild", _given(self, "type"), _given(self, "square"), _given(self, "rotation")
        )

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (1, self.type.sort_key, self.square, self.rotation)

    def __str__(self) -> str:
        return f"overbuild {self.type} {format_square(self.square)} r{self.rotation}"


@attrs.frozen
class Discard:
    """Set hand tile ``type`` aside when nothing can be placed (:rule:`R-PLACE-4`).

    >>> str(Discard(WorkerType.W3001))
    'discard 3-0-0-1'
    """

    type: WorkerType

    def __attrs_post_init__(self) -> None:
        _check_is("Discard", "type", _given(self, "type"), WorkerType)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (2, self.type.sort_key)

    def __str__(self) -> str:
        return f"discard {self.type}"


@attrs.frozen
class FillChoice:
    """One jungle space and the tile put on it: from the display, or from the map board for
    a map tile when ``from_map`` (:rule:`R-MAP-2`).

    >>> str(FillChoice((2, 1), JungleTile.from_code("M3"), from_map=True))
    '2,1=map:M3'
    """

    square: Square
    tile: JungleTile
    from_map: bool = False

    def __attrs_post_init__(self) -> None:
        _check_square("FillChoice", _given(self, "square"))
        _check_is("FillChoice", "tile", _given(self, "tile"), JungleTile)
        _check_is("FillChoice", "from_map", _given(self, "from_map"), bool)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (self.square, self.from_map, self.tile.sort_key)

    def __str__(self) -> str:
        source = "map:" if self.from_map else ""
        return f"{format_square(self.square)}={source}{self.tile.code}"


@attrs.frozen
class Fill:
    """Which display tile goes on which jungle space this turn (:rule:`R-FILL-2`).

    ``choices`` is sorted by square. Spaces it leaves out get blind draws from the pile
    (:rule:`R-FILL-4`) or stay empty (:rule:`R-FILL-5`).

    >>> str(Fill((FillChoice((0, 2), JungleTile.from_code("M3")),)))
    'fill 0,2=M3'
    """

    choices: tuple[FillChoice, ...]

    def __attrs_post_init__(self) -> None:
        choices = _given(self, "choices")
        if not (
            type(choices) is tuple
            and len(choices) <= MAX_FILL_CHOICES
            and all(type(choice) is FillChoice for choice in choices)
        ):
            raise _refuse(
                "Fill", "choices", f"a tuple of at most {MAX_FILL_CHOICES} FillChoice", choices
            )

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (3, tuple(choice.sort_key for choice in self.choices))

    def __str__(self) -> str:
        return " ".join(["fill", *(str(choice) for choice in self.choices)])


@attrs.frozen
class Resolve:
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

    square: Square
    side: Side
    workers: int
    bars: int = 0
    gems: Gems = NO_GEMS

    def __attrs_post_init__(self) -> None:
        _check_square("Resolve", _given(self, "square"))
        _check_is("Resolve", "side", _given(self, "side"), Side)
        _check_count("Resolve", "workers", _given(self, "workers"))
        _check_count("Resolve", "bars", _given(self, "bars"))
        gems = _given(self, "gems")
        if not (
            type(gems) is tuple
            and len(gems) == len(GEM_COLOURS)
            and all(_is_int(count, 0, MAX_COUNT) for count in gems)
        ):
            raise _refuse("Resolve", "gems", f"a tuple of 4 ints from 0 to {MAX_COUNT}", gems)

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


@attrs.frozen
class DrawWorker:
    """Chance: the worker tile drawn from a player's pile is a ``type``.

    >>> str(DrawWorker(WorkerType.W1111))
    'draw-worker 1-1-1-1'
    """

    type: WorkerType

    def __attrs_post_init__(self) -> None:
        _check_is("DrawWorker", "type", _given(self, "type"), WorkerType)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (5, self.type.sort_key)

    def __str__(self) -> str:
        return f"draw-worker {self.type}"


@attrs.frozen
class DrawJungle:
    """Chance: the jungle tile drawn from the pile is ``tile``.

    >>> str(DrawJungle(JungleTile.from_code("T")))
    'draw-jungle T'
    """

    tile: JungleTile

    def __attrs_post_init__(self) -> None:
        _check_is("DrawJungle", "tile", _given(self, "tile"), JungleTile)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (6, self.tile.sort_key)

    def __str__(self) -> str:
        return f"draw-jungle {self.tile.code}"


@attrs.frozen
class Slide:
    """Slide ``tile`` from the map board into the display at the end of a turn (:rule:`R-MAP-4`).

    >>> str(Slide(JungleTile.from_code("T")))
    'slide T'
    """

    tile: JungleTile

    def __attrs_post_init__(self) -> None:
        _check_is("Slide", "tile", _given(self, "tile"), JungleTile)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (7, self.tile.sort_key)

    def __str__(self) -> str:
        return f"slide {self.tile.code}"


@attrs.frozen
class BuildHut:
    """Build ``hut`` at the end of the turn (:rule:`R-HUT-3`).

    >>> str(BuildHut(Hut.MARKET_CRIER))
    'build market-crier'
    """

    hut: Hut

    def __attrs_post_init__(self) -> None:
        _check_is("BuildHut", "hut", _given(self, "hut"), Hut)

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (8, self.hut.sort_key)

    def __str__(self) -> str:
        return f"build {self.hut}"


@attrs.frozen
class PassHut:
    """Build no hut this turn (:rule:`R-HUT-3`).

    >>> str(PassHut())
    'pass'
    """

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (9,)

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class HutSide:
    """Chance: the next hut tile of the setup landed with ``hut`` face up (:rule:`R-HUT-1`).

    >>> str(HutSide(Hut.CHIEF))
    'hut-side chief'
    """

    hut: Hut

    def __attrs_post_init__(self) -> None:
        _check_is("HutSide", "hut", _given(self, "hut"), Hut)

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
