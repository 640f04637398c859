"""Dealing many rounds at once (disjoint, uniform hands) and seeds (any text, like ``brag play --seed``)."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from scipy import stats

from casino.deal import card_masks, deal, seed_entropy, seed_value
from casino.errors import BragError
from casino.games import load_game
from casino.hands import N_HANDS, hand_table
from casino.session_sim import simulate_sessions
from casino.simulate import simulate


def test_whole_numbers_keep_their_meaning_and_text_is_hashed():
    assert seed_entropy(7) == seed_entropy("7") == seed_entropy(" 7 ") == 7
    assert seed_entropy("seven") == int.from_bytes(hashlib.sha256(b"seven").digest(), "big")
    assert seed_entropy("seven") != seed_entropy("Seven")
    assert seed_value("7") == 7 and seed_value("seven") == "seven" and isinstance(seed_value(None), int)


@pytest.mark.parametrize("bad", [-1, "", "   ", True, 1.5])
def test_bad_seeds_are_refused(bad):
    with pytest.raises(BragError, match="seed"):
        seed_entropy(bad)


def test_a_text_seed_reproduces_a_simulation():
    game = load_game("3-card-brag")
    a = simulate(game, 3_000, seed="friday night")
    b = simulate(game, 3_000, seed="friday night")
    c = simulate(game, 3_000, seed="friday nite")
    assert a.tally == b.tally != c.tally and a.seed == "friday night"
    assert simulate(game, 3_000, seed="12").tally == simulate(game, 3_000, seed=12).tally


def test_a_text_seed_reproduces_sessions():
    from casino.betting import BettingPattern

    game = load_game("3-card-brag")
    pattern = BettingPattern("martingale", ante=5).with_limits(game.limits)
    runs = [simulate_sessions(game, pattern, bankroll=100, hands=40, sessions=500, seed="x") for _ in range(2)]
    assert (runs[0].final == runs[1].final).all() and runs[0].seed == "x"


# ---------------------------------------------------------------------------------------------------
# Dealing


@pytest.mark.parametrize("boxes", [1, 3, 6])
def test_deal_gives_disjoint_hands(boxes):
    masks = card_masks("brag")
    player, dealer = deal(np.random.default_rng(5), 20_000, boxes, masks)
    assert player.shape == (20_000, boxes) and dealer.shape == (20_000,)
    used = np.bitwise_or.reduce(masks[player], axis=1) | masks[dealer]
    assert (np.bitwise_count(used) == 3 * (boxes + 1)).all()
    assert player.min() >= 0 and player.max() < N_HANDS


def test_dealt_hands_are_uniform_over_all_22100():
    masks = card_masks("poker")
    player, dealer = deal(np.random.default_rng(11), 400_000, 2, masks)
    for hands in (player[:, 0], player[:, 1], dealer):
        counts = np.bincount(hands, minlength=N_HANDS)
        assert stats.chisquare(counts).pvalue > 1e-4


def test_dealt_cards_are_uniform_and_every_box_sees_the_same_deck():
    """Each card equally likely in every position: a biased redraw would favour some cards late."""
    table = hand_table("brag")
    player, dealer = deal(np.random.default_rng(2), 100_000, 6, card_masks("brag"))
    for column in (player[:, 0], player[:, 5], dealer):
        cards = np.bincount(table.cards[column].ravel(), minlength=52)
        assert stats.chisquare(cards).pvalue > 1e-4


def test_boxes_never_share_a_card():
    table = hand_table("brag")
    player, _ = deal(np.random.default_rng(3), 50_000, 2, card_masks("brag"))
    first, second = table.cards[player[:, 0]], table.cards[player[:, 1]]
    assert not (first[:, :, None] == second[:, None, :]).any()
