"""A hand's chances, by exact counting, for the characters to decide on.

Against one unknown hand from a shuffled pack the chance is exact: of the 18,424 hands left once
yours is dealt, how many it beats and how many it ties (counted with card removal from the hand
table, see :func:`casino.cfr.brag.disjoint_counts`). Against ``k`` unknown hands the characters use
that chance to the power ``k`` (as if the other hands were dealt independently; the cards they share
move the true figure by about one percentage point at most, as a simulation in the tests checks)::

    >>> from casino.hands import hand_table
    >>> t = hand_table("brag")
    >>> round(win_chance(t.index("3h 3d 3s")), 6), round(win_chance(t.index("5c 3d 2h")), 4)
    (1.0, 0.0007)
    >>> round(win_chance(t.index("Qh 8d 4c")), 4), round(win_chance(t.index("Ah Kd 9c")), 4)
    (0.3508, 0.7393)
"""

from __future__ import annotations

from functools import cache

from casino.hands import N_DEALER_HANDS

__all__ = ["win_chances", "win_chance", "beat_all", "class_of_chance"]


@cache
def win_chances() -> tuple[float, ...]:
    """For every hand-table row: P(it beats one unknown hand) + P(tie) / 2, exact by counting."""
    from casino.cfr.brag import abstraction

    ab = abstraction(16, "brag")
    values = (ab.beats + ab.equal / 2.0) / N_DEALER_HANDS
    return tuple(float(v) for v in values)


def win_chance(hand: int) -> float:
    """Exact chance that ``hand`` beats one unknown hand (ties count half)."""
    return win_chances()[hand]


def beat_all(hand: int, opponents: int) -> float:
    """Chance of beating ``opponents`` unknown hands (one-opponent chance to that power)."""
    return win_chances()[hand] ** max(opponents, 1)


@cache
def _class_means(buckets: int) -> tuple[float, ...]:
    from casino.cfr.brag import abstraction

    ab = abstraction(buckets, "brag")
    means = (ab.wins + ab.ties / 2.0).sum(axis=1) / ab.pairs.sum(axis=1)
    return tuple(float(m) for m in means)


def class_of_chance(chance: float, buckets: int) -> int:
    """The heads-up strength class whose hands on average win ``chance`` of the time (nearest).

    How the expert plays a multiway hand: a hand that beats all ``k`` opponents with chance ``p`` is
    played like a heads-up hand that beats its one opponent with chance ``p``.
    """
    means = _class_means(buckets)
    return min(range(buckets), key=lambda k: abs(means[k] - chance))
