"""A real SQLite file holding a few played rounds, for the store and verification tests."""

from __future__ import annotations

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


@pytest.fixture
def db(tmp_path):
    with Session(connect(f"sqlite:///{tmp_path / 'brag.db'}")) as session:
        yield session


@pytest.fixture
def played(db):
    """(db session, session id) with 12 stored rounds of three boxes."""
    return db, play_and_store(db, 12)[0]


@pytest.fixture
def played_sitting(db):
    """(db session, session id, the Sitting that played its 12 rounds)."""
    return (db, *play_and_store(db, 12))
