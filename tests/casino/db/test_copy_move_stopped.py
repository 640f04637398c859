"""``brag db copy --move`` stopped at any point leaves each session playing on in one database at most (found by a
hostile test: a move killed after its first session's copy was committed left that session playable in both, so a
hand could be played twice, once in each, keeping the better); run again, the same move finishes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlmodel import Session

from casino.db import copy as copying
from casino.db import store
from casino.db.copy import MOVED, MOVING, copy_sessions
from casino.db.database import StoreError, connect
from casino.db.sessions import refuse_unplayable_here
from casino.db.verify import verify_session
from tests.casino.db.conftest import play_and_store


@pytest.fixture
def target(tmp_path) -> Iterator[str]:
    yield f"sqlite:///{tmp_path / 'moved.db'}"


class Stop(Exception):
    """The move stopped here (as by a kill or Ctrl-C)."""


def _playable(url: str) -> list[int]:
    """The sessions of a database that a resume would carry on."""
    engine = connect(url, read_only=True)
    with Session(engine) as db:
        found = []
        for summary in store.list_sessions(session=db):
            record = store.get_session(summary.id, session=db)
            try:
                refuse_unplayable_here(record, store.pending_hand(summary.id, session=db))
            except StoreError:
                continue
            found.append(record.chain_key)
    engine.dispose()
    return found


def _stop_at(monkeypatch, name: str, after: int = 0) -> None:
    """Stop the move at the call of ``casino.db.copy.<name>`` after ``after`` calls went through."""
    real, calls = getattr(copying, name), [0]

    def stopping(*args, **kwargs):
        calls[0] += 1
        if calls[0] > after:
            raise Stop(name)
        return real(*args, **kwargs)

    monkeypatch.setattr(copying, name, stopping)


@pytest.mark.parametrize(("where", "after"), [("_hand_over", 0), ("_plays_on_there", 0), ("_hand_over", 1),
                                              ("_plays_on_there", 1)])
def test_a_move_stopped_anywhere_plays_on_in_one_database_at_most_and_finishes_when_run_again(
        db, target, monkeypatch, where, after):
    first, _ = play_and_store(db, 2)
    second, _ = play_and_store(db, 3, seed="another")
    db.commit()
    source_url = str(db.get_bind().url)
    dst = connect(target)
    with monkeypatch.context() as patched:
        _stop_at(patched, where, after)
        with pytest.raises(Stop):
            copy_sessions(db.get_bind(), dst, move=True)
    keys = {sid: store.get_session(sid, session=db).chain_key for sid in (first, second)}
    here, there = _playable(source_url), _playable(target)
    for sid, key in keys.items():
        assert not (key in here and key in there), f"session {sid} plays on in both databases"
    db.expire_all()
    assert all(store.get_session(sid, session=db).lease_owner is None for sid in keys)  # nothing left held
    done = copy_sessions(db.get_bind(), dst, move=True)  # the same move again: it finishes
    assert sorted(c.source_id for c in done) == sorted(keys)  # (one moved before the stop: passed by, "skipped")
    assert all(c.target_id is not None for c in done if after == 0)
    db.expire_all()
    assert [store.get_session(sid, session=db).end_reason for sid in sorted(keys)] == [MOVED, MOVED]
    assert _playable(source_url) == [] and sorted(_playable(target)) == sorted(keys.values())
    with Session(dst) as there_db:
        for summary in store.list_sessions(session=there_db):
            assert verify_session(summary.id, session=there_db).ok
    dst.dispose()


def test_a_stopped_move_is_not_finished_into_another_database(db, tmp_path, monkeypatch):
    """A move stopped after the source let go of the session is finished only where its record copy waits: moved
    into another database instead, it is refused (it would then play on in two)."""
    sid, _ = play_and_store(db, 2)
    db.commit()
    dst = connect(f"sqlite:///{tmp_path / 'one.db'}")
    with monkeypatch.context() as patched:
        _stop_at(patched, "_plays_on_there")
        with pytest.raises(Stop):
            copy_sessions(db.get_bind(), dst, move=True)
    other = connect(f"sqlite:///{tmp_path / 'other.db'}")
    with pytest.raises(StoreError, match="moved"):
        copy_sessions(db.get_bind(), other, move=True)
    with Session(dst) as there:
        [summary] = store.list_sessions(session=there)
        assert store.get_session(summary.id, session=there).end_reason == MOVING  # still a record of the stopped move, untouched
    dst.dispose()
    other.dispose()


def test_a_copy_of_a_session_played_on_meanwhile_is_the_session_as_its_row_was_read(db, target, monkeypatch):
    """Found by a hostile test: hands played while `db copy` ran were copied beyond the session row it had read,
    so the copy failed verify (its row said 765 hands, it held 770) and every later copy was refused as
    different. The copy now holds the hands its row counts; the next copy adds the rest."""
    from tests.casino.db.test_copy_older import more

    sid, sitting = play_and_store(db, 3)
    db.commit()
    real = copying._copy_rows

    def played_on_meanwhile(*args, **kwargs):
        more(db, sid, sitting, 2)  # the player carries on while the copy is taken
        db.commit()
        return real(*args, **kwargs)

    monkeypatch.setattr(copying, "_copy_rows", played_on_meanwhile)
    dst = connect(target)
    [copied] = copy_sessions(db.get_bind(), dst)
    monkeypatch.setattr(copying, "_copy_rows", real)
    assert copied.hands == 3
    with Session(dst) as there:
        assert verify_session(copied.target_id, session=there).ok  # type: ignore[arg-type]
    [again] = copy_sessions(db.get_bind(), dst)
    assert (again.target_id, again.hands, again.had) == (copied.target_id, 2, 3)
    with Session(dst) as there:
        assert verify_session(copied.target_id, session=there).ok  # type: ignore[arg-type]
    dst.dispose()


def test_a_plain_copy_of_a_moved_session_is_never_taken_for_a_stopped_move(db, tmp_path):
    """Found by a hostile test: after a finished move to A, a plain copy of the (moved) source session to B, then a
    move to B, made B's copy play on as well as A's: the plain copy looked like a stopped move's record. A move's
    record has its own mark (MOVING), which no plain copy has, so the move to B is refused."""
    sid, _ = play_and_store(db, 2)
    db.commit()
    source_url = str(db.get_bind().url)
    first, second = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    a, b = connect(first), connect(second)
    copy_sessions(db.get_bind(), a, move=True)
    copy_sessions(db.get_bind(), b)  # a record of it, there
    with pytest.raises(StoreError, match="moved"):
        copy_sessions(db.get_bind(), b, move=True)
    key = store.get_session(sid, session=db).chain_key
    assert _playable(first) == [key] and _playable(second) == [] and _playable(source_url) == []
    a.dispose()
    b.dispose()


def test_resuming_a_stopped_moves_record_says_how_to_finish_it(db, target, monkeypatch):
    sid, _ = play_and_store(db, 2)
    db.commit()
    dst = connect(target)
    with monkeypatch.context() as patched:
        _stop_at(patched, "_plays_on_there")
        with pytest.raises(Stop):
            copy_sessions(db.get_bind(), dst, move=True)
    with Session(dst) as there:
        [summary] = store.list_sessions(session=there)
        record = store.get_session(summary.id, session=there)
        with pytest.raises(StoreError, match="run that same move again to finish it"):
            refuse_unplayable_here(record, None)
    dst.dispose()
