"""The 22,100-hand table: category counts, complete order against an independent evaluator."""

from collections import Counter

import numpy as np
import pytest

from casino.errors import BragError
from casino.hands import N_HANDS, hand_index, hand_table
from casino.rankings import CATEGORIES, PAY_CLASSES, get_ranking, hand_key
from tests.reference import all_hands, card_text, slow_key

PUBLISHED_COUNTS = {
    "running_flush": 48,
    "prial": 52,
    "run": 720,
    "flush": 1_096,
    "pair": 3_744,
    "high_card": 16_440,
}


@pytest.fixture(scope="module", params=["brag", "poker"])
def table(request):
    return hand_table(request.param)


def test_category_counts(table):
    counts = Counter(CATEGORIES[c] for c in table.category)
    assert counts == PUBLISHED_COUNTS
    assert sum(counts.values()) == N_HANDS == 22_100


def test_special_hands_are_four_each(table):
    counts = Counter(PAY_CLASSES[c] for c in table.pay_class)
    assert counts["mini_royal"] == counts["prial_of_threes"] == counts["three_aces"] == 4
    assert counts["running_flush"] + counts["mini_royal"] == 48
    assert counts["prial"] + counts["prial_of_threes"] + counts["three_aces"] == 52


def test_rows_are_in_colex_order_and_indexable(table):
    assert np.array_equal(hand_index(table.cards), np.arange(N_HANDS))
    assert table.index("As Kd 2c") == table.index("2c Kd As")


def test_complete_order_matches_an_independent_evaluator(table):
    """Every pair of the 22,100 hands compares the same way as under the slow, rule-by-rule evaluator."""
    keys = [slow_key(tuple(card_text(c) for c in hand), table.ranking.name) for hand in all_hands()]
    by_index = {}
    for hand, key in zip(all_hands(), keys):
        by_index[int(hand_index(np.array(hand)))] = key
    distinct = sorted(set(keys))
    dense = {key: i for i, key in enumerate(distinct)}
    expected = np.array([dense[by_index[i]] for i in range(N_HANDS)])
    assert np.array_equal(table.strength, expected)


def test_suits_never_break_ties(table):
    ranks = np.sort(table.cards.astype(np.int64) // 4, axis=1)
    flush = np.all(table.cards % 4 == (table.cards % 4)[:, :1], axis=1)
    key = ranks[:, 0] * 10_000 + ranks[:, 1] * 100 + ranks[:, 2] + flush * 1_000_000
    for k in np.unique(key)[::97]:
        assert len(np.unique(table.strength[key == k])) == 1


def strength(table, text):
    return int(table.strength[table.index(text)])


def test_brag_places_three_threes_and_a23_on_top():
    t = hand_table("brag")
    top = int(t.strength.max())
    assert strength(t, "3h 3d 3s") == top
    assert strength(t, "3h 3d 3s") > strength(t, "Ah Ad As") > strength(t, "2h 2d 2s")
    assert strength(t, "2h 2d 2s") > strength(t, "As 2s 3s")  # any prial beats any running flush
    assert strength(t, "As 2s 3s") > strength(t, "As Ks Qs") > strength(t, "Ks Qs Js") > strength(t, "4s 3s 2s")
    assert strength(t, "4s 3s 2s") > strength(t, "Ad 2s 3s")  # any running flush beats any run
    assert strength(t, "Ad 2s 3s") > strength(t, "Ad Ks Qs") > strength(t, "4d 3s 2s") > strength(t, "As Ks 9s")
    assert strength(t, "2s 4s 5s") > strength(t, "Ah Ad Kc")  # flush beats pair
    assert strength(t, "Ah Kh Jh") > strength(t, "Ah Qh Jh")  # flushes compare highest card first


def test_poker_places_a23_lowest_and_aces_top_trips():
    t = hand_table("poker")
    assert strength(t, "As Ks Qs") == int(t.strength.max())
    assert strength(t, "As 2s 3s") < strength(t, "4s 3s 2s")  # A-2-3 is the lowest straight flush
    assert strength(t, "As 2s 3s") > strength(t, "Ah Ad As")  # straight flush beats trips
    assert strength(t, "Ah Ad As") > strength(t, "3h 3d 3s") > strength(t, "2h 2d 2s")
    assert strength(t, "2h 2d 2s") > strength(t, "Ad Ks Qs")  # trips beat a straight
    assert strength(t, "Ad 2s 3s") < strength(t, "4d 3s 2s")
    assert strength(t, "Ad 2s 3s") > strength(t, "As Ks Js")  # straight beats a flush


def test_pairs_by_pair_then_kicker():
    t = hand_table("brag")
    assert strength(t, "7h 7d Kc") > strength(t, "7s 7c Qh") > strength(t, "6h 6d Ac")
    assert strength(t, "7h 7d Kc") == strength(t, "7s 7c Kh")


@pytest.mark.parametrize(
    ("hand", "brag", "poker"),
    [
        ("3h 3d 3s", "Prial of 3s", "Three of a kind, 3s"),
        ("As 2s 3s", "Running flush A-2-3", "Straight flush A-2-3"),
        ("Qd Jc Th", "Run Q-J-10", "Straight Q-J-10"),
        ("7h 7d Kc", "Pair of 7s, K kicker", "Pair of 7s, K kicker"),
        ("Kh 9h 4h", "Flush K-9-4", "Flush K-9-4"),
        ("Qh 6d 4c", "Q-6-4 high", "Q-6-4 high"),
    ],
)
def test_hand_names(hand, brag, poker):
    assert hand_table("brag").describe(hand_table("brag").index(hand)) == brag
    assert hand_table("poker").describe(hand_table("poker").index(hand)) == poker


def test_thresholds():
    t = hand_table("poker")
    assert t.threshold("none") == 0
    assert t.threshold("Q-high") == strength(t, "Qh 3d 2c")
    assert t.threshold("Q-6-4") == strength(t, "Qh 6d 4c")
    assert t.threshold("q/6/4") == t.threshold("Q-6-4")
    assert t.threshold("A-high") == strength(t, "Ah 4d 2c")  # A-3-2 is a straight
    assert t.threshold("pair") == strength(t, "2h 2d 3c")
    with pytest.raises(BragError, match="Q-X-4"):
        t.threshold("Q-X-4")
    with pytest.raises(BragError, match="cannot read"):
        t.threshold("better than average")


def test_ranking_data_and_words():
    assert get_ranking("brag").order[-1] == "prial"
    assert get_ranking("poker").order[-1] == "running_flush"
    assert hand_key("Straight Flush") == "running_flush"
    assert hand_key("trips") == hand_key("three_of_a_kind") == "prial"
    with pytest.raises(KeyError):
        hand_key("royal_flush")
    with pytest.raises(BragError, match="unknown ranking 'pinochle'"):
        get_ranking("pinochle")
