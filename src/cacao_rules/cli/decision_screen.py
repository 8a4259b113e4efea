"""What a human seat shows at a decision, fitted to the terminal's height.

At a decision the prompt shows the compact board, the table and the seats (the panel), the
running score, the legal moves numbered and, the first time, the board's legend and the
notation of the kinds of move on offer. In a Big Game that is a hundred lines and more, and
the board would scroll out of a terminal of 24 rows before the question is asked. So, when
the terminal's height is known (:func:`~cacao_rules.cli.terminal.terminal_height`), the
screen gives up one thing at a time, in this fixed order, until the board's first line and
the prompt fit together:

1. the legend and the notation guide become one line that points to ``help``;
2. the placements are folded: a tile's rotations on one square are one line with their
   numbers, ``17-20 place 2-1-0-1 1,2 r0-r3`` (each number is still an answer);
3. the panel shrinks to this seat's line and what the game waits for, without the running
   score (``board`` shows them all);
4. the move list is cut, with a line saying how many moves are left out and that ``moves``
   lists them all; and when the board alone is taller than the terminal, its lower rows
   are cut too, with a line that says so (``board`` shows it whole).

A height that fits everything (or none known: output to a file or a pipe) shows all of it,
as before.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Final

import attrs

from ..game.moves import Move, Overbuild, Place

POINTER: Final = "Type help for the board's symbols and what the moves' notation means."
"""The line that stands for the legend and the notation guide when they do not fit."""
BOARD_CUT: Final = "    (the board goes on below: type board to see all of it)"
"""The line under a board cut to the terminal's height."""
MIN_MOVE_ROWS: Final = 2
"""The fewest rows of moves a cut list keeps, before its line of how many are left out."""
_ESCAPE: Final = re.compile(r"\x1b\[[0-9;]*m")
"""A colour's escape sequence, which takes no room on the screen."""


@attrs.frozen
class Entry:
    """One item of the move list: the moves numbered ``first`` to ``last`` (a tile's
    rotations on one square when folded, else one move), as ``text`` says them."""

    first: int
    last: int
    text: str


@attrs.frozen
class Screen:
    """The parts of a decision's screen, each as the lines it prints."""

    board: tuple[str, ...]
    legend: tuple[str, ...]
    panel: tuple[str, ...]
    short_panel: tuple[str, ...]
    score: tuple[str, ...]
    guide: tuple[str, ...]
    moves: tuple[Move, ...]


def rows(lines: Sequence[str], width: int) -> int:
    """The rows ``lines`` take on a screen ``width`` columns wide (a longer line wraps)."""
    return sum(max(1, math.ceil(len(_ESCAPE.sub("", line)) / width)) for line in lines)


def entries(moves: Sequence[Move], *, fold: bool) -> list[Entry]:
    """The moves numbered from 1, one entry each, or with ``fold`` a tile's rotations on one
    square (consecutive in the list) as one entry: ``place 2-1-0-1 1,2 r0-r3``."""
    found: list[tuple[int, Move, Move]] = []  # first number, first move, last move
    for number, move in enumerate(moves, 1):
        if fold and found and _next_rotation(found[-1][2], move):
            found[-1] = (found[-1][0], found[-1][1], move)
        else:
            found.append((number, move, move))
    return [_entry(first, start, end) for first, start, end in found]


def _next_rotation(before: Move, move: Move) -> bool:
    """Whether ``move`` lays the same tile on the same square as ``before``, a quarter turn
    further."""
    if not (isinstance(before, Place | Overbuild) and isinstance(move, Place | Overbuild)):
        return False
    return (
        type(before) is type(move)
        and (before.type, before.square) == (move.type, move.square)
        and move.rotation == before.rotation + 1
    )


def _entry(first: int, start: Move, end: Move) -> Entry:
    if start is end:
        return Entry(first, first, str(start))
    assert isinstance(start, Place | Overbuild) and isinstance(end, Place | Overbuild)
    lay = str(start).rsplit(" ", 1)[0]
    count = end.rotation - start.rotation
    return Entry(first, first + count, f"{lay} r{start.rotation}-r{end.rotation}")


def columns(items: Sequence[Entry], width: int) -> list[str]:
    """``items`` numbered, in as many columns as fit ``width``, down each column first."""
    labels = [
        str(item.first) if item.first == item.last else f"{item.first}-{item.last}"
        for item in items
    ]
    label_width = max(len(label) for label in labels)
    cells = [
        f"{label:>{label_width}} {item.text}" for label, item in zip(labels, items, strict=True)
    ]
    cell = max(len(text) for text in cells) + 3
    per_line = max(1, (width + 3) // cell)
    count = (len(cells) + per_line - 1) // per_line
    lines = [
        "".join(text.ljust(cell) for text in cells[row::count]).rstrip() for row in range(count)
    ]
    return [f" {line}" for line in lines]


def fitted(screen: Screen, height: int | None, width: int) -> list[str]:
    """The lines of ``screen`` for a terminal ``height`` rows high (``None``: all of them),
    with one row left for the prompt; see the module's description for what gives way."""
    full_list = columns(entries(screen.moves, fold=False), width)
    everything = [
        *screen.board,
        *screen.legend,
        *screen.panel,
        *screen.score,
        *full_list,
        *screen.guide,
    ]
    if height is None:
        return ["", *everything]
    pointer = [POINTER] if screen.legend or screen.guide else []
    folded = entries(screen.moves, fold=True)
    folded_list = columns(folded, width)
    shapes = [
        everything,
        [*screen.board, *screen.panel, *screen.score, *full_list, *pointer],
        [*screen.board, *screen.panel, *screen.score, *folded_list, *pointer],
        [*screen.board, *screen.short_panel, *folded_list, *pointer],
    ]
    for shape in shapes:
        if rows(["", *shape], width) <= height - 1:
            return ["", *shape]
    room = height - 1 - rows(["", *screen.short_panel, *pointer], width)
    board = list(screen.board)
    if rows(board, width) + MIN_MOVE_ROWS + 1 > room:
        board = _cut_board(board, room - MIN_MOVE_ROWS - 2, width)
    moves = _cut_list(folded, room - rows(board, width), width, len(screen.moves))
    return ["", *board, *screen.short_panel, *moves, *pointer]


def _cut_board(board: list[str], room: int, width: int) -> list[str]:
    """The first lines of ``board`` that fit ``room`` rows, and the line that says so."""
    kept: list[str] = []
    for line in board:
        if rows([*kept, line], width) > room:
            break
        kept.append(line)
    return [*kept, BOARD_CUT]


def _cut_list(folded: list[Entry], room: int, width: int, total: int) -> list[str]:
    """The first entries of ``folded`` in columns within ``room`` rows, the last of them
    saying how many moves are left out."""
    for count in range(len(folded) - 1, 0, -1):
        lines = columns(folded[:count], width)
        if rows(lines, width) <= room - 1:
            left = total - folded[count - 1].last
            return [*lines, f" ... and {left} more moves: type moves to list them all"]
    return [f" {total} moves: type moves to list them all"]
