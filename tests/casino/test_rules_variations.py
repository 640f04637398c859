"""Rule variations (game-file keys) reach every command's figures; Pair Plus lost on a fold couples
the play decision to the Pair Plus stake (``pair_plus_ratio``)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from casino.compare import compare, design
from casino.edge import analyze
from casino.games import load_game
from casino.par import par_sheet
from casino.solve import solve
from casino.strategy import play_mask, strategy_report


def _game(tmp_path, rules: str, pair_plus: str = '"pair-plus-1"', name: str = "g"):
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'name = "{name}"\nranking = "poker"\nante_bonus = "ante-bonus-1"\npair_plus = {pair_plus}\n'
        f"[rules]\n{rules}\n",
        encoding="utf-8",
    )
    return load_game(str(path))


def test_ante_bonus_not_paid_on_a_loss_raises_the_edge_everywhere(tmp_path):
    paid = _game(tmp_path, "ante_bonus_on_loss = true", name="paid")
    unpaid = _game(tmp_path, "ante_bonus_on_loss = false", name="unpaid")
    e_paid = analyze(paid).ante_play.house_edge
    e_unpaid = analyze(unpaid).ante_play.house_edge
    assert e_unpaid > e_paid
    assert e_paid == analyze(load_game("three-card-poker")).ante_play.house_edge
    # The difference is exactly the bonus on the played hands that lose to a qualifying dealer.
    report = analyze(unpaid)
    table, dealer = report.table, report.dealer
    bonus = {"run": 1, "prial": 4, "running_flush": 5, "mini_royal": 5, "prial_of_threes": 4, "three_aces": 4}
    from casino.rankings import PAY_CLASSES

    lost = sum(
        bonus.get(PAY_CLASSES[int(table.pay_class[i])], 0) * int(dealer.lose[i])
        for i in np.flatnonzero(report.play)
    )
    assert e_unpaid - e_paid == Fraction(lost, 22100 * 18424)
    result = compare([design(paid), design(unpaid)])
    assert [f.house_edge for f in result.column("ante_play")] == [e_paid, e_unpaid]
    assert par_sheet(unpaid).report.ante_play.house_edge == e_unpaid
    assert strategy_report(unpaid, others=()).costs[0].house_edge == e_unpaid
    # Solving for the same target needs a bigger straight bonus when losses don't collect it.
    assert solve(unpaid, "ante_bonus", "straight", e_paid).pays > solve(paid, "ante_bonus", "straight", e_paid).pays


def test_pair_plus_lost_on_fold_with_a_fixed_strategy(tmp_path):
    # A Pair Plus table that pushes high cards: folding them now loses the Pair Plus stake.
    pushes = "{ high_card = 0, pair = 1, flush = 3, straight = 6, trips = 30, straight_flush = 40 }"
    stands = _game(tmp_path, "pair_plus_on_fold = true", pushes, "stands")
    lost = _game(tmp_path, "pair_plus_on_fold = false", pushes, "lost")
    assert analyze(lost).pair_plus.house_edge > analyze(stands).pair_plus.house_edge
    always = play_mask(lost, "always-play")
    assert analyze(lost, always).pair_plus.house_edge == analyze(stands, always).pair_plus.house_edge
    folded = int((~analyze(lost).play).sum())
    assert analyze(lost).pair_plus.house_edge - analyze(stands).pair_plus.house_edge == Fraction(folded, 22100)


@pytest.mark.parametrize("ratio", [Fraction(1, 2), Fraction(1), Fraction(5)])
def test_the_pair_plus_ratio_optimises_ante_and_pair_plus_together(tmp_path, ratio):
    pushes = "{ high_card = 0, pair = 1, flush = 3, straight = 6, trips = 30, straight_flush = 40 }"
    lost = _game(tmp_path, "pair_plus_on_fold = false", pushes, "lost")
    alone = analyze(lost)
    together = analyze(lost, pair_plus_ratio=ratio)

    def combined(report):
        return report.ante_play.expected_return + ratio * report.pair_plus.expected_return

    assert combined(together) > combined(alone)
    assert together.ante_play.play_rate > alone.ante_play.play_rate
    # Any other strategy does no better for the combined stake.
    for name in ("always-play", "dealer-copy", "Q-6-4", "K-high"):
        assert combined(analyze(lost, play_mask(lost, name))) <= combined(together)
    # When Pair Plus stands on a fold, the ratio changes nothing.
    stands = _game(tmp_path, "pair_plus_on_fold = true", pushes, "stands")
    assert np.array_equal(analyze(stands, pair_plus_ratio=ratio).play, analyze(stands).play)


def test_ratio_zero_is_the_ante_alone_and_negative_is_refused(tmp_path):
    lost = _game(tmp_path, "pair_plus_on_fold = false")
    assert np.array_equal(analyze(lost, pair_plus_ratio=0).play, analyze(lost).play)
    from casino.errors import BetError

    with pytest.raises(BetError):
        analyze(lost, pair_plus_ratio=-1)


@pytest.mark.parametrize("ties", ["push", "player", "dealer"])
def test_no_bonus_on_a_loss_is_withheld_only_when_the_dealer_is_higher(ties):
    """A tie that the dealer wins nets -2 too, but it is not a loss to a higher hand: the bonus stands
    (as in casino.rules.settle). The distribution, the outcome rows and the play values must agree."""
    from dataclasses import replace

    from casino.games import Rules
    from casino.hands import N_DEALER_HANDS, N_HANDS

    game = replace(load_game("three-card-poker"), ties=ties, rules=Rules(ante_bonus_on_loss=False))
    report = analyze(game)
    by_values = Fraction(
        int(np.where(report.play, report.play_value, -report.scale * N_DEALER_HANDS).sum()),
        report.scale * N_DEALER_HANDS * N_HANDS,
    )
    assert report.ante_play.expected_return == by_values
    assert sum((o.contribution for o in report.ante_play.outcomes), Fraction(0)) == by_values
