"""``brag strategy``: the optimal play/fold rule in players' words, and what simpler rules cost."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Optional

import typer

from cli.options import AnteBonusOpt, GameArg, JsonOpt, PairPlusOpt, PairPlusRatioOpt
from cli.options import pair_plus_ratio as pair_plus_ratio_value


def edge_in_words(edge: Fraction) -> str:
    """``house edge 3.3730%``, or ``player advantage 4.5199%`` when the edge is negative."""
    if edge < 0:
        return f"player advantage {float(-edge) * 100:.4f}%"
    return f"house edge {float(edge) * 100:.4f}%"


def strategy(
    game: GameArg = "3-card-brag",
    threshold: Annotated[
        Optional[list[str]],
        typer.Option("--threshold", help="Also price 'play this hand or better' (Q-6-4, K-high, pair); repeatable."),
    ] = None,
    dealer_card: Annotated[
        Optional[str], typer.Option("--dealer-card", help="One dealer card seen (e.g. 7h): the informed strategy.")
    ] = None,
    seen: Annotated[
        Optional[str], typer.Option("--seen", help="Cards of other boxes seen (e.g. \"Kd 4c 9s\").")
    ] = None,
    pair_plus_ratio: PairPlusRatioOpt = "0",
    ante_bonus: AnteBonusOpt = None,
    pair_plus: PairPlusOpt = None,
    json: JsonOpt = False,
) -> None:
    """The optimal play/fold rule of GAME, its exceptions, and the exact cost of simpler strategies
    (copy the dealer, always play, play any pair, your own thresholds). With --dealer-card or --seen,
    the exact strategy and edge given those cards."""
    ratio = pair_plus_ratio_value(pair_plus_ratio)

    from rich.table import Table

    from casino.games import load_game
    from casino.strategy import strategy_report
    from cli.par import print_fitted
    from cli.render import console, percent, plain, print_json

    g = load_game(game, ante_bonus=ante_bonus, pair_plus=pair_plus)
    others = ["dealer-copy", "always-play", "pair", *(threshold or [])]
    report = strategy_report(g, others, pair_plus_ratio=ratio)
    info = None
    if dealer_card is not None or seen is not None:
        from casino.advantage import informed

        info = informed(g, dealer_card=dealer_card, seen=seen or ())
    if json:
        data = report.to_dict()
        if info is not None:
            data["informed"] = info.to_dict()
        print_json(data)
        return
    out = console()
    blind = " without the up card" if g.rules.face_up else ""  # Face Up: optimal elsewhere is the informed one
    out.print(f"[bold]{plain(g.name)}[/] — optimal strategy{blind}: [bold]{plain(report.rule)}[/]")
    if g.rules.face_up:
        from casino.edge import analyze

        face_up = analyze(g).ante_play
        out.print(f"Dealt Face Up: the optimal strategy (brag edge, simulate, play --auto) decides on the dealer's up "
                  f"card too, the informed one: {edge_in_words(face_up.house_edge)}, play rate "
                  f"{percent(face_up.play_rate or 0, 2)}. The figures below are for strategies blind to it.")
    if report.exceptions:
        out.print(f"{len(report.exceptions)} hands break that rule (suits and card removal):")
        table = Table(title_justify="left")
        for name in ("Hand", "Cards", "Optimal", "EV play", "EV fold"):
            table.add_column(name, justify="left" if name in ("Hand", "Cards", "Optimal") else "right")
        for e in report.exceptions[:40]:
            table.add_row(plain(e.hand), e.cards, "play" if e.play else "fold", f"{float(e.ev_play):+.6f}",
                          f"{float(e.ev_fold):+.6f}")
        out.print(table)
        if len(report.exceptions) > 40:
            out.print(f"… and {len(report.exceptions) - 40} more (see --json)")
        for hand, played, of in report.mixed:
            out.print(f"  {plain(hand)}: play {played} of the {of} suit combinations")
    else:
        out.print("No exceptions: suits and card removal never change a decision.")
    rows = []
    for c in report.costs:
        cost = "—" if c.name == "optimal" else f"+{percent(c.cost)}" if c.cost > 0 else percent(c.cost)
        rows.append((c.label or c.name, percent(c.play_rate, 2), percent(c.house_edge), percent(c.element_of_risk),
                     cost))
    print_fitted(out, "What simpler strategies cost (exact, per Ante)",
                 ("Strategy", "Play rate", "House edge", "Element of risk", "Cost"), rows)
    if info is not None:
        what = []
        if info.dealer_card is not None:
            what.append(f"dealer card {info.dealer_card}")
        if info.seen:
            what.append("seen " + " ".join(str(c) for c in info.seen))
        out.print(f"\n[bold]Given {', '.join(what)}[/] ({info.n_player_hands:,} player hands × "
                  f"{info.n_dealer_hands:,} dealer hands):")
        out.print(f"  informed optimal strategy: {edge_in_words(info.edge)} (play rate {percent(info.play_rate, 2)})")
        out.print(f"  basic strategy, same cards: {edge_in_words(info.basic_edge)}")
        out.print(f"  the information is worth {percent(info.gain)} of the Ante")
        changes = info.changes()
        if changes:
            table = Table(title="Decisions that change", title_justify="left")
            table.add_column("Hand")
            table.add_column("Hands", justify="right")
            table.add_column("Now")
            for hand, n, now in changes[:30]:
                table.add_row(plain(hand), str(n), "play" if now else "fold")
            out.print(table)
            if len(changes) > 30:
                out.print(f"… and {len(changes) - 30} more (see --json)")
