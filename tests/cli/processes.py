"""A real ``brag`` process for the tests that stop one while it plays (Ctrl-C, a kill)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def brag_process(*args: str, **kwargs: Any) -> subprocess.Popen:
    """``brag ARGS`` from this checkout, in its own process (``kwargs`` go to :class:`subprocess.Popen`)."""
    env = {**os.environ, "COLUMNS": "120", "PYTHONPATH": str(ROOT)}
    env.pop("BRAG_DB", None)
    return subprocess.Popen([sys.executable, "-c", "from cli.main import main; main()", *args], cwd=ROOT, env=env,
                            **kwargs)


def stop_after_stored_hands(process: subprocess.Popen, db: Path, hands: int, sig: int,
                            within: float = 120.0) -> tuple[bytes | None, bytes | None]:
    """Wait until the SQLite file ``db`` holds ``hands`` stored hands (failing after ``within`` seconds, or if
    the process ends first), send ``sig``, and wait for the process; its stdout and stderr if piped."""
    try:
        deadline = time.monotonic() + within
        stored = 0
        while stored < hands:
            assert time.monotonic() < deadline, f"the session stored too few hands in {within:g} s"
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else "it ended"
            time.sleep(0.1)
            if db.exists():
                try:
                    with sqlite3.connect(db, timeout=5) as raw:
                        stored = raw.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
                except sqlite3.OperationalError:  # tables not created yet
                    pass
        process.send_signal(sig)
        return process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=60)
