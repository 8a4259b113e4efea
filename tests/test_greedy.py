"""GreedyBot's values read off the board equal what playing every choice on the engine
reaches: the best order and use of the edges to resolve, and the best fill and resolution
after a placement (where no blind draw decides)."""

from __future__ import annotations

import math
import random

import pytest

import cacao_rules as cr
from cacao_rules.agents.bots import greedy_value, holdings_value
from cacao_rules.agents.greedy import (
    _AROUND,
    _EVERY_RESOURCE,
    _JUNGLES,
    _MASKS,
    _RESOLVED,
    Edge,
    _around,
    _edge_factor,
    _Fills,
    _grouped,
    _independent,
    _Jungle,
    _pattern,
    _pending,
    _resources,
    _situation,
    best_gain,
    move_values,
    relative_values,
)
from cacao_rules.game.components import SUN_PLACES
from cacao_rules.game.events import JungleFilled
from cacao_rules.game.geometry import neighbours
from cacao_rules.state.board import square_object
from cacao_rules.state.draft import Draft
from cacao_rules.turn.filling import fill_moves, spaces_to_fill


def _decisions(config: cr.Config, seed: int, kind: type) -> list[cr.State]:
    """The states of a random game where a seat decides a step of ``kind`` among several."""
    rng = random.Random(seed)
    state = cr.new_game(config, seed=seed)
    found = []
    while not state.is_over:
        moves = cr.legal_moves(state)
        if isinstance(state.step, kind) and len(moves) > 1:
            found.append(state)
        state = cr.apply(state, rng.choice(moves))
    return found


def _best_on_the_engine(state: cr.State, seat: int, turn: int) -> tuple[int, bool]:
    """The best :func:`greedy_value` ``seat`` reaches by playing every choice of its own on
    the engine until another seat decides or the turn ends; whether a blind draw came."""
    if state.to_move != seat or state.turn != turn or state.is_over:
        return greedy_value(state, seat), False
    best, blind = -(10**9), False
    for move in cr.legal_moves(state):
        after, events = cr.step(state, move)
        value, drawn = _best_on_the_engine(after, seat, turn)
        best = max(best, value)
        blind = (
            blind
            or drawn
            or any(isinstance(event, JungleFilled) and event.source == "pile" for event in events)
        )
    return best, blind


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_best_use_of_the_edges_is_what_every_order_on_the_engine_reaches(seed: int) -> None:
    for state in _decisions(cr.Config(players=3), seed, cr.ResolveStep):
        seat = state.to_move
        assert seat is not None
        reached, _ = _best_on_the_engine(state, seat, state.turn)
        temples_and_huts = greedy_value(state, seat) - holdings_value(state.players[seat])
        expected = reached - temples_and_huts
        gain = best_gain(Draft(state, None), seat, _pending(state, seat))
        assert holdings_value(state.players[seat]) + gain == expected


CHOCOLATL_READ_OFF = cr.Config(
    players=3, modules={cr.Module.MAP, cr.Module.WATERING, cr.Module.CHOCOLATE}
)
"""The Chocolatl modules whose actions the greedy bot values without playing them: their
watering and chocolate edges share resources with the plantations and markets."""


@pytest.mark.parametrize("config", [cr.Config(players=3), CHOCOLATL_READ_OFF])
def test_a_use_of_an_edge_is_worth_the_best_its_turn_reaches_on_the_engine_kept_or_not(
    config: cr.Config,
) -> None:
    """A resolution's value is what the rest of the seat's resolution reaches on the engine,
    whether worked out or read from what was kept for the same situation (and whether the
    edges' gains were searched together or added up by groups that share no resource)."""
    checked = 0
    for seed in (8, 9):
        for state in _decisions(config, seed, cr.ResolveStep):
            seat = state.to_move
            assert seat is not None
            temples_and_huts = greedy_value(state, seat) - holdings_value(state.players[seat])
            moves = cr.legal_moves(state)
            _RESOLVED.clear()
            worked_out = move_values(state, seat, moves)
            kept = move_values(state, seat, moves)
            assert kept == worked_out
            for move, value in zip(moves, worked_out, strict=True):
                reached, _ = _best_on_the_engine(cr.apply(state, move), seat, state.turn)
                assert value == reached - temples_and_huts, move
                checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    "config", [cr.Config(players=4), cr.Config(players=3, modules={cr.Module.MAP})]
)
def test_the_fills_a_placement_would_bring_are_the_engines_on_every_square(
    config: cr.Config,
) -> None:
    """The bot lists the fills of each number of spaces once per display (kept from other
    decisions) and lays them on other spaces of that number: they are the engine's fills of
    those spaces."""
    checked = 0
    for state in _decisions(config, 10, cr.PlacementStep)[::2]:
        seat = state.to_move
        assert seat is not None
        fills = _Fills(state, seat)
        placed = {move.square for move in cr.legal_moves(state) if isinstance(move, cr.Place)}
        for square in sorted(placed):
            spaces = spaces_to_fill(state, square)
            engine = {
                frozenset((choice.square, choice.tile) for choice in move.choices)
                for move in fill_moves(state, spaces)
            }
            bot = {
                frozenset((lay.jungle.square, lay.jungle.tile) for lay in tiles)
                for tiles in fills.of(square)
            }
            assert bot == (engine or {frozenset()}), square
            checked += bool(spaces)
    assert checked > 50


def test_the_fills_kept_by_what_the_engine_reads_are_its_fills_in_every_state() -> None:
    """The fills kept for a number of spaces and a display, map board and map tiles in
    hand are the engine's fills in every state with those, whatever tiles were in hand
    when they were kept."""
    checked = 0
    config = cr.Config(players=3, modules={cr.Module.MAP})
    for state in _decisions(config, 11, cr.PlacementStep)[::3]:
        for in_hand in (2, 0, 1):
            players = list(state.players)
            players[state.current] = players[state.current].replace(map_tiles=in_hand)
            changed = state.replace(players=tuple(players))
            for square in {m.square for m in cr.legal_moves(state) if isinstance(m, cr.Place)}:
                spaces = spaces_to_fill(changed, square)
                engine = [
                    [(spaces.index(choice.square), choice.tile) for choice in move.choices]
                    for move in fill_moves(changed, spaces)
                ]
                assert _pattern(changed, spaces) == engine
                checked += bool(spaces)
    assert checked > 50


@pytest.mark.parametrize("seed", [4, 5])
def test_a_placement_is_worth_the_best_its_turn_reaches_on_the_engine(seed: int) -> None:
    states = _decisions(cr.Config(players=2), seed, cr.PlacementStep)
    checked = 0
    for state in states[5::6]:
        seat = state.to_move
        assert seat is not None
        moves = cr.legal_moves(state)
        values = move_values(state, seat, moves)
        for move, value in zip(moves, values, strict=True):
            reached, blind = _best_on_the_engine(cr.apply(state, move), seat, state.turn)
            if not blind:  # the bot does not look at the pile; the engine drew from it
                assert value == reached, move
                checked += 1
    assert checked > 50


def test_a_fill_is_worth_the_best_its_resolution_reaches_on_the_engine() -> None:
    for state in _decisions(cr.Config(players=2), 6, cr.FillStep)[:8]:
        seat = state.to_move
        assert seat is not None
        moves = cr.legal_moves(state)
        for move, value in zip(moves, move_values(state, seat, moves), strict=True):
            reached, blind = _best_on_the_engine(cr.apply(state, move), seat, state.turn)
            if not blind:
                assert value == reached, move


@pytest.mark.parametrize(
    "config",
    [cr.Config(players=2), cr.Config(players=3, modules={cr.Module.MAP, cr.Module.HUTS})],
)
def test_relative_values_are_the_values_less_one_amount_per_decision(config: cr.Config) -> None:
    """The bots compare moves by :func:`relative_values`: the order must be the values'."""
    checked = 0
    for kind in (cr.PlacementStep, cr.FillStep, cr.ResolveStep):
        for state in _decisions(config, 7, kind)[::3]:
            seat = state.to_move
            assert seat is not None
            moves = cr.legal_moves(state)
            values = move_values(state, seat, moves)
            relative = relative_values(state, seat, moves)
            assert len({value - less for value, less in zip(values, relative, strict=True)}) == 1
            checked += 1
    assert checked > 20


def test_an_overbuild_is_worth_the_best_its_turn_reaches_after_paying_its_sun() -> None:
    """Every sun place full: the sun token an overbuild costs makes room for one from a sun
    worship tile that the overbuild activates."""
    checked = 0
    for seed in range(1, 4):
        for state in _decisions(cr.Config(players=2), seed, cr.PlacementStep):
            moves = [move for move in cr.legal_moves(state) if isinstance(move, cr.Overbuild)]
            if not moves:
                continue
            seat = state.to_move
            assert seat is not None
            players = list(state.players)
            players[seat] = players[seat].replace(sun=SUN_PLACES)
            full = state.replace(players=tuple(players))
            for move, value in zip(moves, move_values(full, seat, moves), strict=True):
                reached, blind = _best_on_the_engine(cr.apply(full, move), seat, full.turn)
                if not blind:
                    assert value == reached, move
                    checked += 1
    assert checked > 20


def test_situations_have_names_of_their_own() -> None:
    """Every situation gets its own name in the table of best gains: packed in an integer
    where its parts fit, a tuple where one does not (a large amount); any name fits."""
    player = cr.new_game(cr.Config(players=2), seed=1).players[0]
    names: dict[object, tuple[object, ...]] = {}
    lists = [[], [0], [7], [255], [256], [0, 0], [0, 7], [3, 9, 300], [1, 1, 1, 1]]
    for cacao, sun, water in [(0, 0, 0), (5, 2, 3), (14, 0, 0), (15, 1, 0), (0, 0, 40)]:
        changed = player.replace(cacao=cacao, sun=sun, water_field=water)
        for touched in range(16):
            for edges in lists:
                situation = (
                    cacao if touched & 1 else None,
                    changed.chocolate if touched & 2 else None,
                    sun if touched & 4 else None,
                    water if touched & 8 else None,
                    tuple(edges),
                )
                key = _situation(changed, touched, math.prod(_edge_factor(name) for name in edges))
                assert names.setdefault(key, situation) == situation
    assert any(isinstance(key, int) for key in names)
    assert any(isinstance(key, tuple) for key in names)


def test_a_situations_resources_are_all_four_packed_and_masked() -> None:
    """A turn packs the player's four resources once and masks them for each situation:
    where all four fit, the same as packing only the touched ones."""
    player = cr.new_game(cr.Config(players=2), seed=1).players[0]
    for cacao, chocolate, sun, water in [
        (0, 0, 0, 0),
        (5, 1, 2, 3),
        (14, 13, 12, 11),
        (3, 0, 9, 0),
    ]:
        changed = player.replace(cacao=cacao, chocolate=chocolate, sun=sun, water_field=water)
        packed = _resources(changed, _EVERY_RESOURCE)
        assert packed >= 0
        for touched in range(16):
            assert packed & _MASKS[touched] == _resources(changed, touched)


def test_edges_apart_are_grouped_alone_as_by_joining_groups() -> None:
    """Where no two edges touch the same resource, :func:`_independent` makes each a group
    of its own without joining groups: the groups, in their order, are those that joining
    each edge's group with every group it shares a resource with makes."""
    rng = random.Random(7)
    state = cr.new_game(cr.Config(players=4), seed=7)
    while not state.is_over:
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    jungles = [
        _Jungle(square, tile)
        for square, tile in state.board.items()
        if isinstance(tile, cr.JungleTile)
    ]
    apart = 0
    for _attempt in range(500):
        edges = [
            Edge(jungle, rng.randint(1, 3)) for jungle in rng.sample(jungles, rng.randint(1, 5))
        ]
        groups = _independent(edges)
        assert groups == _grouped(edges)
        apart += all(len(group) == 1 for group in groups) and len(groups) > 1
    assert apart > 50


def test_a_square_kept_for_another_games_tile_is_read_afresh() -> None:
    """The bot keeps what it read of the jungle tile on each square, for that tile: states of
    two games, with other tiles on the same squares, are valued in turn as if nothing were
    kept."""
    config = cr.Config(players=2)
    first_game = _decisions(config, 21, cr.PlacementStep)
    second_game = _decisions(config, 22, cr.PlacementStep)
    checked = 0
    for first, second in list(zip(first_game, second_game, strict=False))[::3]:
        for state in (first, second):
            seat = state.to_move
            assert seat is not None
            moves = cr.legal_moves(state)
            kept = move_values(state, seat, moves)
            _JUNGLES.clear()
            assert move_values(state, seat, moves) == kept
            checked += 1
    assert checked > 10


def test_the_squares_kept_around_a_square_are_its_neighbours_as_the_board_keeps_them() -> None:
    """What the bot keeps of a square's neighbours (read, or kept afresh) is each side and
    neighbour in order, the very object the board keeps for it, in both builds (the bot
    types them ``object``, so that mypyc hands on the object kept, not a new tuple)."""
    for square in [(0, 0), (3, -2), (-7, 5)]:
        for _attempt in range(2):  # made, then read from the table
            around = _around(square)
            assert around == tuple(enumerate(neighbours(square)))
            assert all(near is square_object(near) for _side, near in around)
        _AROUND.clear()
        assert _around(square) == tuple(enumerate(neighbours(square)))
