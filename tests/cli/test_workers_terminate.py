"""`kill` (SIGTERM to the brag process alone) of a run with --workers stops its worker processes too, as Ctrl-C
(which reaches the whole process group) does. Found by a hostile test: the tournament's workers were left waiting
for work for good, the simulation's computing on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to find the workers")
@pytest.mark.parametrize("command", [["tournament", "--deals", "200000", "--workers", "2", "--seed", "5"],
                                     ["simulate", "--hands", "300000000", "--workers", "2", "--seed", "8"]],
                         ids=["tournament", "simulate"])
def test_a_kill_stops_the_workers_too(command):
    run = subprocess.Popen([sys.executable, "-m", "cli", *command], cwd=ROOT, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        workers: set[int] = set()
        for _ in range(600):  # until both workers are up (a bound on the wait, not a timing)
            workers = _children(run.pid)
            if len(workers) >= 2:
                break
            time.sleep(0.1)
        assert len(workers) >= 2, workers
        run.send_signal(signal.SIGTERM)
        run.communicate(timeout=120)
        assert run.returncode == 130, run.returncode  # as Ctrl-C
        for _ in range(300):
            alive = {pid for pid in workers if Path(f"/proc/{pid}").exists()
                     and "Z" not in (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:1] or ["Z"])}
            if not alive:
                break
            time.sleep(0.1)
        assert not alive, f"workers left behind: {alive}"
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
