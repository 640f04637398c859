"""Practice sessions (seeded from text) are marked in every web answer that shows a session, and fair ones never
are: the casino table's state, stored-session list, hands and verify; traditional Brag's state, list and verify."""

from __future__ import annotations

from typing import Any

import pytest

from fastapi.testclient import TestClient

from casino.practice import FAIR_NOTE, PRACTICE_NOTE
from tests.web.api import get, post


def _one_hand(client: TestClient, s: dict[str, Any]) -> dict[str, Any]:
    s = post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": s["seq"], "stakes": [{"box": 1, "ante": "5"}]})
    while s["round"] is not None:
        s = post(client, f"/api/table/sessions/{s['session']}/decide",
                 {"seq": s["seq"], "box": s["round"]["pending"][0], "play": True})
    return s


def test_the_casino_table_marks_practice_sessions(client):
    practice = post(client, "/api/table/sessions", {"seed": "web practice", "stakes": [{"box": 1, "ante": "5"}]})
    fair = post(client, "/api/table/sessions", {"stakes": [{"box": 1, "ante": "5"}]})
    assert practice["practice"] is True and practice["deal_note"] == PRACTICE_NOTE
    assert fair["practice"] is False and fair["deal_note"] == FAIR_NOTE
    for s in (practice, fair):
        after = _one_hand(client, s)
        assert after["practice"] is s["practice"]
    listed = get(client, "/api/table/sessions")
    assert {s["id"]: s["practice"] for s in listed["sessions"]} == {practice["session"]: True, fair["session"]: False}
    assert listed["practice_note"] == PRACTICE_NOTE
    for s, expected in ((practice, True), (fair, False)):
        hands = get(client, f"/api/table/sessions/{s['session']}/hands")
        assert hands["practice"] is expected and [h["round_no"] for h in hands["hands"]] == [1]
        report = get(client, f"/api/table/sessions/{s['session']}/verify")
        assert report["ok"] and report["practice"] is expected
        assert report["deal_note"] == (PRACTICE_NOTE if expected else FAIR_NOTE)
    # a resumed practice session is still practice
    post(client, f"/api/table/sessions/{practice['session']}/end", {"seq": _state(client, practice)["seq"]})
    assert post(client, f"/api/table/sessions/{practice['session']}/resume")["practice"] is True


def _state(client, s):
    return get(client, f"/api/table/sessions/{s['session']}")


def test_the_hands_answer_is_the_last_200_hands(client):
    s = post(client, "/api/table/sessions", {"seed": "many", "bankroll": "100000",
                                              "stakes": [{"box": 1, "ante": "0", "pair_plus": "1"}]})
    for _ in range(205):  # Pair Plus alone: each deal settles at once
        s = post(client, f"/api/table/sessions/{s['session']}/deal",
                 {"seq": s["seq"], "stakes": [{"box": 1, "ante": "0", "pair_plus": "1"}]})
    hands = get(client, f"/api/table/sessions/{s['session']}/hands")["hands"]
    assert [h["round_no"] for h in hands] == list(range(6, 206))


def test_traditional_brag_marks_practice_sessions(client):
    practice = post(client, "/api/classic/sessions", {"rules": "classic-brag", "opponents": 1, "hands": 3,
                                                      "seed": "classic web"})
    fair = post(client, "/api/classic/sessions", {"rules": "classic-brag", "opponents": 1, "hands": 3})
    assert practice["practice"] is True and practice["deal_note"] == PRACTICE_NOTE
    assert fair["practice"] is False and fair["deal_note"] == FAIR_NOTE
    listed = get(client, "/api/classic/sessions")
    assert {s["id"]: s["practice"] for s in listed["sessions"]} == {practice["session"]: True, fair["session"]: False}
    for s, expected in ((practice, True), (fair, False)):
        report = get(client, f"/api/classic/sessions/{s['session']}/verify")
        assert report["practice"] is expected and report["deal_note"] == (PRACTICE_NOTE if expected else FAIR_NOTE)


SEED_REFUSALS = [
    ("", "a seed is some text of your choice, not empty"),
    ("   ", "a seed is some text of your choice, not empty"),
    ("a\u0001b", "a seed cannot hold control characters"),
    ("a\nb", "a seed cannot hold control characters"),
    ("a\u0085b", "a seed cannot hold control characters"),
]


@pytest.mark.parametrize(("seed", "said"), SEED_REFUSALS, ids=["empty", "blank", "SOH", "newline", "NEL"])
@pytest.mark.parametrize("path", ["/api/table/sessions", "/api/classic/sessions"])
def test_a_practice_seed_text_is_checked_as_the_terminal_checks_it(client, path, seed, said):
    """The web took ``"seed": ""`` and control characters as a practice seed, where the terminal's seed check
    (the client seed's) refuses them: one check (casino.practice.check_practice_seed), 400 and one line, nothing
    stored."""
    answer = post(client, path, {"seed": seed}, status=400)
    assert answer == {"detail": said}
    assert get(client, path)["sessions"] == []
    assert post(client, path, {"seed": "a fine text"})["practice"] is True


@pytest.mark.parametrize(("seed", "said"), SEED_REFUSALS[:3], ids=["empty", "blank", "SOH"])
@pytest.mark.parametrize("command", [["play", "--auto", "--hands", "1"], ["classic", "--auto"]])
def test_the_terminal_refuses_the_same_seed_texts_in_the_same_words(runner, app, tmp_path, command, seed, said):
    result = runner.invoke(app, [*command, "--db", str(tmp_path / "b.db"), "--seed", seed])
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == f"brag: error: {said}"
