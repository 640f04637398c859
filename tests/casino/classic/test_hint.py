"""The hint at the table: counted over the seat's unseen cards (shown cards left out when the pack was
not shuffled), exact for as many opponents as the counts allow, simulated (and saying so) beyond."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from casino.besthand import HandRanker
from casino.classic.equity_count import beat_counts
from casino.classic.hint import NoHint, beat_chances, seat_chances
from casino.classic.rules import ClassicRules
from casino.classic.table import ClassicTable
from casino.classic.view import SimpleOpponent


def test_the_hint_leaves_out_the_cards_known_to_be_at_the_bottom():
    rng = random.Random(11)
    table = ClassicTable(ClassicRules(), [f"P{i}" for i in range(3)], seed="absent")
    bots = [SimpleOpponent()] * 3
    checked = 0
    for _ in range(80):
        table.start_hand()
        while not table.hand_done:
            seat = table.to_act
            view = table.view(seat)
            if view.cards is not None and table.known_absent and not checked:
                chances = seat_chances(view, table.ranker, 52)
                unseen = [c for c in range(52) if c not in set(view.cards) | table.known_absent]
                assert len(unseen) < 49
                key = table.ranker.three_key(*view.cards)
                counted = beat_counts(table.ranker, key, unseen, 3)
                for c, n in zip(chances, counted):
                    assert c.exact and c.beat == Fraction(n.beat, n.deals)
                    assert c.tie == Fraction(n.not_beaten - n.beat, n.deals)
                checked += 1
            table.act(bots[seat].decide(view, table.legal_actions(), rng))
        table.end_hand()
        if checked or not table.can_deal():
            break
    assert checked


def test_the_hint_says_which_figures_are_exact():
    ranker = HandRanker()
    mine = [0, 17, 40]
    unseen = [c for c in range(52) if c not in mine]
    chances = beat_chances(ranker, mine, (), unseen, 6)
    assert [c.opponents for c in chances] == [1, 2, 3, 4, 5, 6]
    assert [c.exact for c in chances] == [True] * 3 + [False] * 3
    assert all(c.deals == 0 for c in chances[:3]) and all(c.deals > 0 for c in chances[3:])
    assert all(a.beat >= b.beat for a, b in zip(chances, chances[1:]))
    four = HandRanker(4)
    kept, gone = four.best_choice([0, 17, 40, 51])
    chances = beat_chances(four, kept, gone, [c for c in range(52) if c not in (0, 17, 40, 51)], 3)
    assert [c.exact for c in chances] == [True, True, False]


def test_no_hint_while_blind():
    table = ClassicTable(ClassicRules(), ["A", "B"], seed="blind")
    table.start_hand()
    with pytest.raises(NoHint):
        seat_chances(table.view(table.to_act), table.ranker, 52)


def test_a_blind_hand_looked_at_and_thrown_is_left_out_of_the_count():
    """A seat that kept a blind hand, looked at one of its two hands and threw it has seen those three
    cards: they are out of play, so the hint counts over the other 46 (not 49)."""
    from casino.classic.actions import Bet, Choose, Fold, Keep, Look

    table = ClassicTable(ClassicRules(), ["A", "B", "C"], seed="thrown")
    table.start_hand()
    blind_bettor = table.to_act
    while not table.hand_done:  # the first to act bets blind, everyone else folds: it wins blind
        legal = table.legal_actions()
        if legal.keep:
            table.act(Keep(True))
            continue
        table.act(Bet(legal.bet_min) if table.to_act == blind_bettor else Fold())
    table.end_hand()
    table.start_hand()
    while table.view(blind_bettor).seats[blind_bettor].hands != 2 or table.to_act != blind_bettor:
        table.act(Bet(table.legal_actions().bet_min))  # the others stay in until the two-hand seat acts
    table.act(Look(1))
    thrown = table.view(blind_bettor).looking
    assert thrown is not None
    table.act(Choose(False))
    view = table.view(blind_bettor)
    assert view.thrown == thrown and view.cards is None
    table.act(Look(0))
    view = table.view(blind_bettor)
    assert view.cards is not None and view.thrown == thrown
    chances = seat_chances(view, table.ranker, 52)
    unseen = [c for c in range(52) if c not in set(view.cards) | set(thrown) | table.known_absent]
    assert len(unseen) == 46 - len(table.known_absent - set(thrown))
    counted = beat_counts(table.ranker, table.ranker.three_key(*view.cards), unseen, 2)
    assert [c.beat for c in chances] == [Fraction(n.beat, n.deals) for n in counted]
    assert all(table.view(s).thrown == () for s in range(3) if s != blind_bettor)  # nobody else saw them


@pytest.mark.parametrize("cards", [4, 5])
def test_before_the_discard_the_hint_counts_for_the_best_three(cards):
    """Looked at, not yet cut down to three: the hint counts for the hand's best three with its discards (the
    choice a showdown makes for a blind hand) and says so — it used to say only "discard first"."""
    from casino.classic.actions import Look
    from casino.classic.hint import best_three_note, hint_hand

    table = ClassicTable(ClassicRules(cards=cards), ["Ann", "Bob", "Cat"], seed=f"discard {cards}")
    table.start_hand()
    seat = table.to_act
    table.act(Look(0))
    view = table.view(seat)
    assert view.cards is not None and len(view.cards) == cards and view.kept is None
    assert table.legal_actions().discard == cards - 3
    kept, gone = table.ranker.best_choice(view.cards)
    assert hint_hand(view, table.ranker) == (tuple(kept), tuple(gone))
    unseen = [c for c in range(52) if c not in view.cards]
    assert seat_chances(view, table.ranker, 52) == beat_chances(table.ranker, kept, gone, unseen, 2,
                                                                seed=f"hint-{view.hand_no}")
    note = best_three_note(view, table.ranker)
    assert note is not None and note.startswith("with your best three, ") and "(discarding " in note
    assert best_three_note(table.view((seat + 1) % 3), table.ranker) is None  # a blind seat: nothing to count


def test_a_simulated_chance_no_deal_showed_keeps_a_margin():
    """Found by a hostile test: a simulated 0 % (no deal of 50,000 beat every opponent) printed "± 0.00 points", as
    if certain. The margin is the larger side of the 95 % Wilson interval: 0 hits in 50,000 still allow 0.0077 %."""
    from fractions import Fraction

    from casino.classic.hint import Chance
    from casino.stats import wilson_interval

    none = Chance(5, Fraction(0), False, 50_000)
    assert none.margin == wilson_interval(0, 50_000, 0.95)[1] and 100 * none.margin > 0.0075
    half = Chance(2, Fraction(1, 2), False, 50_000)
    low, high = wilson_interval(25_000, 50_000, 0.95)
    assert half.margin == max(0.5 - low, high - 0.5)
    assert Chance(1, Fraction(1, 3), True).margin == 0.0
