"""A progressive meter shared by processes that settle at once loses no update (SQLite file and PostgreSQL).

The meter was locked only inside one web server: two ``brag play`` sessions (or one and the web) at the same
progressive game could both read the meter, settle against it and store their own new value, and one
contribution was lost (the second bet met a meter the first had already moved). Now each settlement holds
the meter in the database itself from its read to its commit (:func:`casino.db.meters.hold_meter`).

Here several real processes, each with its own engine and session, hammer one meter at once (released
together); then every progressive bet, in the order stored, must have met the meter the bets before it left,
and the stored meter must be the file's start plus every contribution since the last hit paid from the meter
(which resets it) — i.e. no contribution lost, no payout counted twice.
"""

from __future__ import annotations

import multiprocessing
from fractions import Fraction
from pathlib import Path

import pytest
from sqlmodel import Session

from casino.db import store
from casino.db.database import connect
from casino.events import BoxBets
from casino.games import load_game

#: processes settling at once, and hands each plays
PROCESSES, HANDS = 4, 30
#: only stops a hang (a loaded machine is slow); nothing is timed
PATIENCE = 300

GAME = ('name = "Race meter"\nranking = "brag"\n[progressive]\nmeter = 50\ncontribution = "1/10"\n'
        'prial = "100% meter"\nrunning_flush = "1/2 meter"\nrun = 6\nflush = 2\n')
STAKES = (BoxBets(1, 0, 0, {"progressive": 2}), BoxBets(2, 0, 0, {"progressive": 1}))


def _player(url: str, game_file: str, seed: str, start: object, results: object) -> None:
    """One process: its own engine and session, a new session at the game, HANDS hands as fast as it can."""
    from casino.service import TableService
    from casino.strategy import play_mask

    game = load_game(game_file)
    engine = connect(url)
    try:
        with Session(engine) as db:
            service = TableService.new(game, Fraction(100000), stakes=STAKES, seed=seed)
            service.open(db)
            mask = play_mask(game, "optimal")
            start.wait(PATIENCE)  # type: ignore[attr-defined]
            played = service.autoplay(lambda sitting: STAKES, mask, hands=HANDS)
            results.put((seed, played, None))  # type: ignore[attr-defined]
    except BaseException as error:  # noqa: BLE001 - reported to the test, which names it
        results.put((seed, 0, f"{error.__class__.__name__}: {error}"))  # type: ignore[attr-defined]
    finally:
        engine.dispose()


def _hammer(url: str, game_file: Path) -> None:
    context = multiprocessing.get_context("spawn")  # a fresh interpreter each: nothing shared but the database
    start, results = context.Barrier(PROCESSES), context.Queue()
    workers = [context.Process(target=_player, args=(url, str(game_file), f"race {n}", start, results))
               for n in range(PROCESSES)]
    for worker in workers:
        worker.start()
    try:
        outcomes = [results.get(timeout=PATIENCE) for _ in workers]
    finally:
        for worker in workers:
            worker.join(PATIENCE)
            if worker.is_alive():
                worker.kill()
    assert all(error is None for _, _, error in outcomes), outcomes
    assert sorted(played for _, played, _ in outcomes) == [HANDS] * PROCESSES


def _check_meter(url: str, game_file: Path) -> None:
    from casino.bets.progressive import meter_key
    from casino.db.queries import progressive_bets_by_hand
    from casino.db.verify import verify_session

    game = load_game(game_file)
    side = game.side_bet("progressive")
    engine = connect(url, read_only=True)
    with Session(engine) as db:
        running, bets, hits, contributions = side.meter, 0, 0, Fraction(0)
        for hand in progressive_bets_by_hand(game.name, session=db):
            for row in hand:  # each bet met the meter the bets stored before it left: no update lost
                assert Fraction(row.meter) == running, (row.session_id, row.round_no, row.meter, running)
            bets += len(hand)
            hit = any(row.paid_hand in ("prial", "running_flush") for row in hand)
            hits += hit
            if hit:  # paid from the meter: it starts again from the file's meter
                contributions = Fraction(0)
            contributions += sum(Fraction(row.stake) for row in hand) * side.contribution
            running = side.meter + contributions
        assert bets == PROCESSES * HANDS * len(STAKES)
        assert store.progressive_meter(meter_key(game), Fraction(-1), session=db) == running
        if not hits:  # (the seeds give none in so few hands: then every stake's contribution is in the meter)
            assert running == side.meter + PROCESSES * HANDS * Fraction(3) / 10
        for record in store.list_sessions(session=db):
            assert verify_session(record.id, session=db).ok, record.id
    engine.dispose()


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "race.toml"
    path.write_text(GAME, encoding="utf-8")
    return path


def test_processes_settling_at_one_meter_lose_no_update(db_url, game_file):
    connect(db_url).dispose()  # the tables made once, before the race
    _hammer(db_url, game_file)
    _check_meter(db_url, game_file)


def test_a_settlement_that_fails_lets_the_meter_go(db_url, game_file):
    """A settlement stopped after the meter was held (here: the session taken over meanwhile, so its hand is
    refused) rolls back and lets go: the next settlement at the meter, from another session, goes ahead."""
    from casino.db.database import SessionBusy
    from casino.service import TableService
    from casino.strategy import play_mask

    game = load_game(game_file)
    mask = play_mask(game, "optimal")
    engine = connect(db_url)
    with Session(engine) as first_db, Session(engine) as second_db:
        first = TableService.new(game, Fraction(1000), stakes=STAKES, seed="first")
        first.open(first_db)
        first.play_round(STAKES, mask)
        import os
        import socket

        from sqlalchemy import text

        with engine.begin() as other:  # another live process takes the session over: first's next hand is refused
            other.execute(text("UPDATE sessions SET lease_owner = :o WHERE id = :i"),
                          {"o": f"{socket.gethostname()}:{os.getppid()}:0000", "i": first.session_id})
        with pytest.raises(SessionBusy):
            first.play_round(STAKES, mask)
        second = TableService.new(game, Fraction(1000), stakes=STAKES, seed="second")
        second.open(second_db)
        assert second.autoplay(lambda sitting: STAKES, mask, hands=3) == 3  # not held up by the failed one
    engine.dispose()
