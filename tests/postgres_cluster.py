"""A throwaway PostgreSQL cluster for the tests: made in a folder, reached by a socket there.

``python3 tests/postgres_cluster.py start FOLDER`` makes a cluster in the empty folder
``FOLDER``, starts it and prints its SQLAlchemy URL; ``stop FOLDER`` stops it; ``installed``
tells by its exit status whether PostgreSQL is. ``.ci/run``
does that around the whole run (the tests then find the URL in ``CACAO_TEST_POSTGRES_URL``),
and the tests' ``postgres_url`` fixture (tests/conftest.py) does the same for a run without
that variable. Only the standard library is used, so that ``.ci/run`` can call it before any
virtual environment exists.

The server listens on a Unix socket in ``FOLDER`` and on no TCP port at all: no port to
find free, nothing reachable from the network, and any number of clusters side by side.
It runs without ``fsync``: a throwaway cluster need not survive a power cut, and its tests
run faster. PostgreSQL refuses to run as root; run as root (CI, these machines), the cluster
belongs to the ``postgres`` user that Debian's package makes, through ``runuser``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

SETTINGS = {
    "listen_addresses": "''",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
}
"""Appended to the cluster's postgresql.conf (``unix_socket_directories`` is its folder)."""

OWNER = "postgres"
"""The user a cluster belongs to when the tests run as root."""


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on the PATH, else Debian's newest
    ``/usr/lib/postgresql/VERSION/bin``; ``None`` when PostgreSQL is not installed."""
    on_path = shutil.which("pg_ctl")
    if on_path is not None and shutil.which("initdb") is not None:
        return Path(on_path).parent
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    return Path(found[-1]).parent if found else None


def _as_owner() -> list[str]:
    """The command prefix that runs a command as the cluster's owner."""
    return ["runuser", "-u", OWNER, "--"] if os.geteuid() == 0 else []


def _run(command: list[str]) -> None:
    subprocess.run([*_as_owner(), *command], check=True, stdout=subprocess.DEVNULL)


def url(folder: Path, database: str = "postgres") -> str:
    """The SQLAlchemy URL (driver psycopg 3) of ``database`` in the cluster of ``folder``."""
    user = OWNER if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
    return f"postgresql+psycopg://{user}@/{database}?host={folder}"


def start(folder: Path) -> str:
    """Make and start a cluster in ``folder`` (made if missing, empty); its URL."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed (no initdb): apt-get install postgresql")
    folder = folder.resolve()
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        owner = pwd.getpwnam(OWNER)
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    data = folder / "data"
    user = url(folder).split("//", 1)[1].split("@", 1)[0]
    _run([str(bin_dir / "initdb"), "-D", str(data), "-U", user, "-A", "trust", "-N", "-E", "UTF8"])
    settings = {**SETTINGS, "unix_socket_directories": f"'{folder}'"}
    conf = "".join(f"{name} = {value}\n" for name, value in settings.items())
    _run(["sh", "-c", f'printf "%s" "$0" >> {data}/postgresql.conf', conf])
    _run([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "start"])
    return url(folder)


def stop(folder: Path) -> None:
    """Stop the cluster of ``folder`` at once (its clients are cut off)."""
    bin_dir = binaries()
    if bin_dir is not None and (folder / "data" / "postmaster.pid").exists():
        _run([str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate", "stop"])


def restart(folder: Path, crash: bool = False) -> None:
    """Restart the cluster of ``folder``: its clients are cut off. A fast shutdown writes
    out what :data:`SETTINGS` let commits leave in memory, so what was committed stays;
    ``crash``: stopped at once instead, as by a crash (a cluster without ``fsync`` and
    ``synchronous_commit`` then loses its last commits)."""
    bin_dir = binaries()
    assert bin_dir is not None  # it ran
    data, log = folder / "data", folder / "log"
    if crash:
        _run([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
        _run([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "start"])
    else:
        _run(
            [
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(log),
                "-m",
                "fast",
                "-w",
                "restart",
            ]
        )


def main(arguments: list[str]) -> int:
    """``start FOLDER`` (prints the URL), ``stop FOLDER``, or ``installed`` (exit status 1
    when PostgreSQL is not)."""
    if arguments == ["installed"]:
        return 0 if binaries() is not None else 1
    if len(arguments) != 2 or arguments[0] not in ("start", "stop"):
        print("usage: postgres_cluster.py installed | start FOLDER | stop FOLDER", file=sys.stderr)
        return 2
    action, folder = arguments[0], Path(arguments[1])
    if action == "start":
        print(start(folder))
    else:
        stop(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
