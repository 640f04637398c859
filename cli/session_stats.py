"""``brag session``: what a session of a betting system feels like, computed exactly.

The bankroll's distribution after N rounds, the risk of ruin, the chance of ending ahead or of
reaching the stop-win first, and the expected rounds played, as a table and a terminal histogram;
``--plot-file`` writes the histogram as SVG or PNG (:mod:`cli.pictures`, matplotlib);
``--check`` sets a simulation beside the exact figures.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Optional

import typer

from cli.options import AnteBonusTableOpt, GameArg, JsonOpt, PairPlusTableOpt, CheckSeedOpt


def session(
    game: GameArg = "3-card-brag",
    bankroll: Annotated[str, typer.Option(help="The bankroll the session starts with.")] = "100",
    ante: Annotated[
        str,
        typer.Option("--ante", "--bet",
                     help="The Ante each round (the Play bet, when made, equals it); 0 with --pair-plus: Pair Plus only."),
    ] = "5",
    hands: Annotated[int, typer.Option("--hands", "-n", help="Rounds in the session at most.")] = 300,
    pair_plus: Annotated[str, typer.Option("--pair-plus", help="The Pair Plus stake each round (0: none).")] = "0",
    stop_win: Annotated[Optional[str], typer.Option("--stop-win", help="Stop once this far ahead.")] = None,
    stop_loss: Annotated[Optional[str], typer.Option("--stop-loss", help="Stop once this far behind.")] = None,
    betting: Annotated[
        str,
        typer.Option("--betting", help="flat, martingale, reverse-martingale, paroli, dalembert, fibonacci, "
                     "proportional:F (F of the bankroll, such as proportional:5%) or pair-plus-only."),
    ] = "flat",
    max_ante: Annotated[
        Optional[str], typer.Option("--max-ante", help="A cap on a progression's Ante below the table maximum.")
    ] = None,
    strategy: Annotated[str, typer.Option("--strategy", "-s", help="optimal, dealer-copy, always-play, or a threshold such as Q-6-4.")] = "optimal",
    ante_bonus_table: AnteBonusTableOpt = None,
    pair_plus_table: PairPlusTableOpt = None,
    bins: Annotated[int, typer.Option(help="Bars in the histogram.")] = 20,
    plot_file: Annotated[
        Optional[str], typer.Option("--plot-file", help="Also write the histogram to a file: session.svg or session.png.")
    ] = None,
    check: Annotated[bool, typer.Option("--check", help="Simulate sessions too and set them beside the exact figures.")] = False,
    sessions: Annotated[int, typer.Option(help="With --check: sessions to simulate.")] = 20_000,
    seed: CheckSeedOpt = None,
    level: Annotated[float, typer.Option(help="With --check: the confidence level of the intervals.")] = 0.95,
    json: JsonOpt = False,
) -> None:
    """Exact session statistics for a betting system (flat by default): dynamic programming over the
    per-round results."""
    from pathlib import Path

    from casino.games import load_game
    from casino.session_stats import session_stats
    from cli.errors import fail
    from cli.simulate import amount, pair_plus_stake

    if hands < 1:
        fail(f"--hands must be at least 1, not {hands}")
    if not 1 <= bins <= 200:
        fail(f"--bins must be between 1 and 200, not {bins}")
    if not 0 < level < 1:
        fail(f"--level must be between 0 and 1 (such as 0.95), not {level}")
    if check and sessions < 1:
        fail(f"--sessions must be at least 1, not {sessions}")
    if plot_file is not None and Path(plot_file).suffix.lower() not in (".svg", ".png"):
        from casino.files import shown_path

        fail(f"--plot-file writes SVG or PNG: give a file name ending in .svg or .png, not {shown_path(plot_file)!r}")
    if plot_file is not None:
        from cli.pictures import folder_error

        problem = folder_error(plot_file)  # before the work, not after it
        if problem:
            fail(problem)
    from casino.betting import BettingPattern

    stake = pair_plus_stake(pair_plus)
    g = load_game(game, ante_bonus=ante_bonus_table, pair_plus=pair_plus_table)
    bet = amount(ante, "--ante")
    flat = betting.strip().lower() == "flat"
    if not bet and flat and not stake:  # 0 is Pair Plus only, which needs a Pair Plus stake
        from casino.money import MAX_AMOUNT

        fail(f"--bet (the Ante) must be more than 0 and at most {MAX_AMOUNT:,}; 0 only with --pair-plus, to bet "
             "Pair Plus alone")
    kind = betting if bet or not flat else "pair-plus-only"
    pattern = BettingPattern(kind, bet, stake, amount(stop_win, "--stop-win"), amount(stop_loss, "--stop-loss"),
                             amount(max_ante, "--max-ante"))
    stats = session_stats(g, bankroll=amount(bankroll, "--bankroll"), hands=hands, strategy=strategy, pattern=pattern)
    sims = None
    if check:
        from casino.simulate import simulate_sessions
        from cli.simulate import _progress

        with _progress(sessions * hands, f"Simulating {sessions:,} sessions of {hands:,} rounds", not json) as advance:
            sims = simulate_sessions(g, stats.pattern, bankroll=stats.bankroll, hands=hands, sessions=sessions,
                                     strategy=strategy, seed=seed, progress=advance)
    if plot_file is not None:
        try:
            write_histogram(plot_file, stats, bins)
        except OSError as error:
            from casino.files import shown_path

            fail(f"cannot write {shown_path(plot_file)}: {error.strerror or error}")
    if json:
        from cli.render import print_json

        data = stats.to_dict()
        edges, mass = stats.histogram(bins)
        data["histogram"] = [{"from": float(a), "to": float(b), "probability": float(p)}
                             for a, b, p in zip(edges[:-1], edges[1:], mass)]
        if sims is not None:
            data["check"] = sims.to_dict(level)
        print_json(data)
        return
    _print(stats, bins, sims, level, plot_file)


def _print(stats, bins: int, sims, level: float, plot_file: str | None) -> None:
    from rich.table import Table

    from cli.render import console, interval_text, plain

    out = console()
    out.print(f"[bold]{plain(stats.game.name)}[/] — {stats.pattern.describe}; bankroll {_money(stats.bankroll)}, "
              f"up to {stats.hands:,} rounds, strategy {stats.strategy}")
    out.print(f"One round: mean {float(stats.round_mean):+.4f}, standard deviation {stats.round_std:.4f}. "
              f"Exact (dynamic programming over {len(stats.bankrolls):,} bankroll levels), no sampling.")
    out.print(f"A round needs {_money(stats.pattern.round_stake)} on the table ({stats.pattern.round_stake_names}): "
              "with less the player is ruined.\n")
    figures = Table(title="The session", title_justify="left")
    figures.add_column("Figure", ratio=1, min_width=9)
    figures.add_column("Exact", justify="right", no_wrap=True)
    if sims is not None:
        figures.add_column(f"Simulated ({sims.sessions:,})", justify="right", no_wrap=True)
        figures.add_column(f"{level * 100:g}% interval", justify="right", no_wrap=True)
        figures.add_column("Agrees", justify="center", no_wrap=True)
    pct = lambda v: f"{v * 100:.2f}%"
    rows: list[tuple[str, float, Any, Any]] = [("Risk of ruin", stats.risk_of_ruin, pct, sims.risk_of_ruin if sims else None)]
    if stats.pattern.stop_win is not None:
        rows.append(("Reaches the stop-win", stats.p_stop_win, pct, sims.p_stop_win if sims else None))
    if stats.pattern.stop_loss is not None:
        rows.append(("Reaches the stop-loss", stats.p_stop_loss, pct, sims.p_stop_loss if sims else None))
    rows += [
        ("Ends ahead", stats.p_ahead, pct, sims.p_ahead if sims else None),
        ("Ends even", stats.p_even, pct, None),
        ("Ends behind", stats.p_behind, pct, None),
        ("Plays every round", stats.p_full_session, pct, None),
        ("Rounds played (expected)", stats.expected_rounds, lambda v: f"{v:,.1f}", sims.expected_rounds if sims else None),
        ("Result (expected)", stats.expected_result, lambda v: f"{v:+,.2f}", sims.expected_result if sims else None),
        ("Final bankroll (expected)", stats.expected_final, lambda v: f"{v:,.2f}", None),
        ("Final bankroll (std dev)", stats.std_final, lambda v: f"{v:,.2f}", None),
    ]
    for q in (0.05, 0.5, 0.95):
        rows.append((f"Final bankroll, {q:.0%} quantile", stats.quantile(q), lambda v: f"{v:,.2f}", None))
    for label, value, fmt, simulated in rows:
        cells = [label, fmt(value)]
        if sims is not None:
            if simulated is None:
                cells += ["", "", ""]
            else:
                estimate, low, high = simulated(level)
                inside = "—" if not math.isfinite(high - low) else "yes" if low - 1e-12 <= value <= high + 1e-12 else "NO"
                cells += [fmt(estimate), interval_text(low, high, fmt), inside]  # (one session: no interval)
        figures.add_row(*cells)
    out.print(figures)

    histogram = Table(title="Final bankroll", title_justify="left", show_edge=False, box=None, padding=(0, 1))
    histogram.add_column("From", justify="right", no_wrap=True)
    histogram.add_column("To", justify="right", no_wrap=True)
    histogram.add_column("Chance", justify="right", no_wrap=True)
    histogram.add_column("", no_wrap=True)
    rows_ = histogram_rows(stats, bins)
    top = max((p for _, _, p in rows_), default=0.0) or 1.0
    width = max(10, min(40, out.width - 48))
    for low, high, p in rows_:
        bar = "█" * int(round(p / top * width))
        mark = " ◀ start" if low <= stats.bankroll <= high else ""
        histogram.add_row(_money(low), _money(high), f"{p * 100:6.2f}%", bar + mark)
    out.print(histogram)
    if plot_file is not None:
        out.print(f"Histogram written to {plot_file}")


def _money(value) -> str:
    from cli.simulate import _money as money

    return money(value)


def histogram_rows(stats, bins: int):
    """The histogram's bins as exact (lowest, highest, chance): bankrolls from ``lowest`` to ``highest``
    inclusive, both on the bankroll lattice."""
    from fractions import Fraction

    edges, mass = stats.histogram(bins)
    step = stats.step
    points = [round(e / float(step)) for e in edges]
    return [(Fraction(a) * step, Fraction(b - 1) * step, float(p)) for a, b, p in zip(points[:-1], points[1:], mass)]


def histogram_picture(stats: Any) -> dict[str, Any]:
    """The histogram picture's words: title, subtitle, axis label and the start marker."""
    return dict(
        title=f"{stats.game.name}: final bankroll after up to {stats.hands:,} rounds",
        subtitle=f"{stats.pattern.describe}; start {_money(stats.bankroll)}; risk of ruin {stats.risk_of_ruin:.2%}; "
        f"ends ahead {stats.p_ahead:.2%}; expected rounds {stats.expected_rounds:,.1f}",
        xlabel="final bankroll",
        marker=float(stats.bankroll),
    )


def write_histogram(path: str, stats: Any, bins: int = 20) -> None:
    """The final-bankroll histogram to ``path`` (.svg or .png) through :mod:`cli.pictures` (matplotlib)."""
    from cli.pictures import histogram_png, histogram_svg, write_picture

    edges, mass = stats.histogram(bins)
    picture = histogram_picture(stats)
    write_picture(path, lambda: histogram_svg(edges, mass, **picture), lambda: histogram_png(edges, mass, **picture))
