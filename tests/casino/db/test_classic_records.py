"""Damaged or hand-edited traditional Brag rows (found by a hostile test): every command that reads them —
`brag sessions`, `history`, `replay`, `verify` (--classic), and the web's session list, resume and verify —
answers in one clear line (verify: the record does not verify, exit 1; the others: exit 2; the web: a 4xx
with the line), never a traceback, and never a hang (a stored amount of 5,000 digits or ``1e999999999`` is
refused before it is built). Also: ids beyond the database's range are one line like any unknown session,
and a session nobody can play (chips below the ante) is refused before it is stored. A SQLite file and (with
$BRAG_TEST_POSTGRES) PostgreSQL."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlmodel import Session

from casino.classic.rules import load_rules
from casino.classic.table import ClassicTable
from casino.classic.view import SimpleOpponent
from casino.db import classic_store
from casino.db.database import connect

NAMES = ["You", "Ann", "Bob"]
HUGE = "1" * 5000

#: (table, column, value): what a hostile editor writes (hand 2's row, or the session's)
TAMPERS = {
    "pack null": ("classic_hands", "pack", "null"),
    "chips_after 1/0": ("classic_hands", "chips_after", '["1/0", "1", "1"]'),
    "chips_after 5,000 digits": ("classic_hands", "chips_after", json.dumps([HUGE, "1", "1"])),
    "chips_after 1e999999999": ("classic_hands", "chips_after", '["1e999999999", "1", "1"]'),
    "events bad JSON": ("classic_hands", "events", '[{"kind": "anted", '),
    "seats out of the table": ("classic_hands", "seats", "[0, 0, 9]"),
    "actions huge bet": ("classic_hands", "actions", '[[0, {"action": "bet", "amount": "1e999999999"}]]'),
    "dealt wrong type": ("classic_hands", "dealt", '"not cards"'),
    "players null": ("classic_sessions", "players", "null"),
    "names of numbers": ("classic_sessions", "names", "[1, 2, 3]"),
    "chips text": ("classic_sessions", "chips", '"abc"'),
    "start_chips 5,000 digits": ("classic_sessions", "start_chips", json.dumps([HUGE] * 3)),
    "table_state nested": ("classic_sessions", "table_state", "[" * 100_000),
    "settings not an object": ("classic_sessions", "settings", "[1]"),
}


def stored(url: str, hands: int = 3) -> int:
    """A session with you and two computer players: ``hands`` hands settled, open (as a quit leaves it)."""
    rules = load_rules("classic-brag")
    engine = connect(url)
    with Session(engine) as db:
        record = classic_store.create_session(rules, NAMES, ["you", "simple", "simple"], 10, {"seed": None},
                                              session=db)
        table = ClassicTable(rules, NAMES)
        rng = random.Random(4)
        for _ in range(hands):
            classic_store.save_hand(record.id, table.play_hand([SimpleOpponent()] * 3, rng), table, session=db)
        sid = record.id
    engine.dispose()
    return sid


def tamper(url: str, sid: int, name: str) -> None:
    table, column, value = TAMPERS[name]
    key = "id = :s" if table == "classic_sessions" else "session_id = :s AND hand_no = 2"
    engine = connect(url)
    with engine.begin() as connection:
        connection.execute(text(f"UPDATE {table} SET {column} = :v WHERE {key}"), {"v": value, "s": sid})
    engine.dispose()


def one_error_line(result) -> str:
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("brag: error:"), result.stderr
    return lines[0]


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_a_damaged_row_is_one_line_in_every_command(runner, app, db_url, name):
    url = db_url
    sid = stored(url)
    tamper(url, sid, name)
    verify = runner.invoke(app, ["verify", str(sid), "--classic", "--db", url])
    assert verify.exit_code == 1 and "Traceback" not in verify.stdout + verify.stderr, verify.stdout + verify.stderr
    assert "problem(s)" in verify.stdout
    data = json.loads(runner.invoke(app, ["verify", str(sid), "--classic", "--db", url, "--json"]).stdout)
    assert data["ok"] is False and data["problems"]
    for command in (["sessions", "--classic"], ["sessions"], ["history", str(sid), "--classic"],
                    ["replay", str(sid), "2", "--classic"], ["replay", str(sid), "1", "--classic"]):
        for extra in ([], ["--json"]):
            result = runner.invoke(app, [*command, "--db", url, *extra])
            assert result.exit_code in (0, 2), (command, result.stdout, result.stderr)
            if result.exit_code == 2:
                assert f"classic session {sid}" in one_error_line(result)
            else:
                assert "Traceback" not in result.stdout + result.stderr
    for command in MUST_REFUSE.get(name, ()):  # the commands that read the damaged value: one line, exit 2
        words = command.split()
        if words[0] == "sessions":  # the listing names that session as unreadable and lists the others
            listing = runner.invoke(app, ["sessions", "--classic", "--json", "--db", url])
            assert listing.exit_code == 0, listing.stdout + listing.stderr
            rows = {r["id"]: r for r in json.loads(listing.stdout)["sessions"]}
            assert rows[sid]["status"] == "unreadable" and rows[sid]["unreadable"], rows[sid]
            continue
        args = [words[0], str(sid), *words[1:]]
        assert runner.invoke(app, [*args, "--classic", "--db", url]).exit_code == 2, command


#: The commands that must read (and so refuse, exit 2) each damaged value
MUST_REFUSE = {
    "pack null": ["replay 2"],
    "chips_after 1/0": ["replay 2", "history"],
    "chips_after 5,000 digits": ["replay 2", "history"],
    "chips_after 1e999999999": ["replay 2", "history"],
    "events bad JSON": ["replay 2"],
    "seats out of the table": ["replay 2", "history"],
    "actions huge bet": ["replay 2"],
    "dealt wrong type": ["replay 2"],
    "players null": ["sessions", "history", "replay 1"],
    "names of numbers": ["sessions", "history", "replay 1"],
    "chips text": ["sessions"],
    "start_chips 5,000 digits": ["sessions"],
    "settings not an object": ["history", "replay 1"],
}


@pytest.mark.parametrize("name", ["players null", "chips text", "start_chips 5,000 digits", "table_state nested",
                                  "names of numbers", "settings not an object"])
def test_a_damaged_session_row_does_not_break_the_web(tmp_path, monkeypatch, name):
    monkeypatch.delenv("BRAG_DB", raising=False)
    from web.app import create_app

    url = f"sqlite:///{tmp_path / 'brag.db'}"
    good, bad = stored(url, 1), stored(url, 1)
    tamper(url, bad, name)
    client = TestClient(create_app(url), raise_server_exceptions=False)
    listing = client.get("/api/classic/sessions")
    assert listing.status_code == 200
    ids = [s["id"] for s in listing.json()["sessions"]]
    assert good in ids and (bad in ids) == (name not in ("players null", "names of numbers", "chips text"))
    assert listing.json()["unreadable"] == ([bad] if bad not in ids else [])
    resumed = client.post(f"/api/classic/sessions/{bad}/resume")
    if name != "chips text" and name != "start_chips 5,000 digits":  # (the table state holds the chips it plays)
        assert resumed.status_code == 409 and f"classic session {bad}" in resumed.json()["detail"], resumed.text
    verified = client.get(f"/api/classic/sessions/{bad}/verify")
    assert verified.status_code == 200 and verified.json()["ok"] is False and verified.json()["problems"]
    assert client.post(f"/api/classic/sessions/{good}/resume").status_code == 200


@pytest.mark.parametrize("sid", [str(2**63), str(10**30), str(-2**63 - 1)])
def test_ids_beyond_the_database_are_one_line_like_any_unknown_session(runner, app, tmp_path, sid):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    stored(url, 1)
    for command in (["history", sid, "--classic"], ["replay", sid, "1", "--classic"], ["verify", sid, "--classic"],
                    ["classic", "--resume", sid], ["replay", "1", str(10**30), "--classic"]):
        result = runner.invoke(app, [*command, "--db", url])
        assert result.exit_code == 2, (command, result.stdout)
        line = one_error_line(result)
        assert "OverflowError" not in line and "brag.db" not in line, line


def test_a_session_nobody_can_play_is_refused_before_it_is_stored(runner, app, tmp_path):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    result = runner.invoke(app, ["classic", "--chips", "1", "--ante", "5", "--db", url], input="q\n")
    assert result.exit_code == 2 and "Your chips (1) are below the ante (5)" in one_error_line(result)
    assert not (tmp_path / "brag.db").exists()  # nothing stored, and no new file left behind
    runner.invoke(app, ["classic", "--auto", "--hands", "1", "--seed", "s", "--db", url])  # another database's session
    result = runner.invoke(app, ["classic", "--chips", "1", "--ante", "5", "--db", url], input="q\n")
    assert result.exit_code == 2
    result = runner.invoke(app, ["sessions", "--classic", "--db", url, "--json"])
    assert len(json.loads(result.stdout)["sessions"]) == 1  # only the session that was played
