"""`brag play` where a fold loses the Pair Plus, and at a Face Up game: the hint counts the box's own Pair
Plus and says so; auto-play's "optimal" is the strategy brag strategy / brag edge give for what the player
may see (each box's Pair Plus ratio; the dealer's up card at a Face Up game), and "informed" is taken there."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.edge import analyze
from casino.events import BoxBets
from casino.games import load_game
from tests.pair_plus_game import LOST_ON_FOLD


@pytest.fixture
def url(tmp_path, monkeypatch):
    monkeypatch.delenv("BRAG_DB", raising=False)
    return f"sqlite:///{tmp_path / 'brag.db'}"


def first_hand(game, seed: str) -> int:
    from casino.sitting import Sitting

    sitting = Sitting(game, Fraction(100), seed=seed)
    return sitting.deal((BoxBets(1, Fraction(1), Fraction(1)),)).hand(1)


def test_the_hint_counts_the_pair_plus_a_fold_would_lose(runner, app, url, tmp_path):
    path = tmp_path / "pr.toml"
    path.write_text(LOST_ON_FOLD)
    game = load_game(str(path))
    report = analyze(game)
    # a first hand the Ante alone would fold but the Pair Plus makes worth playing (found, not hard-coded)
    seed = next(s for s in (f"pp {n}" for n in range(400))
                if not report.decision(first_hand(game, s)).play
                and report.decision(first_hand(game, s), pair_plus_ratio=1).play)
    d = report.decision(first_hand(game, seed), pair_plus_ratio=1)
    result = runner.invoke(app, ["play", str(path), "--db", url, "--seed", seed, "--ante", "1", "--pair-plus", "1"],
                           input="\nf\nq\n")
    out = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert (f"hint: PLAY — EV of playing {float(d.ev_play):+.4f} vs folding -2.0000 per Ante, your Pair Plus counted"
            f" (exact {d.ev_play} vs -2)") in out
    # a Pair Plus half the Ante: the hint counts half
    result = runner.invoke(app, ["play", str(path), "--db", url, "--seed", seed, "--ante", "2", "--pair-plus", "1"],
                           input="\nf\nq\n")
    half = report.decision(first_hand(game, seed), pair_plus_ratio=Fraction(1, 2))
    assert f"vs folding -1.5000 per Ante, your Pair Plus counted (exact {half.ev_play} vs -3/2)" in " ".join(
        result.output.split())


def test_without_a_pair_plus_the_hint_is_the_antes_alone(runner, app, url, tmp_path):
    path = tmp_path / "pr.toml"
    path.write_text(LOST_ON_FOLD)
    result = runner.invoke(app, ["play", str(path), "--db", url, "--seed", "x", "--ante", "1"], input="\nf\nq\n")
    assert result.exit_code == 0, result.output
    assert "vs folding -1.0000 per Ante (exact" in result.output and "Pair Plus counted" not in result.output


def test_auto_optimal_plays_by_the_box_pair_plus(runner, app, url, tmp_path):
    path = tmp_path / "pr.toml"
    path.write_text(LOST_ON_FOLD)
    rate = analyze(load_game(str(path)), pair_plus_ratio=1).ante_play.play_rate
    result = runner.invoke(app, ["play", str(path), "--db", url, "--seed", "auto", "--auto", "--hands", "50",
                                 "--ante", "1", "--pair-plus", "1", "--bankroll", "1000"])
    assert result.exit_code == 0, result.output
    assert rate == 1 and "Strategy 'optimal' plays 100.00% of hands" in " ".join(result.output.split())


def test_face_up_auto_optimal_is_informed_and_informed_is_taken_there_only(runner, app, url, tmp_path):
    path = tmp_path / "fu.toml"
    path.write_text('name = "fu"\nranking = "poker"\n[rules]\nface_up = true\n')
    edge = analyze(load_game(str(path))).ante_play
    for strategy in ("optimal", "informed"):
        result = runner.invoke(app, ["play", str(path), "--db", url, "--seed", "fu", "--auto", "--hands", "20",
                                     "--strategy", strategy, "--bankroll", "1000"])
        assert result.exit_code == 0, result.output
        said = " ".join(result.output.split())
        assert f"Strategy '{strategy}' plays {float(edge.play_rate):.2%} of hands" in said
        assert f"{float(edge.expected_return):+.3%}" in result.output  # brag edge's figure is the expectation
    result = runner.invoke(app, ["play", "three-card-poker", "--db", url, "--auto", "--hands", "5",
                                 "--strategy", "informed"])
    assert result.exit_code == 2 and "only a Face Up game" in result.output


def test_strategy_at_a_face_up_game_says_its_rule_is_the_blind_one(runner, app, tmp_path):
    path = tmp_path / "fu.toml"
    path.write_text('name = "fu"\nranking = "poker"\n[rules]\nface_up = true\n')
    edge = analyze(load_game(str(path))).ante_play
    result = runner.invoke(app, ["strategy", str(path)])
    out = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "optimal strategy without the up card: Play Q-6-4 or better" in out
    assert f"the informed one: house edge {float(edge.house_edge):.4%}, play rate {float(edge.play_rate):.2%}" in out
    assert edge.house_edge < analyze(load_game("three-card-poker")).ante_play.house_edge  # not the blind figure


def test_exact_sessions_at_a_face_up_game_refuse_optimal_rather_than_price_the_blind_one(runner, app, tmp_path):
    path = tmp_path / "fu.toml"
    path.write_text('name = "fu"\nranking = "poker"\n[rules]\nface_up = true\n')
    result = runner.invoke(app, ["session", str(path), "--hands", "5", "--bankroll", "20"])
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "fu is dealt Face Up: its optimal strategy decides on the dealer's up card" in said
    assert len(result.output.strip().splitlines()) == 1
    blind = runner.invoke(app, ["session", str(path), "--hands", "5", "--bankroll", "20", "--strategy", "Q-6-4"])
    assert blind.exit_code == 0, blind.output


def test_the_face_up_hint_counts_the_pair_plus_a_fold_would_lose(runner, app, url, tmp_path):
    """At a Face Up game the terminal's informed hint counted the Ante/Play alone, though a fold lost the Pair Plus."""
    from casino.sitting import Sitting
    from casino.trainer import advise

    path = tmp_path / "fu.toml"
    path.write_text(LOST_ON_FOLD.replace("[rules]\n", "[rules]\nface_up = true\n"))
    game = load_game(str(path))
    rnd = Sitting(game, Fraction(100), seed="fu").deal((BoxBets(1, Fraction(1), Fraction(1)),))
    advice = advise(game, rnd.cards[1], rnd.up_card, 1)
    result = runner.invoke(app, ["play", str(path), "--db", url, "--seed", "fu", "--ante", "1", "--pair-plus", "1"],
                           input="\nf\nq\n")
    out = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert (f"knowing the {rnd.up_card}: {advice.best.upper()} — EV of playing {float(advice.ev_play):+.4f} vs "
            f"folding -2.0000 per Ante, your Pair Plus counted (exact {advice.ev_play})") in out
