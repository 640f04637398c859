"""`brag play --boxes 2`: each box's hint is the exact EV given the cards of the other box too (the dealer cannot
hold them), checked against listing and settling every dealer hand not seen; with one box it is unchanged."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.edge import analyze
from casino.games import load_game
from tests.seen_hint_reference import first_two_box_round, flipping_seed, slow_ev_play


@pytest.fixture
def url(tmp_path, monkeypatch):
    monkeypatch.delenv("BRAG_DB", raising=False)
    return f"sqlite:///{tmp_path / 'brag.db'}"


def test_two_boxes_hint_the_exact_ev_given_the_other_box(runner, app, url):
    game = load_game("3-card-brag")
    seed, flipped = flipping_seed(game)
    rnd = first_two_box_round(game, seed)
    result = runner.invoke(app, ["play", "--db", url, "--seed", seed, "--ante", "1", "--boxes", "2"],
                           input="\nf\nf\nq\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    report = analyze(game)
    for box, other in ((1, 2), (2, 1)):
        ev = slow_ev_play(game, rnd.cards[box], rnd.cards[other])
        advice = "PLAY" if ev > -1 else "FOLD"
        assert (f"hint: {advice} — EV of playing {float(ev):+.4f} vs folding -1.0000 per Ante, knowing your other "
                f"boxes' 3 cards (exact {ev})") in out
        standard = report.decision(rnd.hand(box)).ev_play
        if standard != ev:
            assert f"(exact {standard})" not in out  # the standard table's figure is not called exact
    ev = slow_ev_play(game, rnd.cards[flipped], rnd.cards[3 - flipped])
    assert (ev > -1) != report.decision(rnd.hand(flipped)).play  # the hint follows the exact EV, not the table


def test_two_boxes_in_the_trainer_count_the_up_card_and_the_other_box(runner, app, url):
    from casino.sitting import Sitting

    game = load_game("3-card-brag")
    seed, _ = flipping_seed(game)
    rnd = first_two_box_round(game, seed)
    up = Sitting(game, Fraction(100), seed=seed).deal(rnd.bets).up_card
    result = runner.invoke(app, ["play", "--db", url, "--seed", seed, "--ante", "1", "--boxes", "2", "--trainer"],
                           input="\nf\nf\nq\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    for box, other in ((1, 2), (2, 1)):
        ev = slow_ev_play(game, rnd.cards[box], rnd.cards[other], up)
        assert (f"box {box} hint, knowing the {up} and your other boxes' 3 cards: {'PLAY' if ev > -1 else 'FOLD'}"
                f" — EV of playing {float(ev):+.4f} vs folding -1.0000 per Ante (exact {ev})") in out


def test_one_box_keeps_the_standard_tables_hint(runner, app, url):
    from casino.events import BoxBets
    from casino.sitting import Sitting

    game = load_game("3-card-brag")
    hand = Sitting(game, Fraction(100), seed="one").deal((BoxBets(1, Fraction(1), Fraction(0)),)).hand(1)
    d = analyze(game).decision(hand)
    result = runner.invoke(app, ["play", "--db", url, "--seed", "one", "--ante", "1"], input="\nf\nq\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert (f"EV of playing {float(d.ev_play):+.4f} vs folding -1.0000 per Ante (exact {d.ev_play})") in out
    assert "other boxes" not in out
