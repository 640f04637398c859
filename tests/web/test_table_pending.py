"""The web table and pending hands: a reload shows the hand in play; a server restart (a new app on the same
database) deals that same hand again — same cards, same bets — rather than a new one; leaving with a hand in
play leaves it pending; a client seed from the new-session form is mixed into every deck."""

from __future__ import annotations

from sqlmodel import Session

from casino.db import store
from casino.db.database import connect
from casino.db.verify import verify_session
from tests.web.api import new_client, post
from tests.web.test_table_api import sit

STAKES = [{"box": 1, "ante": "5", "pair_plus": "1"}, {"box": 2, "ante": "2"}]


def _cards(state: dict) -> dict[int, list[str]]:
    return {box["box"]: box["cards"] for box in state["round"]["boxes"]}


def test_a_reload_or_a_restart_brings_back_the_pending_hand(client, url):  # noqa: F811
    s = sit(client, seed=None, client_seed="web text")
    assert s["practice"] is False and s["client_seed"] == "web text" and s["commitment"]
    committed = s["commitment"]
    dealt = post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": s["seq"], "stakes": STAKES})
    assert dealt["round"]["commitment"] == committed  # the deck committed before the bets
    cards, sid = _cards(dealt), s["session"]
    with Session(connect(url)) as db:  # on record before the response with the cards went out
        pending = store.pending_hand(sid, session=db)
        assert pending is not None and pending.client_seed == "web text"
        assert {box: text.split() for box, text in pending.cards.items()} == cards
    reloaded = client.get(f"/api/table/sessions/{sid}").json()  # a reload: the same hand in play
    assert _cards(reloaded) == cards and reloaded["bankroll"] == dealt["bankroll"]

    restarted = new_client(url)  # the server restarted
    back = post(restarted, f"/api/table/sessions/{sid}/resume")
    assert back["round"] is not None and back["resumed_hand"] is True
    assert _cards(back) == cards and back["round"]["commitment"] == committed
    assert back["bankroll"] == dealt["bankroll"] and back["stakes"] == dealt["stakes"]
    seen = back
    while seen["round"] is not None:
        seen = post(restarted, f"/api/table/sessions/{sid}/decide",
                    {"seq": seen["seq"], "box": seen["round"]["pending"][0], "play": True})
    assert seen["last"]["round_no"] == 1
    with Session(connect(url)) as db:
        assert store.pending_hand(sid, session=db) is None and store.get_session(sid, session=db).rounds == 1
        assert verify_session(sid, session=db).ok


def test_leaving_with_a_hand_in_play_leaves_it_pending(client, url):  # noqa: F811
    s = sit(client)
    dealt = post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": s["seq"], "stakes": STAKES})
    ended = post(client, f"/api/table/sessions/{s['session']}/end", {"seq": dealt["seq"]})
    assert ended["stored"] is True and ended["practice"] is True  # kept: its hand is pending
    back = post(client, f"/api/table/sessions/{s['session']}/resume")
    assert _cards(back) == _cards(dealt)


def test_a_client_seed_with_a_practice_seed_is_refused(client):  # noqa: F811
    response = client.post("/api/table/sessions", json={"seed": "x", "client_seed": "y"})
    assert 400 <= response.status_code < 500 and "client seed goes with fair play" in response.text
