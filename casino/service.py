"""A session at the table as a service: the one path every front end takes (``brag play``, auto-play,
the web page), with no terminal and no SQL here (the store functions of :mod:`casino.db.store` do
the writing, each given the SQLModel session).

A session's life::

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.events import BoxBets
    >>> from casino.games import load_game
    >>> from casino.service import TableService
    >>> db = Session(connect("sqlite://"))
    >>> service = TableService.new(load_game("3-card-brag"), Fraction(100), seed="doc",
    ...                            stakes=[BoxBets(1, 5, 1)])        # checked; nothing stored yet
    >>> session_id = service.open(db)                             # stored: session 1
    >>> rnd = service.deal()                                      # the stakes above, or new ones
    >>> for box in rnd.pending:
    ...     service.decide(box, play=True)
    >>> result = service.settle()                                 # settled AND stored, one transaction
    >>> service.sitting.bankroll == 100 + result.net
    True
    >>> service.end("quit").end_reason
    'quit'
    >>> again = TableService.resume(db, session_id)               # refused if it cannot continue
    >>> again.sitting.next_round, again.stakes == service.stakes
    (2, True)
    >>> db.close()

Dealing and settling are separate calls, so a front end can show the cards and wait for the player
(a web server can hold one service per session id, each with its own :class:`~casino.sitting.Sitting`;
give each its database session with :meth:`TableService.open` or by setting :attr:`TableService.db`).

**The pending-hand protocol** (every front end follows it; nothing else is needed):

1. Before asking for bets, show :attr:`TableService.commitment`: the SHA-256 of the next round's house
   seed, drawn already (the seed is fixed before the bets; it is revealed after the settlement).
2. :meth:`TableService.deal` deals AND stores the round as the session's *pending hand* (bets, house seed,
   commitment, client seed, the player's cards: :func:`casino.db.store.record_deal`, one transaction)
   before it returns: only then may the cards be shown. If storing fails the round is undone in memory
   and the error raised: show nothing.
3. :meth:`decide` each box, then :meth:`settle`: the settled hand is stored and the pending one removed
   in one transaction.
4. Stopping with a hand in play (Ctrl-C, a closed page, a killed process) loses nothing and returns
   nothing: :meth:`end` (``"interrupted"``) leaves the hand pending, its stakes on the felt.
   :meth:`resume` of a session with a pending hand re-deals THAT hand (same seed, same cards, same bets,
   stakes already off the bankroll): :attr:`round` is not ``None`` and :attr:`resumed_hand` is ``True``;
   the front end shows the cards and asks for the decisions (no bets prompt), then :meth:`settle`.
   Auto-play (:meth:`autoplay`) finishes a pending hand by its strategy first.
5. A round decided by a play mask (auto-play, :meth:`play_round`) is shown to no one before it is
   settled: it is dealt with ``deal(shown=False)`` and stored once, settled (one transaction instead of
   two: about 1.6x the stored hands per second). Stopped before settling, it leaves nothing behind.

A session can be *practice* (``seed=TEXT``: every deck follows from the text, foreseeable, never fair
play: :attr:`TableService.practice`) or fair (a secure house seed per round), optionally with the
player's ``client_seed`` mixed into every house seed (:func:`casino.fair.deal_seed`).

The progressive meter lives in the database: :meth:`settle` pays from the stored meter and stores the
new meter with the round (each progressive stake adds ``contribution x stake``; a hit paid from the
meter resets it to the file's ``meter`` first). The meter is held in the database from its read to the
round's commit (:func:`casino.db.meters.hold_meter`): settlements at one progressive, from any number of
processes (``brag play`` sessions, web servers), go one at a time and lose no update.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino.bets import BetName
from casino.bets.progressive import meter_after, meter_key
from casino.db import store
from casino.db.database import StoreError
from casino.errors import BetError
from casino.fair import seed_from_hex
from casino.practice import check_session_seeds
from casino.events import BoxBets
from casino.games import Game
from casino.money import text as money_text
from casino.sitting import Sitting, StakeRule
from casino.strategy import TableStrategy, box_plays
from casino.table import Round, RoundResult

if TYPE_CHECKING:
    from sqlmodel import Session

    from casino.db.models import SessionRecord

__all__ = ["StoredSession", "TableService", "EndReason", "new_meter"]

#: Why a session ended, as stored: quit, hands, bankroll, stop-win, stop-loss, interrupted (Ctrl-C)
EndReason = str


def new_meter(side: Any, meter: Fraction, result: RoundResult) -> Fraction:
    """The progressive meter after ``result`` (settled against ``meter``): see
    :func:`casino.bets.progressive.meter_after`."""
    return meter_after(side, meter, ((b.stake, b.hand) for b in result.settled if b.bet == BetName.PROGRESSIVE))


class StoredSession:
    """What every session service shares: storing a new session or claiming a resumed one
    (:meth:`open`), and the database it writes to (:meth:`_store`). A subclass sets the attributes."""

    db: Session | None
    session_id: int | None
    resumed: bool
    owner: str
    start_bankroll: Fraction
    settings: dict[str, Any]
    started_at: datetime | None = None  # when the stored session began (with its id, it names the session)

    @property
    def game(self) -> Game:
        raise NotImplementedError

    def open(self, db: Session) -> int:
        """Store the new session, or mark the resumed one open again: the last step before playing."""
        self.db = db
        if self.resumed:  # refused (SessionBusy, one line) while another process plays it
            assert self.session_id is not None
            store.claim_session(self.session_id, self.owner, session=db)
            store.reopen_session(self.session_id, session=db)
        else:
            record = store.create_session(self.game, self.start_bankroll, self.settings, session=db, owner=self.owner)
            assert record.id is not None
            self.session_id = record.id
            self.started_at = record.started_at
        return self.session_id

    def _store(self) -> Session:
        if self.db is None or self.session_id is None:
            raise BetError("the session is not open: call open(db) first")
        return self.db


class TableService(StoredSession):
    """One player's session at one game's table: bets, rounds, storage and the end.

    Make one with :meth:`new` (a new session) or :meth:`resume` (a stored one); both check everything
    first and store nothing. :meth:`open` stores it (or marks the resumed session open again).
    """

    def __init__(
        self,
        sitting: Sitting,
        *,
        start_bankroll: Fraction,
        stakes: Sequence[BoxBets],
        settings: Mapping[str, Any] | None = None,
        session_id: int | None = None,
        resumed: bool = False,
        stored_before: int = 0,
    ) -> None:
        self.sitting = sitting
        self.start_bankroll = start_bankroll
        self.stakes: tuple[BoxBets, ...] = tuple(stakes)
        self.settings: dict[str, Any] = dict(settings or {})
        self.session_id = session_id
        self.resumed = resumed
        self.stored_before = stored_before  # hands the session held when this sitting began
        self.played = 0  # rounds settled (and stored) by this service
        self.db: Session | None = None
        self.ended: SessionRecord | None = None
        self.owner = store.lease_owner()  # this process's hold on the session while it plays it
        self.head: str | None = None  # the session's head hash after the last hand stored
        self.resumed_hand = False  # resumed into a pending hand (dealt before the session stopped)
        self.started_at = None
        self._pending_stored = True  # the round in play was stored as pending when dealt (see deal(shown=...))

    @property
    def game(self) -> Game:
        return self.sitting.game

    # -- starting -------------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: Game,
        bankroll: Fraction,
        *,
        stakes: Sequence[BoxBets],
        seed: str | None = None,
        client_seed: str | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> TableService:
        """A new session (not stored until :meth:`open`): the stakes are checked against the table's
        limits and the bankroll now, so a refused start stores nothing. ``seed``: a practice session
        (the text decides every deck); ``client_seed``: the player's text, mixed into every house seed
        of a fair session (not with ``seed``)."""
        if bankroll <= 0:
            raise BetError("the bankroll must be more than 0")
        check_session_seeds(seed, client_seed)
        sitting = Sitting(game, bankroll, seed=seed, client_seed=client_seed)
        sitting.table.verify_bets(stakes, bankroll)
        base = {"boxes": len(stakes), "seed": seed, "bets": [b.to_dict() for b in stakes]}
        if client_seed is not None:
            base["client_seed"] = client_seed
        if stakes:  # the older settings keys, read by --resume of sessions stored before "bets"
            base.update(ante=str(stakes[0].ante), pair_plus=str(stakes[0].pair_plus))
        return cls(sitting, start_bankroll=bankroll, stakes=stakes, settings={**base, **dict(settings or {})})

    @classmethod
    def resume(cls, db: Session, session_id: int | None = None, *, stakes: Sequence[BoxBets] | None = None
               ) -> TableService:
        """A stored session (the latest when ``session_id`` is ``None``), ready to carry on.

        Refused (:class:`~casino.errors.BragError`, nothing reopened) when it cannot continue: its game
        cannot be rebuilt, or its bankroll cannot cover the smallest bet the table takes. ``stakes``:
        new bets instead of the last stored ones (checked against the limits and the bankroll).

        A session with a pending hand resumes INTO it: :attr:`round` is that hand, re-dealt from its stored
        seed and bets (the same cards), its stakes on the felt; ``stakes`` then apply from the next hand.
        """
        record = store.latest_session(session=db) if session_id is None else store.get_session(session_id, session=db)
        settings = store.settings_of(record)
        assert record.id is not None
        from casino.db.resuming import bankroll_problem, last_hand, settings_bets

        last = last_hand(record.id, session=db)  # read once: the next hand's number, the bankroll it left, its stakes
        sitting = store.resume_sitting(record, session=db, last=last)
        from casino.db.leases import busy_explains

        with busy_explains(record.id, session=db):  # a live process playing it explains a mismatch: said so
            pending = store.pending_hand(record.id, session=db)
            store.refuse_unplayable_here(record, pending)
            if pending is not None:
                service = cls._resume_into(db, record, settings, sitting, pending, stakes)
                service.started_at = record.started_at
                return service
        problem = bankroll_problem(record, session=db, last=last)
        if problem is not None:
            from casino.db.leases import refuse_if_held

            refuse_if_held(record.id, session=db)  # played on meanwhile by a live process: that is the difference
            raise StoreError(problem)
        if sitting.out_of_chips():
            raise BetError(f"session {record.id} cannot continue: its bankroll {money_text(sitting.bankroll)} cannot"
                           " cover the smallest bet this table takes")
        if stakes is None:
            stakes = store.last_bets(record.id, session=db, last=last) or settings_bets(record)
            sitting.table.verify_bets(stakes)  # the limits (the bankroll is asked of each round)
        else:
            sitting.table.verify_bets(stakes, sitting.bankroll)
        service = cls(sitting, start_bankroll=Fraction(record.start_bankroll), stakes=stakes, settings=settings,
                      session_id=record.id, resumed=True, stored_before=record.rounds)
        service.started_at = record.started_at
        return service

    @classmethod
    def _resume_into(cls, db: Session, record: SessionRecord, settings: dict[str, Any], sitting: Sitting,
                     pending: store.PendingHand, stakes: Sequence[BoxBets] | None) -> TableService:
        """A stored session whose last hand is pending: re-deal it from its stored seed and bets."""
        assert record.id is not None
        from casino.db.verify import check_pending

        problems = check_pending(record, session=db)
        if problems:
            raise StoreError(f"session {record.id}: its pending hand does not check ({problems[0]}): it is not dealt "
                             f"again; 'brag verify {record.id}' names every difference")
        seed = seed_from_hex(pending.seed)
        rnd = sitting.redeal(pending.bets, seed)
        assert {box: store.cards_text(cards) for box, cards in rnd.cards.items()} == pending.cards  # checked above
        if stakes is not None:
            sitting.table.verify_bets(stakes)
        service = cls(sitting, start_bankroll=Fraction(record.start_bankroll),
                      stakes=pending.bets if stakes is None else stakes, settings=settings, session_id=record.id,
                      resumed=True, stored_before=record.rounds)
        service.resumed_hand = True
        return service

    @property
    def practice(self) -> bool:
        """A practice session (``seed`` text): its decks are foreseeable from the text, not fair play."""
        return self.sitting.seeds.reproducible

    @property
    def client_seed(self) -> str | None:
        """The player's client seed mixed into every house seed (``None``: none given)."""
        return self.sitting.client_seed

    @property
    def commitment(self) -> str:
        """The SHA-256 commitment of the round in play, else of the next round's house seed (drawn now, before
        the bets are asked for; revealed after that round settles)."""
        rnd = self.sitting._round
        return rnd.commitment if rnd is not None else self.sitting.commitment

    # -- one round --------------------------------------------------------------------------------------

    def check_bets(self, bets: Sequence[BoxBets]) -> None:
        """Raise :class:`BetError` naming what is wrong with these bets now (limits, bankroll)."""
        self.sitting.table.verify_bets(bets, self.sitting.bankroll)

    def place(self, bets: Sequence[BoxBets]) -> None:
        """Check and keep new stakes (what :meth:`deal` uses next, and each round after)."""
        self.check_bets(bets)
        self.stakes = tuple(bets)

    def deal(self, bets: Sequence[BoxBets] | None = None, *, shown: bool = True) -> Round:
        """Place ``bets`` (default: the current stakes), deal, and store the round as the session's pending
        hand (one transaction) before returning it: then, and only then, the cards are the round's to show.
        If it cannot be stored, the round is undone (stakes back, the same seed kept) and the error raised.

        ``shown=False``: the round is decided by a play mask and settled at once, its cards shown to no one
        before it is settled (auto-play, :meth:`play_round`); it is then stored once, settled, in one
        transaction (a kill before that leaves nothing: no card was seen, no decision was anyone's)."""
        db = self._store()
        assert self.session_id is not None
        if self.sitting.in_round:
            raise BetError(f"hand {self.sitting.next_round} is in play: play or fold every box first")
        before = self.sitting.bankroll
        rnd = self.sitting.deal(self.stakes if bets is None else bets)  # checks the limits and the bankroll
        try:
            store.record_deal(self.session_id, rnd if shown else None, before, session=db, owner=self.owner)
        except BaseException:
            self.sitting.abandon()
            raise
        self._pending_stored = shown
        self.stakes = rnd.bets
        self.resumed_hand = False
        return rnd

    def decide(self, box: int, play: bool) -> None:
        """Play (a Play bet equal to the Ante) or fold one box of the round."""
        self.sitting.decide(box, play)

    @property
    def round(self) -> Round | None:
        """The round dealt and not yet settled, if any."""
        return self.sitting._round

    def settle(self) -> RoundResult:
        """Settle the round and store it (one transaction, with the progressive meter's new value). If it cannot
        be stored the settlement is undone (:meth:`Sitting.unsettle`: the round in play again, every box
        decided, nothing revealed) and the error raised."""
        db = self._store()
        assert self.session_id is not None
        rnd = self.sitting._current()
        seed = self.sitting._seed
        side, meter = self._meter(rnd.bets)  # a progressive's meter is held from here to the round's commit
        result = None
        try:
            before = self.sitting.bankroll + self.sitting.felt
            result = self.sitting.settle(meter)
            meters = {meter_key(self.game): new_meter(side, meter, result)} if side is not None and meter is not None \
                else None
            hand = store.record_round(self.session_id, result, before, self.sitting.bankroll, session=db, meters=meters,
                                      owner=self.owner, pending=self._pending_stored)
        except BaseException:
            if result is not None:  # not stored: nothing of it is anyone's to see (the bankroll included)
                self.sitting.unsettle(rnd, seed, result)
            if meter is not None:
                db.rollback()  # nothing stored (record_round rolls back its own writes): the meter let go
            raise
        self.head = hand.hash
        self.resumed_hand = False
        self.played += 1
        return result

    def _meter(self, bets: Sequence[BoxBets]) -> tuple[Any, Fraction | None]:
        if not any(b.stake(BetName.PROGRESSIVE) for b in bets):
            return None, None
        side = self.game.side_bet(BetName.PROGRESSIVE)
        return side, store.hold_meter(meter_key(self.game), side.meter, session=self._store())

    def play_round(self, bets: Sequence[BoxBets], strategy: TableStrategy) -> RoundResult:
        """Deal, decide every box by a strategy (:func:`casino.strategy.box_plays`), settle and store."""
        rnd = self.deal(bets, shown=False)
        for box in rnd.pending:
            self.decide(box, box_plays(strategy, rnd, box))
        return self.settle()

    def autoplay(
        self,
        stakes: StakeRule,
        strategy: TableStrategy,
        *,
        hands: int,
        stop_win: Fraction | None = None,
        stop_loss: Fraction | None = None,
        on_round: Callable[[RoundResult], None] | None = None,
    ) -> int:
        """Play and store up to ``hands`` rounds by a stake rule and a play mask; stops early as
        :meth:`casino.sitting.Sitting.autoplay` does (``sitting.stop_reason`` says why). A pending hand
        (resumed into) is finished first, by the same play mask, and counts as one of the ``hands``."""
        def play_and_store(bets: Sequence[BoxBets], mask: TableStrategy) -> RoundResult:
            self.stakes = tuple(bets)
            return self.play_round(bets, mask)

        finished = 0
        rnd = self.round
        if rnd is not None and hands > 0:
            for box in rnd.pending:
                self.decide(box, box_plays(strategy, rnd, box))
            result = self.settle()
            finished = 1
            if on_round is not None:
                on_round(result)
        return finished + self.sitting.autoplay(stakes, strategy, hands=hands - finished, stop_win=stop_win,
                                                stop_loss=stop_loss, on_round=on_round, play_round=play_and_store)

    # -- the end ------------------------------------------------------------------------------------------

    def end(self, reason: EndReason) -> SessionRecord | None:
        """End the session, saying why. A new session left before its first hand is removed (nothing to
        keep): ``None`` then. A round dealt and not settled stays pending, its stakes on the felt (stored
        when it was dealt): :meth:`resume` continues it (see :attr:`pending_round`)."""
        db = self._store()
        assert self.session_id is not None
        if self.sitting.in_round and not self._pending_stored:  # auto-play's unshown round: never stored, seen
            self.sitting.abandon()                               # by no one; its stakes go back
        record = store.get_session(self.session_id, session=db)
        if not self.resumed and record.rounds == 0 and not self.sitting.in_round:
            store.delete_session(self.session_id, session=db)
            self.ended = None
            return None
        self.ended = store.end_session(self.session_id, reason, session=db, owner=self.owner)
        return self.ended

    @property
    def pending_round(self) -> int | None:
        """The number of the hand dealt and not settled (pending in the store), if any."""
        rnd = self.sitting._round
        return rnd.round_no if rnd is not None and self._pending_stored else None

    def rounds_stored(self) -> int:
        """Hands stored by this sitting, counted from the store (a round committed as Ctrl-C arrived counts)."""
        record = store.get_session(self.session_id, session=self._store()) if self.session_id is not None else None
        return record.rounds - self.stored_before if record is not None else 0
