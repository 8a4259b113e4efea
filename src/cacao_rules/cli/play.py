"""``cacao-rules play``: one seeded game between bots, printed turn by turn."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..engine import new_game, step
from ..formats.record import GameRecord
from ..game.events import WorkerDrawn
from ..game.moves import Move
from ..show.describe import describe_event
from ..show.render import render, render_scores
from .files import write_record
from .options import add_game_options, config_from_args, describe_config, lineup, make_bots


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the command's subcommands."""
    play = commands.add_parser(
        "play",
        help="play one seeded game, printed turn by turn",
        description="Play one seeded game between bots: every decision, the board after "
        "each turn, and the final score sheet.",
    )
    add_game_options(play)
    play.add_argument(
        "--quiet", action="store_true", help="print only the final board and score sheet"
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        help="write the game's record to FILE (the game record format; see replay)",
    )
    play.set_defaults(run=run, parser=play)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    config = config_from_args(args.parser, args)
    names = lineup(args.parser, args.bots, args.players)
    bots = make_bots(names, args.seed)
    seats = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(names))
    print(
        f"Cacao{describe_config(config)}, {args.players} players, seed {args.seed}: {seats}",
        file=out,
    )
    state = new_game(config, seed=args.seed)
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
        for event in events:
            line = describe_event(event)
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
    if args.record is not None:
        return write_record(args.record, GameRecord(config, args.seed, moves, names), err)
    return 0
