"""Found by a hostile test in a real browser (Chromium): the traditional Brag page kept a session it had left and
resumed it on the next visit; read '1e1' in its address as session 10 and a Hands of '0' or 'abc' as 15; both
lobbies scrolled sideways at a phone's width once sessions were stored; the designer repeated a label and a colour
after a design was removed from the comparison, and kept the last good design's figures beside a refused one."""

from __future__ import annotations

import json
import urllib.request

import pytest

pytestmark = pytest.mark.browser


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def _classic_lobby(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#c-lobby:not([hidden])")


def test_a_left_classic_session_is_not_resumed_by_the_next_visit(served, page):
    page.goto(f"{served.url}/classic")
    page.wait_for_selector("#c-rules option", state="attached")
    page.fill("#c-seed", "leave")
    page.click("#c-sit-down")
    page.wait_for_selector("#c-leave:not([hidden])")
    session = int(page.locator("#c-session").inner_text())
    # play the hand out (fold when it is your turn), then leave between hands
    page.wait_for_selector("#c-look")
    page.click('#c-actions [data-key="f"]')
    page.wait_for_selector("#c-next:not([disabled])")
    page.click("#c-leave")
    page.wait_for_function("() => !localStorage.getItem('brag-classic-session')")
    _classic_lobby(page, f"{served.url}/classic")  # the lobby, not the left session resumed (and un-ended)
    listed = json.loads(urllib.request.urlopen(f"{served.url}/api/classic/sessions", timeout=60).read())
    assert any(s["id"] == session for s in listed["sessions"])  # still there to resume by choice


@pytest.mark.parametrize("written", ["1e1", "0x1", " 1"])
def test_a_classic_session_in_the_address_is_digits_alone(served, page, written):
    _classic_lobby(page, f"{served.url}/classic?session={written}")


@pytest.mark.parametrize("hands", ["0", "abc", "-3"])
def test_a_hands_count_that_is_no_count_is_refused_not_made_15(served, page, hands):
    page.goto(f"{served.url}/classic")
    page.wait_for_selector("#c-rules option", state="attached")
    before = len(json.loads(urllib.request.urlopen(f"{served.url}/api/classic/sessions", timeout=60).read())["sessions"])
    page.fill("#c-hands", hands)
    page.fill("#c-seed", "hands")
    page.click("#c-sit-down")
    page.wait_for_selector("#c-lobby-error:not([hidden])")
    assert "Hands: a whole number of at least 1" in page.locator("#c-lobby-error").inner_text()
    after = len(json.loads(urllib.request.urlopen(f"{served.url}/api/classic/sessions", timeout=60).read())["sessions"])
    assert after == before


def test_both_lobbies_fit_a_phone_with_sessions_stored(served, browser):
    for n in range(3):
        _post(f"{served.url}/api/table/sessions", {"game": "3-card-brag", "bankroll": "1000000", "seed": f"phone {n}"})
        _post(f"{served.url}/api/classic/sessions", {"rules": "classic-brag", "opponents": 3, "seed": f"phone {n}"})
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    context.set_default_timeout(60_000)
    phone = context.new_page()
    try:
        phone.evaluate("() => localStorage.clear()") if phone.url.startswith("http") else None
        phone.goto(f"{served.url}/table")
        phone.evaluate("() => localStorage.clear()")
        phone.goto(f"{served.url}/table")
        phone.wait_for_selector("#stored table")
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
        phone.goto(f"{served.url}/classic")
        phone.wait_for_selector("#c-stored table")
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_compared_designs_keep_their_own_labels_and_a_refused_design_shows_no_figures(served, page):
    page.goto(f"{served.url}/designer")
    page.wait_for_selector('.figure[data-bet="pair_plus"]')
    for _ in range(3):
        page.click("#compare-add")
    page.locator("#compare-rows tbody tr").first.locator("button.remove").click()
    page.click("#compare-add")
    labels = page.locator("#compare-rows tbody tr td:first-child").all_inner_texts()
    colours = [s.get_attribute("data-colour") for s in page.locator("#compare-rows .swatch").all()]
    assert len(set(labels)) == len(labels) == 3 and len(set(colours)) == 3, (labels, colours)
    page.locator("#pay-pair_plus-flush").fill("-1")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator(".figure").count() == 0  # not the last good design's figures beside the refused one
    page.locator("#pay-pair_plus-flush").fill("4")
    page.wait_for_selector('.figure[data-bet="pair_plus"]')


def test_a_tab_whose_session_another_tab_ended_can_go_back_to_the_lobby(served, browser):
    """Found by a hostile test: a casino tab left open on a session another tab had ended showed "has ended" with
    Deal disabled, and q did nothing: no way back to the lobby but a reload. Leave (q) now goes back."""
    from tests.web.test_table_page import sit_down

    context = browser.new_context()
    context.set_default_timeout(60_000)
    try:
        first, second = context.new_page(), context.new_page()
        session = sit_down(first, served.url, boxes=1, seed="two tabs")
        first.click("#deal")
        first.wait_for_selector(".decide")
        first.click('[data-action="fold"]')
        first.wait_for_selector("#deal:not([disabled])")
        second.goto(f"{served.url}/table?session={session}")
        second.wait_for_selector("#deal:not([disabled])")
        first.click("#leave")
        first.wait_for_selector("#lobby:not([hidden])")
        second.click("#deal")  # refused: the session has ended, and the tab says so
        second.wait_for_selector("#deal[disabled]")
        second.keyboard.press("q")
        second.wait_for_selector("#lobby:not([hidden])")
    finally:
        context.close()
