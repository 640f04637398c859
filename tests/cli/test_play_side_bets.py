"""Side bets at `brag play`: placed at the prompt or by option, shown, stored, in history/replay/--csv,
verified; the `t` paytables screen; the summary with side bets; a resume that cannot continue."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.db import store
from casino.db.database import connect


@pytest.fixture
def url(tmp_path, monkeypatch):
    monkeypatch.delenv("BRAG_DB", raising=False)
    return f"sqlite:///{tmp_path / 'brag.db'}"


def test_side_bets_typed_at_the_prompt_are_settled_stored_and_shown(runner, app, url):
    keys = ["t", "5 1 6cb 2 colour 1 prime 1 prog 1", "p", "", "f", "5 0 prime 0", "p", "?", "q"]
    result = runner.invoke(app, ["play", "brag-with-side-bets", "--db", url, "--seed", "sides", "--no-hints"],
                           input="\n".join(keys) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Side bets at this table: 6 Card Bonus, Colour Bonus, Prime, Progressive" in out
    for title in ("Ante Bonus", "Pair Plus", "6 Card Bonus", "Colour Bonus", "Prime", "Progressive"):
        assert title in out
    assert "% of the meter" in out and "dealer qualifies with Q-high" in out  # the t screen
    assert "Ante 5, Pair Plus 1, 6 Card Bonus 2, Colour Bonus 1, Prime 1, Progressive 1" in out
    with Session(connect(url)) as db:
        hands = store.hands_of(1, session=db)
        rows = store.bets_of([h.id for h in hands], session=db)
    assert len(hands) == 3
    sides = [sorted(r.bet for r in rows[h.id] if r.bet not in ("ante", "play", "ante_bonus", "pair_plus"))
             for h in hands]
    assert sides[0] == sides[1] == ["colour_bonus", "prime", "progressive", "six_card_bonus"]
    assert sides[2] == ["colour_bonus", "progressive", "six_card_bonus"]  # "prime 0" took Prime away
    # the session statistics (?) list the side bets
    assert "Prime" in out.split("Session 1 so far")[-1]

    history = runner.invoke(app, ["history", "1", "--db", url])
    assert history.exit_code == 0 and "Side bets" in history.output and "6CB 2" in history.output
    dealer_hand = hands[0].dealer_hand
    assert dealer_hand in history.output  # the dealer's hand named
    replay = runner.invoke(app, ["replay", "1", "1", "--db", url])
    assert replay.exit_code == 0
    assert "6 Card Bonus 2, Colour Bonus 1, Prime 1, Progressive 1" in replay.output
    assert "Box 1 Progressive 1:" in replay.output and "(meter 1,000)" in replay.output
    as_json = json.loads(runner.invoke(app, ["history", "1", "--db", url, "--json"]).output)
    assert {b["bet"] for b in as_json["hands"][0]["boxes"][0]["bets"]} >= {"prime", "progressive"}
    table = list(csv.DictReader(io.StringIO(runner.invoke(app, ["history", "1", "--db", url, "--csv"]).output)))
    assert len(table) == sum(len(r) for r in rows.values())
    assert sum(Fraction(r["net"]) for r in table) == sum(Fraction(h.net) for h in hands)
    assert {r["dealer_hand"] for r in table} == {h.dealer_hand for h in hands}
    assert runner.invoke(app, ["verify", "1", "--db", url]).exit_code == 0


def test_side_bets_by_option_in_auto_play_with_their_exact_expectation(runner, app, url):
    result = runner.invoke(app, ["play", "brag-with-side-bets", "--db", url, "--auto", "--hands", "40", "--seed", "o",
                                 "--side-bet", "6cb=1", "--side-bet", "prime=2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["bets"]["six_card_bonus"]["count"] == 40 and data["bets"]["prime"]["wagered"] == "80"
    assert data["returns"]["prime"]["expected_return"] == pytest.approx(-0.0362, abs=1e-4)
    summary = runner.invoke(app, ["play", "brag-with-side-bets", "--db", url, "--auto", "--hands", "5",
                                  "--side-bet", "colour=1"])
    assert "Colour Bonus" in summary.output and "-2.118%" in summary.output


@pytest.mark.parametrize("args, message", [
    (["--side-bet", "prime=1"], "offers no Prime"),
    (["brag-with-side-bets", "--side-bet", "jackpot=1"], "is not a side bet"),
    (["brag-with-side-bets", "--side-bet", "prime"], "write NAME=AMOUNT"),
    (["brag-with-side-bets", "--side-bet", "prime=-1"], "cannot be negative"),
])
def test_bad_side_bets_are_refused_in_one_line(runner, app, url, args, message):
    result = runner.invoke(app, ["play", *args, "--db", url, "--auto", "--hands", "1"])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    with Session(connect(url)) as db:
        assert store.list_sessions(session=db) == []


def test_a_resume_that_cannot_continue_is_refused(runner, app, url):
    first = runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "500", "--bankroll", "2", "--seed", "broke",
                                "--strategy", "always-play"])
    assert first.exit_code == 0 and "could not cover" in first.output
    again = runner.invoke(app, ["play", "--db", url, "--resume"], input="q\n")
    assert again.exit_code == 2 and "cannot continue" in again.output
    with Session(connect(url)) as db:
        assert store.get_session(1, session=db).end_reason == "bankroll"


def test_edge_prices_the_progressive_at_the_stored_meter(runner, app, url):
    from casino.bets.progressive import meter_key
    from casino.games import load_game

    played = runner.invoke(app, ["play", "brag-with-side-bets", "--db", url, "--auto", "--hands", "30", "--seed", "m",
                                 "--side-bet", "prog=5"])
    assert played.exit_code == 0, played.output
    game = load_game("brag-with-side-bets")
    with Session(connect(url)) as db:
        meter = store.progressive_meter(meter_key(game), Fraction(-1), session=db)
    assert meter > game.side_bet("progressive").meter  # 30 x 5 x 1/10 added, unless a mini royal hit
    result = runner.invoke(app, ["edge", "brag-with-side-bets", "--meter-from-db", "--db", url, "--json"])
    assert result.exit_code == 0, result.output
    progressive = json.loads(result.output)["progressive"]
    exact = game.side_bet("progressive").with_meter(meter).report().house_edge
    assert Fraction(progressive["house_edge_fraction"]) == exact != game.side_bet("progressive").report().house_edge
    text = runner.invoke(app, ["edge", "brag-with-side-bets", "--meter-from-db", "--db", url])
    assert f"stored meter {meter}" in text.output.replace(",", "")
    refused = runner.invoke(app, ["edge", "3-card-brag", "--meter-from-db", "--db", url])
    assert refused.exit_code == 2 and "has no progressive" in refused.output
