"""Amounts and counts are written with the ASCII digits 0-9: Python's int(), Decimal() and Fraction() also
read Arabic-Indic '٢', full-width '５' or Devanagari '२' as 2 and 5, so each reader refuses them itself, in one
line naming what was written."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from casino.classic.actions import IllegalAction, action_from_text
from casino.classic.opponents.seat import character_names, opponents_from_text
from casino.classic.referee import EXAMPLE, RefereeError, referee_text
from casino.classic.rules import parse_rules_text
from casino.deal import seed_value
from casino.errors import BetError, BragError, GameFileError
from casino.money import other_digits, parse, parse_amount, read_stored, to_fraction
from cli.prompts import AmountError, parse_bet_line

#: each reads as a number to Python; none is an amount here
OTHER_DIGITS = ["٢", "٢٠", "５", "२", "²", "1٢", "٢.5", "1/٢", "٢e1", "-٢"]


def test_python_reads_them_as_numbers():  # why the readers must check: this is the trap
    assert int("٢") == 2 and int("５") == 5 and Fraction("٢.5") == Fraction(5, 2)


@pytest.mark.parametrize("text", OTHER_DIGITS)
def test_the_money_parser_refuses_them_naming_the_amount(text):
    assert other_digits(text)
    with pytest.raises(BetError) as info:
        parse(text, "bet")
    message = str(info.value)
    assert text in message and "digits 0-9" in message and "\n" not in message, message
    with pytest.raises(ValueError):
        to_fraction(text)
    with pytest.raises(ValueError):
        read_stored(text)
    with pytest.raises(GameFileError, match="digits 0-9"):
        parse_amount(text, "x.toml: ante")


def test_ascii_amounts_still_read():
    assert [parse(t, "bet") for t in ("2", " 2 ", "2.5", "5/2", "1e1")] == [2, 2, Fraction(5, 2), Fraction(5, 2), 10]
    assert not other_digits("2.5") and not other_digits("café") and not other_digits(5)


def test_a_bet_in_a_referee_file_or_at_the_classic_prompt():
    with pytest.raises(IllegalAction, match="'٢'.*digits 0-9"):
        action_from_text("bet ٢")
    with pytest.raises(RefereeError, match=r"action 2 \('Ann bet ٢'\).*digits 0-9"):
        referee_text(EXAMPLE.replace("Ann bet 2", "Ann bet ٢"), "x.toml")
    with pytest.raises(RefereeError, match="chips must be a finite number, not '٢٠'"):
        referee_text(EXAMPLE.replace("chips = 20", 'chips = "٢٠"', 1), "x.toml")


@pytest.mark.parametrize("key", ["ante", "chips", "min_bet", "max_bet"])
def test_amounts_in_a_rules_file(key):
    with pytest.raises(GameFileError, match=f"{key} must be a finite number, not '١'"):
        parse_rules_text(f'{key} = "١"', "x.toml")


def test_counts():
    with pytest.raises(BragError, match="--opponents '٢': write the count with the digits 0-9"):
        character_names("٢", 5)
    assert character_names("2", 5) == ["steady", "bluffer"]
    assert opponents_from_text("3") == 3
    with pytest.raises(BragError, match="unknown character '٣'"):
        opponents_from_text("٣")
    with pytest.raises(AmountError, match="number of boxes"):
        parse_bet_line("b ٢")
    assert parse_bet_line("b 2").boxes == 2
    with pytest.raises(AmountError, match="digits 0-9"):
        parse_bet_line("٥")


def test_a_seed_of_other_digits_is_a_text_not_that_number():
    assert seed_value("2") == 2 and seed_value("٢") == "٢"


def test_huge_or_fine_amount_text_is_refused_before_it_is_built():
    """'1e9999999' once froze the web table (Fraction built a ten-million-digit number); amounts as fine
    as a decimal may be written (0.30000000000000004) read back from their stored fraction text."""
    from casino.events import exact

    for text in ("1e9999999", "1e999999999"):
        with pytest.raises(BetError, match="beyond any amount"):
            exact(text, "bankroll")
    with pytest.raises(BetError, match="too finely divided"):
        exact("1/1" + "0" * 31, "bankroll")
    fine = to_fraction("0.30000000000000004")
    assert to_fraction(f"{fine.numerator}/{fine.denominator}") == fine
    assert to_fraction("12732500000000000031/12500000000000000") == Fraction(12732500000000000031, 12500000000000000)
    with pytest.raises(OverflowError):
        to_fraction("10000000000000001/1")


@pytest.mark.parametrize("text", ["1e999999999", "1e-19", "1e-99999999", "0", "0.6", "-1%"])
def test_a_proportional_fraction_out_of_range_is_one_line(text):
    from casino.betting import parse_system

    with pytest.raises(BetError, match="proportional stake's fraction"):
        parse_system(f"proportional:{text}")


def test_a_side_bet_named_twice_is_refused():
    """Which stake was meant is not ours to guess (the last one was kept silently)."""
    from cli.prompts import AmountError, parse_bet_line, parse_side_option, refuse_twice

    with pytest.raises(AmountError, match="given twice"):
        parse_bet_line("5 1 6cb 1 6cb 2")
    with pytest.raises(AmountError, match="given twice"):
        refuse_twice(name for name, _ in (parse_side_option("6cb=1"), parse_side_option("six_card_bonus=7")))
    assert len(parse_bet_line("5 1 6cb 1 prime 2").stakes[0].side) == 2


@pytest.mark.parametrize("text,words", [
    ("5" * 200, "must be at most"),                # shortened with '…' for the message: still a number too large
    ("0." + "0" * 150 + "5", "decimal places"),
    ("5" * 20_000, "too long for an amount (20,000 characters)"),
])
def test_a_long_number_is_refused_for_what_it_is(text, words):
    """A long number was called 'not written with the digits 0-9' (the '…' of its shortened echo is not ASCII)."""
    with pytest.raises(BetError, match=re.escape(words)) as refused:
        parse(text, "Ante")
    assert "0-9" not in str(refused.value)


def test_other_digits_looks_at_the_digits_only():
    assert not other_digits("55…") and not other_digits("5 €") and other_digits("٢") and other_digits("5５")
