"""Every text about a seat speaks to the player in the second person and of anyone else in the third:
the log, the end-of-hand line, the rules the engine names when it refuses an action; the referee's people
always in the third."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from casino.classic.actions import (
    AgreedShowdown, Anted, Bet, BetMade, Chose, Cover, Covered, Discarded, Folded, HandOver, IllegalAction, Look,
    Looked, PotWon, Saw, See, Shown,
)
from casino.classic.rules import ClassicRules, load_rules
from casino.classic.table import ClassicTable
from casino.classic.view import SimpleOpponent
from casino.classic.words import Voice, event_text, hand_summary

#: a seat named You with a verb in the third person: the grammar this file keeps out of every text
THIRD_PERSON_YOU = re.compile(r"\bYou (antes|looks|discards|keeps|throws|folds|plays|bets|pays|covers|agrees|shows|"
                              r"wins|has|is|does|holds)\b|\bYou's\b|\b(see|saw|player) \(?You\b")

#: (event, as the player's seat 0, as Ann's seat 1) with Bob in seat 2
EVENTS = [
    (Anted(0, Fraction(1)), "You ante 1", "Ann antes 1"),
    (Looked(0, 0), "You look at your cards", "Ann looks at their cards"),
    (Looked(0, 1), "You look at hand 2", "Ann looks at hand 2"),
    (Discarded(0, (0, 1)), "You discard 2♣ 2♦", "Ann discards 2♣ 2♦"),
    (Discarded(0, ()), "You discard face down", "Ann discards face down"),
    (Chose(0, True), "You keep the seen hand and fold the other", "Ann keeps the seen hand and folds the other"),
    (Chose(0, False), "You throw the seen hand and play on blind with the other",
     "Ann throws the seen hand and plays on blind with the other"),
    (Folded(0), "You fold", "Ann folds"),
    (BetMade(0, Fraction(1, 2), Fraction(1), True), "You bet 0.5 blind (stake 1)", "Ann bets 0.5 blind (stake 1)"),
    (BetMade(0, 4, 4, False, 3), "You bet 4 (stake 4), borrowing 3", "Ann bets 4 (stake 4), borrowing 3"),
    (Saw(0, 2, 4), "You pay 4 to see Bob", "Ann pays 4 to see Bob"),
    (Covered(0, Fraction(7, 2)), "You cover the pot with 3.5", "Ann covers the pot with 3.5"),
    (AgreedShowdown(0), "You agree to a showdown", "Ann agrees to a showdown"),
    (Shown(0, (48, 49, 50), (), "Prial of Aces"), "You show A♣ A♦ A♥: Prial of Aces",
     "Ann shows A♣ A♦ A♥: Prial of Aces"),
    (PotWon(0, Fraction(9, 2), 0), "You win the pot: 4.5", "Ann wins the pot: 4.5"),
    (PotWon(1, 6, 0, True), "You win side pot 1: 6 (shared)", "Ann wins side pot 1: 6 (shared)"),
]


@pytest.mark.parametrize(("event", "yours", "anns"), EVENTS)
def test_every_event_speaks_to_the_player_and_of_the_others(event, yours, anns):
    from dataclasses import replace

    voice = Voice(["You", "Ann", "Bob"], you=0)
    assert event_text(event, voice) == yours
    assert event_text(replace(event, seat=1), voice) == anns
    assert event_text(event, ["You", "Ann", "Bob"]) == yours  # names alone: the seat named You is the player's
    people = Voice(["Cy", "Ann", "Bob"])  # the referee's: nobody is "you"
    assert event_text(replace(event, seat=1), people) == anns
    assert event_text(HandOver(True), voice) == ""


def test_whoever_sees_the_player_sees_you():
    voice = Voice(["Ann", "You"], you=1)
    assert event_text(Saw(0, 1, 4), voice) == "Ann pays 4 to see you"  # was "to see You"


def test_the_end_of_hand_line_speaks_to_the_player_and_the_stored_line_is_unchanged():
    """The terminal's line after each hand (``You win 4.5``, it read ``You wins 4.5``); a stored hand keeps
    its third-person summary (verify compares it with the events), which the default voice gives."""
    from casino.db.classic_store import summary_line

    table = ClassicTable(load_rules("classic-brag"), ["You", "Ann", "Bob", "Cy"], seed="summary")
    rng = random.Random(4)
    mine = 0
    for _ in range(40):
        record = table.play_hand([SimpleOpponent()] * 4, rng)
        assert hand_summary(record) == summary_line(record)
        said = hand_summary(record, table.voice)
        winners = {e.seat for e in record.events if isinstance(e, PotWon)}
        if 0 in winners:
            mine += 1
            assert said.startswith("You win ") or "; You win " in said, said
        assert not THIRD_PERSON_YOU.search(said), said
        assert said.replace("You win", "You wins") == summary_line(record)
    assert mine >= 3


def test_a_stored_hand_after_a_seat_went_out_speaks_to_the_player():
    """``brag history --classic`` read "You win" from the hand's own names, where the events name table seats:
    once a seat before yours had gone out, the line failed (``list index out of range``) at random."""
    table = ClassicTable(load_rules("classic-brag"), ["Ann", "Bob", "You"], [Fraction(2), Fraction(300), Fraction(300)],
                         seed="out")
    rng = random.Random(7)
    skipped = 0
    for _ in range(60):
        if not table.can_deal():
            break
        record = table.play_hand([SimpleOpponent()] * 3, rng)
        skipped += record.seats != list(range(3))
        assert hand_summary(record, player=True) == hand_summary(record, table.voice)
    assert skipped


@pytest.mark.parametrize(("names", "said"), [
    (["You", "Ann"], ["You bet 5000 with only 999 chips", "You have 999 chips, enough to stay in",
                      "You have already seen your cards", "it is your turn, not Ann's"]),
    (["Cy", "Ann"], ["Cy bets 5000 with only 999 chips", "Cy has 999 chips, enough to stay in",
                     "Cy has already seen their cards", "it is Cy's turn, not Ann's"]),
])
def test_the_rules_the_engine_names_speak_to_the_player(names, said):
    table = ClassicTable(ClassicRules(), names, seed="refusals", dealer=0)
    table.start_hand()
    assert table.to_act == 0
    refused = []
    for action in (Bet(5000), Cover()):
        with pytest.raises(IllegalAction) as info:
            table.verify(action)
        refused.append(str(info.value))
    table.act(Look(0))
    with pytest.raises(IllegalAction) as info:
        table.verify(Look(0))
    refused.append(str(info.value))
    with pytest.raises(IllegalAction) as info:
        table.state.verify(Bet(4), seat=1)  # type: ignore[union-attr]
    refused.append(str(info.value))
    assert [r[:len(s)] for r, s in zip(refused, said)] == said


def test_a_player_who_saw_you_is_shown_so():
    table = ClassicTable(ClassicRules(), ["You", "Ann"], seed="saw")
    table.start_hand()
    assert table.to_act == 1  # Ann acts first: she looks and bets, you look and bet, she sees you
    for action in (Look(0), Bet(1), Look(0), Bet(1), See()):
        table.act(action)
    assert table.view(0).seats[1].last_action == "saw you"


def test_the_referee_speaks_of_people_in_the_third_person():
    from casino.classic.referee import EXAMPLE, referee_text

    result = referee_text(EXAMPLE, "example.toml")
    effects = [line for _, lines in result.lines for line in lines]
    assert effects[:2] == ["Ann antes 1", "Bob antes 1"] and "Bob pays 4 to see Ann" in effects
    assert "Bob wins the pot: 8" in effects


def test_a_verify_problem_names_your_cards():
    from dataclasses import replace

    from casino.classic.table import verify_pack

    table = ClassicTable(ClassicRules(), ["You", "Ann"], seed="verify")
    record = table.play_hand([SimpleOpponent()] * 2, random.Random(2))
    swapped = replace(record, dealt=[record.dealt[1], record.dealt[0]])
    problems = verify_pack(swapped, None)
    assert "hand 1: your cards are not the ones off the top" in problems
    assert "hand 1: Ann's cards are not the ones off the top" in problems


def test_a_session_at_the_terminal_speaks_to_you(runner, app, tmp_path):
    """The log, the refusals and the line after each hand: never 'You wins', 'You has', 'You bets'."""
    keys = "b 5000\nc\nl\nl\n" + "s\nb\n" * 30 + "q\n"
    result = runner.invoke(app, ["classic", "--hands", "4", "--opponents", "2", "--seed", "3", "--db",
                                 f"sqlite:///{tmp_path / 'brag.db'}"], input=keys)
    assert result.exit_code == 0, result.output
    out = result.output
    for line in ("You bet 5000 with only 999 chips", "You have 999 chips, enough to stay in",
                 "You have already seen your cards", "You look at your cards", "You ante 1"):
        assert line in out, line
    assert re.search(r"^You win \d", out, re.M)  # the end-of-hand line
    assert not THIRD_PERSON_YOU.search(out.replace("Your action> ", "").replace("You won blind", "")), \
        THIRD_PERSON_YOU.search(out)
