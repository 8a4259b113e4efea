"""The end of a turn and the end of the game.

Rules: R-END-1 to R-END-4. Tiles "parked" far from the play area (see
``helpers_positions.parked``) stand for tiles played earlier, so that a player's worker pile,
which :func:`cacao_rules.position` computes, can be made short or empty.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import cacao_rules as cr
from cacao_rules import WorkerType
from helpers_positions import (
    G1,
    M2,
    M3,
    P1,
    SUN,
    TEMPLE,
    W1111,
    W2101,
    W3001,
    W3100,
    WATER,
    Board,
    of_type,
    parked,
    start_board,
    whole_set,
    without,
    wt,
)

TWO = cr.Config(players=2)
THREE = cr.Config(players=3)

# 1-1-1-1 on (2, 1) faces only the start market M2 (W); without cacao that edge cannot matter,
# so the turn runs on to its end by itself.
QUIET = cr.Place(W1111, (2, 1), 0)


def _sorted(kinds: list[WorkerType]) -> tuple[WorkerType, ...]:
    return tuple(sorted(kinds, key=lambda kind: kind.sort_key))


# R-END-1 -----------------------------------------------------------------------------------


@pytest.mark.rule("R-END-1")
def test_a_drawn_tile_goes_where_sorting_the_hand_puts_it() -> None:
    """The drawn tile is laid into the sorted hand (issue 39: compiled, sorting with a key
    is a call through Python's protocol; each hand and type met kept): the hand sorting
    would give, for every hand of up to 3 tiles, any order of types, and every type drawn,
    worked out and then read from the kept table."""
    from itertools import combinations_with_replacement

    from cacao_rules.turn.end_of_turn import sorted_hand, with_type

    kinds = list(WorkerType)
    for _ in ("worked out", "kept"):
        for size in range(4):
            for hand in combinations_with_replacement(kinds, size):
                ordered = sorted_hand(hand)
                for kind in kinds:
                    assert with_type(ordered, kind) == sorted_hand([*hand, kind])


@pytest.mark.rule("R-END-1")
def test_player_draws_a_worker_tile_at_the_end_of_the_turn() -> None:
    state = cr.position(
        TWO,
        players=[cr.PlayerState(hand=(W1111, W2101, W3001)), cr.PlayerState(hand=(W1111,))],
        display=[TEMPLE, TEMPLE],
        seed=None,
    )
    assert state.players[0].pile.items == ((W1111, 3), (W2101, 4), (W3100, 1))
    after, events = cr.step(state, QUIET)
    assert after.is_chance
    assert cr.chance_outcomes(after) == (
        (cr.DrawWorker(W1111), Fraction(3, 8)),
        (cr.DrawWorker(W2101), Fraction(4, 8)),
        (cr.DrawWorker(W3100), Fraction(1, 8)),
    )
    after, events = cr.step(after, cr.DrawWorker(W3100))
    assert events == (cr.WorkerDrawn(0, W3100), cr.TurnStarted(1))
    assert after.players[0].hand == (W2101, W3001, W3100)
    assert after.players[0].pile.items == ((W1111, 3), (W2101, 4))
    # The other player's pile and hand are untouched.
    assert after.players[1] == state.players[1]


@pytest.mark.rule("R-END-1")
def test_no_draw_from_an_empty_pile() -> None:
    board: Board = start_board(parked(0, without(whole_set(TWO), W1111, W2101)))
    state = cr.position(
        TWO,
        board=board,
        players=[cr.PlayerState(hand=(W1111, W2101)), cr.PlayerState(hand=(W1111,))],
        display=[TEMPLE, TEMPLE],
        seed=None,
    )
    assert state.players[0].pile.total == 0
    after, events = cr.step(state, QUIET)
    assert not of_type(events, cr.WorkerDrawn)
    assert events[-1] == cr.TurnStarted(1)
    assert after.players[0].hand == (W2101,)
    assert after.to_move == 1


@pytest.mark.rule("R-END-1", "R-CHANCE-2")
@pytest.mark.parametrize("seed", [3, None])
def test_single_tile_type_left_is_drawn(seed: int | None) -> None:
    """A seeded game draws the last tile by itself. Without a seed the draw is a chance node
    with that one outcome: the other seat cannot tell the pile's tile from the hand's."""
    board: Board = start_board(parked(0, without(whole_set(TWO), W1111, W2101, W3001)))
    state = cr.position(
        TWO,
        board=board,
        players=[cr.PlayerState(hand=(W1111, W2101)), cr.PlayerState(hand=(W1111,))],
        display=[TEMPLE, TEMPLE],
        seed=seed,
    )
    assert state.players[0].pile.items == ((W3001, 1),)
    after, events = cr.step(state, QUIET)
    if seed is None:
        assert after.is_chance and cr.legal_moves(after) == (cr.DrawWorker(W3001),)
        after, events = cr.step(after, cr.DrawWorker(W3001))
    assert events[-2:] == (cr.WorkerDrawn(0, W3001), cr.TurnStarted(1))
    assert after.players[0].hand == (W2101, W3001)


# R-END-2 -----------------------------------------------------------------------------------

# Seat 1's tile on (1, 0) and seat 0's new tile on (2, 1) close in the jungle space (2, 0).
CLOSES_2_0: Board = start_board({(1, 0): wt(1, W1111)})


def _after_filling_one(
    display: list[cr.JungleTile], pile: list[cr.JungleTile], seed: int | None
) -> tuple[cr.State, tuple[cr.Event, ...]]:
    """Seat 0 places on (2, 1) and fills (2, 0) with a temple from the display."""
    state = cr.position(
        TWO,
        board=CLOSES_2_0,
        players=[cr.PlayerState(hand=(W1111, W1111)), cr.PlayerState(hand=(W1111, W1111))],
        display=display,
        jungle_pile=pile,
        seed=seed,
    )
    after, events = cr.step(state, QUIET)
    if not after.is_chance and after.to_move == 0:
        after, more = cr.step(after, cr.Fill((cr.FillChoice((2, 0), TEMPLE),)))
        events += more
    return after, events


@pytest.mark.rule("R-END-2")
def test_display_is_refilled_to_two() -> None:
    after, events = _after_filling_one([SUN, TEMPLE], [M3, M3, WATER], seed=None)
    assert cr.JungleFilled((2, 0), TEMPLE, "display") in events
    # The game waits first for seat 0's worker draw (R-END-1)...
    assert after.is_chance
    assert isinstance(cr.legal_moves(after)[0], cr.DrawWorker)
    after = cr.apply(after, cr.DrawWorker(W2101))
    # ...then for the one refill draw the display needs.
    assert after.display == (SUN,)
    assert cr.chance_outcomes(after) == (
        (cr.DrawJungle(M3), Fraction(2, 3)),
        (cr.DrawJungle(WATER), Fraction(1, 3)),
    )
    after, events = cr.step(after, cr.DrawJungle(WATER))
    assert events == (cr.DisplayFilled(WATER), cr.TurnStarted(1))
    assert after.display == (WATER, SUN)
    assert after.jungle_pile.items == ((M3, 2),)


@pytest.mark.rule("R-END-2")
def test_full_display_draws_nothing() -> None:
    state = cr.position(
        TWO,
        players=[cr.PlayerState(hand=(W1111, W1111)), cr.PlayerState(hand=(W1111,))],
        display=[SUN, TEMPLE],
        seed=4,
    )
    after, events = cr.step(state, QUIET)
    assert not of_type(events, cr.DisplayFilled)
    assert after.display == (SUN, TEMPLE)
    assert after.jungle_pile == state.jungle_pile


@pytest.mark.rule("R-END-2")
def test_display_refilled_as_far_as_the_pile_allows() -> None:
    # Both display tiles are used on two spaces; the pile has one tile left for the refill.
    board: Board = start_board({(1, 0): wt(1, W1111), (1, 2): wt(1, W1111)})
    state = cr.position(
        TWO,
        board=board,
        players=[cr.PlayerState(hand=(W1111, W1111)), cr.PlayerState(hand=(W1111, W1111))],
        display=[TEMPLE, TEMPLE],
        jungle_pile=[G1],
        seed=6,
    )
    after, events = cr.step(state, QUIET)
    assert of_type(events, cr.DisplayFilled) == [cr.DisplayFilled(G1)]
    assert after.display == (G1,)
    assert after.jungle_pile.total == 0
    assert after.to_move == 1


@pytest.mark.rule("R-END-2")
def test_no_refill_from_an_empty_pile() -> None:
    after, events = _after_filling_one([TEMPLE, TEMPLE], [], seed=6)
    assert not of_type(events, cr.DisplayFilled)
    assert after.display == (TEMPLE,)
    assert after.to_move == 1


# R-END-3 -----------------------------------------------------------------------------------


@pytest.mark.rule("R-END-3")
@pytest.mark.parametrize(("current", "following"), [(0, 1), (1, 2), (2, 0)])
def test_turn_passes_to_the_next_seat(current: int, following: int) -> None:
    hands = [cr.PlayerState(hand=(W1111, W1111)) for _ in range(3)]
    state = cr.position(THREE, players=hands, display=[SUN, TEMPLE], current=current, seed=9)
    assert state.to_move == current
    after, events = cr.step(state, QUIET)
    assert events[-1] == cr.TurnStarted(following)
    assert (after.current, after.to_move) == (following, following)
    assert after.turn == state.turn + 1
    assert [move for move in cr.legal_moves(after) if isinstance(move, cr.Place)]


# R-END-4 -----------------------------------------------------------------------------------


# Jungle tiles for the parked tiles of each seat: 15 in all, within the 3-player set.
PARK_JUNGLE_3P = ([TEMPLE] * 5, [P1] * 5, [M3] * 4 + [WATER])


def _last_round_board() -> Board:
    """Every player's worker set but one 3-1-0-0 is parked: piles are empty."""
    board = start_board()
    for seat in range(3):
        kinds = without(whole_set(THREE), W3100)
        board.update(parked(seat, kinds, column=10 * seat, jungle=PARK_JUNGLE_3P[seat]))
    return board


@pytest.mark.rule("R-END-4")
def test_game_ends_right_after_the_last_seat_places_its_last_tile() -> None:
    # 3-1-0-0 turned so that no worker faces a start tile and no two of these tiles close
    # a jungle space in: nothing is filled or activated, each turn is just the placement.
    state = cr.position(
        THREE, board=_last_round_board(), players=[cr.PlayerState(hand=(W3100,))] * 3
    )
    assert all(player.pile.total == 0 for player in state.players)
    state, events = cr.step(state, cr.Place(W3100, (1, 0), 0))
    assert events[-1] == cr.TurnStarted(1)
    assert not state.is_over
    state, events = cr.step(state, cr.Place(W3100, (-1, 0), 2))
    assert events[-1] == cr.TurnStarted(2)
    assert not state.is_over
    state, events = cr.step(state, cr.Place(W3100, (1, 2), 1))
    assert of_type(events, cr.TurnStarted) == []
    assert isinstance(events[-1], cr.GameEnded)
    assert state.is_over
    assert state.to_move is None
    assert cr.legal_moves(state) == ()
    with pytest.raises(cr.IllegalMoveError, match="the game is over"):
        cr.apply(state, cr.Place(W1111, (2, 1), 0))
    # The turn has passed on from the last seat, to seat 0, in the state and in its JSON.
    assert state.current == 0
    assert json.loads(cr.to_json(state))["current"] == 0


@pytest.mark.rule("R-END-4")
def test_current_after_the_end_is_the_seat_after_the_last_to_play() -> None:
    # Only seat 0 holds a tile (a hand-built position): after its turn nobody holds one, the
    # game ends, and the turn has passed on to seat 1, whose hand is empty.
    board = start_board()
    board.update(parked(0, without(whole_set(THREE), W3100), jungle=PARK_JUNGLE_3P[0]))
    for seat in (1, 2):
        board.update(parked(seat, whole_set(THREE), column=10 * seat, jungle=PARK_JUNGLE_3P[seat]))
    state = cr.position(
        THREE,
        board=board,
        players=[cr.PlayerState(hand=(W3100,)), cr.PlayerState(), cr.PlayerState()],
    )
    assert (state.current, state.to_move) == (0, 0)
    state, events = cr.step(state, cr.Place(W3100, (1, 0), 0))
    assert isinstance(events[-1], cr.GameEnded)
    assert (state.is_over, state.current, state.to_move) == (True, 1, None)
    assert cr.from_json(cr.to_json(state), strict=False).current == 1


@pytest.mark.rule("R-END-4", "R-PLACE-4")
def test_discard_counts_as_the_last_turn() -> None:
    # A diagonal chain of 9 jungle tiles, (0, 0) to (8, 8), and the 20 worker squares around
    # it all taken: seat 0 holds those N and E of the chain, seat 1 those S and W. Each
    # player has 1 tile left in hand, nothing in the pile, no sun token, and no jungle tile
    # is left: both must discard their last tile, the engine does it for them (a single
    # answer each), and the game is over.
    board: Board = {(i, i): tile for i, tile in enumerate([P1, M2, *[TEMPLE] * 4, *[M3] * 3])}
    kinds0 = without(whole_set(TWO), W3001)
    kinds1 = without(whole_set(TWO), W3100)
    board.update({(j, j - 1): wt(0, kind) for j, kind in enumerate(kinds0)})
    board.update({(j - 1, j): wt(1, kind) for j, kind in enumerate(kinds1)})
    state = cr.position(
        TWO,
        board=board,
        players=[cr.PlayerState(hand=(W3001,)), cr.PlayerState(hand=(W3100,))],
        jungle_pile=[],
    )
    assert state.discarded == ((0, W3001), (1, W3100))
    assert state.is_over
    assert cr.legal_moves(state) == ()


@pytest.mark.rule("R-END-4", "R-SETUP-3")
@pytest.mark.parametrize(("players", "tiles"), [(2, 11), (3, 10), (4, 9)])
def test_seeded_game_lasts_players_times_tiles_turns(players: int, tiles: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=100 + players)
    turns: list[int] = []
    ended = 0
    while not state.is_over:
        moves = cr.legal_moves(state)
        state, events = cr.step(state, moves[len(moves) // 2])
        turns += [
            event.player
            for event in events
            if isinstance(event, cr.WorkerPlaced | cr.WorkerDiscarded)
        ]
        ended += len(of_type(events, cr.GameEnded))
    assert len(turns) == players * tiles
    assert turns == [turn % players for turn in range(players * tiles)]
    assert ended == 1
    assert all(player.hand == () and player.pile.total == 0 for player in state.players)
    assert state.current == 0  # the seat after the last one, n - 1


def test_a_tile_joins_the_display_or_map_board_in_the_fixed_order() -> None:
    """A tile laid in the display or on the map board (R-END-2, R-MAP-4) goes into its place
    among the tiles there, which are in the fixed order: as if they were all sorted again."""
    import itertools

    from cacao_rules.game.pools import jungle_pool
    from cacao_rules.turn.end_of_turn import with_tile

    tiles = sorted(
        {
            *jungle_pool(cr.Config.big_game(4)),
            cr.JungleTile(cr.JungleKind.GEM_MINE, gems=(1, 2, 3, 0)),
        },
        key=lambda t: t.sort_key,
    )
    for size in (0, 1, 2):
        for held in itertools.combinations_with_replacement(tiles, size):
            for tile in tiles:
                expected = tuple(sorted((*held, tile), key=lambda t: t.sort_key))
                assert with_tile(held, tile) == expected


@pytest.mark.rule("R-END-4")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_turn_passes_to_the_next_seat_holding_a_tile(seats: int) -> None:
    """``next_turn`` counts the seats round by hand (issue 39, no ``range`` and remainder):
    from every seat, for every set of seats holding a tile, the turn goes to the first seat
    clockwise after it that holds one (itself last), or the game ends with the seat after
    it to move, as the rule read plainly says."""
    from itertools import product

    from cacao_rules.state.draft import Draft
    from cacao_rules.turn.end_of_turn import next_turn

    state = cr.new_game(cr.Config(players=seats), seed=1)
    for holding in product((False, True), repeat=seats):
        players = tuple(
            player.replace(hand=(W1111,) if held else ())
            for player, held in zip(state.players, holding, strict=True)
        )
        for current in range(seats):
            draft = Draft(state.replace(players=players, current=current), None)
            next_turn(draft)
            after = [(current + step) % seats for step in range(1, seats + 1)]
            holders = [seat for seat in after if holding[seat]]
            if holders:
                assert (draft.current, draft.step) == (holders[0], cr.PlacementStep())
            else:
                assert (draft.current, draft.step) == ((current + 1) % seats, cr.OverStep())
            assert draft.turn == state.turn + 1
