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
    assert f"unfinished: seat 1 ({seat}): {WHAT_IT_DID}." in err
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
    assert f"cacao-rules simulate: {WHAT_IT_DID}" in err
    assert out.startswith("0 of 4 games")
    assert "Stopped by a bot program's error: the figures are of the games that finished." in out
    assert "Traceback" not in out + err
