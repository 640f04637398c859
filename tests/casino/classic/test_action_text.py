"""The one parser for typed traditional Brag actions: the terminal's keys and the referee's words."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from casino.cards import parse_cards_with_jokers
from casino.classic.actions import (
    ACTION_WORDS, AgreeShowdown, Bet, Choose, Cover, Discard, Fold, IllegalAction, Look, See, UnknownAction,
    action_from_text,
)
from casino.classic.state import LegalActions
from casino.errors import BragError


def _discard(text: str) -> Discard:
    return Discard(tuple(c.index for c in parse_cards_with_jokers(text)))


# Written out by hand (not from ACTION_WORDS): what a player types, and what it must mean.
TYPED = [
    ("l", Look(0)), ("look", Look(0)), ("l 1", Look(0)), ("l 2", Look(1)), ("look 2", Look(1)),
    ("l1", Look(0)), ("l2", Look(1)), ("LOOK", Look(0)), ("  l  ", Look(0)),
    ("b 5", Bet(Fraction(5))), ("bet 4", Bet(Fraction(4))), ("r 2.5", Bet(Fraction(5, 2))),
    ("raise 5/2", Bet(Fraction(5, 2))), ("Bet 7", Bet(Fraction(7))),
    ("s", See()), ("see", See()), ("f", Fold()), ("fold", Fold()), ("c", Cover()), ("cover", Cover()),
    ("a", AgreeShowdown()), ("agree", AgreeShowdown()), ("show", AgreeShowdown()),
    ("k", Choose(True)), ("keep", Choose(True)), ("t", Choose(False)), ("throw", Choose(False)),
    ("d 7c", _discard("7c")), ("discard 4c", _discard("4c")), ("d 7c Jk", _discard("7c Jk")),
]


@pytest.mark.parametrize(("text", "action"), TYPED)
def test_every_key_and_word_means_its_action(text, action):
    assert action_from_text(text) == action


def test_every_word_in_the_table_is_tested_above():
    typed = {text.split()[0].lower() for text, _ in TYPED}
    assert typed == set(ACTION_WORDS), set(ACTION_WORDS) ^ typed


def test_a_bet_alone_is_the_least_bet_now_and_needs_an_amount_elsewhere():
    assert action_from_text("b", LegalActions(0, bet_min=Fraction(3), bet_max=Fraction(9))) == Bet(Fraction(3))
    assert action_from_text("bet", LegalActions(0, bet_min=1, bet_max=9)) == Bet(1)
    assert action_from_text("b 6", LegalActions(0, bet_min=1, bet_max=9)) == Bet(Fraction(6))
    with pytest.raises(IllegalAction, match="you cannot bet now"):
        action_from_text("b", LegalActions(0, fold=True))
    with pytest.raises(IllegalAction, match="'bet' needs an amount: the chips you put in"):
        action_from_text("bet")  # the referee's words: an amount, always


@pytest.mark.parametrize(("text", "why"), [
    ("l 3", "look takes no number, or 1 or 2"), ("l 0", "look takes no number, or 1 or 2"),
    ("l x", "look takes no number, or 1 or 2"), ("look 1 2", "look takes no number, or 1 or 2"),
    ("l2 1", "look takes no number, or 1 or 2"),
    ("b lots", "'bet' needs an amount: 'lots' is not an amount"), ("b -1", "cannot be negative"), ("b 1e999999999", "at most"),
    ("b 5 6", "bet takes one amount, not '5 6'"), ("s now", "see takes nothing after it, not 'now'"),
    ("f f", "fold takes nothing after it"), ("a b", "show takes nothing after it"),
    ("d", "discard needs the cards"), ("d 7x", "discard: "), ("d 7c 7c", "discard: "),
    ("", "an empty action"), ("   ", "an empty action"),
])
def test_a_bad_key_or_amount_is_one_line_naming_what_is_wrong(text, why):
    with pytest.raises(IllegalAction, match=why) as raised:
        action_from_text(text)
    assert "\n" not in str(raised.value) and not isinstance(raised.value, UnknownAction)


@pytest.mark.parametrize("text", ["zz", "dance", "q", "h", "?", "lk 2", "[/x]"])
def test_text_that_is_no_action_is_an_unknown_action(text):
    with pytest.raises(UnknownAction) as raised:
        action_from_text(text)
    assert str(raised.value).startswith(f"unknown action {text.split()[0]!r} (l look, b AMOUNT bet")


@given(st.sampled_from([Look(0), Look(1), Fold(), See(), Cover()])
       | st.builds(Bet, st.fractions(min_value=0, max_value=10**6, max_denominator=10**9))
       | st.builds(Discard, st.lists(st.integers(0, 51), min_size=1, max_size=2, unique=True).map(tuple)))
def test_an_action_written_out_reads_back_as_itself(action):
    assert action_from_text(str(action)) == action


@given(st.text())
@example("b 1e999999999999")
@example("d " + "7c " * 10_000)
@example("l\x00")
@example("ǅ 2")
def test_any_text_is_an_action_or_one_illegal_action_error(text):
    try:
        action = action_from_text(text, LegalActions(0, bet_min=1, bet_max=9))
    except IllegalAction as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert isinstance(action, (Look, Bet, See, Fold, Cover, AgreeShowdown, Choose, Discard))


@given(st.sampled_from(sorted(ACTION_WORDS)), st.lists(st.text(min_size=1), max_size=3))
def test_any_key_followed_by_anything_is_an_action_or_one_illegal_action_error(key, words):
    try:
        action_from_text(" ".join([key, *words]))
    except BragError as error:
        assert isinstance(error, IllegalAction), repr(error)  # never a CardError or BetError let through
