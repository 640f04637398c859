"""The game file of the Pair Plus tests: Three Card Poker's Pair Plus table beside an Ante Bonus, with
``pair_plus_on_fold`` as asked (false: a fold loses the Pair Plus). One text for the library's, the
terminal's and the web's tests of the hint that counts the box's own Pair Plus."""

from __future__ import annotations


def pair_plus_game_text(on_fold: bool = False) -> str:
    """The game file's text, its Pair Plus standing on a fold or not."""
    return f"""name = "pr"
ranking = "poker"
ante_bonus = "ante-bonus-1"
[pair_plus]
high_card = 0
pair = 1
flush = 4
straight = 6
three_of_a_kind = 30
straight_flush = 40
[rules]
pair_plus_on_fold = {str(on_fold).lower()}
"""


#: The game where a fold loses the Pair Plus.
LOST_ON_FOLD = pair_plus_game_text(False)
