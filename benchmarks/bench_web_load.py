"""Load on loopback: 50 concurrent casino sessions playing hands through ``brag serve``'s JSON API.

Run: ``pytest -m benchmark -s benchmarks/bench_web_load.py`` (not in CI). The server is a real
``brag serve`` process (one Uvicorn worker, a fresh SQLite file); the players are 50 asyncio tasks in
this process, each on its own keep-alive connection (a minimal HTTP/1.1 client, so that the load
generator takes little of the CPU the server needs). Each sits down, then plays ``HANDS`` hands of two
boxes: deal, then play or fold each box as the hint says. Bounded in count (50 x HANDS hands) and in
time (``DEADLINE`` seconds per run).

Two runs: *players* pause ``THINK`` seconds before each action (a quick human clicking), and *flat out*
with no pause at all (every session always has a request waiting: the server's capacity, where latency
is mostly queueing). Printed for the issue notes: the latency of each hand's actions (p50, p90, p99,
max), the error count and the throughput; then nothing lost in the database: every session holds exactly
the hands its player saw settled, its bankroll is the start plus their nets, and ``verify`` recomputes
every hand from its seed.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.benchmark

ROOT = Path(__file__).resolve().parents[1]
SESSIONS = int(os.environ.get("BRAG_LOAD_SESSIONS", "50"))
HANDS = int(os.environ.get("BRAG_LOAD_HANDS", "20"))
THINK = float(os.environ.get("BRAG_LOAD_THINK", "1.0"))  # seconds a player takes before each action (0.5-1.5 s)
DEADLINE = 300.0


class Connection:
    """One keep-alive HTTP/1.1 connection sending JSON POSTs (the server always sends Content-Length)."""

    def __init__(self, port: int) -> None:
        self.port = port

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        data = json.dumps(body).encode()
        self.writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(data)}\r\n\r\n".encode() + data)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:"))
        return status, json.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        self.writer.close()


async def _player(port: int, number: int, think: float, latencies: list[tuple[str, float]], errors: list[str]):
    """One session: sit down, play HANDS hands; returns (session id, the nets seen, the last bankroll)."""
    pause = random.Random(number)
    connection = Connection(port)
    await connection.open()

    async def call(path: str, body: dict[str, Any]) -> Any:
        if think:
            await asyncio.sleep(think * (0.5 + pause.random()))  # a player's pause: half to one and a half THINK
        start = time.perf_counter()
        status, data = await connection.post(path, body)
        elapsed = time.perf_counter() - start
        kind = path.rsplit("/", 1)[1]
        if kind == "decide" and status == 200 and data["round"] is None:
            kind = "decide+settle"  # the last decision settles and stores the hand
        latencies.append((kind, elapsed))
        if status != 200:
            errors.append(f"{path}: {status} {data}")
            return None
        return data

    try:
        state = await call("/api/table/sessions", {
            "game": "3-card-brag", "bankroll": "100000", "seed": f"load-{number}",
            "stakes": [{"box": 1, "ante": "5", "pair_plus": "1"}, {"box": 2, "ante": "5"}]})
        if state is None:
            return 0, [], ""
        nets: list[str] = []
        base = f"/api/table/sessions/{state['session']}"
        for _ in range(HANDS):
            state = await call(f"{base}/deal", {"seq": state["seq"], "stakes": state["stakes"]})
            if state is None:
                break
            while state["round"] is not None:
                box = next(b for b in state["round"]["boxes"] if b["pending"])
                state = await call(f"{base}/decide", {"seq": state["seq"], "box": box["box"], "play": box["hint"]["play"]})
                if state is None:
                    return int(base.rsplit("/", 1)[1]), nets, ""
            nets.append(state["last"]["net"])
        return state["session"], nets, state["bankroll"]
    finally:
        connection.close()


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _run(tmp_path: Path, label: str, think: float) -> None:
    import httpx
    from sqlmodel import Session

    from casino.db import store
    from casino.db.database import connect
    from casino.db.verify import verify_session

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = f"sqlite:///{tmp_path / f'{label}.db'}"
    server = subprocess.Popen([sys.executable, "-m", "cli", "serve", "--port", str(port), "--db", db], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        server.stdout.readline()  # the address line: the socket is about to listen
        for _ in range(400):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/table/games", timeout=2)  # also warms the game files
                break
            except httpx.TransportError:
                time.sleep(0.05)
        latencies: list[tuple[str, float]] = []
        errors: list[str] = []

        async def everyone():
            return await asyncio.wait_for(
                asyncio.gather(*(_player(port, n, think, latencies, errors) for n in range(SESSIONS))), DEADLINE)

        began = time.perf_counter()
        played = asyncio.run(everyone())
        wall = time.perf_counter() - began
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()

    hands = sum(len(nets) for _, nets, _ in played)
    ms = [1000 * x for _, x in latencies]
    print(f"\n{label}: {SESSIONS} concurrent sessions x {HANDS} hands (2 boxes), think time {think:g} s, "
          "one Uvicorn worker on loopback")
    print(f"  {len(ms):,} requests, {hands:,} hands in {wall:.1f} s: {len(ms) / wall:,.0f} requests/s, "
          f"{hands / wall:,.0f} hands/s")
    print(f"  latency ms: p50 {_percentile(ms, .50):.1f}  p90 {_percentile(ms, .90):.1f}  "
          f"p99 {_percentile(ms, .99):.1f}  max {max(ms):.1f}")
    for kind in ("sessions", "deal", "decide", "decide+settle"):
        some = [1000 * x for k, x in latencies if k == kind]
        if some:
            print(f"    {kind:<14} {len(some):>5,}: p50 {_percentile(some, .50):6.1f}  p99 {_percentile(some, .99):6.1f}")
    print(f"  errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
    lost = 0
    with Session(connect(db)) as session:
        for session_id, nets, bankroll in played:
            record = store.get_session(session_id, session=session)
            stored = store.hands_of(session_id, session=session)
            if [h.net for h in stored] != nets or record.bankroll != bankroll or \
                    Fraction(record.bankroll) != Fraction(record.start_bankroll) + sum(map(Fraction, nets)):
                lost += 1
            assert verify_session(session_id, session=session).ok
    print(f"  database: {len(played)} sessions, {hands:,} hands stored, {lost} session(s) differing from what "
          "their players saw; every hand verified from its seed")
    assert not errors and lost == 0 and hands == SESSIONS * HANDS


def test_fifty_players(tmp_path):
    _run(tmp_path, "players", THINK)


def test_fifty_sessions_flat_out(tmp_path):
    _run(tmp_path, "flat out", 0.0)
