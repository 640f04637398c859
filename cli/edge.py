"""``brag edge``: the exact house edge and return tables of a game."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.history import DbOpt
from cli.options import AnteBonusOpt, GameArg, JsonOpt, PairPlusOpt, PairPlusRatioOpt
from cli.options import pair_plus_ratio as pair_plus_ratio_value

MeterOpt = Annotated[
    bool,
    typer.Option("--meter-from-db", help="Price the progressive at its meter as stored by play (--db), not the file's."),
]

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
    if game.rules.face_up:
        notes.append("Face Up: the dealer's first card is dealt face up, and the player decides knowing it")
    return notes


def edge(
    game: GameArg = "3-card-brag",
    ante_bonus: AnteBonusOpt = None,
    pair_plus: PairPlusOpt = None,
    json: JsonOpt = False,
    meter_from_db: MeterOpt = False,
    db: DbOpt = None,
    pair_plus_ratio: PairPlusRatioOpt = "0",
) -> None:
    """Compute the exact house edge of GAME: every player hand against every dealer hand."""
    ratio = pair_plus_ratio_value(pair_plus_ratio)

    from casino.edge import analyze
    from casino.games import load_game
    from cli.render import console, fraction, pays, percent, plain, print_json

    loaded = load_game(game, ante_bonus=ante_bonus, pair_plus=pair_plus)
    meter_note = None
    if meter_from_db:
        loaded, meter_note = _with_stored_meter(loaded, db)
    elif db is not None:
        from cli.errors import fail

        fail("--db goes with --meter-from-db")
    report = analyze(loaded, pair_plus_ratio=ratio)
    if json:
        print_json(report.to_dict())
        return
    out = console()
    g = report.game
    if g.head_to_head is not None:
        from casino.maths.head_to_head import describe

        out.print(f"[bold]{plain(g.name)}[/] — {plain(describe(g))}")
        out.print("Every pair of hands: 22,100 × 18,424 = 407,170,400 ordered pairs; a bet on one hand's cards "
                  "is counted over its 22,100 hands.\n")
    else:
        ties = "ties push" if g.ties == "push" else ""
        out.print(f"[bold]{plain(g.name)}[/] — {plain(g.ranking.title)} ranking; the dealer qualifies with {g.qualifier}"
                  + (f"; {ties}" if ties else ""))
        for note in rule_notes(g):
            out.print(f"[yellow]Rule:[/] {note}")
        if ratio:
            out.print(ratio_line(g, ratio), markup=False)
        if g.has_wild_cards:
            jokers = {0: "", 1: "one joker in the deck", 2: "two jokers in the deck"}[g.jokers]
            wild = "" if g.wild == "none" else f"{g.wild} wild"
            out.print(f"Wild cards: {'; '.join(w for w in (jokers, wild) if w)} (natural beats wild; fewer wilds beat more).")
        if g.cards == 4:
            out.print(f"Four cards each, the best three playing{'; the discard breaks ties' if g.discard_breaks_ties else ''}.")
        n = report.ante_play.total
        hands = len(report.table.pay_class)
        if g.rules.face_up:
            out.print(f"Every player hand, dealer up card and pair of the dealer's other cards: {hands:,} × 49 × 1,128"
                      f" = {n:,} deals; the player plays the informed strategy (play or fold by the exact EV"
                      " given the up card). Ante/Play figures are per Ante and include the Ante Bonus.\n")
        else:
            out.print(f"Every player hand against every dealer hand: {hands:,} × {n // hands:,} = {n:,} pairs. "
                      "Ante/Play figures are per Ante and include the Ante Bonus.\n")

    if meter_note:
        out.print(meter_note, markup=False)
    from cli.par import print_fitted  # numbers are never cut: the table stacks on a narrow console

    print_fitted(out, "House edge", ("Bet", "House edge", "Element of risk", "Play rate", "Hit rate", "Std dev"), [
        (SHORT_TITLES.get(bet.bet, bet.title), percent(bet.house_edge), percent(bet.element_of_risk),
         percent(bet.play_rate, 2) if bet.play_rate is not None else "—", percent(bet.hit_rate, 2),
         f"{bet.std_dev:.4f}")
        for bet in report.bets])
    for bet in report.bets:
        out.print(f"Exact house edge, {plain(SHORT_TITLES.get(bet.bet, bet.title))}: {fraction(bet.house_edge)}")
    together = getattr(report, "together", None)  # (a head-to-head report has no Ante)
    if together is not None:
        out.print(f"Together, per unit of Ante and Pair Plus staked: house edge {percent(-together)}"
                  f" = {fraction(-together)}", markup=False)
    out.print()

    for bet in report.bets:
        print_fitted(out, f"{bet.title}: return table", ("Outcome", "Combinations", "Probability", "Pays",
                                                             "Contribution"),
                     [(row.label, f"{row.combinations:,}", f"{float(row.probability):.6f}", pays(row.pays),
                       f"{float(row.contribution):+.6f}") for row in bet.outcomes],
                     total=("Total", f"{bet.total:,}", "", "", f"{float(bet.expected_return):+.6f}"))


def ratio_line(game, ratio) -> str:
    """What ``--pair-plus-ratio`` did: the strategy it weighed, or that it changes nothing at ``game``."""
    from casino.edge import pair_plus_counted
    from cli.render import pays

    if pair_plus_counted(game, ratio) is not None:
        return (f"Played for a Pair Plus of {pays(ratio)} × the Ante, which a fold loses: the optimal play weighs "
                "both bets.")
    why = "there is no Pair Plus" if game.pair_plus is None else "a fold keeps the Pair Plus"
    return f"--pair-plus-ratio {pays(ratio)} changes nothing here: {why}."


def _with_stored_meter(game, db_url):
    """The game with its progressive's meter as the table stored it (the file's before any bet), and a line
    saying so."""
    from casino.bets.progressive import meter_key
    from casino.db import store
    from cli.errors import fail
    from cli.history import open_db
    from cli.render import pays

    if not any(side.bet == "progressive" for side in game.side_bets):
        fail(f"{game.name} has no progressive: --meter-from-db prices a progressive's stored meter")
    side = game.side_bet("progressive")
    with open_db(db_url, read_only=True) as session:  # pricing never creates or changes a database
        meter = store.progressive_meter(meter_key(game), side.meter, session=session)
    note = (f"Progressive priced at the stored meter {pays(meter)} (the file starts it at {pays(side.meter)}); "
            f"break-even meter {pays(side.break_even_meter()) if side.break_even_meter() is not None else '—'}.")
    return game.with_side_bet(side.with_meter(meter)), note
