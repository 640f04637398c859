"""``brag tournament``: the computer characters against each other, heads-up and at six seats."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from cli.options import JsonOpt

PlayersOpt = Annotated[
    Optional[str],
    typer.Option(
        "--players",
        help="Comma-separated characters (default: cautious,steady,loose,bluffer,expert,random,stay-in).",
    ),
]


#: The most deals a tournament takes in one run (a million: about half an hour per pairing set on two cores).
MAX_DEALS = 1_000_000

def tournament(
    deals: Annotated[
        int, typer.Option("--deals", "-n", help="Deals per heads-up pairing and per six-seat lineup; each is played "
                          "once per seating (2 hands heads-up, 6 at six seats).")
    ] = 2000,
    players: PlayersOpt = None,
    seed: Annotated[str, typer.Option("--seed", help="Any text or number: the same seed gives the same chips.")] = "1",
    heads_up: Annotated[bool, typer.Option("--heads-up/--no-heads-up", help="Play the heads-up pairings.")] = True,
    six_seat: Annotated[bool, typer.Option("--six-seat/--no-six-seat", help="Play the six-seat lineups.")] = True,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Local processes (same result for any number).")] = 1,
    scheduler: Annotated[
        Optional[str],
        typer.Option("--scheduler", help="A Dask scheduler address (tcp://host:8786): run the chunks there "
                     "(needs the 'dask' extra); the result is the same. Waits 30 s for it, or $BRAG_DASK_TIMEOUT "
                     "seconds."),
    ] = None,
    plot: Annotated[Optional[str], typer.Option("--plot", help="Write a PNG picture of the results here.")] = None,
    json: JsonOpt = False,
) -> None:
    """Every character against every other: chips won per 100 hands with 95 % intervals, duplicate deals.

    Heads-up, each deal is played twice with the seats swapped; at six seats, six times with the lineup turned one seat each time. The table plays standard Brag on a stake menu of 2, 4, 8, 16 chips (ante 1); see docs/opponents.md.
    """  # noqa: E501
    import json as json_module

    from casino.classic.opponents import CHARACTERS
    from casino.classic.tournament import run_tournament
    from cli.errors import fail

    if players is not None and not players.strip():
        fail(f"--players needs the characters' names, such as steady,random (the characters: {', '.join(CHARACTERS)})")
    if not seed.strip():
        fail("--seed cannot be empty: give any text or number")
    names = [p.strip() for p in players.split(",")] if players is not None else list(CHARACTERS)
    if not 1 <= deals <= MAX_DEALS:  # 200,000 deals take about six minutes on two cores
        fail(f"--deals must be 1 to {MAX_DEALS:,}, not {deals:,}")
    from casino.workers import check_workers

    check_workers(workers)  # one line, as simulate's: 1 to the machine's limit
    if not heads_up and not six_seat:
        fail("nothing to play: --no-heads-up and --no-six-seat together")
    if plot is not None and not plot.lower().endswith(".png"):
        fail(f"--plot writes a PNG picture: give a file name ending in .png, not {plot!r}")
    from cli.prompts import terminate_as_ctrl_c

    with terminate_as_ctrl_c(children=True):  # a kill stops the workers too, as Ctrl-C does
        result = run_tournament(names, deals=deals, seed=seed, heads_up=heads_up, six_seat=six_seat,
                                workers=workers, scheduler=scheduler)
    if plot is not None:
        _plot(result, plot)
    if json:
        from cli.render import print_json

        print_json(result.to_dict())  # an interval a single deal cannot give is null: Infinity is not JSON
        return
    _show(result)


def _show(result: Any) -> None:
    from rich import box
    from rich.table import Table

    import math

    from cli.render import console as shared, figure_text

    console = shared()
    if result.pairs:
        order = result.ranking()
        t = Table(title=f"Heads-up: chips won per 100 hands by the row against the column\n"
                  f"({2 * result.deals:,} hands per pairing, seed {result.seed}; ~ : the 95 % interval "
                  f"includes 0)", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, collapse_padding=True)
        t.add_column("player", no_wrap=True)
        for k in range(len(order)):
            t.add_column(str(k + 1), justify="right", no_wrap=True)
        t.add_column("all", justify="right", no_wrap=True)
        t.add_column("±", justify="right", no_wrap=True)
        for i, a in enumerate(order):
            row = [f"{i + 1} {a}"]
            for b in order:
                if a == b:
                    row.append("")
                    continue
                s = result.pairs[(a, b)]
                low, high = s.interval()
                row.append(("" if low > 0 or high < 0 else "~") + f"{s.per_100:+.0f}")
            pooled = result.heads_up(a)
            row += [f"{pooled.per_100:+.1f}", figure_text(pooled.half_width, ".1f")]  # (one deal: no interval, —)
            t.add_row(*row)
        console.print(t)
    if result.six_seat:
        t = Table(title=f"Six seats: chips won per 100 hands ({result.deals:,} deals x 6 seatings per lineup)")
        t.add_column("player", no_wrap=True)
        t.add_column("per 100 hands", justify="right")
        t.add_column("95 % interval", justify="right")
        t.add_column("hands", justify="right")
        for p in sorted(result.six_seat, key=lambda q: -result.six_seat[q].per_100):
            s = result.six_seat[p]
            low, high = s.interval()
            t.add_row(p, f"{s.per_100:+.1f}", f"{low:+.1f} to {high:+.1f}" if math.isfinite(high - low) else "—", f"{s.hands:,}")
        console.print(t)
    console.print(f"Ranking (heads-up opponents beaten): {', '.join(result.ranking())} ({result.seconds:.1f} s)")


def _plot(result: Any, path: str) -> None:
    """A heat map of the heads-up results and bars (with 95 % intervals) of the six-seat results."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from cli.errors import fail

    panels = int(bool(result.pairs)) + int(bool(result.six_seat))
    fig, axes = plt.subplots(1, panels, figsize=(6.5 * panels, 5.0), dpi=100, squeeze=False)
    k = 0
    if result.pairs:
        order = result.ranking()
        grid = np.full((len(order), len(order)), np.nan)
        for i, a in enumerate(order):
            for j, b in enumerate(order):
                if a != b:
                    grid[i, j] = result.pairs[(a, b)].per_100
        ax = axes[0][k]
        top = float(np.nanmax(np.abs(grid))) or 1.0
        im = ax.imshow(grid, cmap="RdYlGn", vmin=-top, vmax=top)
        ax.set_xticks(range(len(order)), order, rotation=45, ha="right")
        ax.set_yticks(range(len(order)), order)
        for i in range(len(order)):
            for j in range(len(order)):
                if i != j:
                    ax.text(j, i, f"{grid[i, j]:+.0f}", ha="center", va="center", fontsize=8)
        ax.set_title("Heads-up: row's chips per 100 hands vs column", fontsize=10)
        fig.colorbar(im, ax=ax, shrink=0.8)
        k += 1
    if result.six_seat:
        ax = axes[0][k]
        names = sorted(result.six_seat, key=lambda q: -result.six_seat[q].per_100)
        values = [result.six_seat[p].per_100 for p in names]
        errors = [result.six_seat[p].half_width for p in names]
        ax.bar(names, values, yerr=errors, capsize=4, color=["tab:green" if v > 0 else "tab:red" for v in values])
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_ylabel("chips won per 100 hands (95 % CI)")
        ax.set_title("Six seats", fontsize=10)
        ax.tick_params(axis="x", rotation=45)
    fig.suptitle(f"Brag tournament, {result.deals:,} deals per pairing, seed {result.seed}", fontsize=11)
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")
    finally:
        plt.close(fig)
