"""An independent, slow, exact count of deals of k opponents' hands all weaker than a key, for any k.

The product counts exactly up to three opponents (:mod:`casino.classic.equity_count`, by inclusion and
exclusion over shared cards) and simulates beyond. This module counts another way, for every k, so the
tests can check the exact figures for more variants and check that the simulated figures lie within the
margin the hint states. It is too slow for the table (see ``benchmarks/bench_hint_counts.py``).

The method: deal the k hands card by card, in rank order (aces first, wild cards last). A hand's weight
(1 if it is weaker than the key, else 0) depends only on its ranks, its number of wild cards and which of
its natural cards share a suit. Write that weight as a sum over *templates*: a template gives each
natural card either no suit rule (a free card) or a block of cards that must share one suit, and its
weight ``g`` is the Möbius inversion, over the lattice of such partitions, of the weight of the hand whose
suit pattern is exactly that partition (an unrealisable pattern gets ``g = 0``). Free cards then need no
suit at all; only open blocks carry theirs. Each hand's partial template is reduced to the class of its
possible futures (equal futures, one class), and the deal is a dynamic programme over multisets of classes.
Every labelled k-tuple of hands is counted once: the cards of one rank go to a hand in the processing order.

    >>> from casino.besthand import HandRanker
    >>> ranker = HandRanker()
    >>> mine = ranker.three_key(40, 41, 20)  # a pair of queens
    >>> unseen = [c for c in range(52) if c not in (40, 41, 20)][-20:]
    >>> weaker_deals(ranker, unseen, lambda key: key < mine, 2)
    [746, 327752]
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from itertools import permutations
from math import comb
from typing import Callable, Iterator, Sequence

from casino.besthand import HandRanker

Natural = tuple[tuple[int, int], ...]  # (rank, role): role -1 a free card, else the block's number

_DONE = 1 << 40  # class ids at or above this are finished hands, their weight added to _DONE


def _partitions(n: int) -> Iterator[list[list[int]]]:
    if n == 0:
        yield []
        return
    for p in _partitions(n - 1):
        for i in range(len(p)):
            yield p[:i] + [p[i] + [n - 1]] + p[i + 1:]
        yield p + [[n - 1]]


@cache
def _pattern_key(cards: int, wild: str, ranks: tuple[int, ...], wilds: int,
                 blocks: tuple[tuple[int, ...], ...]) -> int | None:
    """The key of a hand with these natural ranks, this many wild cards and exactly this suit pattern
    (``blocks``: the positions sharing each suit); None if no hand has them."""
    ranker = HandRanker(cards, wild)
    wild_cards = sorted(ranker.wild_cards)
    if len(blocks) > 4 or wilds > len(wild_cards):
        return None
    for suits in permutations(range(4), len(blocks)):
        hand = [0] * len(ranks)
        for block, suit in zip(blocks, suits):
            for i in block:
                hand[i] = (ranks[i] - 2) * 4 + suit
        if len(set(hand)) == len(hand) and not any(c in ranker.wild_cards for c in hand):
            return ranker.best_key(hand + wild_cards[:wilds])
    return None


class RankCounter:
    """The dynamic programme for one ranker, one set of unseen cards and one weight (0/1 of a key)."""

    def __init__(self, ranker: HandRanker, unseen: Sequence[int], weighs: Callable[[int], bool]) -> None:
        self.ranker = ranker
        self.m = ranker.cards
        self.wild = ranker.wild_cards
        self.unseen = set(unseen)
        naturals = sorted((c for c in self.unseen if c not in self.wild), key=lambda c: (-(c // 4), c % 4))
        self.order = naturals + sorted(c for c in self.unseen if c in self.wild)
        self.weighs = weighs
        self._memo: dict[tuple[Natural, int, int], int] = {}
        self._ids: list[dict[tuple[object, ...], int]] = [{} for _ in range(len(self.order) + 1)]
        self.root = self._class((), 0, 0)
        self._tables = [{v: k for k, v in ids.items()} for ids in self._ids]

    # -- a template's weight ------------------------------------------------------------------------
    def _exact(self, ranks: tuple[int, ...], wilds: int, blocks: tuple[tuple[int, ...], ...]) -> int | None:
        """The weight of a hand whose suit pattern is exactly ``blocks``; None if no hand has it."""
        key = _pattern_key(self.ranker.cards, self.ranker.wild, ranks, wilds, blocks)
        return None if key is None else int(self.weighs(key))

    @cache
    def _mobius(self, ranks: tuple[int, ...], wilds: int) -> dict[frozenset[frozenset[int]], int]:
        parts = sorted((frozenset(frozenset(b) for b in p) for p in _partitions(len(ranks))), key=len, reverse=True)
        g: dict[frozenset[frozenset[int]], int] = {}
        for p in parts:  # finest first
            value = self._exact(ranks, wilds, tuple(tuple(sorted(b)) for b in p))
            if value is not None:
                finer = (v for q, v in g.items() if q != p and all(any(x <= y for y in p) for x in q))
                g[p] = value - sum(finer)
        return g

    def _weight(self, natural: Natural, wilds: int) -> int:
        blocks: dict[int, list[int]] = defaultdict(list)
        parts = []
        for i, (_, role) in enumerate(natural):
            if role < 0:
                parts.append(frozenset([i]))
            else:
                blocks[role].append(i)
        parts += [frozenset(b) for b in blocks.values()]
        return self._mobius(tuple(r for r, _ in natural), wilds).get(frozenset(parts), 0)

    # -- the classes of partial hands --------------------------------------------------------------
    def _class(self, natural: Natural, wilds: int, t: int) -> int:
        """The class id of a partial template before card ``order[t]`` (-1: no future has weight)."""
        key = (natural, wilds, t)
        if key in self._memo:
            return self._memo[key]
        blocks = len({role for _, role in natural if role >= 0})
        signature: tuple[object, ...] | None
        if len(natural) + wilds == self.m:
            full = all(sum(1 for _, role in natural if role == b) >= 2 for b in range(blocks))
            weight = self._weight(natural, wilds) if full else 0
            self._memo[key] = _DONE + weight if weight else -1
            return self._memo[key]
        if t == len(self.order):
            signature = ("unstarted",) if not natural and not wilds else None
        else:
            card = self.order[t]
            options = [self._class(natural, wilds, t + 1)]
            if card in self.wild:
                options.append(self._class(natural, wilds + 1, t + 1))
            else:
                rank = card // 4 + 2
                options.append(self._class(natural + ((rank, -1),), wilds, t + 1))  # a free card
                options.append(self._class(natural + ((rank, blocks),), wilds, t + 1))  # opens a block
                for b in range(blocks):  # joins a block (never two cards of one rank)
                    taken = any(r == rank and role == b for r, role in natural)
                    options.append(-1 if taken else self._class(natural + ((rank, b),), wilds, t + 1))
            signature = (blocks, tuple(options)) if any(o != -1 for o in options) else None
        result = -1 if signature is None else self._ids[t].setdefault(signature, len(self._ids[t]))
        self._memo[key] = result
        return result

    # -- the deal -----------------------------------------------------------------------------------
    def count(self, k: int) -> list[int]:
        """Weighted counts of ordered deals of 1, 2, … k hands (the weight of a deal: every hand's)."""
        Hand = tuple[int, tuple[int, ...]]  # (class, the suits of its open blocks)
        states: dict[tuple[Hand, ...], int] = {((self.root, ()),) * k: 1}
        for t, card in enumerate(self.order):
            table = self._tables[t]
            new: dict[tuple[Hand, ...], int] = defaultdict(int)
            suit = card % 4

            def put(others: list[Hand], cls: int, suits: tuple[int, ...], weight: int) -> None:
                if cls >= _DONE // 2:
                    new[tuple(others)] += weight * (cls - _DONE)
                else:
                    new[tuple(sorted(others + [(cls, suits)]))] += weight

            for state, weight in states.items():
                rest = [(table[q][1][0], suits) for q, suits in state]  # type: ignore[index]
                if all(q != -1 for q, _ in rest):
                    new[tuple(sorted(rest))] += weight
                for j, (q, suits) in enumerate(state):
                    others = rest[:j] + rest[j + 1:]
                    if any(o == -1 for o, _ in others):
                        continue
                    blocks, options = table[q]  # type: ignore[misc]
                    if card in self.wild:
                        if options[1] != -1:
                            put(others, options[1], suits, weight)
                        continue
                    if options[1] != -1:
                        put(others, options[1], suits, weight)
                    if options[2] != -1:
                        put(others, options[2], suits + (suit,), weight)
                    for b in range(blocks):
                        if options[3 + b] != -1 and suits[b] == suit:
                            put(others, options[3 + b], suits, weight)
            states = new
        last = self._tables[len(self.order)]
        done: dict[int, int] = defaultdict(int)
        for state, weight in states.items():
            if all(last[q] == ("unstarted",) for q, _ in state):
                done[k - len(state)] += weight
        # labelled: the deals where a given j of the k hands are dealt, the others not started
        return [done.get(j, 0) // comb(k, j) for j in range(1, k + 1)]


def weaker_deals(ranker: HandRanker, unseen: Sequence[int], weighs: Callable[[int], bool], k: int) -> list[int]:
    """Ordered deals of 1, 2, … k disjoint hands from ``unseen`` in which ``weighs(key)`` holds for every hand."""
    return RankCounter(ranker, unseen, weighs).count(k)
