"""Speed of the simulator against the table engine's per-round loop, measured side by side in one run.

Run: ``pytest -m benchmark -s benchmarks/bench_simulate.py``. Nothing here asserts a time: the
figures are printed (rounds per second and ratios, since the machine is shared) and go into the
issue notes. The target is at least 1,000,000 rounds a second on one core for Ante/Play with Pair
Plus, end to end: dealt, settled by :mod:`casino.rules` and tallied.
"""

from __future__ import annotations

import statistics
import time
from fractions import Fraction

import numpy as np
import pytest

pytestmark = pytest.mark.benchmark

TARGET = 1_000_000


def simulator_rate(game, rounds: int, boxes: int = 1, workers: int = 1) -> float:
    """Rounds a second for :func:`casino.simulate.simulate` (dealt, settled and tallied)."""
    from casino.simulate import simulate

    start = time.perf_counter()
    result = simulate(game, rounds, boxes=boxes, seed=1, workers=workers)
    elapsed = time.perf_counter() - start
    assert result.rounds == rounds and result.tally.sums[1] != 0  # Pair Plus really settled
    return rounds / elapsed


def table_rate(game, rounds: int) -> float:
    """Rounds a second for the table engine: deal from a seed, decide, settle, one round at a time."""
    from casino.events import BoxBets
    from casino.fair import derive_seed, session_seed
    from casino.strategy import play_mask
    from casino.table import Table

    table = Table(game)
    play = play_mask(game, "optimal")
    bets = [BoxBets(1, Fraction(1), Fraction(1))]
    root = session_seed("bench")
    seeds = [derive_seed(root, n) for n in range(1, rounds + 1)]
    start = time.perf_counter()
    for n, seed in enumerate(seeds, 1):
        rnd = table.deal(bets, seed, round_no=n)
        rnd.decide(1, bool(play[rnd.hand(1)]))
        rnd.settle()
    return rounds / (time.perf_counter() - start)


def settle_loop_rate(game, rounds: int) -> float:
    """Rounds a second for a plain loop: deal one round with numpy, settle arrays of size 1, tally."""
    from casino.rules import compile_rules
    from casino.deal import card_masks, deal
    from casino.strategy import play_mask

    rules = compile_rules(game)
    play = play_mask(game, "optimal")
    masks = card_masks(game.ranking.name)
    rng = np.random.default_rng(1)
    total = 0
    start = time.perf_counter()
    for _ in range(rounds):
        player, dealer = deal(rng, 1, 1, masks)
        s = rules.settle(player[:, 0], dealer, play[player[:, 0]])
        total += int(s.ante[0] + s.play[0] + s.ante_bonus[0] + s.pair_plus[0])
    return rounds / (time.perf_counter() - start)


@pytest.mark.parametrize("game_name", ["3-card-brag", "three-card-poker"])
def test_simulator_against_the_table_engine(game_name):
    from casino.games import load_game
    from casino.simulate import simulate

    game = load_game(game_name)
    simulate(game, 10_000, seed=0)  # build the hand table, masks and rules once
    fast, table, loop = [], [], []
    for _ in range(3):  # interleaved, so that load on the shared machine hits all three alike
        fast.append(simulator_rate(game, 4_000_000))
        table.append(table_rate(game, 2_000))
        loop.append(settle_loop_rate(game, 20_000))
    f, t, lo = statistics.median(fast), statistics.median(table), statistics.median(loop)
    print(
        f"\n{game_name}, Ante/Play + Pair Plus, one box, one core:"
        f"\n  simulator         {f:>12,.0f} rounds/s  ({'meets' if f >= TARGET else 'MISSES'} the 1,000,000 target)"
        f"\n  table engine loop {t:>12,.0f} rounds/s  (simulator is {f / t:,.0f}x faster)"
        f"\n  settle() per round{lo:>12,.0f} rounds/s  (simulator is {f / lo:,.0f}x faster)"
    )


def test_simulator_with_six_boxes_and_two_workers():
    from casino.games import load_game

    game = load_game("3-card-brag")
    one = [simulator_rate(game, 2_000_000, boxes=1) for _ in range(3)]
    six = [simulator_rate(game, 1_000_000, boxes=6) for _ in range(3)]
    two = [simulator_rate(game, 8_000_000, workers=2) for _ in range(3)]
    a, b, c = statistics.median(one), statistics.median(six), statistics.median(two)
    print(
        f"\n3-card-brag: one box {a:,.0f} rounds/s; six boxes {b:,.0f} rounds/s ({6 * b:,.0f} hands/s);"
        f" two workers {c:,.0f} rounds/s ({c / a:.2f}x one worker, on 2 shared cores)"
    )


def _cpu() -> float:
    """CPU seconds used so far by this process and its waited-for children (forked workers)."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # microseconds, where os.times() has 10 ms ticks
    return time.process_time() + children.ru_utime + children.ru_stime


def one_stream_per_worker(game, rounds: int, workers: int = 1) -> tuple[float, float]:
    """(wall, CPU) seconds for the layout before chunk streams: each worker one stream
    (``SeedSequence(seed).spawn(workers)``) dealing its share in chunks of :data:`casino.workers.CHUNK`."""
    import multiprocessing

    from casino.deal import card_masks
    from casino.rules import compile_rules
    from casino.strategy import decision_table
    from casino.tally import Tally, simulate_chunk
    from casino.workers import CHUNK, split

    def share(n: int, seed: np.random.SeedSequence) -> Tally:
        rng = np.random.Generator(np.random.PCG64(seed))
        tally, done = Tally(boxes=1, scale=rules.scale), 0
        while done < n:
            k = min(CHUNK, n - done)
            tally.add(simulate_chunk(rules, play, masks, rng, k, 1))
            done += k
        return tally

    def worker(n: int, seed: np.random.SeedSequence, out) -> None:  # noqa: ANN001 - a queue
        out.put(share(n, seed))

    cpu, start = _cpu(), time.perf_counter()
    rules, masks, play = compile_rules(game), card_masks(game.ranking), decision_table(game, "optimal")
    seeds = np.random.SeedSequence(1).spawn(workers)
    if workers == 1:
        total = share(rounds, seeds[0])
    else:
        context = multiprocessing.get_context("fork")
        out = context.Queue()
        procs = [context.Process(target=worker, args=(n, s, out)) for n, s in zip(split(rounds, workers), seeds)]
        for p in procs:
            p.start()
        total = Tally(boxes=1, scale=rules.scale)
        for _ in procs:
            total.add(out.get())
        for p in procs:
            p.join()
    wall, used = time.perf_counter() - start, _cpu() - cpu
    assert total.rounds == rounds
    return wall, used


def stream_per_chunk(game, rounds: int, workers: int = 1) -> tuple[float, float]:
    """(wall, CPU) seconds for :func:`casino.simulate.simulate` (a stream per chunk)."""
    from casino.simulate import simulate

    cpu, start = _cpu(), time.perf_counter()
    result = simulate(game, rounds, seed=1, workers=workers)
    wall, used = time.perf_counter() - start, _cpu() - cpu
    assert result.rounds == rounds
    return wall, used


def test_chunk_streams_against_one_stream_per_worker():
    """What giving every chunk its own stream (the same result for any --workers) costs, 3 Card Brag,
    the optimal strategy, one box: the chunked simulator against the one-stream-per-worker layout it
    replaced, with one and two workers, interleaved in one run (median of nine). Wall-clock rounds/s
    swing with the load of the shared machine; CPU seconds (this process and its forked workers) are
    the steadier measure of what the chunking costs."""
    from casino.games import load_game

    game = load_game("3-card-brag")
    stream_per_chunk(game, 100_000)
    rounds = 4_000_000
    runs: dict[tuple[str, int], list[tuple[float, float]]] = {}
    for _ in range(9):
        for workers in (1, 2):
            runs.setdefault(("before", workers), []).append(one_stream_per_worker(game, rounds, workers))
            runs.setdefault(("after", workers), []).append(stream_per_chunk(game, rounds, workers))
    print(f"\n3-card-brag, optimal, one box, {rounds:,} rounds (median of 9, interleaved):")
    for workers in (1, 2):
        (bw, bc), (aw, ac) = ((statistics.median(w for w, _ in runs[(k, workers)]),
                               statistics.median(c for _, c in runs[(k, workers)])) for k in ("before", "after"))
        print(f"  {workers} worker{'s' if workers > 1 else ' '}: one stream per worker {rounds / bw:>11,.0f} rounds/s"
              f" ({bc * 1e9 / rounds:.0f} ns CPU a round); a stream per chunk {rounds / aw:>11,.0f} rounds/s"
              f" ({ac * 1e9 / rounds:.0f} ns CPU a round): {bw / aw:.3f}x the speed, {ac / bc:.3f}x the CPU")


def test_six_boxes_with_a_large_paytable_scale():
    """Squares past int64 (a solved paytable, scale 3,316,320) are summed exactly: what that costs."""
    from casino.games import load_game
    from casino.rules import compile_rules
    from casino.solve import solve

    plain = load_game("3-card-brag")
    solved = solve(plain, "ante_bonus", "run", 0.03).game
    simulator_rate(solved, 10_000, boxes=6)
    small = [simulator_rate(plain, 500_000, boxes=6) for _ in range(3)]
    large = [simulator_rate(solved, 500_000, boxes=6) for _ in range(3)]
    a, b = statistics.median(small), statistics.median(large)
    print(
        f"\n3-card-brag, six boxes: scale {compile_rules(plain).scale} {a:,.0f} rounds/s;"
        f" solved paytable, scale {compile_rules(solved).scale:,} (exact squares past int64) {b:,.0f} rounds/s"
        f" ({b / a:.2f}x)"
    )


def test_exact_session_statistics():
    from casino.games import load_game
    from casino.session_stats import session_stats

    game = load_game("3-card-brag")
    session_stats(game, bankroll=100, bet=5, hands=10)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        session_stats(game, bankroll=100, bet=5, pair_plus=5, hands=300)
        times.append(time.perf_counter() - start)
    print(f"\nexact session, 300 rounds, Ante 5 + Pair Plus 5: median {statistics.median(times) * 1e3:.0f} ms")
