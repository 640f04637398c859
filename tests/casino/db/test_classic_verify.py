"""``verify_classic`` on settled traditional Brag hands: the dealing checks beyond the pack and the replay —
the seed of a ``--seed`` session is the one its text gives, the pack is shuffled exactly when the rules call
for it (after a showdown won by a prial, or every hand), and the stored prial mark is what the showdown gives.
Each session below is stored honestly by the engine except for the one thing a dishonest house would change,
so the line naming it is the only problem. SQLite file and (with $BRAG_TEST_POSTGRES) PostgreSQL."""

from __future__ import annotations

import random

from casino.classic.rules import load_rules
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
