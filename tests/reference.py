"""Independent, slow reference implementations for tests: written from the rules, not from casino/.

They share nothing with the numpy code but the card text format, and are used to check the fast
tables and calculator exhaustively or on samples.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_text(index: int) -> str:
    """Card index (rank-major: 4 * (rank - 2) + suit) as text, e.g. 51 -> 'As'."""
    return RANKS[index // 4] + SUITS[index % 4]


def slow_key(cards: tuple[str, ...], ranking: str) -> tuple:
    """A sortable key for a three-card hand under 'brag' or 'poker' rules (bigger is better)."""
    values = sorted((RANKS.index(c[0]) + 2 for c in cards), reverse=True)  # ace = 14
    suits = {c[1] for c in cards}
    counts = Counter(values)
    is_flush = len(suits) == 1
    is_trips = len(counts) == 1
    is_pair = len(counts) == 2
    is_wheel = values == [14, 3, 2]
    is_run = len(counts) == 3 and (values[0] - values[2] == 2 or is_wheel)

    if ranking == "brag":
        order = ["high", "pair", "flush", "run", "running_flush", "prial"]
        wheel_top = 15  # A-2-3 beats A-K-Q
        threes = 15  # 3-3-3 beats A-A-A
    elif ranking == "poker":
        order = ["high", "pair", "flush", "run", "prial", "running_flush"]
        wheel_top = 3  # A-2-3 is the lowest straight, 3-high
        threes = 3
    else:
        raise ValueError(ranking)

    if is_trips:
        return (order.index("prial"), threes if values[0] == 3 else values[0])
    if is_run:
        top = wheel_top if is_wheel else values[0]
        return (order.index("running_flush" if is_flush else "run"), top)
    if is_flush:
        return (order.index("flush"), *values)
    if is_pair:
        pair = next(v for v, n in counts.items() if n == 2)
        kicker = next(v for v, n in counts.items() if n == 1)
        return (order.index("pair"), pair, kicker)
    return (order.index("high"), *values)


def all_hands() -> list[tuple[int, int, int]]:
    return list(combinations(range(52), 3))


def brute_force_outcomes(player: tuple[int, int, int], keys: dict, qualifier_key: tuple) -> dict[str, int]:
    """Count, over every dealer hand from the other 49 cards, not-qualify / win / tie / lose."""
    rest = [c for c in range(52) if c not in player]
    mine = keys[tuple(sorted(player))]
    counts = {"not_qualify": 0, "win": 0, "tie": 0, "lose": 0}
    for dealer in combinations(rest, 3):
        theirs = keys[dealer]
        if theirs < qualifier_key:
            counts["not_qualify"] += 1
        elif mine > theirs:
            counts["win"] += 1
        elif mine == theirs:
            counts["tie"] += 1
        else:
            counts["lose"] += 1
    return counts


def numpy_brute_force(strength, cards, qualifier_strength):
    """Every (player, dealer) pair compared directly: 22,100 x 22,100 disjointness tests in numpy.

    Returns per player hand the counts (not_qualify, win, tie, lose) over the 18,424 disjoint dealer
    hands. Slow on purpose (seconds): it is the plain method the fast calculator is measured against.
    """
    import numpy as np

    cards = np.asarray(cards, dtype=np.int64)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
    strength = np.asarray(strength)
    qualifies = strength >= qualifier_strength
    out = np.zeros((len(strength), 4), dtype=np.int64)
    for i in range(len(strength)):
        disjoint = (masks & masks[i]) == 0
        q = qualifies & disjoint
        s = strength[i]
        out[i, 0] = np.count_nonzero(disjoint & ~qualifies)
        out[i, 1] = np.count_nonzero(q & (strength < s))
        out[i, 2] = np.count_nonzero(q & (strength == s))
        out[i, 3] = np.count_nonzero(q & (strength > s))
    return out


def ranking_key(cards: tuple[int, int, int], order: tuple[str, ...], top_prial: int, a23: str) -> tuple:
    """A hand's place under any ranking given as data: (category position, tie-break …), bigger is better.

    Cards are indices rank * 4 + suit (rank 0 = deuce … 12 = ace); ``order`` lists the categories
    weakest first (high_card, pair, flush, run, running_flush, prial); ``top_prial`` is the rank whose
    prial beats every other; ``a23`` is "top", "second" (between A-K-Q and K-Q-J) or "bottom".
    """
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suits = {c % 4 for c in cards}
    distinct = len(set(ranks))
    wheel = ranks == [12, 1, 0]
    if distinct == 1:
        return (order.index("prial"), 99.0 if ranks[0] == top_prial else float(ranks[0]))
    if distinct == 2:
        pair = ranks[1]
        kicker = ranks[0] if ranks[0] != pair else ranks[2]
        return (order.index("pair"), float(pair), float(kicker))
    if ranks[0] - ranks[2] == 2 or wheel:
        top = {"top": 99.0, "second": 11.5, "bottom": -1.0}[a23] if wheel else float(ranks[0])
        return (order.index("running_flush" if len(suits) == 1 else "run"), top)
    return (order.index("flush" if len(suits) == 1 else "high_card"), *map(float, ranks))


def dense_strengths(keys: list[tuple]) -> list[int]:
    """0 for the weakest key, equal keys equal: the strength of each hand from its key."""
    place = {k: i for i, k in enumerate(sorted(set(keys)))}
    return [place[k] for k in keys]
