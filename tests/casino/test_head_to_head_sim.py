"""Head-to-head settlement (hand-worked rounds, against the exact counts) and its simulation."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from casino.dealer import dealer_outcomes
from casino.deal import card_masks
from casino.games import load_game
from casino.hands import hand_table
from casino.maths.head_to_head import analyze_head_to_head
from casino.maths.head_to_head_settle import compile_head_to_head
from casino.maths.head_to_head_sim import simulate_head_to_head

F = Fraction


def settle_one(game, first: str, second: str) -> dict[str, Fraction]:
    rules = compile_head_to_head(game)
    table = hand_table(game.ranking)
    nets = rules.settle(np.array([table.index(first)]), np.array([table.index(second)]))
    return {name: rules.net(nets, name, 0) for name in rules.names}


def test_teen_patti_20_20_player_a_wins_three_aces_over_a_pure_sequence():
    # Teen Patti: a trail (three of a kind) beats a pure sequence. A wins 0.95, B and the Tie lose;
    # Pair + pays three aces 50 on A and the pure sequence 30 on B; the six cards A-A-A-K-Q-J make
    # three of a kind (four hearts, no ten): the 6 Card Bonus pays 7.
    nets = settle_one(load_game("teen-patti-20-20"), "Ah Ad Ac", "Kh Qh Jh")
    assert nets == {"player_a": F(19, 20), "player_b": F(-1), "tie": F(-1), "pair_plus_player_a": F(50),
                    "pair_plus_player_b": F(30), "six_card_bonus": F(7)}


def test_teen_patti_20_20_player_b_wins_and_six_cards_make_a_straight():
    # A holds a pair of fives (Pair + pays 1), B the pure sequence 6-7-8 of spades (30) and wins;
    # the six cards 5-5-6-7-8-9 hold the straight 5 to 9 (not a flush): the 6 Card Bonus pays 10.
    nets = settle_one(load_game("teen-patti-20-20"), "5c 5d 9h", "6s 7s 8s")
    assert nets == {"player_a": F(-1), "player_b": F(19, 20), "tie": F(-1), "pair_plus_player_a": F(1),
                    "pair_plus_player_b": F(30), "six_card_bonus": F(-1) + 11}


def test_teen_patti_20_20_tie_pays_800_and_the_hand_bets_push():
    # The same ranks in other suits tie: A and B push, the Tie pays 800; high cards lose Pair +;
    # two pair (2-2-3-3-5-5) is not paid by this 6 Card Bonus.
    game = load_game("teen-patti-20-20")
    nets = settle_one(game, "2c 3d 5h", "2s 3h 5c")
    assert nets == {"player_a": F(0), "player_b": F(0), "tie": F(800), "pair_plus_player_a": F(-1),
                    "pair_plus_player_b": F(-1), "six_card_bonus": F(-1)}
    losing = replace(game, head_to_head=replace(game.head_to_head, hand_bets_on_tie="lose"))
    nets = settle_one(losing, "2c 3d 5h", "2s 3h 5c")
    assert nets["player_a"] == nets["player_b"] == F(-1) and nets["tie"] == 800


def test_teen_patti_pro_hand_bets_pay_exactly_the_value_held():
    # Poker ranking: a straight flush beats three of a kind, so the Banker wins (1.9 for 1: +0.9).
    # Three kings on the Player: the three-of-a-kind bet pays 405 for 1 (+404); the Banker's straight
    # flush pays 440 for 1 (+439) and does NOT win the bet on a straight (exactly that value).
    nets = settle_one(load_game("teen-patti-pro"), "Kh Kd Ks", "2h 3h 4h")
    assert nets["player"] == -1 and nets["banker"] == F(9, 10) and nets["tie"] == -1
    assert nets["prial_on_player"] == 404 and nets["running_flush_on_banker"] == 439
    assert nets["run_on_banker"] == nets["pair_on_player"] == nets["prial_on_banker"] == -1
    assert nets["pair_on_banker"] == nets["flush_on_banker"] == nets["running_flush_on_player"] == -1


@pytest.mark.parametrize("name", ["teen-patti-20-20", "teen-patti-pro"])
def test_settlement_against_every_second_hand_matches_the_exact_counts(name):
    # For a fixed sample of first hands, settle against every disjoint second hand (18,424 each) and
    # compare the win / tie / lose counts with the exact calculator's per-hand counts.
    game = load_game(name)
    rules = compile_head_to_head(game)
    masks = card_masks(game.ranking)
    exact = dealer_outcomes(game.ranking, "none")
    for a in np.random.default_rng(5).choice(len(masks), 40, replace=False):
        b = np.flatnonzero((masks & masks[a]) == 0)
        assert b.size == 18_424
        nets = rules.settle(np.full(b.size, a), b)
        win = F(rules.win, rules.scale)
        mine = nets[game.head_to_head.bet_names[0]]
        assert int((mine == rules.win).sum()) == int(exact.win[a])
        assert int((mine == 0).sum()) == int(exact.tie[a]) == int((nets["tie"] > 0).sum())
        assert int((mine == -rules.scale).sum()) == int(exact.lose[a])
        assert F(int(mine.sum()), rules.scale) == win * int(exact.win[a]) - int(exact.lose[a])


# Seeds re-pinned when the streams became one per chunk (casino.workers.chunk_seed): under that layout seed 12
# dealt Teen Patti Pro's rare three-of-a-kind bet (1 in 425, 405 for 1) 4.1 standard errors low, outside
# its 99.9 % interval; over 30 seeds the z-scores of every bet are centred with spread 1 (a check of the deal).
@pytest.mark.parametrize("name,seed", [("teen-patti-20-20", 11), ("teen-patti-pro", 13)])
def test_simulated_means_agree_with_the_exact_values(name, seed):
    game = load_game(name)
    result = simulate_head_to_head(game, 300_000, seed=seed)
    exact = analyze_head_to_head(game)
    assert [b.bet for b in result.bets] == [b.bet for b in exact.bets]
    for bet in result.bets:
        low, high = bet.confidence_interval(0.999)
        assert low < float(bet.exact_mean) < high, (bet.bet, bet.mean, float(bet.exact_mean))
        assert abs(bet.hit_rate - float(bet.exact_hit_rate)) < 5 * (float(bet.exact_hit_rate) / 300_000) ** 0.5 + 1e-9
    for row in result.outcomes():
        assert abs(row.z_score) < 4, row
    assert sum(result.outcome_counts) == 300_000


def test_a_seed_gives_the_same_rounds_and_chunks_do_not_matter():
    game = load_game("teen-patti-20-20")
    one = simulate_head_to_head(game, 50_000, seed="lucky")
    again = simulate_head_to_head(game, 50_000, seed="lucky", chunk=50_000)
    other = simulate_head_to_head(game, 50_000, seed="other")
    assert one.sums == again.sums and one.seed == "lucky"
    assert one.sums != other.sums


def test_bad_rounds_are_refused():
    from casino.errors import BragError

    with pytest.raises(BragError, match="at least 1"):
        simulate_head_to_head(load_game("teen-patti-pro"), 0)


def test_simulate_cli_on_a_head_to_head_game(runner, app):
    result = runner.invoke(app, ["simulate", "teen-patti-20-20", "--hands", "20000", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "Teen Patti 20-20 — 20,000 rounds, seed 4" in result.output
    assert "Player A wins" in result.output and "-0.02497" in result.output  # the exact A/B return
    data = json.loads(runner.invoke(app, ["simulate", "teen-patti-pro", "-n", "5000", "--seed", "4", "--json"]).output)
    assert data["shape"] == "head_to_head" and data["rounds"] == 5000
    assert set(data["bets"]) >= {"player", "banker", "tie", "pair_on_player", "prial_on_banker"}
    assert data["bets"]["player"]["exact_mean"] == pytest.approx(-0.049945, abs=1e-6)


def test_sums_of_squares_stay_exact_past_int64():
    from casino.maths.head_to_head_sim import _sum_of_squares

    values = np.array([3_000_000_000, -3_000_000_000, 7] * 1000, dtype=np.int64)
    assert _sum_of_squares(values) == 1000 * (2 * 9 * 10**18 + 49)
    assert _sum_of_squares(np.array([3, -4], dtype=np.int64)) == 25
