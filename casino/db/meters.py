"""Progressive meters: one per game name, shared by every session at a game of that name, moved by each
progressive bet (stored with the hand, :func:`casino.db.rounds.record_round`) and read back for the table
and for verification.

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> with Session(connect("sqlite://")) as db:
    ...     before = progressive_meter("my game", Fraction(1000), session=db)  # no bet yet: the file's start
    ...     write_meter(db.connection(), "my game", Fraction(2001, 2))
    ...     db.commit()
    ...     before, progressive_meter("my game", Fraction(1000), session=db), stored_meters(session=db)
    (Fraction(1000, 1), Fraction(2001, 2), {'my game': Fraction(2001, 2)})
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import insert, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, select

from casino.db.database import StoreError
from casino.db.models import MeterRecord, utcnow
from casino.db.rows import SESSIONS, core_table, money, read_amount
from casino.games import Game, parse_game_text

__all__ = ["progressive_meter", "hold_meter", "stored_meters", "write_meter", "MeterBet",
           "refuse_other_progressive"]


def progressive_meter(name: str, start: Fraction, *, session: Session) -> Fraction:
    """The stored meter of the progressive called ``name`` (``start``, the file's value, before any bet)."""
    meters = core_table(MeterRecord)
    row = session.connection().execute(select(meters.c.meter).where(meters.c.name == name)).first()
    return start if row is None else read_amount(row[0], "meters.meter", f"meter {name!r}")


def hold_meter(name: str, start: Fraction, *, session: Session) -> Fraction:
    """The meter called ``name`` (``start`` before any bet), read for a settlement and held, in the database
    itself, until ``session``'s transaction ends: the settlement that pays from it and stores its new value
    (:func:`casino.db.rounds.record_round`, same transaction) is then the only one at this meter, across every
    process and server on the database, so no update is lost and each bet meets the meter the one before left.

    PostgreSQL: the meter's row is made if it is not there yet (``INSERT … ON CONFLICT DO NOTHING``, waiting
    for another transaction making it) and locked (``SELECT … FOR UPDATE``): a second settlement waits for the
    first to commit, then reads what it stored. SQLite: the database's write lock is taken before the read
    (``BEGIN IMMEDIATE``; a writer waits up to the busy timeout, see :mod:`casino.db.database`). Ends with the
    transaction: commit (the round stored) or roll back (nothing stored, nothing held)."""
    meters = core_table(MeterRecord)
    connection = session.connection()
    dialect = connection.dialect.name
    if dialect == "sqlite":
        raw = connection.connection.dbapi_connection
        if raw is not None and not raw.in_transaction:  # (in one, it has written: it holds the write lock already)
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        query = select(meters.c.meter).where(meters.c.name == name)
    else:
        if dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as pg_insert

            connection.execute(pg_insert(meters).values(name=name, meter=money(start), updated_at=utcnow())
                               .on_conflict_do_nothing(index_elements=[meters.c.name]))
        query = select(meters.c.meter).where(meters.c.name == name).with_for_update()
    row = connection.execute(query).first()
    return start if row is None else read_amount(row[0], "meters.meter", f"meter {name!r}")


def stored_meters(*, session: Session) -> dict[str, Fraction]:
    """Every stored progressive meter: name -> value."""
    return {row.name: read_amount(row.meter, "meters.meter", f"meter {row.name!r}")
            for row in session.exec(select(MeterRecord)).all()}


def write_meter(connection: Any, name: str, value: Fraction) -> None:
    """Set the meter called ``name`` to ``value`` on ``connection``, inside the caller's transaction (the hand
    that moved it: :func:`casino.db.rounds.record_round`)."""
    table = MeterRecord.__table__  # type: ignore[attr-defined]  # SQLModel sets __table__ at class creation
    done = connection.execute(
        update(table).where(table.c.name == name).values(meter=money(value), updated_at=utcnow())
    ).rowcount
    if not done:
        connection.execute(insert(table).values(name=name, meter=money(value), updated_at=utcnow()))


@dataclass(frozen=True)
class MeterBet:
    """A stored progressive bet, for checking a meter's chain: whose it is, its stake, paid hand and meter."""

    session_id: int
    hand_id: int
    round_no: int
    box: int
    stake: str
    paid_hand: str | None
    meter: str | None


def refuse_other_progressive(game: Game, game_text: str, session: Session) -> None:
    """A progressive meter is shared by every session at a game of that name, and its chain (what verify
    checks) assumes one set of terms. Refuse (:class:`StoreError`, nothing stored) a game with a progressive
    side bet when this database already holds sessions at a game of the same name whose progressive terms
    differ: otherwise a player's own file could feed (or drain) the meter of everyone else at that game."""
    from casino.bets import BetName

    if not any(side.bet == BetName.PROGRESSIVE for side in game.side_bets):
        return
    mine = game.side_bet(BetName.PROGRESSIVE)
    texts = session.connection().execute(
        sa_select(SESSIONS.c.game_text).where(SESSIONS.c.game == game.name, SESSIONS.c.game_text != game_text)
        .distinct().limit(100)).scalars()
    for text in texts:
        try:
            other = parse_game_text(text, f"a stored game called {game.name!r}")
        except Exception:  # noqa: BLE001 - an unreadable stored snapshot says nothing of its terms
            continue
        theirs = next((side for side in other.side_bets if side.bet == BetName.PROGRESSIVE), None)
        if theirs is not None and theirs != mine:
            raise StoreError(f"this database already has sessions at a game called {game.name!r} with other "
                             "progressive terms, and a progressive meter is shared by every session at a game of "
                             "that name: give your game file another name")
