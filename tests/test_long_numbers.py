"""A 4,300-digit number wherever a number is read gets a short message (issue 41, item 9).

Python turns at most 4,300 digits into an ``int`` (``sys.int_info``); such a number used to
be quoted whole by several messages (4,414 characters for a player's gold in a state
document). Every message quotes its input through :func:`cacao_rules.errors.excerpt`, so
each entry point below answers a number of 4,300 digits (and, where text is read, 4,301)
with a message of a few lines, and never a traceback.
"""

from __future__ import annotations

import io
import json

import pytest

import cacao_rules as cr
from cacao_rules.cli import main

DIGITS = "9" * 4300
"""The longest number Python reads by default."""
SHORT = 400
"""The most characters a message about a long number may take (a quote is 60)."""


def _state_document_with(path: tuple[str | int, ...]) -> str:
    """The JSON document of a new game with the number at ``path`` replaced by DIGITS."""
    document = json.loads(cr.to_json(cr.new_game(cr.Config.big_game(3), seed=1)))
    place = document
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = "BIG"
    return json.dumps(document).replace('"BIG"', DIGITS)


def _observation_document_with(path: tuple[str | int, ...]) -> str:
    seen = cr.observe(cr.new_game(cr.Config(players=2), seed=1), 0)
    document = json.loads(cr.observation_to_json(seen))
    place = document
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = "BIG"
    return json.dumps(document).replace('"BIG"', DIGITS)


@pytest.mark.parametrize(
    "path",
    [
        ("players", 0, "gold"),  # the message of the issue: 4,414 characters
        ("players", 0, "cacao"),
        ("players", 0, "chocolate"),
        ("players", 0, "sun"),
        ("players", 0, "water_field"),
        ("players", 0, "map_tiles"),
        ("turn",),
        ("chance_count",),
        ("current",),
        ("gems_exchanged",),
        ("map_tiles_used",),
    ],
)
def test_a_state_document(path: tuple[str | int, ...]) -> None:
    with pytest.raises(cr.FormatError) as caught:
        cr.from_json(_state_document_with(path))
    assert len(str(caught.value)) < SHORT, str(caught.value)[:200]


@pytest.mark.parametrize(
    "path", [("players", 0, "hand_size"), ("players", 0, "pile_size"), ("players", 1, "hand_size")]
)
def test_an_observation_document(path: tuple[str | int, ...]) -> None:
    with pytest.raises(cr.FormatError) as caught:
        cr.observation_from_json(_observation_document_with(path))
    assert len(str(caught.value)) < SHORT, str(caught.value)[:200]


def test_a_position_built_in_code() -> None:
    with pytest.raises(cr.ConfigError) as caught:
        cr.position(cr.Config(players=2), players=[cr.PlayerState(gold=int(DIGITS))] * 2)
    assert len(str(caught.value)) < SHORT, str(caught.value)[:200]


@pytest.mark.parametrize(
    "text", [f"place 2-1-0-1 {DIGITS},0 r0", f"resolve 0,1 N {DIGITS}", f"discard {DIGITS}9"]
)
def test_a_move_in_notation(text: str) -> None:
    with pytest.raises(cr.FormatError) as caught:
        cr.parse_move(text)
    assert len(str(caught.value)) < SHORT


def test_a_record() -> None:
    text = cr.GameRecord(cr.Config(players=2), 5, [], ["a", "b"]).to_text()
    with pytest.raises(cr.FormatError) as caught:
        cr.GameRecord.from_text(text.replace('[Seed "5"]', f'[Seed "{DIGITS}"]'))
    assert len(str(caught.value)) < SHORT


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--seed", DIGITS],
        ["play", "--players", DIGITS],
        ["play", "--width", DIGITS],
        ["play", "--color", DIGITS],
        ["play", "--workers", f"1-1-1-1:{DIGITS}"],
        ["play", "--workers", DIGITS],
        ["play", "--modules", DIGITS],
        ["play", f"--{DIGITS}"],
        ["play", "--big-game", DIGITS],
        [DIGITS],
        ["simulate", "--games", DIGITS],
        ["simulate", "--jobs", DIGITS],
        ["replay", "--move", DIGITS, "game.txt"],
        ["serve", "--port", DIGITS],
        ["serve", "--bot-ms", DIGITS],
        ["serve", "--games-per-client", DIGITS],
        ["bot", "--seed", DIGITS, "greedy"],
        ["play", "--seats", f"mcts:{DIGITS}"],
        ["play", "--seats", f"human,mcts:{DIGITS}.5it"],
    ],
    ids=lambda args: " ".join(arg[:12] for arg in args),
)
def test_a_command_line_option(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "error: " in err
    assert len(err.splitlines()[-1]) < SHORT, err[-300:]


@pytest.mark.parametrize("answer", [DIGITS, DIGITS + "9"])
def test_an_answer_at_the_prompt(
    answer: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{answer}\nquit\n"))
    assert main(["play", "--seats", "human,greedy"]) == 0
    err = capsys.readouterr().err
    assert "no move '999" in err
    assert max(len(line) for line in err.splitlines()) < SHORT


def test_an_activated_edge_in_a_state_document() -> None:
    state = cr.new_game(cr.Config(players=2), seed=1)
    while not str(cr.legal_moves(state)[0]).startswith("resolve"):
        state = cr.apply(state, cr.legal_moves(state)[0])
    document = json.loads(cr.to_json(state))
    document["step"]["queue"][0]["workers"] = "BIG"
    with pytest.raises(cr.FormatError) as caught:
        cr.from_json(json.dumps(document).replace('"BIG"', DIGITS))
    assert len(str(caught.value)) < SHORT, str(caught.value)[:200]
