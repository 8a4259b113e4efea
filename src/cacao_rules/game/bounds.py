"""The proven bounds of a game: how far tiles can lie, how long a game runs, how rich a player
gets.

Every state the rules can reach stays within these bounds, so a state outside them came from
somewhere else (a forged document, a hand-built position gone wrong) and is refused by
:func:`~cacao_rules.check_state`. They are also what keeps the adapters' fixed action space
and tensors finite: no legal move ever leads out of them.

The window
----------
Write ``|s| = |x| + |y|`` for a square's distance from ``(0, 0)``. The start tiles lie at
``(0, 0)`` and ``(1, 1)``. Tiles arrive in two ways only: a worker tile on a square sharing an
edge with a jungle tile (:rule:`R-PLACE-1`; an overbuild takes no new square), and a jungle
tile on a space sharing an edge with the worker tile just placed (:rule:`R-FILL-1`). So a new
worker tile lies at most 1 beyond the farthest jungle tile, and a new jungle tile at most 1
beyond the farthest worker tile, and only after a worker tile was placed.

Let ``dJ`` be the distance of the farthest jungle tile, ``w`` the worker tiles still to place
and ``j`` the jungle tiles still to lay. The next worker tile lands within ``dJ + 1``, and each
later one gains 2 only if a jungle tile was laid next to the one before: no worker tile ever
lies beyond ``dJ + 1 + 2 * min(w - 1, j)``. While the spaces around a worker tile placed at
distance ``dP`` are still to be filled, a jungle tile may also come at ``dP + 1``, so play may
also reach ``dP + 2 + 2 * min(w - 1, j - 1)``. From the start (``dJ = 2``, all ``W`` worker
tiles and the ``J`` jungle tiles of the pool other than the start tiles to come) that is the
radius ``R = 1 + 2 * min(W, J + 1)`` of :func:`window_radius`: no worker tile beyond ``R`` and
no jungle tile beyond ``R + 1``. After ``p`` worker tiles placed and ``l`` jungle tiles laid,
``dJ <= 2 + 2 * min(l, p)`` and ``dP <= 1 + 2 * min(p, l + 1)``, so every reached state keeps
both reaches within ``R``; :func:`reach_problem` checks it, so that from every state accepted,
play too stays in the window.

The numbers
-----------
Each turn begins with one worker tile leaving a hand (placed, overbuilt or set aside), so a
game has at most ``W`` turns (:func:`max_turns`). Every chance event draws a worker tile, a
jungle tile or turns a hut tile (:func:`max_chance_events`). Gold comes only from activated
worker edges (at most :data:`MAX_GOLD_PER_WORKER` per worker used, with one worker more than
printed for the Foreman, and 3 gold for an empty edge at a Tree of Life) and from the
Emperor (at most 1 at the start of a turn and 1 for a tile placed in his row or column); each
edge of each worker tile is activated at most once in a game, so :func:`max_gold` bounds any
player's gold.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

from .components import HUT_TILES, JungleTile, Tile, WorkerTile
from .config import Config
from .geometry import Square
from .pools import jungle_pool, worker_set

MAX_GOLD_PER_WORKER: Final = 7
"""The most gold one worker can bring in one action: a chocolate bar sold at a chocolate
market (a market pays at most 4, a gold mine 2, a Tree of Life 1, or 3 for an empty edge)."""

EMPEROR_GOLD_PER_TURN: Final = 2
"""The most gold the Emperor gives one player in one turn: his favour at its start and his
jump onto the tile placed."""

START_DISTANCE: Final = 2
"""The distance of the farther start tile, ``(1, 1)``, from ``(0, 0)``."""


def distance(square: Square) -> int:
    """``|x| + |y|``: how many steps ``square`` lies from ``(0, 0)``."""
    return abs(square[0]) + abs(square[1])


@functools.lru_cache(maxsize=64)
def _totals(config: Config) -> tuple[int, int]:
    """All players' worker tiles and the jungle tiles of the pool other than the start tiles."""
    workers = config.players * sum(worker_set(config).values())
    return workers, sum(jungle_pool(config).values()) - 2


def window_radius(config: Config) -> int:
    """The radius ``R``: no worker tile of a game of ``config`` ever lies beyond it, and no
    jungle tile beyond ``R + 1`` (see the module docstring).

    >>> window_radius(Config(players=2))
    41
    """
    workers, jungle = _totals(config)
    return 1 + 2 * min(workers, jungle + 1)


def max_turns(config: Config) -> int:
    """The most turns a game of ``config`` has: one per worker tile."""
    return _totals(config)[0]


def max_chance_events(config: Config) -> int:
    """The most chance events a game of ``config`` has: every worker tile and jungle tile
    drawn, every hut tile turned."""
    workers, jungle = _totals(config)
    return workers + jungle + len(HUT_TILES)


@functools.lru_cache(maxsize=64)
def max_gold(config: Config) -> int:
    """More gold than any player of a game of ``config`` can ever hold."""
    edges = sum(
        count * sum(workers + 1 for workers in kind.edges)
        for kind, count in worker_set(config).items()
    )
    return edges * MAX_GOLD_PER_WORKER + EMPEROR_GOLD_PER_TURN * max_turns(config)


def reach_problem(
    config: Config,
    board: Iterable[tuple[Square, Tile]],
    workers_left: int,
    jungle_left: int,
    placed: Square | None = None,
) -> str | None:
    """What puts a board out of the window, or None: a tile beyond it, or jungle tiles so far
    out that the ``workers_left`` worker tiles and ``jungle_left`` jungle tiles still to come
    could take play beyond it. ``placed`` is the worker tile whose jungle spaces are still to
    be filled, if any (see the module docstring)."""
    radius = window_radius(config)
    farthest_jungle = START_DISTANCE
    farthest_worker = 0
    for square, tile in board:
        far = distance(square)
        if isinstance(tile, JungleTile):
            farthest_jungle = max(farthest_jungle, far)
        elif isinstance(tile, WorkerTile):
            farthest_worker = max(farthest_worker, far)
    if farthest_worker > radius or farthest_jungle > radius + 1:
        return (
            f"a tile lies {max(farthest_worker, farthest_jungle)} steps from (0, 0); in this "
            f"game worker tiles lie within {radius} steps and jungle tiles within {radius + 1}"
        )
    if not workers_left:
        return None
    reach = farthest_jungle + 1 + 2 * min(workers_left - 1, jungle_left)
    if placed is not None and jungle_left:
        reach = max(reach, distance(placed) + 2 + 2 * min(workers_left - 1, jungle_left - 1))
    if reach > radius:
        return (
            f"the jungle tiles lie so far out ({farthest_jungle} steps from (0, 0)) that the "
            f"{workers_left} worker tiles still to place could reach {reach} steps; play "
            f"keeps worker tiles within {radius}"
        )
    return None
