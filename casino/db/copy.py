"""Copying sessions between databases (SQLite to PostgreSQL and back), hash chains intact.

    >>> import tempfile
    >>> from casino.db.copy import copy_sessions
    >>> from casino.db.database import connect
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     copy_sessions(connect("sqlite://"), connect(f"sqlite:///{folder}/copy.db"))
    []

The destination must outlive the command: an SQLite database in memory (``sqlite://``, ``:memory:``,
``mode=memory``) is refused, for a copy as for a move (a session moved there would be lost).

The chain covers each hand's contents and the session's own key, never a row id, so a copied session
verifies in its new home with the same head hash. Each session is copied in one transaction (a copy
stopped half way leaves nothing of that session behind), its hands streamed in batches: memory does
not grow with the session. A session already present in the destination (the same chain key) is first
compared with the source, hand by hand (:mod:`casino.db.copy_present`), before anything is written: a
complete copy is skipped, so running a copy twice copies nothing twice (a *move* onto a copy of every hand
makes that copy the one that plays on, and marks the source moved, copying nothing); an older copy (the source's first
hands, exactly) gets the hands it lacks, in one transaction, its existing hands left as they are (its
session row moves on to the source's head, bankroll and totals); a copy that differs is refused, naming
the session, and nothing is copied.

A session with a hand *pending* (dealt, its bets stored, not settled) is refused, and nothing is copied:
a copy would give that one hand two futures (decided one way here, another way there). Settle it first
(``brag play --resume ID``), then copy.

A session plays on in ONE database. A plain copy is a record: it lists, replays and verifies in the
destination, but ``--resume`` refuses it (``end_reason`` ``"copied"``), so no hand can be played twice,
once in each database, keeping the better. ``move=True`` copies and then marks each source session
``"moved"`` (the source must be writable): the destination's copy is then the one that plays on.
A session with progressive bets is refused: its meter's chain runs through every session at that game in
the source database, so it cannot be copied alone without breaking the destination's own chain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine

from casino.db.copy_present import Present, present_copy
from casino.db.end_reasons import COPIED, MOVED, MOVING
from casino.db.models import BetRecord, BoxRecord, HandRecord, PendingHandRecord, SessionRecord, utcnow

__all__ = ["Copied", "copy_sessions", "sessions_to_copy", "classic_sessions_in", "in_memory", "refuse_in_memory",
           "refuse_same_database", "COPIED", "MOVED", "MOVING"]


_SESSION_COLUMNS = ("game", "game_source", "game_text", "started_at", "ended_at", "end_reason", "start_bankroll",
                    "bankroll", "rounds", "settings", "chain_key", "head_hash", "totals")
_HAND_COLUMNS = ("round_no", "played_at", "commitment", "seed", "dealer_cards", "dealer_hand", "qualifies", "wagered",
                 "net", "bankroll_before", "bankroll_after", "events", "prev_hash", "hash")
_BET_COLUMNS = ("box", "bet", "stake", "net", "paid_hand", "meter")
_BOX_COLUMNS = ("box", "ante", "pair_plus", "cards", "hand_name", "decision", "outcome", "ante_net", "play_net",
                "ante_bonus_net", "pair_plus_net")


@dataclass(frozen=True)
class Copied:
    """One session copied (or skipped): its id in each database, hands copied, and its head hash; ``had``: the
    hands an older copy in the destination held already (its hands then added after them)."""

    source_id: int
    target_id: int | None  # None: already in the destination (skipped)
    hands: int
    head: str | None
    had: int = 0
    elsewhere: bool = False  # the source's session does not play on in the source (moved, or itself a copy)
    #: how the source's session ended when it does not play on there: ``COPIED`` (itself a copy), ``MOVED`` (moved
    #: away), ``MOVING`` (the record of a move into the source that stopped part way); ``None`` otherwise, and
    #: for a move (the source's session is then moved by it)
    source_end: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.source_id, "to": self.target_id, "hands": self.hands, "head": self.head,
                "skipped": self.target_id is None, "already_there": self.had,
                "plays_on_in_source": not self.elsewhere, "source_end": self.source_end}


def copy_sessions(
    source: Engine, target: Engine, session_ids: Iterable[int] | None = None, *, batch: int = 2000,
    progress: Callable[[int], None] | None = None, move: bool = False,
) -> list[Copied]:
    """Copy sessions (all, or ``session_ids``) from ``source`` to ``target``, oldest first.

    ``source`` may be read-only; ``target`` must be open for writing (:func:`casino.db.database.connect`),
    and hold its data beyond this call: a database in memory is refused (nothing would be left of the copy).
    ``progress`` is called with the number of hands copied after each batch. ``move=True`` first holds each
    source session (its lease), refused while a live process plays it, so no hand is played on after the
    copy is taken.
    """
    refuse_in_memory(target, "DST")
    refuse_same_database(source, target)
    with source.connect() as src:
        rows = _sessions_to_copy(src, session_ids, move)
        with target.connect() as dst:  # every copy already there checked before anything is written
            present = {r.id: p for r in rows if (p := present_copy(src, dst, r, batch=batch)) is not None}
            unfinished = _unfinished_moves(dst, rows, present) if move else {}
    owner = _hold(source, [r for r in rows if r.id not in unfinished]) if move else None
    try:
        done = [_finish_move(target, row, unfinished[row.id]) for row in rows if row.id in unfinished]
        done += _copy_rows(source, target, [r for r in rows if r.id not in unfinished], batch, progress, move, present,
                           owner)
    finally:
        if owner is not None:
            _let_go(source, [r.id for r in rows], owner)
    return sorted(done, key=lambda c: c.source_id)


def sessions_to_copy(source: Engine, session_ids: Iterable[int] | None = None, *, move: bool = False) -> list[int]:
    """The sessions :func:`copy_sessions` would copy from ``source`` (all, or ``session_ids``), after every check
    that needs only the source: a session that is not there, has a hand pending or progressive bets, or (``move``)
    was moved or copied already is refused here (:class:`~casino.db.database.StoreError`, one line). The command
    line asks this before it opens (and so creates) the destination: a refusal leaves nothing behind."""
    with source.connect() as src:
        return [row.id for row in _sessions_to_copy(src, session_ids, move)]


def _sessions_to_copy(src: Any, session_ids: Iterable[int] | None, move: bool) -> Sequence[Any]:
    sessions = SessionRecord.__table__  # type: ignore[attr-defined]
    query = select(sessions).order_by(sessions.c.id)
    wanted = None if session_ids is None else sorted(set(session_ids))
    if wanted is not None:
        query = query.where(sessions.c.id.in_(wanted))
    rows = src.execute(query).all()
    if wanted is not None:
        missing = sorted(set(wanted) - {r.id for r in rows})
        if missing:
            from casino.db.database import StoreError

            raise StoreError(f"no session {', '.join(map(str, missing[:10]))} in the source database; nothing was "
                             "copied")
    _refuse_pending(src, [r.id for r in rows])
    _refuse_progressive(src, [r.id for r in rows])
    if move:  # (one moved by a move that stopped before its end is finished, if DST shows it: _unfinished_moves)
        _refuse_moved([r for r in rows if r.end_reason != MOVED])
    return list(rows)


def _copy_rows(source: Engine, target: Engine, rows: Sequence[Any], batch: int,
               progress: Callable[[int], None] | None, move: bool, present: dict[int, Present],
               owner: str | None = None) -> list[Copied]:
    """Copy each session in its own transaction. A move goes in three steps, each committed: the copy is written
    as a record (``MOVING``, marked with the move's moment), then the source session is marked ``MOVED`` (at
    that moment), then the copy is given the source's end (it plays on there). Stopped anywhere, the session
    plays on in one database at most: after the first step in the source, after the second in neither until
    the same move is run again (:func:`_unfinished_moves` finds it and finishes it), after the third in DST."""
    sessions = SessionRecord.__table__  # type: ignore[attr-defined]
    hands = HandRecord.__table__  # type: ignore[attr-defined]
    done: list[Copied] = []
    with source.connect() as src:
        for row in rows:
            older = present.get(row.id)
            there = None
            moment = utcnow() if move else None
            elsewhere = move or row.end_reason in (COPIED, MOVED, MOVING)  # the source's session, once done
            source_end = row.end_reason if not move and row.end_reason in (COPIED, MOVED, MOVING) else None
            with target.begin() as dst:
                if older is None and row.chain_key:  # (arrived since the check: a copy run alongside this one)
                    there = dst.execute(select(sessions.c.id).where(sessions.c.chain_key == row.chain_key)).first()
                if move and older is not None and older.hands == older.source_hands:
                    # a copy of every hand is there already (a plain copy taken before): it plays on there now
                    _carry_on(dst, row, older, moment)
                    target_id, first, copied = older.target_id, older.hands, 0
                elif there is not None or (older is not None and older.complete):
                    done.append(Copied(row.id, None, 0, row.head_hash, elsewhere=elsewhere, source_end=source_end))
                    continue
                else:
                    if older is not None:  # an older copy: carried on to the source's head, its own rows kept
                        target_id, first = older.target_id, older.hands
                        _carry_on(dst, row, older, moment)
                    else:  # a record here (a move's, until the source lets go of the session)
                        values = {name: getattr(row, name) for name in _SESSION_COLUMNS}
                        if moment is None:  # a copy: a record for good, the session plays on where it came from
                            values.update(end_reason=COPIED, ended_at=row.ended_at or utcnow())
                        else:
                            values.update(end_reason=MOVING, ended_at=moment)
                        target_id, first = dst.execute(insert(sessions).values(**values).returning(sessions.c.id)).scalar_one(), 0
                    copied = 0
                    hand_rows = src.execute(  # the hands the session row read counts, none played on since
                        select(hands).where(hands.c.session_id == row.id, hands.c.round_no > first,
                                            hands.c.round_no <= row.rounds).order_by(hands.c.round_no)
                        .execution_options(yield_per=batch)
                    )
                    for chunk in hand_rows.partitions(batch):
                        _copy_chunk(src, dst, chunk, target_id)
                        copied += len(chunk)
                        if progress is not None:
                            progress(copied)
            if move:
                assert owner is not None and moment is not None
                _hand_over(source, target, row, target_id, owner, moment)
            done.append(Copied(row.id, target_id, copied, row.head_hash, first, elsewhere=elsewhere,
                               source_end=source_end))
    return done


def _hand_over(source: Engine, target: Engine, row: Any, target_id: int, owner: str, moment: Any) -> None:
    """A move's last two steps: the source session marked moved (while this process still holds it), then the
    copy, a record until now, given the source's end: it plays on there."""
    from casino.db.database import StoreError

    sessions = SessionRecord.__table__  # type: ignore[attr-defined]
    with source.begin() as src:
        changed = src.execute(update(sessions).where(sessions.c.id == row.id, sessions.c.lease_owner == owner)
                              .values(end_reason=MOVED, ended_at=moment, lease_owner=None, lease_at=None)).rowcount
    if changed != 1:
        raise StoreError(f"session {row.id} was taken by another process while it was moved: its copy in DST stays a "
                         "record, and it plays on here")
    _plays_on_there(target, target_id, row.end_reason, row.ended_at)


def _plays_on_there(target: Engine, target_id: int, end_reason: str | None, ended_at: Any) -> None:
    """The copy, a record until now, plays on in DST (ended as given: as the source left it)."""
    sessions = SessionRecord.__table__  # type: ignore[attr-defined]
    with target.begin() as dst:
        dst.execute(update(sessions).where(sessions.c.id == target_id, sessions.c.end_reason == MOVING)
                    .values(end_reason=end_reason, ended_at=ended_at))


def _unfinished_moves(dst: Any, rows: Sequence[Any], present: dict[int, Present]) -> dict[int, int | None]:
    """The source's sessions marked moved whose move into DST this run may finish or pass by. Source id -> the
    copy's id there, for a move stopped between its second and third steps (see :func:`_copy_rows`: the copy
    complete and still a record marked ``MOVING`` with the source's moment); ``None`` for a session a move
    already took there (it plays on there: the same move run again passes it by). Any other session already
    moved is refused (one line), before anything is written."""
    sessions = SessionRecord.__table__  # type: ignore[attr-defined]
    found: dict[int, int | None] = {}
    for row in rows:
        if row.end_reason != MOVED:
            continue
        older = present.get(row.id)
        copy = None if older is None else dst.execute(select(sessions).where(sessions.c.id == older.target_id)).first()
        if copy is None or copy.rounds != row.rounds or copy.head_hash != row.head_hash:
            _refuse_moved([row])
        assert copy is not None
        if copy.end_reason == MOVING and _same_moment(copy.ended_at, row.ended_at):
            found[row.id] = copy.id  # stopped before its end: finished now
        elif copy.end_reason in (COPIED, MOVED, MOVING):
            _refuse_moved([row])
        else:
            found[row.id] = None  # moved here already, and playing on here: nothing to do
    return found


def _same_moment(a: Any, b: Any) -> bool:
    """Two stored times the same instant (one backend gives it back with its time zone, another without: UTC)."""
    from datetime import timezone

    def utc(t: Any) -> Any:
        return t.replace(tzinfo=None) if t.tzinfo is None else t.astimezone(timezone.utc).replace(tzinfo=None)

    return a is not None and b is not None and bool(utc(a) == utc(b))


def _finish_move(target: Engine, row: Any, target_id: int | None) -> Copied:
    """A stopped move's last step: its copy in DST (``target_id``) plays on there (ended as ``interrupted``,
    resumed as any session stopped half way is). ``None``: moved there already, passed by ("skipped")."""
    if target_id is None:
        return Copied(row.id, None, 0, row.head_hash, elsewhere=True)
    _plays_on_there(target, target_id, "interrupted", row.ended_at)
    return Copied(row.id, target_id, 0, row.head_hash, row.rounds, elsewhere=True)


def _carry_on(dst: Any, row: Any, older: Present, moment: Any = None) -> None:
    """The older copy's session row moved on to the source's hands (its count, bankroll, totals and head), in the
    transaction that adds them; refused if the copy changed since it was checked (a hand played on there).
    ``moment``: a move's (the copy is then a record marked with it, until the source lets go of the session)."""
    from casino.db.database import StoreError

    sessions = SessionRecord.__table__  # type: ignore[attr-defined]
    values: dict[str, Any] = {name: getattr(row, name) for name in ("rounds", "bankroll", "totals", "head_hash")}
    if moment is not None:
        values.update(end_reason=MOVING, ended_at=moment)
    held = sessions.c.head_hash == older.head if older.head is not None else sessions.c.head_hash.is_(None)
    changed = dst.execute(update(sessions).where(sessions.c.id == older.target_id, sessions.c.rounds == older.hands, held)
                          .values(**values)).rowcount
    if changed != 1:
        raise StoreError(f"session {row.id}: its copy in DST (session {older.target_id}) changed while it was being "
                         "copied; nothing of it was copied")


def in_memory(url: Any) -> bool:
    """Whether a database URL (or an engine's URL) names an SQLite database in memory, gone when its last
    connection closes: ``sqlite://``, ``sqlite:///:memory:``, ``file:…?mode=memory`` or ``vfs=memdb``.

        >>> in_memory("sqlite://"), in_memory("sqlite:///file:x?mode=memory&uri=true"), in_memory("sqlite:///b.db")
        (True, True, False)
    """
    from urllib.parse import parse_qs

    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url) if isinstance(url, str) else url
        if parsed.get_backend_name() != "sqlite":
            return False
    except Exception:  # noqa: BLE001 - not a URL: connect() names the problem
        return False
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith(("file::memory:", ":memory:")):
        return True
    query: dict[str, Any] = {k: [v] if isinstance(v, str) else list(v) for k, v in parsed.query.items()}
    if database.startswith("file:") and "?" in database:
        for key, values in parse_qs(database.split("?", 1)[1]).items():
            query.setdefault(key, []).extend(values)
    return "memory" in [v.lower() for v in query.get("mode", [])] or \
        "memdb" in [v.lower() for v in query.get("vfs", [])]


def refuse_in_memory(where: Engine | str, which: str) -> None:
    """Refuse (one StoreError line) a database in memory (an engine, or a URL not opened yet) where sessions
    must outlive the command."""
    if in_memory(where if isinstance(where, str) else where.url):
        from casino.db.database import StoreError

        raise StoreError(f"{which} is an SQLite database in memory: it is gone when the command ends, so a copy "
                         "there would be lost (a moved session with it); give a file path or a PostgreSQL URL; "
                         "nothing was copied")


def refuse_same_database(source: Engine, target: Engine) -> None:
    """Refuse (one StoreError line) a copy into its own source, however the two URLs spell it: for SQLite the same
    file; for PostgreSQL the same server and database as the servers themselves say (when each was started, and
    the database's own id), so that a host alias, another address of the machine or a Unix socket for TCP is
    caught too (a move into itself marked the session moved, with no other database holding it)."""
    if source.dialect.name != target.dialect.name:
        return
    if source.dialect.name == "sqlite":
        from casino.db.locations import same_database

        same = same_database(*(e.url.render_as_string(hide_password=False) for e in (source, target)))
    elif source.dialect.name == "postgresql":
        same = _server_identity(source) == _server_identity(target)
    else:
        return
    if same:
        from casino.db.database import StoreError, describe

        raise StoreError(f"SRC and DST are the same database ({describe(source.url.render_as_string())}), named two "
                         "ways: nothing was copied")


def _server_identity(engine: Engine) -> tuple[Any, ...]:
    """What tells a PostgreSQL database from every other: its server's start and the database's own id."""
    from sqlalchemy import text

    with engine.connect() as connection:
        return tuple(connection.execute(text(
            "SELECT pg_postmaster_start_time(), current_database(), "
            "(SELECT oid FROM pg_database WHERE datname = current_database())")).one())


def _hold(source: Engine, rows: Sequence[Any]) -> str:
    """Hold every session to be moved (its lease) for this process, in one transaction: refused, holding
    none, while a live process plays one of them (moving it then would lose the hands played on there)."""
    from casino.db.database import SessionBusy
    from casino.db.leases import _holder_gone, lease_owner

    sessions = SessionRecord.__table__  # type: ignore[attr-defined]
    owner = lease_owner()
    with source.begin() as src:
        for row in rows:
            current = row.lease_owner
            if current is not None and not _holder_gone(current, row.lease_at):
                raise SessionBusy(f"session {row.id} is being played now ({current.rsplit(':', 1)[0]}): finish or "
                                  "quit it there, then move it; nothing was copied")
            held = sessions.c.lease_owner == current if current is not None else sessions.c.lease_owner.is_(None)
            changed = src.execute(update(sessions).where(sessions.c.id == row.id, held)
                                  .values(lease_owner=owner, lease_at=utcnow())).rowcount
            if changed != 1:
                raise SessionBusy(f"session {row.id} was just taken by another process: nothing was copied")
    return owner


def _let_go(source: Engine, session_ids: list[int], owner: str) -> None:
    """Let go of the sessions :func:`_hold` held (those not moved play on here)."""
    if not session_ids:
        return
    sessions = SessionRecord.__table__  # type: ignore[attr-defined]
    with source.begin() as src:
        src.execute(update(sessions).where(sessions.c.id.in_(session_ids), sessions.c.lease_owner == owner)
                    .values(lease_owner=None, lease_at=None))


def _refuse_moved(rows: Sequence[Any]) -> None:
    """A session already moved away (or itself a copy) is not moved again: it does not play on here."""
    gone = [r for r in rows if r.end_reason in (COPIED, MOVED, MOVING)]
    if gone:
        from casino.db.database import StoreError

        what = {COPIED: "a copy", MOVED: "moved", MOVING: "being moved here (a move that stopped part way)"}
        raise StoreError(f"session {gone[0].id} is {what[gone[0].end_reason]} and does not play on in this database: "
                         "it cannot be moved; nothing was copied")


def _refuse_progressive(src: Any, session_ids: list[int]) -> None:
    """Refuse (before anything is copied) sessions with progressive bets: their meter's chain is shared by
    every session at that game in the source, and would break the destination's own chain."""
    if not session_ids:
        return
    hands = HandRecord.__table__  # type: ignore[attr-defined]
    bets = BetRecord.__table__  # type: ignore[attr-defined]
    found = src.execute(select(hands.c.session_id).join(bets, bets.c.hand_id == hands.c.id)
                        .where(hands.c.session_id.in_(session_ids), bets.c.bet == "progressive")
                        .order_by(hands.c.session_id).limit(1)).first()
    if found:
        from casino.db.database import StoreError

        raise StoreError(f"session {found[0]} has progressive bets: their meter is shared by every session at that "
                         "game in the source database, so it cannot be copied alone (leave it out with --session); "
                         "nothing was copied")


def _refuse_pending(src: Any, session_ids: list[int]) -> None:
    """Refuse (before anything is copied) sessions with a hand pending: copying would duplicate it."""
    from sqlalchemy import inspect

    if not session_ids or "pending_hands" not in inspect(src).get_table_names():
        return
    pending = PendingHandRecord.__table__  # type: ignore[attr-defined]
    found = src.execute(select(pending.c.session_id, pending.c.round_no)
                        .where(pending.c.session_id.in_(session_ids)).order_by(pending.c.session_id)).all()
    if found:
        from casino.db.database import StoreError

        named = ", ".join(f"session {sid} (hand {n})" for sid, n in found[:5]) + (" …" if len(found) > 5 else "")
        first = found[0][0]
        raise StoreError(f"{named}: a hand is pending (dealt, bets stored, not settled) and would be duplicated by a "
                         f"copy; settle it first ('brag play --resume {first}'), then copy: nothing was copied")


def _copy_chunk(src: Any, dst: Any, chunk: Sequence[Any], new_session: int) -> None:
    """One batch of hands and their boxes, with new row ids in the destination."""
    hands = HandRecord.__table__  # type: ignore[attr-defined]
    boxes = BoxRecord.__table__  # type: ignore[attr-defined]
    dst.execute(insert(hands), [{"session_id": new_session, **{c: getattr(h, c) for c in _HAND_COLUMNS}} for h in chunk])
    first, last = chunk[0].round_no, chunk[-1].round_no
    new_ids = dict(dst.execute(
        select(hands.c.round_no, hands.c.id).where(hands.c.session_id == new_session, hands.c.round_no >= first,
                                                   hands.c.round_no <= last)
    ).all())
    round_of = {h.id: h.round_no for h in chunk}
    box_rows = src.execute(select(boxes).where(boxes.c.hand_id.in_(list(round_of)))).all()
    if box_rows:
        dst.execute(insert(boxes), [{"hand_id": new_ids[round_of[b.hand_id]], **{c: getattr(b, c) for c in _BOX_COLUMNS}}
                                    for b in box_rows])
    bets = BetRecord.__table__  # type: ignore[attr-defined]
    bet_rows = src.execute(select(bets).where(bets.c.hand_id.in_(list(round_of))).order_by(bets.c.id)).all()
    if bet_rows:
        dst.execute(insert(bets), [{"hand_id": new_ids[round_of[b.hand_id]], **{c: getattr(b, c) for c in _BET_COLUMNS}}
                                   for b in bet_rows])


def classic_sessions_in(engine: Engine) -> int:
    """How many traditional Brag sessions a database holds (``db copy`` does not carry them: it copies the
    casino table's sessions and their hash chains; the caller says so rather than leave them silently)."""
    from sqlalchemy import func

    from casino.db.classic_models import ClassicSessionRecord

    with engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(ClassicSessionRecord)).scalar_one())
