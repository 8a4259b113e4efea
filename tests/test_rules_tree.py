"""The Tree of Life module: the jungle pools and worker sets, and the tree's action.

Rules: R-TREE-1 to R-TREE-3. The counts are written out from the Diamante rules p.2-3
(start tiles included), not read from the engine's tables.

The action positions follow tests/test_rules_chocolate.py: a Tree of Life lies on (1, -1)
and seat 0 places a tile on (1, 0) whose north edge faces it. A 1-1-1-1, 2-1-0-1 or 3-1-0-0
at rotation 0 shows 1, 2 or 3 workers there; a 2-1-0-1 turned twice shows none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest

import cacao_rules as cr
from cacao_rules import Hut, Module, Side, WorkerType
from cacao_rules.game.pools import jungle_pool
from helpers_modules import CHOCOLATE, HUTS, MAP, WATER_MODULE, config, jungle_counts, names
from helpers_positions import (
    M2,
    M3,
    P1,
    TEMPLE,
    W1111,
    W2101,
    W3001,
    W3100,
    jt,
    of_type,
    start_board,
    wt,
)

TREE = jt("L")
TREE_MODULE = Module.TREE_OF_LIFE
EMPEROR = Module.EMPEROR
W0004 = WorkerType.W0004
GOLD = cr.Resource.GOLD

HUB = (1, 0)
TILE_BY_WORKERS = {1: W1111, 2: W2101, 3: W3100}
TREE2 = config(2, TREE_MODULE)

# R-TREE-1: the pools of the Diamante rules p.2-3 ------------------------------------------

# Without Chocolate the trees take the gold mines' places (3-4 players: all 3; 2 players: the
# value-2 mine and the one value-1 mine the base removal leaves).
TREE_3_4 = {"P1": 6, "P2": 2, "M2": 2, "M3": 4, "M4": 1, "W": 3, "S": 2, "T": 5, "L": 3}
TREE_2 = {"P1": 4, "P2": 2, "M2": 2, "M3": 3, "M4": 1, "W": 2, "S": 1, "T": 4, "L": 2}
TREE_WATERING_3_4 = {
    "P1": 5, "M2": 2, "M3": 4, "M4": 1, "W": 3, "S": 2, "T": 5, "I": 3, "L": 3,
}  # fmt: skip
TREE_WATERING_2 = {
    "P1": 4, "M2": 2, "M3": 3, "M4": 1, "W": 2, "S": 1, "T": 4, "I": 2, "L": 2,
}  # fmt: skip
# With Chocolate (which took the gold mines already) the trees are simply added.
TREE_CHOCOLATE_3_4 = {
    "P1": 6, "P2": 2, "M2": 2, "M3": 1, "M4": 1, "W": 3, "S": 2, "T": 5, "K": 3, "C": 3,
    "L": 3,
}  # fmt: skip
TREE_CHOCOLATE_2 = {
    "P1": 4, "P2": 2, "M2": 2, "M3": 1, "M4": 1, "W": 2, "S": 1, "T": 4, "K": 2, "C": 2,
    "L": 2,
}  # fmt: skip
TREE_BOTH_3_4 = {
    "P1": 5, "M2": 2, "M3": 1, "M4": 1, "W": 3, "S": 2, "T": 5, "I": 3, "K": 3, "C": 3,
    "L": 3,
}  # fmt: skip
TREE_BOTH_2 = {
    "P1": 4, "M2": 2, "M3": 1, "M4": 1, "W": 2, "S": 1, "T": 4, "I": 2, "K": 2, "C": 2,
    "L": 2,
}  # fmt: skip

TREE_POOLS = {
    # (watering, chocolate, two players): the whole jungle set, and its size
    (False, False, False): (TREE_3_4, 28),
    (False, False, True): (TREE_2, 21),
    (True, False, False): (TREE_WATERING_3_4, 28),
    (True, False, True): (TREE_WATERING_2, 21),
    (False, True, False): (TREE_CHOCOLATE_3_4, 31),
    (False, True, True): (TREE_CHOCOLATE_2, 23),
    (True, True, False): (TREE_BOTH_3_4, 31),
    (True, True, True): (TREE_BOTH_2, 23),
}
POOL_CASES = [
    (players, watering, chocolate, extra)
    for players in (2, 3, 4)
    for watering in (False, True)
    for chocolate in (False, True)
    for extra in ((), (MAP, HUTS, EMPEROR))
]


@pytest.mark.rule("R-TREE-1", "R-MODULES-1")
@pytest.mark.parametrize(("players", "watering", "chocolate", "extra"), POOL_CASES)
def test_jungle_pool_with_trees(
    players: int, watering: bool, chocolate: bool, extra: tuple[Module, ...]
) -> None:
    modules = [TREE_MODULE, *extra]
    if watering:
        modules.append(WATER_MODULE)
    if chocolate:
        modules.append(CHOCOLATE)
    counts = jungle_counts(cr.new_game(config(players, *modules), seed=23))
    expected, total = TREE_POOLS[(watering, chocolate, players == 2)]
    assert counts == expected
    assert counts.total() == total


@pytest.mark.rule("R-TREE-1")
@pytest.mark.parametrize("chocolate", [False, True])
def test_two_player_trees_leave_no_gold_mine(chocolate: bool) -> None:
    modules = [TREE_MODULE, CHOCOLATE] if chocolate else [TREE_MODULE]
    counts = jungle_counts(cr.new_game(config(2, *modules), seed=5))
    # Only 2 of the 3 trees; the third stays in the box.
    assert (counts["L"], counts["G1"], counts["G2"]) == (2, 0, 0)


# R-TREE-1: the worker sets ----------------------------------------------------------------

BASE_SETS = {
    2: {W1111: 4, W2101: 5, W3001: 1, W3100: 1},
    3: {W1111: 3, W2101: 5, W3001: 1, W3100: 1},
    4: {W1111: 3, W2101: 4, W3001: 1, W3100: 1},
}
# With Chocolate: 2 players add the 0-0-0-4 (12), 3 players remove nothing (11), 4 players
# remove only one 1-1-1-1 (10).
TREE_CHOCOLATE_SETS = {
    2: {W1111: 4, W2101: 5, W3001: 1, W3100: 1, W0004: 1},
    3: {W1111: 4, W2101: 5, W3001: 1, W3100: 1},
    4: {W1111: 3, W2101: 5, W3001: 1, W3100: 1},
}
# (players, tree and chocolate): tiles per player
SET_SIZES = {
    (2, True): 12,
    (3, True): 11,
    (4, True): 10,
    (2, False): 11,
    (3, False): 10,
    (4, False): 9,
}


def _worker_counts(player: cr.PlayerState) -> Counter[WorkerType]:
    counts: Counter[WorkerType] = Counter(player.hand)
    for kind, count in player.pile.items:
        counts[kind] += count
    return counts


@pytest.mark.rule("R-TREE-1", "R-SETUP-3")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "modules",
    [
        (TREE_MODULE,),
        (TREE_MODULE, WATER_MODULE),
        (TREE_MODULE, CHOCOLATE),
        (TREE_MODULE, CHOCOLATE, WATER_MODULE, MAP),
        (CHOCOLATE,),
    ],
    ids=["tree", "tree-watering", "tree-chocolate", "tree-chocolate-watering-map", "chocolate"],
)
def test_worker_sets(players: int, modules: tuple[Module, ...]) -> None:
    state = cr.new_game(config(players, *modules), seed=11)
    both = TREE_MODULE in modules and CHOCOLATE in modules
    expected = (TREE_CHOCOLATE_SETS if both else BASE_SETS)[players]
    for player in state.players:
        counts = _worker_counts(player)
        assert counts == expected
        assert counts.total() == SET_SIZES[(players, both)]


@pytest.mark.rule("R-TREE-1")
def test_two_player_tree_and_chocolate_can_play_the_0004() -> None:
    cfg = config(2, TREE_MODULE, CHOCOLATE)
    state = cr.position(
        cfg,
        board={(1, -1): TREE},
        players=[cr.PlayerState(hand=(W0004,)), cr.PlayerState(hand=(W1111,))],
        jungle_pile=[TEMPLE] * 2,
    )
    # 0-0-0-4 shows its 4 on the W; turned once, on the N, facing the tree.
    state, events = cr.step(state, cr.Place(W0004, HUB, 1))
    assert of_type(events, cr.EdgeActivated) == [cr.EdgeActivated(0, HUB, 0, Side.N, 4, TREE)]
    assert names(state) == [f"resolve 1,0 N {used}" for used in range(5)]


@pytest.mark.rule("R-TREE-1")
@pytest.mark.parametrize(
    ("players", "modules"),
    [(2, (TREE_MODULE,)), (3, (TREE_MODULE, CHOCOLATE)), (2, (CHOCOLATE,))],
    ids=["2p-tree-alone", "3p-tree-chocolate", "2p-chocolate-alone"],
)
def test_no_0004_outside_the_two_player_tree_and_chocolate_game(
    players: int, modules: tuple[Module, ...]
) -> None:
    hands = [cr.PlayerState(hand=(W0004,))] + [cr.PlayerState(hand=(W1111,))] * (players - 1)
    with pytest.raises(cr.ConfigError, match="uses more 0-0-0-4 tiles than its set holds"):
        cr.position(config(players, *modules), players=hands)


# Positions -------------------------------------------------------------------------------


def _at_tree(
    kind: WorkerType,
    rotation: int = 0,
    *,
    cfg: cr.Config = TREE2,
    seat0: cr.PlayerState | None = None,
    jungle: cr.JungleTile = TREE,
) -> tuple[cr.State, tuple[cr.Event, ...]]:
    """Seat 0 of 2 places ``kind`` on (1, 0), turned ``rotation``, below ``jungle`` on (1, -1)."""
    player = seat0 if seat0 is not None else cr.PlayerState()
    state = cr.position(
        cfg,
        board={(1, -1): jungle},
        players=[player.replace(hand=(kind,)), cr.PlayerState(hand=(W1111,))],
        jungle_pile=[TEMPLE] * 2,
        hut_supply=[] if cfg.has(HUTS) else None,
    )
    return cr.step(state, cr.Place(kind, HUB, rotation))


def _offered(side: str, *uses: int) -> list[str]:
    return [f"resolve 1,0 {side} {use}" for use in uses]


def _gold(events: Iterable[cr.Event]) -> list[tuple[int, int]]:
    return [(e.player, e.amount) for e in of_type(events, cr.Gained) if e.resource is GOLD]


# R-TREE-2 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-TREE-2", "R-ACT-4")
@pytest.mark.parametrize(("workers", "used"), [(w, u) for w in (1, 2, 3) for u in range(w + 1)])
def test_tree_gives_one_gold_per_worker_used(workers: int, used: int) -> None:
    state, events = _at_tree(TILE_BY_WORKERS[workers], seat0=cr.PlayerState(gold=2))
    assert of_type(events, cr.EdgeActivated) == [cr.EdgeActivated(0, HUB, 0, Side.N, workers, TREE)]
    assert names(state) == _offered("N", *range(workers + 1))
    after, events = cr.step(state, cr.Resolve(HUB, Side.N, used))
    assert _gold(events) == ([(0, used)] if used else [])
    assert after.players[0].gold == 2 + used
    assert cr.EdgeResolved(0, HUB, Side.N, used, automatic=False) in events
    assert after.current == 1


@pytest.mark.rule("R-TREE-2")
def test_tree_gold_is_whole_coins() -> None:
    state, _ = _at_tree(W2101)
    gold = cr.apply(state, cr.Resolve(HUB, Side.N, 2)).players[0].gold
    assert type(gold) is int and gold == 2


@pytest.mark.rule("R-TREE-2")
def test_tree_cannot_use_more_workers_than_the_edge_shows() -> None:
    state, _ = _at_tree(W2101)
    with pytest.raises(cr.IllegalMoveError, match="has 2 workers, cannot use 3"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 3))


@pytest.mark.rule("R-TREE-2", "R-HUT-FOREMAN")
@pytest.mark.parametrize(("used", "gold"), [(0, 0), (3, 3), (4, 4)])
def test_foreman_three_edge_at_a_tree_gives_four_gold(used: int, gold: int) -> None:
    cfg = config(2, TREE_MODULE, HUTS)
    state, events = _at_tree(W3100, cfg=cfg, seat0=cr.PlayerState(huts=(Hut.FOREMAN,)))
    assert of_type(events, cr.EdgeActivated) == [cr.EdgeActivated(0, HUB, 0, Side.N, 4, TREE)]
    assert of_type(events, cr.HutUsed) == [cr.HutUsed(0, Hut.FOREMAN)]
    assert names(state) == _offered("N", 0, 1, 2, 3, 4)
    after = cr.apply(state, cr.Resolve(HUB, Side.N, used))
    assert after.players[0].gold == gold


@pytest.mark.rule("R-TREE-2", "R-HUT-FOREMAN")
def test_three_edge_at_a_tree_without_the_foreman() -> None:
    cfg = config(2, TREE_MODULE, HUTS)
    state, _ = _at_tree(W3100, cfg=cfg)
    assert names(state) == _offered("N", 0, 1, 2, 3)
    with pytest.raises(cr.IllegalMoveError, match="has 3 workers, cannot use 4"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 4))


# R-TREE-3 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-TREE-3")
@pytest.mark.parametrize(("used", "gold"), [(0, 0), (1, 3)])
def test_empty_edge_placed_at_a_tree_takes_three_gold(used: int, gold: int) -> None:
    # A 2-1-0-1 turned twice: its empty edge on the N faces the tree.
    state, events = _at_tree(W2101, 2, seat0=cr.PlayerState(gold=1))
    assert of_type(events, cr.EdgeActivated) == [cr.EdgeActivated(0, HUB, 0, Side.N, 0, TREE)]
    assert names(state) == _offered("N", 0, 1)
    after, events = cr.step(state, cr.Resolve(HUB, Side.N, used))
    assert _gold(events) == ([(0, gold)] if used else [])
    assert cr.EdgeResolved(0, HUB, Side.N, used, automatic=False) in events
    assert after.players[0].gold == 1 + gold
    assert after.current == 1


@pytest.mark.rule("R-TREE-3")
def test_empty_edge_at_a_tree_uses_at_most_one() -> None:
    state, _ = _at_tree(W2101, 2)
    with pytest.raises(cr.IllegalMoveError, match="has 0 workers, cannot use 2"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 2))


@pytest.mark.rule("R-TREE-3", "R-ACT-1")
@pytest.mark.parametrize("jungle", [M3, P1, jt("S"), TEMPLE], ids=str)
def test_empty_edge_is_activated_only_at_a_tree(jungle: cr.JungleTile) -> None:
    state, events = _at_tree(W2101, 2, jungle=jungle, seat0=cr.PlayerState(cacao=1))
    assert of_type(events, cr.EdgeActivated) == []
    assert state.current == 1
    assert state.players[0].gold == 0


@pytest.mark.rule("R-TREE-3", "R-ACT-2", "R-ACT-6")
def test_tree_filling_a_space_pays_an_empty_edge_on_another_players_turn() -> None:
    # Seat 0's 3-0-0-1 on (1, 0) shows no worker on its E edge, facing the empty (2, 0).
    # Seat 1 places on (3, 0), next to a temple on (3, 1), and closes (2, 0) with the tree.
    state = cr.position(
        TREE2,
        board=start_board({HUB: wt(0, W3001), (3, 1): TEMPLE}),
        players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        display=[TREE],
        current=1,
    )
    state, events = cr.step(state, cr.Place(W1111, (3, 0), 0))
    assert cr.JungleFilled((2, 0), TREE, "display") in events
    assert of_type(events, cr.EdgeActivated) == [
        cr.EdgeActivated(1, (3, 0), 0, Side.S, 1, TEMPLE),
        cr.EdgeActivated(1, (3, 0), 0, Side.W, 1, TREE),
        cr.EdgeActivated(0, HUB, 0, Side.E, 0, TREE),
    ]
    # Seat 1, the player to move, first; then seat 0's empty edge.
    assert names(state) == ["resolve 3,0 W 0", "resolve 3,0 W 1"]
    state, events = cr.step(state, cr.Resolve((3, 0), Side.W, 1))
    assert _gold(events) == [(1, 1)]
    assert (state.current, state.to_move) == (1, 0)
    assert names(state) == _offered("E", 0, 1)
    state, events = cr.step(state, cr.Resolve(HUB, Side.E, 1))
    assert _gold(events) == [(0, 3)]
    assert [p.gold for p in state.players] == [3, 1]
    assert cr.TurnStarted(0) in events

    # Once only: seat 0 now places next to the same tree; (1, 0)'s E edge stays quiet.
    state, events = cr.step(state, cr.Place(W1111, (2, 1), 0))
    activated = of_type(events, cr.EdgeActivated)
    assert [(e.square, e.side) for e in activated] == [
        ((2, 1), Side.N),
        ((2, 1), Side.E),
        ((2, 1), Side.W),
    ]
    assert names(state) == ["resolve 2,1 N 0", "resolve 2,1 N 1"]


@pytest.mark.rule("R-TREE-3")
def test_empty_edge_filled_by_a_tree_may_be_left_unused() -> None:
    state = cr.position(
        TREE2,
        board=start_board({HUB: wt(0, W3001), (3, 1): TEMPLE}),
        players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        display=[TREE],
        current=1,
    )
    state = cr.apply(state, cr.Place(W1111, (3, 0), 0))
    state = cr.apply(state, cr.Resolve((3, 0), Side.W, 0))
    state, events = cr.step(state, cr.Resolve(HUB, Side.E, 0))
    assert _gold(events) == []
    assert [p.gold for p in state.players] == [0, 0]
    assert state.to_move == 0


@pytest.mark.rule("R-TREE-3", "R-OVER-5")
def test_overbuild_with_an_empty_edge_at_a_tree() -> None:
    # Seat 0's 1-1-1-1 on (1, 0) is overbuilt with a 2-1-0-1 turned twice: its empty N edge
    # faces the tree on (1, -1), its 2 the market M2 to the S, a 1 the plantation to the W.
    state = cr.position(
        TREE2,
        board=start_board({(1, -1): TREE, HUB: wt(0, W1111)}),
        players=[cr.PlayerState(hand=(W2101,), sun=1, cacao=5), cr.PlayerState(hand=(W1111,))],
        jungle_pile=[],
    )
    state, events = cr.step(state, cr.Overbuild(W2101, HUB, 2))
    activated = [(e.side, e.workers, e.jungle) for e in of_type(events, cr.EdgeActivated)]
    assert activated == [(Side.N, 0, TREE), (Side.S, 2, M2), (Side.W, 1, P1)]
    state, events = cr.step(state, cr.Resolve(HUB, Side.N, 1))
    assert _gold(events) == [(0, 3)]


# Watering, Chocolate, Tree of Life and Gem mines together, applied in that order, each on the
# result so far: the trees are added (Chocolate took the gold mines), the rest swap tiles.
ALL_POOL_MODULES_3_4 = {
    "P1": 5, "M2": 2, "M3": 1, "M4": 1, "W": 3, "S": 2,
    "I": 3, "K": 3, "C": 3, "L": 3, "D": 5,
}  # fmt: skip
ALL_POOL_MODULES_2 = {
    "P1": 4, "M2": 2, "M3": 1, "M4": 1, "W": 2, "S": 1,
    "I": 2, "K": 2, "C": 2, "L": 2, "D": 4,
}  # fmt: skip


@pytest.mark.rule("R-MODULES-1")
@pytest.mark.parametrize(
    ("players", "expected", "total"),
    [(2, ALL_POOL_MODULES_2, 23), (3, ALL_POOL_MODULES_3_4, 31), (4, ALL_POOL_MODULES_3_4, 31)],
)
def test_every_pool_change_in_order(players: int, expected: dict[str, int], total: int) -> None:
    modules = (WATER_MODULE, CHOCOLATE, TREE_MODULE, Module.GEM_MINES, Module.MAP, Module.HUTS)
    pool = jungle_pool(config(players, *modules, Module.EMPEROR))
    counts = {tile.code: count for tile, count in pool.items()}
    assert counts == expected
    assert sum(counts.values()) == total
    # The Map, Huts and Emperor modules change nothing.
    assert jungle_pool(config(players, *modules[:4])) == pool
