"""Amounts at the table and in the records are shown exactly. Found by a hostile test: a float's ``:g`` kept six
significant digits, so a bankroll of 1,000,004.75 was shown "1e+06", 999,997.5 as "999998" and 99,994.75 as
"99994.8" (the JSON and CSV were exact)."""

from __future__ import annotations


def test_a_big_bankroll_with_cents_is_shown_to_the_cent(runner, app, tmp_path):
    url = f"sqlite:///{tmp_path / 'big.db'}"
    played = runner.invoke(app, ["play", "3-card-brag", "--seed", "s2", "--bankroll", "1000000", "--db", url],
                           input="2.5 0\np\n\np\nq\n")
    assert played.exit_code == 0, played.output
    assert "Hand 1: +2.5 · bankroll 1,000,002.5" in played.output
    assert "Hand 2: -5 · bankroll 999,997.5" in played.output


def test_a_head_to_head_history_is_shown_to_the_cent(runner, app, tmp_path):
    url = f"sqlite:///{tmp_path / 'h2h.db'}"
    played = runner.invoke(app, ["play", "teen-patti-20-20", "--bet", "a=5", "--auto", "--hands", "3", "--seed", "s",
                                 "--bankroll", "100000", "--db", url])
    assert played.exit_code == 0, played.output
    shown = runner.invoke(app, ["history", "1", "--db", url], env={"COLUMNS": "100"})
    assert "99,994.75" in shown.output and "99994.8" not in shown.output, shown.output
