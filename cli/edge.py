"""``brag edge``: the exact house edge and return tables of a game."""

from __future__ import annotations

from cli.options import AnteBonusOpt, GameArg, JsonOpt, PairPlusOpt


def edge(
    game: GameArg = "3-card-brag",
    ante_bonus: AnteBonusOpt = None,
    pair_plus: PairPlusOpt = None,
    json: JsonOpt = False,
) -> None:
    """Compute the exact house edge of GAME: every player hand against every dealer hand."""
    from rich.table import Table

    from casino.edge import analyze
    from casino.games import load_game
    from cli.render import console, fraction, pays, percent, print_json

    report = analyze(load_game(game, ante_bonus=ante_bonus, pair_plus=pair_plus))
    if json:
        print_json(report.to_dict())
        return
    out = console()
    g = report.game
    out.print(
        f"[bold]{g.name}[/] — {g.ranking.title} ranking, dealer qualifies with {g.qualifier}, ties {g.ties}"
    )
    out.print("Every player hand against every dealer hand: 22,100 × 18,424 = 407,170,400 pairs.\n")

    summary = Table(title="House edge", title_justify="left")
    summary.add_column("Bet")
    summary.add_column("House edge", justify="right")
    summary.add_column("Exact", justify="right")
    summary.add_column("Element of risk", justify="right")
    summary.add_column("Play rate", justify="right")
    summary.add_column("Hit rate", justify="right")
    summary.add_column("Std dev", justify="right")
    for bet in report.bets:
        summary.add_row(
            bet.title,
            percent(bet.house_edge),
            fraction(bet.house_edge),
            percent(bet.element_of_risk),
            percent(bet.play_rate, 2) if bet.play_rate is not None else "—",
            percent(bet.hit_rate, 2),
            f"{bet.std_dev:.4f}",
        )
    out.print(summary)

    for bet in report.bets:
        table = Table(title=f"{bet.title}: return table", title_justify="left")
        for name in ("Outcome", "Combinations", "Probability", "Pays", "Contribution"):
            table.add_column(name, justify="left" if name == "Outcome" else "right")
        for row in bet.outcomes:
            table.add_row(
                row.label, f"{row.combinations:,}", f"{float(row.probability):.6f}", pays(row.pays),
                f"{float(row.contribution):+.6f}",
            )
        table.add_section()
        table.add_row("Total", f"{bet.total:,}", "", "", f"{float(bet.expected_return):+.6f}", style="bold")
        out.print(table)
