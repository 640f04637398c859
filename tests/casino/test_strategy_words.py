"""casino.strategy: the optimal rule in players' words, its exceptions, and what simpler rules cost."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from casino.edge import analyze
from casino.games import load_game
from casino.hands import hand_table
from casino.strategy import play_mask, rule_in_words, strategy_report


@pytest.mark.parametrize("name", ["3-card-brag", "three-card-poker"])
def test_the_optimal_rule_is_q_6_4_with_no_exceptions(name):
    game = load_game(name)
    report = strategy_report(game)
    assert report.rule == "Play Q-6-4 or better"
    assert report.exceptions == () and report.mixed == ()
    assert np.array_equal(analyze(game).play, play_mask(game, "Q-6-4"))


def test_rules_in_words_for_simple_masks():
    game = load_game("three-card-poker")
    table = hand_table(game.ranking)
    assert rule_in_words(game, play_mask(game, "pair"))[0] == "Play any pair or better"
    assert rule_in_words(game, play_mask(game, "always-play"))[0] == "Always play"
    assert rule_in_words(game, play_mask(game, "never-play"))[0] == "Always fold"
    assert rule_in_words(game, play_mask(game, "K-8-3"))[0] == "Play K-8-3 or better"
    # One hand flipped is still read as the threshold, with that hand as the exception.
    mask = play_mask(game, "Q-6-4").copy()
    mask[table.index("Qh 6d 2c")] = True
    assert rule_in_words(game, mask)[0] == "Play Q-6-4 or better"


def test_where_suits_matter_the_exceptions_are_listed_with_exact_evs():
    # With no qualifier and ties won by the player, J-8-4 is played in some suits only.
    game = replace(load_game("three-card-poker"), qualifier="none", ties="player")
    report = strategy_report(game, others=())
    assert report.rule == "Play J-8-4 or better"
    assert report.mixed == (("J-8-4", 36, 60),)
    assert len(report.exceptions) == 24
    best = analyze(game)
    for e in report.exceptions:
        decision = best.decision(e.cards)
        assert decision.play == e.play and decision.ev_play == e.ev_play
        assert (e.ev_play > -1) == e.play


def test_costs_are_exact_edges_against_the_optimal():
    game = load_game("three-card-poker")
    report = strategy_report(game, others=("dealer-copy", "always-play", "pair", "K-high", "dealer-copy"))
    names = [c.name for c in report.costs]
    assert names == ["optimal", "dealer-copy", "always-play", "pair", "K-high"]
    base = analyze(game).ante_play.house_edge
    for c in report.costs:
        edge = analyze(game, play_mask(game, c.name) if c.name != "optimal" else None).ante_play.house_edge
        assert c.house_edge == edge and c.cost == edge - base
        assert c.cost >= 0
    # Always play: every hand against every dealer hand, no fold.
    always = report.costs[2]
    assert always.play_rate == 1
    assert report.to_dict()["strategies"][0]["cost"] == 0.0


def test_strategy_honours_the_pair_plus_ratio(tmp_path):
    path = tmp_path / "strict.toml"
    path.write_text(
        'ranking = "poker"\n[pair_plus]\nhigh_card = 0\npair = 1\nflush = 4\n'
        "[rules]\npair_plus_on_fold = false\n",
        encoding="utf-8",
    )
    game = load_game(str(path))
    alone = strategy_report(game, others=())
    coupled = strategy_report(game, others=(), pair_plus_ratio=Fraction(1))
    assert alone.rule == "Play Q-6-4 or better"
    assert coupled.rule == "Always play"  # folding a high card would now lose both stakes
