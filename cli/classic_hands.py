"""``brag history ID --classic``: a traditional Brag session's stored hands, chosen as a casino session's are
(:mod:`cli.history`): the last 50 as a table unless told, ``--last N``, ``--all``, ``--hand N`` (that hand in
full), ``--json`` and ``--csv`` (every hand unless told).

Every view leaves out what a hand whose pack is still dealt from keeps secret (its seed, its pack and the
cards nobody was shown: :func:`casino.db.classic_store.sealed_from`): ``null`` in JSON, empty in CSV,
"not shown yet" in text. Only presentation: the stored hand is read back by
:func:`casino.db.classic_store.hand_from_row`, the words come from :mod:`casino.classic.words`.

    brag history 3 --classic --hand 7     # hand 7: cards, chips before and after, actions, seed, hash
    brag history 3 --classic --csv        # one row per seat of each hand, every hand
"""

from __future__ import annotations

from typing import Any, Optional

#: ``history --csv --classic``: one row per seat of each hand; the hand's own columns on each of its rows.
CSV_COLUMNS = ("hand", "seat", "dealer", "first", "cards", "kept", "keeps_blind", "chips_before", "chips_after",
               "borrowed", "net", "shuffled", "commitment", "seed", "pack", "actions", "showdown", "prial_won",
               "result", "prev_hash", "hash", "practice")


class Hand:
    """One stored hand as the views show it: the row, the hand read back, and whether it is still secret."""

    def __init__(self, row: Any, stored: Any, secret: bool) -> None:
        self.row, self.stored, self.secret = row, stored, secret

    def cards(self, i: int) -> Optional[str]:
        """Seat ``i``'s cards dealt this hand (``A♠ K♦ 7♣``; a blind hand kept from the deal before is
        :meth:`kept`, as in a referee file); ``None`` while secret."""
        from casino.classic.words import cards_text

        if self.secret:
            return None
        hands = [tuple(h) for h in self.stored.dealt[i]]
        kept = tuple(self.stored.held_out[i])
        if kept and kept in hands:
            hands.remove(kept)
        return " | ".join(cards_text(h) for h in hands)

    def kept(self, i: int) -> Optional[str]:
        """The blind hand seat ``i`` kept from the deal before and brought in (``""``: none); ``None`` while secret."""
        from casino.classic.words import cards_text

        return None if self.secret else cards_text(self.stored.held_out[i])

    def actions(self) -> list[str]:
        """Every action in the order taken, in the referee's words (``Ann bet 2``: docs/classic-brag.md)."""
        from casino.classic.words import referee_words

        return [f"{self.stored.names[seat]} {referee_words(action)}" for seat, action in self.stored.actions]

    def result(self) -> str:
        """Who won what, the player's seat in the second person (``You win 3``: the stored summary keeps every
        seat in the third person, as the hash chain has it)."""
        from casino.classic.words import hand_summary

        return hand_summary(self.stored, player=True)

    def seed(self) -> Optional[str]:
        return None if self.secret else str(self.row.seed)

    def pack(self) -> Optional[list[int]]:
        """The pack order committed to (card indices, top first: the bytes hashed with the seed)."""
        return None if self.secret else list(self.stored.pack)

    def to_dict(self) -> dict[str, Any]:
        s = self.stored
        n = len(s.names)
        return {
            "hand": s.hand_no, "commitment": s.commitment, "seed": self.seed(), "shuffled": s.shuffled,
            "pack": self.pack(), "seats": list(s.names), "dealer": s.names[s.dealer], "first": s.names[s.first],
            "cards": [self.cards(i) for i in range(n)], "kept": [self.kept(i) for i in range(n)],
            "keeps_blind": None if s.kept_blind < 0 else s.names[s.kept_blind],
            "chips_before": [str(c) for c in s.chips_before], "chips_after": [str(c) for c in s.chips_after],
            "borrowed": [str(c) for c in s.borrowed], "actions": self.actions(), "showdown": s.showdown,
            "prial_won": s.prial_won, "result": self.result(), "prev_hash": self.row.prev_hash,
            "hash": self.row.hash,
            # dealer's choice: what this hand was dealt as (over rules_in_force), else null
            "variant": ({"cards": s.rules.cards, "wild": s.rules.wild, "blind": s.rules.blind}
                        if s.rules.dealers_choice else None),
        }


def read_hands(session_id: int, record: Any, rows: list[Any], names: list[str], sealed: Optional[int]) -> list[Hand]:
    """The chosen rows read back (a value that cannot be read: :class:`UnreadableRecord`, naming it)."""
    from casino.db import classic_store

    rules = classic_store.rules_of(record)
    return [Hand(row, classic_store.hand_from_row(row, rules, names), sealed is not None and row.hand_no >= sealed)
            for row in rows]


def print_csv(hands: list[Hand], practice: bool) -> None:
    """One CSV row per seat of each hand (:data:`CSV_COLUMNS`), amounts exact (``7/2``), yes/no flags."""
    import csv
    import sys

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)

    def yes(flag: bool) -> str:
        return "yes" if flag else "no"

    for h in hands:
        s = h.stored
        actions = "; ".join(h.actions())
        pack = h.pack()
        for i, name in enumerate(s.names):
            writer.writerow([
                s.hand_no, name, yes(i == s.dealer), yes(i == s.first), h.cards(i) or "", h.kept(i) or "",
                yes(i == s.kept_blind), s.chips_before[i], s.chips_after[i], s.borrowed[i], s.net(i),
                yes(s.shuffled), s.commitment, h.seed() or "", "" if pack is None else " ".join(map(str, pack)),
                actions, yes(s.showdown), yes(s.prial_won), h.result(), h.row.prev_hash or "", h.row.hash or "",
                yes(practice),
            ])


def print_hand(out: Any, session_id: int, hand: Hand) -> None:
    """``history ID --classic --hand N``: the hand in full (the header is the caller's)."""
    from rich import box as boxes
    from rich.table import Table

    from casino.db.classic_store import SEALED_NOTE
    from casino.money import amount_text

    s = hand.stored
    out.print(f"Pack: {'shuffled' if s.shuffled else 'carried over from the hand before'}; commitment (SHA-256 of "
              f"seed and pack): {s.commitment}", markup=False, highlight=False)
    seed = hand.seed()
    out.print(f"Seed: {seed}" if seed is not None else f"Seed: not shown yet — {SEALED_NOTE}.", markup=False,
              highlight=False)
    out.print(f"Dealer: {s.names[s.dealer]} · first to act: {s.names[s.first]}", markup=False)
    table = Table(box=boxes.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for name in ("Seat", "Cards", "Chips before", "Chips after", "Borrowed", "Net"):
        table.add_column(name, justify="left" if name in ("Seat", "Cards") else "right")
    for i, name in enumerate(s.names):
        cards = hand.cards(i)
        kept = hand.kept(i)
        shown = "not shown yet" if cards is None else cards + (f" (kept from before: {kept})" if kept else "")
        net = s.net(i)
        table.add_row(name, shown,
                      amount_text(s.chips_before[i]), amount_text(s.chips_after[i]),
                      amount_text(s.borrowed[i]) if s.borrowed[i] else "", ("+" if net > 0 else "") + amount_text(net))
    out.print(table, markup=False)
    out.print("Actions: " + ("; ".join(hand.actions()) or "none"), markup=False, highlight=False, soft_wrap=True)
    out.print(f"Showdown: {'yes' if s.showdown else 'no'}" + ("; a prial won it (the pack is shuffled next)"
                                                             if s.prial_won else ""), markup=False)
    out.print(f"Result: {hand.result()}" + (f"; {s.names[s.kept_blind]} keeps the blind hand for the next deal"
                                                if s.kept_blind >= 0 else ""), markup=False, highlight=False)
    out.print(f"Hash: {hand.row.hash or '(stored before the hash chain)'}", markup=False, highlight=False)
    from cli.db_words import brag

    replay = (f"'{brag(f'replay {session_id} {s.hand_no} --classic')}' replays it event by event" if seed is not None
              else "'brag replay' shows it event by event once its pack is shuffled or the session ends")
    out.print(f"{replay}; '{brag(f'verify {session_id} {s.hand_no} --classic')}' checks it.", markup=False, highlight=False, soft_wrap=True)
