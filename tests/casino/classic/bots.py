"""A random player for the conservation tests: any legal action, with folds frequent enough to end hands."""

from __future__ import annotations

import random
from fractions import Fraction

from casino.classic.actions import Action, AgreeShowdown, Bet, Choose, Cover, Discard, Fold, Keep, Look, See
from casino.classic.state import LegalActions
from casino.classic.view import SeatView


class RandomOpponent:
    def decide(self, view: SeatView, legal: LegalActions, rng: random.Random) -> Action:
        if legal.keep:
            return Keep(rng.random() < 0.5)
        if legal.choose:
            return Choose(rng.random() < 0.5)
        if legal.discard:
            assert view.cards is not None
            return Discard(tuple(rng.sample(view.cards, legal.discard)))
        options: list[Action] = [Fold()]
        if legal.look and rng.random() < 0.4:
            return Look(rng.choice(legal.look))
        if legal.see_cost is not None:
            options += [See()] * 2
        if legal.cover is not None:
            options += [Cover()] * 3
        if legal.agree_showdown:
            options.append(AgreeShowdown())
        if legal.bet_choices is not None:
            options += [Bet(rng.choice(legal.bet_choices))] * 2
        elif legal.bet_min is not None and legal.bet_max is not None:
            low, high = legal.bet_min, legal.bet_max
            pick = low if rng.random() < 0.6 else low + (high - low) * Fraction(rng.randint(0, 4), 4)
            options += [Bet(pick)] * 3
        return rng.choice(options)
