"""Games saved and resumed by ``cacao-rules play``: ``save FILE`` at the prompt, the record
kept by ``--record`` (also after Ctrl-C), and ``play --resume FILE``.

A saved game is a game record (:class:`~cacao_rules.GameRecord`, the moves from the start,
which ``replay`` reads too) or, for a file named ``*.json``, a state JSON document
(:func:`cacao_rules.to_json`: the position alone). ``--resume`` reads either kind; only a
record gives the game's history, so only a game resumed from a record can be recorded on.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Final, TextIO

import attrs

from ..agents.specs import HUMAN, bot_factory, names_program
from ..errors import ConfigError, FormatError, excerpt
from ..formats.record import GameRecord
from ..formats.serialization import from_json, to_json
from ..game.config import Config
from ..game.moves import Move
from ..state.state import State
from .files import read_text, write_text

SUGGESTED_BOT: Final = "greedy"
"""The bot suggested for a saved game's seat that cannot be seated as saved."""

Decision = tuple[State, int, Move]
"""A decision of the game: the state before it, the seat that made it, the move."""


@attrs.frozen
class SavedGame:
    """A game to go on with: its ``config`` and ``seed``, the ``seats``' names if the file
    gave them, the ``decisions`` so far (``None`` for a state JSON, which has no history),
    and the ``state`` to go on from."""

    config: Config
    seed: int
    seats: tuple[str, ...] | None
    decisions: tuple[Decision, ...] | None
    state: State


def is_state_file(path: str) -> bool:
    """Whether ``save`` writes ``path`` as state JSON (a ``.json`` name) or as a record."""
    return path.lower().endswith(".json")


def save_game(
    path: str, record: GameRecord, state: State, err: TextIO, *, as_state: bool = False
) -> int:
    """Write the game to ``path``: the ``record`` so far, or with ``as_state`` the ``state``
    as state JSON; 0, or the failure's exit code after a message on ``err``."""
    if as_state:
        return write_text(path, to_json(state) + "\n", "the game", err)
    return write_text(path, record.to_text(), "the game", err)


def resume_command(path: str, names: Sequence[str], *, seats_kept: bool) -> str:
    """The command that goes on with the game saved in ``path``, each seat as ``names``
    says: ``--seats`` is added when the file does not keep the seats (``seats_kept`` false:
    a state JSON document) or when a seat is a program, which a file never seats."""
    command = f"cacao-rules play --resume {shlex.quote(path)}"
    if not seats_kept or any(names_program(name) for name in names):
        command += f" --seats {shlex.quote(','.join(names))}"
    return command


def load_game(path: str, err: TextIO) -> SavedGame | None:
    """The game saved in ``path`` (a record or a state JSON document); ``None`` after a
    message on ``err`` when it cannot be read, is neither, or cannot be played on."""
    text = read_text(path, err)
    if text is None:
        return None
    try:
        saved = _parsed(text)
    except FormatError as error:
        print(f"cacao-rules: {path}: {error}", file=err)
        return None
    if saved.state.is_over:
        print(f"cacao-rules: the game in {path} is over; see it with: cacao-rules replay", file=err)
        return None
    return saved


def resumed_seats(seats: tuple[str, ...]) -> list[str]:
    """The seats a saved game names, each a person (``human``) or a built-in bot, in play's
    spelling. A seat that names a program is refused with a :class:`FormatError`: a file
    never starts a program, which only the person resuming may seat, deliberately, with
    ``--seats``. The message names the seats, each spec quoted as an excerpt (control
    characters escaped, so no terminal misreads it), and a ``--seats`` to go on with."""
    kept = [_built_in_seat(name) for name in seats]
    programs = [seat for seat, name in enumerate(seats) if names_program(name)]
    refused = programs or [seat for seat, name in enumerate(kept) if name is None]
    if not refused:
        return [name for name in kept if name is not None]
    what = "a bot program" if programs else "no person or built-in bot"
    which = ", ".join(f"seat {seat} ({excerpt(seats[seat])})" for seat in refused)
    suggested = ",".join(name or SUGGESTED_BOT for name in kept)
    raise FormatError(
        f"names {what} for {which}; a saved game is resumed with people and built-in bots "
        f"only. Name the seats yourself, such as --seats {suggested} (a program you trust "
        "as exec:COMMAND)"
    )


def _built_in_seat(name: str) -> str | None:
    """A saved seat's name in play's spelling when it is a person or a built-in bot."""
    if name.strip().lower() == HUMAN:
        return HUMAN
    try:
        return bot_factory(name).spec  # programs refused: the name comes from a file
    except ConfigError:
        return None


def _parsed(text: str) -> SavedGame:
    if text.lstrip().startswith("{"):
        state = from_json(text)
        if state.seed is None:
            raise FormatError(
                "the game has no seed; play goes on only with seeded games (a game "
                "without a seed waits for chance outcomes that no one at the terminal draws)"
            )
        return SavedGame(state.config, state.seed, None, None, state)
    record = GameRecord.from_text(text)
    if record.seed is None:
        raise FormatError("the record's game has no seed; play goes on only with seeded games")
    states = record.replay()
    decisions = tuple(
        (before, _seat(before), move) for before, move in zip(states, record.moves, strict=False)
    )
    return SavedGame(record.config, record.seed, record.seats or None, decisions, states[-1])


def _seat(state: State) -> int:
    seat = state.to_move
    assert seat is not None  # a seeded game has no chance nodes
    return seat
