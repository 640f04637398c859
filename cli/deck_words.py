"""What every table at the terminal says about its decks and its head hash, one way for ``brag play`` (the
casino table and the head-to-head games) and ``brag classic``; a practice session in the one wording of
:mod:`casino.practice` (:data:`~casino.practice.PRACTICE_SENTENCE`).

    out.print(deck_line(settings, client_seed))                 # as the session starts
    out.print(head_line(session_id, head, settings), markup=False)  # as it ends
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional


def practice_line(settings: Optional[Mapping[str, Any]]) -> Optional[str]:
    """The practice sentence in bold yellow (Rich markup) for a session seeded from text, else ``None``."""
    from rich.markup import escape

    from casino.practice import PRACTICE_SENTENCE, is_practice

    return f"[bold yellow]{escape(PRACTICE_SENTENCE)}[/]" if is_practice(settings) else None


def deck_line(settings: Optional[Mapping[str, Any]], client_seed: Optional[str] = None) -> str:
    """Where the decks come from (Rich markup): :func:`practice_line` for a session seeded from text, else
    the secure seed per hand (mixed with the player's client seed, if given)."""
    from rich.markup import escape

    practice = practice_line(settings)
    if practice is not None:
        return practice
    mixed = f", mixed with your client seed {escape(repr(client_seed))}" if client_seed is not None else ""
    return f"Deck: a secure house seed per hand (its SHA-256 commitment shown before you bet){mixed}."


def head_line(session_id: Any, head: str, settings: Optional[Mapping[str, Any]], *, classic: bool = False) -> str:
    """The session's head hash, to keep outside the database (plain text): ``brag verify ID --head HASH``
    checks that no stored hand was changed, removed or added since; a practice session says so again."""
    from casino.practice import PRACTICE_SENTENCE, is_practice

    practice = f" {PRACTICE_SENTENCE}" if is_practice(settings) else ""
    from cli.db_words import brag

    verify = brag(f"verify {session_id}{' --classic' if classic else ''} --head HASH")
    return (f"Head hash: {head} — keep it: '{verify}' "
            f"then shows that no stored hand was changed, removed or added since.{practice}")


def print_head(out: Any, session_id: Any, record: Any, settings: Optional[Mapping[str, Any]]) -> None:
    """:func:`head_line` for a stored session row (nothing when it has no head)."""
    if record is None or record.head_hash is None:
        return
    out.print(head_line(session_id, record.head_hash, settings), markup=False, soft_wrap=True, highlight=False)
