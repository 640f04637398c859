"""Carrying a stored session on (``brag play --resume``, a seat re-taken on the web): the
:class:`~casino.sitting.Sitting` rebuilt from its row (:func:`resume_sitting`), its statistics so far
(:func:`restore_stats`) and the stakes of its last hand, which a resume repeats (:func:`last_bets`).

Each of :func:`resume_sitting` (the next hand's number), :func:`bankroll_problem` (the bankroll the last hand
left) and :func:`last_bets` (its stakes) needs the session's last stored hand: a resume reads it once
(:func:`last_hand`) and hands it to all three (``last=``); without it each reads it itself.

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.db.sessions import create_session
    >>> from casino.games import load_game
    >>> with Session(connect("sqlite://")) as db:
    ...     record = create_session(load_game("3-card-brag"), Fraction(50), {"seed": "doc"}, session=db)
    ...     sitting = resume_sitting(record, session=db)
    ...     sitting.bankroll, sitting.stats.rounds, last_bets(record.id, session=db)
    (Fraction(50, 1), 0, ())
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from sqlmodel import Session, col, select

from casino.db.hands import bets_of, boxes_of
from casino.db.models import HandRecord, SessionRecord
from casino.db.rows import hand_row, read_amount, settings_of, totals_of, unreadable
from casino.db.sessions import game_of, get_session
from casino.errors import BetError
from casino.events import BoxBets
from casino.sitting import Sitting, SittingStats

__all__ = ["resume_sitting", "restore_stats", "last_bets", "last_hand", "bankroll_problem", "settings_bets", "UNREAD"]


class _Unread(Enum):
    UNREAD = "not read yet"


#: ``last=`` left out: the function reads the session's last hand itself.
UNREAD = _Unread.UNREAD


def last_hand(session_id: int, *, session: Session) -> HandRecord | None:
    """The session's last stored (settled) hand, ``None`` without one: one row read.

    (Every "last row" query here says LIMIT 1: ``.first()`` alone fetches every row before returning one,
    which made resuming a 1,000,000-hand session take 50 s and 3.4 GB.)"""
    return session.exec(
        select(HandRecord).where(HandRecord.session_id == session_id).order_by(col(HandRecord.round_no).desc()).limit(1)
    ).first()


def resume_sitting(record: SessionRecord, *, session: Session, last: HandRecord | None | _Unread = UNREAD) -> Sitting:
    """The :class:`Sitting` that carries on a stored session: its game, bankroll, seeds, next round (after
    ``last``, its last hand, read here when not given) and statistics (so far) as stored."""
    settings = settings_of(record)
    if last is UNREAD:
        last = last_hand(record.id, session=session)  # type: ignore[arg-type]  # a stored row's id is never None
    start = read_amount(record.start_bankroll, "sessions.start_bankroll", f"session {record.id}")
    bankroll = read_amount(record.bankroll, "sessions.bankroll", f"session {record.id}")
    sitting = Sitting(
        game_of(record),
        bankroll,
        seed=settings.get("seed"),
        next_round=(last.round_no + 1) if last is not None else 1,
        house=start - bankroll,
        client_seed=settings.get("client_seed"),
    )
    sitting.stats = restore_stats(record.id, session=session)  # type: ignore[arg-type]  # a stored row's id is never None
    return sitting


def bankroll_problem(record: SessionRecord, *, session: Session, last: HandRecord | None | _Unread = UNREAD) -> str | None:
    """Why the session's stored bankroll cannot be carried on with no hand pending: it is not the bankroll
    its last settled hand (``last``, read here when not given: one row) left (a row edited between hands),
    else ``None``. A resume that took an edited bankroll would stake chips the session never won."""
    if last is UNREAD:
        last = last_hand(record.id, session=session)  # type: ignore[arg-type]  # a stored row's id is never None
    where = f"session {record.id}"
    want = read_amount(last.bankroll_after, "hands.bankroll_after", where) if last is not None else \
        read_amount(record.start_bankroll, "sessions.start_bankroll", where)
    have = read_amount(record.bankroll, "sessions.bankroll", where)
    if have != want:
        from casino.money import text

        return (f"session {record.id}: its stored bankroll {text(have)} is not the {text(want)} its last hand left: it is not "
                f"resumed; 'brag verify {record.id}' names the difference")
    return None


def restore_stats(session_id: int, *, session: Session) -> SittingStats:
    """The statistics of every stored hand of a session (what ``?`` shows after ``--resume``), from the
    running totals in the session's row: one row read, however long the session."""
    totals = totals_of(get_session(session_id, session=session))
    stats = SittingStats()
    stats.rounds = totals.rounds
    stats.plays = totals.plays
    stats.folds = totals.folds
    for bet, (count, wagered, net) in totals.bets.items():
        kept = stats.bets.setdefault(bet, type(next(iter(stats.bets.values())))())
        kept.count, kept.wagered, kept.net = count, wagered, net
    return stats


def last_bets(session_id: int, *, session: Session, last: HandRecord | None | _Unread = UNREAD) -> tuple[BoxBets, ...]:
    """Each box's stakes in the session's last stored hand (``last``, read here when not given; empty without
    hands): what a resume repeats."""
    hand = last_hand(session_id, session=session) if last is UNREAD else last
    if hand is None:
        return ()
    assert hand.id is not None
    where = hand_row(hand.round_no, session_id)
    side: dict[int, dict[str, Fraction]] = {}
    for row in bets_of([hand.id], session=session).get(hand.id, []):
        if row.bet not in ("ante", "play", "ante_bonus", "pair_plus"):
            side.setdefault(row.box, {})[row.bet] = read_amount(row.stake, "bets.stake", where)
    return tuple(BoxBets(b.box, read_amount(b.ante, "boxes.ante", where), read_amount(b.pair_plus, "boxes.pair_plus", where),
                         side.get(b.box, {}))
                 for b in boxes_of(hand.id, session=session))


def settings_bets(record: SessionRecord) -> tuple[BoxBets, ...]:
    """The stakes the session was started with, from its stored settings (what a resume of a session with no
    hand stored repeats): its ``bets``, else its ``boxes`` count with one ``ante`` and ``pair_plus`` each.
    Read like every stored value: a box or count that is not a whole number (1 to the table's most boxes), an
    amount that is not one, is :class:`~casino.db.rows.UnreadableValue` naming ``sessions.settings``, never a
    box 1.5 taken as 1 or ``boxes: 1e30`` counted out."""
    from casino.table import MAX_BOXES

    settings = settings_of(record)
    where = f"session {record.id}"

    def box(value: object, column: str) -> int:
        if type(value) is not int or not 1 <= value <= MAX_BOXES:
            raise unreadable(column, where, value)
        return value

    def amount(value: object, column: str) -> Fraction:
        return read_amount(value, column, where)

    stored = settings.get("bets")
    if stored:
        if not isinstance(stored, list) or len(stored) > MAX_BOXES or not all(isinstance(b, dict) for b in stored):
            raise unreadable("sessions.settings bets", where, str(stored)[:60])
        for b in stored:
            if not isinstance(b.get("side") or {}, dict):
                raise unreadable("sessions.settings bets side", where, str(b.get("side"))[:60])
        try:
            return tuple(BoxBets(box(b.get("box"), "sessions.settings bets box"),
                                 amount(b.get("ante"), "sessions.settings bets ante"),
                                 amount(b.get("pair_plus"), "sessions.settings bets pair_plus"),
                                 {str(k): amount(v, "sessions.settings bets side") for k, v in (b.get("side") or {}).items()})
                         for b in stored)
        except BetError:  # a side bet no table has
            raise unreadable("sessions.settings bets side", where, str(stored)[:60]) from None
    ante = amount(settings.get("ante", "1"), "sessions.settings ante")
    pair_plus = amount(settings.get("pair_plus", "0"), "sessions.settings pair_plus")
    return tuple(BoxBets(n, ante, pair_plus) for n in range(1, box(settings.get("boxes", 1), "sessions.settings boxes") + 1))
