"""``brag edge``: the exact house edge and return tables of a game."""

from __future__ import annotations

from cli.options import AnteBonusOpt, GameArg, JsonOpt, PairPlusOpt

SHORT_TITLES = {"ante_play": "Ante/Play", "pair_plus": "Pair Plus"}


def rule_notes(game) -> list[str]:
    """Players' words for the rules that differ from the usual ones (shown under a report's title)."""
    notes = []
    if game.ties != "push":
        notes.append(f"ties go to the {game.ties}")
    if game.ante_bonus is not None and not game.rules.ante_bonus_on_loss:
        notes.append("no Ante Bonus when the dealer wins")
    if game.pair_plus is not None and not game.rules.pair_plus_on_fold:
        notes.append("Pair Plus is lost on a fold")
    return notes


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
    if g.head_to_head is not None:
        from casino.maths.head_to_head import describe

        out.print(f"[bold]{g.name}[/] — {describe(g)}")
        out.print("Every pair of hands: 22,100 × 18,424 = 407,170,400 ordered pairs; a bet on one hand's cards "
                  "is counted over its 22,100 hands.\n")
    else:
        ties = "ties push" if g.ties == "push" else ""
        out.print(f"[bold]{g.name}[/] — {g.ranking.title} ranking; the dealer qualifies with {g.qualifier}"
                  + (f"; {ties}" if ties else ""))
        for note in rule_notes(g):
            out.print(f"[yellow]Rule:[/] {note}")
        out.print("Every player hand against every dealer hand: 22,100 × 18,424 = 407,170,400 pairs. "
                  "Ante/Play figures are per Ante and include the Ante Bonus.\n")

    summary = Table(title="House edge", title_justify="left")
    summary.add_column("Bet", no_wrap=True)
    for name in ("House edge", "Element of risk", "Play rate", "Hit rate", "Std dev"):
        summary.add_column(name, justify="right", no_wrap=True)
    for bet in report.bets:
        summary.add_row(
            SHORT_TITLES.get(bet.bet, bet.title),
            percent(bet.house_edge),
            percent(bet.element_of_risk),
            percent(bet.play_rate, 2) if bet.play_rate is not None else "—",
            percent(bet.hit_rate, 2),
            f"{bet.std_dev:.4f}",
        )
    out.print(summary)
    for bet in report.bets:
        out.print(f"Exact house edge, {SHORT_TITLES.get(bet.bet, bet.title)}: {fraction(bet.house_edge)}")
    out.print()

    for bet in report.bets:
        table = Table(title=f"{bet.title}: return table", title_justify="left")
        table.add_column("Outcome")
        for name in ("Combinations", "Probability", "Pays", "Contribution"):
            table.add_column(name, justify="right", no_wrap=True)
        for row in bet.outcomes:
            table.add_row(
                row.label, f"{row.combinations:,}", f"{float(row.probability):.6f}", pays(row.pays),
                f"{float(row.contribution):+.6f}",
            )
        table.add_section()
        table.add_row("Total", f"{bet.total:,}", "", "", f"{float(bet.expected_return):+.6f}", style="bold")
        out.print(table)
