"""The golden file: recorded games that every version of the engine must replay unchanged.

``tests/golden/games.json`` holds seeded games (and a few unseeded ones, whose records include
the chance outcomes) played by a fixed policy: configuration, seed, the move record
(``str(move)`` of every move), final scores with their breakdown, winners and the SHA-256 of
the record text. The base games come first and are exactly those recorded before the
*Chocolatl* modules existed; the module games follow (all four modules for 2-4 players, each
module alone, the Map and Hut variants), then the *Diamante* games (the Tree of Life and the
Emperor alone and together, with Chocolate, all six modules, the variants), then the Gem mines
games (alone for 2-4 players, with Chocolate, with all six other modules) and the Big Game for
3 and 4 players. Refactors and
speed-ups must leave all of it unchanged. Regenerate the file with ``tests/make_golden.py``
only for a deliberate rule change (see that script).

Each recorded move is found among the legal moves by its text, and ``parse_move`` reads it
back.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import cacao_rules as cr
import invariants as inv
import make_golden
from make_golden import Golden


@cache
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(make_golden.GOLDEN.read_text(encoding="utf-8"))
    return data


def entries() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = golden()["games"]
    return games


def entry_id(entry: dict[str, Any]) -> str:
    return Golden.from_entry(entry).name


def test_golden_file_covers_every_player_count() -> None:
    games = entries()
    assert len(games) >= 12
    assert {game["config"]["players"] for game in games} == {2, 3, 4}
    assert any(game["seed"] is None for game in games)
    assert len({entry_id(game) for game in games}) == len(games)
    base = [game for game in games if not game["config"]["modules"]]
    assert len(base) == 15 and games[: len(base)] == base, "the base games come first"


@pytest.mark.rule("R-MODULES-1")
def test_golden_file_covers_the_modules() -> None:
    """All four modules for every player count, seeded and unseeded; each module alone."""
    games = [Golden.from_entry(entry) for entry in entries()]
    full = [game for game in games if set(game.modules) == set(make_golden.MODULE_ORDER)]
    assert {game.players for game in full} == {2, 3, 4}
    assert any(game.seed is None for game in full)
    alone = {game.modules[0] for game in games if len(game.modules) == 1}
    assert set(make_golden.MODULE_ORDER) <= alone
    assert [game for game in games if game.early_overbuild and game.huts is not None]
    assert [game for game in games if game.modules] == list(make_golden.GAMES[15:])


@pytest.mark.rule("R-TREE-1", "R-EMPEROR-1", "R-MODULES-1")
def test_golden_file_covers_the_diamante_modules() -> None:
    """The Tree of Life and the Emperor alone and together; the Tree with Chocolate (the
    changed worker sets) for 2 and 4 players; all six modules for every player count, seeded
    and unseeded, and with the Map and Hut variants. The Chocolatl games come before them,
    unchanged."""
    games = [Golden.from_entry(entry) for entry in entries()]
    diamante = set(make_golden.DIAMANTE_ORDER)
    first = next(k for k, game in enumerate(games) if diamante & set(game.modules))
    block = games[first : make_golden.GEM_GAMES_START]
    assert first == 27 and all(diamante & set(game.modules) for game in block)
    alone = {game.modules for game in games if set(game.modules) <= diamante}
    assert {(make_golden.TREE,), (make_golden.EMPEROR,)} <= alone
    assert tuple(make_golden.DIAMANTE_ORDER) in alone
    chocolate = {
        game.players
        for game in games
        if {make_golden.TREE, cr.Module.CHOCOLATE} <= set(game.modules)
    }
    assert {2, 4} <= chocolate
    six = [game for game in games if set(game.modules) == set(make_golden.SIX_MODULES)]
    assert {game.players for game in six} == {2, 3, 4}
    assert any(game.seed is None for game in six)
    assert any(game.early_overbuild and game.huts is not None for game in six)


@pytest.mark.rule("R-GEM-1", "R-GEM-2", "R-GEM-6", "R-BIG-1")
def test_golden_file_covers_gem_mines_and_the_big_game() -> None:
    """The Gem mines alone for 2, 3 and 4 players, with Chocolate and with all six other
    modules; the Big Game for 3 and 4 players; all after the games that predate them. Their
    score sheets have masks and gems, and a mine's gems are in the records."""
    games = [Golden.from_entry(entry) for entry in entries()]
    start = make_golden.GEM_GAMES_START
    assert not any(make_golden.GEMS in game.modules for game in games[:start])
    gem_games = games[start:]
    assert gem_games and all(make_golden.GEMS in game.modules for game in gem_games)
    alone = {game.players for game in gem_games if game.modules == (make_golden.GEMS,)}
    assert alone == {2, 3, 4}
    assert any(cr.Module.CHOCOLATE in game.modules and not game.big_game for game in gem_games)
    assert any(set(make_golden.SIX_MODULES) < set(game.modules) for game in gem_games)
    assert {game.players for game in gem_games if game.big_game} == {3, 4}
    for entry in entries()[start:]:
        assert all({"masks", "gems"} <= set(sheet["breakdown"]) for sheet in entry["scores"])
        assert any("=D" in move for move in entry["moves"]), "no gem mine filled in the record"
        assert any(" g" in move for move in entry["moves"]), "no gems taken in the record"
    masks = [
        sheet["breakdown"]["masks"] for entry in entries()[start:] for sheet in entry["scores"]
    ]
    assert any(masks), "no mask taken in the golden games"


@pytest.mark.rule("R-CHANCE-2", "R-END-4", "R-SCORE-9", "R-MODULES-1", "R-HUT-4")
@pytest.mark.parametrize("entry", entries(), ids=entry_id)
def test_replay(entry: dict[str, Any]) -> None:
    """Every recorded move is legal (and printed exactly so among the legal moves), the game
    ends with the last move, and the scores, winners and digest are those recorded."""
    game = Golden.from_entry(entry)
    assert game.config_entry() == entry["config"]
    moves: list[str] = entry["moves"]
    assert make_golden.digest(game, moves) == entry["sha256"], "record altered"
    state = cr.new_game(game.config, seed=game.seed)
    for number, text in enumerate(moves):
        assert not state.is_over, f"game over before move {number}: {text}"
        listed = [m for m in cr.legal_moves(state) if str(m) == text]
        assert len(listed) == 1, f"move {number} {text!r} is not legal here"
        inv.notation_round_trip(listed[0])
        state = cr.apply(state, listed[0])
    assert state.is_over
    assert make_golden.scores(state) == entry["scores"]
    assert list(cr.winners(state)) == entry["winners"]


@pytest.mark.rule("R-DECIDE-3", "R-CHANCE-2")
@pytest.mark.parametrize("entry", entries(), ids=entry_id)
def test_policy_replays_same_moves(entry: dict[str, Any]) -> None:
    """The fixed policy still picks the recorded moves: the order of ``legal_moves`` and the
    seeded chance function are unchanged too."""
    game = Golden.from_entry(entry)
    assert entry["policy"] == make_golden.policy_key(game)
    _, moves = make_golden.play(game)
    assert moves == entry["moves"]


def _replayer(record: list[str]) -> inv.Chooser:
    """A chooser that picks the recorded moves, in order. ``inv.play_game`` makes a single
    move without asking (R-CHANCE-2), so the recorded moves before the one asked for that
    are not among ``moves`` were those; the caller checks the whole record played."""
    texts = iter(record)

    def choose(moves: tuple[cr.Move, ...]) -> cr.Move:
        by_text = {str(move): move for move in moves}
        text = next(texts)
        while text not in by_text:
            text = next(texts)
        return by_text[text]

    return choose


@pytest.mark.rule(
    "R-TREE-2",
    "R-TREE-3",
    "R-EMPEROR-2",
    "R-EMPEROR-3",
    "R-EMPEROR-4",
    "R-GEM-3",
    "R-GEM-4",
    "R-GEM-7",
    "R-BIG-1",
)
def test_golden_games_pass_every_check() -> None:
    """The module golden games (Diamante ones, Gem mines and the Big Game included) satisfy
    every invariant of ``invariants.py`` too."""
    for entry in entries()[15:]:
        game = Golden.from_entry(entry)
        played = inv.play_game(game.config, game.seed, _replayer(entry["moves"]))
        assert played.record() == entry["moves"]
        inv.check_game(played, states=False)
