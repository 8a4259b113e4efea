"""The ``cacao-rules`` command (also ``python -m cacao_rules``).

``cacao-rules play`` plays one seeded game between built-in bots and prints it turn by
turn; ``cacao-rules simulate`` plays many and prints win rates, average scores and speed.
See ``docs/cli.md``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from . import __version__
from .bots import BOTS, Bot, play_game
from .components import GEM_COLOURS, NEW_WORKER_TYPES, WORKERS_PER_COLOUR, WorkerType
from .config import SUPPORTED_MODULES, Config, Module
from .engine import new_game, step
from .errors import ConfigError
from .events import (
    AutoDecision,
    EmperorMoved,
    Event,
    Gained,
    GemsTaken,
    HutBuilt,
    HutUsed,
    JungleFilled,
    MaskTaken,
    Resource,
    SpaceLeftEmpty,
    Spent,
    TileSlid,
    WorkerDiscarded,
    WorkerDrawn,
)
from .geometry import format_square
from .render import render, render_scores, score_categories
from .results import final_scores, winners

MAX_SEED = 2**64 - 1
DEFAULT_BOTS = "greedy,random"


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an integer, got {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"seed must be from 0 to 2**64 - 1, got {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    try:
        Config(players=value)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return value


def _bot_names(text: str) -> list[str]:
    names = [name.strip().lower() for name in text.split(",")]
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bot {unknown[0]!r}; the bots are: {', '.join(BOTS)}"
        )
    return names


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
    name: module
    for module in Module
    for name in {_cli_name(module), module.value}
    if module in SUPPORTED_MODULES
} | _ALIASES


def _modules(text: str) -> frozenset[Module]:
    """A comma-separated list of module names, such as ``map,huts``; empty for the base game.

    Names are case-insensitive, with hyphens (``tree-of-life``; ``tree`` for short) or the
    underscores of :class:`~cacao_rules.Module` values.
    """
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    known = ", ".join(_cli_name(module) for module in _MODULE_ORDER if module in SUPPORTED_MODULES)
    for name in names:
        if name not in _MODULE_NAMES:
            other = {_cli_name(module) for module in Module} | {module.value for module in Module}
            why = (
                "is not implemented yet (a Diamante module)" if name in other else "is not a module"
            )
            raise argparse.ArgumentTypeError(f"module {name!r} {why}; the modules are: {known}")
    modules = [_MODULE_NAMES[name] for name in names]
    if len(set(modules)) != len(modules):
        raise argparse.ArgumentTypeError(f"a module is named twice in {text!r}")
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
                f"expected TYPE:COUNT (such as 1-1-1-1:3), got {item!r}"
            )
        kind = _WORKER_TYPES.get(name)
        if kind is None:
            raise argparse.ArgumentTypeError(
                f"unknown worker type {name!r}; the types are: {', '.join(_WORKER_TYPES)}"
            )
        if kind in counts:
            raise argparse.ArgumentTypeError(f"worker type {name} is named twice in {text!r}")
        if not (number.isascii() and number.isdigit()):
            raise argparse.ArgumentTypeError(
                f"the count of {name} must be a whole number, got {number!r}"
            )
        count = int(number)
        most = WORKERS_PER_COLOUR[kind]
        if count > most:
            raise argparse.ArgumentTypeError(
                f"{count} tiles of {name} asked for, but a colour has only {most}"
            )
        counts[kind] = count
    if not any(counts.values()):
        raise argparse.ArgumentTypeError("the worker set must give each player at least one tile")
    return counts


def _config(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Config:
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


def _describe_config(config: Config) -> str:
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


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=_players, default=2, metavar="N", help="2 to 4 players (default 2)"
    )
    parser.add_argument(
        "--seed", type=_seed, default=1, metavar="S", help="the game's seed (default 1)"
    )
    parser.add_argument(
        "--bots",
        type=_bot_names,
        default=None,
        metavar="NAMES",
        help=(
            "comma-separated bot per seat, from: "
            + ", ".join(BOTS)
            + "; one name plays every seat (default: greedy for seat 0, random for the others)"
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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cacao-rules`` command."""
    parser = argparse.ArgumentParser(
        prog="cacao-rules",
        description="Play and simulate games of Cacao between built-in bots.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser(
        "play",
        help="play one seeded game, printed turn by turn",
        description="Play one seeded game between bots: every decision, the board after "
        "each turn, and the final score sheet.",
    )
    _add_game_options(play)
    play.add_argument(
        "--quiet", action="store_true", help="print only the final board and score sheet"
    )
    play.set_defaults(run=_play, parser=play)

    simulate = commands.add_parser(
        "simulate",
        help="play many games; print win rates, average scores and speed",
        description="Play N games with seeds S, S+1, ... and print win rates, average final "
        "scores by category and decisions per second.",
    )
    _add_game_options(simulate)
    simulate.add_argument(
        "--games", type=_positive, default=100, metavar="N", help="games to play (default 100)"
    )
    simulate.set_defaults(run=_simulate, parser=simulate)
    return parser


def _lineup(parser: argparse.ArgumentParser, names: list[str] | None, players: int) -> list[str]:
    if names is None:
        return ["greedy"] + ["random"] * (players - 1)
    if len(names) == 1:
        return names * players
    if len(names) != players:
        parser.error(
            f"--bots names {len(names)} bots for {players} players; "
            "name one bot per seat, or one for every seat"
        )
    return names


def _make_bots(names: Sequence[str], seed: int) -> list[Bot]:
    """Fresh bots for one game: the bot of seat ``i`` gets the seed ``4 * seed + i``."""
    return [BOTS[name](4 * seed + seat) for seat, name in enumerate(names)]


# ---- play --------------------------------------------------------------------------------


def _describe_event(event: Event) -> str | None:
    """A short line for the events a reader wants to see; ``None`` for the others."""
    if isinstance(event, AutoDecision):
        return f"seat {event.player} (only choice): {event.move}"
    if isinstance(event, Gained) and (event.amount or event.wasted):
        wasted = f" ({event.wasted} lost: storage full)" if event.wasted else ""
        if event.resource is Resource.WATER:
            steps = "step" if event.amount == 1 else "steps"
            return f"seat {event.player} +{event.amount} water {steps}"
        return f"seat {event.player} +{event.amount} {event.resource.value}{wasted}"
    if isinstance(event, Spent) and event.amount:
        if event.resource is Resource.MAP_TILES:
            tiles = "map tile" if event.amount == 1 else "map tiles"
            return f"seat {event.player} -{event.amount} {tiles}"
        return f"seat {event.player} -{event.amount} {event.resource.value}"
    if isinstance(event, JungleFilled) and event.source != "display":
        return f"{format_square(event.square)} = {event.tile.code} (blind draw from the pile)"
    if isinstance(event, SpaceLeftEmpty):
        return f"{format_square(event.square)} stays empty: no jungle tile left"
    if isinstance(event, WorkerDiscarded):
        return f"seat {event.player} cannot place and sets {event.type} aside"
    if isinstance(event, TileSlid):
        return f"{event.tile.code} slides from the map board into the display"
    if isinstance(event, HutBuilt):
        return f"seat {event.player} builds the {event.hut}"
    if isinstance(event, HutUsed):
        return f"seat {event.player}'s {event.hut} takes effect"
    if isinstance(event, GemsTaken):
        taken = ", ".join(
            f"{count} {colour}"
            for count, colour in zip(event.gems, GEM_COLOURS, strict=True)
            if count
        )
        return (
            f"seat {event.player} takes {taken} from the gem mine on {format_square(event.square)}"
        )
    if isinstance(event, MaskTaken):
        return f"seat {event.player} trades one gem of each colour for the mask worth {event.value}"
    if isinstance(event, EmperorMoved):
        if event.start == event.end:
            return f"the Emperor stays on {format_square(event.end)}"
        return f"the Emperor moves from {format_square(event.start)} to {format_square(event.end)}"
    return None


def _play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    config = _config(args.parser, args)
    names = _lineup(args.parser, args.bots, args.players)
    bots = _make_bots(names, args.seed)
    lineup = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(names))
    print(
        f"Cacao{_describe_config(config)}, {args.players} players, seed {args.seed}: {lineup}",
        file=out,
    )
    state = new_game(config, seed=args.seed)
    if not args.quiet:
        print(file=out)
        print(render(state, legend=True), file=out)
        print(file=out)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None  # seeded games have no chance nodes
        turn = state.turn
        move = bots[seat].choose(state)
        state, events = step(state, move)
        if args.quiet:
            continue
        print(f"seat {seat}: {move}", file=out)
        for event in events:
            line = _describe_event(event)
            if line is not None:
                print(f"    {line}", file=out)
        if state.turn != turn or state.is_over:
            drawn = [e for e in events if isinstance(e, WorkerDrawn)]
            for event in drawn:
                print(f"    seat {event.player} draws a worker tile", file=out)
            print(file=out)
            print(render(state), file=out)
            print(file=out)
    if args.quiet:
        print(file=out)
        print(render(state), file=out)
        print(file=out)
    print(render_scores(state), file=out)
    return 0


# ---- simulate ----------------------------------------------------------------------------


class _Progress:
    """A one-line progress bar on a terminal; silent when ``stream`` is not a terminal."""

    def __init__(self, stream: TextIO, total: int, width: int = 30) -> None:
        self.stream = stream
        self.total = total
        self.width = width
        self.enabled = stream.isatty()

    def show(self, done: int) -> None:
        if not self.enabled:
            return
        filled = self.width * done // self.total
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * (self.width + 30) + "\r")
            self.stream.flush()


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    config = _config(args.parser, args)
    names = _lineup(args.parser, args.bots, args.players)
    players = args.players
    categories: tuple[str, ...] = ()
    wins = [0.0] * players
    totals: dict[str, list[int]] = {}
    decisions = 0
    progress = _Progress(err, args.games)
    progress.show(0)
    start = time.perf_counter()
    for game in range(args.games):
        seed = (args.seed + game) % (MAX_SEED + 1)
        state, moves = play_game(config, seed, _make_bots(names, seed))
        decisions += len(moves)
        won = winners(state)
        for seat in won:
            wins[seat] += 1 / len(won)
        if not totals:
            categories = score_categories(state)
            totals = {key: [0] * players for key in [*categories, "total", "cacao"]}
        for sheet in final_scores(state):
            for key in categories:
                totals[key][sheet.player] += sheet.breakdown[key]
            totals["total"][sheet.player] += sheet.total
            totals["cacao"][sheet.player] += sheet.cacao
        progress.show(game + 1)
    elapsed = time.perf_counter() - start
    progress.close()

    games = args.games
    last = (args.seed + games - 1) % (MAX_SEED + 1)
    print(
        f"{games} games{_describe_config(config)}, {players} players, seeds {args.seed} to {last}",
        file=out,
    )
    print(file=out)
    print("Win rates (a shared win counts 1/k for each of the k winners):", file=out)
    print(f"{'seat':>4}  {'bot':<8}{'wins':>6}  {'rate':>6}", file=out)
    for seat in range(players):
        rate = f"{wins[seat] / games:.1%}"
        print(f"{seat:>4}  {names[seat]:<8}{_number(wins[seat]):>6}  {rate:>6}", file=out)
    print(file=out)
    print("Average final score by category:", file=out)
    keys = [*categories, "total", "cacao"]
    widths = [max(len(key), 6) for key in keys]
    print(
        f"{'seat':>4}  {'bot':<8}"
        + "  ".join(f"{key:>{w}}" for key, w in zip(keys, widths, strict=True)),
        file=out,
    )
    for seat in range(players):
        cells = [
            f"{totals[key][seat] / games:>{w}.2f}" for key, w in zip(keys, widths, strict=True)
        ]
        print(f"{seat:>4}  {names[seat]:<8}" + "  ".join(cells), file=out)
    print(file=out)
    speed = decisions / elapsed if elapsed > 0 else float("inf")
    print(
        f"{decisions} decisions in {elapsed:.2f} s: {speed:,.0f} decisions per second "
        "(bots' thinking included)",
        file=out,
    )
    return 0


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.2f}"


# ---- entry point -------------------------------------------------------------------------


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
