"""Every table fits 80 columns: each command's output, at a terminal 80 columns wide, has no line
longer than 80 characters (Rich would otherwise crop or overflow)."""

from __future__ import annotations

import pytest

COMMANDS = [
    ["--help"],
    ["edge"],
    ["edge", "three-card-poker", "--ante-bonus-table", "ante-bonus-6"],
    ["odds"],
    ["paytables"],
    ["par", "three-card-poker"],
    ["solve", "three-card-poker", "--bet", "pair_plus", "--hand", "flush", "--edge", "3%"],
    ["strategy", "3-card-brag", "--dealer-card", "7h"],
    ["compare", "three-card-poker", "3-card-brag", "--plot"],
    ["session", "--hands", "50", "--check", "--sessions", "500", "--seed", "1"],
    ["session", "--betting", "paroli", "--hands", "40"],
    ["simulate", "--hands", "2000", "--seed", "1"],
    ["simulate", "--hands", "2000", "--seed", "1", "--strategy", "informed"],
    ["simulate", "--betting", "fibonacci", "--max-ante", "8", "--hands", "30", "--sessions", "500", "--seed", "1"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a))
def test_output_fits_80_columns(runner, app, monkeypatch, args):
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines
    too_long = [line for line in lines if len(line) > 80]
    assert not too_long, "\n".join(too_long)


@pytest.mark.parametrize("command", ["edge", "par", "solve", "strategy", "compare", "session", "simulate", "play",
                                     "history", "sessions", "replay", "verify", "odds", "paytables"])
def test_help_pages_fit_80_columns(runner, app, monkeypatch, command):
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


def test_version(runner, app):
    from casino import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"brag-table {__version__}"
