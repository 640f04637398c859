"""The characters: five ways of playing Brag that a player recognises, and two baseline bots.

Each character is a seeded policy: ``choose(situation, rng)`` returns one of the legal choices, using
only the :class:`~casino.classic.opponents.situation.Situation` (its own hand only once it has looked)
and ``rng`` (its only source of chance, so a seeded game replays exactly). The hand-played characters
share one plan with different numbers (:class:`Plan`):

- while blind: look with chance ``look``, else raise with chance ``blind_raise``, else stay; when two
  are left it may see blind with chance ``blind_see``;
- once seen: the chance ``e`` of beating every opponent still in (exact against one, see
  :mod:`~casino.classic.opponents.equity`) against the pot odds of staying: fold when
  ``e < nerve * cost / (pot + cost)``, raise when ``e >= raise_at``, bluff-raise a weak hand with
  chance ``bluff``; with two left, see when ``e >= see_at`` or after ``patience`` own bets if the see
  is worth its price; otherwise stay.

=========  ======  ===========  ========  ======  ========  =====  ======  =========
character  look    blind_raise  blind_see nerve   raise_at  bluff  see_at  patience
=========  ======  ===========  ========  ======  ========  =====  ======  =========
cautious   0.95    0.0          0.0       2.4     0.92      0.0    0.70    2
steady     0.80    0.05         0.05      1.5     0.85      0.03   0.62    3
loose      0.50    0.10         0.10      0.5     0.90      0.05   0.80    6
bluffer    0.20    0.45         0.15      1.0     0.75      0.35   0.70    4
=========  ======  ===========  ========  ======  ========  =====  ======  =========

The *expert* plays the CFR-solved heads-up strategy (:mod:`casino.cfr.brag`); see :class:`Expert`.
*random* picks a legal choice uniformly; *stay-in* never looks and stays in at the lowest price
(seeing only when it must).

    >>> import random
    >>> from casino.classic.opponents.situation import Situation
    >>> s = Situation(seat=1, hand_index=None, live_blind=(False,), pot=5, put_in=1, stake=2, level=0,
    ...               bets=1, cost_stay=1, cost_raise=2, cost_see=2, path=((0, "look"), (0, "stay")))
    >>> all(character(n).choose(s, random.Random(3)) in s.legal() for n in CHARACTERS)
    True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from casino.classic.opponents.equity import beat_all, class_of_chance
from casino.classic.opponents.situation import Choice, Situation
from casino.errors import BragError

__all__ = ["Character", "Plan", "PlanCharacter", "Expert", "RandomBot", "StayInBot", "CHARACTERS", "character"]


class Character:
    """A computer player. Subclasses implement :meth:`choose`."""

    name: str = "character"
    description: str = ""

    def choose(self, situation: Situation, rng: random.Random) -> Choice:
        raise NotImplementedError

    def decide(self, situation: Situation, rng: random.Random) -> Choice:
        """:meth:`choose`, checked: a character can only ever take a legal choice."""
        return situation.check(self.choose(situation, rng))


@dataclass(frozen=True)
class Plan:
    """The numbers behind a hand-played character (see the module's table)."""

    look: float
    blind_raise: float
    blind_see: float
    nerve: float
    raise_at: float
    bluff: float
    see_at: float
    patience: int


class PlanCharacter(Character):
    """A character following a :class:`Plan`."""

    def __init__(self, name: str, plan: Plan, description: str) -> None:
        self.name = name
        self.plan = plan
        self.description = description

    def choose(self, s: Situation, rng: random.Random) -> Choice:
        p = self.plan
        if s.hand_index is None:
            if rng.random() < p.look:
                return "look"
            if s.cost_see is not None and (s.cost_stay is None or rng.random() < p.blind_see):
                return "see"
            if s.cost_raise is not None and rng.random() < p.blind_raise:
                return "raise"
            if s.cost_stay is not None:
                return "stay"
            return "look"
        e = beat_all(s.hand_index, s.opponents)
        my_bets = sum(1 for seat, c in s.path if seat == s.seat and c in ("stay", "raise"))
        if s.cost_see is not None:
            worth = e >= p.nerve * s.pot_odds(s.cost_see) * 0.5
            if e >= p.see_at and e < p.raise_at:
                return "see"
            if s.cost_stay is None or my_bets >= p.patience:
                return "see" if worth or e >= 0.5 else "fold"
        if s.cost_stay is None:
            return "fold" if s.cost_raise is None else "raise"
        if e >= p.raise_at and s.cost_raise is not None:
            return "raise"
        if e < p.nerve * s.pot_odds(s.cost_stay):
            if s.cost_raise is not None and rng.random() < p.bluff:
                return "raise"
            return "fold"
        return "stay"


class RandomBot(Character):
    """Picks uniformly among the legal choices: the floor every character must beat."""

    name = "random"
    description = "picks a legal choice at random"

    def choose(self, s: Situation, rng: random.Random) -> Choice:
        legal = s.legal()
        return legal[int(rng.random() * len(legal))]


class StayInBot(Character):
    """Never looks, never folds, never raises: stays in at the lowest price and sees only when it must."""

    name = "stay-in"
    description = "always stays in, blind, at the lowest price"

    def choose(self, s: Situation, rng: random.Random) -> Choice:
        if s.cost_stay is not None:
            return "stay"
        if s.cost_see is not None:
            return "see"
        return "look" if s.hand_index is None else "fold"


STRATEGY_FILE = Path(__file__).resolve().parents[3] / "paytables" / "classic" / "expert-heads-up.npz"


@cache
def _solved() -> tuple[object, dict[tuple[bool, bool, int, int], int]]:
    from casino.cfr.brag import SolvedStrategy, apply_action, initial_state, legal_actions
    from casino.cfr.public import Terminal

    if not STRATEGY_FILE.exists():
        raise BragError(f"the expert's strategy file is missing: {STRATEGY_FILE} (run scripts/solve_heads_up.py)")
    strategy = SolvedStrategy.load(STRATEGY_FILE)
    rules = strategy.rules
    by_state: dict[tuple[bool, bool, int, int], int] = {}

    def walk(st: object, path: tuple[str, ...]) -> None:
        from casino.cfr.brag import HeadsUpState

        assert isinstance(st, HeadsUpState)
        key = (st.blind[st.to_act], st.blind[1 - st.to_act], st.level, st.bets)
        by_state.setdefault(key, strategy.paths[path])
        for a in legal_actions(rules, st):
            nxt = apply_action(rules, st, a)
            if not isinstance(nxt, Terminal):
                walk(nxt, path + (a,))

    walk(initial_state(rules), ())
    return strategy, by_state


class Expert(Character):
    """Plays the heads-up strategy solved by CFR+ (``paytables/classic/expert-heads-up.npz``).

    Heads-up from the deal, the hand's public choices are a path in the solved game tree and the
    expert plays that node's strategy for its strength class (or its blind strategy while blind).
    When a multiway hand is down to two (or after an action the tree does not have) it plays the node
    with the same blind/seen state, stake and number of bets, as if against a blind opponent when the
    other seat is blind, else a seen one.

    With more than two in, no see is possible and the solved game does not apply; the expert then
    looks at once and plays by exact equity: ``e``, its chance of beating every opponent still in,
    against the pot odds of staying: fold when ``e < MULTIWAY_NERVE x cost / (pot + cost)``, raise when
    ``e >= MULTIWAY_RAISE``, else stay. (Measured at six seats against the other characters, this beat
    playing the heads-up strategy with an equity-matched class; see docs/opponents.md.)
    """

    MULTIWAY_NERVE = 1.5
    MULTIWAY_RAISE = 0.6

    name = "expert"
    description = "game theory: the CFR-solved heads-up strategy, extended multiway by equity"

    def probabilities(self, s: Situation, equity: float | None = None) -> dict[str, float]:
        """The solved strategy's action probabilities here (before restricting to what is legal).
        ``equity``: the hand's chance of beating the opponent (ties half) counted for the game in play; given,
        the hand plays as the strength class of that equity (:func:`class_of_chance`: how the advice places
        a four-card, five-card or wild-card hand in the three-card strategy)."""
        from casino.cfr.brag import SolvedStrategy

        strategy, by_state = _solved()
        assert isinstance(strategy, SolvedStrategy)
        cls: int | None = None
        if s.hand_index is not None:
            if equity is not None:
                cls = class_of_chance(equity, strategy.rules.buckets)
            elif s.opponents == 1:
                cls = strategy.bucket_of_strength(_strength(s.hand_index))
            else:  # an equity-matched class (only used for explanations multiway)
                cls = class_of_chance(beat_all(s.hand_index, s.opponents), strategy.rules.buckets)
        path = tuple(c for _, c in s.path)
        node = strategy.paths.get(path) if s.opponents == 1 and _heads_up_path(s) else None
        if node is None:
            opp_blind = all(s.live_blind)
            bets = min(s.bets, strategy.rules.max_bets)
            key = (s.hand_index is None, opp_blind, min(s.level, len(strategy.rules.stakes) - 1), bets)
            node = by_state.get(key)
            while node is None and key[3] > 0:
                key = (key[0], key[1], key[2], key[3] - 1)
                node = by_state.get(key)
            if node is None:
                return {"stay": 1.0}
        row = strategy.table[node]
        r = row[0] if row.shape[0] == 1 or cls is None else row[cls]
        return dict(zip(strategy.actions[node], (float(x) for x in r)))

    def multiway(self, s: Situation, equity: float | None = None) -> dict[str, float]:
        """The equity rule for three or more in (see the class docstring); ``equity``: the chance of beating
        every opponent (ties half) counted for the game in play, else the shipped three-card figure."""
        if s.hand_index is None:
            return {"look": 1.0}
        e = beat_all(s.hand_index, s.opponents) if equity is None else equity
        if s.cost_stay is None:
            return {"fold": 1.0}
        if e >= self.MULTIWAY_RAISE and s.cost_raise is not None:
            return {"raise": 1.0}
        if e < self.MULTIWAY_NERVE * s.pot_odds(s.cost_stay):
            return {"fold": 1.0}
        return {"stay": 1.0}

    def choose(self, s: Situation, rng: random.Random) -> Choice:
        probs = self.multiway(s) if s.opponents > 1 else self.probabilities(s)
        legal = s.legal()
        if "see" not in legal and "see" in probs and "stay" in legal:
            probs["stay"] = probs.get("stay", 0.0) + probs.pop("see")
        options = [(c, probs.get(c, 0.0)) for c in legal]
        total = sum(w for _, w in options)
        if total <= 0:
            return "stay" if "stay" in legal else ("see" if "see" in legal else legal[0])
        x = rng.random() * total
        for c, w in options:
            x -= w
            if x < 0:
                return c
        return options[-1][0]


def _heads_up_path(s: Situation) -> bool:
    """True when only two seats have acted this hand (the hand was heads-up from the deal)."""
    return len({seat for seat, _ in s.path} | {s.seat}) <= 2


@cache
def _strengths() -> tuple[int, ...]:
    from casino.hands import hand_table

    return tuple(int(x) for x in hand_table("brag").strength)


def _strength(hand: int) -> int:
    return _strengths()[hand]


_PLANS: dict[str, tuple[Plan, str]] = {
    "cautious": (Plan(0.95, 0.0, 0.0, 2.4, 0.92, 0.0, 0.70, 2), "folds weak hands, rarely plays blind"),
    "steady": (Plan(0.80, 0.05, 0.05, 1.5, 0.85, 0.03, 0.62, 3), "plays by the odds"),
    "loose": (Plan(0.50, 0.10, 0.10, 0.5, 0.90, 0.05, 0.80, 6), "stays in too long"),
    "bluffer": (Plan(0.20, 0.45, 0.15, 1.0, 0.75, 0.35, 0.70, 4), "raises weak hands, likes to play blind"),
}

CHARACTERS: tuple[str, ...] = ("cautious", "steady", "loose", "bluffer", "expert", "random", "stay-in")


def character(name: str) -> Character:
    """A new character by name (one of :data:`CHARACTERS`)."""
    key = name.strip().lower()
    if key in _PLANS:
        plan, text = _PLANS[key]
        return PlanCharacter(key, plan, text)
    if key == "expert":
        return Expert()
    if key == "random":
        return RandomBot()
    if key in ("stay-in", "stayin", "always-stay-in"):
        return StayInBot()
    raise BragError(f"unknown character {name!r} (choose from {', '.join(CHARACTERS)})")
