"""The characters at the engine's table: legal actions only, through the engine's own checks."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("casino.classic.state", reason="the traditional Brag engine (issue 8) is not on this branch")

from casino.classic.opponents import CHARACTERS  # noqa: E402
from casino.classic.opponents.seat import CharacterOpponent, opponents_from_text, to_situation  # noqa: E402
from casino.classic.opponents.situation import HiddenCardError  # noqa: E402


@pytest.mark.parametrize("rules_name", ["classic-brag", "against-the-computer", "four-card-brag",
                                        "five-card-brag", "brag-with-twos-wild", "brag-with-braggers"])
def test_characters_play_whole_hands_on_the_engine(rules_name: str) -> None:
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable

    rules = load_rules(rules_name)
    names = list(CHARACTERS[:6])
    table = ClassicTable(rules, names, seed=f"seat-{rules_name}")
    bots = [CharacterOpponent(n) for n in names]
    start = sum(table.chips)
    rng = random.Random(1)
    for _ in range(15):
        if not table.can_deal():
            break
        table.play_hand(bots, rng)  # the engine verifies every action it is given
    assert sum(table.chips) == start


def test_a_blind_view_gives_a_situation_without_cards() -> None:
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable

    table = ClassicTable(load_rules("classic-brag"), ["A", "B", "C"], seed="blind")
    table.start_hand()
    view = table.view(table.to_act)
    s = to_situation(view, table.legal_actions())
    assert view.cards is None and s.hand_index is None
    with pytest.raises(HiddenCardError):
        s.hand  # noqa: B018
    assert s.opponents == 2 and all(s.live_blind)


def test_opponents_by_count_or_name() -> None:
    assert opponents_from_text("3") == 3
    bots = opponents_from_text("expert, bluffer,steady")
    assert isinstance(bots, list) and [b.name for b in bots] == ["expert", "bluffer", "steady"]


def test_characters_for_a_count_or_names_and_the_expert_hint() -> None:
    from casino.classic.opponents.seat import TABLE_MIX, SeatedOpponents, character_names, expert_hint
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable
    from casino.errors import BragError

    assert character_names(None, 3) == list(TABLE_MIX[:3]) and character_names("2", 5) == list(TABLE_MIX[:2])
    assert character_names("Expert,bluffer", 5) == ["expert", "bluffer"]
    for bad in ("8", "0", "expert,sharp", "expert,,bluffer", "expert,", "e,e,e,e,e,e,e,e".replace("e", "expert")):
        with pytest.raises(BragError):
            character_names(bad, 5)
    table = ClassicTable(load_rules("classic-brag"), ["You", "A", "B"], seed="hint")
    table.start_hand()
    seat = table.to_act
    bots = SeatedOpponents({s: CharacterOpponent(n) for s, n in enumerate(["expert", "steady", "loose"])})
    text = expert_hint(table.view(seat), table.legal_actions())
    assert text.startswith("The expert would") and "blind" in text
    table.act(bots.decide(table.view(seat), table.legal_actions(), random.Random(1)))


class _CountedHistory(tuple):  # type: ignore[type-arg]
    """A view's history that counts how often it is read through."""

    reads = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        _CountedHistory.reads += 1
        return super().__iter__()


def test_a_decision_reads_the_hands_history_once() -> None:
    """One pass gives the public path, the bets, the raises and the seat's own bets (the betting-war cap):
    a decision used to scan the history twice when it stayed or raised."""
    from casino.classic.actions import Bet
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable

    names = ["stay-in", "steady", "loose", "expert"]
    table = ClassicTable(load_rules("classic-brag"), names, seed="one-pass")
    bots = [CharacterOpponent(n) for n in names]
    rng = random.Random(3)
    bets = decisions = 0
    for _ in range(6):
        table.start_hand()
        while not table.hand_done:
            view = table.view(table.to_act)
            legal = table.legal_actions()
            counted = view._replace(history=_CountedHistory(view.history))
            _CountedHistory.reads = 0
            action = bots[table.to_act].decide(counted, legal, rng)
            if not (legal.keep or legal.choose or legal.discard):  # those are decided from the cards alone
                assert _CountedHistory.reads == 1, action
                decisions += 1
                bets += isinstance(action, Bet)
            table.act(action)
        table.end_hand()
    assert decisions > 20 and bets > 10  # staying and raising (where the cap is checked) among them
