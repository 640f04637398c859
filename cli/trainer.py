"""``brag play --trainer``: the hole-card trainer at the table, shown in the terminal.

The dealer's first card is shown face up; each box's hint is the informed strategy's (the exact EV
of playing and of folding given that card and the cards of the player's other boxes,
:func:`casino.trainer.advise`); after each decision the
table says what a mistake cost in exact EV, and the session's summary totals it
(:class:`casino.trainer.Lesson`). The same view serves a Face Up game (``face_up = true``), where the
card is shown to every player.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from casino.trainer import Advice, Lesson, advise

__all__ = ["Trainer"]


class Trainer:
    """The trainer's part of an interactive session: advice per box, the cost of each decision."""

    def __init__(self, game: Any, *, keep_score: bool = True) -> None:
        self.game = game
        self.lesson = Lesson() if keep_score else None
        self._advice: dict[int, Advice] = {}

    def show_deal(self, out: Any, rnd: Any, hints: bool) -> None:
        """The dealer's up card, and each box's informed hint."""
        from rich.text import Text

        from cli.play_view import other_boxes_cards
        from cli.render import cards_text

        up = rnd.up_card
        out.print(Text("Dealer shows ") + cards_text([up]) + Text("  (two cards face down)"))
        self._advice = {}
        for b in rnd.bets:
            if not b.ante:
                continue
            others = other_boxes_cards(rnd, b.box)  # the player's other boxes: the dealer holds none of them
            advice = advise(self.game, rnd.cards[b.box], up, b.pair_plus / b.ante, seen=others)
            self._advice[b.box] = advice
            if hints:
                counted = ", your Pair Plus counted" if advice.pair_plus_counted else ""
                also = f" and your other boxes' {len(others)} cards" if others else ""
                out.print(f"  box {b.box} hint, knowing the {up}{also}: {advice.best.upper()} — EV of playing "
                          f"{float(advice.ev_play):+.4f} vs folding {float(advice.ev_fold):+.4f} per Ante{counted} "
                          f"(exact {advice.ev_play})", style="cyan")

    def after_decision(self, out: Any, box: int, play: bool, ante: Fraction) -> None:
        """Say what the decision cost (nothing when it was the best) and count it."""
        advice = self._advice.get(box)
        if advice is None or self.lesson is None:
            return
        cost = self.lesson.record(advice, play, ante)
        chosen = "playing" if play else "folding"
        if cost:
            out.print(f"  [yellow]Mistake:[/] {chosen} costs {float(advice.cost(play)):.4f} Antes in expected value "
                      f"({float(cost):.4f} at this Ante; exact {advice.cost(play)} per Ante): "
                      f"{advice.best} was better (EV {float(advice.ev(advice.best == 'play')):+.4f}).")
        else:
            out.print(f"  [green]Right:[/] {chosen} is the best decision (EV {float(advice.ev(play)):+.4f}).")

    def summary(self, out: Any) -> None:
        """The session's total cost of mistakes."""
        lesson = self.lesson
        if lesson is None or not lesson.decisions:
            return
        out.print(f"Trainer: {lesson.decisions} decision(s), {lesson.mistakes} mistake(s); mistakes cost "
                  f"{float(lesson.cost):.4f} Antes in expected value, {float(lesson.money):.4f} in money "
                  f"(exact {lesson.money}).")
