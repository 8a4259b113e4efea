"""What the notation of the moves on offer means, for the prompt of a human seat.

A person at the prompt sees moves such as ``place 2-1-0-1 1,0 r1`` or ``resolve 0,1 N 2``.
:func:`notation_guide` explains the kinds among the legal moves in plain words, once per
kind: for a placement it draws each worker tile in hand in every rotation it can lie in
(``r0`` to ``r3``, quarter turns clockwise), for a resolution it says what the count of
workers means, taken from one of the moves on offer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..game.components import Side, WorkerType
from ..game.moves import Fill, Move, Overbuild, Place, Resolve

_SIDES: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}


def rotations_drawn(kinds: Sequence[WorkerType]) -> list[str]:
    """Each worker type of ``kinds`` in every rotation it can lie in, side by side, its
    workers on the north, east, south and west edges as the board draws them.

    >>> from cacao_rules import WorkerType
    >>> print("\\n".join(rotations_drawn([WorkerType.W2101])))
    2-1-0-1      r0      r1      r2      r3
                 2       1       0       1
               1[ ]1   0[ ]2   1[ ]1   2[ ]0
                 0       1       2       1
    """
    lines: list[str] = []
    for kind in dict.fromkeys(kinds):
        rotations = kind.rotations
        drawn = [kind.rotated(rotation) for rotation in rotations]
        head = f"{kind!s:<10}" + " ".join(f"   r{rotation}  " for rotation in rotations)
        north = " " * 10 + " ".join(f"   {n}   " for n, _, _, _ in drawn)
        middle = " " * 10 + " ".join(f" {w}[ ]{e} " for _, e, _, w in drawn)
        south = " " * 10 + " ".join(f"   {s}   " for _, _, s, _ in drawn)
        lines += [line.rstrip() for line in (head, north, middle, south)]
    return lines


def _placing(moves: Sequence[Place | Overbuild]) -> list[str]:
    verbs = sorted({type(move).__name__.lower() for move in moves}, reverse=True)
    return [
        f"{' or '.join(verbs)} TYPE X,Y rN: lay your worker tile TYPE (its workers on the "
        "north-east-south-west edges) on the square in column X, row Y, turned N quarter "
        "turns clockwise; your tiles in hand turn so:",
        *rotations_drawn([move.type for move in moves]),
    ]


def _resolving(moves: Sequence[Resolve]) -> list[str]:
    most: dict[tuple[tuple[int, int], Side], int] = {}
    for move in moves:
        edge = (move.square, move.side)
        most[edge] = max(most.get(edge, 0), move.workers)
    example = next(
        (move for move in moves if 0 < move.workers < most[move.square, move.side]),
        max(moves, key=lambda move: move.workers),
    )
    side = _SIDES[example.side.name]
    on_edge = most[example.square, example.side]
    used = f"all {on_edge}" if example.workers == on_edge else f"{example.workers} of the {on_edge}"
    lines = [
        f"resolve X,Y SIDE N: use N workers of the activated SIDE edge (N, E, S or W) of your "
        f"tile on X,Y; fewer than all forgoes the rest. {example} uses {used} workers on "
        f"the {side} edge of the tile on {example.square[0]},{example.square[1]}."
    ]
    if any(move.bars for move in moves):
        lines.append("  bN: N of those workers sell a chocolate bar, the others a cacao fruit.")
    if any(any(move.gems) for move in moves):
        lines.append("  gRGBW: the gems taken, one digit per colour (red, green, blue, white).")
    return lines


def notation_guide(moves: Sequence[Move]) -> list[str]:
    """Lines that explain the notation of the kinds of move in ``moves``: the placements
    with the rotations of each tile drawn, the resolutions with an example, the fills.
    Kinds whose notation says it all (``discard``, ``slide``, ``hut``...) need none."""
    placing = [move for move in moves if isinstance(move, Place | Overbuild)]
    resolving = [move for move in moves if isinstance(move, Resolve)]
    lines: list[str] = []
    if placing:
        lines += _placing(placing)
    if resolving:
        lines += _resolving(resolving)
    if any(isinstance(move, Fill) for move in moves):
        lines.append(
            "fill X,Y=CODE ...: the jungle tile (its code, as on the board) put on each empty "
            "space, from the display (X,Y=map:CODE: from the map board); spaces left out get "
            "tiles drawn blind from the pile."
        )
    return lines
