"""GreedyBot's shortcuts give what the plain computations they stand for give: the four
resources packed at once, the best of the values found in C, the gain of edges apart
added up from what was kept for each alone, a square's around as the fill that lays
nothing, the side a laid tile faces found by the kept square's identity, and the tiles
next to a square read as the kind the checkerboard puts there."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import cast

import pytest

import cacao_rules as cr
from cacao_rules.agents.greedy import (
    _BEST,
    _EVERY_RESOURCE,
    _NOTHING_LAID,
    _ROTATIONS,
    _apart,
    _Around,
    _best,
    _Fill,
    _Fills,
    _independent,
    _Lay,
    _packed,
    _resources,
    _Turn,
    best_gain,
    relative_values,
)
from cacao_rules.game.geometry import neighbours
from cacao_rules.state.draft import Draft
from helpers_observation import random_game


def test_the_four_resources_packed_at_once_are_those_packed_one_by_one() -> None:
    """A turn packs a player's four resources at once: the same integer as packing each
    that is touched, and -1 where one is negative or does not fit its bits."""
    player = cr.new_game(cr.Config(players=2), seed=1).players[0]
    amounts = [-2, -1, 0, 1, 7, 14, 15, 16, 40]
    rng = random.Random(3)
    checked = set()
    for _attempt in range(3000):
        cacao, chocolate, sun, water = (rng.choice(amounts) for _ in range(4))
        changed = player.replace(cacao=cacao, chocolate=chocolate, sun=sun, water_field=water)
        packed = _packed(changed)
        assert packed == _resources(changed, _EVERY_RESOURCE)
        checked.add(packed >= 0)
    assert checked == {True, False}


@pytest.mark.parametrize("seed", range(5))
def test_the_first_best_value_and_its_ties_are_the_plain_ones(seed: int) -> None:
    """The index of the first highest value and how many values are that high, whichever
    way the build finds them."""
    rng = random.Random(seed)
    for _attempt in range(500):
        values = [rng.randint(-3, 3) * rng.choice([1, 1 << 40]) for _ in range(rng.randint(1, 9))]
        most = max(values)
        assert _best(values) == (values.index(most), values.count(most))


@pytest.mark.parametrize("config", [cr.Config(players=4), cr.Config(players=2)])
def test_the_gain_of_edges_in_groups_apart_is_the_sum_kept_for_each_group(
    config: cr.Config,
) -> None:
    """Where the edges that a placement and a fill activate fall into groups that share no
    resource (each edge alone, or some sharing one) and each group was met before, their
    gain added up from what was kept is what searching them together finds
    (:func:`best_gain`, with nothing kept)."""
    rng = random.Random(12)
    state = cr.new_game(config, seed=12)
    added = 0
    shared = 0
    while not state.is_over:
        moves = cr.legal_moves(state)
        if isinstance(state.step, cr.PlacementStep) and len(moves) > 1:
            seat = state.to_move
            assert seat is not None
            relative_values(state, seat, moves)  # keeps the gains of the edges met alone
            turn = _Turn(state, seat, 0)
            fills = _Fills(state, seat)
            found = []
            for square in sorted({move.square for move in moves if isinstance(move, cr.Place)}):
                around = _Around(state, seat, square)
                for lays in fills.of(square):
                    fill = around.fill(lays)
                    for kind in state.players[seat].hand:
                        for edges in _ROTATIONS[kind]:
                            gain = _apart(edges, fill, turn.packed)
                            if gain is not None:
                                found.append((gain, turn._edges(edges, fill)))
            _BEST.clear()  # searched afresh, together
            for gain, activated in rng.sample(found, min(len(found), 5)):
                assert gain == best_gain(Draft(state, None), seat, activated)
                added += 1
                shared += len(_independent(activated)) < len(activated)
        state = cr.apply(state, rng.choice(moves))
    assert added > 100
    assert shared > 5


def _placement_decisions(
    config: cr.Config, seed: int
) -> Iterator[tuple[cr.State, int, Sequence[cr.Move]]]:
    """Each placement decision of more than one move in a seeded game of random moves: the
    state, the seat to move and its moves."""
    for state in random_game(config, seed, random.Random(seed)):
        moves = cr.legal_moves(state)
        if isinstance(state.step, cr.PlacementStep) and len(moves) > 1:
            assert state.to_move is not None
            yield state, state.to_move, moves


def _placed_squares(moves: Sequence[cr.Move]) -> list[tuple[int, int]]:
    """The squares that ``moves`` place a tile on, sorted."""
    return sorted({move.square for move in moves if isinstance(move, cr.Place)})


@pytest.mark.parametrize("config", [cr.Config(players=4), cr.Config(players=3)])
def test_the_around_of_a_square_values_placements_as_a_fill_laying_nothing(
    config: cr.Config,
) -> None:
    """A placement that closes no space is valued with the placed square's around itself as
    its one fill: the same value for every tile and rotation as a fill made of the around's
    sides and temples that lays nothing, and the around's own fill of no tiles is it."""
    compared = 0
    temples = 0
    for state, seat, moves in _placement_decisions(config, 5):
        relative_values(state, seat, moves)  # keeps the gains met
        turn = _Turn(state, seat, 0)
        for square in _placed_squares(moves):
            around = _Around(state, seat, square)
            assert around.fill(_NOTHING_LAID) is around
            plain = _Fill(around.sides, around.temples, _NOTHING_LAID, square)
            for kind in state.players[seat].hand:
                for edges in _ROTATIONS[kind]:
                    assert turn.best(edges, [around]) == turn.best(edges, [plain])
                    compared += 1
            temples += bool(around.temples)
    assert compared > 500
    assert temples > 5


def _copy(square: object) -> tuple[int, int]:
    """An equal tuple, another object than the kept ``square``."""
    x, y = cast(tuple[int, int], square)
    return (x, y)  # a new tuple


@pytest.mark.parametrize("config", [cr.Config(players=4), cr.Config(players=2)])
def test_a_laid_tile_faces_the_side_of_its_space_found_by_identity_or_by_value(
    config: cr.Config,
) -> None:
    """A fill finds which side of the placed square each tile it lays faces by the very
    object kept for the space, or by value where the space is another tuple (a full table
    kept none): the side that the space is on, either way."""
    sides: set[int] = set()
    for state, seat, moves in _placement_decisions(config, 4):
        fills = _Fills(state, seat)
        for square in _placed_squares(moves):
            around = _Around(state, seat, square)
            for lays in fills.of(square):
                plain = [
                    (neighbours(square).index(lay.jungle.square), lay.jungle.tile) for lay in lays
                ]
                copies = [  # each space an equal tuple, not the kept object
                    _Lay(state.board, seat, _copy(lay.jungle.square), lay.jungle.tile)
                    for lay in lays
                ]
                for laid in (lays, copies):
                    found = around.fill(laid).sides[len(around.sides) :]
                    assert [(side, jungle.tile) for side, jungle in found] == plain
                sides.update(side for side, _tile in plain)
    assert sides == {0, 1, 2, 3}


@pytest.mark.rule("R-PLACE-2")
@pytest.mark.parametrize("config", [cr.Config(players=4), cr.Config(players=2)])
def test_the_tiles_next_to_a_square_are_read_as_their_kind_without_asking(
    config: cr.Config,
) -> None:
    """An around reads the tiles next to a worker square as jungle tiles, and a tile laid on
    a space or a temple reads those next to it as worker tiles, without asking their kind
    (the board is a checkerboard, R-PLACE-2): the same sides, edges of the seat's tiles and workers
    facing each temple as keeping only the tiles of that kind."""
    sides = 0
    others = 0
    temples_met = 0
    for state, seat, moves in _placement_decisions(config, 6):
        fills = _Fills(state, seat)
        for square in _placed_squares(moves):
            around = _Around(state, seat, square)
            plain = [
                (side, near, tile)
                for side, near in enumerate(neighbours(square))
                if isinstance(tile := state.board.get(near), cr.JungleTile)
            ]
            read = [(side, jungle.square, jungle.tile) for side, jungle in around.sides]
            assert read == plain
            sides += len(read)
            temples = []
            for side, near, tile in plain:
                if tile.kind is cr.JungleKind.TEMPLE:
                    facing = [0] * len(state.players)
                    for beyond in neighbours(near):
                        worker = state.board.get(beyond)
                        if beyond != square and isinstance(worker, cr.WorkerTile):
                            edge = worker.edges[neighbours(beyond).index(near)]
                            facing[worker.owner] += edge
                    temples.append((side, facing))
            assert [(temple.side, temple.workers) for temple in around.temples] == temples
            temples_met += len(temples)
            for lays in fills.of(square):
                for lay in lays:
                    space = cast(tuple[int, int], lay.jungle.square)
                    edges = [
                        (near, tile.edges[(side + 2) % 4])
                        for side, near in enumerate(neighbours(space))
                        if isinstance(tile := state.board.get(near), cr.WorkerTile)
                        and tile.owner == seat
                    ]
                    activated = [
                        (near, workers)
                        for near, workers in edges
                        if lay.jungle.factors[workers] != 1
                    ]
                    assert [(near, item.workers) for near, item in lay.others] == activated
                    others += len(activated)
    assert sides > 200
    assert others > 20
    assert temples_met > 5


def test_a_placement_step_with_no_moves_to_value_gives_no_values() -> None:
    """The placements are valued in rows by square after a look at the first move (a
    discard means all are): an empty list of moves, as a caller may pass, is valued as
    empty."""
    state = cr.new_game(cr.Config(players=2), seed=4)
    assert isinstance(state.step, cr.PlacementStep)
    assert relative_values(state, state.current, []) == []
