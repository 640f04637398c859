"""Verifying a stored traditional Brag session: ``brag verify ID --classic`` (and the web table's verify).

Every settled hand is recomputed from its revealed seed — the commitment, the pack (the seed's shuffle or
the last hand's carry-over, shuffled only when the rules call for it), the cards off the top, its actions
replayed to the stored events and chips and to the pack it leaves for the next hand — the session's stored
table state (the pack the next deal carries over) against the last hand, and the session's pending hand (started, not settled) is checked
with the resume's own check (:func:`casino.db.classic_store.deal_pending`) and against the settled hands
(:func:`verify_classic`: the recomputation). :func:`check_classic` (what ``brag verify --classic`` and the
web run) adds the session's hash chain (:func:`chain_problems`, :mod:`casino.db.classic_chain`) and a head
kept outside the database. Stored values that cannot be read back are findings, never exceptions.
Problems are one line each: ``hand 3: …`` for a settled hand, ``hand 4 (pending): …`` for the pending one::

    >>> import random
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.classic.rules import load_rules
    >>> from casino.classic.table import ClassicTable
    >>> from casino.classic.view import SimpleOpponent
    >>> from casino.db import classic_store
    >>> rules = load_rules("classic-brag")
    >>> with Session(connect("sqlite://")) as db:
    ...     record = classic_store.create_session(rules, ["You", "Ann"], ["simple"] * 2, 9, {"seed": "doc"}, session=db)
    ...     table = ClassicTable(rules, ["You", "Ann"], seed="doc")
    ...     _ = classic_store.save_hand(record.id, table.play_hand([SimpleOpponent()] * 2, random.Random(1)), table,
    ...                                 session=db)
    ...     _ = table.start_hand()
    ...     pending = classic_store.start_pending(record.id, table, session=db)
    ...     pending.commitment = "0" * 64  # changed after the deal
    ...     verify_classic(record.id, session=db)
    ['hand 2 (pending): does not deal as it was committed (the stored seed and the pack carried over do not give the stored commitment)']
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Sequence

from sqlmodel import Session

from casino.classic.actions import Chips, HandOver, PotWon, Shown, VariantInForce
from casino.classic.choice import Circle, Variant, computer_variant, variant_choices, variant_of, variant_text
from casino.classic.state import HandState
from casino.classic.table import (
    SHOWN_STORED, HandRecord, kept_hand, open_bottom, pack_left, shown_from_snapshot, shown_hands, verify_pack,
)
from casino.classic.view import ShownHand
from casino.db.classic_chain import action_hashes, deal_hash, genesis_hash, is_hash, settled_hash
from casino.db.classic_models import ClassicHandRecord, ClassicPendingRecord, ClassicSessionRecord
from casino.db.classic_rows import READ_ERRORS, UnreadableRecord, amount, amounts, shown, stored_json
from casino.db.classic_store import (deal_pending, get_session, hand_from_row, hands_of, pending_line, pending_of,
                                     pending_summary, rules_of, seats_of, settings_of, summary_line)
from casino.db.database import StoreError, UnreadableData
from casino.errors import BragError
from casino.fair import SeedSource
from casino.money import text as amount_text

__all__ = ["verify_classic", "check_classic", "ClassicReport", "chain_problems", "pending_chain_problems", "next_deal_problems",
           "lent_and_shown_problems"]


def verify_classic(session_id: int, hand_no: int | None = None, *, session: Session) -> list[str]:
    """Every problem the recomputation finds in a stored session (empty: all verified); the hash chain is
    :func:`check_classic`'s.

    For each hand: the seed against the commitment, the pack (the seed's shuffle, or the previous
    hand's carry-over), the cards dealt off the top, and the hand replayed from its actions, which
    must give the stored events, chips and summary and the pack left for the next hand (:func:`pack_left`, as
    the table leaves it), and the chips it was dealt from the ones the hands before left; the session's chips must be what its hands left each seat (those that sat the last hand out too) and, with no hand pending, its stored
    table state's pack the one the last hand left (:func:`_table_state_problems`). A pending hand
    (started, not settled) is checked as far as it goes by :func:`_pending_problems` (with the whole session,
    or when ``hand_no`` is its number); it is never counted as settled. A ``hand_no`` the session has
    neither settled nor pending is a :class:`~casino.errors.StoreError`."""
    record = get_session(session_id, session=session)
    return _recomputed(record, hands_of(session_id, session=session), pending_of(session_id, session=session), hand_no)


def _recomputed(record: ClassicSessionRecord, rows: Sequence[ClassicHandRecord], pending: ClassicPendingRecord | None,
                hand_no: int | None) -> list[str]:
    """:func:`verify_classic` of the session's rows as read."""
    session_id = record.id
    if hand_no is not None and all(row.hand_no != hand_no for row in rows) and (
            pending is None or pending.hand_no != hand_no):
        raise StoreError(f"classic session {session_id} has no hand {hand_no} "
                         f"(see 'brag history {session_id} --classic')")
    try:
        rules = rules_of(record)
        names, players = seats_of(record)
        settings = settings_of(record)
        start = amounts(record.start_chips, "start_chips", len(names))
    except (*READ_ERRORS, BragError) as error:  # nothing can be recomputed without them
        return [f"the session's own record cannot be read: {_without(str(error), session_id)}"]
    chips: list[Fraction | int | None] = list(start)  # each table seat's chips as the hands so far leave them
    lent: list[Chips] = [Fraction(0)] * len(names)  # what the bank lent each seat over the hands so far
    turned_up: deque[ShownHand] = deque(maxlen=SHOWN_STORED)  # the newest hands shown (what the table state keeps)
    every_hand = True  # every hand 1, 2, 3 … read: lent and turned_up are the session's
    problems: list[str] = []
    previous: HandRecord | None = None
    seed_text = settings.get("seed")  # a --seed session's seeds are the text's; otherwise secret
    seeds = SeedSource.from_text(seed_text) if seed_text is not None else None
    circle = Circle(variant_of(rules))  # dealer's choice: each circle's variant, as the hands so far leave it
    for row in rows:
        try:
            hand = hand_from_row(row, rules, names, where=f"hand {row.hand_no}")
        except UnreadableRecord as error:
            problems.append(str(error))
            previous = None
            chips = [None] * len(names)  # not known again until each seat has played a readable hand
            every_hand = False  # (what the bank lent and what was shown: the table state is checked against the last hand)
            continue
        every_hand = every_hand and row.hand_no == (previous.hand_no + 1 if previous is not None else 1)
        if hand_no is None or row.hand_no == hand_no:
            moved = [names[seat] for i, seat in enumerate(hand.seats)
                     if chips[seat] is not None and chips[seat] != hand.chips_before[i]]
            if moved:
                problems.append(f"hand {row.hand_no}: the chips it was dealt from are not what the hands before left "
                                f"({', '.join(moved)})")
            try:
                if row.summary != summary_line(hand):
                    problems.append(f"hand {row.hand_no}: the stored summary is not what its events give")
                problems += verify_pack(hand, previous)
                problems += _dealing_problems(hand, previous, seeds, f"hand {hand.hand_no}")
                problems += _replay_problems(hand)
                if rules.dealers_choice and every_hand:
                    problems += _choice_problems(hand, circle, rules, players)
            except Exception as error:  # noqa: BLE001 - a stored hand that cannot even be checked is a finding
                problems.append(f"hand {row.hand_no}: cannot be checked ({str(error)[:100]})")
        previous = hand
        if rules.dealers_choice:
            circle.variant = variant_of(hand.rules)
            circle.dealt(len(hand.seats))
        for i, seat in enumerate(hand.seats):
            chips[seat] = hand.chips_after[i]
            if every_hand and 0 <= seat < len(lent) and i < len(hand.borrowed):
                lent[seat] += hand.borrowed[i]
        try:
            turned_up.extend(shown_hands(hand))
        except READ_ERRORS:  # (events naming a seat not in the hand: the replay reports them)
            every_hand = False
    if hand_no is None and previous is not None and previous.hand_no == rows[-1].hand_no:
        problems += _chips_problems(record, names, chips, table_state=pending is None)
    if pending is not None and (hand_no is None or hand_no == pending.hand_no):
        try:
            problems += _pending_problems(record, pending, rows[-1].hand_no if rows else 0, previous)
            if previous is not None and previous.hand_no == rows[-1].hand_no and hand_no is None:
                problems += lent_and_shown_problems(record, previous, lent=lent if every_hand else None,
                                                    shown_before=list(turned_up) if every_hand else None)
        except Exception as error:  # noqa: BLE001 - as above
            problems.append(f"hand {pending.hand_no} (pending): cannot be checked ({str(error)[:100]})")
    if rules.dealers_choice and pending is None and hand_no is None and every_hand and rows:
        stored = stored_json(record.table_state, "the session's table state")
        if isinstance(stored, dict) and stored.get("circle") != circle.to_dict():
            problems.append(f"the session's table state has a circle of deals (dealer's choice) that the hands do not "
                            f"leave (after hand {rows[-1].hand_no}: {circle.to_dict()})")
        if isinstance(stored, dict) and stored.get("picked") is not None:
            problems += _stored_pick_problems(stored["picked"], circle, rules)
    if pending is None and hand_no is None and previous is not None and previous.hand_no == rows[-1].hand_no:
        problems += next_deal_problems(record, previous, with_chips=False, lent=lent if every_hand else None,
                                       shown_before=list(turned_up) if every_hand else None)
    return problems


def _chips_problems(record: ClassicSessionRecord, names: Sequence[str], chips: Sequence[Chips | None], *,
                    table_state: bool) -> list[str]:
    """The session's chips (its row, and with ``table_state`` the table state the next deal comes from; a pending
    hand's check names a changed table state itself) against ``chips``, each seat's as the settled hands leave
    them (``None``: not known, after a hand that cannot be read) — every seat, those that sat the last hand out
    (bust, or short of the ante) too."""
    problems = []
    moved: list[str] = []
    try:
        stored = amounts(record.chips, "the session's chips", len(names))
    except UnreadableRecord as error:
        problems.append(str(error))
    else:
        moved = [names[s] for s in range(len(names)) if chips[s] is not None and stored[s] != chips[s]]
        if moved:
            problems.append(f"the session's chips are not what its hands left ({', '.join(moved)})")
    if not table_state:
        return problems
    try:
        snapshot = json.loads(record.table_state)
        table_chips = [amount(c, "the session's table state: chips") for c in snapshot["chips"]]
    except (*READ_ERRORS, UnreadableRecord):
        return problems  # (reported with the rest of the table state)
    if len(table_chips) != len(names):
        return problems + [f"the session's table state has chips for {len(table_chips)} seats, not {len(names)}"]
    also = [names[s] for s in range(len(names))  # (a seat whose row was named already is named once)
            if chips[s] is not None and table_chips[s] != chips[s] and names[s] not in moved]
    if also:
        problems.append(f"the session's table state has chips that are not what its hands left ({', '.join(also)})")
    return problems


def _without(message: str, session_id: int | None) -> str:
    """An error line without the ``classic session N: `` it starts with (verify names the session once)."""
    prefix = f"classic session {session_id}: "
    return message[len(prefix):] if message.startswith(prefix) else message


def _table_state_problems(record: ClassicSessionRecord, last: HandRecord) -> list[str]:
    """The session's stored table state (what the next deal comes from) against its last settled hand
    (``last``, no hand pending): with ``shuffle = "traditional"`` its pack must be the one that hand left,
    to be carried over unless that hand's showdown was won by a prial (the next pack shuffled). A pending
    hand's pack is checked against the hand before by :func:`_pending_problems` instead."""
    if last.rules.shuffle != "traditional":
        return []  # every deal is shuffled from its seed: the pack left is never dealt
    try:
        snapshot = json.loads(record.table_state)
        pack = [int(c) for c in snapshot.get("pack", [])]
        shuffle_next = bool(snapshot.get("shuffle_next", True))
    except READ_ERRORS as error:
        return [f"the session's table state for the next hand cannot be read ({str(error)[:80]})"]
    problems = []
    if pack != last.pack_after:
        problems.append(f"the session's table state has a pack for the next hand that is not the one hand "
                        f"{last.hand_no} left")
    if shuffle_next != last.prial_won:
        problems.append(f"the session's table state {'shuffles' if shuffle_next else 'carries over'} the next pack, "
                        f"but hand {last.hand_no} {'called for a shuffle' if last.prial_won else 'left it to be carried over'}")
    return problems


def next_deal_problems(record: ClassicSessionRecord, last: HandRecord, *, with_chips: bool = True,
                       lent: Sequence[Chips] | None = None, shown_before: Sequence[ShownHand] | None = None) -> list[str]:
    """The session's stored table state (what the next deal comes from, no hand pending) against its last
    settled hand ``last``: after that hand (its number), the dealer that dealt it, the blind hand it kept (or
    none), its pack (:func:`_table_state_problems`), for the seats that played it, the chips it left
    (in the table state and in the session's row; ``with_chips=False``: not those, verify checks them apart),
    and what the bank lent and the hands turned up so far (:func:`_lent_and_shown_problems`; ``lent`` and
    ``shown_before``: every settled hand's, when the caller read them all). :func:`~casino.db.classic_store.resume_session` refuses a
    resume with any of these (the next hand would be dealt from a state this session never reached);
    :func:`verify_classic` lists them."""
    try:
        snapshot = json.loads(record.table_state)
        if not isinstance(snapshot, dict) or not snapshot:
            return [f"the session's table state for the next hand is missing, but hand {last.hand_no} was settled"]
        hand_no, dealer = snapshot["hand_no"], snapshot["dealer"]
        kept = {str(seat): [int(c) for c in cards] for seat, cards in snapshot["kept_blind"].items()}
        table_chips = [amount(c, "the session's table state: chips") for c in snapshot["chips"]]
        chips = amounts(record.chips, "the session's chips", len(table_chips))
        borrowed, turned_up = _lent_and_shown_read(snapshot, len(table_chips))
    except (*READ_ERRORS, UnreadableRecord) as error:
        return [f"the session's table state for the next hand cannot be read ({str(error)[:80]})"]
    problems = []
    if hand_no != last.hand_no:
        problems.append(f"the session's table state is after hand {shown(hand_no)}, not after the last settled hand "
                        f"({last.hand_no})")
    try:
        dealt_by = last.seats[last.dealer]
        want = {str(last.seats[last.kept_blind]): list(kept_hand(last))} if last.kept_blind >= 0 else {}
    except READ_ERRORS:  # (a last hand whose dealer or kept hand is not one of its seats': nothing can agree)
        dealt_by, want = None, None
    if dealer != dealt_by:
        problems.append(f"the session's table state has a dealer that did not deal hand {last.hand_no}")
    if kept != want:
        problems.append(f"the session's table state has blind hands kept for the next deal that hand {last.hand_no} "
                        "did not keep")
    for i, seat in enumerate(last.seats if with_chips else []):
        if not (0 <= seat < len(chips)) or chips[seat] != last.chips_after[i] or table_chips[seat] != chips[seat]:
            problems.append(f"the session's chips for the next hand are not the ones hand {last.hand_no} left")
            break
    problems += _lent_and_shown_problems(record, last, table_chips, borrowed, turned_up, lent, shown_before)
    return problems + _table_state_problems(record, last)


def _lent_and_shown_read(snapshot: Any, seats: int) -> tuple[list[Chips], list[ShownHand]]:
    """A stored table state's ``borrowed`` (one amount a seat) and ``shown``, read back (raises on a value
    that cannot be read)."""
    borrowed: list[Chips] = [amount(c, "the session's table state: borrowed") for c in snapshot["borrowed"]]
    if len(borrowed) != seats:
        raise ValueError(f"borrowed: {len(borrowed)} amounts for {seats} seats")
    return borrowed, shown_from_snapshot(snapshot["shown"])


def lent_and_shown_problems(record: ClassicSessionRecord, last: HandRecord, *, lent: Sequence[Chips] | None = None,
                            shown_before: Sequence[ShownHand] | None = None, with_chips: bool = False) -> list[str]:
    """With a hand pending, the table state it is dealt from (after the last settled hand ``last``): what
    the bank lent and the hands shown so far, checked as :func:`next_deal_problems` checks them, and with
    ``with_chips`` (a resume: verify compares the session's chips with the last hand's apart) the chips
    that hand left (the rest of it — pack, hand number — :func:`~casino.db.classic_store.deal_pending`
    checks by dealing it)."""
    try:
        snapshot = json.loads(record.table_state)
        table_chips = [amount(c, "the session's table state: chips") for c in snapshot["chips"]]
        borrowed, turned_up = _lent_and_shown_read(snapshot, len(table_chips))
    except (*READ_ERRORS, UnreadableRecord) as error:
        return [f"the session's table state the hand in play was dealt from cannot be read ({str(error)[:80]})"]
    problems = []  # the chips it was dealt from are the ones the last hand left, as with no hand pending
    if with_chips and any(not 0 <= seat < len(table_chips) or table_chips[seat] != last.chips_after[i] for i, seat in enumerate(last.seats)):
        problems.append(f"the chips the hand in play was dealt from are not the ones hand {last.hand_no} left")
    return problems + _lent_and_shown_problems(record, last, table_chips, borrowed, turned_up, lent, shown_before)


def _lent_and_shown_problems(record: ClassicSessionRecord, last: HandRecord, chips: Sequence[Chips],
                             borrowed: Sequence[Chips], shown: Sequence[ShownHand], lent: Sequence[Chips] | None,
                             shown_before: Sequence[ShownHand] | None) -> list[str]:
    """The table state's ``borrowed`` (per seat, what the bank has lent it over the session: each hand's
    :attr:`HandRecord.borrowed` added up) and ``shown`` (the newest :data:`SHOWN_STORED` hands turned up, in
    order: each hand's :func:`shown_hands`; the computer players count the cards in them) after the last
    settled hand ``last``.

    From that hand and the session's row alone (a resume reads nothing older): every seat owes at least
    what ``last`` lent it, and the bank lent in all exactly what the chips at the table are above the
    session's start chips (nothing is created or lost in a hand: the chips after it are the chips before
    plus what the bank lent); the hands shown end with exactly what ``last`` showed, the others from earlier
    hands, in order. With ``lent`` and ``shown_before`` (every settled hand's, added up and the newest
    turned up: :func:`verify_classic`, which reads them all), each seat's amount and the hands shown exactly."""
    problems = []
    try:
        names, _ = seats_of(record)
    except (*READ_ERRORS, BragError):  # (read before any of this; the seats' numbers say enough)
        names = []
    if len(names) != len(borrowed):
        names = [f"seat {s + 1}" for s in range(len(borrowed))]
    if lent is not None and len(lent) == len(borrowed):
        moved = [names[s] for s in range(len(borrowed)) if borrowed[s] != lent[s]]
        if moved:
            problems.append(f"the session's table state has borrowed from the bank for {', '.join(moved)} not what "
                            "the session's hands lent")
    else:
        owed = [Fraction(0)] * len(borrowed)
        for i, seat in enumerate(last.seats):
            if 0 <= seat < len(owed):
                owed[seat] = Fraction(last.borrowed[i])
        under = [names[s] for s in range(len(borrowed)) if borrowed[s] < owed[s]]
        if under:
            problems.append(f"the session's table state has less borrowed from the bank for {', '.join(under)} than "
                            f"hand {last.hand_no} lent")
        try:
            start = amounts(record.start_chips, "the session's start_chips", len(chips))
        except UnreadableRecord as error:
            problems.append(str(error))
        else:
            above = sum(chips, Fraction(0)) - sum(start, Fraction(0))
            if sum(borrowed, Fraction(0)) != above:
                problems.append(f"the session's table state has {amount_text(sum(borrowed, Fraction(0)))} borrowed "
                                f"from the bank in all, but its chips are {amount_text(above)} above the session's "
                                "start (the bank lent the difference)")
    mine = shown_hands(last)
    tail = list(shown[len(shown) - len(mine):]) if len(mine) <= len(shown) else list(shown)
    earlier = shown[:len(shown) - len(tail)]
    if tail != mine:
        problems.append(f"the session's table state does not end its hands shown with the ones hand {last.hand_no} "
                        "showed")
    elif len(shown) > SHOWN_STORED or any(h.hand_no >= last.hand_no for h in earlier) or any(
            a.hand_no > b.hand_no for a, b in zip(earlier, earlier[1:])) or (
            shown_before is not None and list(shown) != list(shown_before)[-SHOWN_STORED:]):
        problems.append(f"the session's table state has hands shown before hand {last.hand_no} that the hands "
                        "before it did not show")
    return problems


def _pending_problems(record: ClassicSessionRecord, pending: ClassicPendingRecord, last: int,
                      previous: HandRecord | None) -> list[str]:
    """The pending hand, checked as a resume checks it (:func:`deal_pending`: dealt again from the table
    state with its seed, the stored commitment, every stored action legal in turn) and against the settled
    hands: the hand after the last one (``last``), dealt from the session's chips, its pack the seed's shuffle
    or exactly what the last settled hand (``previous``) left, and every player's cards off the top."""
    where = f"hand {pending.hand_no} (pending)"
    table, problems = deal_pending(record, pending)
    if table is None or table._record is None:
        return problems
    dealt = table._record
    if dealt.hand_no - 1 != last:
        problems.append(f"{where}: it is dealt from a table state after hand {dealt.hand_no - 1}, not after the last "
                        f"settled hand ({last})")
    try:
        chips_ok = table.chips == amounts(record.chips, "the session's chips")
    except UnreadableRecord:
        chips_ok = False
    if not chips_ok:
        problems.append(f"{where}: it is not dealt from the session's chips (its table state was changed)")
    if previous is not None or last == 0:  # (an unreadable last hand is reported already)
        problems += [p.replace(f"hand {dealt.hand_no}:", f"{where}:", 1) for p in verify_pack(dealt, previous)]
        problems += _dealing_problems(dealt, previous, None, where)  # (the seed text's seed: deal_pending)
    return problems


def _stored_pick_problems(picked: Any, circle: Circle, rules: Any) -> list[str]:
    """The player's pick stored for the next deal (dealer's choice): a variant a dealer may pick at this table,
    and stored only when the next deal starts a circle whose dealer picks."""
    try:
        variant = Variant.from_list(picked)
    except ValueError as error:
        return [f"the session's table state has a pick for the next deal that cannot be read ({error})"]
    if variant not in variant_choices(rules) or not circle.picks_next():
        return [f"the session's table state has a pick for the next deal ({variant_text(variant, rules.jokers)}) that no "
                "dealer may make now"]
    return []


def _choice_problems(hand: HandRecord, circle: Circle, rules: Any, players: Sequence[str]) -> list[str]:
    """Dealer's choice: a hand starting a circle after the first names its dealer as the one who picked (a
    computer dealer's pick the one its seed draws), and every other hand carries the circle's variant on."""
    first = hand.events[0]  # (a VariantInForce: the hand's rules were read from it)
    assert isinstance(first, VariantInForce)
    where = f"hand {hand.hand_no}"
    dealer = hand.seats[hand.dealer]
    picked = variant_of(hand.rules)
    if not circle.picks_next():
        if first.seat != -1 or picked != circle.variant:
            return [f"{where}: its variant ({variant_text(picked, rules.jokers)}) is not the one its circle of deals "
                    f"plays ({variant_text(circle.variant, rules.jokers)}): a dealer picks only at the start of a circle"]
        return []
    if first.seat != dealer:
        return [f"{where}: it starts a circle of deals, so its dealer picks the variant, but the hand names "
                f"{'no one' if first.seat < 0 else 'another seat'}"]
    if players[dealer] != "you" and picked != computer_variant(hand.seed, rules):
        return [f"{where}: a computer dealer's pick ({variant_text(picked, rules.jokers)}) is not the one its seed draws"]
    return []


def _dealing_problems(hand: HandRecord, previous: HandRecord | None, seeds: SeedSource | None, where: str) -> list[str]:
    """A hand's seed against the session's seed text (``seeds``, a ``--seed`` session), and its shuffle against
    the rules: after a settled hand the pack is shuffled only when that hand's showdown was won by a prial, with
    ``shuffle = "every-hand"``, or when it left no pack; otherwise it is carried over unshuffled."""
    problems = []
    if seeds is not None and hand.seed != seeds.seed_for(hand.hand_no):
        problems.append(f"{where}: the seed is not the one the session's seed text gives")
    if previous is not None:
        due = previous.prial_won or hand.rules.shuffle == "every-hand" or not previous.pack_after
        if hand.shuffled and not due:
            problems.append(f"{where}: the pack was shuffled, but hand {previous.hand_no} left it to be carried over "
                            "(no prial won its showdown)")
        elif due and not hand.shuffled:
            problems.append(f"{where}: the pack was carried over, but hand {previous.hand_no} called for a shuffle")
    return problems


def _replay_problems(hand: HandRecord) -> list[str]:
    try:
        first = hand.events[0] if hand.events else None
        picked_by = (hand.seats.index(first.seat) if first.seat in hand.seats else -2) \
            if isinstance(first, VariantInForce) and first.seat >= 0 else -1
        state = HandState(hand.rules, hand.names, hand.chips_before, [[list(h) for h in hs] for hs in hand.dealt],
                          first=hand.first, pack_bottom=open_bottom(hand.rules, hand.pack, len(hand.seats) * hand.rules.cards),
                          picked_by=picked_by)
        state.units_rule = False  # a hand stored before bets had to be in the table's units still replays
        for seat, action in hand.actions:
            state.act(action, seat=seat)
    except Exception as error:  # noqa: BLE001 - any failure to replay is a finding
        return [f"hand {hand.hand_no}: the actions do not replay ({error})"]
    out = []
    if state.chips != hand.chips_after:
        out.append(f"hand {hand.hand_no}: the chips after the hand are not what its actions give")
    replayed = [e.to_dict() for e in state.events]
    stored = [e.to_dict() for e in hand.events]
    for e in stored:  # stored events name table seats; replayed ones hand seats
        for key in ("seat", "target"):
            if key in e and e[key] >= 0:
                e[key] = hand.seats.index(e[key])
        if e.get("kind") == "hand_over" and e["blind_winner"] >= 0:
            e["blind_winner"] = hand.seats.index(e["blind_winner"])
    if replayed != stored:
        out.append(f"hand {hand.hand_no}: the stored events are not what its actions give")
    winners = {e.seat for e in state.events if isinstance(e, PotWon)}
    prial = state.showdown and any(isinstance(e, Shown) and e.seat in winners and state.ranker.category(e.kept) == 5
                                   for e in state.events)
    if prial != hand.prial_won:
        out.append(f"hand {hand.hand_no}: the stored mark of a prial winning the showdown (the next pack shuffled) "
                   "is not what its actions give")
    over = state.events[-1] if state.events else None
    if hand.kept_blind != -1 and not (isinstance(over, HandOver) and hand.kept_blind == over.blind_winner >= 0):
        out.append(f"hand {hand.hand_no}: a blind hand is marked kept for the next deal, but its actions give no "
                   "blind winner in that seat")
    elif state.over and pack_left(hand, state) != hand.pack_after:
        out.append(f"hand {hand.hand_no}: the pack left for the next hand is not what its deal and play leave")
    return out


# -- the hash chain ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassicReport:
    """What :func:`check_classic` found: ``problems`` (the recomputation's and the chain's, one line each),
    ``head`` (the chain recomputed from the stored contents: the head to keep), and with a head given,
    ``pinned``: where it is in the chain (``"hand 7"``, ``"hand 8's deal"``, ``"hand 8 after action 2"``;
    ``None``: not in it)."""

    session_id: int
    hands: int
    problems: tuple[str, ...]
    head: str
    practice: bool | None
    chain_from: int = 1
    head_given: str | None = None
    pinned: str | None = None
    pending: dict[str, Any] | None = None
    pending_line: str | None = None
    checked: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {"session": self.session_id, "classic": True, "ok": self.ok, "hands": self.hands,
                "practice": self.practice, "problems": list(self.problems), "head": self.head,
                "head_given": self.head_given, "head_is": self.pinned,
                "head_is_hand": int(self.pinned[5:]) if self.pinned and self.pinned[5:].isdigit() else None,
                "chained_at_upgrade": max(0, self.chain_from - 1), "pending": self.pending}


def check_classic(session_id: int, hand_no: int | None = None, *, session: Session,
                  head: str | None = None) -> ClassicReport:
    """``brag verify ID --classic [HAND] [--head HASH]``: the recomputation (:func:`verify_classic`) and the
    hash chain (:func:`chain_problems`); with ``head`` (64 hex digits kept outside the database), the chain
    recomputed from the stored contents must end at it. A session or hand that is not there, or a bad
    ``head``, is a :class:`~casino.errors.BragError`; a stored value that cannot be read back is a problem
    named in the report (the session does not verify)."""
    given = None if head is None else head.strip().lower()
    if given is not None and not is_hash(given):
        raise BragError(f"--head is the 64 hex digits shown after a hand, not {given[:80]!r}")
    try:
        return _checked(session_id, hand_no, session=session, given=given)
    except UnreadableData as error:  # a time, count, yes/no or text column edited into something else
        return ClassicReport(session_id, 0, (f"{' '.join(str(error).split())}: the session cannot be verified past it",),
                             "", None, head_given=given)


def _checked(session_id: int, hand_no: int | None, *, session: Session, given: str | None) -> ClassicReport:
    """:func:`check_classic` with the head given (checked); a missing session or hand is a
    :class:`~casino.errors.BragError`, a stored value that cannot be read an :class:`UnreadableData`."""
    from casino.db.queries import practice_of

    record = get_session(session_id, session=session)
    rows = hands_of(session_id, session=session)
    pending = pending_of(session_id, session=session)
    problems = _recomputed(record, rows, pending, hand_no)
    chained, links = chain_problems(record, rows, pending, actions=given is not None)
    if hand_no is not None:  # one hand: the lines about it
        chained = [p for p in chained if p.startswith((f"hand {hand_no}:", f"hand {hand_no} (pending)"))]
    problems += chained
    pinned = None
    if given is not None:
        found = [i for i, (link, _) in enumerate(links) if link == given]
        if not found:
            problems.append("the head you kept is not in this session's chain: hands were changed, added, removed, "
                            "reordered or copied in since it was shown")
        else:
            pinned = links[found[-1]][1]
            if found[-1] < len(links) - 1 and hand_no is None:
                problems.append(f"the head you kept is {pinned}'s, and the session went on after it (to "
                                f"{links[-1][1]}): played since? keep the newer head")
    return ClassicReport(
        session_id, sum(1 for r in rows if hand_no in (None, r.hand_no)), tuple(problems), links[-1][0],
        practice_of(record.settings), record.chain_from or 1, given, pinned,
        None if pending is None else pending_summary(pending),
        None if pending is None else pending_line(session_id, pending),
    )


def chain_problems(record: ClassicSessionRecord, rows: Sequence[ClassicHandRecord], pending: ClassicPendingRecord | None,
                   *, actions: bool = True) -> tuple[list[str], list[tuple[str, str]]]:
    """The session's hash chain checked link by link, and the chain recomputed from the stored contents.

    Each settled hand must be chained to the hash before it (the genesis, over the session's identity, for
    the first), its hash over its stored contents, the numbers 1, 2, 3 …; the hand in play (pending) chained
    to the last settled hand and its hash over its deal and stored actions; the session row's head the
    newest link, its ``dealt_hand`` the pending hand (a deal on record whose pending record is gone is named),
    its hand count the hands stored. Returns the problems and every link recomputed from the contents, in
    order, with what it is (``[(hash, "the session's start"), (hash, "hand 1's deal"), (hash, "hand 1"), …]``:
    the last one is the head to keep; ``actions``: with the links of the settled hands' actions too)."""
    sid = record.id
    if not record.chain_key:
        return ([f"the session has no hash chain key: its record was changed (every session carries one; see "
                 f"'brag verify {sid} --classic')"], [("", "the session's start")])
    genesis = genesis_hash(record.chain_key, record)
    links = [(genesis, "the session's start")]
    problems: list[str] = []
    true, stored, expected, numbered = genesis, genesis, 1, True
    for row in rows:
        n = row.hand_no
        if numbered and n != expected:
            problems.append(f"the hand numbers are not 1, 2, 3 … (hand {n} where hand {expected} was due): hands were "
                            "removed, added or renumbered")
            numbered = False
        expected = n + 1 if isinstance(n, int) else expected + 1
        if row.prev_hash != stored:
            what = "the session's start (its genesis: its rules, seats, chips and settings, the --seed text among them)" \
                if stored == genesis else "the hand before it"
            problems.append(f"hand {n}: it is not chained to {what}: a hand was removed, inserted or moved, or the "
                            "session's own record was changed")
        digest = settled_hash(row.prev_hash or "", row)
        if row.hash != digest:
            problems.append(f"hand {n}: its hash is not over its stored contents: the hand was changed after it was stored")
        stored = row.hash or ""
        deal = deal_hash(true, _safe(row.hand_no), row.commitment)
        links.append((deal, f"hand {n}'s deal"))
        if actions:  # (only to find a head kept in the middle of a hand)
            links += [(link, f"hand {n} after action {i}") for i, link in enumerate(action_hashes(deal, row.actions), 1)]
        true = digest if true == (row.prev_hash or "") else settled_hash(true, row)  # intact: hashed once
        links.append((true, f"hand {n}"))
    if pending is not None:
        problems += pending_chain_problems(record, pending, stored)
        link = deal_hash(true, _safe(pending.hand_no), pending.commitment)
        links.append((link, f"hand {pending.hand_no}'s deal"))
        for i, link in enumerate(action_hashes(link, pending.actions), start=1):
            links.append((link, f"hand {pending.hand_no} after action {i}"))
    elif record.dealt_hand is not None:  # the deal is on record and its pending record is gone
        problems.append(f"hand {record.dealt_hand} was dealt (the session's record says so) but its pending record is "
                        "missing: removed from the database after the deal; it is never dealt again")
    elif record.head_hash != stored:
        problems.append("the session's head is not its last settled hand's hash: hands were removed or changed, or "
                        "the session's own record was")
    if record.hands_played != len(rows):
        problems.append(f"the session says {record.hands_played} hand(s) were settled, but {len(rows)} are stored")
    return problems, links


def pending_chain_problems(record: ClassicSessionRecord, pending: ClassicPendingRecord,
                           settled_head: str | None) -> list[str]:
    """The hand in play's links: chained to the last settled hand's hash (``settled_head``; ``None``: not
    checked), its hash over its deal and its stored actions, and the session row's head and dealt hand on it.
    A resume refuses a pending hand with any of these (as with :func:`deal_pending`'s)."""
    where = f"hand {pending.hand_no} (pending)"
    problems = []
    if settled_head is not None and pending.prev_hash != settled_head:
        problems.append(f"{where}: it is not chained to the last settled hand's hash: settled hands were removed or "
                        "changed after it was dealt")
    link = deal_hash(pending.prev_hash or "", _safe(pending.hand_no), pending.commitment)
    if pending.hash != ([link] + action_hashes(link, pending.actions))[-1]:
        problems.append(f"{where}: its hash is not over its deal and its stored actions: an action was changed, "
                        "removed or added after it was stored")
    if record.dealt_hand != pending.hand_no:
        problems.append(f"{where}: the session's record says {'no hand is' if record.dealt_hand is None else f'hand {record.dealt_hand} is'} "
                        "in play")
    if record.head_hash != pending.hash:
        problems.append(f"{where}: the session's head is not this hand's newest link: its actions or its deal were "
                        "changed, or the session's own record was")
    return problems


def _safe(value: Any) -> Any:
    return value if isinstance(value, (int, str)) else str(value)
