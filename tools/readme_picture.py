"""Draw the picture at the top of the README: ``python tools/readme_picture.py``.

It writes ``docs/_static/board.svg``: a seeded 3-player game with the Emperor and the gem
mines, greedy bots, stopped where the player to move resolves their activated edges, so that
the picture shows the pending decision and the running score. Run it again after a change
to the pictures (``cacao_rules.show.svg``).
"""

from __future__ import annotations

from pathlib import Path

import cacao_rules as cr
from cacao_rules.show.svg import board
from cacao_rules.state.state import ResolveStep

OUT = Path(__file__).resolve().parents[1] / "docs" / "_static" / "board.svg"
CONFIG = cr.Config(players=3, modules={cr.Module.EMPEROR, cr.Module.GEM_MINES})
SEED = 11
DECISIONS = 60


def picture() -> str:
    """The README's picture: the first decision from :data:`DECISIONS` on that resolves
    two edges or more, the legend included."""
    bots = [cr.GreedyBot(seat) for seat in range(CONFIG.players)]
    state = cr.new_game(CONFIG, seed=SEED)
    made = 0
    while not (made >= DECISIONS and _resolving(state)):
        seat = state.to_move
        assert seat is not None  # a seeded game
        state = cr.apply(state, bots[seat].choose(state))
        made += 1
    return board(state, size=40)


def _resolving(state: cr.State) -> bool:
    return isinstance(state.step, ResolveStep) and len(state.step.queue) > 1


if __name__ == "__main__":
    OUT.write_text(picture() + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
