"""The greedy bot: :class:`GreedyBot` prefers the move that brings in most this turn.

It values a placement without playing it out: the engine's rules say which jungle spaces a
placement closes (:func:`~cacao_rules.turn.filling.spaces_to_fill`'s rule) and which edges
it activates (:func:`~cacao_rules.turn.activation.activated_edges`' rule); what resolving
those edges can bring in depends only on the player's resources that the edges' actions
read and on the edges' tiles and workers, so the best way to resolve them is worked out once
per such situation and kept (:func:`best_gain`). A decision then costs a few dictionary
reads per legal move instead of playing every move and the rest of the turn on the engine.

A situation is named by one integer (:func:`_situation`): the edges as the product of a
prime per edge name (:func:`_edge_factor`), so that multiplying names them in any order (no
list to sort) and tells every set of edges from every other, and the resources packed beside
them. Building no tuples and no objects for the situations that are known already is what
makes the bot fast in the compiled build too; the product of a few small primes, unlike one
bit field per name, stays a small integer, which mypyc adds, hashes and compares natively.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=3)
>>> GreedyBot(5).choose(state) in cr.legal_moves(state)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, cast

from ..compiled import COMPILED, Int
from ..engine import apply, legal_moves
from ..errors import expect
from ..game.caches import Memo
from ..game.components import JungleKind, JungleTile, Tile, WorkerTile, WorkerType
from ..game.config import Module
from ..game.frozen import FrozenMap
from ..game.geometry import OPPOSITE, KeptSquare, Square, neighbours
from ..game.limits import MAX_COORDINATE
from ..game.moves import Discard, Fill, Move, Overbuild, Place, Resolve
from ..modules.huts import sun_cost_of_overbuilding
from ..state.board import square_object
from ..state.draft import Draft
from ..state.state import FillStep, PlacementStep, PlayerState, ResolveStep, State
from ..turn.actions import ACTIONS, Amount
from ..turn.activation import activates
from ..turn.filling import fill_moves, spaces_to_fill
from ..turn.scoring import kept_temple_gold, temple_totals
from .bots import SUN_WEIGHT, TEMPLE_WEIGHT, deciding_seat, greedy_value, holdings_value

PLAYED_OUT: Final = frozenset({Module.HUTS, Module.GEM_MINES, Module.EMPEROR})
"""Modules whose effects on a turn are not read off the board (huts bought and the
Foreman's worker, gem mines that change the board, the Emperor's visits): with any of
them, :class:`GreedyBot` plays every move and the rest of its turn on the engine."""

Around = tuple[tuple[int, KeptSquare], ...]
"""A square's neighbours N, E, S, W, each with its side of the square. The squares, here and
wherever the bot only hands them on or looks them up, are
:data:`~cacao_rules.game.geometry.KeptSquare`."""

_AROUND: Final[Memo[KeptSquare, Around]] = Memo("greedy squares around", 20_000)
"""The :data:`Around` of each square met, so that a square's neighbours are made once;
starts afresh when full. They are the objects the board keeps
(:func:`~cacao_rules.state.board.square_object`: a board finds the very object it holds
without comparing tuples)."""


def _around(square: KeptSquare) -> Around:
    """The :data:`Around` of ``square``, kept in :data:`_AROUND`."""
    around = _AROUND.table.get(square)
    if around is None:
        around = _AROUND.keep(
            square,
            tuple(
                (side, square_object(near))
                for side, near in enumerate(neighbours(cast(Square, square)))
            ),
        )
    return around


_BEST: Final[Memo[object, int]] = Memo("greedy gains", 100_000)
""":func:`best_gain` by situation (:func:`_situation`); starts afresh when full."""

_CACAO, _CHOCOLATE, _SUN, _WATER = 1, 2, 4, 8
_BITS: Final = {
    Amount.CACAO: _CACAO,
    Amount.CHOCOLATE: _CHOCOLATE,
    Amount.STORAGE_ROOM: _CACAO | _CHOCOLATE,
    Amount.SUN_ROOM: _SUN,
    Amount.WATER_BEHIND: _WATER,
    Amount.WATER_AHEAD: _WATER,
}


def _touch_bits(kind: JungleKind) -> int:
    action = ACTIONS[kind]
    touched = action.reads | action.raises | action.lowers
    bits = 0
    for amount in touched:
        bits |= _BITS.get(amount, 0)
    return bits


_TOUCHED: Final = {kind: _touch_bits(kind) for kind in JungleKind}
"""Which resources of the edge's owner each kind of tile's action reads or changes, as
bits: the others cannot change what its edges bring in."""


_WORKER_CODES: Final = 8
"""Edge names are ``tile number * 8 + workers``: an edge shows at most 4 workers."""
_RESOURCE_BITS: Final = 4
"""Bits of one resource in a :func:`_situation`: amounts up to 14 (stored as amount + 1,
0 meaning not read)."""
_RESOURCES_BITS: Final = 4 * _RESOURCE_BITS
"""Bits of the four resources, the lowest of a :func:`_situation`."""

_PRIMES: Final[list[int]] = [2]
"""The primes found so far, in order: :func:`_edge_factor` extends it (only while a
:class:`_Face` is made, under its table's lock)."""


def _edge_factor(name: int) -> int:
    """One edge named ``name`` in a :func:`_situation`: the prime numbered ``name`` (2 for
    0). Situations multiply these, so a situation is the same product whatever the order of
    its edges, and two sets of edges (counted with repeats) never share one: a product of
    primes is made of those primes alone."""
    candidate = _PRIMES[-1]
    while len(_PRIMES) <= name:
        candidate += 1
        if all(candidate % prime for prime in _PRIMES):
            _PRIMES.append(candidate)
    return _PRIMES[name]


class _Face:
    """What the bot reads of a kind and value of jungle tile, worked out once
    (:func:`_face`): the name of its edges but for the workers (its number among the kinds
    and values met, times :data:`_WORKER_CODES`), its edge's factor in a situation by the
    workers it shows (:func:`_edge_factor`; 1 where those do not activate it, which leaves
    a situation as it is), what its action touches (:data:`_TOUCHED`), and whether it is a
    temple."""

    __slots__ = ("factors", "name", "temple", "touched")

    def __init__(self, tile: JungleTile, number: int) -> None:
        self.name: Final = number * _WORKER_CODES
        self.factors: Final = tuple(
            _edge_factor(self.name + workers) if activates(workers, tile) else 1
            for workers in range(_WORKER_CODES)
        )
        self.touched: Final = _TOUCHED[tile.kind]
        self.temple: Final = tile.kind is JungleKind.TEMPLE


_RESOLVED: Final[Memo[tuple[object, int, int, int], int]] = Memo("greedy resolutions", 100_000)
""":func:`_resolve_values`' gain of one use of one edge, by the situation of the edges to
resolve (:func:`_situation`), the edge's name and the use's workers and bars; starts afresh
when full."""

_JUNGLES: Final[Memo[KeptSquare, _Jungle]] = Memo("greedy jungle tiles", 10_000)
"""The :class:`_Jungle` of the jungle tile last met on each square: a tile on the board stays
the same object from state to state of a game, so a decision reads it for a tile it holds
(and makes it afresh for another); starts afresh when full."""

_TILE_NUMBERS: Final[Memo[tuple[JungleKind, int], _Face]] = Memo(
    "greedy tile numbers", None, clears=(_BEST, _RESOLVED, _JUNGLES)
)
"""The :class:`_Face` of each kind and value of jungle tile met so far, numbered in the
order met: never forgotten, since the keys of :data:`_BEST` and :data:`_RESOLVED` are made
of the numbers (emptied with it, and so are the numbers :data:`_JUNGLES` copied)."""


def _face(tile: JungleTile) -> _Face:
    """The :class:`_Face` of ``tile``'s kind and value, kept in :data:`_TILE_NUMBERS`."""
    key = (tile.kind, tile.value)
    face = _TILE_NUMBERS.table.get(key)
    if face is None:
        face = _TILE_NUMBERS.keep_made(key, lambda: _Face(tile, len(_TILE_NUMBERS)))
    return face


class _Jungle:
    """A jungle tile on ``square`` as a worker's edge faces it: its tile's :class:`_Face`,
    copied for the loops that read it."""

    __slots__ = ("factors", "name", "square", "temple", "tile", "touched")

    def __init__(self, square: KeptSquare, tile: JungleTile) -> None:
        face = _face(tile)
        self.name: Final = face.name
        self.factors: Final = face.factors
        self.touched: Final = face.touched
        self.temple: Final = face.temple
        self.square: Final = square
        self.tile: Final = tile


class Edge:
    """An activated edge of the bot's seat: ``workers`` facing a jungle tile; ``name`` tells
    it from other edges in :data:`_BEST` (tile's kind, value and workers), ``factor`` is it
    in a situation (:func:`_edge_factor`)."""

    __slots__ = ("factor", "jungle", "name", "workers")

    def __init__(self, jungle: _Jungle, workers: int) -> None:
        self.jungle: Final = jungle
        self.workers: Final = workers
        self.name: Final = jungle.name + workers
        self.factor: Final = jungle.factors[workers]


def _edge_name(item: Edge) -> int:
    return item.name


def _situation(player: PlayerState, touched: int, edges: int) -> object:
    """The name in :data:`_BEST` of resolving the edges whose factors multiply to ``edges``
    (:func:`_edge_factor`) with the resources of ``player`` that ``touched`` says their
    actions touch: one integer (the edges' product above the resources' bits,
    :func:`_resources`), or a tuple where a resource does not fit its bits."""
    packed = _packed(player)  # most often all four fit: masked, the touched ones
    resources = packed & _MASKS[touched] if packed >= 0 else _resources(player, touched)
    if resources >= 0:
        return edges << _RESOURCES_BITS | resources
    return (
        player.cacao if touched & _CACAO else None,
        player.chocolate if touched & _CHOCOLATE else None,
        player.sun if touched & _SUN else None,
        player.water_field if touched & _WATER else None,
        edges,
    )


def _resources(player: PlayerState, touched: int) -> int:
    """The resources of ``player`` that ``touched`` names, packed in bits as
    :func:`_situation` keeps them, or -1 where one does not fit its bits. A turn packs all
    four once (:attr:`_Turn.packed`) and masks them for each situation (:data:`_MASKS`)."""
    cacao = player.cacao + 1 if touched & _CACAO else 0
    chocolate = player.chocolate + 1 if touched & _CHOCOLATE else 0
    sun = player.sun + 1 if touched & _SUN else 0
    water = player.water_field + 1 if touched & _WATER else 0
    if not (
        0 <= cacao < 1 << _RESOURCE_BITS
        and 0 <= chocolate < 1 << _RESOURCE_BITS
        and 0 <= sun < 1 << _RESOURCE_BITS
        and 0 <= water < 1 << _RESOURCE_BITS
    ):
        return -1
    return (
        (((cacao << _RESOURCE_BITS) | chocolate) << _RESOURCE_BITS | sun) << _RESOURCE_BITS
    ) | water


_EVERY_RESOURCE: Final = _CACAO | _CHOCOLATE | _SUN | _WATER


def _packed(player: PlayerState) -> int:
    """:func:`_resources` of all four, as a turn and :func:`best_gain` pack them once:
    the same integer, without asking of each resource whether it is touched."""
    cacao = player.cacao + 1
    chocolate = player.chocolate + 1
    sun = player.sun + 1
    water = player.water_field + 1
    if (cacao | chocolate | sun | water) >> _RESOURCE_BITS:  # one is negative or too large
        return -1
    bits = _RESOURCE_BITS
    return (((cacao << bits | chocolate) << bits | sun) << bits) | water


def _mask(touched: int) -> int:
    """The bits of the resources ``touched`` names among all four packed by
    :func:`_resources`."""
    mask = 0
    for bit, place in ((_CACAO, 3), (_CHOCOLATE, 2), (_SUN, 1), (_WATER, 0)):
        if touched & bit:
            mask |= ((1 << _RESOURCE_BITS) - 1) << (_RESOURCE_BITS * place)
    return mask


_MASKS: Final = tuple(_mask(touched) for touched in range(_EVERY_RESOURCE + 1))
"""By the touched resources: where all four fit their bits, a player's packed resources
masked with these are :func:`_resources` of the touched ones."""


def best_gain(draft: Draft, seat: int, edges: Sequence[Edge]) -> int:
    """The most :func:`~cacao_rules.agents.bots.holdings_value` that ``seat`` can gain by
    resolving ``edges`` in the best order with the best use of each.

    ``draft.players[seat]`` is the player before; it is the same again on return. The
    answer depends on the edges' tiles and workers and on those of the stored cacao and
    chocolate, the sun tokens and the water carrier that their actions read or change (gold
    is only ever added to), so it is kept by those in :data:`_BEST`.

    For the same reason, edges whose actions touch none of the same resources cannot change
    what the others bring in, in any order: where the edges fall into such groups
    (:func:`_independent`), the best gain is the sum of each group's, and only a group
    never met before is searched.
    """
    if not edges:
        return 0
    player = draft.players[seat]
    return _gain(draft, seat, edges, player, _packed(player))


def _gain(draft: Draft, seat: int, edges: Sequence[Edge], player: PlayerState, packed: int) -> int:
    """:func:`best_gain` of ``edges`` (not empty) for ``player``, the seat's player in
    ``draft``, whose four resources :func:`_resources` packs to ``packed``: a situation's
    key is then the touched ones' bits of it (:data:`_MASKS`), and a group of the edges is
    looked up with the same ``packed``, packed once."""
    touched = 0
    product = 1
    for item in edges:
        touched |= item.jungle.touched
        product *= item.factor
    key = (
        product << _RESOURCES_BITS | (packed & _MASKS[touched])
        if packed >= 0
        else _situation(player, touched, product)
    )
    known = _BEST.table.get(key)
    if known is None:
        known = _worked_out(draft, seat, edges, key, player, packed)
    return known


def _worked_out(
    draft: Draft, seat: int, edges: Sequence[Edge], key: object, player: PlayerState, packed: int
) -> int:
    """:func:`_gain` of ``edges`` in the situation ``key``, never met: the sum of its
    independent groups' (:func:`_independent`), or searched if they are one; kept in
    :data:`_BEST`."""
    groups = _independent(edges) if len(edges) > 1 else []
    if len(groups) > 1:
        known = 0
        for group in groups:
            known += _gain(draft, seat, group, player, packed)
    else:
        ordered = sorted(edges, key=_edge_name)
        known = _search(draft, seat, ordered) - holdings_value(player)
    return _BEST.keep(key, known)


def _independent(edges: Sequence[Edge]) -> list[list[Edge]]:
    """``edges`` in groups such that no two groups' actions touch the same resource
    (:data:`_TOUCHED`): an edge that touches none is a group of its own. Where no two
    edges touch the same resource, as most often, each is a group of its own, in order,
    found without building the groups one by one."""
    union = 0
    for item in edges:
        touched = item.jungle.touched
        if touched & union:
            return _grouped(edges)
        union |= touched
    return [[item] for item in edges]


def _grouped(edges: Sequence[Edge]) -> list[list[Edge]]:
    """:func:`_independent`'s groups, joining each edge's with every group it shares a
    resource with."""
    groups: list[tuple[int, list[Edge]]] = []
    for item in edges:
        touched = item.jungle.touched
        joined = [item]
        apart: list[tuple[int, list[Edge]]] = []
        for group_touched, group in groups:
            if group_touched & touched:
                touched |= group_touched
                joined += group
            else:
                apart.append((group_touched, group))
        apart.append((touched, joined))
        groups = apart
    return [group for _touched, group in groups]


def _search(draft: Draft, seat: int, edges: list[Edge]) -> int:
    """The best :func:`holdings_value` reachable by resolving ``edges`` (any order, any
    use; sorted by name); ``draft.players[seat]`` is restored."""
    player = draft.players[seat]
    best = holdings_value(player)
    for index in range(len(edges)):
        item = edges[index]
        if index and edges[index - 1].name == item.name:
            continue  # the same edge again: the same outcomes
        rest = edges[:index] + edges[index + 1 :]
        jungle = item.jungle
        tile = jungle.tile
        action = ACTIONS[tile.kind]
        for use in action.options(player, tile, item.workers):
            action.perform(draft, seat, cast(Square, jungle.square), tile, item.workers, use)
            value = best_gain(draft, seat, rest) + holdings_value(draft.players[seat])
            if value > best:
                best = value
            draft.players[seat] = player
    return best


Edges = tuple[int, ...]
"""A worker tile's workers on N, E, S, W as placed (a tuple of any length to the compiler,
so that reading one side by its number builds no tuple)."""

Board = FrozenMap[Any, Tile]
"""A board, read with squares typed ``object`` (see :data:`Around`)."""

_ROTATIONS: Final[dict[WorkerType, list[Edges]]] = {
    kind: [kind.rotated(rotation) for rotation in range(4)] for kind in WorkerType
}
"""Each tile type's edges by rotation, read without a call per move (as :data:`Edges`:
compiled, read as four ints they would be boxed in a new tuple per move)."""


class _Lay:
    """A jungle tile a fill may lay on a space, as the seat's worker tiles face it: its
    :class:`_Jungle`, and the edges of the seat's tiles next to it that it activates, each
    with the square of its worker tile (a fill after a placement or an overbuild leaves out
    those of the placed square, which :class:`_Fill` counts as facing)."""

    __slots__ = ("jungle", "others")

    def __init__(self, board: Board, seat: int, space: KeptSquare, tile: JungleTile) -> None:
        jungle = _Jungle(space, tile)
        factors = jungle.factors
        others: list[tuple[KeptSquare, Edge]] = []
        # The squares next to a jungle space hold worker tiles and nothing else (the
        # checkerboard, R-PLACE-2): a tile on one is read as a worker tile, with no call.
        workers_on: dict[Any, WorkerTile] = board  # type: ignore[assignment]
        around = _AROUND.table.get(space)
        for side, near in _around(space) if around is None else around:
            worker = workers_on.get(near)
            if worker is not None and worker.owner == seat:
                workers = worker.edges[OPPOSITE[side]]
                if factors[workers] != 1:  # the edge is activated
                    others.append((near, Edge(jungle, workers)))
        self.jungle: Final = jungle
        self.others: Final = others


def _apart(edges: Edges, fill: _Fill, packed: int) -> int | None:
    """The gain of the edges that placing a tile with ``edges`` and laying ``fill``
    activate, with the resources ``packed`` (all four fitting their bits), where they fall
    into two or more groups that share no resource (:func:`_independent`) and the gain of
    each group is kept in :data:`_BEST`: the sum of those, as :func:`_worked_out` finds it;
    else ``None``. Most often no two touch the same resource: each is a group of its own,
    looked up as it comes, with no list made (else :func:`_kept_groups`)."""
    table = _BEST.table
    union = 0
    total = 0
    for item in fill.others:
        touched = item.jungle.touched
        if touched & union:
            return _kept_groups(edges, fill, packed)
        known = table.get(item.factor << _RESOURCES_BITS | (packed & _MASKS[touched]))
        if known is None:
            return None
        union |= touched
        total += known
    for side, jungle in fill.sides:
        factor = jungle.factors[edges[side]]
        if factor != 1:  # the edge is activated
            touched = jungle.touched
            if touched & union:
                return _kept_groups(edges, fill, packed)
            known = table.get(factor << _RESOURCES_BITS | (packed & _MASKS[touched]))
            if known is None:
                return None
            union |= touched
            total += known
    return total


def _kept_groups(edges: Edges, fill: _Fill, packed: int) -> int | None:
    """:func:`_apart` where some of the edges touch the same resource: their groups, each
    the resources it touches and its product, joined as :func:`_grouped` joins them."""
    groups: list[tuple[int, int]] = []
    for touched, factor in _activated(edges, fill):
        product = factor
        apart: list[tuple[int, int]] = []
        for group_touched, group_product in groups:
            if group_touched & touched:
                touched |= group_touched
                product *= group_product
            else:
                apart.append((group_touched, group_product))
        apart.append((touched, product))
        groups = apart
    if len(groups) < 2:
        return None  # one group: the situation itself, never met
    table = _BEST.table
    total = 0
    for touched, product in groups:
        known = table.get(product << _RESOURCES_BITS | (packed & _MASKS[touched]))
        if known is None:
            return None
        total += known
    return total


def _activated(edges: Edges, fill: _Fill) -> list[tuple[int, int]]:
    """The resources touched and the factor of each edge that placing a tile with ``edges``
    and laying ``fill`` activate."""
    activated = [(item.jungle.touched, item.factor) for item in fill.others]
    for side, jungle in fill.sides:
        factor = jungle.factors[edges[side]]
        if factor != 1:  # the edge is activated
            activated.append((jungle.touched, factor))
    return activated


_NOTHING_LAID: Final[list[_Lay]] = []
"""The tiles of a placement that closes no space, or of a fill from an empty display
(shared, never changed): a fill is the list of the tiles it lays (:class:`_Lay`)."""

_LAYS_NOTHING: Final[list[list[_Lay]]] = [_NOTHING_LAID]
"""The fills after a placement that closes no space or with an empty display: one, laying
nothing (shared, never changed)."""

Pattern = list[list[tuple[int, JungleTile]]]
"""The fills of some number of spaces, each as the tiles it lays by the index of their
space among the spaces sorted."""

PatternKey = tuple[int, tuple[JungleTile, ...], tuple[JungleTile, ...], int]
"""What :func:`~cacao_rules.turn.filling.fill_moves` reads of spaces and a state: how many
spaces there are, the display, the map board, and the map tiles of the player to move."""

_PATTERNS: Final[Memo[PatternKey, Pattern]] = Memo("greedy fill patterns", 10_000)
"""The engine's fills of spaces as a :data:`Pattern`, by :data:`PatternKey`: the same few
displays come back decision after decision; starts afresh when full. The lists are never
changed once kept."""


def _pattern(state: State, spaces: tuple[Square, ...]) -> Pattern:
    """The engine's fills of ``spaces`` (sorted) in ``state`` as a :data:`Pattern`, kept in
    :data:`_PATTERNS`."""
    key = (len(spaces), state.display, state.map_board, state.players[state.current].map_tiles)
    pattern = _PATTERNS.table.get(key)
    if pattern is None:
        index = {space: number for number, space in enumerate(spaces)}
        pattern = _PATTERNS.keep(
            key,
            [
                [(index[choice.square], choice.tile) for choice in move.choices]
                for move in fill_moves(state, spaces)
            ],
        )
    return pattern


class _Fills:
    """The fills of the spaces placements close in one decision, worked out as they are
    met: placements on different squares often close the same spaces, and the fills of
    spaces depend only on how many there are (the engine's
    :func:`~cacao_rules.turn.filling.fill_moves` says so and lays one pattern on the sorted
    spaces), so the engine lists them once per :data:`PatternKey` (:func:`_pattern`), read
    once per number of spaces and decision, and each tile a fill may lay on a space is
    looked at once per decision (:class:`_Lay`)."""

    __slots__ = ("by_spaces", "face_up", "lays", "patterns", "seat", "state")

    def __init__(self, state: State, seat: int) -> None:
        self.state: Final = state
        self.seat: Final = seat
        self.face_up: Final = bool(state.display or state.map_board)
        """Whether a fill may lay a face-up tile: once the pile and the display are empty
        (a third of the placements), no space is looked at."""
        self.by_spaces: Final[dict[tuple[Square, ...], list[list[_Lay]]]] = {}
        self.patterns: Final[dict[int, Pattern]] = {}
        """The :data:`Pattern` of each number of spaces met."""
        self.lays: Final[dict[tuple[KeptSquare, int], _Lay]] = {}
        """Each tile laid on each space met, by the space and the tile's identity: a tile
        hashes by a call of its own, and the patterns of a decision, which hold the tiles,
        live as long as it does (an equal tile of another pattern only looks again)."""

    def of(self, placed: Square) -> list[list[_Lay]]:
        """The tiles laid by each fill the player may choose after placing a tile on
        ``placed``; one laying nothing if it closes no space or the display is empty. Spaces
        left to blind draws are not looked at (what the pile gives is not known). The spaces
        are the engine's (:func:`~cacao_rules.turn.filling.spaces_to_fill`), which never
        reads ``placed`` itself, so it answers before the tile is placed too, and lists them
        sorted."""
        if not self.face_up:
            return _LAYS_NOTHING
        spaces = spaces_to_fill(self.state, placed)
        if not spaces:
            return _LAYS_NOTHING
        fills = self.by_spaces.get(spaces)
        if fills is None:
            fills = self.by_spaces[spaces] = self._laid(spaces)
        return fills

    def _laid(self, spaces: tuple[Square, ...]) -> list[list[_Lay]]:
        """The tiles laid by each fill of ``spaces`` (sorted), from their pattern."""
        pattern = self.patterns.get(len(spaces))
        if pattern is None:
            pattern = self.patterns[len(spaces)] = _pattern(self.state, spaces)
        lays = self.lays
        squares: tuple[KeptSquare, ...] = spaces  # read as objects: see Around
        fills = []
        for fill in pattern:
            chosen = []
            for number, tile in fill:
                space = squares[number]
                lay = lays.get((space, id(tile)))
                if lay is None:
                    lay = lays[space, id(tile)] = _Lay(self.state.board, self.seat, space, tile)
                chosen.append(lay)
            fills.append(chosen)
        return fills or _LAYS_NOTHING


class _Temple:
    """A temple next to the placed square: which side of it the placed square is on, the
    workers facing it from the other sides by seat, the bot's gold from it before, and the
    bot's temple value gained by each number of workers that side shows, as worked out."""

    __slots__ = ("before", "gains", "seat", "side", "workers")

    def __init__(self, side: int, seat: int, workers: list[int], before: int) -> None:
        self.side: Final = side
        self.seat: Final = seat
        self.workers: Final = workers
        self.before: Final = before
        self.gains: Final[dict[int, int]] = {}

    def gain(self, shown: int) -> int:
        """The temple value gained with ``shown`` workers on the placed square's side."""
        gain = self.gains.get(shown)
        if gain is None:
            counted = list(self.workers)
            counted[self.seat] += shown
            gain = self.gains[shown] = TEMPLE_WEIGHT * (
                kept_temple_gold(counted)[self.seat] - self.before
            )
        return gain


class _Fill:
    """What one fill of the spaces a placement closes does whatever tile is placed: the
    jungle tiles facing the placed square and on which of its sides, the temples next to
    the placed square or laid by the fill, and the edges of the seat's other tiles that
    the fill's ``tiles`` activate (and their product in a situation). A fill that lays
    nothing is the placed square's :class:`_Around` itself."""

    __slots__ = ("other_product", "other_touched", "others", "sides", "temples")

    sides: list[tuple[int, _Jungle]]
    temples: list[_Temple]
    others: list[Edge]
    other_product: int
    other_touched: int

    def __init__(
        self,
        sides: list[tuple[int, _Jungle]],
        temples: list[_Temple],
        lays: list[_Lay],
        placed: KeptSquare,
    ) -> None:
        # Most fills activate no other edge: those share the empty list below, never changed.
        others = _NO_EDGES
        product = 1
        touched = 0
        for lay in lays:
            for near, item in lay.others:
                if near != placed:
                    if not others:
                        others = []
                    others.append(item)
                    product *= item.factor
                    touched |= item.jungle.touched
        self.sides = sides
        self.temples = temples
        self.others = others
        self.other_product = product
        self.other_touched = touched


class _Around(_Fill):
    """The squares next to ``placed`` as a tile placed there faces them, read off the board
    once for every fill of the spaces it closes: the jungle tiles on the board, with the
    temples among them, and the empty squares a fill may lay one on, each with its side of
    the placed square, in the order N, E, S, W. It is also the :class:`_Fill` that lays
    nothing (no other edges): most placements close no space, and then no fill is made."""

    __slots__ = ("around", "board", "empty", "placed", "players", "seat")

    def __init__(self, state: State, seat: int, placed: KeptSquare) -> None:
        # The squares are looped over, not indexed: compiled, indexing the tuple of four
        # squares builds it (five tuples) again at every read.
        # Most squares face no temple: those share the empty list below, never changed.
        board: Board = state.board
        self.board: Final = board
        self.seat: Final = seat
        self.placed: Final = placed
        self.players: Final = len(state.players)
        empty = False
        sides: list[tuple[int, _Jungle]] = []
        self.temples = _NO_TEMPLES
        jungles = _JUNGLES.table
        # The squares next to a worker tile's hold jungle tiles and nothing else (the
        # checkerboard, R-PLACE-2): a tile on one is read as a jungle tile, with no call.
        jungles_on: dict[Any, JungleTile] = board  # type: ignore[assignment]
        around = _AROUND.table.get(placed)
        if around is None:
            around = _around(placed)
        for side, square in around:
            on_board = jungles_on.get(square)
            if on_board is None:
                empty = True
            else:
                jungle = jungles.get(square)
                if jungle is None or jungle.tile is not on_board:
                    jungle = _JUNGLES.put(square, _Jungle(square, on_board))
                sides.append((side, jungle))
                if jungle.temple:
                    self.temples = [*self.temples, self._temple(square, False)]
        self.around: Final = around
        """The squares next to ``placed``, each with its side (:func:`_around`)."""
        self.sides = sides
        """Each side facing a jungle tile on the board."""
        self.others = _NO_EDGES
        self.other_product = 1
        self.other_touched = 0
        self.empty: Final = empty
        """Whether a side faces an empty square: else no fill lays a tile next to it."""

    def fill(self, lays: list[_Lay]) -> _Fill:
        """What laying the tiles ``lays`` (on empty squares next to the placed one: the
        spaces it closes) does whatever tile is placed: a fill laying nothing faces only the
        jungle tiles on the board: this :class:`_Around` itself."""
        if not lays:
            return self
        sides = [*self.sides]
        temples = self.temples
        for lay in lays:  # one or two
            jungle = lay.jungle
            space = jungle.square
            facing = 0
            # The space is the very object the board keeps for it, and so are the squares
            # around (see Around): found by identity, with no tuples compared, unless a full
            # table kept none (then by value). A dictionary of them would cost more.
            for side, square in self.around:
                if square is space:
                    facing = side
                    break
            else:
                for side, square in self.around:
                    if square == space:
                        facing = side
                        break
            sides.append((facing, jungle))
            if jungle.temple:
                temples = [*temples, self._temple(jungle.square, True)]
        return _Fill(sides, temples, lays, self.placed)

    def _temple(self, temple: KeptSquare, new: bool) -> _Temple:
        """The ``temple`` next to the placed square: the workers facing it but those of the
        tile on the placed square (if any: a fill after a placement, an overbuild), and the
        seat's gold from it as the board stands (none if ``new``)."""
        workers = [0] * self.players
        side = 0
        was = 0
        # The squares next to a temple hold worker tiles and nothing else (the checkerboard,
        # R-PLACE-2): a tile on one is read as a worker tile, with no call.
        workers_on: dict[Any, WorkerTile] = self.board  # type: ignore[assignment]
        for facing, square in _around(temple):
            tile = workers_on.get(square)
            if square == self.placed:
                side = OPPOSITE[facing]
                if tile is not None:
                    was = tile.edges[side]
            elif tile is not None:
                workers[tile.owner] += tile.edges[OPPOSITE[facing]]
        before = 0
        if not new:
            counted = list(workers)
            counted[self.seat] += was
            before = kept_temple_gold(counted)[self.seat]
        return _Temple(side, self.seat, workers, before)


_NO_TEMPLES: Final[list[_Temple]] = []
"""The temples of a fill that faces none (shared, never changed)."""

_NO_EDGES: Final[list[Edge]] = []
"""The other edges of a fill that activates none (shared, never changed)."""


_WORST: Final = -(1 << 60)
"""Below any gain: where the best of the fills starts."""


class _Turn:
    """The bot's own turn being valued: its seat, the player and its value now (``value``
    if known), after the sun an overbuild costs with ``spent``."""

    def __init__(self, state: State, seat: int, value: int | None = None, spent: int = 0) -> None:
        self.seat: Final = seat
        self.state: Final = state
        # A draft is made only for a situation never met (best_gain plays on it), or to
        # pay the overbuild's sun.
        self.draft: Draft | None = None
        self.player: PlayerState = state.players[seat]
        if spent:
            self.player = self._drafted().update_sun(seat, self.player.sun - spent)
        if value is None:
            value = greedy_value(state, seat)
        self.value: Final = value - SUN_WEIGHT * spent
        self.packed: Final = _packed(self.player)
        """The player's resources packed by :func:`_resources`, all four (or -1): a
        situation's are the touched ones' bits of them (:data:`_MASKS`)."""

    def best(self, edges: Edges, ways: list[_Fill]) -> int:
        """The value once the tile with ``edges`` is placed, the best of ``ways`` is laid,
        and the activated edges are resolved at best."""
        packed = self.packed
        table = _BEST.table
        best = _WORST
        for fill in ways:
            product = fill.other_product
            touched = fill.other_touched
            for side, jungle in fill.sides:
                factor = jungle.factors[edges[side]]
                if factor != 1:  # the edge is activated
                    product *= factor
                    touched |= jungle.touched
            gain = 0
            if product != 1:
                key = (
                    product << _RESOURCES_BITS | (packed & _MASKS[touched])
                    if packed >= 0
                    else _situation(self.player, touched, product)
                )
                known = table.get(key)
                if known is None:
                    known = self._worked_out(edges, fill, key)
                gain = known
            if fill.temples:  # most fills face none: no loop to start
                for temple in fill.temples:
                    shown = edges[temple.side]
                    known = temple.gains.get(shown)  # most often met: no call
                    gain += temple.gain(shown) if known is None else known
            if gain > best:
                best = gain
        return self.value + best

    def _worked_out(self, edges: Edges, fill: _Fill, key: object) -> int:
        """The gain of the edges that placing the tile with ``edges`` and laying ``fill``
        activate, in the situation ``key`` never met (:func:`_worked_out`), kept in
        :data:`_BEST`. Most often they touch different resources and each alone was met
        before: then it is the sum of their gains as kept (:func:`_apart`), and no
        :class:`Edge` is made."""
        apart = _apart(edges, fill, self.packed) if self.packed >= 0 else None
        if apart is not None:
            return _BEST.keep(key, apart)
        return _worked_out(
            self._drafted(), self.seat, self._edges(edges, fill), key, self.player, self.packed
        )

    def _drafted(self) -> Draft:
        """The turn's draft, made on first use."""
        if self.draft is None:
            self.draft = Draft(self.state, None)
        return self.draft

    def _edges(self, edges: Edges, fill: _Fill) -> list[Edge]:
        """The edges that placing the tile with ``edges`` and laying ``fill`` activate."""
        mine = list(fill.others)
        for side, jungle in fill.sides:
            workers = edges[side]
            if jungle.factors[workers] != 1:  # the edge is activated
                mine.append(Edge(jungle, workers))
        return mine


class GreedyBot:
    """Prefers immediate gold: plays the move after which its turn can bring in the most,
    by :func:`~cacao_rules.agents.bots.greedy_value`.

    A placement is valued by the best fill of the spaces it closes and the best way to
    resolve the edges it activates; a fill by the best way to resolve the edges it
    activates; resolving an edge by the best way to resolve the edges left. Spaces that
    blind draws will fill are not counted (the bot does not look at the pile). Ties between
    the best moves are broken by its own ``random.Random(seed)``. Other decisions (and every
    decision in games with the modules of :data:`PLAYED_OUT`) are valued by playing each
    move and then the bot's further decisions of the turn greedily on the engine.
    """

    def __init__(self, seed: Int) -> None:
        self.seed = expect(seed, int)
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot({self.seed})"

    def choose(self, state: State) -> Move:
        seat = deciding_seat(state)
        moves = legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        values = relative_values(state, seat, moves)
        first, ties = _best(values)
        if ties == 1:  # as most often: no list of the best to build
            return moves[first]
        best = values[first]
        return self._rng.choice(
            [move for move, value in zip(moves, values, strict=True) if value == best]
        )


def greedy_move(state: State) -> Move:
    """The first of the moves :class:`GreedyBot` likes best in ``state`` (no tie broken at
    random: the search bot's choice between two placements)."""
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    values = relative_values(state, deciding_seat(state), moves)
    return moves[_best(values)[0]]


def _best(values: list[int]) -> tuple[int, int]:
    """The index of the first of the highest of ``values`` (not empty) and how many values
    are that high: compiled, in one loop that compares native integers, where ``max``,
    ``count`` and ``index`` would each compare Python objects; pure, by those three, whose
    loops run in C (the loop here would be interpreted, one value at a time)."""
    if not COMPILED:
        most = max(values)
        return values.index(most), values.count(most)
    best = values[0]
    first = 0
    ties = 0
    for index in range(len(values)):
        value = values[index]
        if value > best:
            best = value
            first = index
            ties = 1
        elif value == best:
            ties += 1
    return first, ties


def move_values(state: State, seat: int, moves: Sequence[Move]) -> list[int]:
    """How much :class:`GreedyBot` likes each of ``moves``, the legal moves of ``seat``
    in ``state``: the value its turn can reach after it."""
    return _values(state, seat, moves, None)


def relative_values(state: State, seat: int, moves: Sequence[Move]) -> list[int]:
    """:func:`move_values` less one amount that is the same for every move: for a
    placement or a fill, the seat's :func:`greedy_value` now (whose temple majorities cost
    more to count than the moves to value), else nothing. Comparing moves, which is all
    the bots do, needs no more."""
    return _values(state, seat, moves, 0)


def _values(state: State, seat: int, moves: Sequence[Move], now: int | None) -> list[int]:
    """:func:`move_values`, with the seat's value now taken as ``now`` for a placement or a
    fill if it is given."""
    step = state.step
    if not PLAYED_OUT.isdisjoint(state.config.modules):
        return [_played_out(state, move, seat) for move in moves]
    if isinstance(step, PlacementStep):
        return _placement_values(state, seat, moves, now)
    if isinstance(step, FillStep):
        return _fill_values(state, seat, step, moves, now)
    if isinstance(step, ResolveStep):
        return _resolve_values(state, seat, step, moves)
    return [_played_out(state, move, seat) for move in moves]


def _fill_values(
    state: State, seat: int, step: FillStep, moves: Sequence[Move], now: int | None = None
) -> list[int]:
    """The value of each fill, from the value ``now`` (worked out if not given). The tile
    placed is on the board already: it counts for the temples it faces in the value now,
    and its edges activate as if it were placed now."""
    turn = _Turn(state, seat, now)
    placed = state.board[step.placed]
    assert isinstance(placed, WorkerTile)
    around = _Around(state, seat, step.placed)
    values = []
    for move in moves:
        if not isinstance(move, Fill):  # pragma: no cover - a fill step lists fills only
            values.append(_played_out(state, move, seat))
            continue
        lays = [_Lay(state.board, seat, choice.square, choice.tile) for choice in move.choices]
        values.append(turn.best(placed.edges, [around.fill(lays)]))
    return values


def _placement_values(
    state: State, seat: int, moves: Sequence[Move], now: int | None = None
) -> list[int]:
    """The value of each placement or overbuild, from the value ``now`` (worked out if not
    given): the best over the fills of the spaces it closes (an overbuild after paying its
    sun token); a discard's is the value after it (there are discards only where there is
    nothing else)."""
    if not moves or isinstance(moves[0], Discard):  # then all are (the engine lists
        return [_continued(state, move, seat) for move in moves]  # them where none else is)
    placing = _Turn(state, seat, now)
    overbuilding: _Turn | None = None
    squares: dict[KeptSquare, list[_Fill]] = {}  # the fills after placing on each square met
    # The square of the move before, as two coordinates (at first, one no square has),
    # with its turn and its fills.
    last_x = last_y = MAX_COORDINATE + 1
    turn = placing
    ways: list[_Fill] = []
    fills = _Fills(state, seat)
    values = []
    for move in cast(Sequence[Place | Overbuild], moves):
        # A square's moves of one tile type come in a row, all placements (on a free square)
        # or all overbuilds (on one's own tile): the turn and the fills are found once per
        # row. Compiled, a move's square is read as two ints (no tuple made) and boxed
        # once per row (see Around).
        x, y = move.square
        if x != last_x or y != last_y:
            if isinstance(move, Place):
                turn = placing
            else:
                if overbuilding is None:
                    cost = sun_cost_of_overbuilding(state.players[seat])
                    overbuilding = _Turn(state, seat, placing.value, cost)
                turn = overbuilding
            square: KeptSquare = move.square
            known = squares.get(square)
            if known is None:
                around = _Around(state, seat, square)
                # The spaces it closes are next to it; most often it closes none, and the
                # around is the one fill (no call).
                laid = fills.of(move.square) if around.empty else _LAYS_NOTHING
                known = squares[square] = (
                    [around] if laid is _LAYS_NOTHING else [around.fill(tiles) for tiles in laid]
                )
            ways = known
            last_x = x
            last_y = y
        # Nothing is kept by the edges placed: a square meets few tiles twice, and a fill's
        # value is a lookup in _BEST already.
        values.append(turn.best(_ROTATIONS[move.type][move.rotation], ways))
    return values


def _resolve_values(state: State, seat: int, step: ResolveStep, moves: Sequence[Move]) -> list[int]:
    """The value of using each edge: what it brings in and the best use of the seat's other
    edges (the temples and huts, which resolving leaves alone without the modules of
    :data:`PLAYED_OUT`, are left out: they are the same for every move).

    What a use gains depends on what :func:`best_gain`'s does (the edges, the resources
    their actions touch) and on the edge and the use (the gems a use takes come only with
    the Gem mines module, one of :data:`PLAYED_OUT`), so it is kept in :data:`_RESOLVED`.
    """
    # The situation and the edges' names are read off the queue: the edges themselves are
    # made only if a use was never met in this situation.
    player = state.players[seat]
    board = state.board
    queue = step.queue
    names: list[int] = []  # of the seat's edges, the queue's first ones, in its order
    touched = 0
    product = 1
    for activated in queue:
        if activated.owner != seat:
            break
        tile = board[activated.jungle_square]
        assert isinstance(tile, JungleTile)
        face = _face(tile)
        names.append(face.name + activated.workers)
        touched |= face.touched
        product *= face.factors[activated.workers]
    situation = _situation(player, touched, product)
    before = holdings_value(player)
    mine: list[Edge] = []
    draft: Draft | None = None
    values = []
    for move in moves:
        assert isinstance(move, Resolve)
        index = 0
        while queue[index].square != move.square or queue[index].side is not move.side:
            index += 1
        key = (situation, names[index], move.workers, move.bars)
        gain = _RESOLVED.table.get(key)
        if gain is None:
            if draft is None:
                draft = Draft(state, None)
                mine = _pending(state, seat)
            item = mine[index]
            jungle = item.jungle
            ACTIONS[jungle.tile.kind].perform(
                draft, seat, cast(Square, jungle.square), jungle.tile, item.workers, move
            )
            rest = mine[:index] + mine[index + 1 :]
            after = holdings_value(draft.players[seat]) + best_gain(draft, seat, rest)
            gain = _RESOLVED.keep(key, after - before)
            draft.players[seat] = player
        values.append(before + gain)
    return values


def _pending(state: State, seat: int) -> list[Edge]:
    """The edges ``seat`` is to resolve now, in the queue's order."""
    step = state.step
    if not isinstance(step, ResolveStep):
        return []
    mine: list[Edge] = []
    for activated in step.queue:
        if activated.owner != seat:
            break
        tile = state.board[activated.jungle_square]
        assert isinstance(tile, JungleTile)
        mine.append(Edge(_Jungle(activated.jungle_square, tile), activated.workers))
    return mine


def _continued(state: State, move: Move, seat: int) -> int:
    """The value after ``move`` (a discard) and the best rest of the turn: the best fill if
    one is to be chosen, the best use of the edges to resolve."""
    after = apply(state, move)
    step = after.step
    if after.to_move != seat:
        return greedy_value(after, seat)
    if isinstance(step, FillStep):
        return max(_fill_values(after, seat, step, legal_moves(after)))
    return greedy_value(after, seat) + best_gain(Draft(after, None), seat, _pending(after, seat))


def _played_out(state: State, move: Move, seat: int) -> int:
    """The value after ``move`` and the seat's further decisions of this turn, each made on
    the engine for the best value right after it."""
    turn = state.turn
    temples: dict[FrozenMap[Square, Tile], list[int]] = {}

    def value(after: State) -> int:
        known = temples.get(after.board)
        if known is None:
            known = temples[after.board] = temple_totals(after)
        return greedy_value(after, seat, known)

    after = apply(state, move)
    while after.to_move == seat and after.turn == turn:
        after = max((apply(after, move) for move in legal_moves(after)), key=value)
    return value(after)
