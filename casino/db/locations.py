"""Which database a URL names, however it is spelled: the SQLite file (:func:`sqlite_file`), whether two URLs
name one database (:func:`same_database`), SQLite URI options that would be ignored (refused), and a new file
removed again when the command that made it is refused (:func:`nothing_left_behind`).

    >>> str(sqlite_file("sqlite:///file:/tmp/x.db?mode=rwc&uri=true"))
    '/tmp/x.db'
    >>> same_database("sqlite:////tmp/x.db", "sqlite:///file://localhost/tmp/x.db?uri=true")
    True
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from casino.db.database import StoreError, _shown, _uri_path

__all__ = ["sqlite_file", "same_database", "nothing_left_behind", "driver_options", "refuse_ignored_options"]


#: the URL options SQLAlchemy's SQLite driver takes itself; any other needs ``uri=true`` (a SQLite URI option)
_DRIVER_OPTIONS = ("uri", "timeout", "isolation_level", "detect_types", "check_same_thread", "cached_statements")


def _is_uri(parsed: Any) -> bool:
    """Whether a SQLite URL's database is a SQLite URI (``file:…`` with ``uri=true``), as the driver reads it."""
    from sqlalchemy.util import asbool

    value = parsed.query.get("uri")
    if isinstance(value, tuple):
        value = value[-1] if value else None
    try:
        return bool(value is not None and asbool(value))
    except ValueError:
        return False


def driver_options(parsed: Any, *, uri: bool) -> dict[str, Any]:
    """The URL's driver options (no SQLite URI option: the URI is rebuilt), with ``uri`` as given."""
    kept = {key: value for key, value in parsed.query.items() if key in _DRIVER_OPTIONS and key != "uri"}
    return {**kept, "uri": "true"} if uri else kept


def refuse_ignored_options(parsed: Any, url: str) -> None:
    """A SQLite URL with URI options (``?mode=ro``) but no ``uri=true``: the driver would ignore them (with a
    warning), and the player would not get what they asked for (a read-only open, say). With ``uri=true`` but no
    ``file:`` name, SQLite would make them part of the file's name (``w.db?mode=rwc``). Refused in one line."""
    ignored = sorted(key for key in parsed.query if key not in _DRIVER_OPTIONS)
    if _is_uri(parsed):
        if ignored and not str(parsed.database or "").startswith("file:"):  # SQLite would take them as the name
            raise StoreError(f"database {_shown(url)}: the SQLite option(s) {', '.join(ignored)} need a file: name with "
                             "uri=true (sqlite:///file:/path/brag.db?mode=ro&uri=true): without it they would be "
                             "part of the file's name")
        return
    if ignored:
        raise StoreError(f"database {_shown(url)}: the SQLite option(s) {', '.join(ignored)} take effect only with "
                         "uri=true and a file: name (sqlite:///file:/path/brag.db?mode=ro&uri=true); give a plain "
                         "path otherwise")


def sqlite_file(url: Any) -> Path | None:
    """The file a SQLite URL (text or parsed) names, as an absolute path, however it is spelled: a relative or
    absolute path, or a ``file:`` URI (``uri=true``) with its query string; ``None`` for a database in memory
    or another backend. Symbolic links are not resolved (``Path.resolve`` does that where the file itself matters).

        >>> str(sqlite_file("sqlite:////tmp/x.db")), str(sqlite_file("sqlite:///file:/tmp/x.db?mode=rw&uri=true"))
        ('/tmp/x.db', '/tmp/x.db')
        >>> sqlite_file("sqlite://"), sqlite_file("postgresql://h/brag")
        (None, None)
    """
    from urllib.parse import unquote

    from sqlalchemy.engine import make_url

    from casino.db.copy import in_memory

    try:
        parsed = make_url(url) if isinstance(url, str) else url
        if parsed.get_backend_name() != "sqlite" or in_memory(parsed):
            return None
    except Exception:  # noqa: BLE001 - not a URL: connect() names the problem
        return None
    database = str(parsed.database)
    if _is_uri(parsed) and database.startswith("file:"):
        rest = database[5:].split("#", 1)[0].split("?", 1)[0]
        if rest.startswith("//"):  # file://host/path: SQLite takes only an empty host or localhost
            host, _, tail = rest[2:].partition("/")
            if host.lower() not in ("", "localhost"):
                raise StoreError(f"database {_shown(str(url))}: a SQLite file: URI names no other host than "
                                 f"localhost, not {host[:40]!r}")
            rest = "/" + tail
        database = unquote(rest)
        if not database:
            return None  # file: with no name: a temporary database, gone when closed
    if "\x00" in database:  # no file is named so (%00, or %2500 in a file: URI)
        raise StoreError(f"database {_shown(str(url))}: the file name holds a NUL character")
    return Path(os.path.abspath(database))


def same_database(first: str, second: str) -> bool:
    """Whether two database URLs name the same database, however each is spelled: for SQLite the same file
    (relative or absolute paths, ``file:`` URIs, query strings, symbolic and hard links); for PostgreSQL the
    same host, port and database name (a loopback address is ``localhost``). In-memory databases are never
    the same as another.

        >>> same_database("sqlite:////tmp/a.db", "sqlite:///file:/tmp/a.db?mode=rw&uri=true")
        True
        >>> same_database("postgresql://ann@localhost/brag", "postgresql://bob@127.0.0.1:5432/brag")
        True
    """
    from sqlalchemy.engine import make_url

    try:
        one, two = make_url(first), make_url(second)
        backends = one.get_backend_name(), two.get_backend_name()
    except Exception:  # noqa: BLE001 - connect() names a URL that does not parse
        return False
    if backends[0] != backends[1]:
        return False
    if backends[0] == "sqlite":
        files = sqlite_file(one), sqlite_file(two)
        if files[0] is None or files[1] is None:
            return False
        try:
            if files[0].exists() and files[1].exists():
                return os.path.samefile(files[0], files[1])
            return files[0].resolve() == files[1].resolve()
        except (OSError, RuntimeError):  # unreadable, a loop of links: as spelled (connect() names the problem)
            return files[0] == files[1]
    return _server_database(one) == _server_database(two)


_LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1", "[::1]", "localhost.localdomain"})


def db_option(db: str | None) -> str:
    """`` --db URL`` for a database given as ``--db`` (one shell word; a password in a URL shown as ``***``, never
    repeated), else ``""`` (the default, or $BRAG_DB): what the commands a front end suggests ("brag verify 3")
    add, so that they read the database the session is in::

        >>> db_option("/tmp/my games.db"), db_option("postgresql://ann:pw@h/brag"), db_option(None)
        (' --db "/tmp/my games.db"', ' --db "postgresql://ann:***@h/brag"', '')
    """
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
    import shlex

    if shlex.quote(text) == text:
        return text
    if not any(c in text for c in '"$`\\!\'\n'):
        return f'"{text}"'
    return shlex.quote(text)


def _server_database(parsed: Any) -> tuple[str, int | None, str]:
    """(host, port, database) of a server database's URL, defaults filled in (PostgreSQL: localhost:5432)."""
    def option(name: str) -> str | None:
        value = parsed.query.get(name)
        return (value[-1] if value else None) if isinstance(value, tuple) else value

    host = (parsed.host or option("host") or "localhost").lower()
    port = parsed.port or (int(p) if (p := option("port")) and p.isdigit() else None)
    if parsed.get_backend_name() == "postgresql":
        port = port or 5432
    database = parsed.database or option("dbname") or parsed.username or ""
    return ("localhost" if host in _LOOPBACK else host, port, database)


@contextmanager
def nothing_left_behind(url: str) -> Iterator[None]:
    """For a command that may create the SQLite file ``url`` names only to write into it (``brag db copy``'s
    destination): if the file was not there before and the block fails (a refusal, an error, Ctrl-C) with no
    session stored in it, the file (with its ``-wal``, ``-shm`` and ``-journal``) is removed again: nothing
    half-made is left behind. Close every engine on it inside the block. A file that was there is never removed.
    """
    path = sqlite_file(url)
    new = path is not None and not path.exists()
    try:
        yield
    except BaseException:
        if new and path is not None and path.is_file() and not _holds_sessions(path):
            for suffix in ("-wal", "-shm", "-journal", ""):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
        raise


def _holds_sessions(path: Path) -> bool:
    """Whether the SQLite file holds any session of either table (unreadable: as if it did, so it is kept)."""
    import sqlite3

    try:
        raw = sqlite3.connect(f"file:{_uri_path(path)}?mode=ro", uri=True)
    except sqlite3.Error:
        return True
    try:
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return any(raw.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None
                   for table in ("sessions", "classic_sessions") if table in tables)
    except sqlite3.Error:
        return True
    finally:
        raw.close()
