"""The game server's API for the page's table and lobby (Starlette's test client): the
decision document sent to the seat that decides, when asked for, and to nobody else, the
last turn and the score sheets of a view, the list of games, spectators and rematches."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")  # Starlette's test client (the test group)

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import cacao_rules as cr
from cacao_rules.server.app import create_app
from cacao_rules.server.settings import Settings
from server_helpers import create_game as _create


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        database=f"sqlite:///{tmp_path / 'games.sqlite3'}", allowed_hosts=("testserver",)
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def _join(client: TestClient, game: str, name: str) -> dict[str, str]:
    answer = client.post(f"/api/games/{game}/join", json={"name": name})
    assert answer.status_code == 201, answer.text
    return {"Authorization": "Bearer " + answer.json()["token"]}


def _state(client: TestClient, game: str) -> cr.State:
    state: cr.State = client.app.state.lobby.games[game].state  # type: ignore[attr-defined]
    return state


def _spectator(client: TestClient, game: str) -> Any:
    answer = client.get(f"/api/games/{game}/view?spectator=1")
    assert answer.status_code == 200, answer.text
    return answer.json()


def _play_to_the_end(client: TestClient, game: str, seats: list[dict[str, str]]) -> int:
    """Play both seats' moves (the first legal one) to the end, checking at every decision
    that the decider's view carries the library's decision document when asked for, and no
    other view does (nor the decider's when not asked for)."""
    checked = 0
    while not (state := _state(client, game)).is_over:
        url = f"/api/games/{game}/view?decision=1"
        views = [client.get(url, headers=seat).json() for seat in seats]
        decider = state.to_move
        assert decider is not None  # the server plays chance itself
        assert views[decider]["decision"] == json.loads(cr.decision_to_json(state))
        assert all(view["decision"] is None for n, view in enumerate(views) if n != decider)
        assert _spectator(client, game)["decision"] is None
        unasked = client.get(f"/api/games/{game}/view", headers=seats[decider]).json()
        assert unasked["decision"] is None and unasked["legal_moves"]
        move = views[decider]["decision"]["question"]
        while "move" not in (answer := move["answers"][0]):
            move = answer["then"]
        played = client.post(
            f"/api/games/{game}/moves",
            json={"move": answer["move"], "number": views[decider]["moves"]},
            headers=seats[decider],
        )
        assert played.status_code == 200, played.text
        checked += 1
    return checked


def test_only_the_deciding_seat_is_sent_the_decision_document(client: TestClient) -> None:
    game = _create(client, {"players": 2, "modules": ["map", "chocolate"]})
    seats = [_join(client, game, "Ann"), _join(client, game, "Bob")]
    assert _play_to_the_end(client, game, seats) > 20
    final = client.get(f"/api/games/{game}/view", headers=seats[0]).json()
    assert final["decision"] is None and final["is_over"]
    sheets = final["sheets"]
    assert [sheet["total"] for sheet in sheets] == final["scores"]
    assert all(sum(sheet["parts"].values()) == sheet["total"] for sheet in sheets)


def test_a_view_names_the_last_turn_and_outlines_it_on_the_board(client: TestClient) -> None:
    game = _create(client, {"players": 2})
    ann, bob = _join(client, game, "Ann"), _join(client, game, "Bob")
    first = client.get(f"/api/games/{game}/view", headers=ann).json()
    assert first["last_turn"] == []
    decider = ann if first["to_move"] == 0 else bob
    view = client.get(f"/api/games/{game}/view?decision=1", headers=decider).json()
    moves = 0
    while _state(client, game).to_move == view["seat"]:  # the placement, then its resolves
        question = view["decision"]["question"]
        while "move" not in (answer := question["answers"][-1]):
            question = answer["then"]
        body = {"move": answer["move"]}
        url = f"/api/games/{game}/moves?decision=1"
        view = client.post(url, json=body, headers=decider).json()
        moves += 1
    other = client.get(f"/api/games/{game}/view?board=1", headers=bob).json()
    assert len(other["last_turn"]) == moves and other["last_turn"][0].startswith("place ")
    assert 'class="last-move"' in other["board"]


def test_the_lobby_lists_open_games_with_who_waits_and_games_being_played(
    client: TestClient,
) -> None:
    open_game = _create(client, {"players": 3, "modules": ["huts"]}, ["human", "random", "human"])
    _join(client, open_game, "Ann")
    playing = _create(client, {"players": 2}, ["human", "greedy"])
    _join(client, playing, "Bob")
    listing = client.get("/api/games").json()
    (listed,) = listing["open"]
    assert listed["info"]["game"] == open_game and listed["waiting"] == ["Ann"]
    assert listed["info"]["config"]["modules"] == ["huts"]
    assert [seat["name"] for seat in listed["info"]["seats"]] == ["Ann", "random", None]
    assert [entry["info"]["game"] for entry in listing["playing"]] == [playing]


def test_a_spectator_sees_no_hand_and_plays_no_move(client: TestClient) -> None:
    game = _create(client, {"players": 2})
    ann, _bob = _join(client, game, "Ann"), _join(client, game, "Bob")
    view = _spectator(client, game)
    assert view["seat"] is None and view["legal_moves"] == []
    assert [player["hand"] for player in view["observation"]["players"]] == [None, None]
    assert all(event["type"] != "worker_drawn" for event in view["events"])
    assert client.get(f"/api/games/{game}/view", headers=ann).json()["observation"]["players"][0][
        "hand"
    ]
    with client.websocket_connect(f"/api/games/{game}/socket") as socket:
        socket.send_json({"type": "hello", "spectator": True, "board": True})
        pushed = socket.receive_json()
        assert pushed["seat"] is None and pushed["decision"] is None
        assert "face down" in pushed["board"]
        socket.send_json({"type": "move", "move": view["legal_moves"] or "place"})
        assert "spectator plays no move" in socket.receive_json()["error"]


def test_a_socket_without_a_token_or_spectator_is_refused(client: TestClient) -> None:
    game = _create(client, {"players": 2})
    with client.websocket_connect(f"/api/games/{game}/socket") as socket:
        socket.send_json({"type": "hello"})
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008


def test_a_rematch_seats_the_same_people_and_bots_in_a_new_game(client: TestClient) -> None:
    game = _create(client, {"players": 3, "modules": ["map"]}, ["human", "random", "human"])
    seats = {0: _join(client, game, "Ann"), 2: _join(client, game, "Cat")}
    early = client.post(f"/api/games/{game}/rematch", headers=seats[0])
    assert early.status_code == 409 and "once the game is over" in early.json()["error"]
    while not _state(client, game).is_over:  # the people play their first moves
        state = _state(client, game)
        if state.to_move in seats:
            move = {"move": str(cr.legal_moves(state)[0])}
            client.post(f"/api/games/{game}/moves", json=move, headers=seats[state.to_move])
    assert client.post(f"/api/games/{game}/rematch").status_code == 403
    cat = client.post(f"/api/games/{game}/rematch", headers=seats[2])
    assert cat.status_code == 201, cat.text
    rematch = cat.json()["game"]
    assert cat.json()["seat"] == 2 and rematch != game
    info = client.get(f"/api/games/{rematch}").json()
    assert info["config"] == client.get(f"/api/games/{game}").json()["config"]
    assert [seat["name"] for seat in info["seats"]] == [None, "random", "Cat"]
    view = client.get(f"/api/games/{game}/view", headers=seats[0]).json()
    assert view["rematch"] == rematch
    ann = client.post(f"/api/games/{game}/rematch", headers=seats[0])
    assert ann.status_code == 201 and ann.json()["game"] == rematch
    assert client.get(f"/api/games/{rematch}").json()["status"] == "playing"
    again = client.post(f"/api/games/{game}/rematch", headers=seats[2])
    assert again.status_code == 409  # Cat's seat of the rematch is taken (by Cat)


def test_a_socket_is_sent_the_decision_document_only_when_its_hello_asks(
    client: TestClient,
) -> None:
    game = _create(client, {"players": 2})
    seats = [_join(client, game, "Ann"), _join(client, game, "Bob")]
    decider = _state(client, game).to_move
    assert decider is not None
    token = seats[decider]["Authorization"].removeprefix("Bearer ")
    sent = []
    for asks in (False, True):
        with client.websocket_connect(f"/api/games/{game}/socket") as socket:
            socket.send_json({"type": "hello", "token": token, "decision": asks})
            sent.append(socket.receive_json()["decision"])
    assert sent == [None, json.loads(cr.decision_to_json(_state(client, game)))]


def test_the_big_game_is_made_by_its_name_alone(client: TestClient) -> None:
    """``is_big_game`` with no modules or worker tiles: the library's Big Game (every module,
    every worker tile), as the page's form asks for it; refused for 2 players, with why."""
    game = _create(client, {"players": 4, "is_big_game": True})
    assert _state(client, game).config == cr.Config.big_game(4)
    refused = client.post("/api/games", json={"config": {"players": 2, "is_big_game": True}})
    assert refused.status_code == 400 and "3 or 4 players" in refused.json()["error"]
