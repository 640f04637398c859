"""What the expert would do in a seat, and why: for the table's hint key.

The figure it shows is the hand's **equity**, its chance of beating every opponent still betting with an
equal best hand counted half. At the table (:func:`casino.classic.opponents.seat.expert_hint`) it comes
from the hint's own count for the rules in play and the cards the seat has not seen
(:func:`casino.classic.hint.seat_chances`): a better hand (the hint's figure) plus half an equal one, so
the two lines never disagree, in four- and five-card Brag and with wild cards too. Without that count
(``chance=None``) it is the expert's own three-card table (the full pack, no wild cards) and says so::

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
from fractions import Fraction
from typing import TYPE_CHECKING

from casino.classic.opponents.characters import Expert
from casino.classic.opponents.equity import EXACT_OPPONENTS, beat_all
from casino.classic.opponents.situation import Choice, Situation

if TYPE_CHECKING:
    from casino.classic.hint import Chance

__all__ = ["Advice", "advise"]


@dataclass(frozen=True)
class Advice:
    """The expert's choice here, its probabilities, the hand's equity and the pot odds of each price.

    ``equity``: the chance of beating every opponent still betting, ties counted half (``None`` while
    blind); ``beat``/``tie``: when counted for the game in play (``chance`` given to :func:`advise`), the
    chance of a strictly better hand than all of them (the hint's figure) and of an equal best one, with
    ``exact``/``margin`` as the hint has them."""

    choice: Choice
    probabilities: dict[str, float]
    equity: float | None
    opponents: int
    stay_odds: float | None  # cost / (pot + cost): the share of the pot that staying pays for
    see_odds: float | None
    source: str  # "solved heads-up strategy" or "multiway equity rule"
    beat: Fraction | None = None
    tie: Fraction | None = None
    exact: bool = True
    margin: float = 0.0

    def text(self) -> str:
        mix = ", ".join(f"{c} {p:.0%}" for c, p in sorted(self.probabilities.items(), key=lambda kv: -kv[1]) if p >= 0.005)
        lines = [f"The expert would {self.choice} ({mix}; {self.source})."]
        if self.equity is None and self.opponents == 1:
            lines.append("You are blind: the expert plays the blind strategy (it does not know your cards either).")
        elif self.equity is None:
            lines.append("You are blind: with more than one opponent the expert looks at once.")
        else:
            who = "your opponent" if self.opponents == 1 else f"all {self.opponents} opponents still betting"
            if self.beat is not None and self.tie is not None:
                how = "exact" if self.exact else f"simulated, ± {100 * self.margin:.2f} points"
                lines.append(f"Your equity against {who}, ties counted half: {self.equity:.2%} = a better hand "
                             f"{float(self.beat):.2%} (the hint's figure) + half of an equal best hand "
                             f"{float(self.tie):.2%} ({how}, over the cards you have not seen).")
            else:
                how = ("exact against one hand" if self.opponents == 1 else f"exact against {self.opponents} hands"
                       if self.opponents <= EXACT_OPPONENTS else "exact up to 3 hands, extended beyond")
                lines.append(f"Your equity against {who}, ties counted half: {self.equity:.1%} (the expert's "
                             f"three-card table over the full pack, {how}).")
        if self.stay_odds is not None:
            lines.append(f"Staying pays {self.stay_odds:.1%} of the pot it plays for (pot odds).")
        if self.see_odds is not None:
            lines.append(f"Seeing pays {self.see_odds:.1%} of the final pot; you must beat the hand, not tie it.")
        return "\n".join(lines)


def advise(s: Situation, chance: Chance | None = None, *, three_card: bool = True) -> Advice:
    """The expert's advice for the seat in situation ``s`` (which may read the seat's own cards).

    ``chance``: the hint's count against ``s.opponents`` opponents for the game in play
    (:class:`casino.classic.hint.Chance`); the equity shown and played by is then ``beat + tie / 2``, else
    the expert's three-card table. ``three_card``: the game is natural three-card Brag, the one the
    heads-up strategy was solved for; in any other game a seen hand plays heads-up as the strength class
    of its counted equity."""
    expert = Expert()
    heads_up = s.opponents == 1
    equity: float | None = None
    if s.hand_index is not None:
        equity = (beat_all(s.hand_index, s.opponents) if chance is None
                  else float(chance.beat + chance.tie / 2))
    if heads_up:
        probs = expert.probabilities(s, equity if chance is not None and not three_card else None)
    else:
        probs = expert.multiway(s, equity if chance is not None else None)
    legal = s.legal()
    if "see" not in legal and "see" in probs and "stay" in legal:
        probs = dict(probs)
        probs["stay"] = probs.get("stay", 0.0) + probs.pop("see")
    probs = {c: p for c, p in probs.items() if c in legal}
    total = sum(probs.values()) or 1.0
    probs = {c: p / total for c, p in probs.items()}
    choice: Choice = max(legal, key=lambda c: probs.get(c, -1.0))
    source = "multiway equity rule"
    if heads_up:
        source = ("solved heads-up strategy" if three_card or s.hand_index is None else
                  "heads-up strategy solved for three-card Brag, your hand placed by its equity here")
    counted = chance is not None and s.hand_index is not None
    return Advice(
        choice=choice,
        probabilities=probs,
        equity=equity,
        opponents=s.opponents,
        stay_odds=s.pot_odds(s.cost_stay) if s.cost_stay is not None else None,
        see_odds=s.pot_odds(s.cost_see) if s.cost_see is not None else None,
        source=source,
        beat=chance.beat if counted and chance is not None else None,
        tie=chance.tie if counted and chance is not None else None,
        exact=chance.exact if chance is not None else True,
        margin=chance.margin if chance is not None else 0.0,
    )
