"""Overbuilding: putting a hand tile on top of one of the player's own worker tiles.

Rules: R-OVER-1 to R-OVER-6. In the usual position the jungle pile and the display are
empty; seat 0 owns the tiles on (1, 0) (next to the start plantation P1 on (0, 0) to its W
and the start market M2 on (1, 1) to its S) and on (-1, 0); seat 1 owns the tile on (0, 1).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import pytest

import cacao_rules as cr
from cacao_rules import Side, WorkerType
from cacao_rules.turn.placement import (
    KEPT_TILE_MOVES,
    TileMoves,
    hand_types,
    overbuild_squares,
    placement_moves,
)
from helpers_observation import random_game
from helpers_positions import (
    G1,
    M2,
    P1,
    TEMPLE,
    W1111,
    W2101,
    W3001,
    W3100,
    Board,
    Square,
    of_type,
    start_board,
    wt,
)

TWO = cr.Config(players=2)
OLD = wt(0, W1111)
BOARD: Board = start_board({(1, 0): OLD, (-1, 0): wt(0, W2101, 1), (0, 1): wt(1, W1111)})
FREE: list[Square] = [(0, -1), (1, 2), (2, 1)]


def _position(
    *,
    hand: tuple[WorkerType, ...] = (W1111, W2101),
    sun: int = 1,
    cacao: int = 0,
    board: Mapping[Square, cr.Tile] = BOARD,
    covered: Mapping[Square, cr.WorkerTile] | None = None,
    display: Iterable[cr.JungleTile] = (),
    pile: Iterable[cr.JungleTile] = (),
) -> cr.State:
    return cr.position(
        TWO,
        board=board,
        covered=covered,
        players=[
            cr.PlayerState(hand=hand, sun=sun, cacao=cacao),
            cr.PlayerState(hand=(W1111, W1111)),
        ],
        display=display,
        jungle_pile=pile,
    )


def _overbuilds(state: cr.State) -> list[cr.Move]:
    return [move for move in cr.legal_moves(state) if isinstance(move, cr.Overbuild)]


# R-OVER-1 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-OVER-1", "R-OVER-3")
def test_overbuild_offered_once_pile_and_display_are_empty() -> None:
    state = _position()
    expected: list[cr.Move] = [
        cr.Place(kind, square, r)
        for kind, rotations in [(W1111, (0,)), (W2101, (0, 1, 2, 3))]
        for square in FREE
        for r in rotations
    ]
    expected += [
        cr.Overbuild(kind, square, r)
        for kind, rotations in [(W1111, (0,)), (W2101, (0, 1, 2, 3))]
        for square in [(-1, 0), (1, 0)]
        for r in rotations
    ]
    assert cr.legal_moves(state) == tuple(expected)


@pytest.mark.rule("R-OVER-1")
@pytest.mark.parametrize(
    ("display", "pile"),
    [([TEMPLE], []), ([], [TEMPLE]), ([G1, TEMPLE], [P1])],
    ids=["display-left", "pile-left", "both-left"],
)
def test_no_overbuild_while_jungle_tiles_remain(
    display: list[cr.JungleTile], pile: list[cr.JungleTile]
) -> None:
    state = _position(sun=3, display=display, pile=pile)
    assert _overbuilds(state) == []
    assert cr.legal_moves(state)  # normal placements remain
    with pytest.raises(
        cr.IllegalMoveError,
        match=r"^overbuilding is allowed only once the jungle pile and the display are both empty$",
    ):
        cr.apply(state, cr.Overbuild(W1111, (1, 0), 0))


@pytest.mark.rule("R-OVER-1")
def test_overbuild_replaces_the_turns_placement() -> None:
    # With full storage the plantation edge of the new tile cannot matter (R-ACT-7).
    state = _position(sun=3, cacao=5, hand=(W1111, W1111, W2101))
    after, events = cr.step(state, cr.Overbuild(W1111, (-1, 0), 0))
    # One overbuild, nothing else placed, and then seat 1's turn begins.
    assert len(of_type(events, cr.WorkerPlaced)) == 1
    assert after.to_move == 1
    assert cr.TurnStarted(1) in events
    assert after.players[0].sun == 2


# R-OVER-2 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-OVER-2")
def test_overbuild_costs_one_sun_token() -> None:
    state = _position(sun=2)
    after, events = cr.step(state, cr.Overbuild(W1111, (-1, 0), 0))
    assert events[0] == cr.Spent(0, cr.Resource.SUN, 1)
    assert after.players[0].sun == 1


@pytest.mark.rule("R-OVER-2")
def test_no_sun_token_no_overbuild() -> None:
    state = _position(sun=0)
    assert _overbuilds(state) == []
    assert [move for move in cr.legal_moves(state) if isinstance(move, cr.Place)]
    with pytest.raises(cr.IllegalMoveError, match="has no sun token"):
        cr.apply(state, cr.Overbuild(W1111, (1, 0), 0))


# R-OVER-3 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-OVER-3")
@pytest.mark.parametrize("square", [(0, 1), (0, 0), (2, 1), (7, 7)])
def test_only_own_worker_tiles_can_be_overbuilt(square: Square) -> None:
    state = _position()
    with pytest.raises(
        cr.IllegalMoveError,
        match=rf"^square {square[0]},{square[1]} does not hold a worker tile of seat 0$",
    ):
        cr.apply(state, cr.Overbuild(W1111, square, 0))


@pytest.mark.rule("R-OVER-3")
def test_overbuild_rotations_are_the_distinct_ones() -> None:
    state = _position(hand=(W2101, W2101, W3100))
    # Two copies of 2-1-0-1 give one set of moves.
    assert _overbuilds(state) == [
        *(cr.Overbuild(W2101, square, r) for square in [(-1, 0), (1, 0)] for r in range(4)),
        *(cr.Overbuild(W3100, square, r) for square in [(-1, 0), (1, 0)] for r in range(4)),
    ]
    state = _position(hand=(W1111,))
    assert _overbuilds(state) == [cr.Overbuild(W1111, sq, 0) for sq in [(-1, 0), (1, 0)]]
    with pytest.raises(cr.IllegalMoveError) as raised:
        cr.apply(state, cr.Overbuild(W1111, (1, 0), 2))
    assert str(raised.value) == "rotation r2 is not a canonical rotation of 1-1-1-1; use one of r0"


@pytest.mark.rule("R-OVER-3")
def test_the_overbuilds_made_for_a_square_are_kept_for_it() -> None:
    # As placements (R-PLACE-3), on a table of its own: the process's table may already
    # hold the square from an earlier test.
    made = TileMoves()
    moves = made.new_overbuilds(WorkerType.W1111, (1, 0))
    assert [move.rotation for move in moves] == list(WorkerType.W1111.rotations)
    assert made.overbuilds[WorkerType.W1111][(1, 0)] is moves
    assert all(made.made(move) for move in moves)
    assert not made.made(cr.Overbuild(WorkerType.W1111, (1, 0), 0))


@pytest.mark.rule("R-OVER-3")
def test_an_overbuild_is_one_kept_move_in_every_state_that_lists_it() -> None:
    # As placements (R-PLACE-3): the engine makes each overbuild once and lists that very
    # object wherever it is legal (TileMoves), and the action space relies on it.
    listed = _overbuilds(_position())
    assert len(listed) == 2 * (1 + 4)
    again = _overbuilds(_position(sun=2, cacao=3))
    assert all(a is b for a, b in zip(listed, again, strict=True))
    assert all(KEPT_TILE_MOVES.made(move) for move in listed if isinstance(move, cr.Overbuild))
    # A caller's own equal move is accepted, but it is not one the engine made.
    mine = cr.Overbuild(W1111, (1, 0), 0)
    assert mine in listed
    assert not KEPT_TILE_MOVES.made(mine)
    cr.apply(_position(), mine)


@pytest.mark.rule("R-OVER-3")
def test_overbuild_needs_the_tile_in_hand() -> None:
    state = _position()
    with pytest.raises(cr.IllegalMoveError, match="has no 3-0-0-1 tile in hand"):
        cr.apply(state, cr.Overbuild(W3001, (1, 0), 0))


# R-OVER-4 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-OVER-4")
def test_square_overbuilt_once_is_not_offered_again() -> None:
    top = wt(0, W3001, 2)
    board = {**BOARD, (1, 0): top}
    state = _position(board=board, covered={(1, 0): OLD})
    assert _overbuilds(state) == [
        cr.Overbuild(W1111, (-1, 0), 0),
        *(cr.Overbuild(W2101, (-1, 0), r) for r in range(4)),
    ]
    with pytest.raises(cr.IllegalMoveError, match=r"^square 1,0 has been overbuilt already$"):
        cr.apply(state, cr.Overbuild(W1111, (1, 0), 0))


@pytest.mark.rule("R-OVER-4")
def test_overbuilt_square_is_closed_on_later_turns() -> None:
    state = _position(sun=3, cacao=5, hand=(W1111, W1111))
    state = cr.apply(state, cr.Overbuild(W1111, (-1, 0), 0))
    # Seat 1 places its tile; then seat 0 is back and may overbuild only (1, 0).
    state = cr.apply(state, cr.Place(W1111, (1, 2), 0))
    assert state.to_move == 0
    squares = {move.square for move in _overbuilds(state) if isinstance(move, cr.Overbuild)}
    assert squares == {(1, 0)}


# R-OVER-5 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-OVER-5")
def test_new_tile_workers_facing_jungle_tiles_are_activated() -> None:
    state = _position()
    # 2-1-0-1 turned three times: N1 E0 S1 W2. N faces the empty (1, -1).
    new = wt(0, W2101, 3)
    assert new.edges == (1, 0, 1, 2)
    after, events = cr.step(state, cr.Overbuild(W2101, (1, 0), 3))
    assert events == (
        cr.Spent(0, cr.Resource.SUN, 1),
        cr.WorkerPlaced(0, (1, 0), new, covered=OLD),
        cr.EdgeActivated(0, (1, 0), 1, Side.S, 1, M2),
        cr.EdgeActivated(0, (1, 0), 1, Side.W, 2, P1),
    )
    assert after.to_move == 0
    assert cr.legal_moves(after) == (
        cr.Resolve((1, 0), Side.S, 0),
        cr.Resolve((1, 0), Side.W, 0),
        cr.Resolve((1, 0), Side.W, 1),
        cr.Resolve((1, 0), Side.W, 2),
    )
    after = cr.apply(after, cr.Resolve((1, 0), Side.W, 2))
    assert after.players[0].cacao == 2
    after, events = cr.step(after, cr.Resolve((1, 0), Side.S, 1))
    assert (after.players[0].cacao, after.players[0].gold) == (1, 2)
    # No jungle space is filled: there are no jungle tiles left.
    assert not of_type(events, cr.JungleFilled)
    assert after.to_move == 1


@pytest.mark.rule("R-OVER-5")
def test_overbuild_fills_nothing_even_next_to_empty_spaces() -> None:
    # The empty (1, -1) touches seat 0's tile on (1, 0) and seat 1's on (2, -1): it was left
    # empty for good. Overbuilding (1, 0) closes in nothing new: no space is filled or
    # reported empty; only the new tile's edges facing jungle tiles are activated.
    board = {**BOARD, (2, -1): wt(1, W1111), (2, 0): TEMPLE}
    state = _position(board=board)
    _, events = cr.step(state, cr.Overbuild(W1111, (1, 0), 0))
    assert not of_type(events, cr.JungleFilled)
    assert not of_type(events, cr.SpaceLeftEmpty)
    assert [(e.side, e.jungle) for e in of_type(events, cr.EdgeActivated)] == [
        (Side.E, TEMPLE),
        (Side.S, M2),
        (Side.W, P1),
    ]


# R-OVER-6 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-OVER-6")
def test_covered_tile_is_kept_beneath_the_new_top_tile() -> None:
    state = _position()
    after = cr.apply(state, cr.Overbuild(W2101, (1, 0), 3))
    assert after.board[(1, 0)] == wt(0, W2101, 3)
    assert dict(after.covered) == {(1, 0): OLD}


@pytest.mark.rule("R-OVER-6")
def test_only_the_top_tile_is_activated_afterwards() -> None:
    # Hand-built: an overbuilt square while a display tile remains. (The base game cannot
    # reach this, but the Map module's early-overbuild variant can.) Seat 0 places on
    # (0, -1) and closes in (1, -1), which faces N of (1, 0). The covered 1-1-1-1 has a
    # worker there; the top 3-0-0-1 (N3) has three.
    top = wt(0, W3001)
    board = {**BOARD, (1, 0): top}
    state = _position(board=board, covered={(1, 0): OLD}, display=[G1], sun=0)
    after = cr.apply(state, cr.Place(W1111, (0, -1), 0))
    after, events = cr.step(after, cr.Fill((cr.FillChoice((1, -1), G1),)))
    assert cr.EdgeActivated(0, (1, 0), 1, Side.N, 3, G1) in events
    assert [e.workers for e in of_type(events, cr.EdgeActivated) if e.square == (1, 0)] == [3]


@pytest.mark.rule("R-OVER-6", "R-SCORE-5")
def test_covered_workers_do_not_count_at_a_temple() -> None:
    # A temple on (2, 0): the covered 1-1-1-1 on (1, 0) had 1 worker facing it (E); the top
    # 3-0-0-1 has none. Seat 1's tile on (2, 1) has 1 worker facing it (N).
    top = wt(0, W3001)
    assert top.edges[Side.E] == 0
    board = {**BOARD, (1, 0): top, (2, 0): TEMPLE, (2, 1): wt(1, W1111)}
    state = _position(board=board, covered={(1, 0): OLD})
    sheets = cr.final_scores(state)
    assert [sheet.breakdown["temples"] for sheet in sheets] == [0, 6]


@pytest.mark.rule("R-OVER-1", "R-OVER-4", "R-MAP-6")
@pytest.mark.rule("R-OVER-1", "R-MAP-6")
@pytest.mark.parametrize(
    "config",
    [
        cr.Config(players=4),
        cr.Config(players=3, modules={cr.Module.MAP}, map_early_overbuild=True),
        cr.Config.big_game(4),
    ],
)
def test_the_overbuilds_listed_are_those_the_rule_allows(config: cr.Config) -> None:
    """Listing a placement asks for the squares to overbuild only where
    ``overbuild_allowed`` may allow it (issue 39: while the display holds a tile, only in
    the Map module's variant): at every placement of seeded games, the overbuilds listed
    are every type in hand, rotation and square that ``overbuild_squares`` gives, asked
    plainly."""
    met = 0
    for seed in range(3):
        for state in random_game(config, seed, random.Random(seed)):
            if isinstance(state.step, cr.PlacementStep):
                listed = [m for m in placement_moves(state) if isinstance(m, cr.Overbuild)]
                met += bool(listed)
                wanted = [
                    cr.Overbuild(kind, square, rotation)
                    for kind in hand_types(state)
                    for square in overbuild_squares(state, state.current)
                    for rotation in kind.rotations
                ]
                assert listed == wanted
    assert met  # the games reach overbuilding
