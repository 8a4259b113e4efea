"""What every command that plays games shares: the game options (players, seed, bots,
modules, worker set, the Big Game), their checks, and the configuration they give.

Each ``--option`` reads through a small function here that raises
:class:`argparse.ArgumentTypeError` with a message saying what is wrong, so that argparse
prints it and exits with status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..agents.bots import Bot
from ..agents.program import bot_for_seat
from ..agents.registry import BOTS
from ..agents.simulation import bot_seed
from ..agents.specs import SPEC_HELP, bot_factory
from ..errors import ConfigError, excerpt
from ..game.components import NEW_WORKER_TYPES, WORKERS_PER_COLOUR, WorkerType
from ..game.config import Config, Module
from ..game.limits import MAX_SEED
from ..show.colour import COLOR_CHOICES

DEFAULT_BOTS = "greedy,random"


def seed_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an integer, got {excerpt(text)}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"seed must be from 0 to 2**64 - 1, got {excerpt(value)}")
    return value


def positive_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {excerpt(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {excerpt(value)}")
    if value > MAX_SEED:  # more games than seeds, or than any machine plays
        raise argparse.ArgumentTypeError(f"must be at most 2**64 - 1, got {excerpt(value)}")
    return value


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {excerpt(text)}") from None
    try:
        Config(players=value)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return value


def bot_specs(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Comma-separated bot specs (:func:`~cacao_rules.agents.specs.bot_factory`), and the
    words of ``allowed`` (``human`` for ``play``), each checked; built-in names lower-cased,
    an ``exec:`` command kept as written."""
    specs = []
    for item in text.split(","):
        spec = item.strip()
        if spec.lower() in allowed:
            specs.append(spec.lower())
            continue
        try:
            made = bot_factory(spec, programs=True)  # the person's own command line
        except ConfigError as error:
            if allowed and spec.lower().partition(":")[0] not in BOTS and ":" not in spec:
                seats = " or ".join(sorted(allowed))
                raise argparse.ArgumentTypeError(
                    f"unknown seat {spec!r}; a seat is {seats}, or a bot: {SPEC_HELP}"
                ) from None
            raise argparse.ArgumentTypeError(str(error)) from None
        specs.append(made.spec)
    return specs


def _cli_name(module: Module) -> str:
    """A module's name on the command line: its value with hyphens (``tree-of-life``)."""
    return module.value.replace("_", "-")


_MODULE_ORDER = (
    Module.MAP,
    Module.WATERING,
    Module.CHOCOLATE,
    Module.HUTS,
    Module.TREE_OF_LIFE,
    Module.EMPEROR,
    Module.NEW_WORKERS,
    Module.GEM_MINES,
)
_ALIASES = {"tree": Module.TREE_OF_LIFE}
_MODULE_NAMES = {
    name: module for module in Module for name in {_cli_name(module), module.value}
} | _ALIASES


def _modules(text: str) -> frozenset[Module]:
    """A comma-separated list of module names, such as ``map,huts``; empty for the base game.

    Names are case-insensitive, with hyphens (``tree-of-life``; ``tree`` for short) or the
    underscores of :class:`~cacao_rules.Module` values.
    """
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    known = ", ".join(_cli_name(module) for module in _MODULE_ORDER)
    for name in names:
        if name not in _MODULE_NAMES:
            raise argparse.ArgumentTypeError(
                f"module {excerpt(name)} is not a module; the modules are: {known}"
            )
    modules = [_MODULE_NAMES[name] for name in names]
    if len(set(modules)) != len(modules):
        raise argparse.ArgumentTypeError(f"a module is named twice in {excerpt(text)}")
    return frozenset(modules)


_WORKER_TYPES = {kind.value: kind for kind in WorkerType}
WORKERS_EXAMPLE = "1-1-1-1:3,2-1-0-1:4,0-0-2-2:1"
"""An example of ``--workers``: worker types as in move notation, each with a count."""


def _workers(text: str) -> dict[WorkerType, int]:
    """An agreed worker set such as ``1-1-1-1:3,2-1-0-1:4,0-0-2-2:1``: comma-separated
    ``TYPE:COUNT`` items, each type written as in move notation and named once."""
    counts: dict[WorkerType, int] = {}
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise argparse.ArgumentTypeError(
            f"give the worker tiles of each player as TYPE:COUNT items, such as {WORKERS_EXAMPLE}"
        )
    for item in items:
        name, colon, number = (part.strip() for part in item.partition(":"))
        if not colon:
            raise argparse.ArgumentTypeError(
                f"expected TYPE:COUNT (such as 1-1-1-1:3), got {excerpt(item)}"
            )
        kind = _WORKER_TYPES.get(name)
        if kind is None:
            raise argparse.ArgumentTypeError(
                f"unknown worker type {excerpt(name)}; the types are: {', '.join(_WORKER_TYPES)}"
            )
        if kind in counts:
            raise argparse.ArgumentTypeError(
                f"worker type {name} is named twice in {excerpt(text)}"
            )
        if not (number.isascii() and number.isdigit()):
            raise argparse.ArgumentTypeError(
                f"the count of {name} must be a whole number, got {excerpt(number)}"
            )
        count = int(number)
        most = WORKERS_PER_COLOUR[kind]
        if count > most:
            raise argparse.ArgumentTypeError(
                f"{excerpt(count)} tiles of {name} asked for, but a colour has only {most}"
            )
        counts[kind] = count
    if not any(counts.values()):
        raise argparse.ArgumentTypeError("the worker set must give each player at least one tile")
    return counts


def config_from_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Config:
    if args.players is None:  # as many as the seats named, when more than one is
        named = getattr(args, "seats", None) or args.bots
        args.players = len(named) if named and len(named) > 1 else 2
    if args.big_game:
        return _big_game(parser, args)
    workers: dict[WorkerType, int] | None = args.workers
    new = Module.NEW_WORKERS in args.modules
    if new and workers is None:
        parser.error(
            "--modules new-workers needs the worker set each player plays with: "
            f"--workers {WORKERS_EXAMPLE}, for example"
        )
    extra = [kind.value for kind in NEW_WORKER_TYPES if workers and workers.get(kind)]
    if extra and not new:
        parser.error(
            f"the worker type(s) {', '.join(extra)} of --workers need --modules new-workers"
        )
    try:
        return Config(
            players=args.players,
            modules=args.modules,
            map_early_overbuild=args.map_early_overbuild,
            workers=workers,
        )
    except ConfigError as error:
        parser.error(str(error))


def _big_game(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Config:
    """The Big Game for ``--players`` (3 or 4): every module and every worker tile."""
    if args.players == 2:
        parser.error(
            "--big-game is for 3 or 4 players, got --players 2: add --players 3 or --players 4"
        )
    given = [
        option
        for option, value in [
            ("--modules", args.modules),
            ("--workers", args.workers),
            ("--map-early-overbuild", args.map_early_overbuild),
        ]
        if value
    ]
    if given:
        parser.error(
            f"--big-game plays every module with every worker tile; leave out {', '.join(given)}"
        )
    try:
        return Config.big_game(args.players)
    except ConfigError as error:  # pragma: no cover - the players were checked above
        parser.error(str(error))


def describe_config(config: Config) -> str:
    if config.is_big_game:
        return " (the Big Game: every module)"
    parts = []
    if config.modules:
        names = [_cli_name(module) for module in _MODULE_ORDER if module in config.modules]
        early = " (early overbuilding)" if config.map_early_overbuild else ""
        parts.append(", ".join(names) + early)
    if config.workers is not None:
        counts = ",".join(f"{kind}:{count}" for kind, count in config.workers.items())
        parts.append(f"workers {counts}")
    return f" with {', '.join(parts)}" if parts else ""


def add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players",
        type=_players,
        default=None,
        metavar="N",
        help="2 to 4 players (default: as many as the bots or seats named, else 2)",
    )
    parser.add_argument(
        "--seed", type=seed_number, default=1, metavar="S", help="the game's seed (default 1)"
    )
    parser.add_argument(
        "--bots",
        type=bot_specs,
        default=None,
        metavar="NAMES",
        help=(
            "comma-separated bot per seat: "
            + ", ".join(BOTS)
            + ", mcts with a strength (mcts:1s, mcts:250ms, mcts:2000it), or exec:COMMAND "
            "(a program speaking the bot protocol); one plays every seat (default: greedy "
            "for seat 0, random for the others)"
        ),
    )
    parser.add_argument(
        "--modules",
        type=_modules,
        default=frozenset(),
        metavar="NAMES",
        help="comma-separated Chocolatl and Diamante modules to play with, from: "
        + ", ".join(_cli_name(module) for module in _MODULE_ORDER)
        + " (default: none, the base game)",
    )
    parser.add_argument(
        "--map-early-overbuild",
        action="store_true",
        help="the Map module's variant: overbuild as soon as the jungle pile is empty "
        "(needs --modules map)",
    )
    parser.add_argument(
        "--workers",
        type=_workers,
        default=None,
        metavar="SET",
        help="the agreed worker set of every player, comma-separated TYPE:COUNT items with "
        f"types as in move notation, such as {WORKERS_EXAMPLE} (needed by --modules "
        "new-workers; the new types need that module)",
    )
    parser.add_argument(
        "--big-game",
        action="store_true",
        help="the Big Game of Diamante: every module and all 15 worker tiles of each colour, "
        "for 3 or 4 players (with --players 3 or 4; not with --modules or --workers)",
    )


def lineup(
    parser: argparse.ArgumentParser, names: list[str] | None, players: int, option: str = "--bots"
) -> list[str]:
    if names is None:
        return ["greedy"] + ["random"] * (players - 1)
    if len(names) == 1:
        return names * players
    if len(names) != players:
        what = "bots" if option == "--bots" else "seats"
        parser.error(
            f"{option} names {len(names)} {what} for {players} players; "
            f"name one per seat, or one for every seat"
        )
    return names


def add_color_option(parser: argparse.ArgumentParser) -> None:
    """``--color auto|always|never``, read by :func:`cacao_rules.show.colour.use_colour`."""
    parser.add_argument(
        "--color",
        choices=COLOR_CHOICES,
        default="auto",
        help="colour the boards: auto (default) on a terminal unless NO_COLOR is set, "
        "always, or never",
    )


def make_bots(names: Sequence[str], seed: int) -> list[Bot]:
    """Fresh bots for one game: the bot of seat ``i`` gets the seed ``4 * seed + i`` (a
    program that fails to start names its seat)."""
    return [
        bot_for_seat(bot_factory(name, programs=True), bot_seed(seed, seat), seat)
        for seat, name in enumerate(names)
    ]
