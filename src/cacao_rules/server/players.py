"""Who may sit at a seat: ``human``, a built-in bot or an external bot the operator named.

A client names a seat's player with a SPEC (see the command line's ``--seats``): ``human``,
``random``, ``greedy``, ``mcts``, or ``mcts`` with a budget per decision (``mcts:250ms``,
``mcts:1s``, ``mcts:2000it``). The server caps a search bot's budget (one client must not
buy a minute of the server's time per move) and never runs a command a client names: an
external bot (``exec:COMMAND``, the ``cacao-bot/1`` protocol) is seated by the name the
operator gave it (``cacao-rules serve --bot NAME=exec:COMMAND``).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Mapping

import cacao_rules as cr

from ..agents.bots import Bot
from ..agents.registry import BOTS

HUMAN = "human"
_BUDGET = re.compile(r"mcts:([0-9]{1,7})(ms|s|it)")
_MAX_ITERATIONS = 20_000

BotMaker = Callable[[int], Bot]
"""Makes a seat's bot from a seed."""


def check_player(spec: object, external: Mapping[str, str], max_ms: int) -> str:
    """``spec`` when a client may seat it; :class:`cr.ConfigError` saying what may be seated
    otherwise."""
    allowed = [HUMAN, *BOTS, "mcts:250ms", "mcts:2000it", *external]
    if not isinstance(spec, str) or not (
        spec == HUMAN or spec in BOTS or spec in external or _budget_ok(spec, max_ms)
    ):
        raise cr.ConfigError(
            f"a seat's player must be one of {', '.join(allowed)} (a search bot's budget at "
            f"most {max_ms} ms or {_MAX_ITERATIONS} iterations), got {str(spec)[:60]!r}"
        )
    return spec


def _budget_ok(spec: str, max_ms: int) -> bool:
    match = _BUDGET.fullmatch(spec)
    if match is None:
        return False
    amount, unit = int(match[1]), match[2]
    limit = {"ms": max_ms, "s": max_ms // 1000, "it": _MAX_ITERATIONS}[unit]
    return 1 <= amount <= limit


def bot_maker(spec: str, external: Mapping[str, str]) -> BotMaker:
    """How to make the bot of a checked, non-human ``spec``."""
    if spec in external:
        return _external(external[spec])
    if spec in BOTS:
        return BOTS[spec]
    match = _BUDGET.fullmatch(spec)
    assert match is not None, spec  # checked by check_player
    amount, unit = int(match[1]), match[2]
    if unit == "it":
        return lambda seed: cr.MCTSBot(seed, iterations=amount)
    seconds = amount / 1000 if unit == "ms" else float(amount)
    return lambda seed: cr.MCTSBot(seed, seconds=seconds)


def choose(spec: str, seed: int, state: cr.State) -> cr.Move:
    """The move a fresh built-in bot of ``spec``, seeded ``seed``, makes in ``state``: run in
    the server's bot processes, so that a search holds no lock of the server's own."""
    return bot_maker(spec, {})(seed).choose(state)


def _external(spec: str) -> BotMaker:
    """An operator's ``exec:COMMAND`` bot, run with ``cr.ProgramBot`` (the bot protocol)."""
    command = shlex.split(spec.removeprefix("exec:"))

    def make(_seed: int) -> Bot:
        program: Callable[[list[str]], Bot] | None = getattr(cr, "ProgramBot", None)
        if program is None:
            raise cr.ConfigError("external bots need cr.ProgramBot (the bot protocol)")
        bot: Bot = program(command)
        return bot

    return make


def check_external(named: Mapping[str, str]) -> dict[str, str]:
    """The operator's external bots, checked: a NAME of letters, digits, ``-`` and ``_``
    that is no built-in's, and an ``exec:COMMAND`` SPEC."""
    for name, spec in named.items():
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,30}", name) or name in (HUMAN, *BOTS):
            raise cr.ConfigError(f"an external bot needs a name of its own, got {name!r}")
        if not spec.startswith("exec:") or not shlex.split(spec.removeprefix("exec:")):
            raise cr.ConfigError(f"an external bot is exec:COMMAND, got {spec!r}")
    return dict(named)
