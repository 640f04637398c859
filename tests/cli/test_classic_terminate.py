"""SIGTERM (kill) or SIGHUP (the terminal closed) during `brag classic` does what Ctrl-C does: the session ends as
interrupted, the hand being played stays pending with its deal and actions (it used to die with the session open)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlmodel import Session

from casino.db import classic_store
from casino.db.database import connect

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_kill_at_the_first_prompt_ends_the_session_keeping_the_hand(tmp_path, sent):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    env = {**os.environ, "COLUMNS": "120", "PYTHONPATH": str(ROOT)}
    env.pop("BRAG_DB", None)
    player = subprocess.Popen([sys.executable, "-m", "cli", "classic", "--db", url, "--seed", "kill", "--opponents",
                               "1"], cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    try:
        seen, deadline = b"", time.monotonic() + 60
        while b"Your action>" not in seen:
            assert time.monotonic() < deadline, seen.decode()[-800:]
            if select.select([player.stdout], [], [], 1)[0]:
                chunk = os.read(player.stdout.fileno(), 65536)
                assert chunk, seen.decode()[-800:]
                seen += chunk
        time.sleep(0.2)
        player.send_signal(sent)
        _, err = player.communicate(timeout=60)
    finally:
        if player.poll() is None:
            player.kill()
            player.communicate(timeout=60)
    assert player.returncode == 130 and b"Traceback" not in err, err.decode()
    assert b"Interrupted: session 1 ended after 0 settled hand(s)." in err
    with Session(connect(url)) as db:
        record = classic_store.get_session(1, session=db)
        assert record.end_reason == "interrupted"
        assert classic_store.pending_of(1, session=db) is not None
