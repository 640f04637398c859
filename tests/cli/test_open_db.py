"""Only the database's own data is blamed on the database: `open_db` said "the database holds a value that cannot
be read" of ANY ValueError inside it, such as a --seed or --client-seed that is not UTF-8 text (bytes a terminal
passed on) at `brag play`. An argument error now has its own line (exit 2); a stored value still says so."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from cli.history import open_db

ROOT = Path(__file__).resolve().parents[2]
NOT_UTF8 = b"\xed\xa0\x80"  # (an encoded surrogate: no UTF-8 decoder takes it)


@pytest.mark.parametrize(("option", "named"), [("--client-seed", "a client seed"), ("--seed", "a seed")])
@pytest.mark.parametrize("game", ["3-card-brag", "teen-patti-20-20"])
def test_a_seed_that_is_not_text_is_an_argument_error(tmp_path, option, named, game):
    db = tmp_path / "brag.db"
    done = subprocess.run([sys.executable, "-m", "cli", "play", game, "--auto", "--hands", "1", "--db", str(db),
                           option.encode() + b"=" + NOT_UTF8], cwd=ROOT, capture_output=True, timeout=120)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2 and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1 and f"brag: error: {named} must be text (UTF-8)" in err, err
    assert "database" not in err
    if db.exists():  # refused before anything was stored
        with sqlite3.connect(db) as con:
            assert con.execute("SELECT count(*) FROM sessions").fetchone() == (0,)


def test_the_classic_table_says_the_same(runner, app, tmp_path):
    result = runner.invoke(app, ["classic", "--auto", "--hands", "1", "--seed", "\udced", "--db", str(tmp_path / "b.db")])
    assert result.exit_code == 2 and "a seed must be text (UTF-8)" in result.output and "database" not in result.output


def test_a_command_that_writes_does_not_blame_the_database(tmp_path):
    """In play (the arguments are checked inside) another error is not reported as a stored value."""
    with pytest.raises(ValueError, match="not the database's"):
        with open_db(str(tmp_path / "brag.db")):
            raise ValueError("not the database's")


def test_a_command_that_only_reads_still_names_an_unreadable_value(tmp_path, capsys):
    with open_db(str(tmp_path / "brag.db")):
        pass  # (created)
    with pytest.raises(typer.Exit) as leaving:
        with open_db(str(tmp_path / "brag.db"), read_only=True):
            raise ZeroDivisionError("Fraction(1, 0)")
    assert leaving.value.exit_code == 2
    assert "the database holds a value that cannot be read (Fraction(1, 0))" in " ".join(capsys.readouterr().err.split())


@pytest.mark.parametrize("game", ["3-card-brag", "teen-patti-20-20"])
@pytest.mark.parametrize(("column", "value"), [("bankroll", "1/0"), ("start_bankroll", "x")])
def test_a_stored_value_at_resume_is_still_the_databases(runner, app, tmp_path, game, column, value):
    """What play reads from the database is named by its readers (a head-to-head session's bankroll was read
    with a bare Fraction(): only open_db's catch-all kept it from a traceback)."""
    db = str(tmp_path / "brag.db")
    assert runner.invoke(app, ["play", game, "--auto", "--hands", "2", "--seed", "s", "--db", db]).exit_code == 0
    with sqlite3.connect(db) as con:
        con.execute(f"UPDATE sessions SET {column} = ?", (value,))
    result = runner.invoke(app, ["play", "--resume", "1", "--db", db], input="q\n")
    assert result.exit_code == 2, (result.output, result.exception)
    assert f"the database holds a value that cannot be read: sessions.{column} of session 1 ({value!r})" in \
        " ".join(result.stderr.split()), result.stderr


@pytest.mark.parametrize("command", [["play", "--auto", "--hands", "1"], ["classic", "--auto", "--hands", "1"],
                                     ["db", "upgrade", "--create"]])
def test_an_application_folder_that_cannot_be_made_is_one_line(tmp_path, command):
    """Found by a hostile test: a file where the application folder goes (~/.config/brag-table) gave a
    FileExistsError traceback, exit 1."""
    import os

    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "brag-table").write_text("in the way")
    env = {**os.environ, "HOME": str(tmp_path)}
    env.pop("BRAG_DB", None)
    env.pop("XDG_CONFIG_HOME", None)
    done = subprocess.run([sys.executable, "-m", "cli", *command], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip().splitlines() == [
        f"brag: error: cannot make the application folder {tmp_path}/.config/brag-table for the database (a file is "
        "in the way): give --db PATH_OR_URL or set BRAG_DB"]


def test_a_home_folder_that_is_not_there_is_one_line_and_not_made(tmp_path):
    """Found by a hostile test: with $HOME naming a folder that does not exist, play made it (and its parents) to
    hold ~/.config/brag-table. A missing home is said in one line, and nothing is made."""
    import os

    home = tmp_path / "gone" / "ann"
    env = {**os.environ, "HOME": str(home)}
    env.pop("BRAG_DB", None)
    env.pop("XDG_CONFIG_HOME", None)
    done = subprocess.run([sys.executable, "-m", "cli", "play", "--auto", "--hands", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [
        f"brag: error: cannot make the application folder {home}/.config/brag-table for the database (the home "
        f"folder {home} does not exist): give --db PATH_OR_URL or set BRAG_DB"]
    assert list(tmp_path.iterdir()) == []
    home.mkdir(parents=True)  # a home without ~/.config: both are made
    done = subprocess.run([sys.executable, "-m", "cli", "play", "--auto", "--hands", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0 and (home / ".config" / "brag-table" / "brag.db").is_file(), done.stderr
