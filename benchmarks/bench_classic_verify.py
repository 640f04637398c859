"""Traditional Brag records: storing hands with their hash chain, and ``brag verify ID --classic``.

Run: ``pytest -m benchmark -s benchmarks/bench_classic_verify.py``. A 1,000-hand session of six computer
players (standard rules) is stored hand by hand in a SQLite file, as ``brag classic --auto`` stores it
(each hand's start pending, then settled, one transaction each), then verified: in the library (the
recomputation and the chain, :func:`casino.db.classic_verify.check_classic`) and as a whole ``brag
verify`` process. Figures are printed, not asserted (the machine is shared); CPU time beside wall time.
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
HANDS = 1000


def _store(url: str) -> int:
    from sqlmodel import Session

    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable
    from casino.classic.view import SimpleOpponent
    from casino.db import classic_store
    from casino.db.database import connect

    rules = load_rules("classic-brag").with_changes(chips="100000")
    names = [f"P{i}" for i in range(6)]
    engine = connect(url)
    with Session(engine) as db:
        record = classic_store.create_session(rules, names, ["simple"] * 6, HANDS, {"seed": "bench"}, session=db)
        table = ClassicTable(rules, names, seed="bench")
        bots, rng = [SimpleOpponent()] * 6, random.Random(1)
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(HANDS):
            table.start_hand()
            classic_store.start_pending(record.id, table, session=db)
            while not table.hand_done:
                table.act(bots[table.to_act].decide(table.view(table.to_act), table.legal_actions(), rng))
            classic_store.save_hand(record.id, table.end_hand(), table, session=db)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        sid = record.id
    engine.dispose()
    print(f"\nstored {HANDS:,} hands (pending, then settled): {wall:.2f} s wall, {cpu:.2f} s CPU "
          f"({HANDS / cpu:,.0f} hands/s of CPU)")
    return sid


def test_verify_a_thousand_hand_session(tmp_path):
    from sqlmodel import Session

    from casino.db.classic_verify import check_classic
    from casino.db.database import connect

    path = tmp_path / "brag.db"
    sid = _store(f"sqlite:///{path}")
    engine = connect(f"sqlite:///{path}", read_only=True)
    with Session(engine) as db:
        wall, cpu = time.perf_counter(), time.process_time()
        report = check_classic(sid, session=db)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    engine.dispose()
    assert report.ok, report.problems[:3]
    print(f"verify in the library: {wall:.2f} s wall, {cpu:.2f} s CPU")
    wall = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cli", "verify", str(sid), "--classic", "--db", str(path)],
                          cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - wall
    assert done.returncode == 0, done.stdout + done.stderr
    print(f"brag verify {sid} --classic (whole process): {wall:.2f} s wall")
