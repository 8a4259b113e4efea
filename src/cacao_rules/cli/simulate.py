"""``cacao-rules simulate``: many games on every core; win rates, average scores and speed.

The games are played by :func:`~cacao_rules.simulate`, in this process with ``--jobs 1``
and otherwise on a process pool of ``--jobs`` workers. A progress bar (tqdm) with the rate
and the time left goes to stderr when stderr is a terminal; ``--out`` writes a row per game
as it finishes. Ctrl-C stops the run after the games being played: the games that finished
are summarised (and written), and the command exits with status 130.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import IO, Final, TextIO

from ..agents.result_rows import Row, csv_row, json_row
from ..agents.simulation import GameResult, default_batch, game_seed, simulate
from ..agents.win_rates import SimulationSummary
from ..bot_errors import BotError
from ..errors import excerpt
from ..game.config import Config
from ..show.simulation_report import render_summary
from .exit_codes import FAILED, INTERRUPTED
from .options import (
    add_game_options,
    config_from_args,
    describe_config,
    lineup,
    positive_number,
)

CLI_BATCH: Final = 10
"""The most games one worker plays per task here: small enough that Ctrl-C waits at most
for a few games per worker, large enough that the pool's overhead stays small."""
BAR_FORMAT: Final = (
    "{n_fmt}/{total_fmt} games {percentage:3.0f}% {rate_fmt} {remaining} left |{bar}|"
)
"""The progress bar: the count, the rate and the time left first, so that a narrow
terminal, which cuts the line at its width, loses the bar before them."""
FORMATS: Final = {".jsonl": "JSON Lines", ".csv": "CSV"}


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``simulate`` to the command's subcommands."""
    simulate_parser = commands.add_parser(
        "simulate",
        help="play many games on every core; print win rates, average scores and speed",
        description="Play N games with seeds S, S+1, ... on every core and print win rates "
        "with 95% intervals, average final scores by category and the speed. Game i seats "
        "the lineup rotated by i (mod players), so each bot plays each seat as often.",
    )
    add_game_options(simulate_parser)
    simulate_parser.add_argument(
        "--games",
        type=positive_number,
        default=100,
        metavar="N",
        help="games to play (default 100)",
    )
    simulate_parser.add_argument(
        "--jobs",
        type=positive_number,
        default=None,
        metavar="N",
        help=f"processes to play on (default: every core, here {cores()}; 1 plays in this one)",
    )
    simulate_parser.add_argument(
        "--out",
        type=_out_path,
        default=None,
        metavar="FILE",
        help="also write a row per game to FILE, as JSON Lines (FILE.jsonl) or CSV (FILE.csv)",
    )
    simulate_parser.add_argument(
        "--moves",
        action="store_true",
        help="with --out, add each game's decisions in move notation to its row",
    )
    simulate_parser.add_argument(
        "--fixed-seats",
        action="store_true",
        help="keep the bot of --bots' place s in seat s in every game (no rotation)",
    )
    simulate_parser.add_argument(
        "--quiet", action="store_true", help="no progress bar; print only the summary"
    )
    simulate_parser.set_defaults(run=run, parser=simulate_parser)


def cores() -> int:
    """The cores this process may run on (the default of ``--jobs``)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1  # pragma: no cover - platforms without affinity


def _out_path(text: str) -> Path:
    path = Path(text)
    if path.suffix.lower() not in FORMATS:
        raise argparse.ArgumentTypeError(
            f"the file's name must end in .jsonl (JSON Lines) or .csv, got {excerpt(text)}"
        )
    return path


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the main process, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _executor(jobs: int) -> Iterator[Executor | None]:
    """No executor for one job; else a process pool that Ctrl-C stops without waiting for
    the tasks not started."""
    if jobs == 1:
        yield None
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:  # a second Ctrl-C: do not wait for the tasks being played
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True, cancel_futures=True)


class _Interrupt:
    """Ctrl-C as a flag that the loop over the results reads after each game.

    A ``KeyboardInterrupt`` raised at any point could land inside the process pool's
    bookkeeping and leave it waiting forever; a flag stops the run between two results
    instead. The first Ctrl-C sets it; a second one raises ``KeyboardInterrupt`` at once, and
    the summary is printed without waiting for the tasks being played.
    """

    def __init__(self) -> None:
        self.asked = False

    def handle(self, _signal: int, _frame: FrameType | None) -> None:
        self.asked = True
        signal.signal(signal.SIGINT, signal.default_int_handler)


@contextmanager
def _interrupts() -> Iterator[_Interrupt]:
    """Catch Ctrl-C as an :class:`_Interrupt` (only the main thread can: elsewhere Ctrl-C
    keeps raising ``KeyboardInterrupt``)."""
    flag = _Interrupt()
    try:
        previous = signal.signal(signal.SIGINT, flag.handle)
    except ValueError:  # not the main thread
        yield flag
        return
    try:
        yield flag
    finally:
        signal.signal(signal.SIGINT, previous)


class _Writer:
    """Writes each result as a row of ``path``'s format, the header of a CSV file first."""

    def __init__(self, stream: IO[str], csv_format: bool) -> None:
        self.stream = stream
        self.csv: csv.DictWriter[str] | None = None
        self.csv_format = csv_format

    def write(self, result: GameResult) -> None:
        if not self.csv_format:
            self.stream.write(json.dumps(json_row(result)) + "\n")
            return
        row: Row = csv_row(result)
        if self.csv is None:
            self.csv = csv.DictWriter(self.stream, fieldnames=list(row), lineterminator="\n")
            self.csv.writeheader()
        self.csv.writerow(row)


@contextmanager
def _progress(total: int, err: TextIO, quiet: bool) -> Iterator[Callable[[], object]]:
    """A function to call after each game: a tqdm bar on a terminal, otherwise nothing.

    The bar has the count, the rate and the time left; it fits the terminal's width as the
    width changes, and it is wiped when the run ends (also on Ctrl-C).
    """
    if quiet or not err.isatty():
        yield lambda: None
        return
    from tqdm import tqdm

    with tqdm(
        total=total,
        file=err,
        unit=" game",
        bar_format=BAR_FORMAT,
        dynamic_ncols=True,
        leave=False,
        mininterval=0.2,
    ) as bar:
        yield lambda: bar.update(1)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    config = config_from_args(args.parser, args)
    names = lineup(args.parser, args.bots, args.players)
    batch = min(CLI_BATCH, default_batch(args.games))
    jobs = min(args.jobs or cores(), -(-args.games // batch))  # no idle processes
    if args.moves and args.out is None:
        args.parser.error("--moves adds the moves to the rows of --out; give --out FILE too")
    try:
        stream = None if args.out is None else args.out.open("w", encoding="utf-8", newline="")
    except OSError as error:
        print(f"cacao-rules simulate: cannot write {args.out}: {error.strerror}", file=err)
        return 1
    summary = SimulationSummary(bots=names)
    start = time.perf_counter()
    stopped, code = None, 0
    try:
        if _play(args, config, names, (jobs, batch), summary, stream, err):
            stopped, code = "Interrupted (Ctrl-C)", INTERRUPTED
    except BotError as error:  # a bot program broke the protocol: its game cannot finish
        print(f"cacao-rules simulate: {error}", file=err)
        stopped, code = "Stopped by a bot program's error", FAILED
    finally:
        if stream is not None:
            stream.close()
    elapsed = time.perf_counter() - start
    _report(args, config, names, jobs, summary, elapsed, stopped, out)
    return code


def _play(
    args: argparse.Namespace,
    config: Config,
    names: list[str],
    pool: tuple[int, int],
    summary: SimulationSummary,
    stream: IO[str] | None,
    err: TextIO,
) -> bool:
    """Play the games into ``summary`` (and ``stream``) on ``pool``, its processes and
    games per task; whether Ctrl-C stopped them."""
    jobs, batch = pool
    writer = None if stream is None else _Writer(stream, args.out.suffix.lower() == ".csv")
    try:
        with (
            _interrupts() as interrupt,
            _executor(jobs) as executor,
            _progress(args.games, err, args.quiet) as tick,
        ):
            results = simulate(
                config,
                names,
                args.games,
                seed=args.seed,
                executor=executor,
                rotate=not args.fixed_seats,
                record=args.moves,
                batch=batch,
            )
            try:
                for result in results:
                    summary.add(result)
                    if writer is not None:
                        writer.write(result)
                    tick()
                    if interrupt.asked:
                        return True
            finally:
                results.close()
    except KeyboardInterrupt:
        return True
    wanted: int = args.games
    return summary.games < wanted  # simulate ends early, cleanly, on a second Ctrl-C


def _report(
    args: argparse.Namespace,
    config: Config,
    names: list[str],
    jobs: int,
    summary: SimulationSummary,
    elapsed: float,
    stopped: str | None,
    out: TextIO,
) -> None:
    """The summary of the games played; ``stopped`` says why the run ended early."""
    last = game_seed(args.seed, args.games - 1)
    played = f"{summary.games} of {args.games}" if stopped else f"{args.games}"
    seating = "fixed seats" if args.fixed_seats else "seats rotate"
    print(
        f"{played} games{describe_config(config)}, {args.players} players, "
        f"seeds {args.seed} to {last}, lineup {','.join(names)} ({seating})",
        file=out,
    )
    if stopped:
        print(f"{stopped}: the figures are of the games that finished.", file=out)
    print(file=out)
    print(render_summary(summary), file=out)
    print(file=out)
    games_rate, decisions_rate = summary.per_second(elapsed)
    processes = "1 process" if jobs == 1 else f"{jobs} processes"
    print(
        f"{summary.games} games, {summary.decisions} decisions in {elapsed:.2f} s on "
        f"{processes}: {games_rate:,.1f} games and {decisions_rate:,.0f} decisions per "
        "second (bots' thinking included)",
        file=out,
    )
