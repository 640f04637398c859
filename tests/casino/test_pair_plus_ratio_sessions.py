"""Where a fold loses the Pair Plus, the optimal play depends on the box's Pair Plus / Ante ratio. The exact
session figures and the session simulator play by it as the table's auto-player does (found by a hostile test:
they priced the ratio-0 strategy, so their figures described a player the table never is)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from casino.betting import BettingPattern
from casino.games import parse_game_text
from casino.session_sim import simulate_sessions
from casino.session_stats import TooLongError, round_distribution, session_stats
from casino.strategy import ByPairPlus
from tests.pair_plus_game import LOST_ON_FOLD

GAME = parse_game_text(LOST_ON_FOLD, label="test")  # Three Card Poker's Pair Plus, lost on a fold


def mean(dist) -> Fraction:
    return sum((v * n for v, n in dist), Fraction(0)) / sum(n for _, n in dist)


def test_the_round_is_priced_at_the_strategy_of_its_own_ratio():
    by = ByPairPlus(GAME)
    assert (by.mask(1) != by.mask(0)).any()  # the ratio matters at this game
    exact = round_distribution(GAME, 5, 5)
    assert exact == round_distribution(GAME, 5, 5, strategy=by.mask(1))
    assert mean(exact) > mean(round_distribution(GAME, 5, 5, strategy=by.mask(0)))
    stats = session_stats(GAME, bankroll=1000, bet=5, pair_plus=5, hands=3)
    assert stats.expected_result == pytest.approx(3 * float(mean(exact)))


def test_a_system_that_changes_the_ratio_is_refused_for_the_optimal_strategy():
    pattern = BettingPattern("martingale", ante=5, pair_plus=5)
    with pytest.raises(TooLongError, match="depends on each round's Pair Plus / Ante"):
        session_stats(GAME, bankroll=1000, hands=5, pattern=pattern)
    assert session_stats(GAME, bankroll=1000, hands=5, pattern=pattern, strategy="Q-6-4").p_ahead > 0


def test_the_simulator_plays_each_round_by_its_ratio():
    pattern = BettingPattern("flat", ante=5, pair_plus=5).with_limits(GAME.limits)
    sims = simulate_sessions(GAME, pattern, bankroll=100_000, hands=20, sessions=20_000, seed=11)
    exact = 20 * float(mean(round_distribution(GAME, 5, 5)))
    results = np.asarray(sims.final) - 100_000
    error = results.std() / np.sqrt(results.size)
    assert abs(results.mean() - exact) < 4 * error, (results.mean(), exact, error)
    zero = 20 * float(mean(round_distribution(GAME, 5, 5, strategy=ByPairPlus(GAME).mask(0))))
    assert abs(results.mean() - zero) > 4 * error  # the ratio-0 player is told apart


def test_where_the_ratio_changes_no_decision_every_system_is_exact():
    """Found by a hostile test: 3 Card Brag's usual Pair Plus lost on a fold plays the same hands at every ratio,
    and its exact Martingale session was refused (a regression)."""
    from dataclasses import replace

    from casino.games import load_game

    game = load_game("3-card-brag")
    game = replace(game, rules=replace(game.rules, pair_plus_on_fold=False))
    by = ByPairPlus(game)
    assert (by.mask(0) == by.mask(5)).all()
    stats = session_stats(game, bankroll=200, hands=20, pattern=BettingPattern("martingale", ante=5, pair_plus=5))
    assert 0 < stats.p_ahead < 1


def test_the_simulator_plays_the_informed_strategy_by_its_ratio_too():
    """Found by a hostile test: at a Face Up game whose fold loses the Pair Plus, ``informed`` (the optimal one
    there) played the ratio-0 table while ``optimal`` played each round's ratio."""
    from dataclasses import replace

    game = replace(GAME, rules=replace(GAME.rules, face_up=True))
    pattern = BettingPattern("flat", ante=5, pair_plus=5).with_limits(game.limits)
    one = simulate_sessions(game, pattern, bankroll=10_000, hands=10, sessions=500, strategy="optimal", seed=4)
    two = simulate_sessions(game, pattern, bankroll=10_000, hands=10, sessions=500, strategy="informed", seed=4)
    assert list(one.final) == list(two.final)
