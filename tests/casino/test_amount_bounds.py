"""Amounts that would grow without end, or overflow the table's arithmetic, are refused in one line before
anything is dealt; what is written is read back exactly.

A stake of ``1/999999937`` fed to a shared progressive meter (then ``1/999999929`` …) once gave the meter a
denominator longer than any stored amount may be, so every later session at that game was refused; a pay of
``1.000000000000000001`` overflowed the table's 64-bit settlement with a traceback."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from casino.classic.actions import Bet, action_from_text
from casino.errors import BetError
from casino.games import _toml_value, parse_game_text
from casino.money import decimal_places, parse, parse_amount, read_stored, stored
from casino.rules import compile_rules

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text", ["1/3", "1/999999937", "2/7", "5/6"])
def test_a_stake_that_is_no_decimal_is_refused_in_one_line(text):
    with pytest.raises(BetError) as error:
        parse(text, "Ante")
    assert str(error.value).startswith("the Ante ") and text[:20] in str(error.value)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(("text", "value"), [("5/2", Fraction(5, 2)), ("0.125", Fraction(1, 8)), ("7", Fraction(7)),
                                             ("1/1048576", Fraction(1, 2**20)),
                                             # a 30-place decimal as the API writes it back: 31 digits below
                                             (f"{10**30 + 3}/{10**30}", Fraction(10**30 + 3, 10**30))])
def test_whole_and_decimal_stakes_are_taken_exactly(text, value):
    assert parse(text, "Ante") == value


def test_traditional_brag_takes_bets_in_any_fraction():  # its rules file may ante 1/3
    assert action_from_text("b 1/3") == Bet(Fraction(1, 3))
    assert parse("1/3", "bet", any_fraction=True) == Fraction(1, 3)


def test_decimal_places():
    assert [decimal_places(Fraction(x)) for x in ("5", "2.5", "0.125", "1/3", "1/6")] == [0, 1, 3, None, None]


def test_the_progressive_side_bet_refuses_a_stake_in_thirds(tmp_path):
    run = subprocess.run([sys.executable, "-m", "cli", "play", "brag-with-side-bets", "--auto", "--hands", "1",
                          "--side-bet", "prog=1/999999937", "--seed", "x", "--db", str(tmp_path / "b.db")],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, env={"HOME": str(tmp_path),
                                                                                     "PATH": "/usr/bin:/bin"})
    assert run.returncode == 2, run.stdout + run.stderr
    assert "whole or decimal" in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "b.db").exists() or b"999999937" not in (tmp_path / "b.db").read_bytes()


FINE = 'name = "fine"\nranking = "brag"\n[pair_plus]\npair = 1.000000000000000001\nprial = 40\n'


def test_pays_too_fine_for_the_table_are_one_line_and_exit_2(tmp_path):
    with pytest.raises(BetError, match="too finely divided for the table"):
        compile_rules(parse_game_text(FINE))
    path = tmp_path / "fine.toml"
    path.write_text(FINE, encoding="utf-8")
    for args in (["play", str(path), "--auto", "--hands", "2", "--seed", "p", "--db", str(tmp_path / "v.db")],
                 ["simulate", str(path), "--hands", "100"]):
        run = subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, capture_output=True, text=True,
                             timeout=120, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
        assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
        assert "too finely divided for the table" in run.stderr and len(run.stderr.strip().splitlines()) == 1
    # the calculator still prices it exactly
    edge = subprocess.run([sys.executable, "-m", "cli", "edge", str(path), "--json"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert edge.returncode == 0, edge.stderr


@pytest.mark.parametrize("value", [Fraction(10**30 + 1, 10**30), Fraction(123456789012345678901234567891, 10**30),
                                   Fraction(-1, 8), Fraction(25, 3), Fraction(7)])
def test_a_written_amount_reads_back_exactly_at_any_length(value):
    text = _toml_value(value)
    read = tomllib.loads(f"x = {text}", parse_float=Decimal)["x"]
    assert Fraction(read) == value
    if value > 0:
        assert parse_amount(read, "x") == value  # what a game file's reader takes back


def test_a_decimal_longer_than_a_file_may_hold_is_written_as_a_fraction():
    value = Fraction(2147483649, 2147483648)  # 31 decimal places
    assert _toml_value(value) == '"2147483649/2147483648"'
    assert parse_amount(tomllib.loads(f"x = {_toml_value(value)}")["x"], "x") == value


def test_a_name_with_control_characters_is_written_as_valid_toml():
    name = "a\x7fb\x1bc\x01"
    assert tomllib.loads(f"x = {_toml_value(name)}")["x"] == name


def test_a_long_sessions_sum_is_stored_and_read_back():
    # a stake of 30 decimal places times a pay of 30 more, over a bankroll near the largest
    value = Fraction(10**15) + Fraction(1, 10**30) * Fraction(1, 10**30 - 1)
    assert read_stored(stored(value)) == value


def test_every_side_bet_is_named_by_the_title_the_felt_shows():
    from casino.bets import side_bet_named, side_bets

    assert [side_bet_named(bet.title) for bet in side_bets()] == [bet.name for bet in side_bets()]
    assert side_bet_named("  six-card   BONUS ") == "six_card_bonus"
