"""Whole-process times of the commands a player types first, against a bare ``python -c pass``.

Run: ``pytest -m benchmark -s benchmarks/bench_startup.py``. Targets (issue 10, on a quiet machine):
``brag --help`` <= 0.25 s, ``brag edge`` <= 0.4 s, ``brag simulate --hands 1`` <= 0.6 s. The machine
is shared, so each command runs several times, interleaved, and the medians are printed with their ratio
to the bare interpreter's start (nothing here asserts a time). Also printed: what ``brag simulate``
imports that it used to (``scipy.stats``: no more).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.benchmark

ROOT = Path(__file__).resolve().parents[1]
RUNS = 9
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "brag --help": [sys.executable, "-m", "cli", "--help"],
    "brag edge": [sys.executable, "-m", "cli", "edge"],
    "brag simulate --hands 1": [sys.executable, "-m", "cli", "simulate", "--hands", "1", "--seed", "1"],
}
TARGETS = {"brag --help": 0.25, "brag edge": 0.4, "brag simulate --hands 1": 0.6}


def _run(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - start


def test_startup_times() -> None:
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(RUNS):  # interleaved: a busy moment on the machine touches every command alike
        for name, args in COMMANDS.items():
            times[name].append(_run(args))
    bare = statistics.median(times["python -c pass"])
    print(f"\n{'command':<26}{'median':>9}{'min':>9}{'x python':>10}{'target':>9}")
    for name, runs in times.items():
        median = statistics.median(runs)
        target = TARGETS.get(name)
        print(f"{name:<26}{median:>8.3f}s{min(runs):>8.3f}s{median / bare:>10.1f}"
              f"{f'{target:.2f}s' if target else '':>9}")
    check = subprocess.run(
        [sys.executable, "-c", "import sys, runpy; sys.argv = ['brag', 'simulate', '--hands', '1'];\n"
         "try:\n    runpy.run_module('cli', run_name='__main__')\nexcept SystemExit:\n    pass\n"
         "print('scipy.stats' in sys.modules, 'scipy.special' in sys.modules, file=sys.stderr)"],
        capture_output=True, text=True, cwd=ROOT,
    )
    print(f"`brag simulate --hands 1` imports scipy.stats / scipy.special: {check.stderr.strip().splitlines()[-1]}")
