"""Characters: only legal choices, no peeking at a blind hand, the table's rules, the expert's source."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino.cards import parse_cards
from casino.classic.opponents import CHARACTERS, character
from casino.classic.opponents.characters import Character, Expert
from casino.classic.opponents.equity import beat_all, class_of_chance, win_chance
from casino.classic.opponents.situation import Choice, HiddenCardError, IllegalChoiceError, Situation
from casino.classic.opponents.table import TableRules, hand_row, play_hand
from casino.errors import BragError
from casino.hands import N_DEALER_HANDS, hand_table


class Scripted(Character):
    """Plays a fixed list of choices, one per turn."""

    def __init__(self, choices: list[Choice]) -> None:
        self.choices = list(choices)
        self.seen: list[Situation] = []

    def choose(self, situation: Situation, rng: random.Random) -> Choice:
        self.seen.append(situation)
        return self.choices.pop(0)


class Peeker(Character):
    """Tries to read its cards before looking."""

    def choose(self, situation: Situation, rng: random.Random) -> Choice:
        situation.hand  # noqa: B018 - the read itself is the test
        return "stay"


def deck_for(*hands: str) -> list[int]:
    """A deck whose first cards are the given hands, seat by seat, then the rest in order."""
    cards = [c.index for h in hands for c in parse_cards(h)]
    return cards + [c for c in range(52) if c not in cards]


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_every_character_only_takes_legal_choices(seats: int) -> None:
    rng = random.Random(seats)
    for k in range(400):
        names = [CHARACTERS[(k + i * 3) % len(CHARACTERS)] for i in range(seats)]
        players = [character(n) for n in names]
        deck = list(range(52))
        rng.shuffle(deck)
        net = play_hand(players, deck, [random.Random(k * 10 + i) for i in range(seats)], check=True)
        assert sum(net) == 0  # chips are never created or lost


situations = st.builds(
    Situation,
    seat=st.just(0),
    hand_index=st.one_of(st.none(), st.integers(0, 22099)),
    live_blind=st.lists(st.booleans(), min_size=1, max_size=5).map(tuple),
    pot=st.integers(2, 200),
    put_in=st.integers(1, 50),
    stake=st.sampled_from([2, 4, 8, 16]),
    level=st.integers(0, 3),
    bets=st.integers(0, 20),
    cost_stay=st.one_of(st.none(), st.integers(1, 16)),
    cost_raise=st.one_of(st.none(), st.integers(2, 16)),
    cost_see=st.one_of(st.none(), st.integers(2, 32)),
    path=st.lists(st.tuples(st.integers(0, 5), st.sampled_from(["look", "stay", "raise", "fold"])), max_size=8).map(tuple),
)


@settings(max_examples=300, deadline=None)
@given(situations, st.integers(0, 1000))
def test_any_situation_gets_a_legal_choice(s: Situation, seed: int) -> None:
    if s.hand_index is None and s.cost_stay is None and s.cost_see is None:
        pass  # look and fold are always there
    for name in CHARACTERS:
        assert character(name).decide(s, random.Random(seed)) in s.legal()


def test_a_blind_seat_cannot_read_its_cards() -> None:
    blind = Situation(0, None, (True,), 2, 1, 2, 0, 0, 1, 2, None, ())
    with pytest.raises(HiddenCardError):
        blind.hand  # noqa: B018
    # the blind situation holds no cards at all: every field is public
    assert all(getattr(blind, f) is None or f != "hand_index" for f in ("hand_index",))
    for name in CHARACTERS:  # every character decides blind without touching its cards
        assert character(name).decide(blind, random.Random(1)) in blind.legal()
    with pytest.raises(HiddenCardError):  # and the table never hands a blind seat its cards
        play_hand([Peeker(), character("stay-in")], list(range(52)), [random.Random(1), random.Random(2)])


def test_the_interface_refuses_an_illegal_choice() -> None:
    s = Situation(0, 5, (True,), 5, 1, 2, 0, 1, 2, 4, None, ())  # seen, facing a blind seat
    assert "see" not in s.legal() and "look" not in s.legal()
    with pytest.raises(IllegalChoiceError):
        s.check("see")
    with pytest.raises(IllegalChoiceError):
        play_hand([Scripted(["look", "see"]), character("stay-in")], list(range(52)),
                  [random.Random(1), random.Random(2)])


def test_the_seer_loses_equal_hands() -> None:
    deck = deck_for("Ah Kd 9c", "As Kc 9d")  # equal hands
    # seat 0 bets 2 blind (1 chip), seat 1 sees blind for 2 x 1: seat 1 is the seer and loses
    net = play_hand([Scripted(["stay"]), Scripted(["see"])], deck, [random.Random(1)] * 2)
    assert net == [3, -3]
    # the other way round: seat 0 sees and loses
    net = play_hand([Scripted(["stay", "see"]), Scripted(["stay"])], deck, [random.Random(1)] * 2)
    assert net == [-4, 4]


def test_blind_pays_half_and_cannot_be_seen_by_a_seen_player() -> None:
    deck = deck_for("2h 3d 5c", "Ah Ad Ac")
    a = Scripted(["look", "stay", "stay", "stay", "stay"])
    b = Scripted(["stay", "stay", "stay", "see"])
    net = play_hand([a, b], deck, [random.Random(1)] * 2, TableRules(heads_up_cap=6))
    # a (seen) pays 2 a bet, b (blind) pays 1; a's situations never offer a see against blind b
    assert all(s.cost_see is None for s in a.seen)
    assert all(s.cost_stay == 2 for s in a.seen[1:])
    assert [s.cost_stay for s in b.seen[:3]] == [1, 1, 1]
    # at the cap (6 bets) a may stay once more, then b must fold or see: b sees blind for 2 and wins
    assert a.seen[-1].at_cap and a.seen[-1].legal() == ("fold", "stay")
    assert b.seen[-1].legal() == ("look", "fold", "see")
    assert net == [-(1 + 2 * 4), 1 + 2 * 4]


def test_more_than_two_at_the_cap_show_down_and_split_ties() -> None:
    deck = deck_for("Ah Kd 9c", "As Kc 9d", "2h 3d 5c")
    players = [character("stay-in") for _ in range(3)]
    net = play_hand(players, deck, [random.Random(1)] * 3, TableRules(cap_per_seat=1))
    # three blind stays of 1 chip, then the showdown: the two equal best hands split the pot of 6
    assert net == [1, 1, -2]


def test_hand_rows_match_the_hand_table() -> None:
    table = hand_table("brag")
    for text in ("Ah Kd 9c", "3h 3d 3s", "2c 3c 4c"):
        cards = [c.index for c in parse_cards(text)]
        assert hand_row(*cards) == table.index(text) == hand_row(*reversed(cards))


def test_equity_is_exact_against_one_hand() -> None:
    table = hand_table("brag")
    h = table.index("Qh 8d 4c")
    mine = set(table.cards[h].tolist())
    s = int(table.strength[h])
    beats = ties = 0
    for i in range(len(table.cards)):
        if mine & set(table.cards[i].tolist()):
            continue
        beats += int(table.strength[i]) < s
        ties += int(table.strength[i]) == s
    assert win_chance(h) == pytest.approx((beats + ties / 2) / N_DEALER_HANDS, abs=1e-12)
    assert beat_all(h, 1) == pytest.approx(win_chance(h), abs=1e-12)  # the shipped counts agree
    assert class_of_chance(0.0, 16) == 0 and class_of_chance(1.0, 16) == 15


def test_expert_plays_the_solved_strategy_heads_up() -> None:
    from casino.cfr.brag import SolvedStrategy
    from casino.classic.opponents.characters import STRATEGY_FILE

    strategy = SolvedStrategy.load(STRATEGY_FILE)
    expert = Expert()
    root = Situation(0, None, (True,), 2, 1, 2, 0, 0, 1, 2, None, ())
    assert expert.probabilities(root) == pytest.approx(strategy.probabilities((), None))
    table = hand_table("brag")
    h = table.index("Qh 8d 4c")
    after_look = Situation(0, h, (True,), 2, 1, 2, 0, 0, 2, 4, None, ((0, "look"),))
    cls = strategy.bucket_of_strength(int(table.strength[h]))
    assert expert.probabilities(after_look) == pytest.approx(strategy.probabilities(("look",), cls))
    # its choices follow those probabilities (seeded)
    counts = {c: 0 for c in after_look.legal()}
    rng = random.Random(5)
    for _ in range(4000):
        counts[expert.decide(after_look, rng)] += 1
    for c, p in strategy.probabilities(("look",), cls).items():
        assert abs(counts[c] / 4000 - p) < 0.03


def test_unknown_character_is_one_error() -> None:
    with pytest.raises(BragError, match="unknown character 'sharp'"):
        character("sharp")


def test_equity_against_several_hands_is_close_to_a_simulation() -> None:
    import numpy as np

    from casino.hands import hand_index

    table = hand_table("brag")
    rng = np.random.default_rng(11)
    for text in ("Ah Kd 9c", "7h 7d 2c"):
        h = table.index(text)
        rest = np.array([c for c in range(52) if c not in set(table.cards[h].tolist())])
        n, k = 40000, 3
        order = np.argsort(rng.random((n, 49)), axis=1)[:, : 3 * k]
        s = table.strength[hand_index(rest[order].reshape(-1, 3))].reshape(n, k)
        mine = table.strength[h]
        simulated = (s < mine).all(1).mean() + ((s <= mine).all(1) & ~(s < mine).all(1)).mean() / 2
        assert abs(beat_all(h, k) - simulated) < 0.015


def test_advice_names_a_legal_choice_with_equity_and_pot_odds() -> None:
    from casino.classic.opponents.advice import advise

    table = hand_table("brag")
    h = table.index("Ah Ad 7c")
    s = Situation(0, h, (False,), 9, 3, 2, 0, 2, 2, 4, 4, ((1, "look"), (1, "stay"), (0, "look"), (0, "stay")))
    a = advise(s)
    assert a.choice in s.legal() and abs(sum(a.probabilities.values()) - 1) < 1e-9
    assert a.equity == pytest.approx(win_chance(h)) and a.stay_odds == pytest.approx(2 / 11)
    assert "91.1%" in a.text() and "pot odds" in a.text()
    multi = Situation(0, h, (False, True), 9, 3, 2, 0, 2, 2, 4, None, ())
    b = advise(multi)
    assert b.source == "multiway equity rule" and "see" not in b.probabilities
    assert b.equity == pytest.approx(beat_all(h, 2)) and "exact against 2 hands" in b.text()
    blind = advise(Situation(0, None, (True,), 2, 1, 2, 0, 0, 1, 2, None, ()))
    assert blind.equity is None and "blind" in blind.text()
