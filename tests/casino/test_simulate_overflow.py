"""The spread figures stay exact when squares of results exceed int64 (large paytable denominators)."""

from __future__ import annotations

import math

import numpy as np

from casino.games import load_game
from casino.rules import compile_rules
from casino.simulate import card_masks, deal, simulate, simulate_chunk
from casino.solve import solve
from casino.strategy import play_mask


def _solved_game():
    game = solve(load_game("3-card-brag"), "ante_bonus", "run", 0.03).game
    assert compile_rules(game).scale > 3_000_000  # results in units of 1/3,316,320: squares pass 2**63
    return game


def test_sums_of_squares_are_exact_with_a_large_scale():
    game = _solved_game()
    rules = compile_rules(game)
    play = play_mask(game, "optimal")
    masks = card_masks(game.ranking.name)
    tally = simulate_chunk(rules, play, masks, np.random.default_rng(4), 50_000, 6)
    player, dealer = deal(np.random.default_rng(4), 50_000, 6, masks)  # the same stream, the same deal
    s = rules.settle(player.ravel(), np.repeat(dealer, 6), play[player.ravel()])
    per_hand = [int(v) for v in s.ante + s.play + s.ante_bonus]
    per_round = [sum(per_hand[i : i + 6]) for i in range(0, len(per_hand), 6)]
    assert tally.hand_squares[0] == sum(v * v for v in per_hand)
    assert tally.squares[0] == sum(v * v for v in per_round)
    assert tally.squares[0] > 2**63  # the case int64 got wrong


def test_six_boxes_of_a_solved_paytable_give_the_exact_spread():
    bet = simulate(_solved_game(), 200_000, boxes=6, seed=1).bet("ante_play")
    assert math.isclose(bet.std_dev, bet.exact_std_dev, rel_tol=0.01)
    assert bet.round_std > 2 * bet.std_dev  # six boxes against one dealer: a round spreads more than a hand
    assert abs(bet.z_score) < 4
