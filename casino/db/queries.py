"""Read queries that stream: what ``brag history``, ``verify`` and the web read of a long session, a batch at
a time, so that memory does not grow with the session. Every function takes the SQLModel session as
``session=``; rows come back as read-only records with the columns as attributes.

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.db import store
    >>> from casino.games import load_game
    >>> with Session(connect("sqlite://")) as db:
    ...     a = store.create_session(load_game("3-card-brag"), Fraction(50), {"seed": "doc"}, session=db).id
    ...     b = store.create_session(load_game("3-card-brag"), Fraction(50), {"seed": None}, session=db).id
    ...     session_kinds(session=db) == {a: True, b: False}
    True

(The writing side, and the queries that read one row, are in :mod:`casino.db.store` and the modules it gathers.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session

from casino.db.models import BetRecord, HandRecord, SessionRecord
from casino.db.meters import MeterBet
from casino.practice import is_practice

__all__ = ["session_kinds", "practice_of", "stream_progressive_bets", "progressive_bets_by_hand", "BATCH"]

#: Rows read from the database at a time.
BATCH = 1000


def _table(model: Any) -> Any:
    return model.__table__


def _settings(settings_text: str | None) -> dict[str, Any] | None:
    """A session's stored settings (JSON text), or ``None`` when they cannot be read (a hand-edited row)."""
    try:
        settings = json.loads(settings_text or "{}")
    except ValueError:
        return None
    return settings if isinstance(settings, dict) else None


def _kind(settings_text: str | None) -> bool | None:
    """Whether stored settings say practice; ``None`` when they cannot be read (a hand-edited row)."""
    settings = _settings(settings_text)
    return None if settings is None else is_practice(settings)


def trainer_sessions(*, session: Session) -> set[int]:
    """The casino sessions played with the hole-card trainer (the dealer's first card shown: results not the
    game's); a row whose settings cannot be read is not among them (:func:`session_kinds` says it)."""
    from casino.practice import is_trainer

    sessions = _table(SessionRecord)
    rows = session.connection().execute(sa_select(sessions.c.id, sessions.c.settings))
    return {int(row.id) for row in rows if is_trainer(_settings(row.settings))}


def session_kinds(*, session: Session) -> dict[int, bool | None]:
    """Every casino session: id -> practice (seeded from text) or not; ``None`` where the stored settings
    cannot be read. One small column per session (not the game snapshots)."""
    sessions = _table(SessionRecord)
    rows = session.connection().execute(sa_select(sessions.c.id, sessions.c.settings))
    return {int(row.id): _kind(row.settings) for row in rows}


def practice_of(settings_text: str | None) -> bool | None:
    """Whether a session's stored settings (JSON text) say practice; ``None``: unreadable."""
    return _kind(settings_text)


def stream_progressive_bets(game: str, *, session: Session, batch: int | None = None) -> Iterator[MeterBet]:
    """Every stored progressive bet of every session at the game called ``game`` (one meter), in the order
    the hands were stored (then box order), read ``batch`` rows (default :data:`BATCH`) at a time, never
    holding them all."""
    bets, hands, sessions = _table(BetRecord), _table(HandRecord), _table(SessionRecord)
    query = (
        sa_select(hands.c.session_id, bets.c.hand_id, hands.c.round_no, bets.c.box, bets.c.stake, bets.c.paid_hand,
                  bets.c.meter)
        .join_from(bets, hands, hands.c.id == bets.c.hand_id)
        .join(sessions, sessions.c.id == hands.c.session_id)
        .where(sessions.c.game == game, bets.c.bet == "progressive")
        .order_by(bets.c.hand_id, bets.c.box)
        .execution_options(yield_per=batch or BATCH)
    )
    for row in session.connection().execute(query):
        yield MeterBet(*row)


def progressive_bets_by_hand(game: str, *, session: Session, batch: int | None = None) -> Iterator[list[MeterBet]]:
    """:func:`stream_progressive_bets` grouped by hand: each hand's progressive bets (one per box that
    made one), hand after hand in stored order. Only one hand's rows are held at a time."""
    current: list[MeterBet] = []
    for row in stream_progressive_bets(game, session=session, batch=batch):
        if current and row.hand_id != current[0].hand_id:
            yield current
            current = []
        current.append(row)
    if current:
        yield current
