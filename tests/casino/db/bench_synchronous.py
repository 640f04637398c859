"""Per-round cost of storing a settled round under ``PRAGMA synchronous=FULL`` versus ``NORMAL`` (WAL).

Run by hand: ``pytest -m benchmark -s tests/casino/db/bench_synchronous.py``. Both settings are timed side
by side in one run (the machine is shared: compare the ratio, not the absolute figures).
"""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.db import database, store
from casino.games import load_game
from casino.sitting import Sitting, flat_stakes
from casino.strategy import play_mask

pytestmark = pytest.mark.benchmark

ROUNDS = 1000


def _store_rounds(tmp_path, setting: str, monkeypatch) -> float:
    monkeypatch.setattr(database, "SYNCHRONOUS", setting)
    game = load_game("3-card-brag")
    mask = play_mask(game, "optimal")
    sitting = Sitting(game, Fraction(10**6), seed="bench")
    results = [sitting.play_round(flat_stakes(2, Fraction(1), Fraction(1))(sitting), mask) for _ in range(ROUNDS)]
    with Session(database.connect(f"sqlite:///{tmp_path / f'{setting}.db'}")) as db:
        assert db.connection().exec_driver_sql("PRAGMA synchronous").scalar() == {"FULL": 2, "NORMAL": 1}[setting]
        record = store.create_session(game, Fraction(10**6), {}, session=db)
        start = time.perf_counter()
        for result in results:  # each round its own transaction, as at the table
            store.record_round(record.id, result, Fraction(0), Fraction(0), session=db)
        return (time.perf_counter() - start) / ROUNDS


def test_synchronous_normal_against_full(tmp_path, monkeypatch):
    timings = {s: [] for s in ("FULL", "NORMAL")}
    for attempt in range(2):
        for setting in timings:
            folder = tmp_path / f"run{attempt}"
            folder.mkdir(exist_ok=True)
            timings[setting].append(_store_rounds(folder, setting, monkeypatch))
    full, normal = min(timings["FULL"]), min(timings["NORMAL"])
    print(f"\nper stored round: FULL {full * 1e3:.2f} ms, NORMAL {normal * 1e3:.2f} ms, ratio {full / normal:.1f}x")
