"""The Hut module: the tiles, their sides at setup, agreed selections, building and scoring.

Rules: R-HUT-1 to R-HUT-4, with R-CHANCE-3 and R-DECIDE-1 where huts change the setup and
the turn, and the end-of-game bonuses R-HUT-HERMIT, R-HUT-ROAD-WORKER, R-HUT-TRADER,
R-HUT-MONK, R-HUT-MASTER-BUILDER, R-HUT-FOUNTAIN-MASTER and R-HUT-CHIEF-FAMILY. The effects
during play are in ``test_rules_huts_play.py``.

Building tests use a quiet turn: seat 0, with no cacao, puts a 1-1-1-1 on (2, 1), whose only
jungle neighbour is the start market M2 on (1, 1), so nothing happens but the end of the turn
(the seeded worker draw and display refill), after which the hut may be built.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

import cacao_rules as cr
from cacao_rules import Side
from cacao_rules.game.components import HUT_COSTS, HUT_TILES, Hut
from cacao_rules.game.events import HutBuilt, HutSideUp
from cacao_rules.game.moves import BuildHut, HutSide, PassHut
from helpers_huts import HUTS_2P, hut_events, hut_position, names
from helpers_positions import (
    TEMPLE,
    W1111,
    W2101,
    W3001,
    W3100,
    Board,
    of_type,
    parked,
    start_board,
    whole_set,
    without,
    wt,
)

QUIET = cr.Place(W1111, (2, 1), 0)
"""A placement with no effect: its only jungle neighbour is M2 and seat 0 has no cacao."""

# Chocolatl rules p.3-4: function and cost, in the rulebook's order.
COSTS: list[tuple[Hut, int]] = [
    (Hut.MARKET_CRIER, 4),
    (Hut.HERMIT, 6),
    (Hut.ROAD_WORKER, 6),
    (Hut.TRADER, 6),
    (Hut.FARMER, 8),
    (Hut.SHAMAN, 8),
    (Hut.MONK, 10),
    (Hut.MASTER_BUILDER, 10),
    (Hut.FOREMAN, 12),
    (Hut.FOUNTAIN_MASTER, 12),
    (Hut.CHIEFS_DAUGHTER, 14),
    (Hut.CHIEFS_SON, 16),
    (Hut.CHIEFS_WIFE, 20),
    (Hut.CHIEF, 24),
]

# R-HUT-1 (see its ruling: a secondary source): the physical side pairs, tile 1 to tile 12,
# as (side A, side B).
TILES: list[tuple[Hut, Hut]] = [
    (Hut.MARKET_CRIER, Hut.HERMIT),
    (Hut.TRADER, Hut.FARMER),
    (Hut.HERMIT, Hut.MARKET_CRIER),
    (Hut.ROAD_WORKER, Hut.SHAMAN),
    (Hut.SHAMAN, Hut.MASTER_BUILDER),
    (Hut.FARMER, Hut.MONK),
    (Hut.MASTER_BUILDER, Hut.CHIEFS_SON),
    (Hut.MONK, Hut.CHIEFS_DAUGHTER),
    (Hut.FOREMAN, Hut.ROAD_WORKER),
    (Hut.FOUNTAIN_MASTER, Hut.TRADER),
    (Hut.CHIEFS_WIFE, Hut.FOUNTAIN_MASTER),
    (Hut.CHIEF, Hut.FOREMAN),
]


def supply_of(state: cr.State) -> list[Hut]:
    return list(state.hut_supply.elements())


def quiet_turn(
    gold: int,
    supply: list[Hut],
    *,
    huts: tuple[Hut, ...] = (),
    seat1: cr.PlayerState | None = None,
) -> tuple[cr.State, tuple[cr.Event, ...]]:
    """Seat 0 with ``gold`` and ``huts`` plays the quiet placement; the state after it."""
    state = hut_position(cr.PlayerState(gold=gold, huts=huts), supply=supply, seat1=seat1)
    return cr.step(state, QUIET)


# R-HUT-1: the tiles ------------------------------------------------------------------------


@pytest.mark.rule("R-HUT-1")
def test_fourteen_functions_and_their_costs() -> None:
    assert list(Hut) == [hut for hut, _ in COSTS]
    assert dict(COSTS) == HUT_COSTS
    assert [hut.cost for hut in Hut] == [cost for _, cost in COSTS]


@pytest.mark.rule("R-HUT-1")
def test_the_huts_fixed_order_is_by_cost() -> None:
    """The supply is kept in the huts' fixed order, and the huts a player may build are read
    in it up to the first they cannot afford: so that order must never put a dearer hut
    before a cheaper one."""
    costs = [hut.cost for hut in sorted(Hut, key=lambda hut: hut.sort_key)]
    assert costs == sorted(costs)


@pytest.mark.rule("R-HUT-1")
def test_twelve_double_sided_tiles() -> None:
    assert list(HUT_TILES) == TILES
    sides = [hut for tile in TILES for hut in tile]
    # Each function but the chief's family is on two tiles, the chief's family on one.
    chiefs = {Hut.CHIEFS_DAUGHTER, Hut.CHIEFS_SON, Hut.CHIEFS_WIFE, Hut.CHIEF}
    assert {hut: sides.count(hut) for hut in Hut} == {hut: 1 if hut in chiefs else 2 for hut in Hut}
    # Side A shows the 12 functions of the rulebook's picture, costs 4 to 24.
    assert sorted(a.cost for a, _ in TILES) == [4, 6, 6, 6, 8, 8, 10, 10, 12, 12, 20, 24]


# R-HUT-1, R-CHANCE-3: random sides at setup -------------------------------------------------


@pytest.mark.rule("R-HUT-1", "R-CHANCE-3")
def test_unseeded_setup_drops_the_twelve_tiles_in_order_before_the_hands() -> None:
    state = cr.new_game(cr.Config(players=3, modules={cr.Module.HUTS}), seed=None)
    chosen: list[Hut] = []
    for index, (a, b) in enumerate(TILES):
        assert state.is_chance
        assert set(cr.chance_outcomes(state)) == {
            (HutSide(a), Fraction(1, 2)),
            (HutSide(b), Fraction(1, 2)),
        }
        assert set(cr.legal_moves(state)) == {HutSide(a), HutSide(b)}
        assert all(player.hand == () for player in state.players)
        pick = (a, b)[index % 2]
        state, events = cr.step(state, HutSide(pick))
        assert events == (HutSideUp(pick),)
        chosen.append(pick)
    # Then the hands, seat 0 first (R-CHANCE-3).
    assert state.is_chance
    assert all(isinstance(move, cr.DrawWorker) for move in cr.legal_moves(state))
    state = cr.apply(state, cr.legal_moves(state)[0])
    assert len(state.players[0].hand) == 1
    assert sorted(supply_of(state), key=lambda hut: hut.sort_key) == sorted(
        chosen, key=lambda hut: hut.sort_key
    )


@pytest.mark.rule("R-HUT-1")
def test_a_side_other_than_the_two_of_the_tile_is_refused() -> None:
    state = cr.new_game(cr.Config(players=2, modules={cr.Module.HUTS}), seed=None)
    with pytest.raises(cr.IllegalMoveError, match="not a possible outcome"):
        cr.apply(state, HutSide(Hut.CHIEF))  # tile 1 is Market crier / Hermit
    with pytest.raises(cr.IllegalMoveError, match="not a possible outcome"):
        cr.apply(state, cr.DrawWorker(W1111))  # the hands come after the huts


@pytest.mark.rule("R-HUT-1")
def test_a_function_can_land_face_up_twice() -> None:
    # Tile 1 on its B side and tile 3 on its A side: two Hermits, no Market crier.
    state = cr.new_game(cr.Config(players=2, modules={cr.Module.HUTS}), seed=None)
    for a, b in TILES:
        state = cr.apply(state, HutSide(b if (a, b) == TILES[0] else a))
    assert state.hut_supply.count(Hut.HERMIT) == 2
    assert state.hut_supply.count(Hut.MARKET_CRIER) == 0
    assert state.hut_supply.total == 12


@pytest.mark.rule("R-HUT-1", "R-CHANCE-3")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_seeded_setup_shows_one_side_of_every_tile(seed: int) -> None:
    state = cr.new_game(cr.Config(players=2, modules={cr.Module.HUTS}), seed=seed)
    supply = sorted(supply_of(state), key=lambda hut: hut.sort_key)
    possible = [sorted(sides, key=lambda hut: hut.sort_key) for sides in itertools.product(*TILES)]
    assert supply in possible
    assert state.to_move == 0
    assert all(len(player.hand) == 3 for player in state.players)


@pytest.mark.rule("R-HUT-1", "R-HUT-3")
def test_two_players_may_each_build_a_function_that_is_up_twice() -> None:
    seat1 = cr.PlayerState(hand=(W1111,), gold=6, cacao=5)
    state, _ = quiet_turn(6, [Hut.HERMIT, Hut.HERMIT], seat1=seat1)
    state = cr.apply(state, BuildHut(Hut.HERMIT))
    assert supply_of(state) == [Hut.HERMIT]
    # Seat 1's quiet turn: a 1-1-1-1 on (0, -1) faces only P1, and seat 1's storage is full.
    state = cr.apply(state, cr.Place(W1111, (0, -1), 0))
    assert names(state) == ["build hermit", "pass"]
    state, events = cr.step(state, BuildHut(Hut.HERMIT))
    assert hut_events(events) == [HutBuilt(1, Hut.HERMIT)]
    assert [player.huts for player in state.players] == [(Hut.HERMIT,), (Hut.HERMIT,)]
    assert supply_of(state) == []


# R-HUT-2: agreed selection -----------------------------------------------------------------


@pytest.mark.rule("R-HUT-2", "R-CHANCE-3")
def test_agreed_selection_is_the_supply_and_no_side_is_left_to_chance() -> None:
    config = cr.Config(
        players=2, modules={cr.Module.HUTS}, huts=[Hut.CHIEF, Hut.HERMIT, Hut.FOREMAN]
    )
    state = cr.new_game(config, seed=None)
    assert supply_of(state) == [Hut.HERMIT, Hut.FOREMAN, Hut.CHIEF]
    # The first chance node is seat 0's first hand tile.
    assert cr.chance_outcomes(state) == (
        (cr.DrawWorker(W1111), Fraction(4, 11)),
        (cr.DrawWorker(W2101), Fraction(5, 11)),
        (cr.DrawWorker(W3001), Fraction(1, 11)),
        (cr.DrawWorker(W3100), Fraction(1, 11)),
    )
    seeded = cr.new_game(config, seed=5)
    assert supply_of(seeded) == [Hut.HERMIT, Hut.FOREMAN, Hut.CHIEF]


@pytest.mark.rule("R-HUT-2")
def test_empty_agreed_selection_means_no_huts() -> None:
    config = cr.Config(players=2, modules={cr.Module.HUTS}, huts=[])
    state = cr.new_game(config, seed=None)
    assert supply_of(state) == []
    assert all(isinstance(move, cr.DrawWorker) for move in cr.legal_moves(state))


@pytest.mark.rule("R-HUT-2")
@pytest.mark.parametrize(
    ("modules", "huts", "message"),
    [
        ({cr.Module.HUTS}, [Hut.HERMIT, Hut.CHIEF, Hut.HERMIT], "names each hut once.*HERMIT"),
        (set(), [Hut.CHIEF], r"needs the Huts module \(Module.HUTS\)"),
        ({cr.Module.MAP}, [Hut.CHIEF], r"needs the Huts module \(Module.HUTS\)"),
    ],
    ids=["repeated", "no-module", "other-module"],
)
def test_bad_selection_is_a_config_error(modules: set[cr.Module], huts: Any, message: str) -> None:
    with pytest.raises(cr.ConfigError, match=message):
        cr.Config(players=2, modules=modules, huts=huts)


@pytest.mark.parametrize(
    ("huts", "message"),
    [
        (["hermit"], r"each of huts must be a cacao_rules.Hut \(.*\), got str 'hermit'"),
        ([Hut.CHIEF, 7], r"each of huts must be a cacao_rules.Hut \(.*\), got int 7"),
        ("chief", "huts must be None or a collection of cacao_rules.Hut, got str"),
    ],
    ids=["name-string", "not-a-hut", "bare-string"],
)
def test_a_selection_of_the_wrong_type_is_a_type_error(huts: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        cr.Config(players=2, modules={cr.Module.HUTS}, huts=huts)


def _showable_selections() -> set[frozenset[Hut]]:
    """Every set of functions that the 12 tiles can show face up at once, one side of each
    tile at most, found by trying every way to lay the tiles (side A, side B or left out)."""
    bit = {hut: 1 << index for index, hut in enumerate(Hut)}
    masks = {0}
    for side_a, side_b in HUT_TILES:
        masks |= {mask | bit[hut] for mask in masks for hut in (side_a, side_b)}
    return {frozenset(hut for hut in Hut if mask & bit[hut]) for mask in masks}


@pytest.mark.rule("R-HUT-2")
def test_a_selection_is_accepted_exactly_when_the_tiles_can_show_it() -> None:
    showable = _showable_selections()
    for size in range(len(Hut) + 1):
        for huts in itertools.combinations(Hut, size):
            try:
                cr.Config(players=2, modules={cr.Module.HUTS}, huts=huts)
            except cr.ConfigError as error:
                assert frozenset(huts) not in showable, f"{huts} refused: {error}"
                assert "face up" in str(error)
            else:
                assert frozenset(huts) in showable, f"{huts} accepted"
    # Both copies of a function may lie face up, but a selection names it once.
    assert frozenset(a for a, _ in HUT_TILES) in showable


@pytest.mark.rule("R-HUT-2")
@pytest.mark.parametrize(
    ("huts", "message"),
    [
        (
            # Any two of them fit; all six need tiles 4, 5, 7, 9 and 12 (accepted before).
            [
                Hut.SHAMAN,
                Hut.MASTER_BUILDER,
                Hut.ROAD_WORKER,
                Hut.FOREMAN,
                Hut.CHIEFS_SON,
                Hut.CHIEF,
            ],
            r"ROAD_WORKER, SHAMAN, MASTER_BUILDER, FOREMAN, CHIEFS_SON, CHIEF are found only on "
            r"5 tile\(s\) \(tile 4: ROAD_WORKER / SHAMAN; tile 5: SHAMAN / MASTER_BUILDER; "
            r"tile 7: MASTER_BUILDER / CHIEFS_SON; tile 9: FOREMAN / ROAD_WORKER; "
            r"tile 12: CHIEF / FOREMAN\), too few for 6 huts",
        ),
        (
            [
                Hut.MONK,
                Hut.CHIEFS_DAUGHTER,
                Hut.FARMER,
                Hut.TRADER,
                Hut.FOUNTAIN_MASTER,
                Hut.CHIEFS_WIFE,
            ],
            r"are found only on 5 tile\(s\)",
        ),
        (list(Hut), r"selection of 14 huts cannot lie face up at once"),
    ],
    ids=["chain-to-the-chief", "chain-to-the-chiefs-wife", "all-fourteen"],
)
def test_a_selection_the_tiles_cannot_show_is_a_config_error(huts: list[Hut], message: str) -> None:
    with pytest.raises(cr.ConfigError, match=message):
        cr.Config(players=2, modules={cr.Module.HUTS}, huts=huts)
    if len(huts) <= len(HUT_TILES):  # without one of them the rest fits
        cr.Config(players=2, modules={cr.Module.HUTS}, huts=huts[1:])


# R-HUT-3: building -------------------------------------------------------------------------


@pytest.mark.rule("R-HUT-3", "R-DECIDE-1")
def test_hut_is_offered_after_the_worker_draw_and_the_refill() -> None:
    state, events = quiet_turn(6, [Hut.MARKET_CRIER, Hut.HERMIT, Hut.MONK])
    kinds = [type(event) for event in events]
    assert kinds.index(cr.WorkerDrawn) < kinds.index(cr.DisplayFilled)
    assert of_type(events, cr.TurnStarted) == []
    assert (state.to_move, state.current) == (0, 0)
    assert not state.is_chance
    # The draw and the refill are done: seat 0 holds its new tile, the display is full.
    assert len(state.players[0].hand) == 1
    assert len(state.display) == cr.DISPLAY_SIZE
    assert names(state) == ["build market-crier", "build hermit", "pass"]


@pytest.mark.rule("R-HUT-3")
def test_building_pays_the_cost_and_ends_the_turn() -> None:
    state, _ = quiet_turn(11, [Hut.MARKET_CRIER, Hut.HERMIT, Hut.MONK, Hut.CHIEF])
    assert names(state) == ["build market-crier", "build hermit", "build monk", "pass"]
    after, events = cr.step(state, BuildHut(Hut.MONK))
    assert events == (
        cr.Spent(0, cr.Resource.GOLD, 10),
        HutBuilt(0, Hut.MONK),
        cr.TurnStarted(1),
    )
    assert after.players[0].gold == 1
    assert after.players[0].huts == (Hut.MONK,)
    assert supply_of(after) == [Hut.MARKET_CRIER, Hut.HERMIT, Hut.CHIEF]
    # At most one hut a turn: the turn has passed to seat 1.
    assert (after.current, after.to_move) == (1, 1)
    with pytest.raises(cr.IllegalMoveError, match="waits for seat 1 to place a worker tile"):
        cr.apply(after, BuildHut(Hut.MARKET_CRIER))


@pytest.mark.rule("R-HUT-3")
def test_passing_builds_nothing() -> None:
    state, _ = quiet_turn(6, [Hut.MARKET_CRIER, Hut.HERMIT])
    after, events = cr.step(state, PassHut())
    assert events == (cr.TurnStarted(1),)
    assert after.players[0].gold == 6
    assert after.players[0].huts == ()
    assert supply_of(after) == [Hut.MARKET_CRIER, Hut.HERMIT]


@pytest.mark.rule("R-HUT-3")
@pytest.mark.parametrize(
    ("hut", "message"),
    [
        (Hut.CHIEF, "a chief costs 24 gold and seat 0 holds 7"),
        (Hut.MONK, "no monk hut is left in the supply"),
        (Hut.HERMIT, "seat 0 already owns a hermit; nobody owns two huts with the same function"),
    ],
    ids=["unaffordable", "not-in-supply", "owned"],
)
def test_refused_builds_say_why(hut: Hut, message: str) -> None:
    # Both Hermits are up (tiles 1 and 3); seat 0 has built one of them.
    supply = [Hut.HERMIT, Hut.TRADER, Hut.CHIEF]
    state, _ = quiet_turn(7, supply, huts=(Hut.HERMIT,))
    assert names(state) == ["build trader", "pass"]
    with pytest.raises(cr.IllegalMoveError, match=message):
        cr.apply(state, BuildHut(hut))


@pytest.mark.rule("R-HUT-3")
def test_only_affordable_huts_are_offered() -> None:
    supply = [Hut.MARKET_CRIER, Hut.HERMIT, Hut.FARMER, Hut.MONK, Hut.CHIEFS_WIFE]
    offered = {gold: quiet_turn(gold, supply)[0] for gold in (4, 5, 8, 20)}
    assert names(offered[4]) == ["build market-crier", "pass"]
    assert names(offered[5]) == ["build market-crier", "pass"]
    assert names(offered[8]) == ["build market-crier", "build hermit", "build farmer", "pass"]
    assert names(offered[20]) == [
        "build market-crier",
        "build hermit",
        "build farmer",
        "build monk",
        "build chiefs-wife",
        "pass",
    ]


@pytest.mark.rule("R-HUT-3", "R-DECIDE-1")
@pytest.mark.parametrize(
    ("gold", "supply", "huts"),
    [
        (3, [Hut.MARKET_CRIER, Hut.CHIEF], ()),
        (30, [], ()),
        (30, [Hut.HERMIT], (Hut.HERMIT,)),
    ],
    ids=["too-poor", "empty-supply", "owned-already"],
)
def test_no_hut_decision_when_nothing_can_be_built(
    gold: int, supply: list[Hut], huts: tuple[Hut, ...]
) -> None:
    state, events = quiet_turn(gold, supply, huts=huts)
    assert events[-1] == cr.TurnStarted(1)
    assert state.to_move == 1
    assert not any(isinstance(event, cr.AutoDecision) for event in events)
    assert state.players[0].gold == gold


@pytest.mark.rule("R-HUT-3")
def test_only_gold_in_hand_pays() -> None:
    # 5 gold in hand, and 16 on the water track and 3 sun tokens that the final scoring
    # would count: the 6-gold huts stay out of reach.
    rich_later = cr.PlayerState(gold=5, water_field=len(cr.WATER_TRACK) - 1, sun=3)
    state = hut_position(rich_later, supply=[Hut.MARKET_CRIER, Hut.HERMIT, Hut.TRADER])
    state = cr.apply(state, QUIET)
    assert cr.final_scores(state)[0].total == 5 + 16 + 3
    assert names(state) == ["build market-crier", "pass"]


@pytest.mark.rule("R-HUT-3")
def test_gold_earned_during_the_turn_pays() -> None:
    # 3 gold, then a sale at M2 brings 2 more: the 4-gold Market crier becomes affordable.
    state = hut_position(cr.PlayerState(gold=3, cacao=1), supply=[Hut.MARKET_CRIER, Hut.HERMIT])
    state = cr.apply(state, QUIET)
    assert names(state) == ["resolve 2,1 W 0", "resolve 2,1 W 1"]
    state = cr.apply(state, cr.Resolve((2, 1), Side.W, 1))
    assert state.players[0].gold == 5
    assert names(state) == ["build market-crier", "pass"]


@pytest.mark.rule("R-HUT-3")
def test_hut_can_be_built_on_the_last_turn() -> None:
    # Seat 0 has its last tile in hand and an empty pile; seat 1 has no tile left.
    board = start_board(parked(0, without(whole_set(HUTS_2P), W1111)))
    state = hut_position(
        cr.PlayerState(gold=15),
        board=board,
        seat1=cr.PlayerState(),
        supply=[Hut.CHIEFS_DAUGHTER, Hut.CHIEF],
    )
    assert state.players[0].pile.total == 0
    state = cr.apply(state, QUIET)
    assert not state.is_over
    assert names(state) == ["build chiefs-daughter", "pass"]
    state, events = cr.step(state, BuildHut(Hut.CHIEFS_DAUGHTER))
    assert hut_events(events) == [HutBuilt(0, Hut.CHIEFS_DAUGHTER)]
    assert isinstance(events[-1], cr.GameEnded)
    assert state.is_over
    # R-HUT-4: the 14 gold come back at scoring, with the daughter's 4.
    breakdown = cr.final_scores(state)[0].breakdown
    assert (breakdown["gold"], breakdown["huts"], breakdown["hut bonus"]) == (1, 14, 4)


# R-HUT-4: scoring --------------------------------------------------------------------------


def sheet(
    player: cr.PlayerState,
    *,
    board: Board | None = None,
    covered: dict[tuple[int, int], cr.WorkerTile] | None = None,
    config: cr.Config = HUTS_2P,
    seat1: cr.PlayerState | None = None,
) -> cr.ScoreSheet:
    """Seat 0's score sheet in a finished position (nobody holds a tile)."""
    state = cr.position(
        config,
        board=board if board is not None else start_board(),
        covered=covered,
        players=[player, seat1 or cr.PlayerState()],
        hut_supply=[],
    )
    assert state.is_over
    return cr.final_scores(state)[0]


@pytest.mark.rule("R-HUT-4")
def test_built_cost_is_refunded_with_the_bonus() -> None:
    state, _ = quiet_turn(30, [Hut.CHIEF])
    state = cr.apply(state, BuildHut(Hut.CHIEF))
    scores = cr.final_scores(state)[0]
    assert scores.breakdown["gold"] == 6
    assert scores.breakdown["huts"] == 24
    assert scores.breakdown["hut bonus"] == 6
    assert scores.total == 6 + 24 + 6 + cr.WATER_TRACK[0]


@pytest.mark.rule("R-HUT-4")
def test_breakdown_categories_in_order() -> None:
    scores = sheet(cr.PlayerState(gold=2, huts=(Hut.MARKET_CRIER, Hut.FARMER)))
    assert list(scores.breakdown) == ["gold", "temples", "sun", "water", "huts", "hut bonus"]
    assert scores.breakdown["huts"] == 12
    assert scores.breakdown["hut bonus"] == 0
    assert scores.total == 2 + 12 + cr.WATER_TRACK[0]


@pytest.mark.rule("R-HUT-4")
def test_no_hut_categories_without_the_module() -> None:
    state = cr.position(cr.Config(players=2), players=[cr.PlayerState(gold=3), cr.PlayerState()])
    assert list(cr.final_scores(state)[0].breakdown) == ["gold", "temples", "sun", "water"]


@pytest.mark.rule("R-HUT-4")
def test_huts_with_no_bonus_give_back_their_cost_only() -> None:
    huts = (Hut.MARKET_CRIER, Hut.FARMER, Hut.SHAMAN, Hut.FOREMAN)
    scores = sheet(cr.PlayerState(huts=huts, cacao=5, water_field=len(cr.WATER_TRACK) - 1))
    assert (scores.breakdown["huts"], scores.breakdown["hut bonus"]) == (4 + 8 + 8 + 12, 0)


@pytest.mark.rule("R-HUT-CHIEF-FAMILY", "R-HUT-4")
@pytest.mark.parametrize(
    ("hut", "cost", "bonus"),
    [
        (Hut.CHIEFS_DAUGHTER, 14, 4),
        (Hut.CHIEFS_SON, 16, 4),
        (Hut.CHIEFS_WIFE, 20, 5),
        (Hut.CHIEF, 24, 6),
    ],
)
def test_chiefs_family_fixed_bonus(hut: Hut, cost: int, bonus: int) -> None:
    scores = sheet(cr.PlayerState(huts=(hut,)))
    assert (scores.breakdown["huts"], scores.breakdown["hut bonus"]) == (cost, bonus)


@pytest.mark.rule("R-HUT-CHIEF-FAMILY")
def test_whole_chiefs_family() -> None:
    family = (Hut.CHIEFS_DAUGHTER, Hut.CHIEFS_SON, Hut.CHIEFS_WIFE, Hut.CHIEF)
    scores = sheet(cr.PlayerState(huts=family))
    assert (scores.breakdown["huts"], scores.breakdown["hut bonus"]) == (74, 19)


@pytest.mark.rule("R-HUT-HERMIT")
def test_hermit_counts_workers_facing_no_jungle_tile() -> None:
    board = start_board(
        {
            # 2-1-0-1: N 2 and E 1 face empty squares, W 1 faces P1, S 0 faces M2.
            (1, 0): wt(0, W2101),
            # 1-1-1-1 on top of a 3-1-0-0: N, S, W face empty squares, E faces P1. The
            # covered tile does not count.
            (-1, 0): wt(0, W1111),
            # Seat 1's workers do not count.
            (0, 1): wt(1, W1111),
        }
    )
    covered = {(-1, 0): wt(0, W3100)}
    scores = sheet(cr.PlayerState(huts=(Hut.HERMIT,)), board=board, covered=covered)
    assert scores.breakdown["hut bonus"] == 2 + 1 + 3
    assert sheet(cr.PlayerState(), board=board, covered=covered).breakdown["hut bonus"] == 0


@pytest.mark.rule("R-HUT-HERMIT", "R-HUT-FOREMAN")
def test_hermit_counts_printed_workers_with_the_foreman() -> None:
    # 3-1-0-0 turned so that its 3 faces the empty (1, -1) and its 1 the empty (2, 0).
    board = start_board({(1, 0): wt(0, W3100)})
    huts = (Hut.HERMIT, Hut.FOREMAN)
    assert sheet(cr.PlayerState(huts=huts), board=board).breakdown["hut bonus"] == 4


@pytest.mark.rule("R-HUT-ROAD-WORKER")
@pytest.mark.parametrize(
    ("squares", "bonus"),
    [
        # Column x = 1 holds 3 tiles, row y = 0 holds 2.
        ([(1, 0), (3, 0), (1, 2), (1, 4)], 3),
        # Row y = 2 holds 3 tiles, column x = 1 holds 2.
        ([(1, 0), (1, 2), (3, 2), (5, 2)], 3),
        # No row or column holds more than one tile.
        ([(1, 0), (0, 1), (3, 2)], 1),
        ([], 0),
    ],
    ids=["column", "row", "scattered", "none"],
)
def test_road_worker_counts_the_best_row_or_column(
    squares: list[tuple[int, int]], bonus: int
) -> None:
    board = start_board({square: wt(0, W1111) for square in squares})
    # Seat 1's tiles in row 0 do not count for seat 0.
    board.update({(5, 0): wt(1, W1111), (7, 0): wt(1, W1111), (9, 0): wt(1, W1111)})
    scores = sheet(cr.PlayerState(huts=(Hut.ROAD_WORKER,)), board=board)
    assert scores.breakdown["hut bonus"] == bonus


@pytest.mark.rule("R-HUT-ROAD-WORKER")
def test_road_worker_counts_a_stack_once() -> None:
    board = start_board({(1, 0): wt(0, W1111), (3, 0): wt(0, W1111), (2, 1): wt(0, W2101)})
    board[(2, 0)] = TEMPLE
    covered = {(1, 0): wt(0, W3100)}
    scores = sheet(cr.PlayerState(huts=(Hut.ROAD_WORKER,)), board=board, covered=covered)
    assert scores.breakdown["hut bonus"] == 2


@pytest.mark.rule("R-HUT-TRADER")
@pytest.mark.parametrize(("cacao", "chocolate", "bonus"), [(3, 2, 3), (0, 5, 0), (5, 0, 5)])
def test_trader_counts_cacao_fruit_not_chocolate(cacao: int, chocolate: int, bonus: int) -> None:
    config = cr.Config(players=2, modules={cr.Module.HUTS, cr.Module.CHOCOLATE})
    player = cr.PlayerState(cacao=cacao, chocolate=chocolate, huts=(Hut.TRADER,))
    scores = sheet(player, config=config)
    assert scores.breakdown["hut bonus"] == bonus
    assert scores.cacao == cacao


@pytest.mark.rule("R-HUT-MONK")
def test_monk_counts_temples_with_at_least_one_own_worker() -> None:
    board = start_board(
        {
            (2, 0): TEMPLE,  # faced by seat 0's (1, 0) E 1 and (3, 0) W 1: counts once
            (3, 1): TEMPLE,  # faced by seat 0's (3, 0) S 1
            (0, 2): TEMPLE,  # faced by seat 0's (1, 2) W 0 and seat 1's (0, 1) S 1: no
            (4, 4): TEMPLE,  # faced by nobody
            (1, 0): wt(0, W2101),
            (3, 0): wt(0, W1111),
            (1, 2): wt(0, W2101, 1),
            (0, 1): wt(1, W1111),
        }
    )
    assert sheet(cr.PlayerState(huts=(Hut.MONK,)), board=board).breakdown["hut bonus"] == 2


@pytest.mark.rule("R-HUT-MONK")
def test_monk_counts_no_jungle_tile_but_temples() -> None:
    # Seat 0's 2-1-0-1 on (1, 0) faces the start plantation with 1 worker, and no temple.
    board = start_board({(1, 0): wt(0, W2101)})
    assert sheet(cr.PlayerState(huts=(Hut.MONK,)), board=board).breakdown["hut bonus"] == 0


@pytest.mark.rule("R-HUT-MASTER-BUILDER")
@pytest.mark.parametrize(
    ("others", "bonus"),
    [
        ((), 0),
        ((Hut.MARKET_CRIER,), 1),
        ((Hut.MARKET_CRIER, Hut.FARMER, Hut.SHAMAN, Hut.FOREMAN), 4),
    ],
)
def test_master_builder_counts_the_other_huts(others: tuple[Hut, ...], bonus: int) -> None:
    huts = tuple(sorted((Hut.MASTER_BUILDER, *others), key=lambda hut: hut.sort_key))
    scores = sheet(cr.PlayerState(huts=huts))
    assert scores.breakdown["hut bonus"] == bonus
    assert scores.breakdown["huts"] == sum(hut.cost for hut in huts)


@pytest.mark.rule("R-HUT-MASTER-BUILDER", "R-HUT-CHIEF-FAMILY")
def test_master_builder_adds_to_other_bonuses() -> None:
    scores = sheet(cr.PlayerState(huts=(Hut.MASTER_BUILDER, Hut.CHIEF)))
    assert scores.breakdown["hut bonus"] == 1 + 6


@pytest.mark.rule("R-HUT-FOUNTAIN-MASTER")
@pytest.mark.parametrize(("field", "bonus"), [(8, 4), (7, 0), (0, 0)])
def test_fountain_master_needs_the_carrier_on_16(field: int, bonus: int) -> None:
    player = cr.PlayerState(water_field=field, huts=(Hut.FOUNTAIN_MASTER,))
    scores = sheet(player)
    assert scores.breakdown["hut bonus"] == bonus
    assert (cr.WATER_TRACK[field] == 16) == (bonus == 4)


@pytest.mark.rule("R-HUT-4")
def test_bonuses_are_per_seat() -> None:
    board = start_board({(1, 0): wt(0, W2101)})
    state = cr.position(
        HUTS_2P,
        board=board,
        players=[
            cr.PlayerState(huts=(Hut.HERMIT,)),
            cr.PlayerState(huts=(Hut.TRADER, Hut.CHIEF), cacao=2),
        ],
        hut_supply=[],
    )
    sheets = cr.final_scores(state)
    assert [s.breakdown["huts"] for s in sheets] == [6, 30]
    assert [s.breakdown["hut bonus"] for s in sheets] == [3, 8]
