"""Speed of ``brag play --auto``: stored hands a second, each settled hand its own transaction.

Run: ``pytest -m benchmark -s benchmarks/bench_play.py``. Nothing asserts a time: the figures are printed.
The target (issue 10) is at least 500 stored hands a second for the whole process on a quiet machine.
Two figures per case: the wall clock, and the CPU time of the process (on a shared machine the wall
clock includes waiting for a core; the CPU figure is what a quiet machine approaches).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest

pytestmark = pytest.mark.benchmark

ROOT = Path(__file__).resolve().parents[1]
TARGET = 500


def service_rate(url: str, hands: int, *, side_bets: bool) -> tuple[float, float]:
    """(hands per wall second, hands per CPU second) for :meth:`casino.service.TableService.autoplay`."""
    from sqlmodel import Session

    from casino.db.database import connect
    from casino.events import BoxBets
    from casino.games import load_game
    from casino.service import TableService
    from casino.strategy import play_mask

    game = load_game("brag-with-side-bets" if side_bets else "3-card-brag")
    sides = {"six_card_bonus": 1, "colour_bonus": 1, "prime": 1, "progressive": 1} if side_bets else {}
    with Session(connect(url)) as db:
        service = TableService.new(game, Fraction(10**7), stakes=[BoxBets(1, 5, 1, sides)], seed="bench")
        service.open(db)
        mask = play_mask(game, "optimal")
        bets = service.stakes
        wall, cpu = time.perf_counter(), time.process_time()
        played = service.autoplay(lambda sitting: bets, mask, hands=hands)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        assert played == hands == service.rounds_stored()
    return hands / wall, hands / cpu


def process_rate(tmp: Path, hands: int, *args: str) -> tuple[float, float]:
    """(hands per wall second, per CPU second) for a whole ``brag play --auto`` process (imports included)."""
    db = tmp / f"play-{len(args)}.db"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("BRAG_DB", None)
    before = os.times()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cli", "play", "--db", f"sqlite:///{db}", "--auto", "--hands", str(hands),
                    "--seed", "bench", "--bankroll", "10000000", "--json", *args],
                   cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return hands / wall, hands / cpu


def test_play_auto_stored_hands_per_second(tmp_path):
    hands = 3000
    print()
    for label, side_bets in (("Ante + Pair Plus", False), ("Ante + Pair Plus + 4 side bets", True)):
        wall, cpu = service_rate(f"sqlite:///{tmp_path / f'service-{side_bets}.db'}", hands, side_bets=side_bets)
        print(f"service, SQLite file, {label}: {wall:,.0f} hands/s wall, {cpu:,.0f} hands/s CPU")
    wall, cpu = process_rate(tmp_path, hands, "--ante", "5", "--pair-plus", "1")
    print(f"brag play --auto --hands {hands} (whole process): {wall:,.0f} hands/s wall, {cpu:,.0f} hands/s CPU"
          f" (target {TARGET})")
    wall, cpu = process_rate(tmp_path, hands, "brag-with-side-bets", "--ante", "5", "--pair-plus", "1",
                             "--side-bet", "6cb=1", "--side-bet", "colour=1", "--side-bet", "prime=1",
                             "--side-bet", "prog=1")
    print(f"... with every side bet: {wall:,.0f} hands/s wall, {cpu:,.0f} hands/s CPU")
