"""``cacao-rules bot SPEC``: a built-in bot as a program speaking the bot protocol.

The program reads the protocol's messages (``docs/bot-protocol.md``) on standard input and
answers on standard output, by :func:`~cacao_rules.agents.program.serve`: any program that
seats bots by the protocol (``exec:cacao-rules bot greedy``, the game server) can seat a
built-in bot the same way as one written in another language.
"""

from __future__ import annotations

import argparse
import io
import sys
from typing import TextIO

from ..agents.program import serve
from ..agents.specs import SPEC_HELP, bot_factory
from ..errors import excerpt
from .options import bot_specs, seed_number


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``bot`` to the command's subcommands."""
    parser = commands.add_parser(
        "bot",
        help="run a built-in bot as a program speaking the bot protocol cacao-bot/1",
        description="Answer the bot protocol cacao-bot/1 on standard input and output as "
        f"the bot SPEC; {SPEC_HELP}.",
    )
    parser.add_argument("spec", type=_one_spec, metavar="SPEC", help="the bot, such as mcts:1s")
    parser.add_argument(
        "--seed", type=seed_number, default=1, metavar="S", help="the bot's seed (default 1)"
    )
    parser.set_defaults(run=run, parser=parser)


def _one_spec(text: str) -> str:
    specs = bot_specs(text)
    if len(specs) != 1 or specs[0].startswith("exec:"):
        raise argparse.ArgumentTypeError(f"name one built-in bot, got {excerpt(text)}")
    return specs[0]


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    bot = bot_factory(args.spec)(args.seed)
    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8: a line serve
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")  # reports, skips
    try:
        serve(bot, sys.stdin, out, name=args.spec)
    except KeyboardInterrupt:
        print("cacao-rules bot: interrupted", file=err)
        return 130
    return 0
