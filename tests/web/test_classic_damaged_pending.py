"""A pending traditional Brag hand whose stored actions are damaged past what ``json`` or the amounts can
read — nested 100,000 deep (a RecursionError in the decoder) or an amount of ``1e99999999`` (an
OverflowError) — is one clear line everywhere a resume or a verify reads it: exit code 2 at ``brag classic
--resume``, 409 on the web's resume, and a problem listed (not a 500) by the web's verify."""

from __future__ import annotations

import sqlite3

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from casino.db import classic_store
from casino.db.classic_chain import action_hashes
from casino.db.database import connect
from tests.web.test_classic_resume_rule import build
from web.app import create_app

DAMAGED = [
    ("nested too deep", "[" * 100000 + "]" * 100000),
    ("an amount far beyond any", '[[1, {"action": "bet", "amount": "1e99999999"}]]'),
]


@pytest.mark.parametrize("actions", [d[1] for d in DAMAGED], ids=[d[0] for d in DAMAGED])
def test_damaged_pending_actions_are_one_line_at_the_terminal_and_on_the_web(tmp_path, runner, monkeypatch, actions):
    from cli.main import app

    monkeypatch.delenv("BRAG_DB", raising=False)
    path = tmp_path / "p.db"
    sid = build(path)
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE classic_pending SET actions = ? WHERE session_id = ?", (actions, sid))

    terminal = runner.invoke(app, ["classic", "--db", f"sqlite:///{path}", "--resume", str(sid)], input="q\n")
    said = " ".join(terminal.output.split())
    assert terminal.exit_code == 2 and "the stored actions cannot be read" in said, said
    assert "Traceback" not in said

    client = TestClient(create_app(f"sqlite:///{path}"), raise_server_exceptions=False)
    answer = client.post(f"/api/classic/sessions/{sid}/resume")
    assert answer.status_code == 409 and "the stored actions cannot be read" in answer.json()["detail"], answer.text
    verified = client.get(f"/api/classic/sessions/{sid}/verify")
    assert verified.status_code == 200, verified.text
    assert not verified.json()["ok"] and any("stored actions cannot be read" in p for p in verified.json()["problems"])

    with Session(connect(f"sqlite:///{path}")) as db:  # the library's own answers, named
        assert classic_store.pending_summary(classic_store.pending_of(sid, session=db))["actions"] in (None, 1)
        with pytest.raises(classic_store.StoreError, match="the stored actions cannot be read"):
            classic_store.resume_session(sid, session=db)


def test_action_hashes_of_text_nested_too_deep_is_one_link_over_the_text():
    links = action_hashes("0" * 64, "[" * 100000 + "]" * 100000)
    assert len(links) == 1 and links != action_hashes("0" * 64, "[" * 99999 + "]" * 99999)
