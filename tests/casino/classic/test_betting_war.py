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


def test_with_an_agreed_showdown_a_war_ends_at_a_showdown_not_in_folds() -> None:
    """Where the rules have an agreed showdown, computer players at their bet bound agree to show (the best
    hand wins) instead of folding one by one until the last to fold takes the pot."""
    import random

    from casino.classic.actions import AgreedShowdown
    from casino.classic.opponents.seat import CharacterOpponent
    from casino.classic.rules import ClassicRules
    from casino.classic.table import ClassicTable

    rules = ClassicRules(agreed_showdown=True)
    players = [CharacterOpponent(name) for name in ("steady", "loose", "bluffer", "steady")]
    showdowns = wars = 0
    for seed in range(12):
        table = ClassicTable(rules, [f"P{i}" for i in range(4)], [100_000] * 4, seed=f"war {seed}")
        for _ in range(5):
            record = table.play_hand(players, random.Random(seed))
            bets = max(sum(1 for e in record.events if getattr(e, "seat", None) == s and type(e).__name__ == "BetMade")
                       for s in range(4))
            if bets >= MAX_OWN_BETS:
                wars += 1
                showdowns += any(isinstance(e, AgreedShowdown) for e in record.events)
    assert wars > 0 and showdowns == wars, (wars, showdowns)
