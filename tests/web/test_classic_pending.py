"""The web classic table and pending hands (no free re-deal): a hand is on record as pending before the
response that deals it, every action (the player's and the computer players') is added as it is taken, and
a server restart (a new app on the same database) carries on INTO that hand — the same cards, pot and seat
to act — rather than dealing afresh. A tampered pending hand is refused in one line; a failed write shows
nothing; a hand left pending by the terminal carries on in the browser and the reverse.

Every session here is dealt from secret seeds (no seed text): a fresh deal would give other cards, so a
resume showing the same ones is the pending hand dealt again, not a coincidence of a seeded pack."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from casino.db import classic_store
from casino.db.database import connect
from tests.web.api import new_client, post
from tests.web.test_classic_api import cards_in, choose, play_hand, stored  # noqa: F401


def pending_row(url: str, sid: int) -> Any:
    with Session(connect(url)) as db:
        row = classic_store.pending_of(sid, session=db)
        db.expunge_all()
        return row


def table_view(s: dict[str, Any]) -> dict[str, Any]:
    """What a resume must show again: everything of the hand in play, not the request counter."""
    return {k: s[k] for k in ("hand_no", "in_hand", "commitment", "seats", "cards", "kept", "stake", "pot", "pots",
                              "minimum_bet", "see_cost", "log", "legal")}


def in_play(client: TestClient, opponents: int) -> dict[str, Any]:  # noqa: F811
    """A new session (secret seeds) whose first hand is still in play when it gets to the player: the computer
    players' chance is each hand's secret seed's, so now and then they all fold to the player's blind hand
    before the first response (that hand is then settled); such sessions are left and another opened."""
    for _ in range(40):
        s = post(client, "/api/classic/sessions", {"rules": "classic-brag", "opponents": opponents, "hands": 2})
        if s["in_hand"] and s["hand_no"] == 1 and s["legal"] is not None:  # hand 1, still pending, your turn
            return s
    raise AssertionError("40 deals in a row settled before the player's turn")


def looked(client: TestClient, opponents: int = 3) -> dict[str, Any]:  # noqa: F811
    """A new session's first hand (secret seeds), the player having looked, still in play, able to bet: sessions
    where the computer players all fold to the player's blind first (no look, then) are left and another opened."""
    for _ in range(40):
        s = post(client, "/api/classic/sessions", {"rules": "classic-brag", "opponents": opponents, "hands": 2})
        if s.get("legal") is None or not s["legal"]["look"]:  # (between hands: no "legal" at all)
            continue
        s = post(client, f"/api/classic/sessions/{s['session']}/act", {"seq": s["seq"], "action": "look"})
        if s["in_hand"] and s["legal"] is not None and s["legal"]["bet_min"] is not None:
            return s
    raise AssertionError("40 deals in a row without a hand to bet in")


def test_a_server_restart_carries_on_into_the_pending_hand_and_verifies(client, url, runner):  # noqa: F811
    from cli.main import app

    s = in_play(client, 3)
    sid, hand = s["session"], s["hand_no"]
    assert s["in_hand"] and s["practice"] is False
    row = pending_row(url, sid)  # on record before the response went out: seed, commitment, the computers' actions
    assert row.hand_no == 1 and row.commitment == s["commitment"]
    before_you = json.loads(row.actions)
    assert before_you and all(seat != 0 for seat, _ in before_you)  # seat 1 acts first: Ann, Bob, Cat stored

    s = looked(client)
    sid = s["session"]
    actions = json.loads(pending_row(url, sid).actions)
    assert [0, {"action": "look", "hand": 0}] in actions and s["cards"] and len(s["cards"]) == 3
    shown = table_view(s)
    stored_actions = json.loads(pending_row(url, sid).actions)

    fresh = new_client(url)  # the server restarted: no seat in memory
    assert fresh.get(f"/api/classic/sessions/{sid}").status_code == 404
    back = post(fresh, f"/api/classic/sessions/{sid}/resume")
    assert table_view(back) == shown  # the same cards, pot, stake, log and seat to act (you, with the same choices)
    assert back["seats"][0]["to_act"] and back["hand_no"] == hand
    assert json.loads(pending_row(url, sid).actions) == stored_actions  # nothing re-dealt, nothing added
    again = post(fresh, f"/api/classic/sessions/{sid}/resume")  # a reload: the seat held now, the same again
    assert table_view(again) == shown

    back = play_hand(fresh, back)
    assert back["last"]["hand_no"] == 1 and pending_row(url, sid) is None  # settled: no longer pending
    record, rows, problems = stored(url, sid)
    assert problems == [] and len(rows) == 1
    dealt = {c for h in json.loads(rows[0].dealt)[0] for c in h}
    from casino.cards import parse_cards

    assert {c.index for c in parse_cards(" ".join(shown["cards"]))} == dealt  # the cards seen before the restart
    assert json.loads(rows[0].actions)[: len(stored_actions)] == stored_actions
    result = runner.invoke(app, ["verify", str(sid), "--classic", "--db", url])
    assert result.exit_code == 0 and "1 hand(s) verified" in result.output, result.output


def test_a_restart_with_a_computer_player_to_act_plays_on_to_your_turn(client, url, monkeypatch):  # noqa: F811
    """The server went down after the player's action was stored and before the computer players' answers
    were: a resume deals the hand again, replays what is stored, and the computer players act on (each
    action stored) up to the player's turn."""
    s = looked(client, 2)
    sid, cards = s["session"], s["cards"]
    real = classic_store.record_action
    calls: list[int] = []

    def dies_after_yours(session_id: int, seat: int, action: Any, *, session: Session, **checks: Any) -> None:
        calls.append(seat)
        if seat != 0:
            raise OSError("the server went down")
        real(session_id, seat, action, session=session, **checks)

    monkeypatch.setattr(classic_store, "record_action", dies_after_yours)
    lost = client.post(f"/api/classic/sessions/{sid}/act", json={"seq": s["seq"], "action": "bet",
                                                                  "amount": s["legal"]["bet_min"]})
    assert lost.status_code == 503 and "could not be stored" in lost.json()["detail"]
    assert calls[0] == 0 and cards_in(lost.json()) == set()  # the bet stored; the failure shows nothing
    assert client.get(f"/api/classic/sessions/{sid}").status_code == 404  # dropped: the database holds it
    monkeypatch.setattr(classic_store, "record_action", real)
    stored_actions = json.loads(pending_row(url, sid).actions)
    assert stored_actions[-1] == [0, {"action": "bet", "amount": s["legal"]["bet_min"]}]

    fresh = new_client(url)
    back = post(fresh, f"/api/classic/sessions/{sid}/resume")
    assert back["hand_no"] == 1
    if back["in_hand"]:  # someone answered the bet: on to your turn, their actions stored
        now = json.loads(pending_row(url, sid).actions)
        assert back["cards"] == cards and back["seats"][0]["to_act"] and back["legal"] is not None
        assert now[: len(stored_actions)] == stored_actions and len(now) > len(stored_actions)
        assert all(seat != 0 for seat, _ in now[len(stored_actions):])
        back = play_hand(fresh, back)
    else:  # they all folded to it: the hand settled by the resume, with the stored actions
        assert back["last"]["hand_no"] == 1 and pending_row(url, sid) is None
    record, rows, problems = stored(url, sid)
    assert problems == [] and len(rows) == 1
    assert json.loads(rows[0].actions)[: len(stored_actions)] == stored_actions
    assert len(json.loads(rows[0].actions)) > len(stored_actions)  # the computer players' answers came after


def test_a_hand_is_not_shown_when_its_pending_record_cannot_be_written(client, url, monkeypatch):  # noqa: F811
    def fails(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(classic_store, "start_pending", fails)
    response = client.post("/api/classic/sessions", json={"rules": "classic-brag", "opponents": 2})
    assert response.status_code == 503 and "\n" not in response.json()["detail"]
    assert "hand 1 could not be stored" in response.json()["detail"] and cards_in(response.json()) == set()
    with Session(connect(url)) as db:  # the session row exists; its hand is not on record: it was never shown
        sid = classic_store.list_sessions(session=db)[0].id
        assert classic_store.pending_of(sid, session=db) is None and classic_store.hands_of(sid, session=db) == []
    assert client.get(f"/api/classic/sessions/{sid}").status_code == 404
    monkeypatch.undo()
    back = post(client, f"/api/classic/sessions/{sid}/resume")  # nothing was seen: it deals from the start
    assert back["hand_no"] == 0 and not back["in_hand"] and back["can_deal"]
    dealt = post(client, f"/api/classic/sessions/{sid}/next", {"seq": back["seq"]})
    if dealt["in_hand"]:  # on record as pending before it was shown
        assert pending_row(url, sid).commitment == dealt["commitment"]
    else:  # now and then the computer players all fold to the player's blind hand at once: settled and stored
        record, rows, problems = stored(url, sid)
        assert problems == [] and len(rows) == 1 and rows[0].commitment == dealt["last"]["commitment"]
        assert pending_row(url, sid) is None


@pytest.mark.parametrize("tamper, words", [
    ({"commitment": "f" * 64}, "does not deal as it was committed"),
    ({"seed": "0" * 64}, "does not deal as it was committed"),
    ({"actions": json.dumps([[0, {"action": "see"}]])}, "stored action 1"),
])
def test_a_tampered_pending_hand_is_refused_in_one_line(client, url, tamper, words):  # noqa: F811
    s = in_play(client, 2)
    sid = s["session"]
    with Session(connect(url)) as db:
        row = classic_store.pending_of(sid, session=db)
        for key, value in tamper.items():
            setattr(row, key, value)
        db.add(row)
        db.commit()
    response = new_client(url).post(f"/api/classic/sessions/{sid}/resume")
    assert response.status_code == 409
    detail = response.json()["detail"]
    assert "\n" not in detail and detail.startswith(f"classic session {sid}: hand 1 (pending): ") and words in detail
    assert "it is not dealt again" in detail and cards_in(response.json()) == set()
    with Session(connect(url)) as db:  # left as it was, for 'brag verify' to report
        assert classic_store.pending_of(sid, session=db) is not None and classic_store.hands_of(sid, session=db) == []


def test_a_hand_left_pending_in_the_browser_carries_on_at_the_terminal(client, url, runner):  # noqa: F811
    from cli.main import app

    s = looked(client, 2)
    sid = s["session"]
    result = runner.invoke(app, ["classic", "--db", url, "--resume", str(sid)], input="f\n" * 40)
    assert result.exit_code == 0, result.output
    assert "was dealt before the session stopped" in result.output
    record, rows, problems = stored(url, sid)
    assert problems == [] and len(rows) == 2 and record.end_reason == "hands"  # its hand 1, then hand 2
    from casino.cards import parse_cards

    assert {c.index for c in parse_cards(" ".join(s["cards"]))} == {c for h in json.loads(rows[0].dealt)[0] for c in h}
