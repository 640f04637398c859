"""A casino session's row and its life: started (:func:`create_session`, with a snapshot of its game and
the start of its hash chain), read (:func:`get_session`, :func:`latest_session`, :func:`list_sessions`),
ended and reopened, and removed while it holds no hand. Every function takes the SQLModel session as
``session=``.

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.games import load_game
    >>> with Session(connect("sqlite://")) as db:
    ...     sid = create_session(load_game("3-card-brag"), Fraction(50), {"seed": "doc"}, session=db).id
    ...     ended = end_session(sid, "quit", session=db)
    ...     summary = session_summary(sid, session=db)
    ...     (ended.end_reason, summary.rounds, summary.bankroll, game_of(get_session(sid, session=db)).name)
    ('quit', 0, Fraction(50, 1), '3 Card Brag')

Who is playing a session (its lease) is in :mod:`casino.db.leases`; its hands in :mod:`casino.db.hands`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlmodel import Session, col, select

from casino.db.chain import Totals, genesis_hash, new_chain_key
from casino.db.database import StoreError
from casino.db.meters import refuse_other_progressive
from casino.practice import is_trainer
from casino.db.models import HandRecord, SessionRecord, utcnow
from casino.db.pending import missing_deal, pending_hand
from casino.db.rows import UnreadableValue, money, read_amount, totals_of
from casino.games import Game, parse_game_text

__all__ = ["create_session", "get_session", "latest_session", "end_session", "reopen_session", "delete_session",
           "game_of", "refuse_unplayable_here", "SessionSummary", "list_sessions", "session_summary"]


def create_session(
    game: Game, bankroll: Fraction, settings: Mapping[str, Any], *, session: Session, owner: str | None = None
) -> SessionRecord:
    """Start a session: the game with a self-contained snapshot (:meth:`Game.to_toml`), bankroll, settings,
    the start of its hash chain, and (``owner``, see :func:`casino.db.leases.lease_owner`) held by the process playing it."""
    key = new_chain_key()
    game_text = game.to_toml()
    refuse_other_progressive(game, game_text, session)
    seed = settings.get("seed")
    record = SessionRecord(
        game=game.name,
        game_source=game.source,
        game_text=game_text,
        start_bankroll=money(bankroll),
        bankroll=money(bankroll),
        settings=json.dumps(dict(settings), sort_keys=True),
        chain_key=key,
        head_hash=genesis_hash(key, game_text, money(bankroll), None if seed is None else str(seed),
                               is_trainer(settings)),
        totals=Totals().to_json(),
        lease_owner=owner,
        lease_at=utcnow() if owner is not None else None,
    )
    session.add(record)
    session.commit()
    session.refresh(record)
    return record


def get_session(session_id: int, *, session: Session) -> SessionRecord:
    record = session.get(SessionRecord, session_id)
    if record is None:
        raise StoreError(f"no session {session_id} in this database (see 'brag sessions')")
    return record


def latest_session(*, session: Session) -> SessionRecord:
    """The most recent session (the one ``--resume`` without an ID continues)."""
    record = session.exec(select(SessionRecord).order_by(col(SessionRecord.id).desc()).limit(1)).first()
    if record is None:
        raise StoreError("no sessions in this database yet: start one with 'brag play'")
    return record


def _mark_ended(session_id: int, reason: str | None, *, session: Session, owner: str | None = None) -> SessionRecord:
    """Set (or, with ``None``, clear) a session's end in one transaction; ending also lets go of the
    lease ``owner`` holds."""
    record = get_session(session_id, session=session)
    record.ended_at = utcnow() if reason is not None else None
    record.end_reason = reason
    if owner is not None and reason is not None and record.lease_owner == owner:
        record.lease_owner = None
        record.lease_at = None
    session.add(record)
    session.commit()
    session.refresh(record)
    return record


def end_session(session_id: int, reason: str, *, session: Session, owner: str | None = None) -> SessionRecord:
    """Mark a session as ended, saying why (``quit``, ``hands``, ``bankroll`` …), and let go of it."""
    return _mark_ended(session_id, reason, session=session, owner=owner)


def reopen_session(session_id: int, *, session: Session) -> SessionRecord:
    """Mark a session as in play again (``--resume``)."""
    return _mark_ended(session_id, None, session=session)


def delete_session(session_id: int, *, session: Session) -> None:
    """Remove a session that has no stored hands (one started and left before the first deal)."""
    record = get_session(session_id, session=session)
    if session.exec(select(HandRecord.id).where(HandRecord.session_id == session_id).limit(1)).first() is not None:
        raise StoreError(f"session {session_id} has stored hands: it is kept")
    if pending_hand(session_id, session=session, raw=True) is not None:
        raise StoreError(f"session {session_id} has a hand pending: it is kept")
    session.delete(record)
    session.commit()


def game_of(record: SessionRecord) -> Game:
    """The session's game, rebuilt from its stored snapshot.

    Snapshots written by :meth:`Game.to_toml` are self-contained. Sessions stored before that hold the
    game file's own text: a table named there by a relative path may no longer resolve (an error naming it).
    A snapshot that cannot be rebuilt is :class:`~casino.db.rows.UnreadableValue` naming ``sessions.game_text``.
    """
    from casino.db.database import UnreadableData
    from casino.errors import BragError

    try:
        return parse_game_text(record.game_text, f"the game stored with session {record.id} ({record.game_source})")
    except UnreadableData:
        raise
    except BragError as error:  # a damaged snapshot: the stored session is at fault, not the request (409 on the web)
        unreadable = UnreadableValue(f"the database holds a value that cannot be read: sessions.game_text of "
                                     f"session {record.id}: {error}")
        unreadable.column = "sessions.game_text"
        raise unreadable from None


def refuse_unplayable_here(record: Any, pending: Any) -> None:
    """Refuse (:class:`StoreError`) to carry on a session that does not play on in this database: a copy
    (``brag db copy``: a record, it plays on where it came from), one moved away (``--move``), or one
    whose dealt hand has lost its record (it is not dealt again)."""
    from casino.db.copy import COPIED, MOVED, MOVING

    if record.end_reason == MOVING:
        raise StoreError(f"session {record.id} is being moved here by 'brag db copy --move', which stopped part way: "
                         "run that same move again to finish it, then resume it here")
    if record.end_reason == COPIED:
        raise StoreError(f"session {record.id} is a copy made by 'brag db copy' (a record: it lists, replays and "
                         "verifies here); it plays on in the database it was copied from ('brag db copy --move' "
                         "moves a session)")
    if record.end_reason == MOVED:
        raise StoreError(f"session {record.id} was moved to another database by 'brag db copy --move': it plays on there")
    lost = missing_deal(record, pending)
    if lost is not None:
        raise StoreError(f"session {record.id}: hand {lost} was dealt but its record is gone (the pending hand was "
                         f"deleted): it is not dealt again; 'brag verify {record.id}' reports it")


@dataclass(frozen=True)
class SessionSummary:
    """A row of ``brag sessions``."""

    id: int
    game: str
    started_at: Any
    ended_at: Any
    end_reason: str | None
    rounds: int
    start_bankroll: Fraction
    bankroll: Fraction
    wagered: Fraction
    #: what cannot be read in the row (``list_sessions(unreadable_too=True)``): its amounts are then 0 here,
    #: null in :meth:`to_dict` (not known)
    unreadable: str | None = None

    @property
    def net(self) -> Fraction:
        return self.bankroll - self.start_bankroll

    def to_dict(self) -> dict[str, Any]:
        """The row as JSON; the amounts of a row that cannot be read are ``null`` (not known, never 0)."""
        known = self.unreadable is None
        return {
            "id": self.id,
            "game": self.game,
            "started_at": self.started_at.isoformat() if self.started_at else None,
            "ended_at": self.ended_at.isoformat() if self.ended_at else None,
            "end_reason": self.end_reason,
            "rounds": self.rounds,
            "start_bankroll": money(self.start_bankroll) if known else None,
            "bankroll": money(self.bankroll) if known else None,
            "wagered": money(self.wagered) if known else None,
            "net": money(self.net) if known else None,
            **({} if self.unreadable is None else {"unreadable": self.unreadable}),
        }


def session_summary(session_id: int, *, session: Session) -> SessionSummary:
    """One session's row of ``brag sessions``."""
    [summary] = list_sessions(session=session, session_id=session_id)
    return summary


def list_sessions(*, session: Session, session_id: int | None = None,
                  unreadable_too: bool = False) -> list[SessionSummary]:
    """Every session (or just ``session_id``), newest first, with its net result (from its running totals:
    one row read per session, however many hands it holds).

    A row whose amounts or totals cannot be read raises :class:`UnreadableValue` naming it; with
    ``unreadable_too`` (a lobby, ``brag sessions``) it is listed instead, its amounts not known (null in JSON) and
    :attr:`SessionSummary.unreadable` saying what cannot be read, and the other rows are unaffected."""
    query = select(SessionRecord).order_by(col(SessionRecord.id).desc())
    if session_id is not None:
        get_session(session_id, session=session)
        query = query.where(SessionRecord.id == session_id)
    found = []
    for r in session.exec(query):
        where = f"session {r.id}"
        try:
            amounts = (read_amount(r.start_bankroll, "sessions.start_bankroll", where),
                       read_amount(r.bankroll, "sessions.bankroll", where), totals_of(r).wagered)
            problem = None
        except UnreadableValue as error:
            if not unreadable_too:
                raise
            amounts, problem = (Fraction(0), Fraction(0), Fraction(0)), str(error)
        found.append(SessionSummary(
            id=r.id,  # type: ignore[arg-type]  # a stored row's id is never None
            game=r.game,
            started_at=r.started_at,
            ended_at=r.ended_at,
            end_reason=r.end_reason,
            rounds=r.rounds,
            start_bankroll=amounts[0],
            bankroll=amounts[1],
            wagered=amounts[2],
            unreadable=problem,
        ))
    return found
