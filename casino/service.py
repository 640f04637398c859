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

:meth:`TableService.deal` calls :func:`casino.db.store.record_deal` between dealing and showing the
cards: the seam where the bets and the commitment are to be stored before anyone sees a card (today it
checks that the session is open; a round is stored whole when settled). A round dealt but not settled
(the player pressed Ctrl-C at the play/fold prompt) is dropped by :meth:`TableService.abandon`: its
stakes go back to the bankroll, nothing is folded and nothing is stored.

The progressive meter lives in the database: :meth:`settle` pays from the stored meter and stores the
new meter with the round (each progressive stake adds ``contribution x stake``; a hit paid from the
meter resets it to the file's ``meter`` first).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino.bets import BetName
from casino.bets.progressive import meter_after, meter_key
from casino.db import store
from casino.errors import BetError
from casino.events import BoxBets
from casino.games import Game
from casino.money import text as money_text
from casino.sitting import Sitting, StakeRule
from casino.table import Round, RoundResult

if TYPE_CHECKING:
    import numpy as np
    from sqlmodel import Session

    from casino.db.models import SessionRecord

__all__ = ["TableService", "EndReason", "new_meter"]

#: Why a session ended, as stored: quit, hands, bankroll, stop-win, stop-loss, interrupted (Ctrl-C)
EndReason = str


def new_meter(side: Any, meter: Fraction, result: RoundResult) -> Fraction:
    """The progressive meter after ``result`` (settled against ``meter``): see
    :func:`casino.bets.progressive.meter_after`."""
    return meter_after(side, meter, ((b.stake, b.hand) for b in result.settled if b.bet == BetName.PROGRESSIVE))


class TableService:
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
        settings: Mapping[str, Any] | None = None,
    ) -> TableService:
        """A new session (not stored until :meth:`open`): the stakes are checked against the table's
        limits and the bankroll now, so a refused start stores nothing."""
        if bankroll <= 0:
            raise BetError("the bankroll must be more than 0")
        sitting = Sitting(game, bankroll, seed=seed)
        sitting.table.verify_bets(stakes, bankroll)
        base = {"boxes": len(stakes), "seed": seed, "bets": [b.to_dict() for b in stakes]}
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
        """
        record = store.latest_session(session=db) if session_id is None else store.get_session(session_id, session=db)
        settings = store.settings_of(record)
        sitting = store.resume_sitting(record, session=db)
        assert record.id is not None
        if sitting.out_of_chips():
            raise BetError(f"session {record.id} cannot continue: its bankroll {money_text(sitting.bankroll)} cannot"
                           " cover the smallest bet this table takes")
        if stakes is None:
            stakes = store.last_bets(record.id, session=db) or _settings_stakes(settings)
            sitting.table.verify_bets(stakes)  # the limits (the bankroll is asked of each round)
        else:
            sitting.table.verify_bets(stakes, sitting.bankroll)
        return cls(sitting, start_bankroll=Fraction(record.start_bankroll), stakes=stakes, settings=settings,
                   session_id=record.id, resumed=True, stored_before=record.rounds)

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
        return self.session_id

    def _store(self) -> Session:
        if self.db is None or self.session_id is None:
            raise BetError("the session is not open: call open(db) first")
        return self.db

    # -- one round --------------------------------------------------------------------------------------

    def check_bets(self, bets: Sequence[BoxBets]) -> None:
        """Raise :class:`BetError` naming what is wrong with these bets now (limits, bankroll)."""
        self.sitting.table.verify_bets(bets, self.sitting.bankroll)

    def place(self, bets: Sequence[BoxBets]) -> None:
        """Check and keep new stakes (what :meth:`deal` uses next, and each round after)."""
        self.check_bets(bets)
        self.stakes = tuple(bets)

    def deal(self, bets: Sequence[BoxBets] | None = None) -> Round:
        """Place ``bets`` (default: the current stakes) and deal; the cards are the round's to show."""
        db = self._store()
        assert self.session_id is not None
        store.record_deal(self.session_id, None, session=db)
        rnd = self.sitting.deal(self.stakes if bets is None else bets)  # checks the limits and the bankroll
        self.stakes = rnd.bets
        return rnd

    def decide(self, box: int, play: bool) -> None:
        """Play (a Play bet equal to the Ante) or fold one box of the round."""
        self.sitting.decide(box, play)

    @property
    def round(self) -> Round | None:
        """The round dealt and not yet settled, if any."""
        return self.sitting._round

    def settle(self) -> RoundResult:
        """Settle the round and store it (one transaction, with the progressive meter's new value)."""
        db = self._store()
        assert self.session_id is not None
        rnd = self.sitting._current()
        side, meter = self._meter(rnd.bets)
        before = self.sitting.bankroll + self.sitting.felt
        result = self.sitting.settle(meter)
        meters = {meter_key(self.game): new_meter(side, meter, result)} if side is not None and meter is not None else None
        hand = store.record_round(self.session_id, result, before, self.sitting.bankroll, session=db, meters=meters,
                                  owner=self.owner)
        self.head = hand.hash
        self.played += 1
        return result

    def _meter(self, bets: Sequence[BoxBets]) -> tuple[Any, Fraction | None]:
        if not any(b.stake(BetName.PROGRESSIVE) for b in bets):
            return None, None
        side = self.game.side_bet(BetName.PROGRESSIVE)
        return side, store.progressive_meter(meter_key(self.game), side.meter, session=self._store())

    def abandon(self) -> None:
        """Drop a round dealt and not settled: its stakes go back to the bankroll; nothing is stored."""
        self.sitting.abandon()

    def play_round(self, bets: Sequence[BoxBets], strategy: np.ndarray) -> RoundResult:
        """Deal, decide every box by a play mask over the hand table, settle and store."""
        rnd = self.deal(bets)
        for box in rnd.pending:
            self.decide(box, bool(strategy[rnd.hand(box)]))
        return self.settle()

    def autoplay(
        self,
        stakes: StakeRule,
        strategy: np.ndarray,
        *,
        hands: int,
        stop_win: Fraction | None = None,
        stop_loss: Fraction | None = None,
        on_round: Callable[[RoundResult], None] | None = None,
    ) -> int:
        """Play and store up to ``hands`` rounds by a stake rule and a play mask; stops early as
        :meth:`casino.sitting.Sitting.autoplay` does (``sitting.stop_reason`` says why)."""
        def play_and_store(bets: Sequence[BoxBets], mask: np.ndarray) -> RoundResult:
            self.stakes = tuple(bets)
            return self.play_round(bets, mask)

        return self.sitting.autoplay(stakes, strategy, hands=hands, stop_win=stop_win, stop_loss=stop_loss,
                                     on_round=on_round, play_round=play_and_store)

    # -- the end ------------------------------------------------------------------------------------------

    def end(self, reason: EndReason) -> SessionRecord | None:
        """End the session, saying why. A new session left before its first hand is removed (nothing to
        keep): ``None`` then. A round dealt and not settled is dropped first (see :meth:`abandon`)."""
        db = self._store()
        assert self.session_id is not None
        if self.sitting.in_round:
            self.abandon()
        record = store.get_session(self.session_id, session=db)
        if not self.resumed and record.rounds == 0:
            store.delete_session(self.session_id, session=db)
            self.ended = None
            return None
        self.ended = store.end_session(self.session_id, reason, session=db, owner=self.owner)
        return self.ended

    def rounds_stored(self) -> int:
        """Hands stored by this sitting, counted from the store (a round committed as Ctrl-C arrived counts)."""
        record = store.get_session(self.session_id, session=self._store()) if self.session_id is not None else None
        return record.rounds - self.stored_before if record is not None else 0


def _settings_stakes(settings: Mapping[str, Any]) -> tuple[BoxBets, ...]:
    """The stakes a session was started with, from its stored settings."""
    if settings.get("bets"):
        return tuple(BoxBets.from_dict(b) for b in settings["bets"])
    ante, pair_plus = Fraction(settings.get("ante", "1")), Fraction(settings.get("pair_plus", "0"))
    return tuple(BoxBets(box, ante, pair_plus) for box in range(1, int(settings.get("boxes", 1)) + 1))
