"""casino.db.store gathers the casino table's persistence modules: every name it had before they were split
out is still there, and is the very object its home module defines (one definition, no copies)."""

from __future__ import annotations

import importlib

from casino.db import store

#: store's public names when it was one module: callers and tests use them as ``store.NAME``
NAMES = {
    "create_session", "record_round", "record_deal", "missing_deal", "refuse_unplayable_here", "pending_hand",
    "pending_hash", "PendingHand", "StoredRound", "progressive_meter", "hold_meter", "stored_meters", "bets_of",
    "MeterBet", "end_session", "reopen_session", "get_session", "latest_session",
    "list_sessions", "hands_of", "get_hand", "boxes_of", "hands_with_boxes", "session_summary", "last_round",
    "delete_session", "game_of", "last_bets", "resume_sitting", "restore_stats", "settings_of", "SessionSummary",
    "money", "cards_text", "lease_owner", "claim_session", "release_session", "stream_hands", "totals_of",
    "genesis_of", "LEASE_STALE_SECONDS", "UnreadableValue", "unreadable", "read_amount", "MAX_ID", "id_problem",
}
HOMES = ["casino.db.sessions", "casino.db.leases", "casino.db.pending", "casino.db.rounds", "casino.db.hands",
         "casino.db.meters", "casino.db.resuming", "casino.db.rows", "casino.ids"]


def test_every_name_is_still_there():
    assert set(store.__all__) == NAMES
    assert all(hasattr(store, name) for name in NAMES)


def test_each_name_has_one_home_and_is_its_object():
    modules = [importlib.import_module(name) for name in HOMES]
    for name in NAMES:
        homes = [m.__name__ for m in modules if name in getattr(m, "__all__", ())]
        assert len(homes) == 1, (name, homes)
        assert getattr(importlib.import_module(homes[0]), name) is getattr(store, name), name


def test_any_module_can_be_imported_first():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    for name in HOMES:  # a fresh interpreter each: no import cycle hides behind an order that happens to work
        subprocess.run([sys.executable, "-c", f"import {name}"], cwd=root, check=True, timeout=300)


def test_the_sessions_table_handle_is_defined_once():
    """The Core handle of the sessions table is rows.SESSIONS; the modules that build bulk statements on it
    import that one object, none builds its own."""
    import re
    from pathlib import Path

    from casino.db import meters, pending, rounds, rows
    from casino.db.models import SessionRecord

    assert rows.SESSIONS is SessionRecord.__table__
    assert meters.SESSIONS is rows.SESSIONS and rounds.SESSIONS is rows.SESSIONS and pending.SESSIONS is rows.SESSIONS
    root = Path(__file__).resolve().parents[3]
    homes = [path.relative_to(root).as_posix() for path in sorted((root / "casino").rglob("*.py"))
             if re.search(r"\bcore_table\(\s*SessionRecord\s*\)|^_?SESSIONS\s*=\s*\S*\bSessionRecord\b", path.read_text(), re.M)]
    assert homes == ["casino/db/rows.py"], homes
