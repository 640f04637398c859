"""The head-to-head round engine and its session service: deals from the fair deck, settlement against an
independent one (Teen Patti Pro, from Wizard of Odds' *Teen Patti Pro*: Player and Banker 1.9 for 1, ties
push; Tie 865 for 1; on either hand pair 5.65, flush 18.5, straight 30, three of a kind 405, straight
flush 440, all "for 1"; hands ranked as Three Card Poker), a tie, limits, and the store."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.cards import Card
from casino.db import store
from casino.db.database import connect
from casino.db.verify import verify_session
from casino.errors import BetError
from casino.fair import deck_order, derive_seed, session_seed
from casino.games import load_game, parse_game_text
from casino.head_to_head_service import HeadToHeadService
from casino.head_to_head_table import HeadToHeadTable

RANKS = {r: i for i, r in enumerate("23456789TJQKA", start=2)}


def cards(text: str) -> list[tuple[int, str]]:
    return [(RANKS["T" if w[:-1] == "10" else w[:-1]], w[-1]) for w in text.split()]


def poker_key(hand: list[tuple[int, str]]) -> tuple:
    """Three Card Poker order: straight flush, three of a kind, straight, flush, pair, high card (A-2-3 the
    lowest straight)."""
    ranks = sorted((r for r, _ in hand), reverse=True)
    flush = len({s for _, s in hand}) == 1
    if ranks[0] == ranks[2]:
        return (5, ranks[0])
    straight = ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] == 1
    if ranks == [14, 3, 2]:
        straight, ranks = True, [3, 2, 1]
    if straight:
        return (6 if flush else 4, ranks[0])
    if flush:
        return (3, *ranks)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        return (2, ranks[1], ranks[2] if ranks[0] == ranks[1] else ranks[0])
    return (1, *ranks)


VALUE = {6: "running_flush", 5: "prial", 4: "run", 3: "flush", 2: "pair"}
FOR_ONE = {"pair": Fraction("5.65"), "flush": Fraction("18.5"), "run": Fraction(30), "prial": Fraction(405),
           "running_flush": Fraction(440)}


def settle_pro(player: list[tuple[int, str]], banker: list[tuple[int, str]]) -> dict[str, Fraction]:
    kp, kb = poker_key(player), poker_key(banker)
    nets = {
        "player": Fraction(9, 10) if kp > kb else Fraction(0) if kp == kb else Fraction(-1),
        "banker": Fraction(9, 10) if kb > kp else Fraction(0) if kp == kb else Fraction(-1),
        "tie": Fraction(864) if kp == kb else Fraction(-1),
    }
    for who, key in (("player", kp), ("banker", kb)):
        for value, pays in FOR_ONE.items():
            nets[f"{value}_on_{who}"] = pays - 1 if VALUE.get(key[0]) == value else Fraction(-1)
    return nets


def test_teen_patti_pro_rounds_settle_as_the_rules_say():
    table = HeadToHeadTable(load_game("teen-patti-pro"))
    stakes = table.bets({name: 2 for name in table.names})
    key = session_seed("pro")
    won = set()
    for n in range(1, 1501):
        seed = derive_seed(key, n)
        result = table.deal(stakes, seed, round_no=n).settle()
        deck = [Card.from_index(i).ascii() for i in deck_order(seed)[:6]]
        assert [c.ascii() for c in result.first_cards] == deck[0::2]
        assert [c.ascii() for c in result.second_cards] == deck[1::2]
        expected = settle_pro(cards(" ".join(deck[0::2])), cards(" ".join(deck[1::2])))
        assert {s.bet: s.net for s in result.settled} == {bet: 2 * net for bet, net in expected.items()}, n
        assert result.net == sum(s.net for s in result.settled) and result.wagered == 2 * len(table.names)
        won |= {s.bet for s in result.settled if s.net > 0}
    assert {"player", "banker", "pair_on_player", "flush_on_banker", "run_on_player"} <= won


def test_a_tie_pushes_the_bets_on_either_hand_and_pays_the_tie():
    table = HeadToHeadTable(load_game("teen-patti-20-20"))
    seed = derive_seed(session_seed("tie"), 1022)  # 6c 3s 6s against 9c 3d 9h: two pairs of 6s and 9s? no: 9-6-3 and 9-6-3
    result = table.deal(table.bets({"a": 5, "b": 5, "tie": 2}), seed, round_no=1022).settle()
    assert result.outcome == "tie" and result.winner is None
    assert {s.bet: s.net for s in result.settled} == {"player_a": 0, "player_b": 0, "tie": 1600}
    assert result.boxes[0].outcome == "tie"
    events = [e.to_dict()["kind"] for e in result.events]
    assert events[:2] == ["round_started", "head_to_head_bets"] and events[-1] == "seed_revealed"
    assert "hands_compared" in events


def test_the_words_a_player_may_use_name_the_game_s_bets():
    table = HeadToHeadTable(load_game("teen-patti-20-20"))
    assert [table.bet_of(w) for w in ("a", "B", "Player A", "tie", "ppa", "pp_b", "Pair Plus on Player B", "6cb")] == [
        "player_a", "player_b", "player_a", "tie", "pair_plus_player_a", "pair_plus_player_b", "pair_plus_player_b",
        "six_card_bonus"]
    pro = HeadToHeadTable(load_game("teen-patti-pro"))
    assert pro.bet_of("straight on banker") == "run_on_banker" and pro.bet_of("banker") == "banker"
    with pytest.raises(BetError, match="offers no bet 'pair_plus'"):
        pro.bet_of("pair_plus")
    with pytest.raises(BetError, match="given twice"):
        table.bets([("a", 1), ("player_a", 2)])


GAME = """name = "Limited"
ranking = "teen_patti"
[head_to_head]
hands = ["North", "South"]
win = "0.95 to 1"
tie = "50 to 1"
[pair_plus]
pair = 1
flush = 4
[limits]
min_ante = 2
max_ante = 10
max_pair_plus = 3
"""


def test_table_limits_and_the_bankroll_are_checked_as_at_the_casino_table():
    table = HeadToHeadTable(parse_game_text(GAME, "limited.toml"))
    assert table.names == ("north", "south", "tie", "pair_plus_north", "pair_plus_south")
    for stakes, words in (({"north": 1}, "below the table minimum 2"), ({"tie": 11}, "above the table maximum 10"),
                          ({"pp_south": 4}, "above the table maximum 3"), ({}, "no bets")):
        with pytest.raises(BetError, match=words):
            table.verify_bets(table.bets(stakes), Fraction(1000))
    table.verify_bets(table.bets({"north": 2, "south": "2.5", "tie": 10, "pair_plus_north": Fraction(1, 4)}), Fraction(100))
    with pytest.raises(BetError, match="whole or decimal"):  # a typed stake in thirds: no sum could hold them all
        table.bets({"pair_plus_north": Fraction(1, 3)})
    assert table.bets({"pair_plus_north": Fraction(1, 3)}, stored=True).stakes == (("pair_plus_north", Fraction(1, 3)),)
    with pytest.raises(BetError, match="need 16 but the bankroll is 15"):
        table.verify_bets(table.bets({"north": 10, "south": 6}), Fraction(15))
    assert not table.out_of_chips(Fraction(1, 10)) and table.out_of_chips(Fraction(0))  # Pair Plus: no minimum
    floor = HeadToHeadTable(parse_game_text(GAME + "min_pair_plus = 1\n", "floor.toml"))
    assert floor.smallest_stake() == 1 and floor.out_of_chips(Fraction(1, 2)) and not floor.out_of_chips(Fraction(1))


def test_the_service_stores_rounds_resumes_and_refuses_a_bankroll_too_small():
    game = parse_game_text(GAME, "limited.toml")
    with Session(connect("sqlite://")) as db:
        service = HeadToHeadService.new(game, Fraction(30), stakes={"north": 10, "pp_north": 1}, seed="svc")
        session_id = service.open(db)
        played = service.autoplay(hands=50)
        assert service.stop_reason == "bankroll" or played == 50
        record = service.end(service.stop_reason or "hands")
        assert record is not None and record.rounds == played
        assert Fraction(record.bankroll) == service.bankroll == 30 + sum(
            Fraction(h.net) for h in store.hands_of(session_id, session=db))
        assert verify_session(session_id, session=db).ok
        totals = store.totals_of(record)
        assert totals.bets["north"][0] == played and totals.wagered == 11 * played
        if service.bankroll >= 2:
            again = HeadToHeadService.resume(db, session_id)
            assert again.stakes.to_dict() == {"north": "10", "pair_plus_north": "1"}
            assert again.next_round == played + 1
        with pytest.raises(BetError, match="the bankroll must be more than 0"):
            HeadToHeadService.new(game, Fraction(0), stakes={"north": 2})
