"""docs/fairness.md gives the deck derivation byte for byte, with a Python version a player can run: it must
deal exactly what casino.fair.deck_order deals (a tester found the prose alone left the counter's width and the
words' byte order to guess: only an 8-byte big-endian counter and big-endian 32-bit words match)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from casino.fair import deck_order

DOC = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"


def _the_documented_deck():
    text = DOC.read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "def deck(" in b]
    assert len(blocks) == 1, "docs/fairness.md shows the deck derivation as one Python block"
    scope: dict = {}
    exec(blocks[0], scope)  # noqa: S102 - the project's own documentation
    return scope["deck"]


def test_the_documented_deck_is_the_one_dealt():
    deck = _the_documented_deck()
    assert tuple(deck(bytes(32)))[:6] == deck_order(bytes(32))[:6] == (44, 49, 27, 24, 11, 19)
    for _ in range(200):
        seed = os.urandom(32)
        assert tuple(deck(seed)) == deck_order(seed)


def test_the_docs_say_where_the_terminal_keeps_the_house_seed():
    """The pending hand's house seed is in the player's own file during the decision: the docs say so plainly."""
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "pending hand's house seed in the player's own database file" in text
    assert "`brag serve` run on the house's machine" in text
