"""Live updates between the processes that serve one database: "game G changed".

A process that changes a game (a move, a join, a stand-in, an expiry) commits the change,
then :meth:`LiveUpdates.publish` es the game's id and its number of moves. Every *other*
process that serves the database hears it through :meth:`LiveUpdates.updates` and catches
the game up from the database, which wakes that game's WebSocket clients there. The update
carries no state: the database stays the only truth, and an update heard twice, or late,
costs one reload and changes nothing.

Two implementations, chosen by the database URL (:func:`live_updates_for`):

- :class:`PostgresUpdates`: PostgreSQL's ``LISTEN``/``NOTIFY`` on a channel of its own,
  through one connection dedicated to listening and one to publishing (psycopg 3, the
  driver the server already uses): no new service. When the listening connection drops (the
  database server restarts), it reconnects, and the first item after the reconnection is
  :class:`Missed`: the process catches up every game it holds, so no update is lost for
  longer than the reconnection takes.
- :class:`InProcessUpdates`: the applications of one process that share a database (a
  SQLite file is served by one process: :mod:`.sqlite_lock`), through memory.

Another broker (Redis pub/sub, say) plugs in as a class with the four members of
:class:`LiveUpdates`, passed as :attr:`.Settings.live_updates`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Protocol

import attrs
import sqlalchemy as sa

if TYPE_CHECKING:
    import psycopg

LOG = logging.getLogger("cacao_rules.server")

CHANNEL = "cacao_rules_games"
"""The PostgreSQL ``NOTIFY`` channel of game changes."""

HEARTBEAT_SECONDS = 5.0
"""How often an idle listening connection is checked (a connection cut without a word from
the network is found within this)."""

CONNECT_SECONDS = 5
"""The longest wait for a new connection to the database server (an unreachable host)."""

RECONNECT_SECONDS = (0.1, 0.5, 1.0, 2.0, 5.0)
"""The waits between attempts to reconnect a dropped listening connection (the last one
repeats)."""


@attrs.frozen
class Changed:
    """Another process changed game ``game``, which had ``moves`` moves after the change."""

    game: str
    moves: int


@attrs.frozen
class Missed:
    """Updates may have been lost (the listener was cut off and has reconnected): every game
    in memory may be behind the database."""


Update = Changed | Missed


class LiveUpdates(Protocol):
    """How the processes serving one database tell each other of changed games."""

    @property
    def hearing(self) -> bool:
        """Whether updates reach this process now (``False`` while its listener reconnects):
        a process that does not hear them trusts no game in its memory."""

    async def start(self) -> None:
        """Start listening: every change published once this returns is heard."""

    async def publish(self, game: str, moves: int) -> None:
        """Tell the other processes that ``game``, now at ``moves`` moves, changed (called
        after the change is committed). Never raises for a broker out of reach: the other
        processes catch up when their own listeners reconnect."""

    def updates(self) -> AsyncIterator[Update]:
        """The changes published by other processes, as they come, until :meth:`close`."""

    async def close(self) -> None:
        """Stop listening and publishing."""


# --- one process: in memory ---------------------------------------------------------------


@attrs.frozen
class _Subscriber:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[Update | None]


_HUB: dict[str, list[_Subscriber]] = {}
"""The listening :class:`InProcessUpdates` of each database of this process."""
_HUB_GUARD = threading.Lock()


class InProcessUpdates:
    """Live updates between the applications of this process that serve database ``url``
    (each may run its own event loop, in a thread of its own)."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._me: _Subscriber | None = None

    @property
    def hearing(self) -> bool:
        return True

    async def start(self) -> None:
        self._me = _Subscriber(asyncio.get_running_loop(), asyncio.Queue())
        with _HUB_GUARD:
            _HUB.setdefault(self._url, []).append(self._me)

    async def publish(self, game: str, moves: int) -> None:
        with _HUB_GUARD:
            others = [other for other in _HUB.get(self._url, ()) if other is not self._me]
        for other in others:
            with contextlib.suppress(RuntimeError):  # its loop has just closed
                other.loop.call_soon_threadsafe(other.queue.put_nowait, Changed(game, moves))

    async def updates(self) -> AsyncIterator[Update]:
        assert self._me is not None, "start() first"
        while (update := await self._me.queue.get()) is not None:
            yield update

    async def close(self) -> None:
        me, self._me = self._me, None
        if me is None:
            return
        with _HUB_GUARD:
            listening = _HUB[self._url]
            listening.remove(me)
            if not listening:
                del _HUB[self._url]
        me.queue.put_nowait(None)


# --- PostgreSQL: LISTEN/NOTIFY ----------------------------------------------------------------


def _conninfo(url: str) -> str:
    """The libpq connection string of the SQLAlchemy URL ``url``."""
    parsed = sa.engine.make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


class PostgresUpdates:
    """Live updates through PostgreSQL's ``LISTEN``/``NOTIFY`` on :data:`CHANNEL`, among
    every process that serves the database ``url`` (a SQLAlchemy URL). A notice is
    ``ORIGIN GAME MOVES``; ``ORIGIN`` names the publishing process, which skips its own."""

    def __init__(self, url: str) -> None:
        self._conninfo = _conninfo(url)
        self._origin = secrets.token_hex(8)
        self._listener: psycopg.AsyncConnection[object] | None = None
        self._publisher: psycopg.AsyncConnection[object] | None = None
        self._publishing = asyncio.Lock()
        self._closed = asyncio.Event()

    @property
    def hearing(self) -> bool:
        return self._listener is not None and not self._listener.closed

    async def _connect(self) -> psycopg.AsyncConnection[object]:
        import psycopg

        connection: psycopg.AsyncConnection[object] = await psycopg.AsyncConnection.connect(
            self._conninfo, autocommit=True, connect_timeout=CONNECT_SECONDS
        )
        return connection

    async def start(self) -> None:
        self._listener = await self._listen()

    async def _listen(self) -> psycopg.AsyncConnection[object]:
        connection = await self._connect()
        await connection.execute(f"LISTEN {CHANNEL}")
        return connection

    async def publish(self, game: str, moves: int) -> None:
        import psycopg

        payload = f"{self._origin} {game} {moves}"
        async with self._publishing:  # one connection, made once
            for attempt in (1, 2):  # a dropped connection is made again, once
                try:
                    if self._publisher is None or self._publisher.closed:
                        self._publisher = await self._connect()
                    await self._publisher.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
                    return
                except psycopg.OperationalError as error:
                    self._publisher = None
                    if attempt == 2:
                        LOG.warning("game %s: its change was not published (%s)", game, error)

    async def updates(self) -> AsyncIterator[Update]:
        import psycopg

        failures = 0
        while not self._closed.is_set():
            try:
                if self._listener is None or self._listener.closed:
                    self._listener = await self._listen()
                    LOG.info("live updates: listening again")
                    failures = 0
                    yield Missed()
                async for notice in self._listener.notifies(timeout=HEARTBEAT_SECONDS):
                    update = self._update(notice.payload)
                    if update is not None:
                        yield update
                await self._listener.execute("SELECT 1")  # still there?
            except psycopg.OperationalError as error:
                if self._closed.is_set():
                    return
                wait = RECONNECT_SECONDS[min(failures, len(RECONNECT_SECONDS) - 1)]
                failures += 1
                LOG.warning("live updates: not listening (%s); again in %g s", error, wait)
                await self._drop_listener()
                await asyncio.sleep(wait)

    def _update(self, payload: str) -> Changed | None:
        """The update of a notice another process sent; ``None`` for this process's own."""
        parts = payload.split(" ")
        if len(parts) != 3 or parts[0] == self._origin or not parts[2].isdigit():
            return None
        return Changed(parts[1], int(parts[2]))

    async def _drop_listener(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(Exception):  # it is broken already
                await listener.close()

    async def close(self) -> None:
        self._closed.set()
        await self._drop_listener()
        publisher, self._publisher = self._publisher, None
        if publisher is not None:
            await publisher.close()


def live_updates_for(url: str) -> LiveUpdates:
    """The live updates of the database ``url``: PostgreSQL's own for PostgreSQL, this
    process's for any other (SQLite: one process serves a file)."""
    if sa.engine.make_url(url).get_backend_name() == "postgresql":
        return PostgresUpdates(url)
    return InProcessUpdates(url)
