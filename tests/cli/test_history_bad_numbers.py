"""Every whole-number, yes/no, time and text column of every table, edited by hand into something else (SQLite
keeps ``1.5`` in an INTEGER column as given, and a BLOB in a text one): `brag verify`, `history`, `replay`,
`sessions` and `--resume` say so in one line naming the column and the value, exit 2 — never an AttributeError
traceback (``round_no.to_bytes``) — whichever column it is. The columns are taken from the tables themselves,
so a new one is covered too."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from sqlalchemy import Boolean, DateTime, Integer, String
from sqlmodel import Session

import casino.db.classic_models  # noqa: F401 - the traditional Brag tables
from casino.db.database import connect
from casino.db.models import SQLModel
from casino.events import BoxBets
from casino.games import load_game
from casino.service import TableService

#: The row edited in each table: session 1's last settled hand (and its last box and bet), session 2's
#: pending hand, classic session 1 and its last hand.
ROW = {
    "sessions": "id = 1",
    "hands": "id = (SELECT max(id) FROM hands WHERE session_id = 1)",
    "boxes": "id = (SELECT max(id) FROM boxes)",
    "bets": "id = (SELECT max(id) FROM bets)",
    "pending_hands": "session_id = 2",
    "classic_sessions": "id = 1",
    "classic_hands": "id = (SELECT max(id) FROM classic_hands)",
}
#: The columns that tie a row to its session or hand: edited, the row no longer belongs to it (verify
#: reports the hand or box missing, exit 1) — read or not, never a traceback.
LINKS = {"session_id", "hand_id"}


def _numeric(column) -> bool:
    """An INTEGER or BOOLEAN column in the schema (whatever checked type reads it back)."""
    return isinstance(getattr(column.type, "impl", column.type), (Integer, Boolean))


def _is_time(column) -> bool:
    return isinstance(column.type, DateTime) or isinstance(getattr(column.type, "impl", None), DateTime)


def _columns(kind=_numeric) -> list[tuple[str, str]]:
    found = []
    for table in SQLModel.metadata.sorted_tables:
        if table.name not in ROW:
            continue
        for column in table.columns:
            if not column.primary_key and kind(column):
                found.append((table.name, column.name))
    return found


def _is_text(column) -> bool:
    return isinstance(column.type, String) or isinstance(getattr(column.type, "impl", None), String)


COLUMNS = _columns()
TIMES = _columns(_is_time)
TEXTS = _columns(_is_text)


def test_every_table_with_numbers_is_covered():
    tables = {t.name for t in SQLModel.metadata.sorted_tables
              if any(not c.primary_key and _numeric(c) for c in t.columns)}
    assert tables - set(ROW) <= {"schema_version", "classic_pending"}, tables - set(ROW)
    assert ("hands", "round_no") in COLUMNS and ("classic_hands", "hand_no") in COLUMNS
    assert ("hands", "qualifies") in COLUMNS and ("boxes", "box") in COLUMNS
    assert ("hands", "played_at") in TIMES and ("classic_sessions", "started_at") in TIMES
    assert ("hands", "seed") in TEXTS and ("pending_hands", "seed") in TEXTS and ("classic_hands", "seed") in TEXTS


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> Path:
    """Casino session 1 (3 settled hands), casino session 2 (a hand dealt and pending), classic session 1
    (2 settled hands of 3)."""
    from typer.testing import CliRunner

    from cli.main import app

    path = tmp_path_factory.mktemp("numbers") / "brag.db"
    runner = CliRunner()
    done = runner.invoke(app, ["play", "--db", str(path), "--auto", "--hands", "3", "--seed", "one"])
    assert done.exit_code == 0, done.output
    engine = connect(f"sqlite:///{path}")
    with Session(engine) as db:
        service = TableService.new(load_game("3-card-brag"), Fraction(100), stakes=(BoxBets(1, Fraction(2), Fraction(1)),),
                                   seed="two")
        service.open(db)
        service.deal()
        service.db = None
    engine.dispose()
    done = runner.invoke(app, ["classic", "--db", str(path), "--auto", "--hands", "2", "--opponents", "2", "--seed", "c"])
    assert done.exit_code == 0, done.output
    return path


def _edited(stored: Path, tmp_path: Path, table: str, column: str, value: object) -> str:
    path = tmp_path / "edited.db"
    with sqlite3.connect(stored) as source, sqlite3.connect(path) as copy:  # (its write-ahead log too)
        source.backup(copy)
    with sqlite3.connect(path) as db:
        changed = db.execute(f"UPDATE {table} SET {column} = ? WHERE {ROW[table]}", (value,)).rowcount
    assert changed == 1
    return str(path)


def _run(runner, app, *args: str, stdin: str = "q\n"):
    result = runner.invoke(app, list(args), input=stdin)
    text = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, text, result.exception)
    assert "Traceback" not in text and result.exit_code in (0, 1, 2), (args, result.exit_code, text)
    if result.exit_code == 2:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("brag: error:"), (args, result.stderr)
    return result


def _commands(table: str, db: str) -> tuple[list[str], list[list[str]]]:
    """The command that reads every row of the edited one's session (verify), and the others that may."""
    if table.startswith("classic"):
        return (["verify", "--classic", "1", "--db", db],
                [["history", "--classic", "1", "--db", db], ["sessions", "--classic", "--db", db],
                 ["replay", "--classic", "1", "2", "--db", db], ["classic", "--resume", "1", "--db", db]])
    session = "2" if table == "pending_hands" else "1"
    return (["verify", session, "--db", db],
            [["history", session, "--db", db], ["sessions", "--db", db], ["replay", "1", "3", "--db", db],
             ["play", "--resume", session, "--db", db]])


@pytest.mark.parametrize(("table", "column"), COLUMNS)
@pytest.mark.parametrize("value", [1.5, 1e30, "x"])
def test_a_column_that_is_not_a_whole_number_is_named_in_one_line(stored, tmp_path, runner, app, table, column, value):
    db = _edited(stored, tmp_path, table, column, value)
    check, others = _commands(table, db)
    result = _run(runner, app, *check)
    if column in LINKS:
        assert result.exit_code in (1, 2)
    else:  # verify: a session that does not verify (exit 1, docs/fairness.md), naming the column
        assert result.exit_code == 1
        assert f"{table}.{column} ({value!r}, not " in " ".join(result.output.split()), result.output
        assert "in 0 hand(s)" not in result.output  # (it counted no hand checked as a count of hands)
    for command in others:
        _run(runner, app, *command)


@pytest.mark.parametrize(("table", "column"), TIMES)
def test_a_time_that_is_not_one_is_named_in_one_line(stored, tmp_path, runner, app, table, column):
    """The same for a time column (a bare ValueError from SQLAlchemy's reader: at --resume, a traceback)."""
    db = _edited(stored, tmp_path, table, column, "x")
    check, others = _commands(table, db)
    named = 0
    for command in (check, *others):  # (a command that does not read it, as verify --classic a hand's time, runs)
        result = _run(runner, app, *command)
        if "cannot be read" in result.stderr:
            assert f"{table}.{column} ('x', not a time)" in result.stderr, result.stderr
            named += 1
    assert named or (table, column) == ("classic_hands", "played_at")  # (read by none of them)


@pytest.mark.parametrize(("table", "column"), TEXTS)
def test_a_text_column_holding_a_blob_is_named_in_one_line(stored, tmp_path, runner, app, table, column):
    """A BLOB in a text column (``X'00ff'``): a TypeError traceback wherever the text was used (the seed in
    `brag verify`, an amount or the cards in `brag history --json`, the game file at `--resume`)."""
    db = _edited(stored, tmp_path, table, column, b"\x00\xff")
    check, others = _commands(table, db)
    named = 0
    for command in (check, *others):
        result = _run(runner, app, *command)
        said = " ".join((result.stderr + result.output).split())  # (verify says it on stdout, exit 1)
        if "cannot be read" in said:
            assert f"{table}.{column} (b'\\x00\\xff', not text)" in said, said
            assert result.exit_code == (1 if command is check else 2)
            named += 1
    assert named, (table, column)  # (every text column is read by one of them: the session's row whole)


@pytest.mark.parametrize("view", [["history", "1", "--json"], ["history", "1"], ["verify", "1"],
                                  ["history", "--classic", "1", "--json"], ["verify", "--classic", "1"]])
def test_the_reported_blob_in_a_seed_is_named(stored, tmp_path, runner, app, view):
    """The reported case: hands.seed = X'00ff' — `brag verify 1` a TypeError in fair.seed_from_hex, `brag history
    1 --json` a TypeError writing bytes as JSON; the same for a classic hand's seed."""
    table = "classic_hands" if "--classic" in view else "hands"
    db = _edited(stored, tmp_path, table, "seed", b"\x00\xff")
    result = _run(runner, app, *view, "--db", db)
    assert result.exit_code == (1 if "verify" in view else 2)  # verify: the session does not verify
    said = " ".join((result.stderr + result.output).split())
    assert f"the database holds a value that cannot be read: {table}.seed (b'\\x00\\xff', not text)" in said


@pytest.mark.parametrize("value", [3.5, "x"])
def test_the_last_hand_number_stops_a_resume_naming_it(stored, tmp_path, runner, app, value):
    """The reported case: the last hand's number edited to 3.5 — `brag play --resume` read it as the last hand
    and failed with an AttributeError (``round_no.to_bytes``)."""
    db = _edited(stored, tmp_path, "hands", "round_no", value)
    result = _run(runner, app, "play", "--resume", "1", "--db", db)
    assert result.exit_code == 2
    assert f"the database holds a value that cannot be read: hands.round_no ({value!r}, not a whole number)" in result.stderr
    db = _edited(stored, tmp_path, "classic_hands", "hand_no", 2.5 if value == 3.5 else value)
    with sqlite3.connect(db) as edit:  # not over: 2 hands of 5 played, stopped
        edit.execute("UPDATE classic_sessions SET hand_limit = 5, ended_at = NULL, end_reason = NULL")
    result = _run(runner, app, "classic", "--resume", "1", "--db", db)
    assert result.exit_code == 2 and f"classic_hands.hand_no ({2.5 if value == 3.5 else value!r}, not a whole number)" in result.stderr


def test_whole_numbers_still_read_as_themselves(stored, runner, app):
    """The check passes what this code writes: the undamaged database verifies and lists as before."""
    for args in (["verify", "1"], ["verify", "--classic", "1"], ["history", "1"], ["replay", "1", "3"]):
        result = _run(runner, app, *args, "--db", str(stored))
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize("column", ["bets", "cards"])
@pytest.mark.parametrize("value", ["x", "[[[[", "1e999999", '[{"box": 1}]'])
def test_a_pending_hand_that_cannot_be_read_stops_a_resume_naming_it(stored, tmp_path, runner, app, column, value):
    """The pending hand's stored JSON (its bets, the cards shown): a JSONDecodeError, TypeError or AttributeError
    traceback at `brag play --resume` (the first was called the database's only by open_db's catch-all)."""
    db = _edited(stored, tmp_path, "pending_hands", column, value)
    result = _run(runner, app, "play", "--resume", "2", "--db", db)
    assert result.exit_code == 2
    assert f"the database holds a value that cannot be read: pending_hands.{column} of hand 1 of session 2" in result.stderr


@pytest.mark.parametrize(("table", "column", "value", "named"), [
    ("hands", "qualifies", 5, "hands.qualifies (5, not yes (1) or no (0))"),
    ("hands", "played_at", "notadate", "hands.played_at ('notadate', not a time)"),
    ("sessions", "started_at", "xx", "sessions.started_at ('xx', not a time)"),
    ("hands", "round_no", "two", "hands.round_no ('two', not a whole number)"),
    ("boxes", "box", "one", "boxes.box ('one', not a whole number)"),
    ("sessions", "rounds", "many", "sessions.rounds ('many', not a whole number)"),
    ("hands", "events", "[" * 5000 + "]" * 5000, "hand 3: events is"),
    ("classic_hands", "showdown", 5, "classic_hands.showdown (5, not yes (1) or no (0))"),
    ("classic_sessions", "started_at", "xx", "classic_sessions.started_at ('xx', not a time)"),
])
def test_verify_fails_a_session_holding_a_value_that_cannot_be_read(stored, tmp_path, runner, app, table, column,
                                                                     value, named):
    """docs/fairness.md: `brag verify` exits 1 on any mismatch, 2 only for a session or hand that is not there (or
    a bad argument or database). A stored value that cannot be read is tampering: it was exit 2, "brag: error"."""
    db = _edited(stored, tmp_path, table, column, value)
    check, _ = _commands(table, db)
    result = _run(runner, app, *check)
    assert result.exit_code == 1 and named in " ".join(result.output.split()), (result.exit_code, result.output)
    as_json = _run(runner, app, *check, "--json")
    assert as_json.exit_code == 1
    import json

    assert json.loads(as_json.output)["ok"] is False


def test_verify_still_refuses_a_session_that_is_not_there(stored, runner, app):
    for args in (["verify", "9"], ["verify", "1", "9"], ["verify", "--classic", "9"], ["verify", "--classic", "1", "9"]):
        result = _run(runner, app, *args, "--db", str(stored))
        assert result.exit_code == 2 and "no " in result.stderr, (args, result.stderr)
