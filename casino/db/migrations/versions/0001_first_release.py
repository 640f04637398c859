"""The schema of the first release: sessions, hands (rounds) and boxes, amounts as exact fraction text.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "schema_version",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("game_source", sa.String(), nullable=False),
        sa.Column("game_text", sa.String(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("end_reason", sa.String(), nullable=True),
        sa.Column("start_bankroll", sa.String(), nullable=False),
        sa.Column("bankroll", sa.String(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("settings", sa.String(), nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("sessions.id"), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("played_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("commitment", sa.String(), nullable=False),
        sa.Column("seed", sa.String(), nullable=False),
        sa.Column("dealer_cards", sa.String(), nullable=False),
        sa.Column("dealer_hand", sa.String(), nullable=False),
        sa.Column("qualifies", sa.Boolean(), nullable=False),
        sa.Column("wagered", sa.String(), nullable=False),
        sa.Column("net", sa.String(), nullable=False),
        sa.Column("bankroll_before", sa.String(), nullable=False),
        sa.Column("bankroll_after", sa.String(), nullable=False),
        sa.Column("events", sa.String(), nullable=False),
        sa.UniqueConstraint("session_id", "round_no"),
    )
    op.create_index("ix_hands_session_id", "hands", ["session_id"])
    op.create_table(
        "boxes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("hands.id"), nullable=False),
        sa.Column("box", sa.Integer(), nullable=False),
        sa.Column("ante", sa.String(), nullable=False),
        sa.Column("pair_plus", sa.String(), nullable=False),
        sa.Column("cards", sa.String(), nullable=False),
        sa.Column("hand_name", sa.String(), nullable=False),
        sa.Column("decision", sa.String(), nullable=True),
        sa.Column("outcome", sa.String(), nullable=True),
        sa.Column("ante_net", sa.String(), nullable=True),
        sa.Column("play_net", sa.String(), nullable=True),
        sa.Column("ante_bonus_net", sa.String(), nullable=True),
        sa.Column("pair_plus_net", sa.String(), nullable=True),
        sa.UniqueConstraint("hand_id", "box"),
    )
    op.create_index("ix_boxes_hand_id", "boxes", ["hand_id"])
    op.execute(sa.text("INSERT INTO schema_version (id, version) VALUES (1, 1)"))


def downgrade() -> None:
    for table in ("boxes", "hands", "sessions", "schema_version"):
        op.drop_table(table)
