"""brag par: the PAR sheet as tables, Markdown, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json


def test_par_tables(runner, app):
    result = runner.invoke(app, ["par", "three-card-poker"])
    assert result.exit_code == 0, result.output
    for text in ("PAR sheet: Three Card Poker", "Summary", "return table", "net result per round",
                 "by player hand", "Dealer not", "407,170,400", "-0.033730", "Straight flush"):
        assert text in result.output


def test_par_formats(runner, app):
    data = json.loads(runner.invoke(app, ["par", "3-card-brag", "--json"]).output)
    assert data["ante_play"]["by_player_hand"][0]["hand"] == "prial"
    assert data["rules"] == {"ante_bonus_on_loss": True, "pair_plus_on_fold": True, "face_up": False}
    markdown = runner.invoke(app, ["par", "3-card-brag", "--markdown"]).output
    assert markdown.startswith("# PAR sheet: 3 Card Brag") and "| Player hand |" in markdown
    rows = list(csv.reader(io.StringIO(runner.invoke(app, ["par", "3-card-brag", "--csv"]).output)))
    assert rows[0][0] == "section" and any(r[0] == "Summary" for r in rows[1:])


def test_par_with_a_strategy_and_a_plot(runner, app, tmp_path):
    picture = tmp_path / "par.svg"
    result = runner.invoke(app, ["par", "three-card-poker", "--strategy", "always-play", "--plot",
                                 "--plot-file", str(picture)])
    assert result.exit_code == 0, result.output
    assert "strategy: always-play" in result.output and "7.6538%" in result.output
    assert "<svg" in picture.read_text(encoding="utf-8")


def test_par_bad_input(runner, app):
    for args, message in (
        (["par", "three-card-poker", "--strategy", "sometimes"], "unknown strategy"),
        (["par", "nope"], "unknown game"),
        (["par", "three-card-poker", "--csv", "--markdown"], "choose one of"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and message in lines[0]


import pytest


@pytest.mark.parametrize("width", ["80", "100", "120"])
def test_par_tables_fit_the_terminal_and_never_cut_a_number(runner, app, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", width)
    result = runner.invoke(app, ["par", "three-card-poker"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= int(width)
    assert "…" not in result.output
    for count in ("12,793,544", "132,652,800", "91,401,616", "407,170,400", "686,689/20,358,520", "-0.033730"):
        assert count in result.output
    assert "Ante/Play" in result.output and "with Ante Bonus" not in result.output


def test_par_header_names_rule_variations(runner, app, tmp_path):
    plain = runner.invoke(app, ["par", "three-card-poker"]).output.splitlines()[0]
    assert "variation" not in plain
    path = tmp_path / "strict.toml"
    path.write_text('name = "Strict"\nranking = "poker"\nante_bonus = "ante-bonus-1"\npair_plus = "pair-plus-1"\n'
                    "[rules]\nante_bonus_on_loss = false\npair_plus_on_fold = false\n", encoding="utf-8")
    result = runner.invoke(app, ["par", str(path)])
    assert result.exit_code == 0, result.output
    header = " ".join(result.output.split("\n\n")[0].split())
    assert "no Ante Bonus when the dealer wins" in header and "Pair Plus lost on a fold" in header


def test_par_csv_numbers_are_plain(runner, app):
    rows = list(csv.reader(io.StringIO(runner.invoke(app, ["par", "three-card-poker", "--csv"]).output)))
    summary = next(r for r in rows if r[0] == "Summary" and r[1] == "Pair Plus")
    assert float(summary[2]) == pytest.approx(0.0231674208) and summary[7] == ""
