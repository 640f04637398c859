"""Side bets settled at the table agree with the exact reports, deal by deal and on average."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from casino.errors import CardError
from casino.hands import hand_table
from casino.sidebets import load_side_bet
from casino.sidebets.settle import settle_side_bets


def _deal(rng, n):
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :6]
    return cards[:, :3], cards[:, 3:]


@pytest.mark.parametrize("name", ["colour-bonus-1", "progressive-1"])
def test_three_card_bets_over_every_player_hand_average_to_the_exact_return(name):
    bet = load_side_bet(name)
    player = hand_table("poker").cards.astype(np.int64)
    # Any dealer hand will do (these bets ignore it): the first three of cards 0-5 the player lacks.
    candidates = np.arange(6)
    taken = (player[:, :, None] == candidates[None, None, :]).any(axis=1)
    dealer = np.argsort(taken, axis=1, kind="stable")[:, :3]
    s = settle_side_bets([bet], player, dealer)
    assert Fraction(int(s.nets[bet.bet].sum()), s.scale * len(player)) == bet.report().expected_return


def test_prime_over_every_dealer_hand_for_sampled_player_hands():
    bet = load_side_bet("prime-1")
    table = hand_table("poker")
    rng = np.random.default_rng(7)
    all_hands = table.cards.astype(np.int64)
    for i in rng.choice(len(all_hands), size=12, replace=False):
        player = all_hands[i]
        dealer = all_hands[~np.isin(all_hands, player).any(axis=1)]
        s = settle_side_bets([bet], np.repeat(player[None, :], len(dealer), axis=0), dealer)
        red = np.isin(player % 4, (1, 2))
        one_colour = red.all() or (~red).all()
        expected = Fraction(-1) if not one_colour else Fraction(4 * 1771 + 3 * (18424 - 1771), 18424)
        assert Fraction(int(s.nets["prime"].sum()), s.scale * len(dealer)) == expected


def _plain_six(cards) -> str | None:
    order = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
             "three_of_a_kind", "two_pair", "pair", "high_card")
    best = None
    for five in combinations(cards, 5):
        ranks = sorted(c // 4 for c in five)
        suits = {c % 4 for c in five}
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        straight = len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
        if straight and len(suits) == 1:
            hand = "royal_flush" if ranks[0] == 8 else "straight_flush"
        elif counts[0] == 4:
            hand = "four_of_a_kind"
        elif counts[:2] == [3, 2]:
            hand = "full_house"
        elif len(suits) == 1:
            hand = "flush"
        elif straight:
            hand = "straight"
        elif counts[0] == 3:
            hand = "three_of_a_kind"
        elif counts[:2] == [2, 2]:
            hand = "two_pair"
        elif counts[0] == 2:
            hand = "pair"
        else:
            hand = "high_card"
        if best is None or order.index(hand) < order.index(best):
            best = hand
    return best


def test_six_card_bonus_deal_by_deal_against_a_plain_evaluator():
    bet = load_side_bet("six-card-bonus-1")
    rng = np.random.default_rng(2026)
    player, dealer = _deal(rng, 3000)
    # Make sure the rare hands are there too.
    player = np.vstack([player, [[48, 44, 40], [0, 4, 8], [0, 1, 2]]])
    dealer = np.vstack([dealer, [[36, 32, 1], [12, 16, 5], [3, 7, 11]]])
    s = settle_side_bets([bet], player, dealer)
    for i in range(len(player)):
        hand = _plain_six([*player[i], *dealer[i]])
        assert s.hand("six_card_bonus", i) == hand
        pays = bet.pay_for(hand)  # two pair and below: a hand the table does not pay loses
        assert s.net("six_card_bonus", i) == (pays if pays is not None else -1)
    assert s.hand("six_card_bonus", len(player) - 3) == "royal_flush"


def test_simulated_mean_inside_the_confidence_interval_of_the_exact_edge():
    bets = [load_side_bet(n) for n in ("six-card-bonus-1", "colour-bonus-1", "prime-1")]
    rng = np.random.default_rng(11)
    player, dealer = _deal(rng, 100_000)
    s = settle_side_bets(bets, player, dealer)
    for bet in bets:
        report = bet.report()
        values = s.nets[bet.bet] / s.scale
        half_width = 4 * report.std_dev / np.sqrt(len(values))
        assert abs(values.mean() - float(report.expected_return)) < half_width


def test_bad_rounds_are_refused():
    bet = load_side_bet("prime-1")
    with pytest.raises(CardError):
        settle_side_bets([bet], np.array([[0, 1, 2]]), np.array([[2, 3, 4]]))
    with pytest.raises(CardError):
        settle_side_bets([bet], np.array([[0, 1, 2]]), np.array([[3, 4, 5], [6, 7, 8]]))
