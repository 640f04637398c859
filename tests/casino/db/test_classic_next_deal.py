"""What the next deal comes from, with no hand pending: the session's table state must be what its LAST
settled hand left (:func:`casino.db.classic_verify.next_deal_problems`). ``brag verify --classic`` lists
each way it is not (once: the session's chips are checked against the last hand apart), and a resume
refuses it before any card is dealt (tests/web/test_classic_resume_rule.py, terminal and web)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from sqlmodel import Session

from casino.db import classic_store
from casino.db.database import connect
from tests.web.test_classic_resume_rule import build


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
    assert problems == ["the session's chips are not the last hand's"]
    assert "the session's chips for the next hand are not the ones hand 3 left" in refused
