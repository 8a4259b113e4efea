"""Several server processes on one PostgreSQL database (issue 38): a game's bots have one
owner at a time (:mod:`cacao_rules.server.game_leases`), and the fault test: clients play
through two processes, one is killed outright, then the database server restarts, and
nothing acknowledged is lost."""

from __future__ import annotations

import collections
import logging
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
httpx2 = pytest.importorskip("httpx2")

import sqlalchemy as sa  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

import postgres_cluster  # noqa: E402
from cacao_rules.server.app import create_app  # noqa: E402
from cacao_rules.server.game_leases import AdvisoryLeases, GameLeases, leases_for  # noqa: E402
from cacao_rules.server.settings import Limits, Settings  # noqa: E402
from helpers_process import same_package_env  # noqa: E402
from server_clients import SeatsClient, check_replays, start_games, stored_moves  # noqa: E402
from server_helpers import free_port  # noqa: E402

GAME = "f00dfeedcafe0123"


def test_on_sqlite_this_process_holds_every_lease(tmp_path: Path) -> None:
    leases = leases_for(sa.create_engine(f"sqlite:///{tmp_path / 'games.sqlite3'}"))
    assert type(leases) is GameLeases and not leases.shared
    assert leases.held(GAME) and leases.take(GAME) and leases.check()


def _advisory_pids(url: str) -> list[int]:
    """The sessions holding advisory locks in the database of ``url``: pg_locks lists the
    whole cluster's, and the tests beside this one hold theirs in databases of their own."""
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    with engine.connect() as db:
        query = (
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())"
        )
        return list(db.execute(sa.text(query)).scalars())


def test_a_lease_has_one_holder_and_passes_on_when_its_session_ends(
    postgres_database: str,
) -> None:
    first = leases_for(sa.create_engine(postgres_database))
    second = leases_for(sa.create_engine(postgres_database))
    assert isinstance(first, AdvisoryLeases) and first.shared
    assert first.take(GAME) and first.take(GAME)  # taken, and held again
    assert not second.take(GAME) and not second.held(GAME)
    assert first.take("8" + GAME[1:])  # a game id over 2**63: a negative key
    first.release(GAME)
    assert second.take(GAME) and not first.held(GAME)
    # The owner's session ends as a killed process's does: the database drops its locks.
    (pid,) = set(_advisory_pids(postgres_database)) - {_session_pid(second)}
    engine = sa.create_engine(postgres_database, poolclass=sa.pool.NullPool)
    with engine.connect() as db:
        db.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    assert not first.check() and not first.held("8" + GAME[1:])  # it knows it lost them
    assert second.take("8" + GAME[1:])
    assert not first.take("8" + GAME[1:]) and first.take("0" * 16)  # a new session
    first.close()
    second.close()
    assert _advisory_pids(postgres_database) == []


def _session_pid(leases: GameLeases) -> int:
    assert isinstance(leases, AdvisoryLeases) and leases._connection is not None
    pid: int = leases._connection.execute(sa.text("SELECT pg_backend_pid()")).scalar_one()
    return pid


def test_one_process_plays_a_games_bots(
    postgres_database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Games of bots only, made on a first server; a second server starts meanwhile and
    resumes every unfinished game: the first, their owner, plays them alone (no move of
    theirs is refused as another writer's) to the end."""
    caplog.set_level(logging.WARNING, logger="cacao_rules.server")
    settings = Settings(database=postgres_database, allowed_hosts=("testserver",))
    body = {"config": {"players": 4, "modules": ["map"]}, "seats": ["random"] * 4}
    with TestClient(create_app(settings)) as first:
        games = [first.post("/api/games", json=body).json()["game"] for _ in range(6)]
        with TestClient(create_app(settings)):  # resumes the games, owned by the first
            deadline = time.monotonic() + 120
            while not all(_over(postgres_database, game) for game in games):
                assert time.monotonic() < deadline, "the games stalled"
                time.sleep(0.2)
    assert "stored by another writer" not in caplog.text
    for game in games:
        check_replays(postgres_database, game)


EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "external_bot.py"


def _play_until(
    client: TestClient, game: str, token: str, moves: int, notice: bool = False
) -> dict[str, Any]:
    """Play the human seat of ``token`` in ``game`` through ``client`` until the game has ``moves``
    moves (and a notice, with ``notice``) and the human is to move; its view then."""
    headers = {"Authorization": f"Bearer {token}"}
    rng = random.Random(7)
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the game stalled"
        view: dict[str, Any] = client.get(f"/api/games/{game}/view", headers=headers).json()
        if view["legal_moves"] and view["moves"] >= moves and (view["notices"] or not notice):
            return view
        if view["legal_moves"]:
            move = {"move": rng.choice(view["legal_moves"])["move"], "number": view["moves"]}
            client.post(f"/api/games/{game}/moves", json=move, headers=headers)
        else:
            time.sleep(0.02)


@pytest.mark.parametrize("bots", [{"example": f"exec:{sys.executable} {EXAMPLE}"}, {}])
def test_a_program_seat_is_taken_over_when_its_owner_ends(
    postgres_database: str, bots: dict[str, str]
) -> None:
    """A game against an external bot, owned by a first server; that server ends (its
    lease with it); a second server, on the next request, takes the game over: it starts
    the program again from its own ``--bot`` list and every client is told so, or, without
    that bot, seats the built-in random bot with the notice a broken program gives."""
    spec = {"example": f"exec:{sys.executable} {EXAMPLE}"}
    first_settings = Settings(database=postgres_database, bots=spec, allowed_hosts=("testserver",))
    with TestClient(create_app(first_settings)) as first:
        made = first.post(
            "/api/games", json={"config": {"players": 2}, "seats": ["example", "human"]}
        )
        game = made.json()["game"]
        token = first.post(f"/api/games/{game}/join", json={"name": "ann"}).json()["token"]
        played = _play_until(first, game, token, 6)["moves"]  # the program moved first
        assert first.get(f"/api/games/{game}").json()["notices"] == []
    second_settings = Settings(database=postgres_database, bots=bots, allowed_hosts=("testserver",))
    with TestClient(create_app(second_settings)) as second:
        view = _play_until(second, game, token, played + 1, notice=True)
        assert second.get(f"/api/games/{game}").json()["status"] == "playing"
    if bots:
        (notice,) = view["notices"]  # from the move the second server took the game at
        restarted = re.fullmatch(
            r"Seat 0: the bot program example was restarted from move (\d+) on \(the "
            r"server process that ran it stopped playing this game\)\.",
            notice,
        )
        assert restarted is not None and int(restarted[1]) > played, notice
    else:
        (notice,) = view["notices"]
        assert "is not run by this server (no --bot example)" in notice, notice


def test_a_game_played_through_one_process_is_not_expired_by_another(
    postgres_database: str,
) -> None:
    """A game loaded by a first server and then played only through a second: the first
    one's sweep takes the time it was last played from the database, and does not expire
    it (nor a game the second finished)."""
    limits = Limits(idle_game_ttl=3.0, sweep_seconds=0.3)
    settings = Settings(database=postgres_database, limits=limits, allowed_hosts=("testserver",))
    with TestClient(create_app(settings)) as first, TestClient(create_app(settings)) as second:
        made = first.post("/api/games", json={"config": {"players": 2}})
        game = made.json()["game"]
        tokens = [
            first.post(f"/api/games/{game}/join", json={"name": name}).json()["token"]
            for name in ("ann", "bob")
        ]
        deadline = time.monotonic() + 7  # more than twice the time to live
        while time.monotonic() < deadline:  # only through the second server
            for token in tokens:
                headers = {"Authorization": f"Bearer {token}"}
                view = second.get(f"/api/games/{game}/view", headers=headers).json()
                if view["legal_moves"]:
                    body = {"move": view["legal_moves"][0]["move"], "number": view["moves"]}
                    second.post(f"/api/games/{game}/moves", json=body, headers=headers)
            time.sleep(0.2)
        engine = sa.create_engine(postgres_database, poolclass=sa.pool.NullPool)
        with engine.connect() as db:
            query = sa.text("SELECT status FROM games WHERE id = :game")
            assert db.execute(query, {"game": game}).scalar_one() == "playing"


# --- the fault test -------------------------------------------------------------------------


@contextmanager
def _cluster() -> Iterator[tuple[Path, str]]:
    """A PostgreSQL cluster of this test alone (it restarts it): its folder and URL."""
    folder = Path(tempfile.mkdtemp(prefix="cacao-pg-fault-"))
    try:
        url = postgres_cluster.start(folder)
        # A commit is answered once the database server has written it (not before, as in
        # the clusters of the other tests), so that its crash loses none, as in production.
        admin = sa.create_engine(url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
        with admin.connect() as db:
            db.execute(sa.text("ALTER SYSTEM SET synchronous_commit = on"))
            db.execute(sa.text("SELECT pg_reload_conf()"))
        yield folder, url
    finally:
        postgres_cluster.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


def _serve(url: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "cacao_rules", "serve", "--port", str(port)]
    with log.open("wb") as errors:
        return subprocess.Popen(
            [*command, "--database-url", url, "--games-per-client", "1000"],
            env=same_package_env(),
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )


def _ready(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx2.get(f"{base}/readyz", timeout=1).status_code == 200:
                return
        except httpx2.TransportError:
            pass
        assert server.poll() is None and time.monotonic() < deadline, "no server"
        time.sleep(0.1)


def _over(url: str, game: str) -> bool:
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    with engine.connect() as db:
        query = sa.text("SELECT status FROM games WHERE id = :game")
        return bool(db.execute(query, {"game": game}).scalar_one() == "over")


def _moves(url: str, games: list[str]) -> dict[str, int]:
    return {game: len(stored_moves(url, game)) for game in games}


def _await_acknowledged(clients: list[SeatsClient], moves: int) -> None:
    """Wait until the clients have, between them, ``moves`` acknowledged moves: the fault
    test strikes at points of play, not of time, so that on a fast machine the games are
    still being played when it does (waiting by the clock, they could all be over)."""
    deadline = time.monotonic() + 60
    while sum(len(client.acknowledged) for client in clients) < moves:
        assert time.monotonic() < deadline, f"fewer than {moves} moves acknowledged in 60 s"
        assert any(client.is_alive() for client in clients), "every client stopped"
        time.sleep(0.05)


@pytest.mark.postgresql
def test_two_processes_a_kill_and_a_database_restart_lose_nothing(
    postgres_url: str, tmp_path: Path
) -> None:
    """(``postgres_url`` only checks that PostgreSQL is here: the test restarts a cluster
    of its own.) 20 games (6 of them against the random bot) played through two server processes at
    random; one process killed (SIGKILL) mid-burst, the clients go on through the other,
    which takes the bots of the killed one's games over; then the database server
    restarted mid-burst (the clients are told 503 with Retry-After meanwhile). Every
    acknowledged move is stored, once, as it was acknowledged; every game replays; no
    client was answered 500."""
    with _cluster() as (folder, url):
        ports = [free_port(), free_port()]
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        servers = [_serve(url, port, tmp_path / f"server{n}.log") for n, port in enumerate(ports)]
        try:
            for base, server in zip(bases, servers, strict=True):
                _ready(base, server)
            seatings = [["human", "human"]] * 14 + [["human", "random"]] * 6
            games = start_games(bases[0], seatings, bases=bases, seed=38)
            clients = [
                SeatsClient(bases, game, tokens, seed, time.monotonic() + 60)
                for seed, (game, tokens) in enumerate(games)
            ]
            for client in clients:
                client.start()
            # 20 two-player games take about 1,300 moves: the kill comes at a fifth of them,
            # the restart at under half, while every game is still being played.
            _await_acknowledged(clients, 250)
            servers[0].send_signal(signal.SIGKILL)  # requests in flight
            servers[0].wait()
            at_kill = _moves(url, [game for game, _ in games])
            _await_acknowledged(clients, 500)
            postgres_cluster.restart(folder, crash=True)  # every connection cut, for about a second
            time.sleep(5)
            for client in clients:
                client.stop = True
            for client in clients:
                client.join(60)
            assert not any(client.is_alive() for client in clients)
            assert servers[1].poll() is None, (tmp_path / "server1.log").read_text()[-3000:]
        finally:
            for server in servers:
                if server.poll() is None:
                    server.send_signal(signal.SIGKILL)
                    server.wait()
        statuses: collections.Counter[int] = collections.Counter()
        acknowledged = found = 0
        for client in clients:
            stored = dict(enumerate(stored_moves(url, client.game)))
            acknowledged += len(client.acknowledged)
            found += sum(stored.get(number) == move for number, move in client.acknowledged.items())
            statuses.update(client.statuses)
            check_replays(url, client.game)
        at_end = _moves(url, [game for game, _ in games])
        hints = sum(client.retry_hints for client in clients)
        print(
            f"\nfault test: {acknowledged} moves acknowledged, {found} found in the database, "
            f"{statuses[500]} answers 500; answers by status {dict(sorted(statuses.items()))}, "
            f"{hints} with Retry-After; moves stored after the kill: "
            f"{sum(at_end.values()) - sum(at_kill.values())}"
        )
        assert found == acknowledged > 100
        assert statuses[500] == 0
        assert hints > 0  # the database restart was seen, and a retry asked for
        for (game, _), seats in zip(games, seatings, strict=True):
            if "random" in seats:  # its bot was played on after the kill, by the survivor
                progressed = at_end[game] > at_kill[game] + 4 or _over(url, game)
                assert progressed, (game, at_kill[game], at_end[game])
