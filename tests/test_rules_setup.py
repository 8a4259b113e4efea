"""Setup rules: player counts, the tile sets, the deal and the starting position.

Rules: R-SETUP-1 to R-SETUP-9 and R-CHANCE-3. The numbers are written out here from
the base rules p.1-2 rather than read from the engine's tables.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import cacao_rules as cr
from cacao_rules import WorkerType
from helpers_positions import M2, P1, W1111, W2101, W3001, W3100, jt, of_type

# Base rules p.1-2: each player's worker tiles after the removals of R-SETUP-3.
WORKER_SETS = {
    2: {W1111: 4, W2101: 5, W3001: 1, W3100: 1},
    3: {W1111: 3, W2101: 5, W3001: 1, W3100: 1},
    4: {W1111: 3, W2101: 4, W3001: 1, W3100: 1},
}
TILES_PER_PLAYER = {2: 11, 3: 10, 4: 9}

# Base rules p.1-2: the jungle tiles of the whole game, start tiles included.
JUNGLE_3_4 = {
    "P1": 6,
    "P2": 2,
    "M2": 2,
    "M3": 4,
    "M4": 1,
    "G1": 2,
    "G2": 1,
    "W": 3,
    "S": 2,
    "T": 5,
}
JUNGLE_2 = {
    "P1": 4,
    "P2": 2,
    "M2": 2,
    "M3": 3,
    "M4": 1,
    "G1": 1,
    "G2": 1,
    "W": 2,
    "S": 1,
    "T": 4,
}
# Base rules p.1-2: the draw pile holds 26 (3-4 players) or 19 (2 players) before the display is
# dealt, 24 or 17 after.
PILE_AFTER_DISPLAY = {2: 17, 3: 24, 4: 24}

PLAYER_COUNTS = [2, 3, 4]


def _jungle_counts(state: cr.State) -> Counter[str]:
    """Every jungle tile of the game wherever it is: board, display and draw pile."""
    counts: Counter[str] = Counter()
    for tile in state.board.values():
        if isinstance(tile, cr.JungleTile):
            counts[tile.code] += 1
    for tile in state.display:
        counts[tile.code] += 1
    for tile, count in state.jungle_pile.items:
        counts[tile.code] += count
    return counts


def _worker_counts(player: cr.PlayerState) -> Counter[WorkerType]:
    counts: Counter[WorkerType] = Counter(player.hand)
    for kind, count in player.pile.items:
        counts[kind] += count
    return counts


# R-SETUP-1 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-1")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_two_to_four_players_are_accepted(players: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=3)
    assert len(state.players) == players


@pytest.mark.rule("R-SETUP-1")
@pytest.mark.parametrize("players", [-1, 0, 1, 5, 6])
def test_other_player_counts_are_rejected(players: int) -> None:
    with pytest.raises(cr.ConfigError, match="2 to 4 players"):
        cr.Config(players=players)


@pytest.mark.rule("R-SETUP-1")
def test_player_count_must_be_an_int() -> None:
    """A count of another type is a TypeError (the error rule: a bool is no count)."""
    with pytest.raises(TypeError, match="int object expected; got bool"):
        cr.Config(players=True)
    with pytest.raises(TypeError, match="int object expected; got str"):
        cr.Config(players="3")  # type: ignore[arg-type]


# R-SETUP-2 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-2")
def test_worker_tile_types_and_their_edges() -> None:
    assert {kind: kind.edges for kind in WorkerType} == {
        W1111: (1, 1, 1, 1),
        W2101: (2, 1, 0, 1),
        W3001: (3, 0, 0, 1),
        W3100: (3, 1, 0, 0),
        # The Diamante expansion's new workers (Diamante rules p.4).
        WorkerType.W0022: (0, 0, 2, 2),
        WorkerType.W0202: (0, 2, 0, 2),
        WorkerType.W0103: (0, 1, 0, 3),
        WorkerType.W0004: (0, 0, 0, 4),
    }
    assert all(sum(kind.rotated(r)) == 4 for kind in WorkerType for r in range(4))


@pytest.mark.rule("R-SETUP-2")
def test_mirror_tiles_never_coincide_under_rotation() -> None:
    # 3-0-0-1: the lone worker is counter-clockwise of the triple; 3-1-0-0: clockwise.
    left = {W3001.rotated(r) for r in range(4)}
    right = {W3100.rotated(r) for r in range(4)}
    assert left == {(3, 0, 0, 1), (1, 3, 0, 0), (0, 1, 3, 0), (0, 0, 1, 3)}
    assert right == {(3, 1, 0, 0), (0, 3, 1, 0), (0, 0, 3, 1), (1, 0, 0, 3)}
    assert not left & right


@pytest.mark.rule("R-SETUP-2", "R-PLACE-3")
def test_distinct_rotations_per_tile_type() -> None:
    assert {kind: kind.rotations for kind in WorkerType} == {
        W1111: (0,),
        W2101: (0, 1, 2, 3),
        W3001: (0, 1, 2, 3),
        W3100: (0, 1, 2, 3),
        WorkerType.W0022: (0, 1, 2, 3),
        WorkerType.W0202: (0, 1),
        WorkerType.W0103: (0, 1, 2, 3),
        WorkerType.W0004: (0, 1, 2, 3),
    }
    # Rotation r turns the tile r quarter turns clockwise: the N edge then faces E.
    assert W2101.rotated(1) == (1, 2, 1, 0)
    assert W3001.rotated(1) == (1, 3, 0, 0)
    assert W3100.rotated(3) == (1, 0, 0, 3)


@pytest.mark.rule("R-SETUP-2", "R-SETUP-3")
def test_two_players_keep_the_whole_colour() -> None:
    state = cr.new_game(cr.Config(players=2), seed=11)
    for player in state.players:
        assert _worker_counts(player) == {W1111: 4, W2101: 5, W3001: 1, W3100: 1}


# R-SETUP-3 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-3")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_worker_tiles_removed_per_player_count(players: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=5)
    for player in state.players:
        assert _worker_counts(player) == WORKER_SETS[players]
        assert len(player.hand) + player.pile.total == TILES_PER_PLAYER[players]


# R-SETUP-4 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-4")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_each_player_has_a_hand_of_three_and_their_own_pile(players: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=17)
    for player in state.players:
        assert len(player.hand) == 3
        assert player.pile.total == TILES_PER_PLAYER[players] - 3
        assert list(player.hand) == sorted(player.hand, key=lambda kind: kind.sort_key)


@pytest.mark.rule("R-SETUP-4", "R-CHANCE-1")
def test_first_hand_draw_is_uniform_over_the_players_own_tiles() -> None:
    state = cr.new_game(cr.Config(players=4), seed=None)
    assert state.is_chance
    assert cr.chance_outcomes(state) == (
        (cr.DrawWorker(W1111), Fraction(3, 9)),
        (cr.DrawWorker(W2101), Fraction(4, 9)),
        (cr.DrawWorker(W3001), Fraction(1, 9)),
        (cr.DrawWorker(W3100), Fraction(1, 9)),
    )


# R-SETUP-5 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-5")
@pytest.mark.parametrize("players", [3, 4])
def test_jungle_set_for_three_and_four_players(players: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=2)
    counts = _jungle_counts(state)
    assert counts == JUNGLE_3_4
    assert counts.total() == 28


@pytest.mark.rule("R-SETUP-5")
def test_two_player_game_removes_seven_jungle_tiles() -> None:
    state = cr.new_game(cr.Config(players=2), seed=2)
    counts = _jungle_counts(state)
    assert counts == JUNGLE_2
    assert counts.total() == 21
    removed = Counter(JUNGLE_3_4)
    removed.subtract(counts)
    assert +removed == {"P1": 2, "M3": 1, "G1": 1, "W": 1, "S": 1, "T": 1}


# R-SETUP-6 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-6")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_start_tiles_lie_diagonally_at_origin(players: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=8)
    assert dict(state.board) == {(0, 0): P1, (1, 1): M2}
    assert dict(state.covered) == {}


@pytest.mark.rule("R-SETUP-6")
@pytest.mark.parametrize(("players", "pile"), [(2, 19), (3, 26), (4, 26)])
def test_draw_pile_before_the_display_is_dealt(players: int, pile: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=None)
    # Deal the hands only: the display draws are the last chance nodes of the deal.
    for _ in range(3 * players):
        state = cr.apply(state, cr.legal_moves(state)[0])
    assert state.display == ()
    assert state.jungle_pile.total == pile
    assert isinstance(cr.legal_moves(state)[0], cr.DrawJungle)


@pytest.mark.rule("R-SETUP-6", "R-PLACE-2")
def test_start_tiles_fix_the_checkerboard() -> None:
    state = cr.new_game(cr.Config(players=2), seed=8)
    squares = sorted({move.square for move in cr.legal_moves(state) if isinstance(move, cr.Place)})
    # The worker squares around the two start tiles: all with odd x + y.
    assert squares == [(-1, 0), (0, -1), (0, 1), (1, 0), (1, 2), (2, 1)]


# R-SETUP-7 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-7")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_display_of_two_and_pile_after_it(players: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=23)
    assert len(state.display) == 2
    assert state.jungle_pile.total == PILE_AFTER_DISPLAY[players]


@pytest.mark.rule("R-SETUP-7", "R-CHANCE-3")
def test_display_tiles_come_from_the_pile() -> None:
    state = cr.new_game(cr.Config(players=2), seed=None)
    for _ in range(6):
        state = cr.apply(state, cr.legal_moves(state)[0])
    state, events = cr.step(state, cr.DrawJungle(jt("T")))
    assert events == (cr.DisplayFilled(jt("T")),)
    assert state.jungle_pile.count(jt("T")) == 3
    state, events = cr.step(state, cr.DrawJungle(jt("P2")))
    assert events == (cr.DisplayFilled(jt("P2")), cr.TurnStarted(0))
    assert state.display == (jt("P2"), jt("T"))
    assert state.jungle_pile.total == 17
    assert state.jungle_pile.count(jt("P2")) == 1


# R-SETUP-8 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-8")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_starting_resources(players: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=31)
    for player in state.players:
        assert player.water == -10
        assert player.water_field == 0
        assert (player.gold, player.cacao, player.sun, player.chocolate) == (0, 0, 0, 0)


# R-SETUP-9 ---------------------------------------------------------------------------------


@pytest.mark.rule("R-SETUP-9")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seat_zero_starts_and_turns_go_up_the_seats(players: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=41)
    assert state.to_move == 0
    assert state.current == 0
    seen = [state.current]
    while len(seen) < 2 * players + 1:
        state, events = cr.step(state, cr.legal_moves(state)[0])
        seen += [event.player for event in of_type(events, cr.TurnStarted)]
    expected = [seat % players for seat in range(2 * players + 1)]
    assert seen[: 2 * players + 1] == expected


@pytest.mark.rule("R-SETUP-9", "R-CHANCE-3")
def test_turn_starts_for_seat_zero_after_the_last_deal_draw() -> None:
    state = cr.new_game(cr.Config(players=3), seed=None)
    for _ in range(3 * 3 + 1):
        state = cr.apply(state, cr.legal_moves(state)[0])
    assert state.is_chance
    state, events = cr.step(state, cr.legal_moves(state)[-1])
    assert events[-1] == cr.TurnStarted(0)
    assert not state.is_chance
    assert state.to_move == 0


# R-CHANCE-3 --------------------------------------------------------------------------------


@pytest.mark.rule("R-CHANCE-3")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_deal_order_seat_by_seat_then_display(players: int) -> None:
    state = cr.new_game(cr.Config(players=players), seed=None)
    assert state.to_move is None
    order: list[tuple[str, int | None]] = []
    while state.is_chance:
        moves = cr.legal_moves(state)
        assert moves == tuple(move for move, _ in cr.chance_outcomes(state))
        # Draw the rarest tile each time so that every draw is visible in the hands.
        move = moves[-1]
        state, events = cr.step(state, move)
        if isinstance(move, cr.DrawWorker):
            drawn = of_type(events, cr.WorkerDrawn)
            assert [event.type for event in drawn] == [move.type]
            order.append(("worker", drawn[0].player))
        else:
            assert isinstance(move, cr.DrawJungle)
            assert of_type(events, cr.DisplayFilled) == [cr.DisplayFilled(move.tile)]
            order.append(("jungle", None))
    expected: list[tuple[str, int | None]] = [
        ("worker", seat) for seat in range(players) for _ in range(3)
    ]
    expected += [("jungle", None), ("jungle", None)]
    assert order == expected
    assert state.to_move == 0


@pytest.mark.rule("R-CHANCE-3")
def test_deal_fills_seat_zero_before_seat_one() -> None:
    state = cr.new_game(cr.Config(players=2), seed=None)
    state = cr.apply(state, cr.DrawWorker(W3001))
    state = cr.apply(state, cr.DrawWorker(W3100))
    assert state.players[0].hand == (W3001, W3100)
    assert state.players[1].hand == ()
    # Seat 0 has drawn both single tiles: its third draw offers only the two others.
    assert cr.chance_outcomes(state) == (
        (cr.DrawWorker(W1111), Fraction(4, 9)),
        (cr.DrawWorker(W2101), Fraction(5, 9)),
    )
    state = cr.apply(state, cr.DrawWorker(W1111))
    assert state.players[0].hand == (W1111, W3001, W3100)
    # Seat 1's first draw is from its own full pile.
    assert cr.chance_outcomes(state) == (
        (cr.DrawWorker(W1111), Fraction(4, 11)),
        (cr.DrawWorker(W2101), Fraction(5, 11)),
        (cr.DrawWorker(W3001), Fraction(1, 11)),
        (cr.DrawWorker(W3100), Fraction(1, 11)),
    )
    state = cr.apply(state, cr.DrawWorker(W2101))
    assert state.players[1].hand == (W2101,)
    assert state.players[0].hand == (W1111, W3001, W3100)


@pytest.mark.rule("R-SETUP-4", "R-CHANCE-3")
def test_the_deal_goes_on_while_a_hand_is_short_whatever_the_display_holds() -> None:
    # A deal read with the display already laid (not the order of R-CHANCE-3) still deals
    # every hand in full before the first turn.
    state = cr.new_game(cr.Config(players=2), seed=None)
    state = cr.apply(state, cr.legal_moves(state)[0])
    tiles = list(state.jungle_pile.elements())
    display = tuple(sorted(tiles[:2], key=lambda tile: tile.sort_key))
    pile = type(state.jungle_pile).of(tiles[2:], key=lambda tile: tile.sort_key)
    state = state.replace(display=display, jungle_pile=pile)
    after = cr.apply(state, cr.legal_moves(state)[0])
    assert isinstance(after.step, cr.DealStep)
    assert [len(player.hand) for player in after.players] == [2, 0]
