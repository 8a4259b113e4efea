"""The ``cacao-rules`` command (also ``python -m cacao_rules``), one file per subcommand.

``cacao-rules play`` plays one seeded game, people at the terminal against built-in bots or
bots against each other; ``cacao-rules simulate`` plays many and prints win rates, average
scores and speed; ``cacao-rules replay`` steps through a recorded game. Without a
subcommand it prints its help.
See ``docs/cli.md``. Each subcommand's module has ``add_command(commands)``, which adds its
parser and sets ``run``, the function that runs it with the parsed arguments, stdout and stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TextIO

from ..version import __version__
from . import bot, play, replay, serve, simulate
from .terminal import Parser

COMMANDS = (play, simulate, replay, serve, bot)
"""The subcommands' modules, in the order ``--help`` lists them."""


def build_parser() -> Parser:
    """The argument parser of the ``cacao-rules`` command."""
    parser = Parser(
        prog="cacao-rules",
        description="Play Cacao at the terminal against built-in bots (or watch them play), "
        "simulate many games between bots, and replay recorded games. Start with: "
        "cacao-rules play --seats human,greedy",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_command(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``cacao-rules`` command with ``argv`` (default: ``sys.argv[1:]``).

    Returns the exit code: 0 on success, 2 for bad arguments (with a message on stderr).
    """
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        parser.refuse_extra(extra)
        if args.command is None:
            parser.print_help(sys.stdout)
            return 0
        run: Callable[[argparse.Namespace, TextIO, TextIO], int] = args.run
        return run(args, sys.stdout, sys.stderr)
    except SystemExit as exc:  # argparse: --help, --version and argument errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except BrokenPipeError:  # the output was piped into a command that stopped reading
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes stdout
        return 1


__all__ = ["build_parser", "main"]
