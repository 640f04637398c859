"""brag db copy into a database that holds an OLDER copy of the same session (fewer hands): the hands it lacks
are added (they were skipped: "already in …"), its own rows kept as they are, and it verifies with the source's
head; a copy there that differs is refused naming the session, and nothing is copied. Source and destination on
SQLite files, and (with $BRAG_TEST_POSTGRES) both on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from sqlalchemy import text
from sqlmodel import Session

from casino.db import store
from casino.db.copy import COPIED, MOVED, copy_sessions
from casino.db.copy_present import CopyDiffers
from casino.db.database import connect
from casino.db.verify import verify_session
from casino.sitting import Sitting
from casino.strategy import play_mask
from tests.casino.db.conftest import BETS, fresh_postgres, play_and_store


@pytest.fixture
def target(db_url, tmp_path) -> Iterator[str]:
    """An empty destination on the source's backend."""
    if db_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'copy.db'}"
    else:
        with fresh_postgres() as url:
            yield url


def more(db: Session, session_id: int, sitting: Sitting, rounds: int) -> None:
    """Play ``rounds`` more hands of the stored session, storing each."""
    mask = play_mask(sitting.game, "optimal")
    for _ in range(rounds):
        result = sitting.play_round(BETS, mask)
        store.record_round(session_id, result, sitting.bankroll - result.net, sitting.bankroll, session=db)


def rows(url: str) -> dict[str, list[tuple]]:
    """Every row of the destination's session, hand, box and bet tables, as stored."""
    engine = connect(url, read_only=True)
    with engine.connect() as connection:
        found = {table: [tuple(r) for r in connection.execute(text(f"SELECT * FROM {table} ORDER BY id"))]
                 for table in ("sessions", "hands", "boxes", "bets")}
    engine.dispose()
    return found


def head_of(db: Session, session_id: int) -> str:
    db.expire_all()
    head = store.get_session(session_id, session=db).head_hash
    assert head is not None
    return head


def test_an_older_copy_gets_the_hands_it_lacks(db, target):
    sid, sitting = play_and_store(db, 3)
    db.commit()
    dst = connect(target)
    [first] = copy_sessions(db.get_bind(), dst)
    before = rows(target)
    more(db, sid, sitting, 4)
    db.commit()
    [second] = copy_sessions(db.get_bind(), dst)
    assert (second.source_id, second.target_id, second.hands, second.had) == (sid, first.target_id, 4, 3)
    assert second.to_dict()["already_there"] == 3 and not second.to_dict()["skipped"]
    after = rows(target)
    for table in ("hands", "boxes", "bets"):  # the older copy's rows untouched, the new ones after them
        assert after[table][:len(before[table])] == before[table] and len(after[table]) > len(before[table])
    with Session(connect(target, read_only=True)) as there:
        report = verify_session(first.target_id, session=there, head=head_of(db, sid))  # type: ignore[arg-type]
        assert report.ok and report.hands == 7, report.mismatches
        copied = store.get_session(first.target_id, session=there)  # type: ignore[arg-type]
        assert (copied.rounds, copied.end_reason, Fraction(copied.bankroll)) == (7, COPIED, sitting.bankroll)
    [third] = copy_sessions(db.get_bind(), dst)  # complete now: skipped, as before
    assert third.target_id is None and rows(target) == after
    dst.dispose()


def test_a_copy_further_on_there_is_skipped(db, target):
    """A session moved there and played on holds more hands than the source: nothing to add."""
    sid, _ = play_and_store(db, 2)
    db.commit()
    dst = connect(target)
    [moved] = copy_sessions(db.get_bind(), dst, move=True)
    with Session(dst) as there:
        record = store.get_session(moved.target_id, session=there)  # type: ignore[arg-type]
        sitting = store.resume_sitting(record, session=there)
        more(there, record.id, sitting, 2)  # type: ignore[arg-type]
    before = rows(target)
    [again] = copy_sessions(db.get_bind(), dst)
    assert again.target_id is None and rows(target) == before
    dst.dispose()


def test_a_move_onto_an_older_copy_plays_on_there(db, target):
    sid, sitting = play_and_store(db, 2)
    db.commit()
    dst = connect(target)
    [first] = copy_sessions(db.get_bind(), dst)
    more(db, sid, sitting, 1)
    db.commit()
    [moved] = copy_sessions(db.get_bind(), dst, move=True)
    assert (moved.target_id, moved.hands, moved.had) == (first.target_id, 1, 2)
    with Session(dst) as there:
        copied = store.get_session(first.target_id, session=there)  # type: ignore[arg-type]
        assert copied.end_reason is None and copied.rounds == 3  # it plays on there now
    db.expire_all()
    assert store.get_session(sid, session=db).end_reason == MOVED
    dst.dispose()


def test_a_move_onto_a_copy_of_every_hand_plays_on_there(db, target):
    """A plain copy, then a move of the same session: the move said "skipped" and left the session playing on in
    the source, its copy a record. Now the copy plays on there and the source is marked moved, nothing copied."""
    sid, _ = play_and_store(db, 2)
    db.commit()
    dst = connect(target)
    [first] = copy_sessions(db.get_bind(), dst)
    before = rows(target)
    [moved] = copy_sessions(db.get_bind(), dst, move=True)
    assert (moved.target_id, moved.hands, moved.had) == (first.target_id, 0, 2)
    after = rows(target)
    for table in ("hands", "boxes", "bets"):
        assert after[table] == before[table]
    with Session(dst) as there:
        copied = store.get_session(first.target_id, session=there)  # type: ignore[arg-type]
        assert copied.end_reason is None and copied.rounds == 2  # it plays on there now
        assert verify_session(first.target_id, session=there, head=head_of(db, sid)).ok  # type: ignore[arg-type]
    db.expire_all()
    assert store.get_session(sid, session=db).end_reason == MOVED
    dst.dispose()


def _edit(url: str, sql: str) -> None:
    engine = connect(url)
    with engine.begin() as connection:
        assert connection.execute(text(sql)).rowcount >= 1
    engine.dispose()


@pytest.mark.parametrize(("edit", "why"), [
    ("UPDATE hands SET net = '999' WHERE round_no = 2", "hand 2 differs"),
    ("UPDATE hands SET commitment = 'ab' WHERE round_no = 1", "hand 1 differs"),
    ("UPDATE boxes SET cards = 'As Ks Qs' WHERE id = (SELECT min(id) FROM boxes)", "hand 1 differs"),
    ("UPDATE bets SET stake = '7' WHERE id = (SELECT max(id) FROM bets)", "hand 3 differs"),
    ("UPDATE sessions SET start_bankroll = '999'", "its start_bankroll differs"),
    ("UPDATE sessions SET settings = '{}'", "its settings differs"),
    ("DELETE FROM bets WHERE hand_id = (SELECT id FROM hands WHERE round_no = 3)", "hand 3 differs"),
    ("UPDATE sessions SET head_hash = 'x'", "where the source's hand 4 carries on"),
])
def test_a_copy_there_that_differs_is_refused_and_nothing_is_copied(db, target, edit, why):
    sid, sitting = play_and_store(db, 3)
    other, _ = play_and_store(db, 2, seed="another")
    db.commit()
    dst = connect(target)
    [first] = copy_sessions(db.get_bind(), dst, [sid])
    _edit(target, edit)
    more(db, sid, sitting, 2)
    db.commit()
    before = rows(target)
    with pytest.raises(CopyDiffers) as refused:
        copy_sessions(db.get_bind(), dst)  # both sessions: the other is not copied either
    assert str(refused.value).startswith(f"session {sid}: DST holds a different copy of it (session {first.target_id} there: ")
    assert why in str(refused.value) and str(refused.value).endswith("nothing was copied")
    assert rows(target) == before
    dst.dispose()


def test_a_copy_missing_a_hand_in_between_is_refused(db, target):
    sid, sitting = play_and_store(db, 3)
    db.commit()
    dst = connect(target)
    copy_sessions(db.get_bind(), dst)
    _edit(target, "DELETE FROM bets WHERE hand_id = (SELECT id FROM hands WHERE round_no = 2)")
    _edit(target, "DELETE FROM boxes WHERE hand_id = (SELECT id FROM hands WHERE round_no = 2)")
    _edit(target, "DELETE FROM hands WHERE round_no = 2")
    more(db, sid, sitting, 1)
    db.commit()
    with pytest.raises(CopyDiffers, match="its 2 hand.s. are not hands 1 to 2 as its row says .3."):
        copy_sessions(db.get_bind(), dst)
    dst.dispose()
