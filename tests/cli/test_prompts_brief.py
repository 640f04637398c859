"""What was typed is quoted briefly in the prompts' error lines."""

from __future__ import annotations

import pytest


def test_the_bets_prompt_quotes_a_huge_line_briefly():
    """Found by a hostile test: `brag play`'s bets prompt echoed a 3,000-character line in full."""
    from cli.prompts import AmountError, parse_bet_line, parse_side_option

    for attempt in (lambda: parse_bet_line("5 1 " + "z" * 3000 + " 1"), lambda: parse_bet_line("z" * 3000),
                    lambda: parse_bet_line("5 1 prime"), lambda: parse_side_option("q" * 3000)):
        with pytest.raises(AmountError) as error:
            attempt()
        assert len(str(error.value)) < 300, str(error.value)[:400]


def test_a_control_character_in_the_bets_line_is_refused_not_read_as_a_space():
    """Found by a hostile test: '1\\r2' at the bets prompt was the Ante 1 and the Pair Plus 2, and the hand dealt."""
    from cli.prompts import AmountError, parse_bet_line

    for typed in ("1\r2", "5\x1b[A", "1\x002", "5\u2028 2"):
        with pytest.raises(AmountError, match="control character"):
            parse_bet_line(typed)
    assert parse_bet_line("1\t2").stakes[0].pair_plus == 2  # a tab is a space
