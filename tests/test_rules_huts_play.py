"""The Hut module: what the huts change during play.

Rules: R-HUT-MARKET-CRIER, R-HUT-FARMER, R-HUT-SHAMAN and R-HUT-FOREMAN, with R-HUT-3 where
a hut is built during the game and used afterwards. The setup, the building and the bonuses
at the end are in ``test_rules_huts.py``.

Most positions are 2-player games with the Huts module and an empty hut supply (so no hut
decision interrupts the turn), where seat 0 owns the hut under test from the start.
"""

from __future__ import annotations

import json

import pytest

import cacao_rules as cr
from cacao_rules import Side
from cacao_rules.game.components import Hut
from cacao_rules.game.events import HutUsed
from cacao_rules.game.moves import BuildHut
from helpers_huts import HUTS_2P, hut_events, hut_position, names
from helpers_positions import (
    M2,
    M3,
    M4,
    P1,
    P2,
    TEMPLE,
    W1111,
    W2101,
    W3001,
    W3100,
    WATER,
    Board,
    jt,
    of_type,
    start_board,
    wt,
)

CHOCOLATE = cr.Config(players=2, modules={cr.Module.HUTS, cr.Module.CHOCOLATE})
WATERING = cr.Config(players=2, modules={cr.Module.HUTS, cr.Module.WATERING})


def gained(events: tuple[cr.Event, ...], resource: cr.Resource) -> list[tuple[int, int]]:
    """``(amount, wasted)`` of every :class:`Gained` of ``resource``, in order."""
    return [(e.amount, e.wasted) for e in of_type(events, cr.Gained) if e.resource is resource]


# R-HUT-MARKET-CRIER ------------------------------------------------------------------------


@pytest.mark.rule("R-HUT-MARKET-CRIER")
@pytest.mark.parametrize(
    ("market", "config", "huts", "gold"),
    [
        ("M2", HUTS_2P, (Hut.MARKET_CRIER,), 6),
        ("M2", HUTS_2P, (), 4),
        ("M3", HUTS_2P, (Hut.MARKET_CRIER,), 6),
        ("M4", HUTS_2P, (Hut.MARKET_CRIER,), 8),
        ("C", CHOCOLATE, (Hut.MARKET_CRIER,), 6),
    ],
    ids=["price-2-crier", "price-2-without", "price-3-crier", "price-4-crier", "chocolate"],
)
def test_market_crier_raises_only_the_price_2_market(
    market: str, config: cr.Config, huts: tuple[Hut, ...], gold: int
) -> None:
    # 2-1-0-1 on (2, 1) turned so that its 2 faces the market on (1, 1); seat 0 sells 2.
    state = hut_position(
        cr.PlayerState(cacao=2, huts=huts),
        hand=(W2101,),
        board={(0, 0): P1, (1, 1): jt(market)},
        config=config,
    )
    state = cr.apply(state, cr.Place(W2101, (2, 1), 3))
    assert names(state) == ["resolve 2,1 W 0", "resolve 2,1 W 1", "resolve 2,1 W 2"]
    state, events = cr.step(state, cr.Resolve((2, 1), Side.W, 2))
    assert gained(events, cr.Resource.GOLD) == [(gold, 0)]
    assert state.players[0].gold == gold
    crier_used = market == "M2" and huts == (Hut.MARKET_CRIER,)
    assert hut_events(events) == ([HutUsed(0, Hut.MARKET_CRIER)] if crier_used else [])


@pytest.mark.rule("R-HUT-MARKET-CRIER")
def test_market_crier_does_not_change_the_chocolate_bar_price() -> None:
    state = hut_position(
        cr.PlayerState(cacao=1, chocolate=1, huts=(Hut.MARKET_CRIER,)),
        hand=(W2101,),
        board={(0, 0): P1, (1, 1): jt("C")},
        config=CHOCOLATE,
    )
    state = cr.apply(state, cr.Place(W2101, (2, 1), 3))
    state, events = cr.step(state, cr.Resolve((2, 1), Side.W, 2, bars=1))
    assert gained(events, cr.Resource.GOLD) == [(3 + 7, 0)]
    assert hut_events(events) == []


@pytest.mark.rule("R-HUT-MARKET-CRIER", "R-HUT-3")
def test_market_crier_works_from_the_turn_after_it_is_built() -> None:
    # Seat 0 sells nothing at M2 this turn, builds the crier, and sells at 3 next turn.
    state = hut_position(
        cr.PlayerState(gold=4, cacao=2),
        hand=(W1111, W1111),
        seat1=cr.PlayerState(hand=(W1111,), cacao=5),
        supply=[Hut.MARKET_CRIER],
    )
    state = cr.apply(state, cr.Place(W1111, (2, 1), 0))
    state = cr.apply(state, cr.Resolve((2, 1), Side.W, 0))
    state = cr.apply(state, BuildHut(Hut.MARKET_CRIER))
    assert state.players[0].gold == 0
    # Seat 1: a 1-1-1-1 on (0, -1) faces only P1, and its storage is full.
    state = cr.apply(state, cr.Place(W1111, (0, -1), 0))
    assert state.to_move == 0
    # Seat 0: a 1-1-1-1 on (0, 1) faces P1 (N) and M2 (E).
    state = cr.apply(state, cr.Place(W1111, (0, 1), 0))
    state, events = cr.step(state, cr.Resolve((0, 1), Side.E, 1))
    assert gained(events, cr.Resource.GOLD) == [(3, 0)]
    assert hut_events(events) == [HutUsed(0, Hut.MARKET_CRIER)]


@pytest.mark.rule("R-HUT-MARKET-CRIER", "R-DECIDE-2")
def test_with_the_market_crier_a_sale_at_either_market_is_the_same_move() -> None:
    # A 1-1-1-1 on (1, 0) faces water (N), M2 (S) and M3 (W), with 1 cacao. With the crier both
    # markets pay 3, and either sale leaves the other market dead: the M3 sale is not listed.
    # Owners of other huts are asked in between: each gets the answer for their own huts.
    every = [
        "resolve 1,0 N 0",
        "resolve 1,0 N 1",
        "resolve 1,0 S 0",
        "resolve 1,0 S 1",
        "resolve 1,0 W 0",
        "resolve 1,0 W 1",
    ]
    for huts, listed in [
        ((), every),
        ((Hut.MARKET_CRIER,), every[:-1]),
        ((Hut.HERMIT,), every),
        ((Hut.FARMER,), every),
        ((Hut.MARKET_CRIER, Hut.FARMER), every[:-1]),
    ]:
        state = hut_position(
            cr.PlayerState(cacao=1, huts=huts), board={(1, -1): WATER, (1, 1): M2, (0, 0): M3}
        )
        state = cr.apply(state, cr.Place(W1111, (1, 0), 0))
        assert names(state) == listed, huts


@pytest.mark.rule("R-DECIDE-2", "R-CHOC-3", "R-HUT-MARKET-CRIER")
def test_a_cacao_sold_at_the_chocolate_market_is_not_the_same_move_as_at_a_market() -> None:
    # 1 cacao and 1 bar; a 1-1-1-1 on (1, 0) faces the chocolate market (N), M2 with the crier
    # (E) and M3 (S): each pays 3 for the cacao. A sale at either market leaves both markets
    # dead, so the M3 sale is the same move as the M2 sale; a sale at the chocolate market
    # leaves it the bar to sell, a different move.
    state = hut_position(
        cr.PlayerState(cacao=1, chocolate=1, huts=(Hut.MARKET_CRIER,)),
        board={(1, -1): jt("C"), (2, 0): M2, (1, 1): M3},
        config=CHOCOLATE,
    )
    state = cr.apply(state, cr.Place(W1111, (1, 0), 0))
    assert names(state) == [
        "resolve 1,0 N 0",
        "resolve 1,0 N 1",
        "resolve 1,0 N 1 b1",
        "resolve 1,0 E 0",
        "resolve 1,0 E 1",
        "resolve 1,0 S 0",
    ]
    with pytest.raises(cr.IllegalMoveError, match="the same effect as resolve 1,0 E 1, which"):
        cr.apply(state, cr.Resolve((1, 0), Side.S, 1))


# R-HUT-FARMER ------------------------------------------------------------------------------

# 2-1-0-1 turned once on (-1, 0): its 2 faces (0, 0) to the E, its other edges face empty
# squares, so it activates a single edge.
LONE_EDGE = cr.Place(W2101, (-1, 0), 1)


def lone_edge(tile: str, *, cacao: int, farmer: bool = True) -> cr.State:
    """Seat 0 to place :data:`LONE_EDGE` next to ``tile`` on (0, 0)."""
    huts = (Hut.FARMER,) if farmer else ()
    state = hut_position(
        cr.PlayerState(cacao=cacao, huts=huts),
        hand=(W2101,),
        board={(0, 0): jt(tile), (1, 1): M2},
    )
    return cr.apply(state, LONE_EDGE)


@pytest.mark.rule("R-HUT-FARMER")
def test_farmer_adds_one_cacao_to_exactly_four() -> None:
    state = lone_edge("P2", cacao=0)
    assert names(state) == ["resolve -1,0 E 0", "resolve -1,0 E 1", "resolve -1,0 E 2"]
    state, events = cr.step(state, cr.Resolve((-1, 0), Side.E, 2))
    assert state.players[0].cacao == 5
    assert gained(events, cr.Resource.CACAO) == [(4, 0), (1, 0)]
    # The extra fruit comes after the edge is resolved, and before the turn ends.
    kinds = [type(event) for event in events]
    used = kinds.index(HutUsed)
    assert events[used] == HutUsed(0, Hut.FARMER)
    assert kinds.index(cr.EdgeResolved) < used < kinds.index(cr.WorkerDrawn)
    assert events[used + 1] == cr.Gained(0, cr.Resource.CACAO, 1, 0)


@pytest.mark.rule("R-HUT-FARMER")
def test_no_extra_cacao_without_the_farmer() -> None:
    state = lone_edge("P2", cacao=0, farmer=False)
    state, events = cr.step(state, cr.Resolve((-1, 0), Side.E, 2))
    assert state.players[0].cacao == 4
    assert hut_events(events) == []


@pytest.mark.rule("R-HUT-FARMER")
def test_farmer_not_for_two() -> None:
    state = lone_edge("P2", cacao=0)
    state, events = cr.step(state, cr.Resolve((-1, 0), Side.E, 1))
    assert state.players[0].cacao == 2
    assert hut_events(events) == []


@pytest.mark.rule("R-HUT-FARMER")
def test_farmer_not_for_three() -> None:
    # 3-1-0-0 with its 3 on P1 (W) and its 1 on the empty (1, -1): 3 cacao.
    state = hut_position(cr.PlayerState(huts=(Hut.FARMER,)), hand=(W3100,))
    state = cr.apply(state, cr.Place(W3100, (1, 0), 3))
    assert names(state) == [f"resolve 1,0 W {used}" for used in range(4)]
    state, events = cr.step(state, cr.Resolve((1, 0), Side.W, 3))
    assert state.players[0].cacao == 3
    assert hut_events(events) == []


@pytest.mark.rule("R-HUT-FARMER")
def test_farmer_counts_all_edges_of_the_turn() -> None:
    # 2-1-0-1 turned three times on (1, 0): its 2 on P1 (W) and a 1 on P2 (S): 2 + 2 = 4.
    state = hut_position(
        cr.PlayerState(huts=(Hut.FARMER,)), hand=(W2101,), board={(0, 0): P1, (1, 1): P2}
    )
    state = cr.apply(state, cr.Place(W2101, (1, 0), 3))
    state, events = cr.step(state, cr.Resolve((1, 0), Side.W, 2))
    assert hut_events(events) == []  # not yet: seat 0 has an edge left
    assert state.players[0].cacao == 2
    state, events = cr.step(state, cr.Resolve((1, 0), Side.S, 1))
    assert hut_events(events) == [HutUsed(0, Hut.FARMER)]
    assert gained(events, cr.Resource.CACAO) == [(2, 0), (1, 0)]
    assert state.players[0].cacao == 5


@pytest.mark.rule("R-HUT-FARMER")
@pytest.mark.parametrize(("west", "farmer"), [(1, False), (0, True)])
def test_farmer_not_for_five(west: int, farmer: bool) -> None:
    # 2-1-0-1 turned twice on (1, 0): its 2 on P2 (S, 4 cacao) and a 1 on P1 (W, 1 cacao).
    # Using both edges gives 5 and no extra fruit; leaving the 1 unused gives exactly 4.
    state = hut_position(
        cr.PlayerState(huts=(Hut.FARMER,)), hand=(W2101,), board={(0, 0): P1, (1, 1): P2}
    )
    state = cr.apply(state, cr.Place(W2101, (1, 0), 2))
    state, events = cr.step(state, cr.Resolve((1, 0), Side.S, 2))
    assert hut_events(events) == []
    state, events = cr.step(state, cr.Resolve((1, 0), Side.W, west))
    assert hut_events(events) == ([HutUsed(0, Hut.FARMER)] if farmer else [])
    assert state.players[0].cacao == 5


@pytest.mark.rule("R-HUT-FARMER")
def test_farmer_gives_nothing_when_storage_is_full() -> None:
    # 1 + 4 fills the storage: the extra fruit has no room.
    state = lone_edge("P2", cacao=1)
    state, events = cr.step(state, cr.Resolve((-1, 0), Side.E, 2))
    assert state.players[0].cacao == cr.STORAGE_SPACES
    assert [kept for kept, _ in gained(events, cr.Resource.CACAO)] in ([4], [4, 0])


@pytest.mark.rule("R-HUT-FARMER")
def test_farmer_does_not_count_fruit_lost_to_a_full_storage() -> None:
    # 2 in storage, 4 received of which 3 fit: 3 stored, not 4.
    state = lone_edge("P2", cacao=2)
    state, events = cr.step(state, cr.Resolve((-1, 0), Side.E, 2))
    assert gained(events, cr.Resource.CACAO) == [(3, 1)]
    assert hut_events(events) == []
    assert state.players[0].cacao == cr.STORAGE_SPACES


def farmer_sells_after_harvest(cacao: int) -> cr.State:
    """Seat 0, a Farmer owner holding ``cacao``, places a 2-1-0-1 turned twice on (1, 0):
    its 2 faces P2 on (1, 1) to the S, a 1 faces M3 on (0, 0) to the W."""
    state = hut_position(
        cr.PlayerState(cacao=cacao, huts=(Hut.FARMER,)),
        hand=(W2101,),
        board={(0, 0): M3, (1, 1): P2},
    )
    return cr.apply(state, cr.Place(W2101, (1, 0), 2))


@pytest.mark.rule("R-HUT-FARMER", "R-DECIDE-2")
def test_farmer_counts_only_the_cacao_put_into_storage() -> None:
    # Room for 2: the second worker at P2 would only waste fruit, so it is not offered to a
    # Farmer either (the earlier ruling offered it: 4 received, 2 of them wasted, then a sale
    # made room and the Farmer's fruit came).
    state = farmer_sells_after_harvest(cacao=3)
    assert names(state) == [
        "resolve 1,0 S 0",
        "resolve 1,0 S 1",
        "resolve 1,0 W 0",
        "resolve 1,0 W 1",
    ]
    with pytest.raises(cr.IllegalMoveError, match="room for 2 more cacao"):
        cr.apply(state, cr.Resolve((1, 0), Side.S, 2))
    state, events = cr.step(state, cr.Resolve((1, 0), Side.S, 1))
    assert gained(events, cr.Resource.CACAO) == [(2, 0)]
    state, events = cr.step(state, cr.Resolve((1, 0), Side.W, 1))
    assert hut_events(events) == []
    assert (state.players[0].cacao, state.players[0].gold) == (4, 3)


@pytest.mark.rule("R-HUT-FARMER")
def test_farmer_counts_four_stored_before_a_sale() -> None:
    # 4 stored, then 1 sold: the storage has room at the end, so the extra fruit comes.
    state = farmer_sells_after_harvest(cacao=1)
    state = cr.apply(state, cr.Resolve((1, 0), Side.S, 2))
    state, events = cr.step(state, cr.Resolve((1, 0), Side.W, 1))
    assert hut_events(events) == [HutUsed(0, Hut.FARMER)]
    assert (state.players[0].cacao, state.players[0].gold) == (5, 3)


@pytest.mark.rule("R-HUT-FARMER", "R-DECIDE-2")
@pytest.mark.parametrize("farmer", [True, False])
def test_farmer_two_plantations_and_room_for_one(farmer: bool) -> None:
    # A 1-1-1-1 on (1, 0) faces P1 to the W and P2 to the S; room for 1 cacao. Either
    # plantation stores that 1 and leaves the other unable to matter: the same state, so only
    # the first is listed, for a Farmer too (fruit lost to the full storage counts nothing).
    huts = (Hut.FARMER,) if farmer else ()
    state = hut_position(
        cr.PlayerState(cacao=4, huts=huts), board={(0, 0): P1, (1, 1): P2}, hand=(W1111,)
    )
    state = cr.apply(state, cr.Place(W1111, (1, 0), 0))
    assert names(state) == ["resolve 1,0 S 0", "resolve 1,0 S 1", "resolve 1,0 W 0"]
    with pytest.raises(cr.IllegalMoveError, match="same effect as resolve 1,0 S 1"):
        cr.apply(state, cr.Resolve((1, 0), Side.W, 1))


@pytest.mark.rule("R-HUT-FARMER")
@pytest.mark.parametrize(("farmer", "counted"), [(True, 2), (False, 0)])
def test_cacao_stored_this_turn_is_counted_only_for_a_farmer(farmer: bool, counted: int) -> None:
    # 2-1-0-1 turned twice on (1, 0): its 2 faces P2 (S), a 1 faces M3 (W). After 1 worker at
    # P2, the market is still to resolve: the turn counts the 2 cacao stored for a Farmer, and
    # nothing for anyone else (a count nothing reads would tell apart states that are alike).
    huts = (Hut.FARMER,) if farmer else ()
    state = hut_position(cr.PlayerState(huts=huts), hand=(W2101,), board={(0, 0): M3, (1, 1): P2})
    state = cr.apply(state, cr.Place(W2101, (1, 0), 2))
    state = cr.apply(state, cr.Resolve((1, 0), Side.S, 1))
    assert isinstance(state.step, cr.ResolveStep)
    assert state.players[0].cacao == 2
    assert state.step.received == counted


# A 3-0-0-1 turned three times on (1, 0): its 3 faces P1 on (0, 0) to the W, its 1 faces the
# tile on (1, 1) to the S.
FARMER_PLUS_ONE = cr.Place(W3001, (1, 0), 3)


@pytest.mark.rule("R-HUT-FARMER")
@pytest.mark.parametrize(
    ("code", "modules", "farmer"),
    [
        ("P1", (), True),
        ("G1", (), False),
        ("G2", (), False),
        ("W", (), False),
        ("S", (), False),
        ("L", (cr.Module.TREE_OF_LIFE,), False),
        ("D1110", (cr.Module.GEM_MINES,), False),
    ],
)
def test_farmer_counts_only_plantation_and_watering_cacao(
    code: str, modules: tuple[cr.Module, ...], farmer: bool
) -> None:
    # 3 cacao from P1 and one worker elsewhere: exactly 4 only if that worker brings cacao.
    config = cr.Config(players=2, modules={cr.Module.HUTS, *modules})
    state = hut_position(
        cr.PlayerState(huts=(Hut.FARMER,)),
        hand=(W3001,),
        board={(0, 0): P1, (1, 1): jt(code)},
        config=config,
    )
    state = cr.apply(state, FARMER_PLUS_ONE)
    state = cr.apply(state, cr.Resolve((1, 0), Side.W, 3))
    gems = (1, 0, 0, 0) if code.startswith("D") else (0, 0, 0, 0)
    state, events = cr.step(state, cr.Resolve((1, 0), Side.S, 1, gems=gems))
    assert hut_events(events) == ([HutUsed(0, Hut.FARMER)] if farmer else [])
    assert state.players[0].cacao == (5 if farmer else 3)


@pytest.mark.rule("R-HUT-FARMER")
def test_farmer_with_one_watering_step() -> None:
    # A 1-1-1-1 on (-1, 0) faces the watering tile on (0, 0): 1 step back, 4 cacao, +1.
    state = hut_position(
        cr.PlayerState(water_field=2, huts=(Hut.FARMER,)),
        board={(0, 0): jt("I"), (1, 1): WATER},
        config=WATERING,
    )
    state = cr.apply(state, cr.Place(W1111, (-1, 0), 0))
    assert names(state) == ["resolve -1,0 E 0", "resolve -1,0 E 1"]
    state, events = cr.step(state, cr.Resolve((-1, 0), Side.E, 1))
    assert gained(events, cr.Resource.CACAO) == [(4, 0), (1, 0)]
    assert hut_events(events) == [HutUsed(0, Hut.FARMER)]
    assert (state.players[0].cacao, state.players[0].water_field) == (5, 1)


def filled_by_seat1(seat0_tile: cr.WorkerTile, seat0: cr.PlayerState, shown: str) -> cr.State:
    """Seat 1 to move closes (2, 0) between seat 0's ``seat0_tile`` on (1, 0) and its own
    1-1-1-1 on (3, 0), next to a temple on (3, 1); the display holds only ``shown``, which
    fills (2, 0)."""
    state = hut_position(
        seat0,
        seat1=cr.PlayerState(hand=(W1111,), cacao=5),
        board=start_board({(1, 0): seat0_tile, (3, 1): TEMPLE}),
        display=[jt(shown)],
        current=1,
    )
    return cr.apply(state, cr.Place(W1111, (3, 0), 0))


@pytest.mark.rule("R-HUT-FARMER")
def test_farmer_on_another_players_turn() -> None:
    # Seat 0's 2-1-0-1 turned once has its 2 on the E edge, facing (2, 0).
    state = filled_by_seat1(wt(0, W2101, 1), cr.PlayerState(huts=(Hut.FARMER,)), "P2")
    assert (state.current, state.to_move) == (1, 0)
    assert names(state) == ["resolve 1,0 E 0", "resolve 1,0 E 1", "resolve 1,0 E 2"]
    state, events = cr.step(state, cr.Resolve((1, 0), Side.E, 2))
    assert hut_events(events) == [HutUsed(0, Hut.FARMER)]
    assert state.players[0].cacao == 5


# R-HUT-SHAMAN ------------------------------------------------------------------------------

# Seat 0 owns (1, 0) and (-1, 0), seat 1 owns (0, 1); no jungle tile is left, so overbuilding
# is allowed. Seat 0's storage is full, so its plantation edges cannot matter.
SHAMAN_BOARD: Board = start_board(
    {(1, 0): wt(0, W1111), (-1, 0): wt(0, W2101, 1), (0, 1): wt(1, W1111)}
)


def shaman_position(
    *, sun: int, shaman: bool = True, pile: list[cr.JungleTile] | None = None
) -> cr.State:
    huts = (Hut.SHAMAN,) if shaman else ()
    return hut_position(
        cr.PlayerState(sun=sun, cacao=5, huts=huts),
        board=SHAMAN_BOARD,
        jungle_pile=pile or [],
    )


@pytest.mark.rule("R-HUT-SHAMAN")
def test_shaman_overbuilds_without_a_sun_token() -> None:
    state = shaman_position(sun=0)
    free = [(0, -1), (1, 2), (2, 1)]
    assert cr.legal_moves(state) == (
        *(cr.Place(W1111, square, 0) for square in free),
        cr.Overbuild(W1111, (-1, 0), 0),
        cr.Overbuild(W1111, (1, 0), 0),
    )
    after, events = cr.step(state, cr.Overbuild(W1111, (-1, 0), 0))
    assert hut_events(events) == [HutUsed(0, Hut.SHAMAN)]
    assert of_type(events, cr.Spent) == []
    assert after.players[0].sun == 0
    assert after.covered[(-1, 0)] == wt(0, W2101, 1)


@pytest.mark.rule("R-HUT-SHAMAN")
def test_shaman_keeps_the_sun_tokens() -> None:
    state = shaman_position(sun=2)
    after, events = cr.step(state, cr.Overbuild(W1111, (1, 0), 0))
    assert [e for e in of_type(events, cr.Spent) if e.resource is cr.Resource.SUN] == []
    assert after.players[0].sun == 2
    assert hut_events(events) == [HutUsed(0, Hut.SHAMAN)]


@pytest.mark.rule("R-HUT-SHAMAN")
def test_without_shaman_an_overbuild_needs_a_token() -> None:
    state = shaman_position(sun=0, shaman=False)
    assert not [move for move in cr.legal_moves(state) if isinstance(move, cr.Overbuild)]
    with pytest.raises(cr.IllegalMoveError, match="has no sun token"):
        cr.apply(state, cr.Overbuild(W1111, (1, 0), 0))
    paid = shaman_position(sun=1, shaman=False)
    after, events = cr.step(paid, cr.Overbuild(W1111, (1, 0), 0))
    assert cr.Spent(0, cr.Resource.SUN, 1) in events
    assert after.players[0].sun == 0


@pytest.mark.rule("R-HUT-SHAMAN")
def test_shaman_keeps_the_other_conditions_of_overbuilding() -> None:
    state = shaman_position(sun=0)
    with pytest.raises(cr.IllegalMoveError, match="does not hold a worker tile of seat 0"):
        cr.apply(state, cr.Overbuild(W1111, (0, 1), 0))
    pile_left = shaman_position(sun=0, pile=[TEMPLE])
    assert not [move for move in cr.legal_moves(pile_left) if isinstance(move, cr.Overbuild)]
    with pytest.raises(cr.IllegalMoveError, match="pile and the display are both empty"):
        cr.apply(pile_left, cr.Overbuild(W1111, (1, 0), 0))
    covered = hut_position(
        cr.PlayerState(cacao=5, huts=(Hut.SHAMAN,)),
        board=SHAMAN_BOARD,
        covered={(1, 0): wt(0, W2101)},
        jungle_pile=[],
    )
    with pytest.raises(cr.IllegalMoveError, match="overbuilt already"):
        cr.apply(covered, cr.Overbuild(W1111, (1, 0), 0))


# R-HUT-FOREMAN -----------------------------------------------------------------------------


def foreman_place(huts: tuple[Hut, ...], *, tile: cr.WorkerType = W3100) -> cr.State:
    """Seat 0 places ``tile`` on (1, 0) turned three times: a 3-1-0-0's 3 (a 2-1-0-1's 2)
    faces P1 to the W."""
    state = hut_position(cr.PlayerState(huts=huts), hand=(tile,))
    return cr.apply(state, cr.Place(tile, (1, 0), 3))


@pytest.mark.rule("R-HUT-FOREMAN")
def test_foreman_makes_a_three_worker_edge_count_four() -> None:
    state = hut_position(cr.PlayerState(huts=(Hut.FOREMAN,)), hand=(W3100,))
    state, events = cr.step(state, cr.Place(W3100, (1, 0), 3))
    assert of_type(events, cr.EdgeActivated) == [cr.EdgeActivated(0, (1, 0), 0, Side.W, 4, P1)]
    assert hut_events(events) == [HutUsed(0, Hut.FOREMAN)]
    assert names(state) == [f"resolve 1,0 W {used}" for used in range(5)]
    state, events = cr.step(state, cr.Resolve((1, 0), Side.W, 4))
    assert gained(events, cr.Resource.CACAO) == [(4, 0)]
    assert state.players[0].cacao == 4


@pytest.mark.rule("R-HUT-FOREMAN")
def test_three_workers_without_the_foreman() -> None:
    state = foreman_place(())
    assert names(state) == [f"resolve 1,0 W {used}" for used in range(4)]
    with pytest.raises(cr.IllegalMoveError, match="has 3 workers, cannot use 4"):
        cr.apply(state, cr.Resolve((1, 0), Side.W, 4))


@pytest.mark.rule("R-HUT-FOREMAN")
def test_foreman_leaves_other_edges_alone() -> None:
    state = hut_position(cr.PlayerState(huts=(Hut.FOREMAN,)), hand=(W2101,))
    state, events = cr.step(state, cr.Place(W2101, (1, 0), 3))
    # The 2 on P1 (W) and a 1 on M2 (S).
    assert [e.workers for e in of_type(events, cr.EdgeActivated)] == [1, 2]
    assert hut_events(events) == []
    assert [m for m in names(state) if " W " in m] == [f"resolve 1,0 W {n}" for n in range(3)]


@pytest.mark.rule("R-HUT-FOREMAN", "R-HUT-FARMER")
def test_foreman_four_cacao_earn_the_farmers_fruit() -> None:
    state = foreman_place((Hut.FARMER, Hut.FOREMAN))
    state, events = cr.step(state, cr.Resolve((1, 0), Side.W, 4))
    assert hut_events(events) == [HutUsed(0, Hut.FARMER)]
    assert state.players[0].cacao == 5


@pytest.mark.rule("R-HUT-FOREMAN")
def test_foreman_tile_keeps_its_fourth_worker_for_a_later_fill() -> None:
    # Seat 0's 3-1-0-0 turned once, played earlier with the Foreman, has its 3 on the E edge
    # facing (2, 0); seat 1 closes (2, 0), which gets P1.
    tile = cr.WorkerTile.of(0, W3100, 1, foreman=True)
    state = filled_by_seat1(tile, cr.PlayerState(huts=(Hut.FOREMAN,)), "P1")
    assert state.to_move == 0
    assert names(state) == [f"resolve 1,0 E {used}" for used in range(5)]


@pytest.mark.rule("R-HUT-FOREMAN")
def test_a_tile_played_before_the_foreman_keeps_three_workers() -> None:
    # The same tile played before seat 0 built the Foreman: a later fill activates 3 workers
    # (the earlier ruling gave every activation while the hut was owned the 4th worker).
    state = filled_by_seat1(wt(0, W3100, 1), cr.PlayerState(huts=(Hut.FOREMAN,)), "P1")
    assert state.to_move == 0
    assert names(state) == [f"resolve 1,0 E {used}" for used in range(4)]
    with pytest.raises(cr.IllegalMoveError, match="has 3 workers, cannot use 4"):
        cr.apply(state, cr.Resolve((1, 0), Side.E, 4))


@pytest.mark.rule("R-HUT-FOREMAN", "R-HUT-3")
def test_the_foreman_counts_from_the_next_tile_played() -> None:
    # Seat 0 places a 3-1-0-0 turned once on (1, 0), its 3 facing the empty (2, 0), and builds
    # the Foreman at the end of that turn: that tile was played without it. Seat 1 closes
    # (2, 0), which activates the first tile's 3 workers, not 4. Seat 0's next tile, a 3-0-0-1
    # turned once on (-1, 0), has its 3 facing P1 and counts 4.
    state = hut_position(
        cr.PlayerState(gold=12),
        hand=(W3001, W3100),
        seat1=cr.PlayerState(hand=(W1111, W1111), cacao=5),
        board=start_board({(3, 1): TEMPLE}),
        display=[P1, P1],
        jungle_pile=[P1, M3, M3],
        supply=[Hut.FOREMAN],
    )
    state = cr.apply(state, cr.Place(W3100, (1, 0), 1))
    state = cr.apply(state, BuildHut(Hut.FOREMAN))
    assert state.board[(1, 0)] == wt(0, W3100, 1)
    state = cr.apply(state, cr.Place(W1111, (2, 1), 0))  # seat 1 closes (2, 0) with P1
    while state.to_move == 1:
        state = cr.apply(state, cr.legal_moves(state)[0])
    assert state.to_move == 0
    assert names(state) == [f"resolve 1,0 E {used}" for used in range(4)]
    state = cr.apply(state, cr.Resolve((1, 0), Side.E, 3))
    assert state.current == 0
    state, events = cr.step(state, cr.Place(W3001, (-1, 0), 1))
    assert state.board[(-1, 0)] == cr.WorkerTile.of(0, W3001, 1, foreman=True)
    assert [e.workers for e in of_type(events, cr.EdgeActivated)] == [4]


@pytest.mark.rule("R-HUT-FOREMAN")
def test_a_foreman_tile_needs_an_owner_with_the_foreman() -> None:
    with pytest.raises(cr.ConfigError, match="owns no Foreman"):
        hut_position(
            cr.PlayerState(),
            board=start_board({(1, 0): cr.WorkerTile.of(0, W3100, 1, foreman=True)}),
        )


@pytest.mark.rule("R-HUT-FOREMAN")
def test_foreman_counts_for_an_overbuild() -> None:
    board = start_board({(1, 0): wt(0, W1111)})
    state = hut_position(
        cr.PlayerState(sun=1, huts=(Hut.FOREMAN,)), hand=(W3100,), board=board, jungle_pile=[]
    )
    state, events = cr.step(state, cr.Overbuild(W3100, (1, 0), 3))
    assert state.board[(1, 0)] == cr.WorkerTile.of(0, W3100, 3, foreman=True)
    assert [e.workers for e in of_type(events, cr.EdgeActivated)] == [4]
    assert names(state) == [f"resolve 1,0 W {used}" for used in range(5)]


@pytest.mark.rule("R-HUT-FOREMAN")
def test_foreman_market_sells_four() -> None:
    # A 3-1-0-0 turned twice on (1, 0): its 3 faces M2 to the S (and its 1 faces P1 to the
    # W); 5 cacao to sell.
    state = hut_position(cr.PlayerState(cacao=5, huts=(Hut.FOREMAN,)), hand=(W3100,))
    state = cr.apply(state, cr.Place(W3100, (1, 0), 2))
    assert [m for m in names(state) if " S " in m] == [f"resolve 1,0 S {n}" for n in range(5)]
    state = cr.apply(state, cr.Resolve((1, 0), Side.S, 4))
    assert (state.players[0].cacao, state.players[0].gold) == (1, 8)


@pytest.mark.rule("R-HUT-FOREMAN")
def test_temples_count_the_printed_workers_with_the_foreman() -> None:
    # The temple on (2, 0): seat 0's 3 (W of it) against seat 1's 3 + 1 (E and S of it).
    board = start_board(
        {
            (2, 0): TEMPLE,
            (1, 0): wt(0, W3100, 1),
            (3, 0): wt(1, W3100, 3),
            (2, 1): wt(1, W1111),
        }
    )
    state = cr.position(
        HUTS_2P,
        board=board,
        players=[cr.PlayerState(huts=(Hut.FOREMAN,)), cr.PlayerState()],
        hut_supply=[],
    )
    assert [sheet.breakdown["temples"] for sheet in cr.final_scores(state)] == [3, 6]


@pytest.mark.rule("R-HUT-FOREMAN")
@pytest.mark.parametrize("market", [M3, M4])
def test_foreman_does_not_touch_the_market_price(market: cr.JungleTile) -> None:
    state = hut_position(
        cr.PlayerState(cacao=1, huts=(Hut.FOREMAN,)),
        hand=(W2101,),
        board={(0, 0): P1, (1, 1): market},
    )
    state = cr.apply(state, cr.Place(W2101, (2, 1), 3))
    state = cr.apply(state, cr.Resolve((2, 1), Side.W, 1))
    assert state.players[0].gold == market.value


@pytest.mark.rule("R-HUT-FOREMAN")
def test_a_foreman_tile_survives_json() -> None:
    tile = cr.WorkerTile.of(0, W3100, 1, foreman=True)
    state = hut_position(
        cr.PlayerState(huts=(Hut.FOREMAN,)),
        board=start_board({(1, 0): tile, (-1, 0): wt(0, W2101)}),
    )
    text = cr.to_json(state)
    assert cr.from_json(text, strict=False) == state
    assert cr.from_json(text, strict=False).board[(1, 0)] == tile
    document = json.loads(text)
    tiles = {tuple(entry["square"]): entry["tile"] for entry in document["board"]}
    assert tiles[(1, 0)] == {"owner": 0, "type": "3-1-0-0", "rotation": 1, "foreman": True}
    assert tiles[(-1, 0)] == {"owner": 0, "type": "2-1-0-1", "rotation": 0}
    tiles[(1, 0)]["foreman"] = False
    document["board"] = [{"square": list(sq), "tile": t} for sq, t in tiles.items()]
    with pytest.raises(cr.FormatError, match="foreman: expected true"):
        cr.from_json(json.dumps(document), strict=False)
