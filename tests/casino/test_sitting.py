"""The sitting: exact money only, limit errors raised (not taken for an empty bankroll), out of chips."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from casino.errors import BetError
from casino.events import BoxBets, exact
from casino.games import load_game
from casino.sitting import Sitting, flat_stakes
from casino.strategy import play_mask

GAME = load_game("3-card-brag")  # Ante 1 to 500, Pair Plus 1 to 100


def test_float_stakes_become_the_decimals_they_print_as():
    bets = BoxBets(1, 1.1, 0.1)
    assert (bets.ante, bets.pair_plus) == (Fraction(11, 10), Fraction(1, 10))
    assert BoxBets(1, Decimal("2.5")).ante == Fraction(5, 2) and BoxBets(1, "5/2").ante == Fraction(5, 2)
    assert type(BoxBets(1, 3).ante) is Fraction


def test_flat_stakes_from_floats_are_exact():
    from casino.table import flat_bets

    assert flat_bets(2, 1.1, 0.2)[1] == BoxBets(2, Fraction(11, 10), Fraction(1, 5))
    sitting = Sitting(GAME, Fraction(100), seed="flat floats")
    result = sitting.play_round(flat_stakes(1, 1.1, 0.5)(sitting), play_mask(GAME, "optimal"))
    assert sitting.bankroll == 100 + result.net and (result.net * 10).denominator == 1


def test_a_float_bankroll_stays_exact_through_play():
    sitting = Sitting(GAME, 100.1, seed="floats", house=0.0)
    assert sitting.bankroll == Fraction(1001, 10) and isinstance(sitting.house, Fraction)
    results = []
    sitting.autoplay(lambda s: [BoxBets(1, 1.1)], play_mask(GAME, "optimal"), hands=20, on_round=results.append)
    assert sitting.bankroll == Fraction(1001, 10) + sum(r.net for r in results)
    assert sitting.bankroll.limit_denominator(10) == sitting.bankroll  # tenths, not binary fractions


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), True, None, "lots", [1]])
def test_what_is_not_an_amount_is_refused(bad):
    with pytest.raises(BetError):
        BoxBets(1, bad)
    with pytest.raises(BetError):
        exact(bad)


def test_autoplay_raises_a_limit_error_instead_of_stopping_quietly():
    sitting = Sitting(GAME, Fraction(10**6), seed="limits")
    with pytest.raises(BetError, match="above the table maximum 500"):
        sitting.autoplay(flat_stakes(1, Fraction(1000)), play_mask(GAME, "optimal"), hands=5)
    assert sitting.stats.rounds == 0
    with pytest.raises(BetError, match="offers no Pair Plus"):
        Sitting(GAME.without("pair_plus"), Fraction(100)).autoplay(
            flat_stakes(1, Fraction(1), Fraction(1)), play_mask(GAME, "optimal"), hands=5)


def test_autoplay_stops_when_the_bankroll_cannot_cover_the_bets():
    sitting = Sitting(GAME, Fraction(30), seed="broke")
    played = sitting.autoplay(flat_stakes(1, Fraction(10)), play_mask(GAME, "always-play"), hands=1000)
    assert played < 1000 and sitting.bankroll < 20


@pytest.mark.parametrize(
    "game, bankroll, out",
    [
        (GAME, Fraction(1), False),  # a Pair Plus of 1 alone
        (GAME, Fraction(0), True),
        (GAME.without("pair_plus"), Fraction(1), True),  # an Ante of 1 needs 2 (for the Play bet)
        (GAME.without("pair_plus"), Fraction(2), False),
    ],
)
def test_out_of_chips_uses_the_tables_own_check(game, bankroll, out):
    sitting = Sitting(game, bankroll)
    assert sitting.out_of_chips() is out
    smallest = [BoxBets(1, Fraction(1))] + ([BoxBets(1, Fraction(0), Fraction(1))] if game.pair_plus else [])
    assert out is not any(sitting.can_cover([b]) for b in smallest)
