"""A prototype measurement, not engine code: what an integer-coded board would save (issue 39).

The steady-state instruction profile of the compiled engine is flat: the engine's own
functions are a few per cent, and most instructions go to CPython's objects: tuples (the
squares, made, hashed and compared as dictionary keys), dictionary reads, allocation and
freeing, boxing integers, and the garbage collector tracking the tuples. This measures the
shape that issue 39 proposes instead, on the work every placement does, over the same
mid-game placements of seeded random games:

- **tuple form** (the engine today): list the placements (``placement_moves``: for each tile
  type in hand, the kept moves of each frontier square, read from a dictionary keyed by
  square), lay the chosen tile (``with_worker``: the board, a dictionary keyed by square,
  copied with one more entry, and the sorted frontier without the square), and read the
  four neighbours of the square laid;
- **integer form**: a square is one integer (``x * 64 + y`` with offsets), the board a
  ``bytearray`` of tile codes, the frontier a sorted list of codes and the kept moves a list
  per tile type indexed by code; the same three steps, giving the same moves.

Both run interpreted here (a compiled prototype would need a mypyc build of its own), in
interleaved rounds; the figure is the median time of the integer form over the tuple form.

    python benchmarks/integer_form.py [--games 6] [--rounds 9] [--passes 20]
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import Any

import cacao_rules as cr
from cacao_rules.game.components import WorkerTile
from cacao_rules.game.geometry import Square, neighbours
from cacao_rules.state.board import free_squares, with_worker
from cacao_rules.turn.placement import TILE_MOVES, hand_types, placement_moves

OFFSET = 32
WIDTH = 64
"""A square ``(x, y)`` is the code ``(x + OFFSET) * WIDTH + y + OFFSET``; neighbours are
``code - 1`` (north), ``code + WIDTH`` (east), ``code + 1`` (south), ``code - WIDTH`` (west)."""


def code(square: Square) -> int:
    """The integer of ``square``."""
    return (square[0] + OFFSET) * WIDTH + square[1] + OFFSET


def placements(games: int, seed: int) -> list[tuple[cr.State, cr.Move]]:
    """The mid-game placements (Place moves) of ``games`` seeded random 4-player games."""
    rng = random.Random(seed)
    chosen = []
    for _ in range(games):
        state = cr.new_game(cr.Config(players=4), seed=rng.getrandbits(64))
        while not state.is_over:
            move = rng.choice(cr.legal_moves(state))
            if isinstance(move, cr.Place) and 10 <= state.turn < 26 and state.jungle_pile:
                chosen.append((state, move))
            state = cr.apply(state, move)
    return chosen


def tuple_form(state: cr.State, move: cr.Place, tile: WorkerTile) -> int:
    """The three steps on the engine's own values, ``tile`` being the tile laid; returns a
    count, so that nothing is left unread."""
    moves = placement_moves(state)
    board = with_worker(state.board, move.square, tile)
    seen = sum(1 for near in neighbours(move.square) if board.get(near) is not None)
    return len(moves) + seen + len(free_squares(board))


class Coded:
    """One placement state in the integer form, converted once, outside the timing."""

    def __init__(self, state: cr.State, move: cr.Place, tiles: dict[object, int]) -> None:
        self.cells = bytearray(WIDTH * WIDTH)
        for square, tile in state.board.items():
            self.cells[code(square)] = tiles.setdefault(tile, len(tiles)) % 255 + 1
        self.frontier = [code(square) for square in free_squares(state.board)]
        self.types = [KINDS.index(kind) for kind in hand_types(state)]
        self.square = code(move.square)
        self.tile = tiles.setdefault(move, len(tiles)) % 255 + 1


KINDS = list(cr.WorkerType)
TABLE: list[list[Sequence[Any]]] = [[() for _ in range(WIDTH * WIDTH)] for _ in KINDS]
"""The kept placements by tile type and square code: the engine's own move objects."""


def fill_table() -> None:
    """Copy the engine's kept placements into :data:`TABLE`."""
    for index, kind in enumerate(KINDS):
        for square, moves in TILE_MOVES.places[kind].items():
            TABLE[index][code(square)] = moves  # type: ignore[arg-type]


def integer_form(coded: Coded) -> int:
    """The same three steps on the integer form."""
    moves: list[Any] = []
    frontier = coded.frontier
    for kind in coded.types:
        row = TABLE[kind]
        for square in frontier:
            moves.extend(row[square])
    cells = coded.cells[:]
    placed = coded.square
    cells[placed] = coded.tile
    at = bisect_left(frontier, placed)
    rest = frontier[:at] + frontier[at + 1 :]
    seen = (
        (cells[placed - 1] != 0)
        + (cells[placed + WIDTH] != 0)
        + (cells[placed + 1] != 0)
        + (cells[placed - WIDTH] != 0)
    )
    return len(moves) + seen + len(rest)


def timed(calls: Sequence[Callable[[], int]], passes: int) -> float:
    """Seconds for ``passes`` passes over ``calls``."""
    start = time.perf_counter()
    for _ in range(passes):
        for call in calls:
            call()
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    """Measure both forms in interleaved rounds and print the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--passes", type=int, default=20, help="passes over the states a round")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    chosen = placements(args.games, args.seed)
    tiles: dict[object, int] = {}
    pairs = [(s, m) for s, m in chosen if isinstance(m, cr.Place)]
    for state, _ in pairs:
        placement_moves(state)  # so that every kept move exists before the table is copied
    coded = [Coded(state, move, tiles) for state, move in pairs]
    fill_table()
    laid = [cr.apply(state, move).board[move.square] for state, move in pairs]
    old = [
        functools.partial(tuple_form, state, move, tile)
        for (state, move), tile in zip(pairs, laid, strict=True)
        if isinstance(tile, WorkerTile)
    ]
    new = [functools.partial(integer_form, item) for item in coded]
    for (state, _), item in zip(pairs, coded, strict=True):  # the same moves, in order
        assert placement_moves(state) == [
            move for kind in item.types for square in item.frontier for move in TABLE[kind][square]
        ]
    ratios = []
    for index in range(args.rounds):
        first, second = (old, new) if index % 2 == 0 else (new, old)
        a, b = timed(first, args.passes), timed(second, args.passes)
        tuple_seconds, integer_seconds = (a, b) if index % 2 == 0 else (b, a)
        ratios.append(integer_seconds / tuple_seconds)
    build = "compiled" if cr.COMPILED else "pure"
    print(
        f"{len(pairs)} placements ({build} engine, prototype interpreted, Python "
        f"{sys.version.split()[0]}): the integer form takes {statistics.median(ratios):.2f} "
        f"of the tuple form's time (median of {args.rounds} rounds, "
        f"{min(ratios):.2f}-{max(ratios):.2f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
