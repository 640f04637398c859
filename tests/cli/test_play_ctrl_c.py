"""Ctrl-C at each prompt of an interactive `brag play`, through a real process: the session ends at once
with every settled hand kept, nothing folded, nothing more asked, exit code 130."""

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

from casino.db import store
from casino.db.database import connect
from casino.db.verify import verify_session

ROOT = Path(__file__).resolve().parents[2]
BETS_PROMPT = b"Bets ["
DECISION_PROMPT = b"(p)lay or (f)old?"


class Player:
    """A `brag play` process fed line by line, its output read up to each prompt."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "COLUMNS": "120", "PYTHONPATH": str(ROOT)}
        env.pop("BRAG_DB", None)
        self.process = subprocess.Popen([sys.executable, "-m", "cli", "play", *args], cwd=ROOT, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.output = b""

    def wait_for(self, text: bytes, count: int = 1, timeout: float = 60) -> None:
        """Read the output until ``text`` has appeared ``count`` times."""
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()
        while self.output.count(text) < count:
            left = deadline - time.monotonic()
            assert left > 0, f"no {text!r} in time: {self.output.decode()[-800:]}"
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                assert chunk, f"the process ended before {text!r}: {self.output.decode()[-800:]}"
                self.output += chunk

    def send(self, line: str) -> None:
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def interrupt(self, sent: int = signal.SIGINT) -> tuple[int, str, str]:
        time.sleep(0.2)  # the prompt is written just before the read starts
        self.process.send_signal(sent)
        out, err = self.process.communicate(timeout=60)
        return self.process.returncode, (self.output + out).decode(), err.decode()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=120)


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path / 'brag.db'}"


def _stored(url: str):
    with Session(connect(url)) as db:
        record = store.get_session(1, session=db)
        hands = store.hands_of(1, session=db)
        decisions = [[b.decision for b in store.boxes_of(h.id, session=db)] for h in hands]
        ok = verify_session(1, session=db).ok
        return record, len(hands), decisions, ok


@pytest.mark.parametrize("prompt", ["bets", "decision", "second box", "table screen"])
def test_ctrl_c_at_a_prompt_ends_the_session_keeping_every_settled_hand(url, prompt):
    player = Player("brag-with-side-bets", "--db", url, "--seed", "ctrl-c", "--no-hints", "--boxes", "2",
                    "--side-bet", "prime=1")
    try:
        player.wait_for(BETS_PROMPT)
        player.send("5 1")  # hand 1: both boxes play
        player.wait_for(DECISION_PROMPT, 1)
        player.send("p")
        player.wait_for(DECISION_PROMPT, 2)
        player.send("p")
        player.wait_for(BETS_PROMPT, 2)  # hand 1 is settled and stored
        if prompt == "table screen":
            player.send("t")
            player.wait_for(b"Prime", 2)
            player.wait_for(BETS_PROMPT, 3)
        if prompt in ("decision", "second box"):
            player.send("")  # hand 2 dealt with the same bets
            player.wait_for(DECISION_PROMPT, 3)
            if prompt == "second box":
                player.send("p")  # box 1 of hand 2 plays; Ctrl-C at box 2 must fold nothing
                player.wait_for(DECISION_PROMPT, 4)
        code, out, err = player.interrupt()
    finally:
        player.kill()
    assert code == 130, out + err
    assert "Traceback" not in err and "Traceback" not in out, err
    dealt = prompt in ("decision", "second box")
    if dealt:  # hand 2 was dealt: it stays pending (bets stored), nothing folded, nothing given back
        assert "Interrupted: hand 2 is pending" in out and "session 1 ended with 1 hand(s) settled" in out
        assert "brag play --resume 1" in out
    else:
        assert "Interrupted: session 1 ended with 1 hand(s) settled and stored" in out
    assert "fold" not in out.split("Interrupted")[-1].replace("nothing folded", "").replace("nothing is folded", "")
    record, hands, decisions, ok = _stored(url)
    assert (record.end_reason, record.rounds, hands) == ("interrupted", 1, 1)
    assert decisions == [["play", "play"]] and ok
    assert record.bankroll == _after_first_hand(url)
    with Session(connect(url)) as db:
        pending = store.pending_hand(1, session=db)
        assert (pending.round_no if pending else None) == (2 if dealt else None)


def _after_first_hand(url: str) -> str:
    with Session(connect(url)) as db:
        return store.get_hand(1, 1, session=db).bankroll_after


def test_ctrl_c_before_any_hand_keeps_no_session(url):
    player = Player("--db", url, "--seed", "ctrl-c")
    try:
        player.wait_for(BETS_PROMPT)
        code, out, err = player.interrupt()
    finally:
        player.kill()
    assert code == 130 and "Traceback" not in err
    assert "no hand was settled; session 1 was not kept" in out
    with Session(connect(url)) as db:
        assert store.list_sessions(session=db) == []


def _ended_by(sent: int, *args: str, drive=lambda player: player.wait_for(BETS_PROMPT)) -> str:
    """A `brag play` process (``args``) driven to a prompt by ``drive``, then sent ``sent``: its output, once it
    has ended with exit code 130 and no traceback."""
    player = Player(*args)
    try:
        drive(player)
        code, out, err = player.interrupt(sent)
    finally:
        player.kill()
    assert code == 130 and "Traceback" not in err, err
    return out


def _to_the_second_decision(player: Player) -> None:
    player.wait_for(BETS_PROMPT)
    player.send("5")
    player.wait_for(DECISION_PROMPT)
    player.send("p")
    player.wait_for(BETS_PROMPT, 2)
    player.send("")  # hand 2 dealt with the same bets
    player.wait_for(DECISION_PROMPT, 2)


@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_kill_or_a_closed_terminal_is_ctrl_c(url, sent):
    """SIGTERM (kill) or SIGHUP (the terminal closed) at the first bets prompt left the session open with no hand
    and no end; at a decision the process died without ending the session. Both now do what Ctrl-C does."""
    assert "no hand was settled; session 1 was not kept" in _ended_by(sent, "--db", url, "--seed", "terminated")
    with Session(connect(url)) as db:
        assert store.list_sessions(session=db) == []
    out = _ended_by(sent, "--db", url, "--seed", "terminated", "--no-hints", drive=_to_the_second_decision)
    assert "Interrupted: hand 2 is pending" in out
    with Session(connect(url)) as db:
        [record] = store.list_sessions(session=db)
        assert (record.end_reason, record.rounds) == ("interrupted", 1)
        assert store.pending_hand(record.id, session=db).round_no == 2
