"""Built-in bots: :class:`RandomBot` and :class:`GreedyBot`.

A bot is anything with a ``choose(state) -> Move`` method (the :class:`Bot` protocol),
called for states where ``state.to_move`` is the bot's seat. The built-in bots are
deterministic given their seed: each keeps its own :class:`random.Random`, never the
global one.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=1)
>>> GreedyBot(1).choose(state) in cr.legal_moves(state)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol

from ..engine import apply, legal_moves
from ..errors import IllegalMoveError
from ..game.components import Tile
from ..game.frozen import FrozenMap
from ..game.geometry import Square
from ..game.moves import Move
from ..modules.huts import hut_bonus, hut_costs
from ..state.state import State
from ..turn.scoring import temple_totals


class Bot(Protocol):
    """A player: picks one of ``legal_moves(state)`` when ``state.to_move`` is its seat."""

    def choose(self, state: State) -> Move:
        """The move to play in ``state``."""
        ...


class RandomBot:
    """Picks uniformly among the legal moves, with its own ``random.Random(seed)``.

    >>> import cacao_rules as cr
    >>> state = cr.new_game(cr.Config(players=2), seed=3)
    >>> RandomBot(5).choose(state) == RandomBot(5).choose(state)
    True
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        return self._rng.choice(_decision_moves(state))

    def __repr__(self) -> str:
        return f"RandomBot({self.seed})"


GOLD_WEIGHT: Final = 8
"""Weight of one gold in hand in :func:`greedy_value` (the other weights are fractions of it)."""
CACAO_WEIGHT: Final = 3
"""Weight of one cacao in storage: it sells for 2 to 4 gold, but only at a market."""
CHOCOLATE_WEIGHT: Final = 5
"""Weight of one chocolate bar (Chocolate module): it sells for 7 gold, but only at a
chocolate market, and is worth nothing at the end."""
SUN_WEIGHT: Final = 3
"""Weight of one sun token: 1 gold at the end, or an overbuild."""
WATER_WEIGHT: Final = 2
"""Weight of one gold of water-track value (the field the carrier stands on)."""
TEMPLE_WEIGHT: Final = 2
"""Weight of one gold of provisional temple majorities (they may still change)."""
GEM_WEIGHT: Final = 8
"""Weight of one gem held (Gem mines module): 1 gold at the end for sure, and a quarter of a
mask once the player holds all four colours."""


def greedy_value(state: State, seat: int, temples: Sequence[int] | None = None) -> int:
    """How much :class:`GreedyBot` likes ``state`` for ``seat``, in eighths of a gold.

    Gold in hand counts in full, and so do the huts built (Hut module): their cost comes back
    at the end with their bonus as it stands, and the masks' values and the gems held (Gem
    mines module), each gem 1 gold as at the end. Everything else counts a little, because it
    is not gold yet: a cacao 3/8 (it still has to be sold), a chocolate bar 5/8, a sun token
    3/8, each gold of the water field's value 2/8, each gold of provisional temple majority
    2/8. ``temples``, if given, is every seat's provisional temple gold on this board (it
    saves working it out).
    """
    player = state.players[seat]
    if temples is None:
        temples = temple_totals(state)
    huts = hut_costs(player) + hut_bonus(state, seat) if player.huts else 0
    return (
        GOLD_WEIGHT * (player.gold + huts)
        + CACAO_WEIGHT * player.cacao
        + CHOCOLATE_WEIGHT * player.chocolate
        + SUN_WEIGHT * player.sun
        + WATER_WEIGHT * player.water
        + TEMPLE_WEIGHT * temples[seat]
        + GOLD_WEIGHT * sum(player.masks)
        + GEM_WEIGHT * sum(player.gems)
    )


class GreedyBot:
    """Prefers immediate gold: plays the move whose result :func:`greedy_value` likes best.

    For each legal move, the bot applies it and, while the resulting state waits for
    another decision of its own in the same turn (filling the jungle spaces after a
    placement, resolving its activated edges), keeps choosing greedily: the move whose
    result has the best value, the first in ``legal_moves`` order on a tie. It then scores
    the state it reached with :func:`greedy_value` for its own seat. Ties between the best
    moves are broken by its own ``random.Random(seed)``.

    >>> import cacao_rules as cr
    >>> state = cr.new_game(cr.Config(players=2), seed=3)
    >>> GreedyBot(5).choose(state) in cr.legal_moves(state)
    True
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._temples: dict[FrozenMap[Square, Tile], list[int]] = {}

    def choose(self, state: State) -> Move:
        seat = deciding_seat(state)
        self._temples.clear()
        best: list[Move] = []
        best_value = 0
        for move in legal_moves(state):
            value = self._value(self._own_turn_greedily(apply(state, move), seat, state.turn), seat)
            if not best or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def _value(self, state: State, seat: int) -> int:
        # Many states looked at share a board (resolving edges does not change it).
        temples = self._temples.get(state.board)
        if temples is None:
            temples = self._temples[state.board] = temple_totals(state)
        return greedy_value(state, seat, temples)

    def _own_turn_greedily(self, state: State, seat: int, turn: int) -> State:
        """Play ``seat``'s further decisions of turn ``turn`` greedily, one step at a time."""
        while state.to_move == seat and state.turn == turn:
            state = max(
                (apply(state, move) for move in legal_moves(state)),
                key=lambda after: self._value(after, seat),
            )
        return state

    def __repr__(self) -> str:
        return f"GreedyBot({self.seed})"


def deciding_seat(state: State) -> int:
    """The seat that decides in ``state``; ``IllegalMoveError`` where nobody does."""
    seat = state.to_move
    if seat is None:
        raise IllegalMoveError(
            "a bot chooses only where a player decides; this state is "
            + ("over" if state.is_over else "a chance node")
        )
    return seat


def _decision_moves(state: State) -> tuple[Move, ...]:
    deciding_seat(state)
    return legal_moves(state)
