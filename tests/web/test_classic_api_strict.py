"""The traditional Brag API is strict about types, as the casino table's is (docs/web.md): a JSON true, a
"2" or a 2.0 is not a count, an action number, a hand or a choice — a 422 naming the field, never read as
1 or 2 and acted on."""

from __future__ import annotations

import pytest

from tests.web.api import post  # (the fixtures url and client are in tests/web/conftest.py)


@pytest.mark.parametrize("body, field", [
    ({"opponents": True}, "body.opponents"),
    ({"opponents": "2"}, "body.opponents"),
    ({"opponents": 2.0}, "body.opponents"),
    ({"hands": "2"}, "body.hands"),
    ({"hands": True}, "body.hands"),
    ({"opponents": True, "hands": "2"}, "body.opponents"),
])
def test_a_new_session_takes_whole_numbers_only(client, body, field):  # noqa: F811
    answer = client.post("/api/classic/sessions", json=body)
    assert answer.status_code == 422 and field in answer.json()["detail"], answer.text


def test_an_action_takes_a_whole_seq_hand_and_a_true_or_false_keep(client):  # noqa: F811
    s = post(client, "/api/classic/sessions", {"opponents": 1, "hands": 5, "seed": "strict"})
    sid, seq = s["session"], s["seq"]
    for body, field in [
        ({"seq": True, "action": "look"}, "body.seq"),
        ({"seq": str(seq), "action": "look"}, "body.seq"),
        ({"seq": float(seq), "action": "look"}, "body.seq"),
        ({"seq": seq, "action": "choose", "keep": "yes"}, "body.keep"),
        ({"seq": seq, "action": "choose", "keep": 1}, "body.keep"),
        ({"seq": seq, "action": "discard", "cards": [], "hand": "2"}, "body.hand"),
        ({"seq": seq, "action": "discard", "cards": [], "hand": True}, "body.hand"),
    ]:
        answer = client.post(f"/api/classic/sessions/{sid}/act", json=body)
        assert answer.status_code == 422 and field in answer.json()["detail"], (body, answer.text)
    for path in ("next", "end"):
        answer = client.post(f"/api/classic/sessions/{sid}/{path}", json={"seq": True})
        assert answer.status_code == 422 and "body.seq" in answer.json()["detail"], answer.text
    assert client.get(f"/api/classic/sessions/{sid}").json()["seq"] == seq  # nothing was played


def test_an_id_out_of_range_and_a_long_unknown_path_are_short_lines(client):
    """Found by a hostile test: a 400-digit classic session id was echoed in full in the 404 (the casino table's
    routes already said it is not an id), and a 5,000-character unknown path came back whole."""
    big = "9" * 400
    for method, path in (("GET", f"/api/classic/sessions/{big}"), ("GET", f"/api/classic/sessions/{big}/hint"),
                         ("GET", f"/api/classic/sessions/{big}/hands"), ("GET", f"/api/classic/sessions/{big}/verify"),
                         ("POST", f"/api/classic/sessions/{big}/resume"), ("POST", f"/api/classic/sessions/{big}/next"),
                         ("POST", f"/api/classic/sessions/{big}/act")):
        body = {"seq": 1, "action": "fold"} if path.endswith("/act") else {"seq": 1} if method == "POST" else None
        answer = client.request(method, path, json=body)
        assert answer.status_code == 404, (path, answer.text)
        assert answer.json()["detail"] == f"{'9' * 30!r} is not a session id: ids run from 1 to 9,223,372,036,854,775,807 (it is too large)"
    for path in ("/static/" + "a" * 5000, "/api/" + "b" * 5000):
        answer = client.get(path)
        assert answer.status_code == 404 and len(answer.json()["detail"]) < 130, answer.text
