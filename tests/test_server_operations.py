"""Operating the game server: health and readiness, access logs, and a SIGTERM that stops
it in order (issue 38, item 5)."""

from __future__ import annotations

import json
import logging
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

pytest.importorskip("starlette")
httpx2 = pytest.importorskip("httpx2")

import sqlalchemy as sa  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from cacao_rules.server.app import create_app  # noqa: E402
from cacao_rules.server.settings import Limits, Settings  # noqa: E402
from server_clients import SeatsClient, start_games, stored_moves  # noqa: E402
from server_helpers import create_game, free_port, server_process  # noqa: E402


def _settings(database_url: str, access_log: bool = True) -> Settings:
    return Settings(database=database_url, allowed_hosts=("testserver",), access_log=access_log)


def test_healthz_and_readyz_answer(database_url: str) -> None:
    with TestClient(create_app(_settings(database_url))) as client:
        assert client.get("/healthz").json() == {"status": "alive"}
        ready = client.get("/readyz")
        assert (ready.status_code, ready.json()) == (200, {"status": "ready"})


@contextmanager
def _connections_refused(url: str) -> Iterator[None]:
    """No new connection to the PostgreSQL database of ``url``, and its open ones cut,
    while the block runs (as when its server is out of reach)."""
    name = sa.make_url(url).database
    admin = sa.create_engine(
        sa.make_url(url).set(database="postgres"),
        isolation_level="AUTOCOMMIT",
        poolclass=sa.pool.NullPool,
    )
    with admin.connect() as db:
        db.execute(sa.text(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false"))
        db.execute(
            sa.text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :d"),
            {"d": name},
        )
    try:
        yield
    finally:
        with admin.connect() as db:
            db.execute(sa.text(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true"))


def test_readyz_says_when_the_database_cannot_be_reached(postgres_database: str) -> None:
    with TestClient(create_app(_settings(postgres_database))) as client:
        assert client.get("/readyz").status_code == 200
        with _connections_refused(postgres_database):
            answer = client.get("/readyz")
            assert answer.status_code == 503
            assert answer.headers["retry-after"] == "5"
            assert answer.json()["error"].startswith("not ready: the database cannot be reached")
            assert client.get("/healthz").status_code == 200  # alive all the same
        assert client.get("/readyz").status_code == 200


def test_each_request_is_a_line_of_json(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="cacao_rules.access")
    with TestClient(create_app(_settings(database_url))) as client:
        game = create_game(client, {"players": 2})
        token = client.post(f"/api/games/{game}/join", json={"name": "ann"}).json()["token"]
        client.get(f"/api/games/{game}/view?since=0", headers={"Authorization": f"Bearer {token}"})
        client.get("/api/nothing")
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "cacao_rules.access"]
    assert [(line["method"], line["path"], line["status"]) for line in lines] == [
        ("POST", "/api/games", 201),
        ("POST", f"/api/games/{game}/join", 201),
        ("GET", f"/api/games/{game}/view", 200),
        ("GET", "/api/nothing", 404),
    ]
    assert all(isinstance(line["ms"], float) and line["ms"] >= 0 for line in lines)
    assert token not in caplog.text


def test_the_access_log_can_be_turned_off(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="cacao_rules.access")
    settings = _settings(database_url, access_log=False)
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").status_code == 200
    assert not [record for record in caplog.records if record.name == "cacao_rules.access"]


def test_sigterm_mid_burst_loses_no_acknowledged_move_and_exits_0(database_url: str) -> None:
    """SIGTERM while 8 clients post moves as fast as they can: the server answers what it
    took in, exits 0 with no traceback, and every move it acknowledged is stored; its
    access log is on standard error, a line of JSON per request."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server_process(database_url, port, stderr=subprocess.PIPE) as server:
        games = start_games(base, [["human", "human"]] * 8)
        clients = [
            SeatsClient([base], game, tokens, seed, time.monotonic() + 60)
            for seed, (game, tokens) in enumerate(games)
        ]
        for client in clients:
            client.start()
        time.sleep(2)
        server.send_signal(signal.SIGTERM)
        errors = server.communicate(timeout=60)[1].decode(errors="replace")
    for client in clients:
        client.join(30)
    assert server.returncode == 0, errors[-2000:]
    assert "Traceback" not in errors, errors[-2000:]
    acknowledged = 0
    for client in clients:
        stored = dict(enumerate(stored_moves(database_url, client.game)))
        assert stored | client.acknowledged == stored  # each acknowledged move, as it was
        acknowledged += len(client.acknowledged)
        assert not client.statuses[500]
    assert acknowledged > 20
    logged = [json.loads(line) for line in errors.splitlines() if line.startswith("{")]
    assert sum(line["path"].endswith("/moves") and line["status"] == 200 for line in logged) == (
        acknowledged
    )


def test_the_games_per_client_limit_holds_across_processes(database_url: str) -> None:
    """Two servers on one database (two applications here; processes in production): a
    client's games made through one count against its share on the other."""
    settings = Settings(
        database=database_url,
        allowed_hosts=("testserver",),
        limits=Limits(games_per_client=3),
    )
    with TestClient(create_app(settings)) as first, TestClient(create_app(settings)) as second:
        for client in (first, second, first):
            assert client.post("/api/games", json={"config": {"players": 2}}).status_code == 201
        for client in (first, second):
            answer = client.post("/api/games", json={"config": {"players": 2}})
            assert answer.status_code == 429, answer.text
            assert "at most 3 new games" in answer.json()["error"]
