"""Text rendering: the board grid, the players, what the game waits for, the score sheet."""

from __future__ import annotations

import cacao_rules as cr
from cacao_rules import JungleTile, WorkerTile, WorkerType
from cacao_rules.bots import RandomBot, play_game
from cacao_rules.render import render, render_board, render_scores
from cacao_rules.state import ResolveStep


def _position() -> cr.State:
    return cr.position(
        cr.Config(players=2),
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (2, 0): JungleTile.from_code("T"),
            (1, 0): WorkerTile.of(1, WorkerType.W3100, 1),
            (0, 1): WorkerTile.of(0, WorkerType.W1111),
        },
        covered={(0, 1): WorkerTile.of(0, WorkerType.W2101)},
        players=[
            cr.PlayerState(gold=3, hand=(WorkerType.W2101,)),
            cr.PlayerState(cacao=2, sun=1),
        ],
        display=[JungleTile.from_code("G2"), JungleTile.from_code("W")],
    )


BOARD = """\
       -1       0       1       2
    +-------+-------+-------+-------+
    |       |       |       |       |
 -1 |       |       |   .   |       |
    |       |       |       |       |
    +-------+-------+-------+-------+
    |       |       |   0   |       |
  0 |       |  P1   |0 [1] 3|   T   |
    |       |       |   1   |       |
    +-------+-------+-------+-------+
    |       |*  1   |       |       |
  1 |   .   |1 [0] 1|  M2   |       |
    |       |   1   |       |       |
    +-------+-------+-------+-------+
    |       |       |       |       |
  2 |       |   .   |       |       |
    |       |       |       |       |
    +-------+-------+-------+-------+"""


def test_board_grid_shows_tiles_edges_markers_and_coordinates() -> None:
    assert render_board(_position()) == BOARD


def test_render_shows_display_pile_players_and_the_pending_decision() -> None:
    text = render(_position())
    assert text.startswith(BOARD + "\n")
    lines = text.splitlines()
    assert "display: G2 W" in text
    assert "jungle pile: 16 tiles" in text
    assert "> seat 0: gold  3  cacao 0  sun 0  water -10  hand 2-1-0-1  pile 8" in lines
    assert "  seat 1: gold  0  cacao 2  sun 1  water -10  hand -  pile 10" in lines
    assert lines[-1] == "Waiting for seat 0 to place a worker tile"


def test_render_is_deterministic_plain_ascii() -> None:
    state = _position()
    assert render(state) == render(_position())
    assert render(state, legend=True).isascii()


def test_legend_names_every_jungle_code() -> None:
    text = render(_position(), legend=True)
    for code in ("P1", "P2", "M2", "M3", "M4", "G1", "G2", "W", "S", "T"):
        assert code in text


def test_render_names_the_seat_resolving_an_edge() -> None:
    state = cr.new_game(cr.Config(players=2), seed=1)
    bot = RandomBot(0)
    while not isinstance(state.step, ResolveStep):
        state = cr.apply(state, bot.choose(state))
    assert f"Waiting for seat {state.to_move} to resolve an activated edge: " in render(state)


def test_render_of_a_finished_game_names_the_winners() -> None:
    final, _ = play_game(cr.Config(players=3), 4, [RandomBot(1), RandomBot(2), RandomBot(3)])
    won = cr.winners(final)
    last = render(final).splitlines()[-1]
    assert last.startswith("Game over.")
    assert all(f"seat {seat}" in last for seat in won)
    assert ">" not in render(final).split("Turn")[-1]


def test_score_sheet_lists_each_category_total_and_tiebreak() -> None:
    final, _ = play_game(cr.Config(players=2), 9, [RandomBot(1), RandomBot(2)])
    lines = render_scores(final).splitlines()
    assert lines[0].split() == [
        "seat",
        "gold",
        "temples",
        "sun",
        "water",
        "total",
        "cacao",
        "(tiebreak)",
    ]
    for sheet, line in zip(cr.final_scores(final), lines[1:3], strict=True):
        b = sheet.breakdown
        expected = [sheet.player, b["gold"], b["temples"], b["sun"], b["water"], sheet.total]
        assert [int(cell) for cell in line.split()] == [*expected, sheet.cacao]
    won = ", ".join(f"seat {seat}" for seat in cr.winners(final))
    assert lines[3] in (f"Winner: {won}", f"Winners (shared win): {won}")


def test_score_sheet_of_a_game_in_progress_is_provisional() -> None:
    assert "Provisional" in render_scores(_position()).splitlines()[-1]
