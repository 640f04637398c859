"""The ``brag`` commands a storing command suggests at its end, written for the database it used.

``brag play --db FILE`` that ends with "see 'brag history 1'" sends the player to the default database, where
session 1 is someone else's or nobody's: the suggestions carry ``--db`` when the command was given one
(a word of the shell; a password in a URL is shown as ``***``, never echoed).

    >>> given("/tmp/my games.db"); brag("history 1")
    'brag history 1 --db "/tmp/my games.db"'
    >>> given("postgresql://ann:secret@db.example/brag"); brag("verify 2 --classic")
    'brag verify 2 --classic --db "postgresql://ann:***@db.example/brag"'
    >>> given(None); brag("verify 2")
    'brag verify 2'
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Optional

_FLAG: ContextVar[str] = ContextVar("brag_db_flag", default="")


def given(db: Optional[str]) -> None:
    """Remember the ``--db`` of the command now running (each storing command calls this first)."""
    if db is None:  # (every command starts so: nothing of the database layer is loaded for it)
        _FLAG.set("")
        return
    from casino.db.locations import db_option

    _FLAG.set(db_option(db))


def brag(command: str) -> str:
    """``brag COMMAND`` with the running command's ``--db``."""
    return f"brag {command}{_FLAG.get()}"
