"""``verify_classic`` and a traditional Brag session's pending hand (started, its seed and pack commitment
stored before any card was shown, its actions appended as taken; not settled).

Verify checks it as a resume checks it (:func:`casino.db.classic_store.deal_pending`: dealt again from the
table state with its seed, the stored commitment, every stored action legal in turn) and against the
settled hands (the hand after the last one, from the session's chips, its pack the seed's shuffle or
exactly the last hand's carry-over). An intact pending hand is no problem and is reported apart; each
kind of tamper is one line naming it. Every test runs on a SQLite file and (with $BRAG_TEST_POSTGRES)
PostgreSQL."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from casino.classic.actions import Bet, Fold, Look
from casino.classic.rules import load_rules
from casino.classic.table import ClassicTable, pack_commitment, shuffle_pack
from casino.classic.view import SimpleOpponent
from casino.db import classic_store
from casino.db.database import StoreError
from casino.fair import new_seed

NAMES = ["You", "Ann", "Bob"]


def play_to_pending(db, settled: int, seed: str | None = "pending verify", actions: int = 2):
    """A session with ``settled`` stored hands and the next one pending with ``actions`` stored actions
    (nobody folds: the hand goes on). Returns (session id, the table in the middle of the pending hand)."""
    rules = load_rules("classic-brag")
    record = classic_store.create_session(rules, NAMES, ["simple"] * 3, 20, {"seed": seed}, session=db)
    table = ClassicTable(rules, NAMES, seed=seed)
    rng = random.Random(5)
    for _ in range(settled):
        classic_store.save_hand(record.id, table.play_hand([SimpleOpponent()] * 3, rng), table, session=db)
    table.start_hand()
    classic_store.start_pending(record.id, table, session=db)
    for _ in range(actions):
        seat = table.to_act
        legal = table.legal_actions()
        action = Look() if table.can(Look()) and seat == 0 else SimpleOpponent().decide(table.view(seat), legal, rng)
        if isinstance(action, Fold):
            action = Bet(legal.bet_min)
        table.act(action)
        classic_store.record_action(record.id, seat, action, session=db)
    return record.id, table


def change(db, row, **values) -> None:
    for name, value in values.items():
        setattr(row, name, value)
    db.add(row)
    db.commit()


def pending_problems(db, sid: int) -> list[str]:
    problems = classic_store.verify_classic(sid, session=db)
    assert all("(pending)" in p for p in problems), problems  # the settled hands are untouched
    return problems


def test_an_intact_pending_hand_verifies_and_is_reported_apart(db):
    sid, table = play_to_pending(db, settled=4)
    assert table._record.shuffled is False  # the pending pack is the last hand's carry-over, unshuffled
    assert classic_store.verify_classic(sid, session=db) == []
    assert classic_store.verify_classic(sid, 5, session=db) == []  # the pending hand alone
    pending = classic_store.pending_of(sid, session=db)
    assert classic_store.pending_summary(pending) == {"hand": 5, "commitment": table._record.commitment, "actions": 2}
    assert classic_store.pending_line(sid, pending) == (
        f"hand 5 pending: antes and 2 action(s) stored, not settled (commitment {table._record.commitment}); "
        f"'brag classic --resume {sid}' continues it")


@pytest.mark.parametrize("seed", ["first hand", None])
def test_a_first_hand_pending_verifies_shuffled_and_unseeded(db, seed):
    sid, table = play_to_pending(db, settled=0, seed=seed, actions=1)
    assert table._record.shuffled is True
    assert classic_store.verify_classic(sid, session=db) == []


def test_a_pending_hand_finished_and_settled_is_no_longer_reported(db):
    sid, table = play_to_pending(db, settled=2)
    rng = random.Random(1)
    while not table.hand_done:
        table.act(SimpleOpponent().decide(table.view(table.to_act), table.legal_actions(), rng))
    classic_store.save_hand(sid, table.end_hand(), table, session=db)
    assert classic_store.pending_of(sid, session=db) is None
    assert classic_store.verify_classic(sid, session=db) == []


def test_another_seed_is_named(db):
    sid, _ = play_to_pending(db, settled=3, seed=None)  # a carried-over pack: only the commitment binds the seed
    change(db, classic_store.pending_of(sid, session=db), seed=new_seed().hex())
    [problem] = pending_problems(db, sid)
    assert problem.startswith("hand 4 (pending): does not deal as it was committed")


def test_another_commitment_is_named(db):
    sid, _ = play_to_pending(db, settled=3)
    change(db, classic_store.pending_of(sid, session=db), commitment="0" * 64)
    [problem] = pending_problems(db, sid)
    assert problem.startswith("hand 4 (pending): does not deal as it was committed")


def test_another_seed_with_its_own_commitment_is_named_in_a_seeded_session(db):
    sid, table = play_to_pending(db, settled=0, actions=1)  # shuffled: the pack is the seed's
    seed = new_seed()
    pack = shuffle_pack(seed, range(52))
    change(db, classic_store.pending_of(sid, session=db), seed=seed.hex(), commitment=pack_commitment(seed, pack))
    [problem] = pending_problems(db, sid)
    assert problem == "hand 1 (pending): the seed is not the one the session's seed text gives"


def test_an_unreadable_seed_is_named(db):
    sid, _ = play_to_pending(db, settled=1)
    change(db, classic_store.pending_of(sid, session=db), seed="not hex")
    [problem] = pending_problems(db, sid)
    assert problem.startswith("hand 2 (pending): the stored seed cannot be read")


@pytest.mark.parametrize("number", [2, 5, 0])
def test_another_hand_number_is_named(db, number):
    sid, _ = play_to_pending(db, settled=2)
    change(db, classic_store.pending_of(sid, session=db), hand_no=number)
    [problem] = pending_problems(db, sid)
    assert problem == f"hand {number} (pending): it is not the next hand (the table state is after hand 2)"


def test_a_changed_action_is_named(db):
    sid, _ = play_to_pending(db, settled=2, actions=3)
    pending = classic_store.pending_of(sid, session=db)
    actions = json.loads(pending.actions)
    actions[1][1] = {"action": "bet", "amount": "1000000"}  # more than anybody has
    change(db, pending, actions=json.dumps(actions))
    [problem] = pending_problems(db, sid)
    assert problem.startswith("hand 3 (pending): stored action 2 (") and "does not follow the rules" in problem


def test_an_action_by_the_wrong_seat_is_named(db):
    sid, _ = play_to_pending(db, settled=1, actions=3)
    pending = classic_store.pending_of(sid, session=db)
    actions = json.loads(pending.actions)
    actions[1][0] = (actions[1][0] + 1) % 3  # taken by the next seat, out of turn
    change(db, pending, actions=json.dumps(actions))
    [problem] = pending_problems(db, sid)
    assert problem.startswith("hand 2 (pending): stored action 2 (") and "'s turn" in problem


def test_unreadable_actions_are_named(db):
    sid, _ = play_to_pending(db, settled=1)
    change(db, classic_store.pending_of(sid, session=db), actions='[[0, {"action": "shout"}]')
    [problem] = pending_problems(db, sid)
    assert problem.startswith("hand 2 (pending): the stored actions cannot be read")
    assert "its actions unreadable" in classic_store.pending_line(sid, classic_store.pending_of(sid, session=db))


def test_a_carry_over_changed_with_a_matching_commitment_is_named(db):
    """The table state's pack reordered and the pending commitment made to fit it: the seed and commitment
    agree, but the pack is not what the last settled hand left."""
    sid, table = play_to_pending(db, settled=3)
    record = classic_store.get_session(sid, session=db)
    state = json.loads(record.table_state)
    state["pack"][0], state["pack"][-1] = state["pack"][-1], state["pack"][0]
    change(db, record, table_state=json.dumps(state))
    pending = classic_store.pending_of(sid, session=db)
    change(db, pending, commitment=pack_commitment(bytes.fromhex(pending.seed), state["pack"]))
    [problem] = pending_problems(db, sid)
    assert problem == "hand 4 (pending): the pack is not the one the hand before left"


def test_a_reshuffle_instead_of_the_carry_over_is_named(db):
    """The house shuffles the pending hand's pack instead of carrying it over, and stores a table state that
    says so: the seed, commitment and table state agree, but the last settled hand won no prial."""
    sid, table = play_to_pending(db, settled=3, actions=0)
    assert not table._record.shuffled
    record = classic_store.get_session(sid, session=db)
    state = json.loads(record.table_state)
    state["shuffle_next"] = True
    change(db, record, table_state=json.dumps(state))
    again, found = classic_store.deal_pending(record, classic_store.pending_of(sid, session=db))
    assert again._record.shuffled
    change(db, classic_store.pending_of(sid, session=db), commitment=again._record.commitment)
    [problem] = pending_problems(db, sid)
    assert problem == ("hand 4 (pending): the pack was shuffled, but hand 3 left it to be carried over "
                       "(no prial won its showdown)")


def test_a_table_state_with_other_chips_is_named(db):
    sid, _ = play_to_pending(db, settled=2)
    record = classic_store.get_session(sid, session=db)
    state = json.loads(record.table_state)
    state["chips"][1] = str(Fraction(state["chips"][1]) + 50)
    change(db, record, table_state=json.dumps(state))
    [problem] = pending_problems(db, sid)
    assert problem == "hand 3 (pending): it is not dealt from the session's chips (its table state was changed)"


def test_a_table_state_after_another_hand_is_named(db):
    sid, _ = play_to_pending(db, settled=2)
    record = classic_store.get_session(sid, session=db)
    state = json.loads(record.table_state)
    state["hand_no"] = 0  # the pending hand 3 would be its "hand 1" (a seeded session: another seed too)
    change(db, record, table_state=json.dumps(state))
    problems = pending_problems(db, sid)
    assert "hand 3 (pending): it is dealt from a table state after hand 0, not after the last settled hand (2)" in problems


def test_a_resume_refuses_what_verify_names(db):
    """The same check: a resume of a tampered pending hand fails with verify's line, nothing dealt."""
    sid, _ = play_to_pending(db, settled=2, actions=3)
    pending = classic_store.pending_of(sid, session=db)
    actions = json.loads(pending.actions)
    actions[2][1] = {"action": "see"}  # no see with three players in
    change(db, pending, actions=json.dumps(actions))
    [problem] = classic_store.verify_classic(sid, session=db)
    with pytest.raises(StoreError) as error:
        classic_store.resume_table(classic_store.get_session(sid, session=db), session=db)
    assert str(error.value) == f"classic session {sid}: {problem}; it is not dealt again"


def test_a_tampered_settled_hand_and_an_intact_pending_one(db):
    """A changed settled hand is still named as before, and the pending hand after it is not blamed."""
    sid, _ = play_to_pending(db, settled=3, seed=None)
    row = classic_store.get_hand(sid, 2, session=db)
    change(db, row, seed=new_seed().hex())
    problems = classic_store.verify_classic(sid, session=db)
    # a hand dealt from a shuffle (secret seeds: now and then hand 2 is) is also not the shuffle its new seed makes
    assert problems[0] == "hand 2: the seed and pack do not match the commitment"
    assert set(problems[1:]) <= {"hand 2: the pack is not the shuffle its seed makes"}, problems

