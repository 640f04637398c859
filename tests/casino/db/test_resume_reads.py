"""Resuming a session reads its last hand once: the next hand's number, the bankroll it left and the stakes it
repeats all come from that one row (it was read three times: by resume_sitting, bankroll_problem and
last_bets). On both backends; what a resume gives is unchanged."""

from __future__ import annotations

import re

from sqlalchemy import event

from casino.db import store
from casino.db.resuming import bankroll_problem, last_bets, last_hand, resume_sitting
from casino.service import TableService
from tests.casino.db.conftest import BETS

HANDS = re.compile(r"\bFROM hands\b", re.IGNORECASE)


def _reads_of_hands(db, action):
    statements: list[str] = []

    def seen(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    engine = db.get_bind()
    event.listen(engine, "before_cursor_execute", seen)
    try:
        result = action()
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    return result, [s for s in statements if HANDS.search(s)]


def test_a_resume_reads_the_last_hand_once(played_sitting):
    db, session_id, sitting = played_sitting
    db.commit()
    db.expire_all()
    service, reads = _reads_of_hands(db, lambda: TableService.resume(db, session_id))
    assert len(reads) == 1, reads
    assert service.sitting.next_round == 13 and service.sitting.bankroll == sitting.bankroll
    assert service.stakes == BETS  # the last hand's stakes, as before


def test_each_reads_it_itself_when_not_given_and_all_agree(played_sitting):
    db, session_id, sitting = played_sitting
    db.commit()
    record = store.get_session(session_id, session=db)
    last = last_hand(session_id, session=db)
    assert last is not None and last.round_no == 12
    alone, reads = _reads_of_hands(db, lambda: (resume_sitting(record, session=db).next_round,
                                                bankroll_problem(record, session=db), last_bets(session_id, session=db)))
    given, none = _reads_of_hands(db, lambda: (resume_sitting(record, session=db, last=last).next_round,
                                               bankroll_problem(record, session=db, last=last),
                                               last_bets(session_id, session=db, last=last)))
    assert alone == given == (13, None, BETS)
    assert len(reads) == 3 and none == []


def test_a_session_without_hands_reads_none(db):
    from fractions import Fraction

    from casino.games import load_game

    service = TableService.new(load_game("3-card-brag"), Fraction(100), stakes=BETS)
    session_id = service.open(db)
    resumed, reads = _reads_of_hands(db, lambda: TableService.resume(db, session_id))
    assert len(reads) == 1 and resumed.sitting.next_round == 1 and resumed.stakes == BETS


def test_a_session_played_on_by_a_live_process_is_busy_not_changed(db):
    """Found by a hostile test: two resumes of one session at once, and the one that lost the race said "its stored
    bankroll … is not the … its last hand left: it is not resumed; 'brag verify' names the difference", as if the
    data had been changed (verify then passed). A difference while a live process holds the session is that
    process playing: the resume is refused as busy. With no live holder, the difference is still reported."""
    import socket
    import subprocess
    import sys

    import pytest
    from sqlalchemy import text

    from casino.db.database import SessionBusy, StoreError
    from tests.casino.db.conftest import play_and_store

    sid, _ = play_and_store(db, 3)
    db.connection().execute(text("UPDATE sessions SET bankroll = '7' WHERE id = :s"), {"s": sid})  # mid-store, as seen
    db.commit()
    player = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])  # a live process playing it
    try:
        holder = f"{socket.gethostname()}:{player.pid}:abcd1234"
        db.connection().execute(text("UPDATE sessions SET lease_owner = :o, lease_at = CURRENT_TIMESTAMP WHERE id = :s"),
                                {"o": holder, "s": sid})
        db.commit()
        with pytest.raises(SessionBusy, match=f"session {sid} is being played by another process"):
            TableService.resume(db, sid)
    finally:
        player.kill()
        player.wait()
    with pytest.raises(StoreError, match="is not the") as refused:  # its player gone: the difference is the data's
        TableService.resume(db, sid)
    assert not isinstance(refused.value, SessionBusy)


def test_a_pending_hand_out_of_step_while_a_live_process_plays_is_busy_not_changed(tmp_path):
    """Found by a hostile test: resuming a head-to-head session another process was playing said "hand 8622 was
    dealt but its record is gone" or "pending hand number is '4109' but … give '4105'" (the row and the pending
    hand read a moment apart), as if the record had been tampered with. While a live process holds the session the
    difference is that process playing: busy. With no live holder it is still reported. Both kinds of table."""
    import socket
    import sqlite3
    import subprocess
    import sys

    import pytest
    from sqlmodel import Session

    from casino.db.database import SessionBusy, StoreError, connect
    from casino.head_to_head_service import HeadToHeadService
    from casino.games import load_game

    path = tmp_path / "brag.db"
    engine = connect(f"sqlite:///{path}")
    with Session(engine) as db:
        from fractions import Fraction

        TableService.new(load_game("3-card-brag"), Fraction(100), stakes=BETS).open(db)
        h2h = HeadToHeadService.new(load_game("teen-patti-20-20"), Fraction(100), stakes={"a": 5}, seed="busy")
        h2h.open(db)
    with sqlite3.connect(path) as raw:  # each row says one more hand was dealt than is on record, as seen mid-play
        raw.execute("UPDATE sessions SET totals = json_set(coalesce(totals, '{}'), '$.dealt', rounds + 1)")
    for service, sid in ((TableService, 1), (HeadToHeadService, 2)):
        player = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])  # a live process playing it
        try:
            with sqlite3.connect(path) as raw:
                raw.execute("UPDATE sessions SET lease_owner = ?, lease_at = CURRENT_TIMESTAMP WHERE id = ?",
                            (f"{socket.gethostname()}:{player.pid}:abcd1234", sid))
            with Session(engine) as db, pytest.raises(SessionBusy, match=f"session {sid} is being played by another"):
                service.resume(db, sid)
        finally:
            player.kill()
            player.wait()
        with Session(engine) as db, pytest.raises(StoreError, match="was dealt but its record is gone") as refused:
            service.resume(db, sid)  # its player gone: the difference is the data's
        assert not isinstance(refused.value, SessionBusy)
    engine.dispose()
