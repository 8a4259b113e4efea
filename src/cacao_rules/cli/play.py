"""``cacao-rules play``: one seeded game, between bots or with people at the terminal.

``--seats human,greedy`` seats a person (``human``) or a built-in bot in each seat. A
human seat decides at the prompt of :class:`~cacao_rules.cli.human.HumanSeat`, seeing
only what :func:`cacao_rules.observe` gives it; bots' moves are printed with what they
did. Without a human seat the game is printed turn by turn as before.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable
from typing import TextIO

from ..agents.bots import Bot
from ..agents.registry import BOTS
from ..agents.simulation import bot_seed
from ..engine import new_game, step
from ..formats.record import GameRecord
from ..game.events import Event, WorkerDrawn, WorkerDrawnUnseen
from ..game.moves import Move
from ..observation import observe_events
from ..show.colour import use_colour
from ..show.describe import describe_event
from ..show.render import render, render_scores
from ..state.state import State
from .files import write_record
from .human import HumanSeat, Quit, Undo
from .options import (
    add_color_option,
    add_game_options,
    config_from_args,
    describe_config,
    lineup,
    make_bots,
)

HUMAN = "human"
"""The seat kind of a person at the terminal, beside the bots' names."""


def _seat_names(text: str) -> list[str]:
    names = [name.strip().lower() for name in text.split(",")]
    unknown = [name for name in names if name != HUMAN and name not in BOTS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown seat {unknown[0]!r}; a seat is {HUMAN} or a bot: {', '.join(BOTS)}"
        )
    return names


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the command's subcommands."""
    play = commands.add_parser(
        "play",
        help="play one seeded game: people at the terminal and bots",
        description="Play one seeded game. With human seats (--seats human,greedy) each "
        "person decides at a prompt; between bots every decision, the board after each "
        "turn, and the final score sheet are printed.",
    )
    add_game_options(play)
    play.add_argument(
        "--seats",
        type=_seat_names,
        default=None,
        metavar="NAMES",
        help=f"comma-separated seat per player: {HUMAN} (you, at the prompt) or a bot, from: "
        + ", ".join(BOTS)
        + "; one name plays every seat (like --bots, which takes bots only)",
    )
    play.add_argument(
        "--quiet", action="store_true", help="print only the final board and score sheet"
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        help="write the game's record to FILE (the game record format; see replay)",
    )
    add_color_option(play)
    play.set_defaults(run=run, parser=play)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.seats is not None and args.bots is not None:
        args.parser.error("give the seats with --seats or with --bots, not both")
    config = config_from_args(args.parser, args)
    given = args.seats if args.seats is not None else args.bots
    names = lineup(args.parser, given, args.players, "--seats" if args.seats else "--bots")
    seats = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(names))
    print(
        f"Cacao{describe_config(config)}, {args.players} players, seed {args.seed}: {seats}",
        file=out,
    )
    if HUMAN not in names:
        moves = _bots_only(args, names, out)
    else:
        colour = use_colour(args.color, out, os.environ)
        try:
            moves = _with_humans(args, names, out, err, colour)
        except KeyboardInterrupt:
            print("\nInterrupted: the game is abandoned.", file=err)
            return 130
    if args.record is not None:
        return write_record(args.record, GameRecord(config, args.seed, moves, names), err)
    return 0


def _bots_only(args: argparse.Namespace, names: list[str], out: TextIO) -> list[Move]:
    """The game between bots, printed turn by turn (or only its end with ``--quiet``);
    returns its decisions."""
    bots = make_bots(names, args.seed)
    state = new_game(config_from_args(args.parser, args), seed=args.seed)
    moves: list[Move] = []
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
        moves.append(move)
        if args.quiet:
            continue
        print(f"seat {seat}: {move}", file=out)
        _print_events(events, out)
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
    return moves


def _print_events(events: Iterable[Event], out: TextIO) -> None:
    for event in events:
        line = describe_event(event)
        if line is not None:
            print(f"    {line}", file=out)


class HumanSeatReader:
    """Reads the human seats' answers from ``source``, writing the prompt to ``out``; lines
    read from a file or pipe are echoed, so that a scripted game reads like a typed one."""

    def __init__(self, out: TextIO, source: TextIO) -> None:
        self._out = out
        self._source = source
        self._echo = not source.isatty()

    def __call__(self, prompt: str) -> str:
        self._out.write(prompt)
        self._out.flush()
        line = self._source.readline()
        if not line:
            self._out.write("\n")
            raise EOFError
        if self._echo:
            self._out.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\n")


def _with_humans(
    args: argparse.Namespace, names: list[str], out: TextIO, err: TextIO, colour: bool
) -> list[Move]:
    """The game with human seats: prompts for them, the bots' moves as they come; returns
    the decisions played (those undone left out)."""
    read = HumanSeatReader(out, sys.stdin)
    humans = {
        seat: HumanSeat(seat, read, out, err, colour=colour, hint_seed=bot_seed(args.seed, seat))
        for seat, name in enumerate(names)
        if name == HUMAN
    }
    bots: dict[int, Bot] = {
        seat: BOTS[name](bot_seed(args.seed, seat))
        for seat, name in enumerate(names)
        if name != HUMAN
    }
    print("Type help at a prompt for the commands.", file=out)
    state = new_game(config_from_args(args.parser, args), seed=args.seed)
    history: list[tuple[State, int, Move]] = []  # each decision: the state before, seat, move
    while not state.is_over:
        seat = state.to_move
        assert seat is not None  # seeded games have no chance nodes
        if seat in bots:
            move = bots[seat].choose(state)
            print(f"seat {seat} ({names[seat]}): {move}", file=out)
        else:
            earlier = [i for i, (_, who, _) in enumerate(history) if who == seat]
            answer = humans[seat].decide(state, can_undo=bool(earlier))
            if isinstance(answer, Quit):
                print(f"Game ended ({answer.why}) at turn {state.turn}.", file=out)
                print(render_scores(state), file=out)
                return [move for _, _, move in history]
            if isinstance(answer, Undo):
                state = history[earlier[-1]][0]
                del history[earlier[-1] :]
                print(f"Back to seat {seat}'s previous decision.", file=out)
                continue
            move = answer
        history.append((state, seat, move))
        state, events = step(state, move)
        _print_events(_seen_by(events, set(humans)), out)
    print(file=out)
    print(render(state, compact=True, colour=colour), file=out)
    print(file=out)
    print(render_scores(state), file=out)
    return [move for _, _, move in history]


def _seen_by(events: Iterable[Event], humans: set[int]) -> tuple[Event, ...]:
    """The events as the people at the terminal may see them: a worker draw only when the
    drawing seat is the one human seat (with several, they share the screen)."""
    if len(humans) == 1:
        (seat,) = humans
        return observe_events(events, seat)
    return tuple(
        WorkerDrawnUnseen(event.player) if isinstance(event, WorkerDrawn) else event
        for event in events
    )
