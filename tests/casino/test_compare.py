"""casino.compare: designs side by side, one result object for every format."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from casino.compare import BetFigures, compare, design
from casino.dealer import _dealer_outcomes
from casino.edge import analyze
from casino.errors import BetError
from casino.games import load_game


def test_figures_are_the_exact_analysis_of_each_design():
    designs = [design("three-card-poker", pair_plus=f"pair-plus-{k}") for k in range(1, 9)]
    result = compare(designs)
    for d, column in zip(designs, result.column("pair_plus")):
        report = analyze(d.game).pair_plus
        assert column.house_edge == report.house_edge
        assert column.hit_rate == report.hit_rate
        assert column.std_dev == pytest.approx(report.std_dev)
    # Table 1 is the standard one: 2.3167% (Wizard of Odds, Three Card Poker, Pair Plus table 1).
    assert round(float(result.column("pair_plus")[0].house_edge), 6) == 0.023167
    # Different tables, different edges: nothing was cached by mistake across designs.
    assert len({f.house_edge for f in result.column("pair_plus")}) == 8


def test_dealer_tables_are_built_once_and_reused():
    compare([design("3-card-brag")])
    before = _dealer_outcomes.cache_info()
    compare([design("3-card-brag", ante_bonus=f"ante-bonus-{k}") for k in range(1, 7)])
    after = _dealer_outcomes.cache_info()
    assert after.misses == before.misses
    assert after.hits >= before.hits + 6


def test_top_award_is_the_best_round_and_how_often():
    result = compare([design("three-card-poker")])
    ante = result.column("ante_play")[0]
    assert ante.top_award == 7  # a win (2) plus the straight-flush Ante Bonus (5)
    report = analyze(load_game("three-card-poker")).ante_play
    assert ante.top_award_combinations == dict(report.distribution)[Fraction(7)]
    pair_plus = result.column("pair_plus")[0]
    assert pair_plus.top_award == 40 and pair_plus.top_award_combinations == 48  # every straight flush
    assert pair_plus.top_award_odds == pytest.approx(22100 / 48)


def test_bets_can_be_restricted_and_a_missing_bet_is_an_error(tmp_path):
    bare = tmp_path / "bare.toml"
    bare.write_text('name = "Bare"\nranking = "poker"\n[ante_bonus]\nstraight = 1\n', encoding="utf-8")
    result = compare([design("three-card-poker"), design(str(bare))], bets=["ante_play"])
    assert result.bets == ("ante_play",)
    with pytest.raises(BetError, match=r"Bare .*has no pair_plus bet"):
        compare([design("three-card-poker"), design(str(bare))], bets=["pair_plus"])
    # Without a restriction the missing bet is an empty cell.
    both = compare([design("three-card-poker"), design(str(bare))])
    assert both.column("pair_plus")[1] is None
    assert any(cells[1] == "—" for title, _, cells in both.rows() if title == "Pair Plus")
    with pytest.raises(BetError):
        compare([])


def test_formats_come_from_one_result():
    result = compare([design("three-card-poker"), design("3-card-brag")])
    rows = list(csv.reader(io.StringIO(result.to_csv())))
    assert rows[0] == ["bet", "measure", "Three Card Poker", "3 Card Brag"]
    by_key = {(r[0], r[1]): r[2:] for r in rows[1:]}
    assert float(by_key[("ante_play", "house_edge")][0]) == float(result.column("ante_play")[0].house_edge)
    markdown = result.to_markdown().splitlines()
    assert len(markdown) == 2 + len(result.rows())
    data = json.loads(json.dumps(result.to_dict()))
    assert [d["label"] for d in data["designs"]] == list(result.labels)
    assert data["designs"][1]["bets"]["pair_plus"]["house_edge"] == float(result.column("pair_plus")[1].house_edge)


def test_cells_read_as_players_read_them():
    figures = BetFigures.of(analyze(load_game("three-card-poker")).pair_plus)
    assert figures.cell("house_edge") == "2.3167%"
    assert figures.cell("top_award_odds") == "1 in 460"
    assert figures.cell("play_rate") == "—"
    with pytest.raises(KeyError):
        figures.cell("nonsense")


def test_rules_row_group_only_when_rules_differ():
    from dataclasses import replace

    from casino.games import Rules

    game = load_game("three-card-poker")
    assert compare([design(game), design("3-card-brag")]).rules() == []
    strict = replace(game, name="Strict", rules=Rules(pair_plus_on_fold=False))
    result = compare([design(game), design(strict)])
    rules = dict(result.rules())
    assert rules["Rule variations"] == ["—", "Pair Plus lost on a fold"]
    assert result.rows()[0][0] == "Rules"
    ante = result.column("ante_play")[0]
    assert ante.cell("top_award") == "7" and ante.cell("top_award_hand") == "win + Straight flush bonus"
