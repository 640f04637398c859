"""brag strategy: the rule in words, costs, and the informed strategy."""

from __future__ import annotations

import json

import pytest


def test_strategy_rule_and_costs(runner, app):
    result = runner.invoke(app, ["strategy", "three-card-poker", "--threshold", "K-high"])
    assert result.exit_code == 0, result.output
    for text in ("Play Q-6-4 or better", "No exceptions", "optimal (Q-6-4)", "copy the dealer (Q-high)",
                 "always play", "play any pair", "play K-high or better", "3.3730%", "7.6538%"):
        assert text in result.output
    optimal = next(line for line in result.output.splitlines() if "optimal (Q-6-4)" in line)
    assert optimal.rstrip(" │").endswith("—") and "0.0000%" not in optimal
    for internal in ("dealer-copy", "always-play"):
        assert internal not in result.output


def test_strategy_with_a_seen_dealer_card(runner, app):
    result = runner.invoke(app, ["strategy", "three-card-poker", "--dealer-card", "7h"])
    assert result.exit_code == 0, result.output
    assert "Given dealer card 7♥" in result.output and "Decisions that change" in result.output
    data = json.loads(runner.invoke(app, ["strategy", "three-card-poker", "--dealer-card", "7h", "--seen",
                                          "Kd 4c 9s", "--json"]).output)
    info = data["informed"]
    assert info["dealer_card"] == "7h" and info["seen"] == ["Kd", "4c", "9s"]
    assert info["house_edge"] < info["basic_strategy_house_edge"]
    assert data["rule"] == "Play Q-6-4 or better"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dealer-card", "7x"], "unknown card"),
        (["--dealer-card", "7h", "--seen", "7h"], "both as the dealer's card"),
        (["--threshold", "banana"], "unknown strategy"),
        (["--pair-plus-ratio", "x"], "--pair-plus-ratio"),
        (["--pair-plus-ratio", "-1"], "cannot be negative"),
    ],
)
def test_strategy_bad_input(runner, app, args, message):
    result = runner.invoke(app, ["strategy", "three-card-poker", *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output


def test_a_player_advantage_is_said_in_words(runner, app):
    result = runner.invoke(app, ["strategy", "three-card-poker", "--dealer-card", "2h"])
    assert result.exit_code == 0, result.output
    assert "informed optimal strategy: player advantage 15.1158%" in result.output
    assert "house edge -" not in result.output


def test_exceptions_show_cards_highest_first_with_suits(runner, app, tmp_path):
    path = tmp_path / "loose.toml"
    path.write_text('name = "Loose"\nranking = "poker"\nqualifier = "none"\nties = "player"\n'
                    'ante_bonus = "ante-bonus-1"\n', encoding="utf-8")
    result = runner.invoke(app, ["strategy", str(path)])
    assert result.exit_code == 0, result.output
    assert "Play J-8-4 or better" in result.output and "24 hands break that rule" in result.output
    import re

    assert len(re.findall(r"J[♣♦♥♠] 8[♣♦♥♠] 4[♣♦♥♠]", result.output)) == 24
    assert not re.search(r"4[cdhs] 8[cdhs] J[cdhs]", result.output)


@pytest.mark.parametrize("game,why", [("joker-brag", "Joker Brag has wild cards:"),
                                      ("four-card-brag", "Four Card Brag deals 4 cards:")])
def test_a_game_without_a_strategy_in_words_is_told_why(runner, app, game, why):
    """It said 'Joker Brag deals 3 cards or has wild cards' (both, whichever was true)."""
    result = runner.invoke(app, ["strategy", game])
    assert result.exit_code == 2 and why in " ".join(result.output.split()), result.output
