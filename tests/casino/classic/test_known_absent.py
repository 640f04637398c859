"""``SeatView.known_absent`` (what the hint leaves out of the unseen cards) holds only cards whose place in
an unshuffled pack follows from what every seat saw.

A hand goes to the bottom of the pack in the order it was dealt. Everyone knows where each hand's run
of cards lies and which cards a showdown turned up, but in four- and five-card Brag a shown hand is
shown as kept cards and discards, which hides the order it went back (and a seat with two hands shows
one of them). So the pack orders that differ from the true one only inside such runs are all
consistent with the public record, and ``known_absent`` must be the same for every one of them: the
tests deal the next hand from several such orders and compare.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Callable

import pytest

from casino.classic.rules import load_rules
from casino.classic.table import ClassicTable, PackPart
from casino.classic.view import SimpleOpponent


def interleave(rng: random.Random, *runs: list[int]) -> list[int]:
    """A random merge of the runs, each keeping its own order."""
    queues = [list(r) for r in runs if r]
    out: list[int] = []
    while queues:
        weights = [len(q) for q in queues]
        q = rng.choices(queues, weights)[0]
        out.append(q.pop(0))
        queues = [q for q in queues if q]
    return out


def returned_runs(record) -> list[tuple[int, int, Callable[[random.Random], list[int]]]]:
    """The runs the settled hand ``record`` put at the bottom of the pack, as (start in the pack, length,
    a maker of the run's other orders that every seat's view is consistent with)."""
    shown = {e.seat: (list(e.kept), list(e.discards)) for e in record.events if e.kind == "shown"}
    chose = {e.seat for e in record.events if e.kind == "chose"}
    pack = record.pack_after
    start = len(record.pack) - len(record.seats) * record.rules.cards
    owner = {c: record.seats[i] for i, hands in enumerate(record.dealt) for h in hands for c in h}
    runs = []
    while start < len(pack):
        seat = owner[pack[start]]
        end = start
        while end < len(pack) and owner[pack[end]] == seat:
            end += 1
        hands = [[c for c in h if c in pack[start:end]] for h in record.dealt[record.seats.index(seat)]]
        hands = [h for h in hands if h]
        assert [c for h in hands for c in h] == pack[start:end]
        runs.append((start, end - start, _orders(hands, shown.get(seat), seat in chose, record.rules.cards)))
        start = end
    return runs


def _orders(hands: list[list[int]], shown, chose: bool, cards: int) -> Callable[[random.Random], list[int]]:
    """A seat's run of cards (its hands in the order dealt) rearranged in a way nobody else could tell:
    a hand nobody saw in any order; a shown hand as it was shown when it has three cards (shown in the
    order dealt), else its kept cards and discards merged in any way (each in the order shown); and with
    two hands, the shown one in either place unless the seat's choice (public) says which it was."""
    def order(rng: random.Random) -> list[int]:
        out = []
        for hand in hands:
            if shown is not None and set(hand) == set(shown[0]) | set(shown[1]):
                out.append(list(hand) if cards == 3 else interleave(rng, *shown))
            else:
                out.append(rng.sample(hand, len(hand)))
        if len(out) == 2 and shown is not None and not chose and rng.random() < 0.5:
            out.reverse()
        return [c for h in out for c in h]
    return order


def other_orders(rng: random.Random, table: ClassicTable, runs, count: int) -> list[list[int]]:
    """Pack orders everyone's view is consistent with: each run still whole in the pack rearranged."""
    orders = []
    for _ in range(count):
        pack = list(table.pack)
        for start, length, order in runs:
            if start >= 0 and start + length <= len(pack):
                pack[start:start + length] = order(rng)
        orders.append(pack)
    return orders


def play(rules_name: str, seed: str, hands: int, check) -> int:
    """Play a session of three simple players; before each unshuffled deal, call ``check``; the number of
    deals checked."""
    rules = load_rules(rules_name)
    table = ClassicTable(rules, ["You", "Ann", "Bob"], seed=seed)
    rng = random.Random(seed)
    bots = [SimpleOpponent()] * 3
    runs: list = []  # the runs returned since the last shuffle, positions in the current pack
    checked = 0
    for _ in range(hands):
        if not table.can_deal():
            break
        if runs and not table._shuffle_next:
            checked += check(table, runs)
        dealt_before = len(table.pack)
        record = table.play_hand(bots, rng)
        if record.shuffled:
            runs = []
        shift = len(record.seats) * rules.cards
        runs = [(start - shift, length, order) for start, length, order in runs if start - shift >= 0]
        runs += returned_runs(record)
        assert dealt_before or record.shuffled
    return checked


def same_for_every_consistent_order(table: ClassicTable, runs) -> int:
    rng = random.Random(len(table.pack) * 1000 + table.hand_no)
    snapshot = table.snapshot()
    absent = None
    for order in [list(table.pack), *other_orders(rng, table, runs, 4)]:
        twin = ClassicTable.restore(table.rules, table.names, snapshot, seeds=table.seeds)
        twin.pack = order
        twin.start_hand()
        below = set(twin._record.pack[len(twin._record.seats) * table.rules.cards:])
        assert twin.known_absent <= below  # never a card that is in the deal
        if absent is None:
            absent = twin.known_absent
        assert twin.known_absent == absent, (table.rules.name, table.hand_no + 1)
    return 1


@pytest.mark.parametrize("rules", ["four-card-brag", "five-card-brag", "classic-brag", "brag-with-twos-wild"])
def test_known_absent_is_the_same_for_every_pack_order_the_public_record_allows(rules):
    checked = sum(play(rules, f"absent-{rules}-{n}", 14, same_for_every_consistent_order) for n in range(25))
    assert checked > 50


def test_the_hostile_testers_five_card_case():
    """Seed leak0, five-card Brag, hand 7: Ann's hand shown at hand 4 (kept Q♠ J♥ J♠, discards 5♦ 8♥) went
    back as Q♠ J♥ 5♦ 8♥ J♠ and straddles the top of the deal, 8♥ J♠ below it. As Q♠ 8♥ 5♦ J♥ J♠ everyone
    would have seen the same, with J♥ J♠ below and your cards the same. The hint counted 3209/4284
    against one opponent, right only for the true order; now none of Ann's five cards is known absent and
    the hint is the same for both."""
    from casino.cards import parse_cards
    from casino.classic.hint import beat_chances

    def cards(text: str) -> list[int]:
        return [c.index for c in parse_cards(text)]

    rules = load_rules("five-card-brag")
    table = ClassicTable(rules, ["You", "Ann", "Bob"], seed="leak0")
    rng = random.Random(0)
    for _ in range(6):
        table.play_hand([SimpleOpponent()] * 3, rng)
    assert any(h.hand_no == 4 and h.name == "Ann" and (h.kept, h.discards) == (tuple(cards("Qs Jh Js")),
                                                                               tuple(cards("5d 8h")))
               for h in table.shown)
    start = table.pack.index(cards("Qs")[0])
    assert table.pack[start:start + 5] == cards("Qs Jh 5d 8h Js")
    snapshot = table.snapshot()
    figures, absent = set(), set()
    for order in ("Qs Jh 5d 8h Js", "Qs 8h 5d Jh Js"):
        twin = ClassicTable.restore(rules, table.names, snapshot, seeds=table.seeds)
        twin.pack[start:start + 5] = cards(order)
        twin.start_hand()
        assert twin.hand_no == 7 and not twin._record.shuffled
        mine = twin._record.dealt[0][0]
        assert sorted(mine) == sorted(cards("9c 3s 9d Ad 5d"))
        assert not twin.known_absent & set(cards(order))
        absent.add(twin.known_absent)
        kept, gone = twin.ranker.best_choice(mine)
        unseen = [c for c in range(52) if c not in set(mine) | twin.known_absent]
        figures.add(beat_chances(twin.ranker, kept, gone, unseen, 1)[0].beat)
    assert len(absent) == 1 and len(figures) == 1
    assert figures != {Fraction(3209, 4284)}


def test_a_table_state_keeps_what_everyone_knows_of_the_pack():
    rules = load_rules("five-card-brag")
    table = ClassicTable(rules, ["A", "B", "C"], seed="parts")
    rng = random.Random(3)
    for _ in range(6):
        table.play_hand([SimpleOpponent()] * 3, rng)
        assert sum(p.length for p in table._public) == len(table.pack)
    copy = ClassicTable.restore(rules, table.names, table.snapshot(), seeds=table.seeds)
    assert copy._public == table._public
    old = table.snapshot()
    del old["public_pack"]  # a table state stored before: nothing known until the next shuffle
    assert ClassicTable.restore(rules, table.names, old, seeds=table.seeds)._public == [PackPart(len(table.pack), ())]
    bad = table.snapshot()
    bad["public_pack"] = [[1, [table.pack[1]], True], [len(table.pack) - 1, [], False]]  # not where the card is
    assert ClassicTable.restore(rules, table.names, bad, seeds=table.seeds)._public == [PackPart(len(table.pack), ())]
