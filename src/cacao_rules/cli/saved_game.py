"""Games saved and resumed by ``cacao-rules play``: ``save FILE`` at the prompt, the record
kept by ``--record`` (also after Ctrl-C), and ``play --resume FILE``.

A saved game is a game record (:class:`~cacao_rules.GameRecord`, the moves from the start,
which ``replay`` reads too) or, for a file named ``*.json``, a state JSON document
(:func:`cacao_rules.to_json`: the position alone). ``--resume`` reads either kind; only a
record gives the game's history, so only a game resumed from a record can be recorded on.
"""

from __future__ import annotations

from typing import TextIO

import attrs

from ..errors import FormatError
from ..formats.record import GameRecord
from ..formats.serialization import from_json, to_json
from ..game.config import Config
from ..game.moves import Move
from ..state.state import State
from .files import read_text, write_text

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
