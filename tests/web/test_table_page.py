"""The casino table page in headless Chromium: sit down, put chips on the felt, play a whole hand by clicking
and with the terminal's keys, and check the bankroll on the page against the database and the library."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.db import store
from casino.db.database import connect
from casino.events import BoxBets
from casino.games import load_game
from casino.sitting import Sitting

pytestmark = pytest.mark.browser


def stored_session(db_url: str, session_id: int):
    with Session(connect(db_url)) as db:
        record = store.get_session(session_id, session=db)
        hands = store.hands_of(session_id, session=db)
        db.expunge_all()
        return record, hands


def sit_down(page, url: str, boxes: int, seed: str) -> int:
    page.goto(f"{url}/table")
    page.wait_for_selector("#sit-game option", state="attached")
    page.select_option("#sit-game", "3-card-brag")
    page.fill("#sit-bankroll", "250")
    page.select_option("#sit-boxes", str(boxes))
    page.fill("#sit-seed", seed)
    page.click("#sit-down")
    page.wait_for_selector(f'.box[data-box="{boxes}"]')
    return int(page.locator("#session-no").inner_text())


def ante_and_fold(page) -> None:
    """One hand on box 1: a 5 ante, the deal, a fold, its result shown."""
    page.click('.chip-pick[data-chip="5"]')
    page.click('.box[data-box="1"] .spot[data-bet="ante"]')
    page.click("#deal")
    page.wait_for_selector(".decide")
    page.click('.box[data-box="1"] [data-action="fold"]')
    page.wait_for_selector("#last-net")


def test_a_whole_hand_by_clicking(served, page, shots):
    session_id = sit_down(page, served.url, boxes=2, seed="clicks")
    assert page.locator("#bankroll").inner_text() == "250"
    commitment = page.locator("#commitment").inner_text()
    assert len(commitment) == 64
    # chips: the 25 chip onto box 1's Pair Plus is too much for the table? no: max 100. Then the 1 chip twice on box 2
    page.click('.chip-pick[data-chip="25"]')
    page.click('.box[data-box="1"] .spot[data-bet="pair_plus"]')
    page.click('.chip-pick[data-chip="1"]')
    page.click('.box[data-box="2"] .spot[data-bet="ante"]')
    page.click('.box[data-box="2"] .spot[data-bet="ante"]')
    page.click('.box[data-box="2"] .spot[data-bet="ante"]', modifiers=["Shift"])  # one taken off again
    assert page.locator('.box[data-box="2"] .spot[data-bet="ante"] .spot-amount').inner_text() == "6"
    page.screenshot(path=str(shots / "table-bets.png"), full_page=True)

    page.click("#deal")
    page.wait_for_selector(".decide")
    assert page.locator("#dealer-cards .card.back").count() == 3  # the dealer's cards stay face down
    assert page.locator("#commitment").inner_text() == commitment
    assert page.locator("#bankroll").inner_text() == str(250 - 5 - 25 - 6)
    assert page.locator(".hint").count() == 2
    page.screenshot(path=str(shots / "table-decide.png"), full_page=True)
    page.click('.box[data-box="1"] [data-action="play"]')
    page.wait_for_selector('.box[data-box="1"]:not(.pending)')
    page.click('.box[data-box="2"] [data-action="fold"]')
    page.wait_for_selector("#last-net")

    # what the library says this hand was, from the same seed, bets and decisions
    sitting = Sitting(load_game("3-card-brag"), Fraction(250), seed="clicks")
    sitting.deal([BoxBets(1, 5, 25), BoxBets(2, 6)])
    sitting.decide(1, True)
    sitting.decide(2, False)
    result = sitting.settle()
    record, hands = stored_session(served.db_url, session_id)
    shown = Fraction(page.locator("#bankroll").inner_text())
    assert shown == Fraction(record.bankroll) == sitting.bankroll == 250 + result.net
    assert len(hands) == 1 and Fraction(hands[0].net) == result.net
    assert page.locator("#dealer-cards .card").evaluate_all("cards => cards.map(c => c.dataset.card)") == \
        [c.ascii() for c in result.dealer_cards]
    qualifies = "does not qualify" if not result.qualifies else "qualifies"
    assert qualifies in page.locator("#dealer-note").inner_text()
    assert page.locator("#last-seed").inner_text() == result.seed.hex()

    page.click("#verify-last")
    page.wait_for_selector("#verify-server")
    assert page.locator("#verify-commitment").inner_text().startswith("✓")
    assert page.locator("#verify-server").inner_text().startswith("✓")
    page.wait_for_selector("#history-rows tbody tr")
    page.screenshot(path=str(shots / "table.png"), full_page=True)

    # the terminal's keys: Enter deals the same bets again, p plays, f folds, q leaves
    page.keyboard.press("Enter")
    page.wait_for_selector(".decide")
    page.keyboard.press("p")
    page.wait_for_selector('.box[data-box="1"]:not(.pending)')
    page.keyboard.press("f")
    page.wait_for_function("() => document.querySelector('#last-net') && "
                           "document.querySelector('#hand-no').textContent === '3'")
    record, hands = stored_session(served.db_url, session_id)
    assert len(hands) == 2 and Fraction(page.locator("#bankroll").inner_text()) == Fraction(record.bankroll)
    page.keyboard.press("q")
    page.wait_for_selector("#ended-note")
    record, _ = stored_session(served.db_url, session_id)
    assert record.end_reason == "quit"


def test_a_refused_bet_says_why_on_the_felt(served, page):
    sit_down(page, served.url, boxes=1, seed="refused")
    page.click('.chip-pick[data-chip="100"]')
    page.click('.box[data-box="1"] .spot[data-bet="ante"]')
    page.click('.box[data-box="1"] .spot[data-bet="ante"]')  # an Ante of 205 needs 410 with its Play bet
    page.click("#deal")
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('bankroll')")
    assert page.locator("#message").get_attribute("role") == "alert"
    assert page.locator(".decide").count() == 0


def test_the_table_at_phone_size(served, browser, shots):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    context.set_default_timeout(60_000)  # as the page fixture's: only stops a hang
    phone = context.new_page()
    try:
        session_id = sit_down(phone, served.url, boxes=1, seed="phone")
        width = phone.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width}px wide on a 390px screen"
        phone.tap("#deal")
        phone.wait_for_selector(".decide")
        phone.tap('[data-action="play"]')
        phone.wait_for_selector("#last-net")
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
        record, _ = stored_session(served.db_url, session_id)
        assert Fraction(phone.locator("#bankroll").inner_text()) == Fraction(record.bankroll)
        phone.screenshot(path=str(shots / "table-phone.png"), full_page=False)
        phone.goto(f"{served.url}/designer")
        phone.wait_for_selector('.figure[data-bet="ante_play"]')
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
        phone.screenshot(path=str(shots / "designer-phone.png"), full_page=False)
    finally:
        context.close()


def test_side_bets_by_clicking(served, page, shots):
    page.goto(f"{served.url}/table")
    page.wait_for_selector("#sit-game option", state="attached")
    page.select_option("#sit-game", "brag-with-side-bets")
    page.fill("#sit-bankroll", "500")
    page.fill("#sit-seed", "sides")
    page.click("#sit-down")
    page.wait_for_selector('.box[data-box="1"] .spot[data-bet="progressive"]')
    assert page.locator("#meter").inner_text() == "1000"
    page.click('.chip-pick[data-chip="1"]')
    for bet in ("six_card_bonus", "colour_bonus", "prime", "progressive"):
        page.click(f'.box[data-box="1"] .spot[data-bet="{bet}"]')
    page.click("#deal")
    page.wait_for_selector(".decide")
    page.click('[data-action="play"]')
    page.wait_for_selector("#last-net")
    titles = page.locator("#last td:first-child").all_inner_texts()
    for title in ("6 Card Bonus", "Colour Bonus", "Prime", "Progressive"):
        assert any(title in t for t in titles), titles
    session_id = int(page.locator("#session-no").inner_text())
    record, hands = stored_session(served.db_url, session_id)
    assert Fraction(page.locator("#bankroll").inner_text()) == Fraction(record.bankroll)
    assert Fraction(page.locator("#meter").inner_text()) == Fraction("1000.1")
    page.screenshot(path=str(shots / "table-side-bets.png"), full_page=True)


def test_the_trainer_shows_the_up_card_and_prices_a_click(served, page, shots):
    """Trainer ticked: after the deal the dealer shows exactly one card (the library's up card), the hint is
    the informed one, and a click on Play says what it cost in exact EV (casino.trainer's figure)."""
    from casino.trainer import advise

    page.goto(f"{served.url}/table")
    page.wait_for_selector("#sit-game option", state="attached")
    page.select_option("#sit-game", "3-card-brag")
    page.fill("#sit-bankroll", "250")
    page.select_option("#sit-boxes", "1")
    page.fill("#sit-seed", "trainer-clicks")
    page.check("#sit-trainer")
    page.click("#sit-down")
    page.wait_for_selector('.box[data-box="1"]')
    page.click("#deal")
    page.wait_for_selector(".decide")
    sitting = Sitting(load_game("3-card-brag"), Fraction(250), seed="trainer-clicks")
    rnd = sitting.deal([BoxBets(1, 5)])
    up = rnd.up_card.ascii()
    assert page.locator("#dealer-cards .card.back").count() == 2
    assert page.locator("#dealer-cards .card[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)") == [up]
    assert f"knowing the {up}" in page.locator(".hint").inner_text()
    page.click('.box[data-box="1"] [data-action="play"]')
    page.wait_for_selector("#trainer-total")
    advice = advise(load_game("3-card-brag"), rnd.cards[1], rnd.up_card)
    note = page.locator('#trainer p[data-box="1"]').inner_text()
    if advice.cost(True):
        assert "mistake" in note and f"exact {advice.cost(True)}" in note
    else:
        assert "best decision" in note
    total = page.locator("#trainer-total").inner_text()
    assert total.startswith("1 decision(s)") and f"(exact {advice.cost(True) * 5})" in total
    page.screenshot(path=str(shots / "table-trainer.png"), full_page=True)


def test_the_page_carries_on_after_the_server_lets_its_seat_go_and_old_action_numbers_stay_refused(served, page):
    """The server lets the seat go (as after a restart or when idle): the page's next click is refused (404), the
    page resumes the stored session and its next deal works with the fresh action number the resume answered;
    the first seat's action numbers are refused after the resume (docs/web.md, "No replays")."""
    import httpx

    session_id = sit_down(page, served.url, boxes=1, seed="carried")
    page.click('.chip-pick[data-chip="5"]')
    page.click('.box[data-box="1"] .spot[data-bet="ante"]')
    page.click("#deal")
    page.wait_for_selector(".decide")
    page.click('.box[data-box="1"] [data-action="play"]')
    page.wait_for_selector("#last-net")
    served.app.state.seats.forget(session_id)  # let go: the database holds the session
    page.click("#deal")  # refused (404): the page resumes the session, nothing dealt
    page.get_by_text("reopened from the stored session").wait_for()
    assert stored_session(served.db_url, session_id)[0].rounds == 1
    page.click("#deal")
    page.wait_for_selector(".decide")
    page.click('.box[data-box="1"] [data-action="play"]')
    page.wait_for_selector('.box[data-box="1"]:not(.pending)')
    page.wait_for_selector(".decide", state="detached")
    assert stored_session(served.db_url, session_id)[0].rounds == 2
    stakes = [{"box": 1, "ante": "5"}]
    for old in (0, 1, 2):  # the first seat's action numbers: refused, no third hand
        answer = httpx.post(f"{served.url}/api/table/sessions/{session_id}/deal", json={"seq": old, "stakes": stakes})
        assert answer.status_code == 409, answer.text
    assert stored_session(served.db_url, session_id)[0].rounds == 2


def test_stakes_the_server_sent_go_back_exactly_with_chips_added(served, page):
    """A session's stakes may be finer than the felt draws them (2.555 over the API): the page adds a chip to
    the exact amount and sends 3.555, never the 2-decimal figure it shows (it sent 3.56)."""
    import httpx

    sat = httpx.post(f"{served.url}/api/table/sessions", json={"game": "3-card-brag", "bankroll": "250", "seed": "exact",
                                                              "stakes": [{"box": 1, "ante": "2.555"}]})
    assert sat.status_code == 200, sat.text
    session_id = sat.json()["session"]
    page.goto(f"{served.url}/table")
    page.evaluate(f"() => localStorage.setItem('brag-table-session', '{session_id}')")
    page.goto(f"{served.url}/table")
    page.wait_for_selector('.box[data-box="1"]')
    page.click('.chip-pick[data-chip="1"]')
    page.click('.box[data-box="1"] .spot[data-bet="ante"]')
    page.click("#deal")
    page.wait_for_selector(".decide")
    state = httpx.get(f"{served.url}/api/table/sessions/{session_id}").json()
    assert Fraction(state["round"]["boxes"][0]["stakes"]["ante"]) == Fraction("3.555"), state["round"]["boxes"][0]


def _open(page, url: str, session_id: int) -> None:
    page.goto(f"{url}/table?session={session_id}")
    page.wait_for_selector("#room:not([hidden])")


def test_the_felt_writes_amounts_exactly_keeps_each_bet_on_its_box_and_shows_a_played_box(served, page):
    """Found by a hostile test: the felt rounded 2.555 to 2.56 (and 1/8 to 0.13); a session betting on boxes 1
    and 3 was drawn, and dealt after a reload, on boxes 1 and 2; a box that had played showed neither "Played"
    nor its Play bet until the hand was settled."""
    import httpx

    sat = httpx.post(f"{served.url}/api/table/sessions", json={
        "game": "brag-with-side-bets", "bankroll": "1000.125", "seed": "felt",
        "stakes": [{"box": 1, "ante": "2.555", "side": {"prime": "1/8"}}, {"box": 3, "ante": "10"}]})
    assert sat.status_code == 200, sat.text
    session_id = sat.json()["session"]
    _open(page, served.url, session_id)
    spot = '.box[data-box="{}"] .spot[data-bet="{}"] .spot-amount'
    assert page.locator(spot.format(1, "ante")).inner_text() == "2.555"
    assert page.locator(spot.format(1, "prime")).inner_text() == "0.125"
    assert page.locator('.box[data-box="2"] .spot[data-bet="ante"] .spot-amount').count() == 0
    assert page.locator(spot.format(3, "ante")).inner_text() == "10"
    assert "2.555" in page.locator('.box[data-box="1"] .spot[data-bet="ante"]').get_attribute("aria-label")
    page.reload()
    page.wait_for_selector('.box[data-box="3"]')
    page.click("#deal")
    page.wait_for_selector(".decide")
    state = httpx.get(f"{served.url}/api/table/sessions/{session_id}").json()
    dealt = {b["box"]: b["stakes"]["ante"] for b in state["round"]["boxes"]}
    assert {box: Fraction(a) for box, a in dealt.items()} == {1: Fraction("2.555"), 3: 10}
    page.click('.box[data-box="1"] [data-action="play"]')
    page.wait_for_selector('.box[data-box="1"]:not(.pending)')
    assert page.locator('.box[data-box="1"] .decided').inner_text() == "Played"
    assert page.locator(spot.format(1, "play")).inner_text() == "2.555"
    state = httpx.get(f"{served.url}/api/table/sessions/{session_id}").json()
    assert [b["decision"] for b in state["round"]["boxes"]] == [True, None]
    page.click('.box[data-box="3"] [data-action="fold"]')
    page.wait_for_selector("#last-net")


def test_verify_checks_the_seed_against_the_commitment_shown_before_the_bets(served, page):
    """Found by a hostile test: *verify* compared the seed with the commitment the server sent with it, after
    the hand, so a server that changed both passed. The page now keeps what it showed before the bets."""
    import hashlib
    import json

    session_id = sit_down(page, served.url, boxes=1, seed="promise")
    shown = page.locator("#commitment").inner_text()
    page.click('.chip-pick[data-chip="5"]')
    page.click('.box[data-box="1"] .spot[data-bet="ante"]')
    page.click("#deal")
    page.wait_for_selector(".decide")
    other_seed = "ab" * 32
    other = hashlib.sha256(bytes.fromhex(other_seed)).hexdigest()

    def swap(route):  # a server that shows a different, self-consistent seed and commitment after the hand
        answer = route.fetch()
        body = answer.json()
        body["last"]["seed"], body["last"]["commitment"] = other_seed, other
        route.fulfill(response=answer, body=json.dumps(body))

    page.route("**/decide", swap)
    page.click('.box[data-box="1"] [data-action="play"]')
    page.wait_for_selector("#last-net")
    page.unroute("**/decide")
    page.click("#verify-last")
    page.wait_for_selector("#verify-server")
    line = page.locator("#verify-commitment").inner_text()
    assert line.startswith("✗") and shown in line, line
    page.click("#history-rows tbody tr a")  # the stored seed: the one promised
    page.wait_for_function("() => document.querySelector('#verify-commitment')?.textContent.startsWith('✓')")
    assert "showed before the hand" in page.locator("#verify-commitment").inner_text()
    assert session_id


def test_a_new_session_shows_nothing_of_the_last_and_a_reload_after_a_restart_carries_on(served, page):
    """Found by a hostile test: the last session's history and verify panel stayed on the page for the next one,
    and a reload after the server let the seat go went back to the lobby (the session forgotten by the page)."""
    first = sit_down(page, served.url, boxes=1, seed="panels-1")
    ante_and_fold(page)
    page.click("#verify-last")
    page.wait_for_selector("#verify-server")
    page.wait_for_selector("#history-rows tbody tr")
    page.keyboard.press("q")
    page.wait_for_selector("#ended-note")
    second = sit_down(page, served.url, boxes=1, seed="panels-2")
    assert second != first
    assert page.locator("#history-rows").count() == 0 and page.locator("#verify-panel").is_hidden()
    served.app.state.seats.forget(second)  # as after a restart
    page.reload()
    page.wait_for_selector("#room:not([hidden])")
    assert int(page.locator("#session-no").inner_text()) == second


def test_leaving_before_the_first_hand_says_nothing_is_stored_and_the_next_seat_plays(served, page):
    """Found by a hostile test: a session left before its first hand is removed (nothing to keep), yet the page
    said every hand was stored and 'brag play --resume N'; and the next sit-down, given the removed session's id,
    was shown the old, ended seat."""
    first = sit_down(page, served.url, boxes=1, seed="empty-1")
    page.keyboard.press("q")
    page.wait_for_selector("#ended-note")
    note = page.locator("#ended-note").inner_text()
    assert "removed" in note and "nothing stored" in note and "--resume" not in note, note
    second = sit_down(page, served.url, boxes=1, seed="empty-2")
    assert second == first  # the removed session's id, given again: a new seat
    ante_and_fold(page)
    record, hands = stored_session(served.db_url, second)
    assert len(hands) == 1 and record.end_reason is None


def test_stored_commitments_that_are_not_the_pages_own_are_ignored(served, page):
    """Found by a hostile test: a stored entry that was not an object (``"x"``) stopped the page drawing the session,
    and commitments kept by session id alone made a new database's session 1 look like cheating (another session 1's
    promise). They are kept per session id and start; anything unreadable is ignored."""
    import httpx

    sat = httpx.post(f"{served.url}/api/table/sessions", json={"game": "3-card-brag", "bankroll": "250", "seed": "keys",
                                                              "stakes": [{"box": 1, "ante": "5"}]})
    assert sat.status_code == 200, sat.text
    body = sat.json()
    n, started = body["session"], body["started"]
    assert started
    dealt = httpx.post(f"{served.url}/api/table/sessions/{n}/deal", json={"seq": body["seq"],
                                                                           "stakes": [{"box": 1, "ante": "5"}]}).json()
    httpx.post(f"{served.url}/api/table/sessions/{n}/decide", json={"seq": dealt["seq"], "box": 1, "play": False})
    page.goto(f"{served.url}/table")
    page.evaluate(f"() => {{ localStorage.setItem('brag-table-commitments-{n}-{started}', '\"x\"');"  # unreadable
                  f" localStorage.setItem('brag-table-commitments-{n}', JSON.stringify({{1: 'ab'.repeat(32)}})); }}")
    # (the second: another database's session {n}, kept as the page kept them before, by id alone)
    _open(page, served.url, n)  # drawn despite the unreadable entry
    page.wait_for_selector("#history-rows tbody tr")
    page.click("#history-rows tbody tr a")  # hand 1, played before this page saw the session
    page.wait_for_selector("#verify-server")
    line = page.locator("#verify-commitment").inner_text()
    assert line.startswith("✓") and "did not show that hand before its bets" in line, line


@pytest.mark.parametrize("written", ["{}e0", "+{}", "{}.0", "%20{}"])
def test_a_session_in_the_address_is_digits_alone(served, page, written):
    """Found by a hostile test: ``Number()`` read ``?session=1e1`` as session 10 (and +1, 1.0, " 1" as session 1)."""
    import httpx

    sat = httpx.post(f"{served.url}/api/table/sessions", json={"game": "3-card-brag", "bankroll": "250", "seed": "id",
                                                              "stakes": [{"box": 1, "ante": "5"}]})
    assert sat.status_code == 200, sat.text
    page.goto(f"{served.url}/table?session={written.format(sat.json()['session'])}")
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.locator("#room").is_hidden()


def test_two_boxes_hint_knowing_the_other_box(served, page):
    """Two boxes: each box's hint says it counts the other box's cards, and shows the exact EV given them."""
    from tests.seen_hint_reference import slow_ev_play

    sit_down(page, served.url, boxes=2, seed="two-box-hints")
    page.click("#deal")
    page.wait_for_selector(".decide")
    game = load_game("3-card-brag")
    rnd = Sitting(game, Fraction(250), seed="two-box-hints").deal([BoxBets(1, 5), BoxBets(2, 5)])
    hints = page.locator(".hint").all_inner_texts()
    assert len(hints) == 2
    for box, text in zip((1, 2), hints):
        ev = slow_ev_play(game, rnd.cards[box], rnd.cards[3 - box])
        assert "knowing your other boxes' 3 cards" in text and f"EV play {float(ev):.3f}" in text
        assert ("PLAY" if ev > -1 else "FOLD") in text
