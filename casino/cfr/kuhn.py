"""Kuhn poker, the classic check for a CFR solver: its game value is -1/18 for the first player.

Three cards (J, Q, K), one each, ante 1, one bet of 1; player 0 checks or bets, and so on. Written twice:
as an extensive-form game for :class:`casino.cfr.tabular.TabularCFR` and as a public-tree game with
private types for :class:`casino.cfr.public.PublicCFR`::

    >>> game = kuhn_public()
    >>> game.chance.shape, round(float(game.chance.sum()), 9)
    ((3, 3), 1.0)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import permutations

import numpy as np

from casino.cfr.public import Decision, PublicGame, Terminal
from casino.cfr.tabular import CHANCE, TERMINAL

__all__ = ["KuhnPoker", "kuhn_public", "KUHN_VALUE"]

KUHN_VALUE = -1.0 / 18.0

KuhnState = tuple[tuple[int, int] | None, str]


class KuhnPoker:
    """Kuhn poker as an extensive-form game; a state is (cards or None, history of 'p'/'b')."""

    def initial(self) -> KuhnState:
        return (None, "")

    def player(self, state: KuhnState) -> int:
        cards, h = state
        if cards is None:
            return CHANCE
        if h in ("pp", "bb", "bp", "pbb", "pbp"):
            return TERMINAL
        return len(h) % 2

    def chance_outcomes(self, state: KuhnState) -> Sequence[tuple[Hashable, float]]:
        return [(deal, 1.0 / 6.0) for deal in permutations(range(3), 2)]

    def actions(self, state: KuhnState) -> Sequence[Hashable]:
        return ("p", "b")

    def apply(self, state: KuhnState, action: Hashable) -> KuhnState:
        cards, h = state
        if cards is None:
            assert isinstance(action, tuple)
            return (action, "")
        return (cards, h + str(action))

    def infoset(self, state: KuhnState) -> Hashable:
        cards, h = state
        assert cards is not None
        return (cards[len(h) % 2], h)

    def returns(self, state: KuhnState) -> float:
        cards, h = state
        assert cards is not None
        better = 1.0 if cards[0] > cards[1] else -1.0
        if h == "pp":
            return better
        if h in ("bb", "pbb"):
            return 2.0 * better
        if h == "bp":
            return 1.0
        return -1.0  # "pbp": player 0 folds to the bet


def kuhn_public() -> PublicGame:
    """Kuhn poker as a public tree over the players' private cards."""
    chance = (1.0 - np.eye(3)) / 6.0
    rank = np.arange(3)
    win = np.where(rank[:, None] > rank[None, :], chance, 0.0)
    tie = np.zeros((3, 3))
    nodes: list[Decision | Terminal] = []

    def add(node: Decision | Terminal) -> int:
        nodes.append(node)
        return len(nodes) - 1

    nodes.append(Terminal(fold=0.0))  # placeholder for the root, replaced below
    pp = add(Terminal(fold=None, win=1.0, lose=-1.0))
    pb_p = add(Terminal(fold=-1.0))
    pb_b = add(Terminal(fold=None, win=2.0, lose=-2.0))
    pb = add(Decision(0, True, ("p", "b"), (pb_p, pb_b)))
    p = add(Decision(1, True, ("p", "b"), (pp, pb)))
    b_p = add(Terminal(fold=1.0))
    b_b = add(Terminal(fold=None, win=2.0, lose=-2.0))
    b = add(Decision(1, True, ("p", "b"), (b_p, b_b)))
    nodes[0] = Decision(0, True, ("p", "b"), (p, b))
    return PublicGame(chance=chance, win=win, tie=tie, nodes=nodes, names=("J", "Q", "K"))
