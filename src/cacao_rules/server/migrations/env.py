"""Alembic's entry to the migrations: run on the connection :func:`.upgrade` hands it."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from cacao_rules.server.migrations import LOCK


def run() -> None:
    """Run the pending revisions on the given connection, in its transaction; on PostgreSQL,
    first wait for the advisory lock, released when the transaction ends, so that only one
    process migrates at a time and the next finds the revisions done."""
    connection = context.config.attributes["connection"]
    assert isinstance(connection, sa.Connection), "migrations run through upgrade(engine)"
    context.configure(connection=connection)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
        context.run_migrations()


run()
