"""The referee: settle one recorded hand of traditional Brag from a TOML file, or name the broken rule.

The file holds an optional ``[rules]`` table (any key of a rules file), an ``actions`` list and one
``[[seat]]`` table per player in turn order (the first seat acts first; every seat antes before the
first action)::

    actions = ["Ann look", "Ann bet 2", "Bob look", "Bob see"]

    [[seat]]
    name = "Ann"
    chips = 20
    hand = "Ah Kd 7c"

    [[seat]]
    name = "Bob"
    chips = 20
    hand = "Qs Qh 3d"

A seat may also give ``kept = "..."``: a blind hand kept from the last deal (its second hand).
Actions: ``NAME look`` (``look 2`` for the kept hand), ``NAME bet AMOUNT`` (the chips put in),
``NAME fold``, ``NAME see``, ``NAME cover``, ``NAME discard CARDS``, ``NAME keep`` / ``NAME throw``
(after looking at one of two hands), ``NAME show`` (agree to a showdown)::

    >>> result = referee_text(EXAMPLE, "example.toml")
    >>> result.chips, result.showdown
    ({'Ann': 17, 'Bob': 23}, True)
    >>> [(p.amount, p.winner) for p in result.pots]
    [(8, 'Bob')]

An illegal action is a :class:`RefereeError` naming the action's number and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any
from unicodedata import normalize

from casino.cards import parse_cards_with_jokers
from casino.classic.actions import IllegalAction, PotWon, Shown, action_from_text
from casino.classic.rules import ClassicRules, rules_from_table
from casino.classic.state import HandState
from casino.classic.words import Voice, cards_text, event_text  # event_text: also imported from here
from casino.errors import BragError, CardError, GameFileError
from casino.files import file_path, read_game_file
from casino.money import json_number, parse_amount
from casino.toml_files import parse_toml

__all__ = ["RefereeError", "RefereeResult", "PotResult", "referee_text", "referee_file", "event_text", "EXAMPLE"]

EXAMPLE = """\
actions = ["Ann look", "Ann bet 2", "Bob look", "Bob see"]

[[seat]]
name = "Ann"
chips = 20
hand = "Ah Kd 7c"

[[seat]]
name = "Bob"
chips = 20
hand = "Qs Qh 3d"
"""


#: The longest seat name (in characters, after NFC normalisation): a name is printed on every line it acts in.
MAX_NAME = 40


def name_key(name: str) -> str:
    """What two seat names are compared by: NFC-normalised and case-folded, so ``Ann``/``ann`` and
    ``Zoe\u0308``/``Zo\u00eb`` (which print alike) are one name; an action's NAME is matched the same way."""
    return normalize("NFC", normalize("NFC", name).casefold())


class RefereeError(BragError):
    """A referee file that cannot be read, or an action the rules forbid (named by its number)."""


@dataclass(frozen=True)
class PotResult:
    amount: Fraction | int
    winner: str
    shared: bool = False


@dataclass
class RefereeResult:
    """What the referee decided: each action with its effect, the pots and their winners, the chips."""

    rules: ClassicRules
    lines: list[tuple[str, list[str]]]  # (the action as written, what it did)
    pots: list[PotResult]
    chips: dict[str, Fraction | int]
    showdown: bool
    shown: list[tuple[str, str, str]] = field(default_factory=list)  # (name, cards, hand)
    borrowed: dict[str, Fraction | int] = field(default_factory=dict)  # fold-or-borrow loans, in ``chips`` too

    def to_dict(self) -> dict[str, Any]:
        return {
            "chips": {name: json_number(value) for name, value in self.chips.items()},
            "borrowed": {name: json_number(value) for name, value in self.borrowed.items()},
            "pots": [{"amount": json_number(p.amount), "winner": p.winner, "shared": p.shared} for p in self.pots],
            "showdown": self.showdown,
            "shown": [{"name": n, "cards": c, "hand": h} for n, c, h in self.shown],
            "actions": [{"action": a, "effect": e} for a, e in self.lines],
            "rules": self.rules.to_dict(),
        }


def _read_seats(data: dict[str, Any], label: str, rules: ClassicRules) -> tuple[list[str], list[Fraction], list[list[tuple[int, ...]]]]:
    seats = data.get("seat")
    if not isinstance(seats, list) or not seats:
        raise RefereeError(f"{label}: no [[seat]] tables (one per player, in turn order)")
    names: list[str] = []
    chips: list[Fraction] = []
    hands: list[list[tuple[int, ...]]] = []
    owner: dict[int, str] = {}
    for number, seat in enumerate(seats, 1):
        where = f"{label}: seat {number}"
        if not isinstance(seat, dict):
            raise RefereeError(f"{where} must be a table with name, chips and hand")
        unknown = set(seat) - {"name", "chips", "hand", "kept"}
        if unknown:
            raise RefereeError(f"{where}: unknown key {sorted(unknown)[0]!r} (name, chips, hand, kept)")
        name = seat.get("name")
        # one word: no space, tab, line break, no-break space … (actions name the seat by its first word)
        if not isinstance(name, str) or len(name.split()) != 1 or not name.isprintable():
            raise RefereeError(f"{where}: name must be one word of text, not {name!r}")
        name = name.strip()
        if len(normalize("NFC", name)) > MAX_NAME:
            raise RefereeError(f"{where}: name must be at most {MAX_NAME} characters, not "
                               f"{len(normalize('NFC', name)):,}")
        same = [other for other in names if name_key(other) == name_key(name)]
        if same:
            if same[0] == name:
                raise RefereeError(f"{where}: two seats are called {name!r}")
            raise RefereeError(f"{where}: name {name!r} is the same as seat {names.index(same[0]) + 1}'s {same[0]!r} "
                               "(names are compared ignoring case, and Unicode normalised: they must differ "
                               "in more than that)")
        if "chips" not in seat:
            raise RefereeError(f"{where} ({name}): missing key 'chips'")
        try:
            amount = parse_amount(seat["chips"], f"{where} ({name}): chips")
        except GameFileError as error:
            raise RefereeError(str(error)) from None
        seat_hands = []
        for key in ("hand", "kept"):
            if key not in seat:
                if key == "hand":
                    raise RefereeError(f"{where} ({name}): missing key 'hand'")
                continue
            text = seat[key]
            if not isinstance(text, str):
                raise RefereeError(f"{where} ({name}): {key} must be card text such as \"Ah Kd 7c\"")
            if key == "kept" and not rules.blind:
                raise RefereeError(f"{where} ({name}): a kept blind hand needs blind play (these rules have "
                                   "blind = false)")
            try:
                cards = parse_cards_with_jokers(text, max_jokers=rules.jokers,
                                                taken={c for c in owner if c >= 52})
            except CardError as error:
                raise RefereeError(f"{where} ({name}): {error}") from None
            if len(cards) != rules.cards:
                raise RefereeError(f"{where} ({name}): {key} has {len(cards)} cards; these rules deal {rules.cards}")
            for card in cards:
                if card.index in owner:  # a joker by the name it was written with: Jk1, Jk2
                    written = f"Jk{card.index - 51}" if card.index >= 52 else str(card)
                    raise RefereeError(f"{where} ({name}): {written} is dealt twice (also to {owner[card.index]})")
                owner[card.index] = name
            seat_hands.append(tuple(c.index for c in cards))
        names.append(name)
        chips.append(amount)
        hands.append(seat_hands)
    if not 2 <= len(names) <= 8:
        raise RefereeError(f"{label}: Brag is played by 2 to 8 players, not {len(names)}")
    return names, chips, hands


def referee_text(text: str, label: str) -> RefereeResult:
    """Settle the hand a referee file describes (``label`` names the file in errors)."""
    try:
        data = parse_toml(text, label)  # the one TOML reader: nesting bounded
    except GameFileError as error:
        raise RefereeError(str(error)) from None
    unknown = set(data) - {"rules", "actions", "seat"}
    if unknown:
        raise RefereeError(f"{label}: unknown key {sorted(unknown)[0]!r} (rules, actions, seat)")
    try:
        rules = rules_from_table(data.get("rules", {}), f"{label}: [rules]")
    except GameFileError as error:
        raise RefereeError(str(error)) from None
    names, chips, hands = _read_seats(data, label, rules)
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RefereeError(f"{label}: actions must be a list of texts such as \"Ann bet 2\"")
    try:
        state = HandState(rules, names, chips, hands, first=0)
    except IllegalAction as error:
        raise RefereeError(f"{label}: {error}") from None
    voice = Voice(names)  # people's names: every seat in the third person
    keys = {name_key(name): seat for seat, name in enumerate(names)}
    lines: list[tuple[str, list[str]]] = [("ante", [event_text(e, voice) for e in state.events])]
    for number, written in enumerate(actions, 1):
        words = written.split(maxsplit=1)
        where = f"{label}: action {number} ({written!r})"
        if len(words) < 2:
            raise RefereeError(f"{where}: write it as NAME ACTION, such as \"Ann bet 2\"")
        name, rest = words
        seat = keys.get(name_key(name))  # ignoring case: 'ann bet 2' is Ann's (names differ in more than case)
        if seat is None:
            raise RefereeError(f"{where}: no seat is called {name!r}")
        try:
            action = action_from_text(rest, exponent=False)  # amounts as its error says: 5, 2.5 or 5/2
            if state.over:
                raise IllegalAction("the hand is already over")
            events = state.act(action, seat=seat)
        except (IllegalAction, CardError) as error:
            raise RefereeError(f"{where}: {error}") from None
        lines.append((written, [t for t in (event_text(e, voice) for e in events) if t]))
    if not state.over:
        raise RefereeError(
            f"{label}: the actions end before the hand is settled (it is {names[state.to_act]}'s turn)"
        )
    pots = [PotResult(e.amount, names[e.seat], e.shared) for e in state.events if isinstance(e, PotWon)]
    shown = [(names[e.seat], cards_text(e.kept), e.hand) for e in state.events if isinstance(e, Shown)]
    borrowed = {name: loan for name, loan in zip(names, state.borrowed) if loan}
    return RefereeResult(rules=rules, lines=lines, pots=pots, chips=dict(zip(names, state.chips)),
                         showdown=state.showdown, shown=shown, borrowed=borrowed)


def referee_file(path: str | Path) -> RefereeResult:
    """Settle the hand in a referee file."""
    try:
        file = file_path(path)
        text = read_game_file(file)  # a regular file (not a pipe or device: those can block) of at most 1 MiB
    except GameFileError as error:
        raise RefereeError(str(error)) from None
    return referee_text(text, str(file))
