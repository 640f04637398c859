"""Traditional Brag speed: bot-only hands in the engine, and ``brag referee`` as a whole process.

Run: ``pytest -m benchmark -s benchmarks/bench_classic.py``. Targets (issue 8): six seats of computer
players under the standard rules at 2,000 hands a second or more on one core, and ``brag referee`` in
under half a second from start to exit on a quiet machine. The figures are printed, not asserted (the
machine is shared); CPU time is printed next to wall time because other jobs inflate the wall clock.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.benchmark

ROOT = Path(__file__).resolve().parents[1]


def test_bot_hands_per_second():
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable
    from casino.classic.view import SimpleOpponent

    rules = load_rules("classic-brag")
    bots = [SimpleOpponent()] * 6
    rng = random.Random(1)
    hands = 0
    wall, cpu = time.perf_counter(), time.process_time()
    table_no = 0
    while hands < 20_000:
        table_no += 1
        table = ClassicTable(rules, [f"P{i}" for i in range(6)], seed=str(table_no))
        while table.can_deal() and hands < 20_000:
            table.play_hand(bots, rng)
            hands += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"\nclassic engine, 6 simple bots, standard rules: {hands:,} hands in {wall:.2f} s wall "
          f"({hands / wall:,.0f} hands/s), {cpu:.2f} s CPU ({hands / cpu:,.0f} hands/s per core)")


def test_referee_whole_process(tmp_path):
    from casino.classic.referee import EXAMPLE

    path = tmp_path / "hand.toml"
    path.write_text(EXAMPLE, encoding="utf-8")
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "cli", "referee", str(path)], cwd=ROOT, capture_output=True)
        runs.append(time.perf_counter() - start)
        assert done.returncode == 0
    usage = subprocess.run(
        [sys.executable, "-c", "import resource, subprocess, sys; subprocess.run([sys.executable, '-m', 'cli', "
         f"'referee', {str(path)!r}], capture_output=True); r = resource.getrusage(resource.RUSAGE_CHILDREN); "
         "print(r.ru_utime + r.ru_stime)"], cwd=ROOT, capture_output=True, text=True)
    print(f"\nbrag referee, whole process: best {min(runs):.3f} s, median {sorted(runs)[2]:.3f} s wall; "
          f"{float(usage.stdout):.3f} s CPU")
