"""Speed of exact counting: the hint's counts, and six characters at the real engine table.

Run: ``pytest -m benchmark -s benchmarks/bench_equity_count.py``. Nothing asserts a time; the figures
are printed (CPU time: the machine is shared). Targets: a hint well under a second (it is interactive),
and six computer characters at the engine's table (standard rules, an unshuffled pack, so the cards
shown at earlier showdowns come into their counts) at 2,000 hands a second or more on one core.
"""

from __future__ import annotations

import random
import time

import pytest

pytestmark = pytest.mark.benchmark

SIX = ("cautious", "steady", "loose", "bluffer", "expert", "steady")


def engine_rate(rules_name: str, hands: int) -> float:
    from casino.classic.opponents.seat import CharacterOpponent
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable

    rules = load_rules(rules_name)
    bots = [CharacterOpponent(n) for n in SIX]
    rng = random.Random(1)
    done = table_no = 0
    warm = ClassicTable(rules, [f"P{i}" for i in range(6)], seed="warm")
    for _ in range(100):  # load every table the characters use (some only at a rare decision)
        if warm.can_deal():
            warm.play_hand(bots, rng)
    start = time.process_time()
    while done < hands:
        table_no += 1
        table = ClassicTable(rules, [f"P{i}" for i in range(6)], seed=str(table_no))
        while table.can_deal() and done < hands:
            table.play_hand(bots, rng)
            done += 1
    return done / (time.process_time() - start)


def test_characters_at_the_engine_table() -> None:
    rate = engine_rate("classic-brag", 6000)
    print(f"\nsix characters at the engine table, standard rules: {rate:,.0f} hands/s on one core "
          f"(target 2,000: x{rate / 2000:.2f})")


def test_hint_time() -> None:
    from casino.besthand import HandRanker
    from casino.cards import parse_cards_with_jokers
    from casino.classic.hint import beat_chances

    for cards, wild, text in ((3, "none", "Ah Kd 9c"), (3, "jokers", "Ah Kd 9c"), (4, "none", "Qh 8d 4c 2s"),
                              (5, "none", "Qh Qd 4c 2s 3s")):
        ranker = HandRanker(cards, wild)
        hand = [c.index for c in parse_cards_with_jokers(text)]
        kept, gone = ranker.best_choice(hand)
        unseen = [c for c in range(54 if wild == "jokers" else 52) if c not in hand]
        start = time.process_time()
        beat_chances(ranker, kept, gone, unseen, 7)
        first = time.process_time() - start
        start = time.process_time()
        chances = beat_chances(ranker, kept, gone, unseen, 7)
        again = time.process_time() - start
        exact = max(c.opponents for c in chances if c.exact)
        print(f"\nhint, {cards} cards, wild {wild}: first {first:.2f} s CPU (tables built once), then {again:.3f} s "
              f"(exact for 1-{exact} opponents, {exact + 1}-7 simulated)", end="")


def test_exact_counting_beyond_three_opponents() -> None:
    """Why the hint simulates from four opponents on: the only exact method we have for every number of
    opponents (the count by ranks in ``tests/casino/classic/rank_count.py``, the tests' reference) keeps a
    state for every multiset of partial hands, and that number grows about eightfold with each opponent."""
    from casino.besthand import HandRanker
    from tests.casino.classic.rank_count import RankCounter

    ranker = HandRanker()
    for text, mine in (("Qc Qd 7c (a pair)", (40, 41, 20)), ("Ac Kd 9h (ace high)", (48, 45, 30)),
                       ("Ac Ad Ah (a prial)", (48, 49, 50))):
        key = ranker.three_key(*mine)
        unseen = [c for c in range(52) if c not in mine]
        for k in (3, 4):
            start = time.process_time()
            counter = RankCounter(ranker, unseen, lambda x: x < key)
            counter.count(k)
            print(f"\n{text}, {k} opponents: {time.process_time() - start:.2f} s CPU by ranks")


def test_the_sweep_over_ranks_beyond_three_opponents() -> None:
    """The sweep with slot counters (``tests/casino/classic/rank_sweep.py``): exact for every k, and fast
    where few suited corrections stay open (prials, running flushes), but its states still grow four- to
    eightfold per opponent for pairs, flushes and high cards."""
    from casino.besthand import HandRanker
    from tests.casino.classic.rank_sweep import sweep_counts

    ranker = HandRanker()
    for text, mine, most in (("Qc Qd 7c (a pair)", (40, 41, 20), 4), ("Ac Kd 9h (ace high)", (48, 45, 30), 4),
                             ("Kh 9h 4h (a flush)", (47, 31, 11), 4), ("Ac Ad Ah (a prial)", (48, 49, 50), 7)):
        key = ranker.three_key(*mine)
        unseen = [c for c in range(52) if c not in mine]
        for k in range(3, most + 1):
            stats: dict[str, int] = {}
            start = time.process_time()
            sweep_counts(ranker, unseen, lambda x: x < key, k, stats)
            print(f"\n{text}, {k} opponents: {time.process_time() - start:.2f} s CPU by the sweep, "
                  f"{stats['widest']:,} states at the widest rank", end="")
