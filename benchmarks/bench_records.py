"""Records at scale: verify and resume of a 1,000,000-hand session (time and peak memory of a real `brag`
process), and stored hands per second on SQLite and on PostgreSQL.

    pytest -m benchmark -s benchmarks/bench_records.py                      # 1,000,000 hands
    BRAG_BENCH_HANDS=100000 pytest -m benchmark -s benchmarks/bench_records.py

The big session is built by bulk-inserting rows, not by playing: a thousand real hands are dealt and
settled by the engine, then repeated with their round numbers, bankrolls and hash chain rewritten — every
row is a hand the engine deals from its stored seed, so `brag verify` recomputes each one for real.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest
from sqlalchemy import insert
from sqlmodel import Session

from casino.db import rounds, store
from casino.db.chain import Totals, hand_contents, hand_hash
from casino.db.database import connect
from casino.db.models import BetRecord, BoxRecord, HandRecord, SessionRecord
from casino.events import BoxBets
from casino.games import load_game
from casino.sitting import Sitting
from casino.strategy import play_mask

pytestmark = pytest.mark.benchmark
ROOT = Path(__file__).resolve().parents[1]
HANDS = int(os.environ.get("BRAG_BENCH_HANDS", "1000000"))
BETS = (BoxBets(1, Fraction(5), Fraction(1)),)


def _templates(count: int) -> list[tuple[dict, list[dict], list[dict]]]:
    """``count`` real hands (secure seeds) as row dicts: hand, boxes, bets."""
    game = load_game("3-card-brag")
    sitting = Sitting(game, Fraction(10**12))
    mask = play_mask(game, "optimal")
    rows = []
    for _ in range(count):
        result = sitting.play_round(BETS, mask)
        hand = {"commitment": result.commitment, "seed": result.seed.hex(),
                "dealer_cards": store.cards_text(result.dealer_cards), "dealer_hand": result.dealer_hand,
                "qualifies": result.qualifies, "wagered": str(result.wagered), "net": str(result.net),
                "events": [e.to_dict() for e in result.events]}
        rows.append((hand, rounds._box_rows(0, result), rounds._bet_rows(0, result)))
    return rows


def build_session(url: str, hands: int) -> tuple[int, str, float]:
    """A session of ``hands`` valid hands, bulk-inserted: (session id, head hash, seconds taken)."""
    started = time.perf_counter()
    engine = connect(url)
    game = load_game("3-card-brag")
    start = Fraction(10**12)
    with Session(engine) as db:
        record = store.create_session(game, start, {}, session=db)
        sid = record.id
        head = record.head_hash
    templates = _templates(1000)
    totals = Totals()
    bankroll = start
    hand_table, box_table, bet_table = (m.__table__ for m in (HandRecord, BoxRecord, BetRecord))  # type: ignore[attr-defined]
    batch = 20000
    with engine.begin() as conn:
        next_id = 1
        for first in range(1, hands + 1, batch):
            hand_rows, box_rows, bet_rows = [], [], []
            for n in range(first, min(first + batch, hands + 1)):
                template, boxes, bets = templates[(n - 1) % len(templates)]
                events = [dict(e, round_no=n) if e["kind"] == "round_started" else e for e in template["events"]]
                after = bankroll + Fraction(template["net"])
                hand = {**template, "id": next_id, "session_id": sid, "round_no": n, "played_at": record.started_at,
                        "bankroll_before": str(bankroll), "bankroll_after": str(after), "events": json.dumps(events),
                        "prev_hash": head}
                hand["hash"] = head = hand_hash(head, hand_contents(hand, boxes, bets))  # type: ignore[arg-type]
                totals.add(hand, boxes, bets)
                hand_rows.append(hand)
                box_rows.extend({**b, "hand_id": next_id} for b in boxes)
                bet_rows.extend({**b, "hand_id": next_id} for b in bets)
                bankroll = after
                next_id += 1
            conn.execute(insert(hand_table), hand_rows)
            conn.execute(insert(box_table), box_rows)
            conn.execute(insert(bet_table), bet_rows)
        conn.execute(SessionRecord.__table__.update().where(SessionRecord.__table__.c.id == sid).values(  # type: ignore[attr-defined]
            bankroll=str(bankroll), rounds=hands, head_hash=head, totals=totals.to_json()))
    engine.dispose()
    return sid, head, time.perf_counter() - started  # type: ignore[return-value]


_WRAPPER = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:]); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(done.returncode)")


def measured(args: list[str]) -> tuple[float, float, subprocess.CompletedProcess]:
    """Run a real process (through a small wrapper that reports that one child's peak resident memory):
    (seconds, peak MB, the result; its stderr without the wrapper's line)."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _WRAPPER, *args], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    *rest, peak = done.stderr.strip().splitlines()
    done.stderr = "\n".join(rest)
    return seconds, int(peak) / 1024, done


def test_verify_and_resume_a_million_hands(tmp_path):
    path = tmp_path / "big.db"
    sid, head, built = build_session(f"sqlite:///{path}", HANDS)
    print(f"\nbuilt a {HANDS:,}-hand session in {built:.1f} s ({HANDS / built:,.0f} rows/s bulk), "
          f"{path.stat().st_size / 2**20:,.0f} MB")
    resume = ("import time, sys;"
              "from sqlmodel import Session; from casino.db.database import connect; from casino.service import TableService;"
              "import casino.edge, casino.hands; t = time.perf_counter();"
              f"db = Session(connect('sqlite:///{path}')); s = TableService.resume(db, {sid});"
              "print(s.sitting.next_round, s.sitting.stats.rounds, time.perf_counter() - t)")
    seconds, peak, done = measured([sys.executable, "-c", resume])
    assert done.returncode == 0, done.stderr
    next_round, rounds, inside = done.stdout.split()
    assert int(next_round) == HANDS + 1 and int(rounds) == HANDS
    print(f"resume: {float(inside):.3f} s from opening the database to ready to deal (after imports; "
          f"{seconds:.2f} s for the whole process), peak {peak:,.0f} MB")
    seconds, peak, done = measured([sys.executable, "-m", "cli", "verify", str(sid), "--db", str(path), "--head", head])
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    print(f"verify --head: {seconds:.1f} s ({HANDS / seconds:,.0f} hands/s), peak {peak:,.0f} MB")


def _stored_per_second(url: str, hands: int = 2000) -> float:
    engine = connect(url)
    game = load_game("3-card-brag")
    mask = play_mask(game, "optimal")
    with Session(engine) as db:
        record = store.create_session(game, Fraction(10**9), {}, session=db, owner="bench")
        sitting = Sitting(game, Fraction(10**9))
        results = [sitting.play_round(BETS, mask) for _ in range(hands)]  # dealt first: only storing is timed
        bankroll = Fraction(10**9)
        started = time.perf_counter()
        for result in results:
            store.record_round(record.id, result, bankroll, bankroll + result.net, session=db, owner="bench")  # type: ignore[arg-type]
            bankroll += result.net
        seconds = time.perf_counter() - started
    engine.dispose()
    return hands / seconds


def test_stored_hands_per_second(tmp_path):
    sqlite = _stored_per_second(f"sqlite:///{tmp_path / 'rate.db'}")
    print(f"\nSQLite: {sqlite:,.0f} hands stored per second (one transaction each)")
    url = os.environ.get("BRAG_TEST_POSTGRES")
    if not url:
        pytest.skip("no PostgreSQL: run through scripts/with-services.sh for its figure")
    from tests.casino.db.conftest import fresh_postgres

    with fresh_postgres() as pg:
        postgres = _stored_per_second(pg)
    print(f"PostgreSQL: {postgres:,.0f} hands stored per second (one transaction each); "
          f"SQLite/PostgreSQL = {sqlite / postgres:.2f}")
