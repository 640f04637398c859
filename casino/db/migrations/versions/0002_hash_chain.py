"""The hash chain (hands.prev_hash, hands.hash, sessions.chain_key, sessions.head_hash), the running
totals a resume reads (sessions.totals), the play lease (sessions.lease_owner, sessions.lease_at), a row
per bet of each box (bets) and the progressive meters (progressive_meters).

Databases written between the first release and this revision may already hold ``bets`` and
``progressive_meters`` (the bet model landed first): those tables are kept as they are.

Sessions stored before this revision get their chain and totals computed here, hand by hand, from
what is stored (streamed: memory does not grow with the session).

Revision ID: 0002
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from casino.db.chain import BET_FIELDS, BOX_FIELDS, HAND_FIELDS, Totals, genesis_hash, hand_contents, hand_hash, new_chain_key

    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "bets" not in existing:
        op.create_table(
            "bets",
            sa.Column("id", sa.Integer(), primary_key=True),
            sa.Column("hand_id", sa.Integer(), sa.ForeignKey("hands.id"), nullable=False),
            sa.Column("box", sa.Integer(), nullable=False),
            sa.Column("bet", sa.String(), nullable=False),
            sa.Column("stake", sa.String(), nullable=False),
            sa.Column("net", sa.String(), nullable=False),
            sa.Column("paid_hand", sa.String(), nullable=True),
            sa.Column("meter", sa.String(), nullable=True),
            sa.UniqueConstraint("hand_id", "box", "bet"),
        )
        op.create_index("ix_bets_hand_id", "bets", ["hand_id"])
    if "progressive_meters" not in existing:
        op.create_table(
            "progressive_meters",
            sa.Column("name", sa.String(), primary_key=True),
            sa.Column("meter", sa.String(), nullable=False),
            sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        )

    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("chain_key", sa.String(), nullable=True))
        batch.add_column(sa.Column("head_hash", sa.String(), nullable=True))
        batch.add_column(sa.Column("totals", sa.String(), nullable=True))
        batch.add_column(sa.Column("lease_owner", sa.String(), nullable=True))
        batch.add_column(sa.Column("lease_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("prev_hash", sa.String(), nullable=True))
        batch.add_column(sa.Column("hash", sa.String(), nullable=True))
    op.execute(sa.text("UPDATE schema_version SET version = 2"))

    bind = op.get_bind()
    sessions = bind.execute(sa.text("SELECT id, game_text, start_bankroll, settings FROM sessions ORDER BY id")).all()
    for session_id, game_text, start_bankroll, settings in sessions:
        key = new_chain_key()
        seed = json.loads(settings or "{}").get("seed")
        head = genesis_hash(key, game_text, start_bankroll, seed)
        totals = Totals()
        hands = bind.execute(
            sa.text(f"SELECT id, {', '.join(HAND_FIELDS)} FROM hands WHERE session_id = :s ORDER BY round_no"),
            {"s": session_id},
        ).mappings().all()
        for hand in hands:
            boxes = bind.execute(
                sa.text(f"SELECT {', '.join(BOX_FIELDS)} FROM boxes WHERE hand_id = :h ORDER BY box"), {"h": hand["id"]}
            ).mappings().all()
            bets = bind.execute(
                sa.text(f"SELECT {', '.join(BET_FIELDS)} FROM bets WHERE hand_id = :h ORDER BY id"), {"h": hand["id"]}
            ).mappings().all()
            digest = hand_hash(head, hand_contents(hand, boxes, bets))
            bind.execute(sa.text("UPDATE hands SET prev_hash = :p, hash = :h WHERE id = :i"),
                         {"p": head, "h": digest, "i": hand["id"]})
            head = digest
            totals.add(hand, boxes, bets)
        bind.execute(sa.text("UPDATE sessions SET chain_key = :k, head_hash = :h, totals = :t WHERE id = :s"),
                     {"k": key, "h": head, "t": totals.to_json(), "s": session_id})


def downgrade() -> None:  # the bets and meters tables are left: older code ignores them
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("hash")
        batch.drop_column("prev_hash")
    with op.batch_alter_table("sessions") as batch:
        for column in ("lease_at", "lease_owner", "totals", "head_hash", "chain_key"):
            batch.drop_column(column)
    op.execute(sa.text("UPDATE schema_version SET version = 1"))
