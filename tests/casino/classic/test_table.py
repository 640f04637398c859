"""A session: the deal passing left, the unshuffled pack, reshuffles, kept blind hands, fair dealing, views."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from casino.classic.actions import Bet, Discard, Fold, Keep, Look
from casino.classic.rules import ClassicRules, load_rules
from casino.classic.table import ClassicTable, pack_commitment, verify_pack
from casino.classic.view import Opponent, SimpleOpponent
from tests.casino.classic.bots import RandomOpponent


class Script:
    """Plays the actions it is given, in order (for worked hands through the table)."""

    def __init__(self, actions):
        self.actions = list(actions)

    def decide(self, view, legal, rng):
        return self.actions.pop(0)


def test_the_deal_passes_left_and_cards_come_one_at_a_time():
    table = ClassicTable(ClassicRules(), ["A", "B", "C"], seed="rotation")
    dealers = []
    for _ in range(4):
        state = table.start_hand()
        dealers.append(table.dealer)
        assert state.to_act == (table.dealer + 1) % 3  # left of the dealer acts first
        while not table.hand_done:
            table.act(Fold() if table.legal_actions().fold else Keep(False))
        table.end_hand()
    assert dealers == [0, 1, 2, 0]


def test_the_unshuffled_pack_folded_hands_to_the_bottom_in_order():
    table = ClassicTable(ClassicRules(), ["A", "B", "C"], seed="pack")
    state = table.start_hand()  # dealer A; B acts first
    first_pack = list(table.pack)
    dealt = [list(h[0]) for h in state.hands]
    table.act(Look()); table.act(Fold())          # B folds
    table.act(Look()); table.act(Fold())          # C folds: A wins blind
    table.act(Keep(False))
    record = table.end_hand()
    assert not record.showdown and not record.prial_won
    # the undealt cards stay on top; B's hand, then C's, then the winner A's go to the bottom
    assert record.pack_after == first_pack[9:] + dealt[1] + dealt[2] + dealt[0]
    table.start_hand()
    second = table._record
    assert not second.shuffled and second.pack == record.pack_after
    assert verify_pack(second, record) == []


def test_a_showdown_won_by_a_prial_brings_a_shuffle_and_every_hand_shuffles_by_option():
    rng = random.Random(3)
    table = ClassicTable(ClassicRules(), [f"P{i}" for i in range(6)], seed="prial")
    bots = [SimpleOpponent()] * 6
    saw_prial = False
    for _ in range(400):
        record = table.play_hand(bots, rng)
        if not table.can_deal():
            break
        nxt = table.start_hand()
        assert table._record.shuffled == record.prial_won
        saw_prial |= record.prial_won
        while not table.hand_done:
            table.act(bots[table.to_act].decide(table.view(table.to_act), table.legal_actions(), rng))
        table.end_hand()
    assert saw_prial
    every = ClassicTable(ClassicRules(shuffle="every-hand"), ["A", "B"], seed="x")
    for _ in range(3):
        every.play_hand([SimpleOpponent()] * 2, rng)
        every.start_hand()
        assert every._record.shuffled
        while not every.hand_done:
            every.act(Fold() if every.legal_actions().fold else Keep(False))
        every.end_hand()


def test_a_kept_blind_hand_comes_back_as_a_second_hand():
    table = ClassicTable(ClassicRules(), ["A", "B", "C"], seed="keep")
    state = table.start_hand()
    b_hand = state.hands[1][0]
    table.act(Bet(state.minimum_bet(1)))  # B bets blind
    table.act(Look()); table.act(Fold())                      # C
    table.act(Look()); table.act(Fold())                      # A: B wins blind
    assert table.legal_actions().keep and table.to_act == 1
    from casino.besthand import HandRanker
    from casino.classic.hint import NoHint, seat_chances
    with pytest.raises(NoHint, match="won this hand blind"):  # not "look first": it may not look and keep
        seat_chances(table.view(1), HandRanker(), 52)
    table.act(Keep(True))
    table.end_hand()
    nxt = table.start_hand()
    assert nxt.hands[1][1] == b_hand and len(nxt.hands[1]) == 2
    assert all(c not in b_hand for c in table._record.pack)  # the kept cards are out of the pack
    view = table.view(1)
    assert view.seats[1].hands == 2


def test_looking_at_one_of_two_hands_shows_that_hand_while_choosing():
    from casino.besthand import HandRanker
    from casino.classic.actions import Choose
    from casino.classic.hint import seat_chances
    from tests.casino.classic.scenarios import two_blind_hands

    table, kept_hand = two_blind_hands(["A", "B", "C"])
    assert table.view(1).looking is None and table.view(1).cards is None
    table.act(Look(1))  # the kept hand from the last deal
    view = table.view(1)
    assert view.looking == kept_hand and view.cards is None and view.blind
    assert table.legal_actions().choose
    assert all(table.view(s).looking is None for s in (0, 2))  # nobody else sees it
    chances = seat_chances(view, HandRanker(), 52)  # the hint is for the hand you may keep
    assert chances and 0 <= chances[0].beat <= 1
    table.act(Choose(True))
    after = table.view(1)
    assert after.looking is None and after.cards == kept_hand


def test_a_seat_sees_only_its_own_cards_and_shown_hands():
    table = ClassicTable(ClassicRules().with_changes(cards=4), ["A", "B", "C"], seed="view")
    state = table.start_hand()
    table.act(Look())
    own = table.view(1)
    assert own.cards == state.hands[1][0]
    for other in (0, 2):
        v = table.view(other)
        assert v.cards is None and all(e.kind != "shown" for e in v.history)
    assert table.legal_actions().discard == 1
    table.act(Discard((state.hands[1][0][0],)))
    assert [e for e in table.view(0).history if e.kind == "discarded"][0].cards == ()  # hidden from others
    assert [e for e in table.view(1).history if e.kind == "discarded"][0].cards == (state.hands[1][0][0],)


def test_the_commitment_covers_the_pack_and_tampering_is_found():
    table = ClassicTable(ClassicRules(), ["A", "B"], seed="fair")
    records = [table.play_hand([RandomOpponent()] * 2, random.Random(i)) for i in range(6)]
    previous = None
    for record in records:
        assert record.commitment == pack_commitment(record.seed, record.pack)
        assert verify_pack(record, previous) == []
        previous = record
    bad = replace(records[1], pack=records[1].pack[::-1])
    assert any("commitment" in p for p in verify_pack(bad, records[0]))
    swapped = replace(records[2], dealt=[records[2].dealt[1], records[2].dealt[0]])
    assert any("off the top" in p for p in verify_pack(swapped, records[1]))


def test_the_simple_opponent_is_an_opponent():
    assert isinstance(SimpleOpponent(), Opponent)


def test_against_the_computer_defaults():
    rules = load_rules("against-the-computer")
    assert (rules.opponents, rules.chips, rules.hands) == (5, 1000, 15)


def test_cards_shown_since_the_shuffle_below_the_deal_are_known_to_be_absent():
    rng = random.Random(11)
    table = ClassicTable(ClassicRules(), [f"P{i}" for i in range(3)], seed="absent")
    bots = [SimpleOpponent()] * 3
    found = False
    for _ in range(60):
        record = table.play_hand(bots, rng)
        if not table.can_deal():
            break
        state = table.start_hand()
        dealt = {c for hands in state.hands for h in hands for c in h}
        assert not table.known_absent & dealt  # never a card that was dealt
        if not table._record.shuffled and record.showdown:
            shown = {c for e in record.events if e.kind == "shown" for c in e.kept}
            found |= bool(shown) and shown <= table.known_absent  # the last showdown's cards lie at the bottom
        while not table.hand_done:
            table.act(bots[table.to_act].decide(table.view(table.to_act), table.legal_actions(), rng))
        table.end_hand()
    assert found


def test_a_restored_table_deals_on_exactly_as_the_original():
    rng = random.Random(5)
    bots = [SimpleOpponent()] * 3
    table = ClassicTable(ClassicRules(), ["A", "B", "C"], seed="restore")
    for _ in range(5):
        table.play_hand(bots, rng)
    copy = ClassicTable.restore(table.rules, table.names, table.snapshot(), seeds=table.seeds)
    one, two = table.start_hand(), copy.start_hand()
    assert table._record.pack == copy._record.pack and one.hands == two.hands
    assert table.view(1).shown_before == copy.view(1).shown_before
    assert table.view(1).known_absent == copy.view(1).known_absent


def test_the_computer_players_chance_comes_from_the_hands_secret_seed():
    """Not from anything a player knows before the hand (the session id, the hand number): two tables at the
    same hand number with different seeds draw differently; the same seed draws the same (a --seed session
    replays); and it is the HMAC of the seed revealed after the hand, so a player can check it then."""
    import hashlib
    import hmac

    from casino.fair import SeedSource

    def first_draws(source: SeedSource, hands: int = 3) -> tuple[list[float], list[bytes]]:
        table = ClassicTable(ClassicRules(), ["Ann", "Bob", "Cat"], seeds=source)
        draws, seeds = [], []
        for _ in range(hands):
            table.start_hand()
            draws.append(table.computer_chance().random())
            seeds.append(table._record.seed)
            while not table.hand_done:
                table.act(SimpleOpponent().decide(table.view(table.to_act), table.legal_actions(), random.Random(0)))
            table.end_hand()
        return draws, seeds

    fair_one, seeds_one = first_draws(SeedSource())
    fair_two, _ = first_draws(SeedSource())
    assert all(a != b for a, b in zip(fair_one, fair_two))  # same hand numbers, fresh seeds: different chance
    assert first_draws(SeedSource.from_text("s"))[0] == first_draws(SeedSource.from_text("s"))[0]
    assert first_draws(SeedSource.from_text("s"))[0] != first_draws(SeedSource.from_text("t"))[0]
    for draw, seed in zip(fair_one, seeds_one):
        key = int.from_bytes(hmac.new(seed, b"computer players", hashlib.sha256).digest(), "big")
        assert random.Random(key).random() == draw
    idle = ClassicTable(ClassicRules(), ["Ann", "Bob"])
    with pytest.raises(Exception, match="no hand in play"):  # between hands there is no seed to draw from
        idle.computer_chance()


def test_the_log_speaks_to_you_in_the_second_person():
    from fractions import Fraction

    from casino.classic.actions import Anted, Folded, Looked, PotWon
    from casino.classic.referee import event_text

    names = ["You", "Ann"]
    assert event_text(Looked(0, 0), names) == "You look at your cards"
    assert event_text(Looked(0, 1), names) == "You look at hand 2"
    assert event_text(Looked(1, 0), names) == "Ann looks at their cards"
    assert event_text(Anted(0, Fraction(1)), names) == "You ante 1"
    assert event_text(Folded(1), names) == "Ann folds"
    assert event_text(PotWon(0, Fraction(5, 2), 0), names).startswith("You win the pot: 2")


def test_a_resumed_table_remembers_the_same_hands_shown_as_one_that_never_stopped():
    """One limit on the hands shown a table remembers, in memory and in its stored state: a long session
    resumed from its snapshot gives every later view the same ``shown_before`` as the table that played on
    (the table kept up to 200 in memory but stored 60)."""
    from casino.classic.table import SHOWN_STORED

    rng = random.Random(8)
    bots = [SimpleOpponent()] * 4
    table = ClassicTable(ClassicRules(), ["A", "B", "C", "D"], seed="long memory")
    turned_up = 0
    while turned_up < SHOWN_STORED + 10:  # more hands shown than a table remembers
        assert table.can_deal()
        turned_up += sum(e.kind == "shown" for e in table.play_hand(bots, rng).events)
    copy = ClassicTable.restore(table.rules, table.names, table.snapshot(), seeds=table.seeds)
    assert copy.shown == table.shown and len(table.shown) == SHOWN_STORED  # the newest only

    class Watching(SimpleOpponent):
        def __init__(self) -> None:
            super().__init__()
            self.seen: list[tuple[object, ...]] = []

        def decide(self, view, legal, rng):  # type: ignore[no-untyped-def]
            self.seen.append(view.shown_before)
            return super().decide(view, legal, rng)

    on, resumed = Watching(), Watching()
    for _ in range(5):  # and they go on alike, hand after hand: every view shows the same hands
        table.play_hand([on] * 4, random.Random(9))
        copy.play_hand([resumed] * 4, random.Random(9))
    assert on.seen == resumed.seen and len(on.seen) > 10 and len(table.shown) == SHOWN_STORED


def test_the_hand_kept_again_from_two_is_the_one_played_on_with():
    """A player holding two blind hands looks at the new one, throws it and wins blind with the old one, which it
    keeps again: the record's kept hand is that one (``kept_hand``), so a carry-over that gives it back (its
    keeper cannot ante) and the table state's kept hands verify. Both read the hand as first dealt before."""
    from casino.classic.actions import Bet, Choose, Fold, Keep, Look
    from casino.classic.table import carried_over, kept_hand
    from tests.casino.classic.scenarios import two_blind_hands

    table, old = two_blind_hands(["A", "B", "C"])
    table.act(Look(0))  # the new hand
    table.act(Choose(False))  # thrown: B plays on blind with the old one
    table.act(Bet(table.state.minimum_bet(table._seats.index(1))))
    while not table.legal_actions().keep:
        table.act(Look()) if table.legal_actions().look else None
        table.act(Fold())
    table.act(Keep(True))
    record = table.end_hand()
    assert kept_hand(record) == tuple(old) == table.kept_blind[1]
    assert carried_over(record, [0, 2]) == list(record.pack_after) + list(old)  # B out: the old hand given back
