"""No text from outside the process starts a program (issue 36, item 1).

A record names its seats in tags, and a seat may read ``exec:COMMAND``. Every reader of a
record, a saved game or a request is given one with commands planted in it, and the test
looks at what really happened: the file the planted ``touch`` would make, and the process
table for the planted ``sleep``. A program seat comes only from the person's own command line
or an explicit argument in Python.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cacao_rules as cr
from cacao_rules.agents.specs import bot_factory
from helpers_process import same_package_env

MARK = "86399.4713"
"""The planted ``sleep``'s argument: a process with it in its command line ran from data."""
PLANTED = ("exec:touch OWNED", f"exec:sleep {MARK}")
"""The seats a hostile record names: one leaves a file behind, one stays in the process
table for a day."""


def _planted_record() -> str:
    record = cr.record_game(cr.Config(players=2), 5, [cr.GreedyBot(1), cr.RandomBot(2)])
    shortened = record.replace(moves=record.moves[:12], seats=PLANTED)
    return shortened.to_text()


def _planted_processes() -> list[int]:
    """The processes whose command line holds :data:`MARK`, from ``/proc``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command_line = (entry / "cmdline").read_bytes()
        except OSError:  # the process ended while we looked
            continue
        if MARK.encode() in command_line and b"pytest" not in command_line:
            found.append(int(entry.name))
    return found


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[Path]:
    """A folder holding the planted record, as the current directory, checked afterwards for
    anything the planted commands would have left: the file and the process."""
    (tmp_path / "game.txt").write_text(_planted_record())
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(before)
        ran = _planted_processes()
        for pid in ran:  # never leave a day-long sleep behind, even when the test fails
            os.kill(pid, 9)
        assert not (tmp_path / "OWNED").exists(), "a planted command ran: OWNED was made"
        assert not ran, f"a planted command ran: processes {ran}"


def _cli(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cacao_rules", *args],
        cwd=folder,
        env=same_package_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def test_play_resume_refuses_a_record_whose_seats_name_programs(hostile: Path) -> None:
    done = _cli(hostile, "play", "--resume", "game.txt", "--quiet")
    assert done.returncode == 2, done.stderr
    message = " ".join(done.stderr.split())
    assert "game.txt names a bot program for seat 0 ('exec:touch OWNED'), seat 1" in message
    assert "Name the seats yourself, such as --seats greedy,greedy" in message
    assert "Traceback" not in done.stderr


def test_the_suggested_seats_resume_the_game_with_built_in_bots(hostile: Path) -> None:
    done = _cli(hostile, "play", "--resume", "game.txt", "--quiet", "--seats", "greedy,greedy")
    assert done.returncode == 0, done.stderr
    assert "Winner" in done.stdout


def test_a_program_seated_on_the_command_line_is_still_seated(tmp_path: Path) -> None:
    """The person's own ``--seats`` may seat a program, also when resuming."""
    (tmp_path / "game.txt").write_text(_planted_record())
    bot = Path(__file__).resolve().parent.parent / "examples" / "external_bot.py"
    seats = f"greedy,exec:{sys.executable} {bot}"
    done = _cli(tmp_path, "play", "--resume", "game.txt", "--quiet", "--seats", seats)
    assert done.returncode == 0, done.stderr
    assert "Winner" in done.stdout


def test_a_control_character_in_a_seat_is_refused_before_any_message_echoes_it(
    hostile: Path,
) -> None:
    text = _planted_record().replace("exec:touch OWNED", "exec:touch OWNED\x1b[2J")
    (hostile / "game.txt").write_text(text)
    done = _cli(hostile, "play", "--resume", "game.txt", "--quiet")
    assert done.returncode == 1
    assert "\x1b" not in done.stderr
    assert "control character" in done.stderr


def test_replay_shows_a_planted_record_and_runs_nothing(hostile: Path) -> None:
    done = _cli(hostile, "replay", "game.txt")
    assert done.returncode == 0, done.stderr
    assert "exec:touch OWNED" in done.stdout  # shown as the seat's name, as text


def test_a_record_read_and_replayed_in_python_runs_nothing(hostile: Path) -> None:
    record = cr.GameRecord.from_text((hostile / "game.txt").read_text())
    assert record.seats == PLANTED
    assert len(record.replay()) == 13


def test_a_spec_from_data_never_names_a_program(hostile: Path) -> None:
    for spec in PLANTED:
        with pytest.raises(cr.ConfigError, match="names a program, which is started only"):
            bot_factory(spec)


def test_a_program_spec_is_read_when_asked_for_explicitly() -> None:
    factory = bot_factory("exec:python3 bot.py", programs=True)
    assert factory.command == ("python3", "bot.py")  # read, not started
    with pytest.raises(TypeError):
        bot_factory("greedy", programs=1)  # type: ignore[arg-type]


def test_a_state_document_with_planted_seats_runs_nothing(hostile: Path) -> None:
    document = json.loads(cr.to_json(cr.new_game(cr.Config(players=2), seed=3)))
    document["seats"] = list(PLANTED)
    (hostile / "game.json").write_text(json.dumps(document))
    done = _cli(hostile, "play", "--resume", "game.json", "--quiet")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr


def test_the_server_refuses_a_program_a_client_names(hostile: Path) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from cacao_rules.server.app import create_app
    from cacao_rules.server.players import choose
    from cacao_rules.server.settings import Settings

    settings = Settings(database=f"sqlite:///{hostile / 'games.db'}", allowed_hosts=("testserver",))
    with TestClient(create_app(settings)) as client:
        for spec in PLANTED:
            answer = client.post(
                "/api/games", json={"config": {"players": 2}, "seats": ["human", spec]}
            )
            assert answer.status_code == 400, answer.text
    state = cr.new_game(cr.Config(players=2), seed=1)
    with pytest.raises(cr.ConfigError):  # a spec stored in the database is data too
        choose(PLANTED[0], 1, state)
