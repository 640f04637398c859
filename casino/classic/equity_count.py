"""Exact chances of beating k unknown hands dealt from the cards you have not seen, by counting.

The k opponents' hands are k pairwise disjoint hands of the unseen cards U, every such deal equally
likely. Your chance of beating all of them is a ratio of two counts of *ordered* k-tuples of pairwise
disjoint hands: those whose hands are all weaker than yours over all of them. The second count is
``C(n, m) C(n-m, m) ... C(n-(k-1)m, m)`` for ``n`` unseen cards and ``m``-card hands; the first is a
count of k-matchings among the weaker hands, done by inclusion and exclusion over shared cards.

Write ``[every card in at most one hand] = prod over cards c of [d(c) <= 1]`` where ``d(c)`` is how many
of the k hands hold c, and expand ``[d <= 1] = sum over sets W of hands of c(|W|) [W all hold c]`` with
``c(0) = 1, c(1) = 0`` and ``c(w) = (-1)^w (1 - w)`` for ``w >= 2`` (the finite differences of
``[d <= 1]``). Summing over every way of giving each card such a set W (the cards of hand i are then
at least ``A_i``, the cards whose W holds i)::

    #disjoint k-tuples = sum over card -> W maps of  prod_c c(|W_c|)  prod_i cnt(A_i)

where ``cnt(A)`` is how many weaker hands contain the card set A. For two hands this is
``sum over card sets A of (-1)^|A| cnt(A)^2``; for three it adds the "triangle" terms with cards shared
by hands 1-2, 1-3, 2-3 and all three (weight 2 each). With k <= 3 any two of the sets W share a
hand, so summing over all card tuples (a hand's count is zero when it is given a card twice) counts
distinct cards only, and each term is one tensor contraction over at most four cards (numpy
``einsum``). From four hands on, two sets W can be disjoint and the cards must be kept apart by a
further inclusion and exclusion; that is not done here, so:

- three-card hands (natural or wild): exact for k = 1, 2 and 3;
- four- and five-card hands (the best three of them): exact for k = 1 and 2.

Every k can be had the same way, more slowly: with the weights ``a(w) = (-1)^(w+1) (w-1)!`` on the
sets W instead of ``c(w)`` (``sum a(w) x^w / w! = log((1 + x) e^-x)``, the logarithm of the generating
function of the ``c(w)``) the sum may run over card tuples that repeat cards, so it splits over the
connected overlap patterns: ``#disjoint k-tuples = k! [x^k] exp(sum_j f_j x^j / j!)``, with ``f_j`` the
weighted sum over connected patterns of j hands (``f_1`` the number of hands). It was checked against
brute force for k = 4 on small packs, but the k = 4 terms (71 classes of patterns, contractions over up
to six cards) took about 45 s of CPU on the full pack in exact integer arithmetic (and 523 classes
for k = 5): far too slow for a hint, so it is not shipped.

A third way was measured and not shipped either: the templates of ``tests/casino/classic/rank_count.py``
dealt column by column (wild cards first, then each rank from the ace down), with every hand whose
weight no longer depends on the coming ranks folded into counters (how many cards of any rank, and of
each suit, are still owed). It agrees with the brute-force counts in every variant, but its states still
grow four- to sevenfold per opponent (a pair of queens, full pack: 22,968 states at the widest rank and
11 s of CPU for four opponents; 100,897 states and 76 s for five), because three things stay open across
ranks: hands holding a card at the current rank (a run may follow), hands holding an ace (ace-two-three
closes only at the two), and the per-suit counts of cards owed to flushes. Capped at one second, it
finished for 1 of 20 random hands against seven opponents. A count polynomial in k needs those three
folded away too (for example each hand's weight split into local cores and cards free to come from
anywhere, the free cards counted once at the end); that is the open problem behind the simulated figures.

A fourth way does fold the free cards into counters: ``tests/casino/classic/rank_sweep.py`` writes each hand's
weight below its top rank as signed "slots" (a card of any rank up to m, a pair up to m, or a given rank),
keeps only how many slots of each range are open, and agrees with enumeration of every deal. Runs and ranks
now cost little; the suited corrections do not: their open slots are counted per suit, beside the free ones,
and the states still grow four- to eightfold per opponent (a pair of queens: 15,905 states and 9 s of CPU for
four opponents; a prial: 300 states and 0.09 s for seven). Not shipped either.

A fifth try kept the third way's classes but dropped the suits from its states: a suited template's cards are
one card per rank of a suit not yet chosen, and the ways to choose the suits (a list colouring: each suited
hand one suit that every rank it took still has; hands on one rank different suits) are summed by inclusion
and exclusion over the ranks' "same suit" events, hands forced to share a suit merged into a group with the
Moebius weight of the merge, a closed group counted ``popcount(mask)`` ways. It agrees with the exact counts
for k <= 3 on the full pack (natural, twos and jokers wild) and halves the states, but not their growth
(a pair of queens: 12,222 states and 7 s for four opponents, 79,805 and 79 s for five; king-nine-four
offsuit: 16,196 and 8 s for four; seven-five-two: 68,814 and 15 s for seven; runs, running flushes and
prials, whose suited corrections are local, under 2 s for seven). Counting the stronger hands instead (and
the weaker by inclusion and exclusion over them) is no cheaper (a pair of aces: 12,774 states, 20 s for five).
The growth is the multiset of open hands' classes, which any sweep that keeps hands apart pays; the slots of
the fourth way do not keep hands apart, but then need the suits per slot. What is left to try is a
suit rule that needs neither: each suited template written as a sum over characters of the suit group
(``[s1 = s2 = s3] = 1/16 sum over a, b in Z4 of i^(a s1 + (b-a) s2 - b s3)``), so every card is an
independent slot carrying a charge, the charges of one rank's cards summed over the ways to give them
distinct suits; with the open slots counted per charge in dense arrays (exact modulo a few primes), not per
suit in a dictionary of states.

Everything is checked in the tests against brute-force enumeration of every deal (random families of
hands on small packs, and Brag late in an unshuffled pack) and against fixed-seed simulations of the
full pack::

    >>> import numpy as np
    >>> hands = np.array([[0, 1, 2], [3, 4, 5], [0, 3, 6], [6, 7, 8]])
    >>> disjoint_tuples(hands, 1), disjoint_tuples(hands, 2), disjoint_tuples(hands, 3)
    (4, 6, 6)
    >>> ordered_deals(9, 3, 3)
    1680
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb, factorial, prod
from typing import Sequence

import numpy as np
import numpy.typing as npt

from casino.besthand import HandRanker

__all__ = ["ordered_deals", "disjoint_tuples", "exact_up_to", "BeatCounts", "beat_counts", "simulate_counts",
           "all_hands"]

IntArray = npt.NDArray[np.int64]
_BINOM = np.array([[comb(c, t) for c in range(64)] for t in range(7)], dtype=np.int64)


def ordered_deals(n: int, m: int, k: int) -> int:
    """Ordered k-tuples of pairwise disjoint ``m``-card hands from ``n`` cards."""
    return prod(comb(n - m * i, m) for i in range(k))


def exact_up_to(m: int) -> int:
    """The largest number of opponents counted exactly for ``m``-card hands (3 for three cards, else 2)."""
    return 3 if m == 3 else 2


def _colex(columns: Sequence[npt.NDArray[np.int64]]) -> IntArray:
    """Colex index of card sets given as increasing columns."""
    out = np.zeros(np.shape(columns[0]), dtype=np.int64)
    for t, col in enumerate(columns):
        out += _BINOM[t + 1][col]
    return out


def _sum_sq_subsets(hands: IntArray, j: int) -> int:
    """Sum over card sets A of size j of cnt(A)^2 (cnt(A): rows holding A; rows sorted ascending)."""
    ids = np.concatenate([_colex([hands[:, c] for c in cols]) for cols in combinations(range(hands.shape[1]), j)])
    counts = np.bincount(ids)
    return int(np.dot(counts, counts))


def _pairs(hands: IntArray) -> int:
    n = len(hands)
    m = hands.shape[1]
    total = n * n
    for j in range(1, m):
        total += (-1) ** j * _sum_sq_subsets(hands, j)
    return int(total + (-1) ** m * n)  # a hand is the only hand holding all its m cards


@cache
def _triple_patterns() -> tuple[tuple[Fraction, str, tuple[int, int, int]], ...]:
    """The terms for three three-card hands: (weight, einsum subscripts, cards given to each hand).

    A term gives s12, s13, s23 and s123 cards to the hand sets {1,2}, {1,3}, {2,3}, {1,2,3}; a hand
    may get at most three cards. Weight ``(-1)^(s12+s13+s23) 2^s123 / (s12! s13! s23! s123!)``
    (the cards of one set are unordered, the einsum sums over their orders)."""
    out = []
    sets = ((0, 1), (0, 2), (1, 2), (0, 1, 2))
    for s in product(range(4), repeat=4):
        if max(s[0] + s[1], s[0] + s[2], s[1] + s[2]) + s[3] > 3:
            continue  # a hand would need more than three cards
        held: list[list[str]] = [[], [], []]
        letter = 0
        for w, count in zip(sets, s):
            for _ in range(count):
                for hand in w:
                    held[hand].append("abcdefghij"[letter])
                letter += 1
        if any(len(h) > 3 for h in held):
            continue
        weight = Fraction((-1) ** (s[0] + s[1] + s[2]) * 2 ** s[3], prod(factorial(x) for x in s))
        subscripts = ",".join("".join(h) for h in held if h) + "->"
        out.append((weight, subscripts, (len(held[0]), len(held[1]), len(held[2]))))
    return tuple(out)


def _triples(hands: IntArray) -> int:
    """Ordered triples of pairwise disjoint three-card rows (W expansion, contracted with einsum)."""
    cards, relabelled = np.unique(hands, return_inverse=True)
    rows = relabelled.reshape(hands.shape)
    n = len(cards)
    # integer tensors: exact, and numpy's own loops (a float einsum would call a threaded BLAS, which
    # on a busy machine costs far more than these small contractions)
    c3 = np.zeros((n, n, n), dtype=np.int64)
    for p in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        c3[rows[:, p[0]], rows[:, p[1]], rows[:, p[2]]] = 1
    c2 = c3.sum(axis=2)
    c1 = c2.sum(axis=1) // 2
    tensors: list[IntArray] = [np.array(len(hands)), c1, c2, c3]
    total = Fraction(0)
    for weight, subscripts, sizes in _triple_patterns():
        ops = [tensors[d] for d in sizes if d]
        value = prod(len(hands) for d in sizes if not d)
        if ops:
            value *= int(np.einsum(subscripts, *ops, optimize="optimal"))
        total += weight * value
    assert total.denominator == 1, total
    return int(total)


def disjoint_tuples(hands: npt.ArrayLike, k: int) -> int:
    """Ordered k-tuples of pairwise disjoint rows of ``hands`` (rows: distinct card sets of one size,
    card ids 0-63). Exact for k <= 2 with any hand size and for k = 3 with three-card hands."""
    if k <= 0:
        return 1
    rows = np.asarray(hands, dtype=np.int64)
    if rows.size == 0:
        return 0
    rows = np.sort(rows, axis=1)
    if k == 1:
        return len(rows)
    if k == 2:
        return _pairs(rows)
    if k == 3 and rows.shape[1] == 3:
        return _triples(rows)
    raise ValueError(f"no exact count for {k} hands of {rows.shape[1]} cards")


# -- Brag ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _AllHands:
    """Every hand of ``m`` cards from a pack: its cards (sorted rows), a bit mask, and its key."""

    cards: IntArray
    masks: npt.NDArray[np.uint64]
    keys: IntArray
    key_by_colex: IntArray  # the same keys, indexed by the colex index of the hand's cards


@cache
def all_hands(cards: int, wild: str, pack_size: int) -> _AllHands:
    """Every ``cards``-card hand of a pack of ``pack_size`` (52-54) with its :class:`HandRanker` key
    (the best three, discards counted; wild cards as they stand best). Built once, vectorised."""
    ranker = HandRanker(cards, wild)
    triples = np.array(list(combinations(range(pack_size), 3)), dtype=np.int64)
    three = np.array([ranker.three_key(int(a), int(b), int(c)) for a, b, c in triples], dtype=np.int64)
    three_by_colex = np.zeros(comb(pack_size, 3), dtype=np.int64)
    three_by_colex[_colex([triples[:, 0], triples[:, 1], triples[:, 2]])] = three
    hands = triples if cards == 3 else np.array(list(combinations(range(pack_size), cards)), dtype=np.int64)
    # (hands are sorted rows: disjoint_tuples sorts again, cheaply, as it takes any rows)
    rank = np.array([14 if i in ranker.wild_cards else i // 4 + 2 for i in range(pack_size)], dtype=np.int64)
    keys = np.full(len(hands), -1, dtype=np.int64)
    for kept in combinations(range(cards), 3):
        gone = [c for c in range(cards) if c not in kept]
        key = three_by_colex[_colex([hands[:, c] for c in kept])]
        if len(gone) == 1:
            key = key + rank[hands[:, gone[0]]] * 16
        elif len(gone) == 2:
            r1, r2 = rank[hands[:, gone[0]]], rank[hands[:, gone[1]]]
            key = key + np.maximum(r1, r2) * 16 + np.minimum(r1, r2)
        np.maximum(keys, key, out=keys)
    masks = np.zeros(len(hands), dtype=np.uint64)
    for c in range(cards):
        masks |= np.left_shift(np.uint64(1), hands[:, c].astype(np.uint64))
    by_colex = np.zeros(len(hands), dtype=np.int64)
    by_colex[_colex([hands[:, c] for c in range(cards)])] = keys
    return _AllHands(hands, masks, keys, by_colex)


@dataclass(frozen=True)
class BeatCounts:
    """Counts for one number of opponents: ordered deals where every opponent's hand is weaker than
    yours (``beat``), where none is stronger (``not_beaten``: you win or share), and all deals."""

    opponents: int
    beat: int
    not_beaten: int
    deals: int


def beat_counts(ranker: HandRanker, mine: int, unseen: Sequence[int], opponents: int,
                pack_size: int | None = None) -> list[BeatCounts]:
    """Exact counts against 1, 2, ... opponents (up to ``opponents`` and :func:`exact_up_to`) whose
    hands are dealt from ``unseen``, for a hand with key ``mine`` (:meth:`HandRanker.key_of`)."""
    m = ranker.cards
    size = pack_size if pack_size is not None else (54 if max(unseen, default=0) >= 52 else 52)
    table = all_hands(m, ranker.wild, size)
    excluded = np.uint64(0)
    pool = set(unseen)
    for c in range(size):
        if c not in pool:
            excluded |= np.uint64(1) << np.uint64(c)
    inside = (table.masks & excluded) == 0
    keys = table.keys[inside]
    rows = table.cards[inside]
    n = len(pool)
    out = []
    for k in range(1, min(opponents, exact_up_to(m)) + 1):
        if k * m > n:
            break
        out.append(BeatCounts(k, _count_where(rows, keys < mine, k, n), _count_where(rows, keys <= mine, k, n),
                              ordered_deals(n, m, k)))
    return out


def _count_where(rows: IntArray, chosen: npt.NDArray[np.bool_], k: int, n: int) -> int:
    """Ordered k-tuples of disjoint hands all among ``rows[chosen]`` (``rows``: every hand of the ``n``
    cards). When most hands are chosen, counted through the others: with Y the hands not chosen,
    ``sum over j of (-1)^j C(k, j) #(j-tuples from Y) #(k-j disjoint hands from the n - m j cards left)``."""
    m = rows.shape[1]
    if 2 * int(chosen.sum()) <= len(rows):
        return disjoint_tuples(rows[chosen], k)
    others = rows[~chosen]
    return sum((-1) ** j * comb(k, j) * disjoint_tuples(others, j) * ordered_deals(n - m * j, m, k - j)
               for j in range(k + 1))


def simulate_counts(ranker: HandRanker, mine: int, unseen: Sequence[int], opponents: int, deals: int,
                    seed: str) -> list[BeatCounts]:
    """A fixed-seed simulation, for the numbers of opponents not counted exactly: ``deals`` deals of
    ``opponents`` hands from ``unseen`` (every deal's first k hands are a fair deal of k hands, so one
    simulation serves every k). ``deals`` of the result is the number simulated."""
    import hashlib

    m = ranker.cards
    pool = np.array(sorted(unseen), dtype=np.int64)
    k_max = min(opponents, len(pool) // m)
    if k_max < 1:
        return []
    size = 54 if int(pool.max()) >= 52 else 52
    table = all_hands(m, ranker.wild, size)
    rng = np.random.default_rng(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big"))
    beat = np.zeros(k_max + 1, dtype=np.int64)
    not_beaten = np.zeros(k_max + 1, dtype=np.int64)
    done = 0
    while done < deals:
        batch = min(10_000, deals - done)
        order = np.argsort(rng.random((batch, len(pool))), axis=1)[:, : k_max * m]
        hands = np.sort(pool[order].reshape(batch, k_max, m), axis=2)
        keys = table.key_by_colex[_colex([hands[:, :, c] for c in range(m)])]
        below = np.cumprod(keys < mine, axis=1)  # the first k hands all weaker
        not_above = np.cumprod(keys <= mine, axis=1)
        beat[1:] += below.sum(axis=0)
        not_beaten[1:] += not_above.sum(axis=0)
        done += batch
    return [BeatCounts(k, int(beat[k]), int(not_beaten[k]), deals) for k in range(1, k_max + 1)]
