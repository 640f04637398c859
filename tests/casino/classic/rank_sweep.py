"""A third exact count of deals of k three-card Brag hands all weaker than a key, for any k: a sweep over ranks.

Natural cards only (no wild cards), three-card hands. Like :mod:`rank_count` it counts for every k, so the
tests can check the product's exact and simulated figures with it; it is also the method tried for an exact
hint against four to seven opponents, and shows why that is not shipped (figures below).

Each hand is taken at its top rank (``mu`` cards there), and its weight over what it may hold below is
written as a signed sum of *terms* built from the key alone (:func:`hand_terms`): a term asks for "single
slots" (one card of any rank up to ``m``), a "pair slot" (two cards of one rank up to ``m``) or anchors
(cards of one given rank), and, for the suited correction (a flush or running flush weighs
differently from the same ranks unsuited), the same in the top card's suit. Slots of one range are
interchangeable, so the sweep (ranks from the ace down, card by card within a rank) keeps only counts of
open slots, per suit for suited ones, never which hand holds them; hands are counted as sets (a factor 2 per
hand keeps every weight whole, the two slots of a "two single slots" term being filled in either order).

It agrees with enumeration of every deal on small packs (tests/casino/classic/test_rank_sweep.py). Its
states still grow four- to eightfold per opponent, because the open slots of each suit stay in the state
next to the free slots. Measured on one core of the shared machine, full pack less your three cards:

- a pair of queens: 86,061 states at the widest rank and 53 s for five opponents (k = 4: 21,025, 7 s);
- king-nine-four flush: 49,229 states, 25 s for five;
- seven-five-two, whose weaker hands are few: 89,821 states, 9 s for seven (signed terms cancel late);
- prials, running flushes: under 0.3 s for seven.

    >>> from casino.besthand import HandRanker
    >>> ranker = HandRanker()
    >>> mine = ranker.three_key(40, 41, 20)  # a pair of queens
    >>> unseen = [c for c in range(52) if c not in (40, 41, 20)][-20:]
    >>> sweep_counts(ranker, unseen, lambda key: key < mine, 2)
    [746, 327752]
"""

from __future__ import annotations

from collections import defaultdict
from math import comb, factorial
from typing import Callable, Iterable, Sequence

from casino.besthand import HandRanker

ACTIVE = 99  # the range of a slot that may be filled at the current rank
FREE = -1  # the suit of a need with no suit rule


def _card(rank: int, suit: int) -> int:
    return (rank - 2) * 4 + suit


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


# A term: (coefficient, suited, mu, anchor rank or 0, kind, m, count, anchor cards) where kind is "S" (count
# single slots of range m), "P" (a pair slot of range m), "A" (a second anchor, at rank m) or "" (nothing
# more); anchor cards is 2 for a pair at the anchor rank (free hands only), else 0 (one card there)
Term = tuple[int, bool, int, int, str, int, int, int]


def _needs_of(term: Term, suit: int) -> list[tuple[tuple[str, int, int], int]]:
    """What a hand of this term still needs below its top (suit: the suited hand's, or FREE)."""
    _, _, _, anchor, kind, m, count, anchor_cards = term
    out = []
    if anchor:
        out.append((("A2" if anchor_cards == 2 else "A", anchor, suit), 1))
    if kind == "A":
        out.append((("A", m, suit), 1))
    elif kind:
        out.append(((kind, m, suit), count))
    return out


def _scale(term: Term) -> int:
    """The term's coefficient times 2, or times 1 for two single slots (filled in either order)."""
    return term[0] * (1 if term[4] == "S" and term[6] == 2 else 2)


def _split(values: dict[int, int], top: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """``values`` on ranks 2..top-1 as steps c * [rank <= m] and single ranks c * [rank == y]:
    (steps [(m, c)], singles [(y, c)]). A rank whose value differs from both neighbours (or, at the
    top, from the one below) is a single, so that slots keep the widest range they can."""
    f = dict(values)
    singles = []
    for z in range(2, top):
        lo, hi = f.get(z - 1), values.get(z + 1)
        if z == top - 1 and lo is not None and values[z] != lo:
            singles.append((z, values[z] - lo))
            f[z] = lo
        elif lo is not None and hi is not None and lo == hi and values[z] != lo:
            singles.append((z, values[z] - lo))
            f[z] = lo
    steps = []
    for m in range(2, top):
        c = f[m] - f[m + 1] if m + 1 < top else f[m]
        if c:
            steps.append((m, c))
    return steps, singles


def hand_terms(weighs: Callable[[int], bool], ranker: HandRanker) -> dict[tuple[int, int], list[Term]]:
    """For every top rank and top multiplicity, the hand's weight as a sum of terms."""
    def w(cards: Sequence[int]) -> int:
        return int(weighs(ranker.three_key(*cards)))

    terms: dict[tuple[int, int], list[Term]] = defaultdict(list)
    for x in range(2, 15):
        c = w([_card(x, 0), _card(x, 1), _card(x, 2)])
        if c:
            terms[x, 3].append((c, False, 3, 0, "", 0, 0, 0))
        # a pair of x with a lower kicker
        steps, singles = _split({z: w([_card(x, 0), _card(x, 1), _card(z, 2)]) for z in range(2, x)}, x)
        for m, c in steps:
            terms[x, 2].append((c, False, 2, 0, "S", m, 1, 0))
        for y, c in singles:
            terms[x, 2].append((c, False, 2, y, "", 0, 0, 0))
        # x alone on top of a lower pair
        steps, singles = _split({y: w([_card(x, 0), _card(y, 1), _card(y, 2)]) for y in range(2, x)}, x)
        for m, c in steps:
            terms[x, 1].append((c, False, 1, 0, "P", m, 1, 0))
        for y, c in singles:
            terms[x, 1].append((c, False, 1, y, "", 0, 0, 2))  # two cards at the anchor
        # x on top of two lower distinct ranks y > z, unsuited (d) and the suited correction (s - d)
        for suited in (False, True):
            table: dict[tuple[int, int], int] = {}
            for y in range(3, x):
                for z in range(2, y):
                    d = w([_card(x, 0), _card(y, 0), _card(z, 1)])
                    table[y, z] = w([_card(x, 0), _card(y, 0), _card(z, 0)]) - d if suited else d
            full: dict[int, int] = {}
            for y in range(3, x):
                row = [table[y, z] for z in range(2, y)]
                common = max(set(row), key=lambda v: (row.count(v), v != 0))
                odd = [z for z in range(2, y) if table[y, z] != common]
                if len(odd) <= 2:
                    full[y] = common
                    for z in odd:
                        terms[x, 1].append((table[y, z] - common, suited, 1, y, "A", z, 1, 0))
                else:
                    full[y] = 0
                    steps, singles = _split({z: table[y, z] for z in range(2, y)}, y)
                    for m, c in steps:
                        terms[x, 1].append((c, suited, 1, y, "S", m, 1, 0))
                    for z, c in singles:
                        terms[x, 1].append((c, suited, 1, y, "A", z, 1, 0))
            # the constant rows: sum over m of (F(m) - F(m+1)) * (distinct pairs both <= m)
            for m in range(3, x):
                c = full[m] - full.get(m + 1, 0) if m + 1 < x else full[m]
                if c:
                    terms[x, 1].append((c, suited, 1, 0, "S", m, 2, 0))
                    if not suited:
                        terms[x, 1].append((-c, False, 1, 0, "P", m, 1, 0))
    return dict(terms)


Needs = tuple[tuple[tuple[str, int, int], int], ...]
State = tuple[int, int, Needs]  # (hands opened, free cards left at this rank, needs)


def _add(needs: dict[tuple[str, int, int], int], key: tuple[str, int, int], n: int) -> None:
    v = needs.get(key, 0) + n
    if v:
        needs[key] = v
    else:
        needs.pop(key, None)


def _owed(needs: dict[tuple[str, int, int], int]) -> int:
    return sum(n * 2 if kind in ("P", "A2") else n for (kind, _, _), n in needs.items())


def sweep_counts(ranker: HandRanker, unseen: Iterable[int], weighs: Callable[[int], bool], k: int,
                 stats: dict[str, int] | None = None) -> list[int]:
    """Ordered deals of 1..k pairwise disjoint three-card hands from ``unseen`` all with ``weighs(key)``."""
    pool = set(unseen)
    terms = hand_terms(weighs, ranker)
    avail = {r: [s for s in range(4) if _card(r, s) in pool] for r in range(2, 15)}
    below = {r: sum(len(avail[q]) for q in range(2, r)) for r in range(2, 16)}
    # suits that look alike at every rank below r may be swapped in a state
    classes: dict[int, list[list[int]]] = {}
    for r in range(2, 16):
        sig: dict[tuple[bool, ...], list[int]] = defaultdict(list)
        for s in range(4):
            sig[tuple(s in avail[q] for q in range(2, r))].append(s)
        classes[r] = [v for v in sig.values() if len(v) > 1]
    states: dict[State, int] = {(0, 0, ()): 1}
    for r in range(14, 1, -1):
        cards_below = below[r]
        # activate the slots whose range reaches this rank
        new: dict[State, int] = defaultdict(int)
        for (h, _, needs_t), weight in states.items():
            needs: dict[tuple[str, int, int], int] = {}
            for (kind, m, s), n in needs_t:
                key = (kind, ACTIVE if m >= r and kind in ("S", "P") else m, s)
                needs[key] = needs.get(key, 0) + n
            new[h, 0, tuple(sorted(needs.items()))] += weight
        states = new
        # each card of this rank, suit by suit
        suited_tops = [t for t in terms.get((r, 1), []) if t[1]]
        for s in avail[r]:
            new = defaultdict(int)
            for (h, b, needs_t), weight in states.items():
                needs = dict(needs_t)
                if needs.get(("A", r, s)):
                    if needs[("A", r, s)] > 1:
                        continue
                    del needs[("A", r, s)]
                    new[h, b, tuple(sorted(needs.items()))] += weight
                    continue
                new[h, b + 1, needs_t] += weight  # the card goes to the free cards
                slots = needs.get(("S", ACTIVE, s), 0)
                if slots:
                    nd = dict(needs)
                    _add(nd, ("S", ACTIVE, s), -1)
                    new[h, b, tuple(sorted(nd.items()))] += weight * slots
                if h < k:
                    for t in suited_tops:
                        if (t[3] and _card(t[3], s) not in pool) or (t[4] == "A" and _card(t[5], s) not in pool):
                            continue
                        nd = dict(needs)
                        for key, n in _needs_of(t, s):
                            _add(nd, key, n)
                        if _owed(nd) > cards_below + len(avail[r]):
                            continue
                        new[h + 1, b, tuple(sorted(nd.items()))] += weight * _scale(t)
            states = new
        # a suited anchor whose card is not here cannot be met
        new = defaultdict(int)
        for (h, b, needs_t), weight in states.items():
            needs = dict(needs_t)
            if any(kind in ("A", "A2") and m == r and s != FREE for (kind, m, s) in needs):
                continue
            # free anchors, then free slots and pair slots
            fa = needs.pop(("A", r, FREE), 0)
            fa2 = needs.pop(("A2", r, FREE), 0)
            if b < fa + 2 * fa2:
                continue
            weight *= _falling(b, fa + 2 * fa2) // 2 ** fa2
            b -= fa + 2 * fa2
            s_free = needs.get(("S", ACTIVE, FREE), 0)
            p_free = needs.get(("P", ACTIVE, FREE), 0)
            for u1 in range(min(s_free, b) + 1):
                w1 = weight * comb(s_free, u1) * _falling(b, u1)
                for u2 in range(min(p_free, (b - u1) // 2) + 1):
                    w2 = w1 * comb(p_free, u2) * _falling(b - u1, 2 * u2) // 2 ** u2
                    nd = dict(needs)
                    _add(nd, ("S", ACTIVE, FREE), -u1)
                    _add(nd, ("P", ACTIVE, FREE), -u2)
                    new[h, b - u1 - 2 * u2, tuple(sorted(nd.items()))] += w2
        states = new
        # new hands with their top card(s) here, one kind of hand at a time
        for mu in (3, 2, 1):
            for t in terms.get((r, mu), []):
                if t[1]:
                    continue
                scale = _scale(t)
                added = _needs_of(t, FREE)
                per = sum(n * (2 if key[0] in ("P", "A2") else 1) for key, n in added)
                new = defaultdict(int)
                for (h, b, needs_t), weight in states.items():
                    new[h, b, needs_t] += weight
                    needs = dict(needs_t)
                    owed = _owed(needs)
                    for n in range(1, min(k - h, b // mu) + 1):
                        if owed + n * per > cards_below:
                            break
                        nd = dict(needs)
                        for key, c in added:
                            _add(nd, key, n * c)
                        w = weight * _falling(b, mu * n) // (factorial(mu) ** n * factorial(n)) * scale ** n
                        new[h + n, b - mu * n, tuple(sorted(nd.items()))] += w
                states = new
        # the unused cards of this rank are dropped; suits alike below are sorted
        new = defaultdict(int)
        for (h, b, needs_t), weight in states.items():
            if weight:
                new[h, 0, _canonical(needs_t, classes[r])] += weight
        states = new
        if stats is not None:
            stats["widest"] = max(stats.get("widest", 0), len(states))
    out = [0] * (k + 1)
    for (h, _, needs_t), weight in states.items():
        if not needs_t:
            out[h] += weight
    return [out[j] * factorial(j) // 2 ** j for j in range(1, k + 1)]


def _canonical(needs_t: Needs, classes: list[list[int]]) -> Needs:
    if not classes:
        return needs_t
    out = dict(needs_t)
    for group in classes:
        sigs = sorted((tuple(sorted((kd, m, n) for (kd, m, s), n in needs_t if s == g)), g) for g in group)
        for (kd, m, s) in list(out):
            if s in group:
                del out[kd, m, s]
        for target, (sig, _) in zip(sorted(group), sigs):
            for kd, m, n in sig:
                out[kd, m, target] = n
    return tuple(sorted(out.items()))
