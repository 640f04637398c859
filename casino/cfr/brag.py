"""Heads-up traditional Brag, abstracted so that CFR can solve it.

The game: two players, an ante each, then betting with no equalising: on each turn a player folds,
*stays* (bets the current stake), *raises* (bets the next stake on a fixed menu), *sees* (pays twice
the stake and ends the hand: the seer wins only with a strictly better hand) or, while blind, *looks*
at its cards (free; the same player then acts again, now seen). A blind player pays half of what a
seen player pays, and a seen player cannot see a blind one. Stakes are counted in "seen" chips.

The abstraction: each player's hand is one of ``buckets`` strength classes (equal numbers of the 22,100
hands, cut between strengths so equal hands share a class). How often each pair of classes is dealt,
and how often the first beats or ties the second at a showdown, are counted exactly over every pair
of disjoint hands (card removal included) from the hand table's strengths. The tree is finite because
at most ``max_bets`` bets are made: after that a player can only fold or see (or look, while blind;
a seen player facing a blind one may stay once more, and the blind one must then fold or see)::

    >>> rules = HeadsUpRules(buckets=4, stakes=(2, 4), max_bets=3)
    >>> game = build_game(rules)
    >>> round(float(game.chance.sum()), 12), len(game.nodes) > 10
    (1.0, True)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from casino.cfr.public import Decision, PublicGame, Terminal
from casino.hands import N_HANDS, hand_table, pair_index

__all__ = [
    "HeadsUpRules",
    "Abstraction",
    "abstraction",
    "build_game",
    "HeadsUpState",
    "SolvedStrategy",
    "FOLD",
    "STAY",
    "RAISE",
    "SEE",
    "LOOK",
]

FOLD, STAY, RAISE, SEE, LOOK = "fold", "stay", "raise", "see", "look"
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class HeadsUpRules:
    """The abstract game: ante, the stake menu (seen chips, ascending), the bet cap, the buckets."""

    ante: int = 1
    stakes: tuple[int, ...] = (2, 4, 8, 16)
    max_bets: int = 6
    buckets: int = 16
    see_multiple: int = 2
    ranking: str = "brag"

    def __post_init__(self) -> None:
        if self.ante < 0 or not self.stakes or any(s <= 0 or s % 2 for s in self.stakes):
            raise ValueError("stakes must be positive even numbers of chips (a blind player pays half)")
        if list(self.stakes) != sorted(set(self.stakes)):
            raise ValueError("stakes must be strictly ascending")
        if self.max_bets < 1 or self.buckets < 1 or self.see_multiple < 1:
            raise ValueError("max_bets, buckets and see_multiple must be at least 1")

    def to_dict(self) -> dict[str, object]:
        d = asdict(self)
        d["stakes"] = list(self.stakes)
        return d


# -- the hand-strength abstraction ----------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Abstraction:
    """Buckets of hands and their exact pairwise counts.

    ``bucket[h]`` is hand ``h``'s class; ``edges[k]`` the lowest strength in class ``k``;
    ``pairs[a, b]`` counts the (hand, opponent hand) pairs of disjoint hands with these classes,
    ``wins`` those where the first is stronger and ``ties`` those of equal strength.
    ``beats[h]`` is how many of the 18,424 hands left once ``h`` is dealt are weaker than ``h``
    and ``equal[h]`` how many tie it.
    """

    bucket: IntArray
    edges: IntArray
    pairs: IntArray
    wins: IntArray
    ties: IntArray
    beats: IntArray
    equal: IntArray

    @property
    def n(self) -> int:
        return int(self.edges.shape[0])


def disjoint_counts(ranking: str = "brag") -> IntArray:
    """``D[h, s]``: how many hands sharing no card with hand ``h`` have strength ``s`` (22,100 x S).

    Inclusion-exclusion over ``h``'s cards: all hands, less those holding each of its cards, plus those
    holding each two of them, less ``h`` itself.
    """
    table = hand_table(ranking)
    s = table.strength.astype(np.int64)
    n_s = table.n_strengths
    cards = table.cards.astype(np.int64)
    total = np.bincount(s, minlength=n_s)
    per_card = np.zeros((52, n_s), dtype=np.int64)
    for k in range(3):
        np.add.at(per_card, (cards[:, k], s), 1)
    per_pair = np.zeros((52 * 51 // 2, n_s), dtype=np.int64)
    for a, b in ((0, 1), (0, 2), (1, 2)):
        np.add.at(per_pair, (pair_index(cards[:, a], cards[:, b]), s), 1)
    d = np.broadcast_to(total, (N_HANDS, n_s)).copy()
    for k in range(3):
        d -= per_card[cards[:, k]]
    for a, b in ((0, 1), (0, 2), (1, 2)):
        d += per_pair[pair_index(cards[:, a], cards[:, b])]
    d[np.arange(N_HANDS), s] -= 1
    return d


@cache
def abstraction(buckets: int, ranking: str = "brag") -> Abstraction:
    """Equal-count strength classes and their exact pair, win and tie counts (remembered)."""
    table = hand_table(ranking)
    s = table.strength.astype(np.int64)
    n_s = table.n_strengths
    per_strength = np.bincount(s, minlength=n_s)
    below = np.cumsum(per_strength) - per_strength  # hands weaker than each strength
    # class of a strength: which equal-count slice its weakest hand falls in
    strength_bucket = np.minimum(below * buckets // N_HANDS, buckets - 1)
    edges = np.array([int(np.argmax(strength_bucket == k)) for k in range(buckets)], dtype=np.int64)
    if len(set(strength_bucket.tolist())) != buckets:
        raise ValueError(f"{buckets} classes cannot all be non-empty")
    bucket = strength_bucket[s]
    d = disjoint_counts(ranking)
    cum = np.cumsum(d, axis=1)
    weaker = np.where(s > 0, cum[np.arange(N_HANDS), np.maximum(s - 1, 0)], 0)
    equal = d[np.arange(N_HANDS), s]
    per_bucket = np.add.reduceat(d, edges, axis=1)  # (hands, classes)
    # weaker hands per class: whole classes below, and the weaker part of its own class
    lower = np.arange(buckets)[None, :] < bucket[:, None]
    own_start = edges[bucket]
    below_own = np.where(own_start > 0, cum[np.arange(N_HANDS), np.maximum(own_start - 1, 0)], 0)
    win_rows = np.where(lower, per_bucket, 0)
    win_rows[np.arange(N_HANDS), bucket] = weaker - below_own
    tie_rows = np.zeros_like(per_bucket)
    tie_rows[np.arange(N_HANDS), bucket] = equal
    pairs = np.zeros((buckets, buckets), dtype=np.int64)
    wins = np.zeros_like(pairs)
    ties = np.zeros_like(pairs)
    np.add.at(pairs, bucket, per_bucket)
    np.add.at(wins, bucket, win_rows)
    np.add.at(ties, bucket, tie_rows)
    return Abstraction(bucket=bucket, edges=edges, pairs=pairs, wins=wins, ties=ties, beats=weaker, equal=equal)


# -- the public tree --------------------------------------------------------------------------------


@dataclass(frozen=True)
class HeadsUpState:
    """A public state of the abstract game: who acts, who is blind, chips in, the stake, bets so far."""

    to_act: int
    blind: tuple[bool, bool]
    put_in: tuple[int, int]
    level: int  # index into the stake menu
    bets: int

    def cost(self, rules: HeadsUpRules, stake: int, player: int) -> int:
        return stake // 2 if self.blind[player] else stake


def legal_actions(rules: HeadsUpRules, st: HeadsUpState) -> tuple[str, ...]:
    """The abstract actions open at a state, in a fixed order."""
    p, o = st.to_act, 1 - st.to_act
    out: list[str] = []
    if st.blind[p]:
        out.append(LOOK)
    out.append(FOLD)
    can_see = st.bets >= 1 and not (not st.blind[p] and st.blind[o])
    if st.bets < rules.max_bets:
        out.append(STAY)
        if st.level + 1 < len(rules.stakes):
            out.append(RAISE)
    elif not can_see and st.bets == rules.max_bets:
        out.append(STAY)  # a seen player facing a blind one may stay once more at the cap
    if can_see:
        out.append(SEE)
    return tuple(out)


def apply_action(rules: HeadsUpRules, st: HeadsUpState, action: str) -> HeadsUpState | Terminal:
    """The state after an action, or the terminal it ends in (chips to player 0)."""
    p, o = st.to_act, 1 - st.to_act
    put = list(st.put_in)
    if action == LOOK:
        blind = list(st.blind)
        blind[p] = False
        return HeadsUpState(p, (blind[0], blind[1]), st.put_in, st.level, st.bets)
    if action == FOLD:
        return Terminal(fold=float(-put[0]) if p == 0 else float(put[1]))
    if action == SEE:
        stake = rules.stakes[st.level]
        put[p] += rules.see_multiple * st.cost(rules, stake, p)
        win, lose = float(put[1]), float(-put[0])
        return Terminal(fold=None, win=win, lose=lose, tie=lose if p == 0 else win)
    level = st.level
    if action == RAISE:
        level = st.level + 1
    put[p] += st.cost(rules, rules.stakes[level], p)
    return HeadsUpState(o, st.blind, (put[0], put[1]), level, st.bets + 1)


def initial_state(rules: HeadsUpRules) -> HeadsUpState:
    return HeadsUpState(0, (True, True), (rules.ante, rules.ante), 0, 0)


def build_game(rules: HeadsUpRules) -> PublicGame:
    """The public tree of the abstract game, nodes in depth-first order (the root is node 0)."""
    ab = abstraction(rules.buckets, rules.ranking)
    total = float(ab.pairs.sum())
    nodes: list[Decision | Terminal] = []

    def grow(st: HeadsUpState) -> int:
        idx = len(nodes)
        nodes.append(Terminal(fold=0.0))  # replaced once the children are known
        actions = legal_actions(rules, st)
        children = []
        for a in actions:
            nxt = apply_action(rules, st, a)
            if isinstance(nxt, Terminal):
                nodes.append(nxt)
                children.append(len(nodes) - 1)
            else:
                children.append(grow(nxt))
        nodes[idx] = Decision(st.to_act, not st.blind[st.to_act], actions, tuple(children))
        return idx

    grow(initial_state(rules))
    return PublicGame(
        chance=ab.pairs / total,
        win=ab.wins / total,
        tie=ab.ties / total,
        nodes=nodes,
        names=tuple(f"class {k + 1}" for k in range(rules.buckets)),
    )


def node_paths(rules: HeadsUpRules) -> dict[tuple[str, ...], int]:
    """Each decision node's public history (the actions from the root), as built by :func:`build_game`."""
    out: dict[tuple[str, ...], int] = {}
    counter = [0]

    def walk(st: HeadsUpState, path: tuple[str, ...]) -> None:
        out[path] = counter[0]
        counter[0] += 1
        for a in legal_actions(rules, st):
            nxt = apply_action(rules, st, a)
            if isinstance(nxt, Terminal):
                counter[0] += 1
            else:
                walk(nxt, path + (a,))

    walk(initial_state(rules), ())
    return out


# -- the solved strategy as data ------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class SolvedStrategy:
    """A solved heads-up strategy: rules, class edges, and per public history the action probabilities."""

    rules: HeadsUpRules
    edges: IntArray
    paths: dict[tuple[str, ...], int]
    actions: dict[int, tuple[str, ...]]
    table: dict[int, FloatArray]  # node -> (classes or 1) x actions
    meta: dict[str, object]

    def probabilities(self, path: tuple[str, ...], bucket: int | None) -> dict[str, float]:
        """Action probabilities at a public history for a seen player's class (None while blind)."""
        node = self.paths[path]
        row = self.table[node]
        r = row[0] if row.shape[0] == 1 or bucket is None else row[bucket]
        return dict(zip(self.actions[node], (float(x) for x in r)))

    def bucket_of_strength(self, strength: int) -> int:
        return int(np.searchsorted(self.edges, strength, side="right") - 1)

    def save(self, path: Path) -> None:
        nodes = sorted(self.table)
        flat = np.concatenate([self.table[n].ravel() for n in nodes]).astype(np.float32)
        header = json.dumps({"rules": self.rules.to_dict(), "meta": self.meta}, sort_keys=True)
        with path.open("wb") as fh:
            np.savez_compressed(fh, header=np.array(header), edges=self.edges, strategy=flat)

    @classmethod
    def load(cls, path: Path) -> SolvedStrategy:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(str(data["header"]))
            edges = data["edges"].astype(np.int64)
            flat = data["strategy"].astype(np.float64)
        r = header["rules"]
        rules = HeadsUpRules(
            ante=int(r["ante"]),
            stakes=tuple(int(x) for x in r["stakes"]),
            max_bets=int(r["max_bets"]),
            buckets=int(r["buckets"]),
            see_multiple=int(r["see_multiple"]),
            ranking=str(r["ranking"]),
        )
        game = build_game(rules)
        table: dict[int, FloatArray] = {}
        actions: dict[int, tuple[str, ...]] = {}
        at = 0
        for i, node in enumerate(game.nodes):
            if isinstance(node, Decision):
                rows = rules.buckets if node.sees_type else 1
                size = rows * len(node.actions)
                table[i] = flat[at : at + size].reshape(rows, len(node.actions))
                actions[i] = node.actions
                at += size
        if at != flat.size:
            raise ValueError(f"{path}: the strategy does not fit its rules' game tree")
        return cls(rules, edges, node_paths(rules), actions, table, dict(header["meta"]))

    @classmethod
    def from_solver(cls, rules: HeadsUpRules, solver_table: dict[int, FloatArray], meta: dict[str, object]) -> SolvedStrategy:
        game = build_game(rules)
        actions = {i: n.actions for i, n in enumerate(game.nodes) if isinstance(n, Decision)}
        ab = abstraction(rules.buckets, rules.ranking)
        return cls(rules, ab.edges, node_paths(rules), actions, dict(solver_table), meta)
