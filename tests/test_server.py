"""The game server's API in process (Starlette's test client): games made with any
configuration the library accepts, seats and tokens, moves in notation and as action ids,
the bots, what each seat is sent, the WebSocket, expiry and the limits on clients."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("httpx2")  # Starlette's test client (the test group)
jsonschema = pytest.importorskip("jsonschema")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

import cacao_rules as cr  # noqa: E402
from cacao_rules.server.app import create_app  # noqa: E402
from cacao_rules.server.settings import Limits, Settings  # noqa: E402
from server_helpers import Switchboard  # noqa: E402
from server_helpers import create_game as _create  # noqa: E402


def _settings(database: str | Path, **limits: Any) -> Settings:
    """A server's settings: its ``database`` (a URL, or a folder for a SQLite file there)."""
    url = database if isinstance(database, str) else f"sqlite:///{database / 'games.sqlite3'}"
    return Settings(database=url, limits=Limits(**limits), allowed_hosts=("testserver",))


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    """A client of a server on each database (tests/conftest.py's ``database_url``)."""
    with TestClient(create_app(_settings(database_url))) as test_client:
        yield test_client


def _join(client: TestClient, game: str, name: str) -> tuple[int, dict[str, str]]:
    answer = client.post(f"/api/games/{game}/join", json={"name": name})
    assert answer.status_code == 201, answer.text
    return answer.json()["seat"], {"Authorization": "Bearer " + answer.json()["token"]}


def _wait_for_turn(client: TestClient, game: str, seats: dict[int, dict[str, str]]) -> int | None:
    """The human seat to move once the bots have played (None when the game is over)."""
    for _ in range(2_000):
        info = client.get(f"/api/games/{game}").json()
        if info["status"] == "over":
            return None
        if info["to_move"] in seats:
            return int(info["to_move"])
        time.sleep(0.01)
    raise AssertionError("the bots do not move")


def _play_out(client: TestClient, game: str, seats: dict[int, dict[str, str]]) -> int:
    """Play the humans' seats to the end, by notation and by action id in turn."""
    moves = 0
    while (seat := _wait_for_turn(client, game, seats)) is not None:
        view = client.get(f"/api/games/{game}/view", headers=seats[seat]).json()
        legal = view["legal_moves"][moves % len(view["legal_moves"])]
        body = {"move": legal["move"]} if moves % 2 else {"action": legal["action"]}
        answer = client.post(f"/api/games/{game}/moves", json=body, headers=seats[seat])
        assert answer.status_code == 200, answer.text
        moves += 1
    return moves


def test_people_and_a_bot_play_a_game_to_its_record(client: TestClient) -> None:
    game = _create(client, {"players": 3, "modules": ["map", "huts"]}, ["human", "greedy", "human"])
    seats = dict(_join(client, game, name) for name in ("ann", "bob"))
    assert sorted(seats) == [0, 2]
    assert client.get(f"/api/games/{game}/record").status_code == 409
    assert _play_out(client, game, seats) > 10
    info = client.get(f"/api/games/{game}").json()
    assert info["status"] == "over" and len(info["scores"]) == 3
    record = cr.GameRecord.from_text(client.get(f"/api/games/{game}/record").text)
    assert record.seats == ("ann", "greedy", "bob") and len(record.moves) == info["moves"]
    assert [sheet.total for sheet in cr.final_scores(record.final())] == info["scores"]
    page = client.get(f"/api/games/{game}/replay")
    assert page.status_code == 200 and page.text.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(
    "config",
    [
        {"players": 4, "is_big_game": True, "modules": [m.value for m in cr.Module]}
        | {"workers": {"1-1-1-1": 4, "2-1-0-1": 5, "3-0-0-1": 1, "3-1-0-0": 1}}
        | {"workers": None},
        {"players": 2, "modules": ["huts"], "huts": ["chief", "monk"]},
        {"players": 2, "modules": ["map"], "map_early_overbuild": True},
    ],
)
def test_any_configuration_the_library_accepts(client: TestClient, config: dict[str, Any]) -> None:
    if config.get("is_big_game"):
        config = {"players": 4} | json.loads(cr.to_json(cr.new_game(cr.Config.big_game(4))))[
            "config"
        ]
    game = _create(client, config, ["random"] * config["players"])
    info = client.get(f"/api/games/{game}").json()
    expected = cr.from_json(cr.to_json(cr.new_game(_config(config)))).config
    assert _config(info["config"]) == expected


def _config(document: dict[str, Any]) -> cr.Config:
    from cacao_rules.formats.serialization import config_from_document

    full = {"map_early_overbuild": False, "huts": None, "workers": None, "is_big_game": False}
    return config_from_document({"modules": []} | full | document)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"config": {"players": 5}}, "players: 5 is out of range"),
        ({"config": {"players": 2, "modules": 5}}, "Expected `array`"),
        ({"config": {"players": 2, "modules": {"map": 1}}}, "Expected `array`"),
        ({"config": {"players": 2, "modules": ["mapp"]}}, "config.modules"),
        ({"config": {"players": 2}, "seats": ["human"]}, "seats names 1 players"),
        ({"config": {"players": 2}, "seats": ["human", "exec:rm -rf /"]}, "a seat's player"),
        ({"config": {"players": 2}, "seats": ["human", "mcts:99s"]}, "a seat's player"),
        ({"config": {"players": 2}, "extra": 1}, "unknown field `extra`"),
        ({"config": {"players": True}}, "Expected `int`, got `bool`"),
    ],
)
def test_a_bad_game_is_refused_with_what_is_wrong(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


@pytest.mark.parametrize(
    ("raw", "status", "words"),
    [
        (b'{"config": {"players": ' + b"9" * 4400 + b"}}", 400, "out of range"),
        (b'{"config": ' + b"[" * 5000, 400, "Expected `object`"),
        (b'{"config": {"players": 2}', 400, "not JSON"),
        (b"\xff\xfe", 400, "not JSON"),
        (b"[]", 400, "Expected `object`"),
        (b" " * 20_000, 413, "at most 16384 bytes"),
    ],
)
def test_junk_bodies_get_a_4xx_saying_why(
    client: TestClient, raw: bytes, status: int, words: str
) -> None:
    answer = client.post("/api/games", content=raw)
    assert answer.status_code == status and words in answer.json()["error"], answer.text


def test_tokens_moves_and_turns_are_checked(client: TestClient) -> None:
    game = _create(client, {"players": 2})
    seat, ann = _join(client, game, "ann")
    early = client.post(f"/api/games/{game}/moves", json={"action": 0}, headers=ann)
    assert early.status_code == 409 and "open" in early.json()["error"]
    _other, bob = _join(client, game, "bob")
    assert client.post(f"/api/games/{game}/join", json={"name": "eve"}).status_code == 409
    url = f"/api/games/{game}/moves"
    for headers in ({}, {"Authorization": "Bearer nope"}, {b"Authorization": "Bearer é".encode()}):
        answer = client.post(url, json={"action": 0}, headers=headers)
        assert answer.status_code == 403 and "token" in answer.json()["error"]
    waiting = bob if client.get(f"/api/games/{game}").json()["to_move"] == seat else ann
    answer = client.post(url, json={"action": 0}, headers=waiting)
    assert answer.status_code == 409 and "decision" in answer.json()["error"]
    mover = ann if waiting is bob else bob
    for body, status, words in [
        ({"move": "place 9-9-9-9 0,0 r0"}, 400, "worker"),
        ({"move": "place 1-1-1-1 9,9 r0"}, 409, "not a legal move"),
        ({"action": 9_999_999}, 409, "9999999"),
        ({"move": "pass", "action": 1}, 400, "exactly one"),
        ({}, 400, "exactly one"),
    ]:
        answer = client.post(url, json=body, headers=mover)
        assert answer.status_code == status and words in answer.json()["error"], answer.text
    assert client.get(f"/api/games/{game}").json()["moves"] == 0
    for path in ("/api/games/zzz", "/api/games/0123456789abcdef", "/api/nothing"):
        assert client.get(path).status_code == 404
    assert client.get(f"/api/games/{game}/view?since=-1", headers=ann).status_code == 400


def test_each_seat_is_sent_its_own_observation_only(client: TestClient) -> None:
    game = _create(client, {"players": 2})
    seats = dict(_join(client, game, name) for name in ("ann", "bob"))
    for seat, headers in seats.items():
        view = client.get(f"/api/games/{game}/view?board=1", headers=headers).json()
        observation = cr.observation_from_json(json.dumps(view["observation"]))
        assert observation.player == seat
        players = view["observation"]["players"]
        assert players[seat]["hand"] is not None and players[1 - seat]["hand"] is None
        assert '"seed"' not in json.dumps(view) and "seed" not in view["observation"]
        assert view["board"].startswith("<svg") and (view["legal_moves"] != []) == (
            view["to_move"] == seat
        )


def test_the_schemas_describe_the_answers(client: TestClient) -> None:
    schemas = client.get("/api/schemas").json()
    game = _create(client, {"players": 2}, ["human", "random"])
    _seat, headers = _join(client, game, "ann")
    view = client.get(f"/api/games/{game}/view?board=1", headers=headers).json()
    for name, value in [
        ("GameInfo", client.get(f"/api/games/{game}").json()),
        ("SeatView", view),
        ("Error", client.get("/api/games/0123456789abcdef").json()),
        ("Players", client.get("/api/players").json()),
    ]:
        jsonschema.validate(value, {"$ref": f"#/$defs/{name}", "$defs": schemas["$defs"]})


def test_the_socket_pushes_views_and_takes_moves(client: TestClient) -> None:
    game = _create(client, {"players": 2}, ["human", "random"])
    seat, headers = _join(client, game, "ann")
    token = headers["Authorization"].removeprefix("Bearer ")
    with client.websocket_connect(f"/api/games/{game}/socket") as socket:
        socket.send_json({"type": "hello", "token": token})
        view = socket.receive_json()
        while view["to_move"] != seat:
            view = socket.receive_json()
        socket.send_json({"type": "move", "move": "place 1-1-1-1 9,9 r0"})
        assert "not a legal move" in socket.receive_json()["error"]
        move = {"type": "move", "action": view["legal_moves"][0]["action"]}
        socket.send_json(move | {"number": view["moves"] + 1})  # not the view's number
        assert "another move was played first" in socket.receive_json()["error"]
        socket.send_json(move | {"number": view["moves"]})
        after = socket.receive_json()
        assert after["type"] == "view" and after["next"] > view["next"]
    with client.websocket_connect(f"/api/games/{game}/socket") as socket:
        socket.send_json({"type": "hello", "token": "wrong"})
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008 and "token" in closed.value.reason


def test_games_nobody_plays_expire(database_url: str) -> None:
    settings = _settings(database_url, open_game_ttl=0.0, sweep_seconds=0.05)
    with TestClient(create_app(settings)) as client:
        game = _create(client, {"players": 2})
        for _ in range(200):
            if client.get(f"/api/games/{game}").json()["status"] == "expired":
                break
            time.sleep(0.02)
        assert client.get(f"/api/games/{game}").json()["status"] == "expired"
        assert client.post(f"/api/games/{game}/join", json={"name": "bob"}).status_code == 409


def test_a_client_creates_a_bounded_number_of_games(database_url: str) -> None:
    with TestClient(create_app(_settings(database_url, games_per_client=2))) as client:
        for _ in range(2):
            _create(client, {"players": 2})
        answer = client.post("/api/games", json={"config": {"players": 2}})
        assert answer.status_code == 429 and "at most 2 new games" in answer.json()["error"]


def test_games_resume_after_a_restart(database_url: str) -> None:
    settings = _settings(database_url)
    with TestClient(create_app(settings)) as client:
        game = _create(client, {"players": 2, "modules": ["map"]})
        seats = dict(_join(client, game, name) for name in ("ann", "bob"))
        for _ in range(7):
            seat = _wait_for_turn(client, game, seats)
            assert seat is not None
            view = client.get(f"/api/games/{game}/view", headers=seats[seat]).json()
            action = {"action": view["legal_moves"][-1]["action"]}
            client.post(f"/api/games/{game}/moves", json=action, headers=seats[seat])
        before = {
            s: client.get(f"/api/games/{game}/view", headers=h).json() for s, h in seats.items()
        }
    with TestClient(create_app(settings)) as client:
        after = {
            s: client.get(f"/api/games/{game}/view", headers=h).json() for s, h in seats.items()
        }
        assert after == before
        assert _play_out(client, game, seats) > 0


def test_the_shipped_api_schema_is_the_one_the_shapes_give() -> None:
    from importlib import resources

    from cacao_rules.server.schemas import SCHEMA_FILE, schema_text

    shipped = resources.files("cacao_rules.server").joinpath(SCHEMA_FILE).read_text()
    assert shipped == schema_text(), "rerun python -m cacao_rules.server.schemas"


def test_a_socket_to_a_game_that_is_not_there_is_closed_with_the_reason(
    client: TestClient,
) -> None:
    with client.websocket_connect("/api/games/" + "é" * 60 + "/socket") as socket:
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008 and closed.value.reason.startswith("no game")


@pytest.mark.parametrize(
    ("bot", "words"),
    [
        ("human=exec:x", "a name of its own"),
        ("mine=python3 bot.py", "exec:COMMAND"),
        ("nothing", "expected NAME=exec:COMMAND"),
        ("mine=exec:/no/such/bot", "--bot mine: bot program '/no/such/bot' cannot be started"),
    ],
)
def test_serve_refuses_a_bad_external_bot(
    bot: str,
    words: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bad ``--bot`` is refused before the database is touched: no file is left in the
    folder of the default database (nor its lock)."""
    from cacao_rules.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--bot", bot]) == 2
    assert words in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_serve_refuses_a_bot_time_under_a_millisecond_leaving_no_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cacao_rules.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--bot-ms", "0"]) == 2
    assert "argument --bot-ms: must be at least 1, got 0" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_seat_specs_are_read_by_the_library_and_capped_by_the_server(client: TestClient) -> None:
    game = _create(client, {"players": 3}, ["human", " MCTS:0.25s", "mcts:20000it"])
    players = [seat["player"] for seat in client.get(f"/api/games/{game}").json()["seats"]]
    assert players == ["human", "mcts:0.25s", "mcts:20000it"]
    for spec in ("mcts:2.5s", "mcts:20001it", "exec:python3 examples/external_bot.py"):
        answer = client.post("/api/games", json={"config": {"players": 2}, "seats": [spec] * 2})
        assert answer.status_code == 400 and "a seat's player" in answer.json()["error"]
    assert client.get("/api/players").json() == {
        "builtin": ["human", "random", "greedy", "mcts"],
        "budgets": ["mcts:2000ms", "mcts:20000it"],
        "external": [],
    }


def test_the_test_client_imports_without_a_warning() -> None:
    """Starlette's test client warns (a ``StarletteDeprecationWarning``, a ``UserWarning``)
    when it runs on ``httpx``: the test group installs ``httpx2``, which it asks for."""
    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", "import starlette.testclient"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-1000:]


# --- one game, one version: a move is stored under the number it follows on from ----------


def _views(client: TestClient, game: str, seats: dict[int, dict[str, str]]) -> list[Any]:
    info = client.get(f"/api/games/{game}").json()
    views = [client.get(f"/api/games/{game}/view", headers=h).json() for h in seats.values()]
    return [info, *views]


def test_two_servers_on_one_database_serve_one_version_of_a_game(database_url: str) -> None:
    """Two applications on one database (on SQLite, in one process, which the file's lock
    allows) that hear nothing of each other's moves (as before an update arrives): a move
    through each on the same position gives one 200 and one 409 with the game as the
    database holds it, and both then serve that game."""
    deaf = attrs.evolve(_settings(database_url), live_updates=lambda url: Switchboard())
    with TestClient(create_app(deaf)) as one, TestClient(create_app(deaf)) as two:
        game = _create(one, {"players": 2})
        seats = dict(_join(one, game, name) for name in ("ann", "bob"))
        url = f"/api/games/{game}/moves"
        for played, (first, second) in enumerate([(one, two), (two, one)]):
            seat = _wait_for_turn(first, game, seats)
            assert seat is not None and second.get(f"/api/games/{game}").json()["moves"] == played
            legal = first.get(f"/api/games/{game}/view", headers=seats[seat]).json()["legal_moves"]
            won = first.post(url, json={"move": legal[0]["move"]}, headers=seats[seat])
            lost = second.post(url, json={"move": legal[-1]["move"]}, headers=seats[seat])
            assert won.status_code == 200, won.text
            assert lost.status_code == 409, lost.text
            conflict = lost.json()
            assert "played elsewhere first" in conflict["error"]
            schemas = one.get("/api/schemas").json()
            jsonschema.validate(conflict, {"$ref": "#/$defs/Conflict", "$defs": schemas["$defs"]})
            assert conflict["view"] == won.json()  # the game as the winner left it
            assert _views(one, game, seats) == _views(two, game, seats)
        assert _views(one, game, seats)[0]["moves"] == 2


def test_a_move_chosen_from_an_old_view_is_refused_with_the_current_view(
    client: TestClient,
) -> None:
    game = _create(client, {"players": 2})
    seats = dict(_join(client, game, name) for name in ("ann", "bob"))
    seat = _wait_for_turn(client, game, seats)
    assert seat is not None
    view = client.get(f"/api/games/{game}/view", headers=seats[seat]).json()
    assert view["moves"] == 0
    url = f"/api/games/{game}/moves"
    late = client.post(url, json={"action": 0, "number": 1}, headers=seats[seat])
    assert late.status_code == 409 and "not 1" in late.json()["error"], late.text
    assert late.json()["view"]["moves"] == 0
    move = {"move": view["legal_moves"][0]["move"], "number": 0}
    played = client.post(url, json=move, headers=seats[seat])
    assert played.status_code == 200 and played.json()["moves"] == 1, played.text
    since = f"?since={view['next']}"  # the events since the view the move was chosen from
    again = client.post(url + since, json=move, headers=seats[seat])
    assert again.status_code == 409, again.text
    current = client.get(f"/api/games/{game}/view{since}", headers=seats[seat]).json()
    assert again.json()["view"] == current and current["events"]


def test_one_writer_of_a_move_number_wins(database_url: str) -> None:
    """Writers racing to store move 0 of a game: exactly one stores it, the others get
    MoveConflict (the primary key refuses a second move of a number), nothing else."""
    from cacao_rules.server.storage import MoveConflict, Seat, Storage

    writers = [Storage(database_url) for _ in range(4)]
    writers[0].create("0123456789abcdef", {"players": 2}, 1, [Seat("human", "a", None)] * 2)
    start = threading.Barrier(len(writers))
    outcomes: list[str] = []

    def write(number: int, storage: Storage) -> None:
        start.wait()
        try:
            storage.add_move("0123456789abcdef", 0, f"move {number}", False)
            outcomes.append(f"move {number}")
        except MoveConflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=write, args=pair) for pair in enumerate(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    stored = writers[0].load("0123456789abcdef")
    assert stored is not None and len(stored.moves) == 1
    assert sorted(outcomes) == sorted([stored.moves[0], "conflict", "conflict", "conflict"])
    for storage in writers:
        storage.close()


def test_a_busy_database_is_answered_503_and_a_retry_time(tmp_path: Path) -> None:
    """Another connection holds the SQLite file's write lock longer than a request waits
    (``Limits.database_seconds``): the move is answered 503 with ``Retry-After``, not 500,
    and played once the lock is released."""
    settings = _settings(tmp_path, database_seconds=0.2)
    with TestClient(create_app(settings)) as client:
        game = _create(client, {"players": 2})
        seats = dict(_join(client, game, name) for name in ("ann", "bob"))
        seat = _wait_for_turn(client, game, seats)
        assert seat is not None
        view = client.get(f"/api/games/{game}/view", headers=seats[seat]).json()
        move = {"action": view["legal_moves"][0]["action"]}
        url = f"/api/games/{game}/moves"
        holder = sqlite3.connect(tmp_path / "games.sqlite3", isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            busy = client.post(url, json=move, headers=seats[seat])
            assert busy.status_code == 503, busy.text
            assert busy.headers["Retry-After"] == "5" and "try again" in busy.json()["error"]
            assert client.get(f"/api/games/{game}").json()["moves"] == 0  # reads go on
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert client.post(url, json=move, headers=seats[seat]).status_code == 200
        assert client.get(f"/api/games/{game}").json()["moves"] == 1


def test_a_database_out_of_order_is_503_and_a_socket_closed_with_1013(tmp_path: Path) -> None:
    """A game read from a database that fails (here a table renamed under the server):
    503 over HTTP, and a WebSocket closed with 1013 (try again later), not 500 or 1011."""
    settings = _settings(tmp_path)
    with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
        game = _create(one, {"players": 2})
        _seat, headers = _join(one, game, "ann")
        token = headers["Authorization"].removeprefix("Bearer ")
        with sqlite3.connect(tmp_path / "games.sqlite3") as db:
            db.execute("ALTER TABLE notices RENAME TO elsewhere")
        answer = two.get(f"/api/games/{game}")  # not in two's memory: read from the database
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "5", answer.text
        with two.websocket_connect(f"/api/games/{game}/socket") as socket:
            socket.send_json({"type": "hello", "token": token})
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 1013 and "try again" in closed.value.reason
        with sqlite3.connect(tmp_path / "games.sqlite3") as db:
            db.execute("ALTER TABLE elsewhere RENAME TO notices")
        assert two.get(f"/api/games/{game}").status_code == 200


def _bot_processes() -> set[int]:
    """This process's children that are the built-in bots' processes (Linux's /proc)."""
    children = set()
    for listing in Path("/proc/self/task").glob("*/children"):
        for pid in listing.read_text().split():
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"spawn_main" in command:
                children.add(int(pid))
    return children


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads Linux's /proc")
def test_bot_processes_that_die_are_replaced(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot process killed from outside breaks the pool they share: it is replaced, so
    that one bot move is random (and logged) and the next ones are the bot's again."""
    with TestClient(create_app(_settings(tmp_path))) as client:
        game = _create(client, {"players": 2}, ["human", "greedy"])
        seats = dict([_join(client, game, "ann")])
        url = f"/api/games/{game}/moves"
        for turn in range(8):
            seat = _wait_for_turn(client, game, seats)
            assert seat is not None
            if turn == 2:
                for pid in _bot_processes():
                    os.kill(pid, signal.SIGKILL)
            view = client.get(f"/api/games/{game}/view", headers=seats[seat]).json()
            action = {"action": view["legal_moves"][0]["action"]}
            assert client.post(url, json=action, headers=seats[seat]).status_code == 200
        assert _wait_for_turn(client, game, seats) is not None
    failed = [record for record in caplog.records if "bot failed" in record.getMessage()]
    assert len(failed) == 1, [record.getMessage() for record in failed]


@pytest.mark.parametrize("name", ["a" * 5000 + ".js", "a%00.js", "play.htm", "nothing.css"])
def test_a_page_file_that_is_not_shipped_is_404(client: TestClient, name: str) -> None:
    answer = client.get(f"/static/{name}")
    assert answer.status_code == 404 and "no page file" in answer.json()["error"], answer.text


def test_only_a_sqlite_file_is_locked(tmp_path: Path) -> None:
    from cacao_rules.server.sqlite_lock import lock_file, serving

    assert lock_file(f"sqlite:///{tmp_path / 'games.sqlite3'}") == tmp_path / "games.sqlite3.lock"
    for url in ("sqlite://", "sqlite:///:memory:", "postgresql+psycopg://cacao@db/cacao"):
        assert lock_file(url) is None
    with pytest.raises(cr.ConfigError, match="not a database URL: 'nonsense'"):
        lock_file("nonsense")
    nowhere = serving(f"sqlite:///{tmp_path / 'no' / 'games.sqlite3'}")
    with pytest.raises(cr.ConfigError, match=r"cannot open the lock file .* No such file"):
        nowhere.__enter__()


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value, small."""


def test_no_request_is_answered_500(tmp_path: Path) -> None:
    """Junk of every shape to every route, with and without a seat's token: each answer is
    a status that means something (2xx, 4xx, or 503), never 500."""
    with TestClient(create_app(_settings(tmp_path)), raise_server_exceptions=False) as client:
        game = _create(client, {"players": 2})
        _seat, headers = _join(client, game, "ann")
        _join(client, game, "bob")
        routes = [
            "/api/games",
            f"/api/games/{game}/join",
            f"/api/games/{game}/moves",
            f"/api/games/{game}/moves?since=3",
            f"/api/games/{game}/view?board=1",
            f"/api/games/{game}",
            f"/api/games/{game}/record",
        ]
        keys = st.sampled_from(["config", "seats", "name", "seat", "move", "action", "number"])
        bodies = JSON | st.dictionaries(keys, JSON, max_size=3)
        files = st.integers(0, 3000).map(lambda length: "/static/" + "a" * length + ".js")

        @settings(max_examples=300, deadline=None)
        @given(
            route=st.sampled_from(routes) | files,
            body=bodies,
            method=st.sampled_from(["GET", "POST"]),
            token=st.booleans(),
        )
        def check(route: str, body: Any, method: str, token: bool) -> None:
            answer = client.request(
                method,
                route,
                json=body if method == "POST" else None,
                headers=headers if token else {},
            )
            assert answer.status_code < 500 or answer.status_code == 503, answer.text

        check()


def test_the_cap_on_games_holds_for_creations_at_once(tmp_path: Path) -> None:
    """Issue 41, item 8: creations that wait for the database together cannot pass the cap
    on unfinished games each before any of them is counted."""
    settings = _settings(tmp_path, max_live_games=5, games_per_client=1000)
    statuses: list[int] = []
    with TestClient(create_app(settings)) as client:

        def create() -> None:
            answer = client.post("/api/games", json={"config": {"players": 2}})
            statuses.append(answer.status_code)

        threads = [threading.Thread(target=create) for _ in range(24)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(set(statuses)) == [201, 503]
        assert statuses.count(201) == 5
