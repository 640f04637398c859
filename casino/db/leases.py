"""Who is playing a session: a process holds it (its *lease*: ``host:pid:random`` in the session's row)
while it plays, so that a second process (another terminal, a web server) cannot write the same session.
A lease left by a process that died is taken over.

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import SessionBusy, connect
    >>> from casino.db.sessions import create_session
    >>> from casino.games import load_game
    >>> me = lease_owner()
    >>> with Session(connect("sqlite://")) as db:
    ...     sid = create_session(load_game("3-card-brag"), Fraction(50), {}, session=db).id
    ...     held = claim_session(sid, me, session=db).lease_owner == me
    ...     release_session(sid, me, session=db)
    ...     held, get_session(sid, session=db).lease_owner
    (True, None)

(:func:`casino.db.rounds.record_round` and :func:`casino.db.pending.record_deal` take the ``owner`` and
refuse to write for a process that no longer holds the session.)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col

from casino.db.database import SessionBusy, StoreError
from casino.db.models import SessionRecord, utcnow
from casino.db.sessions import get_session

__all__ = ["LEASE_STALE_SECONDS", "lease_owner", "claim_session", "release_session", "refuse_if_held",
           "busy_explains"]


#: A lease not refreshed for this long, held by a process on another machine, may be taken over.
LEASE_STALE_SECONDS = 15 * 60


def lease_owner() -> str:
    """This process as a lease holder: ``host:pid:random``."""
    import os
    import secrets
    import socket

    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def _holder_gone(owner: str, since: Any) -> bool:
    """Whether the process named by a lease is gone (or is this process): on this machine, no such
    process; elsewhere, no write for :data:`LEASE_STALE_SECONDS`."""
    import os
    import socket
    from datetime import timezone

    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host == socket.gethostname() and pid_text.isdigit():
        pid = int(pid_text)
        if pid == os.getpid():  # another seat in this very process (a web server re-seating it): it may
            return True  # take over; the old seat's next hand is then refused (its lease is gone)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except (PermissionError, OverflowError):
            return False
        return False
    if since is None:
        return True
    moment = since if since.tzinfo is not None else since.replace(tzinfo=timezone.utc)
    return bool((utcnow() - moment).total_seconds() > LEASE_STALE_SECONDS)


def claim_session(session_id: int, owner: str, *, session: Session) -> SessionRecord:
    """Hold the session for this process (``owner``, see :func:`lease_owner`) before playing it.

    Refused with :class:`~casino.db.database.SessionBusy` while another live process holds it; a
    lease left by a process that died (killed, crashed) is taken over. One atomic update: of two
    processes claiming at once, one wins.
    """
    record = get_session(session_id, session=session)
    current = record.lease_owner
    if current is not None and current != owner and not _holder_gone(current, record.lease_at):
        session.rollback()
        raise SessionBusy(f"session {session_id} is being played by another process ({current.rsplit(':', 1)[0]}): "
                          "wait for it to end")
    condition = (col(SessionRecord.lease_owner) == current) if current is not None else col(SessionRecord.lease_owner).is_(None)
    changed = session.connection().execute(
        update(SessionRecord).where(col(SessionRecord.id) == session_id, condition)
        .values(lease_owner=owner, lease_at=utcnow()).execution_options(synchronize_session=False)
    ).rowcount
    if changed != 1:
        session.rollback()
        raise SessionBusy(f"session {session_id} was just taken by another process: wait for it to end")
    session.commit()
    session.expire(record)
    return get_session(session_id, session=session)


def refuse_if_held(session_id: int, *, session: Session) -> None:
    """:class:`~casino.db.database.SessionBusy` if a live process holds the session now (read afresh). A resume
    that finds the stored session inconsistent asks this first: a process playing it meanwhile (a hand stored
    between two reads) explains the difference, and the player is told that, not that the data was changed."""
    from sqlalchemy import select

    row = session.connection().execute(select(col(SessionRecord.lease_owner), col(SessionRecord.lease_at))
                                       .where(col(SessionRecord.id) == session_id)).first()
    if row is not None and row.lease_owner is not None and not _holder_gone(row.lease_owner, row.lease_at):
        session.rollback()
        raise SessionBusy(f"session {session_id} is being played by another process "
                          f"({row.lease_owner.rsplit(':', 1)[0]}): wait for it to end")


@contextmanager
def busy_explains(session_id: int, *, session: Session) -> Iterator[None]:
    """Around a resume's reads of a stored session: a :class:`~casino.db.database.StoreError` met there (the row
    and its pending hand do not agree) while a live process plays the session is that process's doing (a hand
    settled between two reads), and is said so (:func:`refuse_if_held`), never that the record was changed."""
    try:
        yield
    except StoreError as error:
        if not isinstance(error, SessionBusy):
            refuse_if_held(session_id, session=session)
        raise


def release_session(session_id: int, owner: str, *, session: Session) -> None:
    """Let go of a session this process holds (nothing happens if it is not held by ``owner``)."""
    session.connection().execute(
        update(SessionRecord).where(col(SessionRecord.id) == session_id, col(SessionRecord.lease_owner) == owner)
        .values(lease_owner=None, lease_at=None).execution_options(synchronize_session=False)
    )
    session.commit()
