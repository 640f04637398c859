"""A player's sitting at the table: bankroll, the house's side, round numbers, seeds and statistics.

The chips move as at a real table: stakes go from the bankroll onto the felt when placed (the Play bet
when the box plays), and at settlement each bet's chips come back with its win or go to the house::

    >>> from fractions import Fraction
    >>> from casino.games import load_game
    >>> from casino.sitting import Sitting, flat_stakes
    >>> from casino.strategy import play_mask
    >>> game = load_game("3-card-brag")
    >>> sitting = Sitting(game, bankroll=Fraction(100), seed="doc")
    >>> results = []
    >>> sitting.autoplay(flat_stakes(1, Fraction(5), Fraction(1)), play_mask(game, "optimal"), hands=20,
    ...                  on_round=results.append)
    20
    >>> sitting.bankroll - 100 == sum(r.net for r in results) == -sitting.house
    True

The stake for each round comes from one small function, a *stake rule* ``(sitting) -> bets``:
:func:`flat_stakes` is the default; betting patterns plug in there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from casino.bets import REGISTRY, get_bet
from casino.events import BoxBets, exact
from casino.fair import SeedSource, commitment
from casino.games import Game
from casino.strategy import TableStrategy, box_plays
from casino.table import Round, RoundResult, Table, exposure, flat_bets

if TYPE_CHECKING:
    from casino.betting import BettingPattern

__all__ = ["Sitting", "BetStats", "SittingStats", "StakeRule", "flat_stakes", "PatternStakes", "stop_reached"]

StakeRule = Callable[["Sitting"], "Sequence[BoxBets] | None"]  # None: stop betting
BETS: tuple[str, ...] = tuple(str(name) for name in REGISTRY)  # every bet, main game first


def flat_stakes(boxes: int, ante: Fraction, pair_plus: Fraction = Fraction(0)) -> StakeRule:
    """The default stake rule: the same bets every round."""
    bets = flat_bets(boxes, exact(ante, "Ante"), exact(pair_plus, "Pair Plus"))
    return lambda sitting: bets



def stop_reached(change: Fraction, stop_win: Fraction | None, stop_loss: Fraction | None) -> str | None:
    """Why auto-play stops after a round that left the bankroll ``change`` from its start, if it does::

        >>> stop_reached(Fraction(50), Fraction(50), None), stop_reached(Fraction(-9), None, Fraction(10))
        ('stop-win', None)
    """
    if stop_win is not None and change >= stop_win:
        return "stop-win"
    if stop_loss is not None and -change >= stop_loss:
        return "stop-loss"
    return None

class PatternStakes:
    """A stake rule that follows a :class:`~casino.betting.BettingPattern` (Martingale, Pair Plus only …).

    Called once before each round; each call after the first first tells the pattern how the round
    just played ended (its net result), so the stake can double after a loss. Returns ``None`` once the
    pattern stops (the bankroll cannot cover its base stake, or its own stop-win/stop-loss)::

        >>> from casino.betting import BettingPattern
        >>> from casino.games import load_game
        >>> from casino.strategy import play_mask
        >>> game = load_game("3-card-brag")
        >>> sitting = Sitting(game, bankroll=Fraction(200), seed="martingale")
        >>> rule = PatternStakes(BettingPattern("martingale", ante=5).with_limits(game.limits), sitting)
        >>> rounds = []
        >>> sitting.autoplay(rule, play_mask(game, "optimal"), hands=12, on_round=rounds.append)
        7
        >>> [int(r.boxes[0].ante) for r in rounds]  # doubles after a loss; the last cut to what is left
        [5, 10, 5, 10, 20, 40, 45]
        >>> sitting.bankroll
        Fraction(0, 1)
    """

    def __init__(self, pattern: "BettingPattern", sitting: "Sitting", boxes: int = 1) -> None:
        self.pattern = pattern
        self.boxes = boxes
        self.bettor = pattern.bettor(sitting.bankroll)
        self._before: Fraction | None = None

    def __call__(self, sitting: "Sitting") -> Sequence[BoxBets] | None:
        if self._before is not None:
            self.bettor.record(sitting.bankroll - self._before, sitting.bankroll)
        self._before = sitting.bankroll
        stakes = self.bettor.stakes()
        return None if stakes is None else flat_bets(self.boxes, *stakes)


@dataclass
class BetStats:
    """One bet's totals over a sitting: how many, how much staked, the net result."""

    count: int = 0
    wagered: Fraction = Fraction(0)
    net: Fraction = Fraction(0)

    @property
    def realised_return(self) -> Fraction | None:
        return self.net / self.wagered if self.wagered else None


@dataclass
class SittingStats:
    """Totals so far: rounds, boxes played or folded, and per bet."""

    rounds: int = 0
    plays: int = 0
    folds: int = 0
    bets: dict[str, BetStats] = field(default_factory=lambda: {bet: BetStats() for bet in BETS})
    per_round: list[Fraction] = field(default_factory=list)  # net of each round

    def add(self, result: RoundResult) -> None:
        self.rounds += 1
        for box in result.boxes:
            if box.play is True:
                self.plays += 1
            elif box.play is False:
                self.folds += 1
            for s in box.settled:
                stats = self.bets[s.bet]
                stats.count += 1
                stats.wagered += get_bet(s.bet).chips(s.stake)
                stats.net += s.net
        self.per_round.append(result.net)

    def remove(self, result: RoundResult) -> None:
        """Take back :meth:`add` of the last round (its result could not be stored)."""
        self.rounds -= 1
        for box in result.boxes:
            if box.play is True:
                self.plays -= 1
            elif box.play is False:
                self.folds -= 1
            for s in box.settled:
                stats = self.bets[s.bet]
                stats.count -= 1
                stats.wagered -= get_bet(s.bet).chips(s.stake)
                stats.net -= s.net
        self.per_round.pop()

    @property
    def net(self) -> Fraction:
        return sum((b.net for b in self.bets.values()), Fraction(0))

    @property
    def wagered(self) -> Fraction:
        return sum((b.wagered for b in self.bets.values()), Fraction(0))

    @property
    def ante_play_net(self) -> Fraction:
        """Ante + Play + Ante Bonus: the main game's result."""
        return sum((self.bets[b].net for b in ("ante", "play", "ante_bonus")), Fraction(0))

    def expected_net(self, report: Any) -> Fraction:
        """What these stakes were expected to win (+) or lose (-) under ``report`` (a
        :class:`casino.edge.EdgeReport` for the strategy played): exact, per Ante and per Pair Plus staked."""
        expected = self.bets["ante"].wagered * report.ante_play.expected_return
        if self.bets["pair_plus"].wagered and report.pair_plus is not None:
            expected += self.bets["pair_plus"].wagered * report.pair_plus.expected_return
        for side in getattr(report, "side_bets", ()):
            if self.bets[side.bet].wagered:
                expected += self.bets[side.bet].wagered * side.expected_return
        return Fraction(expected)

    def to_dict(self, report: Any = None) -> dict[str, Any]:
        """The totals as one JSON-ready object (amounts as exact text), with the realised return of the main
        game and of Pair Plus beside the exact expectation when ``report`` is given::

            >>> from casino.edge import analyze
            >>> from casino.games import load_game
            >>> from casino.strategy import play_mask
            >>> game = load_game("3-card-brag")
            >>> sitting = Sitting(game, Fraction(100), seed="summary")
            >>> _ = sitting.autoplay(flat_stakes(1, Fraction(1)), play_mask(game, "optimal"), hands=10)
            >>> summary = sitting.stats.to_dict(analyze(game))
            >>> summary["rounds"], sorted(summary["returns"]), Fraction(summary["net"]) == sitting.bankroll - 100
            (10, ['ante_play'], True)
        """
        b = self.bets
        data: dict[str, Any] = {
            "rounds": self.rounds,
            "plays": self.plays,
            "folds": self.folds,
            "wagered": str(self.wagered),
            "net": str(self.net),
            "bets": {bet: {"count": t.count, "wagered": str(t.wagered), "net": str(t.net)}
                     for bet, t in b.items() if t.count},
        }
        if report is None:
            return data
        returns: dict[str, Any] = {}
        if b["ante"].wagered:
            returns["ante_play"] = {"wagered": str(b["ante"].wagered), "net": str(self.ante_play_net),
                                    "realised_return": float(self.ante_play_net / b["ante"].wagered),
                                    "expected_return": float(report.ante_play.expected_return)}
        others = [report.pair_plus] if report.pair_plus is not None else []
        for bet_report in [*others, *getattr(report, "side_bets", ())]:
            t = b[bet_report.bet]
            if t.wagered:
                returns[bet_report.bet] = {"wagered": str(t.wagered), "net": str(t.net),
                                           "realised_return": float(t.net / t.wagered),
                                           "expected_return": float(bet_report.expected_return)}
        data["expected_net"] = float(self.expected_net(report))
        data["returns"] = returns
        return data


class Sitting:
    """A bankroll at a table: deals rounds, moves the chips, keeps statistics.

    ``seed`` text makes the session reproducible (``--seed``, a practice session); without it every
    round's seed comes from the secure generator. ``client_seed``: the player's text, mixed into every
    round's house seed (:func:`casino.fair.deal_seed`). ``next_round`` and ``house`` let a resumed
    session carry on.
    """

    def __init__(
        self,
        game: Game,
        bankroll: Fraction,
        *,
        seed: str | None = None,
        seeds: SeedSource | None = None,
        next_round: int = 1,
        house: Fraction = Fraction(0),
        client_seed: str | None = None,
    ) -> None:
        self.game = game
        self.client_seed = client_seed
        self.table = Table(game)
        self.bankroll = exact(bankroll, "bankroll")
        self.house = exact(house, "house result")  # what the house has won from this player (negative: paid out)
        self.felt = Fraction(0)  # chips on the table during a round
        self.seeds = seeds if seeds is not None else SeedSource.from_text(seed)
        self.next_round = next_round
        self.stats = SittingStats()
        self.stop_reason: str | None = None  # why the last autoplay stopped: hands, bankroll, stop-win, stop-loss
        self._round: Round | None = None
        self._seed: bytes | None = None  # the next round's seed, once its commitment has been shown

    @property
    def commitment(self) -> str:
        """The SHA-256 commitment of the next round's seed (shown before the bets are placed)."""
        return commitment(self._next_seed())

    def _next_seed(self) -> bytes:
        if self._seed is None:
            self._seed = self.seeds.seed_for(self.next_round)
        return self._seed

    # -- one round ----------------------------------------------------------------------------------

    def can_cover(self, bets: Sequence[BoxBets]) -> bool:
        """Whether the table takes these bets from this bankroll (limits and the bankroll check)."""
        return self.table.can_bet(bets, self.bankroll)

    def out_of_chips(self) -> bool:
        """True when the bankroll cannot cover even the smallest bets the table takes.

        The smallest round is one box with the minimum Ante (which may add a Play bet of the same
        size), or, where Pair Plus is offered, the minimum Pair Plus alone; the table's own check
        (:meth:`can_cover`) decides::

            >>> from casino.games import load_game
            >>> game = load_game("3-card-brag")        # Ante 1 to 500, Pair Plus 1 to 100
            >>> Sitting(game, Fraction(1)).out_of_chips(), Sitting(game, Fraction(0)).out_of_chips()
            (False, True)
            >>> Sitting(game.without("pair_plus"), Fraction(1)).out_of_chips()  # an Ante of 1 needs 2
            True
        """
        if self.bankroll <= 0:
            return True
        limits = self.game.limits
        ante = limits.min_ante if limits.min_ante else min(self.bankroll / 2, limits.max_ante or self.bankroll)
        options = [BoxBets(1, ante)]
        if self.game.pair_plus is not None:
            pair_plus = limits.min_pair_plus if limits.min_pair_plus else min(
                self.bankroll, limits.max_pair_plus or self.bankroll)
            options.append(BoxBets(1, Fraction(0), pair_plus))
        return not any(self.can_cover(bets) for bets in ([b] for b in options))

    def deal(self, bets: Sequence[BoxBets]) -> Round:
        """Place the bets (refused above the bankroll or outside the limits) and deal the round."""
        rnd = self.table.deal(bets, self._next_seed(), round_no=self.next_round, bankroll=self.bankroll,
                              client_seed=self.client_seed)
        placed = sum((b.own_stakes for b in rnd.bets), Fraction(0))
        self._move_to_felt(placed)
        self._round = rnd
        return rnd

    def redeal(self, bets: Sequence[BoxBets], seed: bytes) -> Round:
        """Deal the next round again from its stored house ``seed`` and ``bets`` (a hand left pending when a
        session stopped): the same cards, the stakes onto the felt again. Checked against the limits only
        (the bankroll held these stakes when they were placed)."""
        self._seed = bytes(seed)
        rnd = self.table.deal(bets, self._seed, round_no=self.next_round, client_seed=self.client_seed)
        self._move_to_felt(sum((b.own_stakes for b in rnd.bets), Fraction(0)))
        self._round = rnd
        return rnd

    def decide(self, box: int, play: bool) -> None:
        """Play or fold a box of the current round (playing moves the Play bet onto the felt)."""
        rnd = self._current()
        rnd.decide(box, play)
        if play:
            self._move_to_felt(next(b.ante for b in rnd.bets if b.box == box))

    def settle(self, meter: Fraction | None = None) -> RoundResult:
        """Settle the current round: each bet's chips come back with its win, or go to the house.

        ``meter``: the progressive meter to pay from (default: the game file's)."""
        rnd = self._current()
        result = rnd.settle(meter)
        for s in result.settled:
            stake = get_bet(s.bet).chips(s.stake)  # the Ante Bonus has no chips of its own
            self.felt -= stake
            self.bankroll += stake + s.net
            self.house -= s.net
        assert self.felt == 0, "chips left on the felt after settlement"
        self._round = None
        self._seed = None
        self.next_round += 1
        self.stats.add(result)
        return result

    def unsettle(self, rnd: Round, seed: bytes | None, result: RoundResult) -> None:
        """Undo :meth:`settle` of ``rnd`` (dealt from house ``seed``), whose ``result`` could not be stored: its
        chips back on the felt, the round in play again with every box decided and nothing revealed."""
        for s in result.settled:
            stake = get_bet(s.bet).chips(s.stake)
            self.felt += stake
            self.bankroll -= stake + s.net
            self.house += s.net
        self.stats.remove(result)
        self.next_round -= 1
        self._round = rnd
        self._seed = seed
        rnd.unsettle()

    def abandon(self) -> None:
        """Drop the round dealt and not settled: its stakes come back from the felt; the round number
        and its seed stay for the next deal."""
        self._current()
        self.bankroll += self.felt
        self.felt = Fraction(0)
        self._round = None

    @property
    def in_round(self) -> bool:
        return self._round is not None

    def _current(self) -> Round:
        if self._round is None:
            from casino.errors import BetError

            raise BetError("no round in play: place bets first")
        return self._round

    def _move_to_felt(self, amount: Fraction) -> None:
        self.bankroll -= amount
        self.felt += amount

    # -- automatic play -----------------------------------------------------------------------------

    def play_round(self, bets: Sequence[BoxBets], strategy: TableStrategy, meter: Fraction | None = None) -> RoundResult:
        """Deal, decide every box by a strategy (:func:`casino.strategy.box_plays`), settle."""
        rnd = self.deal(bets)
        for box in rnd.pending:
            self.decide(box, box_plays(strategy, rnd, box))
        return self.settle(meter)

    def autoplay(
        self,
        stakes: StakeRule,
        strategy: TableStrategy,
        *,
        hands: int,
        stop_win: Fraction | None = None,
        stop_loss: Fraction | None = None,
        on_round: Callable[[RoundResult], None] | None = None,
        play_round: Callable[[Sequence[BoxBets], TableStrategy], RoundResult] | None = None,
    ) -> int:
        """Play up to ``hands`` rounds; stop early when the bankroll cannot cover the bets, or when
        the net result since the start reaches ``+stop_win`` or ``-stop_loss``. Returns the rounds
        played; ``on_round`` sees each settled round (to store it, count it, draw progress).

        Bets the table refuses for any other reason (above the maximum, below the minimum, no such
        bet) raise :class:`~casino.errors.BetError`: they are a mistake, not the end of the chips.
        ``play_round`` plays one round (default :meth:`play_round`; the session service passes its own,
        which also stores the round).
        """
        play = self.play_round if play_round is None else play_round
        played = 0
        start = self.bankroll
        self.stop_reason = None
        for _ in range(hands):
            bets = stakes(self)
            if bets is None:  # a betting pattern stops when the bankroll cannot cover its stake (or at its stops)
                self.stop_reason = "bankroll"
                break
            self.table.verify_bets(bets)  # limits: raises
            if exposure(bets) > self.bankroll:
                self.stop_reason = "bankroll"
                break
            result = play(bets, strategy)
            played += 1
            if on_round is not None:
                on_round(result)
            self.stop_reason = stop_reached(self.bankroll - start, stop_win, stop_loss)
            if self.stop_reason is not None:
                break
        else:
            self.stop_reason = "hands"
        return played

