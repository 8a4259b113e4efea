"""The database's schema, brought up to date by its migrations (Alembic) as the server starts.

Each revision in ``versions/`` changes the schema one step, from the first (the tables of the
first server) on; a database records the revision it is at (Alembic's ``alembic_version``
table), and :func:`upgrade` runs the revisions it has not had yet, in one transaction where
the database allows it (PostgreSQL; SQLite makes tables as it goes). A database made before
migrations (no ``alembic_version``) is taken up by the first revision, which makes only the
tables and indexes it lacks.

Every server process upgrades as it starts, so that an operator who installs a new version
has nothing else to run. Processes starting together on one PostgreSQL database take turns
(an advisory lock, see ``env.py``): the first upgrades, the others find it done. A process
of an older version refuses a database that a newer one has upgraded, with
:class:`~cacao_rules.ConfigError`, rather than serve a schema it does not know.

A revision is history: it declares the tables as they were at its step, never by importing
:mod:`..storage`, whose declarations are what the last revision gives (a test compares
them). A change of the tables in :mod:`..storage` comes with a new file in ``versions/``:
its ``revision``, the ``down_revision`` it follows, and an ``upgrade()`` of Alembic
operations (``alembic.op``) that makes the change; that test says what is still missing.
Revisions go forward only (no ``downgrade``): a backup is the way back.
"""

from __future__ import annotations

import threading

import alembic.command
import alembic.config
import alembic.script
import alembic.util
import sqlalchemy as sa

from ...errors import ConfigError

SCRIPTS = "cacao_rules.server:migrations"
"""Where Alembic finds ``env.py`` and ``versions/``: this package, found as a resource, so
that an installed server migrates without a checkout or an ``alembic.ini``."""

LOCK = 0x6361_6361_6F5F_6462  # "cacao_db": any number no other user of the database takes
"""The PostgreSQL advisory lock held while migrating, so that processes take turns."""

_ONE_AT_A_TIME = threading.Lock()
"""Threads of one process take turns too: Alembic keeps the running migration's context in
module globals (``alembic.context``, ``alembic.op``)."""


def _config(connection: sa.Connection | None = None) -> alembic.config.Config:
    """Alembic's configuration: this package's scripts and, to migrate, the connection."""
    config = alembic.config.Config()
    config.set_main_option("script_location", SCRIPTS)
    config.attributes["connection"] = connection
    return config


def head() -> str:
    """The newest revision: the schema this version of the package serves."""
    revision = alembic.script.ScriptDirectory.from_config(_config()).get_current_head()
    assert revision is not None
    return revision


def upgrade(engine: sa.Engine) -> None:
    """Bring the database of ``engine`` to :func:`head`; :class:`~cacao_rules.ConfigError`
    when it is at a revision this version does not know (a newer version upgraded it)."""
    with _ONE_AT_A_TIME, engine.begin() as connection:
        try:
            alembic.command.upgrade(_config(connection), "head")
        except alembic.util.CommandError as error:
            raise ConfigError(
                f"the database {engine.url.render_as_string()!r} has a schema this version of "
                f"cacao-rules does not know ({error}); its newest is {head()!r}: serve it with "
                "the version that upgraded it, or a newer one"
            ) from None
