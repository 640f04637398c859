"""The storage tests run on every backend: a real SQLite file, and a real PostgreSQL server.

The PostgreSQL server's URL comes from ``$BRAG_TEST_POSTGRES`` (``scripts/with-services.sh`` starts a
throw-away server on 127.0.0.1 and sets it); each test gets a database of its own, dropped afterwards.
Without the variable the PostgreSQL cases skip, saying why, except under CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.db import store
from casino.db.database import connect
from casino.events import BoxBets
from casino.games import load_game
from casino.sitting import Sitting
from casino.strategy import play_mask

BETS = (BoxBets(1, Fraction(5), Fraction(2)), BoxBets(2, Fraction(0), Fraction(1)), BoxBets(3, Fraction(5, 2)))


def play_and_store(db: Session, rounds: int, seed: str = "db tests", game_name: str = "3-card-brag") -> tuple[int, Sitting]:
    game = load_game(game_name)
    record = store.create_session(game, Fraction(1000), {"seed": seed, "boxes": 3}, session=db)
    sitting = Sitting(game, Fraction(1000), seed=seed)
    mask = play_mask(game, "optimal")
    for _ in range(rounds):
        result = sitting.play_round(BETS, mask)
        store.record_round(record.id, result, sitting.bankroll - result.net, sitting.bankroll, session=db)
    return record.id, sitting


POSTGRES_VAR = "BRAG_TEST_POSTGRES"


def postgres_server() -> str:
    """The test server's URL, or skip (fail under CI) when there is none."""
    url = os.environ.get(POSTGRES_VAR)
    if not url:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true but ${POSTGRES_VAR} is not set: run the tests through scripts/with-services.sh")
        pytest.skip(f"no PostgreSQL server: set ${POSTGRES_VAR} (scripts/with-services.sh does)")
    return url


@contextmanager
def fresh_postgres() -> Iterator[str]:
    """A new, empty database on the test server (dropped afterwards): its URL."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    server = make_url(postgres_server())
    name = f"brag_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> Iterator[str]:
    """An empty database's URL on each backend (a SQLite file; a PostgreSQL database of its own)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'brag.db'}"
    else:
        with fresh_postgres() as url:
            yield url


@pytest.fixture
def db(db_url):
    engine = connect(db_url)
    with Session(engine) as session:
        yield session
    engine.dispose()


@pytest.fixture
def played(db):
    """(db session, session id) with 12 stored rounds of three boxes."""
    return db, play_and_store(db, 12)[0]


@pytest.fixture
def played_sitting(db):
    """(db session, session id, the Sitting that played its 12 rounds)."""
    return (db, *play_and_store(db, 12))
