"""Pending hands (``pending_hands``): a hand's bets, its house seed and commitment (and the client seed,
if any) stored in one transaction BEFORE its cards are shown, so a session stopped after the deal resumes
into the same hand (see :class:`casino.db.models.PendingHandRecord`).

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "pending_hands" in set(sa.inspect(op.get_bind()).get_table_names()):
        return
    op.create_table(
        "pending_hands",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("sessions.id"), nullable=False, unique=True),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("dealt_at", sa.DateTime(timezone=True), nullable=False),
        *(sa.Column(name, sa.String(), nullable=False) for name in ("commitment", "seed")),
        sa.Column("client_seed", sa.String(), nullable=True),
        *(sa.Column(name, sa.String(), nullable=False)
          for name in ("bets", "bankroll_before", "cards", "prev_hash", "hash")),
    )


def downgrade() -> None:
    op.drop_table("pending_hands")
