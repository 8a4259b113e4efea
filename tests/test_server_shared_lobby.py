"""The lobby of several servers on one database (issue 38), on SQLite (servers of one
process) and on PostgreSQL: the list of games is the database's, not the memory of the
server asked, and a finished game has one rematch however many servers are asked for it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")  # Starlette's test client (the test group)

import httpx2
import sqlalchemy as sa
from starlette.testclient import TestClient

from cacao_rules.server.app import create_app
from cacao_rules.server.live_updates import LiveUpdates
from cacao_rules.server.settings import Limits, Settings
from server_helpers import Switchboard, free_port, server_process
from server_helpers import create_game as _create


@contextmanager
def _two_servers(
    database_url: str, limits: Limits | None = None, deaf_second: bool = False
) -> Iterator[tuple[TestClient, TestClient]]:
    """Two servers on ``database_url``, both started before any game is made; the second
    hears none of the first's live updates, nor publishes its own, with ``deaf_second``."""
    switchboard = Switchboard()
    deaf: Callable[[str], LiveUpdates] = lambda url: switchboard  # noqa: E731
    hosts = ("testserver",)
    first = Settings(database=database_url, limits=limits or Limits(), allowed_hosts=hosts)
    second = attrs.evolve(first, live_updates=deaf if deaf_second else None)
    with TestClient(create_app(first)) as one, TestClient(create_app(second)) as two:
        yield one, two


def _join(client: Any, game: str, name: str) -> dict[str, str]:
    answer = client.post(f"/api/games/{game}/join", json={"name": name})
    assert answer.status_code == 201, answer.text
    return {"Authorization": "Bearer " + answer.json()["token"]}


def test_every_server_lists_the_games_made_through_the_others(database_url: str) -> None:
    with _two_servers(database_url, Limits(listed_games=2)) as (one, two):
        older = _create(one, {"players": 2})
        waiting = _create(one, {"players": 3}, ["human", "random", "human"])
        _join(one, waiting, "Ann")
        playing = _create(one, {"players": 2})
        for name in ("Bob", "Cat"):
            _join(one, playing, name)
        newest = _create(one, {"players": 2})
        listing = two.get("/api/games").json()
        assert listing == one.get("/api/games").json()
        assert [entry["info"]["game"] for entry in listing["open"]] == [newest, waiting]
        assert older not in str(listing)  # over the limit of 2 open games listed
        assert listing["open"][1]["waiting"] == ["Ann"]
        ((listed),) = listing["playing"]
        assert listed["info"]["game"] == playing and listed["info"]["to_move"] is not None
        assert listed["waiting"] == ["Bob", "Cat"]


def _play_to_the_end(client: Any, game: str, seats: list[dict[str, str]]) -> None:
    """Play the first legal move of the seat to move through ``client`` until the game ends."""
    while True:
        info = client.get(f"/api/games/{game}").json()
        if info["status"] == "over":
            return
        headers = seats[info["to_move"]]
        view = client.get(f"/api/games/{game}/view", headers=headers).json()
        move = {"move": view["legal_moves"][0]["move"], "number": view["moves"]}
        played = client.post(f"/api/games/{game}/moves", json=move, headers=headers)
        assert played.status_code == 200, played.text


def _games(database_url: str) -> int:
    engine = sa.create_engine(database_url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as db:
            return int(db.execute(sa.text("SELECT count(*) FROM games")).scalar_one())
    finally:
        engine.dispose()


def test_the_rematch_asked_for_through_two_servers_is_one_game(database_url: str) -> None:
    """Ann asks for the rematch through one server, Bob through another that did not hear
    of Ann's (its live updates are cut): the database keeps the first rematch, and Bob sits
    in it too; no second game is left behind."""
    with _two_servers(database_url, deaf_second=True) as (one, two):
        game = _create(one, {"players": 2, "modules": ["map"]})
        seats = [_join(one, game, "Ann"), _join(one, game, "Bob")]
        _play_to_the_end(one, game, seats)
        assert two.get(f"/api/games/{game}").json()["status"] == "over"  # two holds it
        ann = one.post(f"/api/games/{game}/rematch", headers=seats[0])
        assert ann.status_code == 201, ann.text
        bob = two.post(f"/api/games/{game}/rematch", headers=seats[1])
        assert bob.status_code == 201, bob.text
        rematch = ann.json()["game"]
        assert (bob.json()["game"], bob.json()["seat"]) == (rematch, 1)
        assert _games(database_url) == 2
        info = two.get(f"/api/games/{rematch}").json()  # (two's live updates reach no one)
        assert [seat["name"] for seat in info["seats"]] == ["Ann", "Bob"]
        assert info["status"] == "playing"
        for server in (one, two):
            view = server.get(f"/api/games/{game}/view", headers=seats[1]).json()
            assert view["rematch"] == rematch


def test_two_serve_processes_asked_for_a_rematch_at_once_make_one(
    postgres_database: str,
) -> None:
    """Two ``cacao-rules serve`` processes on PostgreSQL; both seats ask for the rematch at
    the same moment, each through its own process: one new game, both seated in it."""
    ports = free_port(), free_port()
    with server_process(postgres_database, ports[0]), server_process(postgres_database, ports[1]):
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        with httpx2.Client(base_url=bases[0], timeout=30) as one:
            game = one.post("/api/games", json={"config": {"players": 2}}).json()["game"]
            seats = [_join(one, game, name) for name in ("Ann", "Bob")]
            _play_to_the_end(one, game, seats)
        start = threading.Barrier(2)
        answers: list[Any] = [None, None]

        def ask(seat: int) -> None:
            with httpx2.Client(base_url=bases[seat], timeout=30) as client:
                client.get(f"/api/games/{game}")  # loaded before the race
                start.wait()
                answers[seat] = client.post(f"/api/games/{game}/rematch", headers=seats[seat])

        askers = [threading.Thread(target=ask, args=(seat,)) for seat in (0, 1)]
        for asker in askers:
            asker.start()
        for asker in askers:
            asker.join(60)
        assert [answer.status_code for answer in answers] == [201, 201], answers
        assert answers[0].json()["game"] == answers[1].json()["game"]
        assert _games(postgres_database) == 2
