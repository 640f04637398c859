"""``brag referee HAND.toml``: settle one recorded hand of traditional Brag, or name the broken rule."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.options import JsonOpt


def referee(
    hand_file: Annotated[str, typer.Argument(metavar="HAND.toml", help="The hand: \\[rules], actions and \\[\\[seat]] tables (docs/classic-brag.md).")],
    json: JsonOpt = False,
) -> None:
    """Settle one recorded hand of traditional Brag: each action's effect, the pots and who won them, the chips.

    An illegal action is one line naming the action's number and the rule it breaks (exit code 2).
    """
    from casino.classic.referee import referee_file
    from casino.money import amount_text

    result = referee_file(hand_file)
    if json:
        from cli.render import print_json

        print_json(result.to_dict())
        return
    lines = [f"Rules: {result.rules.name} ({result.rules.cards} cards"
             + (f", {result.rules.wild} wild" if result.rules.wild != "none" else "") + ")"]
    for number, (written, effects) in enumerate(result.lines):
        label = "ante" if number == 0 else f"{number:>2}. {written}"
        lines.append(f"{label}: {'; '.join(effects)}" if effects else label)
    lines.append("Pots:" if result.pots else "No pot was paid.")
    for i, pot in enumerate(result.pots):
        lines.append(f"  {amount_text(pot.amount)} to {pot.winner}" + (" (shared)" if pot.shared else ""))
    lines.append("Showdown: " + ("yes" if result.showdown else "no, won without showing"))
    lines.append("Chips: " + ", ".join(f"{name} {amount_text(chips)}" for name, chips in result.chips.items()))
    if result.borrowed:  # fold-or-borrow: the chips above include what was lent, still owed to the bank
        lines.append("Borrowed (in the chips above, owed back): "
                     + ", ".join(f"{name} {amount_text(loan)}" for name, loan in result.borrowed.items()))
    typer.echo("\n".join(lines))
