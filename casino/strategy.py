"""Play/fold strategies as boolean masks over the 22,100 hands.

    >>> from casino.games import load_game
    >>> from casino.strategy import play_mask
    >>> game = load_game("three-card-poker")
    >>> int(play_mask(game, "optimal").sum()), int(play_mask(game, "Q-6-4").sum())
    (14900, 14900)
    >>> int(play_mask(game, "always-play").sum())
    22100

Names: ``optimal`` (the exact best decision per hand), ``dealer-copy`` (play whatever would qualify
for the dealer), ``always-play``, ``never-play``, or a threshold: play that hand or better
(``Q-6-4``, ``Q-high``, ``pair``).
"""

from __future__ import annotations

import numpy as np

from casino.errors import BragError
from casino.games import Game
from casino.hands import hand_table

__all__ = ["STRATEGY_NAMES", "play_mask"]

STRATEGY_NAMES = ("optimal", "dealer-copy", "always-play", "never-play")


def play_mask(game: Game, strategy: str) -> np.ndarray:
    """The hands a strategy plays (True) or folds (False), one entry per hand-table row."""
    table = hand_table(game.ranking)
    name = strategy.strip().lower()
    if name == "optimal":
        from casino.edge import analyze

        return analyze(game).play
    if name in ("dealer-copy", "copy-the-dealer", "copy"):
        return table.strength >= table.threshold(game.qualifier)
    if name in ("always-play", "always"):
        return np.ones(len(table.strength), dtype=bool)
    if name in ("never-play", "never", "always-fold"):
        return np.zeros(len(table.strength), dtype=bool)
    try:
        return table.strength >= table.threshold(strategy)
    except BragError:
        raise BragError(
            f"unknown strategy {strategy!r} (use {', '.join(STRATEGY_NAMES)}, or a threshold such as"
            " 'Q-6-4' or 'pair')"
        ) from None
