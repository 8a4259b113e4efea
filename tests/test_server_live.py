"""Live updates between servers on one database (server/live_updates.py): a change made
through one server reaches the WebSockets of another and the games it holds, on SQLite (the
in-process updates: servers of one process) and on PostgreSQL (``LISTEN``/``NOTIFY``), and a
listener cut off from PostgreSQL reconnects and says that updates may have been missed."""

from __future__ import annotations

import asyncio
import json
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")
httpx2 = pytest.importorskip("httpx2")

import sqlalchemy as sa  # noqa: E402
from httpx2 import Client  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402

import postgres_cluster  # noqa: E402
from cacao_rules.server.live_updates import (  # noqa: E402
    Changed,
    InProcessUpdates,
    LiveUpdates,
    Missed,
    PostgresUpdates,
    Update,
)
from cacao_rules.server.settings import Limits, Settings  # noqa: E402
from server_helpers import (  # noqa: E402
    Switchboard,
    create_game,
    free_port,
    running,
    server_process,
)

PUSH_SECONDS = 5.0
"""The longest a test waits for a change to reach another server (measured: milliseconds;
tools/push_latency.py)."""


@contextmanager
def _socket(base: str, game: str, hello: dict[str, Any]) -> Iterator[ClientConnection]:
    """A WebSocket on ``game`` of the server at ``base``, its ``hello`` sent."""
    with connect(base.replace("http", "ws") + f"/api/games/{game}/socket") as socket:
        socket.send(json.dumps({"type": "hello", **hello}))
        yield socket


def _view_where(
    socket: ClientConnection, condition: Callable[[Any], bool], seconds: float = PUSH_SECONDS
) -> Any:
    """The first view from ``socket`` that meets ``condition``, within ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        view = json.loads(socket.recv(timeout=max(0.0, deadline - time.monotonic())))
        if view["type"] == "view" and condition(view):
            return view


def _at(moves: int) -> Callable[[Any], bool]:
    """Whether a view is of the game after ``moves`` moves."""
    return lambda view: bool(view["moves"] == moves)


def _join(client: Client, game: str) -> dict[int, str]:
    tokens = {}
    for name in ("ann", "bob"):
        joined = client.post(f"/api/games/{game}/join", json={"name": name}).json()
        tokens[joined["seat"]] = joined["token"]
    return tokens


def _play(client: Client, game: str, tokens: dict[int, str]) -> int:
    """Play the first legal move of the seat to move through ``client``; the moves then."""
    seat = client.get(f"/api/games/{game}").json()["to_move"]
    headers = {"Authorization": f"Bearer {tokens[seat]}"}
    view = client.get(f"/api/games/{game}/view", headers=headers).json()
    move = {"move": view["legal_moves"][0]["move"], "number": view["moves"]}
    answer = client.post(f"/api/games/{game}/moves", json=move, headers=headers)
    assert answer.status_code == 200, answer.text
    moves: int = answer.json()["moves"]
    return moves


@pytest.fixture
def two_servers(database_url: str) -> Iterator[tuple[str, str]]:
    """Two servers on one database (SQLite: in this process, as its file's lock allows)."""
    settings = Settings(database=database_url)
    with running(settings) as one, running(settings) as two:
        yield one, two


def test_a_change_through_one_server_reaches_the_sockets_of_another(
    two_servers: tuple[str, str],
) -> None:
    one, two = two_servers
    with httpx2.Client(base_url=one, timeout=30) as a, httpx2.Client(base_url=two) as b:
        game = create_game(a, {"players": 2})
        assert b.get(f"/api/games/{game}").json()["status"] == "open"  # two holds it now
        with _socket(two, game, {"spectator": True}) as watcher:
            _view_where(watcher, lambda view: view["status"] == "open")
            tokens = _join(a, game)
            _view_where(watcher, lambda view: view["status"] == "playing")
            moves = _play(a, game, tokens)
            _view_where(watcher, _at(moves))
            assert b.get(f"/api/games/{game}").json()["moves"] == moves


def test_a_move_through_a_socket_reaches_the_other_server_both_ways(
    two_servers: tuple[str, str],
) -> None:
    one, two = two_servers
    with httpx2.Client(base_url=one, timeout=30) as a:
        game = create_game(a, {"players": 2})
        tokens = _join(a, game)
    with (
        _socket(one, game, {"spectator": True}) as on_one,
        _socket(two, game, {"spectator": True}) as on_two,
    ):
        for moves in range(4):  # through two, then one, then two...
            player_base, watcher = (one, on_two) if moves % 2 else (two, on_one)
            seat = _view_where(watcher, _at(moves))["to_move"]
            with _socket(player_base, game, {"token": tokens[seat]}) as player:
                action = _view_where(player, _at(moves))["legal_moves"][0]["action"]
                player.send(json.dumps({"type": "move", "action": action, "number": moves}))
                _view_where(player, _at(moves + 1))
            _view_where(watcher, _at(moves + 1))


def test_a_server_catches_up_a_game_it_holds_at_an_older_move(
    two_servers: tuple[str, str],
) -> None:
    """Two holds the game at move 0; moves through one reach two's answers (not only its
    sockets), and a move chosen on two from the current position is taken."""
    one, two = two_servers
    with httpx2.Client(base_url=one, timeout=30) as a, httpx2.Client(base_url=two) as b:
        game = create_game(a, {"players": 2})
        tokens = _join(a, game)
        assert b.get(f"/api/games/{game}").json()["moves"] == 0
        moves = _play(a, game, tokens)
        deadline = time.monotonic() + PUSH_SECONDS
        while b.get(f"/api/games/{game}").json()["moves"] != moves:
            assert time.monotonic() < deadline, "two still serves the game at an older move"
            time.sleep(0.02)
        assert _play(b, game, tokens) == moves + 1


def test_two_serve_processes_on_postgresql_serve_one_game_live(postgres_database: str) -> None:
    """Two ``cacao-rules serve`` processes on one PostgreSQL database: a game made through
    one is served by the other, and each move, made through either, reaches the other's
    WebSocket."""
    ports = free_port(), free_port()
    with (
        server_process(postgres_database, ports[0]),
        server_process(postgres_database, ports[1]),
    ):
        one, two = (f"http://127.0.0.1:{port}" for port in ports)
        with Client(base_url=one, timeout=30) as a, Client(base_url=two, timeout=30) as b:
            game = create_game(a, {"players": 2})
            assert b.get(f"/api/games/{game}").json() == a.get(f"/api/games/{game}").json()
            with _socket(two, game, {"spectator": True}) as on_two:
                tokens = _join(a, game)
                _view_where(on_two, lambda view: view["status"] == "playing")
                _view_where(on_two, _at(_play(a, game, tokens)))  # A's move reaches B
                seat = b.get(f"/api/games/{game}").json()["to_move"]
                with (
                    _socket(one, game, {"spectator": True}) as on_one,
                    _socket(two, game, {"token": tokens[seat]}) as player,
                ):
                    moves = _view_where(on_one, lambda view: True)["moves"]
                    action = _view_where(player, _at(moves))["legal_moves"][0]["action"]
                    player.send(json.dumps({"type": "move", "action": action, "number": moves}))
                    _view_where(on_one, _at(moves + 1))  # B's move reaches A


@pytest.fixture
def own_postgres() -> Iterator[tuple[Path, str]]:
    """A PostgreSQL cluster of the test's own, which it may restart: its folder and URL."""
    if postgres_cluster.binaries() is None:
        pytest.skip("PostgreSQL is not installed (no initdb)")
    folder = Path(tempfile.mkdtemp(prefix="cacao-pg-"))  # its owner, not root, must reach it
    try:
        yield folder, postgres_cluster.start(folder)
    finally:
        postgres_cluster.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.postgresql
def test_live_updates_outlast_a_restart_of_the_database_server(
    own_postgres: tuple[Path, str],
) -> None:
    """The database server restarts (every connection cut): a move made through one process
    afterwards reaches the other's WebSocket, once its listener is back."""
    folder, url = own_postgres
    ports = free_port(), free_port()
    with server_process(url, ports[0]), server_process(url, ports[1]):
        one, two = (f"http://127.0.0.1:{port}" for port in ports)
        with Client(base_url=one, timeout=30) as a:
            game = create_game(a, {"players": 2})
            tokens = _join(a, game)
            with _socket(two, game, {"spectator": True}) as on_two:
                _view_where(on_two, lambda view: view["status"] == "playing")
                postgres_cluster.restart(folder)
                deadline = time.monotonic() + 30
                while (moves := _try_to_play(a, game, tokens)) is None:
                    assert time.monotonic() < deadline, "the server did not get its database back"
                    time.sleep(0.2)
                _view_where(on_two, _at(moves), seconds=20)  # reconnections: 0.1, 0.5, 1, 2, 5 s


def _try_to_play(client: Client, game: str, tokens: dict[int, str]) -> int | None:
    """:func:`_play`, or ``None`` while the server answers 503 (its database is away)."""
    info = client.get(f"/api/games/{game}")
    if info.status_code == 503:
        return None
    headers = {"Authorization": f"Bearer {tokens[info.json()['to_move']]}"}
    view = client.get(f"/api/games/{game}/view", headers=headers)
    if view.status_code == 503:
        return None
    move = {"move": view.json()["legal_moves"][0]["move"], "number": view.json()["moves"]}
    answer = client.post(f"/api/games/{game}/moves", json=move, headers=headers)
    if answer.status_code == 503:
        return None
    assert answer.status_code == 200, answer.text
    moves: int = answer.json()["moves"]
    return moves


# --- the implementations ------------------------------------------------------------------


async def _next(updates: AsyncIterator[Update]) -> Update:
    return await asyncio.wait_for(anext(updates), PUSH_SECONDS)


def test_in_process_updates_reach_the_other_listeners_of_the_database() -> None:
    async def scenario() -> None:
        url = "sqlite:///games.sqlite3"
        one, two, elsewhere = InProcessUpdates(url), InProcessUpdates(url), InProcessUpdates("x")
        for updates in (one, two, elsewhere):
            await updates.start()
        await one.publish("0123456789abcdef", 3)
        assert await _next(two.updates()) == Changed("0123456789abcdef", 3)
        for deaf in (one, elsewhere):  # not the publisher, not another database
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(anext(deaf.updates()), 0.2)
        await two.close()
        await one.publish("0123456789abcdef", 4)  # nobody else listens: nothing happens
        await one.close()
        await elsewhere.close()

    asyncio.run(scenario())


def _backends(database: str, query: str) -> list[int]:
    engine = sa.create_engine(database, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as db:
            return list(db.execute(sa.text(query)).scalars())
    finally:
        engine.dispose()


def test_postgres_updates_reconnect_when_the_listener_is_cut_off(postgres_database: str) -> None:
    """The listening connection is terminated (as by a restart of the database server):
    ``hearing`` turns false, the listener reconnects, says :class:`Missed`, and hears again."""

    async def scenario() -> None:
        one, two = PostgresUpdates(postgres_database), PostgresUpdates(postgres_database)
        await one.start()
        await two.start()
        heard = two.updates()
        await one.publish("0123456789abcdef", 1)
        assert await _next(heard) == Changed("0123456789abcdef", 1)
        listening = (
            "SELECT pid FROM pg_stat_activity"
            " WHERE query LIKE 'LISTEN%' AND datname = current_database()"
        )
        assert len(await asyncio.to_thread(_backends, postgres_database, listening)) == 2
        cut = f"SELECT pg_terminate_backend(pid) FROM ({listening}) AS listening"
        await asyncio.to_thread(_backends, postgres_database, cut)
        assert await _next(heard) == Missed()  # two reconnected
        assert two.hearing
        await one.publish("0123456789abcdef", 2)  # its own listener is cut: not its publisher
        assert await _next(heard) == Changed("0123456789abcdef", 2)
        for updates in (one, two):
            await updates.close()

    asyncio.run(scenario())


# --- a broker that lost updates: the lobby catches up ------------------------------------


def test_a_server_that_missed_updates_catches_up_its_games(database_url: str) -> None:
    """Two hears nothing of one's moves: told that updates were missed, it catches up every
    game it holds (its sockets see the move); while it does not hear, a request reads the
    database first."""
    switchboard = Switchboard()
    deaf: Callable[[str], LiveUpdates] = lambda url: switchboard  # noqa: E731
    unswept = Limits(watch_seconds=3600)  # its watched games are caught up only as told
    with (
        running(Settings(database=database_url)) as one,
        running(Settings(database=database_url, live_updates=deaf, limits=unswept)) as two,
        httpx2.Client(base_url=one, timeout=30) as a,
        httpx2.Client(base_url=two, timeout=30) as b,
    ):
        game = create_game(a, {"players": 2})
        tokens = _join(a, game)
        with _socket(two, game, {"spectator": True}) as watcher:
            _view_where(watcher, lambda view: view["status"] == "playing")
            moves = _play(a, game, tokens)
            time.sleep(0.3)
            assert b.get(f"/api/games/{game}").json()["moves"] == moves - 1  # not heard
            switchboard.tell(Missed())
            _view_where(watcher, _at(moves))
        moves = _play(a, game, tokens)
        switchboard.hearing = False
        assert b.get(f"/api/games/{game}").json()["moves"] == moves


def test_a_change_whose_update_was_lost_reaches_the_watchers_within_the_bound(
    postgres_database: str,
) -> None:
    """One publishes nothing (as a process killed between a move's commit and its update)
    and two hears nothing: two still brings the move to its socket within
    :attr:`Limits.watch_seconds` (its sweep of the watched games), plus a query's time."""
    mute, deaf = Switchboard(), Switchboard()
    settings = Settings(database=postgres_database)
    with (
        running(attrs.evolve(settings, live_updates=lambda url: mute)) as one,
        running(attrs.evolve(settings, live_updates=lambda url: deaf)) as two,
        httpx2.Client(base_url=one, timeout=30) as a,
    ):
        game = create_game(a, {"players": 2})
        tokens = _join(a, game)
        with _socket(two, game, {"spectator": True}) as watcher:
            _view_where(watcher, lambda view: view["status"] == "playing")
            moves = _play(a, game, tokens)
            played = time.monotonic()
            _view_where(watcher, _at(moves), seconds=settings.limits.watch_seconds + 1.0)
            print(
                f"\na lost update's move reached the watcher in {time.monotonic() - played:.2f} s"
            )
