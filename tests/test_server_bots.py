"""External bots on the game server (``cacao-rules serve --bot NAME=exec:COMMAND``): one
program per seated bot for its game's life, told the end of the game, stopped when the game
ends, expires or the server stops; a program that breaks down is replaced by the built-in
random bot and every client is told, while other games go on."""

from __future__ import annotations

import os
import random
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx2 = pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

import cacao_rules as cr  # noqa: E402
from cacao_rules.server.app import create_app  # noqa: E402
from cacao_rules.server.settings import Limits, Settings  # noqa: E402
from server_helpers import running  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "external_bot.py"

LOGGED = """import os, sys
with open(sys.argv[1], "a") as pids:
    pids.write(f"{os.getpid()}\\n")
"""
"""The start of every program here: it writes its process id to the file it is given."""

WRAPPER = LOGGED + "os.execv(sys.executable, [sys.executable, *sys.argv[2:]])\n"
"""A program that logs its process id and becomes the example bot."""


def _program(folder: Path, name: str, text: str, *arguments: str) -> str:
    """The ``exec:`` spec of the program ``text`` (which starts with :data:`LOGGED`), its
    process ids logged to ``folder/NAME.pids``."""
    path = folder / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    pids = folder / f"{name}.pids"
    return f"exec:{sys.executable} {path} {pids} {' '.join(arguments)}".rstrip()


def _settings(
    folder: Path, bots: dict[str, str], database: str | None = None, **limits: Any
) -> Settings:
    """A server's settings: its ``database`` (a SQLite file in ``folder`` by default), the
    external ``bots``, ``limits``."""
    database = database or f"sqlite:///{folder / 'games.sqlite3'}"
    return Settings(
        database=database,
        bots=bots,
        limits=Limits(**limits),
        allowed_hosts=("testserver", "127.0.0.1"),  # the test client's, a real server's
    )


def _pids(folder: Path, name: str) -> list[int]:
    path = folder / f"{name}.pids"
    return [int(line) for line in path.read_text().split()] if path.exists() else []


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _all_stopped(pids: list[int], seconds: float = 15) -> bool:
    deadline = time.monotonic() + seconds
    while any(_running(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


class Table:
    """A client of the server playing the human seats of one game with random legal moves."""

    def __init__(self, client: Any, seats: list[str], players: int = 2) -> None:
        self.client = client
        body = {"config": {"players": players}, "seats": seats}
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 201, answer.text
        self.game: str = answer.json()["game"]
        self.headers: dict[int, dict[str, str]] = {}
        for _ in range(seats.count("human")):
            joined = client.post(f"/api/games/{self.game}/join", json={"name": "ann"}).json()
            self.headers[joined["seat"]] = {"Authorization": "Bearer " + joined["token"]}
        self.rng = random.Random(5)

    def info(self) -> dict[str, Any]:
        info: dict[str, Any] = self.client.get(f"/api/games/{self.game}").json()
        return info

    def view(self, seat: int) -> dict[str, Any]:
        path = f"/api/games/{self.game}/view"
        view: dict[str, Any] = self.client.get(path, headers=self.headers[seat]).json()
        return view

    def play(self, moves: int | None = None, seconds: float = 120) -> dict[str, Any]:
        """Play the human seats until the game is over (or ``moves`` of theirs are made);
        the last ``GameInfo``."""
        deadline = time.monotonic() + seconds
        while (info := self.info())["status"] == "playing" and moves != 0:
            assert time.monotonic() < deadline, f"the game stalled: {info}"
            seat = info["to_move"]
            if seat not in self.headers:
                time.sleep(0.01)
                continue
            move = self.rng.choice(self.view(seat)["legal_moves"])["move"]
            path = f"/api/games/{self.game}/moves"
            answer = self.client.post(path, json={"move": move}, headers=self.headers[seat])
            assert answer.status_code == 200, answer.text
            moves = None if moves is None else moves - 1
        return info


def test_the_example_program_plays_whole_games_on_the_server(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    spec = _program(tmp_path, "example", WRAPPER, str(EXAMPLE))
    settings = _settings(tmp_path, {"example": spec})
    with (
        caplog.at_level("INFO", "cacao_rules.server"),
        running(settings) as base,
        httpx2.Client(base_url=base, timeout=30) as client,
    ):
        table = Table(client, ["human", "example", "example"], players=3)
        info = table.play()
        assert info["status"] == "over" and info["notices"] == []
        assert [seat["player"] for seat in info["seats"]] == ["human", "example", "example"]
        record = cr.GameRecord.from_text(client.get(f"/api/games/{table.game}/record").text)
        assert record.seats == ("ann", "example", "example")
        assert [sheet.total for sheet in cr.final_scores(record.final())] == info["scores"]
        pids = _pids(tmp_path, "example")
        assert len(pids) == 2  # one program a seat, for the whole game
        assert _all_stopped(pids)  # game_over, quit: they exit
        err = "".join(r.getMessage() for r in caplog.records if "standard error" in r.getMessage())
        assert err.count("example-bot: new game") == 2  # what they wrote, logged at their end
        assert err.count(f"example-bot: game over, winners {info['winners']}") == 2


HOSTILE_START = (
    LOGGED
    + """import json
sys.stdin.readline()
print(json.dumps({"type": "ready", "name": "hostile"}), flush=True)
"""
)
ANSWER = """for line in sys.stdin:
    if json.loads(line)["type"] == "choose":
        """
HOSTILE = {
    "garbage": ANSWER + "print('my hand: 3-1-0-0 2-1-0-1', flush=True)",
    "crash": ANSWER + "sys.exit(3)",
    "illegal": ANSWER + "print(json.dumps({'type': 'move', 'move': 'pass'}), flush=True)",
    "hang": ANSWER + "import time; time.sleep(600)",
    # answers at once without reading its input: its lines come before they are asked for
    "deaf": 'import time\nwhile True:\n    print(\'{"type": "move", "index": 0}\', '
    "flush=True)\n    time.sleep(0.01)",
}
SAID = {
    "garbage": "sent a line that is not JSON;",
    "crash": "exited before sending a 'move' message (exit status 3)",
    "illegal": "sent a move that is not one of the ",
    "hang": "sent no 'move' message within 2.1 s",
    "deaf": "sent a line before it was asked for one",
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_program_that_breaks_down_is_replaced_and_everyone_is_told(
    kind: str, tmp_path: Path
) -> None:
    spec = _program(tmp_path, kind, HOSTILE_START + HOSTILE[kind] + "\n")
    settings = _settings(tmp_path, {"mybot": spec}, program_ms=100)
    with TestClient(create_app(settings)) as client:
        table = Table(client, ["human", "mybot"])
        info = table.play()
        assert info["status"] == "over"
        seat = info["seats"][1]
        assert (seat["player"], seat["name"]) == ("random", "mybot")
        [notice] = info["notices"]
        assert notice.startswith(f"Seat 1: the bot program mybot {SAID[kind]}")
        assert "; the built-in random bot plays the seat from move" in notice
        assert "3-1-0-0" not in notice  # the program's own output is not passed on
        assert table.view(0)["notices"] == [notice]
        record = cr.GameRecord.from_text(client.get(f"/api/games/{table.game}/record").text)
        assert list(record.comments.values()) == [notice]
        [pid] = _pids(tmp_path, kind)  # started once, not again after it broke down
        assert _all_stopped([pid], 2)
    with TestClient(create_app(settings)) as client:  # kept: the stand-in after a restart
        again = client.get(f"/api/games/{table.game}").json()
        assert again["notices"] == [notice] and again["seats"][1]["player"] == "random"


def test_a_hung_program_holds_up_no_other_game(tmp_path: Path) -> None:
    spec = _program(tmp_path, "hang", HOSTILE_START + HOSTILE["hang"] + "\n")
    settings = _settings(tmp_path, {"mybot": spec}, program_ms=4000)
    with TestClient(create_app(settings)) as client:
        hung = Table(client, ["mybot", "human"])
        while not _pids(tmp_path, "hang"):
            time.sleep(0.05)
        other = Table(client, ["human", "human"])
        for _ in range(10):  # while the program hangs (6 s before it is late)
            moved = time.monotonic()
            other.play(moves=1)
            assert time.monotonic() - moved < 2.0
        assert hung.info()["notices"] == [] and hung.info()["moves"] == 0  # still hung
        assert other.info()["moves"] >= 10
        assert hung.play()["status"] == "over"
        assert "sent no 'move' message within 6 s" in hung.info()["notices"][0]


def test_an_expired_game_and_a_stopping_server_stop_their_programs(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    spec = _program(tmp_path, "example", WRAPPER, str(EXAMPLE))
    settings = _settings(tmp_path, {"example": spec}, idle_game_ttl=1.0, sweep_seconds=0.1)
    with TestClient(create_app(settings)) as client:
        expiring = Table(client, ["example", "human"])
        while expiring.info()["to_move"] != 1:
            time.sleep(0.01)
        [pid] = _pids(tmp_path, "example")
        assert _running(pid)
        while expiring.info()["status"] != "expired":
            time.sleep(0.05)
        assert _all_stopped([pid], 5)
    with TestClient(create_app(_settings(tmp_path, {"example": spec}))) as client:
        stopping = Table(client, ["example", "human"])
        while stopping.info()["to_move"] != 1:
            time.sleep(0.01)
        pid = _pids(tmp_path, "example")[-1]
        assert _running(pid)
    assert _all_stopped([pid], 1)  # the server has stopped: so has the program
    assert "game over" not in capfd.readouterr().err  # neither game ended


@pytest.fixture
def few_programs(tmp_path: Path) -> Iterator[TestClient]:
    spec = _program(tmp_path, "example", WRAPPER, str(EXAMPLE))
    settings = _settings(tmp_path, {"example": spec}, max_programs=2)
    with TestClient(create_app(settings)) as client:
        yield client


def test_the_programs_running_at_once_are_bounded(few_programs: TestClient) -> None:
    assert few_programs.get("/api/players").json()["external"] == ["example"]
    Table(few_programs, ["example", "human"])
    answer = few_programs.post(
        "/api/games", json={"config": {"players": 3}, "seats": ["example", "example", "human"]}
    )
    assert answer.status_code == 503 and "at most 2 external bots" in answer.json()["error"]
    Table(few_programs, ["human", "example"])
    answer = few_programs.post("/api/games", json={"config": {"players": 2}})
    assert answer.status_code == 201  # games without external bots are not counted


def test_a_restarted_server_starts_the_programs_of_its_games_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    spec = _program(tmp_path, "example", WRAPPER, str(EXAMPLE))
    settings = _settings(tmp_path, {"example": spec})
    caplog.set_level("INFO", "cacao_rules.server")
    with TestClient(create_app(settings)) as client:
        table = Table(client, ["example", "human"])
        table.play(moves=3)
    with TestClient(create_app(settings)) as client:
        table.client = client
        info = table.play()
        assert info["status"] == "over" and info["notices"] == []
        pids = _pids(tmp_path, "example")
        assert len(pids) == 2 and _all_stopped(pids)  # one a server's life, then stopped
    err = "".join(r.getMessage() for r in caplog.records if "standard error" in r.getMessage())
    assert err.count("example-bot: new game, seat 0") == 2  # logged as each program ends
    assert err.count("example-bot: game over") == 1


def test_a_game_whose_bot_the_restarted_server_no_longer_runs_goes_on(
    tmp_path: Path, database_url: str
) -> None:
    spec = _program(tmp_path, "example", WRAPPER, str(EXAMPLE))
    with TestClient(create_app(_settings(tmp_path, {"example": spec}, database_url))) as client:
        table = Table(client, ["example", "human"])
        table.play(moves=2)
    with TestClient(create_app(_settings(tmp_path, {}, database_url))) as client:
        table.client = client
        info = table.play()
        assert info["status"] == "over" and info["seats"][0]["player"] == "random"
        [notice] = info["notices"]
        assert notice.startswith(
            "Seat 0: the bot program example is not run by this server (no --bot example); "
            "the built-in random bot plays the seat from move "
        )


NOISY = LOGGED + "os.write(2, b'x' * 20_000_000 + b' the last words\\n')\n" + WRAPPER[len(LOGGED) :]
"""A program that writes 20 MB to its standard error, then becomes the example bot."""


def test_a_program_writing_megabytes_to_its_standard_error_leaves_a_few_kb_in_the_log(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 41, item 7: the server keeps the last few KB of a program's standard error and
    logs them with how much it dropped, instead of passing every byte to its own log."""
    spec = _program(tmp_path, "noisy", NOISY, str(EXAMPLE))
    with (
        caplog.at_level("INFO"),
        TestClient(create_app(_settings(tmp_path, {"noisy": spec}))) as client,
    ):
        assert Table(client, ["human", "noisy"]).play()["status"] == "over"
    out, err = capfd.readouterr()
    assert len(out) + len(err) < 100_000
    [logged] = [r.getMessage() for r in caplog.records if "standard error" in r.getMessage()]
    dropped = re.search(r"\((\d+) earlier bytes dropped\)", logged)
    assert dropped is not None and int(dropped[1]) > 19_990_000, logged[:200]
    assert " the last words\n" in logged
    assert len(logged) < 5000
