"""The greedy bot: :class:`GreedyBot` prefers the move that brings in most this turn.

It values a placement without playing it out: the engine's rules say which jungle spaces a
placement closes (:func:`~cacao_rules.turn.filling.spaces_to_fill`'s rule) and which edges
it activates (:func:`~cacao_rules.turn.activation.activated_edges`' rule); what resolving
those edges can bring in depends only on the player's resources that the edges' actions
read and on the edges' tiles and workers, so the best way to resolve them is worked out once
per such situation and kept (:func:`best_gain`). A decision then costs a few dictionary
reads per legal move instead of playing every move and the rest of the turn on the engine.

>>> import cacao_rules as cr
>>> state = cr.new_game(cr.Config(players=2), seed=3)
>>> GreedyBot(5).choose(state) in cr.legal_moves(state)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..engine import apply, legal_moves
from ..game.components import JungleKind, JungleTile, Tile, WorkerTile
from ..game.config import Module
from ..game.events import Resource
from ..game.frozen import FrozenMap
from ..game.geometry import SIDES, Square, neighbours
from ..game.moves import Fill, Move, Overbuild, Place, Resolve
from ..modules.huts import sun_cost_of_overbuilding
from ..state.draft import Draft
from ..state.state import FillStep, PlacementStep, ResolveStep, State
from ..turn.actions import ACTIONS
from ..turn.activation import activates
from ..turn.filling import fill_moves
from ..turn.scoring import temple_gold, temple_totals
from .bots import SUN_WEIGHT, TEMPLE_WEIGHT, deciding_seat, greedy_value, holdings_value

PLAYED_OUT: Final = frozenset({Module.HUTS, Module.GEM_MINES, Module.EMPEROR})
"""Modules whose effects on a turn are not read off the board (huts bought and the
Foreman's worker, gem mines that change the board, the Emperor's visits): with any of
them, :class:`GreedyBot` plays every move and the rest of its turn on the engine."""

KEPT_SITUATIONS: Final = 100_000
"""How many resolving situations :data:`_BEST` holds before it starts afresh."""

_OPPOSITE: Final = tuple(int(side.opposite) for side in SIDES)

Edge = tuple[tuple[int, int, int], int, Square, JungleTile]
"""An activated edge of the bot's seat: its name in :data:`_BEST` (the tile's kind by
:data:`_KIND_NUMBER`, its value, the workers), what the tile's action touches
(:data:`_TOUCHED`), the tile's square and the tile."""

Facing = tuple[int, int, int, Square, JungleTile]
"""A jungle tile that a worker's edge faces: an :data:`Edge` but for the workers."""

_BEST: dict[tuple[object, ...], int] = {}
""":func:`best_gain` by situation: the resources read and the edges' tiles and workers."""

_CACAO, _CHOCOLATE, _SUN, _WATER = 1, 2, 4, 8
_BITS: Final = {
    Resource.CACAO: _CACAO,
    Resource.CHOCOLATE: _CHOCOLATE,
    Resource.SUN: _SUN,
    Resource.WATER: _WATER,
}


def _touch_bits(kind: JungleKind) -> int:
    action = ACTIONS[kind]
    return sum(bit for resource, bit in _BITS.items() if resource in action.reads | action.writes)


_TOUCHED: Final = {kind: _touch_bits(kind) for kind in JungleKind}
"""Which resources of the edge's owner each kind of tile's action reads or changes, as
bits: the others cannot change what its edges bring in."""

_KIND_NUMBER: Final = {kind: number for number, kind in enumerate(JungleKind)}


def facing(square: Square, tile: JungleTile) -> Facing:
    """The jungle ``tile`` on ``square`` as a worker's edge faces it."""
    kind = tile.kind
    return (_KIND_NUMBER[kind], tile.value, _TOUCHED[kind], square, tile)


def edge(jungle: Facing, workers: int) -> Edge:
    """The edge with ``workers`` facing ``jungle``."""
    number, value, touched, square, tile = jungle
    return ((number, value, workers), touched, square, tile)


def best_gain(draft: Draft, seat: int, edges: Sequence[Edge]) -> int:
    """The most :func:`~cacao_rules.agents.bots.holdings_value` that ``seat`` can gain by
    resolving ``edges`` in the best order with the best use of each.

    ``draft.players[seat]`` is the player before; it is the same again on return. The
    answer depends on the edges' tiles and workers and on those of the stored cacao and
    chocolate, the sun tokens and the water carrier that their actions read or change (gold
    is only ever added to), so it is kept by those in :data:`_BEST`.
    """
    if not edges:
        return 0
    player = draft.players[seat]
    ordered = tuple(sorted(edges, key=_name)) if len(edges) > 1 else tuple(edges)
    touched = 0
    for item in ordered:
        touched |= item[1]
    key = (
        player.cacao if touched & _CACAO else None,
        player.chocolate if touched & _CHOCOLATE else None,
        player.sun if touched & _SUN else None,
        player.water_field if touched & _WATER else None,
        tuple([item[0] for item in ordered]),
    )
    known = _BEST.get(key)
    if known is None:
        before = holdings_value(player)
        known = _search(draft, seat, ordered) - before
        if len(_BEST) >= KEPT_SITUATIONS:
            _BEST.clear()
        _BEST[key] = known
    return known


def _name(item: Edge) -> tuple[int, int, int]:
    return item[0]


def _search(draft: Draft, seat: int, edges: tuple[Edge, ...]) -> int:
    """The best :func:`holdings_value` reachable by resolving ``edges`` (any order, any
    use); ``draft.players[seat]`` is restored."""
    player = draft.players[seat]
    best = holdings_value(player)
    for index, ((_, _, workers), _, square, tile) in enumerate(edges):
        if index and edges[index - 1][0] == edges[index][0]:
            continue  # the same edge again: the same outcomes
        rest = edges[:index] + edges[index + 1 :]
        action = ACTIONS[tile.kind]
        for use in action.options(player, tile, workers):
            action.perform(draft, seat, square, tile, workers, use)
            best = max(best, best_gain(draft, seat, rest) + holdings_value(draft.players[seat]))
            draft.players[seat] = player
    return best


class _Fill:
    """What one fill of the spaces a placement closes does whatever tile is placed: the
    tiles facing each side of the placed square, the edges of the seat's other tiles that
    it activates, and the temples next to the placed square or laid by the fill, each with
    every seat's workers facing it before and which side of it the placed square is on."""

    __slots__ = ("facing", "others", "players", "temples")

    def __init__(self, state: State, seat: int, placed: Square, filled: dict[Square, Tile]) -> None:
        board = state.board
        self.players = len(state.players)
        around = neighbours(placed)
        tiles = [filled.get(square) or board.get(square) for square in around]
        self.facing: list[Facing | None] = [
            facing(square, tile) if isinstance(tile, JungleTile) else None
            for square, tile in zip(around, tiles, strict=True)
        ]
        self.others: list[Edge] = []
        self.temples: list[tuple[int, list[int], int]] = []
        for side in range(len(SIDES)):
            tile = tiles[side]
            if isinstance(tile, JungleTile) and tile.kind is JungleKind.TEMPLE:
                self._temple(board, seat, around[side], placed, around[side] in filled)
        for space, laid in filled.items():
            assert isinstance(laid, JungleTile)
            near = neighbours(space)
            jungle = facing(space, laid)
            for side in range(len(SIDES)):
                tile = board.get(near[side])
                if (
                    isinstance(tile, WorkerTile)
                    and tile.owner == seat
                    and near[side] != placed
                    and activates(tile.edges[_OPPOSITE[side]], laid)
                ):
                    self.others.append(edge(jungle, tile.edges[_OPPOSITE[side]]))

    def _temple(self, board: Board, seat: int, temple: Square, placed: Square, new: bool) -> None:
        """Note the ``temple`` next to ``placed``: the workers facing it but those of the
        tile on ``placed`` (if any: a fill after a placement, an overbuild), and the seat's
        gold from it as the board stands (none if ``new``)."""
        workers = [0] * self.players
        around = neighbours(temple)
        side = 0
        was = 0
        for facing in range(len(SIDES)):
            tile = board.get(around[facing])
            if around[facing] == placed:
                side = _OPPOSITE[facing]
                if isinstance(tile, WorkerTile):
                    was = tile.edges[side]
            elif isinstance(tile, WorkerTile):
                workers[tile.owner] += tile.edges[_OPPOSITE[facing]]
        if not new:
            before = list(workers)
            before[seat] += was
            was = temple_gold(before)[seat]
        else:
            was = 0
        self.temples.append((was, workers, side))


Board = FrozenMap[Square, Tile]


def _fills(state: State, placed: Square) -> list[dict[Square, Tile]]:
    """The tiles laid by square by each fill the player may choose after placing a tile on
    ``placed``; one laying nothing if it closes no space or the display is empty. Spaces
    left to blind draws are not looked at (what the pile gives is not known)."""
    board = state.board
    spaces = tuple(
        space
        for space in neighbours(placed)
        if space not in board
        and any(
            near != placed and isinstance(board.get(near), WorkerTile) for near in neighbours(space)
        )
    )
    moves = fill_moves(state, spaces) if spaces else []
    return [_laid(move) for move in moves] or [{}]


class _Turn:
    """The bot's own turn being valued: the board, its seat, its value now."""

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.draft = Draft(state, None)
        self.value = greedy_value(state, seat)

    def after(self, placed: Square, edges: tuple[int, int, int, int], fill: _Fill) -> int:
        """The value once the tile with ``edges`` is on ``placed``, ``fill`` is laid, and
        the activated edges are resolved at best."""
        seat = self.seat
        mine = list(fill.others)
        for side in range(len(SIDES)):
            jungle = fill.facing[side]
            if jungle is not None and activates(edges[side], jungle[4]):
                mine.append(edge(jungle, edges[side]))
        gain = best_gain(self.draft, seat, mine)
        for was, workers, side in fill.temples:
            workers = list(workers)
            workers[seat] += edges[side]
            gain += TEMPLE_WEIGHT * (temple_gold(workers)[seat] - was)
        return self.value + gain


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

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot({self.seed})"

    def choose(self, state: State) -> Move:
        seat = deciding_seat(state)
        moves = legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        values = move_values(state, seat, moves)
        best = max(values)
        chosen = [move for move, value in zip(moves, values, strict=True) if value == best]
        return chosen[0] if len(chosen) == 1 else self._rng.choice(chosen)


def greedy_move(state: State) -> Move:
    """The first of the moves :class:`GreedyBot` likes best in ``state`` (no tie broken at
    random: the search bot's choice between two placements)."""
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    values = move_values(state, deciding_seat(state), moves)
    return moves[values.index(max(values))]


def move_values(state: State, seat: int, moves: Sequence[Move]) -> list[int]:
    """How much :class:`GreedyBot` likes each of ``moves``, the legal moves of ``seat``
    in ``state``: the value its turn can reach after it."""
    step = state.step
    if state.config.modules & PLAYED_OUT:
        return [_played_out(state, move, seat) for move in moves]
    if isinstance(step, PlacementStep):
        return _placement_values(state, seat, moves)
    if isinstance(step, FillStep):
        return _fill_values(state, seat, step, moves)
    if isinstance(step, ResolveStep):
        return _resolve_values(state, seat, step, moves)
    return [_played_out(state, move, seat) for move in moves]


def _fill_values(state: State, seat: int, step: FillStep, moves: Sequence[Move]) -> list[int]:
    """The value of each fill. The tile placed is on the board already: it counts for the
    temples it faces in the value now, and its edges activate as if it were placed now."""
    turn = _Turn(state, seat)
    placed = state.board[step.placed]
    assert isinstance(placed, WorkerTile)
    values = []
    for move in moves:
        if not isinstance(move, Fill):  # pragma: no cover - a fill step lists fills only
            values.append(_played_out(state, move, seat))
            continue
        fill = _Fill(state, seat, step.placed, _laid(move))
        values.append(turn.after(step.placed, placed.edges, fill))
    return values


def _laid(move: Fill) -> dict[Square, Tile]:
    return {choice.square: choice.tile for choice in move.choices}


def _placement_values(state: State, seat: int, moves: Sequence[Move]) -> list[int]:
    """The value of each placement or overbuild: the best over the fills of the spaces it
    closes (an overbuild costs its sun token too); a discard's is the value after it."""
    turn = _Turn(state, seat)
    fills: dict[Square, tuple[list[_Fill], tuple[bool, ...]]] = {}
    known: dict[tuple[Square, tuple[int, ...]], int] = {}
    overbuilding = SUN_WEIGHT * sun_cost_of_overbuilding(state.players[seat])
    values = []
    for move in moves:
        if not isinstance(move, Place | Overbuild):
            values.append(_continued(state, move, seat))
            continue
        square = move.square
        found = fills.get(square)
        if found is None:
            ways = [_Fill(state, seat, square, laid) for laid in _fills(state, square)]
            jungle = tuple(any(way.facing[side] for way in ways) for side in range(len(SIDES)))
            found = fills[square] = (ways, jungle)
        ways, jungle = found
        edges = move.type.rotated(move.rotation)
        # Only the edges that may face a jungle tile count: others cannot tell tiles apart.
        shown = [workers if faces else -1 for workers, faces in zip(edges, jungle, strict=True)]
        key = (square, tuple(shown))
        value = known.get(key)
        if value is None:
            value = max(turn.after(square, edges, fill) for fill in ways)
            if isinstance(move, Overbuild):
                value -= overbuilding
            known[key] = value
        values.append(value)
    return values


def _resolve_values(state: State, seat: int, step: ResolveStep, moves: Sequence[Move]) -> list[int]:
    """The value of using each edge: what it brings in and the best use of the seat's other
    edges (the temples and huts, which resolving leaves alone without the modules of
    :data:`PLAYED_OUT`, are left out: they are the same for every move)."""
    draft = Draft(state, None)
    player = state.players[seat]
    mine = _pending(state, seat)
    values = []
    for move in moves:
        assert isinstance(move, Resolve)
        index = next(  # mine are the queue's first edges, in its order
            index
            for index in range(len(mine))
            if step.queue[index].square == move.square and step.queue[index].side is move.side
        )
        (_, _, workers), _, square, tile = mine[index]
        ACTIONS[tile.kind].perform(draft, seat, square, tile, workers, move)
        rest = mine[:index] + mine[index + 1 :]
        values.append(holdings_value(draft.players[seat]) + best_gain(draft, seat, rest))
        draft.players[seat] = player
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
        mine.append(edge(facing(activated.jungle_square, tile), activated.workers))
    return mine


def _continued(state: State, move: Move, seat: int) -> int:
    """The value after ``move`` (an overbuild, a discard) and the best rest of the turn:
    the best fill if one is to be chosen, the best use of the edges to resolve."""
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
