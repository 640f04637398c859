"""brag db copy at the command line: a destination in memory is one line and exit code 2, and the source
session is left to play on where it is (it was reported "Moved … to SQLite in memory" and lost)."""

from __future__ import annotations

import sqlite3

import pytest
from sqlmodel import Session

from casino.db import store
from casino.db.database import connect


@pytest.mark.parametrize("move", [[], ["--move"]], ids=["copy", "move"])
@pytest.mark.parametrize("memory", ["sqlite://", "sqlite:///:memory:", "file:x?mode=memory&uri=true", ":memory:"])
def test_a_copy_into_memory_is_one_line_and_the_session_stays(runner, app, tmp_path, monkeypatch, memory, move):
    monkeypatch.chdir(tmp_path)  # a URL misread as a file name would land here, not in the project
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    assert runner.invoke(app, ["play", "--auto", "--hands", "1", "--db", url]).exit_code == 0
    result = runner.invoke(app, ["db", "copy", url, memory, *move])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "in memory" in lines[0] and "nothing was copied" in lines[0], result.output
    engine = connect(url)
    with Session(engine) as db:
        assert store.get_session(1, session=db).end_reason == "hands"  # as play left it: not marked moved
    engine.dispose()
    assert not (tmp_path / ":memory:").exists()  # SQLite's name for memory, never a file of that name
    # nothing else left behind either ('file:x?mode=memory&uri=true' made a stray file 'file:x?mode=memory')
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("brag.db")) == []


def test_a_copy_onto_an_older_copy_adds_the_hands_it_lacks_and_a_different_one_is_refused(runner, app, tmp_path):
    """`brag db copy` again after more hands: they are added (it said "already in …, skipped"); a copy there
    that differs is one line naming the session, exit 2, and DST is left as it was."""
    url, dst = f"sqlite:///{tmp_path / 'brag.db'}", f"sqlite:///{tmp_path / 'copy.db'}"
    assert runner.invoke(app, ["play", "--auto", "--hands", "2", "--seed", "older", "--db", url]).exit_code == 0
    assert runner.invoke(app, ["db", "copy", url, dst]).exit_code == 0
    resumed = runner.invoke(app, ["play", "--resume", "1", "--auto", "--hands", "3", "--db", url])
    assert resumed.exit_code == 0, resumed.output
    result = runner.invoke(app, ["db", "copy", url, dst])
    assert result.exit_code == 0, result.output
    assert "Session 1 → session 1: 3 hand(s) added to the 2 of an older copy there, head " in result.output
    again = runner.invoke(app, ["db", "copy", url, dst])
    assert again.exit_code == 0 and "Session 1: already in " in again.output and "skipped" in again.output
    head = result.output.split("head ")[1].split()[0]
    verified = runner.invoke(app, ["verify", "1", "--db", dst, "--head", head])
    assert verified.exit_code == 0 and "5 hand(s) verified" in verified.output, verified.output

    assert runner.invoke(app, ["play", "--resume", "1", "--auto", "--hands", "1", "--db", url]).exit_code == 0
    with sqlite3.connect(tmp_path / "copy.db") as edit:
        edit.execute("UPDATE hands SET net = '1000' WHERE round_no = 4")
    before = _dump(tmp_path / "copy.db")
    refused = runner.invoke(app, ["db", "copy", url, dst])
    assert refused.exit_code == 2, refused.output
    lines = refused.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("brag: error: session 1: DST holds a different copy of it "
                                                   "(session 1 there: hand 4 differs)"), refused.output
    assert _dump(tmp_path / "copy.db") == before


def _dump(path) -> list[str]:
    with sqlite3.connect(path) as db:
        return list(db.iterdump())


def test_a_move_after_a_copy_plays_on_there(runner, app, tmp_path):
    """`brag db copy --move` after a plain copy of the same session said "already in …, skipped" and moved
    nothing: the session still played on only in SRC. Now the copy there plays on, and SRC's is marked moved."""
    url, dst = f"sqlite:///{tmp_path / 'brag.db'}", f"sqlite:///{tmp_path / 'copy.db'}"
    assert runner.invoke(app, ["play", "--auto", "--hands", "2", "--seed", "moved", "--db", url]).exit_code == 0
    assert runner.invoke(app, ["db", "copy", url, dst]).exit_code == 0
    result = runner.invoke(app, ["db", "copy", url, dst, "--move"])
    assert result.exit_code == 0, result.output
    assert "Session 1 → session 1: the 2 hand(s) were there already (a copy); it plays on there now" in result.output
    assert "Moved 1 session(s)" in result.output
    there = runner.invoke(app, ["play", "--resume", "1", "--auto", "--hands", "1", "--db", dst])
    assert there.exit_code == 0, there.output
    here = runner.invoke(app, ["play", "--resume", "1", "--auto", "--hands", "1", "--db", url])
    assert here.exit_code == 2 and "moved" in here.output


def test_nothing_to_copy_makes_no_destination(runner, app, tmp_path):
    """Found by a hostile test: a source holding only traditional Brag sessions made an empty DST file and said
    "Copied 0 session(s)"."""
    src, dst = tmp_path / "brag.db", tmp_path / "copy.db"
    assert runner.invoke(app, ["classic", "--auto", "--hands", "1", "--db", str(src)]).exit_code == 0
    result = runner.invoke(app, ["db", "copy", str(src), str(dst)])
    assert result.exit_code == 0, result.output
    assert "Nothing to copy" in result.output and "1 traditional Brag session(s) are not copied" in result.output
    assert not dst.exists()
    data = runner.invoke(app, ["db", "copy", str(src), str(dst), "--json"])
    assert '"sessions": []' in data.output and '"classic_not_copied": 1' in data.output and not dst.exists()


def test_a_plain_copy_says_where_each_session_plays_on(runner, app, tmp_path):
    """A plain copy of a session that was moved away said it "plays on only here, in the database it was copied
    from": it plays on where it was moved to (and a copy of a copy, where it was first copied from). Each session
    is now told as it is, in text and JSON."""
    import json

    url, moved_to = f"sqlite:///{tmp_path / 'brag.db'}", f"sqlite:///{tmp_path / 'moved.db'}"
    assert runner.invoke(app, ["play", "--auto", "--hands", "1", "--seed", "a", "--db", url]).exit_code == 0
    assert runner.invoke(app, ["db", "copy", url, moved_to, "--move"]).exit_code == 0
    assert runner.invoke(app, ["play", "--auto", "--hands", "1", "--seed", "b", "--db", url]).exit_code == 0
    record = f"sqlite:///{tmp_path / 'record.db'}"
    result = runner.invoke(app, ["db", "copy", url, record])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "The copy of session 2 is a record in DST: it plays on only in SRC" in text
    assert "The copy of session 1 is a record in DST; it was moved away from SRC: it plays on only where it was " \
           "moved to." in text
    again = runner.invoke(app, ["db", "copy", record, f"sqlite:///{tmp_path / 'again.db'}", "--session", "2"])
    assert "The copy of session 2 is a record in DST; it is itself a copy in SRC: it plays on in the database it " \
           "was first copied from." in " ".join(again.output.split())
    shown = runner.invoke(app, ["db", "copy", url, f"sqlite:///{tmp_path / 'json.db'}", "--json"])
    sessions = json.loads(shown.output)["sessions"]
    assert [(s["plays_on_in_source"], s["source_end"]) for s in sessions] == [(False, "moved"), (True, None)]
