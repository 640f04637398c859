"""``brag solve``: the payout of one hand that gives a target house edge."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.options import AnteBonusOpt, GameArg, JsonOpt, PairPlusOpt


def _edge(text: str) -> str:
    """'3%' or '0.03' -> '0.03' (a decimal string, kept exact)."""
    from fractions import Fraction

    from cli.errors import fail

    from casino.money import to_fraction  # bounded before it is built (1e999999999 is not computed)

    word = text.strip()
    try:
        value = to_fraction(word[:-1].strip()) / 100 if word.endswith("%") else to_fraction(word)
    except (ValueError, ZeroDivisionError, OverflowError):
        fail(f"--edge must be a number such as 0.03 or 3%, not {word[:60]!r}")
    return f"{value.numerator}/{value.denominator}"


def solve(
    game: GameArg = "3-card-brag",
    bet: Annotated[str, typer.Option("--bet", help="pair_plus, ante_bonus, or a side bet of the game.")] = "pair_plus",
    hand: Annotated[str, typer.Option("--hand", help="The hand whose payout is solved for (flush, straight …).")] = "",
    edge: Annotated[str, typer.Option("--edge", help="Target house edge: 0.03 or 3%.")] = "",
    ante_bonus: AnteBonusOpt = None,
    pair_plus: PairPlusOpt = None,
    json: JsonOpt = False,
) -> None:
    """Find what HAND must pay on BET for the house edge to be EDGE.

    Pair Plus and side bets are linear in a payout (exact fraction); the Ante Bonus moves the optimal
    strategy, so it is solved with scipy's brentq and then made exact on the linear piece.

    Example: brag solve three-card-poker --bet pair_plus --hand flush --edge 0.03
    """
    from cli.errors import fail

    if not hand:
        fail("say which hand to solve for with --hand (e.g. --hand flush)")
    if not edge:
        fail("give the target house edge with --edge (e.g. --edge 0.03 or --edge 3%)")
    target = _edge(edge)

    from casino.games import load_game
    from fractions import Fraction

    from rich.markup import escape

    from casino.solve import bet_title, hand_words, number_text, percent_text, target_text
    from casino.solve import solve as run_solve
    from cli.render import console, fraction, print_json

    g = load_game(game, ante_bonus=ante_bonus, pair_plus=pair_plus)
    solution = run_solve(g, bet, hand, target)
    if json:
        print_json(solution.to_dict())
        return
    out = console()
    how = "exact" if solution.exact else "numerical (brentq)"
    pays = solution.pays
    shown = number_text(pays)
    exact = f" (= {fraction(pays)})" if Fraction(shown.replace(",", "")) != pays else ""
    words = hand_words(g, solution.bet, solution.hand)
    out.print(f"[bold]{escape(g.name)}[/]: for a {target_text(solution.target)} house edge on "
              f"{escape(bet_title(g, solution.bet))},")
    out.print(f"  {escape(words)} must pay [bold]{shown}[/] to 1{exact}; {how}, {solution.method}")
    achieved = target_text(solution.house_edge) if solution.exact else percent_text(solution.house_edge, 6)
    out.print(f"  house edge with that payout: {achieved}")
    if solution.play_rate is not None:
        out.print(f"  optimal play rate: {percent_text(solution.play_rate, 2)}")
