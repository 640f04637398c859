"""A fold that loses the Pair Plus (``pair_plus_on_fold = false``): the table's hint and the auto-player's
optimal strategy count the box's own Pair Plus, through the one mechanism ``brag strategy --pair-plus-ratio``
uses (:func:`casino.edge.pair_plus_counted`)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from casino.edge import analyze
from casino.games import parse_game_text
from casino.hands import hand_table
from casino.rankings import PAY_CLASSES, SPECIAL_PARENT
from casino.sitting import Sitting, flat_stakes
from casino.strategy import ByPairPlus, box_plays, table_strategy
from tests.pair_plus_game import pair_plus_game_text



def game(on_fold: bool = False):
    return parse_game_text(pair_plus_game_text(on_fold))


def pair_plus_pay(g, row: int) -> Fraction:
    """The Pair Plus result of a hand, per unit staked, read straight from the game's paytable (-1 unpaid)."""
    name = PAY_CLASSES[int(hand_table(g.ranking).pay_class[row])]
    pays = dict(g.pair_plus.pays)
    while name not in pays and name in SPECIAL_PARENT:  # a special hand (three 3s) not listed: paid as its category
        name = SPECIAL_PARENT[name]
    return Fraction(pays[name]) if name in pays else Fraction(-1)


@pytest.mark.parametrize("ratio", [Fraction(1), Fraction(1, 2), Fraction(5)])
def test_the_hint_counts_the_box_pair_plus_and_agrees_with_the_strategy_for_every_hand(ratio):
    g = game()
    report = analyze(g)
    coupled = analyze(g, pair_plus_ratio=ratio).play  # brag strategy --pair-plus-ratio's decisions
    differ = 0
    for row in range(len(report.play)):
        blind = report.decision(row)
        d = report.decision(row, pair_plus_ratio=ratio)
        assert d.pair_plus_counted
        assert d.ev_fold == -1 - ratio  # the Ante and the Pair Plus lost
        assert d.ev_play == blind.ev_play + ratio * pair_plus_pay(g, row)
        assert d.play == (d.ev_play > d.ev_fold) == bool(coupled[row])
        differ += d.play != blind.play
    assert differ > 0  # hands the Ante alone would fold: the old hint's mistake


def test_j_8_2_plays_once_its_pair_plus_is_counted():
    d = analyze(game()).decision("Jh 8d 2c", pair_plus_ratio=1)
    assert d.play and d.ev_fold == -2 and d.ev_play == Fraction(-10519, 9212)  # -1.1419: better than -2
    assert not analyze(game()).decision("Jh 8d 2c").play  # the Ante alone says fold


def test_a_pair_plus_that_stands_on_a_fold_or_no_stake_leaves_the_hint_alone():
    for g, ratio in ((game(on_fold=True), 1), (game(), 0)):
        report = analyze(g)
        d = report.decision("Jh 8d 2c", pair_plus_ratio=ratio)
        assert not d.pair_plus_counted and d.ev_fold == -1 and d == report.decision("Jh 8d 2c")


def test_the_auto_players_optimal_decides_each_box_by_its_own_pair_plus():
    g = game()
    strategy = table_strategy(g, "optimal")
    assert isinstance(strategy, ByPairPlus)
    played = {Fraction(0): [], Fraction(1): []}
    for ratio in played:
        sitting = Sitting(g, Fraction(10_000), seed="pair plus counted")
        expected = analyze(g, pair_plus_ratio=ratio).play

        def check(result, expected=expected, ratio=ratio) -> None:
            for box in result.boxes:
                assert box.play == bool(expected[int(hand_table(g.ranking).index(tuple(box.cards)))])
                played[ratio].append(box.play)

        sitting.autoplay(flat_stakes(1, Fraction(4), Fraction(4) * ratio), strategy, hands=300, on_round=check)
    assert all(played[Fraction(1)])  # at 1:1 every hand is worth playing here (brag strategy: "Always play")
    assert not all(played[Fraction(0)])  # without a Pair Plus, some fold


def test_box_plays_reads_a_face_up_table_by_the_up_card():
    from dataclasses import replace

    g = game(on_fold=True)
    face_up = replace(g, rules=replace(g.rules, face_up=True))
    table = table_strategy(face_up, "optimal")
    assert table.shape == (len(analyze(g).play), 52)
    sitting = Sitting(face_up, Fraction(100), seed="up card")
    rnd = sitting.deal(flat_stakes(1, Fraction(1))(sitting))
    assert box_plays(table, rnd, 1) == bool(table[rnd.hand(1), rnd.up_card.index])
    assert np.array_equal(table, table_strategy(face_up, "informed"))
