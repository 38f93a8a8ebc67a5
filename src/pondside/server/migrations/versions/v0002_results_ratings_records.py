"""Finished matches (the history), ratings per game, uploaded records.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
    )
    op.create_index("ix_results_finished_at", "results", ["finished_at"])
    op.create_index("ix_results_rated", "results", ["rated"])
    op.create_table(
        "result_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("results.table_id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("bot", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
    )
    op.create_index("ix_result_seats_player_id", "result_seats", ["player_id"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("subject", sa.String(48), primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("bot", sa.String(16), nullable=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "ordinal"])
    op.create_table(
        "records",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("uploader_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("record", sa.JSON, nullable=False),
    )
    op.create_index("ix_records_uploads", "records", ["uploader_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_records_uploads", "records")
    op.drop_table("records")
    op.drop_index("ix_ratings_board", "ratings")
    op.drop_table("ratings")
    op.drop_index("ix_result_seats_player_id", "result_seats")
    op.drop_table("result_seats")
    op.drop_index("ix_results_rated", "results")
    op.drop_index("ix_results_finished_at", "results")
    op.drop_table("results")
