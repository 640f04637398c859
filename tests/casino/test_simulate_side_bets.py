"""`simulate` tallies every side bet the game offers, beside its exact value, with a z-score."""

from __future__ import annotations

import numpy as np

from casino.bets import side_bet_names
from casino.games import load_game
from casino.rules import compile_rules
from casino.simulate import simulate
from casino.sidebets.settle import settle_side_bets
from casino.strategy import play_mask
from casino.tally import simulate_chunk
from casino.deal import card_masks


def test_each_side_bet_is_simulated_beside_its_exact_value():
    game = load_game("brag-with-side-bets")
    result = simulate(game, hands=60_000, boxes=2, seed=11)
    names = [b.bet for b in result.bets]
    assert names == ["ante_play", "pair_plus", *side_bet_names()]
    for bet in result.bets:
        assert abs(bet.z_score) < 4, (bet.bet, bet.z_score)  # fixed seed: a real difference would show
        assert abs(bet.hit_rate - float(bet.exact_hit_rate)) < 5 * np.sqrt(float(bet.exact_hit_rate) / 60_000)
    assert result.to_dict()["bets"]["prime"]["exact_mean"] == float(result.exact.side_bets[2].expected_return)


def test_the_side_tally_is_the_sum_of_each_hands_settlement():
    """The tally's sums equal settling the same dealt cards directly, hand by hand."""
    game = load_game("brag-with-side-bets")
    rules = compile_rules(game)
    masks = card_masks(game.ranking)
    tally = simulate_chunk(rules, play_mask(game, "optimal"), masks, np.random.default_rng(5), 500, 3)
    from casino.deal import deal

    player, dealer = deal(np.random.default_rng(5), 500, 3, masks)  # the same stream: the same cards
    cards = rules.table.cards.astype(np.int64)
    direct = settle_side_bets(game.side_bets, cards[player.ravel()], cards[np.repeat(dealer, 3)])
    for bet in side_bet_names():
        nets = direct.nets[bet]
        per_round = nets.reshape(500, 3).sum(axis=1)
        assert tally.side[bet] == [int(nets.sum()), int((per_round**2).sum()), int((nets**2).sum()), int((nets > 0).sum())]
    assert tally.side_scale == direct.scale


def test_a_game_without_side_bets_tallies_none():
    result = simulate(load_game("3-card-brag"), hands=1000, seed=1)
    assert result.tally.side == {} and [b.bet for b in result.bets] == ["ante_play", "pair_plus"]
