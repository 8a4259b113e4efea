"""Final scoring: temples, sun tokens, water, leftover cacao, winners, provisional scores.

Rules: R-SCORE-1 to R-SCORE-10. Temple tests lay a temple and, around it, worker tiles turned
so that a chosen number of workers (0 to 3) faces the temple.
"""

from __future__ import annotations

import itertools
import random

import pytest

import cacao_rules as cr
from cacao_rules import Side
from cacao_rules.turn import scoring
from helpers_positions import G2, TEMPLE, W1111, W2101, W3100, of_type, start_board, wt

Square = tuple[int, int]
Board = dict[Square, cr.Tile]

TEMPLE_SQUARE = (0, 2)


def facing(owner: int, count: int, side: Side) -> cr.WorkerTile:
    """A tile of ``owner`` with ``count`` workers on its ``side`` edge."""
    if count == 0:
        return wt(owner, W2101, (side - 2) % 4)  # 2-1-0-1 has its 0 on S at rotation 0
    if count == 1:
        return wt(owner, W1111)
    return wt(owner, {2: W2101, 3: W3100}[count], side)  # the 2 or 3 is on N at rotation 0


def around(temple: Square, seats: dict[Side, tuple[int, int]]) -> Board:
    """A temple on ``temple`` and, on its ``side``, a tile of ``(owner, workers facing it)``."""
    board: Board = {temple: TEMPLE}
    x, y = temple
    for side, (owner, count) in seats.items():
        dx, dy = side.delta
        board[(x + dx, y + dy)] = facing(owner, count, side.opposite)
    return board


def temple_gold(players: int, seats: dict[Side, tuple[int, int]]) -> list[int]:
    state = cr.position(cr.Config(players=players), board=start_board(around(TEMPLE_SQUARE, seats)))
    return [sheet.breakdown["temples"] for sheet in cr.final_scores(state)]


def sheets_of(*players: cr.PlayerState, board: Board | None = None) -> tuple[cr.ScoreSheet, ...]:
    state = cr.position(cr.Config(players=len(players)), board=board, players=list(players))
    return cr.final_scores(state)


@pytest.mark.rule("R-SCORE-1")
def test_facing_helper_turns_tiles_as_intended() -> None:
    for side in Side:
        for count in range(4):
            assert facing(0, count, side).edges[side] == count


# R-SCORE-1 -------------------------------------------------------------------------------


@pytest.mark.rule("R-SCORE-1")
@pytest.mark.parametrize(
    ("players", "seats", "gold"),
    [
        (2, {Side.N: (0, 3), Side.S: (1, 1)}, [6, 3]),
        (2, {Side.N: (1, 2), Side.S: (0, 1)}, [3, 6]),
        (3, {Side.N: (2, 3), Side.E: (0, 2), Side.S: (1, 1)}, [3, 0, 6]),
        (4, {Side.N: (3, 1), Side.E: (2, 3), Side.S: (1, 2)}, [0, 3, 6, 0]),
    ],
)
def test_most_workers_get_6_and_second_most_3(
    players: int, seats: dict[Side, tuple[int, int]], gold: list[int]
) -> None:
    assert temple_gold(players, seats) == gold


@pytest.mark.rule("R-SCORE-1")
def test_workers_on_several_tiles_of_one_player_add_up() -> None:
    # Seat 0: 1 + 1 workers beat seat 1's 1.
    assert temple_gold(2, {Side.N: (0, 1), Side.E: (0, 1), Side.S: (1, 1)}) == [6, 3]
    # Seat 1's 1 + 2 beat seat 0's 2.
    assert temple_gold(2, {Side.N: (0, 2), Side.E: (1, 1), Side.W: (1, 2)}) == [3, 6]


@pytest.mark.rule("R-SCORE-1")
def test_each_temple_is_scored_on_its_own() -> None:
    # Temples on (0, 2) and (2, 2) share the tile on (1, 2) between them.
    board = start_board(
        {
            (0, 2): TEMPLE,
            (2, 2): TEMPLE,
            (1, 2): wt(1, W2101, 1),  # E=2 faces (2, 2), W=0 faces (0, 2)
            (0, 1): facing(0, 2, Side.S),
            (0, 3): facing(1, 1, Side.N),
            (2, 3): facing(0, 1, Side.N),
        }
    )
    sheets = sheets_of(cr.PlayerState(), cr.PlayerState(), board=board)
    # (0, 2): seat 0 has 2, seat 1 has 1 -> 6 and 3. (2, 2): seat 1 has 2, seat 0 has 1 -> 3, 6.
    assert [sheet.breakdown["temples"] for sheet in sheets] == [9, 9]


# R-SCORE-2 -------------------------------------------------------------------------------


@pytest.mark.rule("R-SCORE-2")
@pytest.mark.parametrize(
    ("players", "seats", "gold"),
    [
        (2, {Side.N: (0, 2), Side.S: (1, 2)}, [3, 3]),
        (3, {Side.N: (0, 1), Side.E: (1, 1), Side.S: (2, 1)}, [2, 2, 2]),
        (4, {Side.N: (0, 1), Side.E: (1, 1), Side.S: (2, 1), Side.W: (3, 1)}, [1, 1, 1, 1]),
        (4, {Side.N: (0, 3), Side.E: (1, 3), Side.S: (2, 3), Side.W: (3, 2)}, [2, 2, 2, 0]),
        (3, {Side.N: (0, 2), Side.E: (1, 2), Side.S: (2, 1)}, [3, 3, 0]),
        (4, {Side.N: (0, 2), Side.E: (1, 1), Side.S: (2, 2), Side.W: (3, 1)}, [3, 0, 3, 0]),
    ],
)
def test_tie_for_first_splits_6_rounded_down_and_nobody_is_second(
    players: int, seats: dict[Side, tuple[int, int]], gold: list[int]
) -> None:
    assert temple_gold(players, seats) == gold


# R-SCORE-3 -------------------------------------------------------------------------------


@pytest.mark.rule("R-SCORE-3")
@pytest.mark.parametrize(
    ("players", "seats", "gold"),
    [
        (3, {Side.N: (0, 3), Side.E: (1, 1), Side.S: (2, 1)}, [6, 1, 1]),
        (3, {Side.N: (1, 1), Side.E: (2, 1), Side.S: (0, 2)}, [6, 1, 1]),
        (4, {Side.N: (0, 3), Side.E: (1, 1), Side.S: (2, 1), Side.W: (3, 1)}, [6, 1, 1, 1]),
        (4, {Side.N: (0, 3), Side.E: (1, 2), Side.S: (2, 2), Side.W: (3, 1)}, [6, 1, 1, 0]),
        (4, {Side.N: (0, 3), Side.E: (1, 2), Side.S: (2, 1), Side.W: (3, 1)}, [6, 3, 0, 0]),
    ],
)
def test_clear_first_and_tie_for_second_splits_3_rounded_down(
    players: int, seats: dict[Side, tuple[int, int]], gold: list[int]
) -> None:
    assert temple_gold(players, seats) == gold


# R-SCORE-4 -------------------------------------------------------------------------------


@pytest.mark.rule("R-SCORE-4")
@pytest.mark.parametrize(
    ("players", "seats", "gold"),
    [
        (2, {Side.N: (0, 1)}, [6, 0]),
        (2, {Side.N: (1, 3), Side.S: (0, 0)}, [0, 6]),
        (3, {Side.N: (2, 2), Side.E: (0, 0), Side.W: (1, 0)}, [0, 0, 6]),
        (3, {Side.N: (0, 0), Side.E: (1, 0), Side.W: (2, 0)}, [0, 0, 0]),
        (4, {}, [0, 0, 0, 0]),
    ],
)
def test_lone_player_gets_6_and_zero_workers_get_nothing(
    players: int, seats: dict[Side, tuple[int, int]], gold: list[int]
) -> None:
    assert temple_gold(players, seats) == gold


@pytest.mark.rule("R-SCORE-1", "R-SCORE-2", "R-SCORE-3", "R-SCORE-4")
def test_temple_gold_is_the_rule_for_every_count_of_workers() -> None:
    """The engine's one-pass share-out equals the rules read plainly (rank the distinct
    counts above zero; ties for first split 6 and leave no second; a lone first leaves 3 to
    split among the tied seconds), for every 2- to 4-seat vector of 0 to 6 workers."""
    for players in (2, 3, 4):
        for workers in itertools.product(range(7), repeat=players):
            ranked = sorted({count for count in workers if count > 0}, reverse=True)
            expected = [0] * players
            if ranked:
                firsts = [seat for seat in range(players) if workers[seat] == ranked[0]]
                for seat in firsts:
                    expected[seat] = 6 // len(firsts)
                if len(firsts) == 1 and len(ranked) > 1:
                    seconds = [seat for seat in range(players) if workers[seat] == ranked[1]]
                    for seat in seconds:
                        expected[seat] = 3 // len(seconds)
            assert scoring.temple_gold(workers) == expected, workers


def temple_totals_read_plainly(state: cr.State) -> list[int]:
    """Each seat's gold from all temples as the rules read: every temple on the board, the
    workers of each seat on the top tiles facing it side by side, shared out by
    :func:`scoring.temple_gold` (tied to the rules above)."""
    totals = [0] * len(state.players)
    for (x, y), tile in state.board.items():
        if not (isinstance(tile, cr.JungleTile) and tile.kind is cr.JungleKind.TEMPLE):
            continue
        workers = [0] * len(state.players)
        for side in Side:
            dx, dy = side.delta
            near = state.board.get((x + dx, y + dy))
            if isinstance(near, cr.WorkerTile):
                workers[near.owner] += near.edges[side.opposite]
        for seat, gold in enumerate(scoring.temple_gold(workers)):
            totals[seat] += gold
    return totals


@pytest.mark.rule("R-SCORE-1", "R-SCORE-2", "R-SCORE-3", "R-SCORE-4", "R-SCORE-5")
@pytest.mark.parametrize("bound", [None, 2])
def test_temple_totals_are_the_temples_read_plainly(
    bound: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kept-gold temple totals (workers counted inline, each temple's share-out read from
    a table by its workers) equal the temples read plainly, at every decision of seeded
    random games of 2 to 4 players and of the Big Game; with the table bounded to 2 entries
    too, so that it forgets all the time."""
    if bound is not None:
        monkeypatch.setattr(scoring._TEMPLE_GOLD, "bound", bound)
    configs = [cr.Config(players=players) for players in (2, 3, 4)] + [cr.Config.big_game(4)]
    for index, config in enumerate(configs):
        rng = random.Random(index)
        state = cr.new_game(config, seed=index)
        while not state.is_over:
            assert scoring.temple_totals(state) == temple_totals_read_plainly(state)
            state = cr.apply(state, rng.choice(cr.legal_moves(state)))
        assert scoring.temple_totals(state) == temple_totals_read_plainly(state)


# R-SCORE-5 -------------------------------------------------------------------------------


@pytest.mark.rule("R-SCORE-5")
def test_covered_tiles_do_not_count_at_temples() -> None:
    # Seat 0's 3 workers facing the temple are covered by a tile with 0 there.
    board = start_board(around(TEMPLE_SQUARE, {Side.N: (0, 0), Side.S: (1, 1)}))
    covered = {(0, 1): facing(0, 3, Side.S)}
    state = cr.position(cr.Config(players=2), board=board, covered=covered)
    assert [sheet.breakdown["temples"] for sheet in cr.final_scores(state)] == [0, 6]


@pytest.mark.rule("R-SCORE-5")
def test_only_the_top_tile_of_a_stack_counts_at_temples() -> None:
    # Seat 1's covered tile had 0 workers at the temple; the tile on top has 2.
    board = start_board(around(TEMPLE_SQUARE, {Side.N: (0, 1), Side.S: (1, 2)}))
    covered = {(0, 3): facing(1, 0, Side.N)}
    state = cr.position(cr.Config(players=2), board=board, covered=covered)
    assert [sheet.breakdown["temples"] for sheet in cr.final_scores(state)] == [3, 6]


# R-SCORE-6 to R-SCORE-8 ------------------------------------------------------------------


@pytest.mark.rule("R-SCORE-6")
@pytest.mark.parametrize("sun", [0, 1, 2, 3])
def test_each_sun_token_is_worth_1_gold(sun: int) -> None:
    sheet = sheets_of(cr.PlayerState(gold=5, sun=sun, water_field=3), cr.PlayerState())[0]
    assert sheet.breakdown["sun"] == sun
    assert sheet.total == 5 + sun


@pytest.mark.rule("R-SCORE-7")
@pytest.mark.parametrize(("field", "value"), list(enumerate(cr.WATER_TRACK)))
def test_water_field_value_is_added_negative_subtracted(field: int, value: int) -> None:
    sheet = sheets_of(cr.PlayerState(gold=20, water_field=field), cr.PlayerState())[0]
    assert sheet.breakdown["water"] == value
    assert sheet.total == 20 + value


@pytest.mark.rule("R-SCORE-7")
def test_total_may_be_negative() -> None:
    assert sheets_of(cr.PlayerState(gold=3), cr.PlayerState())[0].total == -7


@pytest.mark.rule("R-SCORE-8")
def test_leftover_cacao_earns_nothing() -> None:
    sheets = sheets_of(
        cr.PlayerState(gold=10, cacao=5, water_field=3), cr.PlayerState(gold=10, water_field=3)
    )
    assert [sheet.total for sheet in sheets] == [10, 10]
    assert [sheet.cacao for sheet in sheets] == [5, 0]
    assert all(set(sheet.breakdown) == {"gold", "temples", "sun", "water"} for sheet in sheets)


@pytest.mark.rule("R-SCORE-1", "R-SCORE-6", "R-SCORE-7")
def test_breakdown_sums_to_total_and_gold_in_hand_is_kept() -> None:
    board = start_board(around(TEMPLE_SQUARE, {Side.N: (0, 2), Side.S: (1, 1)}))
    players = [
        cr.PlayerState(gold=11, cacao=2, sun=2, water_field=6),
        cr.PlayerState(gold=4, sun=1, water_field=1),
    ]
    state = cr.position(cr.Config(players=2), board=board, players=players)
    sheets = cr.final_scores(state)
    assert [sheet.player for sheet in sheets] == [0, 1]
    assert [dict(sheet.breakdown) for sheet in sheets] == [
        {"gold": 11, "temples": 6, "sun": 2, "water": 7},
        {"gold": 4, "temples": 3, "sun": 1, "water": -4},
    ]
    assert [sheet.total for sheet in sheets] == [26, 4]
    assert all(sheet.total == sum(sheet.breakdown.values()) for sheet in sheets)
    assert [p.gold for p in state.players] == [11, 4]  # scoring changes no state


# R-SCORE-9 -------------------------------------------------------------------------------


@pytest.mark.rule("R-SCORE-9")
def test_highest_total_wins() -> None:
    state = cr.position(
        cr.Config(players=3),
        players=[
            cr.PlayerState(gold=20),
            cr.PlayerState(gold=21),
            cr.PlayerState(gold=19, sun=1, cacao=5),
        ],
    )
    assert cr.winners(state) == (1,)


@pytest.mark.rule("R-SCORE-9", "R-SCORE-8")
def test_tie_on_total_goes_to_most_cacao() -> None:
    state = cr.position(
        cr.Config(players=3),
        players=[
            cr.PlayerState(gold=20, cacao=1),
            cr.PlayerState(gold=19, sun=1, cacao=3),
            cr.PlayerState(gold=20, cacao=2),
        ],
    )
    assert [sheet.total for sheet in cr.final_scores(state)] == [10, 10, 10]
    assert cr.winners(state) == (1,)


@pytest.mark.rule("R-SCORE-9")
def test_tie_on_total_and_cacao_is_a_shared_win() -> None:
    state = cr.position(
        cr.Config(players=4),
        players=[
            cr.PlayerState(gold=20, cacao=2),
            cr.PlayerState(gold=30),
            cr.PlayerState(gold=30, cacao=1),
            cr.PlayerState(gold=29, sun=1, cacao=1),
        ],
    )
    assert cr.winners(state) == (2, 3)


@pytest.mark.rule("R-SCORE-9")
def test_game_end_reports_the_winners() -> None:
    state = cr.new_game(cr.Config(players=2), seed=5)
    events: tuple[cr.Event, ...] = ()
    while not state.is_over:
        state, events = cr.step(state, cr.legal_moves(state)[-1])
    assert of_type(events, cr.GameEnded) == [cr.GameEnded(cr.winners(state))]
    sheets = cr.final_scores(state)
    best = max((sheet.total, sheet.cacao) for sheet in sheets)
    assert cr.winners(state) == tuple(
        sheet.player for sheet in sheets if (sheet.total, sheet.cacao) == best
    )


# R-SCORE-10 ------------------------------------------------------------------------------


@pytest.mark.rule("R-SCORE-10")
def test_provisional_scores_of_a_running_game() -> None:
    board = start_board(around(TEMPLE_SQUARE, {Side.N: (1, 1)}))
    board[(1, -1)] = G2
    state = cr.position(
        cr.Config(players=2),
        board=board,
        players=[cr.PlayerState(gold=2, sun=1, hand=(W2101,)), cr.PlayerState(hand=(W1111,))],
    )
    assert not state.is_over
    assert [sheet.total for sheet in cr.final_scores(state)] == [2 + 1 - 10, 6 - 10]
    assert cr.winners(state) == (1,)
    # 2-1-0-1 on (1, 0): N=2 at the gold mine; take 4 gold.
    state = cr.apply(state, cr.Place(W2101, (1, 0), 0))
    state = cr.apply(state, cr.Resolve((1, 0), Side.N, 2))
    assert not state.is_over
    assert [sheet.total for sheet in cr.final_scores(state)] == [6 + 1 - 10, 6 - 10]
    assert cr.winners(state) == (0,)
