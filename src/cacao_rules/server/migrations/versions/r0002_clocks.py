"""The seats' clocks of a timed game: the game's time control and when its running clock
started, and each seat's time left. Every new column may be null (a game without a clock,
as every game made before), so the games of a database it upgrades go on as they were.

Revision ID: r0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0002"
down_revision: str | None = "r0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("clock_seconds", sa.Float, nullable=True))
    op.add_column("games", sa.Column("clock_increment", sa.Float, nullable=True))
    op.add_column("games", sa.Column("turn_started", sa.Float, nullable=True))
    op.add_column("seats", sa.Column("remaining", sa.Float, nullable=True))
