"""Step C of a turn: activating workers and resolving their edges, owner by owner.

Rules: :rule:`R-ACT-1` to :rule:`R-ACT-7`. What each tile does is in
:mod:`cacao_rules.turn.actions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..errors import IllegalMoveError
from ..game.caches import Forget, Memo
from ..game.components import Hut, JungleKind, JungleTile, Side, Tile, WorkerTile
from ..game.events import EdgeActivated, EdgeResolved, HutUsed
from ..game.frozen import FrozenMap
from ..game.geometry import OPPOSITE, SIDES, KeptSquare, Square, format_square
from ..game.moves import Resolve
from ..modules.huts import FARMER_TRIGGER, counted_workers, owns
from ..state.board import kept_neighbours
from ..state.draft import Draft
from ..state.state import ActivatedEdge, PlayerState, ResolveStep
from ..state.view import View
from .actions import ACTIONS, Action, Amount, Use, gain_cacao, storage_room
from .end_of_turn import start_end_of_turn


def activated_edges(view: View, placed: Square, filled: tuple[Square, ...]) -> list[ActivatedEdge]:
    """The edges activated this turn, in the order they are resolved in: the player to
    move's first (:rule:`R-ACT-6`), then by square and side.

    The new tile's edges that face jungle tiles (:rule:`R-ACT-1`), and the edges of other
    tiles that face a space filled this turn (:rule:`R-ACT-2`). A space is filled once and a
    tile's own edges are looked at only when it is placed, so no worker is activated twice
    (:rule:`R-ACT-3`). The new tile's edges come in order (one owner, one square, side by
    side), so the edges are sorted only if others were activated too.
    """
    board = view.board
    edges = []
    # Squares and edges are read as Any, and looked at by number: compiled, a Square or a
    # tile's fixed-length edges is kept unboxed, and indexing it or handing it to a
    # dictionary would box a new tuple at every read. The neighbours are the board's kept
    # ones (a tuple made once for each square), and so are the filled spaces.
    placed_square: Any = placed
    new_tile = board[placed_square]
    assert isinstance(new_tile, WorkerTile)
    printed: tuple[int, ...] = new_tile.edges
    around: tuple[Any, ...] = kept_neighbours(placed_square)
    # Whether an edge is activated is activates() written out: a call per side costs the
    # pure build more than the test (a test ties the two).
    # The sides counted by hand over the kept neighbours: the pure build spends more making
    # a range than looping, and a neighbour read by its side's number is no faster compiled.
    # Its owner and whether it was played with the Foreman read once for its four sides,
    # and the edge made here, not through _activate: a call less for each.
    owner = new_tile.owner
    foreman = new_tile.foreman
    side = -1
    for facing in around:
        side += 1
        jungle = board.get(facing)
        if isinstance(jungle, JungleTile):
            workers = printed[side]
            if workers > 0 or jungle.kind is JungleKind.TREE_OF_LIFE:
                if foreman:  # (R-HUT-FOREMAN: see _activate)
                    workers = counted_workers(new_tile, workers)
                edges.append(ActivatedEdge._unchecked(owner, placed, SIDES[side], workers, facing))
    own = len(edges)
    spaces: tuple[Any, ...] = filled
    for space in spaces:
        filled_tile = board.get(space)
        assert isinstance(filled_tile, JungleTile)
        at_tree = filled_tile.kind is JungleKind.TREE_OF_LIFE
        beside: tuple[Any, ...] = kept_neighbours(space)
        side = -1
        for square in beside:
            side += 1
            tile = board.get(square)
            if not isinstance(tile, WorkerTile) or square == placed_square:
                continue
            facing_side = OPPOSITE[side]
            workers = tile.edges[facing_side]
            if workers > 0 or at_tree:
                edges.append(_activate(tile, square, facing_side, workers, space))
    if len(edges) > own and len(edges) > 1:
        return _in_order(edges, len(view.players), view.current)
    return edges


def _in_order(edges: list[ActivatedEdge], players: int, current: int) -> list[ActivatedEdge]:
    """``edges`` in resolution order: by owner from the player to move (``current``) on, then
    by square and side (:rule:`R-ACT-6`).

    Sorted as (order, edge) pairs, flat, rather than with a key function, which the pure
    build calls once for every edge; no two edges share a square and side, so no edge is
    ever compared. The square's coordinates are read flat and the side as it is (an int):
    compiled, the square would be boxed into a new tuple and int() called for every edge.
    """
    keyed = []
    for edge in edges:
        x, y = edge.square
        keyed.append(((edge.owner - current) % players, x, y, edge.side, edge))
    keyed.sort()
    ordered = []
    for item in keyed:
        ordered.append(item[4])
    return ordered


def activates(workers: int, facing: Tile | None) -> bool:
    """Whether an edge with ``workers`` facing ``facing`` is activated: it needs a jungle
    tile and a worker, except that an edge with no worker is activated at a Tree of Life
    (:rule:`R-TREE-3`)."""
    if not isinstance(facing, JungleTile):
        return False
    return workers > 0 or facing.kind is JungleKind.TREE_OF_LIFE


def _activate(
    tile: WorkerTile, square: Square, side: int, workers: int, jungle: Square
) -> ActivatedEdge:
    """The activated edge on side number ``side``, printed with ``workers``, with the workers
    it counts (:rule:`R-HUT-FOREMAN`), asked of the Huts module only for a tile played with the
    Foreman: one call less per edge in the many games without it. (The caller read the
    printed workers: compiled, a tile's edges are kept unboxed, and reading one of them by
    a side's number boxes them into a new tuple.)"""
    if tile.foreman:
        workers = counted_workers(tile, workers)
    return ActivatedEdge._unchecked(tile.owner, square, SIDES[side], workers, jungle)


def start_activation(draft: Draft, placed: Square, filled: tuple[Square, ...]) -> None:
    """Activate this turn's edges and queue them: the player to move first (:rule:`R-ACT-6`)."""
    queue = tuple(activated_edges(draft, placed, filled))
    if draft.events is not None:
        for edge in queue:
            jungle = draft.board[edge.jungle_square]
            assert isinstance(jungle, JungleTile)
            layer = 1 if edge.square in draft.covered else 0
            draft.emit(
                EdgeActivated(edge.owner, edge.square, layer, edge.side, edge.workers, jungle)
            )
            tile = draft.board[edge.square]
            if isinstance(tile, WorkerTile) and edge.workers != tile.edges[edge.side]:
                draft.emit(HutUsed(edge.owner, Hut.FOREMAN))
    _continue(draft, queue, 0, -1)


def _continue(draft: Draft, queue: tuple[ActivatedEdge, ...], received: int, owner: int) -> None:
    """Wait for the next edge, after the Farmer's fruit for ``owner``, whose edge was just
    resolved (``-1`` for none), if they are done. The cacao counted is asked about first:
    nothing counted (no Farmer, see :func:`_counted`) needs no look at the queue."""
    if received and (not queue or queue[0].owner != owner):
        farmer_fruit(draft, owner, received)
        received = 0
    if queue:
        draft.step = ResolveStep._unchecked(queue, received)
    else:
        start_end_of_turn(draft)


def use_of(move: Resolve) -> Use:
    """The use a resolve move makes of its edge."""
    return Use(move.workers, move.bars, move.gems)


_RESOLVES: Final[Memo[tuple[KeptSquare, Side, Use], Resolve]] = Memo("resolve moves", 100_000)
"""The resolve moves made so far, by square, side and use."""


def resolve_move(edge: ActivatedEdge, use: Use) -> Resolve:
    """The move that makes ``use`` of ``edge`` (kept for reuse: moves are immutable)."""
    key = (edge.square, edge.side, use)
    move = _RESOLVES.table.get(key)
    return _new_move(key) if move is None else move


def _edge_moves(edge: ActivatedEdge, uses: tuple[Use, ...]) -> list[Resolve]:
    """The moves that make each of ``uses`` of ``edge``, in order (:func:`resolve_move`).

    The edge's square and side are read once for all of them, the square as a
    :data:`~cacao_rules.game.geometry.KeptSquare` (compiled, an edge keeps its square
    unboxed)."""
    square: KeptSquare = edge.square
    side = edge.side
    table = _RESOLVES.table
    moves = []
    for use in uses:
        key = (square, side, use)
        move = table.get(key)
        moves.append(_new_move(key) if move is None else move)
    return moves


def _new_move(key: tuple[KeptSquare, Side, Use]) -> Resolve:
    """The move named by ``key`` (square, side and use) of :data:`_RESOLVES`, made and kept."""
    square, side, use = key
    at: Square = square  # type: ignore[assignment]  # (no cast call: see _edge_moves)
    return _RESOLVES.keep(key, Resolve._unchecked(at, side, use.workers, use.bars, use.gems))


def _use_text(use: Use) -> str:
    """A use as the end of its move in notation: ``2``, ``3 b2``, ``2 g1001``."""
    return str(resolve_move(ActivatedEdge(0, (0, 0), Side.N, 0, (0, 0)), use)).split(" ", 3)[3]


def _counted(view: View, seat: int, received: int) -> int:
    """The cacao stored that the turn keeps count of: only a Farmer's counts
    (:rule:`R-HUT-FARMER`), so that the count never tells two otherwise equal states apart."""
    return received if owns(view.players[seat], Hut.FARMER) else 0


def farmer_fruit(draft: Draft, seat: int, received: int) -> None:
    """One more cacao, room permitting, for exactly 4 stored this turn (:rule:`R-HUT-FARMER`)."""
    if received != FARMER_TRIGGER:
        return
    player = draft.players[seat]
    if owns(player, Hut.FARMER) and storage_room(player):
        if draft.events is not None:
            draft.emit(HutUsed(seat, Hut.FARMER))
        gain_cacao(draft, seat, 1)


def _jungle(view: View, edge: ActivatedEdge) -> JungleTile:
    tile = view.board[edge.jungle_square]
    assert isinstance(tile, JungleTile)
    return tile


def edge_options(view: View, edge: ActivatedEdge) -> tuple[Use, ...]:
    """The uses worth offering for ``edge`` now (:rule:`R-ACT-4`, :rule:`R-DECIDE-2`).

    The jungle tile read here rather than through :func:`_jungle`: this is asked at nearly
    every step a single edge resolves, and a call costs more than the read."""
    tile = view.board[edge.jungle_square]
    assert isinstance(tile, JungleTile)
    return ACTIONS[tile.kind].options(view.players[edge.owner], tile, edge.workers)


def _decider_edges(queue: tuple[ActivatedEdge, ...]) -> tuple[ActivatedEdge, ...]:
    """The edges of the owner to decide next: the queue is in resolution order, owner by
    owner, so they are its first edges."""
    owner = queue[0].owner
    if queue[-1].owner == owner:  # one owner queued: the whole queue, not a copy
        return queue
    end = 1
    while queue[end].owner == owner:  # (no bound to check: the last edge is another's)
        end += 1
    return queue[:end]


def live_edges(view: View, edges: tuple[ActivatedEdge, ...]) -> tuple[bool, ...]:
    """Which of one owner's ``edges`` could still change something by being resolved.

    An edge is live if it offers a choice now, or if a live edge could raise an amount that
    caps its uses (for example a plantation could bring cacao to an empty-handed market).
    The others are dead, and the engine resolves them itself (:rule:`R-ACT-7`).
    """
    return _settle_situation(view, _worked(view, edges), listing=False)[0] if edges else ()


def _situation(edges: _Edges) -> tuple[object, ...] | None:
    """A key that names one owner's situation by small values only, or ``None`` for an edge
    at a gem mine, which carries gems and changes the board (worked out afresh).

    The key holds the owner's resources that the edges' actions read or change (cacao and
    chocolate, which share the storage; the sun tokens; the water carrier; ``None`` for one
    that no edge touches: what it holds cannot change the edges' options or which of their
    moves have the same effect, so many more situations share a key; gold is only ever added
    to, so its amount never decides anything here), the owner's huts that act on edges
    (:func:`_huts_that_act`), and each edge's tile
    kind, tile value and workers. Situations with the same key have the same live edges and
    the same moves listed, so these are kept by key in :data:`_SITUATIONS`.

    Written for speed (one flat tuple, the touched resources as bits from
    :data:`_TOUCHES`): it is worked out at every step an owner whose edges interact
    resolves (:func:`_settle`).
    """
    player = edges.player
    key: list[object] = [None, None, None, None, _huts_that_act(player.huts)]
    touched = 0
    mine = edges.edges
    index = 0  # counted, not zipped: compiled, a native loop
    for tile in edges.jungles:
        if tile.gems is not None:
            return None
        kind = tile.kind
        touched |= _TOUCHES[kind]
        key.append(kind)
        key.append(tile.value)
        key.append(mine[index].workers)
        index += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
    if touched & _TOUCHES_STORAGE:
        key[0] = player.cacao
        key[1] = player.chocolate
    if touched & _TOUCHES_SUN:
        key[2] = player.sun
    if touched & _TOUCHES_WATER:
        key[3] = player.water_field
    return tuple(key)


def _huts_that_act(huts: tuple[Hut, ...]) -> int:
    """Which of ``huts`` change what an edge's moves do, as bits: the Market crier (a
    market's price, :rule:`R-HUT-MARKET-CRIER`) and the Farmer (the cacao counted,
    :rule:`R-HUT-FARMER`). The Foreman acts through the workers an edge counts, which the
    key holds; no other hut acts while edges are resolved."""
    if not huts:
        return 0
    return (1 if Hut.MARKET_CRIER in huts else 0) | (2 if Hut.FARMER in huts else 0)


_TOUCHES_STORAGE: Final = 1
_TOUCHES_SUN: Final = 2
_TOUCHES_WATER: Final = 4


def _touch_bits(action: Action) -> int:
    """Which of the storage, the sun tokens and the water carrier ``action`` reads or
    changes, as bits."""
    touched = action.reads | action.raises | action.lowers
    return (
        (_TOUCHES_STORAGE if touched & _STORAGE_AMOUNTS else 0)
        | (_TOUCHES_SUN if Amount.SUN_ROOM in touched else 0)
        | (_TOUCHES_WATER if touched & _WATER_AMOUNTS else 0)
    )


_STORAGE_AMOUNTS: Final = frozenset({Amount.CACAO, Amount.CHOCOLATE, Amount.STORAGE_ROOM})
_WATER_AMOUNTS: Final = frozenset({Amount.WATER_AHEAD, Amount.WATER_BEHIND})


_TOUCHES: Final = {kind: _touch_bits(action) for kind, action in ACTIONS.items()}
"""What each tile kind's action touches, as bits (see :func:`_situation`)."""


class _Edges:
    """One owner's activated ``edges`` with the ``player`` who owns them, the ``board``
    they lie on, their jungle tiles and actions, and their ``options``, the uses worth
    offering on each edge now (:func:`edge_options`), for settling edges that do not
    interact (:func:`_settle`) and working out a situation that is not kept (see
    :func:`_situation`)."""

    __slots__ = ("actions", "board", "edges", "jungles", "options", "player")

    def __init__(
        self,
        player: PlayerState,
        board: FrozenMap[Square, Tile],
        jungles: list[JungleTile],
        actions: list[Action],
        edges: tuple[ActivatedEdge, ...],
        options: list[tuple[Use, ...]],
    ) -> None:
        self.player = player
        self.board = board
        self.jungles = jungles
        self.actions = actions
        self.edges = edges
        self.options = options

    def others(self, index: int, player: PlayerState) -> _Edges:
        """The edges but ``edges[index]``, once it was used by a move that left the board as
        it was (every action's but a gem mine's) and the owner as ``player``.

        What that state shares with this one is not worked out again: the jungle tiles and
        their actions, and the options too when the move left the owner as they were (a use
        of no worker)."""
        edges = self.edges[:index] + self.edges[index + 1 :]
        jungles = self.jungles[:index] + self.jungles[index + 1 :]
        actions = self.actions[:index] + self.actions[index + 1 :]
        if player is self.player:
            options = self.options[:index] + self.options[index + 1 :]
        else:
            options = []
            position = 0
            for action in actions:  # a loop: see _offer_choices
                options.append(action.options(player, jungles[position], edges[position].workers))
                position += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
        return _Edges(player, self.board, jungles, actions, edges, options)


def _worked(view: View, edges: tuple[ActivatedEdge, ...]) -> _Edges:
    """One owner's ``edges`` in ``view``, to be worked out (:class:`_Edges`): their jungle
    tiles, actions and options found in one loop (no call per edge but the options': this
    runs at nearly every step an owner with several edges resolves, and all but a kept
    situation's need the options)."""
    board = view.board
    player = view.players[edges[0].owner]
    jungles = []
    actions = []
    options = []
    for edge in edges:
        tile = board.get(edge.jungle_square)
        assert isinstance(tile, JungleTile)
        jungles.append(tile)
        action = ACTIONS[tile.kind]
        actions.append(action)
        options.append(action.options(player, tile, edge.workers))
    return _Edges(player, board, jungles, actions, edges, options)


Settled = tuple[tuple[bool, ...], tuple[tuple[Use, ...], ...] | None]
"""What a situation settles to: which edges are live and, when all are, the moves listed as
the uses listed on each edge, or ``None`` if not worked out yet."""

_SITUATIONS: Final[Memo[tuple[object, ...], Settled]] = Memo(
    "resolving situations", 50_000, Forget.OLDER_HALF
)
"""What each situation settles to, by its key (:func:`_situation`). When full it forgets
the older half, not all: after starting afresh every situation met is a miss again, worked
out in full (tens of microseconds each, against a few for a kept one), which left a long
run of games slower for a while at every clearing (a long Big Game run fills the table in
about 2,000 games)."""


def _settle(
    view: View, edges: tuple[ActivatedEdge, ...]
) -> tuple[tuple[bool, ...], list[Resolve] | None]:
    """Which of the owner's ``edges`` are live and, if every one is, the moves listed
    (:func:`resolve_moves`; ``None`` if some are dead).

    A single edge is settled directly: it is live only if it offers a choice (no other
    edge of the owner can raise an amount that caps it), and then its moves are its uses
    offered. That costs about what looking its situation up does and much less than
    working a new situation out, and settles an edge at a gem mine, which has no key, just
    as cheaply. So are edges none of which changes what another reads (:func:`_interact`):
    each is live if it offers a choice, and every use offered is listed, since moves on
    different edges can end alike only if one of the edges changes what another depends
    on: otherwise every edge keeps its choices whatever is done on the others, so the edges
    left to decide differ (:func:`_distinct` would give the same answer). Edges that
    interact are settled through their situation (:func:`_settle_situation`)."""
    if len(edges) == 1:
        edge = edges[0]
        # edge_options() written out: a call less at nearly every step a single edge resolves.
        tile = view.board[edge.jungle_square]
        assert isinstance(tile, JungleTile)
        offered = ACTIONS[tile.kind].options(view.players[edge.owner], tile, edge.workers)
        if len(offered) < 2:
            return _ONE_DEAD
        return _ONE_LIVE, _edge_moves(edge, offered)
    worked = _worked(view, edges)
    if not _interact(worked.actions):
        options = worked.options
        for offered in options:  # some edge dead: which are worked out only then
            if len(offered) < 2:
                return tuple(_offer_choices(options)), None
        return (True,) * len(edges), _moves_of(edges, options)
    live, listed = _settle_situation(view, worked)
    if listed is None:
        return live, None
    return live, _moves_of(edges, listed)


def _moves_of(edges: tuple[ActivatedEdge, ...], uses: Sequence[tuple[Use, ...]]) -> list[Resolve]:
    """The moves that make the uses ``uses[i]`` of ``edges[i]``, edge by edge
    (:func:`_edge_moves`)."""
    moves: list[Resolve] = []
    index = 0
    for offered in uses:
        moves += _edge_moves(edges[index], offered)
        index += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
    return moves


_ONE_DEAD: Final[tuple[tuple[bool, ...], list[Resolve] | None]] = ((False,), None)
"""What a single edge that offers no choice settles to (typed as :func:`_settle`'s answer,
so that the compiled build hands out this one object rather than a new one each time)."""

_ONE_LIVE: Final[tuple[bool, ...]] = (True,)
"""Which edges are live when a single edge offers a choice."""


def _settle_situation(view: View, worked: _Edges, *, listing: bool = True) -> Settled:
    """What the owner's edges (``worked``) settle to, kept by situation where it has a key;
    the moves listed (every move compared: :func:`_distinct`, which only edges that
    interact need, and only they are listed here) are worked out only if ``listing`` asks
    for them and every edge is live."""
    key = _situation(worked)
    known = None if key is None else _SITUATIONS.table.get(key)
    # Every edge live: asked with `in`, a C call compiled, where all() is looked up in
    # builtins and called through Python's protocol (so throughout this module).
    if known is None:
        live = _liveness(worked)
        known = (live, _distinct(view, worked) if listing and False not in live else None)
    elif listing and known[1] is None and False not in known[0]:
        known = (known[0], _distinct(view, worked))
    else:
        return known
    if key is not None:
        _SITUATIONS.put(key, known)
    return known


def _liveness(edges: _Edges) -> tuple[bool, ...]:
    """Which edges are live, given their actions and their options now (see :func:`live_edges`).

    An edge with one use offered gets more only if an amount that caps it grows, so it is
    live only if a live edge can raise one of the amounts it reads: a market frees storage
    room and a kitchen does not; a chocolate market brings no cacao (:rule:`R-ACT-7`).
    """
    live = _offer_choices(edges.options)
    if False not in live:
        return tuple(live)
    actions = edges.actions
    raised = 0
    index = 0
    for action in actions:
        if live[index]:
            raised |= action.raise_bits
        index += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
    changed = True
    while changed:  # until no more edge turns live; each that does raises its amounts
        changed = False
        index = 0
        for action in actions:
            if not live[index] and action.read_bits & raised:
                live[index] = changed = True
                raised |= action.raise_bits
            index += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
    return tuple(live)


def _offer_choices(options: list[tuple[Use, ...]]) -> list[bool]:
    """Which of the edges with ``options`` offer a choice (a loop rather than a list
    comprehension, which the pure build runs as a call of its own)."""
    choices = []
    for offered in options:
        choices.append(len(offered) > 1)
    return choices


def settle_or_list(draft: Draft) -> list[Resolve] | None:
    """Resolve every dead edge of the owner to decide next and, if none of theirs is left,
    return ``None``; or return the owner's moves (:func:`resolve_moves`) on the live edges.

    One settling (:func:`_settle`) answers both: the engine calls this at every step an
    owner resolves, and it decides without listing when edges are dead. Dead edges are
    resolved using no worker, which changes nothing but the queue, so the owner's live
    edges are settled at once on the state that waits for them (their settling lists their
    moves: an edge is live by what the live edges offer, never by a dead one), rather than
    in another round of the engine's loop."""
    step = draft.step
    assert isinstance(step, ResolveStep)
    queue = step.queue
    # One owner queued, the usual case, asked here (see _decider_edges): a call less.
    mine = queue if queue[-1].owner == queue[0].owner else _decider_edges(queue)
    while True:
        live, listed = _settle(draft, mine)
        if listed is not None:
            return listed
        if draft.events is not None:
            for edge, alive in zip(mine, live, strict=True):
                if not alive:
                    draft.emit(EdgeResolved(edge.owner, edge.square, edge.side, 0, automatic=True))
        queue = queue[len(mine) :]
        kept = []
        if len(mine) > 1:
            index = 0
            for edge in mine:
                if live[index]:
                    kept.append(edge)
                index += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
        if kept:
            mine = tuple(kept)
            queue = mine + queue
        _continue(draft, queue, step.received, mine[0].owner)
        if not kept:
            return None


def resolve_moves(view: View) -> list[Resolve]:
    """Every way the owner to decide can resolve one of their edges, in notation order.

    Where two moves on different edges end in the same state (two sun sites and room for
    one more token: using either leaves the other unable to matter), only the first is
    listed (:rule:`R-DECIDE-2`).
    """
    step = view.step
    assert isinstance(step, ResolveStep)
    mine = _decider_edges(step.queue)
    _, listed = _settle(view, mine)
    if listed is None:  # some edges are dead: see dead_edges
        return _moves_of(mine, _distinct(view, _worked(view, mine)))
    return listed


def dead_edges(view: View) -> tuple[ActivatedEdge, ...]:
    """The edges of the owner to decide next that the engine resolves itself
    (:rule:`R-ACT-7`): none in a state where play stops.

    :func:`cacao_rules.check_state` refuses a state that waits at one; a state built with
    ``replace``, which checks nothing, may, and :func:`resolve_moves` still lists one move
    per outcome there (:rule:`R-DECIDE-2`).
    """
    step = view.step
    assert isinstance(step, ResolveStep)
    mine = _decider_edges(step.queue)
    return tuple(
        [edge for edge, alive in zip(mine, live_edges(view, mine), strict=True) if not alive]
    )


def _distinct(view: View, edges: _Edges) -> tuple[tuple[Use, ...], ...]:
    """The moves of :func:`resolve_moves` as the uses listed on each edge, every move
    compared: the first of every outcome.

    Two moves can end alike only if they leave the owner, the cacao counted and the board
    alike (their :func:`_effect`); only for a move whose effect is not new is it worked out
    which edges each leaves live (:func:`_left_live`), the costly part of an outcome
    (:func:`_outcome` is the whole comparison, which this gives the same answer as). With
    dead edges queued (:func:`dead_edges`) even edges that do not interact can end alike:
    using either of two temples leaves the other one dead, resolved by the engine.
    """
    step = view.step
    assert isinstance(step, ResolveStep)
    received = step.received
    scratch = Draft(view, None)
    player = edges.player
    unused = _resources(player, received)  # the effect of every use of no worker
    alike: dict[tuple[object, ...], list[_Listed]] = {}
    distinct = []
    index = -1  # (by hand: enumerate() costs the pure build more)
    for offered in edges.options:
        index += 1
        chosen = []
        for use in offered:
            if use.workers:
                after, effect = _effect(edges, index, use, scratch, received)
            else:
                after = player
                effect = unused
            listed = _Listed(index, use, after)
            group = alike.get(effect)
            if group is None:  # the first move with its effect: nothing to compare
                alike[effect] = [listed]
            elif listed.alike_any(group, view, edges):
                continue
            else:
                group.append(listed)
            chosen.append(use)
        distinct.append(tuple(chosen))
    return tuple(distinct)


class _Listed:
    """A move's edge ``index`` and ``use``, and the owner ``after`` it (``None`` for a use of
    a gem mine, carried out only if needed: see :func:`_effect`), with the edges it leaves
    live worked out once, when first needed."""

    __slots__ = ("_live", "after", "index", "use")

    def __init__(self, index: int, use: Use, after: PlayerState | None) -> None:
        self.index = index
        self.use = use
        self.after = after
        self._live: tuple[int, ...] | None = None

    def alike(self, other: _Listed, view: View, edges: _Edges) -> bool:
        """Whether this move ends as ``other``, a move with the same effect in ``view``, does:
        whether they leave the same edges live.

        Worked out only where needed: a move leaves its own edge resolved, so when one of
        the two moves uses no worker (leaving the state as it was) and the other's edge
        offers a choice in ``view``, that edge stays live after the first move and is gone
        after its own: they differ."""
        options = edges.options
        if self.index != other.index and (
            (not other.use.workers and len(options[self.index]) > 1)
            or (not self.use.workers and len(options[other.index]) > 1)
        ):
            return False
        return self.live(view, edges) == other.live(view, edges)

    def alike_any(self, others: list[_Listed], view: View, edges: _Edges) -> bool:
        """Whether this move ends as one of ``others`` does (:meth:`alike`)."""
        for other in others:  # noqa: SIM110 (a loop: any() over a generator is slower here)
            if self.alike(other, view, edges):
                return True
        return False

    def live(self, view: View, edges: _Edges) -> tuple[int, ...]:
        """:func:`_left_live` of the move in ``view``, among the owner's ``edges``."""
        if self._live is None:
            index = self.index
            after = self.after
            if after is None:  # a gem mine's use, which changes the board: carried out now
                mine = edges.edges
                performed = _performed(view, mine[index], self.use)
                others = _worked(performed, mine[:index] + mine[index + 1 :])
            else:
                others = edges.others(index, after)
            self._live = _left_live(others, index)
        return self._live


def _interact(actions: list[Action]) -> bool:
    """Whether one of the edges changes a resource that another one depends on.

    Only then can moves on different edges end in the same state: otherwise every edge
    keeps its choices whatever is done on the others, so the edges left to decide differ.

    Asked in one pass over the edges, each against those before it both ways (what it
    changes against what they read, what it reads against what they change), which covers
    every pair once.
    """
    reads = 0
    changes = 0
    for action in actions:
        if action.change_bits & reads or action.read_bits & changes:
            return True
        reads |= action.read_bits
        changes |= action.change_bits
    return False


def _effect(
    edges: _Edges, index: int, use: Use, scratch: Draft, received: int
) -> tuple[PlayerState | None, tuple[object, ...]]:
    """What using ``edges.edges[index]`` as ``use`` changes, and the owner after it (``None``
    for a gem mine's use, not carried out here).

    Only the owner's resources change (:func:`_resources`), and the cacao counted for the
    Farmer; of the board, only a gem mine, which loses the gems taken. Every other action
    is carried out on ``scratch``, a working copy of ``view`` whose owner is put back
    afterwards, one copy for every use compared. A gem mine's use is not carried out here
    (taking gems is the costliest action to copy a state for): two uses leave the owner
    and the board alike exactly when they take the same gems from the same mine, since
    the owner's gems and masks follow from the gems taken and the mine from its square and
    those gems, and no other action changes the board or the gems. So the mine's square
    and the gems taken stand for what such a use changes, after a ``None`` (three values,
    where the other effects are the six of :func:`_resources`). ``received`` is the cacao
    counted so far this turn (:attr:`ResolveStep.received`), handed in by the caller, which
    compares many uses.
    """
    player = edges.player
    if not use.workers:  # nothing changes but the edges left
        return player, _resources(player, received)
    edge = edges.edges[index]
    tile = edges.jungles[index]
    if tile.gems is not None:
        return None, (None, edge.jungle_square, use.gems)
    owner = edge.owner
    gained = edges.actions[index].perform(
        scratch, owner, edge.jungle_square, tile, edge.workers, use
    )
    after = scratch.players[owner]
    scratch.players[owner] = player
    assert scratch.board is edges.board, "only a gem mine's action changes the board"
    if gained:  # nothing counted: no call (as in do_resolve)
        received += _counted(scratch, owner, gained)
    return after, _resources(after, received)


def _performed(view: View, edge: ActivatedEdge, use: Use) -> Draft:
    """The state after using ``edge`` as ``use``: its action carried out on a working copy
    of ``view``."""
    working = Draft(view, None)
    tile = _jungle(view, edge)
    ACTIONS[tile.kind].perform(working, edge.owner, edge.jungle_square, tile, edge.workers, use)
    return working


def _resources(player: PlayerState, received: int) -> tuple[object, ...]:
    """The effect (:func:`_effect`) of a use that leaves the owner as ``player`` and the cacao
    counted as ``received``: what the tiles' actions but a gem mine's can change of a
    player. The rest (hand, pile, huts, map tiles) stays as it is while edges are resolved,
    and so do the gems and masks but after a gem mine's use, whose effect is of its own
    form; so this tells apart the players that such moves on one owner's edges leave, and
    is cheaper to hash than the whole player. One flat tuple, hashed as one."""
    return (player.gold, player.cacao, player.chocolate, player.sun, player.water_field, received)


def _left_live(others: _Edges, index: int) -> tuple[int, ...]:
    """The positions among the owner's edges of those still worth asking about after the
    one at ``index`` was used, given ``others``, the rest in the state after it
    (:func:`live_edges`); the other owners' edges are the same whatever the move."""
    left = []
    position = 0  # among the others, which are the owner's edges but the one at index
    for alive in _liveness(others):
        if alive:
            left.append(position if position < index else position + 1)
        position += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
    return tuple(left)


def _outcome(
    view: View, edges: tuple[ActivatedEdge, ...], index: int, use: Use
) -> tuple[object, ...]:
    """What using ``edges[index]`` as ``use`` leads to before the owner decides again: its
    :func:`_effect` and the owner's edges it leaves live (:func:`_left_live`)."""
    step = view.step
    assert isinstance(step, ResolveStep)
    worked = _worked(view, edges)
    after, effect = _effect(worked, index, use, Draft(view, None), step.received)
    return (*effect, _Listed(index, use, after).live(view, worked))


def _move_outcome(view: View, move: Resolve) -> tuple[object, ...]:
    step = view.step
    assert isinstance(step, ResolveStep)
    return _outcome(view, _decider_edges(step.queue), _edge_index(view, move), use_of(move))


def _edge_index(view: View, move: Resolve) -> int:
    """The position in the queue of the edge ``move`` resolves (:func:`_queue_index`)."""
    step = view.step
    assert isinstance(step, ResolveStep)
    return _queue_index(step.queue, move)


def _queue_index(queue: tuple[ActivatedEdge, ...], move: Resolve) -> int:
    """The position in ``queue`` of the edge ``move`` resolves, one of the owner to decide's
    (the first edges queued: :func:`_decider_edges`), looked for without copying them."""
    owner = queue[0].owner
    square = move.square
    side = move.side
    index = 0  # (not a range: the pure build spends more making one than counting)
    for edge in queue:
        if edge.owner != owner:
            break
        if edge.side == side and edge.square == square:
            return index
        index += 1  # noqa: SIM113 (by hand: enumerate() costs the pure build more)
    waiting = ", ".join(
        f"{format_square(edge.square)} {edge.side.name}" for edge in _decider_edges(queue)
    )
    raise IllegalMoveError(
        f"edge {format_square(move.square)} {move.side.name} is not an activated edge that "
        f"seat {owner} must resolve now (waiting: {waiting})"
    )


def check_resolve(view: View, move: Resolve) -> None:
    """Raise :class:`IllegalMoveError` saying why ``move`` cannot be applied now."""
    twin = listed_twin(view, move)
    if twin != move:
        raise IllegalMoveError(f"{move} has the same effect as {twin}, which is the one listed")


def listed_twin(view: View, move: Resolve) -> Resolve:
    """The listed move with the same effect as ``move``: ``move`` itself if it is listed, or
    the one listed in its place (:rule:`R-DECIDE-2`). Raises :class:`IllegalMoveError` saying
    why if ``move`` is not a use offered on one of the edges the owner to decide resolves."""
    step = view.step
    assert isinstance(step, ResolveStep)
    edge = step.queue[_edge_index(view, move)]
    where = f"edge {format_square(move.square)} {move.side.name}"
    # An edge with no worker is activated only at a Tree of Life, where using it is 1.
    if not 0 <= move.workers <= max(edge.workers, 1):
        raise IllegalMoveError(f"{where} has {edge.workers} workers, cannot use {move.workers}")
    options = edge_options(view, edge)
    if use_of(move) not in options:
        tile = _jungle(view, edge)
        reason = ACTIONS[tile.kind].limit(view.players[edge.owner], tile)
        offered = ", ".join(_use_text(use) for use in options)
        used = f"{move.workers} workers" + (
            f" ({_use_text(use_of(move))})" if move.bars or any(move.gems) else ""
        )
        raise IllegalMoveError(
            f"using {used} of {where} is not offered: {reason}, so it would have the same "
            f"effect as a use offered or be impossible; offered: {offered}"
        )
    listed = resolve_moves(view)
    if move in listed:
        return move
    outcome = _move_outcome(view, move)
    return next(other for other in listed if _move_outcome(view, other) == outcome)


def do_resolve(draft: Draft, move: Resolve) -> None:
    """Carry out the action of the edge for the chosen workers (:rule:`R-ACT-5`)."""
    step = draft.step
    assert isinstance(step, ResolveStep)
    queue = step.queue
    edge = queue[0]
    index = 0
    # The first edge queued, the usual one, is asked about here: a call less at most moves.
    if edge.side != move.side or edge.square != move.square:
        index = _queue_index(queue, move)
        edge = queue[index]
    received = step.received
    if move.workers:
        tile = draft.board[edge.jungle_square]  # (not through _jungle: a call less a move)
        assert isinstance(tile, JungleTile)
        owner = edge.owner
        stored = ACTIONS[tile.kind].perform(
            draft, owner, edge.jungle_square, tile, edge.workers, move
        )
        if stored:
            received += _counted(draft, owner, stored)
    if draft.events is not None:
        draft.emit(EdgeResolved(edge.owner, edge.square, edge.side, move.workers, automatic=False))
    # The first edge resolved (often so) leaves the rest of the queue: one slice, not two.
    rest = queue[1:] if index == 0 else queue[:index] + queue[index + 1 :]
    _continue(draft, rest, received, edge.owner)
