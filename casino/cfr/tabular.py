"""CFR+ over any two-player zero-sum extensive-form game, one information set at a time.

A game is anything that follows :class:`Game`: states with a current player (a seat, :data:`CHANCE`
or :data:`TERMINAL`), chance outcomes with their probabilities, legal actions and an information-set
key per acting seat. This plain solver is the reference against which the vectorised
:mod:`casino.cfr.public` is checked; it is fine for small games (Kuhn poker, a few-bucket Brag)::

    >>> from casino.cfr.kuhn import KuhnPoker
    >>> solver = TabularCFR(KuhnPoker())
    >>> solver.run(1000)
    >>> round(solver.value(), 3)
    -0.056

The best response is exact: for every information set of the responder, the action with the highest
counterfactual value against the average strategy, found by walking the whole tree (states grouped by
information set, deepest first so that later choices are already fixed).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from typing import Any, Protocol

__all__ = ["CHANCE", "TERMINAL", "Game", "TabularCFR"]

CHANCE = -1
TERMINAL = -2

State = Any  # each game chooses its own state values


class Game(Protocol):
    """The extensive-form interface: what the solvers need to know about a game."""

    def initial(self) -> State: ...

    def player(self, state: State) -> int:
        """0 or 1 for a seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        ...

    def chance_outcomes(self, state: State) -> Sequence[tuple[Hashable, float]]: ...

    def actions(self, state: State) -> Sequence[Hashable]: ...

    def apply(self, state: State, action: Hashable) -> State: ...

    def infoset(self, state: State) -> Hashable:
        """Everything the acting seat knows; equal keys must offer the same actions."""
        ...

    def returns(self, state: State) -> float:
        """Chips won by player 0 at a terminal state (player 1 wins the negative)."""
        ...


class TabularCFR:
    """CFR+ with alternating updates and linear averaging, on dictionaries keyed by information set."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.iterations = 0
        self.regret: dict[Hashable, list[float]] = {}
        self.total: dict[Hashable, list[float]] = {}
        self._delta: dict[Hashable, list[float]] = {}

    @staticmethod
    def _match(weights: list[float]) -> list[float]:
        s = sum(weights)
        if s <= 0:
            return [1.0 / len(weights)] * len(weights)
        return [w / s for w in weights]

    def current(self, key: Hashable, n: int) -> list[float]:
        return self._match(self.regret.setdefault(key, [0.0] * n))

    def average(self, key: Hashable, n: int) -> list[float]:
        return self._match(self.total.get(key, [0.0] * n))

    def run(self, iterations: int) -> None:
        for _ in range(iterations):
            self.iterations += 1
            for i in (0, 1):
                self._delta = {}
                self._walk(self.game.initial(), i, 1.0, 1.0)
                # CFR+ floors an information set's regrets once its states' updates are summed
                for key, delta in self._delta.items():
                    regret = self.regret[key]
                    for k, d in enumerate(delta):
                        regret[k] = max(regret[k] + d, 0.0)

    def _walk(self, state: State, i: int, reach_i: float, reach_other: float) -> float:
        """Counterfactual value for seat ``i`` (its own chips), updating seat ``i``'s regrets."""
        g = self.game
        p = g.player(state)
        if p == TERMINAL:
            u = g.returns(state)
            return u if i == 0 else -u
        if p == CHANCE:
            return sum(q * self._walk(g.apply(state, o), i, reach_i, reach_other * q) for o, q in g.chance_outcomes(state))
        actions = g.actions(state)
        key = g.infoset(state)
        sigma = self.current(key, len(actions))
        if p == i:
            values = [self._walk(g.apply(state, a), i, reach_i * s, reach_other) for a, s in zip(actions, sigma)]
            value = sum(s * v for s, v in zip(sigma, values))
            delta = self._delta.setdefault(key, [0.0] * len(actions))
            for k, v in enumerate(values):
                delta[k] += reach_other * (v - value)
            total = self.total.setdefault(key, [0.0] * len(actions))
            for k, s in enumerate(sigma):
                total[k] += self.iterations * reach_i * s
            return value
        # no pruning of zero-probability branches: the average strategy below still needs own reach
        return sum(s * self._walk(g.apply(state, a), i, reach_i, reach_other * s) for a, s in zip(actions, sigma))

    def value(self) -> float:
        """Player 0's expected chips when both seats play the average strategy."""
        return self._value(self.game.initial())

    def _value(self, state: State) -> float:
        g = self.game
        p = g.player(state)
        if p == TERMINAL:
            return g.returns(state)
        if p == CHANCE:
            return sum(q * self._value(g.apply(state, o)) for o, q in g.chance_outcomes(state))
        actions = g.actions(state)
        sigma = self.average(g.infoset(state), len(actions))
        return sum(s * self._value(g.apply(state, a)) for a, s in zip(actions, sigma) if s > 0)

    def best_response_value(self, responder: int) -> float:
        """What a best response in seat ``responder`` wins per hand against the average strategy."""
        g = self.game
        # Collect every responder state with its opponent-and-chance reach, grouped by information set.
        groups: dict[Hashable, list[tuple[State, float]]] = defaultdict(list)
        depth: dict[Hashable, int] = {}

        def collect(state: State, reach: float, d: int) -> None:
            p = g.player(state)
            if p == TERMINAL:
                return
            if p == CHANCE:
                for o, q in g.chance_outcomes(state):
                    collect(g.apply(state, o), reach * q, d + 1)
                return
            actions = g.actions(state)
            if p == responder:
                key = g.infoset(state)
                groups[key].append((state, reach))
                depth[key] = max(depth.get(key, 0), d)
                for a in actions:
                    collect(g.apply(state, a), reach, d + 1)
            else:
                sigma = self.average(g.infoset(state), len(actions))
                for a, s in zip(actions, sigma):
                    if s > 0:
                        collect(g.apply(state, a), reach * s, d + 1)

        collect(g.initial(), 1.0, 0)
        choice: dict[Hashable, int] = {}

        def play(state: State) -> float:
            """Responder's chips from ``state`` on, responder following ``choice``, others the average."""
            p = g.player(state)
            if p == TERMINAL:
                u = g.returns(state)
                return u if responder == 0 else -u
            if p == CHANCE:
                return sum(q * play(g.apply(state, o)) for o, q in g.chance_outcomes(state))
            actions = g.actions(state)
            if p == responder:
                return play(g.apply(state, actions[choice[g.infoset(state)]]))
            sigma = self.average(g.infoset(state), len(actions))
            return sum(s * play(g.apply(state, a)) for a, s in zip(actions, sigma) if s > 0)

        for key in sorted(groups, key=lambda k: -depth[k]):
            states = groups[key]
            n_actions = len(g.actions(states[0][0]))
            scores = [
                sum(reach * play(g.apply(state, g.actions(state)[k])) for state, reach in states)
                for k in range(n_actions)
            ]
            choice[key] = max(range(n_actions), key=lambda k: scores[k])
        return play(g.initial())

    def exploitability(self) -> float:
        """``(BR_0 + BR_1) / 2``: zero exactly at a Nash equilibrium (chips per hand)."""
        return (self.best_response_value(0) + self.best_response_value(1)) / 2.0
