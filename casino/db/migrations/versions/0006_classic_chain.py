"""Traditional Brag's hash chain (see :mod:`casino.db.classic_chain`): ``classic_sessions.chain_key``,
``head_hash``, ``dealt_hand`` (the hand dealt and not settled) and ``chain_from``; ``prev_hash`` and
``hash`` on ``classic_hands`` and ``classic_pending``.

Sessions stored before this revision are chained here, from what is stored (the values as they are:
a row that cannot be read is chained too, and verify names it), and their ``chain_from`` says which
hands were chained at the upgrade rather than as they were played: a head kept from now on pins them
as they are now. Streamed a session at a time.

Revision ID: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from casino.db.classic_chain import (HAND_FIELDS, SESSION_FIELDS, action_hashes, deal_hash, genesis_hash,
                                         new_chain_key, settled_hash)

    with op.batch_alter_table("classic_sessions") as batch:
        batch.add_column(sa.Column("chain_key", sa.String(), nullable=True))
        batch.add_column(sa.Column("head_hash", sa.String(), nullable=True))
        batch.add_column(sa.Column("dealt_hand", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("chain_from", sa.Integer(), nullable=True))
    for table in ("classic_hands", "classic_pending"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("prev_hash", sa.String(), nullable=True))
            batch.add_column(sa.Column("hash", sa.String(), nullable=True))

    bind = op.get_bind()
    fields = [f for f in SESSION_FIELDS if f != "chain_from"]
    sessions = bind.execute(sa.text(f"SELECT id, {', '.join(fields)} FROM classic_sessions ORDER BY id")).mappings()
    for record in sessions.all():
        sid = record["id"]
        hands = bind.execute(sa.text(f"SELECT id, {', '.join(HAND_FIELDS)} FROM classic_hands WHERE session_id = :s "
                                     "ORDER BY hand_no"), {"s": sid}).mappings().all()
        pending = bind.execute(sa.text("SELECT id, hand_no, commitment, actions FROM classic_pending "
                                       "WHERE session_id = :s"), {"s": sid}).mappings().first()
        numbers = [h["hand_no"] for h in hands] + ([pending["hand_no"]] if pending is not None else [])
        last = max((n for n in numbers if isinstance(n, int)), default=0)
        key = new_chain_key()
        head = genesis_hash(key, {**record, "chain_from": last + 1})
        for hand in hands:
            digest = settled_hash(head, hand)
            bind.execute(sa.text("UPDATE classic_hands SET prev_hash = :p, hash = :h WHERE id = :i"),
                         {"p": head, "h": digest, "i": hand["id"]})
            head = digest
        dealt = None
        if pending is not None:
            dealt = pending["hand_no"]
            link = deal_hash(head, dealt, pending["commitment"])
            link = ([link] + action_hashes(link, pending["actions"]))[-1]
            bind.execute(sa.text("UPDATE classic_pending SET prev_hash = :p, hash = :h WHERE id = :i"),
                         {"p": head, "h": link, "i": pending["id"]})
            head = link
        bind.execute(sa.text("UPDATE classic_sessions SET chain_key = :k, head_hash = :h, dealt_hand = :d, "
                             "chain_from = :f WHERE id = :s"),
                     {"k": key, "h": head, "d": dealt, "f": last + 1, "s": sid})


def downgrade() -> None:
    for table in ("classic_pending", "classic_hands"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("hash")
            batch.drop_column("prev_hash")
    with op.batch_alter_table("classic_sessions") as batch:
        for column in ("chain_from", "dealt_hand", "head_hash", "chain_key"):
            batch.drop_column(column)
