"""Filling jungle spaces after a placement.

Rules: R-FILL-1 to R-FILL-6. Every position here has seat 0 place a worker tile on (2, 1),
next to the start market M2 on (1, 1). The jungle spaces next to (2, 1) are (2, 0), (2, 2)
and (3, 1); which of them must be filled depends on the worker tiles already around them:

- seat 1's tile on (1, 0) closes (2, 0) in;
- seat 1's tile on (1, 2) closes (2, 2) in;
- seat 1's tile on (3, 2) (next to a temple on (3, 3)) closes both (2, 2) and (3, 1) in.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import cast

import pytest

import cacao_rules as cr
from cacao_rules import Side
from cacao_rules.game.caches import clear_all
from cacao_rules.game.geometry import neighbours
from cacao_rules.state.board import square_object
from cacao_rules.turn import filling
from cacao_rules.turn.filling import fill_moves
from helpers_observation import random_game
from helpers_positions import (
    G1,
    M2,
    M3,
    SUN,
    TEMPLE,
    W1111,
    WATER,
    Board,
    Square,
    of_type,
    start_board,
    wt,
)

TWO = cr.Config(players=2)
MAP_4 = cr.Config(players=4, modules={cr.Module.MAP})
PLACED: Square = (2, 1)
PLACE = cr.Place(W1111, PLACED, 0)

CLOSES_2_0: Board = {(1, 0): wt(1, W1111)}
CLOSES_2_2: Board = {(1, 2): wt(1, W1111)}
CLOSES_2_2_AND_3_1: Board = {(3, 2): wt(1, W1111), (3, 3): TEMPLE}


def _position(
    extra: Mapping[Square, cr.Tile],
    display: Iterable[cr.JungleTile],
    pile: Iterable[cr.JungleTile] | None,
    *,
    seed: int | None = 0,
    sun: int = 3,
) -> cr.State:
    """Seat 0 to move with a 1-1-1-1 in hand; both players hold ``sun`` sun tokens.

    With 3 sun tokens an activated sun-worshiping site cannot matter, so the engine resolves
    it; so are temples. The start market never matters either: nobody has cacao.
    """
    return cr.position(
        TWO,
        board=start_board(extra),
        players=[
            cr.PlayerState(hand=(W1111, W1111), sun=sun),
            cr.PlayerState(hand=(W1111, W1111), sun=sun),
        ],
        display=display,
        jungle_pile=pile,
        seed=seed,
    )


def _fill(*pairs: tuple[Square, cr.JungleTile]) -> cr.Fill:
    return cr.Fill(tuple(cr.FillChoice(square, tile) for square, tile in pairs))


# R-FILL-1 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-FILL-1")
def test_space_between_tiles_of_different_owners_must_be_filled() -> None:
    state = _position(CLOSES_2_0, [SUN, TEMPLE], None)
    after = cr.apply(state, PLACE)
    assert after.to_move == 0
    assert cr.legal_moves(after) == (_fill(((2, 0), SUN)), _fill(((2, 0), TEMPLE)))


@pytest.mark.rule("R-FILL-1")
def test_space_between_two_own_tiles_must_be_filled() -> None:
    own = {(1, 0): wt(0, W1111)}
    state = cr.position(
        TWO,
        board=start_board(own),
        players=[cr.PlayerState(hand=(W1111,), sun=3), cr.PlayerState(hand=(W1111,), sun=3)],
        display=[SUN, TEMPLE],
    )
    after = cr.apply(state, PLACE)
    assert cr.legal_moves(after) == (_fill(((2, 0), SUN)), _fill(((2, 0), TEMPLE)))


def _jungle_neighbours(square: Square) -> set[Square]:
    x, y = square
    return {(x - 1, y), (x, y - 1), (x, y + 1), (x + 1, y)}


@pytest.mark.rule("R-FILL-1")
@pytest.mark.parametrize(
    ("placed", "other"),
    [
        # Beside (2, 1): the spaces (2, 0) to the N, (2, 2) to the S, (3, 1) to the E.
        ((2, 1), (2, -1)),
        ((2, 1), (1, 0)),
        ((2, 1), (3, 0)),
        ((2, 1), (2, 3)),
        ((2, 1), (1, 2)),
        ((2, 1), (3, 2)),
        ((2, 1), (4, 1)),
        # Beside (0, 1): the spaces (-1, 1) to the W and (0, 2) to the S.
        ((0, 1), (-2, 1)),
        ((0, 1), (-1, 0)),
        ((0, 1), (-1, 2)),
        ((0, 1), (0, 3)),
    ],
)
def test_every_space_between_the_new_tile_and_another_is_filled(
    placed: Square, other: Square
) -> None:
    # One other worker tile: exactly the empty spaces beside both tiles must be filled,
    # whichever side of the new tile they lie on and of the space the other tile is.
    state = _position({other: wt(1, W1111)}, [SUN, TEMPLE], None)
    after = cr.apply(state, cr.Place(W1111, placed, 0))
    board = start_board({})
    expected = (_jungle_neighbours(placed) & _jungle_neighbours(other)) - set(board)
    assert expected
    filled = {
        choice.square
        for move in cr.legal_moves(after)
        if isinstance(move, cr.Fill)
        for choice in move.choices
    }
    assert filled == expected


@pytest.mark.rule("R-FILL-1")
def test_space_next_to_only_the_new_tile_stays_empty() -> None:
    state = _position({}, [SUN, TEMPLE], None)
    after, events = cr.step(state, PLACE)
    assert not of_type(events, cr.JungleFilled)
    assert not of_type(events, cr.SpaceLeftEmpty)
    for space in [(2, 0), (2, 2), (3, 1)]:
        assert space not in after.board
    # The display was not touched; the turn ended (only dead edges) and seat 1 moves.
    assert after.display == (SUN, TEMPLE)
    assert after.to_move == 1


@pytest.mark.rule("R-FILL-1", "R-FILL-4")
def test_one_placement_can_close_three_spaces() -> None:
    state = _position({**CLOSES_2_0, **CLOSES_2_2_AND_3_1}, [SUN, TEMPLE], [G1])
    after = cr.apply(state, PLACE)
    fills = cr.legal_moves(after)
    assert all(isinstance(move, cr.Fill) for move in fills)
    spaces = {
        choice.square for move in fills if isinstance(move, cr.Fill) for choice in move.choices
    }
    assert spaces == {(2, 0), (2, 2), (3, 1)}


@pytest.mark.rule("R-FILL-1")
def test_fill_activates_the_other_owners_facing_workers() -> None:
    state = _position(CLOSES_2_0, [G1, TEMPLE], None)
    after = cr.apply(state, PLACE)
    after, events = cr.step(after, _fill(((2, 0), G1)))
    assert of_type(events, cr.JungleFilled) == [cr.JungleFilled((2, 0), G1, "display")]
    assert after.board[(2, 0)] == G1
    assert of_type(events, cr.EdgeActivated) == [
        cr.EdgeActivated(0, (2, 1), 0, Side.N, 1, G1),
        cr.EdgeActivated(0, (2, 1), 0, Side.W, 1, M2),
        cr.EdgeActivated(1, (1, 0), 0, Side.E, 1, G1),
    ]


# R-FILL-2 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-FILL-2")
def test_player_chooses_which_display_tile_goes_where() -> None:
    state = _position({**CLOSES_2_0, **CLOSES_2_2}, [SUN, TEMPLE], None)
    after = cr.apply(state, PLACE)
    assert after.to_move == 0
    assert cr.legal_moves(after) == (
        _fill(((2, 0), SUN), ((2, 2), TEMPLE)),
        _fill(((2, 0), TEMPLE), ((2, 2), SUN)),
    )
    done, events = cr.step(after, _fill(((2, 0), TEMPLE), ((2, 2), SUN)))
    assert of_type(events, cr.JungleFilled) == [
        cr.JungleFilled((2, 0), TEMPLE, "display"),
        cr.JungleFilled((2, 2), SUN, "display"),
    ]
    assert (done.board[(2, 0)], done.board[(2, 2)]) == (TEMPLE, SUN)


@pytest.mark.rule("R-FILL-2")
def test_identical_display_tiles_need_no_decision() -> None:
    state = _position({**CLOSES_2_0, **CLOSES_2_2}, [TEMPLE, TEMPLE], [SUN])
    after, events = cr.step(state, PLACE)
    fill = _fill(((2, 0), TEMPLE), ((2, 2), TEMPLE))
    assert of_type(events, cr.AutoDecision)[0] == cr.AutoDecision(0, fill)
    assert of_type(events, cr.JungleFilled) == [
        cr.JungleFilled((2, 0), TEMPLE, "display"),
        cr.JungleFilled((2, 2), TEMPLE, "display"),
    ]
    # Temples only: the turn ends by itself and the display is refilled from the pile.
    assert after.to_move == 1
    assert after.display == (SUN,)


@pytest.mark.rule("R-FILL-2")
def test_one_space_and_two_display_tiles_player_picks_the_tile() -> None:
    state = _position(CLOSES_2_0, [G1, TEMPLE], None)
    after = cr.apply(state, PLACE)
    assert cr.legal_moves(after) == (_fill(((2, 0), G1)), _fill(((2, 0), TEMPLE)))
    done = cr.apply(after, _fill(((2, 0), TEMPLE)))
    assert done.board[(2, 0)] == TEMPLE


@pytest.mark.rule("R-FILL-2")
def test_fill_that_is_not_offered_is_rejected() -> None:
    state = _position({**CLOSES_2_0, **CLOSES_2_2}, [SUN, TEMPLE], None)
    after = cr.apply(state, PLACE)
    for bad in [
        _fill(((2, 0), G1), ((2, 2), SUN)),  # not in the display
        _fill(((2, 0), SUN)),  # leaves (2, 2) empty while a display tile is left
        _fill(((2, 0), SUN), ((2, 2), SUN)),  # one display tile used twice
        _fill(((2, 0), SUN), ((3, 1), TEMPLE)),  # (3, 1) need not be filled
    ]:
        with pytest.raises(cr.IllegalMoveError, match="is not a legal fill"):
            cr.apply(after, bad)
    with pytest.raises(cr.IllegalMoveError, match="waits for seat 0 to fill"):
        cr.apply(after, cr.Place(W1111, (0, 1), 0))


@pytest.mark.rule("R-FILL-2")
def test_refused_fill_says_what_may_be_filled_and_with_what() -> None:
    state = _position({**CLOSES_2_0, **CLOSES_2_2}, [SUN, TEMPLE], None)
    after = cr.apply(state, PLACE)
    with pytest.raises(cr.IllegalMoveError) as raised:
        cr.apply(after, _fill(((2, 0), G1), ((2, 2), SUN)))
    assert str(raised.value) == (
        "fill 2,0=G1 2,2=S is not a legal fill: the spaces to fill are 2,0, 2,2 and the display "
        "holds S, T; every tile must go on a different space to fill, and 2 of them (or all, "
        "if fewer) get face-up tiles, display tiles while they last unless a map-board tile is "
        "taken instead; the rest are drawn blind"
    )


# R-FILL-3 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-FILL-3")
def test_display_is_not_refilled_during_the_turn() -> None:
    state = _position(CLOSES_2_0, [G1, TEMPLE], [WATER, WATER])
    after = cr.apply(state, PLACE)
    after = cr.apply(after, _fill(((2, 0), G1)))
    # Activation: seat 0 decides on the gold mine; the display still holds one tile.
    assert after.to_move == 0
    assert after.display == (TEMPLE,)
    assert after.jungle_pile.total == 2
    moves = cr.legal_moves(after)
    assert moves == (cr.Resolve((2, 1), Side.N, 0), cr.Resolve((2, 1), Side.N, 1))
    after = cr.apply(after, cr.Resolve((2, 1), Side.N, 1))
    assert after.to_move == 1
    assert after.display == (TEMPLE,)
    # The refill comes at the end of the turn (R-END-2).
    after, events = cr.step(after, cr.Resolve((1, 0), Side.E, 1))
    assert of_type(events, cr.DisplayFilled) == [cr.DisplayFilled(WATER)]
    assert after.display == (WATER, TEMPLE)
    assert (after.players[0].gold, after.players[1].gold) == (1, 1)


@pytest.mark.rule("R-FILL-3", "R-FILL-4")
def test_two_spaces_empty_the_display_and_it_stays_empty_until_the_end() -> None:
    state = _position({**CLOSES_2_0, **CLOSES_2_2_AND_3_1}, [G1, TEMPLE], [WATER, SUN], seed=None)
    after = cr.apply(state, PLACE)
    after = cr.apply(after, _fill(((2, 0), G1), ((2, 2), TEMPLE)))
    # The third space is drawn blind from the pile, not from a refilled display.
    assert after.is_chance
    assert after.display == ()
    assert cr.chance_outcomes(after) == (
        (cr.DrawJungle(WATER), Fraction(1, 2)),
        (cr.DrawJungle(SUN), Fraction(1, 2)),
    )


# R-FILL-4 ----------------------------------------------------------------------------------

THREE_SPACES: Board = {**CLOSES_2_0, **CLOSES_2_2_AND_3_1}


@pytest.mark.rule("R-FILL-4")
def test_three_spaces_player_picks_the_two_that_get_display_tiles() -> None:
    state = _position(THREE_SPACES, [SUN, TEMPLE], [M3, M3, WATER], seed=None)
    after = cr.apply(state, PLACE)
    assert after.to_move == 0
    expected = [
        _fill((a, x), (b, y))
        for a, b in [((2, 0), (2, 2)), ((2, 0), (3, 1)), ((2, 2), (3, 1))]
        for x, y in [(SUN, TEMPLE), (TEMPLE, SUN)]
    ]
    assert cr.legal_moves(after) == tuple(sorted(expected, key=lambda move: move.sort_key))


@pytest.mark.rule("R-FILL-4", "R-CHANCE-2")
def test_third_space_gets_a_blind_draw_with_pile_probabilities() -> None:
    state = _position(THREE_SPACES, [SUN, TEMPLE], [M3, M3, WATER], seed=None)
    after = cr.apply(state, PLACE)
    after, events = cr.step(after, _fill(((2, 2), SUN), ((3, 1), TEMPLE)))
    assert of_type(events, cr.JungleFilled) == [
        cr.JungleFilled((2, 2), SUN, "display"),
        cr.JungleFilled((3, 1), TEMPLE, "display"),
    ]
    assert after.is_chance
    assert after.to_move is None
    assert cr.legal_moves(after) == (cr.DrawJungle(M3), cr.DrawJungle(WATER))
    assert cr.chance_outcomes(after) == (
        (cr.DrawJungle(M3), Fraction(2, 3)),
        (cr.DrawJungle(WATER), Fraction(1, 3)),
    )
    with pytest.raises(cr.IllegalMoveError, match="not a possible outcome"):
        cr.apply(after, cr.DrawJungle(TEMPLE))
    done, events = cr.step(after, cr.DrawJungle(WATER))
    assert of_type(events, cr.JungleFilled) == [cr.JungleFilled((2, 0), WATER, "pile")]
    assert done.board[(2, 0)] == WATER
    assert done.jungle_pile.items == ((M3, 2),)
    # Every filled space activates the workers facing it, the blind-drawn one included.
    activated = {(e.owner, e.square, e.side, e.jungle) for e in of_type(events, cr.EdgeActivated)}
    assert (0, (2, 1), Side.N, WATER) in activated
    assert (1, (1, 0), Side.E, WATER) in activated


@pytest.mark.rule("R-FILL-4")
def test_blind_draw_with_one_tile_type_needs_no_chance_node() -> None:
    state = _position(THREE_SPACES, [SUN, TEMPLE], [TEMPLE], seed=None)
    after = cr.apply(state, PLACE)
    after, events = cr.step(after, _fill(((2, 0), SUN), ((2, 2), TEMPLE)))
    assert of_type(events, cr.JungleFilled)[-1] == cr.JungleFilled((3, 1), TEMPLE, "pile")
    assert not of_type(events, cr.SpaceLeftEmpty)
    assert after.jungle_pile.total == 0


@pytest.mark.rule("R-FILL-4")
def test_seeded_blind_draw_is_made_by_the_engine() -> None:
    state = _position(THREE_SPACES, [SUN, TEMPLE], [M3, M3, WATER], seed=5)
    after = cr.apply(state, PLACE)
    after, events = cr.step(after, _fill(((2, 0), SUN), ((3, 1), TEMPLE)))
    pile_fills = [e for e in of_type(events, cr.JungleFilled) if e.source == "pile"]
    assert len(pile_fills) == 1
    assert pile_fills[0].square == (2, 2)
    assert pile_fills[0].tile in (M3, WATER)
    assert after.board[(2, 2)] == pile_fills[0].tile


# R-FILL-5 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-FILL-5")
def test_space_stays_empty_when_display_and_pile_are_empty() -> None:
    state = _position(CLOSES_2_0, [], [])
    after, events = cr.step(state, PLACE)
    assert of_type(events, cr.SpaceLeftEmpty) == [cr.SpaceLeftEmpty((2, 0))]
    assert not of_type(events, cr.JungleFilled)
    assert (2, 0) not in after.board
    # Nothing faces a jungle tile but the start market: no worker at (2, 0) is activated.
    assert [(e.square, e.side) for e in of_type(events, cr.EdgeActivated)] == [((2, 1), Side.W)]


@pytest.mark.rule("R-FILL-5", "R-FILL-6", "R-ACT-3")
def test_space_left_empty_is_never_filled_and_its_workers_never_activated() -> None:
    # One display tile, an empty pile and two spaces: seat 0 fills (2, 2); (2, 0) stays
    # empty. Later seat 1 closes (2, 0) in further from (2, -1), next to a temple on (3, -1).
    extra: Board = {**CLOSES_2_0, **CLOSES_2_2, (3, -1): TEMPLE}
    state = _position(extra, [TEMPLE], [])
    after = cr.apply(state, PLACE)
    assert cr.legal_moves(after) == (_fill(((2, 0), TEMPLE)), _fill(((2, 2), TEMPLE)))
    after, events = cr.step(after, _fill(((2, 2), TEMPLE)))
    assert of_type(events, cr.SpaceLeftEmpty) == [cr.SpaceLeftEmpty((2, 0))]
    assert after.display == ()
    assert after.jungle_pile.total == 0
    assert after.to_move == 1
    after, events = cr.step(after, cr.Place(W1111, (2, -1), 0))
    assert not of_type(events, cr.JungleFilled)
    assert of_type(events, cr.SpaceLeftEmpty) == [
        cr.SpaceLeftEmpty((1, -1)),
        cr.SpaceLeftEmpty((2, 0)),
    ]
    assert (2, 0) not in after.board
    # Only the temple edge of the new tile is activated; nothing facing (2, 0) ever is.
    assert [(e.square, e.side) for e in of_type(events, cr.EdgeActivated)] == [((2, -1), Side.E)]


# R-FILL-6 ----------------------------------------------------------------------------------


@pytest.mark.rule("R-FILL-6")
def test_one_display_tile_two_spaces_player_chooses_the_space() -> None:
    state = _position({**CLOSES_2_0, **CLOSES_2_2}, [G1], [])
    after = cr.apply(state, PLACE)
    assert after.to_move == 0
    assert cr.legal_moves(after) == (_fill(((2, 0), G1)), _fill(((2, 2), G1)))
    done, events = cr.step(after, _fill(((2, 0), G1)))
    assert of_type(events, cr.JungleFilled) == [cr.JungleFilled((2, 0), G1, "display")]
    assert of_type(events, cr.SpaceLeftEmpty) == [cr.SpaceLeftEmpty((2, 2))]
    assert done.board[(2, 0)] == G1
    assert (2, 2) not in done.board
    # Seat 1's tile on (1, 2) faces the empty space: it is not activated.
    assert all(e.square != (1, 2) for e in of_type(events, cr.EdgeActivated))


@pytest.mark.rule("R-FILL-6")
def test_three_spaces_two_display_tiles_empty_pile() -> None:
    state = _position(THREE_SPACES, [SUN, TEMPLE], [])
    after = cr.apply(state, PLACE)
    assert len(cr.legal_moves(after)) == 6
    done, events = cr.step(after, _fill(((2, 0), TEMPLE), ((3, 1), SUN)))
    assert of_type(events, cr.SpaceLeftEmpty) == [cr.SpaceLeftEmpty((2, 2))]
    assert (2, 2) not in done.board
    assert done.display == ()


@pytest.mark.rule("R-FILL-6")
def test_three_spaces_two_identical_display_tiles_empty_pile() -> None:
    state = _position(THREE_SPACES, [TEMPLE, TEMPLE], [])
    after = cr.apply(state, PLACE)
    assert cr.legal_moves(after) == (
        _fill(((2, 0), TEMPLE), ((2, 2), TEMPLE)),
        _fill(((2, 0), TEMPLE), ((3, 1), TEMPLE)),
        _fill(((2, 2), TEMPLE), ((3, 1), TEMPLE)),
    )


# The kept fills ----------------------------------------------------------------------------


def test_a_fill_of_one_space_is_made_once_and_listed_again_as_the_same_object() -> None:
    after = cr.apply(_position(CLOSES_2_0, [SUN, TEMPLE], None), PLACE)
    step = after.step
    assert isinstance(step, cr.FillStep)
    listed = cr.legal_moves(after)
    again = fill_moves(after, step.spaces)
    assert listed == (_fill(((2, 0), SUN)), _fill(((2, 0), TEMPLE)))
    assert [fill is kept for fill, kept in zip(again, listed, strict=True)] == [True, True]


def test_a_fill_of_several_spaces_takes_the_kept_choices_of_one_space() -> None:
    after = cr.apply(_position(CLOSES_2_2_AND_3_1, [SUN, TEMPLE], None), PLACE)
    step = after.step
    assert isinstance(step, cr.FillStep)
    first, second = fill_moves(after, step.spaces)
    assert first == _fill(((2, 2), SUN), ((3, 1), TEMPLE))
    alone = cr.apply(_position(CLOSES_2_2, [SUN, TEMPLE], None), PLACE)
    assert isinstance(alone.step, cr.FillStep)
    sun, temple = fill_moves(alone, alone.step.spaces)
    assert first.choices[0] is sun.choices[0]  # (2, 2) = SUN, kept once
    assert second.choices[0] is temple.choices[0]  # (2, 2) = TEMPLE


@pytest.mark.parametrize("config", [cr.Config.big_game(4), MAP_4], ids=["big-4", "map-4"])
def test_kept_fills_equal_the_fills_worked_out_afresh(config: cr.Config) -> None:
    """Every fill decision of seeded random games (display and map-board tiles, one to three
    spaces) lists the same fills with the kept layouts and fills as with none kept."""
    checked = 0
    for seed in range(3):
        for state in random_game(config, seed, random.Random(seed)):
            if isinstance(state.step, cr.FillStep):
                kept = fill_moves(state, state.step.spaces)
                clear_all()
                assert fill_moves(state, state.step.spaces) == kept
                checked += 1
    assert checked > 20


def _spaces_closed(state: cr.State, placed: Square) -> tuple[Square, ...]:
    """The rule read plainly (:rule:`R-FILL-1`): the empty neighbours of ``placed``, sorted,
    that another of their neighbours holding a worker tile closes in."""
    board = state.board
    return tuple(
        space
        for space in sorted(neighbours(placed))
        if space not in board
        and any(
            isinstance(board.get(near), cr.WorkerTile)
            for near in neighbours(space)
            if near != placed
        )
    )


@pytest.mark.rule("R-FILL-1")
@pytest.mark.parametrize(
    "config", [TWO, cr.Config(players=4), cr.Config.big_game(4)], ids=["base-2", "base-4", "big-4"]
)
def test_the_spaces_to_fill_are_those_the_rule_names(config: cr.Config) -> None:
    """spaces_to_fill asks only whether a space's other neighbours hold a tile, not whether it
    is a worker tile, since worker squares hold nothing else: over every placement listed in
    seeded random games it names the same spaces as the rule read plainly, and every tile of
    those boards on a worker square is a worker tile."""
    checked = 0
    for seed in range(2):
        for state in random_game(config, seed, random.Random(seed)):
            if isinstance(state.step, cr.PlacementStep):
                for square, tile in state.board.items():
                    assert isinstance(tile, cr.WorkerTile) == ((square[0] + square[1]) % 2 == 1)
                for move in cr.legal_moves(state):
                    if isinstance(move, cr.Place):
                        found = filling.spaces_to_fill(state, move.square)
                        assert found == _spaces_closed(state, move.square)
                        checked += 1
    assert checked > 1000


@pytest.mark.rule("R-FILL-2")
@pytest.mark.parametrize("config", [cr.Config.big_game(4), MAP_4], ids=["big-4", "map-4"])
def test_a_listed_fill_chooses_different_spaces_to_fill_in_sorted_order(config: cr.Config) -> None:
    """What laying a fill relies on (do_fill keeps the chosen squares in the choices' order,
    and works out the spaces left only when there are fewer choices than spaces): every fill
    listed in seeded random games puts its tiles on different spaces to fill, sorted."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = cr.new_game(config, seed=seed)
        while not state.is_over:
            step = state.step
            if isinstance(step, cr.FillStep):
                for fill in cr.legal_moves(state):
                    assert isinstance(fill, cr.Fill)
                    chosen = [choice.square for choice in fill.choices]
                    assert chosen == sorted(set(chosen)) and set(chosen) <= set(step.spaces)
                    checked += 1
            state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    assert checked > 100


@pytest.mark.parametrize("square", [(0, 0), (2, 1), (-3, 4)])
def test_the_kept_neighbours_of_a_square_are_its_neighbours_and_theirs(square: Square) -> None:
    """What spaces_to_fill reads: the square's neighbours in sorted order, each with the
    neighbour beyond it first, then its two others; the same when worked out afresh."""
    kept = cast("tuple[tuple[Square, Square, Square, Square], ...]", filling._around(square))
    x, y = square
    assert [space for space, *_ in kept] == sorted(neighbours(square))
    for space, beyond, *sides in kept:
        assert beyond == (2 * space[0] - x, 2 * space[1] - y)
        assert sorted([beyond, *sides]) == sorted(set(neighbours(space)) - {square})
        assert all(square_object(near) is near for near in (space, beyond, *sides))
    clear_all()
    assert filling._around(square) == kept
