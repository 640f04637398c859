"""Jokers with ``wild = "none"`` (jokers are wild whatever ``wild`` says): the computer players read a joker's
card number as a row of the natural hand table (IndexError), and the hand stayed pending for good."""

import json

import pytest


@pytest.mark.parametrize("rules", ["jokers = 2\n", "jokers = 1\ncards = 4\n"], ids=["three-cards", "four-cards"])
def test_computer_players_play_hands_holding_a_joker(runner, app, tmp_path, rules):
    path = tmp_path / "jokers.toml"
    path.write_text(rules)
    result = runner.invoke(app, ["classic", "--rules", str(path), "--auto", "--hands", "20", "--opponents", "4",
                                 "--db", str(tmp_path / "j.db"), "--seed", "a", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert sum(seat["chips"] for seat in data["seats"]) == sum(seat["start"] for seat in data["seats"])
