"""The squares a user interface highlights: where the player to move may put a worker tile.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=42)
>>> cr.placement_squares(state)
((-1, 0), (0, -1), (0, 1), (1, 0), (1, 2), (2, 1))
>>> cr.open_jungle_spaces(state.board)
frozenset()
"""

from __future__ import annotations

from ..engine import legal_moves
from ..errors import expect
from ..game.geometry import Square
from ..game.moves import Overbuild, Place
from ..state.state import PlacementStep, State


def placement_squares(state: State) -> tuple[Square, ...]:
    """The squares, sorted, where the player to move may put a worker tile now: the empty
    squares of a legal placement and, where overbuilding is allowed, their own tiles of a
    legal overbuild. Empty unless the game waits for a placement."""
    if not isinstance(expect(state, State).step, PlacementStep):
        return ()
    return tuple(
        sorted({move.square for move in legal_moves(state) if isinstance(move, Place | Overbuild)})
    )
