"""Settlement (casino.rules) agrees with the exact calculator: the table and simulator use it."""

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from casino.edge import analyze
from casino.games import Rules, load_game
from casino.hands import N_DEALER_HANDS, hand_index, hand_table
from casino.rules import FOLD, LOSE, NOT_QUALIFY, TIE, WIN, compile_rules


def dealer_rows(table, player_row):
    cards = [int(c) for c in table.cards[player_row]]
    rest = [c for c in range(52) if c not in cards]
    return hand_index(np.array(list(combinations(rest, 3))))


@pytest.mark.parametrize("name", ["3-card-brag", "three-card-poker"])
@pytest.mark.parametrize("ties", ["push", "player", "dealer"])
def test_settling_every_dealer_hand_gives_the_exact_play_value(name, ties):
    from dataclasses import replace

    game = replace(load_game(name, ante_bonus="ante-bonus-6"), ties=ties)
    report = analyze(game)
    rules = compile_rules(game)
    table = report.table
    for text in ("Qh 6d 4c", "As 2s 3s", "3h 3d 3s", "7h 7d 2c", "Kh 9h 4h", "As Ks Qs"):
        i = table.index(text)
        dealers = dealer_rows(table, i)
        s = rules.settle(np.full(len(dealers), i), dealers, np.ones(len(dealers), dtype=bool))
        total = Fraction(int(s.ante.sum() + s.play.sum() + s.ante_bonus.sum()), rules.scale * N_DEALER_HANDS)
        assert total == report.decision(i).ev_play, text
        folded = rules.settle(np.full(len(dealers), i), dealers, np.zeros(len(dealers), dtype=bool))
        assert np.all(folded.outcome == FOLD) and np.all(folded.ante == -rules.scale)
        assert not folded.play.any() and not folded.ante_bonus.any()


def test_outcome_codes_and_pair_plus():
    game = load_game("3-card-brag")
    rules = compile_rules(game)
    t = hand_table("brag")
    cases = [
        ("Qh 6d 4c", "Jh 9d 2c", True, NOT_QUALIFY, 1, 0),
        ("Kh Kd 4c", "Qh 9d 2c", True, WIN, 1, 1),
        ("Kh Kd 4c", "Ks Kc 4d", True, TIE, 0, 0),
        ("Qh 6d 4c", "Ah 2d 3c", True, LOSE, -1, -1),
        ("Qh 6d 4c", "Ah 2d 3c", False, FOLD, -1, 0),
    ]
    for player, dealer, play, outcome, ante, play_net in cases:
        s = rules.settle(np.array([t.index(player)]), np.array([t.index(dealer)]), np.array([play]))
        assert int(s.outcome[0]) == outcome
        assert s.as_fractions()["ante"] == ante and s.as_fractions()["play"] == play_net
    s = rules.settle(np.array([t.index("3h 3d 3s")]), np.array([t.index("2h 2d 2s")]), np.array([True]))
    assert s.as_fractions() == {"ante": 1, "play": 1, "ante_bonus": 5, "pair_plus": 40}
    s = rules.settle(np.array([t.index("Ah Kd 9c")]), np.array([t.index("2h 4d 7s")]), np.array([False]))
    assert s.as_fractions()["pair_plus"] == -1


def test_rule_variations_in_settlement():
    from dataclasses import replace

    game = replace(load_game("3-card-brag"), rules=Rules(ante_bonus_on_loss=False, pair_plus_on_fold=False))
    rules = compile_rules(game)
    t = hand_table("brag")
    run, prial = t.index("4h 5d 6c"), t.index("2h 2d 2s")
    s = rules.settle(np.array([run, run]), np.array([prial, prial]), np.array([True, False]))
    assert int(s.ante_bonus[0]) == 0  # the bonus is not paid on a loss under this rule
    assert int(s.pair_plus[0]) == 6 * rules.scale and int(s.pair_plus[1]) == -rules.scale  # lost with the fold
