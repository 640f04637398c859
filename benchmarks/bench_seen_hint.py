"""Speed of the casino table's hint with several boxes: the exact EVs of one box given every card the player has
seen (its other boxes', and the up card where one is shown), counted over the dealer hands left.

Run: ``pytest -m benchmark -s benchmarks/bench_seen_hint.py``. Nothing asserts a time; the figures are printed
(CPU time: the machine is shared). Target: far under a second a box (the hint is interactive).
"""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.benchmark


def test_seen_hint_per_box() -> None:
    from casino.advantage import seen_decision
    from casino.cards import Card
    from casino.games import load_game
    from casino.trainer import advise

    brag = load_game("3-card-brag")
    cards = [Card.from_index(k) for k in range(0, 52, 3)][:19]
    for seen, label in ((cards[4:7], "two boxes"), (cards[4:], "six boxes")):
        seen_decision(brag, cards[:3], seen)  # warm
        start = time.process_time()
        for _ in range(50):
            seen_decision(brag, cards[:3], seen)
        plain = (time.process_time() - start) / 50
        start = time.process_time()
        for _ in range(50):
            advise(brag, cards[:3], cards[3], seen=seen)
        informed = (time.process_time() - start) / 50
        print(f"\nseen hint, {label} ({len(seen)} other cards): {plain * 1000:.2f} ms a box; "
              f"with the up card (trainer): {informed * 1000:.2f} ms")
