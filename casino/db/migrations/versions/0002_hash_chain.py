"""The hash chain (hands.prev_hash, hands.hash, sessions.chain_key, sessions.head_hash), the running
totals a resume reads (sessions.totals) and the play lease (sessions.lease_owner, sessions.lease_at).

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
    from casino.db.chain import BOX_FIELDS, HAND_FIELDS, Totals, genesis_hash, hand_contents, hand_hash, new_chain_key

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
            digest = hand_hash(head, hand_contents(hand, boxes))
            bind.execute(sa.text("UPDATE hands SET prev_hash = :p, hash = :h WHERE id = :i"),
                         {"p": head, "h": digest, "i": hand["id"]})
            head = digest
            totals.add_hand(hand["wagered"], hand["net"])
            for b in boxes:
                totals.add_box(b["decision"], {"ante": b["ante"], "play": b["ante"], "pair_plus": b["pair_plus"]},
                               {bet: b[f"{bet}_net"] for bet in ("ante", "play", "ante_bonus", "pair_plus")},
                               pair_plus=b["pair_plus"])
        bind.execute(sa.text("UPDATE sessions SET chain_key = :k, head_hash = :h, totals = :t WHERE id = :s"),
                     {"k": key, "h": head, "t": totals.to_json(), "s": session_id})


def downgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("hash")
        batch.drop_column("prev_hash")
    with op.batch_alter_table("sessions") as batch:
        for column in ("lease_at", "lease_owner", "totals", "head_hash", "chain_key"):
            batch.drop_column(column)
    op.execute(sa.text("UPDATE schema_version SET version = 1"))
