"""Who may sit at a seat: ``human``, a built-in bot or an external bot the operator named.

A client names a seat's player with a bot spec, read by the library's one reader of them
(:func:`cacao_rules.agents.specs.bot_factory`): ``human``, ``random``, ``greedy``, ``mcts``,
or ``mcts`` with a budget per decision (``mcts:250ms``, ``mcts:1s``, ``mcts:2000it``). The
server adds its own rule on top: it caps a search bot's budget (one client must not buy a
minute of the server's time per move) and never runs a command a client names. An external
bot (``exec:COMMAND``, the ``cacao-bot/1`` protocol) is seated by the name the operator gave
it (``cacao-rules serve --bot NAME=exec:COMMAND``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import cacao_rules as cr

from ..agents.registry import BOTS
from ..agents.specs import HUMAN, SpecFactory, bot_factory

STAND_IN = "random"
"""The built-in bot that takes over the seat of an external bot that broke down."""
MAX_ITERATIONS = 20_000
"""The most iterations per decision a client may give a seated search bot."""


def check_player(spec: str, external: Mapping[str, tuple[str, ...]], max_ms: int) -> str:
    """The seat's player as the server stores it (a built-in spec in the library's own
    spelling) when a client may seat ``spec`` (a string: the request's schema checked it);
    :class:`cr.ConfigError` saying what may be seated otherwise."""
    if spec == HUMAN or spec in external:
        return spec
    try:
        factory: SpecFactory | None = bot_factory(spec)
    except cr.ConfigError:
        factory = None
    if factory is not None and not factory.command and _within(factory, max_ms):
        return factory.spec
    allowed = [HUMAN, *BOTS, "mcts:250ms", "mcts:2000it", *external]
    raise cr.ConfigError(
        f"a seat's player must be one of {', '.join(allowed)} (a search bot's budget at "
        f"most {max_ms} ms or {MAX_ITERATIONS} iterations), got {spec[:60]!r}"
    )


def _within(factory: SpecFactory, max_ms: int) -> bool:
    """Whether a built-in bot's budget is within the server's caps."""
    if factory.seconds is not None:
        return factory.seconds * 1000 <= max_ms
    return factory.iterations is None or factory.iterations <= MAX_ITERATIONS


def is_built_in(spec: str) -> bool:
    """Whether ``spec`` names a built-in bot (else an external bot's name)."""
    try:
        return not bot_factory(spec).command
    except cr.ConfigError:
        return False


def choose(spec: str, seed: int, state: cr.State) -> cr.Move:
    """The move a fresh built-in bot of ``spec``, seeded ``seed``, makes in ``state``: run in
    the server's bot processes, so that a search holds no lock of the server's own."""
    return bot_factory(spec)(seed).choose(state)


def check_external(named: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """The operator's external bots, checked, by name: a NAME of letters, digits, ``-`` and
    ``_`` that is no built-in's, and an ``exec:COMMAND`` spec (read by
    :func:`~cacao_rules.agents.specs.bot_factory`), given as its command."""
    commands: dict[str, tuple[str, ...]] = {}
    for name, spec in named.items():
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,30}", name) or name.lower() in (
            HUMAN,
            *BOTS,
        ):
            raise cr.ConfigError(f"an external bot needs a name of its own, got {name!r}")
        factory = bot_factory(spec, programs=True)  # the operator's own --bot option
        if not factory.command:
            raise cr.ConfigError(f"an external bot is exec:COMMAND, got {spec!r}")
        commands[name] = factory.command
    return commands
