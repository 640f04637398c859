"""`brag history --all --json` and `--csv` on a long session: time and peak memory of a real `brag` process,
and its output checked (every hand there, in order, the JSON whole).

    pytest -m benchmark -s benchmarks/bench_history.py                       # 1,000,000 hands
    BRAG_BENCH_HANDS=100000 pytest -m benchmark -s benchmarks/bench_history.py
    BRAG_BENCH_WHOLE=1 BRAG_BENCH_HANDS=100000 pytest -m benchmark -s benchmarks/bench_history.py

The session is the one `bench_records.py` builds (real hands dealt by the engine, bulk-inserted with their
chain). The output goes to a file, never through the measuring process. ``BRAG_BENCH_WHOLE=1`` also measures
the way `history --json` used to work (every hand read into a list, the whole document built, then printed),
for the ratio; it needs about 12 KB per hand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks.bench_records import HANDS, ROOT, build_session

pytestmark = pytest.mark.benchmark

#: the old way: every hand with its boxes and bets in lists, one JSON document built, then printed
_WHOLE = """
import sys
from cli.history import _hand_dict, _id, open_db
from cli.render import print_json
from casino.db import store
sid, url = int(sys.argv[1]), sys.argv[2]
with open_db(url, read_only=True) as session:
    hands = store.hands_with_boxes(sid, session=session)
    bets = store.bets_of([_id(h) for h, _ in hands], session=session)
    summary = store.session_summary(sid, session=session)
    record = store.get_session(sid, session=session)
    settings = store.settings_of(record)
    print_json({**summary.to_dict(), "practice": settings.get("seed") is not None, "settings": settings,
                "hands": [_hand_dict(h, boxes, bets.get(_id(h))) for h, boxes in hands]})
"""


#: runs one child and reports its peak resident memory (KB) and the CPU seconds it used
_WRAPPER = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:]); "
            "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
            "print(u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr); sys.exit(done.returncode)")


def to_file(args: list[str], out: Path) -> tuple[float, float, float]:
    """Run a real process with its stdout going to ``out``: (wall seconds, CPU seconds, peak MB of that
    process). CPU seconds are reported too: on a shared machine the wall time also counts the waiting."""
    started = time.perf_counter()
    with out.open("wb") as sink:
        done = subprocess.run([sys.executable, "-c", _WRAPPER, *args], cwd=ROOT, stdout=sink, stderr=subprocess.PIPE,
                              text=False)
    seconds = time.perf_counter() - started
    *rest, last = done.stderr.decode().strip().splitlines()
    assert done.returncode == 0, "\n".join(rest)[-2000:]
    peak, cpu = last.split()
    return seconds, float(cpu), int(peak) / 1024


def count_hands(path: Path) -> tuple[int, int, bytes]:
    """(hand entries, the last hand's number, the file's last bytes), read a block at a time."""
    count, last, tail = 0, 0, b""
    marker = b'\n    {"hand": '
    with path.open("rb") as f:
        carry = b""
        while block := f.read(1 << 22):
            data = carry + block
            start = 0
            while (i := data.find(marker, start)) >= 0:
                end = data.find(b",", i + len(marker))
                if end < 0:
                    break
                count += 1
                last = int(data[i + len(marker):end])
                start = end
            carry = data[max(start, len(data) - 64):]
            tail = data[-200:]
    return count, last, tail


def test_history_all_json_and_csv_on_a_long_session(tmp_path):
    path = tmp_path / "big.db"
    sid, _, built = build_session(f"sqlite:///{path}", HANDS)
    print(f"\nbuilt a {HANDS:,}-hand session in {built:.1f} s, {path.stat().st_size / 2**20:,.0f} MB")

    out = tmp_path / "history.json"
    seconds, cpu, peak = to_file([sys.executable, "-m", "cli", "history", str(sid), "--all", "--json", "--db", str(path)],
                                 out)
    count, last, tail = count_hands(out)
    assert count == HANDS and last == HANDS and tail.endswith(b"\n  ]\n}\n")
    size = out.stat().st_size
    print(f"history --all --json: {seconds:.1f} s wall, {cpu:.1f} s CPU ({HANDS / cpu:,.0f} hands per CPU second), "
          f"peak {peak:,.0f} MB, "
          f"output {size / 2**20:,.0f} MB")
    if HANDS <= 200_000:  # small enough to read back whole here: it must be one valid JSON document
        with out.open("rb") as f:
            assert len(json.load(f)["hands"]) == HANDS
    out.unlink()

    out = tmp_path / "history.csv"
    seconds, cpu, peak = to_file([sys.executable, "-m", "cli", "history", str(sid), "--csv", "--db", str(path)], out)
    with out.open("rb") as f:
        rows = sum(1 for _ in f) - 1
    assert rows >= 2 * HANDS  # Ante and Play or Ante alone, and Pair Plus: at least two bets per hand
    print(f"history --csv: {seconds:.1f} s wall, {cpu:.1f} s CPU ({HANDS / cpu:,.0f} hands per CPU second), "
          f"peak {peak:,.0f} MB, {rows:,} rows, "
          f"output {out.stat().st_size / 2**20:,.0f} MB")
    out.unlink()

    if os.environ.get("BRAG_BENCH_WHOLE"):
        out = tmp_path / "whole.json"
        seconds, cpu, peak = to_file([sys.executable, "-c", _WHOLE, str(sid), str(path)], out)
        assert out.stat().st_size > size  # the same hands, indented
        print(f"the old way (every hand in a list, the whole document built, indented): {seconds:.1f} s wall, "
              f"{cpu:.1f} s CPU, peak {peak:,.0f} MB")
