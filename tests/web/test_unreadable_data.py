"""One kind of "a stored value cannot be read back": the casino table's
:class:`~casino.db.store.UnreadableValue` and traditional Brag's :class:`~casino.db.classic_rows.UnreadableRecord`
are both :class:`~casino.db.database.UnreadableData`, answered 409 with the one line on the web (the request is
fine, the stored session is not) and exit code 2 at the command line, in both games."""

from __future__ import annotations

import sqlite3

import pytest
from fastapi.testclient import TestClient

from casino.db.classic_rows import UnreadableRecord, amounts
from casino.db.database import StoreError, UnreadableData
from casino.db.store import UnreadableValue, unreadable
from casino.errors import BragError
from web.app import create_app


def test_both_games_unreadable_values_are_one_kind_of_error():
    for error in (unreadable("sessions.bankroll", "session 1", "1/0"), UnreadableRecord("chips cannot be read")):
        assert isinstance(error, UnreadableData) and isinstance(error, StoreError) and isinstance(error, BragError)
    assert issubclass(UnreadableValue, UnreadableData) and issubclass(UnreadableRecord, UnreadableData)
    with pytest.raises(UnreadableData, match="'1/0' divides by zero"):
        amounts('["1/0"]', "chips")


@pytest.mark.parametrize("error", [UnreadableValue("the database holds a value that cannot be read: x of y ('z')"),
                                   UnreadableRecord("classic session 3, hand 2: chips_after cannot be read")],
                         ids=["casino table", "traditional Brag"])
def test_the_web_answers_409_with_the_line_for_either_game(tmp_path, monkeypatch, error):
    monkeypatch.delenv("BRAG_DB", raising=False)
    app = create_app(f"sqlite:///{tmp_path / 'brag.db'}")

    def damaged() -> None:
        raise error

    app.add_api_route("/test/unreadable", damaged)
    answer = TestClient(app, raise_server_exceptions=False).get("/test/unreadable")
    assert answer.status_code == 409 and answer.json() == {"detail": str(error)}


def test_unreadable_stored_rules_are_409_on_the_web_and_exit_2_at_the_terminal(tmp_path, monkeypatch, runner):
    """A traditional Brag session whose stored rules were edited into nonsense (it was 400 on the web, as if
    the request were wrong), next to a casino table session with an unreadable bankroll: 409 for both."""
    from cli.main import app

    monkeypatch.delenv("BRAG_DB", raising=False)
    path = tmp_path / "brag.db"
    url = f"sqlite:///{path}"
    client = TestClient(create_app(url), raise_server_exceptions=False)
    classic = client.post("/api/classic/sessions", json={"rules": "classic-brag", "opponents": 2, "seed": "rows"})
    table = client.post("/api/table/sessions", json={"seed": "rows", "stakes": [{"box": 1, "ante": "5"}]})
    assert classic.status_code == 200 and table.status_code == 200, (classic.text, table.text)
    cid, tid = classic.json()["session"], table.json()["session"]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE classic_sessions SET rules_text = 'cards = [' WHERE id = ?", (cid,))
        db.execute("UPDATE sessions SET bankroll = '1/0' WHERE id = ?", (tid,))
    fresh = TestClient(create_app(url), raise_server_exceptions=False)  # nothing held: read back from the rows
    brag, casino = fresh.post(f"/api/classic/sessions/{cid}/resume"), fresh.post(f"/api/table/sessions/{tid}/resume")
    assert (brag.status_code, casino.status_code) == (409, 409), (brag.text, casino.text)
    assert brag.json()["detail"].startswith(f"classic session {cid}: rules_text cannot be read: ")
    assert "sessions.bankroll of session" in casino.json()["detail"]
    for args in (["classic", "--resume", str(cid)], ["play", "--resume", str(tid)]):
        result = runner.invoke(app, [*args, "--db", url])
        said = " ".join(result.output.split())
        assert result.exit_code == 2 and said.startswith("brag: error:") and "cannot be read" in said, (args, said)
        assert "Traceback" not in said


@pytest.mark.parametrize("damage", ["name = [[[", 'name = "no ranking"'], ids=["not TOML", "not a game"])
def test_a_damaged_game_snapshot_is_409_naming_the_column_on_resume_and_exit_2_at_the_terminal(
        tmp_path, monkeypatch, runner, damage):
    """docs/web.md: a stored row that cannot be read is 409 naming the table, column and row. A hand-edited
    ``game_text`` was 400 with the TOML parser's words alone, as if the request were wrong."""
    from cli.main import app

    monkeypatch.delenv("BRAG_DB", raising=False)
    path = tmp_path / "brag.db"
    url = f"sqlite:///{path}"
    started = TestClient(create_app(url), raise_server_exceptions=False).post(
        "/api/table/sessions", json={"seed": "rows", "stakes": [{"box": 1, "ante": "5"}]})
    assert started.status_code == 200, started.text
    sid = started.json()["session"]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE sessions SET game_text = ? WHERE id = ?", (damage, sid))
    fresh = TestClient(create_app(url), raise_server_exceptions=False)  # nothing held: read back from the row
    answer = fresh.post(f"/api/table/sessions/{sid}/resume")
    assert answer.status_code == 409, answer.text
    detail = answer.json()["detail"]
    assert detail.startswith(f"the database holds a value that cannot be read: sessions.game_text of session {sid}: ")
    assert "\n" not in detail
    result = runner.invoke(app, ["play", "--resume", str(sid), "--db", url])
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and said.startswith("brag: error:") and "sessions.game_text" in said, said


@pytest.mark.parametrize("edit", ["hand_limit = 'x'", "hands_played = 2.5", "chips = '[\"1/0\", \"5\", \"5\"]'"])
def test_the_lobby_lists_every_other_traditional_session(tmp_path, monkeypatch, edit):
    """A count edited into nonsense in one session's row was a 409 for the whole lobby: now that session is
    named as unreadable and the others are listed."""
    monkeypatch.delenv("BRAG_DB", raising=False)
    path = tmp_path / "brag.db"
    client = TestClient(create_app(f"sqlite:///{path}"), raise_server_exceptions=False)
    ids = [client.post("/api/classic/sessions", json={"rules": "classic-brag", "opponents": 2, "seed": f"s{i}"})
           .json()["session"] for i in range(2)]
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE classic_sessions SET {edit} WHERE id = ?", (ids[0],))
    lobby = client.get("/api/classic/sessions")
    assert lobby.status_code == 200, lobby.text
    assert [s["id"] for s in lobby.json()["sessions"]] == [ids[1]] and lobby.json()["unreadable"] == [ids[0]]
