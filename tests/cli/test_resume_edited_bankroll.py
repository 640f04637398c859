"""A bankroll edited in the database between hands is not carried on: the resume is refused in one line
(it staked chips the session never won, and only a later verify reported it)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _brag(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli", *args, "--db", str(db)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_an_edited_bankroll_is_not_resumed(tmp_path: Path) -> None:
    db = tmp_path / "brag.db"
    assert _brag("play", "--auto", "--hands", "2", "--seed", "edit", db=db).returncode == 0
    assert _brag("play", "--resume", "1", "--auto", "--hands", "1", db=db).returncode == 0  # untouched: carries on
    with sqlite3.connect(db) as con:
        con.execute("update sessions set bankroll = '100000'")
    done = _brag("play", "--resume", "1", "--auto", "--hands", "1", "--ante", "400", db=db)
    assert done.returncode == 2, done.stderr
    assert "is not the" in done.stderr and "Traceback" not in done.stderr
    with sqlite3.connect(db) as con:
        assert con.execute("select count(*) from hands").fetchone() == (3,)
