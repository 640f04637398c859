"""Verification: recompute every stored round from its revealed seed, and check the session's hash chain.

For each hand: the seed must hash to the commitment shown before the round (and, in a practice session,
follow from the session's seed text); the deck that seed fixes, dealt round the table, must give exactly
the stored cards; settling the stored bets and decisions with the session's game (its stored file
snapshot) through the same engine must give every stored result; the stored events must be the
engine's events; the bankroll must chain from the start of the session through every round; and the
hand's hash must be the hash of its contents chained to the previous hand's (:mod:`casino.db.chain`).

Given a head hash kept outside the database (``head=``), the chain recomputed from the stored contents
must pass through it: a rewritten, inserted, deleted, reordered or copied hand, or hands dropped from
the end, cannot give the same head. Any difference is a :class:`Mismatch` naming the hand, the box and
the field. Hands are read in a stream, one batch at a time, with running totals: memory does not grow
with the session. Read through a read-only session (:func:`casino.db.database.open_session`), every
query sees one snapshot, even while the session is being played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from sqlmodel import Session

from casino.bets import BetName, get_bet
from casino.db import store
from casino.db.chain import Totals, hand_contents, hand_hash, is_hash
from casino.db.database import UnreadableData
from casino.db.models import SessionRecord
from casino.bets.progressive import meter_after, meter_key
from casino.errors import BragError
from casino.events import BoxBets, Decision
from casino.fair import commitment, derive_seed, seed_from_hex, session_seed
from casino.table import RoundResult, Table
from casino.money import read_stored
from casino.practice import is_trainer

__all__ = ["Mismatch", "VerifyReport", "verify_session", "check_pending", "MAX_LISTED"]

#: Mismatches kept in a report (the rest are only counted): a wholly rewritten session stays small.
MAX_LISTED = 1000


_READABLE = "a session row that can be read"
_UNREADABLE = "a value that can be read"


@dataclass(frozen=True)
class Mismatch:
    """One stored value that the recomputation does not reproduce."""

    round_no: int | None  # None: the session row
    box: int | None
    field: str
    stored: str
    expected: str

    def __str__(self) -> str:
        if self.expected == _READABLE:
            return f"session: {self.stored} (the session's own row: no hand can be recomputed from it)"
        if self.expected == _UNREADABLE:
            return f"{self.stored}: the session cannot be verified past it"
        where = f"hand {self.round_no}" if self.round_no is not None else "session"
        if self.box is not None:
            where += f", box {self.box}"
        return f"{where}: {self.field} is {self.stored!r} but the seed and rules give {self.expected!r}"

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.round_no, "box": self.box, "field": self.field, "stored": self.stored, "expected": self.expected}


@dataclass(frozen=True)
class VerifyReport:
    """What :func:`verify_session` found. ``checked``: the hand numbers recomputed, as a range (one
    hand, or 1..n for the whole session: no list that grows with the session); ``head``: the head hash recomputed from the stored hands; ``pinned``: the hand whose hash
    is the head given to check against (``None``: none given, or not found); ``practice``: a seeded session."""

    session_id: int
    checked: range
    mismatches: tuple[Mismatch, ...]
    head: str = ""
    hands: int = 0
    pinned: int | None = None
    head_given: str | None = None
    practice: bool = False
    more: int = 0  # mismatches found beyond MAX_LISTED
    bad: tuple[int, ...] = field(default=())
    pending: int | None = None  # the hand dealt and not settled (bets stored), if any: never counted as settled
    pending_commitment: str | None = None
    client_seed: str | None = None
    trainer: bool = False  # played with the hole-card trainer (the dealer's first card shown before each decision)
    readable: bool = True  # False: a stored value could not be read (named in mismatches): practice/trainer unknown

    def pending_line(self) -> str | None:
        """``hand N pending: bets stored, not settled`` (``None`` without a pending hand)."""
        if self.pending is None:
            return None
        return (f"hand {self.pending} pending: bets stored, not settled (commitment {self.pending_commitment}); "
                f"'brag play --resume {self.session_id}' continues it")

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def bad_rounds(self) -> tuple[int, ...]:
        return self.bad or tuple(sorted({m.round_no for m in self.mismatches if m.round_no is not None}))

    def to_dict(self) -> dict[str, Any]:
        return {
            "session": self.session_id,
            "checked": len(self.checked),
            "hands": self.hands,
            "ok": self.ok,
            "practice": self.practice,
            "trainer": self.trainer,
            "head": self.head,
            "head_given": self.head_given,
            "head_is_hand": self.pinned,
            "bad_hands": list(self.bad_rounds()),
            "mismatches": [m.to_dict() for m in self.mismatches],
            "more_mismatches": self.more,
            "pending": None if self.pending is None else {"hand": self.pending, "commitment": self.pending_commitment},
            "client_seed": self.client_seed,
        }


class _Found:
    """Mismatches as they are found: the first :data:`MAX_LISTED` kept, the rest counted; bad hands kept
    as a set of numbers (bounded by the listed ones plus a count)."""

    def __init__(self) -> None:
        self.listed: list[Mismatch] = []
        self.more = 0
        self.bad: set[int] = set()

    def add(self, mismatch: Mismatch) -> None:
        if len(self.listed) < MAX_LISTED:
            self.listed.append(mismatch)
            if mismatch.round_no is not None:
                self.bad.add(mismatch.round_no)
        else:
            self.more += 1

    def extend(self, mismatches: list[Mismatch]) -> None:
        for m in mismatches:
            self.add(m)


def verify_session(
    session_id: int, round_no: int | None = None, *, session: Session, head: str | None = None
) -> VerifyReport:
    """Recompute every stored hand of a session (or just ``round_no``) and its hash chain; list what
    does not match. ``head``: a head hash kept outside the database (64 hex digits) that the chain must
    pass through.

    A session or hand that is not there, or a bad ``head``, is a :class:`~casino.errors.BragError`. A stored
    value that cannot be read back (:class:`~casino.db.database.UnreadableData`: a time, count, yes/no or
    text column edited by hand into something else) is a record that does not verify: the report names it,
    with what was found before it."""
    given = None if head is None else head.strip().lower()
    if given is not None and not is_hash(given):
        raise BragError(f"--head is the 64 hex digits shown after a hand, not {given[:80]!r}")
    found = _Found()
    try:
        return _verify_session(session_id, round_no, session=session, given=given, found=found)
    except UnreadableData as error:
        found.add(Mismatch(None, None, getattr(error, "column", "") or "stored value", str(error), _UNREADABLE))
        span = range(round_no, round_no + 1) if round_no is not None else range(0)
        return VerifyReport(session_id, span, tuple(found.listed), more=found.more, bad=tuple(sorted(found.bad)),
                            head_given=given, readable=False)


def _verify_session(session_id: int, round_no: int | None, *, session: Session, given: str | None,
                    found: _Found) -> VerifyReport:
    """:func:`verify_session`, adding what it finds to ``found``."""
    record = store.get_session(session_id, session=session)
    if round_no is not None:
        store.get_hand(session_id, round_no, session=session)  # raises, naming a missing hand
    try:  # the session row itself: a value in it that cannot be read is a record that does not verify
        settings = store.settings_of(record)
        practice = settings.get("seed")
        client = settings.get("client_seed")
        client = None if client is None else str(client)
        key = session_seed(str(practice)) if practice is not None else None
        game = store.game_of(record)
        store.genesis_of(record)
    except BragError as error:
        column = getattr(error, "column", "") or "session row"
        found.add(Mismatch(None, None, column, str(error), _READABLE))
        return VerifyReport(session_id, range(0), tuple(found.listed), readable=False)
    check_hand: Callable[[Any, list[Any], list[Any] | None], list[Mismatch]]
    if game.head_to_head is not None:  # two hands, bets on which wins: its own recomputation
        from casino.db.verify_head_to_head import hand_checker

        check_hand = hand_checker(game, client)
    else:
        table = Table(game)

        def check_hand(hand: Any, boxes: list[Any], bets: list[Any] | None) -> list[Mismatch]:
            return _verify_hand(table, hand, boxes, bets, client)
    chained = record.chain_key is not None
    true_head = store.genesis_of(record)  # the chain recomputed from the stored contents
    stored_head = true_head  # the chain as the stored hashes say
    previous = record.start_bankroll
    totals = Totals()
    expected_no = 1
    numbers_ok = True
    checked = 0
    pinned = 0 if given == true_head else None
    before_trainer = store.genesis_of(record, before_trainer=True)
    if before_trainer != true_head and record.head_hash == before_trainer:
        true_head = stored_head = before_trainer  # a trainer session with no hand, stored before the trainer was chained
    for hand, boxes, bets in store.stream_hands(session_id, session=session):
        n = hand.round_no
        if n == expected_no == 1 and before_trainer != true_head and hand.prev_hash == before_trainer:
            true_head = stored_head = before_trainer  # its first hand chained from the start it had then
            pinned = 0 if given == true_head else None
        numbers_ok = numbers_ok and n == expected_no
        expected_no = n + 1
        if round_no is None or n == round_no:
            checked += 1
            try:
                if read_stored(hand.bankroll_before) != read_stored(previous):
                    found.add(Mismatch(n, None, "bankroll_before", hand.bankroll_before, previous))
                found.extend(check_hand(hand, boxes, bets or None))
                if key is not None and hand.seed != derive_seed(key, n).hex():
                    found.add(Mismatch(n, None, "seed (practice)", hand.seed, f"the seed derived from {practice!r} for hand {n}"))
            except ValueError as error:  # a stored amount that is not a number: tampered, and named
                found.add(Mismatch(n, None, "stored values", "unreadable", f"numbers ({error})"))
        try:
            totals.add(hand, boxes, bets)
        except (ValueError, ZeroDivisionError, TypeError, LookupError):
            pass  # named above as unreadable
        if chained:
            contents = hand_contents(hand, boxes, bets)
            digest = hand_hash(hand.prev_hash or "", contents)
            if round_no is None or n == round_no:
                if hand.prev_hash != stored_head:
                    found.add(Mismatch(n, None, "prev_hash", str(hand.prev_hash), f"{stored_head} (the hash before it)"))
                if hand.hash != digest:
                    found.add(Mismatch(n, None, "hash", str(hand.hash), f"{digest} (over its stored contents)"))
            stored_head = hand.hash or ""
            true_head = hand_hash(true_head, contents)
            if given is not None and true_head == given:
                pinned = n
        previous = hand.bankroll_after
    span = range(round_no, round_no + 1) if round_no is not None else range(1, checked + 1)
    try:
        _verify_meter(record, game, span, session, found)
    except ValueError as error:
        found.add(Mismatch(None, None, "progressive meter", "unreadable", f"numbers ({error})"))
    if round_no is None:
        try:
            found.extend(_verify_totals(record, totals, previous, numbers_ok, expected_no - 1))
        except ValueError as error:
            found.add(Mismatch(None, None, "session totals", "unreadable", f"numbers ({error})"))
        if chained and record.head_hash != stored_head:
            found.add(Mismatch(None, None, "head_hash", str(record.head_hash), f"{stored_head} (the last hand's hash)"))
    if not chained:
        found.add(Mismatch(None, None, "hash chain", "none", "a chain_key (sessions written by this brag have one)"))
    pending = store.pending_hand(session_id, session=session, raw=True)
    lost = store.missing_deal(record, pending)
    if lost is not None and round_no is None:
        found.add(Mismatch(lost, None, "pending hand", "missing", "the hand the session's row says was dealt (its "
                           "bets and cards stored before any card was shown): it was deleted"))
    if pending is not None and round_no is None:
        found.extend(_verify_pending(pending, _dealer_of(game), record, key, client, expected_no, previous,
                                     stored_head if chained else None))
    if given is not None and pinned is None:
        found.add(Mismatch(None, None, "head", given, "a hash in this session's chain: hands were changed, added, "
                           "removed, reordered or copied since that head was shown"))
    elif given is not None and round_no is None and pinned is not None and pinned < totals.rounds:
        found.add(Mismatch(None, None, "head", given, f"the last hand's hash: it is hand {pinned}'s, and hands "
                           f"{pinned + 1}-{totals.rounds} come after it (played since? keep the newer head)"))
    return VerifyReport(session_id, span, tuple(found.listed), true_head, totals.rounds, pinned, given,
                        practice is not None, found.more, tuple(sorted(found.bad)),
                        None if pending is None else pending.round_no, None if pending is None else pending.commitment,
                        client, is_trainer(settings))


def check_pending(record: SessionRecord, *, session: Session) -> list[Mismatch]:
    """The session's pending hand checked against the session row as stored now (what a resume does before
    dealing it again): an empty list when it is intact or there is none."""
    row = store.pending_hand(record.id, session=session, raw=True)  # type: ignore[arg-type]  # a stored row's id
    if row is None:
        return []
    settings = store.settings_of(record)
    practice = settings.get("seed")
    client = settings.get("client_seed")
    return _verify_pending(row, _dealer_of(store.game_of(record)), record,
                           session_seed(str(practice)) if practice is not None else None,
                           None if client is None else str(client), record.rounds + 1, record.bankroll,
                           (record.head_hash or store.genesis_of(record)) if record.chain_key else None)


def _dealer_of(game: Any) -> Any:
    """What deals a session's hands again: the casino table, or a head-to-head game's own table
    (:class:`casino.head_to_head_table.HeadToHeadTable`: two hands, bets on which wins)."""
    if game.head_to_head is not None:
        from casino.head_to_head_table import HeadToHeadTable

        return HeadToHeadTable(game)
    return Table(game)


def _pending_bets(table: Any, rows: Any) -> Any:
    """A pending hand's stored stakes, as ``table`` deals them: each box's bets, or a head-to-head game's."""
    if isinstance(table, Table):
        return [BoxBets.from_dict(b) for b in rows]
    from casino.head_to_head_table import HeadToHeadBets

    return HeadToHeadBets.from_rows(rows)


def _verify_pending(row: Any, table: Any, record: SessionRecord, key: bytes | None, client: str | None,
                    next_no: int, bankroll: str, head: str | None) -> list[Mismatch]:
    """The pending hand (dealt, bets stored, not settled): its seed against its commitment (and, in a
    practice session, the text's derivation), its cards against the deck its seed and the client seed
    deal for its bets, its place (the hand after the last settled one, from the last bankroll, chained to
    the session's head) and its own hash over everything stored with it."""
    n = row.round_no
    found: list[Mismatch] = []

    def check(box: int | None, name: str, stored: Any, expected: Any) -> None:
        if stored != expected:
            found.append(Mismatch(n, box, f"pending {name}", str(stored), str(expected)))

    check(None, "hand number", n, next_no)
    check(None, "client seed", row.client_seed, client)
    try:
        check(None, "bankroll_before", read_stored(row.bankroll_before), read_stored(bankroll))
    except (ValueError, ZeroDivisionError):
        check(None, "bankroll_before", row.bankroll_before, str(read_stored(bankroll)))
    if head is not None:
        check(None, "prev_hash", row.prev_hash, head)
        digest = store.pending_hash(row.prev_hash, n, row.commitment, row.seed, row.client_seed, row.bets,
                                    row.bankroll_before, row.cards) if _readable(row) else "unreadable"
        check(None, "hash", row.hash, digest)
    try:
        seed = seed_from_hex(row.seed)
    except BragError as error:
        return found + [Mismatch(n, None, "pending seed", row.seed, str(error))]
    check(None, "commitment", row.commitment, commitment(seed))
    if key is not None:
        check(None, "seed (practice)", row.seed, derive_seed(key, n).hex())
    try:
        bets = _pending_bets(table, json.loads(row.bets))
        shown = {int(box): text for box, text in json.loads(row.cards).items()}
        rnd = table.deal(bets, seed, round_no=n, bankroll=read_stored(row.bankroll_before), client_seed=row.client_seed)
    except (BragError, ValueError, TypeError, LookupError, ZeroDivisionError, AttributeError) as error:
        return found + [Mismatch(n, None, "pending bets", row.bets[:120], f"valid bets ({error})")]
    dealt = {box: store.cards_text(cards) for box, cards in rnd.cards.items()}
    for box in sorted(set(dealt) | set(shown)):
        check(box, "cards", shown.get(box), dealt.get(box))
    return found


def _readable(row: Any) -> bool:
    try:
        json.loads(row.bets), json.loads(row.cards), read_stored(row.bankroll_before)
    except (ValueError, TypeError, ZeroDivisionError):
        return False
    return True


def _verify_meter(record: SessionRecord, game: Any, checked: range, session: Session,
                  found: _Found | None = None) -> list[Mismatch]:
    """The progressive meter's chain: every progressive bet of every session at this game, in the order
    stored, must have been settled against the meter that the bets before it left (the file's start, each
    stake's contribution, a reset after a hit paid from the meter); and the stored meter is where the chain
    ends. Mismatches are reported for this session's hands (and the stored meter): added to ``found`` when
    given (bounded there), else returned.

    The bets are streamed a hand at a time (:func:`casino.db.queries.progressive_bets_by_hand`) with the
    running meter kept as it goes: memory does not grow with the number of bets."""
    from casino.db.queries import progressive_bets_by_hand

    if not any(side.bet == BetName.PROGRESSIVE for side in game.side_bets):
        return []
    side = game.side_bet(BetName.PROGRESSIVE)
    listed: list[Mismatch] = []
    add = found.add if found is not None else listed.append
    running = side.meter
    any_rows = False
    for hand_rows in progressive_bets_by_hand(record.game, session=session):
        any_rows = True
        for row in hand_rows:
            mine = row.session_id == record.id and row.round_no in checked
            if mine and (row.meter is None or read_stored(row.meter) != running):
                add(Mismatch(row.round_no, row.box, "progressive meter", str(row.meter), str(running)))
        running = meter_after(side, running, [(read_stored(r.stake), r.paid_hand) for r in hand_rows])
    stored = store.progressive_meter(meter_key(game), side.meter, session=session)
    if any_rows and stored != running:
        add(Mismatch(None, None, "stored progressive meter", str(stored), str(running)))
    return listed


def _verify_totals(record: SessionRecord, totals: Totals, last: str, numbers_ok: bool, count: int) -> list[Mismatch]:
    found = []
    try:
        bankroll_ok = read_stored(record.bankroll) == read_stored(last)
    except ValueError as error:  # the session row's own value named (the hands' are named hand by hand)
        found.append(Mismatch(None, None, "sessions.bankroll", str(record.bankroll)[:80], f"an amount ({error})"))
    else:
        if not bankroll_ok:
            found.append(Mismatch(None, None, "bankroll", record.bankroll, str(read_stored(last))))
    if not numbers_ok:
        found.append(Mismatch(None, None, "hand numbers", "not 1, 2, 3 … in order", f"1..{count}"))
    if record.rounds != count:
        found.append(Mismatch(None, None, "rounds", str(record.rounds), str(count)))
    if record.totals is None:  # every session is stored with its totals (an upgraded one got them at the upgrade)
        found.append(Mismatch(None, None, "totals", "missing", totals.to_json()[:80]))
    else:
        try:
            stored = store.totals_of(record)
        except store.UnreadableValue:
            found.append(Mismatch(None, None, "sessions.totals", record.totals[:80],
                                  f"the session's running totals {totals.to_json()[:80]}"))
        else:
            if stored != totals:
                found.append(Mismatch(None, None, "totals", record.totals[:80], totals.to_json()[:80]))
    return found


def _side_stakes(bets: list[Any] | None) -> dict[int, dict[str, Fraction]]:
    """Each box's side-bet stakes as stored in the bet rows (none for hands stored before bet rows)."""
    side: dict[int, dict[str, Fraction]] = {}
    for row in bets or ():
        if get_bet(row.bet).side:
            side.setdefault(row.box, {})[row.bet] = read_stored(row.stake)
    return side


def _stored_meter(bets: list[Any] | None) -> Fraction | None:
    for row in bets or ():
        if row.bet == BetName.PROGRESSIVE and row.meter is not None:
            return read_stored(row.meter)
    return None


def hand_seed(hand: Any) -> tuple[bytes | None, list[Mismatch]]:
    """A stored hand's house seed read back and checked against its commitment: the seed (``None`` if it
    cannot be read) and the differences found so far."""
    try:
        seed = seed_from_hex(hand.seed)
    except BragError as error:
        return None, [Mismatch(hand.round_no, None, "seed", hand.seed, str(error))]
    expected = commitment(seed)
    return seed, [] if hand.commitment == expected else [
        Mismatch(hand.round_no, None, "commitment", str(hand.commitment), expected)]


def _verify_hand(table: Table, hand: Any, boxes: list[Any], bets: list[Any] | None = None,
                 client_seed: str | None = None) -> list[Mismatch]:
    n = hand.round_no
    seed, found = hand_seed(hand)
    if seed is None:
        return found

    def check(box: int | None, name: str, stored: Any, expected: Any) -> None:
        if stored != expected:
            found.append(Mismatch(n, box, name, str(stored), str(expected)))

    try:
        side = _side_stakes(bets)
        placed = [BoxBets(b.box, read_stored(b.ante), read_stored(b.pair_plus), side.get(b.box, {})) for b in boxes]
        rnd = table.deal(placed, seed, round_no=n, client_seed=client_seed)
        try:
            stored_events = json.loads(hand.events)
        except (json.JSONDecodeError, RecursionError):  # (not JSON, or nested thousands deep: not the engine's)
            stored_events = None
        order = _decision_order(stored_events)
        for b in sorted(boxes, key=lambda row: order.get(row.box, 7 + row.box)):
            # in the order the player decided (the stored Decision events), which need not be box order
            if rnd.can_decide(b.box):
                if b.decision not in ("play", "fold"):
                    raise BragError(f"box {b.box} has an Ante but no decision ({b.decision!r})")
                rnd.decide(b.box, b.decision == "play")
            elif b.decision is not None:
                check(b.box, "decision", b.decision, None)
        result = rnd.settle(_stored_meter(bets))
    except (BragError, ZeroDivisionError, LookupError) as error:
        return found + [Mismatch(n, None, "bets", "; ".join(f"box {b.box} ante {b.ante} pair plus {b.pair_plus} {b.decision}" for b in boxes), f"a valid round ({error})")]
    _compare(result, hand, boxes, stored_events, check)
    if bets is not None:
        _compare_bets(result, bets, check)
    return found


def _compare_bets(result: RoundResult, rows: list[Any], check: Any) -> None:
    """Each stored bet row against the recomputed bet: stake, net, paid hand and meter; no row missing or extra."""
    stored = {(row.box, row.bet): row for row in rows}
    for bet in result.settled:
        row = stored.pop((bet.box, bet.bet), None)
        name = f"{bet.bet} bet"
        if row is None:
            check(bet.box, name, None, f"stake {bet.stake}")
            continue
        check(bet.box, f"{bet.bet} stake", read_stored(row.stake), bet.stake)
        check(bet.box, f"{bet.bet} net", read_stored(row.net), bet.net)
        check(bet.box, f"{bet.bet} paid hand", row.paid_hand, bet.hand)
        check(bet.box, f"{bet.bet} meter", None if row.meter is None else read_stored(row.meter), bet.meter)
    for (box, bet_name), row in stored.items():
        check(box, f"{bet_name} bet", f"stake {row.stake}", None)


def _decision_order(events: Any) -> dict[int, int]:
    """{box: position} of the Decision events stored with the hand (empty if they cannot be read:
    the event comparison then reports it)."""
    try:
        boxes = [int(e["box"]) for e in events if isinstance(e, dict) and e.get("kind") == Decision.kind]
    except (KeyError, TypeError, ValueError):
        return {}
    return {box: i for i, box in enumerate(boxes)}


def _compare(result: RoundResult, hand: Any, boxes: list[Any], stored_events: Any,
             check: Callable[[int | None, str, Any, Any], None]) -> None:
    check(None, "dealer_cards", hand.dealer_cards, store.cards_text(result.dealer_cards))
    check(None, "dealer_hand", hand.dealer_hand, result.dealer_hand)
    check(None, "qualifies", bool(hand.qualifies), result.qualifies)
    by_box = {b.box: b for b in boxes}
    for box in result.boxes:
        row = by_box[box.box]
        check(box.box, "cards", row.cards, store.cards_text(box.cards))
        check(box.box, "hand_name", row.hand_name, box.hand_name)
        check(box.box, "outcome", row.outcome, box.outcome)
        for bet in ("ante", "play", "ante_bonus", "pair_plus"):
            expected = box.net_of(bet)
            stored = getattr(row, f"{bet}_net")
            check(box.box, f"{bet}_net", None if stored is None else read_stored(stored), expected)
    check(None, "net", read_stored(hand.net), result.net)
    check(None, "wagered", read_stored(hand.wagered), result.wagered)
    check(None, "bankroll_after", read_stored(hand.bankroll_after), read_stored(hand.bankroll_before) + result.net)
    expected_events = [e.to_dict() for e in result.events]
    if stored_events != expected_events:
        if not isinstance(stored_events, list):
            check(None, "events", hand.events[:60], "a JSON list of events")
            return
        for i, (s, e) in enumerate(zip(stored_events, expected_events)):
            if s != e:
                check(None, f"event {i + 1} ({e.get('kind')})", json.dumps(s), json.dumps(e))
                return
        check(None, "events", f"{len(stored_events)} events", f"{len(expected_events)} events")
