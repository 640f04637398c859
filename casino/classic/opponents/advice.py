"""What the expert would do in a seat, and why: for the table's hint key.

    >>> from casino.hands import hand_table
    >>> from casino.classic.opponents.situation import Situation
    >>> h = hand_table("brag").index("Ah Ad 7c")
    >>> s = Situation(seat=0, hand_index=h, live_blind=(False,), pot=9, put_in=3, stake=2, level=0,
    ...               bets=2, cost_stay=2, cost_raise=4, cost_see=4, path=((0, "look"),))
    >>> a = advise(s)
    >>> a.choice in s.legal(), round(a.equity, 3), round(a.stay_odds, 3)
    (True, 0.911, 0.182)
    >>> print(a.text().splitlines()[0])  # doctest: +ELLIPSIS
    The expert would ...
"""

from __future__ import annotations

from dataclasses import dataclass

from casino.classic.opponents.characters import Expert
from casino.classic.opponents.equity import EXACT_OPPONENTS, beat_all
from casino.classic.opponents.situation import Choice, Situation

__all__ = ["Advice", "advise"]


@dataclass(frozen=True)
class Advice:
    """The expert's choice here, its probabilities, the hand's equity and the pot odds of each price."""

    choice: Choice
    probabilities: dict[str, float]
    equity: float | None  # chance of beating every opponent still in (None while blind)
    opponents: int
    stay_odds: float | None  # cost / (pot + cost): the share of the pot that staying pays for
    see_odds: float | None
    source: str  # "solved heads-up strategy" or "multiway equity rule"

    def text(self) -> str:
        mix = ", ".join(f"{c} {p:.0%}" for c, p in sorted(self.probabilities.items(), key=lambda kv: -kv[1]) if p >= 0.005)
        lines = [f"The expert would {self.choice} ({mix}; {self.source})."]
        if self.equity is None and self.opponents == 1:
            lines.append("You are blind: the expert plays the blind strategy (it does not know your cards either).")
        elif self.equity is None:
            lines.append("You are blind: with more than one opponent the expert looks at once.")
        else:
            who = "your opponent" if self.opponents == 1 else f"all {self.opponents} opponents still in"
            how = ("exact against one hand" if self.opponents == 1 else f"exact against {self.opponents} hands"
                   if self.opponents <= EXACT_OPPONENTS else "exact up to 3 hands, extended beyond")
            lines.append(f"Your chance of beating {who}: {self.equity:.1%} ({how}).")
        if self.stay_odds is not None:
            lines.append(f"Staying pays {self.stay_odds:.1%} of the pot it plays for (pot odds).")
        if self.see_odds is not None:
            lines.append(f"Seeing pays {self.see_odds:.1%} of the final pot; you must beat the hand, not tie it.")
        return "\n".join(lines)


def advise(s: Situation) -> Advice:
    """The expert's advice for the seat in situation ``s`` (which may read the seat's own cards)."""
    expert = Expert()
    heads_up = s.opponents == 1
    probs = expert.probabilities(s) if heads_up else expert.multiway(s)
    legal = s.legal()
    if "see" not in legal and "see" in probs and "stay" in legal:
        probs = dict(probs)
        probs["stay"] = probs.get("stay", 0.0) + probs.pop("see")
    probs = {c: p for c, p in probs.items() if c in legal}
    total = sum(probs.values()) or 1.0
    probs = {c: p / total for c, p in probs.items()}
    choice: Choice = max(legal, key=lambda c: probs.get(c, -1.0))
    equity = None if s.hand_index is None else beat_all(s.hand_index, s.opponents)
    return Advice(
        choice=choice,
        probabilities=probs,
        equity=equity,
        opponents=s.opponents,
        stay_odds=s.pot_odds(s.cost_stay) if s.cost_stay is not None else None,
        see_odds=s.pot_odds(s.cost_see) if s.cost_see is not None else None,
        source="solved heads-up strategy" if heads_up else "multiway equity rule",
    )
