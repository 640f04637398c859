"""Vectorised CFR+ for two-player zero-sum games with private types and public actions.

Many card games have this shape: chance deals each player a private *type* (a card, a hand-strength
bucket) from a joint distribution, and every action after that is public. A player's information set
is then the public node plus its own type, or the public node alone while the player has not looked
(a blind Brag player). The solver keeps, at every public node, one regret row per type (or one row
for a player that has not seen its type) and walks the public tree once per player and iteration
with numpy vectors over the types, so a node costs a few array operations whatever the number of
types::

    >>> from casino.cfr.kuhn import kuhn_public
    >>> solver = PublicCFR(kuhn_public())
    >>> solver.run(2000)
    >>> round(solver.value(), 3), solver.exploitability() < 2e-3
    (-0.056, True)

The algorithm is CFR+ (Tammelin 2014): regrets are floored at zero after every update, the players
update alternately, and the average strategy weights iteration ``t`` by ``t``. The exploitability is
exact: a best response is computed against the average strategy by one more walk of the tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

__all__ = ["Decision", "Terminal", "PublicGame", "PublicCFR"]

Vector = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Decision:
    """A public node where ``player`` (0 or 1) acts; ``sees_type`` is False while it plays blind."""

    player: int
    sees_type: bool
    actions: tuple[str, ...]
    children: tuple[int, ...]


@dataclass(frozen=True)
class Terminal:
    """The end of a hand, as chips won by player 0 (player 1 wins the negative).

    A fold pays ``fold`` whatever the types; a showdown pays ``win``, ``lose`` or ``tie`` depending on
    which player's type is better (``fold`` is None for a showdown).
    """

    fold: float | None
    win: float = 0.0
    lose: float = 0.0
    tie: float = 0.0


@dataclass
class PublicGame:
    """Private types, their joint chance, the showdown outcomes and the public tree.

    ``chance[a, b]`` is the probability that player 0 holds type ``a`` and player 1 type ``b``;
    ``win``/``tie`` split that probability by the showdown (player 0 better / equal), and what is
    left is player 0 worse. ``nodes[root]`` starts the hand.
    """

    chance: Vector
    win: Vector
    tie: Vector
    nodes: list[Decision | Terminal]
    root: int = 0
    names: tuple[str, ...] = ()
    _matrices: dict[tuple[float | None, float, float, float], Vector] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if self.chance.shape != self.win.shape or self.chance.shape != self.tie.shape:
            raise ValueError("chance, win and tie must have the same shape")
        if abs(float(self.chance.sum()) - 1.0) > 1e-9:
            raise ValueError("the type distribution must sum to 1")
        if np.any(self.win + self.tie > self.chance + 1e-12):
            raise ValueError("win + tie cannot exceed the chance of the types")

    @property
    def lose(self) -> Vector:
        return self.chance - self.win - self.tie

    def n_types(self, player: int) -> int:
        return int(self.chance.shape[player])

    def payoff_matrix(self, node: Terminal) -> Vector:
        """Chance-weighted chips won by player 0, by (type 0, type 1), at a terminal node."""
        key = (node.fold, node.win, node.lose, node.tie)
        matrix = self._matrices.get(key)
        if matrix is None:
            if node.fold is not None:
                matrix = node.fold * self.chance
            else:
                matrix = node.win * self.win + node.lose * self.lose + node.tie * self.tie
            self._matrices[key] = matrix
        return matrix

    def decisions(self) -> list[int]:
        return [i for i, n in enumerate(self.nodes) if isinstance(n, Decision)]


class PublicCFR:
    """CFR+ on a :class:`PublicGame`: ``run(n)``, then ``average_strategy``, ``value``, ``exploitability``."""

    def __init__(self, game: PublicGame) -> None:
        self.game = game
        self.iterations = 0
        self._regret: dict[int, Vector] = {}
        self._total: dict[int, Vector] = {}
        for i in game.decisions():
            node = game.nodes[i]
            assert isinstance(node, Decision)
            rows = game.n_types(node.player) if node.sees_type else 1
            self._regret[i] = np.zeros((rows, len(node.actions)))
            self._total[i] = np.zeros((rows, len(node.actions)))

    # -- strategies ---------------------------------------------------------------------------------
    @staticmethod
    def _normalise(weights: Vector) -> Vector:
        total = weights.sum(axis=1, keepdims=True)
        n_actions = weights.shape[1]
        with np.errstate(invalid="ignore", divide="ignore"):
            out = np.where(total > 0, weights / np.where(total > 0, total, 1.0), 1.0 / n_actions)
        return out

    def current_strategy(self, node: int) -> Vector:
        """Regret matching+: each row is a probability distribution over the node's actions."""
        return self._normalise(self._regret[node])

    def average_strategy(self, node: int) -> Vector:
        """The average strategy at a node: (types or 1) x actions, each row summing to 1."""
        return self._normalise(self._total[node])

    # -- iterations ---------------------------------------------------------------------------------
    def run(self, iterations: int) -> None:
        """Run ``iterations`` CFR+ iterations (each updates player 0, then player 1)."""
        g = self.game
        for _ in range(iterations):
            self.iterations += 1
            t = float(self.iterations)
            for player in (0, 1):
                reach = [np.ones(g.n_types(0)), np.ones(g.n_types(1))]
                self._walk(g.root, reach, player, t)

    def _walk(self, n: int, reach: list[Vector], i: int, t: float) -> Vector:
        node = self.game.nodes[n]
        if isinstance(node, Terminal):
            w = self.game.payoff_matrix(node)
            return w @ reach[1] if i == 0 else -(reach[0] @ w)
        p = node.player
        sigma = self.current_strategy(n)
        if p == i:
            full = np.broadcast_to(sigma, (self.game.n_types(i), len(node.children)))
            # own reach only weights the average strategy below; counterfactual values ignore it
            values = np.stack(
                [self._walk(c, [reach[0] * full[:, a], reach[1]] if i == 0 else [reach[0], reach[1] * full[:, a]], i, t)
                 for a, c in enumerate(node.children)]
            )  # (A, K_i)
            value: Vector = np.einsum("ka,ak->k", full, values)
            regret = values.T - value[:, None]
            mine = reach[i][:, None] * full
            if not node.sees_type:
                regret = regret.sum(axis=0, keepdims=True)
                mine = mine.sum(axis=0, keepdims=True)
            np.maximum(self._regret[n] + regret, 0.0, out=self._regret[n])
            self._total[n] += t * mine
            return value
        total = np.zeros(self.game.n_types(i))
        own = reach[p]
        if not own.any() and not reach[i].any():
            return total  # nobody reaches this subtree: nothing to update
        for a, child in enumerate(node.children):
            branch = list(reach)
            branch[p] = own * (sigma[:, a] if sigma.shape[0] > 1 else sigma[0, a])
            total += self._walk(child, branch, i, t)
        return total

    # -- evaluation ---------------------------------------------------------------------------------
    def value(self) -> float:
        """Player 0's expected chips per hand when both play the average strategy."""
        g = self.game
        return float(self._evaluate(g.root, [np.ones(g.n_types(0)), np.ones(g.n_types(1))]).sum())

    def _evaluate(self, n: int, reach: list[Vector]) -> Vector:
        node = self.game.nodes[n]
        if isinstance(node, Terminal):
            return self.game.payoff_matrix(node) @ reach[1] * 1.0
        sigma = self.average_strategy(n)
        p = node.player
        out = np.zeros(self.game.n_types(0))
        for a, child in enumerate(node.children):
            branch = list(reach)
            factor = sigma[:, a] if sigma.shape[0] > 1 else sigma[0, a]
            if p == 0:
                # player 0's own probabilities multiply its per-type values
                out += factor * self._evaluate(child, reach)
            else:
                branch[1] = reach[1] * factor
                out += self._evaluate(child, branch)
        return out

    def best_response_value(self, player: int) -> float:
        """Chips per hand that a best response in seat ``player`` wins against the average strategy."""
        g = self.game
        other = 1 - player
        return float(self._best(g.root, np.ones(g.n_types(other)), player).sum())

    def _best(self, n: int, reach_other: Vector, i: int) -> Vector:
        node = self.game.nodes[n]
        if isinstance(node, Terminal):
            w = self.game.payoff_matrix(node)
            return w @ reach_other if i == 0 else -(reach_other @ w)
        if node.player == i:
            values = np.stack([self._best(c, reach_other, i) for c in node.children])
            if node.sees_type:
                best: Vector = values.max(axis=0)
                return best
            chosen: Vector = values[int(np.argmax(values.sum(axis=1)))]
            return chosen
        sigma = self.average_strategy(n)
        total = np.zeros(self.game.n_types(i))
        for a, child in enumerate(node.children):
            factor = sigma[:, a] if sigma.shape[0] > 1 else sigma[0, a]
            total += self._best(child, reach_other * factor, i)
        return total

    def exploitability(self) -> float:
        """Mean over the two seats of what a best response wins beyond the game value (chips/hand).

        Zero exactly at a Nash equilibrium; ``(BR_0 + BR_1) / 2`` since the game is zero-sum.
        """
        return (self.best_response_value(0) + self.best_response_value(1)) / 2.0

    def strategy_table(self) -> dict[int, Vector]:
        """Every decision node's average strategy."""
        return {n: self.average_strategy(n) for n in self._total}



class AsExtensive:
    """A :class:`PublicGame` seen through the extensive-form interface of :mod:`casino.cfr.tabular`.

    Chance deals both types at the root; an information set is the public node plus the acting
    player's type (or ``None`` while it has not seen it). Used to cross-check the two solvers.
    """

    def __init__(self, game: PublicGame) -> None:
        self.game = game

    def initial(self) -> tuple[tuple[int, int] | None, int]:
        return (None, self.game.root)

    def player(self, state: tuple[tuple[int, int] | None, int]) -> int:
        types, n = state
        if types is None:
            return -1  # casino.cfr.tabular.CHANCE
        node = self.game.nodes[n]
        return node.player if isinstance(node, Decision) else -2  # TERMINAL

    def chance_outcomes(self, state: tuple[tuple[int, int] | None, int]) -> list[tuple[tuple[int, int], float]]:
        c = self.game.chance
        return [((a, b), float(c[a, b])) for a in range(c.shape[0]) for b in range(c.shape[1]) if c[a, b] > 0]

    def actions(self, state: tuple[tuple[int, int] | None, int]) -> tuple[int, ...]:
        node = self.game.nodes[state[1]]
        assert isinstance(node, Decision)
        return tuple(range(len(node.actions)))

    def apply(self, state: tuple[tuple[int, int] | None, int], action: object) -> tuple[tuple[int, int] | None, int]:
        types, n = state
        if types is None:
            assert isinstance(action, tuple)
            return (action, n)
        node = self.game.nodes[n]
        assert isinstance(node, Decision) and isinstance(action, int)
        return (types, node.children[action])

    def infoset(self, state: tuple[tuple[int, int] | None, int]) -> tuple[int, int | None]:
        types, n = state
        node = self.game.nodes[n]
        assert types is not None and isinstance(node, Decision)
        return (n, types[node.player] if node.sees_type else None)

    def returns(self, state: tuple[tuple[int, int] | None, int]) -> float:
        types, n = state
        node = self.game.nodes[n]
        assert types is not None and isinstance(node, Terminal)
        a, b = types
        return float(self.game.payoff_matrix(node)[a, b] / self.game.chance[a, b])
