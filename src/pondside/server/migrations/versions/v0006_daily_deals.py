"""The deal of the day: each game's seed of the day, and each guest's attempt at it.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_deals",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "daily_attempts",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
    )
    op.create_index(
        "ix_daily_attempts_player", "daily_attempts", ["game", "day", "player_id"], unique=True
    )


def downgrade() -> None:
    op.drop_index("ix_daily_attempts_player", "daily_attempts")
    op.drop_table("daily_attempts")
    op.drop_table("daily_deals")
