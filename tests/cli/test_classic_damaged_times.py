"""A time in a classic session's rows edited into nonsense: one line and exit code 2 at a resume and at
verify (it was a ValueError traceback), the other sessions still listed."""

from __future__ import annotations

import shutil
import sqlite3
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _brag(*args: str, db: Path, text: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1"}  # (the words searched for are not wrapped as the caller's)
    return subprocess.run([sys.executable, "-m", "cli", *args, "--db", str(db)], cwd=ROOT, input=text,
                          capture_output=True, text=True, timeout=120, env=env)


@pytest.fixture(scope="module")
def pending_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("times") / "brag.db"
    assert _brag("classic", "--hands", "5", "--opponents", "2", "--seed", "times", db=db, text="q\n").returncode == 0
    with sqlite3.connect(db) as con:
        assert con.execute("select count(*) from classic_pending").fetchone() == (1,)
    return db


@pytest.mark.parametrize("edit", ["update classic_sessions set ended_at = 'garbage'",
                                  "update classic_sessions set started_at = 'garbage'",
                                  "update classic_pending set started_at = 'garbage'"])
def test_a_damaged_time_is_one_line(pending_db: Path, tmp_path: Path, edit: str) -> None:
    db = tmp_path / "damaged.db"
    shutil.copy(pending_db, db)
    with sqlite3.connect(db) as con:
        con.execute(edit)
    done = _brag("classic", "--resume", "1", db=db, text="q\n")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "cannot be read" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    # verify: a stored value that cannot be read is a session that does not verify (docs/fairness.md: exit 1)
    done = _brag("verify", "1", "--classic", db=db)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "cannot be read" in done.stdout and "_at ('ga" in done.stdout
    assert "(a stored value cannot be read)" in done.stdout and "not computed" in done.stdout  # not "settings"
    assert _brag("sessions", "--classic", db=db).returncode == 0


@pytest.mark.parametrize("edit", ["chips = '[\"1/0\", \"5\", \"5\"]'", "hand_limit = 'x'", "hands_played = 2.5"])
def test_one_unreadable_session_does_not_hide_the_others(pending_db: Path, tmp_path: Path, edit: str) -> None:
    import json

    db = tmp_path / "two.db"
    shutil.copy(pending_db, db)
    assert _brag("classic", "--auto", "--hands", "2", "--opponents", "2", "--seed", "other", db=db).returncode == 0
    with sqlite3.connect(db) as con:
        con.execute(f"update classic_sessions set {edit} where id = 1")
    listing = _brag("sessions", "--classic", "--json", db=db)
    assert listing.returncode == 0, listing.stderr
    rows = {r["id"]: r for r in json.loads(listing.stdout)["sessions"]}
    assert rows[2]["hands"] == 2 and "unreadable" not in rows[2]
    assert rows[1]["status"] == "unreadable" and edit.split()[0].split("_")[-1] in rows[1]["unreadable"]
    table = _brag("sessions", "--classic", db=db)
    assert table.returncode == 0 and "unreadable" in table.stdout and "Session 1 cannot be read" in table.stdout
