"""``brag odds`` and ``brag paytables``: reference tables for players and designers."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from cli.options import JsonOpt


def odds(
    ranking: Annotated[str, typer.Option("--ranking", "-r", help="brag or poker.")] = "brag",
    json: JsonOpt = False,
) -> None:
    """The classic odds table: how often each hand is dealt from one deck."""
    from rich.table import Table

    from casino.odds import hand_odds
    from casino.rankings import get_ranking
    from cli.render import console, one_in, print_json

    title = get_ranking(ranking).title
    rows = hand_odds(ranking)
    if json:
        print_json(
            {
                "ranking": ranking,
                "hands": [
                    {"hand": r.key, "label": r.label, "combinations": r.combinations,
                     "probability": float(r.probability), "odds": one_in(r.combinations, r.total)}
                    for r in rows
                ],
                "total": rows[0].total,
            }
        )
        return
    table = Table(title=f"{title}: three cards from one deck", title_justify="left")
    for name in ("Hand", "Combinations", "Probability", "Odds"):
        table.add_column(name, justify="left" if name == "Hand" else "right")
    for r in rows:
        table.add_row(r.label, f"{r.combinations:,}", f"{float(r.probability) * 100:.4f}%", one_in(r.combinations, r.total))
    table.add_section()
    table.add_row("Total", f"{rows[0].total:,}", "100.0000%", "", style="bold")
    console().print(table)


def paytables(json: JsonOpt = False) -> None:
    """The built-in games and paytables, by the names the other commands accept."""
    from rich.table import Table

    from casino.games import builtin_games, builtin_paytables, load_game, load_paytable
    from casino.sidebets import builtin_side_bets, load_side_bet
    from cli.render import console, pays, print_json

    games = {name: load_game(name) for name in builtin_games()}
    tables: dict[str, Any] = {name: load_paytable(name) for name in builtin_paytables()}
    tables.update({name: load_side_bet(name) for name in builtin_side_bets()})

    from casino.rankings import get_ranking

    brag, poker = get_ranking("brag"), get_ranking("poker")

    def word(key: str, ranking=None) -> str:
        """A hand in players' words: the game's ranking's, or both rankings' for a table on its own."""
        try:
            if ranking is not None:
                return ranking.label(key).lower()
            words = dict.fromkeys((brag.label(key).lower(), poker.label(key).lower()))
            return "/".join(words)
        except KeyError:  # a side bet's own hand (full house, same suit …)
            return key.replace("_", " ")

    def pay_text(table, ranking=None) -> str:
        if table is None:
            return "—"
        shares = [f"{word(key, ranking)} {pays(share * 100)}% of the meter"
                  for key, share in getattr(table, "meter_shares", ())]
        items = list(table.pays)
        if ranking is not None:  # weakest to strongest in the game's own ranking
            items.sort(key=lambda item: ranking.position(item[0]) if item[0] in ranking.order else 99)
        return ", ".join([*(f"{word(key, ranking)} {pays(value)}" for key, value in items), *shares])

    if json:
        print_json(
            {
                "games": [
                    {"name": key, "title": g.name, "ranking": g.ranking.name,
                     **({"qualifier": g.qualifier, "ties": g.ties} if g.head_to_head is None
                        else {"shape": "head_to_head"}),
                     **{bet: dict((k, float(v)) for k, v in getattr(g, bet).pays) for bet in ("ante_bonus", "pair_plus")
                        if getattr(g, bet) is not None}}
                    for key, g in games.items()
                ],
                "paytables": [
                    {"name": key, "title": t.name, "bet": t.bet, "pays": {k: float(v) for k, v in t.pays},
                     "source": t.source}
                    for key, t in tables.items()
                ],
            }
        )
        return
    out = console()
    game_table = Table(title="Built-in games", title_justify="left")
    for name in ("Name", "Ranking", "Qualifier", "Ties", "Ante Bonus", "Pair Plus"):
        game_table.add_column(name, no_wrap=name in ("Name", "Ranking", "Qualifier", "Ties"))
    for key, g in games.items():
        game_table.add_row(
            key, g.ranking.name, g.qualifier if g.head_to_head is None else "head-to-head",
            g.ties if g.head_to_head is None else "—", pay_text(g.ante_bonus, g.ranking), pay_text(g.pair_plus, g.ranking)
        )
    out.print(game_table)
    pay_table = Table(
        title="Built-in paytables (swap in with --ante-bonus-table / --pair-plus-table; side bets by name in a game file)",
        title_justify="left",
    )
    for name in ("Name", "Bet", "Pays (to 1)", "Source"):
        pay_table.add_column(
            name, no_wrap=name in ("Name", "Bet"), overflow="fold", ratio=2 if name == "Pays (to 1)" else None
        )
    for key, t in tables.items():
        pay_table.add_row(key, t.bet, pay_text(t), t.source)
    out.print(pay_table)
