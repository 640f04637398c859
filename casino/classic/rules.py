"""Traditional Brag's rule options as data: a rules file in TOML read into one frozen value.

Every key is optional; a missing key is the standard rule. Unknown keys and impossible values are
one-line :class:`~casino.errors.GameFileError` messages naming the file and the key::

    >>> from casino.classic.rules import load_rules, parse_rules_text
    >>> rules = load_rules("four-card-brag")
    >>> rules.cards, rules.wild, rules.see_cost
    (4, 'none', 'double')
    >>> parse_rules_text('wild = "sevens"', "my.toml")
    Traceback (most recent call last):
    ...
    casino.errors.GameFileError: my.toml: wild must be one of none, twos, black-twos, one-eyed-jacks, suicide-king, jokers, braggers, not 'sevens'

Built-in files live in ``paytables/classic/`` (``classic-brag``, ``four-card-brag``, …); see
``docs/classic-brag.md`` for every key.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, Literal, Mapping, get_args

from casino.besthand import WILD_CHOICES, WildChoice
from casino.errors import GameFileError
from casino.files import read_source
from casino.toml_files import MAX_TEXT, escape_controls
from casino.money import amount_text, parse_amount
from casino.toml_files import parse_toml

__all__ = [
    "ClassicRules",
    "Limit",
    "SeeCost",
    "Shuffle",
    "ShortStack",
    "RULE_KEYS",
    "SESSION_KEYS",
    "load_rules",
    "parse_rules_text",
    "rules_from_table",
    "builtin_rules",
    "MAX_HANDS",
    "hands_problem",
]

Limit = Literal["none", "fixed", "pot"]
SeeCost = Literal["double", "equal"]
Shuffle = Literal["traditional", "every-hand"]
ShortStack = Literal["cover", "fold-or-borrow"]

_CHOICES: dict[str, tuple[Any, ...]] = {
    "cards": (3, 4, 5),
    "wild": WILD_CHOICES,
    "jokers": (0, 1, 2),
    "limit": get_args(Limit),
    "see_cost": get_args(SeeCost),
    "shuffle": get_args(Shuffle),
    "short_stack": get_args(ShortStack),
}
_AMOUNTS = ("ante", "min_bet", "max_bet", "chips")
_BOOLS = ("blind", "agreed_showdown", "open_pack", "dealers_choice")
#: The most hands a classic session plays, wherever its length is given: a rules file's ``hands``,
#: ``brag classic --hands``, a stored session's ``hand_limit``.
MAX_HANDS = 1_000_000
_COUNTS = {"opponents": (1, 7), "hands": (1, MAX_HANDS)}

#: The keys a rules file may hold (``name`` and ``description`` are labels).
RULE_KEYS: tuple[str, ...] = (
    "cards", "wild", "jokers", "blind", "ante", "min_bet", "max_bet", "limit", "see_cost", "shuffle",
    "short_stack", "agreed_showdown", "open_pack", "dealers_choice",
)
#: Session settings a rules file may also give (used by ``brag classic``, ignored by the referee).
SESSION_KEYS: tuple[str, ...] = ("opponents", "chips", "hands")
_ALL_KEYS = ("name", "description", *RULE_KEYS, *SESSION_KEYS)


@dataclass(frozen=True)
class ClassicRules:
    """One set of rules for traditional Brag (the defaults are the standard game).

    Amounts are exact: ``ante`` each hand from every seat; ``min_bet`` the opening stake (a blind
    player may bet half of a stake); ``max_bet`` the largest bet a seen player may make (0: none);
    ``limit`` "fixed" lets a bet raise the stake by exactly ``min_bet`` and no more, "pot" lets it
    raise the stake by at most what is in the pot.
    """

    name: str = "Classic Brag"
    cards: int = 3
    wild: WildChoice = "none"
    jokers: int = 0
    blind: bool = True
    ante: Fraction = Fraction(1)
    min_bet: Fraction = Fraction(1)
    max_bet: Fraction = Fraction(0)
    limit: Limit = "none"
    see_cost: SeeCost = "double"
    shuffle: Shuffle = "traditional"
    short_stack: ShortStack = "cover"
    agreed_showdown: bool = False
    #: the open pack: after the deal the rest of the pack lies face up, only its bottom card showing, and each
    #: folded hand goes face up on top of it, one card showing (the card that will be the pack's bottom)
    open_pack: bool = False
    #: dealer's choice: after each full circle of deals the next dealer picks cards, wild cards and blind play
    #: for the circle (:mod:`casino.classic.choice`); ``cards``, ``wild`` and ``blind`` are the first circle's
    dealers_choice: bool = False
    opponents: int = 5
    chips: Fraction = Fraction(1000)
    hands: int = 15
    description: str = ""
    source: str = ""

    @property
    def has_wild_cards(self) -> bool:
        """Whether any card is wild: a ``wild`` choice, or jokers (wild whatever ``wild`` says)."""
        return self.wild != "none" or self.jokers > 0

    @property
    def pack_size(self) -> int:
        """52 cards plus any jokers."""
        return 52 + self.jokers

    def with_changes(self, where: str | None = None, **changes: Any) -> ClassicRules:
        """A copy with some values changed, checked as a file's values are; a refusal names ``where`` (the
        option that gave them, ``"--ante"``) or else these rules' file."""
        table = {key: _to_toml_value(value) for key, value in changes.items()}
        return rules_from_table(table, where or self.source or "rules", base=self)

    def to_dict(self) -> dict[str, Any]:
        """Every rule as JSON-ready values (amounts as exact text)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = amount_text(value) if isinstance(value, Fraction) else value
        return out

    def to_toml(self) -> str:
        """This rules file as TOML text that reads back to the same rules."""
        lines = [f"name = {_toml_literal(self.name)}"]
        for key in (*RULE_KEYS, *SESSION_KEYS):
            lines.append(f"{key} = {_toml_literal(getattr(self, key))}")
        return "\n".join(lines) + "\n"


def _to_toml_value(value: Any) -> Any:
    """A value as a rules table holds it, read back exactly: an amount as the Decimal or ``"p/q"`` a file has."""
    if isinstance(value, Fraction):
        from decimal import Decimal

        from casino.money import decimal_text

        shown = decimal_text(value, 30)
        return Decimal(shown) if shown is not None else f"{value.numerator}/{value.denominator}"
    return value


def _toml_literal(value: Any) -> str:
    """A TOML literal that reads back exactly (:func:`casino.games._toml_value`: a decimal of up to 30 places, or
    ``"p/q"``; text with its quotes and control characters escaped)."""
    from casino.games import _toml_value

    return _toml_value(value)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _count_problem(what: str, value: Any, low: int, high: int) -> str | None:
    """``None`` for a whole number from ``low`` to ``high``, else the one line saying what ``what`` must be."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"{what} must be a whole number from {low:,} to {high:,}, not {_shown(value)}"
    return None


def hands_problem(value: Any, what: str = "hands") -> str | None:
    """``None`` for a session length a classic session can play (1 to :data:`MAX_HANDS`), else the one line
    saying so, the same wherever the length is given::

        >>> hands_problem(15) is None
        True
        >>> hands_problem(0, "--hands")
        '--hands must be a whole number from 1 to 1,000,000, not 0'
    """
    return _count_problem(what, value, 1, MAX_HANDS)


def rules_from_table(table: Mapping[str, Any], label: str, base: ClassicRules | None = None) -> ClassicRules:
    """Rules from a TOML table (``base`` gives the values of keys not in it; default: the standard)."""
    if not isinstance(table, Mapping):
        raise GameFileError(f"{label}: rules must be a table of key = value")
    for key in table:
        if key not in _ALL_KEYS:
            near = difflib.get_close_matches(key, _ALL_KEYS, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise GameFileError(f"{label}: unknown key {key!r}{hint}")
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key in ("name", "description"):
            if not isinstance(value, str):
                raise GameFileError(f"{label}: {key} must be text, not {_shown(value)}")
            if len(value) > MAX_TEXT:
                raise GameFileError(f"{label}: {key} is {len(value):,} characters long: at most {MAX_TEXT:,}")
            values[key] = escape_controls(value)  # as a game file's: an escape sequence reaches a terminal as text
        elif key in _CHOICES:
            allowed = _CHOICES[key]
            if type(value) is not type(allowed[0]) or value not in allowed:  # 3.0 is not 3, true is not 1
                listed = ", ".join(str(a) for a in allowed)
                raise GameFileError(f"{label}: {key} must be one of {listed}, not {_shown(value)}")
            values[key] = value
        elif key in _BOOLS:
            if not isinstance(value, bool):
                raise GameFileError(f"{label}: {key} must be true or false, not {_shown(value)}")
            values[key] = value
        elif key in _AMOUNTS:
            values[key] = parse_amount(value, f"{label}: {key}", allow_zero=key in ("ante", "max_bet"))
        elif key in _COUNTS:
            problem = _count_problem(key, value, *_COUNTS[key])
            if problem is not None:
                raise GameFileError(f"{label}: {problem}")
            values[key] = value
    rules = replace(base or ClassicRules(), source=label, **values)
    if "jokers" not in table and rules.wild == "jokers" and rules.jokers == 0:
        rules = replace(rules, jokers=1)
    if rules.wild == "jokers" and rules.jokers == 0:
        raise GameFileError(f"{label}: wild = \"jokers\" needs jokers = 1 or 2")
    if rules.max_bet and rules.max_bet < rules.min_bet:
        raise GameFileError(
            f"{label}: max_bet ({amount_text(rules.max_bet)}) is below min_bet ({amount_text(rules.min_bet)})"
        )
    if rules.limit == "fixed" and rules.max_bet and rules.max_bet < 2 * rules.min_bet:
        # a fixed-limit raise adds min_bet; a maximum below two of them would forbid every raise
        raise GameFileError(f"{label}: with limit = \"fixed\", max_bet must be 0 or at least twice min_bet")
    return rules


def parse_rules_text(text: str, label: str) -> ClassicRules:
    """Rules from the text of a rules file (``label`` names it in errors)."""
    return rules_from_table(parse_toml(text, label), label)  # the one TOML reader: nesting bounded


def builtin_rules() -> dict[str, str]:
    """Built-in rules names (``classic-brag`` …) mapped to their TOML text."""
    folder = resources.files("paytables").joinpath("classic")
    return {
        entry.name.removesuffix(".toml"): entry.read_text(encoding="utf-8")
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".toml")
    }


def load_rules(source: str | Path) -> ClassicRules:
    """A built-in rules name (any case) or the path of a rules file."""
    text, label, _ = read_source(source, builtin_rules(), "rules")  # a regular file of at most 1 MiB
    return parse_rules_text(text, label)
