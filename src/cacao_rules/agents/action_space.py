"""A fixed integer action space per configuration, for OpenSpiel, PettingZoo and the like.

:class:`ActionSpace` numbers every move that ``legal_moves`` can ever list in a game of a
:class:`~cacao_rules.Config`: the decisions get ids ``0 .. size - 1``, the chance outcomes ids
``0 .. chance_size - 1`` (a separate range: frameworks keep chance outcomes apart). On every
state the numbering is a bijection between the legal moves and their ids.

Layout of the decision ids, block after block (blocks of modules the game does not use are
left out):

``place``
    ``Place`` and ``Overbuild``: ``square_index * len(type_rotations) + type_rotation_index``
    over the *window* of worker squares below and the distinct rotations of the config's
    worker types. A placement and an overbuild with the same tile, square and rotation share
    an id: the first needs an empty square and the second an occupied one, so they are never
    legal together, and the id always means "this tile, turned so, on this square".
``discard``
    ``Discard``, one id per worker type of the config.
``fill``
    ``Fill``: one digit per direction N, E, S, W from the worker tile just placed
    (``FillStep.placed``; the spaces to fill are its neighbours), in base
    ``1 + DISPLAY_SIZE (+ MAP_BOARD_SIZE with the Map module)``; the digit is 0 for "no tile
    chosen", ``1 + i`` for the tile in display slot ``i`` and ``1 + DISPLAY_SIZE + j`` for the
    tile in map-board slot ``j``, where the slot is the *first* one holding a tile equal to
    the one chosen. The display never holds more than ``DISPLAY_SIZE`` tiles (the refill stops
    there; filling only takes tiles away) nor the map board more than ``MAP_BOARD_SIZE``.
``resolve``
    ``Resolve``: ``edge_index * len(uses) + use_index``. ``edge_index`` is the edge's position
    among the deciding owner's edges in the ``ResolveStep`` queue (in queue order); ``uses``
    lists every ``(workers, bars, gems)`` an edge can be used with in this config.
``slide``
    ``Slide`` (Map module): the first map-board slot holding the tile.
``build``, ``pass``
    ``BuildHut`` by hut (Huts module), then ``PassHut``.

Chance ids: ``DrawWorker`` by worker type, then ``DrawJungle`` by a catalogue of every tile a
draw can bring (a gem mine once per way its six gems can fall, Gem mines module), then
``HutSide`` by hut (Huts module, random sides).

The window, and why the board cannot leave it
---------------------------------------------
Write ``|s| = |x| + |y|`` for a square's distance from ``(0, 0)``. The start tiles lie at
``(0, 0)`` and ``(1, 1)``, so every jungle tile starts within distance 2. Afterwards tiles
arrive in two ways only: a worker tile is placed on a square sharing an edge with a jungle
tile (:rule:`R-PLACE-1`; an overbuild takes no new square), and a jungle tile is laid on a
space sharing an edge with the worker tile just placed (:rule:`R-FILL-1`). So, after ``w``
worker tiles and ``j`` jungle tiles have been put down,

- every jungle tile lies within ``2 + 2 * min(j, w)``, and
- every worker tile within ``1 + 2 * min(w, j + 1)``,

by induction: a worker tile placed next to a jungle tile lies within
``3 + 2 * min(j, w) = 1 + 2 * min(j + 1, w + 1)``, and a jungle tile laid next to a worker
tile within ``2 + 2 * min(w, j + 1)``. With ``W`` the worker tiles of all players (each is
placed at most once) and ``J`` the jungle tiles of the pool other than the two start tiles, no
worker tile ever lies beyond the radius ``R = 1 + 2 * min(W, J + 1)``. The window is every
worker square (odd ``x + y``) with ``|x| + |y| <= R``: ``4 * ((R + 1) / 2) ** 2`` squares.

The other bounds
----------------
- An activated edge counts at most 4 workers: the most a printed edge shows (4 on the New
  Workers' 0-0-0-4), or 3 + 1 with the Foreman (:rule:`R-HUT-FOREMAN`); at least 1 is used at
  a Tree of Life (:rule:`R-TREE-3`). Bars are at most the workers (:rule:`R-CHOC-3`) and at a
  gem mine each worker takes one gem (:rule:`R-GEM-3`), so ``sum(gems) == workers``.
- At most 13 edges are activated in a turn (:rule:`R-ACT-1`, :rule:`R-ACT-2`): the 4 of the
  tile placed, and 3 more around each space filled; a placed tile touches a jungle tile, so at
  most 3 of its neighbours are spaces to fill (an overbuild fills nothing).
- A gem mine comes out with ``min(6, gems in the cart)`` gems (:rule:`R-GEM-2`). When the
  pool's mines times 6 do not exceed the cart (every configuration of the rulebooks), the
  catalogue holds just the ways 6 gems can fall; otherwise every way up to 6.

``max_game_length`` bounds the moves (decisions and chance outcomes) of a game played with
``seed=None`` from :func:`~cacao_rules.new_game` to its end. Each turn starts with one of the
``W`` worker tiles leaving a hand, so there are at most ``W`` turns, each with at most one
placement, one fill, one slide (Map) and one hut decision (Huts). Every resolve move
resolves an activated edge: at most 4 per placement (``W``) and 3 per jungle tile laid
(``J``). Chance outcomes draw a worker tile (``W``), a jungle tile (``J``) or turn a hut tile
(12, Huts with random sides). Altogether
``W * (3 + 4 + map + huts) + J * (3 + 1) + 12 * random huts``.

>>> import cacao_rules as cr
>>> space = cr.ActionSpace(cr.Config(players=2))
>>> space.radius, space.size, space.chance_size, space.max_game_length
(41, 23069, 14, 230)
>>> state = cr.new_game(cr.Config(players=2), seed=3)
>>> actions = space.legal_actions(state)
>>> move = space.decode(state, actions[0])
>>> space.encode(state, move) == actions[0], space.action_to_string(state, actions[0])
(True, 'place 1-1-1-1 -1,0 r0')
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, NamedTuple, cast

import attrs

from ..compiled import Int
from ..engine import chance_outcomes, chance_weights, legal_moves
from ..errors import IllegalMoveError, excerpt, expect, expect_any
from ..game.bounds import window_radius
from ..game.components import (
    DISPLAY_SIZE,
    GEMS_PER_MINE,
    HUT_TILES,
    MAP_BOARD_SIZE,
    NO_GEMS,
    Gems,
    Hut,
    JungleKind,
    JungleTile,
    WorkerType,
)
from ..game.config import Config, Module
from ..game.frozen import any_dict
from ..game.geometry import Square
from ..game.moves import (
    BuildHut,
    Discard,
    DrawJungle,
    DrawWorker,
    Fill,
    HutSide,
    Move,
    Overbuild,
    PassHut,
    Place,
    Resolve,
    Slide,
)
from ..game.pools import gem_cart, jungle_pool, worker_set
from ..modules.huts import FOREMAN_EDGE
from ..state.state import FillStep, ResolveStep, State
from ..turn.actions import Use
from ..turn.placement import KEPT_TILE_MOVES

MAX_EDGES_PER_TURN: Final = 13
"""Edges activated in one turn at most: 4 of the tile placed and 3 around each of at most 3
spaces filled."""

MAX_EDGE_WORKERS: Final = 4
"""Workers an activated edge counts at most (0-0-0-4, or a 3 with the Foreman)."""

FILL_DIRECTIONS: Final = 4
"""A worker square has 4 neighbours, the only spaces a placement can make fillable."""

HUT_TILE_COUNT: Final = len(HUT_TILES)

_DIRECTIONS: Final[dict[tuple[int, int], int]] = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}

_RECENT_STATES: Final = 64
"""How many states' indices each action space keeps (:func:`_index`): enough for an adapter
that asks about a node, its children and its parent in turn."""


class Block(NamedTuple):
    """A block of consecutive ids: its ``name``, ``start`` and ``length``."""

    name: str
    start: int
    length: int


def _gem_vectors(total: int) -> list[Gems]:
    return [
        (r, g, b, total - r - g - b)
        for r in range(total + 1)
        for g in range(total + 1 - r)
        for b in range(total + 1 - r - g)
    ]


def _max_edge_workers(config: Config, types: tuple[WorkerType, ...]) -> int:
    printed = max(max(kind.edges) for kind in types)
    foreman_possible = config.has(Module.HUTS) and (
        config.huts is None or Hut.FOREMAN in config.huts
    )
    if foreman_possible and any(FOREMAN_EDGE in kind.edges for kind in types):
        printed = max(printed, FOREMAN_EDGE + 1)
    return max(printed, 1)


@attrs.frozen(eq=False)
class _Tables:
    """Everything an :class:`ActionSpace` derives from its config (shared, never changed)."""

    config: Config
    radius: int
    squares: tuple[Square, ...]
    square_base: dict[Square, int]
    """The first place id of each square of the window (its first type and rotation)."""
    type_rotations: tuple[tuple[WorkerType, int], ...]
    type_rotation_index: dict[tuple[WorkerType, int], int]
    types: tuple[WorkerType, ...]
    type_index: dict[WorkerType, int]
    fill_base: int
    uses: tuple[Use, ...]
    use_index: dict[tuple[int, int, Gems], int]
    """Keyed by plain tuples, which equal the :class:`Use` they spell and are cheaper to make."""
    huts: tuple[Hut, ...]
    hut_index: dict[Hut, int]
    jungle_tiles: tuple[JungleTile, ...]
    jungle_index: dict[JungleTile, int]
    side_huts: tuple[Hut, ...]
    blocks: tuple[Block, ...]
    chance_blocks: tuple[Block, ...]
    size: int
    chance_size: int
    max_game_length: int
    place_start: int
    discard_start: int
    fill_start: int
    resolve_start: int
    slide_start: int
    build_start: int
    pass_start: int
    jungle_start: int
    side_start: int
    tile_ids: dict[int, int] = attrs.field(factory=any_dict)
    """The ids of the placements and overbuilds met so far, by the moves' identity (see
    :func:`_tile_codes`)."""
    tile_moves: dict[int, Move] = attrs.field(factory=any_dict)
    """The moves whose identities :attr:`tile_ids` holds, by identity: kept so that no other
    object can take one of them."""
    recent: dict[int, tuple[State, _StateIndex]] = attrs.field(factory=any_dict)
    """The indices of the states last asked about, by the state's identity, each with its
    state (so that no other object can take its identity while the entry lasts): kept here,
    outside the states, which never change (see :func:`_index`)."""


@functools.lru_cache(maxsize=64)
def _tables(config: Config) -> _Tables:
    workers = worker_set(config)
    types = tuple(sorted(workers, key=lambda kind: kind.sort_key))
    pool = jungle_pool(config)
    total_workers = config.players * sum(workers.values())
    jungle = sum(pool.values()) - 2
    radius = window_radius(config)  # the proof is in game/bounds.py
    squares = tuple(
        (x, y)
        for x in range(-radius, radius + 1)
        for y in range(-radius, radius + 1)
        if abs(x) + abs(y) <= radius and (x + y) % 2
    )
    type_rotations = tuple((kind, rotation) for kind in types for rotation in kind.rotations)

    has_map = config.has(Module.MAP)
    has_huts = config.has(Module.HUTS)
    fill_base = 1 + DISPLAY_SIZE + (MAP_BOARD_SIZE if has_map else 0)

    most = _max_edge_workers(config, types)
    uses = [Use(w, 0, NO_GEMS) for w in range(most + 1)]
    if config.has(Module.CHOCOLATE):
        uses += [Use(w, b, NO_GEMS) for w in range(1, most + 1) for b in range(1, w + 1)]
    if config.has(Module.GEM_MINES):
        uses += [Use(w, 0, gems) for w in range(1, most + 1) for gems in _gem_vectors(w)]
    uses.sort()

    if has_huts:
        offered = config.huts if config.huts is not None else set(itertools.chain(*HUT_TILES))
        huts = tuple(sorted(offered, key=lambda hut: hut.sort_key))
    else:
        huts = ()
    side_huts = huts if has_huts and config.huts is None else ()

    tiles = [tile for tile in pool if tile.kind is not JungleKind.GEM_MINE]
    mines = sum(count for tile, count in pool.items() if tile.kind is JungleKind.GEM_MINE)
    if mines:
        cart = sum(gem_cart(config))
        sums = [GEMS_PER_MINE] if mines * GEMS_PER_MINE <= cart else range(GEMS_PER_MINE + 1)
        tiles += [
            JungleTile(JungleKind.GEM_MINE, gems=gems)
            for total in sums
            for gems in _gem_vectors(total)
        ]
    jungle_tiles = tuple(sorted(tiles, key=lambda tile: tile.sort_key))

    counts = [
        ("place", len(squares) * len(type_rotations)),
        ("discard", len(types)),
        ("fill", fill_base**FILL_DIRECTIONS),
        ("resolve", MAX_EDGES_PER_TURN * len(uses)),
        ("slide", MAP_BOARD_SIZE if has_map else 0),
        ("build", len(huts)),
        ("pass", 1 if has_huts else 0),
    ]
    blocks = _blocks(counts)
    chance_blocks = _blocks(
        [
            ("draw-worker", len(types)),
            ("draw-jungle", len(jungle_tiles)),
            ("hut-side", len(side_huts)),
        ]
    )
    starts = {block.name: block.start for block in (*blocks, *chance_blocks)}
    max_length = (
        total_workers * (3 + 4 + int(has_map) + int(has_huts))
        + jungle * (3 + 1)
        + len(HUT_TILES) * int(bool(side_huts))
    )
    return _Tables(
        config=config,
        radius=radius,
        squares=squares,
        square_base={
            square: starts["place"] + index * len(type_rotations)
            for index, square in enumerate(squares)
        },
        type_rotations=type_rotations,
        type_rotation_index={pair: index for index, pair in enumerate(type_rotations)},
        types=types,
        type_index={kind: index for index, kind in enumerate(types)},
        fill_base=fill_base,
        uses=tuple(uses),
        use_index={(use.workers, use.bars, use.gems): index for index, use in enumerate(uses)},
        huts=huts,
        hut_index={hut: index for index, hut in enumerate(huts)},
        jungle_tiles=jungle_tiles,
        jungle_index={tile: index for index, tile in enumerate(jungle_tiles)},
        side_huts=side_huts,
        blocks=blocks,
        chance_blocks=chance_blocks,
        size=blocks[-1].start + blocks[-1].length,
        chance_size=chance_blocks[-1].start + chance_blocks[-1].length,
        max_game_length=max_length,
        place_start=starts["place"],
        discard_start=starts["discard"],
        fill_start=starts["fill"],
        resolve_start=starts["resolve"],
        slide_start=starts["slide"],
        build_start=starts["build"],
        pass_start=starts["pass"],
        jungle_start=starts["draw-jungle"],
        side_start=starts["hut-side"],
    )


def _blocks(counts: list[tuple[str, int]]) -> tuple[Block, ...]:
    blocks = []
    start = 0
    for name, count in counts:
        blocks.append(Block(name, start, count))
        start += count
    return tuple(blocks)


class _StateIndex:
    """The legal moves of one state with their ids, in the engine's order, and what is
    derived from them (kept in :attr:`_Tables.recent`).

    A plain slotted class, not an attrs one: an adapter makes one at every node it visits.
    ``weights`` gives each chance outcome's weight at a chance node (its probability is the
    weight over ``total``) and is empty elsewhere. An id is found by a scan of ``codes``
    (a state has a few dozen moves at most, and most states are asked for one move only);
    the map from moves to ids is made only when :meth:`ActionSpace.encode` first asks for
    it, since it hashes every move and a playout never encodes.
    """

    __slots__ = ("_by_move", "chance", "codes", "ids", "moves", "tables", "total", "weights")

    def __init__(
        self,
        tables: _Tables,
        moves: tuple[Move, ...],
        codes: tuple[int, ...],
        weights: tuple[int, ...],
        chance: bool,
    ) -> None:
        self.tables = tables
        self.moves = moves
        self.codes = codes
        self.ids = tuple(sorted(codes))
        self.weights = weights
        self.total = sum(weights)
        self.chance = chance
        self._by_move: dict[Move, int] | None = None

    def move(self, action: int) -> Move | None:
        """The legal move whose id is ``action``, or ``None``."""
        try:
            return self.moves[self.codes.index(action)]
        except ValueError:
            return None

    def by_move(self) -> dict[Move, int]:
        """The id of each legal move (made when first asked for)."""
        by_move = self._by_move
        if by_move is None:
            by_move = self._by_move = dict(zip(self.moves, self.codes, strict=True))
        return by_move


def _first(tiles: tuple[JungleTile, ...], tile: JungleTile, slots: int, move: Move) -> int:
    """The first of the ``slots`` slots of ``tiles`` holding a tile equal to ``tile``.

    The tuple's own search compares by value; a compiled ``held == tile`` between two
    :class:`JungleTile` would compare identities (see hatch_build.py's ``MYPYC_SCRIPT``).
    """
    window = tiles[:slots]
    if tile in window:
        return window.index(tile)
    raise _outside(move, f"{tile.code} is not in the first {slots} slots of the display or map")


def _outside(move: Move, why: str) -> IllegalMoveError:
    return IllegalMoveError(
        f"{move} lies outside the action space ({why}); the position cannot arise in a game "
        "of this configuration"
    )


# The encoders: the id of a move (assumed legal in the state) from its fields, by table
# lookups on values that hash cheaply (squares, worker types, plain tuples), never on the
# move itself, whose attrs-generated hash costs more than the whole lookup.


def _tile_codes(t: _Tables, moves: list[Place | Overbuild]) -> list[int]:
    """The ids of placements and overbuilds: the bulk of every placement decision (dozens a
    state).

    The engine lists the same move object for a placement in every state it is legal in,
    and keeps it for good (:class:`~cacao_rules.turn.placement.TileMoves`), so an id is kept
    by the move's identity: looking up ``id(move)`` costs far less than reading three fields
    of a move (the compiled build reads them as generic attributes). An id is kept only for
    a move the engine made (:meth:`~cacao_rules.turn.placement.TileMoves.made`), which is
    met again and again, and the move with it, so no other object can ever take that
    identity.
    """
    known = t.tile_ids
    codes = []
    for move in moves:
        code = known.get(id(move))
        if code is None:
            code = _tile_code(t, move)
            if KEPT_TILE_MOVES.made(move):
                t.tile_moves[id(move)] = move
                known[id(move)] = code
        codes.append(code)
    return codes


def _known_tile_codes(t: _Tables, moves: tuple[Move, ...]) -> list[int] | None:
    """The ids of ``moves`` if every one is a placement or overbuild with a kept id (see
    :func:`_tile_codes`), else ``None``.

    Most placement decisions list nothing else, and all of it met before: one comprehension
    over the table answers them, with no grouping by class and no call per move.
    """
    if not moves or type(moves[0]) not in _TILE_MOVE_CLASSES:
        return None
    known = t.tile_ids
    try:
        return [known[id(move)] for move in moves]
    except KeyError:  # a move met for the first time, or a discard
        return None


def _tile_code(t: _Tables, move: Place | Overbuild) -> int:
    base = t.square_base.get(move.square)
    if base is None:
        raise _outside(move, f"the window holds the squares with |x| + |y| <= {t.radius}")
    return base + t.type_rotation_index[(move.type, move.rotation)]


def _encode_discard(t: _Tables, state: State, move: Discard) -> int:
    return t.discard_start + t.type_index[move.type]


def _encode_fill(t: _Tables, state: State, move: Fill) -> int:
    step = state.step
    assert isinstance(step, FillStep)
    px, py = step.placed
    code = 0
    for choice in move.choices:
        direction = _DIRECTIONS[(choice.square[0] - px, choice.square[1] - py)]
        if choice.from_map:
            digit = 1 + DISPLAY_SIZE + _first(state.map_board, choice.tile, MAP_BOARD_SIZE, move)
        else:
            digit = 1 + _first(state.display, choice.tile, DISPLAY_SIZE, move)
        code += digit * t.fill_base**direction
    return t.fill_start + code


def _encode_resolve(t: _Tables, state: State, move: Resolve) -> int:
    step = state.step
    assert isinstance(step, ResolveStep)
    owner = step.queue[0].owner
    index = 0
    for edge in step.queue:
        if edge.owner != owner or (edge.square == move.square and edge.side == move.side):
            break
        index += 1
    if index >= MAX_EDGES_PER_TURN:
        raise _outside(move, f"at most {MAX_EDGES_PER_TURN} edges are activated in a turn")
    use = t.use_index.get((move.workers, move.bars, move.gems))
    if use is None:
        raise _outside(move, "no edge of this configuration can be used so")
    return t.resolve_start + index * len(t.uses) + use


def _encode_slide(t: _Tables, state: State, move: Slide) -> int:
    return t.slide_start + _first(state.map_board, move.tile, MAP_BOARD_SIZE, move)


def _encode_build(t: _Tables, state: State, move: BuildHut) -> int:
    return t.build_start + t.hut_index[move.hut]


def _encode_pass(t: _Tables, state: State, move: PassHut) -> int:
    return t.pass_start


def _encode_draw_worker(t: _Tables, state: State, move: DrawWorker) -> int:
    return t.type_index[move.type]


def _encode_draw_jungle(t: _Tables, state: State, move: DrawJungle) -> int:
    tile = t.jungle_index.get(move.tile)
    if tile is None:
        raise _outside(move, "the pool of this configuration holds no such tile")
    return t.jungle_start + tile


def _encode_hut_side(t: _Tables, state: State, move: HutSide) -> int:
    return t.side_start + t.hut_index[move.hut]


_ENCODERS: Final[dict[type, Callable[[_Tables, State, Any], int]]] = {
    Discard: _encode_discard,
    Fill: _encode_fill,
    Resolve: _encode_resolve,
    Slide: _encode_slide,
    BuildHut: _encode_build,
    PassHut: _encode_pass,
    DrawWorker: _encode_draw_worker,
    DrawJungle: _encode_draw_jungle,
    HutSide: _encode_hut_side,
}
"""The encoder of each move class but placements and overbuilds (see :func:`_tile_codes`)."""

_TILE_MOVE_CLASSES: Final = (Place, Overbuild)
"""The move classes of tile placements, which :func:`_tile_codes` encodes."""


def _codes(t: _Tables, state: State, moves: tuple[Move, ...]) -> tuple[int, ...]:
    """The ids of ``moves``, the legal moves of ``state``, in their order."""
    known = _known_tile_codes(t, moves)
    if known is not None:
        return tuple(known)
    codes: list[int] = []
    try:  # legal_moves lists the moves by class: one run per class
        for kind, run in itertools.groupby(moves, type):
            if kind in _TILE_MOVE_CLASSES:
                codes += _tile_codes(t, cast("list[Place | Overbuild]", list(run)))
            else:
                encode = _ENCODERS[kind]
                codes += [encode(t, state, move) for move in run]
        return tuple(codes)
    except KeyError as missing:  # a worker type or hut the configuration does not have
        raise IllegalMoveError(
            f"{missing} is not part of {t.config!r}; the position cannot arise in its games"
        ) from None


def _new_index(t: _Tables, state: State) -> _StateIndex:
    """The index of ``state``: at a chance node from the engine's weighted outcomes (which
    list the moves too, so they are not listed twice), elsewhere from its legal moves."""
    if not state.is_chance:
        moves = legal_moves(state)
        return _StateIndex(t, moves, _codes(t, state, moves), (), False)
    weighted = chance_weights(state)
    moves = tuple([move for move, _ in weighted])
    weights = tuple([weight for _, weight in weighted])
    return _StateIndex(t, moves, _codes(t, state, moves), weights, True)


def _index(t: _Tables, state: State) -> _StateIndex:
    """The index of ``state``, made once and kept in :attr:`_Tables.recent` while it is one
    of the last states asked about."""
    if type(state) is not State:
        expect(state, State)
    recent = t.recent
    known = recent.get(id(state))
    if known is not None and known[0] is state:
        return known[1]
    if state.config is not t.config and state.config != t.config:
        raise IllegalMoveError(
            f"this action space is for {t.config!r}; the state is a game of {state.config!r}"
        )
    index = _new_index(t, state)
    if len(recent) >= _RECENT_STATES:
        recent.clear()
    recent[id(state)] = (state, index)
    return index


@attrs.frozen
class ActionSpace:
    """The integer action space of games of ``config``; see the module docstring.

    Pure data derived from the config: two spaces of equal configs are equal and hash alike.

    >>> import cacao_rules as cr
    >>> space = cr.ActionSpace(cr.Config(players=2))
    >>> state = cr.new_game(cr.Config(players=2))
    >>> state.is_chance, space.chance_outcomes(state)[:2]
    (True, ((0, Fraction(4, 11)), (1, Fraction(5, 11))))
    >>> space.decode(state, 0)
    DrawWorker(type=<WorkerType.W1111: '1-1-1-1'>)
    """

    config: Config
    _tables: _Tables = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        expect(self.config, Config)
        object.__setattr__(self, "_tables", _tables(self.config))

    @property
    def size(self) -> int:
        """The number of decision ids: they are ``0 .. size - 1``."""
        return self._tables.size

    @property
    def chance_size(self) -> int:
        """The number of chance outcome ids: they are ``0 .. chance_size - 1``."""
        return self._tables.chance_size

    @property
    def max_game_length(self) -> int:
        """An upper bound on the moves (decisions and chance outcomes) of a game played with
        ``seed=None`` from ``new_game`` to the end."""
        return self._tables.max_game_length

    @property
    def radius(self) -> int:
        """No worker tile ever lies farther than this from ``(0, 0)`` (``|x| + |y|``)."""
        return self._tables.radius

    @property
    def squares(self) -> tuple[Square, ...]:
        """The window: every square a worker tile can ever lie on, in id order."""
        return self._tables.squares

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The blocks of decision ids: ``(name, start, length)``, in id order (the blocks of
        modules the game does not use are left out)."""
        return tuple(block for block in self._tables.blocks if block.length)

    @property
    def chance_blocks(self) -> tuple[Block, ...]:
        """The blocks of chance outcome ids: ``(name, start, length)``, in id order."""
        return tuple(block for block in self._tables.chance_blocks if block.length)

    def encode(self, state: State, move: Move) -> int:
        """The id of ``move``, which must be in ``legal_moves(state)``; a decision id at a
        decision node, a chance id at a chance node."""
        index = _index(self._tables, state)
        expect_any(move, Move)
        code = index.by_move().get(move)
        if code is not None:
            return code
        raise IllegalMoveError(
            f"cannot encode {excerpt(move)}: it is not a legal move in this state"
        )

    def decode(self, state: State, action: Int) -> Move:
        """The legal move of ``state`` whose id is ``action``: ``TypeError`` for an
        ``action`` that is no ``int`` (a ``bool`` included), :class:`IllegalMoveError` for
        one that is no legal move's id."""
        index = _index(self._tables, state)
        if type(action) is not int:  # a bool is refused, an int enum read as its int
            action = int(expect(action, int))
        move = index.move(action)
        if move is None:
            raise IllegalMoveError(self._not_legal(index, action))
        return move

    def _not_legal(self, index: _StateIndex, action: int) -> str:
        if index.chance:
            kind, bound = "chance outcome", self.chance_size
        else:
            kind, bound = "decision", self.size
        if not index.ids:
            return f"action {excerpt(action)} is not legal: the game is over"
        if not 0 <= action < bound:
            where = f"outside the {kind} ids 0..{bound - 1}"
        else:
            where = f"not the id of a legal {kind} here"
        shown = ", ".join(str(i) for i in index.ids[:10])
        more = ", ..." if len(index.ids) > 10 else ""
        return f"action {excerpt(action)} is {where}; legal: {shown}{more} ({len(index.ids)} ids)"

    def legal_actions(self, state: State) -> tuple[int, ...]:
        """The ids of ``legal_moves(state)``, ascending (chance ids at a chance node)."""
        return _index(self._tables, state).ids

    def action_mask(self, state: State) -> bytearray:
        """``size`` bytes, 1 at the ids of the legal decisions, else 0 (all 0 at a chance node
        or at the end)."""
        index = _index(self._tables, state)
        mask = bytearray(self._tables.size)
        if not index.chance:
            for action in index.ids:
                mask[action] = 1
        return mask

    def chance_outcomes(self, state: State) -> tuple[tuple[int, Fraction], ...]:
        """The chance outcome ids of ``cr.chance_outcomes(state)`` with their probabilities,
        in the same order."""
        index = _index(self._tables, state)
        outcomes = chance_outcomes(state)  # the engine refuses a state that is no chance node
        return tuple([(code, p) for code, (_, p) in zip(index.codes, outcomes, strict=True)])

    def chance_probabilities(self, state: State) -> tuple[tuple[int, float], ...]:
        """:meth:`chance_outcomes` with each probability as the float nearest to it, for
        frameworks that take floats (OpenSpiel); cheaper, as no fraction is built."""
        index = _index(self._tables, state)
        if not index.chance:
            chance_outcomes(state)  # the engine refuses it, saying what the state waits for
        total = index.total
        pairs = zip(index.codes, index.weights, strict=True)
        return tuple([(code, weight / total) for code, weight in pairs])

    def action_to_string(self, state: State, action: int) -> str:
        """The move notation of the legal move ``action`` of ``state``."""
        return str(self.decode(state, action))
