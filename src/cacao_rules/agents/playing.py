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

from ..compiled import Int
from ..engine import apply, new_game
from ..errors import ConfigError, expect
from ..formats.record import GameRecord
from ..game.config import Config
from ..game.moves import Move
from ..state.state import State
from ..turn.results import final_scores, winners
from .bots import Bot, deciding_seat


def play_game(config: Config, seed: Int, bots: Sequence[Bot]) -> tuple[State, tuple[Move, ...]]:
    """Play a complete seeded game with ``bots[seat]`` deciding for each seat.

    Bots with a ``game_over(final, scores, winners)`` method are told the end of the game
    by it. Returns the final state and the decisions in order; ``(config, seed, decisions)``
    is the game's record: :func:`record_game` plays the same game and returns it as a
    :class:`~cacao_rules.GameRecord`.
    """
    expect(config, Config)
    expect(seed, int)
    if len(bots) != config.players:
        raise ConfigError(f"play_game needs one bot per seat ({config.players}), got {len(bots)}")
    state = new_game(config, seed=seed)
    decisions: list[Move] = []
    while not state.is_over:
        move = bots[deciding_seat(state)].choose(state)
        decisions.append(move)
        state = apply(state, move)
    _tell_the_end(state, bots)
    return state, tuple(decisions)


def _tell_the_end(final: State, bots: Sequence[Bot]) -> None:
    """Call ``game_over(final, scores, winners)`` of the bots that have it (a
    :class:`~cacao_rules.ProgramBot` tells its program)."""
    scores = [sheet.total for sheet in final_scores(final)]
    won = winners(final)
    for bot in bots:
        game_over = getattr(bot, "game_over", None)
        if game_over is not None:
            game_over(final, scores, won)


def record_game(
    config: Config,
    seed: Int,
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
