"""The database: which one, opening it (for play, or read-only), recognising it, and its schema.

    >>> from casino.db.database import connect, database_url, schema_revision
    >>> engine = connect("sqlite://")        # in memory; a file is a path or "sqlite:///path/brag.db"
    >>> schema_revision(engine) == HEAD_REVISION
    True
    >>> database_url("games/brag.db").startswith("sqlite:///")
    True

``--db`` (or the ``BRAG_DB`` environment variable) takes a plain file path (a SQLite file) or any
SQLAlchemy URL (``postgresql://user@host/dbname``); the default is ``brag.db`` in the player's
application directory (:func:`database_url`).

Opening for play (:func:`connect`) creates the tables in a new, empty database and upgrades one written
by an older release in place (the Alembic migrations in ``casino/db/migrations``). Opening read-only
(``read_only=True``: ``sessions``, ``history``, ``replay``, ``verify``) never creates a database or
changes a byte of one, works on read-only media, and reads one consistent snapshot (SQLite's reader of a
brag-table file, which is in write-ahead-log mode, may leave that mode's ``-shm`` and ``-wal`` index files
beside it, as every SQLite reader does; never beside a file that is not ours). Either way a database
that is not ours (other tables, another application's file) is refused in one line before anything
is written to it. Database errors that a player can meet (a full disk, a locked or read-only file, a
server that does not answer) arrive as one :class:`StoreError` line, never a traceback.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlmodel import Session, create_engine

from casino.errors import BragError

__all__ = [
    "written",
    "HEAD_REVISION", "StoreError", "UnreadableData", "NotOurDatabase", "MissingDatabase", "NoDatabaseFile", "SessionBusy", "DiskFull",
    "database_url", "describe", "connect", "open_session", "schema_revision", "schema_version", "ENV_VAR",
    "DB_FILE", "SYNCHRONOUS", "SCHEMA_VERSION", "OUR_TABLES",
]

ENV_VAR = "BRAG_DB"
DB_FILE = "brag.db"
#: The Alembic revision this code writes (the newest in ``casino/db/migrations/versions``).
HEAD_REVISION = "0006"
#: The schema_version row's number at HEAD_REVISION (the first release wrote 1).
SCHEMA_VERSION = 2  # unchanged by 0003-0006 (new tables and columns only)
#: Tables a brag-table database holds (besides Alembic's own ``alembic_version``); any other table
#: present means the database belongs to another application, and it is refused.
OUR_TABLES = frozenset({"schema_version", "sessions", "hands", "boxes", "bets", "progressive_meters",
                        "classic_sessions", "classic_hands", "pending_hands",
                        "classic_pending"})
_MAX_URL = 4096  # longer "URLs" are refused before SQLAlchemy parses them


class StoreError(BragError):
    """The database cannot be opened or written, is not ours, or lacks what was asked for."""


class UnreadableData(StoreError):
    """A stored value that cannot be read back as what this code wrote there (a row edited by hand into
    nonsense, or damaged), named in one line. Both games' readers raise it (the casino table's
    :class:`casino.db.store.UnreadableValue`, traditional Brag's :class:`casino.db.classic_rows.UnreadableRecord`):
    exit code 2 at the command line, 409 on the web (the request is fine; the stored session is not)."""


class NotOurDatabase(StoreError):
    """The database holds another application's data: it is refused and never changed."""


class MissingDatabase(StoreError):
    """A read-only command named a database that does not exist (or holds no brag-table data yet)."""


class NoDatabaseFile(MissingDatabase):
    """The SQLite file named is not there at all (a mistyped path, or nothing played there yet)."""


class SessionBusy(StoreError):
    """Another process is playing this session now."""


class DiskFull(StoreError):
    """The disk (or the database's quota) is full: what was being written is not stored."""


def database_url(explicit: str | None = None, *, app_dir: str | Path | None = None, create: bool = True) -> str:
    """``explicit`` (``--db``), else ``$BRAG_DB``, else ``sqlite:///<app_dir>/brag.db``.

    A value without ``://`` is a file path (a SQLite database); ``create=False`` (read-only commands)
    does not create the application directory.

        >>> database_url("sqlite:///x.db"), database_url("/tmp/x.db")
        ('sqlite:///x.db', 'sqlite:////tmp/x.db')
    """
    given = explicit if explicit is not None else os.environ.get(ENV_VAR) or None
    if given is not None:
        if not given.strip():
            raise StoreError("the database is empty text: give a file path or a URL such as sqlite:///brag.db")
        if len(given) > _MAX_URL:
            raise StoreError(f"the database name is {len(given):,} characters long: at most {_MAX_URL:,}")
        if "\x00" in given:
            raise StoreError("the database name holds a NUL character")
        if "://" in given:
            return given
        if given.strip() == ":memory:":  # SQLite's own name for a database in memory (./:memory: names a file)
            return "sqlite://"
        if given.startswith("file:"):  # a SQLite URI (file:brag.db?mode=ro&uri=true), as sqlite:///file:… reads it
            return f"sqlite:///{given}"
        try:
            path = str(Path(given).expanduser().absolute())
        except RuntimeError as error:  # ~nosuchuser: no such home folder
            raise StoreError(f"database {_shown(given)}: {error}") from None
        return file_url(path)
    if app_dir is None:
        raise StoreError(f"no database: give --db PATH_OR_URL or set {ENV_VAR}")
    folder = Path(app_dir)
    if create:
        try:
            _refuse_missing_home(folder)
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:  # a file in the way, a read-only disk, no home folder …
            why = "a file is in the way" if isinstance(error, (FileExistsError, NotADirectoryError)) else (
                error.strerror or str(error))
            raise StoreError(f"cannot make the application folder {folder} for the database ({why}): give --db "
                             f"PATH_OR_URL or set {ENV_VAR}") from None
    return file_url(str(folder / DB_FILE))


def file_url(path: str) -> str:
    """The SQLite URL of the file ``path`` spells, character for character: a URL's parser would decode ``%xx``
    and take ``?`` and ``#`` for options (``a%20b.db`` was ``a b.db``, ``a.db?uri=true`` was ``a.db``).

        >>> file_url("/tmp/a b.db"), file_url("/tmp/100%?.db")
        ('sqlite:////tmp/a b.db', 'sqlite:////tmp/100%25%3F.db')
    """
    return "sqlite:///" + path.replace("%", "%25").replace("?", "%3F").replace("#", "%23")


def _refuse_missing_home(folder: Path) -> None:
    """The application folder is made with its parents (``~/.config`` too), but never a home folder: with ``$HOME``
    empty, or naming a folder that is not there, a folder under it is refused (``OSError``: one line above). A
    folder elsewhere (``$XDG_CONFIG_HOME``) is made with its parents, as the XDG rules say."""
    home = os.environ.get("HOME")
    if home is not None and not home.strip():
        raise FileNotFoundError(0, "$HOME is empty: there is no home folder")
    place = Path(home) if home else Path(os.path.expanduser("~"))
    if folder.is_relative_to(place) and not place.is_dir():
        raise FileNotFoundError(0, f"the home folder {place} does not exist")


def describe(url: str) -> str:
    """The database in words, for ``brag sessions``: ``SQLite file /path/brag.db``, ``PostgreSQL …``.

        >>> describe("sqlite:////tmp/brag.db"), describe("postgresql://ann:secret@db.example/brag")
        ('SQLite file /tmp/brag.db', 'PostgreSQL database brag on db.example (user ann)')
    """
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:  # noqa: BLE001 - described as given
        return url
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        from casino.db.locations import sqlite_file

        try:
            path = sqlite_file(parsed)
        except StoreError:
            path = None
        return f"SQLite file {path or parsed.database}" if parsed.database and parsed.database != ":memory:" \
            else "SQLite in memory"
    if backend == "postgresql":
        where = f" on {parsed.host}" + (f":{parsed.port}" if parsed.port else "") if parsed.host else ""
        who = f" (user {parsed.username})" if parsed.username else ""
        return f"PostgreSQL database {parsed.database}{where}{who}"
    return parsed.render_as_string(hide_password=True)


# NORMAL under WAL: a commit is in the log before it returns, so a killed process (even SIGKILL) loses
# nothing settled; only a power cut or OS crash may lose the last commits (see docs/storage.md)
SYNCHRONOUS = "NORMAL"
#: how long a SQLite connection waits for another's write lock before it gives up ("database is locked")
BUSY_TIMEOUT_MS = 5000


def _sqlite_session_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Per connection, nothing written to the file: foreign keys on; wait for a lock rather than fail."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
    cursor.close()


def _sqlite_read_only(dbapi_connection: Any, _record: Any) -> None:
    """Read-only connections: explicit transactions (one snapshot per transaction), no writes at all."""
    dbapi_connection.isolation_level = None  # pysqlite begins nothing by itself: _sqlite_begin does
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA query_only=ON")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN")  # a deferred transaction: every read in it sees one snapshot


def _shown(url: str) -> str:
    """The URL as an error message shows it: any password hidden, control characters escaped."""
    try:
        from sqlalchemy.engine import make_url

        shown = make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - an unparsable URL is shown as given, but for any password in it
        shown = re.sub(r"(://[^/@]*?:)[^/]*@", r"\1***@", url)
    if len(shown) > 200:
        shown = shown[:200] + "…"
    return repr(shown)


#: (words in the driver's message, what the player is told); the first match wins
_KNOWN_ERRORS = (
    ("disk is full", "the disk is full"),
    ("no space left", "the disk is full"),
    ("could not extend file", "the disk is full"),
    ("disk full", "the disk is full"),
    ("database is locked", "the database is locked by another program (tried for 5 seconds)"),
    ("readonly database", "the database is read-only here"),
    ("read-only", "the database is read-only here"),
    ("file is not a database", "the file is not a database"),
    ("file is encrypted", "the file is not a database"),
    ("unable to open database", "the file cannot be opened"),
    ("disk i/o error", "a disk input/output error"),
    ("database disk image is malformed", "the database file is damaged"),
    ("connection refused", "the server refused the connection"),
    ("timeout expired", "the server did not answer"),
    ("could not translate host name", "the server's host name is unknown"),
    ("does not exist", "it does not exist on the server"),
    ("password authentication failed", "the server refused the user name or password"),
)


def explain(error: BaseException, url: str) -> StoreError:
    """A driver error as one line naming the database and what happened (:class:`DiskFull` for a full disk)."""
    original = getattr(error, "orig", None) or error
    message = " ".join(str(original).split()) or original.__class__.__name__
    lower = message.lower()
    if "disk i/o error" in lower and _no_room_for(url):  # SQLite says I/O error when its log cannot grow
        return DiskFull(f"database {_shown(url)}: the disk is full")
    for words, said in _KNOWN_ERRORS:
        if words in lower:
            kind = DiskFull if said == "the disk is full" else StoreError
            return kind(f"database {_shown(url)}: {said}")
    sqlstate = getattr(original, "sqlstate", None)
    if sqlstate in ("53100", "53200"):
        return DiskFull(f"database {_shown(url)}: the disk is full")
    if len(message) > 160:
        message = message[:160] + "…"
    return StoreError(f"database {_shown(url)}: {original.__class__.__name__}: {message}")


def _no_room_for(url: str) -> bool:
    """Whether the folder of a SQLite file has (next to) no free space left."""
    from sqlalchemy.engine import make_url

    try:
        database = make_url(url).database or ""
        if database.startswith("file:"):
            from urllib.parse import unquote

            database = unquote(database[5:].split("?")[0])
        stats = os.statvfs(Path(database).parent)
    except Exception:  # noqa: BLE001 - not a file we can look at
        return False
    return stats.f_bavail * stats.f_frsize < 256 * 1024


def _unparsed(error: Exception) -> str:
    """Why a database URL cannot be used, in the player's words where the parser's are Python's own."""
    why = " ".join(str(error).split())[:160]
    if why.startswith("invalid literal for int()"):  # the port, as SQLAlchemy split the URL
        return "its port is not a number (an IPv6 address goes in brackets, closed: [::1]:5432)"
    return why


def _engine(url: str, read_only: bool, must_exist: bool = False) -> Engine:
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
        backend = parsed.get_backend_name()
    except (ArgumentError, ValueError, TypeError) as error:
        raise StoreError(f"cannot use database URL {_shown(url)}: {_unparsed(error)}") from None
    values = [v for x in parsed.query.values() for v in (x if isinstance(x, tuple) else (x,))]
    parts = [parsed.database, parsed.host, parsed.username, parsed.password, *parsed.query, *values]
    if any("\x00" in str(part) for part in parts):  # %00: no file, host or option holds a NUL
        raise StoreError(f"database URL {_shown(url)} holds a NUL character (%00)")
    options: dict[str, Any] = {}
    if backend == "sqlite":
        from casino.db.locations import driver_options, refuse_ignored_options, sqlite_file

        refuse_ignored_options(parsed, url)
        path = sqlite_file(parsed)
        if path is not None:
            if path.is_dir():
                raise StoreError(f"database {_shown(url)}: {path} is a folder, not a file")
            if (read_only or must_exist) and not path.exists():
                raise NoDatabaseFile(f"no database at {path} (nothing played there yet)")
            if not path.parent.is_dir():
                raise StoreError(f"cannot open database {_shown(url)}: folder {path.parent} does not exist")
            if path.exists() and not path.is_file():
                raise StoreError(f"database {_shown(url)}: {path} is not a regular file")
            if read_only:  # the file itself, read-only, whatever the URL asked (a mode=rwc would create it)
                parsed = parsed.set(database=f"file:{_uri_path(path)}?mode=ro{_immutable(path)}",
                                    query=driver_options(parsed, uri=True))
            elif must_exist:  # written, never created (mode=rw: a file deleted meanwhile is not made again)
                parsed = parsed.set(database=f"file:{_uri_path(path)}?mode=rw", query=driver_options(parsed, uri=True))
    elif backend == "postgresql":
        options["connect_args"] = {"connect_timeout": 10}
        if read_only:
            options["isolation_level"] = "REPEATABLE READ"  # one snapshot per transaction
            options["execution_options"] = {"postgresql_readonly": True}
    try:
        engine = create_engine(parsed, **options)
    except ImportError as error:  # the dialect's DBAPI module (psycopg, MySQLdb …) is not installed
        driver = error.name or str(error)
        hint = " (pip install 'brag-table[postgres]')" if backend == "postgresql" else ""
        raise StoreError(f"cannot open database {_shown(url)}: driver {driver!r} is not installed{hint}") from None
    except (ArgumentError, NoSuchModuleError, ValueError, TypeError) as error:  # NoSuchModuleError: an unknown kind
        raise StoreError(f"cannot use database URL {_shown(url)}: {_unparsed(error)}") from None
    if engine.dialect.name == "sqlite":
        if read_only:
            event.listen(engine, "connect", _sqlite_read_only)
            event.listen(engine, "begin", _sqlite_begin)
        else:
            event.listen(engine, "connect", _sqlite_session_pragmas)

    def translate(context: Any) -> None:  # driver errors become one line (a StoreError), here, once
        if isinstance(context.original_exception, Exception) and not isinstance(context.original_exception, BragError):
            raise explain(context.original_exception, url) from None

    event.listen(engine, "handle_error", translate)
    return engine


def _uri_path(path: Path) -> str:
    from urllib.parse import quote

    return quote(str(path.absolute()))


def _immutable(path: Path) -> str:
    """``&immutable=1`` where the folder cannot be written (read-only media): SQLite could not create the
    shared-memory file a WAL reader needs, and nobody can write the file there anyway."""
    return "" if os.access(path.parent, os.W_OK) and os.access(path, os.W_OK) else "&immutable=1"


def _identify(connection: Connection, url: str) -> str | None:
    """``None`` for an empty database; else the Alembic revision it holds (``"0001"`` for the first
    release, which kept only ``schema_version``). Refuses another application's database."""
    tables = set(inspect(connection).get_table_names())
    if not tables:
        return None
    ours = OUR_TABLES | {"alembic_version"}
    strangers = sorted(tables - ours)
    if strangers and {"alembic_version", "sessions", "schema_version"} <= tables:
        _check_revision(_recorded_revision(connection, url), url, read_only=False)  # a newer release's table: say so
    if strangers or "sessions" not in tables or "schema_version" not in tables:
        what = ", ".join(strangers[:5]) or ", ".join(sorted(tables)[:5])
        raise NotOurDatabase(
            f"database {_shown(url)} is not a brag-table database (it holds tables {what}): "
            "it is left untouched; give another --db"
        )
    if "alembic_version" not in tables:
        return "0001"
    return _recorded_revision(connection, url)


def _recorded_revision(connection: Connection, url: str) -> str:
    """The one schema revision recorded in ``alembic_version`` (more or none: not ours)."""
    revisions = [row[0] for row in connection.execute(text("SELECT version_num FROM alembic_version"))]
    if len(revisions) != 1:
        raise NotOurDatabase(f"database {_shown(url)} has {len(revisions)} schema revisions recorded: not ours")
    return str(revisions[0])


def _known_revisions() -> list[str]:
    folder = Path(__file__).parent / "migrations" / "versions"
    return sorted(p.name.split("_")[0] for p in folder.glob("[0-9]*.py"))


def _upgrade(connection: Connection, current: str | None) -> None:
    """Run the Alembic migrations from ``current`` (``None``: an empty database) to the head, in place."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    config.attributes["connection"] = connection
    if current is not None:
        command.stamp(config, current)
    command.upgrade(config, "head")


#: PostgreSQL advisory lock key held while a database is made or upgraded ("brag" in ASCII, then "up")
_UPGRADE_LOCK = 0x6272616775700000


def _upgrade_atomically(connection: Connection, current: str | None, url: str) -> None:
    """:func:`_upgrade` in one transaction: every table made or changed, or none. PostgreSQL's DDL is
    transactional as it stands; SQLite's is too, but the sqlite3 module commits each CREATE and ALTER on its own
    unless the transaction is begun explicitly, so a kill half way through making (or upgrading) a file left one
    that no command could open again. Here the connection begins it (``BEGIN IMMEDIATE``: the writer's lock at
    once) and commits it after the last migration. The revision is read again under that lock: another process
    opening the file at the same moment may have upgraded it while this one waited. On PostgreSQL an advisory
    lock held for the transaction does the same: a second process waits for the first, then reads the revision
    again (before, it failed in one line on the tables the first had just made)."""
    if connection.dialect.name != "sqlite":
        with connection.begin():
            if connection.dialect.name == "postgresql":  # one upgrader at a time: the others wait, then read again
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _UPGRADE_LOCK})
                current = _identify(connection, url)
                _check_revision(current, url, read_only=False)  # (a newer release may have been the one before)
            if current != HEAD_REVISION:
                _upgrade(connection, current)
        return
    raw = connection.connection.dbapi_connection
    assert raw is not None
    saved = raw.isolation_level
    raw.isolation_level = None  # the sqlite3 module begins and commits nothing by itself: BEGIN below does
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        try:
            current = _identify(connection, url)  # as it is now, under the writer's lock
            _check_revision(current, url, read_only=False)  # (a newer release may have been the one before)
            if current != HEAD_REVISION:
                _upgrade(connection, current)
        except BaseException:
            connection.rollback()
            raise
        connection.commit()
    finally:
        raw.isolation_level = saved


def connect(url: str, *, read_only: bool = False, must_exist: bool = False) -> Engine:
    """An engine on ``url``: for play (tables created or upgraded), or ``read_only``.

    ``must_exist`` (implied by ``read_only``): the database must be there already and hold brag-table data;
    nothing is created (a command that reads, or upgrades, names an existing database: a typo is refused, not
    made into a new file). Raises :class:`NotOurDatabase` for another application's database (nothing
    written), :class:`MissingDatabase` for a database that does not exist (or is empty) where it must, and
    :class:`StoreError` for everything else that stops it opening.
    """
    engine = _engine(url, read_only, must_exist or read_only)
    try:
        with engine.connect() as connection:
            current = _identify(connection, url)
            connection.rollback()
            if current is None and (read_only or must_exist):
                raise MissingDatabase(f"database {_shown(url)} holds no brag-table data yet")
            if read_only:
                _check_revision(current, url, read_only=True)
                return engine
            _check_revision(current, url, read_only=False)
            if current != HEAD_REVISION:
                _upgrade_atomically(connection, current, url)
            if engine.dialect.name == "sqlite" and engine.url.database not in (None, "", ":memory:"):
                connection.exec_driver_sql("PRAGMA journal_mode=WAL")  # ours now: a write-ahead log
                connection.commit()
    except BragError:
        engine.dispose()
        raise
    except SQLAlchemyError as error:
        engine.dispose()
        raise explain(error, url) from None
    except ImportError as error:  # a driver loaded lazily, on the first connection
        engine.dispose()
        raise StoreError(f"cannot open database {_shown(url)}: driver {error.name or error!s} is not installed") from None
    except OSError as error:
        engine.dispose()
        raise StoreError(f"cannot open database {_shown(url)}: {error.strerror or error}") from None
    return engine


def _check_revision(current: str | None, url: str, *, read_only: bool) -> None:
    if current is None:
        return
    known = _known_revisions()
    if current not in known:
        raise StoreError(f"database {_shown(url)} was written by a newer brag-table (schema {current!r}); "
                         f"this one knows up to {HEAD_REVISION!r}")
    if read_only and current != HEAD_REVISION:
        raise StoreError(f"database {_shown(url)} was written by an older brag-table (schema {current!r}): "
                         "'brag db upgrade' (or any 'brag play' on it) upgrades it in place")


def open_session(url: str, *, read_only: bool = False, must_exist: bool = False) -> Session:
    """A SQLModel session on ``url`` (see :func:`connect`), for ``with open_session(url) as db:``.

        >>> from casino.db import store
        >>> with open_session("sqlite://") as db:
        ...     store.list_sessions(session=db)
        []
    """
    return Session(connect(url, read_only=read_only, must_exist=must_exist))


def schema_revision(engine: Engine) -> str | None:
    """The Alembic revision of the database (``None``: empty)."""
    with engine.connect() as connection:
        return _identify(connection, str(engine.url))


def schema_version(engine: Engine) -> int:
    """The number in the ``schema_version`` row (1: the first release; 2: with the hash chain)."""
    with engine.connect() as connection:
        return int(connection.execute(text("SELECT version FROM schema_version")).scalar_one())


@contextmanager
def written(session: Session) -> Iterator[None]:
    """One transaction: what the block writes is committed at its end, or rolled back if anything (even a
    KeyboardInterrupt) stops it, so nothing half-written is committed by a later commit::

        with written(session):
            session.add(row)
    """
    try:
        yield
        session.commit()
    except BaseException:
        session.rollback()
        raise
