"""Opening databases: ours or not, read-only, old releases upgraded in place, leases, full disks,
copies between backends and concurrent players — on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
import uuid
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlmodel import Session

from casino.db import store
from casino.db.copy import copy_sessions
from casino.db.database import (HEAD_REVISION, DiskFull, MissingDatabase, NotOurDatabase, SessionBusy, StoreError,
                                connect, database_url, describe, schema_revision)
from casino.db.verify import verify_session
from casino.events import BoxBets
from casino.games import load_game
from casino.sitting import Sitting
from casino.strategy import play_mask
from tests.casino.db.conftest import fresh_postgres

HERE = Path(__file__).parent
BETS = (BoxBets(1, Fraction(5), Fraction(1)), BoxBets(2, Fraction(5, 2)))


def play(db: Session, rounds: int, *, seed: str | None = "db", session_id: int | None = None, owner: str | None = None) -> int:
    """Play ``rounds`` hands into a new session (or carry on ``session_id``): the session's id."""
    game = load_game("3-card-brag")
    if session_id is None:
        record = store.create_session(game, Fraction(1000), {"seed": seed} if seed else {}, session=db, owner=owner)
        sitting = Sitting(game, Fraction(1000), seed=seed)
    else:
        record = store.get_session(session_id, session=db)
        sitting = store.resume_sitting(record, session=db)
    mask = play_mask(game, "optimal")
    for _ in range(rounds):
        result = sitting.play_round(BETS, mask)
        store.record_round(record.id, result, sitting.bankroll - result.net, sitting.bankroll, session=db, owner=owner)
    return record.id  # type: ignore[return-value]


# -- which database ---------------------------------------------------------------------------------


def test_a_plain_path_is_a_sqlite_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert database_url("games.db") == f"sqlite:///{tmp_path / 'games.db'}"
    assert database_url("~/x.db").startswith("sqlite:////")
    assert database_url("postgresql://u@h/d") == "postgresql://u@h/d"
    assert describe(database_url("games.db")) == f"SQLite file {tmp_path / 'games.db'}"
    for bad in ("", "   ", "x" * 5000, "a\x00b"):
        with pytest.raises(StoreError):
            database_url(bad)


# -- not ours: refused, untouched ---------------------------------------------------------------------


FOREIGN_SQLITE = {
    "another app": "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'ann');",
    "same table names": "CREATE TABLE sessions (id INTEGER PRIMARY KEY, token TEXT); "
                        "CREATE TABLE hands (id INTEGER, fingers INTEGER); INSERT INTO sessions VALUES (1, 'x');",
    "ours plus more": (HERE / "release_0_1" / "sqlite.sql").read_text() + "CREATE TABLE extra (x);",
}


@pytest.mark.parametrize("kind", sorted(FOREIGN_SQLITE))
def test_another_applications_sqlite_file_is_refused_and_untouched(tmp_path, kind):
    import sqlite3

    path = tmp_path / "other.db"
    with sqlite3.connect(path) as raw:
        raw.executescript(FOREIGN_SQLITE[kind])
    raw.close()
    before = path.read_bytes()
    for read_only in (False, True):
        with pytest.raises(NotOurDatabase, match="not a brag-table database.*left untouched"):
            connect(f"sqlite:///{path}", read_only=read_only)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]  # no -wal, no -shm, no journal


@pytest.mark.parametrize(("revision", "said"), [("0999", "written by a newer brag-table (schema '0999')"),
                                               (HEAD_REVISION, "not a brag-table database")])
def test_a_newer_releases_table_is_called_newer_not_foreign(tmp_path, revision, said):
    """A database a newer brag-table upgraded (a table this release does not know, a revision it does not know)
    was called "not a brag-table database"; it is said to be newer. An unknown table at a known revision is still
    not ours. Untouched either way."""
    import sqlite3

    path = tmp_path / "brag.db"
    connect(f"sqlite:///{path}").dispose()
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE tomorrow (x)")
        raw.execute("UPDATE alembic_version SET version_num = ?", (revision,))
    raw.close()
    before = path.read_bytes()
    for read_only in (False, True):
        with pytest.raises(StoreError, match=re.escape(said)):
            connect(f"sqlite:///{path}", read_only=read_only)
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_database_is_one_line_and_untouched(tmp_path):
    path = tmp_path / "notes.db"
    path.write_bytes(b"These are my notes, not a database.\n" * 200)
    before = path.read_bytes()
    for read_only in (False, True):
        with pytest.raises(StoreError, match="not a database"):
            connect(str(path) and f"sqlite:///{path}", read_only=read_only)
    assert path.read_bytes() == before


def test_another_applications_postgresql_database_is_refused_and_untouched():
    with fresh_postgres() as url:
        engine = create_engine(url)
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE accounts (id integer primary key, owner text)"))
            conn.execute(text("INSERT INTO accounts VALUES (1, 'ann')"))
        for read_only in (False, True):
            with pytest.raises(NotOurDatabase, match="accounts"):
                connect(url, read_only=read_only)
        with engine.connect() as conn:
            assert inspect(conn).get_table_names() == ["accounts"]
            assert conn.execute(text("SELECT owner FROM accounts")).scalar_one() == "ann"
        engine.dispose()


# -- read-only ----------------------------------------------------------------------------------------


def test_read_only_never_creates_a_database(tmp_path, db_url):
    missing = tmp_path / "nothing-here.db"
    with pytest.raises(MissingDatabase):
        connect(f"sqlite:///{missing}", read_only=True)
    assert not missing.exists()
    if db_url.startswith("postgresql"):  # an empty PostgreSQL database: no tables made
        with pytest.raises(MissingDatabase):
            connect(db_url, read_only=True)
        engine = create_engine(db_url)
        with engine.connect() as conn:
            assert inspect(conn).get_table_names() == []
        engine.dispose()


def test_read_only_opens_cannot_write(db_url):
    with Session(connect(db_url)) as db:
        play(db, 2)
    with Session(connect(db_url, read_only=True)) as db:
        assert verify_session(1, session=db).ok
        with pytest.raises(StoreError):
            store.end_session(1, "quit", session=db)


@contextmanager
def mounted_tmpfs(where: Path, size: str):
    """A small tmpfs at ``where`` (root only): skips, saying why, where mounting is impossible."""
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True,
                          text=True, timeout=300)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip() or 'not root'})")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=300)


def test_a_database_on_read_only_media_can_be_audited(tmp_path):
    with mounted_tmpfs(tmp_path / "media", "8m") as media:
        path = media / "brag.db"
        engine = connect(f"sqlite:///{path}")
        with Session(engine) as db:
            sid = play(db, 6)
            head = store.get_session(sid, session=db).head_hash
        engine.dispose()
        subprocess.run(["mount", "-o", "remount,ro", str(media)], check=True, timeout=300)
        before = path.read_bytes()
        engine = connect(f"sqlite:///{path}", read_only=True)
        with Session(engine) as db:
            report = verify_session(sid, session=db, head=head)
            assert report.ok and report.hands == 6
            assert [s.id for s in store.list_sessions(session=db)] == [sid]
        engine.dispose()
        assert path.read_bytes() == before
        with pytest.raises(StoreError, match="read-only|cannot be opened"):
            with Session(connect(f"sqlite:///{path}")) as db:
                play(db, 1)


# -- the first release's databases, upgraded in place -------------------------------------------------


def _old_release_database(url: str) -> tuple[int, str]:
    """A database as brag-table 0.1.0 wrote it: its schema (kept as SQL text in tests/) and a session of
    real hands in its columns. Returns (session id, final bankroll)."""
    engine = create_engine(url)
    backend = engine.dialect.name
    ddl = (HERE / "release_0_1" / f"{backend}.sql").read_text()
    game = load_game("3-card-brag")
    sitting = Sitting(game, Fraction(500), seed="old release")
    mask = play_mask(game, "optimal")
    with engine.begin() as conn:
        for statement in ddl.split(";"):
            if statement.strip() and not statement.strip().startswith("--") or "CREATE" in statement:
                conn.exec_driver_sql(statement)
        conn.execute(text("INSERT INTO schema_version (id, version) VALUES (1, 1)"))
        conn.execute(text("INSERT INTO sessions (id, game, game_source, game_text, started_at, start_bankroll, "
                          "bankroll, rounds, settings) VALUES (1, :g, 'built-in', :t, CURRENT_TIMESTAMP, '500', "
                          "'500', 0, :s)"), {"g": game.name, "t": game.to_toml(), "s": json.dumps({"seed": "old release"})})
        for n in range(1, 8):
            before = sitting.bankroll
            result = sitting.play_round(BETS, mask)
            hand_id = conn.execute(text(
                "INSERT INTO hands (id, session_id, round_no, played_at, commitment, seed, dealer_cards, dealer_hand, "
                "qualifies, wagered, net, bankroll_before, bankroll_after, events) VALUES (:i, 1, :n, CURRENT_TIMESTAMP, "
                ":c, :seed, :dc, :dh, :q, :w, :net, :b, :a, :e) RETURNING id"),
                {"i": n, "n": n, "c": result.commitment, "seed": result.seed.hex(), "dc": store.cards_text(result.dealer_cards),
                 "dh": result.dealer_hand, "q": result.qualifies, "w": str(result.wagered), "net": str(result.net),
                 "b": str(before), "a": str(sitting.bankroll), "e": json.dumps([e.to_dict() for e in result.events])},
            ).scalar_one()
            for box in result.boxes:
                nets = {s.bet: str(s.net) for s in box.settled}
                conn.execute(text(
                    "INSERT INTO boxes (hand_id, box, ante, pair_plus, cards, hand_name, decision, outcome, ante_net, "
                    "play_net, ante_bonus_net, pair_plus_net) VALUES (:h, :b, :a, :p, :c, :n, :d, :o, :an, :pn, :abn, :ppn)"),
                    {"h": hand_id, "b": box.box, "a": str(box.ante), "p": str(box.pair_plus), "c": store.cards_text(box.cards),
                     "n": box.hand_name, "d": None if box.play is None else ("play" if box.play else "fold"),
                     "o": box.outcome, "an": nets.get("ante"), "pn": nets.get("play"), "abn": nets.get("ante_bonus"),
                     "ppn": nets.get("pair_plus")})
        conn.execute(text("UPDATE sessions SET bankroll = :b, rounds = 7"), {"b": str(sitting.bankroll)})
        if backend == "postgresql":  # the old release's serial counters, as its own inserts would have left them
            for table in ("sessions", "hands", "boxes"):
                conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"))
    engine.dispose()
    return 1, str(sitting.bankroll)


def test_a_database_written_by_the_first_release_is_upgraded_in_place(db_url):
    sid, bankroll = _old_release_database(db_url)
    with pytest.raises(StoreError, match="older brag-table"):  # read-only commands do not upgrade
        connect(db_url, read_only=True)
    engine = connect(db_url)  # play's open: upgraded in place
    assert schema_revision(engine) == HEAD_REVISION
    with Session(engine) as db:
        record = store.get_session(sid, session=db)
        assert record.bankroll == bankroll and record.rounds == 7 and record.head_hash
        assert store.restore_stats(sid, session=db).rounds == 7
        report = verify_session(sid, session=db)
        assert report.ok, [str(m) for m in report.mismatches]
        play(db, 3, session_id=sid)  # and it carries on, chained
        assert verify_session(sid, session=db, head=store.get_session(sid, session=db).head_hash).ok
    engine.dispose()


# -- one process per session ---------------------------------------------------------------------------


def test_a_second_claim_on_a_session_is_refused(db):
    import socket

    sid = play(db, 2)
    first = f"{socket.gethostname()}:{os.getppid()}:live"  # another process, alive: the one that started us
    store.claim_session(sid, first, session=db)
    with pytest.raises(SessionBusy, match="being played by another process"):
        store.claim_session(sid, store.lease_owner(), session=db)
    with pytest.raises(SessionBusy):  # and its hands are refused too
        play(db, 1, session_id=sid, owner=store.lease_owner())
    store.release_session(sid, first, session=db)
    store.claim_session(sid, store.lease_owner(), session=db)


def test_a_seat_taken_over_in_the_same_process_cannot_store_any_more(db):
    sid = play(db, 2)
    old, new = store.lease_owner(), store.lease_owner()
    store.claim_session(sid, old, session=db)
    store.claim_session(sid, new, session=db)  # this process re-seats it (a web server's fresh seat)
    with pytest.raises(SessionBusy):
        play(db, 1, session_id=sid, owner=old)
    play(db, 1, session_id=sid, owner=new)


def test_a_lease_left_by_a_dead_process_is_taken_over(db):
    import socket

    sid = play(db, 1)
    proc = subprocess.Popen(["true"])
    proc.wait(timeout=120)  # a process id that no longer runs
    dead = f"{socket.gethostname()}:{proc.pid}:abcd"
    store.claim_session(sid, dead, session=db)
    mine = store.lease_owner()
    store.claim_session(sid, mine, session=db)
    db.expire_all()
    assert store.get_session(sid, session=db).lease_owner == mine


def test_two_writers_on_one_session_cannot_both_store_a_hand(db_url):
    """Without any lease, the head check alone keeps a second writer's hand out."""
    game = load_game("3-card-brag")
    with Session(connect(db_url)) as one, Session(connect(db_url)) as two:
        sid = play(one, 2)
        a = store.resume_sitting(store.get_session(sid, session=one), session=one)
        b = store.resume_sitting(store.get_session(sid, session=two), session=two)
        mask = play_mask(game, "optimal")
        ra, rb = a.play_round(BETS, mask), b.play_round(BETS, mask)
        store.record_round(sid, ra, a.bankroll - ra.net, a.bankroll, session=one)
        with pytest.raises(StoreError):
            store.record_round(sid, rb, b.bankroll - rb.net, b.bankroll, session=two)
        assert verify_session(sid, session=two).ok


# -- a full disk ------------------------------------------------------------------------------------------


def test_a_full_disk_is_one_error_and_the_session_stays_resumable(tmp_path):
    with mounted_tmpfs(tmp_path / "small", "1m") as small:
        path = small / "brag.db"
        engine = connect(f"sqlite:///{path}")
        with Session(engine) as db:
            sid = play(db, 3)
        filler = small / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)  # fill the disk to the last block
        try:
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        os.close(fd)
        with Session(engine) as db:
            with pytest.raises(DiskFull, match="the disk is full"):
                play(db, 200, session_id=sid)
        filler.unlink()
        with Session(engine) as db:
            record = store.get_session(sid, session=db)
            stored = record.rounds
            assert stored >= 3
            assert verify_session(sid, session=db).ok
            play(db, 2, session_id=sid)  # resumes where the last stored hand left it
            assert verify_session(sid, session=db).hands == stored + 2
        engine.dispose()


# -- copies between backends -----------------------------------------------------------------------------


def test_copy_between_backends_keeps_every_chain(tmp_path):
    sqlite_url = f"sqlite:///{tmp_path / 'a.db'}"
    back_url = f"sqlite:///{tmp_path / 'back.db'}"
    with Session(connect(sqlite_url)) as db:
        first, second = play(db, 5), play(db, 9, seed=None)
        heads = {sid: store.get_session(sid, session=db).head_hash for sid in (first, second)}
    with fresh_postgres() as pg_url:
        copied = copy_sessions(connect(sqlite_url, read_only=True), connect(pg_url))
        assert [(c.source_id, c.hands) for c in copied] == [(first, 5), (second, 9)]
        again = copy_sessions(connect(sqlite_url, read_only=True), connect(pg_url))
        assert all(c.target_id is None for c in again)  # already there: nothing copied twice
        with Session(connect(pg_url, read_only=True)) as db:
            for c in copied:
                assert verify_session(c.target_id, session=db, head=heads[c.source_id]).ok  # type: ignore[arg-type]
        back = copy_sessions(connect(pg_url, read_only=True), connect(back_url), [copied[1].target_id])  # type: ignore[list-item]
    with Session(connect(back_url, read_only=True)) as db:
        assert verify_session(back[0].target_id, session=db, head=heads[second]).ok  # type: ignore[arg-type]


# -- concurrent players -----------------------------------------------------------------------------------


def test_concurrent_players_each_in_their_own_session_lose_nothing(db_url):
    players, hands = 6, 15
    engine = connect(db_url)
    errors: list[BaseException] = []
    ids: list[int] = []

    def player(n: int) -> None:
        try:
            with Session(engine) as db:
                owner = store.lease_owner() + f"-{n}"
                ids.append(play(db, hands, seed=f"player {n}", owner=owner))
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=player, args=(n,)) for n in range(players)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    with Session(connect(db_url, read_only=True)) as db:
        assert sorted(s.rounds for s in store.list_sessions(session=db)) == [hands] * players
        for sid in ids:
            assert verify_session(sid, session=db).ok
    engine.dispose()


@pytest.mark.parametrize("url", ["postgresql://ann:secret@host:abc/x", "postgresql://ann:secret@[::1/x"])
def test_a_url_that_does_not_parse_never_shows_its_password(url):
    """SQLAlchemy hides the password of a URL it can parse; one whose port or host it cannot read was shown as given."""
    from casino.db.database import _shown

    assert "secret" not in _shown(url) and "ann:***@" in _shown(url)
    with pytest.raises(StoreError) as refused:  # and why, in words (it was Python's "invalid literal for int()")
        connect(url)
    assert str(refused.value) == f"cannot use database URL {_shown(url)}: its port is not a number (an IPv6 " \
        "address goes in brackets, closed: [::1]:5432)"


# -- must exist: a command that reads (or upgrades) never creates -----------------------------------------


def test_must_exist_never_creates_a_database(tmp_path, db_url):
    from casino.db.database import NoDatabaseFile

    missing = tmp_path / "typo.db"
    for url in (f"sqlite:///{missing}", f"sqlite:///file:{missing}?mode=rwc&uri=true"):
        with pytest.raises(NoDatabaseFile, match=f"no database at {missing}"):
            connect(url, must_exist=True)
        assert list(tmp_path.iterdir()) == [] or not missing.exists()
    if db_url.startswith("postgresql"):  # an empty PostgreSQL database: refused, no tables made
        with pytest.raises(MissingDatabase, match="holds no brag-table data"):
            connect(db_url, must_exist=True)
        engine = create_engine(db_url)
        with engine.connect() as conn:
            assert inspect(conn).get_table_names() == []
        engine.dispose()
        missing_db = db_url.rsplit("/", 1)[0] + "/brag_no_such_database"
        with pytest.raises(StoreError, match="does not exist"):
            connect(missing_db, must_exist=True)
    else:
        Path(db_url.removeprefix("sqlite:///")).touch()  # an empty file: nothing of ours in it, nothing made
        with pytest.raises(MissingDatabase, match="holds no brag-table data"):
            connect(db_url, must_exist=True)
        assert Path(db_url.removeprefix("sqlite:///")).stat().st_size == 0
    # a database that is there is opened for writing (and upgraded), as play opens it
    with Session(connect(db_url)) as db:
        play(db, 1)
    engine = connect(db_url, must_exist=True)
    with Session(engine) as db:
        assert play(db, 1) == 2
    engine.dispose()


def test_must_exist_upgrades_a_database_of_the_first_release(tmp_path):
    import sqlite3

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as raw:
        raw.executescript((HERE / "release_0_1" / "sqlite.sql").read_text())
    raw.close()
    engine = connect(f"sqlite:///file:{path}?mode=rw&uri=true", must_exist=True)
    assert schema_revision(engine) == HEAD_REVISION
    engine.dispose()


@pytest.mark.parametrize("url", ["sqlite:///{path}?mode=ro", "sqlite:///{path}?cache=shared&timeout=3"])
def test_sqlite_uri_options_without_uri_true_are_refused(tmp_path, url):
    with pytest.raises(StoreError, match="uri=true"):
        connect(url.format(path=tmp_path / "x.db"))
    assert list(tmp_path.iterdir()) == []


def test_the_file_a_sqlite_url_names_however_it_is_spelled(tmp_path, monkeypatch):
    from casino.db.locations import same_database, sqlite_file

    monkeypatch.chdir(tmp_path)
    path = tmp_path / "a b.db"  # (a "?" or "#" in a name ends it in a SQLite URI, as the driver reads it)
    from urllib.parse import quote

    for url in (f"sqlite:///file:{quote(str(path))}?mode=rw&uri=true",
                f"sqlite:///file://localhost{quote(str(path))}?uri=true",
                f"sqlite:///file:{quote(path.name)}?uri=true&mode=ro",
                f"sqlite:///file:///{quote(str(path).lstrip('/'))}?uri=1"):
        assert sqlite_file(url) == path, url
    assert sqlite_file("sqlite:///rel/x.db") == tmp_path / "rel" / "x.db"
    assert sqlite_file("sqlite:///file:rel/x.db") == tmp_path / "file:rel" / "x.db"  # without uri=true: a name
    for memory in ("sqlite://", "sqlite:///:memory:", "sqlite:///file:m?mode=memory&uri=true",
                   "sqlite:///file:x?vfs=memdb&uri=true", "postgresql://h/brag"):
        assert sqlite_file(memory) is None, memory
    with pytest.raises(StoreError, match="localhost"):
        sqlite_file("sqlite:///file://elsewhere/x.db?uri=true")
    # the same database: one file, however named; PostgreSQL: one server and database
    assert same_database(f"sqlite:///{tmp_path}/x.db", "sqlite:///x.db")
    assert not same_database(f"sqlite:///{tmp_path}/x.db", "sqlite:///y.db")
    assert not same_database("sqlite://", "sqlite://")  # two databases in memory are two databases
    assert same_database("postgresql://ann:pw@localhost/brag", "postgresql+psycopg://bob@127.0.0.1:5432/brag")
    assert same_database("postgresql://db.example:5433/brag?sslmode=require", "postgresql://DB.example:5433/brag")
    assert not same_database("postgresql://h/brag", "postgresql://h/brag2")
    assert not same_database("postgresql://h:5432/brag", "postgresql://h:5433/brag")
    assert not same_database("postgresql://h/brag", "sqlite:///brag")


def test_a_refused_write_into_a_new_file_leaves_nothing_behind(tmp_path):
    from casino.db.locations import nothing_left_behind

    new = tmp_path / "new.db"
    with pytest.raises(StoreError):
        with nothing_left_behind(f"sqlite:///{new}"):
            connect(f"sqlite:///{new}").dispose()
            assert new.exists()
            raise StoreError("refused")
    assert list(tmp_path.iterdir()) == []
    kept = tmp_path / "kept.db"  # a session stored before the failure: the file is kept
    with pytest.raises(StoreError):
        with nothing_left_behind(f"sqlite:///{kept}"):
            engine = connect(f"sqlite:///{kept}")
            with Session(engine) as db:
                play(db, 1)
            engine.dispose()
            raise StoreError("later")
    assert kept.exists()
    old = tmp_path / "old.db"  # there before: never removed
    connect(f"sqlite:///{old}").dispose()
    with pytest.raises(StoreError):
        with nothing_left_behind(f"sqlite:///{old}"):
            raise StoreError("refused")
    assert old.exists()


_KILL_AT = '''
import os, signal, sys
from sqlalchemy import event
from sqlalchemy.engine import Engine
word, n, seen = sys.argv[2], int(sys.argv[3]), [0]

@event.listens_for(Engine, "after_cursor_execute")
def kill(conn, cursor, statement, params, context, executemany):
    if statement.lstrip().upper().startswith(word):
        seen[0] += 1
        if seen[0] >= n:
            os.kill(os.getpid(), signal.SIGKILL)

from casino.db.database import connect
connect(sys.argv[1])
'''


def _killed_while_opening(url: str, word: str, n: int) -> None:
    """Open ``url`` for play in a process killed (SIGKILL) at its ``n``-th statement starting with ``word``."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _KILL_AT, url, word, str(n)], cwd=HERE.parents[2],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -9, (done.returncode, done.stderr)  # killed half way, as asked


@pytest.mark.parametrize(("word", "n"), [("CREATE TABLE", 1), ("CREATE TABLE", 4), ("CREATE INDEX", 2),
                                         ("INSERT", 1)])
def test_a_kill_while_a_new_sqlite_file_is_made_leaves_one_that_opens(tmp_path, word, n):
    """Found by a hostile test: the sqlite3 module commits each CREATE on its own, so a process killed while it
    made a new file left tables without their schema revision, and every command refused the file for good
    ("0 schema revisions recorded: not ours"). Now the tables are made in one transaction: all or none."""
    url = f"sqlite:///{tmp_path / 'new.db'}"
    _killed_while_opening(url, word, n)
    engine = connect(url)
    assert schema_revision(engine) == HEAD_REVISION
    with Session(engine) as db:
        assert play(db, 2) == 1
    engine.dispose()


@pytest.mark.parametrize(("word", "n"), [("ALTER", 1), ("UPDATE", 1), ("CREATE TABLE", 2)])
def test_a_kill_while_an_old_sqlite_file_is_upgraded_loses_nothing(tmp_path, word, n):
    """The same for an upgrade in place: killed half way, the file was left with some columns added and its
    revision unchanged, and every later open failed ("duplicate column name"): its sessions were stuck there."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    sid, bankroll = _old_release_database(url)
    _killed_while_opening(url, word, n)
    engine = connect(url)
    assert schema_revision(engine) == HEAD_REVISION
    with Session(engine) as db:
        record = store.get_session(sid, session=db)
        assert record.bankroll == bankroll and record.rounds == 7
        assert verify_session(sid, session=db).ok
    engine.dispose()


def test_processes_opening_an_old_database_at_once_all_open_it(db_url):
    """Found by a hostile test: of three processes opening a first-release file at the same moment, one upgraded
    it and the others, having read the old revision before waiting for the lock, ran the upgrade again
    ("duplicate column name"). The revision is read again under the writer's lock (SQLite's, or an advisory lock
    on PostgreSQL, where the same race failed all but one)."""
    import sys
    import time

    url = db_url
    _old_release_database(url)
    start = time.time() + 2  # every process waits for the same moment, its imports done
    code = ("import sys, time; from casino.db.database import connect; time.sleep(max(0, float(sys.argv[2]) - "
            "time.time())); connect(sys.argv[1]).dispose(); print('opened')")
    runs = [subprocess.Popen([sys.executable, "-c", code, url, str(start)], cwd=HERE.parents[2],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
    outcomes = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0], [err[-300:] for _, err in outcomes]
    engine = connect(url)
    assert schema_revision(engine) == HEAD_REVISION
    engine.dispose()


@pytest.mark.parametrize("name", ["pc%20x.db", "a.db?uri=true", "q?mode=memory.db", "h#1.db", "pc%00x.db", "100%.db"])
def test_a_plain_path_is_the_file_it_spells(tmp_path, name):
    """Found by a hostile test: a plain path was read as a URL, so %20 became a space and ?… became options (another
    file was written, or the path was refused). It is the file it spells, character for character."""
    from casino.db.locations import sqlite_file

    path = tmp_path / name
    url = database_url(str(path))
    assert sqlite_file(url) == path
    engine = connect(url)
    with Session(engine) as db:
        play(db, 1)
    engine.dispose()
    assert path.is_file() and sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == [name]
    reader = connect(url, read_only=True)
    assert schema_revision(reader) == HEAD_REVISION
    reader.dispose()


@pytest.mark.parametrize("url", ["sqlite:///{d}/x%00.db", "sqlite:///file:{d}/x%00.db?uri=true",
                                 "sqlite:///file:{d}/x%2500.db?uri=true", "sqlite:///{d}/x.db?mode=rwc%00&uri=true",
                                 "sqlite:///file:{d}/x.db?a%00b=1&uri=true",
                                 "sqlite:///file:{d}/x.db?mode=rwc&mode=rwc%00&uri=true"])
def test_a_nul_in_a_database_url_is_one_line(tmp_path, url):
    """Found by a hostile test: %00 in a database URL was a ValueError traceback (exit 1) at play, serve, upgrade and
    copy. It is refused in one line, and nothing is made."""
    from casino.db.locations import same_database

    url = url.format(d=tmp_path)
    for read_only in (False, True):
        with pytest.raises(StoreError, match="NUL character"):
            connect(url, read_only=read_only)
    if "%00&" not in url and "%00b" not in url:  # (a NUL in an option names no file: connect() refuses it)
        with pytest.raises(StoreError, match="NUL character"):
            same_database(url, f"sqlite:///{tmp_path / 'other.db'}")
    assert list(tmp_path.iterdir()) == []


def test_uri_options_without_a_file_name_are_refused(tmp_path):
    """Found in review: uri=true without a file: name made SQLite take the options as part of the name (a file named
    'w.db?mode=rwc' was written, while every reader looked for w.db). Refused in one line, nothing made."""
    with pytest.raises(StoreError, match="need a file: name with uri=true"):
        connect(f"sqlite:///{tmp_path / 'w.db'}?mode=rwc&uri=true")
    assert list(tmp_path.iterdir()) == []
    connect(f"sqlite:///file:{tmp_path / 'w.db'}?mode=rwc&uri=true").dispose()  # the file: spelling works
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".db"] == ["w.db"]


@pytest.mark.parametrize("home", ["", "{d}/gone", "{d}/h%20x"])
def test_the_default_database_and_the_home_folder(tmp_path, monkeypatch, home):
    """The default database is under the home folder, never making one ($HOME empty or not there: one line), and
    is the file its folder spells (a home with %20 in its name was read as one with a space)."""
    from casino.db.locations import sqlite_file

    home = home.format(d=tmp_path)
    monkeypatch.setenv("HOME", home)
    app_dir = os.path.join(home, ".config", "brag-table")
    if home in ("", f"{tmp_path}/gone"):
        with pytest.raises(StoreError, match="cannot make the application folder.*(HOME is empty|does not exist)"):
            database_url(None, app_dir=app_dir)
        assert list(tmp_path.iterdir()) == []
        return
    Path(home).mkdir()
    url = database_url(None, app_dir=app_dir)
    assert sqlite_file(url) == Path(app_dir) / "brag.db"
    connect(url).dispose()
    assert (Path(app_dir) / "brag.db").is_file()


def test_an_xdg_folder_is_made_with_its_parents(tmp_path, monkeypatch):
    """$XDG_CONFIG_HOME's folder is made with its parents, as the XDG rules say (only a home is never made)."""
    monkeypatch.setenv("HOME", str(tmp_path))
    app_dir = tmp_path / "xdg" / "deep" / "config" / "brag-table"
    database_url(None, app_dir=str(app_dir))
    assert app_dir.is_dir()
