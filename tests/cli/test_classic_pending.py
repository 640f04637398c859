"""No free re-deal at traditional Brag, through real processes: `brag classic` killed (SIGKILL) or interrupted
(Ctrl-C) after the player has looked at their cards resumes into the SAME hand — the same cards, the same
antes, every action so far — which then settles and verifies."""

from __future__ import annotations

import re
import signal
import subprocess
import sys

import pytest
from sqlmodel import Session

from casino.db import classic_store
from casino.db.database import connect
from tests.cli.test_play_ctrl_c import ROOT, Player

ACTION_PROMPT = b"Your action>"
CARDS = re.compile(r"Your cards: ([^\n]+)")


class Classic(Player):
    def __init__(self, *args: str) -> None:  # `brag classic` instead of `brag play`
        import os

        env = {**os.environ, "COLUMNS": "120", "PYTHONPATH": str(ROOT)}
        env.pop("BRAG_DB", None)
        self.process = subprocess.Popen([sys.executable, "-m", "cli", "classic", *args], cwd=ROOT, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.output = b""


@pytest.mark.parametrize("how", ["kill", "ctrl-c"])
def test_a_classic_hand_stopped_after_the_look_resumes_into_the_same_hand(tmp_path, how):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    player = Classic("--db", url, "--opponents", "2", "--hands", "1")
    try:
        player.wait_for(ACTION_PROMPT)
        player.send("l")  # look: the cards are on the screen
        player.wait_for(ACTION_PROMPT, 2)
        cards = CARDS.findall(player.output.decode())[-1]
        assert cards != "blind"
        if how == "kill":
            player.process.send_signal(signal.SIGKILL)
            player.process.communicate(timeout=60)
        else:
            code, out, err = player.interrupt()
            assert code == 130 and "Hand 1 is pending" in err and "brag classic --resume 1" in err, err
    finally:
        player.kill()
    with Session(connect(url)) as db:
        pending = classic_store.pending_of(1, session=db)
        assert pending is not None and pending.hand_no == 1 and '"look"' in pending.actions
        assert classic_store.hands_of(1, session=db) == []
        commitment = pending.commitment
    again = Classic("--resume", "1", "--db", url)
    try:
        again.wait_for(ACTION_PROMPT)
        shown = again.output.decode()
        assert "Hand 1 was dealt before the session stopped" in shown
        assert CARDS.findall(shown)[-1] == cards  # the same cards, already looked at (the action replayed)
        again.send("f")
        out, err = again.process.communicate(timeout=60)
    finally:
        again.kill()
    assert again.process.returncode == 0, err.decode()
    with Session(connect(url)) as db:
        assert classic_store.pending_of(1, session=db) is None
        [hand] = classic_store.hands_of(1, session=db)
        assert hand.commitment == commitment and '"look"' in hand.actions
        assert classic_store.verify_classic(1, session=db) == []
