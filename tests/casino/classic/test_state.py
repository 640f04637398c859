"""Every rule of traditional Brag, each with a worked hand (the rules page's examples among them)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from casino.cards import parse_cards_with_jokers
from casino.classic.actions import Bet, Fold, IllegalAction, PotWon, See, Shown
from casino.classic.rules import ClassicRules
from casino.classic.state import HandState


def cards(text: str) -> tuple[int, ...]:
    return tuple(c.index for c in parse_cards_with_jokers(text))


def hand(*seats: str, chips=100, rules: ClassicRules | None = None, **changes) -> HandState:
    rules = rules or ClassicRules()
    if changes:
        rules = rules.with_changes(**changes)
    stacks = chips if isinstance(chips, list) else [chips] * len(seats)
    names = ["A", "B", "C", "D", "E", "F", "G", "H"][: len(seats)]
    return HandState(rules, names, stacks, [[cards(s)] for s in seats])


def pots_won(state: HandState) -> list[tuple[int, Fraction, int]]:
    return [(e.pot, e.amount, e.seat) for e in state.events if isinstance(e, PotWon)]


FOUR = ("As Ks Qs", "2c 3d 5h", "9h 9d 4c", "Jc Jd 8s")


def test_every_seat_antes_before_the_deal():
    state = hand(*FOUR, ante=2)
    assert state.pot == 8 and state.chips == [98] * 4 and state.to_act == 0


def test_no_equalising_each_player_matches_the_last_bet():
    # A bets 2, B folds, C bets 2, D bets 2: A must put in another 2 to stay in
    state = hand(*FOUR)
    for s in range(4):
        state.look()  # everyone plays seen here
        if s == 1:
            state.fold()
        else:
            state.bet(2)
    assert state.to_act == 0 and state.minimum_bet(0) == 2
    assert not state.can_bet(1) and state.can_bet(2)


def test_a_raise_sets_the_new_stake():
    # A bets 2, B folds, C bets 4, D folds: A must bet at least 4, or fold (a see needs two players: A and C)
    state = hand(*FOUR)
    state.look(); state.bet(2)
    state.look(); state.fold()
    state.look(); state.bet(4)
    state.look(); state.fold()
    with pytest.raises(IllegalAction, match="below the stake: a seen player must put in at least 4"):
        state.bet(2)
    assert state.can_bet(4) and state.can_see() and state.see_cost(0) == 8


def test_a_blind_player_stakes_half_and_the_bet_counts_double():
    state = hand(*FOUR[:3])
    state.bet(Fraction(1, 2))  # A blind: half of the opening stake of 1
    assert state.stake == 1
    state.bet(3)  # B blind bets 3: counts as 6 for the seen
    assert state.stake == 6
    state.look()
    with pytest.raises(IllegalAction, match="at least 6"):
        state.bet(5)
    state.bet(6)
    assert state.minimum_bet(0) == 3  # A still blind: half of 6


def test_the_see_only_between_the_last_two():
    state = hand(*FOUR[:3])
    state.look()
    with pytest.raises(IllegalAction, match="exactly two players betting, and 3 are"):
        state.see()


def test_the_see_costs_twice_the_stake_and_the_seer_loses_ties():
    state = hand("Ah Kd 7c", "As Kh 7d", chips=[10, 10])
    state.look(); state.bet(2)
    state.look()
    assert state.see_cost(1) == 4
    state.see()
    # equal hands: the player who paid to see (B) loses; only the seen player's hand is shown
    assert pots_won(state) == [(0, 8, 0)]
    assert [e.seat for e in state.events if isinstance(e, Shown)] == [0]
    assert state.chips == [15, 5]  # A: 10 - 1 - 2 + 8; B: 10 - 1 - 4


def test_see_cost_equal_option():
    state = hand("Ah Kd 7c", "2s 3h 5d", see_cost="equal")
    state.look(); state.bet(2)
    state.look()
    assert state.see_cost(1) == 2


def test_you_cannot_see_a_blind_man_but_the_blind_may_see():
    state = hand("Ah Kd 7c", "2s 3h 5d")
    state.bet(Fraction(1, 2))  # A blind
    state.look()
    with pytest.raises(IllegalAction, match="cannot see a blind player"):
        state.see()
    state.bet(1)
    assert state.see_cost(0) == 1  # blind: twice the blind stake of 1/2
    state.see()  # the blind A sees B, wins with the ace
    assert pots_won(state) == [(0, Fraction(9, 2), 0)]


def test_last_blind_player_standing_wins_and_may_keep_the_hand():
    state = hand(*FOUR[:3])
    state.bet(Fraction(1, 2))
    state.look(); state.fold()
    state.look(); state.fold()
    over = state.events[-1]
    assert over.kind == "hand_over" and over.blind_winner == 0 and not over.showdown
    assert pots_won(state) == [(0, Fraction(7, 2), 0)]


def test_two_blind_hands_and_the_look_one_rule():
    rules = ClassicRules()
    state = HandState(rules, ["A", "B"], [50, 50], [[cards("2c 3d 5h"), cards("Ah Ad As")], [cards("Kh Kd 4c")]])
    assert state.legal_actions().look == (0, 1)
    state.look(1)  # looks at the kept hand: must keep it (the other is folded) or throw it
    with pytest.raises(IllegalAction, match="must first keep it or throw it"):
        state.bet(1)
    state.choose(True)
    assert state.hands[0] == [cards("Ah Ad As")] and state.seen[0]
    state.bet(1)
    state.look(); state.see()
    assert pots_won(state)[0][2] == 0


def test_throwing_the_seen_hand_goes_on_blind_with_the_other():
    state = HandState(ClassicRules(), ["A", "B"], [50, 50],
                      [[cards("2c 3d 5h"), cards("Ah Ad As")], [cards("Kh Kd 4c")]])
    state.look(0); state.choose(False)
    assert state.hands[0] == [cards("Ah Ad As")] and not state.seen[0]
    assert state.minimum_bet(0) == Fraction(1, 2)


def test_cover_with_one_other_left_is_a_showdown_the_coverer_wins_only_when_better():
    state = hand("Ah Kd 7c", "As Kh 7d", chips=[4, 50])
    state.look(); state.bet(2)  # A has 1 left (after the ante of 1 and this bet)
    state.look(); state.bet(5)
    assert state.legal_actions().cover == 1 and state.legal_actions().bet_min is None
    state.cover()
    # equal hands: B (the opponent) wins; the coverer need not show
    assert pots_won(state) == [(0, 10, 1)] and state.showdown
    assert state.chips == [0, 54]


def test_cover_with_two_others_starts_a_side_pot():
    # A covers; B and C bet on into a side pot; C wins it, then C against A for the first pot
    state = hand("Qh Qd 4c", "2s 3h 5d", "Jh Jd 9c", chips=[4, 50, 50])
    state.look(); state.bet(2)           # A: 1 chip left
    state.look(); state.bet(3)
    state.look(); state.bet(3)
    state.cover()                        # A puts in the last chip: pot 0 is closed at 3 + 2 + 3 + 3 + 1 = 12
    assert [p.amount for p in state.pots] == [12, 0] and state.pots[0].coverer == 0
    state.bet(3); state.see()            # B bets into the side pot; C sees B (cost 6)
    won = pots_won(state)
    assert won == [(1, 9, 2), (0, 12, 0)]  # C wins the side pot; A's pair of queens beats C's jacks for pot 0
    assert state.chips == [12, 50 - 1 - 3 - 3, 50 - 1 - 3 - 6 + 9]


def test_a_tie_between_coverer_and_side_pot_winner_goes_to_the_side_pot_winner():
    state = hand("Qh Qd 4c", "2s 3h 5d", "Qs Qc 4d", chips=[3, 50, 50])
    state.look(); state.bet(2)
    state.look(); state.bet(2)
    state.look(); state.bet(2)
    state.cover()  # A has 0 left: covers with nothing more
    state.fold()   # B folds: C wins the side pot (empty) and the first pot on the tie
    assert pots_won(state) == [(0, 9, 2)]


def test_fold_or_borrow_no_cover_but_the_bank_lends_the_minimum():
    state = hand("Qh Qd 4c", "2s 3h 5d", chips=[2, 50], short_stack="fold-or-borrow")
    state.look(); state.bet(1)
    state.look(); state.bet(4)
    legal = state.legal_actions()
    assert legal.cover is None and legal.borrow and legal.bet_min == legal.bet_max == 4
    with pytest.raises(IllegalAction, match="do not allow covering"):
        state.cover()
    state.bet(4)
    assert state.borrowed[0] == 4 and state.chips[0] == 0
    assert state.total_chips() == 52 + 4


def test_maximum_bet_fixed_limit_and_pot_limit():
    state = hand(*FOUR[:2], max_bet=5)
    state.look()
    with pytest.raises(IllegalAction, match="above the maximum bet 5"):
        state.bet(6)
    fixed = hand(*FOUR[:2], limit="fixed", min_bet=2)
    fixed.look()
    assert fixed.legal_actions().bet_choices == (2, 4)
    with pytest.raises(IllegalAction, match="fixed limit"):
        fixed.bet(3)
    pot = hand(*FOUR[:2], limit="pot")
    pot.look()  # the pot holds the two antes: a raise of at most 2 over the stake of 1
    assert pot.legal_actions().bet_max == 3
    with pytest.raises(IllegalAction, match="pot limit"):
        pot.bet(4)


def test_four_card_brag_discard_on_looking_and_the_discard_tie_break():
    state = HandState(ClassicRules().with_changes(cards=4), ["A", "B"], [20, 20],
                      [[cards("Ah Ad 7s 9c")], [cards("As Ac 7h 8c")]])
    state.look()
    with pytest.raises(IllegalAction, match="must first discard 1 card"):
        state.bet(1)
    state.discard(cards("7s"))  # A keeps A-A-9 (throws the 7)
    state.bet(1)
    state.look(); state.discard(cards("8c"))  # B keeps A-A-7, throws the 8
    state.see()
    # B (the seer) has A-A-7 against A-A-9: A wins
    assert pots_won(state)[0][2] == 0


def test_four_card_brag_equal_hands_decided_by_the_discards():
    state = HandState(ClassicRules().with_changes(cards=4), ["A", "B"], [20, 20],
                      [[cards("Ah Ad 9s 4c")], [cards("As Ac 9h 8c")]])
    state.look(); state.discard(cards("4c")); state.bet(1)
    state.look(); state.discard(cards("8c")); state.see()
    assert pots_won(state)[0][2] == 1  # same A-A-9; B's discarded 8 beats A's 4


def test_five_card_brag_discards_two():
    state = HandState(ClassicRules().with_changes(cards=5), ["A", "B"], [20, 20],
                      [[cards("Ah Kh Qh 2c 3d")], [cards("9s 9c 9d 4h 5h")]])
    state.look()
    with pytest.raises(IllegalAction, match="discard exactly 2 cards"):
        state.discard(cards("2c"))
    state.discard(cards("2c 3d")); state.bet(1)
    state.look(); state.discard(cards("4h 5h")); state.see()
    assert pots_won(state)[0][2] == 1  # prial beats running flush


def test_wild_cards_in_a_hand():
    state = HandState(ClassicRules().with_changes(wild="jokers"), ["A", "B"], [20, 20],
                      [[cards("Jk 5h 5d")], [cards("5c 5s 4h")]])
    state.look(); state.bet(1); state.look(); state.see()
    assert pots_won(state)[0][2] == 0  # the joker makes a prial of fives


def test_agreed_showdown_best_hand_wins_and_ties_split():
    state = hand("Ah Kd 7c", "As Kh 7d", "2c 3d 5h", agreed_showdown=True)
    for _ in range(3):
        state.look(); state.agree_showdown()
    assert pots_won(state) == [(0, Fraction(3, 2), 0), (0, Fraction(3, 2), 1)]
    assert state.chips == [Fraction(201, 2), Fraction(201, 2), 99]


def test_agreed_showdown_needs_the_option_and_three_players():
    with pytest.raises(IllegalAction, match="no agreed showdown"):
        hand(*FOUR[:3]).agree_showdown()
    with pytest.raises(IllegalAction, match="three or more"):
        hand(*FOUR[:2], agreed_showdown=True).agree_showdown()


def test_blind_false_everyone_is_seen_from_the_start():
    state = hand(*FOUR[:3], blind=False)
    assert state.seen == [True] * 3 and state.minimum_bet(0) == 1 and not state.legal_actions().look


def test_acting_out_of_turn_and_bad_amounts():
    state = hand(*FOUR[:2], chips=[5, 5])
    with pytest.raises(IllegalAction, match="it is A's turn, not B's"):
        state.verify(Fold(), seat=1)
    state.look()
    with pytest.raises(IllegalAction, match="with only 4 chips"):
        state.bet(10)
    with pytest.raises(IllegalAction, match="more than nothing"):
        state.bet(0)


def test_a_card_dealt_twice_is_refused():
    with pytest.raises(IllegalAction, match="dealt twice"):
        hand("Ah Kd 7c", "Ah 2c 3d")


def test_the_hand_replays_from_its_actions():
    state = hand(*FOUR)
    for action in ([Bet(Fraction(1, 2))], [Fold()], [Bet(2)], [Fold()], [See()]):
        state.act(action[0])
    again = hand(*FOUR)
    for _, action in state.actions:
        again.act(action)
    assert again.events == state.events and again.chips == state.chips


def test_the_hint_counts_exactly_for_one_and_two_opponents():
    from itertools import combinations

    from casino.besthand import HandRanker
    from casino.classic.hint import beat_chances

    ranker = HandRanker()
    mine = cards("Qh Qd 4c")
    # a small pack so that brute force over every pair of disjoint hands is quick
    unseen = list(cards("2c 3c 5d 7h 9s Js Kc Ah Qs 4d 8c"))
    chances = beat_chances(ranker, mine, (), unseen, opponents=2)
    key = ranker.three_key(*mine)
    hands = list(combinations(unseen, 3))
    one = sum(ranker.three_key(*h) < key for h in hands)
    pairs = [(a, b) for a in hands for b in hands if not set(a) & set(b)]
    two = sum(ranker.three_key(*a) < key and ranker.three_key(*b) < key for a, b in pairs)
    assert chances[0].beat == Fraction(one, len(hands)) and chances[0].exact
    assert chances[1].beat == Fraction(two, len(pairs)) and chances[1].exact


def test_a_decimal_bet_is_refused_where_it_would_leave_chips_no_bet_could_name():
    """A 30-place decimal is in units at a table in tenths (the chips then in units of 10^-30, which a bet can
    still name), not at a table in elevenths: chips in units of 1/(11 * 10^30) could not be typed back."""
    fine = "1.000000000000000000000000000001"
    decimal_table = hand("As Ks Qs", "2c 3d 5h", "9h 9d 4c", ante=Fraction(1, 10), min_bet=Fraction(1, 10), chips=10)
    decimal_table.look()
    decimal_table.bet(Fraction(fine))
    assert decimal_table.stake == Fraction(fine)
    elevenths = hand("As Ks Qs", "2c 3d 5h", "9h 9d 4c", ante=Fraction(1, 11), min_bet=Fraction(1, 11), chips=10)
    elevenths.look()
    with pytest.raises(IllegalAction, match="in units a bet can name"):
        elevenths.bet(Fraction(fine))
    elevenths.bet(Fraction(2, 11))  # the table's own units: taken
    assert elevenths.stake == Fraction(2, 11)
