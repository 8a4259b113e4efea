"""``cacao-rules replay``: step through a recorded game in the terminal, jump to a move, or
write a page that steps through it in a browser."""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable
from typing import Final, TextIO

from ..engine import step
from ..errors import excerpt
from ..formats.record import GameRecord
from ..show.colour import use_colour
from ..show.describe import describe_event
from ..show.render import render, render_scores
from ..show.replay_page import replay_page
from ..state.state import State
from .exit_codes import BAD_ARGUMENTS, FAILED, INTERRUPTED
from .files import read_record, write_text
from .options import add_color_option, describe_config
from .terminal import add_width_option, terminal_width, wrapped

PROMPT = "-- Enter: next turn, a number: go to that move, q: quit -- "

MOVE_DIGITS: Final = 9
"""The most digits of a move number (a game has far fewer moves)."""
Board = Callable[..., str]
"""Draws a state (and, with ``legend=True``, the symbols): :func:`render` or its coloured
compact form."""


def _move_number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > MOVE_DIGITS:
        raise argparse.ArgumentTypeError(f"expected a move number (0 or more), got {excerpt(text)}")
    return int(text)


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay`` to the command's subcommands."""
    replay = commands.add_parser(
        "replay",
        help="step through a recorded game, or write it as a web page",
        description="Replay a game record (written by `play --record`): every move with what "
        "it did and the board after each turn; on a terminal, one turn at a time.",
    )
    replay.add_argument("file", metavar="FILE", help="the game record to replay")
    replay.add_argument(
        "--move",
        type=_move_number,
        metavar="N",
        help="show only the position after move N (0: the start) and the move itself",
    )
    replay.add_argument(
        "--html",
        metavar="OUT",
        help="write a self-contained web page to OUT that steps through the game",
    )
    add_color_option(replay)
    add_width_option(replay)
    replay.set_defaults(run=run, parser=replay)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    record = read_record(args.file, err)
    if record is None:
        return FAILED
    states = record.replay()
    if args.move is not None and args.move > len(record.moves):
        args.parser.print_usage(err)
        print(
            f"cacao-rules replay: error: --move {args.move}, but the record has "
            f"{len(record.moves)} moves",
            file=err,
        )
        return BAD_ARGUMENTS
    if args.html is not None:
        return write_text(args.html, replay_page(record), "the page", err)
    width = terminal_width(args.width)
    board = _board(use_colour(args.color, out, os.environ), width)
    print(wrapped(_title(record), width), file=out)
    if args.move is not None:
        _show_position(record, states, args.move, out, board, width)
        return 0
    try:
        keys = sys.stdin if _interactive(out) else None
        _step_through(record, states, out, err, keys, board, width)
    except KeyboardInterrupt:
        print("\ncacao-rules replay: interrupted", file=err)
        return INTERRUPTED
    return 0


def _board(colour: bool, width: int) -> Board:
    """How boards are drawn in ``width`` columns: in colour, the compact board of the
    terminal game (the one that has colours); else the full board."""
    if colour:
        return functools.partial(render, compact=True, colour=True, width=width)
    return functools.partial(render, width=width)


def _interactive(out: TextIO) -> bool:
    return sys.stdin is not None and sys.stdin.isatty() and out.isatty()


def _title(record: GameRecord) -> str:
    config = record.config
    seats = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(record.seats))
    seed = "no seed" if record.seed is None else f"seed {record.seed}"
    lines = [f"Cacao{describe_config(config)}, {config.players} players, {seed}: {seats}"]
    lines += [f"{name}: {value}" for name, value in record.tags.items()]
    return "\n".join(lines)


def _move_lines(record: GameRecord, states: tuple[State, ...], number: int) -> list[str]:
    """Move ``number`` (from 1) as the record writes it, then what it did, indented."""
    before, move = states[number - 1], record.moves[number - 1]
    who = "chance" if before.to_move is None else f"seat {before.to_move}"
    comment = record.comments.get(number)
    lines = [f"{number}. {who}: {move}" + (f"   ; {comment}" if comment else "")]
    _, events = step(before, move)
    lines += [f"    {line}" for line in map(describe_event, events) if line is not None]
    return lines


def _show_position(
    record: GameRecord,
    states: tuple[State, ...],
    number: int,
    out: TextIO,
    board: Board,
    width: int,
) -> None:
    print(file=out)
    if number == 0:
        print(f"The start ({len(record.moves)} moves follow)", file=out)
    else:
        print(f"Move {number} of {len(record.moves)}:", file=out)
        print("\n".join(_move_lines(record, states, number)), file=out)
    print(file=out)
    print(board(states[number]), file=out)
    if states[number].is_over:
        print(file=out)
        print(render_scores(states[number], width=width), file=out)


def _step_through(
    record: GameRecord,
    states: tuple[State, ...],
    out: TextIO,
    err: TextIO,
    keys: TextIO | None,
    board: Board,
    width: int,
) -> None:
    """Every move and the board after each turn; with ``keys`` (a terminal), wait for a key
    after each turn: Enter goes on, a number jumps to that move, ``q`` stops."""
    print(file=out)
    print(board(states[0], legend=True), file=out)
    number = 1
    while number <= len(record.moves):
        print("\n".join(_move_lines(record, states, number)), file=out)
        after = states[number]
        if after.turn != states[number - 1].turn or after.is_over:
            print(file=out)
            print(board(after), file=out)
            print(file=out)
            if keys is not None and number < len(record.moves):
                answer = _ask(keys, err)
                if answer == "q":
                    return
                if isinstance(answer, int):
                    number = min(answer, len(record.moves))
                    _show_position(record, states, number, out, board, width)
        number += 1
    if states[-1].is_over:
        print(render_scores(states[-1], width=width), file=out)


def _ask(keys: TextIO, err: TextIO) -> int | str | None:
    """What the user typed: ``None`` for Enter, ``"q"`` to quit, or a move number."""
    while True:
        err.write(PROMPT)
        err.flush()
        answer = keys.readline()
        if not answer or answer.strip().lower() == "q":
            return "q"
        text = answer.strip()
        if not text:
            return None
        if text.isascii() and text.isdigit() and len(text) <= MOVE_DIGITS:
            return int(text)
        print(f"not a move number: {excerpt(text)}", file=err)
