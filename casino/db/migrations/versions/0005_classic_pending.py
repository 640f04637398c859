"""Traditional Brag's pending hands (``classic_pending``): a hand's seed and pack commitment stored when it
starts (antes taken), before any card is shown, with every action as it is taken; removed when the hand is
stored settled (see :class:`casino.db.classic_models.ClassicPendingRecord`).

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "classic_pending" in set(sa.inspect(op.get_bind()).get_table_names()):
        return
    op.create_table(
        "classic_pending",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("classic_sessions.id"), nullable=False, unique=True),
        sa.Column("hand_no", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        *(sa.Column(name, sa.String(), nullable=False) for name in ("seed", "commitment", "actions")),
    )


def downgrade() -> None:
    op.drop_table("classic_pending")
