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

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlmodel import Session, SQLModel, create_engine, select

from casino.db.models import SchemaVersion
from casino.errors import BragError

__all__ = ["SCHEMA_VERSION", "StoreError", "database_url", "connect", "schema_version", "ENV_VAR", "DB_FILE"]

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


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """Foreign keys on; wait for a lock rather than fail; a write-ahead log with a sync on every commit
    (durable through a killed process or a power cut, and about twice as fast as the rollback journal)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def connect(url: str) -> Engine:
    """An engine on ``url`` with the tables created and the schema version checked."""
    try:
        engine = create_engine(url)
    except (ArgumentError, NoSuchModuleError, ValueError) as error:
        raise StoreError(f"cannot use database URL {url!r}: {error}") from None
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
                    f"database {url!r} has schema version {row.version}; this brag knows up to {SCHEMA_VERSION}"
                )
            elif row.version < SCHEMA_VERSION:
                for version in range(row.version, SCHEMA_VERSION):
                    _MIGRATIONS[version](engine)  # type: ignore[operator]
                row.version = SCHEMA_VERSION
                session.add(row)
                session.commit()
    except SQLAlchemyError as error:
        raise StoreError(f"cannot open database {url!r}: {error.__class__.__name__}: {error.args[0] if error.args else error}") from None
    return engine


def schema_version(engine: Engine) -> int:
    with Session(engine) as session:
        row = session.exec(select(SchemaVersion)).one()
        return row.version
