"""The Favour of the Emperor module: his start, his jumps and the gold they bring.

Rules: R-EMPEROR-1 to R-EMPEROR-4. Rows are the squares of one ``y``, columns those of one
``x``. In the usual position the board holds the start tiles, P1 on (0, 0) and M2 on (1, 1),
where the Emperor starts; the worker squares next to them are (-1, 0), (0, -1), (0, 1),
(1, 0), (1, 2) and (2, 1), of which (0, 1) and (2, 1) lie in his row and (1, 0) and (1, 2) in
his column.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

import cacao_rules as cr
from cacao_rules import Module
from cacao_rules.game.events import EmperorMoved
from helpers_modules import WATER_MODULE, config, names
from helpers_positions import (
    M2,
    TEMPLE,
    W1111,
    W2101,
    WATER,
    Square,
    of_type,
    start_board,
    wt,
)

EMPEROR = Module.EMPEROR
EMP2 = config(2, EMPEROR)
START: Square = (1, 1)
GOLD = cr.Resource.GOLD


def _position(
    board: Mapping[Square, cr.Tile] | None = None,
    *,
    emperor: Square | None = None,
    cfg: cr.Config = EMP2,
    current: int = 0,
    sun: int = 0,
    jungle_pile: Iterable[cr.JungleTile] | None = None,
) -> cr.State:
    """A 2-player position where both players hold a 1-1-1-1 and a 2-1-0-1."""
    return cr.position(
        cfg,
        board=board if board is not None else start_board(),
        players=[
            cr.PlayerState(hand=(W1111, W2101), sun=sun),
            cr.PlayerState(hand=(W1111, W2101), sun=sun),
        ],
        jungle_pile=jungle_pile,
        emperor=emperor,
        current=current,
    )


def _gold(events: Iterable[cr.Event]) -> list[tuple[int, int]]:
    return [(e.player, e.amount) for e in of_type(events, cr.Gained) if e.resource is GOLD]


def _turn(state: cr.State, move: cr.Move) -> tuple[cr.State, list[cr.Event]]:
    """``move`` by the player to move, then the rest of their turn, with the first legal move
    each time (an edge's first use is 0 workers, so that no edge changes a resource)."""
    seat = state.current
    state, first = cr.step(state, move)
    seen = list(first)
    while state.current == seat and cr.legal_moves(state):
        move = cr.legal_moves(state)[0]
        assert not isinstance(move, cr.Place | cr.Overbuild)
        state, more = cr.step(state, move)
        seen += more
    return state, seen


def _away_from_emperor(state: cr.State) -> cr.Move:
    """The first legal placement outside the Emperor's row and column."""
    at = state.emperor
    assert at is not None
    for move in cr.legal_moves(state):
        if isinstance(move, cr.Place) and at[0] != move.square[0] and at[1] != move.square[1]:
            return move
    raise AssertionError("no placement outside the Emperor's row and column")


# R-EMPEROR-1 -------------------------------------------------------------------------------


@pytest.mark.rule("R-EMPEROR-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_emperor_starts_on_the_price_2_market(players: int) -> None:
    state = cr.new_game(config(players, EMPEROR), seed=9)
    assert state.emperor == START
    assert state.board[START] == M2
    assert [p.gold for p in state.players] == [0] * players


@pytest.mark.rule("R-EMPEROR-1", "R-WATERING-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_with_watering_the_emperor_starts_on_the_water_start_tile(players: int) -> None:
    state = cr.new_game(config(players, EMPEROR, WATER_MODULE), seed=9)
    assert state.emperor == START
    assert state.board[START] == WATER


@pytest.mark.rule("R-EMPEROR-1")
def test_hand_built_position_puts_the_emperor_on_his_start() -> None:
    assert _position().emperor == START
    assert _position(start_board({(1, 0): wt(1, W1111)}), emperor=(1, 0)).emperor == (1, 0)


@pytest.mark.rule("R-EMPEROR-1", "R-EMPEROR-2", "R-EMPEROR-3")
def test_without_the_module_there_is_no_emperor() -> None:
    assert cr.new_game(config(2, Module.TREE_OF_LIFE), seed=9).emperor is None
    state = cr.position(
        cr.Config(players=2),
        board=start_board({(1, 2): wt(0, W1111)}),
        players=[cr.PlayerState(hand=(W1111,)), cr.PlayerState(hand=(W1111,))],
        current=1,
    )
    assert state.emperor is None
    # Seat 1 places in column 1, then seat 0's turn starts: nothing happens.
    state, events = _turn(state, cr.Place(W1111, (1, 0), 0))
    assert of_type(events, EmperorMoved) == []
    assert _gold(events) == []
    assert cr.TurnStarted(0) in events
    assert state.emperor is None


# R-EMPEROR-2 -------------------------------------------------------------------------------

SQUARES = ["-1,0", "0,-1", "0,1", "1,0", "1,2", "2,1"]


@pytest.mark.rule("R-PLACE-1", "R-PLACE-3")
def test_the_squares_next_to_the_start_tiles() -> None:
    assert names(_position()) == [
        f"place {kind} {square} r{r}"
        for kind, rotations in [("1-1-1-1", (0,)), ("2-1-0-1", (0, 1, 2, 3))]
        for square in SQUARES
        for r in rotations
    ]


@pytest.mark.rule("R-EMPEROR-2")
@pytest.mark.parametrize("square", [(0, 1), (2, 1), (1, 0), (1, 2)], ids=str)
def test_tile_next_to_him_in_his_row_or_column_moves_him(square: Square) -> None:
    state, events = cr.step(_position(), cr.Place(W1111, square, 0))
    assert isinstance(events[0], cr.WorkerPlaced)
    assert events[1:3] == (EmperorMoved(0, START, square), cr.Gained(0, GOLD, 1))
    assert len(of_type(events, EmperorMoved)) == 1
    assert state.emperor == square
    assert state.players[0].gold == 1


@pytest.mark.rule("R-EMPEROR-2")
@pytest.mark.parametrize("square", [(-1, 0), (0, -1)], ids=str)
def test_tile_outside_his_row_and_column_leaves_him(square: Square) -> None:
    state, events = _turn(_position(), cr.Place(W1111, square, 0))
    assert of_type(events, EmperorMoved) == []
    assert _gold(events) == []
    assert state.emperor == START
    assert [p.gold for p in state.players] == [0, 0]


# Far squares of his column and row, each next to a temple, with gaps and tiles between.
FAR = start_board({(2, -4): TEMPLE, (-4, 2): TEMPLE, (1, 0): wt(1, W1111), (0, 1): wt(1, W1111)})


@pytest.mark.rule("R-EMPEROR-2")
@pytest.mark.parametrize("square", [(1, -4), (-4, 1)], ids=str)
def test_emperor_jumps_any_distance_over_tiles_and_gaps(square: Square) -> None:
    state = _position(FAR)
    state, events = _turn(state, cr.Place(W1111, square, 0))
    assert of_type(events, EmperorMoved) == [EmperorMoved(0, START, square)]
    assert _gold(events) == [(0, 1)]
    assert state.emperor == square
    # Seat 1 owns the tiles he jumped over, and gets nothing.
    assert [p.gold for p in state.players] == [1, 0]


@pytest.mark.rule("R-EMPEROR-2")
def test_emperor_jumps_again_from_a_worker_tile() -> None:
    # He stands on seat 1's tile on (1, 0); seat 0 places in row 0, far W, by a temple.
    board = start_board({(-4, 0): TEMPLE, (1, 0): wt(1, W1111)})
    state = _position(board, emperor=(1, 0))
    state, events = cr.step(state, cr.Place(W1111, (-3, 0), 0))
    assert of_type(events, EmperorMoved) == [EmperorMoved(0, (1, 0), (-3, 0))]
    assert _gold(events) == [(0, 1)]
    assert state.emperor == (-3, 0)
    assert [p.gold for p in state.players] == [1, 0]


@pytest.mark.rule("R-EMPEROR-2")
def test_emperor_follows_each_placement_in_his_lines() -> None:
    # Seat 0 brings him to (1, 0); seat 1 then places in row 0 and takes him to (-1, 0).
    state, events = _turn(_position(), cr.Place(W1111, (1, 0), 0))
    assert state.emperor == (1, 0)
    assert state.current == 1
    state, events = _turn(state, cr.Place(W1111, (-1, 0), 0))
    assert of_type(events, EmperorMoved) == [EmperorMoved(1, (1, 0), (-1, 0))]
    assert state.emperor == (-1, 0)
    # Seat 0's turn started with him on seat 1's tile: no gold for seat 0.
    assert _gold(events) == [(1, 1)]
    assert [p.gold for p in state.players] == [1, 1]


# R-EMPEROR-3 -------------------------------------------------------------------------------


@pytest.mark.rule("R-EMPEROR-3")
def test_owner_of_his_tile_takes_one_gold_at_the_start_of_every_turn() -> None:
    # He stands on seat 0's tile on (1, 0); seat 1 is to move. Every placement keeps out of
    # row 0 and column 1.
    state = _position(start_board({(1, 0): wt(0, W1111)}), emperor=(1, 0), current=1)
    state, events = _turn(state, _away_from_emperor(state))
    turn_start = events.index(cr.TurnStarted(0))
    assert events[turn_start + 1] == cr.Gained(0, GOLD, 1)
    assert _gold(events) == [(0, 1)]
    assert [p.gold for p in state.players] == [1, 0]

    # Seat 0's turn ends, seat 1's starts: nothing for seat 1.
    state, events = _turn(state, _away_from_emperor(state))
    assert cr.TurnStarted(1) in events
    assert _gold(events) == []
    assert [p.gold for p in state.players] == [1, 0]

    # And seat 0 again.
    state, events = _turn(state, _away_from_emperor(state))
    assert cr.TurnStarted(0) in events
    assert _gold(events) == [(0, 1)]
    assert [p.gold for p in state.players] == [2, 0]
    assert state.emperor == (1, 0)


@pytest.mark.rule("R-EMPEROR-3")
def test_no_favour_while_he_stands_on_a_jungle_tile() -> None:
    state = _position()
    for _ in range(3):
        state, events = _turn(state, _away_from_emperor(state))
        assert _gold(events) == []
    assert state.emperor == START
    assert [p.gold for p in state.players] == [0, 0]


@pytest.mark.rule("R-EMPEROR-2", "R-EMPEROR-3")
def test_the_mover_takes_the_favour_at_the_next_turn() -> None:
    # Seat 0 moves him onto its own tile: 1 gold now, 1 more at its next turn.
    state, events = _turn(_position(), cr.Place(W1111, (1, 2), 0))
    assert _gold(events) == [(0, 1)]
    state, events = _turn(state, _away_from_emperor(state))
    assert cr.TurnStarted(0) in events
    assert _gold(events) == [(0, 1)]
    assert [p.gold for p in state.players] == [2, 0]


# R-EMPEROR-4 -------------------------------------------------------------------------------

# No jungle tile left, so seat 0 may overbuild its tiles on (1, 0) (column 1) and (-1, 0)
# (neither his row nor his column while he is on (1, 1)); seat 1 owns (0, 1).
OVER = start_board({(1, 0): wt(0, W1111), (-1, 0): wt(0, W2101, 1), (0, 1): wt(1, W1111)})


@pytest.mark.rule("R-EMPEROR-4", "R-EMPEROR-2")
def test_overbuild_in_his_column_moves_him() -> None:
    state = _position(OVER, sun=1, jungle_pile=[])
    state, events = cr.step(state, cr.Overbuild(W1111, (1, 0), 0))
    assert of_type(events, EmperorMoved) == [EmperorMoved(0, START, (1, 0))]
    assert cr.Gained(0, GOLD, 1) in events
    assert state.emperor == (1, 0)
    assert state.players[0].gold == 1


@pytest.mark.rule("R-EMPEROR-4")
def test_overbuild_outside_his_lines_leaves_him() -> None:
    state = _position(OVER, sun=1, jungle_pile=[])
    state, events = _turn(state, cr.Overbuild(W1111, (-1, 0), 0))
    assert of_type(events, EmperorMoved) == []
    assert _gold(events) == []
    assert state.emperor == START


@pytest.mark.rule("R-EMPEROR-4", "R-EMPEROR-3")
def test_overbuild_of_his_own_square_keeps_him_and_pays() -> None:
    state = _position(OVER, emperor=(1, 0), sun=1, jungle_pile=[])
    state, events = _turn(state, cr.Overbuild(W2101, (1, 0), 0))
    assert of_type(events, EmperorMoved) == [EmperorMoved(0, (1, 0), (1, 0))]
    assert _gold(events) == [(0, 1)]
    assert state.emperor == (1, 0)
    assert state.covered[(1, 0)] == wt(0, W1111)
    # The new top tile is seat 0's: its favour at seat 0's next turn.
    state, events = _turn(state, _away_from_emperor(state))
    assert cr.TurnStarted(0) in events
    assert _gold(events) == [(0, 1)]
    assert [p.gold for p in state.players] == [2, 0]


@pytest.mark.rule("R-EMPEROR-4")
def test_overbuild_of_his_square_by_a_tile_turned_otherwise() -> None:
    # The rotation does not matter: any tile put on his square keeps him and pays 1.
    state = _position(OVER, emperor=(1, 0), sun=1, jungle_pile=[])
    for rotation in range(4):
        after, events = cr.step(state, cr.Overbuild(W2101, (1, 0), rotation))
        assert of_type(events, EmperorMoved) == [EmperorMoved(0, (1, 0), (1, 0))]
        assert after.players[0].gold == 1
