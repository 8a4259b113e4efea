"""pytest configuration shared by all tests.

The ``rule`` marker (``@pytest.mark.rule("R-FILL-2")``) is registered in ``pyproject.toml``.

Hypothesis profiles: ``ci`` (reproducible: derandomized, no deadline) is loaded when the
environment variable ``CI`` is set, ``dev`` otherwise. ``HYPOTHESIS_PROFILE=NAME`` overrides.

The game server's databases: ``database_url`` gives a test a new database once on SQLite
and once on PostgreSQL (``postgres_database``), on the server of ``CACAO_TEST_POSTGRES_URL``
or on a throwaway cluster these fixtures start (tests/postgres_cluster.py).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest
from hypothesis import settings

import postgres_cluster

settings.register_profile("ci", deadline=None, derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


# --- the game server's databases: SQLite and PostgreSQL -----------------------------------

POSTGRES_URL = "CACAO_TEST_POSTGRES_URL"
"""A PostgreSQL server the tests may make databases in (``.ci/run`` starts one and sets it):
the SQLAlchemy URL of a database to connect to while making them. Without it the tests start
a throwaway cluster of their own (tests/postgres_cluster.py)."""


def _missing(reason: str) -> NoReturn:
    """Skip a test that needs what is missing here; in CI, where nothing may be missing
    (``.ci/run`` installs PostgreSQL and the tests session its driver), fail it."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI runs every database's tests)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server's URL: ``CACAO_TEST_POSTGRES_URL``, else a cluster started for
    this test process (in a folder of /tmp of its own: the cluster's owner, not root, must
    reach it) and stopped at its end."""
    if importlib.util.find_spec("psycopg") is None:
        _missing("the PostgreSQL driver is not installed (pip install psycopg[binary])")
    given = os.environ.get(POSTGRES_URL)
    if given:
        yield given
        return
    if postgres_cluster.binaries() is None:
        _missing(f"PostgreSQL is not installed (no initdb) and {POSTGRES_URL} is not set")
    folder = Path(tempfile.mkdtemp(prefix="cacao-pg-"))
    try:
        yield postgres_cluster.start(folder)
    finally:
        postgres_cluster.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_database(postgres_url: str) -> Iterator[str]:
    """The URL of a new, empty database of its own on the PostgreSQL server, dropped at the
    end (its connections cut). A test that asks for it is marked ``postgresql`` (below)."""
    import sqlalchemy as sa

    server = sa.make_url(postgres_url)
    name = f"cacao_test_{uuid.uuid4().hex}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with admin.connect() as db:
        db.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as db:
            db.execute(sa.text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a new, empty database for the game server, once on each backend: a SQLite
    file in the test's folder, and :func:`postgres_database`."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    url: str = request.getfixturevalue("postgres_database")
    return url


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``postgresql`` the tests that ask for :func:`postgres_database` by name (those
    of :func:`database_url` on PostgreSQL are marked by its parameter): nox runs them once."""
    for item in items:
        if "postgres_database" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgresql)
