"""Commands that touch no database load none of the database layer: SQLAlchemy and SQLModel take a quarter of a
second to import, and ``brag referee`` is measured as a whole process (found by the benchmark: a constant imported
from ``casino.db.copy`` at the top of ``cli/db.py``, and the ``--db`` words every command resets, loaded them for
every command)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_referee_and_help_load_no_database_code(tmp_path):
    from casino.classic.referee import EXAMPLE

    hand = tmp_path / "hand.toml"
    hand.write_text(EXAMPLE, encoding="utf-8")
    code = ("import sys; from typer.testing import CliRunner; from cli.main import app; "
            f"done = [CliRunner().invoke(app, args).exit_code for args in (['referee', {str(hand)!r}], ['--help'])]; "
            "print(done, sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'sqlmodel'}))")
    found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == "[0, 0] []", found.stdout
