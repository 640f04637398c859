"""casino.besthand against the independent slow evaluator: every 4-card hand, samples of 5 cards and jokers."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from casino.besthand import WILD_CHOICES, HandRanker
from casino.cards import Joker, parse_cards, parse_cards_with_jokers
from casino.errors import CardError
from tests.casino.classic.slow_eval import slow_key


def same_order(hands, fast, slow) -> None:
    """``fast`` (integers) orders ``hands`` exactly as ``slow`` (tuples) does, equal hands included."""
    pairs = {}
    for hand in hands:
        f, s = fast(hand), slow(hand)
        assert pairs.setdefault(f, s) == s, f"{hand}: one fast key, two slow keys"
    ordered = sorted(pairs.items())
    slow_keys = [s for _, s in ordered]
    assert slow_keys == sorted(slow_keys) and len(set(slow_keys)) == len(slow_keys)


ALL_FOUR = list(combinations(range(52), 4))


def test_there_are_270725_four_card_hands():
    assert len(ALL_FOUR) == 270_725


@pytest.mark.parametrize("wild", ["none", "twos"])
def test_every_four_card_hand_matches_the_slow_evaluator(wild):
    ranker = HandRanker(cards=4, wild=wild)
    same_order(ALL_FOUR, ranker.best_key, lambda h: slow_key(h, wild))


@pytest.mark.slow
@pytest.mark.parametrize("wild", [w for w in WILD_CHOICES if w not in ("none", "twos", "jokers")])
def test_every_four_card_hand_every_other_wild_choice(wild):
    """(Jokers are not among the 52 cards: they are in the sampled tests below.)"""
    ranker = HandRanker(cards=4, wild=wild)
    same_order(ALL_FOUR, ranker.best_key, lambda h: slow_key(h, wild))


@pytest.mark.parametrize("wild", WILD_CHOICES)
def test_three_card_hands_with_every_wild_choice(wild):
    ranker = HandRanker(cards=3, wild=wild)
    hands = list(combinations(range(52), 3))
    same_order(hands, ranker.best_key, lambda h: slow_key(h, wild))


@pytest.mark.parametrize("wild", WILD_CHOICES)
def test_a_fixed_sample_of_five_card_hands(wild):
    rng = random.Random(f"five-{wild}")
    hands = [tuple(rng.sample(range(52), 5)) for _ in range(20_000)]
    ranker = HandRanker(cards=5, wild=wild)
    same_order(hands, ranker.best_key, lambda h: slow_key(h, wild))


@pytest.mark.parametrize(("cards", "jokers"), [(3, 1), (3, 2), (4, 2), (5, 2)])
def test_a_fixed_sample_with_jokers(cards, jokers):
    rng = random.Random(f"jokers-{cards}-{jokers}")
    pack = list(range(52 + jokers))
    hands = [tuple(rng.sample(pack, cards)) for _ in range(20_000)]
    ranker = HandRanker(cards=cards, wild="jokers")
    same_order(hands, ranker.best_key, lambda h: slow_key(h, "jokers"))


# --- worked examples ----------------------------------------------------------------------------------
def test_natural_beats_wild_and_fewer_wilds_beat_more():
    ranker = HandRanker(wild="twos")
    natural = ranker.best("Ah Ad As").key
    one = ranker.best("Ah Ad 2s").key
    two = ranker.best("Ah 2d 2s").key
    assert natural > one > two
    assert ranker.best("2h 2d 2s").name == "Prial of 3s (3 wild)"  # three wild cards: the top prial
    assert ranker.best("2h 2d 2s").key > natural
    assert ranker.best("3h 3d 3s").key > ranker.best("2h 2d 2s").key  # but a natural 3-3-3 beats it (docs)


def test_a_wild_card_takes_the_value_that_makes_the_best_hand():
    assert HandRanker(wild="one-eyed-jacks").best("Qs Ks Js").name == "Running flush A-K-Q (1 wild)"
    assert HandRanker(wild="suicide-king").best("3h 3d Kh").name == "Prial of 3s (1 wild)"
    # 9d is a bragger: 7c 8d + wild makes a run 9-8-7 at best (no flush: 7c and 8d differ)
    assert HandRanker(wild="braggers").best("7c 8d 9d").name == "Run 9-8-7 (1 wild)"
    assert HandRanker(wild="black-twos").best("2c 5h 5d").name == "Prial of 5s (1 wild)"
    assert HandRanker(wild="black-twos").best("2h 5h 5d").name == "Pair of 5s, 2 kicker"  # a red two is not wild
    assert HandRanker(wild="jokers").best("Jk 5h 5d").name == "Prial of 5s (1 wild)"


def test_four_and_five_card_discards_break_ties():
    four = HandRanker(cards=4)
    assert four.best("Kh Kd Ks 9c").key > four.best("Kc Kd Ks 8c").key  # discard 9 beats discard 8
    assert four.best("Kh Kd Ks 9c").key == four.best("Kc Kd Ks 9h").key  # equal discards: equal hands
    five = HandRanker(cards=5)
    a, b = five.best("Qh Qd Qs 9c 4d"), five.best("Qc Qd Qs 9h 5h")
    assert a.name == b.name == "Prial of Queens"
    assert b.key > a.key  # discards 9-5 beat 9-4 (highest first, then the next)
    best = five.best("As Ks Qs 2d 7c")
    assert best.name == "Running flush A-K-Q" and sorted(str(c) for c in best.discards) == ["2♦", "7♣"]


def test_a_chosen_discard_can_be_worse_than_the_best():
    four = HandRanker(cards=4)
    cards = [c.index for c in parse_cards("Ah Ad Kc 2s")]
    best = four.best_key(cards)
    kept_badly = four.key_of(cards[1:], cards[:1])  # keeps A-K-2, throws an ace
    assert kept_badly < best == four.key_of([cards[0], cards[1], cards[2]], [cards[3]])


def test_card_text_with_jokers():
    assert parse_cards_with_jokers("Jk Jk 3h") == (Joker(1), Joker(2), parse_cards("3h")[0])
    with pytest.raises(CardError, match="unknown card"):
        parse_cards("Jk 3h 3d")  # the 52-card parser is unchanged
    with pytest.raises(CardError, match="at most 1"):
        parse_cards_with_jokers("Jk Jk 3h", max_jokers=1)
    with pytest.raises(CardError, match="expected 4 cards"):
        HandRanker(cards=4).best("Ah Kh Qh")
    with pytest.raises(CardError, match="unknown wild"):
        HandRanker(wild="sevens")
