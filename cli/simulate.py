"""``brag simulate``: millions of dealt and settled rounds beside the exact figures; betting patterns.

Two modes, chosen explicitly: rounds (the default: figures per hand, per unit of each bet) and,
with ``--betting``, whole sessions of a betting pattern. The session options (``--bankroll``,
``--ante``, ``--pair-plus``, ``--sessions``…) belong to the second mode and are refused without it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Optional

import typer

from cli.options import AnteBonusTableOpt, GameArg, JsonOpt, PairPlusRatioOpt, PairPlusTableOpt, SimulationSeedOpt
from cli.options import pair_plus_ratio as pair_plus_ratio_value
from cli.prompts import terminate_as_ctrl_c

StrategyOpt = Annotated[
    str,
    typer.Option("--strategy", "-s", help="optimal, dealer-copy, always-play, never-play, a threshold (Q-6-4, pair), or informed (the dealer's up card seen: Face Up)."),
]
LevelOpt = Annotated[float, typer.Option("--level", help="Confidence level of the intervals, e.g. 0.95 or 0.99.")]
SESSION_OPTIONS = "--bankroll, --ante, --pair-plus, --max-ante, --stop-win, --stop-loss and --sessions"


def simulate(
    game: GameArg = "3-card-brag",
    hands: Annotated[
        Optional[int],
        typer.Option("--hands", "-n", help="Rounds to deal (default 1,000,000); with --betting, per session (default 300)."),
    ] = None,
    strategy: StrategyOpt = "optimal",
    boxes: Annotated[int, typer.Option("--boxes", "-b", help="Boxes per round, 1-6, all against one dealer.")] = 1,
    seed: SimulationSeedOpt = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes sharing the work; the seeded result is the "
                                         "same for any number.")] = 1,
    scheduler: Annotated[
        Optional[str],
        typer.Option("--scheduler", help="A Dask scheduler address (tcp://host:8786): run the work there, in --workers "
                     "parts (needs the 'dask' extra); the result is the same. Waits 30 s for it, or "
                     "$BRAG_DASK_TIMEOUT seconds."),
    ] = None,
    level: LevelOpt = 0.95,
    ante_bonus_table: AnteBonusTableOpt = None,
    pair_plus_table: PairPlusTableOpt = None,
    betting: Annotated[
        Optional[str],
        typer.Option(
            "--betting",
            help="Simulate whole sessions instead of rounds, betting flat, martingale, reverse-martingale, paroli, dalembert, fibonacci, proportional:F or pair-plus-only; "
            f"the session options ({SESSION_OPTIONS}) need it.",
        ),
    ] = None,
    bankroll: Annotated[Optional[str], typer.Option(help="With --betting: each session's bankroll (default 100).")] = None,
    ante: Annotated[Optional[str], typer.Option("--ante", "--bet", help="With --betting: the (base) Ante (default 1).")] = None,
    pair_plus: Annotated[
        Optional[str], typer.Option("--pair-plus", help="With --betting: the Pair Plus stake each round (default 0).")
    ] = None,
    max_ante: Annotated[
        Optional[str], typer.Option("--max-ante", help="With --betting: a cap on a progression's Ante below the table maximum.")
    ] = None,
    stop_win: Annotated[Optional[str], typer.Option("--stop-win", help="With --betting: stop this far ahead.")] = None,
    stop_loss: Annotated[Optional[str], typer.Option("--stop-loss", help="With --betting: stop this far behind.")] = None,
    sessions: Annotated[
        Optional[int], typer.Option("--sessions", help="With --betting: sessions to simulate (default 20,000).")
    ] = None,
    pair_plus_ratio: PairPlusRatioOpt = "0",
    json: JsonOpt = False,
) -> None:
    """Deal, settle and tally rounds of GAME, and set every figure beside the exact value.

    Per bet: the mean return with its confidence interval, the exact expectation and the z-score, the standard deviation and hit rate; the Ante/Play outcomes; hand categories with a chi-square test.

    With --betting: whole sessions instead (flat, Martingale, Reverse Martingale, Paroli, D'Alembert, Fibonacci, a proportional stake, Pair Plus only, stop-win/stop-loss) and the exact session figures beside the simulated ones.
    """  # noqa: E501 - one line per paragraph: the help reflows it to the terminal
    from casino.games import load_game
    from cli.errors import fail

    if not 0 < level < 1:
        fail(f"--level must be between 0 and 1 (such as 0.95), not {level}")
    given = [name for name, value in (("--bankroll", bankroll), ("--ante", ante), ("--pair-plus", pair_plus),
                                      ("--max-ante", max_ante), ("--stop-win", stop_win), ("--stop-loss", stop_loss),
                                      ("--sessions", sessions)) if value is not None]
    if betting is None and given:
        if pair_plus is not None and not _is_number(pair_plus):
            fail(pair_plus_stake_message())
        fail(f"{given[0]} is a session option: add --betting flat (or martingale, pair-plus-only) to simulate sessions")
    if hands is None:
        hands = 300 if betting else 1_000_000
    if hands < 1:
        fail(f"--hands must be at least 1, not {hands}")
    if betting and boxes != 1:
        fail("--boxes applies to rounds; with --betting each session plays one box")
    stake = pair_plus_stake(pair_plus)  # checked before the game is loaded: a table name here is a mistake
    ratio = pair_plus_ratio_value(pair_plus_ratio)
    if ratio and betting:
        fail("--pair-plus-ratio applies to rounds; with --betting each round's own --pair-plus and --ante decide")
    g = load_game(game, ante_bonus=ante_bonus_table, pair_plus=pair_plus_table)
    from casino.edge import checked_ratio

    checked_ratio(g, ratio)  # (a head-to-head game refuses it: no player decides to play or fold)
    if g.head_to_head is not None:
        _head_to_head(g, hands, strategy, boxes, seed, workers, level, json, betting, scheduler)
        return
    if betting:
        _sessions(g, betting, bankroll, ante, stake, max_ante, stop_win, stop_loss,
                  hands, 20_000 if sessions is None else sessions, strategy, seed, level, json, workers, scheduler)
        return
    _rounds(g, hands, strategy, boxes, seed, workers, level, json, scheduler, ratio)


def _is_number(text: str) -> bool:
    from fractions import Fraction

    from casino.money import to_fraction  # bounded before it is built (1e999999999 is not computed)

    try:
        to_fraction(text.strip())
    except (ValueError, ZeroDivisionError, OverflowError):
        return False
    return True


def pair_plus_stake_message() -> str:
    return "--pair-plus is the Pair Plus stake here; to swap the paytable use --pair-plus-table"


def amount(text: str | None, option: str):
    """``text`` as an exact Fraction (``None`` stays ``None``); one clear line and exit 2 otherwise."""
    from fractions import Fraction

    from cli.errors import fail

    from casino.money import MAX_AMOUNT, to_fraction  # bounded before it is built (1e999999999 is not computed)

    if text is None:
        return None
    try:
        value = to_fraction(text.strip())
    except OverflowError:
        fail(f"{option} must be at most {MAX_AMOUNT:,}, not {text.strip()[:60]!r}")
        raise  # unreachable: fail() exits
    except (ValueError, ZeroDivisionError):
        fail(f"{option} must be a number, not {text.strip()[:60]!r}")
        raise  # unreachable: fail() exits
    if abs(value) > MAX_AMOUNT:
        fail(f"{option} must be at most {MAX_AMOUNT:,}, not {text.strip()[:60]!r}")
    return Fraction(value)


def pair_plus_stake(text: str | None):
    """The Pair Plus stake of ``--pair-plus``; a paytable name there gets a pointer to --pair-plus-table."""
    from cli.errors import fail

    if text is not None and not _is_number(text):
        fail(pair_plus_stake_message())
    return amount(text, "--pair-plus")


def _progress(total: int, label: str, enabled: bool):
    """A Rich progress bar on stderr (so --json stays clean); a no-op context when disabled.

    The bar appears with the first progress report, so an error found before any work is done
    leaves stderr with its one line and nothing else.
    """
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
        started = False
        task: Any = None

        def advance(self, n: int) -> None:
            if not self.started:
                progress.start()
                self.task = progress.add_task(label, total=total)
                self.started = True
            progress.advance(self.task, n)

        def __enter__(self):
            return self.advance

        def __exit__(self, *exc: Any) -> None:
            if self.started:
                progress.stop()

    return _Bar()


def _rounds(game, hands, strategy, boxes, seed, workers, level, json, scheduler=None, ratio=0) -> None:
    import time

    from rich.table import Table

    from casino.simulate import simulate as run
    from cli.render import console, figure_text, percent, plain, print_json

    started = time.perf_counter()
    with terminate_as_ctrl_c(children=True), _progress(hands, f"Dealing {hands:,} rounds", not json) as advance:
        result = run(game, hands, strategy=strategy, boxes=boxes, seed=seed, workers=workers, progress=advance,
                     scheduler=scheduler, pair_plus_ratio=ratio)
    elapsed = time.perf_counter() - started
    if json:
        data = result.to_dict(level)
        data["seconds"] = elapsed
        print_json(data)
        return
    out = console()
    out.print(
        f"[bold]{plain(game.name)}[/] — {result.rounds:,} rounds × {boxes} box{'es' if boxes > 1 else ''}, "
        f"strategy {strategy}, seed {result.seed}, {_workers_text(workers, scheduler)}: "
        f"{elapsed:.2f} s ({result.rounds / elapsed:,.0f} rounds/s)"
    )
    if ratio:
        from cli.edge import ratio_line

        out.print(ratio_line(game, ratio), markup=False)
    out.print("Every round settled by the table's rules; figures per hand, per unit of each bet.\n")

    def number_column(table: Table, name: str) -> None:
        table.add_column(name, justify="right", no_wrap=True)

    bets = Table(title="Return per hand, simulated and exact", title_justify="left")
    bets.add_column("Bet", ratio=1, min_width=9)
    for name in ("Simulated", f"±{level * 100:g}%", "Exact", "z"):
        number_column(bets, name)
    spread = Table(title="Spread and hit rate per hand", title_justify="left")
    spread.add_column("Bet", ratio=1, min_width=9)
    for name in ("Std dev", "exact", "Hit rate", "exact"):
        number_column(spread, name)
    for b in result.bets:
        low, high = b.confidence_interval(level)
        bets.add_row(plain(b.title), f"{b.mean:+.5f}", figure_text((high - low) / 2, ".5f"), f"{float(b.exact_mean):+.5f}",
                     figure_text(b.z_score, "+.2f"))
        spread.add_row(plain(b.title), figure_text(b.std_dev, ".4f"), f"{b.exact_std_dev:.4f}", percent(b.hit_rate, 2),
                       percent(b.exact_hit_rate, 2))
    out.print(bets)
    out.print(spread)

    def frequencies(title: str, first: str, rows: Any) -> Table:
        """Counted rows beside their exact frequencies: count, simulated, exact, z."""
        table = Table(title=title, title_justify="left")
        table.add_column(first, ratio=1, min_width=9)
        for name in ("Count", "Simulated", "Exact", "z"):
            number_column(table, name)
        for row in rows:
            table.add_row(plain(row.label), f"{row.count:,}", percent(row.frequency), percent(row.exact), f"{row.z_score:+.2f}")
        return table

    out.print(frequencies("Ante / Play outcomes per hand", "Outcome", result.outcomes()))
    test = result.category_test()
    out.print(frequencies("Hand categories (box 1: one hand per round)", "Hand", result.categories()))
    verdict = "consistent with the exact counts" if test.pvalue >= 1 - level else "NOT consistent with the exact counts"
    out.print(f"Chi-square goodness of fit: {float(test.statistic):.2f} on 5 degrees of freedom, "
              f"p = {float(test.pvalue):.4f}: {verdict} at the {level * 100:g}% level.")


def _workers_text(workers: int, scheduler: str | None) -> str:
    """``1 worker``, ``2 workers on tcp://…``: how the run was spread."""
    return f"{workers} worker{'s' if workers > 1 else ''}{' on ' + scheduler if scheduler else ''}"


def _head_to_head(game: Any, hands: int, strategy: str, boxes: int, seed: Any, workers: int, level: float,
                  json: bool, betting: str | None, scheduler: str | None = None) -> None:
    """A head-to-head game (two hands dealt, bets on which wins): one unit on every bet, every round."""
    import time

    from rich.table import Table

    from casino.maths.head_to_head_sim import simulate_head_to_head
    from cli.errors import fail
    from cli.render import console, percent, plain, print_json

    refused = [option for option, given in (("--betting", betting is not None), ("--boxes", boxes != 1),
                                            ("--strategy", strategy != "optimal")) if given]
    if refused:
        fail(f"{refused[0]} does not apply to {game.name}: a head-to-head game has no boxes or play/fold decision,"
             " and is simulated with one unit on every bet")
    started = time.perf_counter()
    with terminate_as_ctrl_c(children=True), _progress(hands, f"Dealing {hands:,} rounds", not json) as advance:
        result = simulate_head_to_head(game, hands, seed=seed, progress=advance, workers=workers, scheduler=scheduler)
    elapsed = time.perf_counter() - started
    if json:
        data = result.to_dict(level)
        data["seconds"] = elapsed
        print_json(data)
        return
    out = console()
    out.print(f"[bold]{plain(game.name)}[/] — {result.rounds:,} rounds, seed {result.seed}, "
              f"{_workers_text(workers, scheduler)}: {elapsed:.2f} s ({result.rounds / elapsed:,.0f} rounds/s)")
    out.print("Two hands dealt a round, every bet settled as the exact figures count it; figures per unit staked.\n")
    bets = Table(title="Return per unit, simulated and exact", title_justify="left")
    bets.add_column("Bet", ratio=1, min_width=9)
    for name in ("Simulated", f"±{level * 100:g}%", "Exact", "z", "Hit rate", "exact"):
        bets.add_column(name, justify="right", no_wrap=True)
    for b in result.bets:
        low, high = b.confidence_interval(level)
        bets.add_row(plain(b.title), f"{b.mean:+.5f}", f"{(high - low) / 2:.5f}", f"{float(b.exact_mean):+.5f}",
                     f"{b.z_score:+.2f}", percent(b.hit_rate, 2), percent(b.exact_hit_rate, 2))
    out.print(bets)
    table = Table(title="Who won", title_justify="left")
    table.add_column("Outcome", ratio=1, min_width=9)
    for name in ("Count", "Simulated", "Exact", "z"):
        table.add_column(name, justify="right", no_wrap=True)
    for row in result.outcomes():
        table.add_row(plain(row.label), f"{row.count:,}", percent(row.frequency), percent(row.exact), f"{row.z_score:+.2f}")
    out.print(table)


def _sessions(game, kind, bankroll, ante, pair_plus, max_ante, stop_win, stop_loss, hands, sessions,
              strategy, seed, level, json, workers=1, scheduler=None) -> None:
    from rich.table import Table

    from casino.betting import BettingPattern
    from casino.simulate import simulate_sessions
    from cli.errors import fail
    from cli.render import console, interval_text, plain, print_json

    if sessions < 1:
        fail(f"--sessions must be at least 1, not {sessions}")
    start = amount(bankroll or "100", "--bankroll")
    if pair_plus is not None and pair_plus == 0 and "pair" in kind.lower():
        fail("--betting pair-plus-only needs a Pair Plus stake above zero (--pair-plus P)")
    pattern = BettingPattern(
        kind, amount(ante or "1", "--ante"), Fraction(pair_plus or 0), amount(stop_win, "--stop-win"),
        amount(stop_loss, "--stop-loss"), amount(max_ante, "--max-ante"),
    ).with_limits(game.limits)
    from casino.session_stats import TooLongError, session_stats

    exact, why_not = None, ""
    try:
        if strategy.strip().lower() == "informed" or (strategy.strip().lower() == "optimal" and game.rules.face_up):
            raise TooLongError("The exact session figures are for strategies blind to the dealer's cards"
                               " (optimal at a Face Up game is the informed one): simulated only.")
        exact = session_stats(game, bankroll=start, hands=hands, pattern=pattern, strategy=strategy,
                              max_work=1_000_000_000)
    except TooLongError as error:
        why_not = str(error) if str(error).startswith("The exact") else (
            "The exact session would take too long to compute here: simulated only.")
    with terminate_as_ctrl_c(children=True), _progress(sessions * hands, f"Playing {sessions:,} sessions of {hands:,} rounds", not json) as advance:
        sims = simulate_sessions(game, pattern, bankroll=start, hands=hands, sessions=sessions, strategy=strategy,
                                 seed=seed, progress=advance, workers=workers, scheduler=scheduler)
    rows = _session_rows(sims, exact, level, pattern)
    if json:
        data = sims.to_dict(level)
        if exact is not None:
            data["exact"] = {key: value for key, value in exact.to_dict().items() if key != "distribution"}
        print_json(data)
        return
    out = console()
    out.print(f"[bold]{plain(game.name)}[/] — sessions of {pattern.describe}; bankroll {_money(start)}, up to {hands:,} "
              f"rounds, strategy {strategy}; {sessions:,} sessions, seed {sims.seed}, {_workers_text(workers, scheduler)}")
    table = Table(title=f"Sessions ({level * 100:g}% intervals)", title_justify="left")
    table.add_column("Figure", ratio=1, min_width=9)
    for name in ("Simulated", "Interval", "Exact"):
        table.add_column(name, justify="right", no_wrap=True)
    for label, (estimate, low, high), exact_value, fmt in rows:
        table.add_row(label, fmt(estimate), interval_text(low, high, fmt),
                      fmt(exact_value) if exact_value is not None else "—")
    out.print(table)
    if exact is None:
        out.print(why_not)


def _money(value) -> str:
    """An amount in full with thousands separators: ``1,000,000``, ``2.5``, ``1,234.75``."""
    from fractions import Fraction

    value = Fraction(value)
    if value.denominator == 1:
        return f"{value.numerator:,}"
    return f"{float(value):,.6f}".rstrip("0").rstrip(".")


def _session_rows(sims, exact, level, pattern):
    pct = lambda v: f"{v * 100:.2f}%"
    num = lambda v: f"{v:+,.2f}"
    rounds = lambda v: f"{v:,.1f}"
    money = lambda v: f"{v:,.2f}"
    e = exact
    rows = [("Risk of ruin", sims.risk_of_ruin(level), e.risk_of_ruin if e else None, pct)]
    if pattern.stop_win is not None:
        rows.append(("Reached the stop-win", sims.p_stop_win(level), e.p_stop_win if e else None, pct))
    if pattern.stop_loss is not None:
        rows.append(("Reached the stop-loss", sims.p_stop_loss(level), e.p_stop_loss if e else None, pct))
    return rows + [
        ("Ended ahead", sims.p_ahead(level), e.p_ahead if e else None, pct),
        ("Rounds played (mean)", sims.expected_rounds(level), e.expected_rounds if e else None, rounds),
        ("Result (mean)", sims.expected_result(level), e.expected_result if e else None, num),
        ("Total wagered (mean)", sims.expected_wagered(level), None, money),
    ]
