"""The first schema: games, their seats, their moves and the notices given to their clients.

These are the tables that the server made itself before it had migrations. Each is made only
where it is missing (``IF NOT EXISTS``), so that a database made then, with or without the
``notices`` table that came later, is taken up as it is and gains only what it lacks.

Revision ID: r0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("touched", sa.Float, nullable=False),
        if_not_exists=True,
    )
    op.create_index("ix_games_status", "games", ["status"], if_not_exists=True)
    op.create_index("ix_games_touched", "games", ["touched"], if_not_exists=True)
    op.create_table(
        "seats",
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        if_not_exists=True,
    )
    op.create_table(
        "moves",
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("move", sa.Text, nullable=False),
        if_not_exists=True,
    )
    op.create_table(
        "notices",
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("moves", sa.Integer, primary_key=True),
        sa.Column("text", sa.Text, nullable=False),
        if_not_exists=True,
    )
