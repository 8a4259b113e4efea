"""Bots named by text, as the command line and the game server name them: :func:`bot_factory`.

A spec is a built-in bot's name (``random``, ``greedy``, ``mcts``), the search bot with its
strength (``mcts:1s``, ``mcts:250ms`` thinking time per decision, ``mcts:2000it``
iterations per decision), or a program speaking the bot protocol (``exec:COMMAND``, the
command split like a shell's words by :func:`shlex.split`, e.g.
``exec:python3 examples/external_bot.py``).

A program is started only where the person running this process asked for it: their own command
line (``--seats human,exec:COMMAND``, ``serve --bot NAME=exec:COMMAND``) or their own Python
(``bot_factory(spec, programs=True)``, :class:`~cacao_rules.ProgramBot`). Every other spec,
from a record, a saved game, a request or a database, is read with the default
``programs=False``, which refuses an ``exec:`` spec: a file or a message is data, never a
command.

>>> bot_factory("mcts:250ms")(7)
MCTSBot(7, seconds=0.25)
>>> bot_factory("mcts:2000it")(7)
MCTSBot(7, iterations=2000)
>>> bot_factory("greedy")(7)
GreedyBot(7)
"""

from __future__ import annotations

import re
import shlex
from typing import Final

import attrs

from ..errors import ConfigError, bad_type, excerpt, expect
from .bots import Bot
from .mcts import MCTSBot
from .program import ProgramBot
from .registry import BOTS

EXEC: Final = "exec:"
"""The prefix of a spec that names a program."""

HUMAN: Final = "human"
"""The seat of a person (at the terminal, or a client of the game server), named beside the
bots' specs wherever seats are named."""

_STRENGTH: Final = re.compile(r"(\d+(?:\.\d+)?)(s|ms|it)")
"""A search bot's strength after the colon: a number and its unit."""

SPEC_HELP: Final = (
    "a bot is one of: "
    + ", ".join(BOTS)
    + "; mcts with a strength, such as mcts:1s, mcts:250ms (time per decision) or "
    "mcts:2000it (iterations per decision); or exec:COMMAND, a program speaking the bot "
    "protocol cacao-bot/1"
)
"""What a spec may be, for error messages and help texts."""


@attrs.frozen
class SpecFactory:
    """Makes the bot a spec names from a seed; picklable, so that
    :func:`~cacao_rules.simulate` can send it to other processes."""

    spec: str
    name: str
    seconds: float | None = None
    iterations: int | None = None
    command: tuple[str, ...] = ()

    def __call__(self, seed: int) -> Bot:
        if self.command:
            return ProgramBot(self.command)
        if self.seconds is not None or self.iterations is not None:
            return MCTSBot(seed, seconds=self.seconds, iterations=self.iterations)
        return BOTS[self.name](seed)


def names_program(spec: str) -> bool:
    """Whether ``spec`` names a program (``exec:COMMAND``) rather than a built-in bot."""
    return spec.strip().startswith(EXEC)


def bot_factory(spec: str, *, programs: bool = False) -> SpecFactory:
    """The factory of the bot that ``spec`` names (see the module docstring).

    An ``exec:`` spec is read only with ``programs=True``, which the caller passes when
    ``spec`` is its own person's choice (a command-line option, a literal in their code);
    without it, such a spec is refused like an unknown bot, so that a spec read from a file or
    a message never starts a program. The command of an ``exec:`` spec is started only when a
    bot is made.

    Raises :class:`~cacao_rules.ConfigError`, saying what a spec may be, for any other
    string (``TypeError`` for something that is no string).

    >>> bot_factory("exec:python3 bot.py")
    Traceback (most recent call last):
    ...
    cacao_rules.errors.ConfigError: 'exec:python3 bot.py' names a program, which is started ...
    """
    if not isinstance(spec, str):
        raise bad_type("a bot spec", f"a string ({SPEC_HELP})", spec)
    expect(programs, bool)
    text = spec.strip()
    if names_program(text):
        if not programs:
            raise ConfigError(
                f"{excerpt(spec)} names a program, which is started only when asked for "
                "explicitly (bot_factory(spec, programs=True), or --seats on the command line)"
            )
        try:
            command = tuple(shlex.split(text[len(EXEC) :]))
        except ValueError as error:
            raise ConfigError(f"cannot split the command of {excerpt(spec)}: {error}") from None
        if not command:
            raise ConfigError(f"{excerpt(spec)} names no command; write exec:COMMAND")
        return SpecFactory(text, "exec", command=command)
    name, colon, strength = text.lower().partition(":")
    if name not in BOTS:
        raise ConfigError(f"unknown bot {excerpt(spec)}; {SPEC_HELP}")
    if not colon:
        return SpecFactory(name, name)
    if name != "mcts":
        raise ConfigError(f"only mcts takes a strength, got {excerpt(spec)}; {SPEC_HELP}")
    match = _STRENGTH.fullmatch(strength)
    if match is None or float(match[1]) <= 0:
        raise ConfigError(
            f"the strength in {excerpt(spec)} must be a positive time or count such as 1s, "
            "250ms or 2000it"
        )
    number, unit = match[1], match[2]
    if unit == "it":
        if "." in number:
            raise ConfigError(f"iterations are a whole number, got {excerpt(spec)}")
        return SpecFactory(text.lower(), name, iterations=int(number))
    seconds = float(number) / (1000 if unit == "ms" else 1)
    return SpecFactory(text.lower(), name, seconds=seconds)
