"""Which server process plays a game's bots: the one that holds the game's lease.

Any process serves any game's requests, but a game's bot and program seats (and its clocks)
need one player: two processes playing the same bot would race each other for every move,
and a program is a process of the server that started it, which no other can talk to. So a
game has an owner, the process holding its *lease*; only the owner plays its bots.

On PostgreSQL a lease is a session-level advisory lock (``pg_try_advisory_lock``) taken on
a connection of its own, kept for the process's life: the database server gives each lock
to one session at a time, and drops it when that session ends, however it ends (a process
killed with ``kill -9``, a machine cut off), so another process takes the game over the next
time it looks (on a request for the game, or in the periodic sweep) with no expiry to wait
for. A lease never decides what is stored: a move is stored only if it follows the game's
last one (:class:`.storage.MoveConflict`), so two processes that both believe they own a
game for a moment (the old owner not yet aware its connection died) cost a refused move,
never a wrong game.

SQLite is served by one process (:mod:`.sqlite_lock`), which holds every lease.
"""

from __future__ import annotations

import logging
import threading

import sqlalchemy as sa

LOG = logging.getLogger("cacao_rules.server")


def lock_key(game_id: str) -> int:
    """The advisory lock of game ``game_id`` (16 hex digits): its 64 bits as PostgreSQL's
    signed ``bigint``."""
    number = int(game_id, 16)
    return number - (1 << 64) if number >= 1 << 63 else number


class GameLeases:
    """The leases of one process on a database that only it serves (SQLite): every lease
    is held, always. :class:`AdvisoryLeases` is the shared database's."""

    shared = False
    """Whether other processes may hold leases of the same games."""

    def held(self, game_id: str) -> bool:
        """Whether this process owns game ``game_id`` (memory only: no waiting)."""
        return True

    def take(self, game_id: str) -> bool:
        """Take game ``game_id``'s lease if no process holds it; whether this process holds
        it now. Blocks (call it on a worker thread)."""
        return True

    def release(self, game_id: str) -> None:
        """Give up game ``game_id``'s lease (it is over, or left memory). Blocks."""

    def check(self) -> bool:
        """Whether the leases are still held (the database still has this process's
        session); when not, every lease is forgotten and ``False``. Blocks."""
        return True

    def close(self) -> None:
        """Give up every lease."""


class AdvisoryLeases(GameLeases):
    """Leases as PostgreSQL advisory locks of the database of ``engine``, taken on a
    connection of their own (threads take turns on it)."""

    shared = True

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine
        self._guard = threading.Lock()
        self._connection: sa.Connection | None = None
        self._held: set[str] = set()

    def held(self, game_id: str) -> bool:
        return game_id in self._held

    def take(self, game_id: str) -> bool:
        if game_id in self._held:
            return True
        with self._guard:
            taken = self._ask("SELECT pg_try_advisory_lock(:key)", game_id)
            if taken:
                self._held.add(game_id)
            return taken

    def release(self, game_id: str) -> None:
        with self._guard:
            if game_id in self._held and self._connection is not None:
                self._ask("SELECT pg_advisory_unlock(:key)", game_id)
            self._held.discard(game_id)

    def check(self) -> bool:
        with self._guard:
            if self._connection is None:
                return not self._held
            try:
                self._connection.execute(sa.text("SELECT 1"))
                return True
            except Exception as error:  # the session is gone, and its locks with it
                LOG.warning("the connection of the games' leases broke: %s", error)
                self._forget()
                return False

    def close(self) -> None:
        with self._guard:
            self._forget()

    def _ask(self, query: str, game_id: str) -> bool:
        """Run ``query`` on the leases' connection (opened if need be), holding the guard;
        the connection forgotten, with every lease, when it fails."""
        try:
            if self._connection is None:
                self._connection = self._engine.connect().execution_options(
                    isolation_level="AUTOCOMMIT"
                )
            return bool(
                self._connection.execute(sa.text(query), {"key": lock_key(game_id)}).scalar()
            )
        except Exception:
            self._forget()
            raise

    def _forget(self) -> None:
        """Close the connection (the database drops its locks) and forget every lease."""
        self._held.clear()
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.invalidate()  # not back to the pool: its session held the locks
            finally:
                connection.close()


def leases_for(engine: sa.Engine) -> GameLeases:
    """The leases of a process serving the database of ``engine``."""
    return AdvisoryLeases(engine) if engine.dialect.name == "postgresql" else GameLeases()
