"""The hint: your chance of holding a better hand than each number of opponents still in.

Counting over the cards you have not seen: the pack less your own cards and, when the pack was not
shuffled for this deal, less the cards turned up at showdowns since the last shuffle that lie below
the cards dealt (each hand goes to the bottom of the pack in an order everyone saw, so everyone can
work out where those cards are: :attr:`casino.classic.view.SeatView.known_absent`). Three-card Brag is counted exactly: every opponent hand for one opponent,
and every pair of disjoint hands for two (by inclusion and exclusion over shared cards). For three or
more opponents, and for four- and five-card Brag, the figure is a fixed-seed simulation of the deals
and says so::

    >>> from casino.besthand import HandRanker
    >>> from casino.cards import parse_cards
    >>> mine = [c.index for c in parse_cards("Ah Ad As")]
    >>> unseen = [c for c in range(52) if c not in mine]
    >>> chances = beat_chances(HandRanker(), mine, (), unseen, opponents=2)
    >>> chances[0].opponents, chances[0].exact, float(chances[0].beat) > 0.99
    (1, True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Sequence

from casino.besthand import HandRanker
from casino.errors import BragError

if TYPE_CHECKING:
    from casino.classic.view import SeatView

__all__ = ["Chance", "NoHint", "beat_chances", "seat_chances", "SIMULATED_DEALS"]

SIMULATED_DEALS = 20_000


@dataclass(frozen=True)
class Chance:
    """The chance of a strictly better hand than ``opponents`` opponents; ``exact`` or simulated."""

    opponents: int
    beat: Fraction
    exact: bool
    deals: int = 0  # how many deals were simulated (0 when exact)


def beat_chances(ranker: HandRanker, kept: Sequence[int], discards: Sequence[int], unseen: Sequence[int],
                 opponents: int, *, seed: str = "hint") -> list[Chance]:
    """Your chance of beating 1, 2, … ``opponents`` opponents, with your hand as kept and discarded."""
    if len(kept) == 3 and not discards:
        mine = ranker.three_key(*kept)
    else:
        mine = ranker.key_of(kept, discards)
    out: list[Chance] = []
    exact_up_to = 2 if ranker.cards == 3 else 0
    if exact_up_to:
        hands = list(combinations(sorted(unseen), 3))
        weaker = [h for h in hands if ranker.three_key(*h) < mine]
        total = len(hands)
        out.append(Chance(1, Fraction(len(weaker), total), True))
        if opponents >= 2:
            out.append(Chance(2, _two_weaker(weaker, len(unseen)), True))
    rng = random.Random(seed)
    pool = list(unseen)
    need = ranker.cards
    for k in range(len(out) + 1, opponents + 1):
        if k * need > len(pool):
            break
        wins = 0
        for _ in range(SIMULATED_DEALS):
            cards = rng.sample(pool, k * need)
            if all(ranker.best_key(cards[i * need:(i + 1) * need]) < mine for i in range(k)):
                wins += 1
        out.append(Chance(k, Fraction(wins, SIMULATED_DEALS), False, SIMULATED_DEALS))
    return out


class NoHint(BragError):
    """The seat cannot be given the hint now (its cards are unseen, or not yet cut down to three)."""


def seat_chances(view: SeatView, ranker: HandRanker, pack_size: int) -> list[Chance]:
    """The hint for one seat, from what that seat may see: its chance of beating 1, 2, … of the opponents
    still in (betting, or covered), counting over the cards it has not seen (its own cards and
    :attr:`~casino.classic.view.SeatView.known_absent` are left out). Raises :class:`NoHint` when the seat
    is blind or must discard first. The terminal's ``h`` key and the web page's Hint button both call it."""
    if view.cards is None:
        raise NoHint("you are blind; look first (the hint needs your cards)")
    kept = view.kept if view.kept is not None else view.cards
    if len(kept) != 3:
        raise NoHint("discard first")
    known = set(view.cards) | set(view.known_absent)
    unseen = [c for c in range(pack_size) if c not in known]
    others = max(1, view.betting() - 1 + sum(1 for s in view.seats if s.status == "covered"))
    return beat_chances(ranker, kept, view.discards, unseen, others, seed=f"hint-{view.hand_no}")


def _two_weaker(weaker: Sequence[tuple[int, ...]], unseen: int) -> Fraction:
    """Exact chance that two opponents' disjoint hands are both in ``weaker``: ordered disjoint pairs
    of weaker hands over all ordered disjoint pairs. Pairs that share a card are counted by inclusion
    and exclusion: sum over cards of n(c)^2, less over two-card sets n(c, d)^2, plus the hands themselves."""
    single: dict[int, int] = {}
    double: dict[tuple[int, int], int] = {}
    for a, b, c in weaker:
        for x in (a, b, c):
            single[x] = single.get(x, 0) + 1
        for pair in ((a, b), (a, c), (b, c)):
            double[pair] = double.get(pair, 0) + 1
    w = len(weaker)
    sharing = sum(n * n for n in single.values()) - sum(n * n for n in double.values()) + w
    disjoint = w * w - sharing
    total = comb(unseen, 3) * comb(unseen - 3, 3)
    return Fraction(disjoint, total)
