"""What the next deal comes from, with no hand pending: the session's table state must be what its LAST
settled hand left (:func:`casino.db.classic_verify.next_deal_problems`). ``brag verify --classic`` lists
each way it is not (once: the session's chips are checked against the last hand apart), and a resume
refuses it before any card is dealt (tests/web/test_classic_resume_rule.py, terminal and web)."""

from __future__ import annotations

import json
import random
import sqlite3
from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.classic.rules import load_rules
from casino.classic.table import ClassicTable
from casino.classic.view import SimpleOpponent
from casino.db import classic_store
from casino.db.database import connect
from tests.web.test_classic_resume_rule import NAMES, PRIALS, build


def edited(tmp_path, **changes) -> tuple[list[str], str]:
    """verify's problems and resume's refusal after the table state's keys are set to ``changes(ts)``."""
    path = tmp_path / "n.db"
    sid = build(path, pending=False)
    with sqlite3.connect(path) as raw:
        ts = json.loads(raw.execute("SELECT table_state FROM classic_sessions WHERE id = ?", (sid,)).fetchone()[0])
        ts.update({key: change(ts) for key, change in changes.items()})
        raw.execute("UPDATE classic_sessions SET table_state = ?, chips = ? WHERE id = ?",
                    (json.dumps(ts), json.dumps(ts["chips"]), sid))
    with Session(connect(f"sqlite:///{path}")) as db:
        problems = classic_store.verify_classic(sid, session=db)
        with pytest.raises(classic_store.StoreError) as refused:
            classic_store.resume_session(sid, session=db)
        assert classic_store.get_session(sid, session=db).end_reason == "quit"  # refused: nothing written
    return problems, str(refused.value)


def test_an_intact_session_has_no_next_deal_problem(tmp_path):
    path = tmp_path / "ok.db"
    sid = build(path, pending=False)
    with Session(connect(f"sqlite:///{path}")) as db:
        assert classic_store.verify_classic(sid, session=db) == []
        assert classic_store.resume_session(sid, session=db).table.hand_no == 3


def test_a_blind_hand_written_in_for_the_player_is_listed_and_refused(tmp_path):
    problems, refused = edited(tmp_path, kept_blind=lambda ts: {"0": [0, 1, 2]})
    assert problems == ["the session's table state has blind hands kept for the next deal that hand 3 did not keep"]
    assert problems[0] in refused and "the next hand is not dealt from it" in refused


def test_chips_moved_in_the_table_state_and_the_row_alike_are_listed_once(tmp_path):
    problems, refused = edited(tmp_path, chips=lambda ts: ["5000"] + ts["chips"][1:])
    assert problems == [f"the session's chips are not what its hands left ({NAMES[0]})"]
    assert "the session's chips for the next hand are not the ones hand 3 left" in refused


# -- what the bank lent (``borrowed``) and the hands turned up so far (``shown``) --------------------------


def lent_session(path, hands: int) -> int:
    """Fold-or-borrow at 5 chips a seat: in hand 3 the bank lends Ann 1/2 (her last chips short of the
    minimum bet), after which she has nothing left and sits out."""
    rules = load_rules("classic-brag").with_changes(short_stack="fold-or-borrow")
    with Session(connect(f"sqlite:///{path}")) as db:
        sid = classic_store.create_session(rules, NAMES, ["you", "simple", "simple"], 10, {"seed": "borrow"},
                                           session=db, chips=[5] * 3).id
        table = ClassicTable(rules, NAMES, [5] * 3, seed="borrow")
        for _ in range(hands):
            classic_store.save_hand(sid, table.play_hand([SimpleOpponent()] * 3, random.Random(1)), table, session=db)
        classic_store.end_session(sid, "quit", session=db)
        hands_lent = [classic_store.hand_from_row(row, rules, NAMES).borrowed
                      for row in classic_store.hands_of(sid, session=db)]
    assert hands_lent[2] == [0, Fraction(1, 2), 0] and table.borrowed == [0, Fraction(1, 2), 0], hands_lent
    return sid


def checked(path, sid, **changes) -> tuple[list[str], str | None]:
    """verify's problems and resume's refusal (``None``: carried on) after the table state's keys are set to
    ``change(table_state)`` (the session's chips left as they are)."""
    with sqlite3.connect(path) as raw:
        ts = json.loads(raw.execute("SELECT table_state FROM classic_sessions WHERE id = ?", (sid,)).fetchone()[0])
        ts.update({key: change(ts) for key, change in changes.items()})
        raw.execute("UPDATE classic_sessions SET table_state = ? WHERE id = ?", (json.dumps(ts), sid))
    with Session(connect(f"sqlite:///{path}")) as db:
        problems = classic_store.verify_classic(sid, session=db)
        try:
            classic_store.resume_session(sid, session=db)
        except classic_store.StoreError as error:
            assert classic_store.get_session(sid, session=db).end_reason == "quit"  # refused: nothing written
            return problems, str(error)
    return problems, None


@pytest.mark.parametrize("hands", [3, 4])
def test_what_the_bank_lent_is_carried_in_the_table_state_and_checks_out(tmp_path, hands):
    sid = lent_session(tmp_path / "l.db", hands)
    assert checked(tmp_path / "l.db", sid) == ([], None)


def test_a_debt_wiped_after_the_hand_that_lent_it_is_listed_and_refused(tmp_path):
    sid = lent_session(tmp_path / "l.db", 3)
    problems, refused = checked(tmp_path / "l.db", sid, borrowed=lambda ts: ["0", "0", "0"])
    assert problems == ["the session's table state has borrowed from the bank for Ann not what the session's hands "
                        "lent"]
    assert refused is not None and "has less borrowed from the bank for Ann than hand 3 lent" in refused


def test_a_debt_wiped_hands_later_is_refused_by_the_chips_it_left(tmp_path):
    """Hand 4 lent nothing (Ann sat it out): the resume finds the wiped debt by the chips at the table, which are
    0.5 above the session's start — the bank's 1/2."""
    sid = lent_session(tmp_path / "l.db", 4)
    problems, refused = checked(tmp_path / "l.db", sid, borrowed=lambda ts: ["0", "0", "0"])
    assert problems == ["the session's table state has borrowed from the bank for Ann not what the session's hands "
                        "lent"]
    assert refused is not None and ("has 0 borrowed from the bank in all, but its chips are 0.5 above the session's "
                                    "start") in refused


def test_a_debt_moved_to_another_seat_is_listed_by_verify_only(tmp_path):
    """Which seat owes the bank is each hand's: a resume reads only the last (hand 4, which lent nothing), so a
    debt moved from Ann to you, the total kept, is carried on; verify adds up every hand and names both."""
    sid = lent_session(tmp_path / "l.db", 4)
    problems, refused = checked(tmp_path / "l.db", sid, borrowed=lambda ts: ["1/2", "0", "0"])
    assert problems == ["the session's table state has borrowed from the bank for You, Ann not what the session's "
                        "hands lent"]
    assert refused is None


def test_the_hands_the_last_hand_showed_are_checked_against_it(tmp_path):
    path = tmp_path / "s.db"
    sid = build(path, pending=False)
    for change in (lambda ts: ts["shown"][:-1],  # Ann's flush (hand 3) taken out of what the players saw
                   lambda ts: ts["shown"][:-1] + [[3, "Ann", PRIALS[:3], [], "Prial of 3s"]],
                   lambda ts: ts["shown"] + [[3, "You", PRIALS[3:6], [], "Prial of 3s"]]):
        with sqlite3.connect(path) as raw:
            kept = raw.execute("SELECT table_state FROM classic_sessions WHERE id = ?", (sid,)).fetchone()[0]
        problems, refused = checked(path, sid, shown=change)
        assert problems == ["the session's table state does not end its hands shown with the ones hand 3 showed"]
        assert refused is not None and problems[0] in refused
        with sqlite3.connect(path) as raw:
            raw.execute("UPDATE classic_sessions SET table_state = ? WHERE id = ?", (kept, sid))


def test_the_hands_shown_before_the_last_are_checked_in_full_by_verify(tmp_path):
    """An entry of an earlier hand changed: verify (every hand read) lists it, a resume (the last hand only) cannot
    tell; one from a later hand, or out of order, is refused too."""
    path = tmp_path / "s.db"
    sid = build(path, pending=False)
    earlier = "the session's table state has hands shown before hand 3 that the hands before it did not show"
    with sqlite3.connect(path) as raw:
        kept = raw.execute("SELECT table_state FROM classic_sessions WHERE id = ?", (sid,)).fetchone()[0]
    for change, refuse in [(lambda ts: [[1, "You", PRIALS[:3], [], "Prial of 3s"]] + ts["shown"][1:], False),
                           (lambda ts: ts["shown"][2:], False),  # hand 1's taken out
                           (lambda ts: [[5, "Ann", PRIALS[:3], [], "Prial of 3s"]] + ts["shown"], True),
                           (lambda ts: ts["shown"][2:4] + ts["shown"][:2] + ts["shown"][4:], True)]:
        problems, refused = checked(path, sid, shown=change)
        assert problems == [earlier]
        assert (refused is not None and earlier in refused) if refuse else refused is None
        with sqlite3.connect(path) as raw:
            raw.execute("UPDATE classic_sessions SET table_state = ?, ended_at = '2026-01-01 00:00:00', "
                        "end_reason = 'quit' WHERE id = ?", (kept, sid))


def test_a_long_session_keeps_the_newest_hands_shown_and_verifies(tmp_path):
    """More hands shown than the table state keeps (SHOWN_STORED): it keeps the newest, and verify's full check
    agrees with it."""
    from casino.classic.table import SHOWN_STORED

    path = tmp_path / "long.db"
    rules = load_rules("classic-brag")
    names = ["You", "Ann", "Bob", "Cy", "Di", "Ed"]
    with Session(connect(f"sqlite:///{path}")) as db:
        sid = classic_store.create_session(rules, names, ["simple"] * 6, 200, {"seed": "long"}, session=db).id
        table = ClassicTable(rules, names, seed="long")
        turned_up = 0  # hands shown in the session (the table remembers the newest SHOWN_STORED)
        while turned_up <= SHOWN_STORED + 5:
            hand = table.play_hand([SimpleOpponent()] * 6, random.Random(3))
            turned_up += sum(e.kind == "shown" for e in hand.events)
            classic_store.save_hand(sid, hand, table, session=db)
        classic_store.end_session(sid, "quit", session=db)
        assert len(json.loads(classic_store.get_session(sid, session=db).table_state)["shown"]) == SHOWN_STORED
    assert checked(path, sid) == ([], None)
    problems, refused = checked(path, sid, shown=lambda ts: ts["shown"][1:])  # the oldest one kept dropped
    assert problems == [f"the session's table state has hands shown before hand {table.hand_no} that the hands "
                        "before it did not show"] and refused is None


def test_with_a_hand_pending_its_table_state_is_checked_too(tmp_path):
    """The hand in play was dealt from the table state the last settled hand left: its loans and hands shown
    are checked against that hand by verify and by a resume, as between hands."""
    path = tmp_path / "p.db"
    sid = build(path, pending=True)
    with Session(connect(f"sqlite:///{path}")) as db:
        last = classic_store.hands_of(sid, session=db)[-1].hand_no
    with sqlite3.connect(path) as raw:
        ts = json.loads(raw.execute("SELECT table_state FROM classic_sessions WHERE id = ?", (sid,)).fetchone()[0])
        ts["borrowed"] = ["0", "50", "0"]
        ts["shown"] = ts["shown"][:-1]
        raw.execute("UPDATE classic_sessions SET table_state = ? WHERE id = ?", (json.dumps(ts), sid))
    with Session(connect(f"sqlite:///{path}")) as db:
        assert classic_store.verify_classic(sid, session=db) == [
            "the session's table state has borrowed from the bank for Ann not what the session's hands lent",
            f"the session's table state does not end its hands shown with the ones hand {last} showed"]
        with pytest.raises(classic_store.StoreError, match="has 50 borrowed from the bank in all"):
            classic_store.resume_session(sid, session=db)


@pytest.mark.parametrize("give", [[-1, 0, 1], [-1, 1, 0]], ids=["between two who played", "to a seat that sat out"])
def test_chips_moved_when_a_seat_sat_out_the_last_hand_are_listed(tmp_path, give):
    """Ann sits hand 4 out (bust in hand 3): the session's chips are still checked for every seat, against what
    the hands left each (verify checked them only when every seat had played the last hand)."""
    path = tmp_path / "l.db"
    sid = lent_session(path, 4)
    with sqlite3.connect(path) as raw:
        ts = json.loads(raw.execute("SELECT table_state FROM classic_sessions WHERE id = ?", (sid,)).fetchone()[0])
        ts["chips"] = [str(Fraction(c) + d) for c, d in zip(ts["chips"], give)]
        raw.execute("UPDATE classic_sessions SET table_state = ?, chips = ? WHERE id = ?",
                    (json.dumps(ts), json.dumps(ts["chips"]), sid))
    with Session(connect(f"sqlite:///{path}")) as db:
        assert len(classic_store.hand_from_row(classic_store.hands_of(sid, session=db)[-1], load_rules(
            "classic-brag").with_changes(short_stack="fold-or-borrow"), NAMES).seats) == 2  # Ann sat it out
        problems = classic_store.verify_classic(sid, session=db)
    moved = ", ".join(name for name, d in zip(NAMES, give) if d)
    assert f"the session's chips are not what its hands left ({moved})" in problems
