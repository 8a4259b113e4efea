"""The ``cacao-rules`` command: ``play`` and ``simulate``, and its argument errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

import cacao_rules as cr
from cacao_rules.agents.bots import RandomBot
from cacao_rules.agents.greedy import GreedyBot
from cacao_rules.agents.playing import play_game
from cacao_rules.cli import build_parser, main
from cacao_rules.game.events import GemsTaken, MaskTaken
from cacao_rules.show.render import render, render_scores

WIDTH = 80
"""The width of the commands' text here: $COLUMNS, set for every test of this file."""


@pytest.fixture(autouse=True)
def _columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(WIDTH))


def _flat(text: str) -> str:
    """``text`` with its words one space apart: a wrapped line read as one."""
    return " ".join(text.split())


def test_play_prints_every_decision_the_boards_and_the_score_sheet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--players", "2", "--seed", "3", "--bots", "random,greedy"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("Cacao, 2 players, seed 3: seat 0 random, seat 1 greedy\n")
    # The same game as play_game with the bots the command makes (seed 4 * game seed + seat).
    final, decisions = play_game(cr.Config(players=2), 3, [RandomBot(12), GreedyBot(13)])
    state = cr.new_game(cr.Config(players=2), seed=3)
    for move in decisions:
        assert f"seat {state.to_move}: {move}\n" in out
        state = cr.apply(state, move)
    assert render(final, width=WIDTH) in out
    assert out.endswith(render_scores(final, width=WIDTH) + "\n")
    assert out.count("Turn ") == final.turn + 1  # the start and after every turn


def test_play_quiet_prints_only_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "3", "--bots", "random,greedy", "--quiet"]) == 0
    out, _ = capsys.readouterr()
    final, _ = play_game(cr.Config(players=2), 3, [RandomBot(12), GreedyBot(13)])
    assert "\nseat 0: " not in out
    assert out.count("Turn ") == 1
    assert out.endswith(
        render(final, width=WIDTH) + "\n\n" + render_scores(final, width=WIDTH) + "\n"
    )


def test_play_default_lineup_is_greedy_then_random(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "3", "--seed", "2", "--quiet"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("Cacao, 3 players, seed 2: seat 0 greedy, seat 1 random, seat 2 random")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--players", "5"], "Cacao is for 2 to 4 players, got players=5"),
        (["play", "--players", "two"], "expected a whole number, got 'two'"),
        (["play", "--seed", "-1"], "seed must be from 0 to 2**64 - 1, got -1"),
        (
            ["play", "--bots", "random,smart"],
            "unknown bot 'smart'; a bot is one of: random, greedy, mcts",
        ),
        (["simulate", "--bots", "random,random,random", "--players", "2"], "3 bots for 2 players"),
        (["simulate", "--bots", "random,random,random,random,random"], "Cacao is for 2 to 4"),
        (["simulate", "--games", "0"], "must be at least 1, got 0"),
        (
            ["play", "--modules", "map,cocoa"],
            "argument --modules: module 'cocoa' is not a module; the modules are: map, "
            "watering, chocolate, huts, tree-of-life, emperor, new-workers, gem-mines",
        ),
        (
            ["play", "--big-game"],
            "--big-game is for 3 or 4 players, got --players 2: add --players 3 or --players 4",
        ),
        (
            ["simulate", "--big-game", "--players", "4", "--modules", "map"],
            "--big-game plays every module with every worker tile; leave out --modules",
        ),
        (
            ["play", "--players", "3", "--big-game", "--workers", "1-1-1-1:4"],
            "--big-game plays every module with every worker tile; leave out --workers",
        ),
        (["play", "--big-game", "yes"], "unrecognized arguments: 'yes'"),
        (["simulate", "--modules", "gems"], "argument --modules: module 'gems' is not a module"),
        (["play", "--modules", "tree,big-game"], "module 'big-game' is not a module"),
        (
            ["simulate", "--modules", "New-Workers"],
            "--modules new-workers needs the worker set each player plays with: --workers "
            "1-1-1-1:3,2-1-0-1:4,0-0-2-2:1, for example",
        ),
        (
            ["play", "--workers", "0-0-2-2:1,1-1-1-1:3"],
            "the worker type(s) 0-0-2-2 of --workers need --modules new-workers",
        ),
        (
            ["play", "--modules", "new-workers", "--workers", "1-1-1-1:5"],
            "argument --workers: 5 tiles of 1-1-1-1 asked for, but a colour has only 4",
        ),
        (
            ["play", "--modules", "new-workers", "--workers", "1111:3"],
            "argument --workers: unknown worker type '1111'; the types are: 1-1-1-1, 2-1-0-1, "
            "3-0-0-1, 3-1-0-0, 0-0-2-2, 0-2-0-2, 0-1-0-3, 0-0-0-4",
        ),
        (
            ["simulate", "--workers", "1-1-1-1"],
            "argument --workers: expected TYPE:COUNT (such as 1-1-1-1:3), got '1-1-1-1'",
        ),
        (
            ["play", "--workers", "1-1-1-1:-1"],
            "argument --workers: the count of 1-1-1-1 must be a whole number, got '-1'",
        ),
        (
            ["play", "--workers", "1-1-1-1:\u00b2"],
            "argument --workers: the count of 1-1-1-1 must be a whole number, got '\u00b2'",
        ),
        (
            ["play", "--workers", "1-1-1-1:1, 1-1-1-1:2"],
            "argument --workers: worker type 1-1-1-1 is named twice in '1-1-1-1:1, 1-1-1-1:2'",
        ),
        (
            ["play", "--workers", ","],
            "argument --workers: give the worker tiles of each player as TYPE:COUNT items",
        ),
        (
            ["play", "--workers", "1-1-1-1:0,0-0-0-4:0", "--modules", "new-workers"],
            "argument --workers: the worker set must give each player at least one tile",
        ),
        (["play", "--modules", "trees"], "module 'trees' is not a module"),
        (["play", "--modules", "tree,tree-of-life"], "a module is named twice in"),
        (["play", "--modules", "emperor,Emperor"], "a module is named twice in"),
        (["play", "--modules", "map,huts,map"], "a module is named twice in 'map,huts,map'"),
        (
            ["play", "--map-early-overbuild"],
            "map_early_overbuild is a variant of the Map module",
        ),
        (
            ["simulate", "--modules", "huts", "--map-early-overbuild"],
            "map_early_overbuild is a variant of the Map module",
        ),
        (["fly"], "invalid choice: 'fly'"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert "usage: cacao-rules" in err
    assert "Traceback" not in err


def test_no_command_prints_the_help_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("usage: cacao-rules")
    assert "Play Cacao at the terminal against built-in bots" in out
    assert "replay" in out


def test_simulate_help_writes_a_plain_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--help"]) == 0
    out = capsys.readouterr().out
    assert "95%" in out
    assert "%%" not in out


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    assert "--bots NAMES" in capsys.readouterr().out


def test_python_dash_m_runs_the_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cacao_rules", "play", "--seed", "5", "--quiet", "--bots", "random"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Winner" in result.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "cacao_rules", "play", "--players", "5"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert "Cacao is for 2 to 4 players" in bad.stderr


# --- the Chocolatl modules ------------------------------------------------------------------

CHOCOLATL = {cr.Module.MAP, cr.Module.WATERING, cr.Module.CHOCOLATE, cr.Module.HUTS}


def test_play_with_every_module(capsys: pytest.CaptureFixture[str]) -> None:
    # Names are case- and space-insensitive and may come in any order.
    argv = ["play", "--seed", "4", "--bots", "greedy,random"]
    assert main([*argv, "--modules", "huts,Watering, map,chocolate"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert _flat(out).startswith(
        "Cacao with map, watering, chocolate, huts, 2 players, seed 4: seat 0 greedy, "
        "seat 1 random 0 1"
    )
    config = cr.Config(players=2, modules=CHOCOLATL)
    final, decisions = play_game(config, 4, [GreedyBot(16), RandomBot(17)])
    state = cr.new_game(config, seed=4)
    for move in decisions:
        assert f"seat {state.to_move}: {move}\n" in out
        state = cr.apply(state, move)
    assert render(final, width=WIDTH) in out
    assert out.endswith(render_scores(final, width=WIDTH) + "\n")
    assert "hut bonus" in out and "map board: " in out and "choc " in out
    if any(isinstance(move, cr.BuildHut) for move in decisions):
        assert " builds the " in out


def test_map_early_overbuild_reaches_the_config(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--seed", "2", "--modules", "map", "--map-early-overbuild", "--quiet"]
    assert main([*argv, "--bots", "random"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("Cacao with map (early overbuilding), 2 players, seed 2")
    config = cr.Config(players=2, modules={cr.Module.MAP}, map_early_overbuild=True)
    final, _ = play_game(config, 2, [RandomBot(8), RandomBot(9)])
    assert out.endswith(
        render(final, width=WIDTH) + "\n\n" + render_scores(final, width=WIDTH) + "\n"
    )


def test_simulate_with_the_huts_module_averages_the_hut_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--games", "3", "--seed", "5", "--bots", "random", "--modules", "huts"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert lines[0].startswith("3 games with huts, 2 players, seeds 5 to 7,")
    header = next(line for line in lines if line.lstrip().startswith("gold"))
    assert header.split() == [
        "gold",
        "temples",
        "sun",
        "water",
        "huts",
        "hut",
        "bonus",
        "total",
        "cacao",
    ]
    config = cr.Config(players=2, modules={cr.Module.HUTS})
    sums = [[0, 0, 0], [0, 0, 0]]
    for seed in range(5, 8):
        final, _ = play_game(config, seed, [RandomBot(4 * seed), RandomBot(4 * seed + 1)])
        for sheet in cr.final_scores(final):
            b = sheet.breakdown
            sums[sheet.player] = [
                a + v
                for a, v in zip(
                    sums[sheet.player], [b["huts"], b["hut bonus"], sheet.total], strict=True
                )
            ]
    rows = [line.split() for line in lines if line.startswith("seat ")][-2:]  # the score rows
    for row, (huts, bonus, total) in zip(rows, sums, strict=True):
        assert [float(cell) for cell in row[6:9]] == pytest.approx(
            [huts / 3, bonus / 3, total / 3], abs=0.01
        )


def test_simulate_without_modules_keeps_the_base_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "1", "--bots", "random", "--modules", ""]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("1 games, 2 players, seeds 1 to 1,")
    assert "hut" not in out


# --- the Diamante modules ------------------------------------------------------------------

DIAMANTE = {cr.Module.TREE_OF_LIFE, cr.Module.EMPEROR}


@pytest.mark.parametrize(
    "names",
    ["tree-of-life,emperor", "tree,emperor", "Emperor, TREE", "tree_of_life,emperor"],
)
def test_the_diamante_module_names(names: str) -> None:
    args = build_parser().parse_args(["play", "--modules", names])
    assert args.modules == DIAMANTE


def test_play_with_the_tree_of_life_and_the_emperor(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--seed", "3", "--bots", "greedy,random", "--modules", "chocolate,tree,emperor"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert _flat(out).startswith(
        "Cacao with chocolate, tree-of-life, emperor, 2 players, seed 3: seat 0 greedy, "
        "seat 1 random 0 1"
    )
    config = cr.Config(players=2, modules=DIAMANTE | {cr.Module.CHOCOLATE})
    final, decisions = play_game(config, 3, [GreedyBot(12), RandomBot(13)])
    state = cr.new_game(config, seed=3)
    moved = []
    for move in decisions:
        assert f"seat {state.to_move}: {move}\n" in out
        state, events = cr.step(state, move)
        moved += [event for event in events if isinstance(event, cr.EmperorMoved)]
    assert state == final
    assert render(final, width=WIDTH) in out
    assert out.endswith(render_scores(final, width=WIDTH) + "\n")
    assert "L tree of life" in out and "Emperor: 1,1" in out
    assert moved
    for event in moved:
        if event.start == event.end:
            line = f"    the Emperor stays on {event.end[0]},{event.end[1]}\n"
        else:
            start, end = (f"{x},{y}" for x, y in (event.start, event.end))
            line = f"    the Emperor moves from {start} to {end}\n"
        assert line in out


def test_simulate_with_the_diamante_modules(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "2", "--players", "3", "--bots", "random"]
    assert main([*argv, "--modules", "emperor,tree-of-life"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("2 games with tree-of-life, emperor, 3 players, seeds 1 to 2,")


# --- the New Workers module ----------------------------------------------------------------

W = cr.WorkerType
WHOLE_BOX = "1-1-1-1:4,2-1-0-1:5,3-0-0-1:1,3-1-0-0:1,0-0-2-2:1,0-2-0-2:1,0-1-0-3:1,0-0-0-4:1"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1-1-1-1:3,2-1-0-1:4,0-0-2-2:1", {W.W1111: 3, W.W2101: 4, W.W0022: 1}),
        (" 0-0-0-4 : 1 , 1-1-1-1:2,", {W.W0004: 1, W.W1111: 2}),
        ("1-1-1-1:3,0-2-0-2:0", {W.W1111: 3, W.W0202: 0}),
    ],
)
def test_the_workers_option(text: str, expected: dict[cr.WorkerType, int]) -> None:
    args = build_parser().parse_args(["play", "--modules", "new-workers", "--workers", text])
    assert args.modules == {cr.Module.NEW_WORKERS}
    assert args.workers == expected


@pytest.mark.rule("R-NEW-2", "R-NEW-4")
def test_play_with_the_whole_box_of_new_workers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--players", "4", "--seed", "2", "--bots", "random"]
    assert main([*argv, "--modules", "new-workers", "--workers", WHOLE_BOX]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert _flat(out).startswith(
        f"Cacao with new-workers, workers {WHOLE_BOX}, 4 players, seed 2: seat 0 random,"
    )
    workers = {kind: 1 for kind in W} | {W.W1111: 4, W.W2101: 5}
    config = cr.Config(players=4, modules={cr.Module.NEW_WORKERS}, workers=workers)
    final, _ = play_game(config, 2, [RandomBot(8 + seat) for seat in range(4)])
    assert final.turn == 60 and final.discarded
    assert out.endswith(render_scores(final, width=WIDTH) + "\n")
    for seat, kind in final.discarded:
        assert f"seat {seat} cannot place and sets {kind} aside" in out


def test_simulate_with_a_base_worker_set(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "2", "--bots", "random", "--workers", "1-1-1-1:4,2-1-0-1:5"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("2 games with workers 1-1-1-1:4,2-1-0-1:5, 2 players, seeds 1 to 2,")


# --- the Gem mines module and the Big Game -------------------------------------------------


@pytest.mark.parametrize("names", ["gem-mines", "gem_mines", "Gem-Mines", " gem-mines ,"])
def test_the_gem_mines_module_name(names: str) -> None:
    args = build_parser().parse_args(["play", "--modules", names])
    assert args.modules == {cr.Module.GEM_MINES}
    assert not args.big_game


@pytest.mark.rule("R-GEM-3", "R-GEM-4")
def test_play_with_gem_mines(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--seed", "1", "--bots", "random", "--modules", "gem-mines"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("Cacao with gem-mines, 2 players, seed 1: seat 0 random, seat 1 random\n")
    config = cr.Config(players=2, modules={cr.Module.GEM_MINES})
    final, decisions = play_game(config, 1, [RandomBot(4), RandomBot(5)])
    state = cr.new_game(config, seed=1)
    events: list[cr.Event] = []
    for move in decisions:
        assert f"seat {state.to_move}: {move}\n" in out
        state, more = cr.step(state, move)
        events += more
    assert state == final
    assert out.endswith(render_scores(final, width=WIDTH) + "\n")
    assert "Gem cart: " in out and "  masks " in out
    taken = [event for event in events if isinstance(event, GemsTaken)]
    assert taken
    for event in taken:
        x, y = event.square
        assert f"seat {event.player} takes " in out and f"from the gem mine on {x},{y}\n" in out
    for mask in (event for event in events if isinstance(event, MaskTaken)):
        line = f"seat {mask.player} trades one gem of each colour for the mask worth {mask.value}"
        assert line in out


@pytest.mark.rule("R-BIG-1")
def test_play_the_big_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--big-game", "--players", "3", "--seed", "2", "--bots", "random", "--quiet"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("Cacao (the Big Game: every module), 3 players, seed 2: seat 0 random")
    final, _ = play_game(cr.Config.big_game(3), 2, [RandomBot(8 + seat) for seat in range(3)])
    assert final.config == cr.Config.big_game(3)
    assert out.endswith(
        render(final, width=WIDTH) + "\n\n" + render_scores(final, width=WIDTH) + "\n"
    )


@pytest.mark.rule("R-BIG-1", "R-GEM-6")
def test_simulate_the_big_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--big-game", "--players", "4", "--games", "1", "--bots", "random"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("1 games (the Big Game: every module), 4 players, seeds 1 to 1,")
    header = next(line for line in out.splitlines() if line.lstrip().startswith("gold"))
    assert header.split() == [
        "gold", "temples", "sun", "water", "huts", "hut", "bonus", "masks", "gems", "total",
        "cacao",
    ]  # fmt: skip


def test_players_default_to_the_number_of_bots_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "random,random,random", "--games", "1", "--jobs", "1"]) == 0
    assert "3 players" in capsys.readouterr().out
