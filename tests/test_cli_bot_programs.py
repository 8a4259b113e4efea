"""The command line when a seated bot program breaks the bot protocol during a game: the
game stops with a message naming the seat and what the program did, exit status 1 and no
traceback; ``play`` keeps the record so far, ``simulate`` reports the games that finished."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import cacao_rules as cr
from cacao_rules.cli import main

FLAKY = """\
import json, sys
decisions = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "flaky"}), flush=True)
    elif message["type"] == "choose":
        decisions += 1
        if decisions > 3:
            sys.exit(3)
        print(json.dumps({"type": "move", "index": 0}), flush=True)
"""
"""A program that answers its first three decisions and then exits."""

WHAT_IT_DID = "bot program 'flaky' exited before sending a 'move' message (exit status 3)"

NOT_JSON = """\
import sys
sys.stdin.readline()
print("hello yourself", flush=True)
"""
"""A program that answers ``hello`` with a line that is not JSON."""


def _flaky_seat(tmp_path: Path) -> str:
    program = tmp_path / "flaky.py"
    program.write_text(FLAKY, encoding="utf-8")
    return f"exec:{sys.executable} {program}"


def test_play_stops_the_game_and_keeps_its_record_to_go_on_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seat = _flaky_seat(tmp_path)
    record = tmp_path / "game.txt"
    code = main(["play", "--bots", f"greedy,{seat}", "--record", str(record), "--quiet"])
    out, err = capsys.readouterr()
    assert code == 1
    assert f"unfinished: seat 1: {WHAT_IT_DID}." in err
    assert "Traceback" not in out + err
    kept = cr.GameRecord.from_text(record.read_text(encoding="utf-8"))
    assert kept.seats == ("greedy", seat)
    assert len(kept.moves) > 3  # seat 0's moves and the three the program made
    assert not kept.final().is_over
    assert main(["play", "--resume", str(record), "--seats", "greedy,greedy", "--quiet"]) == 0
    assert "Winner" in capsys.readouterr().out


def test_simulate_reports_the_games_that_finished_and_what_the_program_did(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seat = _flaky_seat(tmp_path)
    code = main(["simulate", "--bots", f"greedy,{seat}", "--games", "4", "--jobs", "1"])
    out, err = capsys.readouterr()
    assert code == 1
    assert f"cacao-rules simulate: seat 1: {WHAT_IT_DID}" in err
    assert out.startswith("0 of 4 games")
    assert "Stopped by a bot program's error: the figures are of the games that finished." in out
    assert "Traceback" not in out + err


def _program(tmp_path: Path, text: str) -> str:
    program = tmp_path / "program.py"
    program.write_text(text, encoding="utf-8")
    return f"exec:{sys.executable} {program}"


COMMANDS = {
    "play": ["play", "--quiet", "--bots", "greedy,{seat}"],
    "play with a person": ["play", "--seats", "human,{seat}"],
    "simulate": ["simulate", "--games", "1", "--jobs", "1", "--bots", "greedy,{seat}"],
}
"""Each command that seats bot programs, with the program in seat 1."""


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(
    ("program", "what"),
    [
        (None, "bot program '{missing}' cannot be started (No such file or directory)"),
        (NOT_JSON, "bot program '{python}' sent a line that is not JSON: 'hello yourself'"),
    ],
)
def test_a_program_that_fails_to_start_is_blamed_on_its_own_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, program: str | None, what: str
) -> None:
    missing = tmp_path / "missing"
    seat = f"exec:{missing}" if program is None else _program(tmp_path, program)
    assert main([word.format(seat=seat) for word in COMMANDS[command]]) == 1
    err = capsys.readouterr().err
    assert f"seat 1: {what.format(missing=missing, python=sys.executable)}" in err
    assert "seat 0" not in err and "Traceback" not in err


def test_a_resumed_game_blames_the_seat_of_the_program_not_the_seat_to_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = cr.Config(players=2)
    state, moves = cr.new_game(config, seed=1), []
    while state.to_move != 1:
        moves.append(cr.legal_moves(state)[0])
        state = cr.apply(state, moves[-1])
    record = tmp_path / "game.txt"
    record.write_text(cr.GameRecord(config, 1, moves, ["greedy", "random"]).to_text())
    seats = f"exec:{tmp_path / 'missing'},random"
    assert main(["play", "--resume", str(record), "--seats", seats, "--quiet"]) == 1
    err = capsys.readouterr().err
    assert f"unfinished: seat 0: bot program '{tmp_path / 'missing'}' cannot be started" in err
