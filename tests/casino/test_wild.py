"""Wild-card decks: hand counts against an independent count (every joker tried as every card), hand
values against the independent ranker of :mod:`casino.besthand`, and the exact dealer counts against
a brute force over every dealer hand for a fixed sample of player hands."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from casino.besthand import HandRanker
from casino.edge import analyze
from casino.games import load_game, parse_game_text
from casino.maths.wild import wild_outcomes, wild_table
from tests.reference import ranking_key

BRAG = ("high_card", "pair", "flush", "run", "running_flush", "prial")


def independent_counts(jokers: int) -> Counter:
    """(category the hand stands for, jokers in it) over every hand of 52 + jokers cards: each joker
    tried as each of the 52 cards (a card may repeat one already held: a wild card stands for any)."""
    counts: Counter = Counter()
    for hand in combinations(range(52 + jokers), 3):
        naturals = [c for c in hand if c < 52]
        wild = 3 - len(naturals)
        best = None
        for stand_in in combinations(range(52), wild):
            cards = tuple(sorted(naturals + list(stand_in)))
            if len(set(cards)) < 3:
                continue
            key = ranking_key(cards, BRAG, 1, "top")
            best = key if best is None or key > best else best
        assert best is not None
        counts[(BRAG[best[0]], wild)] += 1
    return counts


@pytest.mark.parametrize("jokers", [1, 2])
def test_joker_deck_hand_counts_against_an_independent_count(jokers):
    table = wild_table("brag", "none", jokers)
    assert len(table.cards) == comb(52 + jokers, 3)
    from casino.rankings import CATEGORIES

    mine = Counter((CATEGORIES[int(c)], int(w)) for c, w in zip(table.category, table.wilds))
    assert mine == independent_counts(jokers)


def test_one_joker_counts_in_words():
    """One joker: 1,326 hands hold it; with it every hand is at least a pair (a pair of the higher card,
    or better), so the 16,440 high-card hands are the natural ones."""
    table = wild_table("brag", "none", 1)
    with_joker = table.wilds == 1
    assert int(with_joker.sum()) == 1_326
    assert not (table.category[with_joker] == 0).any()
    assert int((table.category == 0).sum()) == 16_440


@pytest.mark.parametrize(("wild", "jokers"), [("none", 1), ("none", 2), ("twos", 0), ("one-eyed-jacks", 1)])
def test_values_match_the_besthand_ranker(wild, jokers):
    table = wild_table("brag", wild, jokers)
    ranker = HandRanker(cards=3, wild="jokers" if wild == "none" else wild)
    keys = np.array([ranker.three_key(*map(int, h)) for h in table.cards], dtype=np.int64)
    assert np.array_equal(keys // 256, table.key)


@pytest.mark.parametrize(("wild", "jokers"), [("none", 1), ("none", 2), ("twos", 0)])
def test_dealer_counts_against_every_dealer_hand_for_a_sample(wild, jokers):
    table = wild_table("brag", wild, jokers)
    d = wild_outcomes("brag", "Q-high", wild, jokers)
    ranker = HandRanker(cards=3, wild="jokers" if wild == "none" else wild)
    keys = np.array([ranker.three_key(*map(int, h)) for h in table.cards], dtype=np.int64)
    q = HandRanker(cards=3).three_key(0, 5, 40)  # Q-3-2 offsuit with nothing wild: the weakest queen-high
    q -= q % (4 * 256)  # the qualifier counts what a hand stands for, wild or not
    masks = np.bitwise_or.reduce(np.int64(1) << table.cards.astype(np.int64), axis=1)
    rng = np.random.default_rng(11)
    sample = list(rng.choice(len(keys), 30, replace=False)) + [int(np.argmax(table.wilds))]
    for i in sample:
        disjoint = (masks & masks[i]) == 0
        qualifies = disjoint & (keys >= q)
        expected = (int((disjoint & ~qualifies).sum()), int((qualifies & (keys < keys[i])).sum()),
                    int((qualifies & (keys == keys[i])).sum()), int((qualifies & (keys > keys[i])).sum()))
        assert (int(d.not_qualify[i]), int(d.win[i]), int(d.tie[i]), int(d.lose[i])) == expected
        assert sum(expected) == comb(49 + jokers, 3)


def test_joker_brag_figures_and_round_trip():
    game = load_game("joker-brag")
    report = analyze(game)
    assert report.ante_play.total == comb(53, 3) * comb(50, 3) == 459_149_600
    assert report.pair_plus.total == 23_426
    again = parse_game_text(game.to_toml())
    assert (again.jokers, again.wild) == (1, "none") and again.to_toml() == game.to_toml()
    t = report.table
    rows = {o.label: o.combinations for o in report.pair_plus.outcomes}
    assert rows["Pair"] == int((t.category == 1).sum()) and sum(rows.values()) == 23_426
    assert report.pair_plus.expected_return == Fraction(
        sum(o.combinations * o.pays for o in report.pair_plus.outcomes), 23_426)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("jokers = 3\n", "jokers must be 0, 1 or 2"),
        ("jokers = true\n", "jokers must be 0, 1 or 2"),
        ('wild = "threes"\n', "wild must be one of"),
        ('wild = "jokers"\n', "wild must be one of"),
        ("jokers = 1\ncards = 4\n", "wild cards are for three-card house-banked games"),
        ('jokers = 1\nprime = "prime-1"\n', "prime: side bets are settled on a 52-card deck"),
    ],
)
def test_bad_wild_keys_are_one_line_and_exit_2(runner, app, tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text('ranking = "brag"\n' + text, encoding="utf-8")
    result = runner.invoke(app, ["edge", str(path)])
    assert result.exit_code == 2, result.output
    assert message in result.output and "bad.toml" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_edge_on_the_joker_game(runner, app):
    result = runner.invoke(app, ["edge", "joker-brag"])
    assert result.exit_code == 0 and "23,426 × 19,600 = 459,149,600" in result.output
    assert "one joker in the deck" in result.output
