"""Board geometry: squares, their neighbours and the checkerboard of jungle and worker squares.

The starting single plantation lies at ``(0, 0)``, so jungle squares have an even
``x + y`` and worker squares an odd one (:rule:`R-PLACE-2`).
"""

from __future__ import annotations

from typing import Final, TypeAlias

from ..errors import wrong_type
from .components import Side

Square = tuple[int, int]
"""A square of the board, ``(x, y)``; north is ``(x, y - 1)``."""

KeptSquare: TypeAlias = object
"""A :data:`Square` that code hands on or keys a table with, without reading ``x`` or
``y``: the frontier, the spaces to fill and the keys of the kept moves and neighbours
(:func:`~cacao_rules.state.board.square_object`). Typed ``object`` for the compiled build:
mypyc holds a ``tuple[int, int]`` unboxed and builds a new tuple wherever one is stored,
handed on or looked up, which costs an allocation and loses the kept object's identity."""

SIDES: Final = tuple(Side)

OPPOSITE: Final = tuple(int(side.opposite) for side in SIDES)
"""Each side's opposite, by the sides' numbers: a tile on a square's side faces it with
its edge on the opposite side. A table, for the loops that go round a square by number."""

SORTED_STEPS: Final = ((-1, 0), (0, -1), (0, 1), (1, 0))
"""The steps from a square to its neighbours W, N, S and E: the order in which those
neighbours sort (by ``x``, then ``y``)."""


def neighbour(square: Square, side: Side) -> Square:
    """The square beyond ``side`` of ``square``.

    >>> neighbour((0, 0), Side.N)
    (0, -1)
    """
    dx, dy = side.delta
    return (square[0] + dx, square[1] + dy)


def neighbours(square: Square) -> tuple[Square, Square, Square, Square]:
    """The four squares sharing an edge with ``square``, in the order N, E, S, W."""
    x, y = square
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


def is_jungle_square(square: Square) -> bool:
    """Whether ``square`` belongs to the jungle tiles' colour of the checkerboard."""
    return (square[0] + square[1]) % 2 == 0


def square_sort_key(square: Square) -> tuple[int, int]:
    """Squares are ordered by ``x``, then ``y``."""
    return square


def format_square(square: Square) -> str:
    """``(1, -2)`` as ``"1,-2"``, the way move notation writes squares."""
    if type(square) is not tuple:
        raise wrong_type(square, "tuple[int, int]")
    return f"{square[0]},{square[1]}"
