"""The game server as it runs: raw abuse against real uvicorn on 127.0.0.1, and the fault
test, which kills the server (SIGKILL) while clients play and checks that every answered
move was kept and every game goes on to a record that replays."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
httpx2 = pytest.importorskip("httpx2")

import sqlalchemy as sa  # noqa: E402
from httpx2 import Client  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

import cacao_rules as cr  # noqa: E402
from cacao_rules.server.settings import Limits, Settings  # noqa: E402
from helpers_process import same_package_env  # noqa: E402
from server_helpers import free_port, running  # noqa: E402
from server_helpers import server_process as _server  # noqa: E402

ADDRESS = "127.0.0.1"
CLIENT = Path(__file__).resolve().parent.parent / "examples" / "server_client.py"


def _raw(port: int, data: bytes, wait: float = 5.0) -> bytes:
    """Send ``data`` on a new connection; everything the server sends until it closes (or
    ``wait`` seconds pass)."""
    with socket.create_connection((ADDRESS, port)) as connection:
        connection.settimeout(wait)
        connection.sendall(data)
        answer = b""
        try:
            while chunk := connection.recv(65_536):
                answer += chunk
        except TimeoutError:
            pass
    return answer


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    folder = tmp_path_factory.mktemp("server")
    limits = Limits(head_seconds=1.0, body_seconds=1.0)
    settings = Settings(database=f"sqlite:///{folder / 'games.sqlite3'}", limits=limits)
    with running(settings) as base:
        yield int(base.rsplit(":", 1)[1])


@pytest.mark.parametrize(
    ("request_head", "status"),
    [
        (b"Content-Length: \xd9\xa3\r\n", b"400"),
        (b"Content-Length: " + b"9" * 5000 + b"\r\n", b"400"),
        (b"Content-Length: 99999999\r\n", b"413"),
        (b"Content-Length: 100\r\n", b"408"),  # a truncated body: the time runs out
        (b"Authorization: Bearer \xc3\xa9\xc3\xa9\r\nContent-Length: 2\r\n", b"400"),
    ],
)
def test_broken_requests_get_an_answer(
    quick_server: int, request_head: bytes, status: bytes
) -> None:
    data = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n" + request_head
    answer = _raw(quick_server, data + b"\r\n{}")
    assert answer.startswith(b"HTTP/1.1 " + status), answer[:200]


@pytest.mark.parametrize("size", [16_500, 100_000])
def test_a_request_head_over_16_kib_is_refused(quick_server: int, size: int) -> None:
    head = b"GET /api/players HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: "
    answer = _raw(quick_server, head + b"a" * size + b"\r\n\r\n")
    assert answer == b"" or answer.startswith(b"HTTP/1.1 431"), answer[:200]
    answer = _raw(quick_server, head + b"a" * 15_000 + b"\r\nConnection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]  # within the limit
    small = b"GET /api/players HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    answer = _raw(quick_server, small + head + b"a" * size + b"\r\n\r\n")  # pipelined
    assert answer.startswith(b"HTTP/1.1 200") and answer.count(b"HTTP/1.1 200") == 1, answer[:200]
    assert b"HTTP/1.1 431" in answer or answer.count(b"HTTP/1.1 ") == 1, answer[-200:]


def test_silent_and_dripping_connections_are_closed(quick_server: int) -> None:
    start = time.monotonic()
    assert _raw(quick_server, b"", wait=10) == b""
    assert time.monotonic() - start < 5
    with socket.create_connection((ADDRESS, quick_server)) as connection:
        connection.settimeout(10)
        with pytest.raises(OSError):  # closed under the dripping client
            for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 40:
                connection.send(bytes([byte]))
                time.sleep(0.1)
            assert connection.recv(1) == b""
            raise ConnectionResetError


# --- the fault test ---------------------------------------------------------------------


class Player(threading.Thread):
    """Plays random legal moves for its seats over HTTP until the server goes away,
    keeping each move the server accepted (answered 200) by its number in the game."""

    def __init__(self, base: str, game: str, tokens: dict[int, str], seed: int) -> None:
        super().__init__(daemon=True)
        self.base, self.game, self.tokens = base, game, tokens
        self.accepted: dict[int, str] = {}
        self.rng = random.Random(seed)
        self.over = False

    def run(self) -> None:
        with httpx2.Client(base_url=self.base, timeout=30) as client:
            try:
                while not self.over:
                    self._step(client)
            except httpx2.TransportError:
                return

    def _step(self, client: Client) -> None:
        info = client.get(f"/api/games/{self.game}").json()
        self.over = info["status"] == "over"
        seat = info["to_move"]
        if self.over or seat not in self.tokens:
            time.sleep(0.005)
            return
        headers = {"Authorization": "Bearer " + self.tokens[seat]}
        view = client.get(f"/api/games/{self.game}/view", headers=headers).json()
        move = self.rng.choice(view["legal_moves"])["move"]
        answer = client.post(f"/api/games/{self.game}/moves", json={"move": move}, headers=headers)
        assert answer.status_code == 200, answer.text
        self.accepted[info["moves"]] = move


def _start_games(base: str) -> list[tuple[str, dict[int, str]]]:
    games = []
    with httpx2.Client(base_url=base, timeout=30) as client:
        for players, seats in [(2, ["human", "human"]), (3, ["human", "random", "human"])]:
            config = {"players": players, "modules": ["map"]}
            game = client.post("/api/games", json={"config": config, "seats": seats}).json()
            tokens = {}
            for index in range(seats.count("human")):
                joined = client.post(f"/api/games/{game['game']}/join", json={"name": f"p{index}"})
                tokens[joined.json()["seat"]] = joined.json()["token"]
            games.append((game["game"], tokens))
    return games


def _stored_moves(database_url: str, game: str) -> list[str]:
    """The moves of ``game`` in the database, read with SQL of its own, not the server's."""
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    with engine.connect() as db:
        query = "SELECT move FROM moves WHERE game = :game ORDER BY number"
        return list(db.execute(sa.text(query), {"game": game}).scalars())


def _bot_processes(server: int) -> set[int]:
    """The built-in bots' processes of the server process ``server`` (Linux's /proc)."""
    children = set()
    for listing in Path(f"/proc/{server}/task").glob("*/children"):
        for pid in listing.read_text().split():
            with contextlib.suppress(OSError):
                if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    children.add(int(pid))
    return children


def _ended(pid: int) -> bool:
    """Whether process ``pid`` has exited (a zombie that no one reaps has)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_the_bot_processes_end_with_a_killed_server(tmp_path: Path) -> None:
    """A server killed outright (SIGKILL) cannot stop its built-in bots' processes: they
    see it gone and exit by themselves, instead of waiting for work forever."""
    port = free_port()
    with _server(tmp_path / "games.sqlite3", port) as server:
        with httpx2.Client(base_url=f"http://{ADDRESS}:{port}", timeout=30) as client:
            body = {"config": {"players": 2}, "seats": ["random", "random"]}
            assert client.post("/api/games", json=body).status_code == 201
        deadline = time.monotonic() + 30
        while not (workers := _bot_processes(server.pid)):
            assert time.monotonic() < deadline, "no bot process"
            time.sleep(0.05)
        server.send_signal(signal.SIGKILL)
        server.wait()
    deadline = time.monotonic() + 10
    while not all(_ended(pid) for pid in workers):
        assert time.monotonic() < deadline, f"bot processes left behind: {workers}"
        time.sleep(0.1)


def test_killing_the_server_loses_no_answered_move(database_url: str) -> None:
    port = free_port()
    base = f"http://{ADDRESS}:{port}"
    with _server(database_url, port):
        games = _start_games(base)
    accepted: dict[str, dict[int, str]] = {game: {} for game, _ in games}
    for kill in range(3):
        with _server(database_url, port) as process:
            players = [Player(base, game, tokens, kill) for game, tokens in games]
            for player in players:
                player.start()
            time.sleep(0.5 + 0.4 * kill)
            process.send_signal(signal.SIGKILL)  # mid-game, requests in flight
            process.wait()
            for player in players:
                player.join(30)
                accepted[player.game] |= player.accepted
        for game, moves in accepted.items():
            stored = dict(enumerate(_stored_moves(database_url, game)))
            assert stored | moves == stored  # every answered move is kept, as it was
    assert all(accepted.values())
    with _server(database_url, port):
        players = [Player(base, game, tokens, 99) for game, tokens in games]
        for player in players:
            player.start()
        for player in players:
            player.join(300)
            assert player.over
        with httpx2.Client(base_url=base, timeout=30) as client:
            for game, _ in games:
                record = cr.GameRecord.from_text(client.get(f"/api/games/{game}/record").text)
                assert [str(move) for move in record.moves] == _stored_moves(database_url, game)
                assert record.final().is_over


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    """One process serves a SQLite file: a second ``serve`` on it stops at once with a
    message naming the first, and once the first is killed (SIGKILL: the operating system
    drops its lock, no stale lock file) a new one starts."""
    database = tmp_path / "games.sqlite3"
    command = [sys.executable, "-m", "cacao_rules", "serve", "--db", str(database), "--port"]
    with _server(database, free_port()) as first:
        second = subprocess.run(
            [*command, str(free_port())],
            env=same_package_env(),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 2, second.stderr
        assert second.stderr.startswith(
            f"cacao-rules serve: another process (pid {first.pid}) serves the SQLite database "
            f"{str(database)!r}"
        ), second.stderr
        assert "Traceback" not in second.stderr and second.stdout == ""
        first.send_signal(signal.SIGKILL)
        first.wait()
    with _server(database, free_port()) as third:
        assert third.poll() is None
        assert (tmp_path / "games.sqlite3.lock").read_text() == f"{third.pid}\n"


THINKER = """import json, os, sys
log = open(sys.argv[1], "a", buffering=1)
log.write(f"pid {os.getpid()}\\n")
for line in sys.stdin:
    kind = json.loads(line)["type"]
    log.write(kind + "\\n")
    if kind == "hello":
        print(json.dumps({"type": "ready", "name": "thinker"}), flush=True)
    elif kind == "quit":
        break
"""
"""A bot program that thinks until it is told ``quit`` (it never answers ``choose``),
logging its process id and every message it is sent."""


def test_ctrl_c_stops_the_server_in_order(tmp_path: Path) -> None:
    """SIGINT to the server's process group, as a Ctrl-C in its terminal sends it, while a
    program and a search bot think and a request is half sent: the request is answered, the
    program is told quit and exits, the server exits 0 with no traceback, and the program's
    seat is not given to a stand-in."""
    program, log = tmp_path / "thinker.py", tmp_path / "thinker.log"
    program.write_text(THINKER, encoding="utf-8")
    database, port = tmp_path / "games.sqlite3", free_port()
    bot = f"thinker=exec:{sys.executable} {program} {log}"
    options = ["--db", str(database), "--port", str(port), "--bot-ms", "60000", "--bot", bot]
    server = subprocess.Popen(
        [sys.executable, "-m", "cacao_rules", "serve", *options],
        env=same_package_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, like a shell's job
    )
    try:
        base = f"http://{ADDRESS}:{port}"
        _wait_for(lambda: _answers(base), server)
        with httpx2.Client(base_url=base, timeout=30) as client:
            for seats in (["thinker", "random"], ["random", "thinker"], ["mcts:2000ms"] * 2):
                body = {"config": {"players": 2}, "seats": seats}
                assert client.post("/api/games", json=body).status_code == 201
            game = client.post("/api/games", json={"config": {"players": 2}}).json()["game"]
            token = client.post(f"/api/games/{game}/join", json={"name": "ann"}).json()["token"]
        _wait_for(lambda: log.read_text().count("choose") == 2, server)  # both think
        url = f"ws://{ADDRESS}:{port}/api/games/{game}/socket"
        with connect(url) as watcher, socket.create_connection((ADDRESS, port)) as half:
            watcher.send(json.dumps({"type": "hello", "token": token}))
            assert json.loads(watcher.recv(timeout=30))["type"] == "view"
            data = b'{"config": {"players": 2}}'
            half.sendall(
                b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 26\r\n\r\n"
            )
            half.sendall(data[:5])
            time.sleep(0.2)
            os.killpg(server.pid, signal.SIGINT)
            time.sleep(0.5)
            half.sendall(data[5:])
            half.settimeout(30)
            assert half.recv(200).startswith(b"HTTP/1.1 201 "), "the request was not answered"
            with pytest.raises(ConnectionClosed) as closed:
                watcher.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012  # restart
        output = server.communicate(timeout=60)[0].decode(errors="replace")
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    assert server.returncode == 0, output
    assert "Traceback" not in output and "Error" not in output, output
    pids = [int(line.split()[1]) for line in log.read_text().splitlines() if line[:4] == "pid "]
    assert log.read_text().count("quit") == len(pids) == 3  # the check at start, 2 games'
    assert all(not Path(f"/proc/{pid}").exists() for pid in pids)  # Linux: exited, reaped
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM notices").fetchone() == (0,)


def _answers(base: str) -> bool:
    try:
        return bool(httpx2.get(f"{base}/api/schemas", timeout=1).status_code == 200)
    except httpx2.TransportError:
        return False


def _wait_for(condition: Callable[[], bool], server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while not condition():
        assert server.poll() is None and time.monotonic() < deadline, "the server stalled"
        time.sleep(0.05)


def test_the_example_client_plays_a_game_on_the_server(quick_server: int) -> None:
    spec = importlib.util.spec_from_file_location("server_client", CLIENT)
    assert spec is not None and spec.loader is not None
    client = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(client)
    base = f"http://{ADDRESS}:{quick_server}"
    view = client.play(base, "example", ["greedy", "random"], seed=1, quiet=True)
    assert view["is_over"] and len(view["scores"]) == 3
    record = cr.GameRecord.from_text(client.call(f"{base}/api/games/{view['game']}/record"))
    assert record.seats == ("example", "greedy", "random")
    with pytest.raises(client.Refused, match="403: send the token"):
        client.call(f"{base}/api/games/{view['game']}/view", token="wrong")
