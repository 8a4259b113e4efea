"""The terminal the commands print to: its width and height, text wrapped to it, and the
parser whose error messages are wrapped at word boundaries instead of cut by the terminal
mid-word.

The width is ``--width`` when given, else ``$COLUMNS`` or the terminal's size
(:func:`shutil.get_terminal_size`), 80 columns when neither is known (output to a file or
a pipe), and never less than :data:`MIN_WIDTH`. The height is ``--height`` when given, else
``$LINES`` or the terminal's at a terminal, and unknown (no limit) when the output is a file
or a pipe.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, Final, NoReturn, TextIO

from ..errors import excerpt

MIN_WIDTH: Final = 40
"""The narrowest width the commands wrap their text to."""
DEFAULT_WIDTH: Final = 80
"""The width when no terminal says otherwise."""


MIN_HEIGHT: Final = 12
"""The lowest height the prompt of ``play`` fits its text to."""


def terminal_height(out: TextIO, option: int | None = None) -> int | None:
    """The rows to fit a screen to: ``option`` (``--height``) if given, else ``$LINES`` or
    the terminal's when ``out`` is a terminal; ``None`` when it is a file or a pipe, which
    has no screen to fit (whatever ``$LINES`` says)."""
    if option is not None:
        return option
    if not out.isatty():
        return None
    return max(shutil.get_terminal_size((DEFAULT_WIDTH, 24)).lines, MIN_HEIGHT)


def terminal_width(option: int | None = None) -> int:
    """The width to print to: ``option`` (``--width``) if given, else the terminal's."""
    if option is not None:
        return max(option, MIN_WIDTH)
    columns = shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns
    return max(columns, MIN_WIDTH)


def wrapped(text: str, width: int, indent: str = "    ") -> str:
    """Each line of ``text`` wrapped at word boundaries to ``width`` columns, the lines a
    long one breaks into indented by ``indent``. Words are never split, nor at hyphens
    (``2-1-0-1`` stays whole), so a word longer than the line overflows it.

    >>> print(wrapped("seat 0 has no 1-1-1-1 tile in hand (hand: 2-1-0-1 3-1-0-0)", 30))
    seat 0 has no 1-1-1-1 tile in
        hand (hand: 2-1-0-1
        3-1-0-0)
    """
    return "\n".join(
        "\n".join(
            textwrap.wrap(
                line,
                width,
                subsequent_indent=indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
            or [""]
        )
        for line in text.splitlines()
    )


def _width_number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise argparse.ArgumentTypeError(f"expected a number of columns, got {excerpt(text)}")
    value = int(text)
    if value < MIN_WIDTH:
        raise argparse.ArgumentTypeError(
            f"the width must be at least {MIN_WIDTH}, got {excerpt(value)}"
        )
    return value


def _height_number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise argparse.ArgumentTypeError(f"expected a number of rows, got {excerpt(text)}")
    value = int(text)
    if value < MIN_HEIGHT:
        raise argparse.ArgumentTypeError(f"the height must be at least {MIN_HEIGHT}, got {value}")
    return value


def add_height_option(parser: argparse.ArgumentParser) -> None:
    """``--height ROWS``, read by :func:`terminal_height`."""
    parser.add_argument(
        "--height",
        type=_height_number,
        default=None,
        metavar="ROWS",
        help="the rows to fit each decision's board, moves and prompt to (default: the "
        f"terminal's, or $LINES; no limit when printing to a file; at least {MIN_HEIGHT})",
    )


def add_width_option(parser: argparse.ArgumentParser) -> None:
    """``--width COLUMNS``, read by :func:`terminal_width`."""
    parser.add_argument(
        "--width",
        type=_width_number,
        default=None,
        metavar="COLUMNS",
        help="the width to fit the text to (default: the terminal's, or $COLUMNS; 80 when "
        f"printing to a file; at least {MIN_WIDTH})",
    )


class Parser(argparse.ArgumentParser):
    """An argument parser whose error message is wrapped to the terminal's width when it
    is printed to a terminal (to a file or a pipe it stays one line, for ``grep``), and
    quotes a wrong choice in part (:func:`~cacao_rules.errors.excerpt`), as every message
    quotes its input."""

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """argparse's check of a choice, with the value quoted by ``excerpt``."""
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(repr, action.choices))
            raise argparse.ArgumentError(
                action, f"invalid choice: {excerpt(value)} (choose from {choices})"
            )

    def refuse_extra(self, extra: Sequence[str]) -> None:
        """Refuse the arguments that no option took (``parse_known_args``'s second part), as
        ``parse_args`` does, but with each quoted in part."""
        if extra:
            self.error(f"unrecognized arguments: {' '.join(excerpt(arg) for arg in extra)}")

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        text = f"{self.prog}: error: {message}"
        if sys.stderr is not None and sys.stderr.isatty():
            text = wrapped(text, terminal_width(), indent="  ")
        self.exit(2, text + "\n")
