"""What the game server's tests share: a real server (uvicorn) on a free port in a thread."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from cacao_rules.server.run import config
from cacao_rules.server.settings import Settings


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running(settings: Settings) -> Iterator[str]:
    """A server with ``settings`` on 127.0.0.1, its base URL, stopped at the end."""
    port = free_port()
    server = uvicorn.Server(config(settings, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def create_game(client: Any, config: dict[str, Any], seats: list[str] | None = None) -> str:
    """The id of a new game of ``config`` (a request's config) with ``seats``, made through
    ``client`` (a test client of the server), which must answer 201."""
    body: dict[str, Any] = {"config": config} | ({} if seats is None else {"seats": seats})
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    game: str = answer.json()["game"]
    return game
