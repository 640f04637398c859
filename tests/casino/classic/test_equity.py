"""The characters' equity: exact counts shipped per hand-table row, checked against a fresh count,
against the one-hand count of the CFR abstraction, and (beyond three hands) against simulation."""

from __future__ import annotations

import random

import numpy as np
import pytest

from casino.besthand import HandRanker
from casino.classic.equity_count import simulate_counts
from casino.classic.opponents.equity import EQUITY_FILE, beat_all, count_rows, win_chance
from casino.hands import hand_table


def test_the_shipped_counts_are_the_counts():
    rng = random.Random(8)
    rows = rng.sample(range(22_100), 6) + [hand_table("brag").index(t) for t in ("3h 3d 3s", "5c 3d 2h", "Qh 8d 4c")]
    beat, not_beaten = count_rows(rows)
    with np.load(EQUITY_FILE) as data:
        assert data["beat"].shape == data["not_beaten"].shape == (22_100, 3)
        assert (data["beat"][rows] == beat).all() and (data["not_beaten"][rows] == not_beaten).all()


def test_against_one_hand_the_counts_agree_with_the_cfr_abstraction_for_every_row():
    assert all(beat_all(row, 1) == pytest.approx(win_chance(row), abs=1e-12) for row in range(22_100))


@pytest.mark.parametrize("text", ["Ah Kd 9c", "7h 7d 2c", "Qh Jh 9h", "Kc Qd Jh"])
def test_four_to_seven_hands_are_within_half_a_point_of_a_simulation(text):
    table = hand_table("brag")
    row = table.index(text)
    cards = [int(c) for c in table.cards[row]]
    ranker = HandRanker()
    key = ranker.three_key(*cards)
    sim = simulate_counts(ranker, key, [c for c in range(52) if c not in cards], 7, 100_000, f"equity-{text}")
    for k in range(1, 8):
        c = sim[k - 1]
        simulated = (c.beat + (c.not_beaten - c.beat) / 2) / c.deals
        assert abs(beat_all(row, k) - simulated) < 0.006, (k, beat_all(row, k), simulated)
    assert all(beat_all(row, k) >= beat_all(row, k + 1) for k in range(1, 8))
