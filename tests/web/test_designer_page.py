"""The designer page in headless Chromium: edit a payout, read the exact new edge, compare, download."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from casino.edge import analyze
from casino.games import load_game, parse_game_text

pytestmark = pytest.mark.browser


def shown_edge(page, bet: str) -> Fraction:
    """The exact house edge the page shows for ``bet`` (its ``data-edge`` holds the exact fraction)."""
    return Fraction(page.locator(f'.figure[data-bet="{bet}"] .edge').get_attribute("data-edge"))


def test_changing_a_payout_shows_the_new_exact_edge(served, page, shots):
    page.goto(f"{served.url}/designer")
    page.wait_for_selector('.figure[data-bet="pair_plus"]')
    game = load_game("3-card-brag")
    report = analyze(game)
    assert shown_edge(page, "pair_plus") == report.pair_plus.house_edge
    assert shown_edge(page, "ante_play") == report.ante_play.house_edge
    shown_percent = page.locator('.figure[data-bet="ante_play"] .edge').inner_text()
    assert shown_percent == f"{100 * float(report.ante_play.house_edge):.4f}%"
    assert page.locator("#rule").inner_text() == "Play Q-6-4 or better"
    page.click("#compare-add")

    # Pair Plus flush from 4 to 7, typed as a player would: the figure follows without a button
    flush = page.locator("#pay-pair_plus-flush")
    flush.fill("")
    flush.type("7", delay=30)
    changed = replace(game, pair_plus=replace(
        game.pair_plus, pays=tuple((k, Fraction(7) if k == "flush" else v) for k, v in game.pair_plus.pays)))
    expected = analyze(changed).pair_plus.house_edge
    page.wait_for_function(
        "e => document.querySelector('.figure[data-bet=\"pair_plus\"] .edge').dataset.edge === e",
        arg=f"{expected.numerator}/{expected.denominator}")
    assert shown_edge(page, "pair_plus") == expected < report.pair_plus.house_edge
    assert page.locator(".figure[data-bet=pair_plus] .edge").inner_text() == f"{100 * float(expected):.4f}%"

    # a design the rules refuse says why, in one line, and offers no download
    flush.fill("seven")
    page.wait_for_selector("#error:not([hidden])")
    assert "[pair_plus].flush must be a finite number" in page.locator("#error").inner_text()
    assert page.locator("#download").is_disabled()
    flush.fill("7")
    page.wait_for_selector("#error", state="hidden")

    # compare: two designs side by side in the table and the chart
    page.click("#compare-add")
    assert page.locator("#compare-rows tbody tr").count() == 2
    assert page.locator("#chart svg rect").count() >= 4
    page.screenshot(path=str(shots / "designer.png"), full_page=True)

    # download: the TOML file reads back as the same game
    with page.expect_download() as waiting:
        page.click("#download")
    text = open(waiting.value.path(), encoding="utf-8").read()
    assert waiting.value.suggested_filename == "3-card-brag.toml"
    assert parse_game_text(text).pair_plus.pay_for("flush") == 7
    assert analyze(parse_game_text(text)).pair_plus.house_edge == expected


def test_another_game_and_its_ranking_words(served, page):
    page.goto(f"{served.url}/designer")
    page.wait_for_selector('.figure[data-bet="pair_plus"]')
    page.select_option("#start", "three-card-poker")
    report = analyze(load_game("three-card-poker"))
    edge = report.ante_play.house_edge
    page.wait_for_function(
        "e => document.querySelector('.figure[data-bet=\"ante_play\"] .edge').dataset.edge === e",
        arg=f"{edge.numerator}/{edge.denominator}")
    assert page.locator("#label-pay-pair_plus-run").inner_text() == "Straight"
    page.select_option("#ties", "dealer")
    tied = analyze(replace(load_game("three-card-poker"), ties="dealer")).ante_play.house_edge
    page.wait_for_function(
        "e => document.querySelector('.figure[data-bet=\"ante_play\"] .edge').dataset.edge === e",
        arg=f"{tied.numerator}/{tied.denominator}")


def test_a_built_in_game_downloads_as_itself_and_a_huge_edge_draws_a_few_gridlines(served, page):
    """Found by a hostile test: the progressive's ``contribution`` had no input, so a downloaded built-in lost it
    (a different game, refused beside the built-in's sessions); and a Pair Plus pair paying 10^9 froze the tab on
    "Add to comparison" (one gridline per 100 percentage points: millions of them)."""
    page.goto(f"{served.url}/designer")
    page.wait_for_selector('.figure[data-bet="pair_plus"]')
    page.select_option("#start", "brag-with-side-bets")
    page.wait_for_function("() => document.querySelector('#pay-progressive-contribution')?.value === '0.1'")
    with page.expect_download() as waiting:
        page.click("#download")
    text = open(waiting.value.path(), encoding="utf-8").read()
    built_in = load_game("brag-with-side-bets")
    terms = lambda game: [(s.bet, s.pays, s.meter, s.meter_shares, s.contribution) for s in game.side_bets]  # noqa: E731
    assert terms(parse_game_text(text)) == terms(built_in)
    pair = page.locator("#pay-pair_plus-pair")
    pair.fill("1000000000")
    page.wait_for_function("() => Number(document.querySelector('.figure[data-bet=\"pair_plus\"] .edge')"
                           ".dataset.edge.split('/')[0]) < -1e8")
    page.click("#compare-add", timeout=10_000)
    lines = page.locator("#chart svg line").count()
    assert 2 <= lines <= 9, lines
