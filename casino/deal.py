"""Dealing for the simulator: many rounds at once, every hand a row of the 22,100-hand table.

A round needs three cards per box and three for the dealer, all different. Each hand is drawn as a
uniform index into the hand table, and a hand sharing a card with those already dealt in its round
is drawn again (a 52-bit mask per hand makes the test one ``&``). Accepting the first disjoint draw
gives each hand uniformly among those the remaining cards allow: exactly the distribution of dealing
from a shuffled deck, with no sorting or shuffling.

Seeds: :func:`seed_entropy` turns a ``--seed`` (a whole number, or any text, as ``brag play``
takes) into the entropy of a :class:`numpy.random.SeedSequence`::

    >>> seed_entropy(42), seed_entropy("42")
    (42, 42)
    >>> seed_entropy("lucky") == seed_entropy("lucky") != seed_entropy("Lucky")
    True
"""

from __future__ import annotations

import hashlib
from functools import cache

import numpy as np

from casino.errors import BragError
from casino.hands import N_HANDS, hand_table
from casino.rankings import Ranking

__all__ = ["card_masks", "deal", "seed_entropy", "seed_value", "fresh_seed"]


@cache
def card_masks(ranking: str | Ranking) -> np.ndarray:
    """One 52-bit mask of its cards per hand (read-only, cached per ranking)."""
    cards = hand_table(ranking).cards.astype(np.uint64)
    masks: np.ndarray = np.bitwise_or.reduce(np.uint64(1) << cards, axis=1)
    masks.setflags(write=False)
    return masks


def deal(rng: np.random.Generator, rounds: int, boxes: int, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``rounds`` rounds: player hands ``(rounds, boxes)`` and dealer hands ``(rounds,)``.

    Hands are rows of the hand table; all hands of a round are disjoint (see the module notes).

        >>> masks = card_masks("brag")
        >>> player, dealer = deal(np.random.default_rng(1), 1000, 6, masks)
        >>> used = np.bitwise_or.reduce(masks[player], axis=1) | masks[dealer]
        >>> bool((np.bitwise_count(used) == 21).all())
        True
    """
    hands = np.empty((boxes + 1, rounds), dtype=np.int32)
    used = np.zeros(rounds, dtype=np.uint64)
    for k in range(boxes + 1):
        drawn = rng.integers(0, N_HANDS, rounds, dtype=np.int32)
        if k:
            redraw = np.flatnonzero(masks[drawn] & used)
            while redraw.size:
                drawn[redraw] = rng.integers(0, N_HANDS, redraw.size, dtype=np.int32)
                redraw = redraw[(masks[drawn[redraw]] & used[redraw]) != 0]
        hands[k] = drawn
        if k < boxes:
            used |= masks[drawn]
    return np.ascontiguousarray(hands[1:].T), hands[0]


def seed_entropy(seed: int | str) -> int:
    """The whole number behind a seed: a whole number (or its text) as it is, other text by SHA-256."""
    if isinstance(seed, bool):
        raise BragError(f"a seed is a whole number or a text, not {seed!r}")
    if isinstance(seed, (int, np.integer)):
        if seed < 0:
            raise BragError(f"a seed is a whole number 0 or more, or a text, not {seed!r}")
        return int(seed)
    if isinstance(seed, str):
        text = seed.strip()
        if not text:
            raise BragError("a seed cannot be empty")
        if text.isascii() and text.isdigit():  # 0-9 only: '٢' is a text seed, not 2
            return int(text)
        return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big")
    raise BragError(f"a seed is a whole number or a text, not {seed!r}")


def seed_value(seed: int | str | None) -> int | str:
    """The seed to record: a whole number (also given as text) as an int, other text as given, and
    a fresh seed when there is none. Checked here, before any work is done.

        >>> seed_value("42"), seed_value(" lucky ")
        (42, 'lucky')
    """
    if seed is None:
        return fresh_seed()
    seed_entropy(seed)  # refuses a bad seed
    if isinstance(seed, str):
        text = seed.strip()
        return int(text) if text.isascii() and text.isdigit() else text
    return int(seed)


def fresh_seed() -> int:
    """A new seed from the operating system, to be recorded so the run can be repeated."""
    entropy = np.random.SeedSequence().entropy  # a fresh SeedSequence draws one whole number
    assert isinstance(entropy, int)
    return entropy
