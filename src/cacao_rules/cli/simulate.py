"""``cacao-rules simulate``: many games; win rates, average scores and speed."""

from __future__ import annotations

import argparse
import time
from typing import TextIO

from ..agents.bots import play_game
from ..show.render import score_categories
from ..turn.results import final_scores, winners
from .options import (
    MAX_SEED,
    add_game_options,
    config_from_args,
    describe_config,
    lineup,
    make_bots,
    positive_number,
)


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``simulate`` to the command's subcommands."""
    simulate = commands.add_parser(
        "simulate",
        help="play many games; print win rates, average scores and speed",
        description="Play N games with seeds S, S+1, ... and print win rates, average final "
        "scores by category and decisions per second.",
    )
    add_game_options(simulate)
    simulate.add_argument(
        "--games",
        type=positive_number,
        default=100,
        metavar="N",
        help="games to play (default 100)",
    )
    simulate.set_defaults(run=run, parser=simulate)


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


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    config = config_from_args(args.parser, args)
    names = lineup(args.parser, args.bots, args.players)
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
        state, moves = play_game(config, seed, make_bots(names, seed))
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
        f"{games} games{describe_config(config)}, {players} players, seeds {args.seed} to {last}",
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
