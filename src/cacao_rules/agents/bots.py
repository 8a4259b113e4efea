"""The random bot :class:`RandomBot`, the :class:`Bot` protocol, and :func:`greedy_value`,
how the greedy and search bots value a state.

A bot is anything with a ``choose(state) -> Move`` method (the :class:`Bot` protocol),
called for states where ``state.to_move`` is the bot's seat. The built-in bots are
deterministic given their seed: each keeps its own :class:`random.Random`, never the
global one.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=1)
>>> RandomBot(1).choose(state) in cr.legal_moves(state)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol

from ..compiled import Int
from ..engine import legal_moves
from ..errors import IllegalMoveError, expect
from ..game.moves import Move
from ..modules.huts import hut_bonus, hut_costs
from ..state.state import PlayerState, State
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

    def __init__(self, seed: Int) -> None:
        self.seed = expect(seed, int)
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
TEMPLE_WEIGHT: Final = 8
"""Weight of one gold of provisional temple majorities: in full, like gold in hand, though they
may still change. Valued at 2 (as before issue 23), the greedy bot gave up temples for a
little gold now and lost to the old greedy bot in 3-player games; see docs/bots.md."""
GEM_WEIGHT: Final = 8
"""Weight of one gem held (Gem mines module): 1 gold at the end for sure, and a quarter of a
mask once the player holds all four colours."""


def greedy_value(
    state: State,
    seat: int,
    temples: Sequence[int] | None = None,
    temple_weight: int = TEMPLE_WEIGHT,
) -> int:
    """How much :class:`~cacao_rules.GreedyBot` likes ``state`` for ``seat``, in eighths of
    a gold.

    Gold in hand counts in full, and so do the huts built (Hut module): their cost comes back
    at the end with their bonus as it stands, and the masks' values and the gems held (Gem
    mines module), each gem 1 gold as at the end. Everything else counts a little, because it
    is not gold yet: a cacao 3/8 (it still has to be sold), a chocolate bar 5/8, a sun token
    3/8, each gold of the water field's value 2/8. Each gold of provisional temple majority
    counts ``temple_weight`` eighths (:data:`TEMPLE_WEIGHT`, in full, by default).
    ``temples``, if given, is every seat's provisional temple gold on this board (it saves
    working it out).
    """
    player = state.players[seat]
    if temples is None:
        temples = temple_totals(state)
    huts = hut_costs(player) + hut_bonus(state, seat) if player.huts else 0
    return holdings_value(player) + GOLD_WEIGHT * huts + temple_weight * temples[seat]


def holdings_value(player: PlayerState) -> int:
    """The part of :func:`greedy_value` that the player's own holdings make: gold, cacao,
    chocolate, sun tokens, the water field, masks and gems (not huts, not temples)."""
    # The gems are added one by one and the masks only if any: compiled, sum() over the
    # four gems builds a tuple of them, and the bots ask for this value very often.
    gems = player.gems
    value = (
        GOLD_WEIGHT * player.gold
        + CACAO_WEIGHT * player.cacao
        + CHOCOLATE_WEIGHT * player.chocolate
        + SUN_WEIGHT * player.sun
        + WATER_WEIGHT * player.water
        + GEM_WEIGHT * (gems[0] + gems[1] + gems[2] + gems[3])
    )
    return value + GOLD_WEIGHT * sum(player.masks) if player.masks else value


def deciding_seat(state: State) -> int:
    """The seat that decides in ``state``; ``IllegalMoveError`` where nobody does."""
    if type(state) is not State:  # the exact class first: deciding is on the bots' hot path
        expect(state, State)
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
