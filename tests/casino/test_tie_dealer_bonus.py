"""A tie the dealer wins (``ties = "dealer"``) is a loss for the Ante Bonus: with ``ante_bonus_on_loss =
false`` the bonus does not pay on it (file-format.md: "paid when a qualifying dealer beats the player").
The figure below is an independent brute force over all 22,100 x 18,424 player/dealer hands of this game
(a plain evaluator written apart from the product, by the hostile test of 2026-12-01); the calculator
paid the bonus on those ties and gave -1,412,941/11,975,600."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

GAME = '''name = "Custom One"
qualifier = "Q-6-4"
ties = "dealer"
[ranking]
order = ["high_card", "pair", "run", "flush", "prial", "running_flush"]
top_prial = "7"
a23 = "second"
[ante_bonus]
pair = "1/3"
flush = 2.5
run = 1
running_flush = 7
prial = 3
prial_of_threes = 11
three_aces = 0
[rules]
ante_bonus_on_loss = false
'''


def test_no_ante_bonus_on_a_tie_the_dealer_wins(tmp_path: Path) -> None:
    from casino.rules import outcome_nets
    from casino.games import load_game

    path = tmp_path / "custom1.toml"
    path.write_text(GAME)
    game = load_game(str(path))
    nets = outcome_nets(game)
    assert nets.ante[3] == -1 and nets.play[3] == -1  # the tie is the dealer's
    assert nets.bonus_paid[3] is False

    from casino.edge import analyze

    report = analyze(game)
    assert report.ante_play.house_edge == Fraction(-24_004_367, 203_585_200)
