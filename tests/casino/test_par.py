"""casino.par: the PAR sheet adds up, every way it is printed."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from casino.edge import analyze
from casino.games import load_game
from casino.hands import N_DEALER_HANDS, N_HANDS
from casino.par import par_sheet
from casino.strategy import play_mask


def test_breakdown_by_player_hand_adds_up_to_the_report():
    game = load_game("3-card-brag")
    sheet = par_sheet(game)
    report = sheet.report
    rows = sheet.categories
    assert [r.key for r in rows] == list(reversed(game.ranking.order))
    assert sum(r.hands for r in rows) == N_HANDS
    assert sum(r.total for r in rows) == N_HANDS * N_DEALER_HANDS
    for key in ("fold", "win", "tie", "lose"):
        assert sum(getattr(r, key) for r in rows) == report.ante_play.counts[key]
    assert sum(r.not_qualify for r in rows) == report.ante_play.counts["dealer_not_qualify"]
    assert sum((r.contribution for r in rows), Fraction(0)) == report.ante_play.expected_return
    for r in rows:
        assert r.total == r.hands * N_DEALER_HANDS


def test_a_given_strategy_is_the_one_on_the_sheet():
    game = load_game("three-card-poker")
    sheet = par_sheet(game, play_mask(game, "always-play"))
    assert all(r.fold == 0 for r in sheet.categories)
    assert sheet.report.ante_play.house_edge == analyze(game, play_mask(game, "always-play")).ante_play.house_edge


def test_sections_cover_every_bet_and_the_distribution_runs_from_best_to_minus_two():
    sheet = par_sheet(load_game("three-card-poker"))
    titles = [s.title for s in sheet.sections()]
    assert titles[0] == "Summary"
    assert any("Pair Plus: return table" == t for t in titles)
    distribution = next(s for s in sheet.sections() if s.title.endswith("net result per round"))
    assert distribution.rows[0][0] == "7" and distribution.rows[-1][0] == "-2"


def test_formats_agree():
    sheet = par_sheet(load_game("three-card-poker"))
    data = json.loads(json.dumps(sheet.to_dict()))
    assert data["ante_play"]["house_edge"] == float(sheet.report.ante_play.house_edge)
    assert sum(d["combinations"] for d in data["ante_play"]["distribution"]) == N_HANDS * N_DEALER_HANDS
    assert len(data["ante_play"]["by_player_hand"]) == 6
    rows = list(csv.reader(io.StringIO(sheet.to_csv())))
    sections = {r[0] for r in rows if r[0] != "section"}
    assert sections == {s.title for s in sheet.sections()}
    total_row = next(r for r in rows if r[0].startswith("Ante/Play by player hand") and r[1] == "Total")
    assert int(total_row[2]) == N_HANDS
    markdown = sheet.to_markdown()
    assert markdown.startswith("# PAR sheet: Three Card Poker")
    assert markdown.count("## ") == len(sheet.sections())


def test_rule_variations_show_on_the_sheet():
    game = load_game("three-card-poker")
    from dataclasses import replace

    from casino.games import Rules

    strict = replace(game, rules=Rules(ante_bonus_on_loss=False, pair_plus_on_fold=True))
    assert par_sheet(strict).to_dict()["rules"]["ante_bonus_on_loss"] is False
    assert par_sheet(strict).report.ante_play.house_edge > par_sheet(game).report.ante_play.house_edge


def test_side_bets_and_the_progressive_meter_are_on_the_sheet(tmp_path):
    path = tmp_path / "prog.toml"
    path.write_text('ranking = "brag"\nprogressive = "progressive-1"\nsix_card_bonus = "six-card-bonus-1"\n',
                    encoding="utf-8")
    sheet = par_sheet(load_game(str(path)))
    titles = [s.title for s in sheet.sections()]
    assert "6 Card Bonus: return table" in titles and "Progressive: return table" in titles
    meter = next(s for s in sheet.sections() if s.title.startswith("Progressive: house edge by meter"))
    even = [row for row in meter.rows if row[2] == "break-even"]
    assert len(even) == 1 and even[0][1] == "0.0000%"
    table = [row for row in meter.rows if row[2] == "table"]
    assert table == [("1,000", f"{float(sheet.game.side_bet('progressive').edge_at(1000)) * 100:.4f}%", "table")]
    edges = [float(row[1].rstrip("%")) for row in meter.rows]
    assert edges == sorted(edges, reverse=True)  # a bigger meter, a smaller edge


def test_csv_holds_plain_numbers():
    """Percentages and fractions as decimals, no thousands separators, empty cells where n/a."""
    sheet = par_sheet(load_game("three-card-poker"))
    rows = list(csv.reader(io.StringIO(sheet.to_csv())))
    summary = {r[1]: r for r in rows if r[0] == "Summary"}
    assert float(summary["Ante/Play"][2]) == float(sheet.report.ante_play.house_edge)
    assert summary["Ante/Play"][3] == "686689/20358520"
    assert summary["Pair Plus"][7] == ""  # no play rate
    assert summary["Pair Plus"][8] == "22100"
    for row in rows:
        for cell in row[2:]:
            assert "%" not in cell and "—" not in cell and "," not in cell, row


def test_meters_print_without_needless_decimals(tmp_path):
    path = tmp_path / "prog.toml"
    path.write_text('ranking = "brag"\n[progressive]\nmeter = 2762\nmini_royal = "meter"\nrun = 6\n',
                    encoding="utf-8")
    sheet = par_sheet(load_game(str(path)))
    meter = next(s for s in sheet.sections() if s.title.startswith("Progressive: house edge by meter"))
    assert ("2,762" in [row[0] for row in meter.rows]) and not any(row[0].endswith(".00") for row in meter.rows)
    rows = list(csv.reader(io.StringIO(sheet.to_csv())))
    assert ["Progressive: house edge by meter (units of the stake)", "2762"] == next(
        r for r in rows if r[0].startswith("Progressive: house edge") and r[-1] == "table")[:2]


def test_rule_variations_are_named_in_the_description():
    from dataclasses import replace

    from casino.games import Rules

    game = load_game("three-card-poker")
    assert "variation" not in par_sheet(game).description()
    no_bonus = par_sheet(replace(game, rules=Rules(ante_bonus_on_loss=False)))
    assert "rule variations: no Ante Bonus when the dealer wins" in no_bonus.description()
    fold = par_sheet(replace(game, rules=Rules(pair_plus_on_fold=False)))
    assert "Pair Plus lost on a fold" in fold.description() and "Pair Plus lost on a fold" in fold.to_markdown()
