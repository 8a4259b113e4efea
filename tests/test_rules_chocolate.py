"""The Chocolate module, and the jungle pools of every combination of modules.

Rules: R-CHOC-1 to R-CHOC-5, R-WATERING-1 and R-MODULES-1 (pools). The counts are written
out from the module set-ups (Chocolatl rules p.2; start tiles included), not read from the
engine's tables.

The action positions follow tests/test_rules_actions.py: a jungle tile lies on (1, -1) and
seat 0 of 3 places a tile on (1, 0) whose north edge holds 1, 2 or 3 workers facing it
(1-1-1-1, 2-1-0-1 or 3-1-0-0 at rotation 0).
"""

from __future__ import annotations

import pytest

import cacao_rules as cr
from cacao_rules import Side
from helpers_modules import (
    CHOC_MARKET,
    CHOCOLATE,
    HUTS,
    KITCHEN,
    MAP,
    WATER_MODULE,
    config,
    jungle_counts,
    names,
)
from helpers_positions import M2, M3, M4, P1, P2, SUN, TEMPLE, W1111, W2101, W3100, of_type

HUB = (1, 0)
TILE_BY_WORKERS = {1: W1111, 2: W2101, 3: W3100}
CHOC3 = config(3, CHOCOLATE)

# R-CHOC-1, R-WATERING-1, R-MODULES-1: the pools of the module set-ups (Chocolatl p.2) ------

BASE_3_4 = {"P1": 6, "P2": 2, "M2": 2, "M3": 4, "M4": 1, "G1": 2, "G2": 1, "W": 3, "S": 2, "T": 5}
BASE_2 = {"P1": 4, "P2": 2, "M2": 2, "M3": 3, "M4": 1, "G1": 1, "G2": 1, "W": 2, "S": 1, "T": 4}
WATERING_3_4 = {
    "P1": 5, "M2": 2, "M3": 4, "M4": 1, "G1": 2, "G2": 1, "W": 3, "S": 2, "T": 5, "I": 3,
}  # fmt: skip
WATERING_2 = {
    "P1": 4, "M2": 2, "M3": 3, "M4": 1, "G1": 1, "G2": 1, "W": 2, "S": 1, "T": 4, "I": 2,
}  # fmt: skip
CHOCOLATE_3_4 = {
    "P1": 6, "P2": 2, "M2": 2, "M3": 1, "M4": 1, "W": 3, "S": 2, "T": 5, "K": 3, "C": 3,
}  # fmt: skip
CHOCOLATE_2 = {
    "P1": 4, "P2": 2, "M2": 2, "M3": 1, "M4": 1, "W": 2, "S": 1, "T": 4, "K": 2, "C": 2,
}  # fmt: skip
BOTH_3_4 = {
    "P1": 5, "M2": 2, "M3": 1, "M4": 1, "W": 3, "S": 2, "T": 5, "I": 3, "K": 3, "C": 3,
}  # fmt: skip
BOTH_2 = {
    "P1": 4, "M2": 2, "M3": 1, "M4": 1, "W": 2, "S": 1, "T": 4, "I": 2, "K": 2, "C": 2,
}  # fmt: skip

POOLS = {
    # (watering, chocolate, two players): the whole jungle set
    (False, False, False): BASE_3_4,
    (False, False, True): BASE_2,
    (True, False, False): WATERING_3_4,
    (True, False, True): WATERING_2,
    (False, True, False): CHOCOLATE_3_4,
    (False, True, True): CHOCOLATE_2,
    (True, True, False): BOTH_3_4,
    (True, True, True): BOTH_2,
}
POOL_CASES = [
    (players, watering, chocolate, extra)
    for players in (2, 3, 4)
    for watering in (False, True)
    for chocolate in (False, True)
    for extra in ((), (MAP,), (HUTS,), (MAP, HUTS))
]


@pytest.mark.rule("R-MODULES-1", "R-WATERING-1", "R-CHOC-1")
@pytest.mark.parametrize(("players", "watering", "chocolate", "extra"), POOL_CASES)
def test_jungle_pool_of_every_module_combination(
    players: int, watering: bool, chocolate: bool, extra: tuple[cr.Module, ...]
) -> None:
    modules = [*extra]
    if watering:
        modules.append(WATER_MODULE)
    if chocolate:
        modules.append(CHOCOLATE)
    state = cr.new_game(config(players, *modules), seed=17)
    counts = jungle_counts(state)
    assert counts == POOLS[(watering, chocolate, players == 2)]
    assert counts.total() == (21 if players == 2 else 28)


@pytest.mark.rule("R-CHOC-1")
def test_two_player_chocolate_pool_has_no_gold_mine_and_one_price_3_market() -> None:
    counts = jungle_counts(cr.new_game(config(2, CHOCOLATE), seed=4))
    assert (counts["G1"], counts["G2"], counts["M3"]) == (0, 0, 1)
    # The third kitchen and the third chocolate market stay in the box.
    assert (counts["K"], counts["C"]) == (2, 2)


# Positions -------------------------------------------------------------------------------


def _edge(
    jungle: cr.JungleTile, workers: int, player: cr.PlayerState, cfg: cr.Config = CHOC3
) -> cr.State:
    """Seat 0 of 3 has just placed a tile with ``workers`` workers facing ``jungle``."""
    kind = TILE_BY_WORKERS[workers]
    state = cr.position(
        cfg,
        board={(1, -1): jungle},
        players=[
            player.replace(hand=(kind,)),
            cr.PlayerState(hand=(W1111,)),
            cr.PlayerState(hand=(W1111,)),
        ],
        jungle_pile=[TEMPLE] * 2,
    )
    return cr.apply(state, cr.Place(kind, HUB, 0))


def _offered(*uses: str) -> list[str]:
    return [f"resolve 1,0 N {use}" for use in uses]


def _resolve(state: cr.State, workers: int, bars: int = 0) -> tuple[cr.PlayerState, list[cr.Event]]:
    after, events = cr.step(state, cr.Resolve(HUB, Side.N, workers, bars))
    changes: list[cr.Event] = [
        e for e in events if isinstance(e, cr.Gained | cr.Spent) and e.amount
    ]
    return after.players[0], changes


# R-CHOC-2 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-CHOC-2", "R-CHOC-4")
def test_kitchen_turns_cacao_into_bars_in_the_same_space() -> None:
    state = _edge(KITCHEN, 2, cr.PlayerState(cacao=3))
    assert names(state) == _offered("0", "1", "2")
    player, events = _resolve(state, 2)
    assert (player.cacao, player.chocolate) == (1, 2)
    assert player.cacao + player.chocolate == 3
    assert events == [
        cr.Spent(0, cr.Resource.CACAO, 2),
        cr.Gained(0, cr.Resource.CHOCOLATE, 2),
    ]


@pytest.mark.rule("R-CHOC-2", "R-DECIDE-2")
def test_kitchen_uses_only_workers_that_have_a_cacao() -> None:
    state = _edge(KITCHEN, 3, cr.PlayerState(cacao=1, chocolate=2))
    assert names(state) == _offered("0", "1")
    with pytest.raises(cr.IllegalMoveError, match="the player holds 1 cacao"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 2))
    player, _ = _resolve(state, 1)
    assert (player.cacao, player.chocolate) == (0, 3)


@pytest.mark.rule("R-CHOC-2", "R-ACT-7")
def test_kitchen_without_cacao_is_resolved_by_the_engine() -> None:
    state = _edge(KITCHEN, 2, cr.PlayerState(chocolate=2))
    assert state.current == 1
    assert state.players[0].chocolate == 2


@pytest.mark.rule("R-CHOC-2", "R-ACT-7")
def test_kitchen_waits_for_a_pending_plantation() -> None:
    # Seat 0's 1-1-1-1 on (1, 0) faces a kitchen (N) and a single plantation (S).
    state = cr.position(
        CHOC3,
        board={(1, -1): KITCHEN, (1, 1): P1},
        players=[cr.PlayerState(hand=(W1111,)), *[cr.PlayerState(hand=(W1111,))] * 2],
        jungle_pile=[TEMPLE] * 2,
    )
    state = cr.apply(state, cr.Place(W1111, HUB, 0))
    assert names(state) == ["resolve 1,0 N 0", "resolve 1,0 S 0", "resolve 1,0 S 1"]
    state = cr.apply(state, cr.Resolve(HUB, Side.S, 1))
    assert names(state) == _offered("0", "1")
    state = cr.apply(state, cr.Resolve(HUB, Side.N, 1))
    assert (state.players[0].cacao, state.players[0].chocolate) == (0, 1)


def _two_players_placing(
    board: dict[tuple[int, int], cr.JungleTile], player: cr.PlayerState, at: tuple[int, int]
) -> tuple[cr.State, tuple[cr.Event, ...]]:
    """Seat 0 of 2, holding what ``player`` holds, has just placed a 1-1-1-1 on ``at``;
    no chance is drawn (the jungle pile is left as the configuration has it)."""
    state = cr.position(
        config(2, CHOCOLATE),
        board=board,
        players=[player.replace(hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        seed=None,
    )
    return cr.step(state, cr.Place(W1111, at, 0))


@pytest.mark.rule("R-CHOC-2", "R-ACT-7")
def test_a_kitchen_frees_no_storage_room_for_a_full_plantation() -> None:
    # Storage full (4 cacao, 1 bar). The 1-1-1-1 on (-1, 0) faces the plantation (E) and a
    # kitchen (N): turning cacao into bars leaves the storage as full, so the plantation's
    # edge cannot matter and only the kitchen is asked.
    board = {(0, 0): P1, (1, 1): M2, (-1, -1): KITCHEN}
    state, events = _two_players_placing(board, cr.PlayerState(cacao=4, chocolate=1), (-1, 0))
    assert cr.EdgeResolved(0, (-1, 0), Side.E, 0, automatic=True) in events
    assert names(state) == ["resolve -1,0 N 0", "resolve -1,0 N 1"]


# R-CHOC-3 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-CHOC-3", "R-DECIDE-2", "R-DECIDE-3")
def test_chocolate_market_lists_each_workers_and_bars_once() -> None:
    state = _edge(CHOC_MARKET, 2, cr.PlayerState(cacao=2, chocolate=2))
    assert names(state) == _offered("0", "1", "1 b1", "2", "2 b1", "2 b2")
    moves = cr.legal_moves(state)
    uses = [(m.workers, m.bars) for m in moves if isinstance(m, cr.Resolve)]
    assert uses == [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)]
    assert len(set(uses)) == len(uses)


@pytest.mark.rule("R-CHOC-3")
@pytest.mark.parametrize(
    ("workers", "bars", "gold", "cacao", "chocolate"),
    [
        (1, 0, 3, 1, 2),  # one cacao for 3
        (1, 1, 7, 2, 1),  # one bar for 7
        (2, 0, 6, 0, 2),
        (2, 1, 10, 1, 1),  # chosen worker by worker: a cacao and a bar
        (2, 2, 14, 2, 0),
    ],
)
def test_chocolate_market_prices(
    workers: int, bars: int, gold: int, cacao: int, chocolate: int
) -> None:
    state = _edge(CHOC_MARKET, 2, cr.PlayerState(gold=1, cacao=2, chocolate=2))
    player, events = _resolve(state, workers, bars)
    assert (player.gold, player.cacao, player.chocolate) == (1 + gold, cacao, chocolate)
    assert cr.Gained(0, cr.Resource.GOLD, gold) in events
    expected_spent = []
    if workers - bars:
        expected_spent.append(cr.Spent(0, cr.Resource.CACAO, workers - bars))
    if bars:
        expected_spent.append(cr.Spent(0, cr.Resource.CHOCOLATE, bars))
    assert of_type(events, cr.Spent) == expected_spent


@pytest.mark.rule("R-CHOC-3")
def test_chocolate_market_needs_the_goods_it_sells() -> None:
    state = _edge(CHOC_MARKET, 3, cr.PlayerState(chocolate=1))
    assert names(state) == _offered("0", "1 b1")
    with pytest.raises(cr.IllegalMoveError, match="holds 0 cacao and 1 chocolate bars"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 1))
    with pytest.raises(cr.IllegalMoveError, match="holds 0 cacao and 1 chocolate bars"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 2, bars=2))
    player, _ = _resolve(state, 1, 1)
    assert (player.gold, player.chocolate) == (7, 0)


@pytest.mark.rule("R-CHOC-3")
def test_chocolate_market_with_cacao_only() -> None:
    state = _edge(CHOC_MARKET, 3, cr.PlayerState(cacao=2))
    assert names(state) == _offered("0", "1", "2")


@pytest.mark.rule("R-CHOC-3", "R-ACT-7")
def test_chocolate_market_with_nothing_to_sell_is_resolved_by_the_engine() -> None:
    state = cr.position(
        CHOC3,
        board={(1, -1): CHOC_MARKET},
        players=[cr.PlayerState(hand=(W2101,)), *[cr.PlayerState(hand=(W1111,))] * 2],
        jungle_pile=[TEMPLE] * 2,
    )
    state, events = cr.step(state, cr.Place(W2101, HUB, 0))
    assert cr.EdgeResolved(0, HUB, Side.N, 0, automatic=True) in events
    assert state.current == 1


@pytest.mark.rule("R-CHOC-3", "R-ACT-7")
def test_a_chocolate_market_brings_no_cacao_to_a_market_or_kitchen() -> None:
    # No cacao, 1 bar. The 1-1-1-1 on (2, 1) faces a kitchen (N), a chocolate market (E) and
    # the market (W): selling a bar brings no cacao, so the kitchen and the market cannot
    # matter and only the chocolate market is asked, as without it.
    board = {(0, 0): P1, (1, 1): M2, (2, 0): KITCHEN, (3, 1): CHOC_MARKET}
    state, events = _two_players_placing(board, cr.PlayerState(chocolate=1), (2, 1))
    automatic = [event for event in of_type(events, cr.EdgeResolved) if event.automatic]
    assert [(event.side, event.used) for event in automatic] == [(Side.N, 0), (Side.W, 0)]
    assert names(state) == ["resolve 2,1 E 0", "resolve 2,1 E 1 b1"]


@pytest.mark.rule("R-CHOC-3", "R-CHOC-4", "R-ACT-7")
def test_a_chocolate_market_frees_storage_room_for_a_full_plantation() -> None:
    # Storage full (4 cacao, 1 bar). The 1-1-1-1 on (-1, 0) faces the plantation (E) and a
    # chocolate market (N): selling frees room, so the plantation is asked about too.
    board = {(0, 0): P1, (1, 1): M2, (-1, -1): CHOC_MARKET}
    state, events = _two_players_placing(board, cr.PlayerState(cacao=4, chocolate=1), (-1, 0))
    assert not of_type(events, cr.EdgeResolved)
    assert names(state)[-1] == "resolve -1,0 E 0"
    state = cr.apply(state, cr.Resolve((-1, 0), Side.N, 1, bars=1))
    assert names(state) == ["resolve -1,0 E 0", "resolve -1,0 E 1"]


@pytest.mark.rule("R-CHOC-3")
def test_a_chocolate_market_reports_only_what_was_sold() -> None:
    state = _edge(CHOC_MARKET, 2, cr.PlayerState(cacao=1, chocolate=1))
    _, events = cr.step(state, cr.Resolve(HUB, Side.N, 1, bars=1))
    assert of_type(events, cr.Spent) == [cr.Spent(0, cr.Resource.CHOCOLATE, 1)]
    _, events = cr.step(state, cr.Resolve(HUB, Side.N, 1))
    assert of_type(events, cr.Spent) == [cr.Spent(0, cr.Resource.CACAO, 1)]


@pytest.mark.rule("R-HUT-FARMER", "R-CHOC-2", "R-CHOC-3")
@pytest.mark.parametrize("tile", [KITCHEN, CHOC_MARKET], ids=["kitchen", "chocolate-market"])
def test_a_kitchen_or_chocolate_market_stores_nothing_for_the_farmer(tile: cr.JungleTile) -> None:
    # A Farmer owner's 1-1-1-1 on (1, 0) faces a double plantation (E), the start plantation
    # (W), the start market (S) and ``tile`` (N): 3 cacao go into storage, and using ``tile``
    # puts none there, so the count stays 3 and no extra fruit comes.
    state = cr.position(
        config(3, CHOCOLATE, HUTS),
        board={(0, 0): P1, (1, 1): M2, (2, 0): P2, (1, -1): tile},
        players=[
            cr.PlayerState(hand=(W1111,), huts=(cr.Hut.FARMER,)),
            *[cr.PlayerState(hand=(W1111,))] * 2,
        ],
        jungle_pile=[TEMPLE] * 2,
    )
    state = cr.apply(state, cr.Place(W1111, HUB, 0))
    for move in (cr.Resolve(HUB, Side.E, 1), cr.Resolve(HUB, Side.W, 1)):
        state = cr.apply(state, move)
    state, events = cr.step(state, cr.Resolve(HUB, Side.N, 1))
    while state.to_move == 0 and isinstance(state.step, cr.ResolveStep):
        state, more = cr.step(state, cr.legal_moves(state)[0])
        events += more
    assert not [e for e in events if isinstance(e, cr.HutUsed) and e.hut is cr.Hut.FARMER]
    assert state.players[0].cacao + state.players[0].chocolate == 3 - (tile is CHOC_MARKET)


@pytest.mark.rule("R-CHOC-3", "R-CHOC-2", "R-ACT-5")
def test_kitchen_then_chocolate_market_in_one_turn() -> None:
    # Seat 0's 1-1-1-1 on (1, 0) faces a kitchen (N) and a chocolate market (S).
    state = cr.position(
        CHOC3,
        board={(1, -1): KITCHEN, (1, 1): CHOC_MARKET},
        players=[cr.PlayerState(hand=(W1111,), cacao=1), *[cr.PlayerState(hand=(W1111,))] * 2],
        jungle_pile=[TEMPLE] * 2,
    )
    state = cr.apply(state, cr.Place(W1111, HUB, 0))
    state = cr.apply(state, cr.Resolve(HUB, Side.N, 1))
    assert names(state) == ["resolve 1,0 S 0", "resolve 1,0 S 1 b1"]
    state = cr.apply(state, cr.Resolve(HUB, Side.S, 1, bars=1))
    assert (state.players[0].gold, state.players[0].cacao, state.players[0].chocolate) == (7, 0, 0)


# R-CHOC-4 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-CHOC-4", "R-STORAGE-1")
def test_bars_take_storage_from_plantations() -> None:
    state = _edge(P2, 2, cr.PlayerState(cacao=1, chocolate=3))
    assert names(state) == _offered("0", "1")
    player, events = _resolve(state, 1)
    assert (player.cacao, player.chocolate) == (2, 3)
    assert events == [cr.Gained(0, cr.Resource.CACAO, 1, wasted=1)]


@pytest.mark.rule("R-CHOC-4", "R-ACT-7")
def test_storage_full_of_bars_makes_a_plantation_dead() -> None:
    state = _edge(P1, 1, cr.PlayerState(chocolate=5))
    assert state.current == 1
    assert (state.players[0].cacao, state.players[0].chocolate) == (0, 5)


@pytest.mark.rule("R-CHOC-4", "R-ACT-7")
def test_bars_alone_fill_the_storage_of_a_plantation_next_to_a_sun_site() -> None:
    # A 1-1-1-1 on (1, 0) faces the sun site (S) and a plantation (W), with no cacao: 5 bars
    # leave the plantation dead, no bar leaves it room. Asked one after the other, each
    # holding gets its own answer.
    for bars, expected in [
        (0, ["resolve 1,0 S 0", "resolve 1,0 S 1", "resolve 1,0 W 0", "resolve 1,0 W 1"]),
        (5, ["resolve 1,0 S 0", "resolve 1,0 S 1"]),
    ]:
        state = cr.position(
            config(2, CHOCOLATE),
            board={(0, 0): P1, (1, 1): SUN},
            players=[cr.PlayerState(chocolate=bars, hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        )
        state = cr.apply(state, cr.Place(W1111, HUB, 0))
        assert names(state) == expected


@pytest.mark.rule("R-CHOC-4", "R-WATERING-3")
def test_bars_take_storage_from_watering() -> None:
    cfg = config(3, CHOCOLATE, WATER_MODULE)
    watering = cr.JungleTile.from_code("I")
    state = _edge(watering, 1, cr.PlayerState(water_field=3, chocolate=4), cfg)
    player, events = _resolve(state, 1)
    assert (player.cacao, player.chocolate, player.water) == (1, 4, -1)
    assert cr.Gained(0, cr.Resource.CACAO, 1, wasted=3) in events


@pytest.mark.rule("R-CHOC-4")
def test_a_position_with_more_than_five_in_storage_is_refused() -> None:
    with pytest.raises(cr.ConfigError, match="holds 5 together"):
        cr.position(CHOC3, players=[cr.PlayerState(hand=(W1111,), cacao=2, chocolate=4)] * 3)


# R-CHOC-5 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-CHOC-5", "R-ACT-MARKET")
@pytest.mark.parametrize("market", [M2, M3, M4])
def test_base_markets_never_buy_bars(market: cr.JungleTile) -> None:
    state = _edge(market, 2, cr.PlayerState(cacao=1, chocolate=2))
    assert names(state) == _offered("0", "1")
    with pytest.raises(cr.IllegalMoveError, match="is not offered"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 1, bars=1))
    with pytest.raises(cr.IllegalMoveError, match="is not offered"):
        cr.apply(state, cr.Resolve(HUB, Side.N, 2))


@pytest.mark.rule("R-CHOC-5", "R-ACT-7")
def test_a_base_market_with_only_bars_is_resolved_by_the_engine() -> None:
    state = _edge(M4, 2, cr.PlayerState(chocolate=3))
    assert state.current == 1
    assert (state.players[0].gold, state.players[0].chocolate) == (0, 3)


def _finished(*players: cr.PlayerState) -> cr.State:
    return cr.position(config(len(players), CHOCOLATE), players=list(players))


@pytest.mark.rule("R-CHOC-5", "R-SCORE-9")
def test_leftover_bars_earn_nothing() -> None:
    state = _finished(cr.PlayerState(gold=9, chocolate=5), cr.PlayerState(gold=9))
    assert state.is_over
    with_bars, without = cr.final_scores(state)
    assert with_bars.total == without.total == 9 - 10
    assert with_bars.breakdown == without.breakdown
    assert cr.winners(state) == (0, 1)


@pytest.mark.rule("R-CHOC-5", "R-SCORE-9")
def test_bars_are_not_a_tiebreak() -> None:
    state = _finished(cr.PlayerState(gold=9, chocolate=4), cr.PlayerState(gold=9, cacao=1))
    sheets = cr.final_scores(state)
    assert [sheet.cacao for sheet in sheets] == [0, 1]
    assert cr.winners(state) == (1,)
    state = _finished(cr.PlayerState(gold=9, cacao=1, chocolate=4), cr.PlayerState(gold=9, cacao=1))
    assert cr.winners(state) == (0, 1)
