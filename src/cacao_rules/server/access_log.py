"""Access logs: one JSON line per HTTP request, for a log collector to read.

Each line has the request's ``method``, its ``path`` (without the query string; a seat's
token travels in a header, never in the path, so no line holds one), the answer's
``status`` (``null`` when none began: the client left first), and ``ms``, the time from
the request's arrival to the end of its answer.
The lines go to the logger ``cacao_rules.access`` at level INFO (``cacao-rules serve``
writes them to standard error; ``--no-access-log`` turns them off). WebSockets are not
logged line by line: a connection may last a game.
"""

from __future__ import annotations

import json
import logging
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

ACCESS = logging.getLogger("cacao_rules.access")


class AccessLog:
    """An ASGI middleware logging every HTTP request it passes on (pure ASGI, so that an
    answer streams through it unchanged)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status: int | None = None  # null in the line: no answer began (the client left)

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            line = {
                "method": scope["method"],
                "path": scope["path"][:200],
                "status": status,
                "ms": round((time.perf_counter() - start) * 1000, 1),
            }
            ACCESS.info("%s", json.dumps(line))
