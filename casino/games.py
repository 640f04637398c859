"""Game and paytable files: TOML read with ``tomllib`` into frozen, validated values.

A game file names its ranking, the dealer's qualifier, the tie rule and its paytables (see
``docs/file-format.md`` for every key). Payouts are exact: ``12.5`` is read from the text as
``Fraction(25, 2)``, never through a float::

    >>> from casino.games import load_game, load_paytable
    >>> game = load_game("three-card-poker")
    >>> game.ranking.name, game.qualifier, game.ties
    ('poker', 'Q-high', 'push')
    >>> game.pair_plus.pay_for("running_flush")
    Fraction(40, 1)
    >>> richer = game.with_tables(ante_bonus=load_paytable("ante-bonus-6", bet="ante_bonus"))
    >>> richer.ante_bonus.pay_for("running_flush")
    Fraction(25, 2)

Every problem raises :class:`~casino.errors.GameFileError` naming the file and the key. The file is read by
:mod:`casino.files`, its TOML by :mod:`casino.toml_files`, its amounts by :func:`casino.money.parse_amount`.
"""

from __future__ import annotations

import difflib
import os
import json
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from casino.errors import BragError, GameFileError, UnknownGameError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
from casino.bets import side_bet_names
from casino.files import read_source
from casino.money import amount_text, decimal_text, parse_amount
from casino.rankings import (
    CATEGORIES, SPECIAL_HANDS, SPECIAL_PARENT, Ranking, get_ranking, hand_key, parse_ranking, ranking_names,
)
from casino.toml_files import _check_keys, _text, parse_toml

__all__ = [
    "BETS",
    "TIES",
    "Paytable",
    "Limits",
    "Rules",
    "Game",
    "load_game",
    "load_paytable",
    "parse_game_text",
    "builtin_games",
    "builtin_paytables",
]

#: Bets whose paytable a game file may hold, with their file section names.
BETS: Mapping[str, str] = {"ante_bonus": "Ante Bonus", "pair_plus": "Pair Plus"}
#: What happens to Ante and Play when a qualifying dealer ties the player.
TIES = ("push", "player", "dealer")

#: Side bets settled on the cards alone (see :mod:`casino.sidebets`), each an optional section.
SIDE_BET_KEYS: tuple[str, ...] = side_bet_names()  # one module each in casino/bets
_GAME_KEYS = {
    "name", "ranking", "qualifier", "ties", "description", "source", "limits", "rules", "head_to_head", "cards",
    "discard_breaks_ties", "jokers", "wild", *BETS,
    *SIDE_BET_KEYS,
}
_RULE_KEYS = ("ante_bonus_on_loss", "pair_plus_on_fold", "face_up")
_PAYTABLE_KEYS = {"name", "description", "source", *BETS}
_LIMIT_KEYS = ("min_ante", "max_ante", "min_pair_plus", "max_pair_plus")


@dataclass(frozen=True)
class Paytable:
    """Payouts (to 1) for one bet, keyed by hand category or special hand."""

    name: str
    bet: str
    pays: tuple[tuple[str, Fraction], ...]
    source: str = ""

    def pay_for(self, pay_class: str) -> Fraction | None:
        """The payout for a category or special hand; ``None`` when the table does not pay it.

        A special hand not listed is paid as its category (a mini royal as a running flush).
        """
        table = dict(self.pays)
        if pay_class in table:
            return table[pay_class]
        parent = SPECIAL_PARENT.get(pay_class)
        return table.get(parent) if parent else None

    @property
    def top_award(self) -> tuple[str, Fraction]:
        return max(self.pays, key=lambda item: item[1])


@dataclass(frozen=True)
class Limits:
    """Table limits in betting units; ``None`` means no limit."""

    min_ante: Fraction | None = None
    max_ante: Fraction | None = None
    min_pair_plus: Fraction | None = None
    max_pair_plus: Fraction | None = None

    def problem(self, ante: Fraction = Fraction(0), pair_plus: Fraction = Fraction(0)) -> str | None:
        """What is wrong with these stakes at this table, in words, or ``None`` (a zero stake is no bet)::

            >>> Limits(min_ante=Fraction(1), max_ante=Fraction(500)).problem(ante=Fraction(600))
            'the Ante 600 is above the table maximum 500'
        """
        for what, stake, low, high in (
            ("the Ante", ante, self.min_ante, self.max_ante),
            ("the Pair Plus stake", pair_plus, self.min_pair_plus, self.max_pair_plus),
        ):
            if stake and low is not None and stake < low:
                return f"{what} {amount_text(stake)} is below the table minimum {amount_text(low)}"
            if stake and high is not None and stake > high:
                return f"{what} {amount_text(stake)} is above the table maximum {amount_text(high)}"
        return None


@dataclass(frozen=True)
class Rules:
    """Rule variations: whether the Ante Bonus is paid when the player loses to a qualifying dealer,
    whether Pair Plus still stands (is settled on the cards) when the player folds, and whether the
    dealer's first card is dealt face up before the player decides (Face Up, :mod:`casino.face_up`)."""

    ante_bonus_on_loss: bool = True
    pair_plus_on_fold: bool = True
    face_up: bool = False


@dataclass(frozen=True)
class Game:
    """One game: ranking, dealer qualifier, tie rule, paytables and limits."""

    name: str
    ranking: Ranking
    qualifier: str = "Q-high"
    ties: str = "push"
    ante_bonus: Paytable | None = None
    pair_plus: Paytable | None = None
    limits: Limits = field(default_factory=Limits)
    rules: Rules = field(default_factory=Rules)
    source: str = ""
    text: str = field(default="", repr=False, compare=False)
    side_bets: tuple[Any, ...] = ()  # casino.sidebets.SideBet values, in file order
    head_to_head: Any = None  # casino.maths.head_to_head.HeadToHead: two hands dealt, bets on which wins
    cards: int = 3  # cards dealt to the player and to the dealer; each plays the best three
    discard_breaks_ties: bool = False  # four cards: equal best threes are decided by the card left out
    jokers: int = 0  # jokers added to the deck (always wild)
    wild: str = "none"  # which of the 52 cards are wild (a casino.besthand choice: "twos", "one-eyed-jacks" …)

    @property
    def has_wild_cards(self) -> bool:
        return self.jokers > 0 or self.wild != "none"

    def side_bet(self, bet: str) -> Any:
        """The side bet called ``bet`` (``"six_card_bonus"`` …); :class:`BetError` if not offered."""
        for side in self.side_bets:
            if side.bet == bet:
                return side
        from casino.errors import BetError

        offered = ", ".join(s.bet for s in self.side_bets) or "none"
        raise BetError(f"{self.name} offers no {bet} bet (side bets offered: {offered})")

    def with_side_bet(self, side: Any) -> Game:
        """The same game with a side bet added, or replacing the one of the same kind."""
        kept = tuple(s for s in self.side_bets if s.bet != side.bet)
        return replace(self, side_bets=(*kept, side) if len(kept) == len(self.side_bets) else tuple(
            side if s.bet == side.bet else s for s in self.side_bets))

    def with_tables(self, *, ante_bonus: Paytable | None = None, pair_plus: Paytable | None = None) -> Game:
        """The same game with the given paytables swapped in (the others kept)."""
        changes: dict[str, Any] = {}
        labels = []
        for bet, table in (("ante_bonus", ante_bonus), ("pair_plus", pair_plus)):
            if table is not None:
                if bet == "ante_bonus" and self.head_to_head is not None:  # as a head-to-head file's [ante_bonus] is
                    raise GameFileError(f"{self.name}: a head-to-head game has no Ante or Play, so no Ante Bonus table "
                                        f"to swap ({table.name})")
                if table.bet != bet:
                    raise GameFileError(f"{table.source or table.name}: holds the [{table.bet}] table, not [{bet}]")
                changes[bet] = table
                labels.append(table.name)
        if not changes:
            return self
        return replace(self, name=f"{self.name} [{', '.join(labels)}]", **changes)

    def without(self, *bets: str) -> Game:
        """The same game without some bets (``game.without("ante_bonus")``)."""
        dropped: dict[str, Any] = {bet: None for bet in bets}
        return replace(self, **dropped)

    @property
    def bets(self) -> tuple[str, ...]:
        """The bets this game offers: always ``ante_play``, then any side tables."""
        return ("ante_play",) + tuple(bet for bet in BETS if getattr(self, bet) is not None)

    def to_toml(self) -> str:
        """This game as one self-contained game file: every table written out, exact numbers.

        Swapped-in tables and tables named by path are included, so the text alone rebuilds the game
        (it is what a table session stores)::

            >>> game = load_game("three-card-poker", pair_plus="pair-plus-5")
            >>> again = parse_game_text(game.to_toml())
            >>> again.pair_plus.pays == game.pair_plus.pays and again.to_toml() == game.to_toml()
            True
        """
        builtin = self.ranking.name in ranking_names() and get_ranking(self.ranking.name) == self.ranking
        lines = [f"name = {_toml_value(self.name)}"]
        if builtin:
            lines.append(f"ranking = {_toml_value(self.ranking.name)}")
        if self.head_to_head is None:
            lines += [f"qualifier = {_toml_value(self.qualifier)}", f"ties = {_toml_value(self.ties)}"]
        if self.cards != 3:
            lines += [f"cards = {self.cards}", f"discard_breaks_ties = {_toml_value(self.discard_breaks_ties)}"]
        if self.has_wild_cards:
            lines += [f"jokers = {self.jokers}", f"wild = {_toml_value(self.wild)}"]
        sections: list[tuple[str, list[tuple[str, Any]]]] = []
        if self.head_to_head is not None:
            head = self.head_to_head.to_toml_table()
            value_bets = head.pop("hand_bets", None)
            sections.append(("head_to_head", list(head.items())))
            if value_bets:
                sections.append(("head_to_head.hand_bets", list(value_bets.items())))
        if not builtin:
            table = self.ranking.to_toml_table()
            labels = table.pop("labels")
            special = table.pop("special_labels", None)
            sections.append(("ranking", list(table.items())))
            sections.append(("ranking.labels", list(labels.items())))
            if special:
                sections.append(("ranking.special_labels", list(special.items())))
        for bet in BETS:
            table = getattr(self, bet)
            if table is not None:
                sections.append((bet, list(table.pays)))
        for side in self.side_bets:
            sections.append((side.bet, list(side.to_toml_table().items())))
        limits = [(key, getattr(self.limits, key)) for key in _LIMIT_KEYS if getattr(self.limits, key) is not None]
        if limits:
            sections.append(("limits", limits))
        if self.head_to_head is None:
            sections.append(("rules", [(key, getattr(self.rules, key)) for key in _RULE_KEYS
                                   if key != "face_up" or self.rules.face_up]))
        for section, items in sections:
            lines.append("")
            lines.append(f"[{section}]")
            lines.extend(f"{key} = {_toml_value(value)}" for key, value in items)
        return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    """A TOML literal that reads back exactly (a Fraction with no short decimal becomes ``"p/q"``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        shown = decimal_text(value, 30)  # a decimal a file may hold: read back exactly (parse_float=Decimal)
        return shown if shown is not None else f'"{value.numerator}/{value.denominator}"'
    if isinstance(value, str):  # (JSON escapes the other control characters as TOML does; DEL too here)
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} to TOML")


# ---------------------------------------------------------------------------------------------------
# Reading game and paytable files


def _builtin_dir(kind: str) -> Traversable:
    return resources.files("paytables").joinpath(kind)


def builtin_games() -> dict[str, str]:
    """Built-in game names mapped to their TOML text."""
    return {
        entry.name.removesuffix(".toml"): entry.read_text(encoding="utf-8")
        for entry in sorted(_builtin_dir("games").iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".toml")
    }


def builtin_paytables() -> dict[str, str]:
    """Built-in paytable names (``ante-bonus-1`` …) mapped to their TOML text."""
    found: dict[str, str] = {}
    for bet in BETS:
        folder = _builtin_dir(bet)
        if folder.is_dir():
            for entry in sorted(folder.iterdir(), key=lambda e: e.name):
                if entry.name.endswith(".toml"):
                    found[entry.name.removesuffix(".toml")] = entry.read_text(encoding="utf-8")
    return found


class NestedTooDeep(GameFileError):
    """Game files that name one another (a table by path) more than :data:`MAX_INCLUDE_DEPTH` deep."""


#: How many game files deep one may name another (a table by path, which names another …).
MAX_INCLUDE_DEPTH = 16


def _parse_pays(bet: str, table: Any, label: str, name: str, source: str) -> Paytable:
    where = f"{label}: [{bet}]"
    if not isinstance(table, dict):
        raise GameFileError(f"{where} must be a table of hand = payout")
    if not table:
        raise GameFileError(f"{where} lists no hands")
    pays: dict[str, Fraction] = {}
    written: dict[str, str] = {}
    for word, value in table.items():
        try:
            key = hand_key(word)
        except KeyError:
            near = difflib.get_close_matches(word, [*CATEGORIES, *SPECIAL_HANDS, "straight", "trips"], n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise GameFileError(f"{where}.{word}: unknown hand name{hint}") from None
        if key in pays:
            raise GameFileError(f"{where}.{word}: the same hand as {written[key]!r}, listed twice")
        pays[key] = parse_amount(value, f"{where}.{word}")
        written[key] = word
    ordered = tuple((key, pays[key]) for key in (*CATEGORIES, *SPECIAL_HANDS) if key in pays)
    return Paytable(name=name, bet=bet, pays=ordered, source=source)


def _parse_limits(table: Any, label: str, typed: bool = True) -> Limits:
    """``typed``: every limit an amount a player could type (a game file or a design); off for a game stored with a
    session, read back as it was played (an older release took any fraction: its sessions still verify)."""
    if not isinstance(table, dict):
        raise GameFileError(f"{label}: [limits] must be a table")
    _check_keys(table, _LIMIT_KEYS, f"{label}: [limits]")
    values = {key: parse_amount(table[key], f"{label}: [limits].{key}", allow_zero=False, typed=typed) for key in table}
    for bet in ("ante", "pair_plus"):
        low, high = values.get(f"min_{bet}"), values.get(f"max_{bet}")
        if low is not None and high is not None and low > high:
            raise GameFileError(f"{label}: [limits].min_{bet} ({low}) is above max_{bet} ({high})")
    return Limits(**values)


def _parse_rules(table: Any, label: str) -> Rules:
    if not isinstance(table, dict):
        raise GameFileError(f"{label}: [rules] must be a table")
    _check_keys(table, _RULE_KEYS, f"{label}: [rules]")
    for key, value in table.items():
        if not isinstance(value, bool):
            raise GameFileError(f"{label}: [rules].{key} must be true or false, not {value!r}")
    return Rules(**table)


#: Game files being read right now (resolved paths): a file that names itself as a table, directly
#: or through others, is an error rather than an endless recursion.
_READING: ContextVar[tuple[str, ...]] = ContextVar("_READING", default=())


def _parse_game(data: dict[str, Any], label: str, text: str, base: Path | None = None, *, stored: bool = False) -> Game:
    key = os.path.realpath(label) if base is not None else label
    chain = _READING.get()
    if key in chain:
        circle = " -> ".join((*chain[chain.index(key):], key))
        if chain[-1] == key:
            raise GameFileError(f"{label}: names itself as a table ({circle})")
        raise GameFileError(f"{label}: is named as a table by a file it names: a circle ({circle})")
    if len(chain) >= MAX_INCLUDE_DEPTH:
        raise NestedTooDeep(f"{chain[0]}: game files name one another more than {MAX_INCLUDE_DEPTH} deep "
                            f"(… {label})")
    token = _READING.set((*chain, key))
    try:
        return _parse_game_data(data, label, text, base, stored)
    finally:
        _READING.reset(token)


def _parse_game_data(data: dict[str, Any], label: str, text: str, base: Path | None, stored: bool = False) -> Game:
    _check_keys(data, _GAME_KEYS, label)
    if "ranking" not in data:
        raise GameFileError(
            f"{label}: missing key 'ranking' (one of: {', '.join(ranking_names())}; or a [ranking] section)"
        )
    ranking = _game_ranking(data["ranking"], label)
    head_to_head = None
    if "head_to_head" in data:
        from casino.maths.head_to_head import parse_head_to_head

        head_to_head = parse_head_to_head(data["head_to_head"], label)
        for key in ("qualifier", "ties", "ante_bonus", "rules"):
            if key in data:
                raise GameFileError(f"{label}: {key}: a head-to-head game has no dealer, Ante or Play "
                                    f"(remove {key!r}, or the [head_to_head] section)")
    qualifier = _text(data, "qualifier", label, "Q-high")
    from casino.hands import hand_table

    try:
        hand_table(ranking).threshold(qualifier)
    except BragError as error:
        raise GameFileError(f"{label}: qualifier: {error}") from None
    ties = _text(data, "ties", label, "push")
    if ties not in TIES:
        raise GameFileError(f"{label}: ties must be one of {', '.join(TIES)}, not {ties!r}")
    name = _text(data, "name", label, Path(label.split(" ")[0]).stem)
    cards, discard_breaks_ties = _hand_size(data, label, head_to_head is not None)
    jokers, wild = _wild_cards(data, label, head_to_head is not None, cards)
    tables: dict[str, Paytable] = {}
    for bet in BETS:
        if bet not in data:
            continue
        value = data[bet]
        if isinstance(value, str):  # a named built-in table, or a path (relative to this file)
            try:
                tables[bet] = load_paytable(value, bet=bet, base=base)
            except NestedTooDeep:
                raise  # already names the first file and the deepest: one short line
            except GameFileError as error:
                raise type(error)(f"{label}: {bet}: {error}") from None
        else:
            tables[bet] = _parse_pays(bet, value, label, f"{name} {BETS[bet]}", label)
    limits = _parse_limits(data["limits"], label, typed=not stored) if "limits" in data else Limits()
    rules = _parse_rules(data["rules"], label) if "rules" in data else Rules()
    if rules.face_up and (cards != 3 or jokers or wild != "none"):
        raise GameFileError(f"{label}: [rules].face_up is for three-card games from 52 cards without wild cards")
    side_bets: tuple[Any, ...] = ()
    if any(key in data for key in SIDE_BET_KEYS):
        from casino.sidebets import parse_side_bet

        try:
            side_bets = tuple(
                parse_side_bet(key, data[key], label, name=f"{name} {key.replace('_', ' ')}", base=base)
                for key in data
                if key in SIDE_BET_KEYS
            )
        except UnknownGameError as error:
            raise UnknownGameError(f"{label}: {error}") from None
    return Game(
        side_bets=side_bets,
        name=name,
        ranking=ranking,
        qualifier=qualifier,
        ties=ties,
        limits=limits,
        rules=rules,
        source=label,
        text=text,
        head_to_head=head_to_head,
        cards=cards,
        discard_breaks_ties=discard_breaks_ties,
        jokers=jokers,
        wild=wild,
        **tables,
    )


def _hand_size(data: Mapping[str, Any], label: str, head_to_head: bool) -> tuple[int, bool]:
    """``cards`` (3 or 4: each hand plays its best three) and ``discard_breaks_ties``, checked."""
    cards = data.get("cards", 3)
    if isinstance(cards, bool) or cards not in (3, 4):
        raise GameFileError(f"{label}: cards must be 3 or 4 (each hand plays its best three), not {cards!r}")
    discard = data.get("discard_breaks_ties", False)
    if not isinstance(discard, bool):
        raise GameFileError(f"{label}: discard_breaks_ties must be true or false, not {discard!r}")
    if discard and cards == 3:
        raise GameFileError(f"{label}: discard_breaks_ties needs cards = 4 (three cards leave no discard)")
    if cards == 4:
        if head_to_head:
            raise GameFileError(f"{label}: cards: a head-to-head game deals three cards to each hand")
        for key in SIDE_BET_KEYS:
            if key in data:
                raise GameFileError(f"{label}: {key}: side bets are settled on three-card hands; "
                                    "a four-card game cannot offer them")
    return int(cards), discard


def _wild_cards(data: Mapping[str, Any], label: str, head_to_head: bool, cards: int) -> tuple[int, str]:
    """``jokers`` (0, 1 or 2 added to the deck) and ``wild`` (which of the 52 are wild), checked."""
    from casino.besthand import WILD_CHOICES

    jokers = data.get("jokers", 0)
    if isinstance(jokers, bool) or jokers not in (0, 1, 2):
        raise GameFileError(f"{label}: jokers must be 0, 1 or 2 (jokers added to the deck, always wild), not {jokers!r}")
    wild = data.get("wild", "none")
    choices = [w for w in WILD_CHOICES if w != "jokers"]
    if not isinstance(wild, str) or wild not in choices:
        near = difflib.get_close_matches(str(wild), choices, n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise GameFileError(f"{label}: wild must be one of {', '.join(choices)}, not {wild!r}{hint}")
    if jokers or wild != "none":
        if head_to_head or cards != 3:
            raise GameFileError(f"{label}: wild cards are for three-card house-banked games")
        for key in SIDE_BET_KEYS:
            if key in data:
                raise GameFileError(f"{label}: {key}: side bets are settled on a 52-card deck without wild cards")
    return int(jokers), wild


def _game_ranking(value: Any, label: str) -> Ranking:
    """A game's ranking: a built-in name (``ranking = "teen_patti"``) or its own ``[ranking]`` section."""
    if isinstance(value, dict):
        return parse_ranking("custom", value, f"{label}: [ranking]")
    if not isinstance(value, str):
        raise GameFileError(f"{label}: ranking must be a ranking name or a [ranking] section, not {value!r}")
    try:
        return get_ranking(value)
    except GameFileError as error:
        raise GameFileError(f"{label}: ranking: {error}") from None


def load_game(
    source: str | Path = "3-card-brag",
    *,
    ante_bonus: str | Path | None = None,
    pair_plus: str | Path | None = None,
) -> Game:
    """A game by built-in name (``"3-card-brag"``, ``"three-card-poker"``) or from a TOML file path.

    ``ante_bonus`` / ``pair_plus`` swap in another table: a built-in name (``"pair-plus-4"``) or a file.
    """
    text, label, base = read_source(source, builtin_games(), "game")
    game = _parse_game(parse_toml(text, label), label, text, base)
    return game.with_tables(
        ante_bonus=load_paytable(ante_bonus, bet="ante_bonus") if ante_bonus is not None else None,
        pair_plus=load_paytable(pair_plus, bet="pair_plus") if pair_plus is not None else None,
    )


def parse_game_text(text: str, label: str = "stored game", *, stored: bool = True) -> Game:
    """A game from the text of a game file: by default the snapshot stored with a session, read back as it was
    played (its ``[limits]`` as stored: an older release took any fraction there); ``stored=False`` for a new
    design, held to the rules of a game file read from disk (limits a player could type)."""
    return _parse_game(parse_toml(text, label), label, text, stored=stored)


def load_paytable(source: str | Path, bet: str | None = None, base: Path | None = None) -> Paytable:
    """A paytable by built-in name (``"pair-plus-3"``) or from a file holding one ``[bet]`` table.

    With ``bet`` given, the file must hold that bet's table (a game file holding it will do).
    A relative path is read from ``base`` when given (the folder of the file that names it).
    """
    text, label, folder = read_source(source, builtin_paytables(), "paytable", base)
    data = parse_toml(text, label)
    if "ranking" in data:  # a whole game file: take its table
        game = _parse_game(data, label, text, folder)
        bets = [b for b in BETS if getattr(game, b) is not None and (bet is None or b == bet)]
        if not bets:
            raise GameFileError(f"{label}: has no [{bet or 'ante_bonus'}] table")
        table: Paytable = getattr(game, bets[0])
        return table
    _check_keys(data, _PAYTABLE_KEYS, label)
    present = [b for b in BETS if b in data]
    if len(present) != 1:
        raise GameFileError(f"{label}: a paytable file holds exactly one of [{'], ['.join(BETS)}]")
    if bet is not None and present[0] != bet:
        raise GameFileError(f"{label}: holds the [{present[0]}] table, not [{bet}]")
    name = _text(data, "name", label, Path(str(source)).stem)
    source_note = _text(data, "source", label, "")
    table = _parse_pays(present[0], data[present[0]], label, name, source_note or label)
    return table
