"""The example game server, end to end over real HTTP with urllib clients."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import cacao_rules as cr

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "game_server.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("game_server", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def base() -> Iterator[str]:
    server = _load().make_server("127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _call(
    url: str, body: object = None, token: str | None = None, raw: bytes | None = None
) -> tuple[int, Any]:
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, text, kind = response.status, response.read(), response.headers["Content-Type"]
    except urllib.error.HTTPError as error:
        status, text, kind = error.code, error.read(), error.headers["Content-Type"]
    return status, json.loads(text) if kind == "application/json" else text.decode()


def test_two_clients_play_a_whole_game_seeing_only_their_own(base: str) -> None:
    status, made = _call(f"{base}/games", {"players": 2, "modules": ["map", "huts"]})
    assert status == 201
    game = f"{base}/games/{made['game']}"
    joined = [_call(f"{game}/join", {"name": name})[1] for name in ("ann", "bob")]
    assert [seat["seat"] for seat in joined] == [0, 1]
    assert _call(f"{game}/join", {"name": "cy"}) == (
        409,
        {"error": "every seat of this game is taken"},
    )
    tokens = [seat["token"] for seat in joined]
    streams: list[list[cr.Event]] = [[], []]
    since = [0, 0]
    rng = random.Random(4)
    views: list[dict[str, Any]] = [{}, {}]
    for _ in range(2000):
        for seat in (0, 1):
            status, view = _call(f"{game}?since={since[seat]}", token=tokens[seat])
            assert status == 200
            views[seat] = view
            streams[seat] += [cr.event_from_document(item) for item in view["events"]]
            since[seat] = view["next"]
            seen = cr.observation_from_json(json.dumps(view["observation"]))
            assert seen.player == seat
            assert view["observation"]["players"][1 - seat]["hand"] is None
            assert "seed" not in view["observation"]
        if views[0]["is_over"]:
            break
        seat = views[0]["to_move"]
        assert views[seat]["legal_moves"] and not views[1 - seat]["legal_moves"]
        move = rng.choice(views[seat]["legal_moves"])
        status, after = _call(f"{game}/moves", {"move": move}, token=tokens[seat])
        assert status == 200, after
        assert after["seat"] == seat
    assert views[0]["is_over"] and views[1]["is_over"]
    status, text = _call(f"{game}/record")
    assert status == 200
    record = cr.GameRecord.from_text(text)
    assert record.seats == ("ann", "bob")
    final = record.final()
    assert views[0]["scores"] == [sheet.total for sheet in cr.final_scores(final)]
    # Each client's stream is the game's events as its seat sees them, in order.
    everything: list[cr.Event] = []
    state = record.replay()[0]
    for move in record.moves:
        state, events = cr.step(state, move)
        everything += events
    for seat in (0, 1):
        assert tuple(streams[seat]) == cr.observe_events(everything, seat)
    assert any(isinstance(event, cr.WorkerDrawnUnseen) for event in streams[0])


def test_the_server_refuses_what_it_must(base: str) -> None:
    game = f"{base}/games/{_call(f'{base}/games', {'players': 2})[1]['game']}"
    one = _call(f"{game}/join", {})[1]
    assert _call(f"{game}/moves", {"move": "pass"}, token=one["token"])[0] == 409  # not full
    two = _call(f"{game}/join", {"name": "bob"})[1]
    view = _call(game, token=one["token"])[1]
    mover, other = (one, two) if view["to_move"] == 0 else (two, one)
    legal = _call(game, token=mover["token"])[1]["legal_moves"]
    status, answer = _call(f"{game}/moves", {"move": legal[0]}, token=other["token"])
    assert status == 409 and "not seat" in answer["error"]
    kind = legal[0].split()[1]  # a tile in the mover's hand (the seed is the server's secret)
    status, answer = _call(f"{game}/moves", {"move": f"place {kind} 9,8 r0"}, token=mover["token"])
    assert status == 409 and "square 9,8 shares no edge with a jungle tile" in answer["error"]
    status, answer = _call(f"{game}/moves", {"move": "jump"}, token=mover["token"])
    assert status == 400 and "cannot read move 'jump'" in answer["error"]
    assert _call(game, token="nope")[0] == 403
    assert _call(game)[0] == 403
    assert _call(f"{game}/moves", raw=b"{not json", token=mover["token"])[0] == 400
    assert _call(f"{game}/moves", raw=b"x" * 20_000, token=mover["token"])[0] == 413
    assert _call(f"{game}/record")[0] == 409
    assert _call(f"{base}/games/0123456789abcdef", token=mover["token"])[0] == 404
    assert _call(f"{base}/nothing")[0] == 404
    assert _call(f"{game}?since=-1", token=mover["token"])[0] == 400
    status, answer = _call(f"{base}/games", {"players": 5})
    assert status == 400 and "2 to 4 players" in answer["error"]
    assert _call(f"{base}/games", {"players": 2, "modules": ["nothing"]})[0] == 400
    assert _call(f"{base}/games", {"colour": "red"})[0] == 400
