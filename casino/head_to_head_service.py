"""A session at a head-to-head table as a service: the sibling of :class:`casino.service.TableService`
for games that deal two hands and take bets on which wins (Teen Patti 20-20, Teen Patti Pro).

It keeps the same life, the same store and the same pending-hand protocol (:mod:`casino.service`):
:meth:`new` / :meth:`resume` check everything and store nothing; :meth:`open` stores the session (or
claims and reopens it); :attr:`commitment` is shown before the bets; :meth:`deal` deals both hands AND
stores the round as the session's pending hand (bets, house seed, commitment, client seed, both hands:
:func:`casino.db.store.record_deal`, one transaction) before it returns, so only then may the cards be
shown; :meth:`settle` stores the settled round through :func:`casino.db.store.record_round` (hash chain,
one bets row per bet, the session's totals) and removes the pending one in the same transaction;
:meth:`end` ends the session. A session stopped between the deal and the settlement (a killed process)
resumes INTO that hand: :attr:`round` is it, re-dealt from its stored seed and bets (the same cards),
and :attr:`resumed_hand` is ``True``::

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.games import load_game
    >>> db = Session(connect("sqlite://"))
    >>> service = HeadToHeadService.new(load_game("teen-patti-20-20"), Fraction(100), seed="doc",
    ...                                 stakes={"a": 5, "tie": 1})
    >>> session_id = service.open(db)
    >>> rnd = service.deal()
    >>> result = service.settle()
    >>> service.bankroll == 100 + result.net, [s.bet for s in result.settled]
    (True, ['player_a', 'tie'])
    >>> service.end("quit").rounds
    1
    >>> again = HeadToHeadService.resume(db, session_id)
    >>> again.next_round, again.stakes == service.stakes
    (2, True)
    >>> db.close()

How a head-to-head round is stored (so that ``brag sessions``, ``history``, ``replay`` and ``verify``
read it as they read the table's rounds): the first hand (Player A, or Player) is box 1's hand (its
cards, its name as the game's ranking says it, ``outcome`` the winning bet's name or ``tie``; Ante and
Pair Plus columns 0, no decision); the second hand (Player B, or Banker) is the dealer's hand (always
"qualifies"); every bet is one bets row of box 1 named as the game names it (``player_a``, ``tie``,
``pair_plus_player_a``, ``six_card_bonus`` …) with its stake, net and paid hand; the events are the
round's (:mod:`casino.head_to_head_table`). The settings say ``"shape": "head_to_head"`` and keep the
bets of the start (``"h2h_bets"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino.db import store
from casino.errors import BetError
from casino.events import exact
from casino.fair import SeedSource, commitment, seed_from_hex
from casino.practice import check_session_seeds
from casino.games import Game
from casino.head_to_head_table import HeadToHeadBets, HeadToHeadResult, HeadToHeadRound, HeadToHeadTable, Stakes
from casino.money import text as money_text
from casino.service import StoredSession
from casino.sitting import stop_reached

if TYPE_CHECKING:
    from sqlmodel import Session

    from casino.db.models import SessionRecord

__all__ = ["HeadToHeadService", "HeadToHeadStats", "SHAPE"]

SHAPE = "head_to_head"  # the settings' "shape" of a head-to-head session


@dataclass
class HeadToHeadStats:
    """Totals so far: rounds, each bet's count, chips staked and net, and how often each hand won."""

    rounds: int = 0
    bets: dict[str, list[Any]] = field(default_factory=dict)  # bet -> [count, wagered, net]
    outcomes: dict[str, int] = field(default_factory=lambda: {"first": 0, "tie": 0, "second": 0})

    def add(self, result: HeadToHeadResult) -> None:
        self.rounds += 1
        self.outcomes[result.outcome] += 1
        for s in result.settled:
            kept = self.bets.setdefault(s.bet, [0, Fraction(0), Fraction(0)])
            kept[0] += 1
            kept[1] += s.stake
            kept[2] += s.net

    @property
    def wagered(self) -> Fraction:
        return sum((w for _, w, _ in self.bets.values()), Fraction(0))

    @property
    def net(self) -> Fraction:
        return sum((n for _, _, n in self.bets.values()), Fraction(0))

    def expected_net(self, report: Any) -> Fraction:
        """What these stakes were expected to win (+) or lose (-): each bet's chips times its exact return
        (``report``: :func:`casino.maths.head_to_head.analyze_head_to_head`)."""
        returns = {b.bet: b.expected_return for b in report.bets}
        return sum((w * returns[bet] for bet, (_, w, _) in self.bets.items() if bet in returns), Fraction(0))

    def to_dict(self, report: Any = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rounds": self.rounds, "wagered": str(self.wagered), "net": str(self.net),
            "bets": {bet: {"count": c, "wagered": str(w), "net": str(n)} for bet, (c, w, n) in self.bets.items()},
            "outcomes": dict(self.outcomes),
        }
        if report is not None:
            returns = {b.bet: b.expected_return for b in report.bets}
            data["expected_net"] = float(self.expected_net(report))
            data["returns"] = {bet: {"wagered": str(w), "net": str(n), "realised_return": float(n / w),
                                     "expected_return": float(returns[bet])}
                               for bet, (c, w, n) in self.bets.items() if w and bet in returns}
        return data


class HeadToHeadService(StoredSession):
    """One player's session at a head-to-head game: bets, rounds, storage and the end."""

    def __init__(
        self,
        game: Game,
        bankroll: Fraction,
        *,
        start_bankroll: Fraction,
        stakes: HeadToHeadBets,
        seed: str | None = None,
        client_seed: str | None = None,
        next_round: int = 1,
        settings: Mapping[str, Any] | None = None,
        session_id: int | None = None,
        resumed: bool = False,
        stored_before: int = 0,
    ) -> None:
        self._game = game
        self.table = HeadToHeadTable(game)
        self.bankroll = exact(bankroll, "bankroll")
        self.start_bankroll = start_bankroll
        self.stakes = stakes
        self.seeds = SeedSource.from_text(seed)
        self.client_seed = client_seed
        self.next_round = next_round
        self.settings: dict[str, Any] = dict(settings or {})
        self.session_id = session_id
        self.resumed = resumed
        self.stored_before = stored_before
        self.played = 0
        self.stats = HeadToHeadStats()
        self.stop_reason: str | None = None
        self.db: Session | None = None
        self.ended: SessionRecord | None = None
        self.owner = store.lease_owner()
        self.head: str | None = None
        self._round: HeadToHeadRound | None = None
        self._seed: bytes | None = None
        self.resumed_hand = False  # resumed into a pending hand (dealt before the session stopped)

    # -- starting -------------------------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game, bankroll: Fraction, *, stakes: Stakes | HeadToHeadBets,
            seed: str | None = None, client_seed: str | None = None,
            settings: Mapping[str, Any] | None = None) -> HeadToHeadService:
        """A new session (not stored until :meth:`open`): the bets are checked now (bet names, limits, the
        bankroll), so a refused start stores nothing. ``seed``: a practice session (the text decides every
        deck); ``client_seed``: the player's text, mixed into every house seed of a fair session."""
        if bankroll <= 0:
            raise BetError("the bankroll must be more than 0")
        check_session_seeds(seed, client_seed)
        table = HeadToHeadTable(game)
        bets = stakes if isinstance(stakes, HeadToHeadBets) else table.bets(stakes)
        table.verify_bets(bets, bankroll)
        base: dict[str, Any] = {"shape": SHAPE, "seed": seed, "h2h_bets": bets.to_dict(),
                                "hands": list(table.hand_names)}
        if client_seed is not None:
            base["client_seed"] = client_seed
        return cls(game, bankroll, start_bankroll=bankroll, stakes=bets, seed=seed, client_seed=client_seed,
                   settings={**base, **dict(settings or {})})

    @classmethod
    def resume(cls, db: Session, session_id: int | None = None, *,
               stakes: Stakes | HeadToHeadBets | None = None) -> HeadToHeadService:
        """A stored head-to-head session (the latest when ``session_id`` is ``None``), ready to carry on;
        refused (one line, nothing reopened) when it cannot. ``stakes``: new bets instead of the last ones.

        A session with a pending hand resumes INTO it (see the module's doc); ``stakes`` then apply from the
        next hand."""
        record = store.latest_session(session=db) if session_id is None else store.get_session(session_id, session=db)
        assert record.id is not None
        game = store.game_of(record)
        table = HeadToHeadTable(game)
        settings = store.settings_of(record)
        bankroll = store.read_amount(record.bankroll, "sessions.bankroll", f"session {record.id}")  # (one line if not)
        from casino.db.leases import busy_explains

        with busy_explains(record.id, session=db):  # a live process playing it explains a mismatch: said so
            pending = store.pending_hand(record.id, session=db, raw=True)
            store.refuse_unplayable_here(record, pending)
            if pending is not None:
                return cls._resume_into(db, record, table, settings, pending, stakes)
        if table.out_of_chips(bankroll):
            raise BetError(f"session {record.id} cannot continue: its bankroll {money_text(bankroll)} cannot cover "
                           "the smallest bet this table takes")
        if stakes is None:
            bets = last_bets(table, record.id, db) or table.bets(settings.get("h2h_bets") or {}, stored=True)
            table.verify_bets(bets)  # the limits (the bankroll is asked of each round)
        else:
            bets = stakes if isinstance(stakes, HeadToHeadBets) else table.bets(stakes)
            table.verify_bets(bets, bankroll)
        return cls._resumed(db, record, table, settings, bets)

    @classmethod
    def _resumed(cls, db: Session, record: SessionRecord, table: HeadToHeadTable, settings: dict[str, Any],
                 bets: HeadToHeadBets) -> HeadToHeadService:
        assert record.id is not None
        client = settings.get("client_seed")
        service = cls(table.game, store.read_amount(record.bankroll, "sessions.bankroll", f"session {record.id}"),
                      start_bankroll=store.read_amount(record.start_bankroll, "sessions.start_bankroll", f"session {record.id}"),
                      stakes=bets, seed=settings.get("seed"), client_seed=None if client is None else str(client),
                      next_round=store.last_round(record.id, session=db) + 1, settings=settings,
                      session_id=record.id, resumed=True, stored_before=record.rounds)
        totals = store.totals_of(record)
        service.stats.rounds = totals.rounds
        service.stats.bets = {bet: [c, w, n] for bet, (c, w, n) in totals.bets.items()}
        return service

    @classmethod
    def _resume_into(cls, db: Session, record: SessionRecord, table: HeadToHeadTable, settings: dict[str, Any],
                     pending: Any, stakes: Stakes | HeadToHeadBets | None) -> HeadToHeadService:
        """A stored session whose last hand is pending: re-deal it from its stored seed and bets (checked
        first, as :meth:`casino.service.TableService.resume` checks the table's)."""
        import json

        from casino.db.database import StoreError
        from casino.db.verify import check_pending

        assert record.id is not None
        problems = check_pending(record, session=db)
        if problems:
            raise StoreError(f"session {record.id}: its pending hand does not check ({problems[0]}): it is not dealt "
                             f"again; 'brag verify {record.id}' names every difference")
        placed = HeadToHeadBets.from_rows(json.loads(pending.bets))
        nxt = placed
        if stakes is not None:
            nxt = stakes if isinstance(stakes, HeadToHeadBets) else table.bets(stakes)
            table.verify_bets(nxt)
        service = cls._resumed(db, record, table, settings, nxt)
        seed = seed_from_hex(pending.seed)
        service._seed = seed
        service._round = table.deal(placed, seed, round_no=pending.round_no, client_seed=pending.client_seed)
        service.resumed_hand = True
        return service

    @property
    def game(self) -> Game:
        return self._game

    # -- one round --------------------------------------------------------------------------------------

    @property
    def commitment(self) -> str:
        """The SHA-256 commitment of the round in play, else of the next round's house seed (drawn now,
        before the bets are asked for; revealed after that round settles)."""
        return self._round.commitment if self._round is not None else commitment(self._next_seed())

    @property
    def practice(self) -> bool:
        """A practice session (``seed`` text): its decks are foreseeable from the text, not fair play."""
        return self.seeds.reproducible

    @property
    def pending_round(self) -> int | None:
        """The number of the hand dealt and not settled (pending in the store), if any."""
        return self._round.round_no if self._round is not None else None

    def _next_seed(self) -> bytes:
        if self._seed is None:
            self._seed = self.seeds.seed_for(self.next_round)
        return self._seed

    def out_of_chips(self) -> bool:
        return self.table.out_of_chips(self.bankroll)

    def check_bets(self, bets: HeadToHeadBets) -> None:
        """Raise :class:`BetError` naming what is wrong with these bets now (names, limits, the bankroll)."""
        self.table.verify_bets(bets, self.bankroll)

    def place(self, bets: Stakes | HeadToHeadBets) -> HeadToHeadBets:
        """Check and keep new stakes (what :meth:`deal` uses next, and each round after)."""
        chosen = bets if isinstance(bets, HeadToHeadBets) else self.table.bets(bets)
        self.check_bets(chosen)
        self.stakes = chosen
        return chosen

    @property
    def round(self) -> HeadToHeadRound | None:
        """The round dealt and not yet settled, if any."""
        return self._round

    @property
    def in_round(self) -> bool:
        return self._round is not None

    def deal(self, bets: Stakes | HeadToHeadBets | None = None) -> HeadToHeadRound:
        """Place ``bets`` (default: the current stakes), deal both hands, and store the round as the
        session's pending hand (one transaction) before returning it: then, and only then, the cards are
        the round's to show. If it cannot be stored, nothing is dealt (the same seed is kept) and the error
        raised."""
        db = self._store()
        assert self.session_id is not None
        if self._round is not None:
            raise BetError(f"hand {self._round.round_no} is in play: settle it first")
        chosen = self.stakes if bets is None else (bets if isinstance(bets, HeadToHeadBets) else self.table.bets(bets))
        rnd = self.table.deal(chosen, self._next_seed(), round_no=self.next_round, bankroll=self.bankroll,
                              client_seed=self.client_seed)
        store.record_deal(self.session_id, rnd, self.bankroll, session=db, owner=self.owner)
        self.stakes = chosen
        self._round = rnd
        self.resumed_hand = False
        return rnd

    def settle(self) -> HeadToHeadResult:
        """Settle the round dealt and store it (one transaction): the bankroll moves by its net."""
        db = self._store()
        assert self.session_id is not None
        if self._round is None:
            raise BetError("no round in play: place bets first")
        before = self.bankroll
        result = self._round.settle()
        after = before + result.net
        hand = store.record_round(self.session_id, result, before, after, session=db, owner=self.owner, pending=True)
        self.bankroll = after
        self.head = hand.hash
        self._round = None
        self._seed = None
        self.next_round += 1
        self.played += 1
        self.resumed_hand = False
        self.stats.add(result)
        return result


    def play_round(self, bets: Stakes | HeadToHeadBets | None = None) -> HeadToHeadResult:
        """Deal and settle one round (stored)."""
        self.deal(bets)
        return self.settle()

    def autoplay(
        self,
        *,
        hands: int,
        stop_win: Fraction | None = None,
        stop_loss: Fraction | None = None,
        on_round: Callable[[HeadToHeadResult], None] | None = None,
    ) -> int:
        """Play and store up to ``hands`` rounds with the current stakes; stop early when the bankroll cannot
        cover them, or once the net since the start reaches ``+stop_win`` or ``-stop_loss``
        (:attr:`stop_reason` says why). Returns the rounds played. A pending hand (resumed into) is settled
        first and counts as one of the ``hands``."""
        played = 0
        start = self.bankroll
        self.stop_reason = None
        if self._round is not None and hands > 0:
            result = self.settle()
            played = 1
            if on_round is not None:
                on_round(result)
        for _ in range(hands - played):
            self.table.verify_bets(self.stakes)  # limits: a mistake, raised
            if self.stakes.total > self.bankroll:
                self.stop_reason = "bankroll"
                break
            result = self.play_round()
            played += 1
            if on_round is not None:
                on_round(result)
            self.stop_reason = stop_reached(self.bankroll - start, stop_win, stop_loss)
            if self.stop_reason is not None:
                break
        else:
            self.stop_reason = "hands"
        return played

    # -- the end ------------------------------------------------------------------------------------------

    def end(self, reason: str) -> SessionRecord | None:
        """End the session, saying why; a new session left before its first hand is removed (``None``). A
        round dealt and not settled stays pending (stored when it was dealt): :meth:`resume` continues it."""
        db = self._store()
        assert self.session_id is not None
        record = store.get_session(self.session_id, session=db)
        if not self.resumed and record.rounds == 0 and self._round is None:
            store.delete_session(self.session_id, session=db)
            self.ended = None
            return None
        self.ended = store.end_session(self.session_id, reason, session=db, owner=self.owner)
        return self.ended

    def rounds_stored(self) -> int:
        """Hands stored by this sitting, counted from the store."""
        record = store.get_session(self.session_id, session=self._store()) if self.session_id is not None else None
        return record.rounds - self.stored_before if record is not None else 0


def last_bets(table: HeadToHeadTable, session_id: int, db: Session) -> HeadToHeadBets:
    """The stakes of the session's last stored hand (empty without hands): what a resume repeats."""
    last = store.last_round(session_id, session=db)
    if not last:
        return HeadToHeadBets(())
    hand = store.get_hand(session_id, last, session=db)
    assert hand.id is not None
    rows = store.bets_of([hand.id], session=db).get(hand.id, [])
    return table.bets({row.bet: row.stake for row in rows}, stored=True)


def is_head_to_head_session(record: Any) -> bool:
    """Whether a stored session is at a head-to-head game (its game snapshot has a ``[head_to_head]``)."""
    from casino.errors import BragError
    from casino.head_to_head_table import is_head_to_head

    try:
        return is_head_to_head(store.game_of(record))
    except BragError:  # a snapshot that no longer reads: the caller's own path names the problem
        return False
