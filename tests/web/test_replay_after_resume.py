"""A request refused as a replay stays refused after the session is resumed (docs/web.md, "No replays"):
after ``/end`` + ``/resume``, after a server restart, and after an idle seat is let go, at the casino table
and at traditional Brag. A resumed seat counts its actions from a fresh number, never from 0 again, so the
same POST cannot deal another hand; the latest response's ``seq`` carries on as before."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from casino.db import classic_store, store
from casino.db.database import connect
from tests.web.api import new_client, post
from web.errors import SEQ_MAX

#: The hostile tester's request: a Pair Plus bet alone settles at the deal (no decision to take).
PAIR_PLUS = [{"box": 1, "ante": "0", "pair_plus": "5"}]
HOW = ["end", "restart", "dropped"]


def _back(client: TestClient, url: str, how: str, api: str, session_id: int, seq: int) -> TestClient:
    """Let the session go as ``how`` says, resume it, and give the client to carry on with."""
    if how == "end":
        post(client, f"/api/{api}/sessions/{session_id}/end", {"seq": seq})
    elif how == "restart":
        client = new_client(url)  # a new server on the same database: it holds no seat
    else:  # an idle seat let go (web.holding): the database holds the session, a resume reads it back
        held = client.app.state  # type: ignore[attr-defined]
        if api == "table":
            held.seats.forget(session_id)
        else:
            held.classic_seats.forget(held.classic_seats.get(session_id))
    return client


def _rounds(url: str, session_id: int) -> int:
    with Session(connect(url)) as db:
        return store.get_session(session_id, session=db).rounds


def _classic_hands(url: str, session_id: int) -> int:
    with Session(connect(url)) as db:
        return len(classic_store.hands_of(session_id, session=db))


@pytest.mark.parametrize("how", HOW)
def test_a_casino_deal_refused_as_a_replay_is_still_refused_after_a_resume(client, url, how):
    s = post(client, "/api/table/sessions", {"game": "3-card-brag", "bankroll": "100", "stakes": PAIR_PLUS})
    sid = s["session"]
    deal = f"/api/table/sessions/{sid}/deal"
    dealt = post(client, deal, {"seq": s["seq"], "stakes": PAIR_PLUS})
    assert dealt["round"] is None and dealt["last"]["round_no"] == 1  # settled at the deal
    post(client, deal, {"seq": s["seq"], "stakes": PAIR_PLUS}, status=409)
    client = _back(client, url, how, "table", sid, dealt["seq"])
    back = post(client, f"/api/table/sessions/{sid}/resume")
    again = post(client, deal, {"seq": s["seq"], "stakes": PAIR_PLUS}, status=409)
    assert "already taken" in again["detail"]
    post(client, deal, {"seq": dealt["seq"], "stakes": PAIR_PLUS}, status=409)  # the last seat's next number too
    assert _rounds(url, sid) == 1  # nothing dealt by the replays
    assert back["seq"] not in (s["seq"], dealt["seq"], dealt["seq"] + 1) and back["seq"] <= SEQ_MAX
    dealt = post(client, deal, {"seq": back["seq"], "stakes": PAIR_PLUS})  # the latest answer's number deals
    assert dealt["seq"] == back["seq"] + 1 and dealt["last"]["round_no"] == 2 and _rounds(url, sid) == 2
    post(client, deal, {"seq": back["seq"], "stakes": PAIR_PLUS}, status=409)


def test_each_resume_of_a_casino_session_counts_from_a_fresh_number(client, url):
    s = post(client, "/api/table/sessions", {"game": "3-card-brag", "bankroll": "100", "stakes": PAIR_PLUS})
    assert 2**40 <= s["seq"] <= SEQ_MAX  # a new session counts from a fresh number too
    seq = post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": s["seq"], "stakes": PAIR_PLUS})["seq"]
    numbers = [s["seq"], seq]  # (a session left before its first hand is not kept)
    for _ in range(3):
        post(client, f"/api/table/sessions/{s['session']}/end", {"seq": seq})
        seq = post(client, f"/api/table/sessions/{s['session']}/resume")["seq"]
        numbers.append(seq)
    assert len(set(numbers)) == len(numbers)
    post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": SEQ_MAX + 1, "stakes": PAIR_PLUS}, status=422)


def _fold(client: TestClient, s: dict[str, Any]) -> dict[str, Any]:
    return post(client, f"/api/classic/sessions/{s['session']}/act", {"seq": s["seq"], "action": "fold"})


@pytest.mark.parametrize("how", HOW)
def test_a_classic_action_refused_as_a_replay_is_still_refused_after_a_resume(client, url, how):
    s = post(client, "/api/classic/sessions", {"opponents": 2, "hands": 5, "seed": "replayed", "players": "simple"})
    sid = s["session"]
    assert 2**40 <= s["seq"] <= SEQ_MAX and s["in_hand"]
    folded = _fold(client, s)
    assert not folded["in_hand"] and folded["hand_no"] == 1
    post(client, f"/api/classic/sessions/{sid}/act", {"seq": s["seq"], "action": "fold"}, status=409)
    nxt = f"/api/classic/sessions/{sid}/next"
    client = _back(client, url, how, "classic", sid, folded["seq"])
    back = post(client, f"/api/classic/sessions/{sid}/resume")
    assert not back["in_hand"] and back["hand_no"] == 1
    for old in (s["seq"], folded["seq"]):  # the first seat's numbers: refused, and no second hand dealt
        refused = post(client, nxt, {"seq": old}, status=409)
        assert "already taken" in refused["detail"]
    assert _classic_hands(url, sid) == 1
    assert back["seq"] not in (s["seq"], folded["seq"], folded["seq"] + 1) and back["seq"] <= SEQ_MAX
    dealt = post(client, nxt, {"seq": back["seq"]})  # the latest answer's number deals the next hand
    assert dealt["hand_no"] == 2 and dealt["in_hand"] and dealt["seq"] == back["seq"] + 1
    post(client, nxt, {"seq": back["seq"]}, status=409)
    folded = _fold(client, dealt)
    assert not folded["in_hand"] and _classic_hands(url, sid) == 2
