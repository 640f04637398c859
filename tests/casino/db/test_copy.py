"""brag db copy: a destination in memory is refused (a session moved there would be lost with the command),
a session being played is not moved from under its player, and a session moved away says so, not "resume it".
Found by a hostile test. Each runs on SQLite and (with $BRAG_TEST_POSTGRES) PostgreSQL as the source."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from sqlalchemy import text
from sqlmodel import Session

from casino.db import store
from casino.db.copy import MOVED, copy_sessions, in_memory
from casino.db.database import SessionBusy, StoreError, connect
from tests.casino.db.conftest import play_and_store


@pytest.mark.parametrize("url, memory", [
    ("sqlite://", True), ("sqlite:///:memory:", True), ("sqlite+pysqlite:///:memory:", True),
    ("sqlite:///file:x?mode=memory&uri=true", True), ("sqlite:///file:x?mode=MEMORY&cache=shared&uri=true", True),
    ("sqlite:////tmp/y.db?mode=memory&uri=true", True), ("sqlite:///file::memory:?uri=true", True),
    ("sqlite:///file:/tmp/y.db?vfs=memdb&uri=true", True),
    ("sqlite:////tmp/brag.db", False), ("sqlite:///file:/tmp/brag.db?mode=rwc&uri=true", False),
    ("postgresql://u@h/brag", False), ("not a url", False),
])
def test_in_memory(url, memory):
    assert in_memory(url) is memory


def _row(db: Session, sid: int):
    db.expire_all()
    return db.connection().execute(text("SELECT end_reason, lease_owner FROM sessions WHERE id = :s"), {"s": sid}).one()


@pytest.mark.parametrize("move", [False, True], ids=["copy", "move"])
@pytest.mark.parametrize("memory", ["sqlite://", "sqlite:///:memory:", "sqlite:///file:x?mode=memory&uri=true"])
def test_a_destination_in_memory_is_refused_and_nothing_changes(db, memory, move):
    sid, _ = play_and_store(db, 2)
    db.commit()
    target = connect(memory)
    with pytest.raises(StoreError, match="in memory.*nothing was copied"):
        copy_sessions(db.get_bind(), target, move=move)
    target.dispose()
    assert _row(db, sid) == (None, None)  # not marked moved: it plays on here


def test_a_session_being_played_is_not_moved_from_under_its_player(db, tmp_path):
    sid, _ = play_and_store(db, 2)
    player = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])  # a live process playing it
    try:
        holder = f"{socket.gethostname()}:{player.pid}:abcd1234"
        db.connection().execute(text("UPDATE sessions SET lease_owner = :o WHERE id = :s"), {"o": holder, "s": sid})
        db.commit()
        target = connect(f"sqlite:///{tmp_path / 'moved.db'}")
        with pytest.raises(SessionBusy, match=f"session {sid} is being played now.*nothing was copied"):
            copy_sessions(db.get_bind(), target, move=True)
        with Session(target) as there:
            assert store.list_sessions(session=there) == []
        assert _row(db, sid) == (None, holder)  # still the player's, still playing on here
    finally:
        player.kill()
        player.wait()
    [moved] = copy_sessions(db.get_bind(), target, move=True)  # its player is gone: it moves
    assert moved.target_id is not None and _row(db, sid) == (MOVED, None)
    target.dispose()


def test_a_session_left_is_held_only_while_it_is_moved(db, tmp_path):
    first, _ = play_and_store(db, 1)
    second, _ = play_and_store(db, 1, seed="another")
    db.commit()
    target = connect(f"sqlite:///{tmp_path / 'moved.db'}")
    copy_sessions(db.get_bind(), target, [first])  # a record there already: the move makes it the one playing on
    done = copy_sessions(db.get_bind(), target, move=True)
    assert [(c.source_id, c.target_id is None, c.hands) for c in done] == [(first, False, 0), (second, False, 1)]
    assert _row(db, first) == (MOVED, None) and _row(db, second) == (MOVED, None)  # no lease left behind
    third, _ = play_and_store(db, 1, seed="a third")
    db.commit()
    other = connect(f"sqlite:///{tmp_path / 'other.db'}")
    with pytest.raises(StoreError):  # the first two moved: a move of every session elsewhere is refused, holding none
        copy_sessions(db.get_bind(), other, move=True)
    assert _row(db, third) == (None, None)
    other.dispose()
    again = copy_sessions(db.get_bind(), target, move=True)  # into the same database: the two moved are passed by
    assert [(c.source_id, c.target_id is None) for c in again] == [(first, True), (second, True), (third, False)]
    assert _row(db, third) == (MOVED, None)
    target.dispose()


def test_a_moved_session_says_it_plays_on_elsewhere_not_resume_it(db, tmp_path):
    sid, _ = play_and_store(db, 1)
    db.commit()
    target = connect(f"sqlite:///{tmp_path / 'moved.db'}")
    copy_sessions(db.get_bind(), target, move=True)
    target.dispose()
    db.expire_all()
    with pytest.raises(StoreError) as info:  # the player still at the table in this database deals next
        store.record_deal(sid, None, session=db)
    assert "moved to another database" in str(info.value) and "--resume" not in str(info.value)


def _other_spelling(url: str) -> str:
    """The same database named another way: PostgreSQL's 127.0.0.1 as 127.1 (the same address, another host text);
    a SQLite file through a symbolic link beside it."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        if parsed.host != "127.0.0.1":
            pytest.skip(f"the test server is at {parsed.host}, not 127.0.0.1 (spelled 127.1 here)")
        return parsed.set(host="127.1").render_as_string(hide_password=False)
    from pathlib import Path

    path = Path(str(parsed.database))
    link = path.with_name("alias.db")
    link.symlink_to(path)
    return f"sqlite:///{link}"


@pytest.mark.parametrize("move", [False, True], ids=["copy", "move"])
def test_a_copy_into_its_own_source_named_another_way_is_refused(db, db_url, move):
    """Found by a hostile test: `db copy --move` from postgresql://…@127.0.0.1/b4 into the same database named by
    another host (an alias, a socket) found the session "already there", made it "play on there", and then marked
    that very row moved: no database held it any more. The servers are asked who they are; it is refused."""
    sid, _ = play_and_store(db, 2)
    db.commit()
    target = connect(_other_spelling(db_url))
    with pytest.raises(StoreError, match=r"^SRC and DST are the same database \(.*\), named two ways: nothing was "
                                         r"copied$"):
        copy_sessions(db.get_bind(), target, move=move)
    target.dispose()
    assert _row(db, sid) == (None, None)  # it plays on here, as it did


def test_two_databases_on_one_server_are_not_the_same(db_url):
    """The check tells databases apart: another database on the same server is copied into."""
    if not db_url.startswith("postgresql"):
        pytest.skip("two databases on one server: PostgreSQL's case")
    from tests.casino.db.conftest import fresh_postgres

    engine = connect(db_url)
    with Session(engine) as db:
        play_and_store(db, 1)
        db.commit()
    with fresh_postgres() as other:
        target = connect(other)
        assert [c.target_id for c in copy_sessions(engine, target)] == [1]
        target.dispose()
    engine.dispose()
