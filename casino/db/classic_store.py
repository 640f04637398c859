"""Reading, writing and verifying traditional Brag sessions. Every function takes ``session=``.

    >>> import random
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.classic.rules import load_rules
    >>> from casino.classic.table import ClassicTable
    >>> from casino.classic.view import SimpleOpponent
    >>> rules = load_rules("classic-brag")
    >>> with Session(connect("sqlite://")) as db:
    ...     record = create_session(rules, ["You", "Ann"], ["simple", "simple"], 15, {"seed": "doc"}, session=db)
    ...     table = ClassicTable(rules, ["You", "Ann"], seed="doc")
    ...     for _ in range(3):
    ...         _ = save_hand(record.id, table.play_hand([SimpleOpponent()] * 2, random.Random(1)), table, session=db)
    ...     [h.hand_no for h in hands_of(record.id, session=db)], verify_classic(record.id, session=db)
    ([1, 2, 3], [])

:func:`save_hand` writes the hand's row and the session's new chips and table state in one
transaction: a session killed at any moment has every settled hand or none of it, and resumes from
the last one (:func:`resume_table`).

No free re-deal: :func:`start_pending` stores a hand as *pending* when it starts (its seed and pack
commitment, the antes taken) BEFORE any card is shown, :func:`record_action` adds each action as it is
taken, and :func:`save_hand` removes the pending hand in the transaction that stores it settled. A resume
(:func:`resume_table` with ``session=``) deals the pending hand again from the table state before it and
its stored seed — the same pack, the same cards, the same antes — and replays its actions: the player
carries on from where the hand stopped, never from a new deal. :func:`resume_session` is the one rule for a
resume, which the terminal and the web both call: what it refuses, and what (settled hands before the last)
it never reads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence, cast

from sqlalchemy import func as sa_func
from sqlalchemy import select as sa_select
from sqlalchemy import update
from sqlmodel import Session, col, select

import casino.db.classic_models  # noqa: F401 - the tables must be known before the database is connected
from casino.classic.actions import Chips, IllegalAction, Keep, action_from_dict, action_to_dict, event_from_dict
from casino.classic.rules import MAX_HANDS, ClassicRules, parse_rules_text  # MAX_HANDS: the one limit, re-exported
from casino.classic.state import typable_unit
from casino.classic.table import ClassicTable, HandRecord
from casino.db.classic_chain import action_hash, deal_hash, genesis_hash, new_chain_key, settled_hash
from casino.db.classic_models import ClassicHandRecord, ClassicPendingRecord, ClassicSessionRecord
from casino.db.classic_rows import READ_ERRORS, UnreadableRecord, amounts, numbers, shown, stored_json, texts
from casino.db.database import StoreError, UnreadableData, written
from casino.db.models import utcnow
from casino.errors import BragError
from casino.fair import SeedSource, seed_from_hex
from casino.money import amount_text, common_unit
from casino.ids import MAX_ID

__all__ = [
    "create_session", "save_hand", "end_session", "reopen_session", "get_session", "list_sessions", "hands_of", "get_hand",
    "resume_table", "rules_of", "verify_classic", "hand_from_row", "summary_line", "start_pending", "record_action",
    "pending_of", "PinnedSeeds", "sealed_from", "still_dealt_from", "SEALED_NOTE", "deal_pending", "pending_summary", "pending_line",
    "MovedOn", "ENDED_FOR_GOOD", "LEFT", "seats_of", "settings_of", "SQL_ID_RANGE", "NoClassicSession", "Resumed",
    "resume_session", "MAX_HANDS",
]


#: The ids a database can hold (SQLite's and PostgreSQL's 64-bit integers, :data:`casino.ids.MAX_ID` the
#: largest): any other is no session.
SQL_ID_RANGE = range(-MAX_ID - 1, MAX_ID + 1)


class NoClassicSession(StoreError):
    """The database holds no classic session with that id (the web answers 404)."""


class MovedOn(StoreError):
    """The session's stored head is not the one this table holds: another table (the terminal, the web)
    has played it on, or its record was changed. Nothing is written."""


_SESSIONS = ClassicSessionRecord.__table__  # type: ignore[attr-defined]
_HANDS = ClassicHandRecord.__table__  # type: ignore[attr-defined]


def _chain_state(session_id: int, *, session: Session) -> Any:
    """The session row's chain columns as stored now (read through the connection: never a stale copy)."""
    row = session.connection().execute(
        sa_select(_SESSIONS.c.chain_key, _SESSIONS.c.head_hash, _SESSIONS.c.dealt_hand, _SESSIONS.c.end_reason,
                  _SESSIONS.c.hand_limit)
        .where(_SESSIONS.c.id == session_id)).first()
    if row is None:
        raise StoreError(f"no classic session {session_id} in this database (see 'brag sessions --classic')")
    if not row.chain_key or not row.head_hash:
        raise StoreError(f"classic session {session_id} has no hash chain (its record was changed): it is not "
                         f"played on (see 'brag verify {session_id} --classic')")
    return row


def _move_head(session: Session, session_id: int, old: str, new: str, dealt: int | None) -> None:
    """Move the session's head from ``old`` to ``new`` (and its dealt hand), only if it is still ``old``."""
    changed = session.connection().execute(
        update(_SESSIONS).where(_SESSIONS.c.id == session_id, _SESSIONS.c.head_hash == old)
        .values(head_hash=new, dealt_hand=dealt)).rowcount
    if changed != 1:
        raise MovedOn(f"classic session {session_id} has moved on since this table read it (another table is "
                      "playing it, or its record was changed): nothing was stored")


def _amounts(values: Sequence[Any]) -> str:
    return json.dumps([str(Fraction(v)) for v in values])


def create_session(rules: ClassicRules, names: Sequence[str], players: Sequence[str], hand_limit: int,
                   settings: dict[str, Any], *, session: Session, chips: Sequence[Fraction] | None = None
                   ) -> ClassicSessionRecord:
    """A new session row (before the first hand). A practice seed text (``settings["seed"]``) is checked as the
    casino table's is (:func:`casino.practice.check_practice_seed`), for the terminal and the web alike."""
    from casino.practice import check_practice_seed

    if settings.get("seed") is not None:
        check_practice_seed(settings["seed"])
    start = list(chips) if chips is not None else [rules.chips] * len(names)
    unit = common_unit(Fraction(x) for x in (*start, rules.ante, rules.min_bet, rules.max_bet))
    if not typable_unit(unit):  # every amount the table offers (all a seat has, a blind half) can be typed back:
        # not so with 1/Q1 chips and a 1/Q2 ante, each 31 digits
        raise BragError(f"the chips and the rules' amounts (ante, least and most bet) together are in units of "
                        f"1/{unit}, finer than a bet can be typed (a denominator of at most 31 digits): take amounts "
                        "in coarser units")
    short = [name for name, c in zip(names, start) if Fraction(c) < rules.ante or Fraction(c) <= 0]
    if short:  # refused before anything is stored: a session nobody can play is not kept
        whose = "Your" if short[0] == "You" else f"{short[0]}'s"
        raise BragError(f"{whose} chips ({amount_text(Fraction(start[list(names).index(short[0])]))}) are below "
                        f"the ante ({amount_text(rules.ante)}): nothing could be played")
    record = ClassicSessionRecord(
        rules_name=rules.name, rules_text=rules.to_toml(), names=json.dumps(list(names)),
        players=json.dumps(list(players)), start_chips=_amounts(start), chips=_amounts(start),
        hand_limit=hand_limit, settings=json.dumps(settings), chain_key=new_chain_key(), chain_from=1,
    )
    record.head_hash = genesis_hash(record.chain_key or "", record)
    with written(session):
        session.add(record)
    session.refresh(record)
    return record


def summary_line(record: HandRecord) -> str:
    """Who won what, in one line, every seat in the third person as a stored hand keeps it
    (``Ann wins 12; Bob wins side pot 1 6``: :func:`casino.classic.words.hand_summary`)."""
    from casino.classic.words import hand_summary

    return hand_summary(record)


def save_hand(session_id: int, record: HandRecord, table: ClassicTable, *, session: Session) -> ClassicHandRecord:
    """Store one settled hand, its link in the hash chain and the session's new chips, table state and head,
    in one transaction (removing the hand's pending record). Refused (:class:`StoreError`, nothing stored)
    when the session's record says another hand is in play, or its pending record is gone."""
    sitting = get_session(session_id, session=session)
    chain = _chain_state(session_id, session=session)
    pending = pending_of(session_id, session=session)
    if pending is None and chain.dealt_hand is not None:
        raise StoreError(f"classic session {session_id}: hand {chain.dealt_hand} was dealt and its pending record is "
                         "missing: nothing is stored")
    prev = pending.prev_hash if pending is not None else chain.head_hash
    row = ClassicHandRecord(
        session_id=session_id, hand_no=record.hand_no, commitment=record.commitment, seed=record.seed.hex(),
        shuffled=record.shuffled, pack=json.dumps(record.pack), pack_after=json.dumps(record.pack_after),
        seats=json.dumps(record.seats), dealer=record.dealer, first=record.first,
        held_out=json.dumps(record.held_out), dealt=json.dumps([[list(h) for h in hs] for hs in record.dealt]),
        chips_before=_amounts(record.chips_before), chips_after=_amounts(record.chips_after),
        borrowed=_amounts(record.borrowed),
        actions=json.dumps([[seat, action_to_dict(action)] for seat, action in record.actions]),
        events=json.dumps([e.to_dict() for e in record.events]), showdown=record.showdown,
        prial_won=record.prial_won, kept_blind=record.kept_blind, summary=summary_line(record), prev_hash=prev,
    )
    row.hash = settled_hash(prev or "", row)
    sitting.chips = _amounts(table.chips)
    sitting.hands_played = record.hand_no
    sitting.table_state = json.dumps(table.snapshot())
    with written(session):
        if pending is not None:  # settled: no longer pending, in the same transaction
            if pending.hand_no != record.hand_no:
                raise StoreError(f"classic session {session_id}: hand {pending.hand_no} is pending, not hand "
                                 f"{record.hand_no}")
            stored = _hand_actions(stored_json(pending.actions, f"classic session {session_id}, hand "
                                                            f"{pending.hand_no} (pending): actions"))
            if stored != [action_to_dict(action) for _, action in record.actions][:len(stored)]:  # (--auto stores none)
                raise StoreError(f"classic session {session_id}: the actions stored for hand {record.hand_no} are not "
                                 "this table's: another table is playing this session")
            session.delete(pending)
        _move_head(session, session_id, chain.head_hash, row.hash, None)
        session.add(row)
        session.add(sitting)
    return row


def save_pick(session_id: int, table: ClassicTable, *, session: Session) -> None:
    """Dealer's choice: store the player's pick for the next deal (:attr:`ClassicTable.picked`) in the session's
    table state, so a hand dealt with it and stopped is dealt again with it (one transaction). Refused when a hand
    is pending or the table is not between hands."""
    if table.state is not None or table.picked is None:
        raise StoreError("a variant is picked between hands, before the deal")
    chain = _chain_state(session_id, session=session)
    if chain.dealt_hand is not None or pending_of(session_id, session=session) is not None:
        raise StoreError(f"classic session {session_id} has a hand pending: the variant was picked before it")
    row = get_session(session_id, session=session)
    snapshot = stored_json(row.table_state, f"classic session {session_id}: table_state")
    if not isinstance(snapshot, dict) or not snapshot:
        snapshot = table.snapshot()  # (a session whose first hand is still to come: no state stored yet)
    snapshot["picked"] = table.picked.to_list()
    row.table_state = json.dumps(snapshot)
    with written(session):
        session.add(row)


def pending_of(session_id: int, *, session: Session) -> ClassicPendingRecord | None:
    """The session's hand started and not settled, if any."""
    try:
        return session.exec(select(ClassicPendingRecord).where(ClassicPendingRecord.session_id == session_id)).first()
    except (ValueError, TypeError, OverflowError) as error:  # a time edited into nonsense: the row cannot load
        raise UnreadableData(f"classic session {session_id}'s pending hand in classic_pending cannot be read "
                             f"({str(error)[:80]})") from None


def start_pending(session_id: int, table: ClassicTable, *, session: Session) -> ClassicPendingRecord:
    """Store the hand ``table`` has just started (its seed and pack commitment; the antes are in the table
    state before it) as the session's pending hand, in one transaction, BEFORE any card is shown.
    Refused if a hand is pending already."""
    hand = table._record  # the hand just started (its seed and commitment); read only
    if hand is None or table.state is None:
        raise StoreError("no hand has started")
    chain = _chain_state(session_id, session=session)
    if pending_of(session_id, session=session) is not None or chain.dealt_hand is not None:
        raise StoreError(f"classic session {session_id} already has a hand pending: finish it first")
    if chain.end_reason in ENDED_FOR_GOOD:  # (a table still open elsewhere, after the session ended)
        raise MovedOn(f"classic session {session_id} is over ({chain.end_reason}): no hand is dealt")
    last = session.connection().execute(
        sa_select(sa_func.max(_HANDS.c.hand_no)).where(_HANDS.c.session_id == session_id)).scalar() or 0
    if hand.hand_no != last + 1:  # another table (the terminal, another server) has played on since this one read it
        raise MovedOn(f"classic session {session_id} has moved on since this table read it (hand {last} is the last "
                      f"settled; this table would deal hand {hand.hand_no}): nothing was stored")
    if isinstance(chain.hand_limit, int) and hand.hand_no > chain.hand_limit:
        raise MovedOn(f"classic session {session_id} has played all its {chain.hand_limit} hands: no hand is dealt")
    link = deal_hash(chain.head_hash, hand.hand_no, hand.commitment)
    row = ClassicPendingRecord(session_id=session_id, hand_no=hand.hand_no, seed=hand.seed.hex(),
                               commitment=hand.commitment, actions="[]", prev_hash=chain.head_hash, hash=link)
    with written(session):  # the deal on record, and the session's head on it, before any card is shown
        _move_head(session, session_id, chain.head_hash, link, hand.hand_no)
        if chain.end_reason is not None:  # left at another table (the terminal, another server) and played on here
            session.connection().execute(update(_SESSIONS).where(_SESSIONS.c.id == session_id)
                                         .values(ended_at=None, end_reason=None))
        session.add(row)
    return row


def _hand_actions(stored: Any) -> list[dict[str, Any]]:
    """The hand's actions of a pending record's actions, as read back (the blind winner's keep, a table-level
    choice, left out)."""
    try:
        return [action for _, action in stored if action.get("action") != "keep"]
    except READ_ERRORS as error:
        raise UnreadableRecord(f"the stored actions of a pending hand cannot be read ({str(error)[:80]})") from None


def record_action(session_id: int, seat: int, action: Any, *, session: Session, hand_no: int | None = None,
                  played: Sequence[tuple[int, Any]] | None = None) -> None:
    """Add an action just taken to the session's pending hand (one transaction).

    ``hand_no`` and ``played`` (the hand's actions at the table that took this one, as
    :attr:`HandState.actions` has them after it) make it refuse a table that is not the one playing the
    hand: if the terminal and the web held one session, the one a step behind could otherwise take an
    action back after seeing the answers to it."""
    row = pending_of(session_id, session=session)
    if row is None:
        raise StoreError(f"classic session {session_id} has no hand pending (another table has played it on, or it "
                         "was settled): nothing was stored")
    stored = stored_json(row.actions, f"classic session {session_id}, hand {row.hand_no} (pending): actions")
    if not isinstance(stored, list):
        raise UnreadableRecord(f"classic session {session_id}, hand {row.hand_no} (pending): actions cannot be read")
    before = None if played is None else list(played) if isinstance(action, Keep) else list(played)[:-1]
    if (hand_no is not None and row.hand_no != hand_no) or (
            before is not None and _hand_actions(stored) != [action_to_dict(a) for _, a in before]):
        raise StoreError(f"classic session {session_id}: hand {row.hand_no} has {len(stored)} action(s) stored, "
                         f"not what this table has played: another table is playing this session")
    item = [seat, action_to_dict(action)]
    old, new = row.hash or "", action_hash(row.hash or "", item)
    row.actions = json.dumps([*stored, item])
    row.hash = new
    with written(session):  # the action and the session's head on it, together
        _move_head(session, session_id, old, new, row.hand_no)
        session.add(row)


def pending_summary(pending: ClassicPendingRecord) -> dict[str, Any]:
    """What verify reports of a pending hand: ``{"hand", "commitment", "actions"}`` (``actions``: how many
    are stored, ``None`` when they cannot be read)."""
    try:
        actions: int | None = len(json.loads(pending.actions))
    except READ_ERRORS:
        actions = None
    return {"hand": pending.hand_no, "commitment": pending.commitment, "actions": actions}


def pending_line(session_id: int, pending: ClassicPendingRecord) -> str:
    """``hand N pending: antes and K action(s) stored, not settled (commitment …); 'brag classic --resume ID'
    continues it`` — the casino table's ``hand N pending: bets stored, not settled`` for traditional Brag."""
    count = pending_summary(pending)["actions"]
    actions = "its actions unreadable" if count is None else f"{count} action(s) stored"
    return (f"hand {pending.hand_no} pending: antes and {actions}, not settled (commitment {pending.commitment}); "
            f"'brag classic --resume {session_id}' continues it")


class PinnedSeeds(SeedSource):
    """A session's seeds, except that hand ``hand_no`` gets the stored ``seed`` (a pending hand dealt again)."""

    def __init__(self, base: SeedSource, hand_no: int, seed: bytes) -> None:
        super().__init__(base.key)
        self._base = base
        self._hand_no = hand_no
        self._pinned = seed

    def seed_for(self, round_no: int) -> bytes:
        return self._pinned if round_no == self._hand_no else self._base.seed_for(round_no)


def end_session(session_id: int, reason: str, *, session: Session) -> ClassicSessionRecord:
    """The session stopped: left (:data:`LEFT`, resumable) or over for good (:data:`ENDED_FOR_GOOD`). A session
    left at one table and played on at another to its end is recorded as over (its reason replaces the leave)."""
    record = get_session(session_id, session=session)
    if record.ended_at is None or (reason in ENDED_FOR_GOOD and record.end_reason not in ENDED_FOR_GOOD):
        record.ended_at = utcnow()
        record.end_reason = reason
        session.add(record)
        session.commit()
    return record


def reopen_session(session_id: int, *, session: Session) -> ClassicSessionRecord:
    """A session stopped by quitting or Ctrl-C, open again (``brag classic --resume``)."""
    record = get_session(session_id, session=session)
    record.ended_at = None
    record.end_reason = None
    session.add(record)
    session.commit()
    return record


def get_session(session_id: int, *, session: Session) -> ClassicSessionRecord:
    try:
        # every column is loaded here (a deferred one would be loaded later, anywhere the row is refreshed)
        record = session.get(ClassicSessionRecord, session_id) if session_id in SQL_ID_RANGE else None
    except UnreadableData:  # a value that names itself (a count that is not a whole number)
        raise
    except (ValueError, TypeError, OverflowError) as error:  # a time edited into nonsense: the row cannot load
        raise UnreadableData(f"classic session {session_id}'s row in classic_sessions cannot be read "
                             f"({str(error)[:80]})") from None
    if record is None:
        raise NoClassicSession(f"no classic Brag session {session_id} (see 'brag sessions --classic')")
    return record


@dataclass(frozen=True)
class SessionRow:
    """A classic session as a listing reads it (:func:`list_sessions`): the stored text of its lists and
    settings as they are (read them with :func:`seats_of` and :mod:`casino.db.classic_rows`, row by row: one
    damaged row does not stop a listing), its times as datetimes (``None`` when unreadable; ``ended_at`` the
    stored text when it is not a time)."""

    id: int
    rules_name: str
    started_at: Any
    ended_at: Any
    end_reason: str | None
    hands_played: Any
    hand_limit: Any
    names: Any
    players: Any
    start_chips: Any
    chips: Any
    settings: Any


def _moment(value: Any) -> Any:
    """A stored time as a datetime (SQLite keeps text; a time that is not one is ``None``)."""
    from datetime import datetime

    if value is None or isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        return None


def list_sessions(*, session: Session) -> list[SessionRow]:
    """Every classic session, newest first (read column by column, without the ORM: a damaged time or
    list in one row is that row's problem, not the listing's)."""
    from sqlalchemy import Integer, String, type_coerce

    t = _SESSIONS
    query = sa_select(t.c.id, t.c.rules_name, type_coerce(t.c.started_at, String).label("started_at"),
                      type_coerce(t.c.ended_at, String).label("ended_at"), t.c.end_reason,
                      # the counts as stored (a hand-edited 'x' too): each reader checks them row by row
                      type_coerce(t.c.hands_played, Integer).label("hands_played"),
                      type_coerce(t.c.hand_limit, Integer).label("hand_limit"), t.c.names, t.c.players,
                      t.c.start_chips, t.c.chips, t.c.settings
                      ).order_by(t.c.id.desc())
    return [SessionRow(r.id, r.rules_name, _moment(r.started_at), None if r.ended_at is None else
                       (_moment(r.ended_at) or r.ended_at), r.end_reason, r.hands_played, r.hand_limit, r.names,
                       r.players, r.start_chips, r.chips, r.settings)
            for r in session.connection().execute(query)]


#: Why a hand's seed and pack are not shown yet (see :func:`sealed_from`).
SEALED_NOTE = ("its pack is still being dealt from (not shuffled since): the seed, the pack order and the cards "
               "nobody was shown are revealed when the pack is next shuffled or the session ends")


#: How a session ends for good (out of hands or chips): it cannot be resumed, and its seeds are shown.
ENDED_FOR_GOOD = ("hands", "bust")
#: How a session is left without being over (Leave in the web, q or Ctrl-C at the terminal): it is resumed,
#: a hand pending or not, by both front ends.
LEFT = ("quit", "interrupted")


def still_dealt_from(shuffle: str, end_reason: str | None, prial_won: bool) -> bool:
    """Whether the pack the last settled hand left is what the next deal comes from: the session can go on
    (not ended for good: ``hands`` or ``bust``), the pack is not shuffled every hand, and no prial won."""
    return end_reason not in ENDED_FOR_GOOD and shuffle != "every-hand" and not prial_won


def sealed_from(record: ClassicSessionRecord, rows: Sequence[ClassicHandRecord]) -> int | None:
    """The first hand whose seed and pack must stay secret, or None when none must.

    With an unshuffled pack the next deal comes off the pack the last hands left, so the seed of the
    hand that last shuffled (which gives the whole order, the undealt cards included) and the packs and
    unshown cards of every hand since would tell a player the cards still to come. They stay secret while
    the session can go on (it has not ended for good: out of hands or chips) and its next deal is a
    carry-over; once a prial wins a showdown (or every hand is shuffled) nothing dealt later depends on them.

        >>> from types import SimpleNamespace as Row
        >>> rec = ClassicSessionRecord(rules_name="classic-brag", rules_text="", names="[]", players="[]",
        ...                            start_chips="[]", chips="[]", hand_limit=9)
        >>> sealed_from(rec, [Row(hand_no=1, shuffled=True, prial_won=False), Row(hand_no=2, shuffled=False, prial_won=False)])
        1
        >>> sealed_from(rec, [Row(hand_no=1, shuffled=True, prial_won=True)]) is None
        True
    """
    if not rows or not still_dealt_from(rules_of(record).shuffle, record.end_reason, rows[-1].prial_won):
        return None
    for row in reversed(rows):
        if row.shuffled:
            return row.hand_no
    return rows[0].hand_no


def commitment_tail(row: ClassicHandRecord) -> bytes:
    """What a stored hand's commitment covers after its seed and pack: nothing, or with dealer's choice the
    variant its first event names (:func:`casino.classic.table.variant_tail`). Empty for a row whose events
    cannot be read (``verify`` names it)."""
    from casino.classic.actions import VariantInForce
    from casino.classic.choice import Variant
    from casino.classic.table import variant_tail

    try:
        first = event_from_dict((json.loads(row.events) or [None])[0])
    except (*READ_ERRORS, BragError):
        return b""
    if not isinstance(first, VariantInForce):
        return b""
    return variant_tail(Variant(first.cards, first.wild, first.blind))


def hands_of(session_id: int, *, session: Session) -> list[ClassicHandRecord]:
    from sqlalchemy.orm import defer

    return list(session.exec(select(ClassicHandRecord).where(ClassicHandRecord.session_id == session_id)
                             .options(defer(cast(Any, ClassicHandRecord.played_at)))  # (never needed: never read)
                             .order_by(col(ClassicHandRecord.hand_no))))


def get_hand(session_id: int, hand_no: int, *, session: Session) -> ClassicHandRecord:
    from sqlalchemy.orm import defer

    row = session.exec(select(ClassicHandRecord).where(ClassicHandRecord.session_id == session_id,
                                                       ClassicHandRecord.hand_no == hand_no)
                       .options(defer(cast(Any, ClassicHandRecord.played_at)))).first() if hand_no in SQL_ID_RANGE else None
    if row is None:
        try:
            pending = pending_of(session_id, session=session)
        except UnreadableData:
            pending = None  # (verify names an unreadable pending hand; here the hand is simply not stored)
        if pending is not None and pending.hand_no == hand_no:  # started, not settled: say so, not 'no hand N'
            raise StoreError(f"classic session {session_id}, hand {hand_no} is pending: dealt, its antes and "
                             f"actions stored, not settled yet; 'brag classic --resume {session_id}' carries it on")
        raise StoreError(f"classic session {session_id} has no hand {hand_no}")
    return row


def rules_of(record: ClassicSessionRecord) -> ClassicRules:
    """The session's stored rules, read back (:class:`~casino.db.classic_rows.UnreadableRecord` when they are
    not a rules file any more)."""
    if not isinstance(record.rules_text, str):
        raise UnreadableRecord(f"classic session {record.id}: rules_text cannot be read: not text "
                               f"({shown(record.rules_text)})")
    try:
        return parse_rules_text(record.rules_text, "rules_text")
    except BragError as error:
        raise UnreadableRecord(f"classic session {record.id}: rules_text cannot be read: "
                               f"{str(error).removeprefix('rules_text: ')[:120]}") from None


def seats_of(record: ClassicSessionRecord) -> tuple[list[str], list[str]]:
    """The session's seat names and players (``"you"`` or a computer player's kind), read back and checked
    (:class:`~casino.db.classic_rows.UnreadableRecord` naming the column when they are not what was written)."""
    where = f"classic session {record.id}"
    names = texts(record.names, f"{where}: names")
    players = texts(record.players, f"{where}: players")
    if not 2 <= len(names) <= 8 or len(players) != len(names) or players.count("you") > 1:
        raise UnreadableRecord(f"{where}: names and players cannot be read: not 2-8 seats, one player each "
                               f"({shown(record.names)}, {shown(record.players)})")
    return names, players


def counts_of(record: SessionRow) -> tuple[int, int]:
    """A listed session's hands played and hand limit, read back and checked (the listing reads them as stored:
    :class:`~casino.db.columns.NotWholeNumber` naming the column when one is not a whole number)."""
    from casino.db.columns import whole_number

    return (whole_number(record.hands_played, "classic_sessions.hands_played"),
            whole_number(record.hand_limit, "classic_sessions.hand_limit"))


def settings_of(record: ClassicSessionRecord) -> dict[str, Any]:
    """The session's settings (a JSON object), read back."""
    settings = stored_json(record.settings, f"classic session {record.id}: settings")
    if not isinstance(settings, dict):
        raise UnreadableRecord(f"classic session {record.id}: settings cannot be read: not a JSON object "
                               f"({shown(record.settings)})")
    return settings


def _table_before(record: ClassicSessionRecord, seeds: SeedSource) -> ClassicTable:
    """The table as the session's last settled hand left it (its stored state), dealing from ``seeds``."""
    where = f"classic session {record.id}"
    snapshot = stored_json(record.table_state, f"{where}: table_state")
    names, _ = seats_of(record)
    if not snapshot:
        return ClassicTable(rules_of(record), names, amounts(record.start_chips, f"{where}: start_chips", len(names)),
                            seeds=seeds)
    try:
        if not isinstance(snapshot, dict) or len(snapshot["chips"]) != len(names):
            raise ValueError("not a table state of this table")
        return ClassicTable.restore(rules_of(record), names, snapshot, seeds=seeds)
    except READ_ERRORS as error:
        raise UnreadableRecord(f"{where}: table_state cannot be read ({str(error)[:80]})") from None


def deal_pending(record: ClassicSessionRecord, pending: ClassicPendingRecord) -> tuple[ClassicTable | None, list[str]]:
    """The pending hand dealt again as a resume deals it, and every way it is not what was stored.

    The table state the session's last settled hand left (its chips, dealer, pack — shuffled or carried
    over unshuffled — and kept blind hands) deals the next hand with the pending hand's stored seed; that hand
    must be the pending one (its number) and its pack order must give the stored commitment; then the
    stored actions are replayed through the rules, each by the seat whose turn it is. Returns the table in
    the middle of the hand (``None`` when it cannot be dealt at all) and the problems, one line each (empty:
    intact). :func:`resume_table` refuses a pending hand with any problem; :func:`verify_classic` lists them."""
    n = pending.hand_no
    where = f"hand {n} (pending)"
    try:
        seed = seed_from_hex(pending.seed)
    except BragError as error:
        return None, [f"{where}: the stored seed cannot be read ({error})"]
    try:
        base = SeedSource.from_text(settings_of(record).get("seed"))
        table = _table_before(record, base)
    except (*READ_ERRORS, BragError) as error:
        return None, [f"{where}: the table state it is dealt from cannot be read ({error})"]
    problems: list[str] = []
    if n != table.hand_no + 1:
        problems.append(f"{where}: it is not the next hand (the table state is after hand {table.hand_no})")
    if base.key is not None and seed != base.seed_for(table.hand_no + 1):
        problems.append(f"{where}: the seed is not the one the session's seed text gives")
    table.seeds = PinnedSeeds(base, table.hand_no + 1, seed)
    try:
        table.start_hand()
    except BragError as error:
        return None, problems + [f"{where}: the table state cannot deal a hand ({error})"]
    hand = table._record
    assert hand is not None
    if hand.commitment != pending.commitment:
        problems.append(f"{where}: does not deal as it was committed (the stored seed and the pack "
                        f"{'it shuffles' if hand.shuffled else 'carried over'} do not give the stored commitment)")
    try:
        actions = [(int(seat), action_from_dict(action)) for seat, action in json.loads(pending.actions)]
    except (*READ_ERRORS, BragError) as error:  # (nested too deep, an amount far beyond any: one line, too)
        return table, problems + [f"{where}: the stored actions cannot be read ({str(error)[:80]})"]
    for i, (seat, action) in enumerate(actions, start=1):
        who = table.names[seat] if 0 <= seat < len(table.names) else f"seat {seat}"
        try:
            if table.hand_done:
                raise IllegalAction("the hand is over")
            if table.to_act != seat:
                raise IllegalAction(f"it is {table.names[table.to_act]}'s turn")
            assert table.state is not None
            table.state.units_rule = False  # (stored before bets had to be in the table's units: replayed as taken)
            try:
                table.act(action)
            finally:
                table.state.units_rule = True
        except BragError as error:
            problems.append(f"{where}: stored action {i} ({who} {action}) does not follow the rules ({error})")
            break
    return table, problems


def _last_settled(record: ClassicSessionRecord, *, session: Session) -> HandRecord | None:
    """The session's last settled hand (one row read back), ``None`` before the first; one that cannot be
    read is refused (:class:`UnreadableRecord`): the next hand is dealt from what it left."""
    row = session.exec(select(ClassicHandRecord).where(ClassicHandRecord.session_id == record.id)
                       .order_by(col(ClassicHandRecord.hand_no).desc()).limit(1)).first()
    if row is None:
        return None
    names, _ = seats_of(record)
    try:
        return hand_from_row(row, rules_of(record), names)
    except UnreadableRecord as error:
        raise UnreadableRecord(f"{error}: the next hand is dealt from what it left, so the session is not played on "
                               f"(see 'brag verify {record.id} --classic')") from None


def resume_table(record: ClassicSessionRecord, *, session: Session | None = None) -> ClassicTable:
    """The table as the session's last settled hand left it (seeds from its ``--seed``, if it had one).

    With ``session``, the checks of :func:`resume_session` on the session's row and its pending hand: the
    chips must be its table state's; a deal on record must have its pending record; a pending hand is dealt
    again from its stored seed (the same pack commitment, cards and antes, checked by :func:`deal_pending`)
    and its stored actions replayed, so the table is in the middle of it, and one that does not check out
    (or whose chain links do not) is refused (:class:`StoreError`), never dealt. Without ``session``
    nothing is checked (the table before any pending hand)."""
    base = SeedSource.from_text(settings_of(record).get("seed"))
    if session is None or record.id is None:
        return _table_before(record, base)
    pending = pending_of(record.id, session=session)
    if pending is None:
        if record.dealt_hand is not None:  # no free re-deal: a deal on record stays dealt
            raise StoreError(f"classic session {record.id}: hand {record.dealt_hand} was dealt, but its pending record "
                             f"is missing (removed from the database): it is not dealt again (see 'brag verify "
                             f"{record.id} --classic')")
        table = _table_before(record, base)
        from casino.db.classic_verify import next_deal_problems

        last = _last_settled(record, session=session)
        if last is None:
            problems = [] if table.hand_no == 0 and not stored_json(record.table_state, "table_state") else [
                "its table state is not a new session's, but it has no settled hand"]
        else:
            problems = next_deal_problems(record, last)
        if problems:
            raise StoreError(f"classic session {record.id}: {problems[0]} (its record was changed): the next hand "
                             f"is not dealt from it (see 'brag verify {record.id} --classic')")
    else:
        dealt, problems = deal_pending(record, pending)
        from casino.db.classic_verify import pending_chain_problems

        problems += pending_chain_problems(record, pending, None)
        try:  # the table state it is dealt from: what the bank lent and the hands shown, after the last hand
            last = _last_settled(record, session=session)
        except UnreadableRecord:  # (the hand in play is checked by its own commitment: an unreadable last one is verify's)
            last = None
        if last is not None and dealt is not None:
            from casino.db.classic_verify import lent_and_shown_problems

            problems += lent_and_shown_problems(record, last, with_chips=True)
        if problems or dealt is None:
            raise StoreError(f"classic session {record.id}: {problems[0]}; it is not dealt again")
        table = dealt
    if table.chips != amounts(record.chips, f"classic session {record.id}: chips", len(table.names)):
        raise StoreError(f"classic session {record.id}: its chips are not the ones its table state deals from (its "
                         "record was changed): it is not played on")
    return table


@dataclass(frozen=True)
class Resumed:
    """A stored session carried on by :func:`resume_session`: its record, its table (in the middle of its
    pending hand, if it has one), its seats' names and players and its ``--seed`` text."""

    record: ClassicSessionRecord
    table: ClassicTable
    names: list[str]
    players: list[str]
    seed: str | None


def resume_session(session_id: int, *, session: Session, player: bool = False) -> Resumed:
    """Carry on stored session ``session_id``: THE rule for a resume, for the terminal (``brag classic
    --resume``) and the web (``POST /api/classic/sessions/ID/resume``) alike. Refused in one line:

    * no such session (:class:`NoClassicSession`);
    * a session over for good (out of hands or chips: :data:`ENDED_FOR_GOOD`), or ended any other way than
      being left (:data:`LEFT`: Leave, q, Ctrl-C) — a session closed for a reason this code does not know is
      not opened again;
    * with ``player``, a session with no seat for a person (all computer players: the terminal watches it);
    * the session's own row unreadable (its rules, seats, settings, hand limit, chips or table state:
      :class:`~casino.db.classic_rows.UnreadableRecord`) or disagreeing with itself (its chips against its
      table state): that row is what the next deal comes from;
    * a deal on record whose pending record is gone, and a pending hand that does not check out (its seed,
      its commitment, its stored actions unreadable or against the rules, its chain links): the hand being
      resumed is dealt again only exactly as it was committed (:func:`resume_table`).

    * with no hand pending, a table state that is not what the session's LAST settled hand left (its number,
      dealer, kept blind hand, pack and shuffle, chips, what the bank lent and the hands shown, as far as that
      hand tells them: :func:`~casino.db.classic_verify.next_deal_problems`),
      or that last hand unreadable: the next hand is dealt from that state, so an edited pack is never
      dealt (with a hand pending, :func:`deal_pending` checks its commitment, and the loans and hands shown of
      the table state it was dealt from are checked against a readable last hand the same way).

    NOT refused: damaged, changed or removed *earlier* settled hands. A resume reads only the last one — the
    next deal comes from the session's row, the last hand and, mid-hand, its pending record, all checked
    above — so an old hand edited into nonsense does not make the session unplayable; ``brag verify ID
    --classic`` (and the web's verify) reports it, and the head hash kept outside the database shows it. For
    the same reason, what only the earlier hands tell is verify's: which seat the bank lent to in an earlier
    hand (a debt moved between seats, the total kept) and what an earlier hand showed.

    A session that was left is opened again (the one write, after every check)."""
    record = get_session(session_id, session=session)
    reason = record.end_reason
    if reason in ENDED_FOR_GOOD:
        raise StoreError(f"classic session {session_id} is over ({reason}); start a new one")
    if (record.ended_at is not None or reason is not None) and reason not in LEFT:
        raise StoreError(f"classic session {session_id} has ended ({'no reason stored' if reason is None else shown(reason)}): it is not played on; start a "
                         "new one")
    names, players = seats_of(record)
    if player and "you" not in players:
        raise StoreError(f"classic session {session_id} is all computer players (--auto): nothing to play; 'brag "
                         f"classic --resume {session_id}' watches it")
    seed = settings_of(record).get("seed")
    rules_of(record)  # (the row's own values first: named as they are, not as a deal they stop)
    limit = record.hand_limit
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_HANDS:
        raise UnreadableRecord(f"classic session {session_id}: hand_limit cannot be read: {shown(limit)} is not 1 to "
                               f"{MAX_HANDS:,} hands")
    table = resume_table(record, session=session)
    if record.ended_at is not None or reason is not None:  # left (Leave, q or Ctrl-C): open again
        record = reopen_session(session_id, session=session)
    return Resumed(record, table, names, players, seed if isinstance(seed, str) else None)


def hand_from_row(row: ClassicHandRecord, rules: ClassicRules, names: Sequence[str],
                  where: str | None = None) -> HandRecord:
    """A stored hand as the engine's :class:`HandRecord` (for replays and verification), every column read
    back and checked (:class:`~casino.db.classic_rows.UnreadableRecord` naming it, prefixed ``where``)."""
    at = where if where is not None else f"classic session {row.session_id}, hand {row.hand_no}"

    def bad(column: str, what: str) -> UnreadableRecord:
        return UnreadableRecord(f"{at}: {column} cannot be read: {what} ({shown(getattr(row, column))})")

    seats = numbers(row.seats, f"{at}: seats")
    if not 2 <= len(seats) <= len(names) or any(not 0 <= s < len(names) for s in seats) or len(set(seats)) != len(seats):
        raise bad("seats", "not seats of this table")
    n = len(seats)

    def cards(value: Any) -> bool:
        return isinstance(value, list) and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 54
                                               for c in value)

    dealt = stored_json(row.dealt, f"{at}: dealt")
    if not (isinstance(dealt, list) and len(dealt) == n and all(isinstance(hs, list) and all(cards(h) for h in hs)
                                                                 for hs in dealt)):
        raise bad("dealt", "not every seat's cards")
    held_out = stored_json(row.held_out, f"{at}: held_out")
    if not (isinstance(held_out, list) and len(held_out) == n and all(cards(h) for h in held_out)):
        raise bad("held_out", "not every seat's kept cards")
    pack, pack_after = numbers(row.pack, f"{at}: pack"), numbers(row.pack_after, f"{at}: pack_after")
    if not cards(pack) or not cards(pack_after):
        raise bad("pack" if not cards(pack) else "pack_after", "not cards")
    for column in ("dealer", "first", "kept_blind"):
        value = getattr(row, column)
        if not isinstance(value, int) or isinstance(value, bool) or not -1 <= value < n:
            raise bad(column, "not a seat of the hand")
    try:
        seed = seed_from_hex(row.seed if isinstance(row.seed, str) else "")
    except BragError as error:
        raise bad("seed", str(error)) from None
    events_data = stored_json(row.events, f"{at}: events")
    actions_data = stored_json(row.actions, f"{at}: actions")
    try:
        events = [event_from_dict(e) for e in events_data]
        actions = [(int(s), action_from_dict(a)) for s, a in actions_data]
    except (*READ_ERRORS, BragError) as error:
        raise UnreadableRecord(f"{at}: its events or actions cannot be read ({str(error)[:80]})") from None
    rules = _hand_rules(rules, events, bad)
    return HandRecord(
        hand_no=row.hand_no, rules=rules, names=[names[s] for s in seats], seats=seats, dealer=row.dealer,
        first=row.first, shuffled=bool(row.shuffled), seed=seed, commitment=row.commitment,
        pack=pack, held_out=held_out, dealt=[[tuple(h) for h in hs] for hs in dealt],
        chips_before=list[Chips](amounts(row.chips_before, f"{at}: chips_before", n)),
        chips_after=list[Chips](amounts(row.chips_after, f"{at}: chips_after", n)),
        borrowed=list[Chips](amounts(row.borrowed, f"{at}: borrowed", n)),
        events=events, actions=actions, showdown=bool(row.showdown), prial_won=bool(row.prial_won),
        kept_blind=row.kept_blind, pack_after=pack_after,
    )


def _hand_rules(rules: ClassicRules, events: Sequence[Any], bad: Any) -> ClassicRules:
    """A stored hand's rules: the session's, with dealer's choice the variant its first event names."""
    from casino.classic.actions import VariantInForce
    from casino.classic.choice import Variant, variant_choices, with_variant

    if not rules.dealers_choice:
        return rules
    first = events[0] if events else None
    if not isinstance(first, VariantInForce):
        raise bad("events", "a hand of dealer's choice that does not say its variant")
    variant = Variant(first.cards, first.wild, first.blind)
    if variant not in variant_choices(rules):
        raise bad("events", "a variant no dealer may pick at this table")
    return with_variant(rules, variant)


def verify_classic(session_id: int, hand_no: int | None = None, *, session: Session) -> list[str]:
    """Every problem found in a stored session, one line each (empty: all verified), with its pending hand:
    :func:`casino.db.classic_verify.verify_classic`."""
    from casino.db.classic_verify import verify_classic as verify

    return verify(session_id, hand_no, session=session)
