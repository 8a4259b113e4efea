"""SQLite: one server process per database file.

Two processes serving one SQLite file would each keep their own version of a game in memory
(the database refuses the second writer of a move, but neither process would know the
other's moves). So the process that serves a SQLite file holds an exclusive lock on a file
beside it, ``FILE.lock``, for as long as it serves, and a second process is refused with a
message saying so. The lock is the operating system's (``flock``): it belongs to an open
file, so it is released when the process ends, however it ends (``kill -9`` included), and
no stale lock is ever left behind. The file itself stays; it holds the process id of its
last holder, for the message only. A database server (PostgreSQL) takes no lock: many
processes may share it.

Within one process the lock is counted, not taken twice: ``cacao-rules serve`` takes it
before it starts listening (to refuse with a clear message), and the application it runs
takes it again at startup, as any other deployment of :func:`.app.create_app` does. Only
POSIX systems have ``flock``; elsewhere no lock is taken.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import attrs
import sqlalchemy as sa

from ..errors import ConfigError, excerpt


@attrs.define
class _Held:
    """A lock this process holds: the lock file's descriptor, and how many hold it."""

    descriptor: int
    holders: int = 0


_HELD: dict[Path, _Held] = {}
_GUARD = threading.Lock()


def lock_file(url: str) -> Path | None:
    """The lock file of the database ``url`` (a SQLAlchemy URL): ``None`` but for a SQLite
    database in a file; :class:`~cacao_rules.ConfigError` for a text that is no URL."""
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise ConfigError(
            f"not a database URL: {excerpt(url)} (e.g. postgresql+psycopg://user@host/db)"
        ) from None
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    database = Path(parsed.database).resolve()
    return database.with_name(database.name + ".lock")


@contextlib.contextmanager
def serving(url: str) -> Iterator[None]:
    """Hold the database ``url`` for this process while the block runs: a
    :class:`~cacao_rules.ConfigError` saying so when another process serves it."""
    path = lock_file(url)
    if path is None or sys.platform == "win32":
        yield
        return
    with _GUARD:
        held = _HELD.get(path)
        if held is None:
            held = _HELD[path] = _Held(_take(path))
        held.holders += 1
    try:
        yield
    finally:
        with _GUARD:
            held.holders -= 1
            if not held.holders:
                del _HELD[path]
                os.close(held.descriptor)  # the operating system releases the lock


def _take(path: Path) -> int:
    """The descriptor of ``path``, locked exclusively, with this process's id written in."""
    import fcntl  # POSIX only: not imported on Windows

    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)  # not inherited by children
    except OSError as error:
        raise ConfigError(
            f"cannot open the lock file of the SQLite database, {str(path)!r}: {error.strerror}"
        ) from None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(descriptor, 20).decode("ascii", "replace").strip()
        os.close(descriptor)
        database = path.with_name(path.name.removesuffix(".lock"))
        pid = holder if holder.isdigit() else "unknown"
        raise ConfigError(
            f"another process (pid {pid}) serves the SQLite database {str(database)!r}: "
            f"one process serves a SQLite file (its lock: {path.name}); "
            "stop the other server first, or use a database server (--database-url)"
        ) from None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, f"{os.getpid()}\n".encode("ascii"))
    return descriptor
