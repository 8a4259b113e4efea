"""The seats' clocks (issue 37, item 6): the arithmetic of :mod:`cacao_rules.server.clocks`
with times of the test's own, then timed games on the server, on each database: a seat
whose time runs out is played by the built-in random bot with a notice that names it, a
move sent too late is refused, and a restart keeps every seat's time."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cacao_rules.server.clocks import Clocks, TimeControl

FIVE_PLUS_THREE = TimeControl(seconds=300.0, increment=3.0)


def test_no_clock_runs_before_the_game_begins() -> None:
    clocks = Clocks.new(FIVE_PLUS_THREE, 3)
    assert clocks.remaining == (300.0, 300.0, 300.0) and clocks.started is None
    assert clocks.left(0, 0, now=1_000.0) == 300.0
    assert clocks.deadline(0) is None


def test_only_the_running_clock_counts_down() -> None:
    clocks = Clocks.new(FIVE_PLUS_THREE, 2).start(1_000.0)
    assert clocks.left(0, 0, now=1_010.0) == 290.0
    assert clocks.left(1, 0, now=1_010.0) == 300.0
    assert clocks.deadline(0) == 1_300.0


def test_a_move_takes_the_time_used_and_adds_the_increment() -> None:
    clocks = Clocks.new(FIVE_PLUS_THREE, 2).start(1_000.0)
    clocks = clocks.after_move(0, 1_010.0)  # 10 s used, 3 s added
    assert clocks.remaining == (293.0, 300.0) and clocks.started == 1_010.0
    clocks = clocks.after_move(1, 1_011.0)
    assert clocks.remaining == (293.0, 302.0) and clocks.started == 1_011.0
    assert clocks.deadline(0) == 1_011.0 + 293.0


def test_a_seat_deciding_twice_in_a_row_is_charged_each_time() -> None:
    clocks = Clocks.new(TimeControl(60.0, 0.0), 2).start(0.0)
    clocks = clocks.after_move(0, 5.0).after_move(0, 7.0)
    assert clocks.remaining == (53.0, 60.0)


def test_time_left_is_never_below_zero() -> None:
    clocks = Clocks.new(TimeControl(1.0, 0.0), 2).start(0.0)
    assert clocks.left(0, 0, now=5.0) == 0.0
    assert not clocks.is_out(0)  # until the server says so


def test_a_seat_out_of_time_stays_out_and_gains_nothing() -> None:
    clocks = Clocks.new(FIVE_PLUS_THREE, 2).start(0.0).out(1)
    assert clocks.is_out(1) and clocks.deadline(1) is None
    clocks = clocks.after_move(1, 50.0)  # its stand-in's move
    assert clocks.remaining == (300.0, 0.0) and clocks.started == 50.0
    assert clocks.left(1, 1, now=60.0) == 0.0


# --- timed games on the server ------------------------------------------------------------

pytest.importorskip("starlette")
pytest.importorskip("httpx2")  # Starlette's test client (the test group)

from starlette.testclient import TestClient  # noqa: E402

from cacao_rules.server.app import create_app  # noqa: E402
from cacao_rules.server.settings import Settings  # noqa: E402
from cacao_rules.server.storage import MoveConflict, Seat, Storage  # noqa: E402
from test_server_bots import HOSTILE, HOSTILE_START, _all_stopped, _pids, _program  # noqa: E402
from test_server_bots import _settings as _with_bots  # noqa: E402


def _settings(database_url: str) -> Settings:
    return Settings(database=database_url, allowed_hosts=("testserver",))


def _create(client: TestClient, seats: list[str], seconds: float, increment: float) -> str:
    clock = {"minutes": seconds / 60, "increment": increment}
    body = {"config": {"players": len(seats)}, "seats": seats, "clock": clock}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    game: str = answer.json()["game"]
    return game


def _join(client: TestClient, game: str, name: str) -> dict[str, str]:
    answer = client.post(f"/api/games/{game}/join", json={"name": name})
    assert answer.status_code == 201, answer.text
    return {"Authorization": "Bearer " + answer.json()["token"]}


def _until(client: TestClient, game: str, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The game's info once ``done`` says so (within a minute)."""
    deadline = time.monotonic() + 60
    while True:
        info: dict[str, Any] = client.get(f"/api/games/{game}").json()
        if done(info):
            return info
        assert time.monotonic() < deadline, info
        time.sleep(0.02)


def test_a_person_whose_time_runs_out_is_played_by_the_random_bot(database_url: str) -> None:
    with TestClient(create_app(_settings(database_url))) as client:
        game = _create(client, ["human", "random"], seconds=1.0, increment=1.0)
        assert client.get(f"/api/games/{game}").json()["clocks"]["running"] is None  # open
        ann = _join(client, game, "Ann")
        clocks = client.get(f"/api/games/{game}").json()["clocks"]
        assert clocks["running"] == 0 and clocks["remaining"] == [1.0, 1.0]
        assert clocks["clock"] == {"minutes": 1 / 60, "increment": 1.0}
        info = _until(client, game, lambda info: info["notices"] != [])
        assert info["notices"] == [
            "Seat 0: Ann ran out of time; the built-in random bot plays the seat from move 1 on."
        ]
        assert (info["seats"][0]["player"], info["seats"][0]["name"]) == ("random", "Ann")
        assert info["clocks"]["remaining"][0] == 0.0
        view = client.get(f"/api/games/{game}/view", headers=ann).json()  # Ann still watches
        assert view["notices"] == info["notices"] and view["decision"] is None
        late = client.post(f"/api/games/{game}/moves", json={"action": 0}, headers=ann)
        assert late.status_code == 409, late.text
        info = _until(client, game, lambda info: info["status"] == "over")
        assert len(info["notices"]) == 1 and info["clocks"]["running"] is None
        record = client.get(f"/api/games/{game}/record").text
        assert "Ann ran out of time" in record
        rematch = client.post(f"/api/games/{game}/rematch", headers=ann)  # Ann's seat again
        assert rematch.status_code == 201 and rematch.json()["seat"] == 0, rematch.text
        again = client.get(f"/api/games/{rematch.json()['game']}").json()
        assert [seat["player"] for seat in again["seats"]] == ["human", "random"]
        assert again["clocks"]["clock"] == {"minutes": 1 / 60, "increment": 1.0}


def test_a_bots_thinking_counts_against_its_clock(database_url: str) -> None:
    with TestClient(create_app(_settings(database_url))) as client:
        game = _create(client, ["mcts:1s", "random"], seconds=0.3, increment=1.0)
        info = _until(client, game, lambda info: info["notices"] != [])
        assert info["notices"] == [
            "Seat 0: mcts:1s ran out of time; the built-in random bot plays the seat "
            "from move 1 on."
        ]
        assert info["seats"][0]["player"] == "random"
        assert _until(client, game, lambda info: info["status"] == "over")["notices"] == [
            info["notices"][0]
        ]


def test_a_hung_program_is_replaced_when_its_time_runs_out(tmp_path: Path) -> None:
    """Its clock (1 s) runs out long before the protocol's deadline (4 s and 2 s of grace):
    the stand-in plays at once, the program is stopped, and its own failure later adds no
    second notice."""
    spec = _program(tmp_path, "hang", HOSTILE_START + HOSTILE["hang"] + "\n")
    with TestClient(create_app(_with_bots(tmp_path, {"mybot": spec}, program_ms=4000))) as client:
        game = _create(client, ["mybot", "random"], seconds=1.0, increment=1.0)
        started = time.monotonic()
        info = _until(client, game, lambda info: info["notices"] != [])
        assert time.monotonic() - started < 5.0  # the program would be late after 6 s
        assert info["notices"] == [
            "Seat 0: mybot ran out of time; the built-in random bot plays the seat from move 1 on."
        ]
        assert _all_stopped(_pids(tmp_path, "hang"), 5)
        info = _until(client, game, lambda info: info["status"] == "over")
        assert len(info["notices"]) == 1 and info["seats"][0]["player"] == "random"


def test_a_move_in_time_takes_the_time_used_and_adds_the_increment(database_url: str) -> None:
    with TestClient(create_app(_settings(database_url))) as client:
        game = _create(client, ["human", "human"], seconds=600.0, increment=5.0)
        seats = [_join(client, game, name) for name in ("Ann", "Bob")]
        view = client.get(f"/api/games/{game}/view", headers=seats[0]).json()
        time.sleep(0.2)
        move = {"move": view["legal_moves"][0]["move"], "number": 0}
        assert client.post(f"/api/games/{game}/moves", json=move, headers=seats[0]).is_success
        clocks = client.get(f"/api/games/{game}").json()["clocks"]
        assert 600.0 < clocks["remaining"][0] < 604.9 and clocks["remaining"][1] == 600.0
        assert clocks["elapsed"] >= 0.0 and clocks["started"] is not None


def test_a_restart_keeps_every_seats_time(database_url: str) -> None:
    settings = _settings(database_url)
    with TestClient(create_app(settings)) as client:
        game = _create(client, ["human", "human"], seconds=600.0, increment=5.0)
        seats = [_join(client, game, name) for name in ("Ann", "Bob")]
        for _ in range(4):
            info = client.get(f"/api/games/{game}").json()
            headers = seats[info["to_move"]]
            view = client.get(f"/api/games/{game}/view", headers=headers).json()
            move = {"move": view["legal_moves"][-1]["move"], "number": view["moves"]}
            assert client.post(f"/api/games/{game}/moves", json=move, headers=headers).is_success
        before = client.get(f"/api/games/{game}").json()["clocks"]
    assert before["remaining"] != [600.0, 600.0]
    with TestClient(create_app(settings)) as client:
        after = client.get(f"/api/games/{game}").json()["clocks"]
        for key in ("clock", "remaining", "running", "started"):
            assert after[key] == before[key], key
        assert after["elapsed"] > before["elapsed"]  # the running clock ran on


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ({"minutes": 0}, "Expected `float` > 0"),
        ({"minutes": 5, "increment": -1}, "Expected `float` >= 0"),
        ({"increment": 3}, "missing required field `minutes`"),
        ({"minutes": 5, "delay": 3}, "unknown field `delay`"),
    ],
)
def test_a_bad_clock_is_refused_with_what_is_wrong(
    database_url: str, clock: dict[str, Any], words: str
) -> None:
    with TestClient(create_app(_settings(database_url))) as client:
        answer = client.post("/api/games", json={"config": {"players": 2}, "clock": clock})
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_of_two_servers_seeing_a_time_out_one_seats_the_stand_in(database_url: str) -> None:
    """Two applications on one database (on SQLite, in one process, which the file's lock
    allows), both running the game's clocks (the second resumed it as it started): each
    sees Ann's time run out, one stores the stand-in, the other takes it from the database;
    one notice, in both. The other seat is a bot's, so that no other person's time can run
    out while the test looks (a second human's did, under load)."""
    settings = _settings(database_url)
    with TestClient(create_app(settings)) as one:
        game = _create(one, ["human", "random"], seconds=1.5, increment=1.0)
        _join(one, game, "Ann")
        with TestClient(create_app(settings)) as two:
            for client in (one, two):
                info = _until(client, game, lambda info: info["notices"] != [])
                assert info["seats"][0]["player"] == "random"
            time.sleep(0.5)  # both timers have fired
            notices = [client.get(f"/api/games/{game}").json()["notices"] for client in (one, two)]
            assert notices[0] == notices[1] and len(notices[0]) == 1, notices
    storage = Storage(database_url)
    try:
        stored = storage.load(game)
        assert stored is not None and len(stored.notices) == 1
    finally:
        storage.close()


def test_of_two_writers_seeing_a_time_out_one_stores_the_stand_in(database_url: str) -> None:
    """Two processes may both see a seat's time run out: the stand-in is stored under the
    moves its writer knows, once, and not after another writer's move of that number."""
    writers = [Storage(database_url) for _ in range(2)]
    try:
        seats = [Seat("human", "Ann", None), Seat("human", "Bob", None)]
        writers[0].create("0123456789abcdef", {"players": 2}, 1, seats, TimeControl(1.0, 0.0))
        writers[0].stand_in("0123456789abcdef", 0, "random", 0, "Ann ran out", out=True)
        with pytest.raises(MoveConflict):
            writers[1].stand_in("0123456789abcdef", 0, "random", 0, "Ann ran out", out=True)
        writers[1].add_move("0123456789abcdef", 0, "a move", False, (0, 0.0, 5.0))
        with pytest.raises(MoveConflict):
            writers[0].stand_in("0123456789abcdef", 1, "random", 0, "Bob ran out", out=True)
        stored = writers[1].load("0123456789abcdef")
        assert stored is not None and stored.clocks is not None
        assert stored.notices == ((0, "Ann ran out"),)
        assert stored.clocks.remaining == (0.0, 1.0) and stored.clocks.started == 5.0
        assert [seat.player for seat in stored.seats] == ["random", "human"]
    finally:
        for writer in writers:
            writer.close()
