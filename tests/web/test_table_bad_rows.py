"""``/api/table`` against hand-edited rows, loose JSON types and ids no database holds: a 4xx naming the
problem, never a 500, and one bad row hides no one else's session from the lobby."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient

from web.app import create_app


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.delenv("BRAG_DB", raising=False)
    return tmp_path / "brag.db"


@pytest.fixture
def client(path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{path}"), raise_server_exceptions=False)


def sit(client: TestClient, seed: str = "rows") -> dict[str, Any]:
    response = client.post("/api/table/sessions", json={"seed": seed, "stakes": [{"box": 1, "ante": "5"}]})
    assert response.status_code == 200, response.text
    return response.json()


def edit(path, sql: str) -> None:
    with sqlite3.connect(path) as db:
        db.execute(sql)


def test_a_bad_stored_amount_is_a_409_naming_the_row_and_the_lobby_lists_the_others(client, path):
    first, second = sit(client, "one"), sit(client, "two")
    edit(path, f"update sessions set bankroll='1/0' where id={first['session']}")
    lobby = client.get("/api/table/sessions")
    assert lobby.status_code == 200, lobby.text
    rows = {row["id"]: row for row in lobby.json()["sessions"]}
    assert set(rows) == {first["session"], second["session"]}
    assert "unreadable" not in rows[second["session"]] and rows[second["session"]]["bankroll"] == "100"
    assert rows[first["session"]]["unreadable"] == (
        f"the database holds a value that cannot be read: sessions.bankroll of session {first['session']} ('1/0')")
    fresh = TestClient(create_app(f"sqlite:///{path}"), raise_server_exceptions=False)  # not held: read from the row
    resumed = fresh.post(f"/api/table/sessions/{first['session']}/resume")
    assert resumed.status_code == 409, resumed.text
    assert "sessions.bankroll of session" in resumed.json()["detail"] and "'1/0'" in resumed.json()["detail"]
    checked = fresh.get(f"/api/table/sessions/{first['session']}/verify")
    assert checked.status_code == 200, checked.text
    assert not checked.json()["ok"]
    assert any(m["field"] == "sessions.bankroll" for m in checked.json()["mismatches"]), checked.json()


def test_totals_that_are_not_totals_are_named(client, path):
    first = sit(client)
    edit(path, "update sessions set totals='{}'")
    lobby = client.get("/api/table/sessions")
    assert lobby.status_code == 200
    assert "sessions.totals of session" in lobby.json()["sessions"][0]["unreadable"]
    checked = client.get(f"/api/table/sessions/{first['session']}/verify")
    assert checked.status_code == 200, checked.text
    assert any(m["field"] == "sessions.totals" for m in checked.json()["mismatches"])


@pytest.mark.parametrize("body", [
    {"box": 1, "play": "yes"}, {"box": 1, "play": 1}, {"box": True, "play": True}, {"box": "1", "play": True},
])
def test_a_decision_takes_json_types_strictly(client, body):
    s = sit(client)
    dealt = client.post(f"/api/table/sessions/{s['session']}/deal",
                        json={"seq": s["seq"], "stakes": [{"box": 1, "ante": "5"}]})
    assert dealt.status_code == 200, dealt.text
    refused = client.post(f"/api/table/sessions/{s['session']}/decide", json={"seq": dealt.json()["seq"], **body})
    assert refused.status_code == 422, refused.text
    assert client.get(f"/api/table/sessions/{s['session']}").json()["round"] is not None  # nothing was decided


@pytest.mark.parametrize("seq", [True, "0", 0.0])
def test_an_action_number_is_a_whole_json_number(client, seq):
    s = sit(client)
    refused = client.post(f"/api/table/sessions/{s['session']}/deal",
                          json={"seq": seq, "stakes": [{"box": 1, "ante": "5"}]})
    assert refused.status_code == 422, refused.text


def test_a_box_in_the_stakes_is_not_a_truth_value(client):
    s = sit(client)
    refused = client.post(f"/api/table/sessions/{s['session']}/deal",
                          json={"seq": s["seq"], "stakes": [{"box": True, "ante": "5"}]})
    assert refused.status_code == 422, refused.text
    new = client.post("/api/table/sessions", json={"stakes": [{"box": True, "ante": "5"}]})
    assert new.status_code == 422, new.text


@pytest.mark.parametrize("method,route", [
    ("get", "/api/table/sessions/{}/hands"), ("post", "/api/table/sessions/{}/resume"),
    ("get", "/api/table/sessions/{}/verify"), ("get", "/api/table/sessions/{}"),
])
@pytest.mark.parametrize("number", ["9223372036854775808", "99999999999999999999"])
def test_an_id_no_database_holds_is_named_as_brag_names_it(client, path, method, route, number):
    sit(client)
    response = getattr(client, method)(route.format(number))
    assert response.status_code == 404, response.text
    detail = response.json()["detail"]
    assert detail == f"'{number}' is not a session id: ids run from 1 to 9,223,372,036,854,775,807 (it is too large)"
    assert str(path) not in detail and "Overflow" not in detail


@pytest.mark.parametrize("route", ["/api/table/sessions/{}", "/api/table/sessions/{}/hands",
                                   "/api/classic/sessions/{}/verify"])
@pytest.mark.parametrize("garbled", ["1_0", "+1", "1.0", "%201", "%D9%A1"])
def test_a_garbled_session_id_in_the_address_acts_on_no_session(client, route, garbled):
    """Found by a hostile test: ``int()`` read ``1_0`` as session 10, and ``+1``, ``1.0``, `` 1`` as session 1, so a
    garbled address dealt and settled hands in another session. An id in the address is digits alone."""
    tenth = [sit(client) for _ in range(10)][-1]
    response = client.get(route.format(garbled))
    assert response.status_code == 422, response.text
    assert response.json()["detail"].endswith("is not a session id: write it in digits alone"), response.text
    dealt = client.post(f"/api/table/sessions/{garbled}/deal",  # session 10's own next action number
                        json={"seq": tenth["seq"], "stakes": [{"box": 1, "ante": "5"}]})
    assert dealt.status_code == 422, dealt.text
    assert client.get("/api/table/sessions/10").json()["round"] is None  # nothing dealt in session 10


def test_a_start_bankroll_that_is_not_an_amount_is_a_report_not_a_500(client, path, runner):
    """The chain's start reads the starting bankroll: 'abc' there was a ValueError, HTTP 500 at /verify,
    exit 2 at `brag verify`. Now: a report that does not verify (200, exit 1) naming the column."""
    from cli.main import app

    first, second = sit(client, "one"), sit(client, "two")
    edit(path, f"update sessions set start_bankroll='abc' where id={first['session']}")
    fresh = TestClient(create_app(f"sqlite:///{path}"), raise_server_exceptions=False)
    checked = fresh.get(f"/api/table/sessions/{first['session']}/verify")
    assert checked.status_code == 200, checked.text
    assert not checked.json()["ok"]
    assert [m["field"] for m in checked.json()["mismatches"]] == ["sessions.start_bankroll"]
    verified = runner.invoke(app, ["verify", str(first["session"]), "--db", f"sqlite:///{path}"])
    assert verified.exit_code == 1, verified.output
    assert "sessions.start_bankroll" in verified.output and "'abc'" in verified.output
    assert fresh.get(f"/api/table/sessions/{second['session']}/verify").json()["ok"]
