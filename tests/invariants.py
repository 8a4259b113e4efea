"""An independent checker of the base-game rules, for the property tests (DESIGN.md section 7).

Everything here is written from ``spec/rules.md`` and ``rules/FACTS.md``, not from the engine's
internals: it uses only the public API (``cr.legal_moves``, ``cr.step``, the events, ...) and
the fields of the state. The expected tile counts are written out below from FACTS sections 2
and 3, deliberately *not* taken from ``cacao_rules.pools``.

A :class:`Game` is a complete record of one game: every ply's state before, the move, the state
after and the events ``cr.step`` reported. The ``check_*`` functions each check one group of
rules, on a state or on a whole game; :func:`check_game` runs them all.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, cast

import cacao_rules as cr
from cacao_rules import (
    JungleKind,
    JungleTile,
    Side,
    WorkerTile,
    WorkerType,
)

Square = tuple[int, int]

# --- The physical game, from FACTS.md -------------------------------------------------------

TILES_PER_PLAYER: Final[Mapping[int, int]] = {2: 11, 3: 10, 4: 9}
"""FACTS 2.2: worker tiles each player plays with."""

WORKER_SETS: Final[Mapping[int, Mapping[WorkerType, int]]] = {
    2: {WorkerType.W1111: 4, WorkerType.W2101: 5, WorkerType.W3001: 1, WorkerType.W3100: 1},
    3: {WorkerType.W1111: 3, WorkerType.W2101: 5, WorkerType.W3001: 1, WorkerType.W3100: 1},
    4: {WorkerType.W1111: 3, WorkerType.W2101: 4, WorkerType.W3001: 1, WorkerType.W3100: 1},
}
"""FACTS 2.2: each player's worker tiles by player count."""

_P1 = JungleTile(JungleKind.PLANTATION, 1)
_P2 = JungleTile(JungleKind.PLANTATION, 2)
_M2 = JungleTile(JungleKind.MARKET, 2)
_M3 = JungleTile(JungleKind.MARKET, 3)
_M4 = JungleTile(JungleKind.MARKET, 4)
_G1 = JungleTile(JungleKind.GOLD_MINE, 1)
_G2 = JungleTile(JungleKind.GOLD_MINE, 2)
_WA = JungleTile(JungleKind.WATER, 0)
_SU = JungleTile(JungleKind.SUN_WORSHIP, 0)
_TE = JungleTile(JungleKind.TEMPLE, 0)

BASE_TILES: Final = (_P1, _P2, _M2, _M3, _M4, _G1, _G2, _WA, _SU, _TE)

JUNGLE_SETS: Final[Mapping[int, Mapping[JungleTile, int]]] = {
    2: {_P1: 4, _P2: 2, _M2: 2, _M3: 3, _M4: 1, _G1: 1, _G2: 1, _WA: 2, _SU: 1, _TE: 4},
    3: {_P1: 6, _P2: 2, _M2: 2, _M3: 4, _M4: 1, _G1: 2, _G2: 1, _WA: 3, _SU: 2, _TE: 5},
    4: {_P1: 6, _P2: 2, _M2: 2, _M3: 4, _M4: 1, _G1: 2, _G2: 1, _WA: 3, _SU: 2, _TE: 5},
}
"""FACTS 3: the jungle tiles in play (start tiles included): 21 with 2 players, else 28."""

WATER_FIELDS: Final = (-10, -4, -1, 0, 2, 4, 7, 11, 16)
"""FACTS 4: the water track."""

STORAGE: Final = 5
SUN_TOKENS: Final = 3
HAND: Final = 3
DISPLAY: Final = 2

# N, E, S, W as (dx, dy): N is (x, y - 1).
DELTAS: Final = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1), Side.W: (-1, 0)}


def beyond(square: Square, side: Side) -> Square:
    dx, dy = DELTAS[side]
    return (square[0] + dx, square[1] + dy)


def around(square: Square) -> list[Square]:
    return [beyond(square, side) for side in Side]


def rotated(kind: WorkerType, rotation: int) -> tuple[int, ...]:
    """The tile's edges after ``rotation`` clockwise quarter turns (spec conventions)."""
    base = [int(part) for part in kind.value.split("-")]
    edges = [0, 0, 0, 0]
    for index, workers in enumerate(base):
        edges[(index + rotation) % 4] = workers
    return tuple(edges)


# --- Playing games --------------------------------------------------------------------------


@dataclass(frozen=True)
class Ply:
    """One call of ``cr.step``."""

    before: cr.State
    move: cr.Move
    after: cr.State
    events: tuple[cr.Event, ...]


@dataclass
class Game:
    """A game from its first state, with every ply."""

    config: cr.Config
    seed: int | None
    start: cr.State
    plies: list[Ply] = field(default_factory=list)

    @property
    def final(self) -> cr.State:
        return self.plies[-1].after if self.plies else self.start

    def states(self) -> Iterator[cr.State]:
        yield self.start
        for ply in self.plies:
            yield ply.after

    def events(self) -> Iterator[cr.Event]:
        for ply in self.plies:
            yield from ply.events

    def record(self) -> list[str]:
        return [str(ply.move) for ply in self.plies]

    def play(self, move: cr.Move) -> cr.State:
        before = self.final
        after, events = cr.step(before, move)
        self.plies.append(Ply(before, move, after, events))
        return after


Chooser = Callable[[tuple[cr.Move, ...]], cr.Move]


def play_game(
    players: int,
    seed: int | None,
    choose: Chooser,
    *,
    each: Callable[[cr.State], None] | None = None,
    max_plies: int = 2000,
) -> Game:
    """Play a complete game, choosing every move (decisions and chance) with ``choose``."""
    config = cr.Config(players=players)
    game = Game(config, seed, cr.new_game(config, seed=seed))
    state = game.start
    while not state.is_over:
        if each is not None:
            each(state)
        assert len(game.plies) < max_plies, "the game does not end"
        state = game.play(choose(cr.legal_moves(state)))
    if each is not None:
        each(state)
    return game


def random_game(players: int, seed: int | None, rng: random.Random) -> Game:
    return play_game(players, seed, rng.choice)


# --- Checks on one state --------------------------------------------------------------------


def check_checkerboard(state: cr.State) -> None:
    """R-PLACE-2: jungle tiles on even squares, worker tiles on odd; no like tiles touch."""
    board = state.board
    for square, tile in board.items():
        even = (square[0] + square[1]) % 2 == 0
        if isinstance(tile, JungleTile):
            assert even, f"jungle tile {tile} on odd square {square}"
        else:
            assert isinstance(tile, WorkerTile), f"unknown tile {tile!r} on {square}"
            assert not even, f"worker tile on even square {square}"
        for near in around(square):
            other = board.get(near)
            if other is not None:
                assert isinstance(other, JungleTile) != isinstance(tile, JungleTile), (
                    f"like tiles share an edge: {square} and {near}"
                )
    for square, under in state.covered.items():
        top = board.get(square)
        assert isinstance(top, WorkerTile), f"covered square {square} has no worker tile on top"
        assert isinstance(under, WorkerTile)
        assert under.owner == top.owner, f"{square}: overbuilt another player's tile"


def check_tiles(state: cr.State) -> None:
    """R-SETUP-2, -3, -5: every tile is in exactly one place and the totals are FACTS's."""
    n = state.config.players
    assert len(state.players) == n
    placed: Counter[tuple[int, WorkerType]] = Counter()
    for tile in state.board.values():
        if isinstance(tile, WorkerTile):
            assert tile.edges == rotated(tile.type, tile.rotation), f"bad edges on {tile!r}"
            placed[(tile.owner, tile.type)] += 1
    for tile in state.covered.values():
        placed[(tile.owner, tile.type)] += 1
    for seat, kind in state.discarded:
        placed[(seat, kind)] += 1
    for seat, player in enumerate(state.players):
        assert len(player.hand) <= HAND, f"seat {seat} holds {len(player.hand)} tiles"
        have: Counter[WorkerType] = Counter(player.hand)
        for kind, count in player.pile.items:
            assert count > 0
            have[kind] += count
        for kind in WorkerType:
            have[kind] += placed[(seat, kind)]
        expected = Counter(WORKER_SETS[n])
        assert +have == expected, f"seat {seat} worker tiles {dict(have)} != {dict(expected)}"
        assert player.pile.total == sum(c for _, c in player.pile.items)
    jungle: Counter[JungleTile] = Counter(
        tile for tile in state.board.values() if isinstance(tile, JungleTile)
    )
    jungle.update(state.display)
    for tile, count in state.jungle_pile.items:
        assert count > 0
        jungle[tile] += count
    assert jungle == Counter(JUNGLE_SETS[n]), f"jungle tiles {dict(jungle)}"
    assert len(state.display) <= DISPLAY


def check_caps(state: cr.State) -> None:
    """R-STORAGE-1, R-ACT-SUN, R-ACT-WATER: resources within their limits; gold never < 0."""
    for seat, player in enumerate(state.players):
        assert player.cacao >= 0 and player.chocolate >= 0, f"seat {seat}: negative cacao"
        assert player.cacao + player.chocolate <= STORAGE, f"seat {seat}: storage over 5"
        assert 0 <= player.sun <= SUN_TOKENS, f"seat {seat}: {player.sun} sun tokens"
        assert player.water in WATER_FIELDS, f"seat {seat}: water {player.water}"
        assert WATER_FIELDS[player.water_field] == player.water
        assert player.gold >= 0, f"seat {seat}: gold {player.gold}"


def check_move_list(state: cr.State) -> None:
    """R-DECIDE-2, R-DECIDE-3, R-CHANCE-1, R-CHANCE-2, R-ACT-7: the list of legal moves."""
    moves = cr.legal_moves(state)
    keys = [move.sort_key for move in moves]
    assert keys == sorted(keys), "legal_moves is not sorted by sort_key"
    assert len(set(keys)) == len(keys), "two legal moves share a sort key"
    assert len(set(moves)) == len(moves), "duplicate legal moves"
    assert len({str(move) for move in moves}) == len(moves), "two legal moves print the same"
    chance_types = (cr.DrawWorker, cr.DrawJungle)
    if state.is_over:
        assert moves == () and state.to_move is None and not state.is_chance
        return
    assert moves, "no legal move before the game is over"
    if state.is_chance:
        assert state.seed is None, "a seeded game stopped at a chance node"
        assert state.to_move is None
        outcomes = cr.chance_outcomes(state)
        assert tuple(move for move, _ in outcomes) == moves
        assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        assert len(outcomes) >= 2, "a chance node with a single outcome"
        assert all(isinstance(move, chance_types) for move in moves)
    else:
        assert state.to_move is not None and 0 <= state.to_move < state.config.players
        assert len(moves) >= 2, f"a decision with the single answer {moves[0]}"
        assert not any(isinstance(move, chance_types) for move in moves)
        try:
            cr.chance_outcomes(state)
        except cr.IllegalMoveError:
            pass
        else:
            raise AssertionError("chance_outcomes answered at a decision")


def check_refills(state: cr.State) -> None:
    """R-SETUP-4, R-END-1, R-END-2: when a player is to place, every hand holds 3 tiles (or
    all that player has left) and the display 2 jungle tiles (or all that are left)."""
    moves = cr.legal_moves(state)
    if not moves or not isinstance(moves[0], cr.Place | cr.Overbuild | cr.Discard):
        return
    for seat, player in enumerate(state.players):
        left = len(player.hand) + player.pile.total
        assert len(player.hand) == min(HAND, left), f"seat {seat} holds {len(player.hand)}"
    shown = len(state.display)
    assert shown == min(DISPLAY, shown + state.jungle_pile.total), f"display of {shown}"


def check_hashable(state: cr.State) -> None:
    """States are hashable, and equal states hash equal."""
    twin = copy.deepcopy(state)
    assert twin == state and hash(twin) == hash(state)


def check_state(state: cr.State) -> None:
    """Every check on a single state."""
    check_checkerboard(state)
    check_tiles(state)
    check_caps(state)
    check_move_list(state)
    check_refills(state)


# --- Checks on a whole game -----------------------------------------------------------------


def events_with_board(
    game: Game,
) -> Iterator[tuple[Ply, cr.Event, Mapping[Square, cr.Tile], Mapping[Square, WorkerTile]]]:
    """Every event with the board (and covered tiles) as it was just before the event.

    The board is rebuilt from the events alone (R-PLACE-*, R-FILL-*); after each ply it must
    equal the state's board.
    """
    board: dict[Square, cr.Tile] = dict(game.start.board)
    covered: dict[Square, WorkerTile] = dict(game.start.covered)
    for ply in game.plies:
        for event in ply.events:
            yield ply, event, board, covered
            if isinstance(event, cr.WorkerPlaced):
                if event.covered is not None:
                    covered[event.square] = event.covered
                board[event.square] = event.tile
            elif isinstance(event, cr.JungleFilled):
                board[event.square] = event.tile
        assert board == dict(ply.after.board), f"events do not explain the board after {ply.move}"
        assert covered == dict(ply.after.covered)


def check_placements(game: Game) -> None:
    """R-PLACE-1, R-PLACE-2, R-FILL-1, R-FILL-5, R-OVER-*: each placement and fill when it
    happened; a space is left empty only when no jungle tile is left, and stays empty."""
    last: Square | None = None
    never: set[Square] = set()
    for _ply, event, board, covered in events_with_board(game):
        if isinstance(event, cr.WorkerPlaced):
            square = event.square
            assert (square[0] + square[1]) % 2 == 1, f"worker tile on jungle square {square}"
            assert event.tile.owner == event.player
            near = [board.get(other) for other in around(square)]
            assert not any(isinstance(tile, WorkerTile) for tile in near)
            if event.covered is None:
                assert square not in board, f"placed on occupied {square}"
                assert any(isinstance(tile, JungleTile) for tile in near), (
                    f"tile placed on {square} touches no jungle tile"
                )
            else:
                assert board.get(square) == event.covered, "overbuilt a tile that is not there"
                assert event.covered.owner == event.player, "overbuilt another player's tile"
                assert square not in covered, f"{square} overbuilt twice"
                out = sum(isinstance(tile, JungleTile) for tile in board.values())
                total = sum(JUNGLE_SETS[game.config.players].values())
                assert out == total, "overbuilt while jungle tiles remain"
            last = square
        elif isinstance(event, cr.SpaceLeftEmpty):
            out = sum(isinstance(tile, JungleTile) for tile in board.values())
            assert out == sum(JUNGLE_SETS[game.config.players].values()), (
                f"{event.square} left empty while jungle tiles remain"
            )
            assert event.square not in board
            never.add(event.square)
        elif isinstance(event, cr.JungleFilled):
            square = event.square
            assert square not in never, f"{square} filled after it was left empty for good"
            assert (square[0] + square[1]) % 2 == 0, f"jungle tile on worker square {square}"
            assert square not in board, f"filled occupied {square}"
            assert last is not None and square in around(last), "fill away from the new tile"
            workers = sum(isinstance(board.get(other), WorkerTile) for other in around(square))
            assert workers >= 2, f"filled {square}, which touches {workers} worker tiles"


def check_edges(game: Game) -> None:
    """R-ACT-1, R-ACT-2, R-ACT-3: every worker edge facing a jungle tile is activated exactly
    once (when placed or when its space is filled), and never twice; R-ACT-6: resolution order.
    """
    n = game.config.players
    seen: set[tuple[Square, int, Side]] = set()
    pending: dict[tuple[Square, Side], tuple[int, int]] = {}
    current = game.start.current
    resolved_order: list[int] = []
    for _ply, event, board, covered in events_with_board(game):
        if isinstance(event, cr.WorkerPlaced | cr.WorkerDiscarded):
            assert not pending, "a new placement before every activated edge was resolved"
            current = event.player
            resolved_order = []
        elif isinstance(event, cr.EdgeActivated):
            key = (event.square, event.layer, event.side)
            assert key not in seen, f"edge {key} activated twice"
            seen.add(key)
            tile = board.get(event.square)
            assert isinstance(tile, WorkerTile) and tile.owner == event.owner
            assert event.layer == (1 if event.square in covered else 0)
            assert event.workers == tile.edges[event.side] > 0
            assert board.get(beyond(event.square, event.side)) == event.jungle
            assert (event.square, event.side) not in pending
            pending[(event.square, event.side)] = (event.owner, event.workers)
        elif isinstance(event, cr.EdgeResolved):
            found = pending.pop((event.square, event.side), None)
            assert found is not None, f"resolved an edge that is not pending: {event}"
            assert found[0] == event.owner and 0 <= event.used <= found[1]
            tile = board.get(event.square)
            assert isinstance(tile, WorkerTile) and tile.owner == event.owner
            resolved_order.append((event.owner - current) % n)
            assert resolved_order == sorted(resolved_order), "edges resolved out of seat order"
    final = game.final
    if pending:
        # Only a game cut short, waiting for an owner of a pending edge to resolve it.
        assert not final.is_over and not final.is_chance, f"edges never resolved: {pending}"
        first = min((owner - current) % n for owner, _ in pending.values())
        assert final.to_move == (current + first) % n, "the wrong seat resolves next"
    if final.is_over:
        expected = set()
        for square, tile in final.board.items():
            if isinstance(tile, WorkerTile):
                layer = 1 if square in final.covered else 0
                for side in Side:
                    facing = final.board.get(beyond(square, side))
                    if tile.edges[side] and isinstance(facing, JungleTile):
                        expected.add((square, layer, side))
        top = {key for key in seen if key[1] == (1 if key[0] in final.covered else 0)}
        assert top == expected, f"edges facing jungle tiles never activated: {expected - top}"


def check_resources(game: Game) -> None:
    """Every change of gold, cacao, sun and water is reported by a Gained or Spent event."""
    held = [
        [player.gold, player.cacao, player.sun, player.water_field] for player in game.start.players
    ]
    index = {cr.Resource.GOLD: 0, cr.Resource.CACAO: 1, cr.Resource.SUN: 2, cr.Resource.WATER: 3}
    for ply in game.plies:
        for event in ply.events:
            if isinstance(event, cr.Gained):
                assert event.amount >= 0 and event.wasted >= 0
                held[event.player][index[event.resource]] += event.amount
            elif isinstance(event, cr.Spent):
                assert event.amount >= 0
                held[event.player][index[event.resource]] -= event.amount
        actual = [[p.gold, p.cacao, p.sun, p.water_field] for p in ply.after.players]
        assert held == actual, f"events do not explain resources after {ply.move}"


PHASES: Final[Mapping[type, int]] = {
    cr.JungleFilled: 1,
    cr.SpaceLeftEmpty: 1,
    cr.EdgeActivated: 2,
    cr.EdgeResolved: 3,
    cr.WorkerDrawn: 4,
    cr.DisplayFilled: 5,
    cr.TurnStarted: 6,
    cr.GameEnded: 6,
}


def check_phases(game: Game) -> None:
    """R-DECIDE-1, R-FILL-3, R-END-1, R-END-2, R-CHANCE-3: within a turn the events come in
    the order of the rules: placement, fills, activations, resolutions, the worker draw, the
    display refill (never earlier), the next turn. The deal draws hands before the display."""
    phase = 0
    for event in game.events():
        if isinstance(event, cr.WorkerPlaced | cr.WorkerDiscarded):
            assert phase in (0, 6), f"a placement in phase {phase}"
            phase = 0
            continue
        step = PHASES.get(type(event))
        if step is not None:
            assert step >= phase, f"{event} after an event of phase {phase}"
            phase = step


def count_placements(game: Game) -> int:
    return sum(isinstance(e, cr.WorkerPlaced | cr.WorkerDiscarded) for e in game.events())


def check_turns(game: Game) -> None:
    """R-SETUP-9, R-END-3, R-END-4: seats take turns 0, 1, ..., and the game ends after
    exactly ``players * tiles per player`` placements, overbuilds or discards."""
    n = game.config.players
    seats = [e.player for e in game.events() if isinstance(e, cr.WorkerPlaced | cr.WorkerDiscarded)]
    assert seats == [k % n for k in range(len(seats))], "turns out of seat order"
    final = game.final
    if final.is_over:
        assert len(seats) == n * TILES_PER_PLAYER[n]
        assert all(not p.hand and not p.pile for p in final.players)
        assert final.turn == len(seats)
        ended = [e for e in game.events() if isinstance(e, cr.GameEnded)]
        assert len(ended) == 1 and ended[0].winners == cr.winners(final)
    else:
        # A game cut short may stop inside the last turn, after its final placement.
        assert len(seats) <= n * TILES_PER_PLAYER[n]
        if len(seats) == n * TILES_PER_PLAYER[n]:
            placing = cr.Place | cr.Overbuild | cr.Discard
            assert not any(isinstance(move, placing) for move in cr.legal_moves(final))


def temple_gold(workers: list[int]) -> list[int]:
    """R-SCORE-1 to -4, written from the spec."""
    gold = [0] * len(workers)
    present = sorted({w for w in workers if w > 0}, reverse=True)
    if not present:
        return gold
    first = [seat for seat, w in enumerate(workers) if w == present[0]]
    for seat in first:
        gold[seat] += 6 // len(first)
    if len(first) == 1 and len(present) > 1:
        second = [seat for seat, w in enumerate(workers) if w == present[1]]
        for seat in second:
            gold[seat] += 3 // len(second)
    return gold


def expected_scores(state: cr.State) -> list[dict[str, int]]:
    """R-SCORE-1 to -8: each player's breakdown, computed here from the board."""
    n = state.config.players
    temples = [0] * n
    for square, tile in state.board.items():
        if isinstance(tile, JungleTile) and tile.kind is JungleKind.TEMPLE:
            workers = [0] * n
            for side in Side:
                other = state.board.get(beyond(square, side))
                if isinstance(other, WorkerTile):
                    workers[other.owner] += other.edges[(side + 2) % 4]
            for seat, gold in enumerate(temple_gold(workers)):
                temples[seat] += gold
    return [
        {"gold": p.gold, "temples": temples[seat], "sun": p.sun, "water": p.water}
        for seat, p in enumerate(state.players)
    ]


def check_scores(state: cr.State) -> None:
    """R-SCORE-*: totals are the sum of the breakdown; winners follow R-SCORE-9."""
    sheets = cr.final_scores(state)
    assert [sheet.player for sheet in sheets] == list(range(state.config.players))
    for sheet, expected in zip(sheets, expected_scores(state), strict=True):
        assert sheet.total == sum(sheet.breakdown.values())
        assert dict(sheet.breakdown) == expected, f"seat {sheet.player}: {dict(sheet.breakdown)}"
        assert sheet.cacao == state.players[sheet.player].cacao
    best = max(sheet.total for sheet in sheets)
    tied = [sheet for sheet in sheets if sheet.total == best]
    most = max(sheet.cacao for sheet in tied)
    assert cr.winners(state) == tuple(sheet.player for sheet in tied if sheet.cacao == most)


def check_game(game: Game, *, states: bool = True) -> None:
    """Every game-level check, plus (unless ``states`` is false) every state check."""
    if states:
        for state in game.states():
            check_state(state)
    check_placements(game)
    check_edges(game)
    check_resources(game)
    check_turns(game)
    check_phases(game)
    check_scores(game.final)


# --- Illegal moves --------------------------------------------------------------------------

ODD_TILES: Final = (
    JungleTile(JungleKind.MARKET, 5),
    JungleTile(JungleKind.PLANTATION, 3),
    JungleTile(JungleKind.GEM_MINE, 0),
    JungleTile(JungleKind.WATERING, 0),
)


def box(state: cr.State) -> list[Square]:
    xs = [x for x, _ in state.board]
    ys = [y for _, y in state.board]
    return [
        (x, y) for x in range(min(xs) - 2, max(xs) + 3) for y in range(min(ys) - 2, max(ys) + 3)
    ]


def _shift(square: Square, rng: random.Random) -> Square:
    return beyond(square, rng.choice(list(Side)))


def _mutate(move: cr.Move, state: cr.State, rng: random.Random) -> cr.Move:
    """A near miss: ``move`` with one field changed."""
    kinds = list(WorkerType)
    if isinstance(move, cr.Place | cr.Overbuild):
        cls = type(move)
        choice = rng.randrange(4)
        if choice == 0:
            return cls(move.type, _shift(move.square, rng), move.rotation)
        if choice == 1:
            return cls(move.type, move.square, rng.choice([-1, 0, 1, 2, 3, 4]))
        if choice == 2:
            return cls(rng.choice(kinds), move.square, move.rotation)
        other = cr.Overbuild if cls is cr.Place else cr.Place
        return other(move.type, move.square, move.rotation)
    if isinstance(move, cr.Discard):
        return cr.Discard(rng.choice(kinds))
    if isinstance(move, cr.Fill):
        choices = list(move.choices)
        choice = rng.randrange(5)
        if choice == 0 and choices:
            choices.pop(rng.randrange(len(choices)))
        elif choice == 1:
            squares = [s for s in box(state) if (s[0] + s[1]) % 2 == 0]
            choices.append(cr.FillChoice(rng.choice(squares), rng.choice(BASE_TILES)))
            choices.sort(key=lambda c: c.sort_key)
        elif choice == 2 and choices:
            k = rng.randrange(len(choices))
            tile = rng.choice(BASE_TILES + ODD_TILES)
            choices[k] = cr.FillChoice(choices[k].square, tile)
        elif choice == 3 and len(choices) > 1:
            choices.reverse()
        elif choices:
            choices.append(choices[0])
        return cr.Fill(tuple(choices))
    if isinstance(move, cr.Resolve):
        choice = rng.randrange(3)
        if choice == 0:
            return cr.Resolve(move.square, move.side, move.workers + rng.choice([-2, -1, 1, 2, 4]))
        if choice == 1:
            return cr.Resolve(move.square, rng.choice(list(Side)), move.workers)
        return cr.Resolve(_shift(move.square, rng), move.side, move.workers)
    if isinstance(move, cr.DrawWorker):
        return cr.DrawWorker(rng.choice(kinds))
    return cr.DrawJungle(rng.choice(BASE_TILES + ODD_TILES))


def _anything(state: cr.State, rng: random.Random) -> cr.Move:
    """A move of any kind with plausible fields."""
    square = rng.choice(box(state))
    kind = rng.choice(list(WorkerType))
    choice = rng.randrange(7)
    if choice == 0:
        return cr.Place(kind, square, rng.randrange(4))
    if choice == 1:
        owned = [s for s, t in state.board.items() if isinstance(t, WorkerTile)]
        return cr.Overbuild(kind, rng.choice(owned or [square]), rng.randrange(4))
    if choice == 2:
        return cr.Discard(kind)
    if choice == 3:
        return cr.Fill((cr.FillChoice(square, rng.choice(BASE_TILES)),))
    if choice == 4:
        workers = [s for s, t in state.board.items() if isinstance(t, WorkerTile)]
        where = rng.choice(workers or [square])
        return cr.Resolve(where, rng.choice(list(Side)), rng.randrange(-1, 6))
    if choice == 5:
        return cr.DrawWorker(kind)
    return cr.DrawJungle(rng.choice(BASE_TILES))


def wrong_moves(state: cr.State, rng: random.Random, count: int) -> list[cr.Move]:
    """Up to ``count`` plausible moves that ``legal_moves(state)`` does not list."""
    legal = set(cr.legal_moves(state))
    found: list[cr.Move] = []
    for _ in range(count * 4):
        if len(found) >= count:
            break
        if legal and rng.random() < 0.6:
            move = _mutate(rng.choice(sorted(legal, key=lambda m: m.sort_key)), state, rng)
        else:
            move = _anything(state, rng)
        if move not in legal:
            found.append(move)
    return found


def check_illegal(state: cr.State, moves: list[cr.Move]) -> None:
    """R-DECIDE-*: unlisted moves raise IllegalMoveError (with a message), nothing else."""
    legal = set(cr.legal_moves(state))
    for move in moves:
        assert move not in legal
        try:
            cr.apply(state, move)
        except cr.IllegalMoveError as error:
            raised: object = error
            assert isinstance(raised, ValueError) and isinstance(raised, cr.CacaoError)
            assert str(error), f"IllegalMoveError without a message for {move}"
        else:
            raise AssertionError(f"{move} is not listed, yet apply accepted it")


def check_not_moves(state: cr.State) -> None:
    """Things that are not moves at all are refused with IllegalMoveError too."""
    for junk in ("place 1-1-1-1 1,0 r0", None, 3, WorkerType.W1111):
        try:
            cr.apply(state, cast(cr.Move, junk))
        except cr.IllegalMoveError:
            pass
        else:
            raise AssertionError(f"apply accepted {junk!r}")
