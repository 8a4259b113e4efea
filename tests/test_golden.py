"""The golden file: recorded games that every version of the engine must replay unchanged.

``tests/golden/games.json`` holds seeded games (and a few unseeded ones, whose records include
the chance outcomes) played by a fixed policy: configuration, seed, the move record
(``str(move)`` of every move), final scores with their breakdown, winners and the SHA-256 of
the record text. Refactors and speed-ups must leave all of it unchanged. Regenerate the file
with ``tests/make_golden.py`` only for a deliberate rule change (see that script).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import cacao_rules as cr
import make_golden


@cache
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(make_golden.GOLDEN.read_text(encoding="utf-8"))
    return data


def entries() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = golden()["games"]
    return games


def entry_id(entry: dict[str, Any]) -> str:
    return f"{entry['config']['players']}p-seed{entry['seed']}"


def test_golden_file_covers_every_player_count() -> None:
    games = entries()
    assert len(games) >= 12
    assert {game["config"]["players"] for game in games} == {2, 3, 4}
    assert any(game["seed"] is None for game in games)
    assert len({(g["config"]["players"], g["seed"]) for g in games}) == len(games)


@pytest.mark.rule("R-CHANCE-2", "R-END-4", "R-SCORE-9")
@pytest.mark.parametrize("entry", entries(), ids=entry_id)
def test_replay(entry: dict[str, Any]) -> None:
    """Every recorded move is legal (and printed exactly so among the legal moves), the game
    ends with the last move, and the scores, winners and digest are those recorded."""
    players: int = entry["config"]["players"]
    assert entry["config"]["modules"] == []
    seed: int | None = entry["seed"]
    moves: list[str] = entry["moves"]
    assert make_golden.digest(players, seed, moves) == entry["sha256"], "record altered"
    state = cr.new_game(cr.Config(players=players), seed=seed)
    for number, text in enumerate(moves):
        assert not state.is_over, f"game over before move {number}: {text}"
        move = cr.parse_move(text)
        listed = [m for m in cr.legal_moves(state) if str(m) == text]
        assert listed == [move], f"move {number} {text!r} is not legal here"
        state = cr.apply(state, move)
    assert state.is_over
    assert make_golden.scores(state) == entry["scores"]
    assert list(cr.winners(state)) == entry["winners"]


@pytest.mark.rule("R-DECIDE-3", "R-CHANCE-2")
@pytest.mark.parametrize("entry", entries(), ids=entry_id)
def test_policy_replays_same_moves(entry: dict[str, Any]) -> None:
    """The fixed policy still picks the recorded moves: the order of ``legal_moves`` and the
    seeded chance function are unchanged too."""
    players: int = entry["config"]["players"]
    seed: int | None = entry["seed"]
    assert entry["policy"] == make_golden.policy_key(players, seed)
    _, moves = make_golden.play(players, seed)
    assert moves == entry["moves"]
