"""A hand's chances, by exact counting, for the characters to decide on.

Against one, two and three unknown hands dealt from a shuffled pack the chance is exact: every
ordered deal of k pairwise disjoint hands from the 49 cards left once yours is dealt is counted
(:mod:`casino.classic.equity_count`), ties counted half (half the deals where nobody beats you but
someone ties). Counting three hands takes tens of milliseconds, too slow for every decision of a
bot-only table, so the counts for every hand-table row are counted once by
``scripts/count_equity.py`` and shipped in ``paytables/classic/equity-counts.npz`` (22,100 rows;
rows that differ only by suit names share their counts). Against four or more hands the characters
extend the exact figures geometrically, ``e(k) = e(3) (e(3)/e(2))^(k-3)``, which a simulation in the
tests keeps within half a percentage point of the truth::

    >>> from casino.hands import hand_table
    >>> t = hand_table("brag")
    >>> round(win_chance(t.index("3h 3d 3s")), 6), round(win_chance(t.index("5c 3d 2h")), 4)
    (1.0, 0.0007)
    >>> round(win_chance(t.index("Qh 8d 4c")), 4), round(win_chance(t.index("Ah Kd 9c")), 4)
    (0.3508, 0.7393)
    >>> [round(beat_all(t.index("Ah Kd 9c"), k), 4) for k in (1, 2, 3)]
    [0.7393, 0.5469, 0.4049]

The counts are over the full pack less the seat's own cards: the characters do not take the cards
shown at earlier showdowns out (the human's hint does, :mod:`casino.classic.hint`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from casino.hands import N_DEALER_HANDS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["win_chances", "win_chance", "beat_all", "class_of_chance", "count_rows", "EQUITY_FILE", "EXACT_OPPONENTS"]

EQUITY_FILE = Path(__file__).resolve().parents[3] / "paytables" / "classic" / "equity-counts.npz"
EXACT_OPPONENTS = 3  # counted exactly against 1..3 hands; extended geometrically beyond


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


def count_rows(rows: "npt.ArrayLike") -> tuple["npt.NDArray[np.int64]", "npt.NDArray[np.int64]"]:
    """Exact counts for hand-table rows against 1..3 hands from the other 49 cards: ``beat[i, k-1]``
    ordered deals of k hands all weaker than row i, ``not_beaten[i, k-1]`` none stronger.
    Tens of milliseconds a row (``scripts/count_equity.py`` counts every row once)."""
    import numpy as np

    from casino.besthand import HandRanker
    from casino.classic.equity_count import beat_counts
    from casino.hands import hand_table

    table = hand_table("brag")
    ranker = HandRanker()
    wanted = np.atleast_1d(np.asarray(rows, dtype=np.int64))
    beat = np.zeros((len(wanted), EXACT_OPPONENTS), dtype=np.int64)
    not_beaten = np.zeros_like(beat)
    for i, row in enumerate(wanted):
        cards = [int(c) for c in table.cards[row]]
        unseen = [c for c in range(52) if c not in cards]
        for c in beat_counts(ranker, ranker.three_key(*cards), unseen, EXACT_OPPONENTS, 52):
            beat[i, c.opponents - 1] = c.beat
            not_beaten[i, c.opponents - 1] = c.not_beaten
    return beat, not_beaten


@cache
def _equities() -> tuple[tuple[float, ...], ...]:
    """Per row: the exact equity (ties half) against 1, 2 and 3 hands, from the shipped counts."""
    import numpy as np

    from casino.classic.equity_count import ordered_deals

    with np.load(EQUITY_FILE) as data:
        beat, not_beaten = data["beat"], data["not_beaten"]
    deals = np.array([ordered_deals(49, 3, k) for k in range(1, EXACT_OPPONENTS + 1)], dtype=np.float64)
    values = (beat + (not_beaten - beat) / 2.0) / deals
    return tuple(tuple(float(v) for v in row) for row in values)


def beat_all(hand: int, opponents: int) -> float:
    """Chance of beating ``opponents`` unknown hands (ties half): exact for 1 to 3, then extended
    geometrically from the exact figures for 2 and 3."""
    e = _equities()[hand]
    k = max(opponents, 1)
    if k <= EXACT_OPPONENTS:
        return e[k - 1]
    if e[1] <= 0.0:
        return 0.0
    return e[2] * (e[2] / e[1]) ** (k - EXACT_OPPONENTS)


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
