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

import shlex
from contextvars import ContextVar
from typing import Optional

_FLAG: ContextVar[str] = ContextVar("brag_db_flag", default="")


def flag(db: Optional[str]) -> str:
    """`` --db URL`` for a ``--db`` given on the command line, else ``""`` (the default or $BRAG_DB)."""
    if db is None:
        return ""
    shown = db
    if "://" in db:
        try:
            from sqlalchemy.engine import make_url

            url = make_url(db)
            if url.password is not None:
                shown = url.render_as_string(hide_password=True)
        except Exception:  # noqa: BLE001 - a URL that does not parse was refused before anything was stored
            pass
    return f" --db {_shell_word(shown)}"


def _shell_word(text: str) -> str:
    """``text`` as one shell word: bare when it can be, else in double quotes (the suggestions themselves are
    in single quotes in the prose), else quoted by :func:`shlex.quote`."""
    if shlex.quote(text) == text:
        return text
    if not any(c in text for c in '"$`\\!\'\n'):
        return f'"{text}"'
    return shlex.quote(text)


def given(db: Optional[str]) -> None:
    """Remember the ``--db`` of the command now running (each storing command calls this first)."""
    _FLAG.set(flag(db))


def brag(command: str) -> str:
    """``brag COMMAND`` with the running command's ``--db``."""
    return f"brag {command}{_FLAG.get()}"
