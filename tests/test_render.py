"""Text rendering: the board grid, the players, what the game waits for, the score sheet."""

from __future__ import annotations

import random

import pytest

import cacao_rules as cr
from cacao_rules import JungleTile, WorkerTile, WorkerType
from cacao_rules.agents.bots import RandomBot
from cacao_rules.agents.playing import play_game
from cacao_rules.show.render import render, render_board, render_scores, score_categories
from cacao_rules.state.state import HutStep, MapRefillStep, ResolveStep, SlideStep


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


# --- the Chocolatl modules ------------------------------------------------------------------

CHOCOLATL = {cr.Module.MAP, cr.Module.WATERING, cr.Module.CHOCOLATE, cr.Module.HUTS}


def _module_position() -> cr.State:
    return cr.position(
        cr.Config(players=2, modules=CHOCOLATL),
        players=[
            cr.PlayerState(gold=3, cacao=1, chocolate=2, hand=(WorkerType.W2101,), map_tiles=1),
            cr.PlayerState(huts=(cr.Hut.TRADER, cr.Hut.MONK), map_tiles=2),
        ],
        display=[JungleTile.from_code("K"), JungleTile.from_code("C")],
        map_board=[JungleTile.from_code("I"), JungleTile.from_code("T")],
    )


def test_render_shows_the_map_board_map_tiles_chocolate_huts_and_the_supply() -> None:
    state = _module_position()
    lines = render(state).splitlines()
    assert "Turn 0   display: K C   jungle pile: 15 tiles   map board: T I" in lines
    assert (
        "> seat 0: gold  3  cacao 1  choc 2  sun 0  water -10  hand 2-1-0-1  pile 10"
        "  map tiles 1  huts -"
    ) in lines
    assert (
        "  seat 1: gold  0  cacao 0  choc 0  sun 0  water -10  hand -  pile 11"
        "  map tiles 2  huts trader monk"
    ) in lines
    supply = next(line for line in lines if line.startswith("Hut supply: "))
    assert supply.split()[2:] == [str(hut) for hut, _ in state.hut_supply.items]
    assert "trader" not in supply.split()  # built by seat 1, so not in the supply
    assert render(state, legend=True).isascii()


def test_render_shows_only_the_modules_in_play() -> None:
    state = cr.new_game(cr.Config(players=2, modules={cr.Module.CHOCOLATE}), seed=2)
    text = render(state)
    assert "choc 0" in text
    assert "map board" not in text and "map tiles" not in text
    assert "huts" not in text.lower()
    huts = render(cr.new_game(cr.Config(players=2, modules={cr.Module.HUTS}), seed=2))
    assert "Hut supply: " in huts and "huts -" in huts and "choc" not in huts


def test_a_hut_there_twice_is_marked_x2() -> None:
    state = cr.position(
        cr.Config(players=2, modules={cr.Module.HUTS}),
        players=[cr.PlayerState(hand=(WorkerType.W1111,)), cr.PlayerState()],
        hut_supply=[cr.Hut.MARKET_CRIER, cr.Hut.MARKET_CRIER, cr.Hut.CHIEF],
    )
    assert "Hut supply: market-crier x2 chief" in render(state).splitlines()


def test_legend_names_the_module_codes() -> None:
    text = render(_module_position(), legend=True)
    for words in ("I watering", "K chocolate kitchen", "C chocolate market"):
        assert words in text


def _first_step(config: cr.Config, kind: type, seed: int) -> cr.State:
    state = cr.new_game(config, seed=None)
    rng = random.Random(seed)
    while not isinstance(state.step, kind):
        assert not state.is_over
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    return state


def test_render_describes_the_module_steps() -> None:
    config = cr.Config(players=2, modules=CHOCOLATL)
    slide = _first_step(config, SlideStep, 1)
    codes = " or ".join(tile.code for tile in slide.map_board)
    assert render(slide).endswith(
        f"Waiting for seat {slide.current} to slide a map-board tile into the display: {codes}"
    )
    refill = _first_step(config, MapRefillStep, 1)
    assert render(refill).endswith("Chance: the map board is refilled from the jungle pile")
    hut = _first_step(config, HutStep, 1)
    assert render(hut).endswith(f"Waiting for seat {hut.current} to build a hut or pass")


def test_score_sheet_has_the_hut_columns_with_the_huts_module() -> None:
    config = cr.Config(players=2, modules=CHOCOLATL)
    final, _ = play_game(config, 9, [RandomBot(1), RandomBot(2)])
    lines = render_scores(final).splitlines()
    assert lines[0].split() == [
        "seat",
        "gold",
        "temples",
        "sun",
        "water",
        "huts",
        "hut",
        "bonus",
        "total",
        "cacao",
        "(tiebreak)",
    ]
    for sheet, line in zip(cr.final_scores(final), lines[1:3], strict=True):
        b = sheet.breakdown
        expected = [sheet.player, *(b[c] for c in score_categories(final)), sheet.total]
        assert [int(cell) for cell in line.split()] == [*expected, sheet.cacao]
    assert score_categories(final)[-2:] == ("huts", "hut bonus")
    no_huts = cr.Config(players=2, modules={cr.Module.MAP, cr.Module.CHOCOLATE})
    final, _ = play_game(no_huts, 9, [RandomBot(1), RandomBot(2)])
    assert "huts" not in render_scores(final)


# --- the Diamante modules: the Tree of Life and the Favour of the Emperor -------------------

DIAMANTE = {cr.Module.TREE_OF_LIFE, cr.Module.EMPEROR}


def _diamante_position(emperor: tuple[int, int] = (1, 0)) -> cr.State:
    return cr.position(
        cr.Config(players=2, modules=DIAMANTE),
        board={
            (0, 0): JungleTile.from_code("L"),
            (1, 1): JungleTile.from_code("M2"),
            (1, 0): WorkerTile.of(1, WorkerType.W3100, 1),
            (0, 1): WorkerTile.of(0, WorkerType.W1111),
        },
        covered={(0, 1): WorkerTile.of(0, WorkerType.W2101)},
        players=[cr.PlayerState(gold=3, hand=(WorkerType.W2101,)), cr.PlayerState()],
        display=[JungleTile.from_code("M3"), JungleTile.from_code("L")],
        emperor=emperor,
    )


DIAMANTE_BOARD = """\
       -1       0       1       2
    +-------+-------+-------+-------+
    |       |       |       |       |
 -1 |       |       |   .   |       |
    |       |       |       |       |
    +-------+-------+-------+-------+
    |       |       |   0  E|       |
  0 |       |   L   |0 [1] 3|   .   |
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


def test_render_marks_the_emperor_and_shows_the_tree() -> None:
    state = _diamante_position()
    assert render_board(state) == DIAMANTE_BOARD
    lines = render(state).splitlines()
    assert "Turn 0   display: M3 L   jungle pile: 17 tiles   Emperor: 1,0" in lines


def test_the_emperor_mark_shares_a_cell_with_the_overbuilt_mark_and_a_jungle_tile() -> None:
    overbuilt = render_board(_diamante_position(emperor=(0, 1))).splitlines()
    assert overbuilt[10] == "    |       |*  1  E|       |       |"
    start = render_board(_diamante_position(emperor=(1, 1))).splitlines()
    assert start[10] == "    |       |*  1   |      E|       |"
    assert start[11] == "  1 |   .   |1 [0] 1|  M2   |       |"
    assert "E" not in render_board(_position())


def test_render_follows_the_emperor_through_a_game() -> None:
    config = cr.Config(players=3, modules=DIAMANTE | {cr.Module.CHOCOLATE})
    state = cr.new_game(config, seed=5)
    rng = random.Random(5)
    seen = set()
    while not state.is_over:
        assert state.emperor is not None
        x, y = state.emperor
        board = render_board(state).splitlines()
        columns = board[0].split()
        rows = [int(line[:4]) for line in board[3::4]]  # the labelled middle line of each row
        top = board[2 + 4 * rows.index(y)]  # the top line of the Emperor's row
        assert top[5:].split("|")[columns.index(str(x))].endswith("E")
        assert sum(line.count("E") for line in board[2::4]) == 1
        assert f"Emperor: {x},{y}" in render(state)
        seen.add(state.emperor)
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    assert len(seen) > 2


def test_render_shows_no_emperor_without_his_module() -> None:
    state = cr.new_game(cr.Config(players=2, modules={cr.Module.TREE_OF_LIFE}), seed=2)
    text = render(state)
    assert "Emperor" not in text
    assert "E" not in "".join(render_board(state).splitlines()[2::4])


def test_legend_names_the_tree_and_the_emperor() -> None:
    text = render(_diamante_position(), legend=True)
    assert "L tree of life" in text and "E (top right) the Emperor" in text
    assert text.isascii()


# --- the Gem mines module and the Big Game -------------------------------------------------

GEMS = cr.Module.GEM_MINES


def _gem_position() -> cr.State:
    mine = JungleTile(cr.JungleKind.GEM_MINE, gems=(2, 1, 0, 3))
    return cr.position(
        cr.Config(players=2, modules={GEMS}),
        board={
            (0, 0): JungleTile.from_code("P1"),
            (1, 1): JungleTile.from_code("M2"),
            (2, 0): mine,
            (1, 0): WorkerTile.of(1, WorkerType.W1111),
        },
        players=[
            cr.PlayerState(gold=3, hand=(WorkerType.W2101,), gems=(1, 0, 0, 2)),
            cr.PlayerState(gems=(0, 3, 1, 0)),
        ],
        display=[JungleTile(cr.JungleKind.GEM_MINE, gems=(0, 2, 0, 0))],
    )


@pytest.mark.rule("R-GEM-2")
def test_render_shows_the_gems_on_the_mines_the_cart_and_the_players_gems() -> None:
    state = _gem_position()
    board = render_board(state).splitlines()
    assert board[7] == "  0 |  P1   |1 [1] 1| D2103 |"
    lines = render(state).splitlines()
    assert "Turn 0   display: D0200   jungle pile: 17 tiles" in lines
    assert "Gem cart: 3051 (red, green, blue, white)   masks left: 8 8 9 9 10 10" in lines
    assert lines[-3].endswith("pile 10  gems 1002  masks -")
    assert lines[-2].endswith("pile 10  gems 0310  masks -")
    text = render(state, legend=True)
    assert "D2103 gem mine with its gems: 2 red, 1 green, 0 blue," in text
    assert text.isascii()


@pytest.mark.rule("R-GEM-4", "R-GEM-6")
def test_render_shows_the_masks_taken_and_the_score_sheet_their_columns() -> None:
    config = cr.Config(players=2, modules={GEMS})
    rng = random.Random(12)
    state = cr.new_game(config, seed=1)
    while not any(player.masks for player in state.players):
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    seat = next(seat for seat, player in enumerate(state.players) if player.masks)
    masks = " ".join(str(value) for value in state.players[seat].masks)
    lines = render(state).splitlines()
    assert any(line.startswith(f"  seat {seat}") or line.startswith(f"> seat {seat}")
               for line in lines if line.endswith(f"  masks {masks}"))  # fmt: skip
    left = " ".join(str(value) for value in state.mask_supply)
    assert any(line.endswith(f"masks left: {left}") for line in lines)
    while not state.is_over:
        state = cr.apply(state, rng.choice(cr.legal_moves(state)))
    assert score_categories(state)[-2:] == ("masks", "gems")
    sheet = render_scores(state).splitlines()
    assert sheet[0].split()[5:7] == ["masks", "gems"]
    for score, line in zip(cr.final_scores(state), sheet[1:3], strict=True):
        cells = [int(cell) for cell in line.split()]
        assert cells[5:7] == [score.breakdown["masks"], score.breakdown["gems"]]
        assert cells[5] == sum(state.players[score.player].masks)


@pytest.mark.rule("R-BIG-1")
def test_the_big_game_shows_every_module() -> None:
    state = cr.new_game(cr.Config.big_game(4), seed=3)
    lines = render(state).splitlines()
    assert any(line.startswith("Hut supply: ") for line in lines)
    assert any(line.startswith("Gem cart: ") for line in lines)
    assert "map board: " in next(line for line in lines if line.startswith("Turn "))
    header = score_categories(state)
    assert header == ("gold", "temples", "sun", "water", "huts", "hut bonus", "masks", "gems")


def test_render_shows_no_gems_without_their_module() -> None:
    text = render(cr.new_game(cr.Config(players=2, modules={cr.Module.HUTS}), seed=2))
    assert "Gem cart" not in text and "gems" not in text and "masks" not in text
