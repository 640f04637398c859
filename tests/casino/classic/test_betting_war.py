"""Computer players in a three-way betting war (no see with three left) once kept staying at the stake
until 100,000 chips ran out: a session that never ended at the terminal and froze the web server. A
computer player now makes at most MAX_OWN_BETS bets in a hand, then sees or folds."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from casino.classic.opponents.seat import MAX_OWN_BETS

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("seed", ["1", "2"])
def test_deep_stacked_computer_players_finish_their_hands(tmp_path: Path, seed: str) -> None:
    db = tmp_path / "war.db"
    done = subprocess.run([sys.executable, "-m", "cli", "classic", "--auto", "--hands", "20", "--opponents", "7",
                           "--chips", "100000", "--seed", seed, "--db", str(db)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)  # (before the bound, seeds 1 and 2 ran for hours)
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(db) as con:
        hands = con.execute("select count(*) from classic_hands").fetchone()[0]
    assert hands == 20
    assert 10 <= MAX_OWN_BETS <= 100
