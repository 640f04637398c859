"""brag solve: the payout for a target edge, and one-line refusals."""

from __future__ import annotations

import json

import pytest


def test_solve_pair_plus_exactly(runner, app):
    result = runner.invoke(app, ["solve", "three-card-poker", "--bet", "pair_plus", "--hand", "flush",
                                 "--edge", "0.03"])
    assert result.exit_code == 0, result.output
    assert "4,233/1,096" in result.output and "exact" in result.output
    assert "for a 3% house edge on Pair Plus," in result.output
    assert "a flush must pay 3.862226 to 1" in result.output and "with that payout: 3%" in result.output
    assert "pair_plus" not in result.output
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


def test_solve_says_payouts_and_hands_as_players_do(runner, app, tmp_path):
    path = tmp_path / "prog.toml"
    path.write_text('name = "P"\nranking = "poker"\n[progressive]\nmeter = 1000\nmini_royal = "100% meter"\n'
                    "running_flush = 70\nprial = 60\nrun = 6\n", encoding="utf-8")
    result = runner.invoke(app, ["solve", str(path), "--bet", "progressive", "--hand", "mini_royal", "--edge", "5%"])
    assert result.exit_code == 0, result.output
    assert "on Progressive," in result.output
    assert "a mini royal must pay 2,413.75 to 1;" in result.output  # an exact decimal: no fraction after it
    assert "mini_royal" not in result.output and "2413.750000" not in result.output
    six = tmp_path / "six.toml"
    six.write_text('name = "S"\nranking = "poker"\nsix_card_bonus = "six-card-bonus-1"\n', encoding="utf-8")
    result = runner.invoke(app, ["solve", str(six), "--bet", "six_card_bonus", "--hand", "royal_flush",
                                 "--edge", "0.05"])
    assert "on 6 Card Bonus," in result.output
    assert "a royal flush must pay 6,657.925532 to 1 (= 625,845/94)" in result.output


@pytest.mark.parametrize(("edge", "shown"), [("-0.9999999", "-99.99999%"), ("-99.999999999%", "-99.999999999%"),
                                             ("0.123456789", "12.3456789%"), ("1/30", "3.33333333…%")])
def test_solve_heads_its_output_with_the_edge_given_never_rounded_into_another(runner, app, edge, shown):
    """``--edge -0.9999999`` was headed "a -100% house edge" (rounded to 4 places): a value it is not."""
    result = runner.invoke(app, ["solve", "3-card-brag", "--hand", "flush", "--edge", edge])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"3 Card Brag: for a {shown} house edge on Pair Plus,", lines[0]
    assert "-100%" not in result.output
    if "…" not in shown:  # an exact solution: the edge it gives is the one asked for, shown the same way
        assert f"house edge with that payout: {shown}" in result.output


def test_solve_names_an_edge_just_out_of_range_as_given(runner, app):
    result = runner.invoke(app, ["solve", "3-card-brag", "--hand", "flush", "--edge", "-1.0000001"])
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == ("brag: error: a target house edge must lie between -100% and 100%, "
                                               "not -100.00001%")
