"""The session service end to end: every side bet placed, settled, stored, replayed and verified; tampered
bet rows caught; the progressive meter's arithmetic over a stored session; a resume that cannot continue."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.bets import REGISTRY, side_bet_names
from casino.db import store
from casino.db.database import connect
from casino.db.verify import verify_session
from casino.errors import BetError, BragError
from casino.events import BetSettled, BoxBets, event_from_dict
from casino.games import load_game
from casino.cards import parse_cards
from casino.service import TableService
from casino.strategy import play_mask

SIDES = {"six_card_bonus": 2, "colour_bonus": 1, "prime": Fraction(1, 2), "progressive": 1}
STAKES = (BoxBets(1, 5, 1, SIDES), BoxBets(2, 0, 0, {"prime": 3, "six_card_bonus": 1}), BoxBets(3, 2, 1))


@pytest.fixture
def db(tmp_path):
    with Session(connect(f"sqlite:///{tmp_path / 'brag.db'}")) as session:
        yield session


def play(db: Session, game, hands: int, stakes=STAKES, seed: str = "service") -> TableService:
    service = TableService.new(game, Fraction(100000), stakes=stakes, seed=seed)
    service.open(db)
    mask = play_mask(game, "optimal")
    assert service.autoplay(lambda sitting: stakes, mask, hands=hands) == hands
    return service


def _six_card_best(cards) -> str:
    """An independent 6 Card Bonus classifier: the best of the six five-card hands, by plain counting."""
    from itertools import combinations

    order = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
             "three_of_a_kind", "two_pair", "pair", "high_card")
    best = len(order) - 1
    for five in combinations(cards, 5):
        ranks = sorted(c // 4 for c in five)
        flush = len({c % 4 for c in five}) == 1
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        straight = len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
        if straight and flush:
            hand = "royal_flush" if ranks[0] == 8 else "straight_flush"
        elif counts[0] == 4:
            hand = "four_of_a_kind"
        elif counts[:2] == [3, 2]:
            hand = "full_house"
        elif flush:
            hand = "flush"
        elif straight:
            hand = "straight"
        elif counts[0] == 3:
            hand = "three_of_a_kind"
        elif counts[:2] == [2, 2]:
            hand = "two_pair"
        elif counts[0] == 2:
            hand = "pair"
        else:
            hand = "high_card"
        best = min(best, order.index(hand))
    return order[best]


def _expected_hand(bet: str, player: list[int], dealer: list[int]) -> str | None:
    """Each side bet's paid hand, worked out from the cards without the bet modules."""
    red = [c % 4 in (1, 2) for c in player]
    one_colour = all(red) or not any(red)
    if bet == "six_card_bonus":
        return _six_card_best(player + dealer)
    if bet == "colour_bonus":
        if len({c // 4 for c in player}) == 1:
            return "same_rank"
        if len({c % 4 for c in player}) == 1:
            return "same_suit"
        return "same_colour" if one_colour else None
    if bet == "prime":
        six = [c % 4 in (1, 2) for c in player + dealer]
        if not one_colour:
            return None
        return "six_one_colour" if all(six) or not any(six) else "three_one_colour"
    raise AssertionError(bet)  # the progressive's classes are checked over every hand in test_sidebets_settle


def test_every_side_bet_placed_settled_stored_replayed_and_verified(db):
    game = load_game("brag-with-side-bets")
    assert {s.bet for s in game.side_bets} == set(side_bet_names())
    service = play(db, game, 150)
    session_id = service.session_id
    hands = store.hands_of(session_id, session=db)
    rows = store.bets_of([h.id for h in hands], session=db)
    seen_paid: set[tuple[str, str]] = set()
    for hand in hands:
        stored = rows[hand.id]
        events = [event_from_dict(e) for e in json.loads(hand.events)]
        settled = {(e.box, e.bet): e for e in events if isinstance(e, BetSettled)}
        # one row per bet per box, and each row is the replayed event
        assert {(r.box, r.bet) for r in stored} == set(settled)
        for row in stored:
            event = settled[(row.box, row.bet)]
            assert (Fraction(row.stake), Fraction(row.net), row.paid_hand) == (event.stake, event.net, event.hand)
        dealer = [c.index for c in parse_cards(hand.dealer_cards)]
        for box in store.boxes_of(hand.id, session=db):
            player = [c.index for c in parse_cards(box.cards)]
            placed = {b.box: b for b in STAKES}[box.box]
            for bet, stake in placed.side:
                row = next(r for r in stored if r.box == box.box and r.bet == bet)
                assert Fraction(row.stake) == stake
                side = game.side_bet(bet)
                if bet != "progressive":
                    assert row.paid_hand == (_expected_hand(bet, player, dealer)
                                             if side.pay_for(_expected_hand(bet, player, dealer) or "x") else None)
                pays = side.pay_for(row.paid_hand, Fraction(row.meter) if row.meter else None) if row.paid_hand else None
                assert Fraction(row.net) == (stake * pays if pays is not None else -stake)
                if row.paid_hand:
                    seen_paid.add((bet, row.paid_hand))
        # the hand's totals count every bet: wagered (no chips on the Ante Bonus) and net
        assert Fraction(hand.net) == sum(Fraction(r.net) for r in stored)
        assert Fraction(hand.wagered) == sum(REGISTRY[r.bet].chips(Fraction(r.stake)) for r in stored)
    assert {bet for bet, _ in seen_paid} == set(side_bet_names())  # every side bet paid at least once
    report = verify_session(session_id, session=db)
    assert report.ok, [str(m) for m in report.mismatches]
    # the session statistics restored from the store count the side bets as the sitting did
    restored = store.restore_stats(session_id, session=db)
    for bet in side_bet_names():
        assert restored.bets[bet].count == service.sitting.stats.bets[bet].count > 0
        assert restored.bets[bet].net == service.sitting.stats.bets[bet].net
    assert restored.net == service.sitting.bankroll - 100000


@pytest.mark.parametrize("column, value", [("net", "+7"), ("stake", "9"), ("paid_hand", "royal_flush"),
                                           ("bet", "colour_bonus")])
def test_a_tampered_side_bet_row_is_caught(db, column, value):
    game = load_game("brag-with-side-bets")
    service = play(db, game, 20, stakes=(BoxBets(1, 5, 0, {"prime": 2, "six_card_bonus": 1}),))
    hand = store.get_hand(service.session_id, 7, session=db)
    row = next(r for r in store.bets_of([hand.id], session=db)[hand.id] if r.bet == "prime")
    if column == "net":
        value = str(Fraction(row.net) + 7)
    setattr(row, column, value)
    db.add(row)
    db.commit()
    report = verify_session(service.session_id, session=db)
    assert report.bad_rounds() == (7,), [str(m) for m in report.mismatches]


def test_a_deleted_side_bet_row_is_caught(db):
    game = load_game("brag-with-side-bets")
    service = play(db, game, 5, stakes=(BoxBets(1, 5, 0, {"colour_bonus": 2}),))
    hand = store.get_hand(service.session_id, 3, session=db)
    row = next(r for r in store.bets_of([hand.id], session=db)[hand.id] if r.bet == "colour_bonus")
    db.delete(row)
    db.commit()
    report = verify_session(service.session_id, session=db)
    assert report.bad_rounds() == (3,)
    assert any(m.field in ("wagered", "net") for m in report.mismatches), [str(m) for m in report.mismatches]


def _meter_game(tmp_path):
    """A progressive that a pair hits (so the meter resets often), with a tenth of each stake to the meter."""
    path = tmp_path / "meter.toml"
    path.write_text('name = "Meter test"\nranking = "brag"\n[progressive]\nmeter = 50\ncontribution = "1/10"\n'
                    'pair = "1/2 meter"\nprial = "100% meter"\nrun = 6\n', encoding="utf-8")
    return load_game(path)


def test_the_progressive_meter_over_a_stored_session(db, tmp_path):
    from casino.bets.progressive import meter_key

    game = _meter_game(tmp_path)
    stakes = (BoxBets(1, 0, 0, {"progressive": 2}), BoxBets(2, 0, 0, {"progressive": 1}))
    service = play(db, game, 120, stakes=stakes, seed="meter")
    side = game.side_bet("progressive")
    meter = side.meter  # the file's start, before any stake
    hits = 0
    hands = store.hands_of(service.session_id, session=db)
    rows = store.bets_of([h.id for h in hands], session=db)
    for hand in hands:
        progressive = [r for r in rows[hand.id] if r.bet == "progressive"]
        assert len(progressive) == 2
        for row in progressive:  # every bet of the round settled against the meter as it stood
            assert Fraction(row.meter) == meter
            share = {"pair": Fraction(1, 2), "prial": Fraction(1)}.get(row.paid_hand)
            fixed = {"run": Fraction(6)}.get(row.paid_hand)
            expected = Fraction(row.stake) * (share * meter if share else fixed if fixed else -1)
            assert Fraction(row.net) == expected
        hit = any(r.paid_hand in ("pair", "prial") for r in progressive)
        hits += hit
        meter = (side.meter if hit else meter) + sum(Fraction(r.stake) for r in progressive) / 10
    assert 10 < hits < 110  # both resets and growth happened
    assert store.progressive_meter(meter_key(game), Fraction(-1), session=db) == meter
    assert verify_session(service.session_id, session=db).ok
    # a second session at the same game carries on from the stored meter
    again = play(db, game, 1, stakes=stakes, seed="meter 2")
    first = store.bets_of([store.get_hand(again.session_id, 1, session=db).id], session=db)
    assert {Fraction(r.meter) for rs in first.values() for r in rs} == {meter}


def test_a_resume_that_cannot_continue_is_refused_before_reopening(db):
    game = load_game("3-card-brag")
    service = TableService.new(game, Fraction(2), stakes=[BoxBets(1, 1)], seed="broke")
    service.open(db)
    mask = play_mask(game, "always-play")
    service.autoplay(lambda s: service.stakes, mask, hands=200)
    assert service.sitting.out_of_chips()
    service.end("bankroll")
    with pytest.raises(BetError, match="cannot continue"):
        TableService.resume(db, service.session_id)
    assert store.get_session(service.session_id, session=db).end_reason == "bankroll"  # not reopened


def test_ending_with_a_hand_dealt_leaves_it_pending_and_returns_nothing(db):
    game = load_game("brag-with-side-bets")
    service = TableService.new(game, Fraction(100), stakes=[BoxBets(1, 5, 1, {"prime": 1})], seed="abandon")
    service.open(db)
    rnd = service.deal()
    assert service.sitting.bankroll == 100 - 7
    cards = rnd.cards[1]
    record = service.end("interrupted")
    assert record is not None and record.end_reason == "interrupted"  # kept: a hand is pending
    assert store.pending_hand(service.session_id, session=db).cards == {1: store.cards_text(cards)}
    again = TableService.resume(db, service.session_id)
    assert again.round is not None and again.round.cards[1] == cards and again.resumed_hand
    assert again.sitting.bankroll == 100 - 7  # the stakes stay off the bankroll


def test_side_bets_the_game_does_not_offer_are_refused(db):
    with pytest.raises(BragError, match="offers no Prime"):
        TableService.new(load_game("3-card-brag"), Fraction(100), stakes=[BoxBets(1, 5, 0, {"prime": 1})])
    with pytest.raises(BragError, match="is not a side bet|no bet called"):
        BoxBets(1, 5, 0, {"ante": 1})


def test_verify_follows_the_meter_through_every_session_at_the_game(db, tmp_path):
    from casino.bets.progressive import meter_key
    from casino.db.models import MeterRecord

    game = _meter_game(tmp_path)
    stakes = (BoxBets(1, 0, 0, {"progressive": 2}),)
    first = play(db, game, 30, stakes=stakes, seed="chain 1")
    second = play(db, game, 30, stakes=stakes, seed="chain 2")
    assert verify_session(first.session_id, session=db).ok and verify_session(second.session_id, session=db).ok
    # a losing bet's meter changed by hand: its pay is unchanged, but the chain is not
    hand = store.get_hand(second.session_id, 9, session=db)
    row = next(r for r in store.bets_of([hand.id], session=db)[hand.id] if r.bet == "progressive")
    row.meter = str(Fraction(row.meter) + 1)
    db.add(row)
    db.commit()
    report = verify_session(second.session_id, session=db)
    assert [(m.round_no, m.field) for m in report.mismatches if m.field == "progressive meter"] == [(9, "progressive meter")]
    row.meter = str(Fraction(row.meter) - 1)
    db.add(row)
    # the stored meter moved by hand
    meter = db.get(MeterRecord, meter_key(game))
    meter.meter = str(Fraction(meter.meter) + 100)
    db.add(meter)
    db.commit()
    fields = [m.field for m in verify_session(first.session_id, session=db).mismatches]
    assert fields == ["stored progressive meter"]
