"""The betting systems (Reverse Martingale, Paroli, D'Alembert, Fibonacci, proportional): their rules,
their exact session distributions against a plain reference and against seeded simulations."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from casino.betting import PATTERNS, BettingPattern, System, parse_system
from casino.errors import BetError
from casino.games import load_game
from casino.session_stats import TooLongError, round_distribution, session_stats
from casino.simulate import simulate_sessions

NEW_SYSTEMS = ["reverse-martingale", "paroli", "dalembert", "fibonacci", "proportional:0.1"]


def _stakes(kind: str, results: list[int], bankroll: int = 10_000, **kwargs: object) -> list[int]:
    """The Antes a bettor places, given each round's net result's sign (the bankroll kept large)."""
    bettor = BettingPattern(kind, **kwargs).bettor(bankroll)  # type: ignore[arg-type]
    seen = []
    for sign in results:
        stakes = bettor.stakes()
        assert stakes is not None
        seen.append(int(stakes[0]))
        bettor.record(sign, bankroll)
    stakes = bettor.stakes()
    assert stakes is not None
    return [*seen, int(stakes[0])]


def test_reverse_martingale_doubles_after_a_win_resets_after_a_loss():
    assert _stakes("reverse-martingale", [1, 1, 0, 1, -1, 1], ante=5) == [5, 10, 20, 20, 40, 5, 10]
    assert _stakes("reverse-martingale", [1, 1, 1, 1], ante=5, max_ante=25) == [5, 10, 20, 25, 25]


def test_paroli_doubles_three_times_at_most():
    assert _stakes("paroli", [1, 1, 1, 1, -1, 1, 0, 1], ante=2) == [2, 4, 8, 2, 4, 2, 4, 4, 8]


def test_dalembert_adds_and_removes_one_base_ante():
    assert _stakes("dalembert", [-1, -1, -1, 1, 0, 1, 1, 1], ante=3) == [3, 6, 9, 12, 9, 9, 6, 3, 3]
    assert _stakes("dalembert", [-1, -1, -1], ante=3, max_ante=6) == [3, 6, 6, 6]


def test_fibonacci_steps_up_one_and_back_two():
    assert _stakes("fibonacci", [-1, -1, -1, -1, -1, 1, 1, 1, -1], ante=1) == [1, 1, 2, 3, 5, 8, 3, 1, 1, 1]
    assert _stakes("fibonacci", [-1] * 7, ante=2, max_ante=10) == [2, 2, 4, 6, 10, 10, 10, 10]


def test_proportional_stakes_a_fraction_of_the_bankroll_in_base_steps():
    pattern = BettingPattern("proportional:5%", ante=1)
    bettor = pattern.bettor(100)
    seen = []
    for bankroll in (100, 139, 19, 40, 5000):
        bettor.record(0, bankroll)
        stakes = bettor.stakes()
        seen.append(None if stakes is None else int(stakes[0]))
    # 5% of 100 is 5; of 139 is 6.95 -> 6; of 19 is 0.95 -> the base 1; 5,000 -> 250 (no table max here)
    assert seen == [5, 6, 1, 2, 250]
    capped = BettingPattern("proportional", ante=2, fraction=Fraction(1, 4), max_ante=20).bettor(1000)
    assert capped.stakes() == (20, 0)
    # a stake the bankroll cannot cover with the Play bet is cut, as in every system
    assert BettingPattern("proportional:0.5", ante=1).bettor(10).stakes() == (5, 0)


def test_system_names_and_parameters():
    assert set(PATTERNS) >= {"reverse-martingale", "paroli", "dalembert", "fibonacci", "proportional"}
    assert parse_system("D'Alembert") == (System.DALEMBERT, None)
    assert parse_system("Reverse_Martingale")[0] is System.REVERSE_MARTINGALE
    assert parse_system("proportional:2.5%") == (System.PROPORTIONAL, Fraction(1, 40))
    assert BettingPattern("paroli").kind == "paroli"  # a StrEnum: equal to its name
    for kwargs, message in (
        ({"kind": "proportional"}, "needs its fraction"),
        ({"kind": "proportional:0"}, "at least 1e-06"),
        ({"kind": "proportional:0.8"}, "at most 0.5"),
        ({"kind": "proportional:x"}, "a number"),
        ({"kind": "paroli:3"}, "takes no parameter"),
        ({"kind": "flat", "fraction": Fraction(1, 10)}, "only the proportional"),
    ):
        with pytest.raises(BetError, match=message):
            BettingPattern(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", NEW_SYSTEMS)
def test_describe_names_the_system(kind):
    text = BettingPattern(kind, ante=5, pair_plus=1).describe
    assert {"reverse-martingale": "Reverse Martingale", "paroli": "Paroli", "dalembert": "D'Alembert",
            "fibonacci": "Fibonacci", "proportional:0.1": "10% of the bankroll"}[kind] in text
    assert "Pair Plus 1" in text


# ---------------------------------------------------------------------------------------------------
# The exact session distribution against a plain reference: every path as exact Fractions


FIB = [1, 1]
while len(FIB) < 40:
    FIB.append(FIB[-1] + FIB[-2])


def _reference(kind: str, dist, bankroll: int, base: int, pp: int, hands: int, cap: int | None,
               fraction: Fraction | None = None):
    """The session by brute force over every path, each system's rule written out again (plainly)."""
    start = Fraction(bankroll)
    memory0 = {"martingale": base, "reverse-martingale": base, "paroli": 0, "dalembert": 1, "fibonacci": 0,
               "proportional": 0, "flat": 0}[kind]
    states = {(start, memory0, False): Fraction(1)}
    total = sum(dist[1].values())
    top_step = max(i for i in range(len(FIB)) if cap is None or FIB[i] * base <= cap)

    def stake_of(b: Fraction, memory: int) -> int:
        if kind in ("martingale", "reverse-martingale"):
            wanted = memory
        elif kind == "paroli":
            wanted = base * 2**memory
        elif kind == "dalembert":
            wanted = base * memory
        elif kind == "fibonacci":
            wanted = base * FIB[memory]
        elif kind == "proportional":
            wanted = base * max(math.floor(fraction * b / base), 1)
        else:
            wanted = base
        if cap is not None:
            wanted = min(wanted, cap)
        affordable = math.floor((b - pp) / (2 * base)) * base
        return min(wanted, affordable)

    def after(memory: int, ante: int, net: Fraction) -> int:
        win, loss = net > 0, net < 0
        if kind == "martingale":
            return base if win else min(2 * max(ante, base), cap or 10**18) if loss else ante
        if kind == "reverse-martingale":
            return min(2 * max(ante, base), cap or 10**18) if win else base if loss else ante
        if kind == "paroli":
            return (memory + 1) % 3 if win else 0 if loss else memory
        if kind == "dalembert":
            return max(memory - 1, 1) if win else min(memory + 1, (cap or 10**18) // base) if loss else memory
        if kind == "fibonacci":
            return max(memory - 2, 0) if win else min(memory + 1, top_step) if loss else memory
        return memory

    for _ in range(hands):
        nxt: dict = defaultdict(Fraction)
        for (b, memory, ruined), p in states.items():
            ante = stake_of(b, memory) if not ruined else 0
            if ruined or ante < base:
                nxt[(b, memory, True)] += p
                continue
            for (x, y), n in dist[1].items():
                net = ante * x + pp * y
                nxt[(b + net, after(memory, ante, net), False)] += p * Fraction(n, total)
        states = nxt
    final: dict = defaultdict(Fraction)
    for (b, memory, ruined), p in states.items():
        final[(b, ruined or stake_of(b, memory) < base)] += p
    return final


def _joint(game):
    from casino.session_stats import joint_distribution

    xs, ys, counts = joint_distribution(game)
    joint: dict = defaultdict(int)
    for x, y, n in zip(xs, ys, counts):
        joint[(x, y)] += n
    return None, joint


@pytest.mark.parametrize(
    "kind,bankroll,base,pp,hands,cap",
    [
        ("martingale", 40, 1, 0, 4, None),
        ("martingale", 30, 2, 1, 3, 8),
        ("reverse-martingale", 40, 1, 1, 4, None),
        ("reverse-martingale", 25, 1, 0, 4, 4),
        ("paroli", 30, 1, 1, 4, None),
        ("paroli", 30, 2, 0, 4, 6),
        ("dalembert", 30, 1, 0, 5, None),
        ("dalembert", 30, 2, 1, 4, 6),
        ("fibonacci", 30, 1, 0, 5, None),
        ("fibonacci", 40, 2, 1, 4, 10),
        ("proportional", 40, 1, 0, 4, None),
        ("proportional", 60, 1, 1, 3, 5),
    ],
)
def test_exact_system_session_matches_a_brute_force_over_every_path(kind, bankroll, base, pp, hands, cap):
    game = load_game("3-card-brag")
    fraction = Fraction(1, 10) if kind == "proportional" else None
    pattern = BettingPattern(kind, ante=base, pair_plus=pp, max_ante=cap, fraction=fraction)
    result = session_stats(game, bankroll=bankroll, hands=hands, pattern=pattern)
    reference = _reference(kind, _joint(game), bankroll, base, pp, hands, min(c for c in (cap, 500) if c), fraction)
    by_bankroll: dict = defaultdict(Fraction)
    ruin = Fraction(0)
    for (b, ruined), p in reference.items():
        by_bankroll[b] += p
        ruin += p if ruined else 0
    assert sum(by_bankroll.values()) == 1
    assert result.probabilities.sum() == pytest.approx(1.0, abs=1e-12)
    assert result.risk_of_ruin == pytest.approx(float(ruin), abs=1e-12)
    for b, p in by_bankroll.items():
        i = int(round(float(b / result.step)))
        assert result.bankrolls[i] == pytest.approx(float(b))
        assert result.probabilities[i] == pytest.approx(float(p), abs=1e-12)
    assert (result.probabilities > 1e-15).sum() == sum(1 for p in by_bankroll.values() if p > 1e-15)


# ---------------------------------------------------------------------------------------------------
# The exact session distribution against seeded simulations


@pytest.mark.parametrize(
    "kind,kwargs",
    [
        ("reverse-martingale", {"ante": 2, "max_ante": 16, "pair_plus": 1, "stop_win": 60}),
        ("paroli", {"ante": 2, "stop_loss": 40}),
        ("dalembert", {"ante": 1, "max_ante": 10}),
        ("fibonacci", {"ante": 1, "max_ante": 13, "pair_plus": 1}),
        ("proportional:0.1", {"ante": 1, "max_ante": 20}),
        ("martingale", {"ante": 1, "max_ante": 16}),
    ],
)
def test_exact_system_session_agrees_with_a_seeded_simulation(kind, kwargs):
    game = load_game("3-card-brag")
    pattern = BettingPattern(kind, **kwargs).with_limits(game.limits)
    bankroll, hands = 60, 60
    exact = session_stats(game, bankroll=bankroll, hands=hands, pattern=pattern)
    sims = simulate_sessions(game, pattern, bankroll=bankroll, hands=hands, sessions=20_000, seed=2026)
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
        assert low - 1e-9 <= value <= high + 1e-9, (figure, value)
    values = np.round(sims.final / float(exact.step)).astype(np.int64)
    assert values.max() < len(exact.probabilities)  # no simulated bankroll outside the exact support
    observed = np.bincount(values, minlength=len(exact.probabilities))
    expected = exact.probabilities * sims.sessions
    assert observed[expected == 0].sum() == 0
    big = expected >= 5
    obs = np.append(observed[big], observed[~big].sum())
    exp = np.append(expected[big], expected[~big].sum())
    assert stats.chisquare(obs, exp * obs.sum() / exp.sum()).pvalue > 0.001


def test_a_progression_too_long_to_compute_is_refused_clearly():
    game = load_game("3-card-brag")
    pattern = BettingPattern("dalembert", ante=1)
    with pytest.raises(TooLongError, match="lattice|too long|too many"):
        session_stats(game, bankroll=100_000, hands=20_000, pattern=pattern)


def test_flat_through_the_pattern_is_the_flat_session():
    game = load_game("3-card-brag")
    flat = session_stats(game, bankroll=50, bet=2, pair_plus=1, hands=40, stop_win=30)
    again = session_stats(game, bankroll=50, hands=40, pattern=BettingPattern("flat", 2, 1, 30))
    assert np.array_equal(flat.probabilities, again.probabilities) and flat.step == again.step
    assert round_distribution(game, 2, 1)  # unchanged signature
