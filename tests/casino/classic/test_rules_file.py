"""Rules files: every key, defaults, and one-line errors for unknown keys and values."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from casino.classic.rules import ClassicRules, builtin_rules, load_rules, parse_rules_text
from casino.errors import GameFileError, UnknownGameError


def test_builtin_files():
    assert set(builtin_rules()) == {"classic-brag", "four-card-brag", "five-card-brag", "brag-with-twos-wild",
                                    "brag-with-braggers", "against-the-computer", "dealers-choice", "open-pack"}
    assert load_rules("dealers-choice").dealers_choice and load_rules("open-pack").open_pack
    assert load_rules("classic-brag") == ClassicRules(name="Classic Brag", description=load_rules(
        "classic-brag").description, source="classic-brag (built-in)")  # the standard is the default
    assert load_rules("FIVE-CARD-BRAG").cards == 5
    assert load_rules("brag-with-braggers").wild == "braggers"


def test_every_key_reads():
    rules = parse_rules_text(
        'cards = 4\nwild = "jokers"\njokers = 2\nblind = false\nante = 0.5\nmin_bet = 2\nmax_bet = 20\n'
        'limit = "pot"\nsee_cost = "equal"\nshuffle = "every-hand"\nshort_stack = "fold-or-borrow"\n'
        'agreed_showdown = true\nopponents = 3\nchips = 500\nhands = 30\n', "x.toml")
    assert (rules.cards, rules.wild, rules.jokers, rules.blind, rules.ante, rules.min_bet, rules.max_bet) == (
        4, "jokers", 2, False, Fraction(1, 2), 2, 20)
    assert (rules.limit, rules.see_cost, rules.shuffle, rules.short_stack, rules.agreed_showdown) == (
        "pot", "equal", "every-hand", "fold-or-borrow", True)
    again = parse_rules_text(rules.to_toml(), "again")
    assert replace(again, source="") == replace(rules, source="")  # written out, it reads back the same
    assert parse_rules_text('wild = "jokers"', "j").jokers == 1


@pytest.mark.parametrize(("text", "message"), [
    ("colour = 1", "x.toml: unknown key 'colour'"),
    ("cards = 6", "cards must be one of 3, 4, 5, not 6"),
    ('wild = "sevens"', "wild must be one of none, twos"),
    ("jokers = 3", "jokers must be one of 0, 1, 2"),
    ('blind = "yes"', "blind must be true or false"),
    ("ante = -1", "ante must be zero or more"),
    ("min_bet = 0", "min_bet must be positive"),
    ("min_bet = 5\nmax_bet = 2", "max_bet (2) is below min_bet (5)"),
    ('limit = "table"', "limit must be one of none, fixed, pot"),
    ('see_cost = "triple"', "see_cost must be one of double, equal"),
    ('shuffle = "never"', "shuffle must be one of traditional, every-hand"),
    ('short_stack = "beg"', "short_stack must be one of cover, fold-or-borrow"),
    ('wild = "jokers"\njokers = 0', 'needs jokers = 1 or 2'),
    ("opponents = 9", "opponents must be a whole number from 1 to 7"),
    ("cards = [", "malformed TOML"),
    ("min_bet = 2\nmax_bet = 3\nlimit = \"fixed\"", "at least twice min_bet"),
])
def test_bad_values_are_one_line_errors(text, message):
    with pytest.raises(GameFileError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        parse_rules_text(text, "x.toml")
    assert "\n" not in str(info.value)


def test_unknown_names_and_missing_files():
    with pytest.raises(UnknownGameError, match="did you mean 'classic-brag'"):
        load_rules("clasic-brag")
    with pytest.raises(UnknownGameError, match="no such file"):
        load_rules("nowhere/rules.toml")


def test_one_limit_on_a_sessions_hands_wherever_it_is_given(runner, app, tmp_path):
    """A rules file's ``hands``, ``brag classic --hands`` and a stored session's ``hand_limit`` share
    :data:`MAX_HANDS` (the file allowed 100,000, --hands 1,000,000), and say it in the same words."""
    from pathlib import Path

    from casino.classic.rules import MAX_HANDS
    from casino.db import classic_store

    assert parse_rules_text(f"hands = {MAX_HANDS}", "x.toml").hands == MAX_HANDS
    words = f"hands must be a whole number from 1 to {MAX_HANDS:,}, not"
    for bad in (0, MAX_HANDS + 1):
        with pytest.raises(GameFileError) as info:
            parse_rules_text(f"hands = {bad}", "x.toml")
        assert str(info.value) == f"x.toml: {words} {bad}"
        result = runner.invoke(app, ["classic", "--hands", str(bad), "--db", f"sqlite:///{tmp_path / 'h.db'}"])
        assert result.exit_code == 2 and f"--{words} {bad}" in result.output
    assert classic_store.MAX_HANDS is MAX_HANDS
    root = Path(__file__).resolve().parents[3]
    for path in ("casino/db/classic_store.py", "cli/classic.py", "casino/classic/rules.py"):
        assert "1_000_000" not in (root / path).read_text().replace("MAX_HANDS = 1_000_000", ""), path


def test_names_reach_a_terminal_as_visible_text():
    """An escape sequence in a rules file's name or description is written out, as a game file's is (it
    reached `brag sessions --classic` raw, colouring the terminal); a name longer than a game file's is
    refused."""
    rules = parse_rules_text('name = "red \\u001b[31m"\ndescription = "x\\u202ey"', "r.toml")
    assert rules.name == "red \\x1b[31m" and rules.description == "x\\u202ey"
    with pytest.raises(GameFileError, match="at most 10,000"):
        parse_rules_text(f'name = "{"n" * 10_001}"', "r.toml")
