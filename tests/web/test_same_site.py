"""Requests from this server's own pages only (found by a hostile test: a server on 127.0.0.1 answered any Host,
so a page of another site rebound to 127.0.0.1 could list and play every session, and a plain cross-site form
post reopened an ended session)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from web.app import create_app

SIT = {"game": "3-card-brag", "bankroll": "100"}


@pytest.fixture
def local(tmp_path) -> TestClient:
    """A client of an app started as `brag serve` starts it on loopback, at http://127.0.0.1:8000."""
    return TestClient(create_app(f"sqlite:///{tmp_path / 'brag.db'}", local_only=True),
                      base_url="http://127.0.0.1:8000", raise_server_exceptions=False)


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.0.2", "LOCALHOST"])
def test_this_computers_names_are_answered(local, host):
    assert local.get("/api/table/sessions", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example:8000", "evil.example", "192.168.1.20:8000", "", "127.0.0.1.evil.example"])
def test_any_other_host_is_refused_with_one_line_and_nothing_is_done(local, host):
    for method, path, body in (("GET", "/api/table/sessions", None), ("POST", "/api/table/sessions", SIT),
                               ("GET", "/table", None)):
        answer = local.request(method, path, json=body, headers={"Host": host})
        assert answer.status_code == 400, answer.text
        detail = answer.json()["detail"]
        assert "this computer only" in detail and "\n" not in detail
    assert local.get("/api/table/sessions").json()["sessions"] == []  # nothing sat down


def test_a_post_from_another_sites_page_is_refused_and_a_same_origin_post_is_taken(local):
    sat = local.post("/api/table/sessions", json=SIT, headers={"Origin": "http://127.0.0.1:8000"})
    assert sat.status_code == 200, sat.text
    session = sat.json()["session"]
    ended = local.post(f"/api/table/sessions/{session}/end", json={"seq": sat.json()["seq"]})
    assert ended.status_code == 200 and ended.json()["stored"] is False
    for origin in ("http://evil.example", "null", "http://127.0.0.1:9999", "https://127.0.0.1:8000"):
        for path, body in (("/api/table/sessions", SIT), (f"/api/table/sessions/{session}/resume", None),
                           ("/api/classic/sessions", {"opponents": 1})):
            answer = local.post(path, json=body, headers={"Origin": origin})
            assert answer.status_code == 403, answer.text
            assert "another site's page" in answer.json()["detail"]
    assert local.get("/api/table/sessions").json()["sessions"] == []
    assert local.get("/api/table/sessions", headers={"Origin": "http://evil.example"}).status_code == 200  # reads: CORS


def test_a_server_on_every_address_takes_any_host_but_still_no_cross_site_post(tmp_path):
    anywhere = TestClient(create_app(f"sqlite:///{tmp_path / 'brag.db'}"), base_url="http://192.168.1.20:8000",
                          raise_server_exceptions=False)
    assert anywhere.get("/api/table/sessions").status_code == 200
    assert anywhere.post("/api/table/sessions", json=SIT, headers={"Origin": "http://evil.example"}).status_code == 403
    assert anywhere.post("/api/table/sessions", json=SIT,
                         headers={"Origin": "http://192.168.1.20:8000"}).status_code == 200
