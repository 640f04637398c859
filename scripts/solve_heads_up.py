"""Solve heads-up traditional Brag with CFR+ and ship the strategy the expert opponent plays.

Usage (from the project root)::

    python scripts/solve_heads_up.py                    # writes paytables/classic/expert-heads-up.npz
    python scripts/solve_heads_up.py --iterations 200 --out /tmp/x.npz --plot /tmp/x.png

The abstraction and the tree are described in :mod:`casino.cfr.brag`. CFR+ is deterministic (no
sampling), so the seed only names the run; the output is the same on every machine up to float
rounding. Along the way the exact exploitability of the average strategy (chips per hand a best
response wins beyond the game value, in the abstraction) is measured at log-spaced iterations; the
curve goes into the file's metadata and, with ``--plot``, into a PNG.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from casino.cfr.brag import HeadsUpRules, SolvedStrategy, build_game  # noqa: E402
from casino.cfr.public import PublicCFR  # noqa: E402

DEFAULT_OUT = ROOT / "paytables" / "classic" / "expert-heads-up.npz"
DEFAULT_PLOT = ROOT / "docs" / "images" / "exploitability.png"


def checkpoints(total: int) -> list[int]:
    """Log-spaced iteration counts up to ``total`` (always including it)."""
    points: set[int] = {total}
    k = 1
    while k < total:
        points.add(k)
        k = max(k + 1, int(k * 1.6))
    return sorted(points)


def solve(rules: HeadsUpRules, iterations: int) -> tuple[SolvedStrategy, list[tuple[int, float, float]]]:
    """Run CFR+; return the strategy and the curve (iterations, exploitability, player 0's value)."""
    game = build_game(rules)
    solver = PublicCFR(game)
    curve: list[tuple[int, float, float]] = []
    started = time.perf_counter()
    for point in checkpoints(iterations):
        solver.run(point - solver.iterations)
        curve.append((point, solver.exploitability(), solver.value()))
        print(f"  {point:6d} iterations  exploitability {curve[-1][1]:.5f} chips/hand  "
              f"value {curve[-1][2]:+.5f}  ({time.perf_counter() - started:.0f} s)", flush=True)
    meta: dict[str, object] = {
        "iterations": iterations,
        "algorithm": "CFR+ (alternating updates, linear averaging)",
        "exploitability": curve[-1][1],
        "value_first_player": curve[-1][2],
        "curve": [list(c) for c in curve],
        "decision_nodes": len(game.decisions()),
        "nodes": len(game.nodes),
    }
    return SolvedStrategy.from_solver(rules, solver.strategy_table(), meta), curve


def plot(curve: list[tuple[int, float, float]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [c[0] for c in curve]
    ys = [c[1] for c in curve]
    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=110)
    ax.loglog(xs, ys, marker="o", markersize=3)
    ax.set_xlabel("CFR+ iterations")
    ax.set_ylabel("exploitability (chips per hand)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.annotate(f"{ys[-1]:.4f}", (xs[-1], ys[-1]), textcoords="offset points", xytext=(-30, 8))
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1500)
    parser.add_argument("--buckets", type=int, default=HeadsUpRules.buckets)
    parser.add_argument("--max-bets", type=int, default=HeadsUpRules.max_bets)
    parser.add_argument("--stakes", default=",".join(str(s) for s in HeadsUpRules.stakes))
    parser.add_argument("--seed", type=int, default=1, help="recorded with the result (CFR+ draws no random numbers)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--plot", type=Path, default=None, help=f"write the exploitability curve (e.g. {DEFAULT_PLOT})")
    args = parser.parse_args(argv)
    rules = HeadsUpRules(
        stakes=tuple(int(s) for s in args.stakes.split(",")), max_bets=args.max_bets, buckets=args.buckets
    )
    started = time.perf_counter()
    strategy, curve = solve(rules, args.iterations)
    elapsed = time.perf_counter() - started
    strategy.meta["seconds"] = round(elapsed, 1)
    strategy.meta["seed"] = args.seed
    args.out.parent.mkdir(parents=True, exist_ok=True)
    strategy.save(args.out)
    print(json.dumps({"out": str(args.out), "seconds": round(elapsed, 1), "exploitability": curve[-1][1],
                      "value_first_player": curve[-1][2], "bytes": args.out.stat().st_size}))
    if args.plot is not None:
        plot(curve, args.plot, f"Heads-up Brag, {rules.buckets} classes, stakes {list(rules.stakes)}, "
             f"{rules.max_bets} bets max")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
