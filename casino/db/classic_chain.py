"""The hash chain of a traditional Brag session: what links its stored records, as the casino table's does.

Every link is :func:`casino.db.chain.hand_hash` (SHA-256 over a label, the hash before it and canonical,
length-prefixed contents), each kind of link tagged apart so that no two kinds hash alike:

* the **genesis**: over the session's random ``chain_key`` and its identity — rules name and snapshot,
  seat names, players, starting chips, hand limit, settings (the ``--seed`` text of a practice session
  among them) and ``chain_from``;
* the **deal** of hand *n*: over the head before it, *n* and the pack commitment shown before the deal.
  It is written when the hand starts, before any card is shown: the session row's head moves to it and
  its ``dealt_hand`` says hand *n* is out, so a deleted pending record is missed, never dealt again;
* each **action** of a hand in play, over the link before it (the deal, then each action): a head shown
  in the middle of a hand is still found in the chain once the hand is settled (its stored actions give
  the same links);
* the **settled hand**: over the deal link and every stored column of the hand (numbers, commitment,
  seed, packs, cards, chips, actions, events, summary): ``hash``; its ``prev_hash`` is the hash before
  its deal (the last settled hand's, or the genesis).

The session's **head** is its newest link: the last settled hand's hash, or, while a hand is in play,
the link of its deal or its last stored action. Values are covered as stored (text, not parsed), so a
row that cannot be read still has a hash, and a session copied elsewhere keeps its chain::

    >>> g = genesis_hash("00" * 16, {"rules_name": "classic-brag", "settings": "{}"})
    >>> d = deal_hash(g, 1, "ab" * 32)
    >>> len(d), d != g, action_hashes(d, '[[0, {"action": "look"}]]')[-1] != d
    (64, True, True)

``chain_from`` is the first hand dealt under the chain: 1 for a session stored by this code; for a
session stored before the chain existed (schema 0006), the hands before it were chained when the
database was upgraded, not as they were played.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from casino.db.chain import hand_hash, is_hash, new_chain_key
from casino.db.classic_rows import READ_ERRORS

__all__ = ["SESSION_FIELDS", "HAND_FIELDS", "genesis_hash", "deal_hash", "action_hash", "action_hashes", "settled_hash",
           "hand_contents", "new_chain_key", "is_hash"]

#: The session columns the genesis covers, in this order.
SESSION_FIELDS = ("rules_name", "rules_text", "names", "players", "start_chips", "hand_limit", "settings",
                  "chain_from")
#: The hand columns a settled hand's hash covers, in this order (all but its id, session and time).
HAND_FIELDS = ("hand_no", "commitment", "seed", "shuffled", "pack", "pack_after", "seats", "dealer", "first",
               "held_out", "dealt", "chips_before", "chips_after", "borrowed", "actions", "events", "showdown",
               "prial_won", "kept_blind", "summary")
_TRUTH = frozenset({"shuffled", "showdown", "prial_won"})


def _value(row: Mapping[str, Any] | Any, name: str) -> Any:
    """A column as the hash covers it: text and whole numbers as stored, truth values as true/false (SQLite
    gives 0/1), anything else as its text."""
    value = row.get(name) if isinstance(row, Mapping) else getattr(row, name, None)
    if name in _TRUTH and isinstance(value, int):
        return bool(value)
    if value is None or isinstance(value, (int, str)):
        return value
    return str(value)


def genesis_hash(chain_key: str, session: Mapping[str, Any] | Any) -> str:
    """The chain's start: the session's ``chain_key`` and identity (:data:`SESSION_FIELDS`)."""
    return hand_hash(str(chain_key), {"classic_genesis": [_value(session, name) for name in SESSION_FIELDS]})


def deal_hash(prev_hash: str, hand_no: Any, commitment: Any) -> str:
    """The link of hand ``hand_no``'s deal after ``prev_hash``: its number and the pack commitment."""
    return hand_hash(str(prev_hash), {"classic_deal": [hand_no, commitment]})


def action_hashes(deal: str, actions_text: str) -> list[str]:
    """The links after a deal for the stored actions of a hand in play (JSON text): one per action, in
    order; text that is not a JSON list is one link over the text itself. Empty: no action yet."""
    try:
        actions = json.loads(actions_text)
        if isinstance(actions, list):
            links, link = [], deal
            for item in actions:
                link = action_hash(link, item)
                links.append(link)
            return links
    except READ_ERRORS:  # (nested 100,000 deep, say: one link over the text, as for any text that is not a list)
        pass
    return [hand_hash(deal, {"classic_actions": str(actions_text)})]


def action_hash(prev_hash: str, item: Any) -> str:
    """The link of one action after ``prev_hash``: over the action (``[seat, action dict]`` as stored: the
    action dict alone, since whose turn it was follows from the rules, and a hand in play numbers its seats
    at the table while a settled hand numbers them in the hand), so that a settled hand's stored actions
    give the same links as they had while it was in play."""
    action = item[1] if isinstance(item, list) and len(item) == 2 else item
    return hand_hash(str(prev_hash), {"classic_action": json.loads(json.dumps(action))})


def hand_contents(row: Mapping[str, Any] | Any) -> list[Any]:
    """A settled hand's columns as its hash covers them (:data:`HAND_FIELDS`)."""
    return [_value(row, name) for name in HAND_FIELDS]


def settled_hash(prev_hash: str, row: Mapping[str, Any] | Any) -> str:
    """A settled hand's hash: its deal's link after ``prev_hash``, then its full contents."""
    deal = deal_hash(prev_hash, _value(row, "hand_no"), _value(row, "commitment"))
    return hand_hash(deal, {"classic_hand": hand_contents(row)})
