"""What the game server's tests share: a real server (uvicorn) on a free port in a thread or
in a process of its own, a game made through a client, and live updates under a test's
control."""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import uvicorn

from cacao_rules.server.live_updates import Update
from cacao_rules.server.run import config
from cacao_rules.server.settings import Settings
from helpers_process import same_package_env


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


@contextmanager
def server_process(
    database: str | Path, port: int, stderr: int = subprocess.DEVNULL
) -> Iterator[subprocess.Popen[bytes]]:
    """``cacao-rules serve`` in a process of its own on 127.0.0.1:``port`` and ``database``
    (a URL, or a SQLite file's path), once it answers; killed (SIGKILL) at the end if it
    still runs. ``stderr``: where its standard error goes (``subprocess.PIPE`` to read it)."""
    command = [sys.executable, "-m", "cacao_rules", "serve", "--port", str(port)]
    where = ["--db", str(database)] if isinstance(database, Path) else ["--database-url", database]
    process = subprocess.Popen(
        [*command, *where],
        env=same_package_env(),
        stdout=subprocess.DEVNULL,
        stderr=stderr,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx2.get(f"http://127.0.0.1:{port}/api/schemas", timeout=1)
                break
            except httpx2.TransportError:
                assert process.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.wait()


def create_game(client: Any, config: dict[str, Any], seats: list[str] | None = None) -> str:
    """The id of a new game of ``config`` (a request's config) with ``seats``, made through
    ``client`` (a test client of the server), which must answer 201."""
    body: dict[str, Any] = {"config": config} | ({} if seats is None else {"seats": seats})
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    game: str = answer.json()["game"]
    return game


class Switchboard:
    """Live updates under the test's control: it hears only what the test tells it."""

    def __init__(self) -> None:
        self.hearing = True
        self.queue: asyncio.Queue[Update] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        self.loop, self.queue = asyncio.get_running_loop(), asyncio.Queue()

    async def publish(self, game: str, moves: int) -> None:
        pass

    async def updates(self) -> AsyncIterator[Update]:
        assert self.queue is not None
        while True:
            yield await self.queue.get()

    async def close(self) -> None:
        pass

    def tell(self, update: Update) -> None:
        assert self.loop is not None and self.queue is not None
        self.loop.call_soon_threadsafe(self.queue.put_nowait, update)
