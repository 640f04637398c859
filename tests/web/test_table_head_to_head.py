"""The web table and head-to-head games: refused with a clear 4xx (never a 500); a head-to-head session
stored by ``brag play`` is listed, its hands shown and verified, and its resume refused in one line."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.db.database import connect
from casino.games import load_game
from casino.head_to_head_service import HeadToHeadService


@pytest.mark.parametrize("game", ["teen-patti-20-20", "teen-patti-pro", "Teen-Patti-20-20"])
def test_sitting_down_at_a_head_to_head_game_is_refused_with_a_400(client, game):
    listed = client.get("/api/table/games").json()["games"]
    assert all(g["name"] != game.lower() for g in listed)
    response = client.post("/api/table/sessions", json={"game": game, "stakes": [{"box": 1, "ante": "5"}]})
    assert response.status_code == 400, response.text
    detail = response.json()["detail"]
    assert "head-to-head game" in detail and f"brag play {game.lower()}" in detail


def test_a_head_to_head_session_is_shown_and_verified_but_not_resumed_at_the_web_table(client, url):
    with Session(connect(url)) as db:
        service = HeadToHeadService.new(load_game("teen-patti-20-20"), Fraction(100), stakes={"a": 2, "tie": 1},
                                        seed="web")
        session_id = service.open(db)
        service.autoplay(hands=5)
        service.end("hands")
    assert any(s["id"] == session_id for s in client.get("/api/table/sessions").json()["sessions"])
    hands = client.get(f"/api/table/sessions/{session_id}/hands")
    assert hands.status_code == 200 and len(hands.json()["hands"]) == 5
    checked = client.get(f"/api/table/sessions/{session_id}/verify")
    assert checked.status_code == 200 and checked.json()["ok"] is True
    response = client.post(f"/api/table/sessions/{session_id}/resume")
    assert response.status_code == 409, response.text
    assert f"brag play --resume {session_id}" in response.json()["detail"]
