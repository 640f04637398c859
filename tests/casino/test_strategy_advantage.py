"""casino.advantage: the informed strategy given a seen dealer card or other boxes' cards."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from casino.advantage import informed, informed_outcomes
from casino.cards import Card, parse_cards
from casino.dealer import dealer_outcomes
from casino.edge import analyze
from casino.errors import CardError
from casino.games import load_game
from casino.hands import hand_table


def test_no_information_is_the_plain_analysis():
    game = load_game("three-card-poker")
    table = hand_table(game.ranking)
    possible, counts, n = informed_outcomes(table, table.threshold("Q-high"), None, [])
    plain = dealer_outcomes("poker", "Q-high")
    assert possible.all() and n == 18424
    for key in ("not_qualify", "win", "tie", "lose"):
        assert np.array_equal(counts[key], getattr(plain, key))
    report = informed(game)
    assert report.edge == report.basic_edge == analyze(game).ante_play.house_edge


def test_averaging_over_the_seen_dealer_card_gives_back_the_house_edge():
    game = load_game("3-card-brag")
    total = sum((informed(game, Card.from_index(k)).basic_edge for k in range(52)), Fraction(0))
    assert total / 52 == analyze(game).ante_play.house_edge


def _brute(table, q, player, dealer_card=None, seen=()):
    """Count the dealer hands for one player hand by listing them."""
    used = set(player) | set(seen) | ({dealer_card} if dealer_card is not None else set())
    rest = [c for c in range(52) if c not in used]
    ps = int(table.strength[table.index([Card.from_index(c) for c in player])])
    out = {"not_qualify": 0, "win": 0, "tie": 0, "lose": 0}
    if dealer_card is not None:
        hands = [(dealer_card, a, b) for a, b in combinations(rest, 2)]
    else:
        hands = list(combinations(rest, 3))
    for hand in hands:
        ds = int(table.strength[table.index([Card.from_index(c) for c in hand])])
        key = "not_qualify" if ds < q else "win" if ps > ds else "tie" if ps == ds else "lose"
        out[key] += 1
    return out, len(hands)


@pytest.mark.parametrize(
    ("dealer_card", "seen", "players"),
    [
        ("Kh", "", ["Qs 6d 4c", "Kd Kc 2h", "As 2s 3s"]),
        (None, "Kd 4c 9s", ["Qs 6d 4h", "Jh Th 9h"]),
        ("7h", "Ac Ad", ["Qs 6d 4c", "7c 7d 2s"]),
    ],
)
def test_counts_match_listing_the_dealer_hands(dealer_card, seen, players):
    table = hand_table("poker")
    q = table.threshold("Q-high")
    d = Card.parse(dealer_card).index if dealer_card else None
    seen_idx = [c.index for c in parse_cards(seen)] if seen else []
    possible, counts, n = informed_outcomes(table, q, d, seen_idx)
    for text in players:
        cards = [c.index for c in parse_cards(text)]
        i = table.index(text)
        expected, n_hands = _brute(table, q, cards, d, seen_idx)
        assert possible[i] and n == n_hands
        assert {k: int(counts[k][i]) for k in expected} == expected


def test_a_seen_dealer_card_helps_and_changes_decisions():
    game = load_game("three-card-poker")
    report = informed(game, dealer_card="7h")
    assert report.edge < report.basic_edge
    assert report.gain > 0
    assert report.n_dealer_hands == 1128 and report.n_player_hands == 20825
    changes = report.changes()
    assert changes and all(now for _, _, now in changes)  # a low dealer card: play more
    data = report.to_dict()
    assert data["dealer_card"] == "7h" and data["house_edge"] == float(report.edge)


def test_impossible_information_is_refused():
    game = load_game("three-card-poker")
    with pytest.raises(CardError):
        informed(game, dealer_card="7h", seen="7h 2c")
    with pytest.raises(CardError):
        informed(game, dealer_card="7x")
    with pytest.raises(CardError):
        informed(game, seen="Kd Kd")


def test_published_hole_card_figures():
    """Wizard of Odds newsletter, 6 Sep 2003 (and Eliot Jacobson, 888casino blog, "Three Card Poker
    Hole-Card Play"): seeing one dealer card is a 3.48% (3.483%) player advantage with pays 1-4-5;
    raise on A-9-2 / K-9-2 / Q-9-2 or better against an ace / king / queen, always raise against a
    jack or less."""
    game = load_game("three-card-poker")
    table = hand_table(game.ranking)
    average = sum((informed(game, Card.from_index(k)).edge for k in range(52)), Fraction(0)) / 52
    assert round(float(-average), 5) == 0.03483
    for card, weakest in (("As", "A-9-2"), ("Kd", "K-9-2"), ("Qc", "Q-9-2"), ("Jh", None), ("2s", None)):
        report = informed(game, card)
        played = report.play & report.possible
        folded = ~report.play & report.possible
        if weakest is None:
            assert not folded.any()
            continue
        threshold = table.threshold(weakest)
        assert (table.strength[played] >= threshold).all() and (table.strength[folded] < threshold).all()


@pytest.mark.parametrize(("n_seen", "dealer_card"), [(41, None), (45, None), (46, None), (45, "2c"), (46, "2c")])
def test_up_to_46_seen_cards_leave_a_round_and_match_settling_every_deal(n_seen, dealer_card):
    """52 - 6 = 46 cards may be seen; the edge then equals settling every remaining deal by the rules."""
    from casino.rules import compile_rules

    game = load_game("3-card-brag")
    table = hand_table(game.ranking)
    d = Card.parse(dealer_card) if dealer_card else None
    seen = [Card.from_index(k) for k in range(51, -1, -1) if d is None or k != d.index][:n_seen]
    report = informed(game, dealer_card=d, seen=seen)
    rest = [c for c in range(52) if c not in {s.index for s in seen} and (d is None or c != d.index)]
    rules = compile_rules(game)
    per_hand = []
    for player in combinations(rest, 3):
        others = [c for c in rest if c not in player]
        dealers = [(d.index, a, b) for a, b in combinations(others, 2)] if d else list(combinations(others, 3))
        p = np.full(len(dealers), table.index([Card.from_index(c) for c in player]))
        dd = np.array([table.index([Card.from_index(c) for c in h]) for h in dealers])
        s = rules.settle(p, dd, np.ones(len(dealers), dtype=bool))
        play_value = Fraction(int((s.ante + s.play + s.ante_bonus).sum()), s.scale * len(dealers))
        per_hand.append(max(play_value, Fraction(-1)))
    assert report.n_player_hands == len(per_hand)
    assert report.edge == -sum(per_hand, Fraction(0)) / len(per_hand)


def test_more_than_46_seen_cards_are_refused_with_the_limit():
    deck = [Card.from_index(k) for k in range(52)]
    with pytest.raises(CardError, match=r"too many seen cards \(47\): at most 46"):
        informed(load_game("three-card-poker"), seen=deck[:47])
