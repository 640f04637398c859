"""One rule for carrying on a traditional Brag session (:func:`casino.db.classic_store.resume_session`), at
the terminal and on the web alike: the same damaged database is carried on by both or refused by both, and
a refusal is the same one line (exit code 2 at ``brag classic --resume``; 409 on the web).

Each case builds a session (three settled hands, a fourth pending with the computer players' actions up to
the player's turn), damages it as a hand-edit would, copies the file, and resumes one copy in a fresh server
and the other at the terminal. Refused: the session's own row unreadable or disagreeing with itself, a deal
on record whose pending record is gone, a pending hand that does not check out, a session over for good or
closed for a reason this code does not know, and (no hand pending) a table state that is not what the last
settled hand left — its pack, shuffle, kept blind hand, dealer, number, chips, what the bank lent or the
hands it showed (these two with a hand pending too) — or that last hand unreadable: the next hand is dealt
from it. Carried on: damaged, changed or removed *earlier* settled hands
(a resume never reads them; ``brag verify`` reports them)."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from casino.cards import parse_cards
from casino.classic.rules import load_rules
from casino.classic.table import ClassicTable
from casino.classic.view import SimpleOpponent
from casino.db import classic_store
from casino.db.database import connect
from web.app import create_app

NAMES = ["You", "Ann", "Bob"]


def build(path: Path, *, pending: bool = True, seed: str = "one rule") -> int:
    """A session at ``path``: 3 settled hands, and hand 4 pending (computer actions stored, the player to act)."""
    rules = load_rules("classic-brag")
    with Session(connect(f"sqlite:///{path}")) as db:
        record = classic_store.create_session(rules, NAMES, ["you", "simple", "simple"], 10,
                                              {"seed": seed, "auto": False}, session=db)
        sid = record.id
        assert sid is not None
        table = ClassicTable(rules, NAMES, seed=seed)
        bots = [SimpleOpponent()] * 3
        for _ in range(3):
            classic_store.save_hand(sid, table.play_hand(bots, random.Random(1)), table, session=db)
        if pending:
            for _ in range(20):  # hand 4: up to the player's turn (a hand the computers settle alone is stored)
                table.start_hand()
                classic_store.start_pending(sid, table, session=db)
                while not table.hand_done and table.to_act != 0:
                    seat = table.to_act
                    action = bots[seat].decide(table.view(seat), table.legal_actions(), random.Random(2))
                    table.act(action)
                    classic_store.record_action(sid, seat, action, session=db, hand_no=table.hand_no,
                                                played=table.state.actions if table.state is not None else None)
                if not table.hand_done:
                    break
                classic_store.save_hand(sid, table.end_hand(), table, session=db)
            else:
                raise AssertionError("no hand in 20 left the player a turn")
        else:
            classic_store.end_session(sid, "quit", session=db)
    return sid


def sql(statement: str, *args: object) -> Callable[[Path, int], None]:
    """A damage: ``statement`` run on the file (``:sid`` is the session's id)."""
    def damage(path: Path, sid: int) -> None:
        with sqlite3.connect(path) as raw:
            raw.execute(statement.replace(":sid", str(sid)), args)
    return damage


#: 3c 3d 3h 3s Ac Ad As Ah: what a player writes to the top of the stored pack to deal himself prials
PRIALS = [card.index for card in parse_cards("3c 3d 3h 3s Ac Ad As Ah")]


def state(_also_chips: bool = False, **changes: Callable[[dict], object]) -> Callable[[Path, int], None]:
    """A damage: the session's table state with each key set to ``change(table_state)`` (and, with
    ``_also_chips``, the session's chips set to the new table state's, so the two agree)."""
    def damage(path: Path, sid: int) -> None:
        with sqlite3.connect(path) as raw:
            ts = json.loads(raw.execute("SELECT table_state FROM classic_sessions WHERE id = ?", (sid,)).fetchone()[0])
            ts.update({key: change(ts) for key, change in changes.items()})
            raw.execute("UPDATE classic_sessions SET table_state = ? WHERE id = ?", (json.dumps(ts), sid))
            if _also_chips:
                raw.execute("UPDATE classic_sessions SET chips = ? WHERE id = ?", (json.dumps(ts["chips"]), sid))
    return damage


#: (name, damage, pending hand?, carried on?, what the refusal says)
CASES = [
    ("intact, a hand pending", sql("SELECT 1"), True, True, None),
    ("intact, left between hands", sql("SELECT 1"), False, True, None),
    ("an old settled hand unreadable", sql("UPDATE classic_hands SET actions = '{' WHERE session_id = :sid AND hand_no = 1"),
     True, True, None),
    ("an old settled hand's events changed", sql("UPDATE classic_hands SET events = '[]' WHERE session_id = :sid AND hand_no = 2"),
     True, True, None),
    ("the last settled hand unreadable", sql("UPDATE classic_hands SET pack_after = 'x', chips_after = '[\"1/0\"]' "
                                             "WHERE session_id = :sid AND hand_no = (SELECT MAX(hand_no) FROM "
                                             "classic_hands WHERE session_id = :sid)"), True, True, None),
    ("an old settled hand unreadable, none pending", sql("UPDATE classic_hands SET seats = 'null' WHERE session_id = :sid "
                                                         "AND hand_no = 1"), False, True, None),
    ("a settled hand removed", sql("DELETE FROM classic_hands WHERE session_id = :sid AND hand_no = 1"), True, True, None),
    ("the pending record removed", sql("DELETE FROM classic_pending WHERE session_id = :sid"), True, False,
     "was dealt, but its pending record is missing"),
    ("the pending actions unreadable", sql("UPDATE classic_pending SET actions = '{' WHERE session_id = :sid"), True, False,
     "the stored actions cannot be read"),
    ("the pending commitment changed", sql("UPDATE classic_pending SET commitment = ? WHERE session_id = :sid", "0" * 64),
     True, False, "does not deal as it was committed"),
    ("over for good", sql("UPDATE classic_sessions SET ended_at = '2026-01-01 00:00:00', end_reason = 'hands' "
                          "WHERE id = :sid"), False, False, "is over (hands); start a new one"),
    ("closed for a reason not known", sql("UPDATE classic_sessions SET ended_at = '2026-01-01 00:00:00', "
                                          "end_reason = 'copied' WHERE id = :sid"), False, False,
     "has ended (copied): it is not played on"),
    ("its settings unreadable", sql("UPDATE classic_sessions SET settings = '{' WHERE id = :sid"), True, False,
     "settings cannot be read"),
    ("its rules unreadable", sql("UPDATE classic_sessions SET rules_text = 'cards = 9' WHERE id = :sid"), False, False,
     "rules_text cannot be read"),
    ("its seats unreadable", sql("UPDATE classic_sessions SET names = '[1]' WHERE id = :sid"), True, False,
     "names cannot be read"),
    ("its table state unreadable", sql("UPDATE classic_sessions SET table_state = '[' WHERE id = :sid"), False, False,
     "table_state cannot be read"),
    ("the last settled hand unreadable, none pending", sql("UPDATE classic_hands SET pack_after = 'x' WHERE session_id = :sid "
                                                           "AND hand_no = 3"), False, False,
     "hand 3: pack_after cannot be read"),
    ("the pack for the next hand chosen", state(pack=lambda ts: PRIALS + [c for c in ts["pack"] if c not in PRIALS],
                                                shuffle_next=lambda ts: False), False, False,
     "a pack for the next hand that is not the one hand 3 left"),
    ("the next pack shuffled instead of carried over", state(shuffle_next=lambda ts: True), False, False,
     "shuffles the next pack, but hand 3 left it to be carried over"),
    ("a blind hand kept for you", state(kept_blind=lambda ts: {"0": PRIALS[:3]}), False, False,
     "blind hands kept for the next deal that hand 3 did not keep"),
    ("the dealer moved", state(dealer=lambda ts: (ts["dealer"] + 1) % 3), False, False,
     "a dealer that did not deal hand 3"),
    ("the table state put back a hand", state(hand_no=lambda ts: 2), False, False,
     "is after hand 2, not after the last settled hand (3)"),
    ("the table state emptied", sql("UPDATE classic_sessions SET table_state = '{}' WHERE id = :sid"), False, False,
     "table state for the next hand is missing, but hand 3 was settled"),
    ("its chips and table state's chips changed alike", state(chips=lambda ts: ["5000"] + ts["chips"][1:],
                                                              _also_chips=True), False, False,
     "chips for the next hand are not the ones hand 3 left"),
    ("its hand limit negative", sql("UPDATE classic_sessions SET hand_limit = -5 WHERE id = :sid"), False, False,
     "hand_limit cannot be read: -5 is not 1 to 1,000,000 hands"),
    ("its hand limit text", sql("UPDATE classic_sessions SET hand_limit = 'x' WHERE id = :sid"), True, False,
     "classic_sessions.hand_limit ('x', not a whole number)"),
    ("its chips changed", sql("UPDATE classic_sessions SET chips = '[\"5000\", \"1\", \"1\"]' WHERE id = :sid"), False,
     False, "chips for the next hand are not the ones hand 3 left"),
    ("the hands hand 3 showed changed", state(shown=lambda ts: ts["shown"][:-1] + [[3, "Ann", PRIALS[:3], [], "Prial of 3s"]]),
     False, False, "does not end its hands shown with the ones hand 3 showed"),
    ("a hand shown written in from a later hand", state(shown=lambda ts: [[7, "Ann", PRIALS[:3], [], "Prial of 3s"]] + ts["shown"]),
     False, False, "hands shown before hand 3 that the hands before it did not show"),
    # what an earlier hand showed is that hand's: a resume reads no earlier hand (verify names it)
    ("a hand shown by an earlier hand changed", state(shown=lambda ts: [[1, "You", PRIALS[:3], [], "Prial of 3s"]] + ts["shown"][1:]),
     False, True, None),
    ("chips borrowed from the bank written in", state(borrowed=lambda ts: ["0", "50", "0"]), False, False,
     "has 50 borrowed from the bank in all, but its chips are 0 above the session's start"),
    ("chips borrowed from the bank written in, a hand pending", state(borrowed=lambda ts: ["0", "50", "0"]), True,
     False, "has 50 borrowed from the bank in all, but its chips are 0 above the session's start"),
    ("the hands hand 3 showed changed, a hand pending", state(shown=lambda ts: ts["shown"][:-1]), True, False,
     "does not end its hands shown with the ones hand 3 showed"),
    ("what the bank lent, a seat left out", state(borrowed=lambda ts: ["0", "0"]), False, False,
     "borrowed: 2 amounts for 3 seats"),
]


@pytest.mark.parametrize("name, damage, pending, carried_on, says", CASES, ids=[c[0] for c in CASES])
def test_the_terminal_and_the_web_decide_a_resume_alike(tmp_path, runner, monkeypatch, name, damage, pending,
                                                        carried_on, says):
    from cli.main import app

    monkeypatch.delenv("BRAG_DB", raising=False)
    web_db, terminal_db = tmp_path / "web.db", tmp_path / "terminal.db"
    sid = build(web_db, pending=pending)
    damage(web_db, sid)
    with sqlite3.connect(web_db) as source, sqlite3.connect(terminal_db) as target:
        source.backup(target)  # (the whole database, its write-ahead log included)

    answer = TestClient(create_app(f"sqlite:///{web_db}"), raise_server_exceptions=False).post(
        f"/api/classic/sessions/{sid}/resume")
    terminal = runner.invoke(app, ["classic", "--db", f"sqlite:///{terminal_db}", "--resume", str(sid)], input="q\n")
    said = " ".join(terminal.output.split())
    if carried_on:
        assert answer.status_code == 200, answer.text
        assert terminal.exit_code == 0 and "brag: error" not in said, said
        shown = answer.json()
        assert shown["hand_no"] == (4 if pending else 3) and shown["in_hand"] is pending
        assert ("was dealt before the session stopped" in said) is pending  # INTO the pending hand, not a new deal
    else:
        detail = answer.json()["detail"]
        assert answer.status_code == 409 and says in detail, answer.text
        assert terminal.exit_code == 2 and f"brag: error: {detail}" in said, said  # the same line
        assert "Traceback" not in said


def test_a_resume_reads_no_settled_hand(tmp_path):
    """The rule in the library: resume_session carries on a session whose every settled hand is unreadable,
    and verify still reports each of them."""
    path = tmp_path / "b.db"
    sid = build(path)
    sql("UPDATE classic_hands SET dealt = 'x', events = 'x', actions = 'x' WHERE session_id = :sid")(path, sid)
    with Session(connect(f"sqlite:///{path}")) as db:
        resumed = classic_store.resume_session(sid, session=db)
        assert resumed.table.hand_no == 4 and resumed.table.state is not None and resumed.players[0] == "you"
        problems = classic_store.verify_classic(sid, session=db)
    assert [p.split(":")[0] for p in problems[:3]] == ["hand 1", "hand 2", "hand 3"]


def test_an_all_computer_session_is_watched_at_the_terminal_and_refused_on_the_web(tmp_path):
    path = tmp_path / "auto.db"
    rules = load_rules("classic-brag")
    with Session(connect(f"sqlite:///{path}")) as db:
        record = classic_store.create_session(rules, NAMES, ["simple"] * 3, 5, {"seed": "w", "auto": True}, session=db)
        classic_store.end_session(record.id, "interrupted", session=db)
        sid = record.id
        with pytest.raises(classic_store.StoreError, match="all computer players"):
            classic_store.resume_session(sid, session=db, player=True)
        assert classic_store.get_session(sid, session=db).end_reason == "interrupted"  # refused: nothing written
        assert classic_store.resume_session(sid, session=db).players == ["simple"] * 3
        assert classic_store.get_session(sid, session=db).ended_at is None  # carried on: open again
    answer = TestClient(create_app(f"sqlite:///{path}"), raise_server_exceptions=False).post(
        f"/api/classic/sessions/{sid}/resume")
    assert answer.status_code == 409 and "all computer players" in answer.json()["detail"]
