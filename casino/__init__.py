"""brag-table: a house-banked 3 Card Brag / Three Card Poker table and its exact mathematics.

    >>> from casino import load_game, analyze
    >>> report = analyze(load_game("3-card-brag"))
    >>> report.ante_play.counts["fold"] + report.ante_play.counts["win"] > 0
    True

Names are imported lazily, so ``import casino.errors`` (as the command line does) stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: The package version (``brag --version``); pyproject.toml reads it from here.
__version__ = "0.1.0"

__all__ = ["__version__", "load_game", "load_paytable", "analyze", "parse_cards", "Card", "hand_table", "BragError"]

_HOMES = {
    "load_game": "casino.games",
    "load_paytable": "casino.games",
    "analyze": "casino.edge",
    "parse_cards": "casino.cards",
    "Card": "casino.cards",
    "hand_table": "casino.hands",
    "BragError": "casino.errors",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'casino' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
