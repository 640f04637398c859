"""brag strategy: the rule in words, costs, and the informed strategy."""

from __future__ import annotations

import json

import pytest


def test_strategy_rule_and_costs(runner, app):
    result = runner.invoke(app, ["strategy", "three-card-poker", "--threshold", "K-high"])
    assert result.exit_code == 0, result.output
    for text in ("Play Q-6-4 or better", "No exceptions", "dealer-copy", "always-play", "pair", "K-high",
                 "3.3730%", "7.6538%"):
        assert text in result.output


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
