"""brag solve: the payout for a target edge, and one-line refusals."""

from __future__ import annotations

import json

import pytest


def test_solve_pair_plus_exactly(runner, app):
    result = runner.invoke(app, ["solve", "three-card-poker", "--bet", "pair_plus", "--hand", "flush",
                                 "--edge", "0.03"])
    assert result.exit_code == 0, result.output
    assert "4,233/1,096" in result.output and "exact" in result.output and "3.000000%" in result.output
    data = json.loads(runner.invoke(app, ["solve", "three-card-poker", "--hand", "flush", "--edge", "3%",
                                          "--json"]).output)
    assert data["pays_fraction"] == "4233/1096" and data["exact"] is True and data["method"] == "linear"


def test_solve_ante_bonus_with_brentq(runner, app):
    result = runner.invoke(app, ["solve", "3-card-brag", "--bet", "ante_bonus", "--hand", "run", "--edge", "2%",
                                 "--json"])
    data = json.loads(result.output)
    assert data["method"] == "brentq" and data["exact"] is True and data["house_edge"] == 0.02


def test_solve_a_side_bet_of_a_game_file(runner, app, tmp_path):
    path = tmp_path / "six.toml"
    path.write_text('ranking = "poker"\nsix_card_bonus = "six-card-bonus-1"\n', encoding="utf-8")
    data = json.loads(runner.invoke(app, ["solve", str(path), "--bet", "six_card_bonus", "--hand", "flush",
                                          "--edge", "0.05", "--json"]).output)
    assert data["house_edge"] == 0.05 and data["exact"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bet", "jackpot", "--hand", "flush", "--edge", "0.03"], "unknown bet 'jackpot'"),
        (["--bet", "pair_plus", "--hand", "full house", "--edge", "0.03"], "unknown hand"),
        (["--bet", "pair_plus", "--hand", "flush", "--edge", "0.5"], "cannot reach"),
        (["--bet", "ante_bonus", "--hand", "straight", "--edge", "0.9"], "cannot reach"),
        (["--bet", "pair_plus", "--hand", "flush", "--edge", "lots"], "--edge must be a number"),
        (["--bet", "pair_plus", "--edge", "0.03"], "--hand"),
        (["--bet", "pair_plus", "--hand", "flush"], "--edge"),
        (["--bet", "six_card_bonus", "--hand", "flush", "--edge", "0.03"], "offers no six_card_bonus"),
    ],
)
def test_solve_bad_input(runner, app, args, message):
    result = runner.invoke(app, ["solve", "three-card-poker", *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output
