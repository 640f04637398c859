"""The stored data: sessions, their hands (rounds), each hand's boxes and each box's bets; progressive meters.

Amounts are exact: written as the text of a fraction (``"25/2"`` for 12.5), read back with
:class:`fractions.Fraction` (never a float, never rounded: a third of a chip stays a third). Cards are
written as ``"Qs 9d 2c"``. A hand row also keeps the round's events as JSON (what a replay shows), its
seed and commitment (what verification checks) and its link in the session's hash chain
(:mod:`casino.db.chain`): ``prev_hash`` (the previous hand's ``hash``, or the session's genesis) and
``hash`` over ``prev_hash`` and the hand's full contents. The session row keeps the chain's head, the
running totals that a resume reads instead of every hand, and the lease that lets one process at a
time play it. The schema is changed only by the Alembic migrations in ``casino/db/migrations``.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Optional

from sqlmodel import Field, SQLModel, UniqueConstraint

from casino.db.columns import check_whole_numbers

__all__ = ["SchemaVersion", "SessionRecord", "HandRecord", "BoxRecord", "BetRecord", "MeterRecord", "PendingHandRecord",
           "utcnow"]


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class SchemaVersion(SQLModel, table=True):
    """One row: the version of the schema this database holds."""

    __tablename__ = "schema_version"

    id: int = Field(default=1, primary_key=True)
    version: int


class SessionRecord(SQLModel, table=True):
    """A sitting at the table: the game (with a snapshot of its file), bankrolls and settings."""

    __tablename__ = "sessions"

    id: Optional[int] = Field(default=None, primary_key=True)
    game: str  # the game's name, e.g. "3 Card Brag"
    game_source: str  # the file it came from ("3-card-brag (built-in)" or a path)
    game_text: str  # the whole game file as it was when the session started
    started_at: datetime = Field(default_factory=utcnow)
    ended_at: Optional[datetime] = None
    end_reason: Optional[str] = None  # quit, bankroll, hands, stop-win, stop-loss
    start_bankroll: str
    bankroll: str  # after the last settled round
    rounds: int = 0  # settled rounds stored
    settings: str = "{}"  # JSON: boxes, ante, pair_plus, hints, auto, strategy, seed…
    chain_key: Optional[str] = None  # random hex: makes the chain's start (genesis) unique to this session
    head_hash: Optional[str] = None  # the last hand's hash (the genesis before the first hand)
    totals: Optional[str] = None  # JSON running totals (casino.db.chain.Totals): what a resume reads
    lease_owner: Optional[str] = None  # "host:pid:token" of the process playing it now (None: nobody)
    lease_at: Optional[datetime] = None  # when that process last wrote


class HandRecord(SQLModel, table=True):
    """One settled round."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("session_id", "round_no"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="sessions.id", index=True)
    round_no: int
    played_at: datetime = Field(default_factory=utcnow)
    commitment: str  # SHA-256 of the seed, shown before the round
    seed: str  # hex, revealed after the round
    dealer_cards: str
    dealer_hand: str
    qualifies: bool
    wagered: str
    net: str
    bankroll_before: str
    bankroll_after: str
    events: str  # JSON list of casino.events records
    prev_hash: Optional[str] = None  # the previous hand's hash (the session's genesis for hand 1)
    hash: Optional[str] = None  # SHA-256 over prev_hash and this hand's canonical contents (and its boxes)


class BoxRecord(SQLModel, table=True):
    """One box of a round: its bets, cards, decision and each bet's result (``None``: no such bet)."""

    __tablename__ = "boxes"
    __table_args__ = (UniqueConstraint("hand_id", "box"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    hand_id: int = Field(foreign_key="hands.id", index=True)
    box: int
    ante: str
    pair_plus: str
    cards: str
    hand_name: str
    decision: Optional[str] = None  # play, fold, or None without an Ante
    outcome: Optional[str] = None  # fold, dealer_not_qualify, win, tie, lose
    ante_net: Optional[str] = None
    play_net: Optional[str] = None
    ante_bonus_net: Optional[str] = None
    pair_plus_net: Optional[str] = None


class BetRecord(SQLModel, table=True):
    """One bet of one box of a round (every bet of :mod:`casino.bets`, side bets included).

    ``stake``: the chips on it (for the Ante Bonus, the Ante it is paid on); ``net``: what the player
    gained (+) or lost (-); ``paid_hand``: the hand a side bet paid on (``"royal_flush"``), ``None``
    otherwise; ``meter``: the progressive meter it was settled against (progressive only).
    """

    __tablename__ = "bets"
    __table_args__ = (UniqueConstraint("hand_id", "box", "bet"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    hand_id: int = Field(foreign_key="hands.id", index=True)
    box: int
    bet: str  # a casino.bets.BetName
    stake: str
    net: str
    paid_hand: Optional[str] = None
    meter: Optional[str] = None


class PendingHandRecord(SQLModel, table=True):
    """A hand dealt and not settled yet: written in one transaction BEFORE its cards are shown, removed in the
    transaction that stores the settled hand. At most one per session.

    It holds what re-deals exactly the same cards (the house ``seed``, the ``client_seed`` if any, the
    ``bets``), the ``commitment`` shown before the bets, the player's cards as dealt (``cards``: JSON
    ``{"box": "Qs 9d 2c"}``), the bankroll the stakes came from, and ``hash``: SHA-256 over ``prev_hash``
    (the session's head when it was dealt) and all of that (:func:`casino.db.store.pending_hash`).
    """

    __tablename__ = "pending_hands"

    id: Optional[int] = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="sessions.id", unique=True)
    round_no: int
    dealt_at: datetime = Field(default_factory=utcnow)
    commitment: str
    seed: str  # hex: the house seed (the database lives with the house: see docs/fairness.md)
    client_seed: Optional[str] = None
    bets: str  # JSON list of casino.events.BoxBets.to_dict()
    bankroll_before: str
    cards: str  # JSON {box: cards}: what the player was shown
    prev_hash: str
    hash: str


class MeterRecord(SQLModel, table=True):
    """A progressive meter (units of the stake), shared by every session that plays the same table."""

    __tablename__ = "progressive_meters"

    name: str = Field(primary_key=True)  # the progressive paytable's name
    meter: str  # exact text, as every amount
    updated_at: datetime = Field(default_factory=utcnow)


# hand numbers, boxes, counts: read back only as whole numbers (casino.db.columns)
check_whole_numbers(SchemaVersion, SessionRecord, HandRecord, BoxRecord, BetRecord, PendingHandRecord, MeterRecord)
