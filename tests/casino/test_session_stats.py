"""Exact session statistics: the joint round distribution, the dynamic programme, and a simulation."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from casino.betting import BettingPattern
from casino.edge import analyze
from casino.errors import BetError, BragError
from casino.games import load_game
from casino.rules import compile_rules
from casino.session_stats import round_distribution, session_stats
from casino.simulate import card_masks, deal, simulate_sessions
from casino.strategy import play_mask

N_PAIRS = 407_170_400

GAMES = [
    ("3-card-brag", None, None),
    ("3-card-brag", "ante-bonus-6", "pair-plus-3"),
    ("three-card-poker", None, None),
    ("three-card-poker", "ante-bonus-2", "pair-plus-7"),
]


# ---------------------------------------------------------------------------------------------------
# One round


@pytest.mark.parametrize("name,ante_bonus,pair_plus", GAMES)
@pytest.mark.parametrize("strategy", ["optimal", "Q-6-4", "always-play"])
def test_ante_only_round_matches_the_exact_calculator(name, ante_bonus, pair_plus, strategy):
    game = load_game(name, ante_bonus=ante_bonus, pair_plus=pair_plus)
    report = analyze(game, play=play_mask(game, strategy))
    assert round_distribution(game, 1, 0, strategy) == report.ante_play.distribution


def test_a_game_with_its_own_ranking_section_matches_the_exact_calculator(tmp_path):
    """A [ranking] of the game's own (it was looked up by its name, 'custom', and refused)."""
    path = tmp_path / "own.toml"
    path.write_text('qualifier = "Q-high"\n[ranking]\n'
                    'order = ["high_card", "pair", "run", "flush", "prial", "running_flush"]\n'
                    'top_prial = "A"\na23 = "bottom"\n'
                    '[ante_bonus]\nrun = 1\nprial = 4\nrunning_flush = 5\n[pair_plus]\npair = 1\nflush = 3\n')
    game = load_game(str(path))
    report = analyze(game)
    assert round_distribution(game, 1, 0) == report.ante_play.distribution
    assert round_distribution(game, 1, 0) != round_distribution(load_game("3-card-brag"), 1, 0)


@pytest.mark.parametrize("name,ante_bonus,pair_plus", GAMES)
def test_pair_plus_only_round_matches_the_exact_calculator(name, ante_bonus, pair_plus):
    game = load_game(name, ante_bonus=ante_bonus, pair_plus=pair_plus)
    expected = tuple((v, n * 18_424) for v, n in analyze(game).pair_plus.distribution)
    assert round_distribution(game, 0, 1) == expected


def test_stakes_scale_the_results():
    game = load_game("three-card-poker", ante_bonus="ante-bonus-6")  # pays 12.5: halves
    unit = round_distribution(game, 1, 1)
    scaled = round_distribution(game, Fraction(5, 2), Fraction(5, 2))
    assert scaled == tuple((v * Fraction(5, 2), n) for v, n in unit)


def test_pair_plus_and_ante_play_are_correlated_not_independent():
    game = load_game("3-card-brag")
    joint = round_distribution(game, 1, 1)
    ante = round_distribution(game, 1, 0)
    pp = round_distribution(game, 0, 1)
    mean = lambda d: sum((v * n for v, n in d), Fraction(0)) / N_PAIRS
    var = lambda d: sum((v * v * n for v, n in d), Fraction(0)) / N_PAIRS - mean(d) ** 2
    assert mean(joint) == mean(ante) + mean(pp)  # means add whatever the dependence
    covariance = (var(joint) - var(ante) - var(pp)) / 2
    assert covariance > 2  # good hands win both bets: strongly positive (2.36 in 3-card-brag)
    independent = defaultdict(int)
    for a, m in ante:
        for p, n in pp:
            independent[a + p] += m * n
    assert {v: n * N_PAIRS for v, n in joint} != dict(independent)


def test_joint_round_distribution_agrees_with_dealt_rounds():
    """Chi-square of 300,000 dealt and settled rounds against the exact joint distribution."""
    game = load_game("3-card-brag")
    rules = compile_rules(game)
    play = play_mask(game, "optimal")
    player, dealer = deal(np.random.default_rng(12), 300_000, 1, card_masks("brag"))
    s = rules.settle(player[:, 0], dealer, play[player[:, 0]])
    net = (s.ante + s.play + s.ante_bonus + s.pair_plus) // rules.scale
    dist = round_distribution(game, 1, 1)
    values = np.array([int(v) for v, _ in dist])
    expected = np.array([n for _, n in dist]) / N_PAIRS * len(net)
    observed = np.array([(net == v).sum() for v in values])
    assert observed.sum() == len(net)  # no simulated result outside the exact support
    big = expected >= 5
    obs = np.append(observed[big], observed[~big].sum())
    exp = np.append(expected[big], expected[~big].sum())
    assert stats.chisquare(obs, exp).pvalue > 0.001


# ---------------------------------------------------------------------------------------------------
# The dynamic programme


def _reference_session(dist, bankroll, bet, pair_plus, hands, stop_win=None, stop_loss=None):
    """The same process as a plain dictionary of exact Fractions: {(bankroll, why): probability}."""
    need = 2 * bet + pair_plus
    states = {(Fraction(bankroll), "playing"): Fraction(1)}
    total = sum(n for _, n in dist)
    for _ in range(hands):
        nxt = defaultdict(Fraction)
        for (b, why), p in states.items():
            if why == "playing":
                if stop_win is not None and b - bankroll >= stop_win:
                    why = "stop-win"
                elif stop_loss is not None and bankroll - b >= stop_loss:
                    why = "stop-loss"
                elif b < need:
                    why = "ruined"
            if why != "playing":
                nxt[(b, why)] += p
                continue
            for v, n in dist:
                nxt[(b + v, "playing")] += p * Fraction(n, total)
        states = nxt
    final = defaultdict(Fraction)
    for (b, why), p in states.items():  # the stops are seen before the next round too
        if why == "playing":
            if stop_win is not None and b - bankroll >= stop_win:
                why = "stop-win"
            elif stop_loss is not None and bankroll - b >= stop_loss:
                why = "stop-loss"
            elif b < need:
                why = "ruined"
        final[(b, why)] += p
    return final


@pytest.mark.parametrize(
    "bankroll,bet,pair_plus,hands,stop_win,stop_loss",
    [(6, 1, 0, 4, None, None), (10, 2, 1, 3, 6, None), (12, 1, 1, 3, 4, 3), (8, 0, 1, 4, 30, None)],
)
def test_dynamic_programme_matches_exact_enumeration(bankroll, bet, pair_plus, hands, stop_win, stop_loss):
    game = load_game("3-card-brag")
    result = session_stats(game, bankroll=bankroll, bet=bet, pair_plus=pair_plus, hands=hands,
                           stop_win=stop_win, stop_loss=stop_loss)
    dist = round_distribution(game, bet, pair_plus)
    reference = _reference_session(dist, bankroll, bet, pair_plus, hands, stop_win, stop_loss)
    by_why = defaultdict(Fraction)
    by_bankroll = defaultdict(Fraction)
    for (b, why), p in reference.items():
        by_why[why] += p
        by_bankroll[b] += p
    assert sum(by_why.values()) == 1
    assert result.risk_of_ruin == pytest.approx(float(by_why["ruined"]), abs=1e-12)
    assert result.p_stop_win == pytest.approx(float(by_why["stop-win"]), abs=1e-12)
    assert result.p_stop_loss == pytest.approx(float(by_why["stop-loss"]), abs=1e-12)
    for b, p in by_bankroll.items():
        i = int(round(float(b / result.step)))
        assert result.bankrolls[i] == pytest.approx(float(b))
        assert result.probabilities[i] == pytest.approx(float(p), abs=1e-12)
    ahead = sum((p for b, p in by_bankroll.items() if b > bankroll), Fraction(0))
    assert result.p_ahead == pytest.approx(float(ahead), abs=1e-12)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"bankroll": 100, "bet": 5, "hands": 300},
        {"bankroll": 100, "bet": 5, "hands": 300, "pair_plus": 5, "stop_win": 100},
        {"bankroll": 50, "bet": 1, "hands": 500, "stop_loss": 20, "stop_win": 30},
        {"bankroll": 40, "bet": 0, "pair_plus": 2, "hands": 200},
    ],
)
def test_probabilities_sum_to_one_and_walds_identity_holds(kwargs):
    s = session_stats(load_game("three-card-poker", ante_bonus="ante-bonus-6"), **kwargs)
    assert s.probabilities.sum() == pytest.approx(1.0, abs=1e-12)
    assert (s.probabilities >= 0).all()
    assert s.risk_of_ruin + s.p_stop_win + s.p_stop_loss + s.p_full_session == pytest.approx(1.0, abs=1e-12)
    assert s.p_ahead + s.p_even + s.p_behind == pytest.approx(1.0, abs=1e-12)
    # Wald: the expected change of bankroll is the round's mean times the expected rounds played
    assert s.expected_result == pytest.approx(float(s.round_mean) * s.expected_rounds, rel=1e-9, abs=1e-9)
    assert 0 < s.expected_rounds <= kwargs["hands"]
    assert np.all(np.diff(s.ruin_by_round) >= -1e-15) and s.ruin_by_round[-1] == pytest.approx(s.risk_of_ruin)
    edges, mass = s.histogram(12)
    assert 2 <= len(edges) <= 13 and mass.sum() == pytest.approx(1.0)


def test_one_round_is_the_round_distribution():
    game = load_game("3-card-brag")
    s = session_stats(game, bankroll=100, bet=2, pair_plus=1, hands=1)
    dist = round_distribution(game, 2, 1)
    for v, n in dist:
        i = int((100 + v) / s.step)
        assert s.probabilities[i] == pytest.approx(n / N_PAIRS, abs=1e-15)
    assert s.expected_rounds == 1 and s.risk_of_ruin == pytest.approx(0.0, abs=0)


def test_a_bigger_bankroll_is_ruined_less_often():
    game = load_game("3-card-brag")
    risks = [session_stats(game, bankroll=b, bet=5, hands=200).risk_of_ruin for b in (20, 50, 100, 200)]
    assert risks == sorted(risks, reverse=True) and risks[0] > risks[-1] + 0.3


@pytest.mark.parametrize(
    "name,kwargs",
    [
        ("3-card-brag", {"bankroll": 100, "bet": 5, "pair_plus": 5, "hands": 150, "stop_win": 100}),
        ("three-card-poker", {"bankroll": 60, "bet": 2, "hands": 200, "stop_loss": 40}),
    ],
)
def test_exact_session_agrees_with_a_large_simulation(name, kwargs):
    game = load_game(name)
    exact = session_stats(game, **kwargs)
    pattern = BettingPattern("flat", kwargs["bet"], kwargs.get("pair_plus", 0),
                             kwargs.get("stop_win"), kwargs.get("stop_loss")).with_limits(game.limits)
    sims = simulate_sessions(game, pattern, bankroll=kwargs["bankroll"], hands=kwargs["hands"],
                             sessions=40_000, seed=99)
    level = 0.999
    for figure, value in (
        (sims.risk_of_ruin(level), exact.risk_of_ruin),
        (sims.p_ahead(level), exact.p_ahead),
        (sims.p_stop_win(level), exact.p_stop_win),
        (sims.p_stop_loss(level), exact.p_stop_loss),
        (sims.expected_rounds(level), exact.expected_rounds),
        (sims.expected_result(level), exact.expected_result),
    ):
        estimate, low, high = figure
        assert low - 1e-12 <= value <= high + 1e-12, (figure, value)
    # and the whole final-bankroll distribution: chi-square over the exact histogram's cells
    values = np.round(sims.final / float(exact.step)).astype(np.int64)
    observed = np.bincount(values, minlength=len(exact.probabilities))[: len(exact.probabilities)]
    expected = exact.probabilities * sims.sessions
    big = expected >= 5
    obs = np.append(observed[big], observed[~big].sum())
    exp = np.append(expected[big], expected[~big].sum())
    assert stats.chisquare(obs, exp * obs.sum() / exp.sum()).pvalue > 0.001


def test_to_dict_holds_the_figures():
    data = session_stats(load_game("3-card-brag"), bankroll=100, bet=5, hands=50, stop_win=25).to_dict()
    assert data["stop_win"] == 25 and data["hands"] == 50
    assert sum(p for _, p in data["distribution"]) == pytest.approx(1.0)
    assert set(data["quantiles"]) == {"0.05", "0.25", "0.5", "0.75", "0.95"}


@pytest.mark.parametrize(
    "kwargs,error,message",
    [
        ({"bankroll": 5, "bet": 5, "hands": 10}, BetError, "cannot cover one round"),
        ({"bankroll": 100, "bet": 501, "hands": 10}, BetError, "above the table maximum"),
        ({"bankroll": 0, "bet": 5, "hands": 10}, BetError, "above zero"),
        ({"bankroll": 100, "bet": 5, "hands": 0}, BragError, "at least 1"),
        ({"bankroll": 10**9, "bet": Fraction(8, 7), "hands": 10}, BragError, "lattice"),
        ({"bankroll": 100, "bet": 0, "hands": 10}, BetError, "the Ante must be above zero"),
        ({"bankroll": 1000, "bet": 1, "hands": 50_000}, BragError, "too long a calculation"),
    ],
)
def test_bad_sessions_raise_clear_errors(kwargs, error, message):
    with pytest.raises(error, match=message):
        session_stats(load_game("3-card-brag"), **kwargs)


def test_pair_plus_on_a_game_without_it_is_refused():
    game = load_game("3-card-brag").without("pair_plus")
    with pytest.raises(BetError, match="no Pair Plus"):
        round_distribution(game, 1, 1)
    assert math.isclose(session_stats(game, bankroll=20, bet=1, hands=5).probabilities.sum(), 1.0)


@pytest.mark.parametrize(
    "ties", ["player", "push", "dealer"]
)
def test_rule_variants_round_distribution(tmp_path, ties):
    """A dealer that always qualifies, no bonus on a loss, Pair Plus lost on a fold, each tie rule."""
    from importlib.util import module_from_spec, spec_from_file_location
    from pathlib import Path

    spec = spec_from_file_location("sim_tests", Path(__file__).with_name("test_simulate.py"))
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    path = tmp_path / "variant.toml"
    path.write_text(module.VARIANT.replace('ties = "dealer"', f'ties = "{ties}"'), encoding="utf-8")
    game = load_game(str(path))
    report = analyze(game, play=play_mask(game, "Q-6-4"))
    assert round_distribution(game, 1, 0, "Q-6-4") == report.ante_play.distribution
    # Pair Plus lost on a fold: the joint distribution's mean is the two bets' exact means
    joint = round_distribution(game, 1, 1, "Q-6-4")
    mean = sum((v * n for v, n in joint), Fraction(0)) / N_PAIRS
    assert mean == report.ante_play.expected_return + report.pair_plus.expected_return


def test_a_strategy_that_never_wins_is_ruined_on_schedule():
    """never-play loses the Ante every round: no result above zero, the lattice only goes down."""
    game = load_game("3-card-brag")
    stats = session_stats(game, bankroll=100, bet=5, hands=300, strategy="never-play")
    # 100 covers Ante and Play (10) for 19 rounds; then 5 is left and the player is ruined.
    assert stats.risk_of_ruin == pytest.approx(1.0, abs=1e-12)
    assert stats.expected_rounds == pytest.approx(19.0, abs=1e-9)
    assert stats.quantile(0.5) == pytest.approx(5.0)
    short = session_stats(game, bankroll=100, bet=5, hands=10, strategy="never-play", stop_win=20)
    assert short.p_behind == pytest.approx(1.0) and short.expected_final == pytest.approx(50.0)
    assert short.p_stop_win == 0.0 and short.risk_of_ruin == 0.0


@pytest.mark.parametrize("bins", [1, 7, 20, 200])
def test_histogram_bins_follow_the_bankroll_lattice(bins):
    """Bankrolls move in steps of 5: every edge is a multiple of a whole number of steps."""
    stats = session_stats(load_game("3-card-brag"), bankroll=100, bet=5, hands=300)
    edges, mass = stats.histogram(bins)
    widths = np.diff(edges)
    assert len(mass) <= bins and mass.sum() == pytest.approx(1.0)
    assert np.all(widths == widths[0]) and widths[0] % 5 == 0
    assert np.all(edges % widths[0] == 0)
    inside = (stats.bankrolls >= edges[0]) & (stats.bankrolls < edges[-1])
    assert stats.probabilities[~inside].sum() < 1e-5
