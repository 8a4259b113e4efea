"""Placing a worker tile: where it may go, its rotations, and the discard when stuck.

Rules: R-PLACE-1 to R-PLACE-4. Boards are laid by hand around the start tiles, the single
plantation P1 on (0, 0) and the price-2 market M2 on (1, 1).
"""

from __future__ import annotations

import random

import pytest

import cacao_rules as cr
from cacao_rules import Side
from cacao_rules.turn.placement import KEPT_TILE_MOVES, TileMoves
from helpers_positions import (
    M2,
    P1,
    TEMPLE,
    W1111,
    W2101,
    W3001,
    W3100,
    Square,
    of_type,
    start_board,
    wt,
)

TWO = cr.Config(players=2)
# The empty worker squares around the two start tiles.
START_SQUARES: list[Square] = [(-1, 0), (0, -1), (0, 1), (1, 0), (1, 2), (2, 1)]


def _places(state: cr.State) -> list[cr.Place]:
    return [move for move in cr.legal_moves(state) if isinstance(move, cr.Place)]


# R-PLACE-1 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-PLACE-1")
def test_the_types_in_hand_are_each_type_once_in_the_order_first_met() -> None:
    """The types a placement is listed for (issue 39: a plain loop, no ``dict.fromkeys``,
    its answer kept for each hand): each type of the hand once, where first met, for every
    hand of up to 3 tiles in any order, worked out and then read from the kept table."""
    from itertools import product

    from cacao_rules.turn.placement import hand_types

    state = cr.new_game(cr.Config(players=2), seed=1)
    for _ in ("worked out", "kept"):
        for size in range(4):
            for hand in product(list(cr.WorkerType), repeat=size):
                players = (state.players[0].replace(hand=hand), state.players[1])
                seated = state.replace(players=players, current=0)
                assert hand_types(seated) == tuple(dict.fromkeys(hand))


@pytest.mark.rule("R-PLACE-1")
def test_placements_on_the_start_board() -> None:
    state = cr.position(TWO, players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState()])
    assert cr.legal_moves(state) == tuple(cr.Place(W1111, sq, 0) for sq in START_SQUARES)


@pytest.mark.rule("R-PLACE-1")
def test_new_jungle_tile_opens_new_squares_and_old_ones_close() -> None:
    board = start_board({(1, 0): wt(1, W1111), (2, 0): TEMPLE})
    state = cr.position(TWO, board=board, players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState()])
    # (1, 0) is taken; the temple on (2, 0) adds (2, -1) and (3, 0); (2, 1) touches both.
    assert sorted(move.square for move in _places(state)) == [
        (-1, 0),
        (0, -1),
        (0, 1),
        (1, 2),
        (2, -1),
        (2, 1),
        (3, 0),
    ]


@pytest.mark.rule("R-PLACE-1")
def test_square_touching_only_empty_jungle_squares_is_rejected() -> None:
    board = start_board({(1, 0): wt(1, W1111)})
    state = cr.position(TWO, board=board, players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState()])
    # (2, -1) touches (2, 0), (1, -1), (3, -1)... all empty jungle squares, and the worker
    # tile on (1, 0) only at a corner.
    assert (2, -1) not in [move.square for move in _places(state)]
    with pytest.raises(cr.IllegalMoveError, match="shares no edge with a jungle tile"):
        cr.apply(state, cr.Place(W1111, (2, -1), 0))
    with pytest.raises(cr.IllegalMoveError, match="shares no edge with a jungle tile"):
        cr.apply(state, cr.Place(W1111, (5, 8), 0))


@pytest.mark.rule("R-PLACE-1")
def test_occupied_square_is_rejected() -> None:
    board = start_board({(1, 0): wt(1, W1111)})
    state = cr.position(TWO, board=board, players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState()])
    with pytest.raises(cr.IllegalMoveError, match=r"square 1,0 is already occupied"):
        cr.apply(state, cr.Place(W1111, (1, 0), 0))
    with pytest.raises(cr.IllegalMoveError, match=r"square 0,0 is already occupied"):
        cr.apply(state, cr.Place(W1111, (0, 0), 0))


@pytest.mark.rule("R-PLACE-1")
def test_tile_must_be_in_hand() -> None:
    state = cr.position(TWO, players=[cr.PlayerState(hand=(W1111, W2101)), cr.PlayerState()])
    with pytest.raises(cr.IllegalMoveError) as raised:
        cr.apply(state, cr.Place(W3001, (1, 0), 0))
    assert str(raised.value) == "seat 0 has no 3-0-0-1 tile in hand (hand: 1-1-1-1, 2-1-0-1)"


@pytest.mark.rule("R-PLACE-1")
def test_placement_puts_the_tile_on_the_board_and_takes_it_from_hand() -> None:
    state = cr.position(
        TWO, players=[cr.PlayerState(hand=(W1111, W3100)), cr.PlayerState(hand=(W1111,))]
    )
    # 3-1-0-0 turned once: N0 E3 S1 W0. Only S touches a jungle tile (the market), and
    # with no cacao the market edge cannot matter, so the engine resolves it and the turn ends.
    after, events = cr.step(state, cr.Place(W3100, (1, 0), 1))
    placed = wt(0, W3100, 1)
    assert placed.edges == (0, 3, 1, 0)
    assert after.board[(1, 0)] == placed
    assert events[:3] == (
        cr.WorkerPlaced(0, (1, 0), placed),
        cr.EdgeActivated(0, (1, 0), 0, Side.S, 1, M2),
        cr.EdgeResolved(0, (1, 0), Side.S, 0, automatic=True),
    )
    drawn = of_type(events, cr.WorkerDrawn)
    assert len(drawn) == 1
    assert sorted(after.players[0].hand, key=lambda kind: kind.sort_key) == sorted(
        [W1111, drawn[0].type], key=lambda kind: kind.sort_key
    )
    assert after.to_move == 1


# R-PLACE-2 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-PLACE-2")
@pytest.mark.parametrize("square", [(2, 0), (1, -1), (-1, 1), (0, 2)])
def test_worker_tile_never_goes_on_a_jungle_square(square: Square) -> None:
    board = start_board({(1, 0): wt(1, W1111), (0, 1): wt(1, W1111)})
    state = cr.position(TWO, board=board, players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState()])
    with pytest.raises(cr.IllegalMoveError) as raised:
        cr.apply(state, cr.Place(W1111, square, 0))
    assert str(raised.value) == (
        f"square {square[0]},{square[1]} is a jungle square of the checkerboard; worker tiles go "
        "on squares with odd x + y"
    )


@pytest.mark.rule("R-PLACE-2")
def test_listed_squares_never_touch_a_worker_tile() -> None:
    board = start_board(
        {
            (1, 0): wt(1, W1111),
            (0, 1): wt(0, W2101),
            (2, 0): TEMPLE,
            (-1, 1): P1,
            (2, 1): wt(1, W3001),
        }
    )
    state = cr.position(TWO, board=board, players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState()])
    squares = [move.square for move in _places(state)]
    assert squares == [(-2, 1), (-1, 0), (-1, 2), (0, -1), (1, 2), (2, -1), (3, 0)]
    for x, y in squares:
        assert (x + y) % 2 == 1
        around = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
        assert not any(isinstance(state.board.get(sq), cr.WorkerTile) for sq in around)


@pytest.mark.rule("R-PLACE-2")
def test_hand_built_board_keeps_the_checkerboard() -> None:
    with pytest.raises(cr.ConfigError, match="worker square"):
        cr.position(TWO, board=start_board({(2, 1): TEMPLE}))
    with pytest.raises(cr.ConfigError, match="jungle square"):
        cr.position(TWO, board=start_board({(2, 2): wt(0, W1111)}))


# R-PLACE-3 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-PLACE-3")
def test_one_move_per_distinct_rotation_and_per_tile_type() -> None:
    hand = (W1111, W2101, W2101)
    state = cr.position(TWO, players=[cr.PlayerState(hand=hand), cr.PlayerState()])
    expected = [cr.Place(W1111, sq, 0) for sq in START_SQUARES]
    expected += [cr.Place(W2101, sq, r) for sq in START_SQUARES for r in (0, 1, 2, 3)]
    assert cr.legal_moves(state) == tuple(expected)
    assert len(set(cr.legal_moves(state))) == 30


@pytest.mark.rule("R-PLACE-3", "R-SETUP-2")
def test_mirror_tiles_give_different_placements() -> None:
    state = cr.position(TWO, players=[cr.PlayerState(hand=(W3001, W3100)), cr.PlayerState()])
    moves = _places(state)
    assert len(moves) == 2 * 4 * len(START_SQUARES)
    on_square = [move for move in moves if move.square == (1, 0)]
    left = {wt(0, move.type, move.rotation).edges for move in on_square if move.type is W3001}
    right = {wt(0, move.type, move.rotation).edges for move in on_square if move.type is W3100}
    assert len(left) == len(right) == 4
    assert not left & right


@pytest.mark.rule("R-PLACE-3")
@pytest.mark.parametrize("rotation", [1, 2, 3])
def test_non_canonical_rotation_is_rejected(rotation: int) -> None:
    state = cr.position(TWO, players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState()])
    with pytest.raises(cr.IllegalMoveError, match=f"rotation r{rotation} is not a canonical"):
        cr.apply(state, cr.Place(W1111, (1, 0), rotation))


@pytest.mark.rule("R-PLACE-3")
@pytest.mark.parametrize("rotation", [-1, 4])
def test_rotation_out_of_range_is_rejected(rotation: int) -> None:
    state = cr.position(TWO, players=[cr.PlayerState(hand=(W2101,)), cr.PlayerState()])
    # The move refuses the rotation as it is made, before apply sees it.
    with pytest.raises(cr.IllegalMoveError, match="rotation must be an int from 0 to 3"):
        cr.apply(state, cr.Place(W2101, (1, 0), rotation))


@pytest.mark.rule("R-PLACE-3", "R-NEW-1")
def test_refused_rotation_names_every_distinct_rotation() -> None:
    # 0-2-0-2 (New Workers) looks the same turned twice: r0 and r1 are its only rotations.
    kind = cr.WorkerType.W0202
    config = cr.Config(players=2, modules={cr.Module.NEW_WORKERS}, workers={kind: 1, W1111: 1})
    state = cr.position(config, players=[cr.PlayerState(hand=(kind,)), cr.PlayerState()])
    with pytest.raises(cr.IllegalMoveError) as raised:
        cr.apply(state, cr.Place(kind, (1, 0), 2))
    assert str(raised.value) == (
        "rotation r2 is not a canonical rotation of 0-2-0-2; use one of r0, r1"
    )


@pytest.mark.rule("R-PLACE-3")
def test_the_placements_made_for_a_square_are_kept_for_it() -> None:
    # The process's table is filled by whichever test lists a square first; a table of its
    # own shows that making the placements of a square keeps them, whatever ran before.
    made = TileMoves()
    moves = made.new_places(W1111, (1, 0))
    assert [move.rotation for move in moves] == list(W1111.rotations)
    assert made.places[W1111][(1, 0)] is moves
    assert all(made.made(move) for move in moves)
    assert not made.made(cr.Place(W1111, (1, 0), 0))


@pytest.mark.rule("R-PLACE-3")
def test_a_placement_is_one_kept_move_in_every_state_that_lists_it() -> None:
    # The engine makes each placement once and lists that very object in every state where
    # it is legal (TileMoves); the action space keys placements by identity on that promise.
    hand = (W1111, W2101)
    first = cr.position(TWO, players=[cr.PlayerState(hand=hand), cr.PlayerState()])
    again = cr.position(TWO, players=[cr.PlayerState(hand=hand), cr.PlayerState()])
    listed = cr.legal_moves(first)
    assert len(listed) == 6 + 6 * 4
    assert all(a is b for a, b in zip(listed, cr.legal_moves(again), strict=True))
    assert all(KEPT_TILE_MOVES.made(move) for move in listed if isinstance(move, cr.Place))
    # Another board: the squares both list give the same objects, the new squares new ones.
    board = start_board({(1, 0): wt(1, W1111), (2, 0): TEMPLE})
    other = cr.position(TWO, board=board, players=[cr.PlayerState(hand=hand), cr.PlayerState()])
    kept = {(move.type, move.square, move.rotation): move for move in _places(first)}
    for move in _places(other):
        assert KEPT_TILE_MOVES.made(move)
        old = kept.get((move.type, move.square, move.rotation))
        assert old is None or old is move
    # A caller's own equal move is accepted, but it is not one the engine made.
    mine = cr.Place(W1111, (1, 0), 0)
    assert mine == listed[3]
    assert not KEPT_TILE_MOVES.made(mine)
    assert not KEPT_TILE_MOVES.made(cr.Place(W2101, (2, 1), 3))
    cr.apply(first, mine)


@pytest.mark.rule("R-PLACE-3", "R-ACT-1")
@pytest.mark.parametrize(
    ("rotation", "edges", "active"),
    [
        (0, (2, 1, 0, 1), [(Side.W, 1)]),
        (1, (1, 2, 1, 0), [(Side.S, 1)]),
        (2, (0, 1, 2, 1), [(Side.S, 2), (Side.W, 1)]),
        (3, (1, 0, 1, 2), [(Side.S, 1), (Side.W, 2)]),
    ],
)
def test_rotation_decides_which_workers_face_the_start_tiles(
    rotation: int, edges: tuple[int, int, int, int], active: list[tuple[Side, int]]
) -> None:
    # On (1, 0) the plantation is to the W and the market to the S.
    state = cr.position(TWO, players=[cr.PlayerState(hand=(W2101,)), cr.PlayerState()])
    after, events = cr.step(state, cr.Place(W2101, (1, 0), rotation))
    tile = after.board[(1, 0)]
    assert isinstance(tile, cr.WorkerTile)
    assert tile.edges == edges
    activated = of_type(events, cr.EdgeActivated)
    assert [(event.side, event.workers) for event in activated] == active


# R-PLACE-4 ---------------------------------------------------------------------------------

# Every worker square next to the two start tiles is taken, the jungle pile and the display
# are empty: no placement is possible, and nobody can overbuild without a sun token.
SURROUNDED = start_board(
    {
        (-1, 0): wt(1, W1111),
        (0, -1): wt(1, W1111),
        (0, 1): wt(0, W2101),
        (1, 0): wt(0, W1111),
        (1, 2): wt(1, W2101),
        (2, 1): wt(1, W1111),
    }
)


def _stuck(hand0: tuple[cr.WorkerType, ...], hand1: tuple[cr.WorkerType, ...]) -> cr.State:
    return cr.position(
        TWO,
        board=SURROUNDED,
        players=[cr.PlayerState(hand=hand0), cr.PlayerState(hand=hand1)],
        jungle_pile=[],
    )


@pytest.mark.rule("R-PLACE-4")
def test_discard_moves_one_per_distinct_hand_type() -> None:
    state = _stuck((W1111, W2101, W2101), (W2101, W3001))
    assert state.to_move == 0
    assert cr.legal_moves(state) == (cr.Discard(W1111), cr.Discard(W2101))


@pytest.mark.rule("R-PLACE-4")
def test_discard_removes_the_tile_and_ends_the_turn() -> None:
    state = _stuck((W1111, W2101, W2101), (W2101, W3001))
    after, events = cr.step(state, cr.Discard(W2101))
    assert events[0] == cr.WorkerDiscarded(0, W2101)
    assert not of_type(events, cr.WorkerPlaced)
    assert not of_type(events, cr.JungleFilled)
    assert not of_type(events, cr.EdgeActivated)
    assert after.discarded == ((0, W2101),)
    assert after.board == state.board
    drawn = of_type(events, cr.WorkerDrawn)
    assert [event.player for event in drawn] == [0]
    expected = sorted([W1111, W2101, drawn[0].type], key=lambda kind: kind.sort_key)
    assert list(after.players[0].hand) == expected
    assert after.players[0].pile.total == state.players[0].pile.total - 1
    assert events[-1] == cr.TurnStarted(1)
    assert after.to_move == 1
    assert cr.legal_moves(after) == (cr.Discard(W2101), cr.Discard(W3001))


@pytest.mark.rule("R-PLACE-4", "R-HIDDEN-2")
def test_single_hand_type_is_asked_when_the_others_cannot_know_the_hand() -> None:
    # Seat 1 can only discard a 2-1-0-1, but its pile holds other types: the others cannot
    # know its hand is all 2-1-0-1, so the engine asks the one discard instead of making it.
    state = _stuck((W1111, W3100), (W2101, W2101))
    assert len(set(state.players[1].pile.elements())) > 1
    after, events = cr.step(state, cr.Discard(W3100))
    assert not of_type(events, cr.AutoDecision)
    assert after.to_move == 1
    assert cr.legal_moves(after) == (cr.Discard(W2101),)
    last, events = cr.step(after, cr.Discard(W2101))
    assert of_type(events, cr.WorkerDiscarded) == [cr.WorkerDiscarded(1, W2101)]
    assert last.discarded == ((0, W3100), (1, W2101))
    assert last.to_move == 0


@pytest.mark.rule("R-PLACE-4")
def test_discard_is_refused_while_a_placement_exists() -> None:
    state = cr.position(TWO, players=[cr.PlayerState(hand=(W1111, W2101)), cr.PlayerState()])
    assert not [move for move in cr.legal_moves(state) if isinstance(move, cr.Discard)]
    with pytest.raises(
        cr.IllegalMoveError, match=r"^a tile may be discarded only when none can be placed$"
    ):
        cr.apply(state, cr.Discard(W1111))


@pytest.mark.rule("R-PLACE-4")
def test_discard_needs_the_tile_in_hand() -> None:
    state = _stuck((W1111, W2101), (W2101,))
    with pytest.raises(cr.IllegalMoveError, match="has no 3-0-0-1 tile in hand"):
        cr.apply(state, cr.Discard(W3001))


@pytest.mark.rule("R-PLACE-4", "R-OVER-1")
def test_no_discard_when_the_player_can_overbuild() -> None:
    state = cr.position(
        TWO,
        board=SURROUNDED,
        players=[cr.PlayerState(hand=(W3001,), sun=1), cr.PlayerState(hand=(W2101,))],
        jungle_pile=[],
    )
    assert cr.legal_moves(state) == tuple(
        cr.Overbuild(W3001, square, rotation)
        for square in [(0, 1), (1, 0)]
        for rotation in (0, 1, 2, 3)
    )
    with pytest.raises(
        cr.IllegalMoveError, match=r"^a tile may be discarded only when none can be placed$"
    ):
        cr.apply(state, cr.Discard(W3001))


@pytest.mark.rule("R-OVER-1", "R-MAP-6")
def test_overbuilding_is_allowed_when_the_rules_say_whichever_is_asked_first() -> None:
    """overbuild_allowed asks the display before the pile (a tuple's truth is native, the
    pile's is a method): for every pile, display and Map variant it answers as the rules
    read, the pile and the display both empty, or with the variant the pile alone."""
    from itertools import product

    from cacao_rules.game.frozen import Bag
    from cacao_rules.state.draft import Draft
    from cacao_rules.turn.placement import overbuild_allowed

    piles: tuple[Bag[cr.JungleTile], ...] = (Bag.of([], key=str), Bag.of([TEMPLE], key=str))
    for pile, display, early in product(piles, ((), (TEMPLE,)), (False, True)):
        config = cr.Config(players=2, modules={cr.Module.MAP}, map_early_overbuild=early)
        view = Draft(cr.new_game(config, seed=1), None)  # a real view: compiled, it is typed
        view.jungle_pile, view.display = pile, display
        wanted = not pile and (early or not display)
        assert overbuild_allowed(view) is wanted


@pytest.mark.rule("R-PLACE-1")
def test_a_placement_is_accepted_exactly_when_it_is_listed() -> None:
    """The check of a placement settles the legal case in one expression and only then
    looks for the reason to refuse: over the placement decisions of a few seeded games, a
    placement of every tile type, rotation and square near the board is accepted exactly
    when it is listed (an equal move made afresh, so that the check is not skipped)."""
    for seed, config in enumerate((TWO, cr.Config(players=4), cr.Config.big_game(4))):
        choose = random.Random(seed).choice
        state = cr.new_game(config, seed=seed)
        decisions = 0
        while not state.is_over:
            moves = cr.legal_moves(state)
            if isinstance(moves[0], cr.Place | cr.Overbuild | cr.Discard) and decisions % 7 == 0:
                listed = {(m.type, m.square, m.rotation) for m in moves if isinstance(m, cr.Place)}
                xs = [x for x, _ in state.board]
                ys = [y for _, y in state.board]
                for kind in cr.WorkerType:
                    for x in range(min(xs) - 2, max(xs) + 3):
                        for y in range(min(ys) - 2, max(ys) + 3):
                            for rotation in range(4):
                                move = cr.Place(kind, (x, y), rotation)
                                try:
                                    cr.apply(state, move)
                                except cr.IllegalMoveError:
                                    assert (kind, (x, y), rotation) not in listed
                                else:
                                    assert (kind, (x, y), rotation) in listed
            decisions += 1
            state = cr.apply(state, choose(moves))
