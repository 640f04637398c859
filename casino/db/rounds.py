"""Storing a settled round: :func:`record_round` writes its hand row, box rows, bet rows, its link in the
hash chain and the session's new bankroll, head and totals (and any progressive meter it moved) in one
transaction: a session killed at any moment has every settled round or none of it.

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.db.hands import hands_of
    >>> from casino.db.sessions import create_session
    >>> from casino.games import load_game
    >>> from casino.sitting import Sitting, flat_stakes
    >>> from casino.strategy import play_mask
    >>> game = load_game("3-card-brag")
    >>> with Session(connect("sqlite://")) as db:
    ...     record = create_session(game, Fraction(50), {"seed": "doc"}, session=db)
    ...     sitting = Sitting(game, Fraction(50), seed="doc")
    ...     for _ in range(3):
    ...         before = sitting.bankroll
    ...         result = sitting.play_round(flat_stakes(1, Fraction(2))(sitting), play_mask(game, "optimal"))
    ...         _ = record_round(record.id, result, before, sitting.bankroll, session=db)
    ...     [h.round_no for h in hands_of(record.id, session=db)]
    [1, 2, 3]

A round dealt first as a pending hand (:func:`casino.db.pending.record_deal`) is stored with
``pending=True``: the pending row goes in the same transaction.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy import select as sa_select
from sqlmodel import Session

from casino.db.chain import hand_contents, hand_hash
from casino.db.database import SessionBusy, StoreError, written
from casino.db.meters import write_meter
from casino.db.models import BetRecord, BoxRecord, HandRecord, PendingHandRecord, utcnow
from casino.db.rows import SESSIONS, cards_text, core_table, genesis_of, money, totals_of
from casino.table import RoundResult

__all__ = ["StoredRound", "record_round"]


@dataclass(frozen=True)
class StoredRound:
    """What :func:`record_round` stored: the hand row's id, the round number and the hand's hash (the
    session's new head)."""

    id: int
    round_no: int
    hash: str = ""


# Core statements built once (no per-row ORM objects: auto-play stores hundreds of rounds a second)
_INSERT_HAND = core_table(HandRecord).insert()


_INSERT_BOX = core_table(BoxRecord).insert()


_INSERT_BET = core_table(BetRecord).insert()


#: what record_round reads of the session: its head, totals and what its genesis is made of
_SESSION_STATE = sa_select(SESSIONS.c.head_hash, SESSIONS.c.totals, SESSIONS.c.chain_key, SESSIONS.c.game_text,
                        SESSIONS.c.start_bankroll, SESSIONS.c.settings).where(SESSIONS.c.id == bindparam("sid"))


# the session row moves on only from the head the hand was chained to (a second writer is refused)
_UPDATE_SESSION = (
    SESSIONS.update()
    .where(SESSIONS.c.id == bindparam("sid"),
           (SESSIONS.c.head_hash == bindparam("prev")) | SESSIONS.c.head_hash.is_(None))
    .values(bankroll=bindparam("new_bankroll"), rounds=SESSIONS.c.rounds + 1, head_hash=bindparam("head"),
            totals=bindparam("totals"))
)


# ... and, for a process holding the session, only while it still holds it
_UPDATE_HELD = (
    SESSIONS.update()
    .where(SESSIONS.c.id == bindparam("sid"),
           (SESSIONS.c.head_hash == bindparam("prev")) | SESSIONS.c.head_hash.is_(None),
           SESSIONS.c.lease_owner == bindparam("owner"))
    .values(bankroll=bindparam("new_bankroll"), rounds=SESSIONS.c.rounds + 1, head_hash=bindparam("head"),
            totals=bindparam("totals"), lease_at=bindparam("now"))
)


_DELETE_PENDING = core_table(PendingHandRecord).delete().where(
    core_table(PendingHandRecord).c.session_id == bindparam("sid"), core_table(PendingHandRecord).c.round_no == bindparam("n"))


def _bet_rows(hand_id: int, result: RoundResult) -> list[dict[str, Any]]:
    return [
        {"hand_id": hand_id, "box": bet.box, "bet": bet.bet, "stake": money(bet.stake), "net": money(bet.net),
         "paid_hand": bet.hand, "meter": None if bet.meter is None else money(bet.meter)}
        for bet in result.settled
    ]


def _box_rows(hand_id: int, result: RoundResult) -> list[dict[str, Any]]:
    rows = []
    for box in result.boxes:
        nets = {s.bet: money(s.net) for s in box.settled}
        rows.append({
            "hand_id": hand_id, "box": box.box, "ante": money(box.ante), "pair_plus": money(box.pair_plus),
            "cards": cards_text(box.cards), "hand_name": box.hand_name,
            "decision": None if box.play is None else ("play" if box.play else "fold"), "outcome": box.outcome,
            "ante_net": nets.get("ante"), "play_net": nets.get("play"), "ante_bonus_net": nets.get("ante_bonus"),
            "pair_plus_net": nets.get("pair_plus"),
        })
    return rows


def record_round(
    session_id: int,
    result: RoundResult,
    bankroll_before: Fraction,
    bankroll_after: Fraction,
    *,
    session: Session,
    meters: Mapping[str, Fraction] | None = None,
    owner: str | None = None,
    pending: bool = False,
) -> StoredRound:
    """Store one settled round (its hand row, a row per box and a row per bet), its link in the hash chain,
    the session's new bankroll, head and running totals, and any progressive meter's new value
    (``meters``: name -> value), in one transaction.

    The session row is updated only if its head is still the one this hand was chained to (and, with
    ``owner``, if this process still holds the session, see :func:`casino.db.leases.claim_session`): a second process
    writing the same session is refused (:class:`~casino.db.database.SessionBusy`) and its hand is not
    stored. Written with bulk inserts (no per-row ORM objects): auto-play stores hundreds of rounds a
    second, each still committed on its own.

    ``pending``: the round was stored as the session's pending hand when dealt (:func:`casino.db.pending.record_deal`); it is
    removed in the same transaction, and the hand is refused if it is no longer pending (settled already).
    """
    state = session.connection().execute(_SESSION_STATE, {"sid": session_id}).first()
    if state is None:
        raise StoreError(f"no session {session_id} in this database (see 'brag sessions')")
    prev = state.head_hash or genesis_of(state)
    values = {
        "session_id": session_id,
        "round_no": result.round_no,
        "played_at": utcnow(),
        "commitment": result.commitment,
        "seed": result.seed.hex(),
        "dealer_cards": cards_text(result.dealer_cards),
        "dealer_hand": result.dealer_hand,
        "qualifies": result.qualifies,
        "wagered": money(result.wagered),
        "net": money(result.net),
        "bankroll_before": money(bankroll_before),
        "bankroll_after": money(bankroll_after),
        "events": json.dumps([e.to_dict() for e in result.events]),
        "prev_hash": prev,
    }
    boxes = _box_rows(0, result)
    bets = _bet_rows(0, result)
    digest = hand_hash(prev, hand_contents(values, boxes, bets))
    values["hash"] = digest
    totals = totals_of(state)
    totals.add(values, boxes, bets)
    with written(session):  # KeyboardInterrupt too: nothing half-written is committed later
        connection = session.connection()
        if pending:
            gone = connection.execute(_DELETE_PENDING, {"sid": session_id, "n": result.round_no}).rowcount
            if gone != 1:
                raise SessionBusy(f"session {session_id}: hand {result.round_no} is no longer pending (settled "
                                  "elsewhere?): it was not stored again")
        key = connection.execute(_INSERT_HAND, values).inserted_primary_key
        assert key is not None
        hand_id = int(key[0])
        connection.execute(_INSERT_BOX, [{**row, "hand_id": hand_id} for row in boxes])
        if bets:
            connection.execute(_INSERT_BET, [{**row, "hand_id": hand_id} for row in bets])
        changed = connection.execute(
            _UPDATE_HELD if owner is not None else _UPDATE_SESSION,
            {"sid": session_id, "new_bankroll": money(bankroll_after), "prev": prev, "head": digest,
             "totals": totals.to_json(), "owner": owner, "now": utcnow()},
        ).rowcount
        if changed != 1:
            raise SessionBusy(f"session {session_id} is being played by another process: hand {result.round_no} "
                              "was not stored")
        for name, value in (meters or {}).items():
            write_meter(connection, name, value)
    return StoredRound(hand_id, result.round_no, digest)
