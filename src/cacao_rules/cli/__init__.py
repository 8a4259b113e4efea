"""The ``cacao-rules`` command (also ``python -m cacao_rules``), one file per subcommand.

``cacao-rules play`` plays one seeded game between built-in bots and prints it turn by
turn; ``cacao-rules simulate`` plays many and prints win rates, average scores and speed.
See ``docs/cli.md``. Each subcommand's module has ``add_command(commands)``, which adds its
parser and sets ``run``, the function that runs it with the parsed arguments, stdout and stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TextIO

from .. import __version__
from . import bot, play, replay, serve, simulate

COMMANDS = (play, simulate, replay, serve, bot)
"""The subcommands' modules, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cacao-rules`` command."""
    parser = argparse.ArgumentParser(
        prog="cacao-rules",
        description="Play and simulate games of Cacao between built-in bots.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_command(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``cacao-rules`` command with ``argv`` (default: ``sys.argv[1:]``).

    Returns the exit code: 0 on success, 2 for bad arguments (with a message on stderr).
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        run: Callable[[argparse.Namespace, TextIO, TextIO], int] = args.run
        return run(args, sys.stdout, sys.stderr)
    except SystemExit as exc:  # argparse: --help, --version and argument errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except BrokenPipeError:  # the output was piped into a command that stopped reading
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes stdout
        return 1


__all__ = ["build_parser", "main"]
