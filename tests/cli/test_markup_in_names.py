"""A designer's names and labels are printed as written, never read as Rich markup.

A name such as ``[/]`` crashed every command that printed it (MarkupError traceback), and a name such as
``Brag [my-table]`` lost its bracketed part silently (Rich took it for a style tag)."""

from pathlib import Path

import pytest

NAME = "Odd [/] Brag [my-table] [bold]"
PRIAL = "Trio [/i]"
TABLE = "Pays [red]"


@pytest.fixture
def odd_game(tmp_path: Path) -> Path:
    table = tmp_path / "odd-table.toml"
    table.write_text(f'name = "{TABLE}"\n[pair_plus]\npair = 1\nflush = 4\nrun = 6\nrunning_flush = 30\nprial = 40\n')
    game = tmp_path / "odd.toml"
    game.write_text(
        f'name = "{NAME}"\nqualifier = "Q-high"\npair_plus = "{table}"\n'
        '[ranking]\norder = ["high_card", "pair", "flush", "run", "running_flush", "prial"]\n'
        'top_prial = "3"\na23 = "top"\n'
        f'[ranking.labels]\nprial = "{PRIAL}"\n'
        '[ante_bonus]\nrun = 1\nrunning_flush = 4\nprial = 5\n')
    return game


@pytest.mark.parametrize("args", [
    ["edge"], ["par"], ["strategy"], ["simulate", "--hands", "2000", "--seed", "1"],
    ["session", "--hands", "5", "--bankroll", "50"], ["compare", "3-card-brag"],
    ["solve", "--bet", "pair_plus", "--hand", "prial", "--edge", "0.03"],
], ids=lambda a: a[0])
def test_names_and_labels_print_as_written(runner, app, odd_game, args):
    command, *rest = args
    result = runner.invoke(app, [command, str(odd_game), *rest])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert NAME in text, text
    if command in ("edge", "par", "simulate"):
        assert PRIAL in text, text


def test_a_session_with_such_a_name_plays(runner, app, odd_game, tmp_path):
    db = tmp_path / "s.db"
    played = runner.invoke(app, ["play", str(odd_game), "--auto", "--hands", "3", "--db", str(db),
                                 "--bankroll", "100", "--ante", "1"])
    assert played.exit_code == 0, played.output
    assert NAME in " ".join(played.output.split())
    at_table = runner.invoke(app, ["play", str(odd_game), "--db", str(tmp_path / "t.db"), "--bankroll", "100"],
                             input="t\nq\n")
    assert at_table.exit_code == 0, at_table.output
    text = " ".join(at_table.output.split())
    assert NAME in text and PRIAL in text, text


def test_a_paytable_name_in_a_game_name_is_kept(runner, app, odd_game):
    table = odd_game.parent / "odd-table.toml"
    for command in ("edge", "strategy", "par"):
        result = runner.invoke(app, [command, "3-card-brag", "--pair-plus-table", str(table)])
        assert result.exit_code == 0, result.output
        assert f"3 Card Brag [{TABLE}]" in " ".join(result.output.split()), result.output


def test_a_stored_session_with_such_a_name_reads_back(runner, app, odd_game, tmp_path):
    db = str(tmp_path / "s.db")
    played = runner.invoke(app, ["play", str(odd_game), "--auto", "--hands", "3", "--db", db, "--bankroll", "100"])
    assert played.exit_code == 0, played.output
    for args in (["sessions"], ["history", "1"], ["replay", "1", "1"], ["verify", "1"]):
        shown = runner.invoke(app, [*args, "--db", db])
        assert shown.exit_code == 0, (args, shown.output)
        assert "Odd [/] Brag" in " ".join(shown.output.split()) or args == ["verify", "1"], (args, shown.output)


def test_a_classic_session_with_such_a_name_reads_back(runner, app, tmp_path):
    rules = tmp_path / "odd-rules.toml"
    rules.write_text('name = "Odd [/bold] Brag [x]"\n')
    db = str(tmp_path / "c.db")
    played = runner.invoke(app, ["classic", "--rules", str(rules), "--auto", "--hands", "2", "--opponents", "2",
                                 "--db", db, "--seed", "m"])
    assert played.exit_code == 0, played.output
    for args in (["sessions", "--classic"], ["history", "1", "--classic"], ["replay", "1", "1", "--classic"],
                 ["verify", "1", "--classic"]):
        shown = runner.invoke(app, [*args, "--db", db])
        assert shown.exit_code == 0, (args, shown.output)
