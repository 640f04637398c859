"""An independent, deliberately slow hand evaluator for the comparison tests (no casino.hands, no tables).

Each three-card hand is classified from its ranks and suits directly; a wild card is tried as every one
of the 52 cards; four and five cards try every choice of three and compare the discards. The result is a
tuple that orders hands as the rules say; tests check that :mod:`casino.besthand` orders them the same.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

WILD = {
    "none": set(),
    "twos": {0, 1, 2, 3},
    "black-twos": {0, 3},  # 2c, 2s
    "one-eyed-jacks": {38, 39},  # Jh, Js
    "suicide-king": {46},  # Kh
    "jokers": set(),
    "braggers": {49, 36, 29},  # Ad, Jc, 9d
}


def rank_of(card: int) -> int:
    """2-14 for a natural card (ace high)."""
    return card // 4 + 2


def natural_key(cards: tuple[int, int, int]) -> tuple[int, ...]:
    """Brag order of three distinct natural cards: prial > running flush > run > flush > pair > high."""
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    suits = {c % 4 for c in cards}
    flush = len(suits) == 1
    if ranks[0] == ranks[2]:
        return (5, 15 if ranks[0] == 3 else ranks[0])
    is_run = len(set(ranks)) == 3 and (ranks[0] - ranks[2] == 2 or ranks == [14, 3, 2])
    if is_run:
        top = 15 if ranks == [14, 3, 2] else ranks[0]  # A-2-3 is the top run
        return (4 if flush else 3, top)
    if flush:
        return (2, *ranks)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        kicker = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        return (1, pair, kicker)
    return (0, *ranks)


@lru_cache(maxsize=None)
def three_key(naturals: tuple[int, ...], wilds: int) -> tuple[int, ...]:
    """The best natural key the naturals make with ``wilds`` wild cards, each tried as every card."""
    best: tuple[int, ...] = ()
    for stand_ins in product(range(52), repeat=wilds):
        cards = naturals + stand_ins
        if len(set(cards)) < 3:
            continue
        best = max(best, natural_key(cards))  # type: ignore[arg-type]
    return best


def slow_key(cards: tuple[int, ...], wild: str) -> tuple:
    """The rules' order of a 3-5 card hand: best kept three, fewer wilds, then discards highest first."""
    wild_set = WILD[wild] | {52, 53}
    best: tuple = ()
    for kept in combinations(cards, 3):
        naturals = tuple(sorted(c for c in kept if c not in wild_set))
        wilds = 3 - len(naturals)
        discards = sorted((14 if c in wild_set else rank_of(c) for c in cards if c not in kept), reverse=True)
        best = max(best, (three_key(naturals, wilds), -wilds, tuple(discards)))
    return best
