"""A Face Up game whose fold loses the Pair Plus: the informed hint and the auto-player count the box's own Pair
Plus, as the blind ones do (they valued the Ante/Play alone: a fold there also loses the Pair Plus)."""

from __future__ import annotations

import random
import tomllib
from fractions import Fraction
from types import SimpleNamespace

import pytest

from casino.cards import Card
from casino.games import parse_game_text
from casino.hands import hand_table
from casino.rankings import PAY_CLASSES, SPECIAL_PARENT
from casino.strategy import ByPairPlus, box_plays, table_strategy
from casino.trainer import advise
from tests.pair_plus_game import pair_plus_game_text


def _face_up(on_fold: bool) -> str:
    return pair_plus_game_text(on_fold).replace("[rules]\n", "[rules]\nface_up = true\n")


LOST = parse_game_text(_face_up(False))
STANDS = parse_game_text(_face_up(True))
# the file's words as the canonical pay classes (Three Card Poker's straight is Brag's run)
WORDS = {"straight": "run", "straight_flush": "running_flush", "three_of_a_kind": "prial"}
PAYS = {WORDS.get(name, name): Fraction(str(pay)) for name, pay in tomllib.loads(_face_up(False))["pair_plus"].items()}


def _pair_plus_net(row: int) -> Fraction:
    """What the Pair Plus nets when played, read from the game file's own text (-1: the hand is not paid)."""
    name = PAY_CLASSES[int(hand_table(LOST.ranking).pay_class[row])]
    while name not in PAYS and name in SPECIAL_PARENT:
        name = SPECIAL_PARENT[name]
    return PAYS.get(name, Fraction(-1))


def _deals(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        cards = rng.sample(range(52), 4)
        yield [Card.from_index(c) for c in cards[:3]], Card.from_index(cards[3])


@pytest.mark.parametrize("ratio", [Fraction(1), Fraction(1, 2), Fraction(5)])
def test_the_informed_hint_counts_the_pair_plus_a_fold_loses(ratio):
    table = hand_table(LOST.ranking)
    flips = 0
    for hand, up in _deals(400, int(ratio * 10)):
        alone = advise(STANDS, hand, up)  # the Ante/Play values, a fold keeping the Pair Plus
        counted = advise(LOST, hand, up, ratio)
        row = table.index(tuple(hand))
        assert counted.pair_plus_counted and not alone.pair_plus_counted
        assert counted.ev_fold == -1 - ratio
        assert counted.ev_play == alone.ev_play + ratio * _pair_plus_net(row)
        flips += counted.best != alone.best
    assert flips  # the decision does change for some hands
    assert not advise(LOST, "Qh 6d 4c", "Ks").pair_plus_counted  # no Pair Plus staked: the Ante/Play alone


@pytest.mark.parametrize("ratio", [Fraction(1), Fraction(5)])
def test_the_auto_player_plays_what_the_informed_hint_says(ratio):
    for name in ("optimal", "informed"):
        strategy = table_strategy(LOST, name)
        assert isinstance(strategy, ByPairPlus)
        table = hand_table(LOST.ranking)
        for hand, up in _deals(300, 7):
            rnd = SimpleNamespace(hand=lambda box, h=hand: table.index(tuple(h)), up_card=up,
                                  bets=[SimpleNamespace(box=1, ante=Fraction(2), pair_plus=2 * ratio)])
            assert box_plays(strategy, rnd, 1) == (advise(LOST, hand, up, ratio).best == "play")
    assert not isinstance(table_strategy(STANDS, "optimal"), ByPairPlus)
