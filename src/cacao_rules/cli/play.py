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
from typing import Final, TextIO

import attrs

from ..agents.bots import Bot, deciding_seat
from ..agents.program import bot_for_seat
from ..agents.registry import BOTS
from ..agents.simulation import bot_seed
from ..agents.specs import HUMAN, bot_factory
from ..bot_errors import BotError
from ..engine import new_game, step
from ..errors import FormatError
from ..formats.record import GameRecord
from ..game.config import Config
from ..game.events import Event, WorkerDrawn, WorkerDrawnUnseen
from ..observation import observe_events
from ..show.colour import use_colour
from ..show.describe import describe_event
from ..show.render import render, render_scores
from ..show.running_score import running_score_line
from ..state.state import State
from .exit_codes import FAILED, INTERRUPTED
from .files import write_record
from .human import HumanSeat, Quit, Undo
from .options import (
    add_color_option,
    add_game_options,
    bot_specs,
    config_from_args,
    describe_config,
    lineup,
    make_bots,
)
from .prompt import PromptReader
from .saved_game import (
    Decision,
    is_state_file,
    load_game,
    resume_command,
    resumed_seats,
    save_game,
)
from .terminal import (
    add_height_option,
    add_width_option,
    terminal_height,
    terminal_width,
    wrapped,
)
from .thinking import thinking

DEFAULT_SEED: Final = 1
"""The seed of a new game when ``--seed`` is left out."""


def _seat_names(text: str) -> list[str]:
    return bot_specs(text, frozenset({HUMAN}))


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
        help=f"comma-separated seat per player: {HUMAN} (you, at the prompt) or a bot as "
        "for --bots ("
        + ", ".join(BOTS)
        + ", mcts:1s, exec:COMMAND...); one plays every seat (like --bots, which takes "
        "bots only)",
    )
    play.add_argument(
        "--quiet", action="store_true", help="print only the final board and score sheet"
    )
    play.add_argument(
        "--record",
        metavar="FILE",
        help="write the game's record to FILE (the game record format; see replay), also "
        "when the game is ended early or interrupted with Ctrl-C",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with the game saved in FILE (by save at the prompt, or --record): a game "
        "record, or a state JSON document; the game's options come from FILE, and the game "
        "goes on being kept in FILE (also after Ctrl-C) unless --record names another",
    )
    add_color_option(play)
    add_width_option(play)
    add_height_option(play)
    play.set_defaults(run=run, parser=play, seed=None)


@attrs.define
class Game:
    """The game being played: its configuration, seed, seats' names, the state now and the
    decisions so far (``has_history`` is false for a game resumed from a state JSON, whose
    earlier decisions are unknown)."""

    config: Config
    seed: int
    names: list[str]
    state: State
    history: list[Decision]
    has_history: bool = True

    def record(self) -> GameRecord:
        """The game's record so far."""
        return GameRecord(self.config, self.seed, [move for _, _, move in self.history], self.names)

    def save(self, path: str, err: TextIO) -> int:
        """Write the game to ``path``: as state JSON for a ``*.json`` name (or a game
        without its history), else as its record; 0, or the exit code of a failure."""
        return save_game(path, self.record(), self.state, err, as_state=self.as_state(path))

    def keep(self, path: str, err: TextIO) -> int:
        """Write the game to the file it is kept in (``--record``'s, or the one it was
        resumed from): its record, or the position alone for a game without its history;
        0, or the exit code of a failure."""
        if self.has_history:
            return write_record(path, self.record(), err)
        return save_game(path, self.record(), self.state, err, as_state=True)

    def as_state(self, path: str) -> bool:
        """Whether ``save`` writes ``path`` as state JSON rather than as a record."""
        return is_state_file(path) or not self.has_history

    def resume_command(self, path: str, *, as_state: bool) -> str:
        """The command that goes on with this game once written to ``path``."""
        return resume_command(path, self.names, seats_kept=not as_state)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.seats is not None and args.bots is not None:
        args.parser.error("give the seats with --seats or with --bots, not both")
    game = _new_game(args) if args.resume is None else _resumed_game(args, err)
    if game is None:
        return FAILED
    if args.record is not None and not game.has_history:
        args.parser.error(
            f"--record writes the game from its start, but {args.resume} holds a position "
            "alone (state JSON); resume from a record (save FILE without .json writes one)"
        )
    if args.record is None:
        args.record = args.resume  # a resumed game goes on being kept in its file
    seats = ", ".join(f"seat {seat} {name}" for seat, name in enumerate(game.names))
    title = f"Cacao{describe_config(game.config)}, {game.config.players} players, "
    print(wrapped(f"{title}seed {game.seed}: {seats}", args.width), file=out)
    if args.resume is not None:
        print(f"Resumed from {args.resume} at turn {game.state.turn}.", file=out)
    try:
        if HUMAN not in game.names:
            _bots_only(args, game, out)
        else:
            _with_humans(args, game, out, err, use_colour(args.color, out, os.environ))
    except KeyboardInterrupt:
        return _interrupted(args, game, out, err)
    except BotError as error:
        return _bot_failed(args, game, error, out, err)
    if args.record is not None:
        return game.keep(args.record, err)
    return 0


def _new_game(args: argparse.Namespace) -> Game:
    """The game the options ask for, at its start."""
    if args.seed is None:
        args.seed = DEFAULT_SEED
    args.width = terminal_width(args.width)
    config = config_from_args(args.parser, args)
    given = args.seats if args.seats is not None else args.bots
    names = lineup(args.parser, given, args.players, "--seats" if args.seats else "--bots")
    return Game(config, args.seed, names, new_game(config, seed=args.seed), [])


def _resumed_game(args: argparse.Namespace, err: TextIO) -> Game | None:
    """The game saved in ``--resume``'s file, with the seats it names or ``--seats``."""
    options = [
        ("--players", args.players is not None),
        ("--seed", args.seed is not None),
        ("--modules", bool(args.modules)),
        ("--workers", args.workers is not None),
        ("--map-early-overbuild", args.map_early_overbuild),
        ("--big-game", args.big_game),
    ]
    given = [option for option, set_ in options if set_]
    if given:
        args.parser.error(
            f"--resume goes on with the game in {args.resume}, its options included; "
            f"leave out {', '.join(given)}"
        )
    args.width = terminal_width(args.width)
    saved = load_game(args.resume, err)
    if saved is None:
        return None
    args.players, args.seed = saved.config.players, saved.seed
    chosen = args.seats if args.seats is not None else args.bots
    if chosen is None and saved.seats is not None:
        try:
            chosen = resumed_seats(saved.seats)
        except FormatError as error:
            args.parser.error(f"{args.resume} {error}")
    names = lineup(args.parser, chosen, args.players, "--seats" if args.seats else "--bots")
    decisions = saved.decisions
    history = [] if decisions is None else list(decisions)
    return Game(saved.config, saved.seed, names, saved.state, history, decisions is not None)


def _interrupted(args: argparse.Namespace, game: Game, out: TextIO, err: TextIO) -> int:
    """After Ctrl-C: the game so far kept in its file (``--record``'s, or the one it was
    resumed from), with the command that goes on with it."""
    out.flush()
    if args.record is None:
        print("\nInterrupted: the game is abandoned.", file=err)
        return INTERRUPTED
    if game.keep(args.record, err) != 0:
        return INTERRUPTED
    print(f"\nInterrupted: the game so far is in {args.record}. Go on with it:", file=err)
    command = game.resume_command(args.record, as_state=not game.has_history)
    print(f"    {command}", file=err)
    return INTERRUPTED


def _bot_failed(
    args: argparse.Namespace, game: Game, error: BotError, out: TextIO, err: TextIO
) -> int:
    """After a bot program failed: the game stops unfinished, with the seat whose program
    failed and what it did (the error's fields; its standard error has reached the terminal
    already), and the record so far is written if ``--record`` asked for one (to go on with
    another bot in that seat)."""
    out.flush()
    failed = error if error.seat is not None else error.at_seat(deciding_seat(game.state))
    print(f"\nThe game stopped at turn {game.state.turn}, unfinished: {failed}.", file=err)
    if args.record is not None and game.keep(args.record, err) == 0:
        print(f"The game so far is in {args.record}. Go on with another bot:", file=err)
        print(f"    cacao-rules play --resume {args.record} --seats ...", file=err)
    return FAILED


def _bots_only(args: argparse.Namespace, game: Game, out: TextIO) -> None:
    """The game between bots, printed turn by turn (or only its end with ``--quiet``)."""
    bots = make_bots(game.names, game.seed)
    width: int = args.width
    if not args.quiet:
        print(file=out)
        print(render(game.state, legend=True, width=width), file=out)
        print(file=out)
    while not game.state.is_over:
        state = game.state
        seat = state.to_move
        assert seat is not None  # seeded games have no chance nodes
        move = bots[seat].choose(state)
        game.state, events = step(state, move)
        game.history.append((state, seat, move))
        if args.quiet:
            continue
        print(f"seat {seat}: {move}", file=out)
        _print_events(events, out)
        if game.state.turn != state.turn or game.state.is_over:
            drawn = [e for e in events if isinstance(e, WorkerDrawn)]
            for event in drawn:
                print(f"    seat {event.player} draws a worker tile", file=out)
            print(file=out)
            print(render(game.state, width=width), file=out)
            if not game.state.is_over:
                print(wrapped(running_score_line(game.state), width), file=out)
            print(file=out)
    if args.quiet:
        print(file=out)
        print(render(game.state, width=width), file=out)
        print(file=out)
    print(render_scores(game.state, width=width), file=out)


def _print_events(events: Iterable[Event], out: TextIO) -> None:
    for event in events:
        line = describe_event(event)
        if line is not None:
            print(f"    {line}", file=out)


def _with_humans(
    args: argparse.Namespace, game: Game, out: TextIO, err: TextIO, colour: bool
) -> None:
    """The game with human seats: prompts for them, the bots' moves as they come; an undone
    decision leaves the game's history."""
    read = PromptReader(out, sys.stdin)
    width: int = args.width

    def save(path: str) -> None:
        if game.save(path, err) == 0:
            print(f"saved to {path}. Go on with it later:", file=out)
            print(f"    {game.resume_command(path, as_state=game.as_state(path))}", file=out)

    humans = {
        seat: HumanSeat(
            seat,
            read,
            out,
            err,
            offer=read.offer,
            colour=colour,
            hint_seed=bot_seed(game.seed, seat),
            width=width,
            height=terminal_height(out, args.height),
            save=save,
        )
        for seat, name in enumerate(game.names)
        if name == HUMAN
    }
    bots: dict[int, Bot] = {
        seat: bot_for_seat(bot_factory(name, programs=True), bot_seed(game.seed, seat), seat)
        for seat, name in enumerate(game.names)
        if name != HUMAN
    }
    print("Type help at a prompt for the commands.", file=out)
    history = game.history  # each decision: the state before, seat, move
    while not game.state.is_over:
        state = game.state
        seat = state.to_move
        assert seat is not None  # seeded games have no chance nodes
        if seat in bots:
            move = thinking(bots[seat], state, f"seat {seat} ({game.names[seat]})", err)
            print(f"seat {seat} ({game.names[seat]}): {move}", file=out)
        else:
            earlier = [i for i, (_, who, _) in enumerate(history) if who == seat]
            answer = humans[seat].decide(state, can_undo=bool(earlier))
            if isinstance(answer, Quit):
                print(f"Game ended ({answer.why}) at turn {state.turn}.", file=out)
                print(render_scores(state, width=width), file=out)
                return
            if isinstance(answer, Undo):
                game.state = history[earlier[-1]][0]
                del history[earlier[-1] :]
                print(f"Back to seat {seat}'s previous decision.", file=out)
                continue
            move = answer
        history.append((state, seat, move))
        game.state, events = step(state, move)
        _print_events(_seen_by(events, set(humans)), out)
    print(file=out)
    print(render(game.state, compact=True, colour=colour, width=width), file=out)
    print(file=out)
    print(render_scores(game.state, width=width), file=out)


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
