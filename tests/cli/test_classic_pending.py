"""No free re-deal at traditional Brag, through real processes: `brag classic` killed (SIGKILL) or interrupted
(Ctrl-C) after the player has looked at their cards resumes into the SAME hand — the same cards, the same
antes, every action so far — which then settles and verifies. `brag verify --classic` reports the pending
hand ("hand N pending: … not settled") and names a tampered one, exit code 1."""

from __future__ import annotations

import json
from fractions import Fraction
import re
import signal
import subprocess
import sys

import pytest
from sqlmodel import Session

from casino.db import classic_store
from casino.db.database import connect
from tests.cli.test_play_ctrl_c import ROOT, Player
from tests.cli.processes import brag_process

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
    # a seed with which the computer players leave you a turn in hand 1 (their chance comes from each hand's
    # seed: with fair dealing they fold to you about one time in fifteen and you would never be asked)
    player = Classic("--db", url, "--opponents", "2", "--hands", "1", "--seed", "look then stop 0")
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
        count = len(json.loads(pending.actions))
    code, out, err = brag("verify", "1", "--classic", "--db", url)
    assert code == 0, out + err
    assert "0 hand(s) verified" in out and f"hand 1 pending: antes and {count} action(s) stored, not settled (commitment " \
        f"{commitment}); 'brag classic --resume 1' continues it" in out
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


def brag(*args: str) -> tuple[int, str, str]:
    """``brag ARGS`` run to its end: exit code, stdout, stderr."""
    process = brag_process(*args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate(timeout=120)
    return process.returncode, out.decode(), err.decode()


def _leave_with_hand_3_pending(url: str) -> None:
    """With this seed the computers settle hand 1 without you, you fold hand 2, look in hand 3 (its pack
    carried over, a blind hand kept by Bob brought in) and leave with q: hand 3 is pending."""
    player = Classic("--db", url, "--opponents", "2", "--hands", "5", "--seed", "pending verify 82")
    try:
        player.wait_for(ACTION_PROMPT)
        player.send("f")  # out; the computers finish the hand and it is stored settled
        player.wait_for(ACTION_PROMPT, 2)  # the next hand
        player.send("l")
        player.wait_for(ACTION_PROMPT, 3)
        player.send("q")
        out, err = player.process.communicate(timeout=60)
    finally:
        player.kill()
    assert player.process.returncode == 0, err.decode()
    assert "Hand 3 is pending" in (player.output + out).decode()


def test_verify_reports_a_pending_hand_after_settled_ones_and_names_it_tampered(tmp_path):
    """Hand 3 left pending (:func:`_leave_with_hand_3_pending`). Verify checks all three, counts two, reports hand
    3 pending; a tampered action in it is one line, exit 1, and the resume
    refuses it with the same line."""
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    _leave_with_hand_3_pending(url)
    with Session(connect(url)) as db:
        pending = classic_store.pending_of(1, session=db)
        assert pending is not None and pending.hand_no == 3 and len(classic_store.hands_of(1, session=db)) == 2
        table, problems = classic_store.deal_pending(classic_store.get_session(1, session=db), pending)
        assert problems == [] and table is not None and table._record.shuffled is False  # the carry-over
        assert any(table._record.held_out)  # and a kept blind hand
        actions = json.loads(pending.actions)
        commitment = pending.commitment
    code, out, err = brag("verify", "1", "--classic", "--db", url)
    assert code == 0, out + err
    assert "2 hand(s) verified" in out and f"hand 3 pending: antes and {len(actions)} action(s) stored, not settled " \
        f"(commitment {commitment})" in out
    code, out, err = brag("verify", "1", "--classic", "--db", url, "--json")
    assert code == 0 and json.loads(out)["pending"] == {"hand": 3, "commitment": commitment, "actions": len(actions)}
    looked = next(i for i, (seat, action) in enumerate(actions) if action["action"] == "look" and seat == 0)
    actions[looked] = [0, {"action": "bet", "amount": "1000000"}]  # the look rewritten as a bet nobody can pay
    with Session(connect(url)) as db:
        row = classic_store.pending_of(1, session=db)
        row.actions = json.dumps(actions)
        db.add(row)
        db.commit()
    code, out, err = brag("verify", "1", "--classic", "--db", url)
    assert code == 1, out + err
    [line, chained] = [x.strip() for x in out.splitlines() if "(pending)" in x]
    assert line.startswith(f"hand 3 (pending): stored action {looked + 1} (You bet 1000000) does not follow the rules")
    assert chained.startswith("hand 3 (pending): its hash is not over its deal and its stored actions")  # the chain too
    assert "2 problem(s)" in out and "hand 3 pending: antes and" in out
    code, out, err = brag("verify", "1", "--classic", "--db", url, "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False and data["problems"] == [line, chained] and data["pending"]["hand"] == 3
    code, out, err = brag("classic", "--resume", "1", "--db", url)
    assert code == 2 and err.strip().endswith(f"{line}; it is not dealt again"), err


def test_replay_and_history_of_a_pending_hand_say_it_is_pending(tmp_path):
    """Found by a hostile test: 'brag replay 1 3 --classic' and 'brag history 1 --classic --hand 3' said "classic
    session 1 has no hand 3" of a hand left pending (verify names it pending). Now one line, exit 2, says so."""
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    _leave_with_hand_3_pending(url)
    said = ("classic session 1, hand 3 is pending: dealt, its antes and actions stored, not settled yet; "
            "'brag classic --resume 1' carries it on")
    for args in (["replay", "1", "3", "--classic"], ["history", "1", "--classic", "--hand", "3"],
                 ["replay", "1", "3", "--classic", "--json"]):
        code, out, err = brag(*args, "--db", url)
        assert code == 2 and said in err and err.count("\n") == 1 and "Traceback" not in err, (args, out, err)
    code, out, err = brag("replay", "1", "4", "--classic", "--db", url)  # a hand never dealt: as before
    assert code == 2 and "classic session 1 has no hand 4" in err, out + err
    code, out, err = brag("history", "1", "--classic", "--hand", "2", "--db", url)  # a settled hand: as before
    assert code == 0 and "Classic session 1, hand 2" in out, out + err


def test_verify_of_a_session_without_a_pending_hand_is_unchanged(tmp_path):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    assert brag("classic", "--auto", "--hands", "3", "--seed", "none pending", "--db", url)[0] == 0
    code, out, err = brag("verify", "1", "--classic", "--db", url)
    assert code == 0 and "3 hand(s) verified" in out and "pending" not in out, out + err
    code, out, err = brag("verify", "1", "--classic", "--db", url, "--json")
    assert code == 0 and json.loads(out)["pending"] is None and json.loads(out)["problems"] == []


def test_a_resume_with_a_hand_pending_refuses_chips_moved_between_seats(tmp_path):
    """Hand 3 pending (as above); the session's chips and its table state's moved 500 from Ann to You, both
    alike: the resume refused that only with no hand pending, and dealt on at 1,500 (verify found it)."""
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    _leave_with_hand_3_pending(url)
    with Session(connect(url)) as db:
        row = classic_store.get_session(1, session=db)
        assert classic_store.pending_of(1, session=db) is not None
        state = json.loads(row.table_state)
        chips = json.loads(row.chips)
        for stored in (state["chips"], chips):
            stored[0] = str(Fraction(stored[0]) + 500)
            stored[1] = str(Fraction(stored[1]) - 500)
        row.table_state, row.chips = json.dumps(state), json.dumps(chips)
        db.add(row)
        db.commit()
    code, out, err = brag("classic", "--resume", "1", "--db", url)
    assert code == 2 and "the chips the hand in play was dealt from are not the ones hand 2 left" in err, err
    code, out, err = brag("verify", "1", "--classic", "--db", url)
    assert code == 1
