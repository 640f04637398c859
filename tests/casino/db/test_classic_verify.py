"""``verify_classic`` on settled traditional Brag hands: the dealing checks beyond the pack and the replay —
the seed of a ``--seed`` session is the one its text gives, the pack is shuffled exactly when the rules call
for it (after a showdown won by a prial, or every hand), and the stored prial mark is what the showdown gives.
Each session below is stored honestly by the engine except for the one thing a dishonest house would change,
so the line naming it is the only problem. SQLite file and (with $BRAG_TEST_POSTGRES) PostgreSQL."""

from __future__ import annotations

import json
import re
from fractions import Fraction
import random

import pytest

from casino.classic.rules import builtin_rules, load_rules
from casino.classic.table import ClassicTable
from casino.classic.view import SimpleOpponent
from casino.db import classic_store
from casino.db.classic_store import PinnedSeeds
from casino.fair import new_seed

NAMES = ["You", "Ann", "Bob", "Cat"]


def store_session(db, hands: int, *, seed: str | None = "settled verify", before=lambda table: None, shuffle="traditional"):
    """``hands`` hands played by the engine and stored; ``before(table)`` runs before each deal (the house's
    chance to cheat). The session id and the stored records."""
    rules = load_rules("classic-brag").with_changes(shuffle=shuffle)
    record = classic_store.create_session(rules, NAMES, ["simple"] * 4, 50, {"seed": seed}, session=db)
    table = ClassicTable(rules, NAMES, seed=seed)
    rng = random.Random(8)
    records = []
    for _ in range(hands):
        before(table)
        records.append(table.play_hand([SimpleOpponent()] * 4, rng))
        classic_store.save_hand(record.id, records[-1], table, session=db)
    return record.id, records


def test_an_honest_session_verifies(db):
    sid, records = store_session(db, 12)
    assert not all(r.shuffled for r in records)  # carried over mostly: the check below has something to check
    assert classic_store.verify_classic(sid, session=db) == []


def test_every_hand_shuffled_verifies_under_that_rule(db):
    sid, records = store_session(db, 6, shuffle="every-hand")
    assert all(r.shuffled for r in records) and classic_store.verify_classic(sid, session=db) == []


def test_a_reshuffle_the_rules_did_not_call_for_is_named(db):
    def reshuffle_hand_5(table):
        if table.hand_no == 4:
            table._shuffle_next = True  # the house shuffles again instead of carrying the pack over

    sid, records = store_session(db, 7, before=reshuffle_hand_5)
    assert records[4].shuffled and not records[3].prial_won
    assert classic_store.verify_classic(sid, session=db) == [
        "hand 5: the pack was shuffled, but hand 4 left it to be carried over (no prial won its showdown)"]


def test_a_seed_not_from_the_seed_text_is_named(db):
    def other_seed_for_hand_3(table):
        if table.hand_no == 0:
            table.seeds = PinnedSeeds(table.seeds, 3, new_seed())

    sid, _ = store_session(db, 5, before=other_seed_for_hand_3)
    assert classic_store.verify_classic(sid, session=db) == [
        "hand 3: the seed is not the one the session's seed text gives"]


def test_secret_seeds_are_not_held_to_a_seed_text(db):
    sid, _ = store_session(db, 4, seed=None)
    assert classic_store.verify_classic(sid, session=db) == []


def test_a_prial_mark_changed_is_named_with_the_carry_over_it_contradicts(db):
    sid, records = store_session(db, 5)
    assert not records[1].prial_won and not records[2].shuffled
    row = classic_store.get_hand(sid, 2, session=db)
    row.prial_won = True
    db.add(row)
    db.commit()
    assert classic_store.verify_classic(sid, session=db) == [
        "hand 2: the stored mark of a prial winning the showdown (the next pack shuffled) is not what its actions give",
        "hand 3: the pack was carried over, but hand 2 called for a shuffle"]


def test_a_prial_won_at_a_showdown_calls_for_the_shuffle_that_follows(db):
    """Long enough for a prial to win a showdown: the hand after it is shuffled, and it all verifies."""
    sid, records = store_session(db, 400)
    won = [r.hand_no for r in records[:-1] if r.prial_won]
    assert won
    assert all(records[n].shuffled for n in won)  # records[n] is hand n + 1
    assert classic_store.verify_classic(sid, session=db) == []


def stack(pack):
    """The pack with three aces, three kings, three queens and three jacks on top (in that order)."""
    top = [c for rank in (14, 13, 12, 11) for c in [x for x in sorted(pack) if x // 4 + 2 == rank][:3]]
    return top + [c for c in pack if c not in top]


def tamper_table_state_pack(db, sid, pack):
    sitting = classic_store.get_session(sid, session=db)
    state = json.loads(sitting.table_state)
    state["pack"] = pack
    sitting.table_state = json.dumps(state)
    db.add(sitting)
    db.commit()


def test_a_stacked_pack_left_for_the_next_hand_is_named(db):
    """The house rewrites hand 2's pack left over (and the table state the next deal comes from) to put
    AAA KKK QQQ JJJ on top: the carry-over into hand 3 then matches, but hand 2's play does not leave it."""
    sid, records = store_session(db, 2)
    assert not records[1].prial_won
    row = classic_store.get_hand(sid, 2, session=db)
    stacked = stack(json.loads(row.pack_after))
    assert stacked != records[1].pack_after and sorted(stacked) == sorted(records[1].pack_after)
    row.pack_after = json.dumps(stacked)
    db.add(row)
    db.commit()
    tamper_table_state_pack(db, sid, stacked)
    expected = ["hand 2: the pack left for the next hand is not what its deal and play leave"]
    assert classic_store.verify_classic(sid, session=db) == expected
    # the next deal comes off the stacked pack, and still only hand 2 is named
    table = classic_store.resume_table(classic_store.get_session(sid, session=db), session=db)
    record = table.play_hand([SimpleOpponent()] * 4, random.Random(3))
    assert not record.shuffled and record.pack == stacked
    assert sorted(c // 4 for hand in record.dealt for c in hand[0]) == [9] * 3 + [10] * 3 + [11] * 3 + [12] * 3
    classic_store.save_hand(sid, record, table, session=db)
    assert classic_store.verify_classic(sid, session=db) == expected
    assert classic_store.verify_classic(sid, 3, session=db) == []  # hand 3 alone follows from what hand 2 claims


def test_a_stacked_table_state_is_named_before_the_next_hand_is_dealt(db):
    sid, records = store_session(db, 3)
    assert not records[2].prial_won
    tamper_table_state_pack(db, sid, stack(records[2].pack_after))
    assert classic_store.verify_classic(sid, session=db) == [
        "the session's table state has a pack for the next hand that is not the one hand 3 left"]


def test_a_table_state_carrying_over_when_a_prial_called_for_a_shuffle_is_named(db):
    sid, records = store_session(db, 400)
    last = max(r.hand_no for r in records if r.prial_won)
    sid, records = store_session(db, last)  # the same deals, stopped just after the prial won
    sitting = classic_store.get_session(sid, session=db)
    state = json.loads(sitting.table_state)
    assert state["shuffle_next"] and classic_store.verify_classic(sid, session=db) == []
    state["shuffle_next"] = False
    sitting.table_state = json.dumps(state)
    db.add(sitting)
    db.commit()
    assert classic_store.verify_classic(sid, session=db) == [
        f"the session's table state carries over the next pack, but hand {last} called for a shuffle"]


def test_a_blind_hand_marked_kept_without_a_blind_winner_is_named(db):
    sid, records = store_session(db, 6)
    n = next(r.hand_no for r in records if r.kept_blind == -1)
    row = classic_store.get_hand(sid, n, session=db)
    row.kept_blind = 0
    db.add(row)
    db.commit()
    assert classic_store.verify_classic(sid, session=db) == [
        f"hand {n}: a blind hand is marked kept for the next deal, but its actions give no blind winner in that seat"]


@pytest.mark.parametrize("shuffle", ["traditional", "every-hand"])
@pytest.mark.parametrize("name", sorted(builtin_rules()))
def test_long_honest_sessions_of_every_built_in_rules_give_no_false_alarm(db, name, shuffle):
    """200 hands of each built-in rules file, played and stored by the engine: kept blind hands, prials,
    carry-overs and busted players all verify, the pack each hand leaves and the table state with them."""
    rules = load_rules(name).with_changes(shuffle=shuffle)
    names = NAMES
    record = classic_store.create_session(rules, names, ["simple"] * len(names), 200, {"seed": name}, session=db)
    table = ClassicTable(rules, names, seed=name)
    rng = random.Random(name)
    records = []
    while len(records) < 200 and table.can_deal():
        records.append(table.play_hand([SimpleOpponent()] * len(names), rng))
        classic_store.save_hand(record.id, records[-1], table, session=db)
    assert len(records) == 200 and any(r.kept_blind >= 0 for r in records)
    assert classic_store.verify_classic(record.id, session=db) == []


def test_a_kept_blind_hand_given_back_by_a_player_who_cannot_ante_is_no_false_alarm(db):
    """A player who kept a blind hand and then cannot ante the next hand gives it back to the bottom of the
    pack (:meth:`ClassicTable.start_hand`) after the last hand's ``pack_after`` was stored: the next hand's
    carry-over is that pack AND the hand given back, not a stacked pack. (The engine's own chips never leave
    a blind winner short of the next ante, so the case is made here by moving chips between hands — which
    the verify names, as it should, and nothing else.)"""
    from casino.classic.table import verify_pack

    rules = load_rules("classic-brag")
    record = classic_store.create_session(rules, NAMES, ["simple"] * 4, 99, {"seed": "hand back"}, session=db)
    table = ClassicTable(rules, NAMES, seed="hand back")
    rng = random.Random(8)
    for _ in range(60):
        kept = table.play_hand([SimpleOpponent()] * 4, rng)
        classic_store.save_hand(record.id, kept, table, session=db)
        if kept.kept_blind >= 0:
            break
    assert kept.kept_blind >= 0, "no blind hand kept in 60 hands: choose another seed"
    keeper = kept.seats[kept.kept_blind]
    other = (keeper + 1) % len(NAMES)
    table.chips[other] += table.chips[keeper] - rules.ante / 2  # the keeper is left short of the ante
    table.chips[keeper] = rules.ante / 2
    after = table.play_hand([SimpleOpponent()] * 4, rng)
    assert keeper not in after.seats and not after.shuffled
    given_back = list(kept.dealt[kept.kept_blind][0])
    assert after.pack == kept.pack_after + given_back  # the hand given back, at the bottom
    assert verify_pack(after, kept) == []
    classic_store.save_hand(record.id, after, table, session=db)
    assert classic_store.verify_classic(record.id, session=db) == [  # the keeper sat hand 8 out: named for its chips
        f"hand {after.hand_no}: the chips it was dealt from are not what the hands before left ({NAMES[other]})",
        f"the session's chips are not what its hands left ({NAMES[keeper]})"]


def test_chips_changed_between_hands_are_named(db):
    """The chips a hand is dealt from must be what the hands before left (a house taking chips between hands)."""
    sid, records = store_session(db, 4)
    row = classic_store.get_hand(sid, 3, session=db)
    before = json.loads(row.chips_before)
    before[1] = str(int(Fraction(before[1])) - 1)
    row.chips_before = json.dumps(before)
    db.add(row)
    db.commit()
    found = classic_store.verify_classic(sid, session=db)
    assert found[0] == f"hand 3: the chips it was dealt from are not what the hands before left ({NAMES[records[2].seats[1]]})"


def test_the_stored_summary_keeps_its_format(db):
    """A hand's summary is stored as text and verify rebuilds it from the events, so its wording of amounts is
    part of the record: an amount needing more than six decimal places is written ``p/q``, as older sessions
    have it (written as a long decimal, every such session stored before would fail verify)."""
    rules = load_rules("classic-brag").with_changes(ante=Fraction(10000001, 10000000))
    record = classic_store.create_session(rules, NAMES, ["simple"] * 4, 3, {"seed": "format"}, session=db)
    table = ClassicTable(rules, NAMES, seed="format")
    for _ in range(3):
        classic_store.save_hand(record.id, table.play_hand([SimpleOpponent()] * 4, random.Random(3)), table,
                                session=db)
    summaries = [row.summary for row in classic_store.hands_of(record.id, session=db)]
    assert all(re.search(r"\b[0-9]+/[0-9]+\b", summary) for summary in summaries), summaries
    assert classic_store.verify_classic(record.id, session=db) == []
