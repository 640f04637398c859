"""`brag sessions|history|replay|verify` and `brag play --resume` on rows edited by hand into nonsense: one
line naming the table, column and row, exit 2 (verify: a finding naming it, exit 1); never a traceback or
a hang."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def brag(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("rows") / "brag.db"
    for seed in ("one", "two"):
        done = brag("play", "--db", str(path), "--auto", "--hands", "4", "--seed", seed)
        assert done.returncode == 0, done.stderr
    return path


@pytest.fixture
def db(played, tmp_path) -> Path:
    copy = tmp_path / "edited.db"
    copy.write_bytes(played.read_bytes())
    return copy


def edit(path: Path, sql: str) -> None:
    with sqlite3.connect(path) as db:
        db.execute(sql)


def one_line(done: subprocess.CompletedProcess[str], code: int = 2) -> str:
    assert done.returncode == code, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return " ".join(done.stderr.split())


BANKROLL = "the database holds a value that cannot be read: sessions.bankroll of session 1 ('1/0')"


def named(done: subprocess.CompletedProcess[str]) -> str:
    """What a command says of an unreadable row: its one error line (exit 2); `brag sessions` lists every other
    session and names that row on its own line (JSON: under "unreadable"), exit 0."""
    if "sessions" not in done.args[3:4]:
        return one_line(done)
    assert done.returncode == 0 and "Traceback" not in done.stderr + done.stdout, (done.stdout, done.stderr)
    if "--json" in done.args:
        import json

        rows = {s["id"]: s for s in json.loads(done.stdout)["sessions"]}
        assert "unreadable" not in rows[2] and rows[2]["bankroll"] is not None  # the other session, whole
        return rows[1]["unreadable"]
    text = " ".join(done.stdout.split())
    assert "UNREADABLE: session 1: " in text and text.count("3 Card") == 2, text  # both sessions listed
    return text


@pytest.mark.parametrize("command", [["sessions"], ["history", "1"], ["sessions", "--json"]])
def test_a_bankroll_that_divides_by_zero_is_named(db, command):
    edit(db, "update sessions set bankroll='1/0' where id=1")
    assert BANKROLL in named(brag(*command, "--db", str(db)))


def test_resuming_it_says_the_same(db):
    edit(db, "update sessions set bankroll='1/0' where id=1")
    assert BANKROLL in one_line(brag("play", "--resume", "1", "--db", str(db), stdin="q\n"))


def test_verify_names_the_row_as_a_finding(db):
    edit(db, "update sessions set bankroll='1/0' where id=1")
    done = brag("verify", "1", "--db", str(db))
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "sessions.bankroll" in done.stdout and "1/0" in done.stdout
    assert brag("verify", "2", "--db", str(db)).returncode == 0  # the other session is untouched


@pytest.mark.parametrize("totals", ["{}", "[]", "nonsense", '{"rounds": 1, "plays": 0, "folds": 0, "wagered": "1e999999999", "net": "0", "bets": {}}'])
def test_totals_that_are_not_totals_are_named(db, totals):
    edit(db, f"update sessions set totals='{totals}' where id=1")
    for command in (["sessions"], ["history", "1"]):
        assert "cannot be read: sessions.totals of session 1" in named(brag(*command, "--db", str(db)))
    done = brag("verify", "1", "--db", str(db))
    assert done.returncode == 1 and "Traceback" not in done.stderr and "sessions.totals" in done.stdout


def test_a_hand_amount_that_is_not_a_number_is_named_by_replay(db):
    edit(db, "update hands set net='abc' where round_no=2 and session_id=1")
    line = one_line(brag("replay", "1", "2", "--db", str(db)))
    assert "the database holds a value that cannot be read: hands.net of hand 2 of session 1 ('abc')" in line


@pytest.mark.parametrize("value", ["1" * 5000, "1e999999999", "9" * 301 + "/7"])  # (stored amounts: 300 digits)
def test_a_huge_stored_number_is_refused_at_once(db, value):
    edit(db, f"update sessions set bankroll='{value}' where id=1")
    assert "sessions.bankroll of session 1" in named(brag("sessions", "--db", str(db)))  # within the timeout


def test_a_hand_number_too_large_says_so(db):
    line = one_line(brag("replay", "1", "99999999999999999999", "--db", str(db)))
    assert "too large" in line and "at least 1" not in line
    assert "at least 1" in one_line(brag("replay", "1", "0", "--db", str(db)))


@pytest.mark.parametrize("form", ["--json", "--csv", "text"])
def test_a_value_that_cannot_be_read_half_way_leaves_no_half_document(db, form):
    """`history --json` wrote the hands before the unreadable one, then the error line: a reader of stdout got half
    a document (not JSON at all). Now stdout gets the whole document or nothing."""
    edit(db, "update hands set played_at='xx' where round_no=3 and session_id=1")
    edit(db, "update hands set dealer_cards='ZZ QQ' where round_no=4 and session_id=1")  # found once the table is made
    shown = [] if form == "text" else [form]  # the text view: no header printed before the error line either
    done = brag("history", "1", *shown, "--db", str(db))
    assert "cannot be read: hands." in one_line(done)
    assert done.stdout == ""
    whole = brag("history", "2", *shown, "--db", str(db))  # another session reads whole, as before
    assert whole.returncode == 0 and whole.stdout.count("\n") > 4


@pytest.mark.parametrize(("sql", "named"), [
    ("update hands set dealer_cards='ZZ QQ' where session_id=1 and round_no=3", "hands.dealer_cards of hand 3 of session 1"),
    ("update boxes set cards='7c 7c 7c' where hand_id=(select id from hands where session_id=1 and round_no=2)",
     "boxes.cards of hand 2 of session 1"),
])
def test_stored_cards_that_are_no_cards_are_named_as_the_databases(db, sql, named):
    """Found by a hostile test: `history` said "unknown card 'ZZ' in 'ZZ QQ' (a card is a rank …)", as if the
    reader had typed a bad card; it is the stored row, named as every other unreadable value is."""
    edit(db, sql)
    line = one_line(brag("history", "1", "--db", str(db)))
    assert f"the database holds a value that cannot be read: {named}" in line
