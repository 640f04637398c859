"""casino.solve: the payout for a target edge, exact where linear, and clear refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.edge import analyze
from casino.errors import BetError
from casino.games import load_game, load_paytable
from casino.sidebets import load_side_bet
from casino.solve import solve, with_pay


def test_pair_plus_is_solved_exactly_and_gives_back_a_known_table():
    game = load_game("three-card-poker")
    # Pair Plus table 1 pays 4 for a flush: solving for its own edge must give 4 back.
    target = analyze(game).pair_plus.house_edge
    s = solve(game, "pair_plus", "flush", target)
    assert s.pays == 4 and s.exact and s.method == "linear"
    s = solve(game, "pair_plus", "straight", Fraction(3, 100))
    assert s.exact and analyze(s.game).pair_plus.house_edge == Fraction(3, 100)
    assert s.game.pair_plus.pay_for("flush") == 4  # the other pays are kept


def test_a_hand_the_table_does_not_pay_can_be_added(tmp_path):
    path = tmp_path / "no-flush.toml"
    path.write_text("[pair_plus]\npair = 1\nstraight = 6\ntrips = 30\nstraight_flush = 40\n", encoding="utf-8")
    game = load_game("three-card-poker", pair_plus=str(path))
    s = solve(game, "pair_plus", "flush", "0.05")
    assert s.game.pair_plus.pay_for("flush") == s.pays > 0
    assert analyze(s.game).pair_plus.house_edge == Fraction(5, 100)


def test_ante_bonus_moves_the_strategy_and_is_solved_by_brentq_then_made_exact():
    game = load_game("three-card-poker")
    target = analyze(game).ante_play.house_edge
    s = solve(game, "ante_bonus", "straight", target)
    assert s.method == "brentq" and s.exact and s.pays == 1
    s = solve(game, "ante_bonus", "straight", Fraction(1, 50))
    assert s.exact and analyze(s.game).ante_play.house_edge == Fraction(1, 50)
    # A bonus on every high-card hand that is played changes which of them to play: still exact.
    s = solve(game, "ante_bonus", "high_card", Fraction(0))
    assert s.exact and analyze(s.game).ante_play.house_edge == 0
    assert analyze(s.game).ante_play.play_rate != analyze(game).ante_play.play_rate


def test_side_bets_are_solved_exactly():
    game = load_game("three-card-poker").with_side_bet(load_side_bet("six-card-bonus-1"))
    s = solve(game, "six_card_bonus", "flush", "0.05")
    assert s.exact and s.game.side_bet("six_card_bonus").report().house_edge == Fraction(5, 100)


def test_with_pay_keeps_everything_else():
    game = load_game("3-card-brag")
    changed = with_pay(game, "pair_plus", "flush", Fraction(5))
    assert changed.pair_plus.pay_for("flush") == 5
    assert changed.pair_plus.pay_for("prial") == game.pair_plus.pay_for("prial")
    assert changed.ante_bonus == game.ante_bonus


@pytest.mark.parametrize(
    ("bet", "hand", "edge", "message"),
    [
        ("side_bet", "flush", "0.03", "unknown bet 'side_bet'"),
        ("pair_plus", "royal", "0.03", "unknown hand 'royal'"),
        ("pair_plus", "flush", "0.5", "on Pair Plus: even paying a flush 0 leaves the edge at 22.1538%"),
        ("ante_bonus", "straight", "0.9", "cannot reach"),
        ("pair_plus", "flush", "2", "between -100% and 100%"),
        ("pair_plus", "high_card", "0.05", "even paying high card 0"),  # 0 means high cards push
        ("six_card_bonus", "flush", "0.03", "offers no six_card_bonus"),
    ],
)
def test_unreachable_targets_and_unknown_names_are_refused(bet, hand, edge, message):
    game = load_game("three-card-poker")
    if bet == "six_card_bonus":
        with pytest.raises(BetError, match=message):
            game.side_bet(bet)
        return
    with pytest.raises(BetError, match=message):
        solve(game, bet, hand, edge)


def test_a_game_without_the_bet_is_refused(tmp_path):
    from casino.errors import BetError
    from casino.games import load_game
    from casino.solve import solve

    path = tmp_path / "bare.toml"
    path.write_text('ranking = "brag"\n')
    for bet in ("pair_plus", "ante_bonus"):
        with pytest.raises(BetError, match="has no"):
            solve(load_game(path), bet, "flush", 0.03)
