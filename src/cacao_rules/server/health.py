"""Health and readiness, for a proxy or an orchestrator that runs several server processes.

``GET /healthz`` answers 200 while the process answers at all (restart it when not);
``GET /readyz`` answers 200 when the process can serve games, that is when its database
answers a query now, and 503 with the reason (and ``Retry-After``) when not, so that a proxy
sends requests to the other processes meanwhile. Neither needs a token, and neither tells
more than whether the database answered: its own words are logged, not sent.
"""

from __future__ import annotations

import asyncio
import logging

import sqlalchemy as sa
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .lobby import Lobby
from .storage import RETRY_SECONDS

LOG = logging.getLogger("cacao_rules.server")


def _ping(lobby: Lobby) -> None:
    with lobby.storage.engine.connect() as db:
        db.execute(sa.text("SELECT 1"))


async def healthz(request: Request) -> Response:
    """The process is alive."""
    return JSONResponse({"status": "alive"})


async def readyz(request: Request) -> Response:
    """The database answers now: 200, else 503 saying so."""
    lobby: Lobby = request.app.state.lobby
    try:
        async with asyncio.timeout(lobby.limits.database_seconds):
            await lobby.run(_ping, lobby)
    except TimeoutError:
        reason = f"the database did not answer within {lobby.limits.database_seconds:g} s"
    except Exception as error:  # out of reach, refused, full: why is logged
        LOG.warning("readiness: the database cannot be used: %s", error)
        reason = "the database cannot be reached or refuses queries now"
    else:
        return JSONResponse({"status": "ready"})
    headers = {"Retry-After": str(RETRY_SECONDS)}
    return JSONResponse({"error": f"not ready: {reason}"}, 503, headers=headers)
