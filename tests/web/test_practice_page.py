"""The pages mark a practice session (seeded from text) and never a fair one: the badge by the session number,
the stored-session list in the lobby, the hand history and the verify panel (headless Chromium)."""

from __future__ import annotations

import pytest

from casino.practice import PRACTICE_NOTE

pytestmark = pytest.mark.browser


def _sit(page, url: str, seed: str) -> int:
    page.goto(f"{url}/table")
    page.wait_for_selector("#sit-game option", state="attached")
    page.select_option("#sit-game", "3-card-brag")
    page.select_option("#sit-boxes", "1")
    page.fill("#sit-seed", seed)
    page.click("#sit-down")
    page.wait_for_selector('.box[data-box="1"]')
    return int(page.locator("#session-no").inner_text())


def _play_one(page) -> None:
    page.click('.chip-pick[data-chip="1"]')
    page.click('.box[data-box="1"] .spot[data-bet="ante"]')
    page.click("#deal")
    page.wait_for_selector(".decide")
    page.click('.box[data-box="1"] [data-action="play"]')
    page.wait_for_selector("#last-net")


def test_a_practice_table_is_marked_and_a_fair_one_is_not(served, page):
    practice = _sit(page, served.url, "page practice")
    badge = page.locator("#practice-badge")
    assert badge.is_visible() and badge.inner_text() == "PRACTICE"
    assert badge.get_attribute("title") == PRACTICE_NOTE
    _play_one(page)
    page.wait_for_selector("#history-practice")
    assert PRACTICE_NOTE in page.locator("#history-practice").inner_text()
    page.click("#verify-last")
    page.wait_for_selector("#verify-server")
    assert PRACTICE_NOTE in page.locator("#verify-server").inner_text()
    page.evaluate("localStorage.clear()")

    fair = _sit(page, served.url, "")
    assert not page.locator("#practice-badge").is_visible()
    _play_one(page)
    page.wait_for_selector("#history-rows tbody tr")
    assert page.locator("#history-practice").count() == 0
    page.evaluate("localStorage.clear()")

    page.goto(f"{served.url}/table")
    page.wait_for_selector(f'[data-resume="{fair}"]')
    rows = {n: page.locator(f'tr:has([data-resume="{n}"])').inner_text() for n in (practice, fair)}
    assert "PRACTICE" in rows[practice] and "PRACTICE" not in rows[fair]
