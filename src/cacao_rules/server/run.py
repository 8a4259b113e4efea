"""Running the server with uvicorn, with the connection limits of :class:`Settings`."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import signal
import sys
from typing import TextIO

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .access_log import ACCESS
from .app import create_app
from .settings import Limits, Settings

KEEP_ALIVE_SECONDS = 5
"""An HTTP connection idle this long between requests is closed."""
MAX_HEADERS = 16_384
"""The most bytes of a request's line and headers."""
MAX_MESSAGE = 65_536
"""The largest WebSocket message taken, in bytes."""


TOO_LONG = json.dumps({"error": f"a request's line and headers are at most {MAX_HEADERS} bytes"})
TOO_LONG_ANSWER = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\n"
    b"connection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(TOO_LONG), TOO_LONG.encode())
)
"""The answer to a request whose head passes :data:`MAX_HEADERS`; the connection closes."""


class Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline on each request's head: a connection that
    stays silent, or sends its headers a byte at a time, is closed after ``head_seconds``
    (:attr:`Limits.head_seconds`) instead of being held (uvicorn times out only idle
    connections between requests); and a bound on its size, :data:`MAX_HEADERS`, whichever
    way it arrives (h11 bounds only a head still incomplete after a read, so a long head
    that came in one read would pass)."""

    head_seconds = Limits().head_seconds

    answered = 0
    """How many answers the connection has had: names the request a deadline is for."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self.answered += 1
        self._arm()

    def handle_events(self) -> None:
        """Read the next request from what came (after new data, or after an answer, for a
        request sent behind it), unless its head passes :data:`MAX_HEADERS`."""
        if self.conn.their_state is h11.IDLE and self._head_too_long():
            self.transport.write(TOO_LONG_ANSWER)
            self.transport.close()
            return
        super().handle_events()

    def _head_too_long(self) -> bool:
        """Whether the head of the next request, in what came so far, passes
        :data:`MAX_HEADERS` (to its blank line, or all of it while incomplete)."""
        received = self.conn.trailing_data[0]
        end = received.find(b"\r\n\r\n")
        return (end if end >= 0 else len(received)) > MAX_HEADERS

    def _arm(self) -> None:
        self.loop.call_later(self.head_seconds, self._head_deadline, self.answered)

    def _head_deadline(self, answered: int) -> None:
        """Close the connection if the head of its next request has not come since."""
        waiting = self.answered == answered and self.conn.their_state is h11.IDLE
        if waiting and not self.transport.is_closing():
            self.transport.close()


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
        # Long enough for any request in flight to end by itself (at worst its body's
        # deadline, answered 408), so that none is cancelled half-way at a shutdown.
        timeout_graceful_shutdown=math.ceil(settings.limits.body_seconds) + 1,
        limit_concurrency=settings.limits.max_sockets + 1_000,
        http=type("Protocol", (Protocol,), {"head_seconds": settings.limits.head_seconds}),
        ws="websockets-sansio",
        log_level="warning",
    )


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve until interrupted (Ctrl-C, SIGINT or SIGTERM), then shut down in order: the
    requests in flight are given ``timeout_graceful_shutdown`` seconds (a move being
    stored is stored and answered), then the lobby stops the bots and tells each program
    ``quit`` (:meth:`.Lobby.stop`); and return, so that the process exits 0, as a service
    manager expects of a process that stopped when told to."""
    if settings.access_log:
        _log_access_to(sys.stderr)
    # uvicorn handles the signal itself, then raises it again once it has shut down, for
    # the handler that was there before: asyncio's, which makes a SIGINT a
    # KeyboardInterrupt, taken here (the shutdown is done), and for SIGTERM this one,
    # which does nothing more (its default action would end the process with its status).
    previous = signal.signal(signal.SIGTERM, _stopped)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            uvicorn.Server(config(settings, host, port)).run()
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stopped(number: int, frame: object) -> None:
    """SIGTERM once uvicorn has shut down: nothing left to do."""


def _log_access_to(stream: TextIO) -> None:
    """Write the access log's lines (:mod:`.access_log`) to ``stream``, as they are."""
    if not ACCESS.handlers:
        handler = logging.StreamHandler(stream)
        handler.setFormatter(logging.Formatter("%(message)s"))
        ACCESS.addHandler(handler)
        ACCESS.setLevel(logging.INFO)
        ACCESS.propagate = False
