"""Drawing the traditional Brag table in the terminal (Rich): seats, pots, costs, your cards, the log.

Only presentation: every figure comes from the engine's :class:`~casino.classic.view.SeatView` and
:class:`~casino.classic.state.LegalActions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from rich import box as boxes
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from cli.render import cards_text

if TYPE_CHECKING:
    from casino.classic.rules import ClassicRules


def amount_text(value: Any) -> str:
    """An amount as players read it (:func:`casino.money.amount_text`; casino is imported when first needed)."""
    from casino.money import amount_text as text

    return text(value)

KEYS = ("keys: l look · b AMOUNT bet (b alone: the least) · s see · f fold · c cover · d CARDS discard · "
        "k keep / t throw · a agree to show · h hint · ? rules · q quit")


def _cards(indices: Sequence[int]) -> Text:
    from casino.cards import card_from_index

    return cards_text([card_from_index(c) for c in indices])


def seats_table(view: Any, you: int | None) -> Table:
    """Every seat: name, chips, status, chips put in this hand, last action; an arrow at the one to act.
    The player's seat (``you``) is in bold, its name once: ``You`` (a seat otherwise named: ``Sam (you)``)."""
    from casino.classic.words import PLAYER

    table = Table(box=boxes.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    for name, justify in (("", "left"), ("Seat", "left"), ("Chips", "right"), ("Status", "left"),
                          ("In pot", "right"), ("Last action", "left")):
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for i, seat in enumerate(view.seats):
        marker = ("▶" if i == view.to_act else "") + ("D" if i == view.dealer else "")  # a dealer to act: both
        shown = Text(seat.name)
        if you == i:
            shown.stylize("bold")
            if seat.name != PLAYER:  # the name alone does not say it is yours
                shown.append(" (you)")
        status = seat.status + (" ×2" if seat.hands == 2 else "")
        table.add_row(marker, shown, amount_text(seat.chips), status, amount_text(seat.put_in), seat.last_action)
    return table


def costs_line(view: Any, legal: Any) -> str:
    """What it costs to stay in, to raise and to see, for the seat to act."""
    parts = [f"Pot {amount_text(view.pot)}"]
    side = [p for p in view.pots[1:] if p]
    if len(view.pots) > 1:
        parts[0] = f"Pot {amount_text(view.pots[0])}" + "".join(
            f", side pot {i} {amount_text(p)}" for i, p in enumerate(view.pots[1:], 1) if p or i == len(view.pots) - 1)
    del side
    parts.append(f"stake {amount_text(view.stake)}")
    if legal.bet_choices is not None:
        parts.append("bet " + " or ".join(amount_text(c) for c in legal.bet_choices))
    elif legal.bet_min is not None:
        parts.append(f"stay in {amount_text(legal.bet_min)}")
        if legal.bet_max is not None and legal.bet_max > legal.bet_min:
            parts.append(f"raise up to {amount_text(legal.bet_max)}")
    if legal.borrow:
        parts.append("(the bank lends what you lack)")
    if legal.see_cost is not None:
        parts.append(f"see {amount_text(legal.see_cost)}")
    if legal.cover is not None:
        parts.append(f"cover with {amount_text(legal.cover)}")
    return " · ".join(parts)


def your_cards(view: Any) -> Text:
    if view.cards is None:
        if getattr(view, "looking", None) is not None:
            return (Text("Your cards: blind (two hands); the one you looked at: ") + _cards(view.looking)
                    + Text("  — keep it (k) or throw it (t)"))
        held = view.seats[view.seat].hands if view.seat < len(view.seats) else 1
        return Text("Your cards: blind" + (" (two hands)" if held == 2 else ""))
    text = Text("Your cards: ") + _cards(view.cards)
    if view.kept is not None and view.discards:
        text += Text("  kept ") + _cards(view.kept) + Text("  discarded ") + _cards(view.discards)
    return text


def screen(view: Any, legal: Any, log: Sequence[str], you: int | None) -> Group:
    """The whole table for the player's turn."""
    parts: list[Any] = [Text(f"Hand {view.hand_no}", style="bold"), seats_table(view, you),
                        Text(costs_line(view, legal)), your_cards(view)]
    if view.open_cards:  # the open pack: what it has shown every seat this hand (the log may have scrolled)
        parts.append(Text("The pack has shown: ") + _cards(view.open_cards))
    if log:
        parts.append(Text("\n".join(log[-8:]), style="dim"))
    parts.append(Text(KEYS, style="cyan"))
    return Group(*parts)


def rules_text(rules: ClassicRules) -> str:
    """``?``: the rules in force, in a few lines."""
    wild = {"none": "no wild cards", "twos": "all twos wild", "black-twos": "the black twos wild",
            "one-eyed-jacks": "the one-eyed jacks (J♥ J♠) wild", "suicide-king": "the K♥ wild",
            "jokers": f"{rules.jokers} joker(s) wild", "braggers": "the braggers (A♦ J♣ 9♦) wild"}[rules.wild]
    if rules.jokers and rules.wild != "jokers":
        wild += f", and {rules.jokers} joker(s) wild"
    lines = [
        f"{rules.name}: {rules.cards} cards each"
        + (f", keep the best three (discard on looking; equal hands: the discards decide)" if rules.cards > 3 else "")
        + f"; {wild}.",
        "Ranking: prial (3-3-3 top) > running flush > run (A-2-3 top) > flush > pair > high card; suits never count.",
        f"Ante {amount_text(rules.ante)} each hand; opening stake {amount_text(rules.min_bet)}"
        + (f", largest bet {amount_text(rules.max_bet)}" if rules.max_bet else "")
        + {"none": "", "fixed": "; fixed limit: a bet raises the stake by at most the minimum bet",
           "pot": "; pot limit: a raise may not exceed the pot"}[rules.limit] + ".",
        ("Blind players stake half and may look at their turn. " if rules.blind else "Everyone looks at once. ")
        + "Each turn put in at least the last bet (no equalising), or fold.",
        f"The see: only with two left, costs {'twice' if rules.see_cost == 'double' else 'once'} the stake; "
        "a seen player cannot see a blind one; on equal hands the seer loses.",
        "Short of chips: " + ("cover the pot (all in; later bets go to a side pot)." if rules.short_stack == "cover"
                               else "fold, or borrow the least bet from the bank."),
        "Shuffle: " + ("only after a showdown won by a prial (hands go to the bottom of the pack)."
                       if rules.shuffle == "traditional" else "every hand."),
    ]
    if rules.agreed_showdown:
        lines.append("Agreed showdown: with three or more in, if all agree, the best hand wins (ties share).")
    if rules.dealers_choice:
        lines.append("Dealer's choice: after each full circle of deals, the next dealer picks the cards dealt, the wild "
                     "cards and blind play for the next circle.")
    if rules.open_pack:
        lines.append("Open pack: the rest of the pack lies face up, its bottom card showing; a folded hand goes face up"
                     " on top, one card showing (the hint leaves those cards out).")
    return "\n".join(lines)


def results_table(names: Sequence[str], start: Sequence[Any], chips: Sequence[Any], borrowed: Sequence[Any]) -> Table:
    """The end of a session: each seat's chips and result."""
    from fractions import Fraction

    table = Table(title="Results", title_justify="left", box=boxes.SIMPLE_HEAD, pad_edge=False)
    for name, justify in (("Seat", "left"), ("Start", "right"), ("Chips", "right"), ("Borrowed", "right"),
                          ("Result", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for name, s, c, b in zip(names, start, chips, borrowed):
        net = Fraction(c) - Fraction(s) - Fraction(b)
        table.add_row(name, amount_text(s), amount_text(c), amount_text(b) if b else "",
                      ("+" if net > 0 else "") + amount_text(net))
    return table


def console() -> Console:
    from cli.render import console as shared

    return shared()
