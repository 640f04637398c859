"""A stored value nested thousands deep (a row edited by hand) is one line at the terminal and a 409 on
the web, not a RecursionError traceback or a 500."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def test_deeply_nested_totals(url: str, client: Any) -> None:
    db = url.removeprefix("sqlite:///")
    done = subprocess.run([sys.executable, "-m", "cli", "play", "--auto", "--hands", "3", "--db", db], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(db) as con:
        con.execute("update sessions set totals = ? where id = 1", ("[" * 5000,))
    for args in (["sessions"], ["history", "1"], ["verify", "1"]):
        done = subprocess.run([sys.executable, "-m", "cli", *args, "--db", db], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 2 and "nested too deeply" in done.stderr, (args, done.stderr[-300:])
        assert "Traceback" not in done.stderr
    answer = client.post("/api/table/sessions/1/resume")
    assert answer.status_code == 409, answer.text
