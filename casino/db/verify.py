"""Verification: recompute every stored round from its revealed seed and compare with what is stored.

For each hand: the seed must hash to the commitment shown before the round; the deck that seed fixes,
dealt round the table, must give exactly the stored cards; settling the stored bets and decisions with
the session's game (its stored file snapshot) through the same engine must give every stored result;
the stored events must be the engine's events; and the bankroll must chain from the start of the session
through every round. Any difference is a :class:`Mismatch` naming the hand, the box and the field.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlmodel import Session

from casino.db import store
from casino.bets import BetName, get_bet
from casino.bets.progressive import meter_after, meter_key
from casino.db.models import BetRecord, BoxRecord, HandRecord, SessionRecord
from casino.errors import BragError
from casino.events import BoxBets, Decision
from casino.fair import commitment, seed_from_hex
from casino.table import RoundResult, Table

__all__ = ["Mismatch", "VerifyReport", "verify_session"]


@dataclass(frozen=True)
class Mismatch:
    """One stored value that the recomputation does not reproduce."""

    round_no: int | None  # None: the session row
    box: int | None
    field: str
    stored: str
    expected: str

    def __str__(self) -> str:
        where = f"hand {self.round_no}" if self.round_no is not None else "session"
        if self.box is not None:
            where += f", box {self.box}"
        return f"{where}: {self.field} is {self.stored!r} but the seed and rules give {self.expected!r}"

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.round_no, "box": self.box, "field": self.field, "stored": self.stored, "expected": self.expected}


@dataclass(frozen=True)
class VerifyReport:
    session_id: int
    checked: tuple[int, ...]  # round numbers checked
    mismatches: tuple[Mismatch, ...]

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def bad_rounds(self) -> tuple[int, ...]:
        return tuple(sorted({m.round_no for m in self.mismatches if m.round_no is not None}))

    def to_dict(self) -> dict[str, Any]:
        return {
            "session": self.session_id,
            "checked": list(self.checked),
            "ok": self.ok,
            "bad_hands": list(self.bad_rounds()),
            "mismatches": [m.to_dict() for m in self.mismatches],
        }


def verify_session(session_id: int, round_no: int | None = None, *, session: Session) -> VerifyReport:
    """Recompute every stored hand of a session (or just ``round_no``) and list what does not match."""
    record = store.get_session(session_id, session=session)
    hands = store.hands_of(session_id, session=session)
    if round_no is not None and not any(h.round_no == round_no for h in hands):
        store.get_hand(session_id, round_no, session=session)  # raises, naming the missing hand
    table = Table(store.game_of(record))
    boxes = {h.id: b for h, b in store.hands_with_boxes(session_id, first=round_no, last=round_no, session=session)}
    bets = store.bets_of([h.id for h in hands if h.id is not None and h.id in boxes], session=session)
    found: list[Mismatch] = []
    previous = record.start_bankroll
    checked = []
    for hand in hands:
        if round_no is None or hand.round_no == round_no:
            checked.append(hand.round_no)
            try:
                if Fraction(hand.bankroll_before) != Fraction(previous):
                    found.append(Mismatch(hand.round_no, None, "bankroll_before", hand.bankroll_before, previous))
                found.extend(_verify_hand(table, hand, boxes.get(hand.id, []), bets.get(hand.id or 0)))
            except ValueError as error:  # a stored amount that is not a number: tampered, and named
                found.append(Mismatch(hand.round_no, None, "stored values", "unreadable", f"numbers ({error})"))
        previous = hand.bankroll_after
    try:
        found.extend(_verify_meter(record, table, set(checked), session))
    except ValueError as error:
        found.append(Mismatch(None, None, "progressive meter", "unreadable", f"numbers ({error})"))
    if round_no is None:
        try:
            found.extend(_verify_totals(record, hands, previous))
        except ValueError as error:
            found.append(Mismatch(None, None, "session totals", "unreadable", f"numbers ({error})"))
    return VerifyReport(session_id, tuple(checked), tuple(found))


def _verify_meter(record: SessionRecord, table: Table, checked: set[int], session: Session) -> list[Mismatch]:
    """The progressive meter's chain: every progressive bet of every session at this game, in the order
    stored, must have been settled against the meter that the bets before it left (the file's start, each
    stake's contribution, a reset after a hit paid from the meter); and the stored meter is where the chain
    ends. Mismatches are reported for this session's hands (and the stored meter)."""
    game = table.game
    if not any(side.bet == BetName.PROGRESSIVE for side in game.side_bets):
        return []
    side = game.side_bet(BetName.PROGRESSIVE)
    found: list[Mismatch] = []
    running = side.meter
    rows = store.progressive_bets(record.game, session=session)
    by_hand: dict[int, list[store.MeterBet]] = {}
    for row in rows:
        by_hand.setdefault(row.hand_id, []).append(row)
    for hand_rows in by_hand.values():
        for row in hand_rows:
            mine = row.session_id == record.id and row.round_no in checked
            if mine and (row.meter is None or Fraction(row.meter) != running):
                found.append(Mismatch(row.round_no, row.box, "progressive meter", str(row.meter), str(running)))
        running = meter_after(side, running, [(Fraction(r.stake), r.paid_hand) for r in hand_rows])
    stored = store.progressive_meter(meter_key(game), side.meter, session=session)
    if rows and stored != running:
        found.append(Mismatch(None, None, "stored progressive meter", str(stored), str(running)))
    return found


def _verify_totals(record: SessionRecord, hands: list[HandRecord], last: str) -> list[Mismatch]:
    found = []
    if Fraction(record.bankroll) != Fraction(last):
        found.append(Mismatch(None, None, "bankroll", record.bankroll, str(Fraction(last))))
    numbers = [h.round_no for h in hands]
    if numbers != list(range(1, len(numbers) + 1)):
        found.append(Mismatch(None, None, "hand numbers", ",".join(map(str, numbers)), f"1..{len(numbers)}"))
    if record.rounds != len(hands):
        found.append(Mismatch(None, None, "rounds", str(record.rounds), str(len(hands))))
    return found


def _side_stakes(bets: list[BetRecord] | None) -> dict[int, dict[str, Fraction]]:
    """Each box's side-bet stakes as stored in the bet rows (none for hands stored before bet rows)."""
    side: dict[int, dict[str, Fraction]] = {}
    for row in bets or ():
        if get_bet(row.bet).side:
            side.setdefault(row.box, {})[row.bet] = Fraction(row.stake)
    return side


def _stored_meter(bets: list[BetRecord] | None) -> Fraction | None:
    for row in bets or ():
        if row.bet == BetName.PROGRESSIVE and row.meter is not None:
            return Fraction(row.meter)
    return None


def _verify_hand(table: Table, hand: HandRecord, boxes: list[BoxRecord], bets: list[BetRecord] | None = None
                 ) -> list[Mismatch]:
    n = hand.round_no
    found: list[Mismatch] = []

    def check(box: int | None, name: str, stored: Any, expected: Any) -> None:
        if stored != expected:
            found.append(Mismatch(n, box, name, str(stored), str(expected)))

    try:
        seed = seed_from_hex(hand.seed)
    except BragError as error:
        return [Mismatch(n, None, "seed", hand.seed, str(error))]
    check(None, "commitment", hand.commitment, commitment(seed))
    try:
        side = _side_stakes(bets)
        placed = [BoxBets(b.box, Fraction(b.ante), Fraction(b.pair_plus), side.get(b.box, {})) for b in boxes]
        rnd = table.deal(placed, seed, round_no=n)
        try:
            stored_events = json.loads(hand.events)
        except json.JSONDecodeError:
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


def _compare_bets(result: RoundResult, rows: list[BetRecord], check: Any) -> None:
    """Each stored bet row against the recomputed bet: stake, net, paid hand and meter; no row missing or extra."""
    stored = {(row.box, row.bet): row for row in rows}
    for bet in result.settled:
        row = stored.pop((bet.box, bet.bet), None)
        name = f"{bet.bet} bet"
        if row is None:
            check(bet.box, name, None, f"stake {bet.stake}")
            continue
        check(bet.box, f"{bet.bet} stake", Fraction(row.stake), bet.stake)
        check(bet.box, f"{bet.bet} net", Fraction(row.net), bet.net)
        check(bet.box, f"{bet.bet} paid hand", row.paid_hand, bet.hand)
        check(bet.box, f"{bet.bet} meter", None if row.meter is None else Fraction(row.meter), bet.meter)
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


def _compare(result: RoundResult, hand: HandRecord, boxes: list[BoxRecord], stored_events: Any,
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
            check(box.box, f"{bet}_net", None if stored is None else Fraction(stored), expected)
    check(None, "net", Fraction(hand.net), result.net)
    check(None, "wagered", Fraction(hand.wagered), result.wagered)
    check(None, "bankroll_after", Fraction(hand.bankroll_after), Fraction(hand.bankroll_before) + result.net)
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
