"""The Watering module: its jungle tiles, its start tiles and the watering action.

Rules: R-WATERING-1 to R-WATERING-3 (the pools of every module combination are in
tests/test_rules_chocolate.py). The counts are written out from the base rules p.1-2
and the Chocolatl rules p.2, not read from the engine's tables.

The watering positions follow tests/test_rules_actions.py: a watering tile lies on (1, -1)
and seat 0 of 3 places a tile on (1, 0) whose north edge holds 1, 2 or 3 workers facing it
(1-1-1-1, 2-1-0-1 or 3-1-0-0 at rotation 0).
"""

from __future__ import annotations

from collections import Counter

import pytest

import cacao_rules as cr
from cacao_rules import JungleKind, Side
from helpers_modules import CHOCOLATE, MAP, WATER_MODULE, WATERING, config, jungle_counts, names
from helpers_positions import P1, TEMPLE, W1111, W2101, W3100, WATER, of_type

HUB = (1, 0)
TILE_BY_WORKERS = {1: W1111, 2: W2101, 3: W3100}
WATERING3 = config(3, WATER_MODULE)


def _watering_edge(workers: int, player: cr.PlayerState) -> cr.State:
    """Seat 0 of 3 has just placed a tile with ``workers`` workers facing a watering tile."""
    kind = TILE_BY_WORKERS[workers]
    state = cr.position(
        WATERING3,
        board={(1, -1): WATERING},
        players=[
            player.replace(hand=(kind,)),
            cr.PlayerState(hand=(W1111,)),
            cr.PlayerState(hand=(W1111,)),
        ],
        jungle_pile=[TEMPLE] * 2,
    )
    return cr.apply(state, cr.Place(kind, HUB, 0))


def _offered(*counts: int) -> list[str]:
    return [f"resolve 1,0 N {count}" for count in counts]


def _use(state: cr.State, workers: int) -> tuple[cr.PlayerState, list[cr.Event]]:
    after, events = cr.step(state, cr.Resolve(HUB, Side.N, workers))
    return after.players[0], [e for e in events if isinstance(e, cr.Gained | cr.Spent)]


# R-WATERING-1 ------------------------------------------------------------------------------


@pytest.mark.rule("R-WATERING-1")
@pytest.mark.parametrize("players", [3, 4])
def test_three_watering_tiles_replace_a_single_and_both_double_plantations(players: int) -> None:
    state = cr.new_game(config(players, WATER_MODULE), seed=3)
    counts = jungle_counts(state)
    assert counts.total() == 28
    assert (counts["I"], counts["P1"], counts["P2"]) == (3, 5, 0)


@pytest.mark.rule("R-WATERING-1")
def test_two_players_swap_only_the_double_plantations() -> None:
    state = cr.new_game(config(2, WATER_MODULE), seed=3)
    counts = jungle_counts(state)
    assert counts.total() == 21
    # Chocolatl rules p.2: the third watering tile stays in the box; the 4 single plantations stay.
    assert (counts["I"], counts["P1"], counts["P2"]) == (2, 4, 0)


# R-WATERING-2 ------------------------------------------------------------------------------

# The pool (Chocolatl rules p.2) less the start tiles P1 and W: the draw pile before any
# jungle tile is dealt.
PILE_3_4 = {"P1": 4, "M2": 2, "M3": 4, "M4": 1, "G1": 2, "G2": 1, "W": 2, "S": 2, "T": 5, "I": 3}
PILE_2 = {"P1": 3, "M2": 2, "M3": 3, "M4": 1, "G1": 1, "G2": 1, "W": 1, "S": 1, "T": 4, "I": 2}


@pytest.mark.rule("R-WATERING-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_tiles_are_a_plantation_and_a_plain_water_tile(players: int) -> None:
    state = cr.new_game(config(players, WATER_MODULE), seed=8)
    assert dict(state.board) == {(0, 0): P1, (1, 1): WATER}
    start = state.board[(1, 1)]
    assert isinstance(start, cr.JungleTile)
    assert start.kind is JungleKind.WATER
    assert start != WATERING


@pytest.mark.rule("R-WATERING-2")
@pytest.mark.parametrize(("players", "pile"), [(2, PILE_2), (3, PILE_3_4), (4, PILE_3_4)])
def test_the_price_2_market_is_shuffled_into_the_pile(players: int, pile: dict[str, int]) -> None:
    state = cr.new_game(config(players, WATER_MODULE), seed=None)
    for _ in range(3 * players):  # deal the hands only
        state = cr.apply(state, cr.legal_moves(state)[0])
    assert isinstance(cr.legal_moves(state)[0], cr.DrawJungle)
    counts = Counter({tile.code: count for tile, count in state.jungle_pile.items})
    assert counts == pile
    assert counts.total() == (19 if players == 2 else 26)


@pytest.mark.rule("R-WATERING-2", "R-MODULES-1")
@pytest.mark.parametrize("modules", [(CHOCOLATE,), (MAP,), (MAP, CHOCOLATE)])
def test_watering_start_tiles_with_other_modules(modules: tuple[cr.Module, ...]) -> None:
    state = cr.new_game(config(3, WATER_MODULE, *modules), seed=8)
    assert dict(state.board) == {(0, 0): P1, (1, 1): WATER}
    assert jungle_counts(state)["M2"] == 2


@pytest.mark.rule("R-WATERING-2")
def test_without_watering_the_start_market_stays() -> None:
    state = cr.new_game(config(3, CHOCOLATE), seed=8)
    assert dict(state.board) == {(0, 0): P1, (1, 1): cr.JungleTile.from_code("M2")}


# R-WATERING-3 ------------------------------------------------------------------------------


@pytest.mark.rule("R-WATERING-3")
def test_each_worker_moves_the_carrier_back_for_four_cacao() -> None:
    state = _watering_edge(1, cr.PlayerState(water_field=2))  # on -1
    assert names(state) == _offered(0, 1)
    player, events = _use(state, 1)
    assert (player.water_field, player.water, player.cacao) == (1, -4, 4)
    assert events == [
        cr.Spent(0, cr.Resource.WATER, 1),
        cr.Gained(0, cr.Resource.CACAO, 4),
    ]


@pytest.mark.rule("R-WATERING-3", "R-STORAGE-1")
def test_cacao_beyond_the_storage_is_wasted() -> None:
    state = _watering_edge(1, cr.PlayerState(water_field=4, cacao=3))
    player, events = _use(state, 1)
    assert (player.water_field, player.cacao) == (3, 5)
    assert events == [
        cr.Spent(0, cr.Resource.WATER, 1),
        cr.Gained(0, cr.Resource.CACAO, 2, wasted=2),
    ]


@pytest.mark.rule("R-WATERING-3", "R-STORAGE-1")
def test_two_workers_move_back_two_fields_and_waste_three_cacao() -> None:
    state = _watering_edge(2, cr.PlayerState(water_field=5))  # on 4
    assert names(state) == _offered(0, 1, 2)
    player, events = _use(state, 2)
    assert (player.water, player.cacao) == (0, 5)
    assert events == [
        cr.Spent(0, cr.Resource.WATER, 2),
        cr.Gained(0, cr.Resource.CACAO, 5, wasted=3),
    ]


@pytest.mark.rule("R-WATERING-3", "R-ACT-4")
def test_workers_may_be_left_unused() -> None:
    state = _watering_edge(3, cr.PlayerState(water_field=6))  # on 7
    assert names(state) == _offered(0, 1, 2, 3)
    player, _ = _use(state, 1)
    assert (player.water, player.cacao) == (4, 4)
    player, events = _use(state, 0)
    assert (player.water, player.cacao) == (7, 0)
    assert events == []


@pytest.mark.rule("R-WATERING-3", "R-STORAGE-1")
def test_watering_with_full_storage_still_moves_the_carrier() -> None:
    state = _watering_edge(1, cr.PlayerState(water_field=3, cacao=5))
    assert names(state) == _offered(0, 1)
    player, events = _use(state, 1)
    assert (player.water, player.cacao) == (-1, 5)
    assert events == [
        cr.Spent(0, cr.Resource.WATER, 1),
        cr.Gained(0, cr.Resource.CACAO, 0, wasted=4),
    ]


@pytest.mark.rule("R-WATERING-3")
def test_the_carrier_cannot_move_back_past_minus_ten() -> None:
    state = _watering_edge(3, cr.PlayerState(water_field=1))  # on -4
    assert names(state) == _offered(0, 1)
    with pytest.raises(cr.IllegalMoveError, match="the carrier is 1 fields from the first one"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 2))
    player, _ = _use(state, 1)
    assert (player.water, player.cacao) == (-10, 4)


@pytest.mark.rule("R-WATERING-3", "R-ACT-7")
def test_a_carrier_on_minus_ten_gets_nothing_and_the_edge_is_resolved_by_the_engine() -> None:
    state = cr.position(
        WATERING3,
        board={(1, -1): WATERING},
        players=[
            cr.PlayerState(hand=(W2101,)),
            cr.PlayerState(hand=(W1111,)),
            cr.PlayerState(hand=(W1111,)),
        ],
        jungle_pile=[TEMPLE] * 2,
    )
    state, events = cr.step(state, cr.Place(W2101, HUB, 0))
    assert cr.EdgeResolved(0, HUB, Side.N, 0, automatic=True) in events
    assert of_type(events, cr.Gained) == []
    assert state.current == 1
    assert (state.players[0].water, state.players[0].cacao) == (-10, 0)


@pytest.mark.rule("R-WATERING-3", "R-ACT-7")
def test_on_minus_ten_watering_waits_for_a_pending_water_edge() -> None:
    # Seat 0's 1-1-1-1 on (1, 0) faces the watering tile (N) and a water tile (S).
    state = cr.position(
        WATERING3,
        board={(1, -1): WATERING, (1, 1): WATER},
        players=[
            cr.PlayerState(hand=(W1111,)),
            cr.PlayerState(hand=(W1111,)),
            cr.PlayerState(hand=(W1111,)),
        ],
        jungle_pile=[TEMPLE] * 2,
    )
    state = cr.apply(state, cr.Place(W1111, HUB, 0))
    assert names(state) == ["resolve 1,0 N 0", "resolve 1,0 S 0", "resolve 1,0 S 1"]
    state = cr.apply(state, cr.Resolve(HUB, Side.S, 1))
    assert state.players[0].water == -4
    assert names(state) == _offered(0, 1)
    state = cr.apply(state, cr.Resolve(HUB, Side.N, 1))
    assert (state.players[0].water, state.players[0].cacao) == (-10, 4)


@pytest.mark.rule("R-WATERING-3", "R-ACT-7")
def test_watering_frees_no_storage_room_for_a_full_plantation() -> None:
    # Storage full (5 cacao), carrier on field 1. Seat 0 of 2's 1-1-1-1 on (-1, 0) faces the
    # plantation (E) and a watering tile (N): watering only adds cacao, so the plantation's
    # edge cannot matter and only the watering tile is asked.
    state = cr.position(
        config(2, WATER_MODULE),
        board={(0, 0): P1, (1, 1): WATER, (-1, -1): WATERING},
        players=[
            cr.PlayerState(hand=(W1111,), cacao=5, water_field=1),
            cr.PlayerState(hand=(W1111,)),
        ],
        seed=None,
    )
    state, events = cr.step(state, cr.Place(W1111, (-1, 0), 0))
    assert cr.EdgeResolved(0, (-1, 0), Side.E, 0, automatic=True) in events
    assert names(state) == ["resolve -1,0 N 0", "resolve -1,0 N 1"]


@pytest.mark.rule("R-WATERING-3", "R-SCORE-7")
def test_watering_costs_the_water_score() -> None:
    state = _watering_edge(1, cr.PlayerState(water_field=8))  # on 16
    state = cr.apply(state, cr.Resolve(HUB, Side.N, 1))
    sheet = cr.final_scores(state)[0]
    assert sheet.breakdown["water"] == 11
    assert state.players[0].cacao == 4
