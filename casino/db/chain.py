"""The hash chain that authenticates a session's stored hands, and the running totals kept beside it.

Every session starts its chain at a *genesis* hash over its own identity (a random ``chain_key``, the
game snapshot, the starting bankroll and, for a practice session, its seed text). Every stored hand
carries ``prev_hash`` (the previous hand's hash, the genesis for hand 1) and ``hash``: SHA-256 over
``prev_hash`` and the hand's full canonical contents (cards, bets, decisions, results, seed and
commitment, events, and every box). The session's *head* is its last hand's hash::

    >>> genesis = genesis_hash("00" * 16, "name = 'x'", "100", None)
    >>> len(genesis), genesis == genesis_hash("00" * 16, "name = 'x'", "100", None)
    (64, True)
    >>> genesis_hash("11" * 16, "name = 'x'", "100", None) == genesis   # another session, another chain
    False

A head hash kept outside the database (written down, mailed to yourself) pins every hand up to it:
changing, inserting, deleting, reordering or copying in any hand, or dropping the last ones, gives a
different head. :mod:`casino.db.verify` recomputes the chain from the stored contents.

:class:`Totals` are the session's running sums (hands, plays, folds and each bet's count, stake and
net), updated in the same transaction as each hand, so that resuming and listing read one row instead
of every hand.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from casino.money import read_stored

__all__ = ["CHAIN_LABEL", "genesis_hash", "hand_hash", "hand_contents", "BOX_FIELDS", "HAND_FIELDS", "BET_FIELDS",
           "Totals", "new_chain_key", "is_hash"]

CHAIN_LABEL = b"brag-table chain v1"
#: The hand columns covered by its hash, in this order.
HAND_FIELDS = ("round_no", "commitment", "seed", "dealer_cards", "dealer_hand", "qualifies", "wagered", "net",
               "bankroll_before", "bankroll_after", "events")
#: The box columns covered by the hash of the hand they belong to.
BOX_FIELDS = ("box", "ante", "pair_plus", "cards", "hand_name", "decision", "outcome", "ante_net", "play_net",
              "ante_bonus_net", "pair_plus_net")
#: The bet-row columns covered by the hash of the hand they belong to.
BET_FIELDS = ("box", "bet", "stake", "net", "paid_hand", "meter")
MAIN_BETS = ("ante", "play", "ante_bonus", "pair_plus")  # kept in box columns too (and only there, before bet rows)


def new_chain_key() -> str:
    """A fresh random chain key (hex): no two sessions share a genesis."""
    import secrets

    return secrets.token_hex(16)


def is_hash(text: str) -> bool:
    """Whether ``text`` looks like a hash this chain writes (64 lower-case hex digits)."""
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(len(part).to_bytes(8, "big"))  # length-prefixed: no two part lists hash alike
        h.update(part)
    return h.hexdigest()


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def genesis_hash(chain_key: str, game_text: str, start_bankroll: str, practice_seed: str | None,
                 trainer: bool = False) -> str:
    """The chain's start for a session: its key, game snapshot, starting bankroll, practice seed (if any) and,
    for a session played with the hole-card trainer, that it was (a session without it hashes as before)."""
    identity: dict[str, Any] = {"key": chain_key, "game": game_text, "bankroll": str(read_stored(start_bankroll)),
                                "practice_seed": practice_seed}
    if trainer:
        identity["trainer"] = True
    return _digest(CHAIN_LABEL, b"genesis", _canonical(identity))


def hand_contents(
    hand: Mapping[str, Any] | Any, boxes: Iterable[Mapping[str, Any] | Any], bets: Iterable[Mapping[str, Any] | Any] = ()
) -> dict[str, Any]:
    """The canonical contents of a hand, its boxes and its bets (rows or dicts), as the hash covers them."""

    def get(row: Any, name: str) -> Any:
        value = row[name] if isinstance(row, Mapping) else getattr(row, name)
        if name == "qualifies":
            return bool(value)
        if isinstance(value, (int, str)) or value is None:
            return value
        return str(value)

    rows = [[get(b, name) for name in BOX_FIELDS] for b in boxes]
    rows.sort(key=lambda r: int(r[0]))
    bet_rows = [[get(b, name) for name in BET_FIELDS] for b in bets]
    bet_rows.sort(key=lambda r: (int(r[0]), str(r[1])))
    return {"hand": [get(hand, name) for name in HAND_FIELDS], "boxes": rows, "bets": bet_rows}


def hand_hash(prev_hash: str, contents: Mapping[str, Any]) -> str:
    """The hash of a hand: over the previous hash and its canonical contents (:func:`hand_contents`)."""
    return _digest(CHAIN_LABEL, b"hand", prev_hash.encode("ascii", "replace"), _canonical(contents))


@dataclass
class Totals:
    """A session's running totals, kept in its row and updated with each stored hand: hands, boxes played
    and folded, and per bet its count, chips staked and net (as :class:`~casino.sitting.SittingStats`).

        >>> t = Totals()
        >>> t.add({"wagered": "10", "net": "-10"}, [{"decision": "play", "ante": "5", "pair_plus": "0"}],
        ...       [{"bet": "ante", "stake": "5", "net": "-5"}, {"bet": "play", "stake": "5", "net": "-5"}])
        >>> t.bets["ante"], t.plays, t.net
        ([1, Fraction(5, 1), Fraction(-5, 1)], 1, Fraction(-10, 1))
        >>> Totals.from_json(t.to_json()) == t
        True
    """

    rounds: int = 0
    plays: int = 0
    folds: int = 0
    wagered: Fraction = Fraction(0)
    net: Fraction = Fraction(0)
    bets: dict[str, list[Any]] = field(default_factory=dict)  # name -> [count, chips staked, net]

    def add(self, hand: Mapping[str, Any] | Any, boxes: Iterable[Mapping[str, Any] | Any],
            bets: Iterable[Mapping[str, Any] | Any]) -> None:
        """One stored hand: its row, box rows and bet rows (hands stored before bet rows: from the boxes)."""
        from casino.bets import REGISTRY, get_bet

        def get(row: Any, name: str) -> Any:
            return row[name] if isinstance(row, Mapping) else getattr(row, name)

        self.rounds += 1
        self.wagered += read_stored(get(hand, "wagered"))
        self.net += read_stored(get(hand, "net"))
        boxes = list(boxes)
        bets = list(bets)
        for b in boxes:
            self.plays += get(b, "decision") == "play"
            self.folds += get(b, "decision") == "fold"
        if bets:
            for row in bets:
                name = str(get(row, "bet"))
                stake = read_stored(get(row, "stake"))
                # a head-to-head game's bets (player_a, tie …) are not the table's: each stakes its own chips
                chips = get_bet(name).chips(stake) if name in REGISTRY else stake
                self._count(name, chips, read_stored(get(row, "net")))
            return
        for b in boxes:  # before bet rows: the main bets' columns of the box row
            for name in MAIN_BETS:
                net = get(b, f"{name}_net")
                if net is not None:
                    stake = {"ante": get(b, "ante"), "play": get(b, "ante"), "pair_plus": get(b, "pair_plus")}.get(name, 0)
                    self._count(name, read_stored(stake), read_stored(net))

    def _count(self, name: str, chips: Fraction, net: Fraction) -> None:
        totals = self.bets.setdefault(name, [0, Fraction(0), Fraction(0)])
        totals[0] += 1
        totals[1] += chips
        totals[2] += net

    def to_json(self) -> str:
        return json.dumps({"rounds": self.rounds, "plays": self.plays, "folds": self.folds,
                           "wagered": str(self.wagered), "net": str(self.net),
                           "bets": {bet: [c, str(w), str(n)] for bet, (c, w, n) in self.bets.items()}},
                          sort_keys=True)

    @classmethod
    def from_json(cls, text: str | None) -> Totals:
        if not text:
            return cls()
        data = json.loads(text)
        totals = cls(int(data["rounds"]), int(data["plays"]), int(data["folds"]), read_stored(data["wagered"]),
                     read_stored(data["net"]))
        for bet, (count, wagered, net) in data["bets"].items():
            totals.bets[bet] = [int(count), read_stored(wagered), read_stored(net)]
        return totals

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Totals):
            return NotImplemented
        return self.to_json() == other.to_json()
