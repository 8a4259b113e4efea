"""Playing whole games with bots: :func:`play_game` and :func:`record_game`.

The formats only read and write values; playing a game to get one is the agents' work, so a
game played by bots becomes a :class:`~cacao_rules.GameRecord` here, as
``chess.pgn.Game.from_board`` makes a PGN game from the moves of a board.

>>> import cacao_rules as cr
>>> final, decisions = play_game(cr.Config(players=2), 1, [cr.GreedyBot(1), cr.RandomBot(2)])
>>> final.is_over, len(decisions) > 0
(True, True)
>>> record = record_game(cr.Config(players=2), 1, [cr.GreedyBot(1), cr.RandomBot(2)])
>>> record.moves == decisions
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine import apply, new_game
from ..errors import ConfigError, expect
from ..formats.record import GameRecord
from ..game.config import Config
from ..game.moves import Move
from ..state.state import State
from .bots import Bot, deciding_seat


def play_game(config: object, seed: object, bots: Sequence[Bot]) -> tuple[State, tuple[Move, ...]]:
    """Play a complete seeded game with ``bots[seat]`` deciding for each seat.

    Returns the final state and the decisions in order; ``(config, seed, decisions)``
    is the game's record: :func:`record_game` plays the same game and returns it as a
    :class:`~cacao_rules.GameRecord`.
    """
    config = expect(config, Config, "play_game", ConfigError)
    if len(bots) != config.players:
        raise ConfigError(f"play_game needs one bot per seat ({config.players}), got {len(bots)}")
    state = new_game(config, seed=seed)
    decisions: list[Move] = []
    while not state.is_over:
        move = bots[deciding_seat(state)].choose(state)
        decisions.append(move)
        state = apply(state, move)
    return state, tuple(decisions)


def record_game(
    config: Config,
    seed: int,
    bots: Sequence[Bot],
    seats: Sequence[str] | None = None,
    tags: Mapping[str, str] | None = None,
) -> GameRecord:
    """Play a complete seeded game like :func:`play_game` and return its record.

    The seats are named after the bots (``"GreedyBot(1)"``) unless ``seats`` names them.
    """
    _final, decisions = play_game(config, seed, bots)
    names = [repr(bot) for bot in bots] if seats is None else seats
    return GameRecord(config, seed, decisions, names, tags or {})
