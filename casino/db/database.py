"""The database: which URL, the engine, creating the tables, and the schema version.

    >>> from casino.db.database import connect, schema_version
    >>> engine = connect("sqlite://")        # in memory; a file is "sqlite:///path/brag.db"
    >>> schema_version(engine)
    1

The default is a SQLite file in the player's application directory; ``--db URL`` or the ``BRAG_DB``
environment variable name any SQLAlchemy URL instead (:func:`database_url`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlmodel import Session, SQLModel, create_engine, select

from casino.db.models import SchemaVersion
from casino.errors import BragError

__all__ = [
    "SCHEMA_VERSION", "StoreError", "database_url", "connect", "open_session", "schema_version", "ENV_VAR", "DB_FILE",
    "SYNCHRONOUS",
]

SCHEMA_VERSION = 1
ENV_VAR = "BRAG_DB"
DB_FILE = "brag.db"

# Upgrades from an older schema: {old version: function(engine)} (none yet: version 1 is the first)
_MIGRATIONS: dict[int, object] = {}


class StoreError(BragError):
    """The database cannot be opened, is of an unknown version, or lacks what was asked for."""


def database_url(explicit: str | None = None, *, app_dir: str | Path | None = None) -> str:
    """``explicit`` (``--db``), else ``$BRAG_DB``, else ``sqlite:///<app_dir>/brag.db``."""
    if explicit:
        return explicit
    if os.environ.get(ENV_VAR):
        return os.environ[ENV_VAR]
    if app_dir is None:
        raise StoreError(f"no database: give --db URL or set {ENV_VAR}")
    folder = Path(app_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / DB_FILE}"


# NORMAL under WAL: a commit is in the log before it returns, so a killed process (even SIGKILL) loses
# nothing settled; only a power cut or OS crash may lose the last commits (see docs/fairness.md)
SYNCHRONOUS = "NORMAL"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Foreign keys on; wait for a lock rather than fail; a write-ahead log, synced at checkpoints."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
    cursor.close()


def _shown(url: str) -> str:
    """The URL as an error message shows it: any password hidden."""
    try:
        from sqlalchemy.engine import make_url

        return repr(make_url(url).render_as_string(hide_password=True))
    except Exception:  # noqa: BLE001 - an unparsable URL is shown as given
        return repr(url)


def connect(url: str) -> Engine:
    """An engine on ``url`` with the tables created and the schema version checked."""
    try:
        engine = create_engine(url)
    except ImportError as error:  # the dialect's DBAPI module (psycopg2, MySQLdb …) is not installed
        driver = error.name or str(error)
        raise StoreError(f"cannot open database {_shown(url)}: driver {driver!r} is not installed") from None
    except (ArgumentError, NoSuchModuleError, ValueError) as error:  # NoSuchModuleError: an unknown kind
        raise StoreError(f"cannot use database URL {_shown(url)}: {error}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
        database = engine.url.database
        if database and database != ":memory:" and not Path(database).parent.exists():
            raise StoreError(f"cannot open database {url!r}: folder {Path(database).parent} does not exist")
    try:
        SQLModel.metadata.create_all(engine)
        with Session(engine) as session:
            row = session.exec(select(SchemaVersion)).first()
            if row is None:
                session.add(SchemaVersion(id=1, version=SCHEMA_VERSION))
                session.commit()
            elif row.version > SCHEMA_VERSION:
                raise StoreError(
                    f"database {_shown(url)} has schema version {row.version}; this brag knows up to {SCHEMA_VERSION}"
                )
            elif row.version < SCHEMA_VERSION:
                for version in range(row.version, SCHEMA_VERSION):
                    # each migration is a callable taking the engine; the table's value type is wider
                    _MIGRATIONS[version](engine)  # type: ignore[operator]
                row.version = SCHEMA_VERSION
                session.add(row)
                session.commit()
    except SQLAlchemyError as error:
        raise StoreError(f"cannot open database {_shown(url)}: {error.__class__.__name__}: {error.args[0] if error.args else error}") from None
    except ImportError as error:  # a driver loaded lazily, on the first connection
        raise StoreError(f"cannot open database {_shown(url)}: driver {error.name or error!s} is not installed") from None
    return engine


def open_session(url: str) -> Session:
    """A SQLModel session on ``url`` (tables created, version checked), for ``with open_session(url) as db:``.

        >>> from casino.db import store
        >>> with open_session("sqlite://") as db:
        ...     store.list_sessions(session=db)
        []
    """
    return Session(connect(url))


def schema_version(engine: Engine) -> int:
    with Session(engine) as session:
        row = session.exec(select(SchemaVersion)).one()
        return row.version
