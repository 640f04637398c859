"""Resuming a session with no hand stored repeats the stakes in its stored settings: read like every stored
value (a box count of 1.5 was taken as 1, ``boxes: 1e30`` counted out a tuple of 10**30 boxes), on both
backends."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from casino.db import store
from casino.db.database import UnreadableData
from casino.events import BoxBets
from casino.games import load_game
from casino.service import TableService

STAKES = (BoxBets(1, Fraction(5), Fraction(2)), BoxBets(2, Fraction(5, 2), Fraction(0), {"six_card_bonus": Fraction(1)}))


def _stored(db, settings: dict | None = None) -> int:
    """A session opened with ``STAKES`` and no hand played, its settings then edited to ``settings``."""
    service = TableService.new(load_game("brag-with-side-bets"), Fraction(100), stakes=STAKES)
    session_id = service.open(db)
    record = store.get_session(session_id, session=db)
    if settings is not None:
        record.settings = json.dumps(settings)
        db.add(record)
        db.commit()
    return session_id


def test_the_stored_stakes_are_repeated(db):
    assert TableService.resume(db, _stored(db)).stakes == STAKES


def test_the_older_settings_keys_are_read(db):
    session_id = _stored(db, {"boxes": 3, "ante": "5/2", "pair_plus": "1"})
    assert TableService.resume(db, session_id).stakes == tuple(BoxBets(n, Fraction(5, 2), Fraction(1)) for n in (1, 2, 3))


@pytest.mark.parametrize(("settings", "named"), [
    ({"boxes": 1.5}, "sessions.settings boxes of session 1 (1.5)"),
    ({"boxes": 1e30}, "sessions.settings boxes of session 1 (1e+30)"),
    ({"boxes": "x"}, "sessions.settings boxes of session 1 ('x')"),
    ({"boxes": 0}, "sessions.settings boxes of session 1 (0)"),
    ({"boxes": True}, "sessions.settings boxes of session 1 (True)"),
    ({"boxes": 2, "ante": "1/0"}, "sessions.settings ante of session 1 ('1/0')"),
    ({"bets": [{"box": 1.5, "ante": "1", "pair_plus": "0"}]}, "sessions.settings bets box of session 1 (1.5)"),
    ({"bets": [{"box": 1, "pair_plus": "0"}]}, "sessions.settings bets ante of session 1 (None)"),
    ({"bets": [{"box": 1, "ante": "1", "pair_plus": "0", "side": {"six_card_bonus": "1e999999999"}}]},
     "sessions.settings bets side of session 1 ('1e999999999')"),
    ({"bets": [1, 2]}, "sessions.settings bets of session 1"),
    ({"bets": [{"box": 1, "ante": "1", "pair_plus": "0", "side": {"no_such_bet": "1"}}]},
     "sessions.settings bets side of session 1"),
    ({"bets": [{"box": 1, "ante": "1", "pair_plus": "0", "side": [1]}]}, "sessions.settings bets side of session 1"),
])
def test_settings_that_are_not_stakes_are_named(db, settings, named):
    session_id = _stored(db, settings)
    with pytest.raises(UnreadableData) as caught:
        TableService.resume(db, session_id)
    assert f"the database holds a value that cannot be read: {named}" in str(caught.value)
