"""``/api/table`` in-process: whole hands, the same results as the library, stored as ``brag play`` stores
them, resumed across front ends, replays refused, and no response showing a card before its time."""

from __future__ import annotations

import json
import threading
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from casino.db import store
from casino.db.database import connect
from casino.db.verify import verify_session
from casino.events import BoxBets
from casino.games import load_game
from casino.sitting import Sitting
from tests.web.api import cards_in, get, new_client, post



def sit(client: TestClient, **body: Any) -> dict[str, Any]:
    return post(client, "/api/table/sessions", {"seed": "web", "stakes": [{"box": 1, "ante": "5"}], **body})


def play_hand(client: TestClient, s: dict[str, Any], stakes: list[dict], decide=lambda box: True,
              observe=lambda response: None) -> list[dict]:
    """Deal, then decide every box: every response in order (the last one shows the settled hand).
    ``observe`` sees each response as it comes, before the next action."""
    seen = [post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": s["seq"], "stakes": stakes})]
    observe(seen[-1])
    while seen[-1]["round"] is not None:
        now = seen[-1]
        box = now["round"]["pending"][0]
        seen.append(post(client, f"/api/table/sessions/{s['session']}/decide",
                         {"seq": now["seq"], "box": box, "play": decide(box)}))
        observe(seen[-1])
    return seen


def stored(url: str, session_id: int):
    with Session(connect(url)) as db:
        record = store.get_session(session_id, session=db)
        hands = store.hands_of(session_id, session=db)
        ok = verify_session(session_id, session=db).ok
        db.expunge_all()
        return record, hands, ok


def test_a_hand_settles_as_the_library_settles_it_and_is_stored(client, url):
    s = sit(client, bankroll="200", stakes=[{"box": 1, "ante": "5", "pair_plus": "2"}, {"box": 2, "ante": "10"}])
    assert s["bankroll"] == "200" and 2**40 <= s["seq"] < 2**52 and s["round"] is None and len(s["commitment"]) == 64
    commitment = s["commitment"]
    stakes = [{"box": 1, "ante": "5", "pair_plus": "2"}, {"box": 2, "ante": "10"}]
    responses = play_hand(client, s, stakes, decide=lambda box: box == 1)
    dealt, final = responses[0], responses[-1]
    assert dealt["round"]["commitment"] == commitment and dealt["bankroll"] == "183"  # 5 + 2 + 10 on the felt
    last = final["last"]
    # the same seed, bets and decisions through the library alone
    sitting = Sitting(load_game("3-card-brag"), Fraction(200), seed="web")
    rnd = sitting.deal([BoxBets(1, 5, 2), BoxBets(2, 10)])
    sitting.decide(1, True)
    sitting.decide(2, False)
    result = sitting.settle()
    assert last["seed"] == result.seed.hex() and last["commitment"] == commitment
    assert last["dealer"]["cards"] == [c.ascii() for c in result.dealer_cards]
    assert Fraction(last["net"]) == result.net and Fraction(final["bankroll"]) == sitting.bankroll
    assert [b["cards"] for b in last["boxes"]] == [[c.ascii() for c in rnd.cards[n]] for n in (1, 2)]
    assert {(b["box"], x["bet"]): Fraction(x["net"]) for b in last["boxes"] for x in b["bets"]} == \
        {(s_.box, s_.bet): s_.net for s_ in result.settled}
    record, hands, ok = stored(url, s["session"])
    assert Fraction(record.bankroll) == sitting.bankroll and len(hands) == 1 and ok
    assert hands[0].seed == result.seed.hex() and Fraction(hands[0].net) == result.net


def test_no_response_shows_a_card_or_seed_before_its_time(client, url):
    """Walk every response of a played session: before a hand settles, the only cards anywhere outside the
    previous hand's record are the player's own, and the hand's seed is nowhere."""
    s = sit(client, bankroll="500", stakes=[{"box": 1, "ante": "5"}])
    walked: list[tuple[int, dict]] = []  # (round in play or next to be dealt, response)
    for hand in range(1, 9):
        stakes = [{"box": b, "ante": "5", "pair_plus": "1"} for b in range(1, 1 + hand % 3 + 1)]

        def observe(response: dict, hand: int = hand) -> None:
            if response["round"] is None:  # settled: walked below as the next hand's first view
                return
            walked.append((hand, response))
            walked.append((hand, client.get(f"/api/table/sessions/{response['session']}").json()))
            walked.append((hand, client.get(f"/api/table/sessions/{response['session']}/hands").json()))

        s = play_hand(client, s, stakes, decide=lambda box: box % 2 == 1, observe=observe)[-1]
        walked.append((hand + 1, s))
    _, hands, _ = stored(url, s["session"])
    seeds = {h.round_no: h.seed for h in hands}
    dealer = {h.round_no: h.dealer_cards.split() for h in hands}
    checked = 0
    for round_no, response in walked:
        text = json.dumps(response)
        for later in range(round_no, max(seeds) + 1):  # the seed of this hand and of every later one
            assert seeds[later] not in text
        current = {k: v for k, v in response.items() if k not in ("last", "hands")}  # this hand only
        cards = cards_in(current)
        if response.get("round"):
            own = {c for box in response["round"]["boxes"] for c in box["cards"]}
            assert cards == own and not response["round"]["dealer"]["cards"]
            assert not set(dealer[round_no]) & own
            checked += 1
        else:
            assert cards == set()
        if response.get("last"):
            assert response["last"]["round_no"] == round_no - 1
        for row in response.get("hands", []):
            assert row["round_no"] < round_no
    assert checked >= 8


def test_a_replayed_action_is_refused_and_settles_nothing_twice(client, url):
    s = sit(client)
    stakes = [{"box": 1, "ante": "5"}]
    first = s["seq"]
    dealt = post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": first, "stakes": stakes})
    again = post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": first, "stakes": stakes}, status=409)
    assert "already taken" in again["detail"]
    done = post(client, f"/api/table/sessions/{s['session']}/decide", {"seq": first + 1, "box": 1, "play": True})
    post(client, f"/api/table/sessions/{s['session']}/decide", {"seq": first + 1, "box": 1, "play": True}, status=409)
    assert done["round"] is None and done["last"]["round_no"] == 1 and dealt["seq"] == first + 1
    assert done["seq"] == first + 2
    # the same request sent at once from many threads: one deals, the rest are refused
    codes: list[int] = []
    body = {"seq": first + 2, "stakes": stakes}
    threads = [threading.Thread(target=lambda: codes.append(
        client.post(f"/api/table/sessions/{s['session']}/deal", json=body).status_code)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200] + [409] * 7
    record, hands, ok = stored(url, s["session"])
    assert record.rounds == len(hands) == 1 and ok


@pytest.mark.parametrize(
    ("path", "body", "status", "words"),
    [
        ("/api/table/sessions", {"game": "no-such-game"}, 404, "no built-in game 'no-such-game'"),
        ("/api/table/sessions", {"game": "../../etc/passwd.toml"}, 404, "no built-in game"),
        ("/api/table/sessions", {"bankroll": "-5"}, 400, "bankroll"),
        ("/api/table/sessions", {"bankroll": "lots"}, 400, "bankroll"),
        ("/api/table/sessions", {"bankroll": "1000/3"}, 400, "whole or decimal"),
        # a stake in 1/999999937ths, fed to the shared progressive meter, would grow it past what can be stored
        ("/api/table/sessions", {"game": "brag-with-side-bets", "stakes": [{"box": 1, "ante": "0", "side":
                                 {"prog": "1/999999937"}}]}, 400, "whole or decimal"),
        ("/api/table/sessions", {"stakes": [{"box": 1, "ante": "5", "pair_plus": "1/3"}]}, 400, "whole or decimal"),
        ("/api/table/sessions", {"bankroll": "5", "stakes": [{"box": 1, "ante": "5"}]}, 400, "the bankroll is 5"),
        ("/api/table/sessions", {"stakes": [{"box": 1, "ante": "1000"}]}, 400, "above the table maximum"),
        ("/api/table/sessions", {"stakes": [{"box": 7, "ante": "1"}]}, 422, "body.stakes.0.box"),
        ("/api/table/sessions", {"stakes": [{"box": 1, "ante": "1", "side": {"keno": "1"}}]}, 400, "keno"),
        ("/api/table/sessions", {"stakes": []}, 422, "body.stakes"),
        ("/api/table/sessions", {"hints": "sometimes"}, 422, "body.hints"),
        ("/api/table/sessions/1/deal", {"seq": 0, "stakes": [{"box": 1, "ante": "-1"}]}, 400, "negative"),
        ("/api/table/sessions/1/deal", {"seq": 0, "stakes": [{"box": 1, "ante": "0"}]}, 400, "no bet"),
        ("/api/table/sessions/1/deal", {"seq": 0, "stakes": [{"box": 1, "ante": "1/0"}]}, 400, "Ante"),
        ("/api/table/sessions/1/deal", {"seq": 0, "stakes": [{"box": 1, "ante": 1e99}]}, 400, "the Ante must be at most 1,000,000,000"),
        ("/api/table/sessions/1/deal", {"seq": -1, "stakes": [{"box": 1, "ante": "1"}]}, 422, "body.seq"),
        ("/api/table/sessions/1/decide", {"seq": 0, "box": 1, "play": True}, 409, "no hand in play"),
        ("/api/table/sessions/9/deal", {"seq": 0, "stakes": [{"box": 1, "ante": "1"}]}, 404, "session 9"),
        ("/api/table/sessions/9/resume", None, 404, "no session 9"),
        # a JSON true/false is not an amount (pydantic alone would read true as 1): refused wherever one is read
        ("/api/table/sessions", {"bankroll": True}, 400, "the bankroll must be a number, not true"),
        ("/api/table/sessions", {"stakes": [{"box": 1, "ante": True}]}, 400, "the Ante must be a number, not true"),
        ("/api/table/sessions", {"stakes": [{"box": 1, "ante": "1", "pair_plus": False}]}, 400,
         "the Pair Plus must be a number, not false"),
        ("/api/table/sessions", {"game": "brag-with-side-bets", "stakes": [{"box": 1, "ante": "1", "side": {"prime": True}}]},
         400, "the Prime must be a number, not true"),
        ("/api/table/sessions/1/deal", {"seq": 0, "stakes": [{"box": 1, "ante": True}]}, 400,
         "the Ante must be a number, not true"),
    ],
)
def test_bad_requests_get_a_4xx_with_one_clear_line(client, path, body, status, words):
    seat = sit(client)  # session 1
    if path.startswith("/api/table/sessions/1/") and body is not None and body.get("seq") == 0:
        body = {**body, "seq": seat["seq"]}  # (0 stands for session 1's next action number)
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert words in detail and "Traceback" not in detail and "\n" not in detail


def test_a_session_started_in_the_browser_resumes_at_the_terminal_and_back(client, url, runner):
    from cli.main import app

    s = sit(client, bankroll="100", stakes=[{"box": 1, "ante": "2"}])
    s = play_hand(client, s, [{"box": 1, "ante": "2"}])[-1]
    # the terminal lists it and carries on: `brag play --resume ID` plays two more hands
    listed = runner.invoke(app, ["sessions", "--db", url, "--json"])
    assert listed.exit_code == 0 and json.loads(listed.output)["sessions"][0]["rounds"] == 1
    terminal = runner.invoke(app, ["play", "--db", url, "--resume", str(s["session"]), "--auto", "--hands", "2"])
    assert terminal.exit_code == 0, terminal.output
    record, hands, ok = stored(url, s["session"])
    assert [h.round_no for h in hands] == [1, 2, 3] and ok
    # the browser's seat is stale now: a new server (or a resume after the end) reads the stored session
    fresh = new_client(url)
    back = post(fresh, f"/api/table/sessions/{s['session']}/resume")
    assert back["next_round"] == 4 and Fraction(back["bankroll"]) == Fraction(record.bankroll)
    after = play_hand(fresh, back, [{"box": 1, "ante": "2"}])[-1]
    assert after["last"]["round_no"] == 4
    ended = post(fresh, f"/api/table/sessions/{s['session']}/end", {"seq": after["seq"]})
    assert ended["ended"] == "quit" and ended["stored"] is True
    record, hands, ok = stored(url, s["session"])
    assert record.rounds == 4 and Fraction(record.bankroll) == Fraction(after["bankroll"]) and ok
    assert record.end_reason == "quit"
    post(fresh, f"/api/table/sessions/{s['session']}/deal", {"seq": ended["seq"], "stakes": [{"box": 1, "ante": "2"}]},
         status=409)


def test_a_session_started_at_the_terminal_is_played_in_the_browser(client, url, runner):
    from cli.main import app

    started = runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "3", "--seed", "t", "--ante", "4"])
    assert started.exit_code == 0, started.output
    s = post(client, "/api/table/sessions/1/resume")
    assert s["next_round"] == 4 and s["stakes"][0]["ante"] == "4"
    final = play_hand(client, s, s["stakes"])[-1]
    record, hands, ok = stored(url, 1)
    assert record.rounds == 4 and Fraction(record.bankroll) == Fraction(final["bankroll"]) and ok
    from casino.practice import PRACTICE_NOTE

    assert client.get("/api/table/sessions/1/verify").json() == {"session": 1, "ok": True, "checked": [1, 2, 3, 4],
                                                                   "hands_checked": 4, "more_checked": 0,
                                                                   "mismatches": [], "more_mismatches": 0,
                                                                   "practice": True, "deal_note": PRACTICE_NOTE}


def test_verify_lists_at_most_max_listed_hand_numbers_and_says_how_many_more(client, url, runner, monkeypatch):
    """A long session's verify answer does not list every hand number: the first MAX_LISTED (the CLI's cap),
    and how many more were checked."""
    import casino.db.verify
    from cli.main import app

    started = runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "7", "--seed", "long"])
    assert started.exit_code == 0, started.output
    monkeypatch.setattr(casino.db.verify, "MAX_LISTED", 3)
    report = client.get("/api/table/sessions/1/verify").json()
    assert report["ok"] and report["checked"] == [1, 2, 3]
    assert report["hands_checked"] == 7 and report["more_checked"] == 4


def test_a_new_session_ended_before_any_hand_leaves_nothing(client, url):
    s = sit(client)
    ended = post(client, f"/api/table/sessions/{s['session']}/end", {"seq": s["seq"]})
    assert ended["stored"] is False
    assert client.get("/api/table/sessions").json()["sessions"] == []


def test_sitting_down_again_after_leaving_an_empty_session_gives_the_new_seat_and_it_plays(client, url):
    """Found by a hostile test: a session left before its first hand is removed, the database gives its id to
    the next session, and that sit-down was answered with the OLD seat (ended, its game and bankroll), every
    deal refused "has ended" while the new session sat open in the database."""
    first = post(client, "/api/table/sessions", {"game": "three-card-poker", "bankroll": "50"})
    ended = post(client, f"/api/table/sessions/{first['session']}/end", {"seq": first["seq"]})
    assert ended["stored"] is False and ended["ended"] == "quit"
    assert client.get(f"/api/table/sessions/{first['session']}").status_code == 404  # not held: nothing left of it
    stakes = [{"box": 1, "ante": "5"}]
    again = post(client, "/api/table/sessions", {"game": "teen-patti", "bankroll": "777", "stakes": stakes, "seed": "again"})
    assert again["session"] == first["session"]  # the removed session's id, given again
    assert again["ended"] is None and again["seq"] != first["seq"]  # (each seat's numbers its own)
    assert again["game"]["name"] == "Teen Patti" and again["bankroll"] == "777" and again["start_bankroll"] == "777"
    seen = play_hand(client, again, stakes)  # every request answered 200
    assert seen[0]["round"] is not None and seen[-1]["last"]["round_no"] == 1
    record, hands, ok = stored(url, again["session"])
    assert record.game == "Teen Patti" and Fraction(record.start_bankroll) == 777 and len(hands) == 1 and ok
    assert Fraction(record.bankroll) == Fraction(seen[-1]["bankroll"])


def test_a_sit_down_is_never_answered_with_an_ended_seat_held_for_its_id(client):
    """However an ended seat comes to be held for the id a new session is given, the sit-down answers with the
    new session's own seat (the one whose service holds the session)."""
    from web.table_seats import Seat

    first = sit(client)
    seats = client.app.state.seats
    stale = Seat(seats.get(first["session"]).service, ended="quit")
    seats.put(first["session"] + 1, stale)  # held for the id the next sit-down is given
    s = sit(client, game="three-card-poker", bankroll="300")
    assert s["session"] == first["session"] + 1 and s["ended"] is None and s["bankroll"] == "300"
    assert seats.get(s["session"]) is not stale and stale.dropped
    assert play_hand(client, s, [{"box": 1, "ante": "5"}])[-1]["last"]["round_no"] == 1


def test_every_side_bet_at_the_table_is_settled_stored_and_verified(client, url):
    side = {"six_card_bonus": "1", "colour_bonus": "1", "prime": "1", "progressive": "1"}
    stakes = [{"box": 1, "ante": "5", "pair_plus": "1", "side": side}, {"box": 2, "ante": "5", "side": {"prime": "2"}}]
    s = sit(client, game="brag-with-side-bets", bankroll="1000", stakes=stakes)
    assert [b["bet"] for b in s["game"]["side_bets"]] == ["six_card_bonus", "colour_bonus", "prime", "progressive"]
    assert Fraction(s["meter"]) == 1000
    total = Fraction(0)
    for _ in range(4):
        s = play_hand(client, s, stakes)[-1]
        last = s["last"]
        bets = {(b["box"], x["bet"]) for b in last["boxes"] for x in b["bets"]}
        assert {(1, name) for name in side} | {(2, "prime")} <= bets
        assert sum(Fraction(x["net"]) for b in last["boxes"] for x in b["bets"]) == Fraction(last["net"])
        total += Fraction(last["net"])
    record, hands, ok = stored(url, s["session"])
    assert ok and len(hands) == 4 and Fraction(record.bankroll) == 1000 + total == Fraction(s["bankroll"])
    assert Fraction(s["meter"]) > 1000  # each progressive stake adds a tenth of itself (no mini royal here)


def test_a_trainer_session_shows_the_up_card_only_and_prices_each_mistake(client, url):
    """In trainer mode the dealer's first card is shown from the deal on, the other two only at the
    settlement; the hint is casino.trainer's informed one (knowing the up card and the other box's cards), and
    each decision's cost is its figure."""
    from casino.cards import parse_cards
    from casino.trainer import advise

    game = load_game("3-card-brag")
    s = sit(client, bankroll="500", trainer=True, stakes=[{"box": 1, "ante": "5"}])
    assert s["trainer"] and s["lesson"]["decisions"] == 0
    total = Fraction(0)
    decisions = mistakes = 0
    for hand in range(1, 13):
        stakes = [{"box": 1, "ante": "5"}, {"box": 2, "ante": "2"}]
        responses = play_hand(client, s, stakes, decide=lambda box, hand=hand: (hand + box) % 3 != 0)
        _, hands, _ = stored(url, s["session"])
        dealer = hands[-1].dealer_cards.split()
        for response in responses[:-1]:  # the hand in play
            rnd = response["round"]
            assert rnd["dealer"]["cards"] == [dealer[0]]  # the up card, and never the other two
            current = {k: v for k, v in response.items() if k != "last"}
            own = {c for box in rnd["boxes"] for c in box["cards"]}
            assert cards_in(current) == own | {dealer[0]} and not set(dealer[1:]) & cards_in(current)
        final = responses[-1]
        assert final["last"]["dealer"]["cards"] == dealer
        first = responses[0]["round"]
        for box in first["boxes"]:
            others = " ".join(c for b in first["boxes"] if b["box"] != box["box"] for c in b["cards"])
            advice = advise(game, " ".join(box["cards"]), dealer[0], seen=parse_cards(others))
            assert box["hint"]["informed"] and box["hint"]["play"] == (advice.best == "play")
            assert Fraction(box["hint"]["exact_play"]) == advice.ev_play
            played = (hand + box["box"]) % 3 != 0
            note = next(n for n in final["lesson"]["last"] if n["box"] == box["box"])
            assert note["play"] == played and Fraction(note["exact_cost"]) == advice.cost(played)
            ante = Fraction(box["stakes"]["ante"])
            assert Fraction(note["exact_money"]) == advice.cost(played) * ante
            total += advice.cost(played) * ante
            decisions += 1
            mistakes += advice.cost(played) > 0
        lesson = final["lesson"]
        assert lesson["decisions"] == decisions and lesson["mistakes"] == mistakes
        assert Fraction(lesson["exact_money"]) == total
        s = final
    assert mistakes > 0 and decisions - mistakes > 0  # both kinds were priced


def test_without_the_trainer_the_plain_game_shows_no_dealer_card_and_keeps_no_lesson(client):
    s = sit(client, stakes=[{"box": 1, "ante": "5"}])
    dealt = play_hand(client, s, [{"box": 1, "ante": "5"}])[0]
    assert dealt["round"]["dealer"]["cards"] == [] and dealt["lesson"] is None
    assert dealt["round"]["boxes"][0]["hint"]["informed"] is False


def test_the_side_bets_short_names_are_the_terminals(client):
    """The terminal takes ``6cb``, ``colour``, ``prog`` (casino.bets.side_bet_named); the web refused them."""
    from cli.prompts import parse_bet_line

    words = {"6cb": "1", "Colour": "2", "prime": "3", "prog": "4"}
    s = sit(client, game="brag-with-side-bets", bankroll="1000", stakes=[{"box": 1, "ante": "5", "side": words}])
    placed = s["stakes"][0]["side"]
    assert {k: Fraction(v) for k, v in placed.items()} == {
        "six_card_bonus": 1, "colour_bonus": 2, "prime": 3, "progressive": 4}
    typed = parse_bet_line("5 0 6cb 1 colour 2 prime 3 prog 4").stakes[0].side
    assert {name: Fraction(v) for name, v in placed.items()} == dict(typed)
    twice = client.post("/api/table/sessions", json={"game": "brag-with-side-bets", "stakes": [
        {"box": 1, "ante": "5", "side": {"6cb": "1", "six_card_bonus": "2"}}]})
    assert twice.status_code == 400 and twice.json() == {"detail": "box 1: the 6 Card Bonus is named twice: give it one stake"}
    unknown = client.post("/api/table/sessions", json={"stakes": [{"box": 1, "ante": "1", "side": {"keno": "1"}}]})
    assert unknown.status_code == 400
    assert unknown.json()["detail"] == "'keno' is not a side bet: write 6cb, colour, prime or prog (or the full name)"


def test_a_page_on_a_removed_session_cannot_act_on_the_new_session_given_its_id(client, url):
    """Found by a hostile test: a session left before its first hand is removed and its id given to the next
    session, whose actions counted from 0 again, so the old page's next request (seq 0) ended the new session
    (removing it) or dealt a hand on it. Every seat now counts from a fresh unguessable number."""
    old = post(client, "/api/table/sessions", {"game": "3-card-brag", "bankroll": "100"})
    left = post(client, f"/api/table/sessions/{old['session']}/end", {"seq": old["seq"]})
    assert left["stored"] is False
    new = post(client, "/api/table/sessions", {"game": "teen-patti", "bankroll": "250"})
    assert new["session"] == old["session"]  # the id, given again
    for path, body in (("end", {}), ("deal", {"stakes": [{"box": 1, "ante": "100"}]})):
        for seq in (old["seq"], left["seq"]):  # what the old page last saw, and the number before it
            refused = post(client, f"/api/table/sessions/{new['session']}/{path}", {"seq": seq, **body}, status=409)
            assert "already taken" in refused["detail"]
    record, hands, ok = stored(url, new["session"])
    assert record.game == "Teen Patti" and record.ended_at is None and hands == [] and ok
    assert Fraction(record.bankroll) == 250


def test_the_progressive_meter_shown_is_the_one_every_session_at_the_game_shares_now(client):
    """Found by a hostile test: a session's meter was read only when that session settled, so after other sessions
    fed the shared meter it showed an old figure."""
    stakes = [{"box": 1, "ante": "5", "side": {"progressive": "1"}}]
    watching = sit(client, game="brag-with-side-bets", bankroll="1000", stakes=stakes)
    playing = sit(client, game="brag-with-side-bets", bankroll="1000", stakes=stakes)
    for _ in range(3):
        playing = play_hand(client, playing, stakes)[-1]
    shown = get(client, f"/api/table/sessions/{watching['session']}")
    assert Fraction(playing["meter"]) > Fraction(watching["meter"]) and shown["meter"] == playing["meter"]


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "[1]", '{"a": 1}', "null"])
def test_an_amount_of_no_amounts_type_is_one_plain_line(client, value):
    """Found by a hostile test: "ante": NaN was answered "body.stakes.0.ante.constrained-str: Input should be a
    valid string (and 3 more)", pydantic's words for the first of four types tried."""
    for body, where in ((f'{{"stakes": [{{"box": 1, "ante": {value}}}]}}', "body.stakes.0.ante"),
                        (f'{{"bankroll": {value}}}', "body.bankroll")):
        answer = client.post("/api/table/sessions", content=body, headers={"Content-Type": "application/json"})
        assert answer.status_code == 422, answer.text
        assert answer.json()["detail"] == (f'{where}: an amount is a number or a text such as "5", "2.5" or "5/2" '
                                           "(not NaN, infinity, a list or an object)")


def test_the_sessions_list_marks_a_trainer_session(client):
    """Found by a hostile test: a trainer session (the dealer's first card shown: results not the game's) was listed
    like any fair session; the list now says "trainer"."""
    trained = sit(client, bankroll="500", trainer=True, stakes=[{"box": 1, "ante": "5"}])
    plain = sit(client, bankroll="500", stakes=[{"box": 1, "ante": "5"}])
    for s in (trained, plain):
        play_hand(client, s, [{"box": 1, "ante": "5"}])
    listed = {r["id"]: r["trainer"] for r in get(client, "/api/table/sessions")["sessions"]}
    assert listed == {trained["session"]: True, plain["session"]: False}
