"""The exact calculator against published figures, a plain brute force and its own identities.

The figures come from Wizard of Odds' Three Card Poker analysis and John Grochowski's columns, as
collected in docs/maths.md (copied here: the tests do not read anything outside the project).
"""

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino.dealer import dealer_outcomes
from casino.edge import analyze
from casino.games import load_game, load_paytable
from casino.hands import N_DEALER_HANDS, N_HANDS, hand_table
from casino.rankings import CATEGORIES
from tests.reference import all_hands, brute_force_outcomes, card_text, slow_key

TCP = "three-card-poker"


@pytest.fixture(scope="module")
def tcp():
    return analyze(load_game(TCP))


def test_three_card_poker_ante_play_exactly(tcp):
    ap = tcp.ante_play
    assert ap.expected_return == Fraction(-13_733_780, 407_170_400)
    assert round(float(ap.house_edge) * 100, 2) == 3.37
    assert round(float(ap.element_of_risk) * 100, 2) == 2.01
    assert ap.counts == {
        "fold": 132_652_800,
        "dealer_not_qualify": 85_493_652,
        "win": 97_354_684,
        "tie": 267_648,
        "lose": 91_401_616,
    }
    assert sum(ap.counts.values()) == 407_170_400 == ap.total


def test_optimal_strategy_is_q64(tcp):
    t = tcp.table
    assert tcp.decision("Qh 6d 4c").play and not tcp.decision("Qh 6d 3c").play
    assert np.array_equal(tcp.play, t.strength >= t.threshold("Q-6-4"))
    d = tcp.decision("Qh 6d 4c")
    assert d.ev_play > d.ev_fold == -1


def test_without_ante_bonus_and_copying_the_dealer(tcp):
    game = load_game(TCP)
    bare = analyze(game.without("ante_bonus"), play=tcp.play)
    assert round(float(bare.ante_play.house_edge) * 100, 3) == 8.658
    copy = analyze(game, play=tcp.table.strength >= tcp.table.threshold("Q-high"))
    assert round(float(copy.ante_play.house_edge) * 100, 2) == 3.45


@pytest.mark.parametrize(
    ("table", "edge", "risk"),
    [(1, 3.37, 2.01), (2, 3.83, 2.28), (3, 4.28, 2.56), (4, 3.61, 2.16), (5, 1.56, 0.93), (6, 0.33, 0.20)],
)
def test_published_ante_bonus_tables(table, edge, risk):
    report = analyze(load_game(TCP, ante_bonus=f"ante-bonus-{table}")).ante_play
    assert round(float(report.house_edge) * 100, 2) == edge
    assert round(float(report.element_of_risk) * 100, 2) == risk


@pytest.mark.parametrize(
    ("table", "edge"),
    [(1, 2.32), (2, 2.70), (3, 3.49), (4, 4.58), (5, 5.10), (6, 5.57), (7, 6.75), (8, 7.28)],
)
def test_published_pair_plus_tables(table, edge):
    report = analyze(load_game(TCP, pair_plus=f"pair-plus-{table}")).pair_plus
    assert round(float(report.house_edge) * 100, 2) == edge


@pytest.fixture(scope="module", params=["brag", "poker"])
def slow_keys(request):
    ranking = request.param
    return ranking, {hand: slow_key(tuple(card_text(c) for c in hand), ranking) for hand in all_hands()}


@pytest.mark.parametrize("qualifier", ["Q-high", "none", "Q-6-4", "A-high", "pair"])
def test_fast_counts_equal_brute_force_on_a_sample(slow_keys, qualifier):
    ranking, keys = slow_keys
    table = hand_table(ranking)
    d = dealer_outcomes(ranking, qualifier)
    q_row = int(np.flatnonzero(table.strength == table.threshold(qualifier))[0])
    q_key = keys[tuple(int(c) for c in table.cards[q_row])]
    rng = np.random.default_rng(20261130)
    named = [table.index(h) for h in ("3h 3d 3s", "As 2s 3s", "As Ks Qs", "Qh 6d 4c", "Qh 6d 3c", "2c 3d 5h")]
    sample = sorted(set(named) | set(rng.choice(N_HANDS, size=12, replace=False).tolist()))
    for i in sample:
        player = tuple(int(c) for c in table.cards[i])
        expected = brute_force_outcomes(player, keys, q_key)
        assert {k: int(getattr(d, k)[i]) for k in expected} == expected, table.describe(i)


def test_dealer_outcomes_partition_every_pair():
    for ranking in ("brag", "poker"):
        d = dealer_outcomes(ranking, "Q-high")
        assert np.all(d.not_qualify + d.win + d.tie + d.lose == N_DEALER_HANDS)
        assert min(a.min() for a in (d.not_qualify, d.win, d.tie, d.lose)) >= 0


def test_brag_game_is_self_consistent():
    report = analyze(load_game("3-card-brag"))
    for bet in report.bets:
        assert sum(n for _, n in bet.distribution) == bet.total
        assert sum(o.contribution for o in bet.outcomes) == bet.expected_return
        mean = bet.expected_return
        second = sum(v * v * n for v, n in bet.distribution) / Fraction(bet.total)
        assert bet.variance == second - mean * mean
    assert report.decision("As 2d 3c").play and not report.decision("Qh 6d 3c").play


def test_fractional_pays_stay_exact():
    report = analyze(load_game(TCP, ante_bonus="ante-bonus-6"))
    assert report.scale == 2
    assert isinstance(report.ante_play.house_edge, Fraction)
    rf = next(o for o in report.ante_play.outcomes if o.label == "Ante Bonus: Straight flush")
    assert rf.pays == Fraction(25, 2)


def check_decisions_hand_by_hand(game, report) -> None:
    """Each decision re-derived from the counts in plain Python Fractions (a fixed sample of hands)."""
    t = report.table
    d = report.dealer
    tie = {"push": 0, "player": 2, "dealer": -2}[game.ties]
    for i in range(0, N_HANDS, 37):
        cat = CATEGORIES[int(t.category[i])]
        bonus = (game.ante_bonus.pay_for(cat) or 0) if game.ante_bonus else 0
        play = Fraction(int(d.not_qualify[i]) + 2 * int(d.win[i]) + tie * int(d.tie[i]) - 2 * int(d.lose[i]), N_DEALER_HANDS) + bonus
        assert bool(report.play[i]) == (play > -1)
        assert report.decision(i).ev_play == play


@settings(max_examples=15, deadline=None)
@given(
    run=st.fractions(min_value=0, max_value=5, max_denominator=4),
    prial=st.integers(0, 60),
    running_flush=st.integers(0, 60),
    ties=st.sampled_from(["push", "player", "dealer"]),
)
def test_random_ante_bonus_tables_decide_hand_by_hand(tmp_path_factory, run, prial, running_flush, ties):
    path = tmp_path_factory.mktemp("g") / "g.toml"
    path.write_text(
        f'ranking = "poker"\nties = "{ties}"\n[ante_bonus]\nrun = "{run}"\nprial = {prial}\nrunning_flush = {running_flush}\n'
    )
    game = load_game(path)
    report = analyze(game)
    check_decisions_hand_by_hand(game, report)
    assert sum(n for _, n in report.ante_play.distribution) == report.ante_play.total


@pytest.mark.slow
@pytest.mark.parametrize(("ranking", "qualifier"), [("brag", "Q-high"), ("poker", "Q-6-4")])
def test_fast_counts_equal_a_numpy_brute_force_over_all_pairs(ranking, qualifier):
    """All 407,170,400 (player, dealer) pairs, compared directly, give the same counts per hand."""
    from tests.reference import numpy_brute_force

    table = hand_table(ranking)
    d = dealer_outcomes(ranking, qualifier)
    brute = numpy_brute_force(table.strength, table.cards, table.threshold(qualifier))
    fast = np.stack([d.not_qualify, d.win, d.tie, d.lose], axis=1)
    assert np.array_equal(fast, brute)


def test_return_tables_speak_the_games_words_and_merge_specials_paid_as_their_category():
    tcp = analyze(load_game(TCP))
    labels = [o.label for o in tcp.pair_plus.outcomes]
    assert labels == ["Straight flush", "Three of a kind", "Straight", "Flush", "Pair", "Loses"]
    assert tcp.pair_plus.outcomes[0].combinations == 48  # the mini royal is paid as a straight flush
    assert "Ante Bonus: Straight" in [o.label for o in tcp.ante_play.outcomes]


def test_a_special_hand_paid_apart_gets_its_own_row(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('ranking = "brag"\n[pair_plus]\npair = 1\nprial = 30\nprial_of_threes = 100\n')
    rows = {o.label: o.combinations for o in analyze(load_game(path)).pair_plus.outcomes}
    assert rows["Prial of threes"] == 4 and rows["Prial"] == 48


def test_a_reports_decision_uses_the_pair_plus_ratio_it_was_built_with():
    """Found by a hostile test: analyze(g, pair_plus_ratio=1).decision(hand) priced the hand at ratio 0 (the
    default), so its EVs disagreed with the report's own play/fold mask where a fold loses the Pair Plus."""
    from dataclasses import replace
    from fractions import Fraction

    from casino.games import Rules, load_game

    game = replace(load_game("three-card-poker"), rules=Rules(pair_plus_on_fold=False))
    report = analyze(game, pair_plus_ratio=1)
    hand = "Qh 6d 4c"
    assert report.decision(hand) == report.decision(hand, pair_plus_ratio=1)
    assert report.decision(hand) != report.decision(hand, pair_plus_ratio=0)
    assert report.decision(hand).pair_plus_counted and report.decision(hand).ev_fold == Fraction(-2)
    assert analyze(game).decision(hand) == analyze(game).decision(hand, pair_plus_ratio=0)
