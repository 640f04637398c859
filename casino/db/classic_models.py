"""The stored traditional Brag sessions: one row per session, one per settled hand. SQLModel tables.

Kept apart from the casino table's rows (:mod:`casino.db.models`) in their own tables
(``classic_sessions``, ``classic_hands``) in the same database. Amounts are exact text (``"7/2"``);
lists and the hand's events and actions are JSON; cards are indices 0-53 (52 and 53 the jokers).
Each session carries a hash chain (:mod:`casino.db.classic_chain`): its key and head in the session row,
each settled hand's ``prev_hash`` and ``hash``, and the hand in play's links in its pending record.
"""

from __future__ import annotations

from datetime import datetime
from typing import Optional

from sqlmodel import Field, SQLModel, UniqueConstraint

from casino.db.columns import check_whole_numbers
from casino.db.models import utcnow

__all__ = ["ClassicSessionRecord", "ClassicHandRecord", "ClassicPendingRecord"]


class ClassicSessionRecord(SQLModel, table=True):
    """A session at a traditional Brag table: the rules (a snapshot of the file), the seats, the state."""

    __tablename__ = "classic_sessions"

    id: Optional[int] = Field(default=None, primary_key=True)
    rules_name: str
    rules_text: str  # the rules as TOML, as they were when the session started
    names: str  # JSON list of seat names, in table order
    players: str  # JSON list: "you" or the computer player's kind, per seat
    start_chips: str  # JSON list of exact amounts
    chips: str  # JSON list, after the last settled hand
    hand_limit: int
    hands_played: int = 0
    started_at: datetime = Field(default_factory=utcnow)
    ended_at: Optional[datetime] = None
    end_reason: Optional[str] = None  # hands, bust, quit, interrupted
    settings: str = "{}"  # JSON: seed text (when reproducible), auto
    table_state: str = "{}"  # JSON: ClassicTable.snapshot() after the last settled hand (what --resume reads)
    chain_key: Optional[str] = None  # random hex: the start (genesis) of this session's hash chain is its own
    head_hash: Optional[str] = None  # the chain's newest link: the last settled hand, or the hand in play's deal/action
    dealt_hand: Optional[int] = None  # the hand dealt and not settled (its pending record holds it), else None
    chain_from: Optional[int] = None  # the first hand dealt under the chain (1; later for sessions stored before it)


class ClassicHandRecord(SQLModel, table=True):
    """One settled hand: the committed pack, the seed revealed, the deal, every action and event."""

    __tablename__ = "classic_hands"
    __table_args__ = (UniqueConstraint("session_id", "hand_no"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="classic_sessions.id", index=True)
    hand_no: int
    played_at: datetime = Field(default_factory=utcnow)
    commitment: str  # SHA-256 of seed || pack order, shown before the deal
    seed: str  # hex, revealed after the hand
    shuffled: bool
    pack: str  # JSON list: the pack order committed to (top first)
    pack_after: str  # JSON list: the order left for the next deal
    seats: str  # JSON list: table seats playing, in the hand's numbering
    dealer: int  # hand seat
    first: int  # hand seat that acted first
    held_out: str  # JSON: per hand seat, a kept blind hand brought in (or [])
    dealt: str  # JSON: per hand seat, its hands as dealt
    chips_before: str
    chips_after: str
    borrowed: str
    actions: str  # JSON list of [hand seat, action dict]
    events: str  # JSON list of event dicts (table seat numbers)
    showdown: bool
    prial_won: bool
    kept_blind: int  # hand seat keeping its blind hand, or -1
    summary: str  # one line: who won what
    prev_hash: Optional[str] = None  # the hash before its deal: the last settled hand's, or the session's genesis
    hash: Optional[str] = None  # over its deal's link and every column above (casino.db.classic_chain)


class ClassicPendingRecord(SQLModel, table=True):
    """A hand started and not settled: stored when the hand starts (its pack committed, the antes taken),
    before any card is shown, and with every action as it is taken; removed in the transaction that stores
    the settled hand. At most one per session. A resume deals it again from the stored seed and the table
    state before it (the same pack, the same cards, the same antes) and replays the actions."""

    __tablename__ = "classic_pending"

    id: Optional[int] = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="classic_sessions.id", unique=True)
    hand_no: int
    started_at: datetime = Field(default_factory=utcnow)
    seed: str  # hex: the hand's seed (the pack it shuffles, with the table state before the hand)
    commitment: str  # the pack commitment shown before the deal
    actions: str = "[]"  # JSON list of [hand seat, action dict], every action taken so far (keep included)
    prev_hash: Optional[str] = None  # the session's head when the hand was dealt
    hash: Optional[str] = None  # the hand's newest link: its deal's, then each stored action's (the session's head)


# hand numbers, seats, counts: read back only as whole numbers (casino.db.columns)
check_whole_numbers(ClassicSessionRecord, ClassicHandRecord, ClassicPendingRecord)
