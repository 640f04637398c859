"""The traditional Brag page in headless Chromium: a whole hand by clicking, chips against the database."""

from __future__ import annotations

import contextlib
import json
from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.db import classic_store
from casino.db.database import connect

pytestmark = pytest.mark.browser


def sit_down(page, seed: str, *, rules: str = "classic-brag", opponents: int = 3, hands: int | None = None,
             ready: str = "#c-look") -> None:
    """From the lobby (loaded): ``rules``, ``opponents`` computer players, ``hands``, ``seed``; waits for
    ``ready`` (default: the Look button)."""
    page.select_option("#c-rules", rules)
    page.select_option("#c-opponents", str(opponents))
    if hands is not None:
        page.fill("#c-hands", str(hands))
    page.fill("#c-seed", seed)
    page.click("#c-sit-down")
    page.wait_for_selector(ready)


def test_a_whole_hand_by_clicking(served, page, shots):
    page.goto(f"{served.url}/classic")
    page.wait_for_selector("#c-rules option", state="attached")
    sit_down(page, "clicks", hands=5, ready='.cseat[data-seat="3"]')
    assert page.locator("#c-my-cards .card.back").count() == 3  # blind: your cards face down
    assert len(page.locator("#c-commitment").inner_text()) == 64
    page.click("#c-look")
    page.wait_for_selector("#c-my-cards .card:not(.back)")
    assert page.locator('.cseat[data-seat="0"] .badge').inner_text().lower() == "seen"
    # every other seat's cards stay face down during the hand
    assert page.locator('.cseat:not(.me) .card:not(.back)').count() == 0
    page.screenshot(path=str(shots / "classic.png"), full_page=True)
    bets = 0
    for _ in range(40):  # see when you can, else bet the least, twice; then fold
        if page.locator("#c-next").count() or page.locator("#c-new").count():
            break
        seq = page.locator("#c-room").get_attribute("data-seq")
        if page.locator("#c-see").count():
            page.click("#c-see")
        elif page.locator("#c-bet").count() and bets < 2:
            page.click("#c-bet")
            bets += 1
        elif page.locator("#c-keep-no").count():
            page.click("#c-keep-no")
        else:
            page.click("#c-fold")
        page.wait_for_function("s => document.querySelector('#c-room').dataset.seq !== s", arg=seq)
    page.wait_for_selector("#c-result:not([hidden])")
    session_id = int(page.locator("#c-session").inner_text())
    with Session(connect(served.db_url)) as db:
        record = classic_store.get_session(session_id, session=db)
        chips = [Fraction(c) for c in json.loads(record.chips)]
        assert classic_store.verify_classic(session_id, session=db) == []
    shown = [Fraction(t) for t in page.locator("#c-chips td:nth-child(2)").all_inner_texts()]
    assert shown == chips and sum(chips) == 4 * 1000
    seats = [Fraction(t) for t in page.locator(".cseat .chips-count").all_inner_texts()]
    assert seats == chips
    with Session(connect(served.db_url)) as db:  # hand 1 of 5, its pack dealt from next unless a prial won
        row = classic_store.hands_of(session_id, session=db)[0]
    seed_shown = page.locator("#c-seed-shown").inner_text()
    assert seed_shown == row.seed if row.prial_won else (seed_shown.startswith("not shown yet") and row.seed not in
                                                          page.content())
    page.click("#c-verify-link")
    page.wait_for_selector("#c-verify-result")
    assert page.locator("#c-verify-result").inner_text().startswith("✓")
    # each hand's commitment, and its seed only once no deal to come is made from its pack
    assert page.locator("#c-seeds td:nth-child(2)").all_inner_texts() == [row.commitment]
    assert page.locator("#c-seeds td:nth-child(3)").inner_text() == (row.seed if row.prial_won else "not shown yet")
    assert row.prial_won or row.seed not in page.content()
    page.screenshot(path=str(shots / "classic-result.png"), full_page=True)
    page.keyboard.press("Enter")  # the next hand, as at the terminal
    page.wait_for_function("() => document.querySelector('#c-hand').textContent === '2'")


def test_the_round_table_at_phone_size(served, browser, shots):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    context.set_default_timeout(60_000)  # as the page fixture's: only stops a hang
    phone = context.new_page()
    try:
        phone.goto(f"{served.url}/classic")
        phone.wait_for_selector("#c-rules option", state="attached")
        phone.fill("#c-seed", "phone")
        phone.tap("#c-sit-down")
        phone.wait_for_selector(".cseat")
        phone.tap("#c-look")
        phone.wait_for_selector("#c-my-cards .card:not(.back)")
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
        phone.evaluate("() => window.scrollTo(0, 0)")
        phone.screenshot(path=str(shots / "classic-phone.png"), full_page=False)
    finally:
        context.close()


def test_a_server_restart_mid_hand_brings_back_the_same_hand(browser, tmp_path, page):
    """A hand in play when the server restarts (a new app on the same database, the same address): the open
    page's next click finds the seat gone (404), resumes the stored session and shows the same hand — the same
    cards, pot and commitment — and a reload does too. Dealt from secret seeds: a new deal would be other cards."""
    from tests.web.conftest import ServerThread, listening_socket
    from web.app import create_app

    db_url = f"sqlite:///{tmp_path / 'brag.db'}"
    with contextlib.closing(listening_socket()) as listening:  # one address for both servers, open throughout
        port = listening.getsockname()[1]
        with ServerThread(create_app(db_url), listening):
            page.goto(f"http://127.0.0.1:{port}/classic")
            for _ in range(20):  # a hand where you may look (not one the computer players all folded to you blind)
                # the lobby, not the last session: cleared while the page is idle (a page still loading could answer
                # its resume after the clear and store the last session again)
                page.evaluate("() => localStorage.clear()")
                page.goto(f"http://127.0.0.1:{port}/classic")
                page.wait_for_selector("#c-rules option", state="attached")
                page.select_option("#c-rules", "classic-brag")
                page.select_option("#c-opponents", "2")
                page.click("#c-sit-down")
                page.wait_for_selector(".cseat")
                if page.locator("#c-look").count():
                    break
            else:
                pytest.fail("20 deals in a row gave no hand to look at")
            seq = page.locator("#c-room").get_attribute("data-seq")
            page.click("#c-look")
            page.wait_for_function("s => document.querySelector('#c-room').dataset.seq !== s", arg=seq)
            cards = page.locator("#c-my-cards .card").all_inner_texts()
            pot = page.locator("#c-pot-amount").inner_text()
            commitment = page.locator("#c-commitment").inner_text()
            session_id = page.locator("#c-session").inner_text()
            assert len(cards) == 3 and len(commitment) == 64
            actions = page.locator("#c-actions button").all_inner_texts()
        with ServerThread(create_app(db_url), listening):  # the restart: the seat in memory gone
            page.locator("#c-actions button").first.click()  # refused (the seat is gone): resumed, nothing played
            page.wait_for_function("() => /back as stored/.test(document.querySelector('#c-message').textContent)")
            assert page.locator("#c-my-cards .card").all_inner_texts() == cards
            assert page.locator("#c-pot-amount").inner_text() == pot
            assert page.locator("#c-commitment").inner_text() == commitment
            assert page.locator("#c-actions button").all_inner_texts() == actions  # your turn, the same choices
            page.reload()
            page.wait_for_selector("#c-my-cards .card")
            assert page.locator("#c-session").inner_text() == session_id
            assert page.locator("#c-my-cards .card").all_inner_texts() == cards
            assert page.locator("#c-pot-amount").inner_text() == pot


def test_amounts_are_drawn_exactly_and_the_expert_hint_keeps_to_the_page_policy(served, page):
    """The page draws the server's exact amounts exactly (a 30-place decimal was drawn 5.00, and a range the
    server then refused offered); the hint's expert line keeps its line breaks by the style sheet (an inline
    style broke the page's Content-Security-Policy); the bet box takes "1/3" as written."""
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{served.url}/classic")
    page.wait_for_selector("#c-rules option", state="attached")
    fine = f"{5 * 10**30 + 1}/{10**30}"
    assert page.evaluate(f"() => [money('5/2'), money('1/3'), money('-1/8'), money('7'), money('{fine}')]") == [
        "2.50", "1/3", "-0.125", "7", "5.000000000000000000000000000001"]
    sit_down(page, "clicks")
    seq = page.locator("#c-room").get_attribute("data-seq")
    page.click("#c-look")
    page.wait_for_function("s => document.querySelector('#c-room').dataset.seq !== s", arg=seq)
    assert page.locator("#c-amount").get_attribute("type") == "text"
    page.click("#c-hint-button")
    page.wait_for_selector("#c-hint-expert")
    assert page.evaluate("() => getComputedStyle(document.querySelector('#c-hint-expert')).whiteSpace") == "pre-line"
    assert problems == [], problems


def test_a_hint_answered_after_an_action_is_not_drawn_over_the_newer_table(served, page):
    """A hint counted for the table before an action (the Hint button, then Look while it is on its way)
    was drawn over the table after it; it is dropped, and asking again counts the table as it is."""
    page.goto(f"{served.url}/classic")
    page.wait_for_selector("#c-rules option", state="attached")
    sit_down(page, "late-hint")
    held = []
    page.route("**/hint", lambda route: held.append(route))  # held until the look is answered
    page.click("#c-hint-button")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the hint request never left"
    seq = page.locator("#c-room").get_attribute("data-seq")
    page.click("#c-look")
    page.wait_for_function("s => document.querySelector('#c-room').dataset.seq !== s", arg=seq)
    with page.expect_response("**/hint"):
        held[0].continue_()
    page.wait_for_timeout(200)  # the page has had the answer: it must not draw it
    assert page.locator("#c-hint").is_hidden()
    page.unroute("**/hint")
    page.click("#c-hint-button")
    page.wait_for_selector("#c-hint-chances")
    assert "look first" not in page.locator("#c-hint-chances").inner_text()


def test_dealers_choice_you_pick_the_variant_from_the_lists(served, page):
    """Heads-up at the dealers-choice table: hand 3 starts the second circle and you deal it; the page offers the
    cards, wild cards and blind play, and deals the hand with your pick."""
    page.goto(f"{served.url}/classic")
    page.wait_for_selector("#c-rules option", state="attached")
    sit_down(page, "pick-lists", rules="dealers-choice", opponents=1, hands=5, ready=".cseat")
    for _ in range(60):
        if page.locator("#c-var-cards").count():
            break
        seq = page.locator("#c-room").get_attribute("data-seq")
        for button in ("#c-keep-no", "#c-next", "#c-look", "#c-fold"):
            if page.locator(button).count() and page.locator(button).is_enabled():
                page.click(button)
                break
        page.wait_for_function("s => document.querySelector('#c-room').dataset.seq !== s", arg=seq)
    page.select_option("#c-var-cards", "4")
    page.select_option("#c-var-wild", "twos")
    page.select_option("#c-var-blind", "false")
    seq = page.locator("#c-room").get_attribute("data-seq")
    page.click("#c-next")
    page.wait_for_function("s => document.querySelector('#c-room').dataset.seq !== s", arg=seq)
    log = page.locator("#c-log").inner_text()
    assert "You pick this circle's variant: 4 cards, twos wild, no blind play" in log
    assert "looks" not in log and "discard" in log, log  # no blind play (nobody looks: all seen), four cards
