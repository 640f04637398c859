"""Events are immutable and survive the trip to storage and back."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest

from casino.cards import Card, parse_cards
from casino.errors import BragError
from casino.events import (
    BetSettled,
    BetsPlaced,
    BoxBets,
    CardDealt,
    DealerRevealed,
    Decision,
    RoundStarted,
    SeedRevealed,
    event_from_dict,
)

EVENTS = [
    RoundStarted(3, "ab" * 32),
    BetsPlaced((BoxBets(1, Fraction(5), Fraction(1)), BoxBets(2, Fraction(0), Fraction(5, 2)))),
    CardDealt(0, Card.parse("Th")),
    CardDealt(2, Card.parse("3s")),
    Decision(1, True),
    Decision(2, False),
    DealerRevealed(parse_cards("Qs 9d 2c"), "Q-9-2 high", True),
    BetSettled(1, "ante_bonus", Fraction(5), Fraction(25, 2)),
    SeedRevealed("cd" * 32),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.kind)
def test_round_trip_through_json(event):
    data = json.loads(json.dumps(event.to_dict()))
    assert event_from_dict(data) == event
    assert data["kind"] == event.kind


def test_amounts_are_stored_exactly():
    assert BetSettled(1, "pair_plus", Fraction(1, 3), Fraction(40, 3)).to_dict()["net"] == "40/3"


def test_events_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        EVENTS[4].play = False  # type: ignore[misc]


def test_events_read_as_sentences():
    assert [str(e) for e in EVENTS[2:6]] == ["dealer gets 10♥", "box 2 gets 3♠", "box 1 plays", "box 2 folds"]
    assert str(EVENTS[6]) == "dealer shows Q♠ 9♦ 2♣, Q-9-2 high: qualifies"
    assert str(BetSettled(1, "ante", Fraction(5), Fraction(-5))) == "box 1 Ante 5: -5"


@pytest.mark.parametrize(
    "data", [{"kind": "nonsense"}, {"kind": "decision", "box": 1}, {"kind": "card_dealt", "to": 0, "card": "Zz"}]
)
def test_malformed_events_are_refused(data):
    with pytest.raises(BragError):
        event_from_dict(data)


def test_a_round_replays_from_its_events_alone():
    from casino.fair import derive_seed, seed_from_hex, session_seed
    from casino.games import load_game
    from casino.table import Table

    table = Table(load_game("3-card-brag"))
    rnd = table.deal([BoxBets(2, Fraction(4), Fraction(1)), BoxBets(5, Fraction(0), Fraction(3))],
                     derive_seed(session_seed("replay"), 9), round_no=9)
    rnd.decide(2, play=True)
    result = rnd.settle()
    stored = [json.loads(json.dumps(e.to_dict())) for e in result.events]

    events = [event_from_dict(e) for e in stored]
    (started,) = [e for e in events if isinstance(e, RoundStarted)]
    (placed,) = [e for e in events if isinstance(e, BetsPlaced)]
    (revealed,) = [e for e in events if isinstance(e, SeedRevealed)]
    held: dict[int, list[Card]] = {}
    for e in events:
        if isinstance(e, CardDealt):
            held.setdefault(e.to, []).append(e.card)
    assert {box: tuple(cards) for box, cards in held.items() if box} == {b.box: b.cards for b in result.boxes}
    assert tuple(held[0]) == result.dealer_cards
    again = table.deal(placed.boxes, seed_from_hex(revealed.seed), round_no=started.round_no)
    for e in events:
        if isinstance(e, Decision):
            again.decide(e.box, e.play)
    assert again.settle().events == tuple(events)
    settled = [e for e in events if isinstance(e, BetSettled)]
    assert sum(e.net for e in settled) == result.net
