"""Tallies of simulated rounds: integer sums that merge exactly across chunks and workers.

:func:`simulate_chunk` deals a chunk of rounds, settles every box with
:meth:`casino.rules.CompiledRules.settle` (the table's rules) and sums, per column, each round's
total over its boxes and its square, and each hand's square. Money columns are per unit stake x the
rules' ``scale``, so the sums are exact integers; squares that could pass int64 are summed as Python
ints (:func:`sum_of_squares`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from casino.deal import deal
from casino.errors import BragError
from casino.rankings import CATEGORIES
from casino.rules import OUTCOME_NAMES

if TYPE_CHECKING:
    from casino.rules import CompiledRules

__all__ = ["COLUMNS", "COLUMN", "Tally", "hand_peaks", "sum_of_squares", "simulate_chunk", "check_level", "up_cards"]

# Tally columns, per hand; the round's totals are summed over its boxes.
COLUMNS = ("ante_play", "pair_plus", "ante_play_hit", "pair_plus_hit", *OUTCOME_NAMES)
COLUMN = {name: i for i, name in enumerate(COLUMNS)}
_K = len(COLUMNS)


@dataclass
class Tally:
    """Integer sums from simulated rounds; tallies of different chunks or workers add up exactly.

    ``sums[k]`` and ``squares[k]`` sum each column's per-round total (over the round's boxes) and its
    square; ``hand_squares[k]`` sums the per-hand squares. Money columns are per unit stake x ``scale``.
    """

    boxes: int
    scale: int
    rounds: int = 0
    sums: list[int] = field(default_factory=lambda: [0] * _K)
    squares: list[int] = field(default_factory=lambda: [0] * _K)
    hand_squares: list[int] = field(default_factory=lambda: [0] * _K)
    categories: list[int] = field(default_factory=lambda: [0] * len(CATEGORIES))  # first box
    all_categories: list[int] = field(default_factory=lambda: [0] * len(CATEGORIES))
    #: side bets (every box stakes 1 on each the game offers): bet -> [sum, round squares, hand squares,
    #: hits], in units of 1/``side_scale`` of the stake
    side: dict[str, list[int]] = field(default_factory=dict)
    side_scale: int = 1

    def add(self, other: Tally) -> Tally:
        self.rounds += other.rounds
        for name in ("sums", "squares", "hand_squares", "categories", "all_categories"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for i, value in enumerate(theirs):
                mine[i] += value
        if other.side:
            self.side_scale = other.side_scale
        for bet, values in other.side.items():
            mine_side = self.side.setdefault(bet, [0] * len(values))
            for i, value in enumerate(values):
                mine_side[i] += value
        return self

    @property
    def hands(self) -> int:
        return self.rounds * self.boxes


def sum_of_squares(values: np.ndarray, peaks: list[int] | None = None) -> list[int]:
    """Each column's sum of squares, exactly, as Python ints.

    int64 holds the sum when ``rows x peak**2 < 2**63``; otherwise (results in units of a large
    ``scale``, many boxes) the column's distinct values are counted and squared as Python ints.
    ``peaks`` bounds each column's absolute values (known from the rules: cheaper than reading them).

        >>> big = np.array([[3_000_000_000, 1], [-3_000_000_000, 2]], dtype=np.int64)
        >>> sum_of_squares(big) == [18 * 10**18, 5]
        True
    """
    rows = values.shape[0]
    if rows == 0:
        return [0] * values.shape[1]
    peak = [int(v) for v in np.abs(values).max(axis=0)] if peaks is None else peaks
    if all(rows * p * p < 2**63 for p in peak):
        return [int(v) for v in np.einsum("ij,ij->j", values, values)]
    found = []
    for j, p in enumerate(peak):
        column = values[:, j]
        if rows * p * p < 2**63:
            found.append(int(column @ column))
        else:
            distinct, counts = np.unique(column, return_counts=True)
            found.append(sum(int(v) * int(v) * int(n) for v, n in zip(distinct, counts)))
    return found


def hand_peaks(rules: CompiledRules) -> list[int]:
    """The largest absolute value each tally column can take for one hand (money x ``scale``)."""
    s = rules.scale
    main = max(abs(v) for v in rules.nets.ante) * s + max(abs(v) for v in rules.nets.play) * s
    ante_play = main + int(np.abs(rules.bonus).max(initial=0))
    pair_plus = max(s, int(np.abs(rules.pair_plus_pays).max(initial=0)))
    return [ante_play, pair_plus] + [1] * (_K - 2)


def simulate_chunk(
    rules: CompiledRules, play: np.ndarray, masks: np.ndarray, rng: np.random.Generator, rounds: int, boxes: int
) -> Tally:
    """Deal, settle and tally ``rounds`` rounds (one chunk)."""
    player, dealer = deal(rng, rounds, boxes, masks)
    flat = player.ravel()
    if play.ndim == 2:  # decided knowing the dealer's up card (Face Up: casino.face_up)
        up = up_cards(rng, rules.table.cards, dealer)
        decide = play[flat, np.repeat(up, boxes) if boxes > 1 else up]
    else:
        decide = play[flat]
    s = rules.settle(flat, np.repeat(dealer, boxes) if boxes > 1 else dealer, decide)
    ante_play = s.ante + s.play + s.ante_bonus
    values = np.empty((flat.size, _K), dtype=np.int64)
    values[:, 0] = ante_play
    values[:, 1] = s.pair_plus
    values[:, 2] = ante_play > 0
    values[:, 3] = s.pair_plus > 0
    values[:, 4:] = s.outcome[:, None] == np.arange(len(OUTCOME_NAMES), dtype=np.int8)
    per_round = values if boxes == 1 else values.reshape(rounds, boxes, _K).sum(axis=1)
    peaks = hand_peaks(rules)
    hand_squares = sum_of_squares(values, peaks)
    squares = hand_squares if boxes == 1 else sum_of_squares(per_round, [boxes * p for p in peaks])
    category = rules.table.category
    side, side_scale = _side_tally(rules, player, dealer, rounds, boxes) if rules.game.side_bets else ({}, 1)
    return Tally(
        boxes=boxes,
        scale=rules.scale,
        rounds=rounds,
        sums=[int(v) for v in per_round.sum(axis=0)],
        squares=squares,
        hand_squares=list(hand_squares),
        categories=[int(v) for v in np.bincount(category[player[:, 0]], minlength=len(CATEGORIES))],
        all_categories=[int(v) for v in np.bincount(category[flat], minlength=len(CATEGORIES))],
        side=side,
        side_scale=side_scale,
    )


def up_cards(rng: np.random.Generator, cards: np.ndarray, dealer: np.ndarray) -> np.ndarray:
    """The dealer's card dealt face up in each round: one of the dealer's three cards, uniformly (the
    first card off a shuffled deck). Draws from ``rng`` only when called (strategies blind to the
    dealer's cards deal exactly as before)."""
    up: np.ndarray = cards[dealer, rng.integers(0, 3, size=dealer.size)].astype(np.int64)
    return up


def _side_tally(rules: CompiledRules, player: np.ndarray, dealer: np.ndarray, rounds: int, boxes: int
                ) -> tuple[dict[str, list[int]], int]:
    """Each side bet the game offers, a stake of 1 on every box, settled by its own module
    (:mod:`casino.bets`) on the dealt cards, at the file's meter for a progressive."""
    from casino.sidebets.settle import settle_side_bets

    cards = rules.table.cards.astype(np.int64)
    player_cards = cards[player.ravel()]
    dealer_cards = cards[np.repeat(dealer, boxes) if boxes > 1 else dealer]
    settled = settle_side_bets(rules.game.side_bets, player_cards, dealer_cards)
    found: dict[str, list[int]] = {}
    for bet, nets in settled.nets.items():
        nets = nets.astype(np.int64)
        per_round = nets if boxes == 1 else nets.reshape(rounds, boxes).sum(axis=1)
        peak = int(np.abs(nets).max(initial=0))
        found[bet] = [int(per_round.sum()), sum_of_squares(per_round[:, None], [boxes * peak])[0],
                      sum_of_squares(nets[:, None], [peak])[0], int((nets > 0).sum())]
    return found, settled.scale


def check_level(level: float) -> None:
    """Refuse a confidence level outside (0, 1)."""
    if not 0 < level < 1:
        raise BragError(f"a confidence level is between 0 and 1 (such as 0.95), not {level}")
