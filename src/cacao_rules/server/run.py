"""Running the server with uvicorn, with the connection limits of :class:`Settings`."""

from __future__ import annotations

import uvicorn

from .app import create_app
from .settings import Settings

KEEP_ALIVE_SECONDS = 5
"""An HTTP connection idle this long between requests is closed."""
MAX_HEADERS = 16_384
"""The most bytes of a request's line and headers."""
MAX_MESSAGE = 65_536
"""The largest WebSocket message taken, in bytes."""


def config(settings: Settings, host: str, port: int) -> uvicorn.Config:
    """uvicorn's configuration for the server on ``host:port``."""
    return uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        backlog=2048,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEADERS,
        ws_max_size=MAX_MESSAGE,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_graceful_shutdown=5,
        limit_concurrency=settings.limits.max_sockets + 1_000,
        http="h11",
        ws="websockets-sansio",
        log_level="warning",
    )


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve until interrupted."""
    uvicorn.Server(config(settings, host, port)).run()
