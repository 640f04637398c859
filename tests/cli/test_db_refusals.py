"""Commands that only read never create a database, and ``brag db`` refuses before it makes anything.

* ``brag db upgrade --db typo.db`` made a new database; ``brag sessions``/``verify`` with a ``file:`` URI
  (``mode=rwc``) made a file. Now a database that is not there is one line naming the file, exit code 2, and
  no file appears (``db upgrade --create`` makes one when asked).
* ``brag db copy SRC DST --session 7`` (no session 7) left an empty new DST: refused before DST is made.
* ``brag db copy X.db 'sqlite:////…/X.db?mode=rw'`` slipped past the same-database check (a warning, nothing
  copied): the check compares the file itself, however each URL spells it.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def brag(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``python -m cli ARGS`` in a process of its own (cwd: ``cwd``, the project on PYTHONPATH)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "NO_COLOR": "1"}
    env.pop("BRAG_DB", None)
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=cwd or ROOT, capture_output=True, text=True,
                          timeout=120, env=env)


def one_line(result, *words: str) -> None:
    """Exit code 2 and one ``brag: error:`` line holding ``words`` (CliRunner result or a finished process)."""
    code = getattr(result, "exit_code", getattr(result, "returncode", None))
    text = result.output if hasattr(result, "exit_code") else result.stdout + result.stderr
    assert code == 2, text
    lines = text.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("brag: error: "), text
    assert "Traceback" not in text and "Warning" not in text, text
    for word in words:
        assert word in lines[0], lines[0]


def _play(runner, app, path: Path, hands: int = 2, seed: str = "refusals") -> None:
    result = runner.invoke(app, ["play", "--auto", "--hands", str(hands), "--seed", seed, "--db", str(path)])
    assert result.exit_code == 0, result.output


def _held_by_a_live_process(path: Path) -> None:
    """Session 1 as if a live process (the one that started the tests) were playing it now."""
    import socket

    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE sessions SET lease_owner = ?, lease_at = CURRENT_TIMESTAMP WHERE id = 1",
                    (f"{socket.gethostname()}:{os.getppid()}:0000",))
    raw.close()


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- nothing there: one line, nothing made ---------------------------------------------------------------


def test_db_upgrade_of_a_mistyped_database_is_one_line_and_makes_nothing(tmp_path):
    done = brag("db", "upgrade", "--db", "typo.db", cwd=tmp_path)
    one_line(done, f"no database at {tmp_path / 'typo.db'}")
    assert _files(tmp_path) == []
    made = brag("db", "upgrade", "--db", "typo.db", "--create", cwd=tmp_path)  # asked for: made
    assert made.returncode == 0 and "schema 0" in made.stdout, made.stderr
    assert "typo.db" in _files(tmp_path)
    again = brag("db", "upgrade", "--db", "typo.db", cwd=tmp_path)  # there now: upgraded (already the newest)
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize("command", [["sessions"], ["sessions", "--classic"], ["history", "1"], ["replay", "1", "1"],
                                     ["verify", "1"], ["verify", "1", "--classic"]], ids="-".join)
@pytest.mark.parametrize("spelling", ["sqlite:///file:{path}?mode=rwc&uri=true", "sqlite:///file://{path}?uri=true",
                                      "sqlite:///file:{quoted}?uri=true&cache=shared", "{path}", "sqlite:///{path}"])
def test_a_read_only_command_never_makes_a_file_whatever_the_url(runner, app, tmp_path, command, spelling):
    from urllib.parse import quote

    path = tmp_path / "no such.db"
    url = spelling.format(path=path, quoted=quote(str(path)))
    result = runner.invoke(app, [*command, "--db", url])
    one_line(result, f"no database at {path}")
    assert _files(tmp_path) == []


def test_a_relative_file_uri_is_the_file_under_the_current_folder(runner, app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["verify", "1", "--db", "sqlite:///file:games/x.db?mode=rwc&uri=true"])
    one_line(result, f"no database at {tmp_path / 'games' / 'x.db'}")
    (tmp_path / "games").mkdir()
    result = runner.invoke(app, ["sessions", "--db", "sqlite:///file:games/x.db?mode=rwc&uri=true"])
    one_line(result, f"no database at {tmp_path / 'games' / 'x.db'}")
    assert _files(tmp_path / "games") == []


def test_read_only_commands_read_a_database_named_by_a_file_uri(runner, app, tmp_path):
    path = tmp_path / "brag.db"
    played = brag("play", "--auto", "--hands", "2", "--seed", "uri", "--db", str(path))
    assert played.returncode == 0, played.stderr  # (a process of its own: its database is closed when it ends)
    before = path.read_bytes()
    for url in (f"sqlite:///file:{path}?mode=rwc&uri=true", f"sqlite:///file://localhost{path}?uri=true"):
        listed = runner.invoke(app, ["sessions", "--db", url])
        assert listed.exit_code == 0 and f"SQLite file {path}" in listed.output, listed.output
        verified = runner.invoke(app, ["verify", "1", "--db", url])
        assert verified.exit_code == 0 and "2 hand(s) verified" in verified.output, verified.output
    assert path.read_bytes() == before


def test_the_default_database_not_made_yet_still_lists_nothing(runner, app, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    result = runner.invoke(app, ["sessions"])
    assert result.exit_code == 0 and "No sessions yet" in result.output, result.output
    assert not (tmp_path / "config").exists()


def test_uri_options_without_uri_true_are_refused_not_ignored(runner, app, tmp_path):
    path = tmp_path / "brag.db"
    _play(runner, app, path)
    for command in (["sessions"], ["play", "--auto", "--hands", "1"]):
        result = runner.invoke(app, [*command, "--db", f"sqlite:///{path}?mode=ro"])
        one_line(result, "mode", "uri=true")


# -- db copy: refused before DST is made ---------------------------------------------------------------------


def test_a_copy_of_a_session_that_is_not_there_makes_no_destination(runner, app, tmp_path):
    source = tmp_path / "brag.db"
    _play(runner, app, source)
    for move in ([], ["--move"]):
        result = runner.invoke(app, ["db", "copy", str(source), str(tmp_path / "new.db"), "--session", "7", *move])
        one_line(result, "no session 7")
        assert _files(tmp_path) == ["brag.db", "brag.db-shm", "brag.db-wal"] or _files(tmp_path) == ["brag.db"]
    result = runner.invoke(app, ["db", "copy", str(tmp_path / "typo.db"), str(tmp_path / "new.db")])
    one_line(result, f"no database at {tmp_path / 'typo.db'}")
    assert "new.db" not in _files(tmp_path) and "typo.db" not in _files(tmp_path)


def test_a_move_refused_after_the_destination_was_opened_leaves_no_file(runner, app, tmp_path):
    """A session played now is refused by --move once DST is open: the new, empty DST file is removed again."""
    source = tmp_path / "brag.db"
    _play(runner, app, source)
    _held_by_a_live_process(source)
    result = runner.invoke(app, ["db", "copy", str(source), str(tmp_path / "new.db"), "--move"])
    one_line(result, "session 1 is being played now")
    assert not any(name.startswith("new.db") for name in _files(tmp_path)), _files(tmp_path)


def test_a_refused_copy_keeps_a_destination_that_was_there(runner, app, tmp_path):
    source, target = tmp_path / "brag.db", tmp_path / "kept.db"
    _play(runner, app, source)
    made = runner.invoke(app, ["db", "upgrade", "--db", str(target), "--create"])
    assert made.exit_code == 0, made.output
    _held_by_a_live_process(source)
    result = runner.invoke(app, ["db", "copy", str(source), str(target), "--move"])
    one_line(result, "being played now")
    assert target.exists()  # there before: never removed, even empty


# -- db copy: the same database however it is spelled ------------------------------------------------------


SAME = ["{path}", "sqlite:///{path}", "sqlite:////{path}?mode=rw", "sqlite:///file:{path}?mode=rw&uri=true",
        "sqlite:///file://localhost{path}?uri=true", "{link}", "{hard}", "{relative}", "sqlite:///{dotted}",
        "sqlite:///file:{relative}?uri=true&mode=ro"]


@pytest.mark.parametrize("move", [[], ["--move"]], ids=["copy", "move"])
@pytest.mark.parametrize("spelling", SAME)
def test_a_copy_onto_itself_is_refused_however_it_is_spelled(runner, app, tmp_path, monkeypatch, spelling, move):
    path = tmp_path / "X.db"
    _play(runner, app, path)
    (tmp_path / "link.db").symlink_to(path)
    os.link(path, tmp_path / "hard.db")
    monkeypatch.chdir(tmp_path)
    named = spelling.format(path=str(path).lstrip("/") if spelling.startswith("sqlite:////") else path,
                            link=tmp_path / "link.db", hard=tmp_path / "hard.db", relative="X.db",
                            dotted=tmp_path / "sub" / ".." / "X.db")
    (tmp_path / "sub").mkdir()
    with sqlite3.connect(path) as raw:
        before = raw.execute("SELECT id, rounds, end_reason, head_hash FROM sessions").fetchall()
    raw.close()
    result = runner.invoke(app, ["db", "copy", str(path), named, *move])
    one_line(result, "same database", "nothing was copied")
    result = runner.invoke(app, ["db", "copy", named, str(path), *move])  # and the other way round
    one_line(result, "same database")
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT id, rounds, end_reason, head_hash FROM sessions").fetchall() == before
    raw.close()


def test_another_file_is_not_the_same_database(runner, app, tmp_path):
    path = tmp_path / "X.db"
    _play(runner, app, path)
    result = runner.invoke(app, ["db", "copy", str(path), f"sqlite:///file:{tmp_path / 'Y.db'}?mode=rwc&uri=true"])
    assert result.exit_code == 0 and "Copied 1 session(s)" in result.output, result.output


# -- PostgreSQL: the same checks on a real server ------------------------------------------------------------


def test_postgresql_a_database_that_is_not_there_or_empty_is_one_line_and_nothing_is_made(runner, app, tmp_path):
    from sqlalchemy import create_engine, inspect
    from sqlalchemy.engine import make_url

    from tests.casino.db.conftest import fresh_postgres

    with fresh_postgres() as url:
        missing = make_url(url).set(database=make_url(url).database + "_typo").render_as_string(hide_password=False)
        for command in (["sessions"], ["verify", "1"], ["db", "upgrade"]):
            one_line(runner.invoke(app, [*command, "--db", missing]), "does not exist")
        for command in (["verify", "1"], ["history", "1"], ["db", "upgrade"]):  # there, but empty: nothing made
            one_line(runner.invoke(app, [*command, "--db", url]), "holds no brag-table data")
        one_line(runner.invoke(app, ["db", "copy", url, str(tmp_path / "dst.db")]), "holds no brag-table data")
        assert list(tmp_path.iterdir()) == []  # (a DST in memory is refused before SRC is opened)
        engine = create_engine(url)
        with engine.connect() as connection:
            assert inspect(connection).get_table_names() == []
        engine.dispose()
        made = runner.invoke(app, ["db", "upgrade", "--db", url, "--create"])
        assert made.exit_code == 0, made.output


def test_postgresql_a_copy_onto_itself_is_refused_however_it_is_spelled(runner, app):
    from sqlalchemy.engine import make_url

    from tests.casino.db.conftest import fresh_postgres

    with fresh_postgres() as url:
        played = runner.invoke(app, ["play", "--auto", "--hands", "2", "--seed", "pg", "--db", url])
        assert played.exit_code == 0, played.output
        parsed = make_url(url)
        host = "localhost" if parsed.host == "127.0.0.1" else "127.0.0.1" if parsed.host == "localhost" else parsed.host
        other = parsed.set(host=host, port=parsed.port or 5432, query={"connect_timeout": "5"})
        for spelling in (url, other.render_as_string(hide_password=False)):
            one_line(runner.invoke(app, ["db", "copy", url, spelling]), "same database", "nothing was copied")
        listed = runner.invoke(app, ["sessions", "--db", url, "--json"])
        assert listed.exit_code == 0 and '"rounds": 2' in listed.output, listed.output


@pytest.mark.parametrize("args", [["--ante", "9999"], ["--resume", "1"],
                                  ["--auto", "--hands", "2", "--side-bet", "nosuchbet=5"]])
def test_a_refused_play_leaves_no_new_database_file(runner, app, tmp_path, args):
    """docs/playing.md: every option is checked before anything is stored. Found by a hostile test: `brag play
    --db NEW --ante 9999` (refused, exit 2) and `--resume 1` on a mistyped path left a new, empty NEW behind."""
    path = tmp_path / "new.db"
    result = runner.invoke(app, ["play", "--db", str(path), *args], input="")
    assert result.exit_code == 2, result.output
    assert not path.exists() and not list(tmp_path.iterdir()), list(tmp_path.iterdir())


def test_a_refused_play_keeps_a_database_that_was_there(runner, app, tmp_path):
    path = tmp_path / "kept.db"
    assert runner.invoke(app, ["play", "--db", str(path), "--auto", "--hands", "1", "--seed", "k"]).exit_code == 0
    assert runner.invoke(app, ["play", "--db", str(path), "--ante", "9999"], input="").exit_code == 2
    assert runner.invoke(app, ["verify", "1", "--db", str(path)]).exit_code == 0
