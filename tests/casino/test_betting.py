"""Betting patterns: the stakes they choose, the table limits, stops and ruin, arrays and one player."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino.betting import PLAYING, RUINED, STOP_LOSS, STOP_WIN, BettingPattern
from casino.errors import BetError
from casino.games import Limits, load_game


def test_flat_keeps_its_stakes_whatever_happens():
    bettor = BettingPattern("flat", ante=5, pair_plus=2).bettor(100)
    for net, bankroll in ((-12, 88), (30, 118), (0, 118), (-7, 111)):
        assert bettor.stakes() == (5, 2)
        bettor.record(net, bankroll)
    assert bettor.stakes() == (5, 2) and bettor.stopped is None


def test_martingale_doubles_after_a_loss_keeps_after_a_push_resets_after_a_win():
    bettor = BettingPattern("martingale", ante=1).bettor(1000)
    seen = []
    for net in (-2, -4, 0, -8, 16, -1, 3):
        seen.append(bettor.stakes()[0])
        bettor.record(net, 1000)
    seen.append(bettor.stakes()[0])
    assert seen == [1, 2, 4, 4, 8, 1, 2, 1]


def test_martingale_is_capped_by_the_table_maximum():
    game = load_game("3-card-brag")  # max Ante 500
    pattern = BettingPattern("martingale", ante=100).with_limits(game.limits)
    assert pattern.max_ante == 500
    bettor = pattern.bettor(100_000)
    stakes = []
    for _ in range(5):
        stakes.append(bettor.stakes()[0])
        bettor.record(-1, 100_000)
    assert stakes == [100, 200, 400, 500, 500]


def test_martingale_stake_is_cut_to_what_the_bankroll_covers():
    bettor = BettingPattern("martingale", ante=5).bettor(100)
    bettor.record(-10, 90)
    bettor.record(-20, 70)
    bettor.record(-40, 30)  # wants 40, can cover Ante + Play of 15
    assert bettor.stakes() == (15, 0)
    bettor.record(-30, 9)  # cannot cover 5 + 5: ruined
    assert bettor.stakes() is None and bettor.stopped == "ruined"


def test_pair_plus_only_bets_no_ante():
    pattern = BettingPattern("pair-plus-only", ante=0, pair_plus=5)
    bettor = pattern.bettor(12)
    assert bettor.stakes() == (0, 5)
    bettor.record(-5, 7)
    bettor.record(-5, 2)
    assert bettor.stopped == "ruined"
    # "pair-plus-only" with only an amount given: that amount is the Pair Plus stake
    assert BettingPattern("pp", ante=3).pair_plus == 3


def test_stop_win_and_stop_loss_end_the_session():
    win = BettingPattern("flat", ante=1, stop_win=10).bettor(50)
    win.record(9, 59)
    assert win.stopped is None
    win.record(2, 61)
    assert win.stopped == "stop-win" and win.stakes() is None
    loss = BettingPattern("flat", ante=1, stop_loss=10).bettor(50)
    loss.record(-10, 40)
    assert loss.stopped == "stop-loss"
    # once stopped, stays stopped even if the bankroll recovers
    loss.record(100, 140)
    assert loss.stopped == "stop-loss"


def test_arrays_of_sessions_follow_the_same_rule_as_one_player():
    pattern = BettingPattern("martingale", ante=2, pair_plus=1, stop_win=20, stop_loss=30, max_ante=16)
    rng = np.random.default_rng(0)
    n = 50
    bankroll = np.full(n, 60 * pattern.unit, dtype=np.int64)
    state = pattern.start(bankroll)
    bettors = [pattern.bettor(60) for _ in range(n)]
    for _ in range(40):
        for i, b in enumerate(bettors):
            stakes = b.stakes()
            if stakes is None:
                assert state.stop[i] != PLAYING
            else:
                assert (state.ante[i], state.pair_plus[i]) == (stakes[0] * pattern.unit, stakes[1] * pattern.unit)
        net = rng.integers(-2, 3, n) * (state.ante + state.pair_plus) * (state.stop == PLAYING)
        bankroll = bankroll + net
        state = pattern.next(state, net, bankroll)
        for i, b in enumerate(bettors):
            if b.stakes() is not None:
                b.record(Fraction(int(net[i])), Fraction(int(bankroll[i]), pattern.unit))
    assert {int(c) for c in state.stop} <= {PLAYING, RUINED, STOP_WIN, STOP_LOSS}


@settings(max_examples=60, deadline=None)
@given(
    ante=st.integers(1, 20),
    pair_plus=st.integers(0, 10),
    bankroll=st.integers(1, 400),
    losses=st.integers(0, 12),
    cap=st.one_of(st.none(), st.integers(20, 200)),
)
def test_stakes_never_exceed_the_bankroll_or_the_table_maximum(ante, pair_plus, bankroll, losses, cap):
    pattern = BettingPattern("martingale", ante=ante, pair_plus=pair_plus, max_ante=cap)
    bettor = pattern.bettor(bankroll)
    for _ in range(losses):
        stakes = bettor.stakes()
        if stakes is None:
            break
        a, p = stakes
        assert 2 * a + p <= bankroll
        assert a >= ante and (a % ante == 0 or a == cap)
        assert cap is None or a <= cap
        bettor.record(-1, bankroll)
    if 2 * ante + pair_plus > bankroll:
        assert bettor.stopped == "ruined"


def test_fractional_stakes_work_in_whole_units():
    pattern = BettingPattern("flat", ante=Fraction(5, 2), pair_plus=Fraction(1, 3))
    assert pattern.unit == 6
    bettor = pattern.bettor(Fraction(16, 3))
    assert bettor.stakes() == (Fraction(5, 2), Fraction(1, 3))
    bettor.record(-Fraction(16, 3), 0)
    assert bettor.stopped == "ruined"


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"kind": "labouchere"}, "unknown betting pattern"),
        ({"ante": -1}, "zero or more"),
        ({"ante": 0}, "above zero"),
        ({"kind": "pair-plus-only", "ante": 0, "pair_plus": 0}, "Pair Plus stake above zero"),
        ({"ante": 10, "max_ante": 5}, "above the table maximum"),
        ({"ante": 1, "stop_win": 0}, "stop-win"),
        ({"ante": "x"}, "a number"),
    ],
)
def test_bad_patterns_raise_bet_errors(kwargs, message):
    with pytest.raises(BetError, match=message):
        BettingPattern(**kwargs)


def test_table_limits_check_the_base_stakes():
    limits = Limits(min_ante=Fraction(5), max_ante=Fraction(100), max_pair_plus=Fraction(10))
    with pytest.raises(BetError, match="below the table minimum"):
        BettingPattern("flat", ante=1).with_limits(limits)
    with pytest.raises(BetError, match="Pair Plus stake 20 is above"):
        BettingPattern("flat", ante=5, pair_plus=20).with_limits(limits)
    assert BettingPattern("martingale", ante=5, max_ante=50).with_limits(limits).max_ante == 50


def test_descriptions_say_what_the_player_does():
    assert BettingPattern("flat", ante=5, pair_plus=1, stop_win=50).describe == "flat Ante 5, Pair Plus 1, stop-win 50"
    assert BettingPattern("martingale", ante=5, max_ante=500).describe == "Martingale from 5 (max 500)"
    assert BettingPattern("pair-plus-only", ante=0, pair_plus=2.5).describe == "Pair Plus only, 2.5 a round"
