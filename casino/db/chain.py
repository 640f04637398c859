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

__all__ = ["CHAIN_LABEL", "genesis_hash", "hand_hash", "hand_contents", "BOX_FIELDS", "HAND_FIELDS", "Totals",
           "new_chain_key", "is_hash"]

CHAIN_LABEL = b"brag-table chain v1"
#: The hand columns covered by its hash, in this order.
HAND_FIELDS = ("round_no", "commitment", "seed", "dealer_cards", "dealer_hand", "qualifies", "wagered", "net",
               "bankroll_before", "bankroll_after", "events")
#: The box columns covered by the hash of the hand they belong to.
BOX_FIELDS = ("box", "ante", "pair_plus", "cards", "hand_name", "decision", "outcome", "ante_net", "play_net",
              "ante_bonus_net", "pair_plus_net")
BETS = ("ante", "play", "ante_bonus", "pair_plus")


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


def genesis_hash(chain_key: str, game_text: str, start_bankroll: str, practice_seed: str | None) -> str:
    """The chain's start for a session: its key, game snapshot, starting bankroll and practice seed (if any)."""
    identity = {"key": chain_key, "game": game_text, "bankroll": str(Fraction(start_bankroll)),
                "practice_seed": practice_seed}
    return _digest(CHAIN_LABEL, b"genesis", _canonical(identity))


def hand_contents(hand: Mapping[str, Any] | Any, boxes: Iterable[Mapping[str, Any] | Any]) -> dict[str, Any]:
    """The canonical contents of a hand and its boxes (rows or dicts), as the hash covers them."""

    def get(row: Any, name: str) -> Any:
        value = row[name] if isinstance(row, Mapping) else getattr(row, name)
        if name == "qualifies":
            return bool(value)
        if isinstance(value, (int, str)) or value is None:
            return value
        return str(value)

    rows = [[get(b, name) for name in BOX_FIELDS] for b in boxes]
    rows.sort(key=lambda r: int(r[0]))
    return {"hand": [get(hand, name) for name in HAND_FIELDS], "boxes": rows}


def hand_hash(prev_hash: str, contents: Mapping[str, Any]) -> str:
    """The hash of a hand: over the previous hash and its canonical contents (:func:`hand_contents`)."""
    return _digest(CHAIN_LABEL, b"hand", prev_hash.encode("ascii", "replace"), _canonical(contents))


@dataclass
class Totals:
    """A session's running totals, kept in its row and updated with each stored hand.

        >>> t = Totals()
        >>> t.add_box("play", {"ante": "5", "play": "5", "ante_bonus": None, "pair_plus": None},
        ...           {"ante": "5", "play": "-5"}, pair_plus="0")
        >>> t.bets["ante"], t.plays
        ([1, Fraction(5, 1), Fraction(5, 1)], 1)
        >>> Totals.from_json(t.to_json()) == t
        True
    """

    rounds: int = 0
    plays: int = 0
    folds: int = 0
    wagered: Fraction = Fraction(0)
    net: Fraction = Fraction(0)
    bets: dict[str, list[Any]] = field(default_factory=lambda: {bet: [0, Fraction(0), Fraction(0)] for bet in BETS})

    def add_box(self, decision: str | None, stakes: Mapping[str, Any], nets: Mapping[str, Any], *,
                pair_plus: str) -> None:
        """One box's bets: ``nets`` maps each settled bet to its net (text); ``stakes`` each bet's stake."""
        self.plays += decision == "play"
        self.folds += decision == "fold"
        for bet in BETS:
            net = nets.get(bet)
            if net is None:
                continue
            totals = self.bets[bet]
            totals[0] += 1
            stake = Fraction(0) if bet == "ante_bonus" else Fraction(stakes.get(bet) or (pair_plus if bet == "pair_plus" else 0))
            totals[1] += stake
            totals[2] += Fraction(net)

    def add_hand(self, wagered: Any, net: Any) -> None:
        self.rounds += 1
        self.wagered += Fraction(wagered)
        self.net += Fraction(net)

    def add_rows(self, hand: Any, boxes: Iterable[Any]) -> None:
        """Add a stored hand (a :class:`~casino.db.models.HandRecord` and its box rows)."""
        self.add_hand(hand.wagered, hand.net)
        for b in boxes:
            nets = {bet: getattr(b, f"{bet}_net") for bet in BETS}
            self.add_box(b.decision, {"ante": b.ante, "play": b.ante, "pair_plus": b.pair_plus}, nets,
                         pair_plus=b.pair_plus)

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
        totals = cls(int(data["rounds"]), int(data["plays"]), int(data["folds"]), Fraction(data["wagered"]),
                     Fraction(data["net"]))
        for bet, (count, wagered, net) in data["bets"].items():
            totals.bets[bet] = [int(count), Fraction(wagered), Fraction(net)]
        return totals
