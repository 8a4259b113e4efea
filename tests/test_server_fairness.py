"""The built-in bots' time shared fairly (issue 42, item 1): a client seating many search
bots cannot make another game's bots wait behind its searches."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

import cacao_rules as cr
from cacao_rules.server.app import create_app
from cacao_rules.server.bot_queue import BotQueue
from cacao_rules.server.settings import Limits, Settings

GREEDY_REPLY_BOUND = 1.5
"""The longest another game's greedy bot may take to answer a move while one client's
search bots fill the search processes (it takes some 10-100 ms on a quiet machine; before
the cheap bots had a process of their own, it waited 7 to 11 s here)."""
FLOOD = 6
"""The flooding client's games, four ``mcts:1000ms`` seats each: six searches of a
second waiting for two processes."""


def _greedy_replies(client: TestClient, game: str, token: str, count: int) -> list[float]:
    """Play the human seat (seat 0) until the greedy bot has answered ``count`` of its
    moves: the seconds from each such move sent to the seat's turn again."""
    headers = {"Authorization": f"Bearer {token}"}
    replies: list[float] = []
    while len(replies) < count:
        view = client.get(f"/api/games/{game}/view", headers=headers).json()
        started = time.monotonic()
        move = {"action": view["legal_moves"][0]["action"]}
        answer = client.post(f"/api/games/{game}/moves", json=move, headers=headers)
        assert answer.status_code == 200, answer.text
        if client.get(f"/api/games/{game}").json()["to_move"] == 0:
            continue  # the seat's next decision, or the bot's answer already
        while client.get(f"/api/games/{game}").json()["to_move"] != 0:
            assert time.monotonic() - started < 30, "the greedy bot does not move"
            time.sleep(0.01)
        replies.append(time.monotonic() - started)
    return replies


def test_a_flooding_client_does_not_delay_another_games_greedy_bot(tmp_path: Path) -> None:
    limits = Limits(games_per_client=100)
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    settings = Settings(database=database, limits=limits, allowed_hosts=("testserver",))
    with TestClient(create_app(settings)) as client:
        made = client.post(
            "/api/games", json={"config": {"players": 2}, "seats": ["human", "greedy"]}
        )
        game = made.json()["game"]
        token = client.post(f"/api/games/{game}/join", json={"name": "ann"}).json()["token"]
        _greedy_replies(client, game, token, 1)  # its bot process started
        flood = {"config": {"players": 4}, "seats": ["mcts:1000ms"] * 4}
        for _ in range(FLOOD):
            assert client.post("/api/games", json=flood).status_code == 201
        time.sleep(1.0)  # the searches under way and queued
        replies = _greedy_replies(client, game, token, 6)
    assert max(replies) < GREEDY_REPLY_BOUND, replies


def _state() -> cr.State:
    return cr.new_game(cr.Config(players=2), seed=1)


async def _finish_order(queue: BotQueue, turns: list[tuple[str, str]]) -> list[str]:
    """The names of ``turns`` (a client and a name each) in the order their moves came."""
    order: list[str] = []

    async def one(client: str, name: str, delay: float) -> None:
        await asyncio.sleep(delay)
        await queue.choose(client, "mcts:200ms", 1, _state())
        order.append(name)

    await asyncio.gather(*(one(c, n, i * 0.01) for i, (c, n) in enumerate(turns)))
    return order


def test_each_client_has_its_turn_at_the_search_processes() -> None:
    async def run() -> list[str]:
        queue = BotQueue(1, 600.0, 60.0)
        try:
            await queue.choose("warm", "mcts:10ms", 1, _state())  # the process started
            flood = [("flood", f"flood{n}") for n in range(5)]
            return await _finish_order(queue, [*flood, ("other", "other")])
        finally:
            queue.stop()

    order = asyncio.run(run())
    # flood0 was under way; then the other client's turn comes before flood's next ones
    assert order.index("other") <= 2, order


def test_a_client_over_its_search_time_waits_for_the_window() -> None:
    async def run() -> tuple[float, float]:
        queue = BotQueue(2, 0.1, 2.0)  # two searches of some 0.15 s each pass it
        try:
            await asyncio.gather(*(queue.choose(f"w{n}", "mcts:10ms", 1, _state()) for n in (1, 2)))
            await asyncio.gather(*(queue.choose("flood", "mcts:200ms", 1, _state()) for _ in "ab"))
            started = time.monotonic()
            flood = asyncio.ensure_future(queue.choose("flood", "mcts:200ms", 1, _state()))
            await queue.choose("other", "mcts:200ms", 1, _state())
            other_waited = time.monotonic() - started
            await flood  # over its 0.1 s: once the first two leave the window
            return time.monotonic() - started, other_waited
        finally:
            queue.stop()

    flood_waited, other_waited = asyncio.run(run())
    assert flood_waited > 1.5 and other_waited < 1.0, (flood_waited, other_waited)
