"""Observations as flat vectors of numbers, for neural networks and framework adapters.

:func:`observation_tensor` writes an :class:`~cacao_rules.Observation` as a list of floats
whose length depends only on the configuration (:func:`tensor_layout` names its parts), so
every observation of a game fits one fixed shape. Seats are counted from the observer: seat
``(seat - observer) % players`` comes first for the observer, then the next seat clockwise,
so a network sees itself in the same place whoever it plays.

The board is a list of slots, one per tile that can ever lie on it (the start tiles, the
jungle tiles and every worker tile of the game), filled in square order; a tile beneath an
overbuild is a flag on the slot of the tile on top. A worker tile's edges are the workers they
count: a 3 on a tile played with the Foreman (:rule:`R-HUT-FOREMAN`) reads 4.

>>> import cacao_rules as cr
>>> config = cr.Config(players=2)
>>> vector = cr.observation_tensor(cr.observe(cr.new_game(config, seed=1), 0))
>>> len(vector) == cr.tensor_size(config)
True
>>> [name for name, _ in cr.tensor_layout(config)][:3]
['step', 'to_move', 'current']
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Iterable
from typing import Final

from ..errors import CacaoError, excerpt
from ..game.components import (
    ALL_JUNGLE_TILES,
    GEM_COLOURS,
    GEMS_PER_COLOUR,
    GEMS_PER_MINE,
    HAND_SIZE,
    HUT_TILES,
    MAP_TILES_PER_PLAYER,
    MASKS,
    STORAGE_SPACES,
    SUN_PLACES,
    WATER_TRACK,
    Hut,
    JungleKind,
    JungleTile,
    Side,
    WorkerTile,
    WorkerType,
)
from ..game.config import Config
from ..game.geometry import neighbour
from ..game.pools import jungle_pool, worker_set
from ..modules.huts import counted_workers
from ..observation import Observation
from ..state.state import (
    ActivatedEdge,
    BlindFillStep,
    FillStep,
    ResolveStep,
    Step,
)
from .action_space import MAX_EDGE_WORKERS, MAX_EDGES_PER_TURN, ActionSpace

STEP_KINDS: Final = typing.get_args(Step)
"""The steps in the order of the ``step`` part's one-hot entries: as :data:`Step` lists them."""

_UNBOUNDED: Final = float("inf")
_KINDS: Final = tuple(JungleKind)
_TYPES: Final = tuple(WorkerType)
_HUTS: Final = tuple(Hut)
_MASK_VALUES: Final = tuple(sorted(set(MASKS)))
_SLOT_FIXED: Final = 1 + 2 + len(_KINDS) + 1 + len(GEM_COLOURS) + len(Side) + 1
"""A board slot: occupied, x, y, jungle kind, value, gems, worker edges N E S W (as counted:
a 3 played with the Foreman reads 4), overbuilt; plus the owner, one entry per seat."""
_EDGE_FIXED: Final = 1 + 2 + len(Side) + 1
"""A queued edge: present, x, y, side, workers; plus the owner, one entry per seat."""


def board_capacity(config: Config) -> int:
    """How many tiles can ever lie on the board (tiles on top; covered ones are flags).

    >>> import cacao_rules as cr
    >>> board_capacity(cr.Config(players=4))  # 28 jungle tiles, 4 x 9 worker tiles
    64
    """
    workers = sum(worker_set(config).values()) * config.players
    return sum(jungle_pool(config).values()) + workers


_PLAYER: Final = 8 + len(_HUTS) + len(GEM_COLOURS) + 2 + 2 * len(_TYPES)
"""A player: gold, cacao, sun, water field, chocolate, map tiles, hand size, pile size; huts
built; gems by colour; masks held and their value; the hand by type (the observer's own, else
zeros); the unseen tiles by type (R-HIDDEN-2)."""


@functools.lru_cache(maxsize=64)  # bounded: a long-running server sees many configs
def tensor_layout(config: Config) -> tuple[tuple[str, int], ...]:
    """The parts of :func:`observation_tensor`'s vector for ``config``, in order, with their
    lengths."""
    seats = config.players
    tiles = len(ALL_JUNGLE_TILES) + len(GEM_COLOURS)
    return (
        ("step", len(STEP_KINDS)),
        ("to_move", seats + 1),
        ("current", seats),
        ("turn", 1),
        ("fill", 2 + len(Side)),
        ("queue", MAX_EDGES_PER_TURN * (_EDGE_FIXED + seats) + 1),
        ("players", seats * _PLAYER),
        ("display", tiles),
        ("map_board", tiles),
        ("jungle_pile", len(ALL_JUNGLE_TILES)),
        ("supplies", 5 + len(GEM_COLOURS) + len(_MASK_VALUES) + len(_HUTS) + seats),
        ("board", board_capacity(config) * (_SLOT_FIXED + seats)),
    )


@functools.lru_cache(maxsize=64)  # bounded: a long-running server sees many configs
def tensor_size(config: Config) -> int:
    """The length of every :func:`observation_tensor` of a game of ``config``."""
    return sum(length for _, length in tensor_layout(config))


@functools.lru_cache(maxsize=64)  # bounded: a long-running server sees many configs
def tensor_bounds(config: Config) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The lowest and highest value of each entry of :func:`observation_tensor` for ``config``.

    They follow :func:`tensor_layout` part by part, for a ``Box`` space of Gymnasium and the
    like. One-hot parts and flags lie
    in ``[0, 1]``. Coordinates lie in ``[-(R + 1), R + 1]`` with ``R`` the radius of
    :class:`cacao_rules.ActionSpace`: no worker tile ever lies beyond ``|x| + |y| <= R``
    (that class's docstring proves it) and every jungle tile shares an edge with one, or is a
    start tile. Counts are bounded by what the game holds (storage spaces, sun places, the
    water track, hand size, the tiles, gems, masks and huts of the configuration). Two
    entries have no cap in the rules and get ``+inf``: each player's gold and the cacao
    received this turn (``ResolveStep.received``). Nothing is ever negative except
    coordinates.
    """
    seats = config.players
    per_seat = float(sum(worker_set(config).values()))
    all_workers = per_seat * seats
    jungle_tiles = float(sum(jungle_pool(config).values()))
    reach = float(ActionSpace(config).radius + 1)
    huts = float(len(HUT_TILES))
    top_value = float(max(tile.value for tile in ALL_JUNGLE_TILES))

    def flags(count: int) -> list[tuple[float, float]]:
        return [(0.0, 1.0)] * count

    def upto(most: float, count: int = 1) -> list[tuple[float, float]]:
        return [(0.0, most)] * count

    coordinates = [(-reach, reach)] * 2
    edge = [*flags(1), *coordinates, *flags(len(Side)), *upto(MAX_EDGE_WORKERS), *flags(seats)]
    player = [
        *upto(_UNBOUNDED),  # gold
        *upto(STORAGE_SPACES),  # cacao
        *upto(SUN_PLACES),
        *upto(len(WATER_TRACK) - 1),  # the water field's index
        *upto(STORAGE_SPACES),  # chocolate shares the storage spaces
        *upto(MAP_TILES_PER_PLAYER),
        *upto(HAND_SIZE),
        *upto(per_seat),  # pile size
        *upto(huts, len(Hut)),
        *upto(GEMS_PER_COLOUR, len(GEM_COLOURS)),
        *upto(len(MASKS)),
        *upto(sum(MASKS)),
        *upto(HAND_SIZE, len(WorkerType)),
        *upto(per_seat, len(WorkerType)),  # unseen tiles by type
    ]
    tiles = [*upto(jungle_tiles, len(ALL_JUNGLE_TILES)), *upto(GEMS_PER_COLOUR, len(GEM_COLOURS))]
    slot = [
        *flags(1),
        *coordinates,
        *flags(len(JungleKind)),
        *upto(top_value),
        *upto(GEMS_PER_MINE, len(GEM_COLOURS)),
        *upto(MAX_EDGE_WORKERS, len(Side)),
        *flags(1),  # overbuilt
        *flags(seats),
    ]
    parts: dict[str, list[tuple[float, float]]] = {
        "step": flags(len(STEP_KINDS)),
        "to_move": flags(seats + 1),
        "current": flags(seats),
        "turn": upto(all_workers),  # each turn puts down or discards one worker tile
        "fill": [*coordinates, *flags(len(Side))],
        "queue": [*edge * MAX_EDGES_PER_TURN, *upto(_UNBOUNDED)],
        "players": player * seats,
        "display": tiles,
        "map_board": tiles,
        "jungle_pile": upto(jungle_tiles, len(ALL_JUNGLE_TILES)),
        "supplies": [
            *upto(MAP_TILES_PER_PLAYER * seats),  # map tiles used
            *upto(4 * len(MASKS)),  # gems exchanged: 4 per mask
            *flags(1),  # the Emperor is in play
            *coordinates,
            *upto(GEMS_PER_COLOUR, len(GEM_COLOURS)),  # the cart
            *upto(len(MASKS), len(set(MASKS))),
            *upto(huts, len(Hut)),
            *upto(per_seat, seats),  # discarded tiles
        ],
        "board": slot * board_capacity(config),
    }
    bounds: list[tuple[float, float]] = []
    for name, length in tensor_layout(config):
        part = parts[name]
        if len(part) != length:  # pragma: no cover - guards a change of tensor_layout
            raise AssertionError(f"bounds of {name!r}: {len(part)} entries, layout {length}")
        bounds += part
    return tuple(low for low, _ in bounds), tuple(high for _, high in bounds)


def _one_hot(index: int, size: int) -> list[float]:
    vector = [0.0] * size
    vector[index] = 1.0
    return vector


def _counts(items: Iterable[object], order: dict[object, int], size: int) -> list[float]:
    vector = [0.0] * size
    for item in items:
        vector[order[item]] += 1.0
    return vector


_TYPE_ORDER: Final[dict[object, int]] = {kind: index for index, kind in enumerate(_TYPES)}
_HUT_ORDER: Final[dict[object, int]] = {hut: index for index, hut in enumerate(_HUTS)}
_MASK_ORDER: Final[dict[object, int]] = {value: i for i, value in enumerate(_MASK_VALUES)}
_BARE_ORDER: Final[dict[object, int]] = {tile: i for i, tile in enumerate(ALL_JUNGLE_TILES)}
_KIND_ORDER: Final[dict[JungleKind, int]] = {kind: index for index, kind in enumerate(_KINDS)}


class _Seats:
    """Seat numbers counted from the observer."""

    def __init__(self, observation: Observation) -> None:
        self.observer = observation.player
        self.count = observation.config.players

    def one_hot(self, seat: int) -> list[float]:
        return _one_hot((seat - self.observer) % self.count, self.count)

    def in_order(self) -> Iterable[int]:
        """The real seats, the observer's first, then clockwise."""
        return ((self.observer + offset) % self.count for offset in range(self.count))


def _to_move_part(to_move: int | None, seats: _Seats) -> list[float]:
    """One entry per seat, and a last one for "nobody" (a chance node, or the game over)."""
    if to_move is None:
        return [0.0] * seats.count + [1.0]
    return [*seats.one_hot(to_move), 0.0]


def _turn_part(observation: Observation, seats: _Seats) -> list[float]:
    step = observation.step
    to_move = observation.to_move
    fill = [0.0] * (2 + len(Side))
    if isinstance(step, FillStep | BlindFillStep):
        fill[0:2] = [float(step.placed[0]), float(step.placed[1])]
        for side in Side:
            if neighbour(step.placed, side) in step.spaces:
                fill[2 + int(side)] = 1.0
    return [
        *_one_hot(STEP_KINDS.index(type(step)), len(STEP_KINDS)),
        *_to_move_part(to_move, seats),
        *seats.one_hot(observation.current),
        float(observation.turn),
        *fill,
    ]


def _queue_part(step: Step, seats: _Seats) -> list[float]:
    queue: tuple[ActivatedEdge, ...] = step.queue if isinstance(step, ResolveStep) else ()
    vector: list[float] = []
    for edge in queue[:MAX_EDGES_PER_TURN]:
        vector += [1.0, float(edge.square[0]), float(edge.square[1])]
        vector += _one_hot(int(edge.side), len(Side))
        vector.append(float(edge.workers))
        vector += seats.one_hot(edge.owner)
    vector += [0.0] * ((MAX_EDGES_PER_TURN - len(queue)) * (_EDGE_FIXED + seats.count))
    vector.append(float(step.received if isinstance(step, ResolveStep) else 0))
    return vector


def _players_part(observation: Observation, seats: _Seats) -> list[float]:
    vector: list[float] = []
    for seat in seats.in_order():
        view = observation.players[seat]
        vector += [
            float(view.gold),
            float(view.cacao),
            float(view.sun),
            float(view.water_field),
            float(view.chocolate),
            float(view.map_tiles),
            float(view.hand_size),
            float(view.pile_size),
        ]
        vector += _counts(view.huts, _HUT_ORDER, len(_HUTS))
        vector += [float(count) for count in view.gems]
        vector += [float(len(view.masks)), float(sum(view.masks))]
        vector += _counts(view.hand or (), _TYPE_ORDER, len(_TYPES))
        vector += _counts(view.unseen.elements(), _TYPE_ORDER, len(_TYPES))
    return vector


def _tiles_part(tiles: Iterable[JungleTile]) -> list[float]:
    """Tiles counted by kind and value, and the gems on them by colour."""
    listed = list(tiles)
    gems = [0.0] * len(GEM_COLOURS)
    for tile in listed:
        for colour, count in enumerate(tile.gems or ()):
            gems[colour] += count
    return _counts((tile.bare for tile in listed), _BARE_ORDER, len(ALL_JUNGLE_TILES)) + gems


def _supplies_part(observation: Observation, seats: _Seats) -> list[float]:
    emperor = observation.emperor
    discarded = [0.0] * seats.count
    for seat, _ in observation.discarded:
        discarded[(seat - seats.observer) % seats.count] += 1.0
    return [
        float(observation.map_tiles_used),
        float(observation.gems_exchanged),
        float(emperor is not None),
        float(emperor[0]) if emperor else 0.0,
        float(emperor[1]) if emperor else 0.0,
        *(float(count) for count in observation.gem_cart),
        *_counts(observation.mask_supply, _MASK_ORDER, len(_MASK_VALUES)),
        *_counts(observation.hut_supply.elements(), _HUT_ORDER, len(_HUTS)),
        *discarded,
    ]


def _slot(square: tuple[int, int], tile: object, covered: bool, seats: _Seats) -> list[float]:
    vector = [1.0, float(square[0]), float(square[1])]
    if isinstance(tile, WorkerTile):
        vector += [0.0] * (len(_KINDS) + 1 + len(GEM_COLOURS))
        vector += [float(counted_workers(tile, workers)) for workers in tile.edges]
        vector.append(float(covered))
        return vector + seats.one_hot(tile.owner)
    assert isinstance(tile, JungleTile)
    vector += _one_hot(_KIND_ORDER[tile.kind], len(_KINDS))
    vector.append(float(tile.value))
    vector += [float(count) for count in tile.gems or (0, 0, 0, 0)]
    return vector + [0.0] * (len(Side) + 1 + seats.count)


def _board_part(observation: Observation, seats: _Seats) -> list[float]:
    vector: list[float] = []
    board = observation.board
    for square in sorted(board):
        vector += _slot(square, board[square], square in observation.covered, seats)
    slots = board_capacity(observation.config) - len(board)
    return vector + [0.0] * (slots * (_SLOT_FIXED + seats.count))


def observation_tensor(observation: object) -> list[float]:
    """``observation`` as a flat list of floats of length :func:`tensor_size`.

    The parts follow :func:`tensor_layout`; counts and coordinates are written as they are
    (no scaling), one-hot parts as 0 and 1.
    """
    if not isinstance(observation, Observation):
        raise CacaoError(
            f"observation_tensor needs a cacao_rules.Observation, got {excerpt(observation)}"
        )
    seats = _Seats(observation)
    return [
        *_turn_part(observation, seats),
        *_queue_part(observation.step, seats),
        *_players_part(observation, seats),
        *_tiles_part(observation.display),
        *_tiles_part(observation.map_board),
        *_counts(
            (tile.bare for tile in observation.jungle_pile.elements()),
            _BARE_ORDER,
            len(ALL_JUNGLE_TILES),
        ),
        *_supplies_part(observation, seats),
        *_board_part(observation, seats),
    ]
