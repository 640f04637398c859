"""Docs that name where code lives, or what a command does, say it as the code has it (found by a hostile test:
bet-model.md put SIDE_WORDS in cli/prompts.py; storage.md said `brag db copy` copies every session)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _doc(name: str) -> str:
    return " ".join((ROOT / "docs" / name).read_text(encoding="utf-8").split())


def test_bet_model_names_the_file_that_holds_the_side_bet_words():
    text = _doc("bet-model.md")
    assert "`SIDE_WORDS` in `casino/bets/__init__.py`" in text and "cli/prompts.py: SIDE_WORDS" not in text
    source = (ROOT / "casino" / "bets" / "__init__.py").read_text(encoding="utf-8")
    assert "\nSIDE_WORDS" in source and "\ndef side_bet_named(" in source


def test_storage_says_db_copy_leaves_traditional_brag_behind():
    text = _doc("storage.md")
    assert "traditional Brag sessions (`brag classic`) are not copied" in text
    assert "# every session\n" not in (ROOT / "docs" / "storage.md").read_text(encoding="utf-8")
