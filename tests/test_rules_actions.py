"""What each jungle tile does for the activated workers, and the village board's limits.

Rules: R-ACT-PLANTATION, R-ACT-MARKET, R-ACT-GOLD-MINE, R-ACT-WATER, R-ACT-SUN, R-ACT-TEMPLE,
R-STORAGE-1, and the "no duplicate moves" cases of R-DECIDE-2.

Every test lays one jungle tile on (1, -1) and seat 0 places a tile on (1, 0) whose north edge
holds 1, 2 or 3 workers facing it (1-1-1-1, 2-1-0-1 or 3-1-0-0 at rotation 0); the tile's
other edges face empty squares.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import cacao_rules as cr
from cacao_rules import Side
from cacao_rules.game.components import WATER_TRACK
from cacao_rules.turn.actions import ACTIONS, Use
from helpers_positions import (
    G1,
    G2,
    M2,
    M3,
    M4,
    P1,
    P2,
    SUN,
    TEMPLE,
    W1111,
    W2101,
    W3100,
    WATER,
    jt,
    of_type,
)

HUB = (1, 0)
THREE = cr.Config(players=3)
TILE_BY_WORKERS = {1: W1111, 2: W2101, 3: W3100}


def names(state: cr.State) -> list[str]:
    return [str(move) for move in cr.legal_moves(state)]


def offered(*counts: int) -> list[str]:
    return [f"resolve 1,0 N {count}" for count in counts]


def north_of(
    jungle: cr.JungleTile,
    workers: int,
    player: cr.PlayerState | None = None,
    config: cr.Config = THREE,
) -> cr.State:
    """Seat 0 of 3 has just placed a tile with ``workers`` workers facing ``jungle``."""
    kind = TILE_BY_WORKERS[workers]
    seat0 = (player or cr.PlayerState()).replace(hand=(kind,))
    state = cr.position(
        config,
        board={(1, -1): jungle},
        players=[seat0, cr.PlayerState(hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        jungle_pile=[TEMPLE] * 2,
    )
    return cr.apply(state, cr.Place(kind, HUB, 0))


def use(state: cr.State, workers: int) -> tuple[cr.PlayerState, tuple[cr.Event, ...]]:
    """Resolve the north edge with ``workers``; seat 0's resources after, and the events."""
    after, events = cr.step(state, cr.Resolve(HUB, Side.N, workers))
    return after.players[0], events


def resource_events(events: tuple[cr.Event, ...]) -> list[cr.Event]:
    return [e for e in events if isinstance(e, cr.Gained | cr.Spent)]


@pytest.mark.rule("R-ACT-SUN", "R-ACT-WATER", "R-ACT-GOLD-MINE", "R-DECIDE-2")
@pytest.mark.parametrize(
    ("jungle", "player", "move", "reason"),
    [
        (SUN, cr.PlayerState(sun=2), cr.Resolve(HUB, Side.N, 2), "room for 1 more sun tokens"),
        (WATER, cr.PlayerState(water_field=7), cr.Resolve(HUB, Side.N, 2), "is 1 fields from"),
        (G1, cr.PlayerState(), cr.Resolve(HUB, Side.N, 1, bars=1), "every worker may be used"),
    ],
    ids=["sun", "water", "gold-mine"],
)
def test_a_use_not_offered_is_refused_saying_what_caps_it(
    jungle: cr.JungleTile, player: cr.PlayerState, move: cr.Resolve, reason: str
) -> None:
    state = north_of(jungle, 3, player)
    with pytest.raises(cr.IllegalMoveError, match=f"is not offered: the .*{reason}|{reason}"):
        cr.apply(state, move)


@pytest.mark.rule("R-ACT-GOLD-MINE", "R-TREE-2", "R-DECIDE-2")
@pytest.mark.parametrize(
    ("config", "jungle", "workers"),
    [
        (THREE, G1, 3),
        (cr.Config(players=3, modules={cr.Module.TREE_OF_LIFE}), jt("L"), 2),
    ],
    ids=["gold-mine", "tree-of-life"],
)
def test_a_use_of_bars_at_a_tile_paying_gold_is_refused_with_the_whole_reason(
    config: cr.Config, jungle: cr.JungleTile, workers: int
) -> None:
    # Nothing caps the workers a gold mine or a Tree of Life uses; a use with a bar is a use
    # no tile of theirs offers.
    state = north_of(jungle, workers, config=config)
    offered_uses = ", ".join(str(used) for used in range(workers + 1))
    with pytest.raises(cr.IllegalMoveError) as raised:
        cr.apply(state, cr.Resolve(HUB, Side.N, 1, bars=1))
    assert str(raised.value) == (
        "using 1 workers (1 b1) of edge 1,0 N is not offered: every worker may be used, so it "
        f"would have the same effect as a use offered or be impossible; offered: {offered_uses}"
    )


# R-ACT-PLANTATION and R-STORAGE-1 ------------------------------------------------------------


@pytest.mark.rule("R-ACT-PLANTATION")
@pytest.mark.parametrize(
    ("jungle", "workers", "used", "cacao"),
    [(P1, 1, 1, 1), (P1, 3, 2, 2), (P1, 3, 3, 3), (P2, 1, 1, 2), (P2, 2, 2, 4), (P2, 2, 1, 2)],
)
def test_plantation_gives_its_value_per_used_worker(
    jungle: cr.JungleTile, workers: int, used: int, cacao: int
) -> None:
    state = north_of(jungle, workers)
    assert names(state) == offered(*range(workers + 1))
    player, events = use(state, used)
    assert player.cacao == cacao
    assert resource_events(events) == [cr.Gained(0, cr.Resource.CACAO, cacao)]


@pytest.mark.rule("R-STORAGE-1", "R-ACT-PLANTATION")
def test_storage_holds_five_and_the_excess_is_wasted() -> None:
    # Double plantation, 2 workers, 2 cacao stored: 4 grown, room for 3.
    state = north_of(P2, 2, cr.PlayerState(cacao=2))
    assert names(state) == offered(0, 1, 2)
    player, events = use(state, 2)
    assert player.cacao == 5
    assert resource_events(events) == [cr.Gained(0, cr.Resource.CACAO, 3, wasted=1)]


@pytest.mark.rule("R-STORAGE-1", "R-DECIDE-2")
def test_double_plantation_with_room_for_one_offers_zero_or_one_worker() -> None:
    state = north_of(P2, 2, cr.PlayerState(cacao=4))
    assert names(state) == offered(0, 1)
    player, events = use(state, 1)
    assert player.cacao == 5
    assert resource_events(events) == [cr.Gained(0, cr.Resource.CACAO, 1, wasted=1)]


@pytest.mark.rule("R-STORAGE-1", "R-DECIDE-2")
def test_using_a_worker_that_cannot_add_cacao_is_not_a_separate_move() -> None:
    state = north_of(P2, 2, cr.PlayerState(cacao=4))
    with pytest.raises(
        cr.IllegalMoveError,
        match=r"room for 1 more cacao, so it would have the same effect as a use offered.*"
        r"offered: 0, 1$",
    ):
        cr.apply(state, cr.Resolve(HUB, Side.N, 2))


@pytest.mark.rule("R-STORAGE-1", "R-DECIDE-2")
@pytest.mark.parametrize(
    ("jungle", "workers", "cacao", "counts"),
    [
        (P1, 3, 3, (0, 1, 2)),  # room 2: the third worker adds nothing
        (P1, 3, 4, (0, 1)),
        (P2, 2, 3, (0, 1)),  # room 2: one worker fills it
        (P2, 2, 2, (0, 1, 2)),  # room 3: the second worker adds 1
        (P2, 1, 4, (0, 1)),
    ],
)
def test_plantation_offers_only_workers_that_add_cacao(
    jungle: cr.JungleTile, workers: int, cacao: int, counts: tuple[int, ...]
) -> None:
    state = north_of(jungle, workers, cr.PlayerState(cacao=cacao))
    assert names(state) == offered(*counts)
    player, _ = use(state, counts[-1])
    assert player.cacao == 5


@pytest.mark.rule("R-ACT-PLANTATION")
def test_plantation_offers_each_worker_while_the_ones_before_it_leave_room() -> None:
    # Every edge, storage and value, with a value no plantation prints (0, 3) too: the
    # options are worked out by arithmetic, and must answer as the rule reads.
    action = ACTIONS[cr.JungleKind.PLANTATION]
    for value in range(4):
        tile = cr.JungleTile(cr.JungleKind.PLANTATION, value)
        for cacao in range(6):
            room = 5 - cacao
            for workers in range(10):
                expected = [
                    used for used in range(workers + 1) if used == 0 or (used - 1) * value < room
                ]
                options = action.options(cr.PlayerState(cacao=cacao), tile, workers)
                assert [option.workers for option in options] == expected, (value, cacao, workers)


@pytest.mark.rule("R-STORAGE-1")
def test_full_storage_makes_a_lone_plantation_edge_dead() -> None:
    state = north_of(P2, 2, cr.PlayerState(cacao=5))
    assert state.current == 1
    assert state.players[0].cacao == 5


# R-ACT-MARKET ----------------------------------------------------------------------------


@pytest.mark.rule("R-ACT-MARKET")
@pytest.mark.parametrize(("market", "price"), [(M2, 2), (M3, 3), (M4, 4)])
def test_market_sells_one_cacao_per_worker_at_its_price(market: cr.JungleTile, price: int) -> None:
    state = north_of(market, 2, cr.PlayerState(cacao=3, gold=1))
    assert names(state) == offered(0, 1, 2)
    player, events = use(state, 2)
    assert (player.gold, player.cacao) == (1 + 2 * price, 1)
    assert resource_events(events) == [
        cr.Spent(0, cr.Resource.CACAO, 2),
        cr.Gained(0, cr.Resource.GOLD, 2 * price),
    ]


@pytest.mark.rule("R-ACT-MARKET", "R-DECIDE-2")
def test_market_offers_no_more_workers_than_cacao() -> None:
    state = north_of(M3, 3, cr.PlayerState(cacao=1))
    assert names(state) == offered(0, 1)
    with pytest.raises(cr.IllegalMoveError, match="offered: 0, 1"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 2))
    player, _ = use(state, 1)
    assert (player.gold, player.cacao) == (3, 0)


@pytest.mark.rule("R-ACT-MARKET")
def test_market_buys_nothing_but_cacao() -> None:
    # Sun tokens, gold and water do not make a market edge worth asking about.
    state = north_of(M4, 3, cr.PlayerState(gold=7, sun=2, water_field=4))
    assert state.current == 1
    player = state.players[0]
    assert (player.gold, player.cacao, player.sun, player.water) == (7, 0, 2, 2)


# R-ACT-GOLD-MINE -------------------------------------------------------------------------


@pytest.mark.rule("R-ACT-GOLD-MINE")
@pytest.mark.parametrize(("mine", "value"), [(G1, 1), (G2, 2)])
@pytest.mark.parametrize("workers", [1, 2, 3])
def test_gold_mine_gives_its_value_per_used_worker(
    mine: cr.JungleTile, value: int, workers: int
) -> None:
    state = north_of(mine, workers, cr.PlayerState(gold=10))
    assert names(state) == offered(*range(workers + 1))
    player, events = use(state, workers)
    assert player.gold == 10 + workers * value
    assert resource_events(events) == [cr.Gained(0, cr.Resource.GOLD, workers * value)]


# R-ACT-WATER -----------------------------------------------------------------------------


@pytest.mark.rule("R-ACT-WATER")
def test_water_track_fields() -> None:
    assert cr.WATER_TRACK == (-10, -4, -1, 0, 2, 4, 7, 11, 16)
    assert cr.PlayerState().water == -10
    assert [cr.PlayerState(water_field=i).water for i in range(9)] == list(cr.WATER_TRACK)


@pytest.mark.rule("R-ACT-WATER")
@pytest.mark.parametrize(
    ("start", "used", "value"),
    [(0, 1, -4), (0, 2, -1), (0, 3, 0), (3, 1, 2), (3, 3, 7), (5, 2, 11), (6, 2, 16)],
)
def test_water_moves_the_carrier_one_field_per_worker(start: int, used: int, value: int) -> None:
    state = north_of(WATER, 3, cr.PlayerState(water_field=start))
    player, events = use(state, used)
    assert player.water == value
    assert player.water_field == start + used
    assert resource_events(events) == [cr.Gained(0, cr.Resource.WATER, used)]


@pytest.mark.rule("R-ACT-WATER", "R-DECIDE-2")
@pytest.mark.parametrize(
    ("start", "workers", "counts"), [(7, 2, (0, 1)), (6, 3, (0, 1, 2)), (7, 3, (0, 1))]
)
def test_water_stops_at_16(start: int, workers: int, counts: tuple[int, ...]) -> None:
    state = north_of(WATER, workers, cr.PlayerState(water_field=start))
    assert names(state) == offered(*counts)
    player, _ = use(state, counts[-1])
    assert player.water == 16
    with pytest.raises(cr.IllegalMoveError, match="same effect"):
        cr.apply(state, cr.Resolve(HUB, Side.N, counts[-1] + 1))


@pytest.mark.rule("R-ACT-WATER", "R-ACT-7")
def test_water_at_16_is_not_asked() -> None:
    state = north_of(WATER, 3, cr.PlayerState(water_field=8))
    assert state.current == 1
    assert state.players[0].water == 16


# R-ACT-SUN -------------------------------------------------------------------------------


@pytest.mark.rule("R-ACT-SUN")
def test_sun_site_gives_one_token_per_used_worker() -> None:
    state = north_of(SUN, 3)
    assert names(state) == offered(0, 1, 2, 3)
    player, events = use(state, 2)
    assert player.sun == 2
    assert resource_events(events) == [cr.Gained(0, cr.Resource.SUN, 2)]


@pytest.mark.rule("R-ACT-SUN", "R-DECIDE-2")
@pytest.mark.parametrize(("sun", "workers", "counts"), [(2, 2, (0, 1)), (1, 3, (0, 1, 2))])
def test_sun_tokens_stop_at_three(sun: int, workers: int, counts: tuple[int, ...]) -> None:
    state = north_of(SUN, workers, cr.PlayerState(sun=sun))
    assert names(state) == offered(*counts)
    with pytest.raises(cr.IllegalMoveError, match="same effect"):
        cr.apply(state, cr.Resolve(HUB, Side.N, counts[-1] + 1))
    player, _ = use(state, counts[-1])
    assert player.sun == 3


@pytest.mark.rule("R-ACT-SUN", "R-ACT-7")
def test_sun_site_at_three_tokens_is_not_asked() -> None:
    state = north_of(SUN, 2, cr.PlayerState(sun=3))
    assert state.current == 1
    assert state.players[0].sun == 3


# R-ACT-TEMPLE ----------------------------------------------------------------------------


@pytest.mark.rule("R-ACT-TEMPLE", "R-ACT-7")
def test_temple_does_nothing_during_play() -> None:
    player = cr.PlayerState(gold=3, cacao=2, sun=1, water_field=2)
    start = cr.position(
        cr.Config(players=3),
        board={(1, -1): TEMPLE},
        players=[
            player.replace(hand=(W3100,)),
            cr.PlayerState(hand=(W1111,)),
            cr.PlayerState(hand=(W1111,)),
        ],
        jungle_pile=[TEMPLE] * 2,
    )
    state, events = cr.step(start, cr.Place(W3100, HUB, 0))
    assert of_type(events, cr.EdgeResolved) == [cr.EdgeResolved(0, HUB, Side.N, 0, automatic=True)]
    assert resource_events(events) == []
    after = state.players[0]
    assert (after.gold, after.cacao, after.sun, after.water) == (3, 2, 1, -1)
    assert state.current == 1


@pytest.mark.rule("R-ACT-7")
def test_the_amounts_as_bits_answer_as_the_amounts_do() -> None:
    # The engine asks of every pair of tile actions whether one changes what another reads,
    # through each action's amounts written as bits: the answer must be the sets' own.
    for first in ACTIONS.values():
        for second in ACTIONS.values():
            assert bool(first.raise_bits & second.read_bits) == bool(first.raises & second.reads)
            changes = first.raises | first.lowers
            assert bool(first.change_bits & second.read_bits) == bool(changes & second.reads)


@pytest.mark.rule("R-ACT-4", "R-DECIDE-2", "R-TREE-3")
def test_the_uses_offered_are_every_number_of_workers_up_to_the_useful_ones() -> None:
    # Every action but a plantation's, a chocolate market's and a gem mine's offers the
    # uses of 0 up to as many workers as are worth using: the edge's workers, or fewer where
    # an amount of the owner's caps them (written without min(), kept tuples for few
    # workers). At a Tree of Life an edge with no worker is used as 1. Checked against
    # that plain reading for every edge and amount.
    caps: dict[cr.JungleKind, Callable[[cr.PlayerState], int]] = {
        cr.JungleKind.MARKET: lambda player: player.cacao,
        cr.JungleKind.CHOCOLATE_KITCHEN: lambda player: player.cacao,
        cr.JungleKind.GOLD_MINE: lambda player: 99,
        cr.JungleKind.TEMPLE: lambda player: 0,
        cr.JungleKind.WATER: lambda player: len(WATER_TRACK) - 1 - player.water_field,
        cr.JungleKind.WATERING: lambda player: player.water_field,
        cr.JungleKind.SUN_WORSHIP: lambda player: 3 - player.sun,
        cr.JungleKind.TREE_OF_LIFE: lambda player: 99,
    }
    for kind, cap in caps.items():
        tile = cr.JungleTile(kind, 2)
        for amount in range(17):
            player = cr.PlayerState(cacao=min(amount, 10), sun=min(amount, 3), water_field=amount)
            for workers in range(10):
                useful = min(
                    max(workers, 1) if kind is cr.JungleKind.TREE_OF_LIFE else workers, cap(player)
                )
                expected = tuple(Use(used) for used in range(useful + 1))
                assert ACTIONS[kind].options(player, tile, workers) == expected, (
                    kind,
                    amount,
                    workers,
                )
