"""The moves: every decision a player makes and every chance outcome.

A move is a small frozen value. ``str(move)`` writes it in the move notation and
:func:`cacao_rules.parse_move` reads it back. Each class has a ``sort_key``; the order of
:func:`cacao_rules.legal_moves` is the order of these keys (:rule:`R-DECIDE-3`): first by
the move's class in the order below, then by its fields.
"""

from __future__ import annotations

from typing import Any

import attrs

from .components import JungleTile, Side, WorkerType
from .geometry import Square, format_square


@attrs.frozen
class Place:
    """Place hand tile ``type`` on ``square``, turned ``rotation`` quarter turns clockwise.

    >>> str(Place(WorkerType.W2101, (1, 0), 1))
    'place 2-1-0-1 1,0 r1'
    """

    type: WorkerType
    square: Square
    rotation: int

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

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (2, self.type.sort_key)

    def __str__(self) -> str:
        return f"discard {self.type}"


@attrs.frozen
class FillChoice:
    """One jungle space and the display tile put on it."""

    square: Square
    tile: JungleTile

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (self.square, self.tile.sort_key)

    def __str__(self) -> str:
        return f"{format_square(self.square)}={self.tile.code}"


@attrs.frozen
class Fill:
    """Which display tile goes on which jungle space this turn (:rule:`R-FILL-2`).

    ``choices`` is sorted by square. Spaces it leaves out get blind draws from the pile
    (:rule:`R-FILL-4`) or stay empty (:rule:`R-FILL-5`).

    >>> str(Fill((FillChoice((0, 2), JungleTile.from_code("M3")),)))
    'fill 0,2=M3'
    """

    choices: tuple[FillChoice, ...]

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (3, tuple(choice.sort_key for choice in self.choices))

    def __str__(self) -> str:
        return " ".join(["fill", *(str(choice) for choice in self.choices)])


@attrs.frozen
class Resolve:
    """Use ``workers`` of the activated edge ``side`` of the tile on ``square``.

    Using fewer workers than the edge has forgoes the rest (:rule:`R-ACT-4`).

    >>> str(Resolve((1, 0), Side.W, 1))
    'resolve 1,0 W 1'
    """

    square: Square
    side: Side
    workers: int

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (4, self.square, int(self.side), self.workers)

    def __str__(self) -> str:
        return f"resolve {format_square(self.square)} {self.side.name} {self.workers}"


@attrs.frozen
class DrawWorker:
    """Chance: the worker tile drawn from a player's pile is a ``type``.

    >>> str(DrawWorker(WorkerType.W1111))
    'draw-worker 1-1-1-1'
    """

    type: WorkerType

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

    @property
    def sort_key(self) -> tuple[Any, ...]:
        return (6, self.tile.sort_key)

    def __str__(self) -> str:
        return f"draw-jungle {self.tile.code}"


Move = Place | Overbuild | Discard | Fill | Resolve | DrawWorker | DrawJungle
"""Any move: a player's decision or a chance outcome."""

ChanceMove = DrawWorker | DrawJungle
"""A chance outcome."""
