"""Pending hands: a round is on record from the moment it is dealt.

:func:`record_deal` writes the session's *pending hand* (the bets, the house seed and its commitment, the
client seed, the cards shown) in one transaction before any card is shown;
:func:`casino.db.rounds.record_round` with ``pending=True`` stores the settled hand and removes the pending
one in one transaction. :func:`pending_hand` reads it back (what a resume re-deals). A session has at most
one pending hand, and its row notes each hand dealt: one whose pending row was deleted is then seen to be
missing (:func:`missing_deal`), never dealt afresh.

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.db.sessions import create_session
    >>> from casino.games import load_game
    >>> from casino.sitting import Sitting, flat_stakes
    >>> game = load_game("3-card-brag")
    >>> with Session(connect("sqlite://")) as db:
    ...     sid = create_session(game, Fraction(50), {"seed": "doc"}, session=db).id
    ...     sitting = Sitting(game, Fraction(50), seed="doc")
    ...     rnd = sitting.deal(flat_stakes(1, Fraction(2))(sitting))
    ...     stored = record_deal(sid, rnd, Fraction(50), session=db)
    ...     pending_hand(sid, session=db) == stored, stored.round_no, stored.on_felt
    (True, 1, Fraction(2, 1))
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import bindparam, insert, update
from sqlalchemy import select as sa_select
from sqlmodel import Session

from casino.db.chain import hand_hash
from casino.db.end_reasons import MOVED
from casino.db.database import SessionBusy, StoreError, UnreadableData, written
from casino.db.models import PendingHandRecord, utcnow
from casino.db.rows import SESSIONS, cards_text, core_table, genesis_of, hand_row, money, read_amount, unreadable
from casino.events import BoxBets

__all__ = ["PendingHand", "pending_hash", "record_deal", "missing_deal", "pending_hand"]


@dataclass(frozen=True)
class PendingHand:
    """A hand dealt and not settled (a row of ``pending_hands``), read back: what a resume re-deals.

    ``cards``: each box's cards as shown (``{1: "Qs 9d 2c"}``); ``bets``: the stakes on the felt."""

    session_id: int
    round_no: int
    commitment: str
    seed: str
    client_seed: str | None
    bets: tuple[BoxBets, ...]
    bankroll_before: Fraction
    cards: dict[int, str]
    prev_hash: str
    hash: str
    dealt_at: Any = None

    @property
    def on_felt(self) -> Fraction:
        """The stakes placed before the deal (the Play bets are not placed yet)."""
        return sum((b.own_stakes for b in self.bets), Fraction(0))


def pending_hash(prev_hash: str, round_no: int, commitment: str, seed: str, client_seed: str | None, bets: str,
                 bankroll_before: str, cards: str) -> str:
    """The hash a pending hand carries: over the session's head when it was dealt and everything stored
    with it (:func:`casino.db.chain.hand_hash` of a ``{"pending": …}`` contents, which no settled hand has)."""
    return hand_hash(prev_hash, {"pending": [round_no, commitment, seed, client_seed, json.loads(bets),
                                             str(Fraction(bankroll_before)), json.loads(cards)]})


_PENDING = core_table(PendingHandRecord)


_SESSION_OPEN = sa_select(SESSIONS.c.ended_at, SESSIONS.c.head_hash, SESSIONS.c.chain_key, SESSIONS.c.game_text,
                          SESSIONS.c.start_bankroll, SESSIONS.c.settings, SESSIONS.c.rounds, SESSIONS.c.bankroll,
                          SESSIONS.c.lease_owner, SESSIONS.c.totals, SESSIONS.c.end_reason
                          ).where(SESSIONS.c.id == bindparam("sid"))


def record_deal(session_id: int, rnd: Any, bankroll_before: Fraction | None = None, *, session: Session,
                owner: str | None = None) -> PendingHand | None:
    """Store a round just dealt (a :class:`casino.table.Round`) as the session's pending hand, in one
    transaction, BEFORE any of its cards is shown: its bets, its house seed and commitment, the client
    seed, the player's cards and the bankroll the stakes came from (``bankroll_before``).

    Refused (nothing stored: the cards must then not be shown) when the session has ended, already has a
    pending hand, the round is not the session's next one, or (``owner``) this process no longer holds
    the session (:class:`~casino.db.database.SessionBusy`).

    ``rnd=None`` (a front end that does not store pending hands yet: the head-to-head service) only checks
    that the session is open, and stores nothing.
    """
    connection = session.connection()
    state = connection.execute(_SESSION_OPEN, {"sid": session_id}).first()
    if state is None:
        raise StoreError(f"no session {session_id} in this database (see 'brag sessions')")
    if state.ended_at is not None:
        if state.end_reason == MOVED:  # no resume here: it plays on in the other database
            raise StoreError(f"session {session_id} was moved to another database by 'brag db copy --move': it plays on there")
        raise StoreError(f"session {session_id} has ended: resume it with 'brag play --resume {session_id}'")
    if rnd is None:
        return None
    assert bankroll_before is not None, "record_deal needs the bankroll the stakes came from"
    if rnd.round_no != state.rounds + 1:
        raise StoreError(f"session {session_id} holds {state.rounds} hand(s): hand {rnd.round_no} cannot be dealt next")
    prev = state.head_hash or genesis_of(state)
    bets = json.dumps([b.to_dict() for b in rnd.bets], sort_keys=True)
    cards = json.dumps({str(box): cards_text(c) for box, c in sorted(rnd.cards.items())}, sort_keys=True)
    values = {
        "session_id": session_id, "round_no": rnd.round_no, "dealt_at": utcnow(), "commitment": rnd.commitment,
        "seed": rnd.seed.hex(), "client_seed": rnd.client_seed, "bets": bets, "bankroll_before": money(bankroll_before),
        "cards": cards, "prev_hash": prev,
    }
    values["hash"] = pending_hash(prev, rnd.round_no, rnd.commitment, values["seed"], rnd.client_seed, bets,
                                  values["bankroll_before"], cards)
    with written(session):  # KeyboardInterrupt too: nothing half-written is committed later
        if connection.execute(sa_select(_PENDING.c.round_no).where(_PENDING.c.session_id == session_id)).first():
            raise StoreError(f"session {session_id} already has a hand pending: settle it first")
        if owner is not None:  # still ours: a seat taken over (another process, another page) deals nothing
            changed = connection.execute(
                update(SESSIONS).where(SESSIONS.c.id == session_id, SESSIONS.c.lease_owner == owner)
                .values(lease_at=utcnow())).rowcount
            if changed != 1:
                raise SessionBusy(f"session {session_id} is being played by another process: hand {rnd.round_no} "
                                  "was not dealt")
        connection.execute(insert(_PENDING), values)
        _mark_dealt(connection, session_id, rnd.round_no, state.totals)
    return _pending(values)


def _mark_dealt(connection: Any, session_id: int, round_no: int, text: str | None) -> None:
    """Note in the session's row (its totals, as read: ``text``) that hand ``round_no`` was dealt: a pending
    hand whose row is later deleted is then seen to be missing (:func:`missing_deal`), not dealt afresh."""
    data = json.loads(text) if text else {}
    data["dealt"] = round_no  # the settled hand's totals (Totals.to_json) drop it again: then dealt == rounds
    connection.execute(update(SESSIONS).where(SESSIONS.c.id == session_id).values(totals=json.dumps(data, sort_keys=True)))


def missing_deal(record: Any, pending: Any) -> int | None:
    """The hand the session's row says was dealt and that has no record (no pending row, not settled): a
    deleted pending hand. ``None`` when every dealt hand is on record. Resume refuses such a session (dealing
    that hand afresh would be a free re-deal) and verify reports it."""
    try:
        dealt = json.loads(record.totals or "{}").get("dealt")
    except (ValueError, AttributeError):
        return None  # unreadable totals are reported where they are read
    if isinstance(dealt, int) and not isinstance(dealt, bool) and dealt > record.rounds and pending is None:
        return dealt
    return None


def _pending(row: Any) -> PendingHand:
    def get(name: str) -> Any:
        return row[name] if isinstance(row, Mapping) else getattr(row, name)

    where = hand_row(get("round_no"), get("session_id"))

    def parsed(column: str, read: Any) -> Any:
        """A stored JSON column read, or one line naming it (not JSON, not what this code writes there)."""
        try:
            return read(json.loads(get(column)))
        except UnreadableData:
            raise
        except (ValueError, TypeError, AttributeError, LookupError, ArithmeticError, RecursionError):
            raise unreadable(f"pending_hands.{column}", where, get(column)) from None

    return PendingHand(
        session_id=int(get("session_id")), round_no=int(get("round_no")), commitment=get("commitment"),
        seed=get("seed"), client_seed=get("client_seed"),
        bets=parsed("bets", _pending_bets),
        bankroll_before=read_amount(get("bankroll_before"), "pending_hands.bankroll_before", where),
        cards=parsed("cards", lambda cards: {int(box): text for box, text in cards.items()}),
        prev_hash=get("prev_hash"), hash=get("hash"), dealt_at=get("dealt_at"),
    )


def _pending_bets(rows: list[Any]) -> tuple[Any, ...]:
    """A pending hand's stakes: each box's :class:`BoxBets`, or a head-to-head game's bets (``{"bet", "stake"}``
    rows, read as :class:`casino.head_to_head_table.HeadToHeadStake`)."""
    if rows and all(isinstance(row, dict) and "bet" in row for row in rows):
        from casino.head_to_head_table import HeadToHeadStake

        return tuple(HeadToHeadStake.from_dict(row) for row in rows)
    return tuple(BoxBets.from_dict(b) for b in rows)


def pending_hand(session_id: int, *, session: Session, raw: bool = False) -> Any:
    """The session's pending hand (:class:`PendingHand`), or ``None``. ``raw``: the stored row as it is
    (what verification checks), not parsed."""
    row = session.connection().execute(sa_select(_PENDING).where(_PENDING.c.session_id == session_id)).first()
    if row is None or raw:
        return row
    return _pending(row)
