"""casino.advantage.seen_ev_play / seen_decision and casino.trainer.advise(seen=...): the exact EV of playing
a box when the player's other boxes' cards are seen (the hint at a table of several boxes), against listing
and settling every dealer hand the player has not seen."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from casino.advantage import seen_decision, seen_ev_play
from casino.cards import Card
from casino.edge import analyze
from casino.errors import CardError
from casino.games import load_game
from casino.trainer import advise
from tests.seen_hint_reference import first_two_box_round, flipping_seed, slow_ev_play


@pytest.fixture(scope="module")
def brag():
    return load_game("3-card-brag")


def test_a_two_box_round_is_exact_given_the_other_box_and_can_change_the_decision(brag):
    seed, box = flipping_seed(brag)
    rnd = first_two_box_round(brag, seed)
    report = analyze(brag)
    for b, other in ((1, 2), (2, 1)):
        d = seen_decision(brag, rnd.cards[b], rnd.cards[other])
        slow = slow_ev_play(brag, rnd.cards[b], rnd.cards[other])
        assert d.ev_play == slow and d.ev_fold == -1 and d.play == (slow > -1)
    flipped = seen_decision(brag, rnd.cards[box], rnd.cards[3 - box])
    assert flipped.play != report.decision(rnd.hand(box)).play  # the exact hint's decision, not the table's


@pytest.mark.parametrize("name", ["3-card-brag", "three-card-poker"])
def test_random_boxes_and_up_cards_match_the_slow_count(name):
    game = load_game(name)
    rng = random.Random(name)
    for n_seen in (3, 6, 15):
        cards = [Card.from_index(k) for k in rng.sample(range(52), 4 + n_seen)]
        hand, up, seen = cards[:3], cards[3], cards[4:]
        assert seen_ev_play(game, hand, seen) == slow_ev_play(game, hand, seen)
        assert seen_ev_play(game, hand, seen, up) == slow_ev_play(game, hand, seen, up)
        assert advise(game, hand, up, seen=seen).ev_play == slow_ev_play(game, hand, seen, up)


def test_with_nothing_seen_the_figures_are_todays(brag):
    """One box: the standard table's EV (18,424 dealer hands), and the trainer's cached up-card values."""
    report = analyze(brag)
    rng = random.Random(3)
    for _ in range(40):
        cards = [Card.from_index(k) for k in rng.sample(range(52), 4)]
        assert seen_ev_play(brag, cards[:3], ()) == report.decision(cards[:3]).ev_play
        d, standard = seen_decision(brag, cards[:3], ()), report.decision(cards[:3])
        assert (d.hand, d.play, d.ev_play, d.ev_fold) == (
            standard.hand, standard.play, standard.ev_play, standard.ev_fold)
        assert seen_ev_play(brag, cards[:3], (), cards[3]) == advise(brag, cards[:3], cards[3]).ev_play


def test_impossible_seen_cards_are_refused(brag):
    hand = [Card.parse(c) for c in ("Ah", "Kh", "Qh")]
    with pytest.raises(CardError):
        seen_ev_play(brag, hand, [Card.parse("Ah")])
    with pytest.raises(CardError):
        advise(brag, hand, "2c", seen=[Card.parse("2c")])
