"""``brag simulate``: millions of dealt and settled rounds beside the exact figures; betting patterns."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from cli.options import AnteBonusOpt, GameArg, JsonOpt, PairPlusOpt

StrategyOpt = Annotated[
    str,
    typer.Option("--strategy", "-s", help="optimal, dealer-copy, always-play, never-play, or a threshold (Q-6-4, pair)."),
]
LevelOpt = Annotated[float, typer.Option("--level", help="Confidence level of the intervals, e.g. 0.95 or 0.99.")]
SeedOpt = Annotated[
    Optional[int], typer.Option("--seed", help="A whole number: the same seed (and workers) gives the same result.")
]


def simulate(
    game: GameArg = "3-card-brag",
    hands: Annotated[
        Optional[int],
        typer.Option("--hands", "-n", help="Rounds to deal (default 1,000,000); with --betting, per session (default 300)."),
    ] = None,
    strategy: StrategyOpt = "optimal",
    boxes: Annotated[int, typer.Option("--boxes", "-b", help="Boxes per round, 1-6, all against one dealer.")] = 1,
    seed: SeedOpt = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes, each with its own random stream.")] = 1,
    level: LevelOpt = 0.95,
    ante_bonus: AnteBonusOpt = None,
    pair_plus: PairPlusOpt = None,
    betting: Annotated[
        Optional[str],
        typer.Option(
            "--betting",
            help="Simulate whole sessions betting this way: flat, martingale or pair-plus-only "
            "(with --bankroll, --bet, --sessions).",
        ),
    ] = None,
    bankroll: Annotated[Optional[str], typer.Option(help="With --betting: the bankroll of each session.")] = None,
    bet: Annotated[str, typer.Option(help="With --betting: the (base) Ante.")] = "1",
    pair_plus_bet: Annotated[
        str, typer.Option("--pair-plus-bet", help="With --betting: the Pair Plus stake each round (0: none).")
    ] = "0",
    max_ante: Annotated[
        Optional[str], typer.Option("--max-ante", help="With --betting: a Martingale cap below the table maximum.")
    ] = None,
    stop_win: Annotated[Optional[str], typer.Option("--stop-win", help="With --betting: stop this far ahead.")] = None,
    stop_loss: Annotated[Optional[str], typer.Option("--stop-loss", help="With --betting: stop this far behind.")] = None,
    sessions: Annotated[int, typer.Option("--sessions", help="With --betting: sessions to simulate.")] = 20_000,
    json: JsonOpt = False,
) -> None:
    """Deal, settle and tally rounds of GAME, and set every figure beside the exact value.

    Per bet: the mean return with its confidence interval, the exact expectation and the z-score,
    the standard deviation and hit rate; the Ante/Play outcomes; hand categories with a chi-square
    test. With --betting: whole sessions (flat, Martingale, Pair Plus only, stop-win/stop-loss) and,
    for flat betting, the exact session figures beside the simulated ones.
    """
    from casino.games import load_game
    from cli.errors import fail

    if not 0 < level < 1:
        fail(f"--level must be between 0 and 1 (such as 0.95), not {level}")
    sessions_mode = betting is not None or bankroll is not None
    if hands is None:
        hands = 300 if sessions_mode else 1_000_000
    if hands < 1:
        fail(f"--hands must be at least 1, not {hands}")
    if sessions_mode and (boxes != 1 or workers != 1):
        fail("--boxes and --workers apply to rounds; with --betting each session plays one box in one process")
    g = load_game(game, ante_bonus=ante_bonus, pair_plus=pair_plus)
    if sessions_mode:
        _sessions(g, betting or "flat", bankroll, bet, pair_plus_bet, max_ante, stop_win, stop_loss,
                  hands, sessions, strategy, seed, level, json)
        return
    _rounds(g, hands, strategy, boxes, seed, workers, level, json)


def _progress(total: int, label: str, enabled: bool):
    """A Rich progress bar on stderr (so --json stays clean); a no-op context when disabled."""
    from contextlib import nullcontext

    if not enabled:
        return nullcontext(None)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=True,
    )

    class _Bar:
        def __enter__(self):
            progress.__enter__()
            task = progress.add_task(label, total=total)
            return lambda n: progress.advance(task, n)

        def __exit__(self, *exc: Any) -> None:
            progress.__exit__(*exc)

    return _Bar()


def _rounds(game, hands, strategy, boxes, seed, workers, level, json) -> None:
    import time

    from rich.table import Table

    from casino.simulate import simulate as run
    from cli.render import console, percent, print_json

    started = time.perf_counter()
    with _progress(hands, f"Dealing {hands:,} rounds", not json) as advance:
        result = run(game, hands, strategy=strategy, boxes=boxes, seed=seed, workers=workers, progress=advance)
    elapsed = time.perf_counter() - started
    if json:
        data = result.to_dict(level)
        data["seconds"] = elapsed
        print_json(data)
        return
    out = console()
    out.print(
        f"[bold]{game.name}[/] — {result.rounds:,} rounds × {boxes} box{'es' if boxes > 1 else ''}, "
        f"strategy {strategy}, seed {result.seed}, {workers} worker{'s' if workers > 1 else ''}: "
        f"{elapsed:.2f} s ({result.rounds / elapsed:,.0f} rounds/s)"
    )
    out.print("Every round settled by the table's rules; figures per hand, per unit of each bet.\n")

    bets = Table(title="Return per hand, simulated and exact", title_justify="left")
    for name in ("Bet", "Simulated", f"± ({level * 100:g}%)", "Exact", "z", "Std dev: sim / exact", "Hit rate: sim / exact"):
        bets.add_column(name, justify="left" if name == "Bet" else "right", no_wrap=name == "Bet")
    for b in result.bets:
        low, high = b.confidence_interval(level)
        bets.add_row(
            b.title, f"{b.mean:+.5f}", f"{(high - low) / 2:.5f}", f"{float(b.exact_mean):+.5f}",
            f"{b.z_score:+.2f}", f"{b.std_dev:.4f} / {b.exact_std_dev:.4f}",
            f"{percent(b.hit_rate, 2)} / {percent(b.exact_hit_rate, 2)}",
        )
    out.print(bets)

    outcomes = Table(title="Ante / Play outcomes per hand", title_justify="left")
    for name in ("Outcome", "Count", "Simulated", "Exact", "z"):
        outcomes.add_column(name, justify="left" if name == "Outcome" else "right")
    for row in result.outcomes():
        outcomes.add_row(row.label, f"{row.count:,}", percent(row.frequency), percent(row.exact), f"{row.z_score:+.2f}")
    out.print(outcomes)

    test = result.category_test()
    categories = Table(title="Hand categories (box 1: one hand per round)", title_justify="left")
    for name in ("Hand", "Count", "Simulated", "Exact", "z"):
        categories.add_column(name, justify="left" if name == "Hand" else "right")
    for row in result.categories():
        categories.add_row(row.label, f"{row.count:,}", percent(row.frequency), percent(row.exact), f"{row.z_score:+.2f}")
    out.print(categories)
    verdict = "consistent with the exact counts" if test.pvalue >= 1 - level else "NOT consistent with the exact counts"
    out.print(f"Chi-square goodness of fit: {float(test.statistic):.2f} on 5 degrees of freedom, "
              f"p = {float(test.pvalue):.4f}: {verdict} at the {level * 100:g}% level.")


def _sessions(game, kind, bankroll, bet, pair_plus_bet, max_ante, stop_win, stop_loss, hands, sessions,
              strategy, seed, level, json) -> None:
    from fractions import Fraction

    from rich.table import Table

    from casino.betting import BettingPattern
    from casino.simulate import simulate_sessions
    from cli.errors import fail
    from cli.render import console, print_json

    def amount(text: str | None, option: str) -> Fraction | None:
        if text is None:
            return None
        try:
            return Fraction(text.strip())
        except (ValueError, ZeroDivisionError):
            fail(f"{option} must be a number, not {text!r}")
            raise  # unreachable: fail() exits

    if sessions < 1:
        fail(f"--sessions must be at least 1, not {sessions}")
    start = amount(bankroll or "100", "--bankroll")
    pattern = BettingPattern(
        kind, amount(bet, "--bet"), amount(pair_plus_bet, "--pair-plus-bet"), amount(stop_win, "--stop-win"),
        amount(stop_loss, "--stop-loss"), amount(max_ante, "--max-ante"),
    ).with_limits(game.limits)
    exact = None
    if pattern.kind != "martingale":
        from casino.session_stats import session_stats

        exact = session_stats(game, bankroll=start, bet=pattern.ante, pair_plus=pattern.pair_plus, hands=hands,
                              stop_win=pattern.stop_win, stop_loss=pattern.stop_loss, strategy=strategy)
    with _progress(hands, f"Playing {sessions:,} sessions, round", not json) as advance:
        sims = simulate_sessions(game, pattern, bankroll=start, hands=hands, sessions=sessions, strategy=strategy,
                                 seed=seed, progress=advance)
    rows = _session_rows(sims, exact, level)
    if json:
        data = sims.to_dict(level)
        if exact is not None:
            data["exact"] = {key: value for key, value in exact.to_dict().items() if key != "distribution"}
        print_json(data)
        return
    out = console()
    out.print(f"[bold]{game.name}[/] — {pattern.describe}; bankroll {float(start):g}, up to {hands:,} rounds, "
              f"strategy {strategy}; {sessions:,} sessions, seed {sims.seed}")
    table = Table(title=f"Sessions ({level * 100:g}% intervals)", title_justify="left")
    for name in ("Figure", "Simulated", "Interval", "Exact"):
        table.add_column(name, justify="left" if name == "Figure" else "right")
    for label, (estimate, low, high), exact_value, fmt in rows:
        table.add_row(label, fmt(estimate), f"{fmt(low)} … {fmt(high)}",
                      fmt(exact_value) if exact_value is not None else "—")
    out.print(table)
    if exact is None:
        out.print("A Martingale's stake depends on the past: simulated only (the exact figures are for flat betting).")


def _session_rows(sims, exact, level):
    pct = lambda v: f"{v * 100:.2f}%"
    num = lambda v: f"{v:+,.2f}"
    rounds = lambda v: f"{v:,.1f}"
    money = lambda v: f"{v:,.2f}"
    e = exact
    return [
        ("Risk of ruin", sims.risk_of_ruin(level), e.risk_of_ruin if e else None, pct),
        ("Reached the stop-win", sims.p_stop_win(level), e.p_stop_win if e else None, pct),
        ("Reached the stop-loss", sims.p_stop_loss(level), e.p_stop_loss if e else None, pct),
        ("Ended ahead", sims.p_ahead(level), e.p_ahead if e else None, pct),
        ("Rounds played (mean)", sims.expected_rounds(level), e.expected_rounds if e else None, rounds),
        ("Result (mean)", sims.expected_result(level), e.expected_result if e else None, num),
        ("Total wagered (mean)", sims.expected_wagered(level), None, money),
    ]
