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
