"""casino.ids: the one range of ids (1 to 2**63 - 1) and its one message, for the database, the command line
and the web; importing it costs nothing (the command line imports it while checking an argument)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from casino.ids import MAX_ID, id_problem

ROOT = Path(__file__).resolve().parents[2]


def test_max_id_is_the_largest_signed_64_bit_integer():
    assert MAX_ID == 9_223_372_036_854_775_807 == 2**63 - 1


@pytest.mark.parametrize("value", [1, "1", " 42 ", MAX_ID, str(MAX_ID)])
def test_an_id_in_range_has_no_problem(value):
    assert id_problem(value) is None


@pytest.mark.parametrize("value, said", [
    (0, "'0' is not a session id: ids run from 1 to 9,223,372,036,854,775,807"),
    (-5, "'-5' is not a session id: ids run from 1 to 9,223,372,036,854,775,807"),
    (MAX_ID + 1, "'9223372036854775808' is not a session id: ids run from 1 to 9,223,372,036,854,775,807 "
                 "(it is too large)"),
    ("1" * 40, f"'{'1' * 30}' is not a session id: ids run from 1 to 9,223,372,036,854,775,807 (it is too large)"),
    ("12a", "'12a' is not a session id: ids run from 1 to 9,223,372,036,854,775,807"),
])
def test_an_id_out_of_range_is_worded_once(value, said):
    assert id_problem(value) == said


def test_a_hand_number_says_hand_numbers():
    assert id_problem(MAX_ID + 1, "hand number") == (
        "'9223372036854775808' is not a hand number: hand numbers run from 1 to 9,223,372,036,854,775,807 "
        "(it is too large)")


def test_the_store_and_the_front_ends_share_the_one_definition():
    from casino.db import store

    assert store.MAX_ID is MAX_ID and store.id_problem is id_problem
    for path in ("cli/history.py", "cli/play.py", "cli/db.py", "web/tables.py", "casino/db/store.py"):
        text = (ROOT / path).read_text()
        assert not re.search(r"^\s*MAX_ID\s*=|2\s*\*\*\s*63\s*-\s*1\s*(#|$)", text, re.M), f"{path} defines its own"
    assert "2**63" not in (ROOT / "casino/db/classic_store.py").read_text()  # its id range is built on MAX_ID


def test_importing_it_imports_nothing_else():
    code = ("import sys; before = set(sys.modules); import casino.ids; "
            "print(sorted(m for m in set(sys.modules) - before if m not in ('casino', 'casino.ids')))")
    found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                           timeout=300)
    assert found.stdout.strip() == "[]"
