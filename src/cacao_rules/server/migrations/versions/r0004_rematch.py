"""The rematch of each finished game: the id of the game made as its rematch, kept in the
database rather than in the memory of the process that made it, so that two people who ask
for the rematch through two processes sit in the same new game. Null until a rematch is
made (every game of a database it upgrades).

Revision ID: r0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0004"
down_revision: str | None = "r0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("rematch", sa.String(32), nullable=True))
