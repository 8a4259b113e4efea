"""The consistency checks of a whole state (``cacao_rules.check_state``): each rule a state
reached by play keeps, and the exact problem reported when a state breaks it.

The states are reached by play (the first legal move each time, so they are reachable), then
changed in one place. ``state_problems`` lists every problem, one sentence each; the tests
compare the whole list, so a check that reports too much, too little or the wrong words fails.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules import Hut, Module, WorkerType
from cacao_rules.game.components import HUT_TILES
from cacao_rules.state.state import (
    BlindFillStep,
    DealStep,
    DrawWorkerStep,
    FillStep,
    HutStep,
    MapRefillStep,
    OverStep,
    PlacementStep,
    RefillStep,
    ResolveStep,
    SlideStep,
)
from cacao_rules.validation import state_problems
from helpers_positions import (
    P1,
    W1111,
    W2101,
    jt,
    start_board,
    three_spaces_to_fill,
    waiting_at,
    wt,
)

JUNK: Any = "junk"
"""Not a tile: a board square holding it breaks R-PLACE-2 (typed Any, as no tile is a str)."""


TWO = cr.Config(players=2)
MODULES = cr.Config(players=3, modules=set(Module) - {Module.NEW_WORKERS})
"""Every module but the new worker types (they change the worker set), 3 players."""


@functools.cache
def played(config: cr.Config, turns: int) -> cr.State:
    """The state at the start of turn ``turns`` of a seeded game played with the first legal
    move each time."""
    state = cr.new_game(config, seed=1)
    while not (isinstance(state.step, PlacementStep) and state.turn >= turns):
        state = cr.apply(state, cr.legal_moves(state)[0])
    return state


def base() -> cr.State:
    """Turn 6 of a 2-player base game: seat 0 to place, 13 tiles on the board, no module."""
    return played(TWO, 6)


def with_seat(state: cr.State, seat: int, **changes: object) -> cr.State:
    players = list(state.players)
    players[seat] = players[seat].replace(**changes)
    return state.replace(players=tuple(players))


def refusal(state: cr.State, **options: bool) -> str:
    """What ``check_state`` says of ``state``, after its fixed prefix."""
    with pytest.raises(cr.FormatError) as raised:
        cr.check_state(state, **options)
    message = str(raised.value)
    prefix = "inconsistent state: "
    assert message.startswith(prefix)
    return message[len(prefix) :]


# --- states reached by play -----------------------------------------------------------------


@pytest.mark.rule("R-MODULES-1", "R-BIG-1")
@pytest.mark.parametrize(
    "config",
    [TWO, MODULES, cr.Config.big_game(3), cr.Config.big_game(4)],
    ids=["base", "modules", "big-3", "big-4"],
)
def test_states_reached_by_play_have_no_problem(config: cr.Config) -> None:
    state = cr.new_game(config, seed=1)
    for _ in range(60):
        assert state_problems(state) == []
        assert state_problems(state, conserve_jungle=False, reachable=False) == []
        cr.check_state(state)
        state = cr.apply(state, cr.legal_moves(state)[0])


@pytest.mark.rule("R-CHANCE-2", "R-CHANCE-3")
@pytest.mark.parametrize("config", [TWO, MODULES], ids=["base", "modules"])
@pytest.mark.parametrize("last", [False, True], ids=["first", "last"])
def test_states_of_an_unseeded_game_have_no_problem(config: cr.Config, last: bool) -> None:
    """Unseeded, the game waits at every chance event (R-CHANCE-2): every state of the deal
    (R-CHANCE-3), of a worker draw, a refill and a blind draw is checked too, and with the
    modules the slides and the hut steps. The first (or last) legal move each time."""
    state = cr.new_game(config, seed=None)
    seen = set()
    for _ in range(100):
        seen.add(type(state.step))
        assert state_problems(state) == []
        if state.is_over:
            break
        state = cr.apply(state, cr.legal_moves(state)[-1 if last else 0])
    refill = MapRefillStep if Module.MAP in config.modules else RefillStep
    assert {DealStep, PlacementStep, ResolveStep, FillStep, DrawWorkerStep, refill} <= seen
    if last and Module.HUTS in config.modules:
        assert HutStep in seen


# --- seats ----------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-1")
def test_seats_are_checked_first_and_alone() -> None:
    state = base()
    assert state_problems(state.replace(players=(*state.players, cr.PlayerState()))) == [
        "3 player states for 2 players"
    ]
    board = state.board.set((-1, 0), cr.WorkerTile.of(2, W2101))
    assert state_problems(state.replace(board=board)) == [
        "worker tile on -1,0 has owner 2, not a seat from 0 to 1"
    ]
    covered = state.replace(covered=state.covered.set((-1, 0), cr.WorkerTile.of(-1, W1111)))
    assert state_problems(covered) == [
        "covered worker tile on -1,0 has owner -1, not a seat from 0 to 1"
    ]
    assert state_problems(state.replace(discarded=((2, W1111),))) == [
        "a discarded tile has seat 2, not a seat from 0 to 1"
    ]
    assert state_problems(state.replace(discarded=((-1, W1111),))) == [
        "a discarded tile has seat -1, not a seat from 0 to 1"
    ]


def modules() -> cr.State:
    """Turn 9 of a 3-player game of every module but the new workers: the map board holds
    C and L, the display C and D1212, a mine D1032 lies on -8,0; the Emperor is on his start,
    nobody has built a hut, taken a gem or a mask."""
    return played(MODULES, 9)


def without_one(bag: object, item: object) -> object:
    """``bag`` (a worker or jungle pile, a hut supply) less one ``item``."""
    items = [kind for kind, count in bag.items for _ in range(count)]  # type: ignore[attr-defined]
    items.remove(item)
    return type(bag).of(items, key=lambda kind: kind.sort_key)  # type: ignore[attr-defined]


def agreed() -> cr.State:
    """Turn 4 of a 2-player game with the Huts module and an agreed selection of three huts
    (chief, foreman, market crier), none built."""
    huts = [Hut.CHIEF, Hut.FOREMAN, Hut.MARKET_CRIER]
    return played(cr.Config(players=2, modules={Module.HUTS}, huts=huts), 4)


@functools.cache
def dealing() -> cr.State:
    """An unseeded 2-player game with the Huts module after the first two hut tiles were
    turned (market crier, trader), still dealing."""
    state = cr.new_game(cr.Config(players=2, modules={Module.HUTS}), seed=None)
    for _ in range(2):
        state = cr.apply(state, cr.legal_moves(state)[0])
    assert isinstance(state.step, DealStep)
    return state


def _supply(state: cr.State, out: Hut | None, into: Hut | None) -> cr.State:
    """``state`` with ``out`` taken out of the hut supply and ``into`` put in."""
    items = [hut for hut, count in state.hut_supply.items for _ in range(count)]
    if out is not None:
        items.remove(out)
    if into is not None:
        items.append(into)
    return state.replace(hut_supply=type(state.hut_supply).of(items, key=lambda h: h.sort_key))


def _built(*huts: Hut) -> cr.State:
    """:func:`modules` with seat 1 owning ``huts`` (in that order), taken from the supply."""
    state = modules()
    for hut in huts:
        state = _supply(state, hut, None)
    return with_seat(state, 1, huts=huts)


def _mine(gems: tuple[int, ...] | None) -> cr.State:
    """:func:`modules` with ``gems`` on its gem mine on -8,0 instead of 1, 0, 3, 2."""
    state = modules()
    mine = state.board[(-8, 0)]
    assert isinstance(mine, cr.JungleTile)
    assert mine.gems == (1, 0, 3, 2)
    return state.replace(board=state.board.set((-8, 0), mine.replace(gems=gems)))


def _pile_mine_with_gems() -> object:
    pile = modules().jungle_pile
    mine = next(tile for tile, _ in pile.items if tile.code == "D")
    tiles = [tile for tile, count in pile.items for _ in range(count)]
    tiles[tiles.index(mine)] = mine.replace(gems=(0, 0, 0, 0))
    return type(pile).of(tiles, key=lambda tile: tile.sort_key)


def _discarded_only(kind: WorkerType) -> cr.State:
    """:func:`base` with seat 0's only tile of ``kind`` discarded from the pile."""
    state = base()
    player = state.players[0]
    assert kind not in player.hand
    changed = with_seat(state, 0, pile=without_one(player.pile, kind))
    return changed.replace(discarded=((0, kind),))


def _overbuilt() -> cr.State:
    """:func:`base` with a 1-1-1-1 of seat 0's pile under its tile on -1,0."""
    state = base()
    changed = with_seat(state, 0, pile=without_one(state.players[0].pile, W1111))
    return changed.replace(covered=state.covered.set((-1, 0), wt(0, W1111)))


def _seat_1_without_tiles() -> cr.State:
    """:func:`base` with seat 1's tiles gone from the board, the hand and the pile."""
    state = base()
    board = type(state.board)(
        (square, tile)
        for square, tile in state.board.items()
        if not (isinstance(tile, cr.WorkerTile) and tile.owner == 1)
    )
    empty = type(state.players[1].pile).of([], key=lambda kind: kind.sort_key)
    return with_seat(state.replace(board=board), 1, hand=(), pile=empty)


@functools.cache
def _dealing_hands() -> cr.State:
    """An unseeded deal with the Huts module once every hut tile is turned and the first
    worker tile dealt."""
    state = cr.new_game(cr.Config(players=2, modules={Module.HUTS}), seed=None)
    while not any(player.hand for player in state.players):
        state = cr.apply(state, cr.legal_moves(state)[0])
    assert isinstance(state.step, DealStep)
    assert state.hut_supply.total == len(HUT_TILES)
    return state


def _over(state: cr.State) -> cr.State:
    """``state`` with every hand put back in its pile, and the game over."""
    players = tuple(
        player.replace(
            hand=(),
            pile=type(player.pile).of(
                [*player.hand, *(k for k, n in player.pile.items for _ in range(n))],
                key=lambda kind: kind.sort_key,
            ),
        )
        for player in state.players
    )
    return state.replace(players=players, step=OverStep())


def _emperor_passed(square: tuple[int, int]) -> cr.State:
    """:func:`modules` with a 1-1-1-1 of seat 0's pile on ``square``, the Emperor still on his
    start."""
    state = modules()
    changed = with_seat(state, 0, pile=without_one(state.players[0].pile, W1111))
    return changed.replace(board=state.board.set(square, wt(0, W1111)))


def _two_masks() -> cr.State:
    """:func:`modules` with seat 1 holding the mask worth 8 and seat 2 the one worth 9, each
    bought with 4 gems, while the other 8 is still in the supply."""
    state = modules()
    assert state.mask_supply == (8, 8, 9, 9, 10, 10, 12)
    state = state.replace(mask_supply=(8, 9, 10, 10, 12), gems_exchanged=8, gem_cart=(4, 4, 2, 2))
    return with_seat(with_seat(state, 1, masks=(8,)), 2, masks=(9,))


WORKERS_0 = (
    "seat 0's worker tiles (hand, pile, board, covered, discarded) are 1 3-0-0-1, 1 3-1-0-0, "
    "5 1-1-1-1, 5 2-1-0-1; the game gives each player 1 3-0-0-1, 1 3-1-0-0, 4 1-1-1-1, 5 2-1-0-1"
)
"""Seat 0 of :func:`base` with one 1-1-1-1 too many."""

A_TILE_MORE = "turn is 6, but 7 worker tiles left the hands (before this turn)"


def _discarded(seat: int) -> cr.State:
    """:func:`base` with a tile of ``seat``'s pile discarded instead."""
    state = base()
    player = state.players[seat]
    kind = player.pile.items[0][0]
    changed = with_seat(state, seat, pile=without_one(player.pile, kind))
    return changed.replace(discarded=((seat, kind),))


def _map_tiles(held: int, used: int) -> str:
    return (
        f"the players hold {held} map tiles and {used} were used; the game deals 2 to each "
        "player, 6 in all"
    )


@functools.cache
def _resolving() -> cr.State:
    """A 2-player base game after its first placement: seat 0's 2-1-0-1 on (-1, 0) (N=2, E=1,
    S=0, W=1) waits to resolve its E edge, which faces the plantation on (0, 0)."""
    state = cr.new_game(TWO, seed=1)
    return cr.apply(state, cr.legal_moves(state)[0])


def _queued(
    *edges: cr.ActivatedEdge, received: int = 0, board: dict[tuple[int, int], cr.Tile] | None = None
) -> cr.State:
    """:func:`_resolving` with ``edges`` queued instead, ``received`` cacao counted, and the
    tiles of ``board`` laid too."""
    state = _resolving().replace(step=ResolveStep(edges, received))
    for square, tile in (board or {}).items():
        state = state.replace(board=state.board.set(square, tile))
    return state


def _edge(**changes: Any) -> cr.ActivatedEdge:
    """The activated edge of :func:`_resolving`, with ``changes``."""
    step = _resolving().step
    assert isinstance(step, ResolveStep)
    return step.queue[0].replace(**changes)


@functools.cache
def _island(far: int) -> cr.State:
    """Seat 1 filling the space (far + 1, 1) closed by its tile just placed on (far + 1, 0)
    beside seat 0's on (far, 1), both next to a temple on (far, 0): an island of tiles apart
    from the start tiles, in a game of 4 worker tiles a player (so play keeps worker tiles
    within 17 steps). No rule of placement ties the island to the start tiles, but the tiles
    still to come could take play from the tile just placed 2 steps farther out than from
    the farthest jungle tile (see cacao_rules.game.bounds)."""
    config = cr.Config(players=2, modules=(), workers={W1111: 4})
    state = cr.position(
        config,
        board=start_board({(far, 0): jt("T"), (far, 1): wt(0, W1111)}),
        players=[cr.PlayerState(hand=(W1111,) * 3), cr.PlayerState(hand=(W1111,) * 3)],
        current=1,
        display=[P1, jt("M2")],
    )
    state = cr.apply(state, cr.Place(W1111, (far + 1, 0), 0))
    assert state.step == FillStep((far + 1, 0), ((far + 1, 1),))
    # The turn and the chance events as play would have counted them: 2 tiles played, 8
    # worker tiles and 2 jungle tiles drawn.
    return state.replace(turn=1, chance_count=10)


EDGE_E = "activated edge -1,0 E"
DEAD_E = (
    f"{EDGE_E}: resolving it can change nothing, whatever seat 0 does, so the engine "
    "resolves it itself and never waits for it (R-ACT-7)"
)
NO_WORKER_AT_S: dict[str, Any] = {"side": cr.Side.S, "workers": 0, "jungle_square": (-1, 1)}
"""The S edge of :func:`_resolving`'s tile, which shows no worker, facing (-1, 1)."""


# --- states waiting at each kind of step ------------------------------------------------------


@functools.cache
def _moved(config: cr.Config, moves: int) -> cr.State:
    """The state after the first ``moves`` moves of a seeded game of ``config``, the first
    legal move each time."""
    state = cr.new_game(config, seed=1)
    for _ in range(moves):
        state = cr.apply(state, cr.legal_moves(state)[0])
    return state


def _filling(**changes: Any) -> cr.State:
    """Move 3 of a seeded 2-player base game: seat 1 has placed a 2-1-0-1 on 0,-1 next to
    seat 0's on -1,0 and fills -1,-1 (display M4 and T); with the step's fields ``changes``."""
    state = _moved(TWO, 3)
    step = state.step
    assert step == FillStep((0, -1), ((-1, -1),))
    return state.replace(step=step.replace(**changes))


def _map_filling() -> cr.State:
    """:func:`_filling` in a 3-player game of every module but the new workers: the map board
    holds P1 and a watering tile, and every seat 2 map tiles."""
    state = _moved(MODULES, 3)
    assert isinstance(state.step, FillStep)
    assert len(state.map_board) == 2 and state.players[1].map_tiles == 2
    return state


def _blind(**changes: Any) -> cr.State:
    """:func:`three_spaces_to_fill` after the display's two tiles went on 0,2 and 1,3: 2,2
    waits for a blind draw; with the step's fields ``changes``. Hand-built, so not reachable."""
    start = three_spaces_to_fill()
    state = cr.apply(start, cr.legal_moves(start)[0])
    step = state.step
    assert step == BlindFillStep((1, 2), ((0, 2), (1, 3)), ((2, 2),))
    return state.replace(step=step.replace(**changes))


def _from_pile(state: cr.State, code: str, *, to_map: bool = False) -> cr.State:
    """``state`` with a jungle tile ``code`` of the pile laid in the display (or on the map
    board), which stays sorted."""
    tile = next(tile for tile, _ in state.jungle_pile.items if tile.code == code)
    state = state.replace(jungle_pile=without_one(state.jungle_pile, tile))
    if to_map:
        return state.replace(map_board=_sorted(*state.map_board, tile))
    return state.replace(display=_sorted(*state.display, tile))


def _sorted(*tiles: cr.JungleTile) -> tuple[cr.JungleTile, ...]:
    return tuple(sorted(tiles, key=lambda tile: tile.sort_key))


def _sliding() -> cr.State:
    """Move 5 of a seeded game of :data:`MODULES`: seat 1 slides P1 or a watering tile into
    the display, which holds a water tile."""
    state = _moved(MODULES, 5)
    assert isinstance(state.step, SlideStep)
    assert [tile.code for tile in state.map_board] == ["P1", "I"]
    return state


def _dealt(config: cr.Config) -> cr.State:
    """The first turn of an unseeded game of ``config`` (every hand, the display and the map
    board dealt), made to wait for the deal again."""
    state = waiting_at(config, PlacementStep)
    return state.replace(step=DealStep())


def _to_pile(state: cr.State, seat: int) -> cr.State:
    """``state`` with the last tile of ``seat``'s hand put back in their pile."""
    player = state.players[seat]
    kinds = [kind for kind, count in player.pile.items for _ in range(count)]
    pile = type(player.pile).of([*kinds, player.hand[-1]], key=lambda kind: kind.sort_key)
    return with_seat(state, seat, hand=player.hand[:-1], pile=pile)


def _to_hand(state: cr.State, seat: int) -> cr.State:
    """``state`` with a tile of ``seat``'s pile taken into their hand."""
    player = state.players[seat]
    kind = player.pile.items[0][0]
    return with_seat(state, seat, hand=(*player.hand, kind), pile=without_one(player.pile, kind))


def _started_deal() -> cr.State:
    """An unseeded 2-player base game before its first draw, with a 1-1-1-1 of seat 0's pile
    already on the board next to a start tile."""
    state = cr.new_game(TWO, seed=None)
    state = with_seat(state, 0, pile=without_one(state.players[0].pile, W1111))
    return state.replace(board=state.board.set((1, 0), wt(0, W1111)))


def _gold(state: cr.State, gold: int) -> cr.State:
    return with_seat(state, state.current, gold=gold)


@functools.cache
def _last_draw() -> cr.State:
    """An unseeded 2-player base game played with the first legal move each time, at the
    first step of a turn whose player has no worker tile left in their pile, made to wait
    for that player's worker draw."""
    state = cr.new_game(TWO, seed=None)
    while not (
        isinstance(state.step, ResolveStep | FillStep) and not state.players[state.current].pile
    ):
        state = cr.apply(state, cr.legal_moves(state)[0])
    return state.replace(step=DrawWorkerStep())


def _empty_pile(state: cr.State) -> cr.State:
    """``state`` with its jungle pile gone."""
    return state.replace(jungle_pile=type(state.jungle_pile).of([], key=lambda tile: tile.sort_key))


HUTS_TWO = cr.Config(players=2, modules={Module.HUTS})
MAP_TWO = cr.Config(players=2, modules={Module.MAP})
UNDER_WAY = "the deal is pending but the game is under way (a turn was played)"
DEAL_OVER = (
    "the deal is pending but no hut side is left to deal and no hand, map board or display is "
    "short of tiles"
)
SLIDE = (
    "a slide is pending but the display is not short of exactly 1 tile with 2 different tiles "
    "on the map board"
)
MAP_REFILL = (
    "a map board refill is pending but the map board is full, the pile empty or the display "
    "not yet refilled"
)


Case = tuple[str, Callable[[], cr.State], dict[str, bool], list[str]]


def _case_id(case: Case) -> str:
    """A case's test id: its rule, the options it sets and the first problem it expects.

    Named by what the case checks, not by its position in the table, so that inserting a case
    renames no other (a mutation run keeps which tests reach which function by test name).
    """
    rule, _, options, expected = case
    options_set = "".join(f" {name}={value}" for name, value in options.items())
    return f"{rule}{options_set}: {expected[0] if expected else 'no problem'}"


CASES: list[Case] = [
    # R-PLACE-4: a discarded tile counts among its owner's worker tiles and as a tile played.
    ("R-PLACE-4", lambda: _discarded(0), {"reachable": False}, []),
    ("R-PLACE-4", lambda: _discarded(1), {"reachable": False}, []),
    (
        "R-PLACE-4",
        lambda: _discarded(0),
        {},
        [
            "chance_count is 19, but the tiles drawn and hut tiles turned make 20 chance events",
            A_TILE_MORE,
        ],
    ),
    # R-PLACE-2: jungle tiles on even squares, worker tiles on odd ones.
    (
        "R-PLACE-2",
        lambda: base().replace(board=base().board.set((2, 0), wt(0, W1111))),
        {},
        [
            "worker tile on 2,0, a jungle square (x + y even)",
            "worker tile on 2,0 shares no edge with a jungle tile",
            WORKERS_0,
            A_TILE_MORE,
        ],
    ),
    (
        "R-PLACE-2",
        lambda: base().replace(board=base().board.set((2, 1), jt("T"))),
        {"conserve_jungle": False},
        [
            "jungle tile T on 2,1, a worker square (x + y odd)",
            "the board, display and pile hold jungle tiles the game does not have: 1 T",
            "jungle tile T on 2,1 shares no edge with a worker tile; jungle tiles are laid next "
            "to the worker tile just placed",
        ],
    ),
    # R-PLACE-1: a worker tile shares an edge with a jungle tile (a reachable state only).
    (
        "R-PLACE-1",
        lambda: base().replace(board=base().board.set((5, 8), wt(0, W1111))),
        {},
        ["worker tile on 5,8 shares no edge with a jungle tile", WORKERS_0, A_TILE_MORE],
    ),
    (
        "R-PLACE-1",
        lambda: base().replace(board=base().board.set((5, 8), wt(0, W1111))),
        {"reachable": False},
        [WORKERS_0],
    ),
    # R-OVER-3: a covered tile lies under a tile of its owner.
    (
        "R-OVER-3",
        lambda: base().replace(covered=base().covered.set((9, 0), wt(0, W1111))),
        {"reachable": False},
        ["covered square 9,0 has no worker tile on top", WORKERS_0],
    ),
    (
        "R-OVER-3",
        lambda: base().replace(covered=base().covered.set((-1, 0), wt(1, W1111))),
        {"reachable": False},
        [
            "covered square -1,0: seat 0's tile lies on seat 1's; a player overbuilds only "
            "their own tiles",
            WORKERS_0.replace("seat 0", "seat 1"),
        ],
    ),
    # R-PLACE-3: a worker tile lies at one of its type's rotations, with the edges it gives.
    (
        "R-PLACE-3",
        lambda: base().replace(board=base().board.set((-2, -1), wt(0, W1111).replace(rotation=2))),
        {},
        ["worker tile on -2,-1 has rotation 2; a 1-1-1-1 tile takes rotation 0"],
    ),
    (
        "R-PLACE-3",
        lambda: base().replace(
            board=base().board.set((-2, -1), wt(0, W1111).replace(edges=(2, 0, 1, 1)))
        ),
        {},
        [
            "worker tile on -2,-1 has edges (2, 0, 1, 1), but a 1-1-1-1 tile at rotation 0 "
            "has (1, 1, 1, 1)"
        ],
    ),
    (
        "R-HUT-FOREMAN",
        lambda: base().replace(
            board=base().board.set((-2, -1), wt(0, W1111).replace(foreman=True))
        ),
        {},
        [
            "worker tile on -2,-1 was played with the Foreman's 4th worker, but seat 0 owns no "
            "Foreman (R-HUT-FOREMAN)"
        ],
    ),
    # R-SETUP-8, R-STORAGE-1, R-ACT-SUN, R-ACT-WATER, R-SETUP-4: the players' boards.
    (
        "R-SETUP-8",
        lambda: with_seat(base(), 1, gold=-1),
        {},
        ["seat 1 has -1 gold; gold is never negative"],
    ),
    (
        "R-STORAGE-1",
        lambda: with_seat(base(), 1, cacao=-1),
        {},
        ["seat 1 has negative cacao or chocolate"],
    ),
    (
        "R-STORAGE-1",
        lambda: with_seat(base(), 1, chocolate=-1),
        {},
        [
            "seat 1 has negative cacao or chocolate",
            "seat 1 has chocolate in a game without the Chocolate module",
        ],
    ),
    (
        "R-STORAGE-1",
        lambda: with_seat(base(), 1, cacao=6),
        {},
        ["seat 1 stores 6 cacao and 0 chocolate; the village board holds 5 together"],
    ),
    (
        "R-CHOC-1",
        lambda: with_seat(base(), 1, chocolate=1),
        {},
        ["seat 1 has chocolate in a game without the Chocolate module"],
    ),
    (
        "R-ACT-SUN",
        lambda: with_seat(base(), 1, sun=4),
        {},
        ["seat 1 has 4 sun tokens; allowed: 0 to 3"],
    ),
    (
        "R-ACT-SUN",
        lambda: with_seat(base(), 1, sun=-1),
        {},
        ["seat 1 has -1 sun tokens; allowed: 0 to 3"],
    ),
    ("R-ACT-SUN", lambda: with_seat(base(), 1, sun=3), {}, []),
    (
        "R-ACT-WATER",
        lambda: with_seat(base(), 1, water_field=9),
        {},
        ["seat 1 has water field 9; allowed: 0 to 8"],
    ),
    (
        "R-ACT-WATER",
        lambda: with_seat(base(), 1, water_field=-1),
        {},
        ["seat 1 has water field -1; allowed: 0 to 8"],
    ),
    ("R-ACT-WATER", lambda: with_seat(base(), 1, water_field=8), {}, []),
    (
        "R-SETUP-4",
        lambda: with_seat(base(), 0, hand=base().players[0].hand[::-1]),
        {},
        ["seat 0's hand is not sorted by worker type"],
    ),
    (
        "R-SETUP-4",
        lambda: with_seat(base(), 0, hand=(*base().players[0].hand, W1111)),
        {},
        [
            "seat 0 holds 4 tiles; a hand holds 3",
            "seat 0's hand is not sorted by worker type",
            WORKERS_0,
            "seat 0 holds 4 tiles while their pile still has some; a hand is refilled to 3 at "
            "the end of every turn",
        ],
    ),
    # R-END-2: the display.
    (
        "R-END-2",
        lambda: base().replace(display=base().display[:1]),
        {"conserve_jungle": False},
        [
            "the display holds 1 tiles while the jungle pile still has some; it is refilled to 2 "
            "at the end of every turn"
        ],
    ),
    (
        "R-END-2",
        lambda: base().replace(display=base().display[:1]),
        {"conserve_jungle": False, "reachable": False},
        [],
    ),
    (
        "R-END-2",
        lambda: base().replace(display=(*base().display, P1)),
        {"conserve_jungle": False},
        [
            "the board, display and pile hold jungle tiles the game does not have: 1 P1",
            "the display holds 3 tiles; at most 2",
            "the display is not sorted",
        ],
    ),
    (
        "R-END-2",
        lambda: base().replace(display=base().display[::-1]),
        {},
        ["the display is not sorted"],
    ),
    # R-SETUP-5: every jungle tile of the game is somewhere.
    (
        "R-SETUP-5",
        lambda: base().replace(jungle_pile=without_one(base().jungle_pile, P1)),
        {},
        [
            "the jungle tiles (board, display, pile) are 1 G1, 1 G2, 1 M4, 1 S, 2 M2, 2 P2, 2 W, "
            "3 M3, 3 P1, 4 T; the game has 1 G1, 1 G2, 1 M4, 1 S, 2 M2, 2 P2, 2 W, 3 M3, 4 P1, "
            "4 T",
            "chance_count is 19, but the tiles drawn and hut tiles turned make 20 chance events",
        ],
    ),
    (
        "R-SETUP-5",
        lambda: base().replace(jungle_pile=without_one(base().jungle_pile, P1)),
        {"conserve_jungle": False, "reachable": False},
        [],
    ),
    # R-SETUP-2: every worker tile of the set is somewhere.
    (
        "R-SETUP-2",
        lambda: with_seat(base(), 1, hand=base().players[1].hand[:2]),
        {"reachable": False},
        [
            "seat 1's worker tiles (hand, pile, board, covered, discarded) are 1 3-1-0-0, "
            "4 1-1-1-1, 5 2-1-0-1; the game gives each player 1 3-0-0-1, 1 3-1-0-0, 4 1-1-1-1, "
            "5 2-1-0-1"
        ],
    ),
    # R-END-3, R-CHANCE-2: the turn, the seat to move and the chance events follow from the
    # tiles played.
    (
        "R-END-3",
        lambda: base().replace(turn=7),
        {},
        [
            "turn is 7, but 6 worker tiles left the hands (before this turn)",
            "current seat is 0, but turn 7 of 2 players is seat 1's",
        ],
    ),
    (
        "R-END-3",
        lambda: base().replace(current=1),
        {},
        ["current seat is 1, but turn 6 of 2 players is seat 0's"],
    ),
    (
        "R-END-3",
        lambda: base().replace(current=2),
        {},
        [
            "current seat 2 is not a seat from 0 to 1",
            "current seat is 2, but turn 6 of 2 players is seat 0's",
        ],
    ),
    (
        "R-END-3",
        lambda: base().replace(current=-1),
        {"reachable": False},
        [
            "current seat -1 is not a seat from 0 to 1",
        ],
    ),
    (
        "R-CHANCE-2",
        lambda: base().replace(chance_count=20),
        {},
        ["chance_count is 20, but the tiles drawn and hut tiles turned make 19 chance events"],
    ),
    (
        "R-END-3",
        lambda: base().replace(turn=-1),
        {"reachable": False},
        ["turn -1 is out of range; allowed: 0 to 22"],
    ),
    (
        "R-END-3",
        lambda: base().replace(turn=23),
        {"reachable": False},
        ["turn 23 is out of range; allowed: 0 to 22"],
    ),
    (
        "R-CHANCE-2",
        lambda: base().replace(chance_count=-1),
        {"reachable": False},
        ["chance_count -1 is out of range; allowed: 0 to 53"],
    ),
    (
        "R-SETUP-8",
        lambda: with_seat(base(), 1, gold=661),
        {"reachable": False},
        ["seat 1 has 661 gold; no player of this game can hold more than 660"],
    ),
    (
        "R-SETUP-6",
        lambda: base().replace(board=base().board.set((0, 0), jt("P2"))),
        {"conserve_jungle": False},
        [
            "the board, display and pile hold jungle tiles the game does not have: 1 P2",
            "square 0,0 does not hold its start tile P1",
        ],
    ),
    # R-MAP-1: the map board and the map tiles.
    (
        "R-MAP-1",
        lambda: base().replace(map_tiles_used=1),
        {},
        ["a map board or map tiles in a game without the Map module"],
    ),
    (
        "R-MAP-1",
        lambda: with_seat(base(), 1, map_tiles=1),
        {},
        ["a map board or map tiles in a game without the Map module"],
    ),
    (
        "R-MAP-1",
        lambda: base().replace(map_board=(jt("T"),)),
        {"conserve_jungle": False},
        [
            "the board, display, map board and pile hold jungle tiles the game does not have: 1 T",
            "a map board or map tiles in a game without the Map module",
        ],
    ),
    (
        "R-MAP-1",
        lambda: modules().replace(map_board=modules().map_board[::-1]),
        {},
        ["the map board is not sorted"],
    ),
    (
        "R-MAP-1",
        lambda: modules().replace(map_board=(*modules().map_board, P1)),
        {"conserve_jungle": False},
        [
            "the board, display, map board and pile hold jungle tiles the game does not have: 1 P1",
            "the map board holds 3 tiles; at most 2",
            "the map board is not sorted",
        ],
    ),
    (
        "R-MAP-4",
        lambda: modules().replace(map_board=modules().map_board[:1]),
        {"conserve_jungle": False},
        [
            "the map board holds 1 tiles while the jungle pile still has some; it is refilled "
            "to 2 at the end of every turn"
        ],
    ),
    (
        "R-MAP-1",
        lambda: with_seat(modules(), 1, map_tiles=3),
        {},
        [
            "seat 1 has 3 map tiles; allowed: 0 to 2",
            _map_tiles(7, 0),
        ],
    ),
    (
        "R-MAP-1",
        lambda: with_seat(modules(), 1, map_tiles=-1),
        {},
        [
            "seat 1 has -1 map tiles; allowed: 0 to 2",
            _map_tiles(3, 0),
        ],
    ),
    (
        "R-MAP-1",
        lambda: modules().replace(map_tiles_used=-1),
        {},
        ["map_tiles_used -1 is negative"],
    ),
    (
        "R-MAP-1",
        lambda: modules().replace(map_tiles_used=1),
        {},
        [_map_tiles(6, 1)],
    ),
    (
        "R-MAP-1",
        lambda: with_seat(modules(), 1, map_tiles=1),
        {},
        [_map_tiles(5, 0)],
    ),
    ("R-MAP-1", lambda: with_seat(modules(), 1, map_tiles=1), {"reachable": False}, []),
    ("R-MAP-1", lambda: with_seat(modules(), 1, map_tiles=1).replace(map_tiles_used=1), {}, []),
    # R-EMPEROR-1: the Emperor's square.
    (
        "R-EMPEROR-1",
        lambda: base().replace(emperor=(1, 1)),
        {},
        ["the Emperor stands on 1,1 in a game without the Favour of the Emperor module"],
    ),
    (
        "R-EMPEROR-1",
        lambda: modules().replace(emperor=None),
        {},
        ["the Favour of the Emperor module is in play but the Emperor has no square"],
    ),
    (
        "R-EMPEROR-1",
        lambda: modules().replace(emperor=(5, 5)),
        {},
        ["the Emperor stands on 5,5, which is neither his start 1,1 nor a worker tile"],
    ),
    ("R-EMPEROR-2", lambda: modules().replace(emperor=(-1, 0)), {}, []),
    # R-GEM-1 to R-GEM-4: gems and masks.
    (
        "R-GEM-1",
        lambda: modules().replace(gem_cart=(-1, 6, 4, 4)),
        {},
        [
            "the gem cart holds a negative count of gems: (-1, 6, 4, 4)",
            "the red gems (cart -1, mines 2, players 0, exchanged 0) are 1; the game has 8",
        ],
    ),
    (
        "R-GEM-1",
        lambda: modules().replace(gem_cart=(6, 6, 4, 5)),
        {},
        [
            "the white gems (cart 5, mines 4, players 0, exchanged 0) are 9; the game has 8",
        ],
    ),
    (
        "R-GEM-4",
        lambda: with_seat(modules(), 1, gems=(1, 1, 1, 1)),
        {"reachable": False},
        [
            "seat 1 holds gems of all four colours (1 red, 1 green, 1 blue, 1 white); a full set "
            "is exchanged for a mask at once",
            "the red gems (cart 6, mines 2, players 1, exchanged 0) are 9; the game has 8",
            "the green gems (cart 6, mines 2, players 1, exchanged 0) are 9; the game has 8",
            "the blue gems (cart 4, mines 4, players 1, exchanged 0) are 9; the game has 8",
            "the white gems (cart 4, mines 4, players 1, exchanged 0) are 9; the game has 8",
        ],
    ),
    (
        "R-GEM-2",
        lambda: with_seat(modules().replace(gem_cart=(5, 6, 4, 4)), 1, gems=(1, 0, 0, 0)),
        {},
        [],
    ),
    (
        "R-GEM-2",
        lambda: with_seat(modules(), 1, gems=(-1, 0, 0, 0)),
        {"reachable": False},
        [
            "seat 1 holds a negative count of gems: (-1, 0, 0, 0)",
            "the red gems (cart 6, mines 2, players -1, exchanged 0) are 7; the game has 8",
        ],
    ),
    (
        "R-GEM-4",
        lambda: with_seat(modules(), 1, masks=(10, 8)),
        {"reachable": False},
        [
            "seat 1's masks are not sorted",
            "the masks (supply and players') are [8, 8, 8, 9, 9, 10, 10, 10, 12]; the game has "
            "[8, 8, 9, 9, 10, 10, 12]",
            "0 gems were exchanged for 2 masks; each mask takes 4",
        ],
    ),
    (
        "R-GEM-4",
        lambda: modules().replace(mask_supply=modules().mask_supply[::-1]),
        {},
        ["the mask supply is not sorted (lowest first)"],
    ),
    (
        "R-GEM-4",
        lambda: modules().replace(gems_exchanged=3),
        {},
        [
            "gems_exchanged is 3; gems are exchanged 4 at a time",
            "3 gems were exchanged for 0 masks; each mask takes 4",
        ],
    ),
    (
        "R-GEM-4",
        lambda: modules().replace(gems_exchanged=-4),
        {},
        [
            "gems_exchanged is -4; gems are exchanged 4 at a time",
            "the red gems (cart 6, mines 2, players 0, exchanged -1) are 7; the game has 8",
            "the green gems (cart 6, mines 2, players 0, exchanged -1) are 7; the game has 8",
            "the blue gems (cart 4, mines 4, players 0, exchanged -1) are 7; the game has 8",
            "the white gems (cart 4, mines 4, players 0, exchanged -1) are 7; the game has 8",
            "-4 gems were exchanged for 0 masks; each mask takes 4",
        ],
    ),
    (
        "R-GEM-4",
        lambda: _masked(12),
        {},
        [
            "a player holds the mask worth 12 while the one worth 8 is still in the supply; the "
            "lowest mask is taken first"
        ],
    ),
    ("R-GEM-4", lambda: _masked(12), {"reachable": False}, []),
    ("R-GEM-4", lambda: _masked(8), {}, []),
    (
        "R-GEM-1",
        lambda: with_seat(base(), 1, gems=(1, 0, 0, 0)),
        {},
        ["gems or masks in a game without the Gem mines module"],
    ),
    (
        "R-GEM-1",
        lambda: base().replace(gem_cart=(0, 0, 0, 1)),
        {},
        ["gems or masks in a game without the Gem mines module"],
    ),
    (
        "R-GEM-1",
        lambda: base().replace(mask_supply=(8,)),
        {},
        ["gems or masks in a game without the Gem mines module"],
    ),
    (
        "R-GEM-1",
        lambda: base().replace(gems_exchanged=4),
        {},
        ["gems or masks in a game without the Gem mines module"],
    ),
    (
        "R-GEM-1",
        lambda: with_seat(base(), 1, masks=(8,)),
        {},
        ["gems or masks in a game without the Gem mines module"],
    ),
    # R-HUT-1: huts only with their module, one of each function per player.
    (
        "R-HUT-1",
        lambda: with_seat(base(), 1, huts=(Hut.CHIEF,)),
        {},
        ["huts in a game without the Huts module"],
    ),
    # R-HUT-1 to R-HUT-3: the huts built and in the supply.
    ("R-HUT-3", lambda: _built(Hut.MONK, Hut.CHIEF), {}, []),
    ("R-HUT-3", lambda: _built(Hut.CHIEF, Hut.MONK), {}, ["seat 1's huts are not sorted"]),
    (
        "R-HUT-3",
        lambda: _built(Hut.HERMIT, Hut.HERMIT),
        {},
        ["seat 1 owns hermit more than once; nobody owns two huts with the same function"],
    ),
    (
        "R-HUT-1",
        lambda: modules().replace(hut_supply=without_one(modules().hut_supply, Hut.HERMIT)),
        {},
        [
            "the huts (supply and built) are 1 chief, 1 chiefs-daughter, 1 chiefs-son, "
            "1 farmer, 1 hermit, 1 monk, 1 shaman, 2 fountain-master, 2 road-worker: 11 huts, "
            "but the 12 hut tiles show one side each",
            "chance_count is 42, but the tiles drawn and hut tiles turned make 41 chance events",
        ],
    ),
    (
        "R-HUT-1",
        lambda: modules().replace(hut_supply=without_one(modules().hut_supply, Hut.HERMIT)),
        {"reachable": False},
        [],
    ),
    (
        "R-HUT-1",
        lambda: _supply(modules(), Hut.HERMIT, Hut.CHIEFS_WIFE),
        {},
        [
            "the huts (supply and built) are 1 chief, 1 chiefs-daughter, 1 chiefs-son, "
            "1 chiefs-wife, 1 farmer, 1 hermit, 1 monk, 1 shaman, 2 fountain-master, "
            "2 road-worker, which no choice of one side of each hut tile shows"
        ],
    ),
    (
        "R-HUT-1",
        lambda: _supply(modules(), Hut.CHIEF, Hut.HERMIT),
        {},
        [
            "the huts (supply and built) are 1 chiefs-daughter, 1 chiefs-son, 1 farmer, 1 monk, "
            "1 shaman, 2 fountain-master, 2 road-worker, 3 hermit, which no choice of one side "
            "of each hut tile shows"
        ],
    ),
    (
        "R-HUT-2",
        lambda: agreed().replace(hut_supply=without_one(agreed().hut_supply, Hut.MARKET_CRIER)),
        {},
        [
            "the huts (supply and built) are 1 chief, 1 foreman; the agreed selection is "
            "1 chief, 1 foreman, 1 market-crier"
        ],
    ),
    (
        "R-HUT-2",
        lambda: agreed().replace(hut_supply=without_one(agreed().hut_supply, Hut.MARKET_CRIER)),
        {"reachable": False},
        [],
    ),
    (
        "R-HUT-2",
        lambda: _supply(agreed(), None, Hut.MONK),
        {"reachable": False},
        [
            "the huts (supply and built) are 1 chief, 1 foreman, 1 market-crier, 1 monk; the "
            "agreed selection is 1 chief, 1 foreman, 1 market-crier"
        ],
    ),
    (
        "R-HUT-2",
        lambda: _supply(agreed(), None, Hut.CHIEF),
        {"reachable": False},
        ["the supply holds a hut of the agreed selection twice"],
    ),
    (
        "R-HUT-2",
        lambda: with_seat(
            agreed().replace(hut_supply=without_one(agreed().hut_supply, Hut.CHIEF)),
            1,
            huts=(Hut.CHIEF,),
        ),
        {},
        [],
    ),
    # R-HUT-1, R-CHANCE-3: during the deal, the sides turned so far, before anything else.
    ("R-CHANCE-3", dealing, {}, []),
    (
        "R-CHANCE-3",
        lambda: _supply(dealing(), Hut.TRADER, None),
        {},
        ["chance_count is 2, but the tiles drawn and hut tiles turned make 1 chance events"],
    ),
    (
        "R-CHANCE-3",
        lambda: _supply(dealing(), None, Hut.CHIEF),
        {},
        [
            "the huts (supply and built) are 1 chief, 1 market-crier, 1 trader, which no choice "
            "of one side of each hut tile shows",
            "chance_count is 2, but the tiles drawn and hut tiles turned make 3 chance events",
        ],
    ),
    (
        "R-CHANCE-3",
        lambda: dealing().replace(display=(jt("T"),)),
        {"conserve_jungle": False},
        [
            "the board, display and pile hold jungle tiles the game does not have: 1 T",
            "the hut tiles' sides are dealt before any hand, display or map tile",
            "the jungle tiles lie so far out (2 steps from (0, 0)) that the 22 worker tiles "
            "still to place could reach 43 steps; play keeps worker tiles within 41",
        ],
    ),
    (
        "R-CHANCE-3",
        lambda: dealing().replace(display=(jt("T"),)),
        {"conserve_jungle": False, "reachable": False},
        ["the board, display and pile hold jungle tiles the game does not have: 1 T"],
    ),
    # R-GEM-1, R-GEM-2: gems lie on gem mines out of the pile only, at most 6 on each.
    (
        "R-GEM-2",
        lambda: _mine(None),
        {},
        [
            "the gem mine on -8,0 has no gems given; a mine out of the pile carries the gems "
            "drawn with it (D followed by 4 digits, such as D2103)",
            "the red gems (cart 6, mines 1, players 0, exchanged 0) are 7; the game has 8",
            "the blue gems (cart 4, mines 1, players 0, exchanged 0) are 5; the game has 8",
            "the white gems (cart 4, mines 2, players 0, exchanged 0) are 6; the game has 8",
        ],
    ),
    (
        "R-GEM-2",
        lambda: _mine((1, 0, 3, 3)),
        {},
        [
            "the gem mine on -8,0 holds 1 red, 0 green, 3 blue, 3 white gems; a mine holds 0 to 6",
            "the white gems (cart 4, mines 5, players 0, exchanged 0) are 9; the game has 8",
        ],
    ),
    (
        "R-GEM-2",
        lambda: _mine((-1, 0, 3, 3)),
        {},
        [
            "the gem mine on -8,0 holds -1 red, 0 green, 3 blue, 3 white gems; a mine holds 0 to 6",
            "the red gems (cart 6, mines 0, players 0, exchanged 0) are 6; the game has 8",
            "the white gems (cart 4, mines 5, players 0, exchanged 0) are 9; the game has 8",
        ],
    ),
    (
        "R-GEM-2",
        lambda: modules().replace(
            display=(modules().display[0], modules().display[1].replace(gems=None))
        ),
        {},
        [
            "the gem mine in the display has no gems given; a mine out of the pile carries the "
            "gems drawn with it (D followed by 4 digits, such as D2103)",
            "the red gems (cart 6, mines 1, players 0, exchanged 0) are 7; the game has 8",
            "the green gems (cart 6, mines 0, players 0, exchanged 0) are 6; the game has 8",
            "the blue gems (cart 4, mines 3, players 0, exchanged 0) are 7; the game has 8",
            "the white gems (cart 4, mines 2, players 0, exchanged 0) are 6; the game has 8",
        ],
    ),
    (
        "R-GEM-1",
        lambda: modules().replace(
            map_board=(modules().map_board[0], modules().map_board[1].replace(gems=(0, 0, 0, 0)))
        ),
        {"conserve_jungle": False, "reachable": False},
        [
            "the board, display, map board and pile hold jungle tiles the game does not have: 1 D",
            "the tree_of_life tile on the map board carries gems",
        ],
    ),
    (
        "R-GEM-2",
        lambda: modules().replace(jungle_pile=_pile_mine_with_gems()),
        {},
        [
            "the jungle pile holds D0000, a tile with gems; a gem mine gets its gems only as it "
            "leaves the pile (D)"
        ],
    ),
    # More of the same checks, each where a slip in the check would show.
    (
        "R-PLACE-3",
        lambda: base().replace(board=base().board.set((-1, 0), wt(0, W2101).replace(rotation=4))),
        {},
        ["worker tile on -1,0 has rotation 4; a 2-1-0-1 tile takes rotation 0, 1, 2, 3"],
    ),
    ("R-PLACE-4", lambda: _discarded_only(WorkerType.W3001), {"reachable": False}, []),
    ("R-OVER-3", _overbuilt, {"reachable": False}, []),
    (
        "R-OVER-3",
        _overbuilt,
        {},
        [
            "chance_count is 19, but the tiles drawn and hut tiles turned make 20 chance events",
            A_TILE_MORE,
        ],
    ),
    (
        "R-SETUP-2",
        _seat_1_without_tiles,
        {"reachable": False},
        [
            "seat 1's worker tiles (hand, pile, board, covered, discarded) are none; the game "
            "gives each player 1 3-0-0-1, 1 3-1-0-0, 4 1-1-1-1, 5 2-1-0-1"
        ],
    ),
    (
        "R-HUT-3",
        lambda: _built(Hut.HERMIT, Hut.HERMIT, Hut.ROAD_WORKER, Hut.ROAD_WORKER),
        {},
        [
            "seat 1 owns hermit, road-worker more than once; nobody owns two huts with the same "
            "function"
        ],
    ),
    ("R-CHANCE-3", _dealing_hands, {}, []),
    ("R-END-4", lambda: _over(base()), {"reachable": False}, []),
    (
        "R-END-4",
        lambda: _over(base()),
        {},
        [
            "the game is over but a player still has worker tiles to place",
            "chance_count is 19, but the tiles drawn and hut tiles turned make 13 chance events",
            "seat 0 holds 0 tiles while their pile still has some; a hand is refilled to 3 at "
            "the end of every turn",
            "seat 1 holds 0 tiles while their pile still has some; a hand is refilled to 3 at "
            "the end of every turn",
        ],
    ),
    (
        "R-PLACE-1",
        lambda: with_seat(base(), 0, hand=()),
        {"reachable": False},
        [
            "seat 0's worker tiles (hand, pile, board, covered, discarded) are 1 3-0-0-1, "
            "3 1-1-1-1, 4 2-1-0-1; the game gives each player 1 3-0-0-1, 1 3-1-0-0, 4 1-1-1-1, "
            "5 2-1-0-1",
            "seat 0 is to place a tile but has none in hand",
        ],
    ),
    # R-EMPEROR-2: a worker tile placed in the Emperor's row or column moves him onto it.
    (
        "R-EMPEROR-2",
        lambda: _emperor_passed((1, 0)),
        {},
        [
            "the Emperor is still on his start 1,1 but a worker tile lies in his row or column; "
            "placing it would have moved him onto it",
            "chance_count is 42, but the tiles drawn and hut tiles turned make 43 chance events",
            "turn is 9, but 10 worker tiles left the hands (before this turn)",
        ],
    ),
    (
        "R-EMPEROR-2",
        lambda: _emperor_passed((0, 1)),
        {},
        [
            "the Emperor is still on his start 1,1 but a worker tile lies in his row or column; "
            "placing it would have moved him onto it",
            "chance_count is 42, but the tiles drawn and hut tiles turned make 43 chance events",
            "turn is 9, but 10 worker tiles left the hands (before this turn)",
        ],
    ),
    ("R-EMPEROR-2", lambda: _emperor_passed((1, 0)), {"reachable": False}, []),
    # R-GEM-4: the lowest mask left is taken first, whoever holds the others.
    (
        "R-GEM-4",
        _two_masks,
        {},
        [
            "a player holds the mask worth 9 while the one worth 8 is still in the supply; the "
            "lowest mask is taken first"
        ],
    ),
    # The proven bounds (cacao_rules.game.bounds) are allowed up to and including each bound.
    ("R-SETUP-8", lambda: with_seat(base(), 1, gold=660), {"reachable": False}, []),
    ("R-END-3", lambda: base().replace(turn=22), {"reachable": False}, []),
    ("R-CHANCE-2", lambda: base().replace(chance_count=53), {"reachable": False}, []),
    # R-FILL-1: jungle tiles come next to worker tiles, so play stays inside the window; a
    # hand-built position (reachable=False) only has to lie inside it.
    (
        "R-FILL-1",
        lambda: base().replace(board=base().board.set((42, 0), jt("T"))),
        {"conserve_jungle": False, "reachable": False},
        ["the board, display and pile hold jungle tiles the game does not have: 1 T"],
    ),
    (
        "R-FILL-1",
        lambda: modules().replace(board=modules().board.set((22, 0), jt("T"))),
        {"conserve_jungle": False},
        [
            "the board, display, map board and pile hold jungle tiles the game does not have: 1 T",
            # 21 jungle tiles still to come: 17 in the pile, 2 in the display, 2 on the map board.
            "the jungle tiles lie so far out (22 steps from (0, 0)) that the 24 worker tiles "
            "still to place could reach 65 steps; play keeps worker tiles within 61",
            "jungle tile T on 22,0 shares no edge with a worker tile; jungle tiles are laid next "
            "to the worker tile just placed",
        ],
    ),
    # R-FILL-1: while the spaces around the tile just placed are still to be filled, a
    # jungle tile may come next to it, so play may reach 2 steps beyond it for every worker
    # tile still to come but the last (6 worker tiles and 18 jungle tiles here).
    ("R-FILL-1", lambda: _island(4), {}, []),
    (
        "R-FILL-1",
        lambda: _island(6),
        {},
        [
            "the jungle tiles lie so far out (6 steps from (0, 0)) that the 6 worker tiles "
            "still to place could reach 19 steps; play keeps worker tiles within 17"
        ],
    ),
    ("R-FILL-1", lambda: _island(6), {"reachable": False}, []),
    # The resolve step: its queue holds the edges activated this turn (R-ACT-1), none twice
    # (R-ACT-3), each with the workers it counts (R-HUT-FOREMAN), in resolution order
    # (R-ACT-6); an edge with no worker only faces a Tree of Life (R-TREE-3).
    ("R-ACT-5", lambda: _queued(), {}, ["the resolve step has no activated edges"]),
    (
        "R-HUT-FARMER",
        lambda: _queued(_edge(), received=-1),
        {},
        ["the resolve step's received cacao -1 is negative"],
    ),
    ("R-ACT-3", lambda: _queued(_edge(), _edge()), {}, [f"{EDGE_E} is queued twice"]),
    (
        "R-ACT-1",
        lambda: _queued(_edge(owner=2), _edge(workers=3)),
        {},
        [
            f"{EDGE_E} has owner 2, not a seat",
            f"{EDGE_E} is queued twice",
            f"{EDGE_E}: the tile has no 3 workers on that side",
        ],
    ),
    ("R-ACT-1", lambda: _queued(_edge(owner=1)), {}, [f"{EDGE_E}: no worker tile of seat 1 there"]),
    (
        "R-HUT-FOREMAN",
        lambda: _queued(_edge(workers=3)),
        {},
        [f"{EDGE_E}: the tile has no 3 workers on that side"],
    ),
    (
        "R-ACT-1",
        lambda: _queued(_edge(jungle_square=(1, 1))),
        {},
        [f"{EDGE_E}: jungle square 1,1 is not the jungle tile that side faces"],
    ),
    (
        "R-TREE-3",
        lambda: _queued(_edge(), _edge(**NO_WORKER_AT_S), board={(-1, 1): jt("T")}),
        {"conserve_jungle": False},
        [
            "the board, display and pile hold jungle tiles the game does not have: 1 T",
            "activated edge -1,0 S: an edge with no worker is activated only facing a Tree of Life",
        ],
    ),
    (
        "R-TREE-3",
        lambda: _queued(_edge(), _edge(**NO_WORKER_AT_S), board={(-1, 1): jt("L")}),
        {"conserve_jungle": False},
        ["the board, display and pile hold jungle tiles the game does not have: 1 L"],
    ),
    (
        "R-ACT-6",
        lambda: _queued(_edge(), _edge(side=cr.Side.N, workers=2, jungle_square=(-1, -1))),
        {},
        [
            "activated edge -1,0 N: jungle square -1,-1 is not the jungle tile that side faces",
            "the activated edges are not in resolution order (the player to move first, then "
            "clockwise; by square and side within a player)",
        ],
    ),
    # The fill step (R-FILL-1): the placed tile is the player's, and its spaces are the empty
    # jungle squares next to it between 2 or more worker tiles, sorted; with an empty display
    # the spaces get blind draws (R-FILL-4), or map-board tiles for map tiles (R-MAP-3).
    (
        "R-FILL-1",
        lambda: _filling(placed=(1, 0)),
        {},
        [
            "the step's placed square 1,0 holds no worker tile of seat 1",
            "space -1,-1 is not an empty jungle space next to 1,0 between 2 or more worker tiles",
        ],
    ),
    (
        "R-FILL-1",
        lambda: _filling(placed=(-1, 0)),
        {},
        ["the step's placed square -1,0 holds no worker tile of seat 1"],
    ),
    ("R-FILL-1", lambda: _filling(spaces=()), {}, ["the step has no jungle spaces to fill"]),
    (
        "R-FILL-1",
        lambda: _filling(spaces=((-1, -1), (-1, -1))),
        {},
        ["the step's spaces to fill are not sorted and distinct"],
    ),
    (
        "R-FILL-1",
        lambda: _filling(spaces=((0, 0),)),
        {},
        ["space 0,0 is not an empty jungle space next to 0,-1 between 2 or more worker tiles"],
    ),
    (
        "R-FILL-1",
        lambda: _filling(spaces=((1, -1),)),
        {},
        ["space 1,-1 is not an empty jungle space next to 0,-1 between 2 or more worker tiles"],
    ),
    (
        "R-FILL-1",
        lambda: _filling(spaces=((-1, -1), (-2, 0))),
        {},
        [
            "the step's spaces to fill are not sorted and distinct",
            "space -2,0 is not an empty jungle space next to 0,-1 between 2 or more worker tiles",
        ],
    ),
    (
        "R-FILL-4",
        lambda: _filling().replace(display=()),
        {"conserve_jungle": False},
        ["a fill is pending but the display is empty"],
    ),
    ("R-MAP-3", lambda: _map_filling().replace(display=()), {"conserve_jungle": False}, []),
    (
        "R-MAP-3",
        lambda: _map_filling().replace(display=(), map_board=()),
        {"conserve_jungle": False},
        ["a fill is pending but the display is empty and no map-board tile can be taken"],
    ),
    (
        "R-MAP-3",
        lambda: with_seat(_map_filling().replace(display=()), 1, map_tiles=0),
        {"conserve_jungle": False, "reachable": False},
        ["a fill is pending but the display is empty and no map-board tile can be taken"],
    ),
    # The blind draws (R-FILL-4): the spaces already filled hold jungle tiles next to the
    # placed tile, each once, and the pile has a tile to draw.
    ("R-FILL-4", _blind, {"reachable": False}, []),
    (
        "R-FILL-4",
        lambda: _blind(placed=(0, 1)),
        {"reachable": False},
        [
            "the step's placed square 0,1 holds no worker tile of seat 0",
            "space 2,2 is not an empty jungle space next to 0,1 between 2 or more worker tiles",
            "filled space 1,3 holds no jungle tile next to 0,1",
        ],
    ),
    (
        "R-FILL-4",
        lambda: _blind(filled=((0, 2), (0, 2))),
        {"reachable": False},
        ["the step's filled spaces repeat a square"],
    ),
    (
        "R-FILL-4",
        lambda: _blind(filled=((0, 2), (0, 0))),
        {"reachable": False},
        ["filled space 0,0 holds no jungle tile next to 1,2"],
    ),
    (
        "R-FILL-4",
        lambda: _blind(filled=((0, 2), (1, 3), (2, 2))),
        {"reachable": False},
        ["filled space 2,2 holds no jungle tile next to 1,2"],
    ),
    (
        "R-FILL-4",
        lambda: _empty_pile(_blind()),
        {"reachable": False, "conserve_jungle": False},
        ["a blind draw is pending but the jungle pile is empty"],
    ),
    # The slide (R-MAP-4): the display is short of one tile and the map board holds two
    # different tiles.
    ("R-MAP-4", lambda: _from_pile(_sliding(), "P1"), {"reachable": False}, [SLIDE]),
    (
        "R-MAP-4",
        lambda: _from_pile(
            _sliding().replace(map_board=_sliding().map_board[:1]), "P1", to_map=True
        ),
        {"reachable": False, "conserve_jungle": False},
        [SLIDE],
    ),
    # The deal (R-CHANCE-3): hut sides, then the hands, then the map board and the display,
    # before the first turn.
    (
        "R-CHANCE-3",
        lambda: _dealt(TWO),
        {},
        ["the deal is pending but no hand or display is short of tiles"],
    ),
    ("R-CHANCE-3", lambda: _dealt(HUTS_TWO), {}, [DEAL_OVER]),
    ("R-CHANCE-3", lambda: _dealt(MAP_TWO), {}, [DEAL_OVER]),
    ("R-CHANCE-3", lambda: _to_pile(_dealt(TWO), 0), {"reachable": False}, []),
    (
        "R-CHANCE-3",
        lambda: _dealt(HUTS_TWO).replace(hut_supply=dealing().hut_supply),
        {"reachable": False},
        [],
    ),
    (
        "R-CHANCE-3",
        lambda: cr.new_game(TWO, seed=None).replace(turn=1),
        {},
        [
            UNDER_WAY,
            "turn is 1, but 0 worker tiles left the hands (before this turn)",
            "current seat is 0, but turn 1 of 2 players is seat 1's",
        ],
    ),
    (
        "R-CHANCE-3",
        _started_deal,
        {"reachable": False},
        [UNDER_WAY],
    ),
    # The worker draw (R-END-1): from a pile that has a tile, into a hand short of one.
    ("R-END-1", _last_draw, {}, ["a worker draw is pending but seat 0's pile is empty"]),
    (
        "R-END-1",
        lambda: _to_hand(waiting_at(TWO, DrawWorkerStep), 0),
        {"reachable": False},
        ["a worker draw is pending but seat 0 already holds 3 tiles; a hand holds 3"],
    ),
    # The refills (R-END-2, R-MAP-4): the display is refilled from the pile once the map board
    # is empty, the map board after the display.
    (
        "R-END-2",
        lambda: _from_pile(waiting_at(TWO, RefillStep), "P1"),
        {"reachable": False},
        ["a display refill is pending but the display is full or the pile empty"],
    ),
    (
        "R-END-2",
        lambda: _empty_pile(waiting_at(TWO, RefillStep)),
        {"reachable": False, "conserve_jungle": False},
        ["a display refill is pending but the display is full or the pile empty"],
    ),
    (
        "R-MAP-4",
        lambda: _sliding().replace(step=RefillStep()),
        {},
        [
            "a display refill from the pile is pending but the map board still holds tiles, "
            "which slide into the display first"
        ],
    ),
    (
        "R-MAP-4",
        lambda: _from_pile(waiting_at(MODULES, MapRefillStep), "M2", to_map=True),
        {"reachable": False},
        [MAP_REFILL],
    ),
    (
        "R-MAP-4",
        lambda: _filling().replace(step=MapRefillStep()),
        {"reachable": False},
        [MAP_REFILL],
    ),
    # The hut step (R-HUT-3): in a game with huts, for a player who can pay for one.
    (
        "R-HUT-3",
        lambda: _filling().replace(step=HutStep()),
        {"reachable": False},
        ["a hut step is pending in a game without the Huts module"],
    ),
    (
        "R-HUT-3",
        lambda: _gold(waiting_at(MODULES, HutStep, last=True), 5),
        {},
        ["a hut step is pending but seat 0 can build no hut of the supply"],
    ),
    ("R-HUT-3", lambda: _gold(waiting_at(MODULES, HutStep, last=True), 6), {}, []),
    # R-ACT-7: the engine resolves an edge whose resolution can change nothing itself, so a
    # resolve step never waits for one, with or without the checks only play guarantees (a
    # second listed "use 0" would lead to the same state, R-DECIDE-2).
    ("R-ACT-7", lambda: with_seat(_queued(_edge()), 0, cacao=4), {}, []),
    ("R-ACT-7", lambda: with_seat(_queued(_edge()), 0, cacao=5), {}, [DEAD_E]),
    (
        "R-ACT-7",
        lambda: with_seat(_queued(_edge()), 0, cacao=5),
        {"reachable": False, "conserve_jungle": False},
        [DEAD_E],
    ),
]


def _masked(value: int) -> cr.State:
    """:func:`modules` with seat 1 holding the mask worth ``value``, bought with 4 gems."""
    supply = list(modules().mask_supply)
    supply.remove(value)
    state = modules().replace(mask_supply=tuple(supply), gems_exchanged=4, gem_cart=(5, 5, 3, 3))
    return with_seat(state, 1, masks=(value,))


# Every rule of the table below (each case names the one it checks first).
@pytest.mark.rule(
    "R-ACT-1",
    "R-ACT-3",
    "R-ACT-5",
    "R-ACT-6",
    "R-ACT-7",
    "R-ACT-SUN",
    "R-ACT-WATER",
    "R-CHANCE-2",
    "R-CHANCE-3",
    "R-CHOC-1",
    "R-DECIDE-1",
    "R-EMPEROR-1",
    "R-EMPEROR-2",
    "R-END-1",
    "R-END-2",
    "R-END-3",
    "R-END-4",
    "R-FILL-1",
    "R-FILL-4",
    "R-GEM-1",
    "R-GEM-2",
    "R-GEM-4",
    "R-HUT-1",
    "R-HUT-2",
    "R-HUT-3",
    "R-HUT-FARMER",
    "R-HUT-FOREMAN",
    "R-MAP-1",
    "R-MAP-3",
    "R-MAP-4",
    "R-OVER-3",
    "R-PLACE-1",
    "R-PLACE-2",
    "R-PLACE-3",
    "R-PLACE-4",
    "R-SETUP-2",
    "R-SETUP-4",
    "R-SETUP-5",
    "R-SETUP-6",
    "R-SETUP-8",
    "R-STORAGE-1",
    "R-TREE-3",
)
@pytest.mark.parametrize(("rule", "build", "options", "expected"), CASES, ids=map(_case_id, CASES))
def test_each_broken_rule_is_reported(
    rule: str,
    build: Callable[[], cr.State],
    options: dict[str, bool],
    expected: list[str],
    request: pytest.FixtureRequest,
) -> None:
    marked = request.node.get_closest_marker("rule")
    assert marked is not None and rule in marked.args  # the case's rule is one the test names
    state = build()
    assert state_problems(state, **options) == expected
    if expected:
        assert refusal(state, **options) == "; ".join(expected)
    else:
        cr.check_state(state, **options)


@pytest.mark.rule("R-END-3")
def test_a_turn_under_way_counts_the_tile_just_placed() -> None:
    state = cr.new_game(TWO, seed=1)
    state = cr.apply(state, cr.legal_moves(state)[0])
    assert isinstance(state.step, ResolveStep)
    assert state_problems(state.replace(turn=1)) == [
        "turn is 1, but 1 worker tiles left the hands (during this turn)",
        "current seat is 0, but turn 1 of 2 players is seat 1's",
    ]


@pytest.mark.rule("R-PLACE-1")
def test_a_worker_tile_needs_a_jungle_tile_on_any_one_of_its_four_sides() -> None:
    # Each worker square around the start tiles touches exactly one of them, on a different
    # side: above (1,2), right (-1,0), below (0,-1) and left (2,1).
    for square in [(1, 2), (-1, 0), (0, -1), (2, 1)]:
        state = cr.position(
            TWO,
            board=start_board({square: wt(0, W1111)}),
            players=[cr.PlayerState(hand=(W2101,)), cr.PlayerState()],
        )
        assert not [p for p in state_problems(state) if "shares no edge with a jungle" in p]


@pytest.mark.rule("R-PLACE-2", "R-DECIDE-1")
@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            lambda state: state.replace(board=state.board.set((2, 1), JUNK)),
            "square 2,1 holds 'junk', which is not a tile",
        ),
        (lambda state: state.replace(step=JUNK), "unknown step 'junk'"),
    ],
)
def test_a_value_of_the_wrong_type_in_a_state_is_refused(
    change: Callable[[cr.State], cr.State], problem: str
) -> None:
    """The pure build lets a value of the wrong type into a state, and ``check_state`` names
    it; the compiled build refuses it with ``TypeError`` as soon as it meets it (its fields
    are native attributes of declared types)."""
    if cr.COMPILED:
        with pytest.raises(TypeError):
            cr.check_state(change(base()))
    else:
        assert refusal(change(base())) == problem


def _far_jungle_tiles(count: int) -> cr.State:
    """``base()`` with ``count`` temples far from every worker tile: one problem each, and
    two more for the whole lot (too many temples, too far out)."""
    state = base()
    board = state.board
    for i in range(count):
        board = board.set((101 + 2 * i, 1), jt("T"))
    return state.replace(board=board)


@pytest.mark.rule("R-PLACE-2")
def test_at_most_20_problems_are_listed() -> None:
    exactly = _far_jungle_tiles(18)
    problems = state_problems(exactly, conserve_jungle=False)
    assert len(problems) == 20
    assert refusal(exactly, conserve_jungle=False) == "; ".join(problems)
    more = _far_jungle_tiles(19)
    problems = state_problems(more, conserve_jungle=False)
    assert len(problems) == 21
    assert refusal(more, conserve_jungle=False) == "; ".join([*problems[:20], "and 1 more"])
