"""Puzzles from guests' mistakes in finished matches (puzzles.py).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzles",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
    )
    op.create_index("ix_puzzles_game", "puzzles", ["game"])
    op.create_index("ix_puzzles_player_id", "puzzles", ["player_id"])
    op.create_index("ix_puzzles_decision", "puzzles", ["table_id", "seat", "number"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_puzzles_decision", "puzzles")
    op.drop_index("ix_puzzles_player_id", "puzzles")
    op.drop_index("ix_puzzles_game", "puzzles")
    op.drop_table("puzzles")
