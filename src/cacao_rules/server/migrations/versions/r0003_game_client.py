"""Who made each game: the client's address, so that every process of a server counts a
client's new games from the database (the games-per-client limit holds across processes).
Null for the games made before, which count for no one.

Revision ID: r0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0003"
down_revision: str | None = "r0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("client", sa.String(64), nullable=True))
    op.create_index("ix_games_client_created", "games", ["client", "created"])
