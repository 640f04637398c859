"""Traditional Brag sessions (``brag classic``): ``classic_sessions`` and ``classic_hands``, in the same
database (their models: :mod:`casino.db.classic_models`).

Databases written by the code between the classic tables' landing and this revision may hold them
already (made by ``create_all``): those are kept as they are.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "classic_sessions" not in existing:
        op.create_table(
            "classic_sessions",
            sa.Column("id", sa.Integer(), primary_key=True),
            sa.Column("rules_name", sa.String(), nullable=False),
            sa.Column("rules_text", sa.String(), nullable=False),
            sa.Column("names", sa.String(), nullable=False),
            sa.Column("players", sa.String(), nullable=False),
            sa.Column("start_chips", sa.String(), nullable=False),
            sa.Column("chips", sa.String(), nullable=False),
            sa.Column("hand_limit", sa.Integer(), nullable=False),
            sa.Column("hands_played", sa.Integer(), nullable=False),
            sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
            sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
            sa.Column("end_reason", sa.String(), nullable=True),
            sa.Column("settings", sa.String(), nullable=False),
            sa.Column("table_state", sa.String(), nullable=False),
        )
    if "classic_hands" not in existing:
        op.create_table(
            "classic_hands",
            sa.Column("id", sa.Integer(), primary_key=True),
            sa.Column("session_id", sa.Integer(), sa.ForeignKey("classic_sessions.id"), nullable=False),
            sa.Column("hand_no", sa.Integer(), nullable=False),
            sa.Column("played_at", sa.DateTime(timezone=True), nullable=False),
            *(sa.Column(name, sa.String(), nullable=False) for name in ("commitment", "seed")),
            sa.Column("shuffled", sa.Boolean(), nullable=False),
            *(sa.Column(name, sa.String(), nullable=False) for name in ("pack", "pack_after", "seats")),
            sa.Column("dealer", sa.Integer(), nullable=False),
            sa.Column("first", sa.Integer(), nullable=False),
            *(sa.Column(name, sa.String(), nullable=False)
              for name in ("held_out", "dealt", "chips_before", "chips_after", "borrowed", "actions", "events")),
            sa.Column("showdown", sa.Boolean(), nullable=False),
            sa.Column("prial_won", sa.Boolean(), nullable=False),
            sa.Column("kept_blind", sa.Integer(), nullable=False),
            sa.Column("summary", sa.String(), nullable=False),
            sa.UniqueConstraint("session_id", "hand_no"),
        )
        op.create_index("ix_classic_hands_session_id", "classic_hands", ["session_id"])


def downgrade() -> None:  # the classic tables are left: older code ignores them
    pass
