"""``brag play``: sit at the table, interactively or on auto-play; every settled hand is stored."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Optional

import typer

from cli import play_view as view
from cli.history import DbOpt
from cli.deck_words import print_head
from cli.options import JsonOpt, PracticeSeedOpt




class Setup:
    """The CLI's view of a session: the :class:`casino.service.TableService` that plays it, and how it is
    shown (hints, strategy). ``session_id`` is ``None`` until the service is opened: every option is
    checked first, so a refused command stores nothing."""

    def __init__(self, service: Any, hints: bool = True, strategy: str = "optimal") -> None:
        self.service = service
        self.hints = hints
        self.strategy = strategy

    game = property(lambda self: self.service.game)
    sitting = property(lambda self: self.service.sitting)
    start_bankroll = property(lambda self: self.service.start_bankroll)
    resumed = property(lambda self: self.service.resumed)
    session_id = property(lambda self: self.service.session_id)
    settings = property(lambda self: self.service.settings)
    stored_before = property(lambda self: self.service.stored_before)

    @property
    def stakes(self) -> Any:
        """Each box's bets (:class:`casino.events.BoxBets`), what Enter repeats."""
        return self.service.stakes

    @stakes.setter
    def stakes(self, value: Any) -> None:
        self.service.stakes = tuple(value)


def play(
    game: Annotated[
        Optional[str],
        typer.Argument(
            metavar="GAME",
            help="A built-in game or a game TOML file (default 3-card-brag). With --resume: the session ID.",
        ),
    ] = None,
    bankroll: Annotated[Optional[str], typer.Option(help="Chips to start with (default 100).")] = None,
    ante: Annotated[Optional[str], typer.Option(help="Ante per box (default: the table minimum, or 1; 0 for none).")] = None,
    pair_plus: Annotated[Optional[str], typer.Option("--pair-plus", help="Pair Plus per box (default 0).")] = None,
    side_bet: Annotated[
        Optional[list[str]],
        typer.Option("--side-bet", metavar="NAME=AMOUNT",
                     help="A side bet per box, repeatable: 6cb=5, colour=1, prime=2, prog=1 (the game file must offer it)."),
    ] = None,
    boxes: Annotated[Optional[int], typer.Option(help="How many boxes to play, 1-6 (default 1).")] = None,
    hints: Annotated[
        Optional[bool], typer.Option("--hints/--no-hints", help="Show the optimal decision and its exact EV.")
    ] = None,
    seed: PracticeSeedOpt = None,
    client_seed: Annotated[
        Optional[str], typer.Option("--client-seed", metavar="TEXT",
                                    help="Your own text, mixed into every house seed (it changes every deck and "
                                         "decides none); stored with the session, checked by 'brag verify'.")
    ] = None,
    db: DbOpt = None,
    hands: Annotated[Optional[int], typer.Option(help="Stop after this many hands.")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="Play without prompts, by --strategy.")] = False,
    strategy: Annotated[
        Optional[str],
        typer.Option(help="With --auto: optimal, dealer-copy, always-play, never-play or a threshold like Q-6-4."),
    ] = None,
    stop_win: Annotated[Optional[str], typer.Option("--stop-win", help="With --auto: stop once this far ahead.")] = None,
    stop_loss: Annotated[Optional[str], typer.Option("--stop-loss", help="With --auto: stop once this far behind.")] = None,
    betting: Annotated[
        str,
        typer.Option(help="With --auto: flat, martingale, reverse-martingale, paroli, dalembert, fibonacci, "
                          "proportional:F (F of the bankroll) or pair-plus-only (--pair-plus stake, no Ante)."),
    ] = "flat",
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue a stored session: the latest, or the ID given as GAME.")
    ] = False,
    trainer: Annotated[
        bool,
        typer.Option("--trainer", help="Hole-card trainer: the dealer's first card is shown, hints use it, and "
                                       "each mistake's cost in exact EV is said and totalled."),
    ] = False,
    bet: Annotated[
        Optional[list[str]],
        typer.Option("--bet", metavar="NAME=AMOUNT",
                     help="A head-to-head game's bet, repeatable: a=5, b=5, tie=1, pair_plus_a=1, 6cb=2 "
                          "(Teen Patti 20-20, Teen Patti Pro: the bets the game offers)."),
    ] = None,
    json: JsonOpt = False,
) -> None:
    """Play at the table against the dealer; hands are stored and can be replayed and verified.

    Interactive by default (Enter repeats the last bets, p plays, f folds, t paytables and rules, ? help,
    q quits; Ctrl-C ends the session at once, every settled hand kept, a hand dealt and not decided left
    pending — 'brag play --resume ID' deals it again, same cards and bets — exit code 130);
    --auto plays --hands N by a strategy with a progress bar and a summary against the exact expectation
    (--json: the summary as one JSON object).
    """
    from cli import db_words

    db_words.given(db)  # what it suggests at the end (brag history, verify, resume) names this database

    from casino.db.locations import nothing_left_behind
    from cli.errors import fail
    from cli.history import open_db, url_of

    if hands is not None and hands < 1:
        fail("--hands must be at least 1")
    if auto and hands is None:
        fail("--auto needs --hands N")
    if boxes is not None and not 1 <= boxes <= 6:
        fail(f"--boxes must be 1 to 6, not {boxes}")
    if (stop_win or stop_loss) and not auto:
        fail("--stop-win and --stop-loss go with --auto")
    if betting != "flat" and not auto:
        fail("--betting goes with --auto")
    if json and not auto:
        fail("--json goes with --auto (interactive play prints each hand as it goes)")
    if trainer and auto:
        fail("--trainer is for interactive play (leave out --auto)")
    if auto:
        from casino.betting import BettingPattern

        if BettingPattern(betting).kind != "flat" and (boxes or 1) > 1:  # refused before anything is stored
            fail(f"--betting {betting} plays one box; leave out --boxes")
    stop_win_amount = _amount(stop_win, "--stop-win", positive=True)
    stop_loss_amount = _amount(stop_loss, "--stop-loss", positive=True)
    # the options checked against the game or the stored session are checked with the database open: a new
    # SQLite file made for a command refused there (no session stored) is removed again (docs/playing.md)
    from cli.prompts import terminate_as_ctrl_c

    with terminate_as_ctrl_c(), nothing_left_behind(url_of(db)), open_db(db) as store_session:
        from cli import play_head_to_head

        if play_head_to_head.wanted(store_session, game, resume):  # two hands dealt, bets on which wins
            given = {"--ante": ante, "--pair-plus": pair_plus, "--boxes": boxes, "--hints/--no-hints": hints,
                     "--strategy": strategy, "--betting": None if betting == "flat" else betting,
                     "--trainer": trainer or None}
            play_head_to_head.play(
                store_session, game, resume=resume, bankroll=bankroll, seed=seed, bets=[*(bet or ()), *(side_bet or ())],
                hands=hands, auto=auto, stop_win=stop_win_amount, stop_loss=stop_loss_amount, as_json=json,
                refused=[name for name, value in given.items() if value is not None], client_seed=client_seed)
            return
        if bet:
            fail("--bet is for head-to-head games (teen-patti-20-20, teen-patti-pro); at this table bet with "
                 "--ante, --pair-plus and --side-bet")
        # every option is checked before anything is stored: a refused command leaves no session
        sides = _side_bets(side_bet)
        if resume:
            if client_seed is not None:
                fail("--resume continues with the session's own client seed: leave out --client-seed")
            setup = _resume(store_session, game, bankroll, seed, ante, pair_plus, boxes, hints, strategy, sides,
                            trainer)
        else:
            setup = _new(game, bankroll, seed, ante, pair_plus, boxes, hints, strategy, auto, sides, client_seed,
                         trainer)
        rule = stake_rule(setup, betting) if auto else None
        setup.service.open(store_session)
        if auto:
            _autoplay(store_session, setup, hands or 0, stop_win_amount, stop_loss_amount, rule, json)
        else:
            from casino.practice import is_trainer

            _interactive(store_session, setup, hands, is_trainer(setup.settings))


# -- setting up ---------------------------------------------------------------------------------------


def _amount(text: Optional[str], what: str, *, positive: bool = False):
    from cli.errors import fail
    from cli.prompts import AmountError, parse_amount

    if text is None:
        return None
    try:
        value = parse_amount(text, what)
    except AmountError as error:
        fail(str(error))
    if positive and value <= 0:
        fail(f"{what} must be more than 0")
    return value


def _side_bets(options: Optional[list[str]]) -> Optional[dict[str, Fraction]]:
    from cli.errors import fail
    from cli.prompts import AmountError, refuse_twice, parse_side_option

    if not options:
        return None
    try:
        pairs = [parse_side_option(text) for text in options]
        refuse_twice(name for name, _ in pairs)
        return dict(pairs)
    except AmountError as error:
        fail(str(error))


def _new(game_name, bankroll_text, seed, ante_text, pair_plus_text, boxes, hints, strategy, auto, sides,
         client_seed=None, trainer=False) -> Setup:
    from casino.games import load_game
    from casino.service import TableService
    from casino.strategy import table_strategy

    game = load_game(game_name or "3-card-brag")
    bankroll = _amount("100" if bankroll_text is None else bankroll_text, "--bankroll", positive=True)
    ante = _amount(ante_text, "--ante")
    if ante is None:
        ante = game.limits.min_ante or Fraction(1)
    pair_plus = _amount(pair_plus_text, "--pair-plus") or Fraction(0)
    boxes = boxes or 1
    if strategy is not None and not strategy.strip():
        from cli.errors import fail

        fail("--strategy needs a name: optimal, dealer-copy, always-play, never-play or a threshold like Q-6-4")
    strategy = strategy or "optimal"
    if auto:
        table_strategy(game, strategy)  # an unknown strategy is refused before anything is stored
    stakes = _bets([(ante, pair_plus, sides or {})] * boxes)
    # the trainer is the session's for good: a resume shows the dealer's card exactly when this did
    settings = {"hints": hints is not False, "strategy": strategy, "auto": auto, "trainer": bool(trainer)}
    if client_seed is not None and seed is not None:
        from cli.errors import fail

        fail("--client-seed goes with fair play; --seed makes a practice session decided by its text alone: "
             "give one of them")
    service = TableService.new(game, bankroll, stakes=stakes, seed=seed, client_seed=client_seed, settings=settings)
    return Setup(service, hints is not False, strategy)


def _resume(db, session_text, bankroll_text, seed, ante_text, pair_plus_text, boxes, hints, strategy, sides,
            trainer=False) -> Setup:
    from casino.db import store
    from casino.service import TableService
    from casino.strategy import table_strategy
    from cli.errors import fail

    if bankroll_text is not None:
        fail("--resume continues with the stored bankroll: leave out --bankroll")
    if seed is not None:
        fail("--resume continues with the session's own seeds: leave out --seed")
    if session_text is None:
        session_id = None
    elif session_text.isascii() and session_text.isdigit():
        from casino.ids import MAX_ID

        if len(session_text) > 19 or not 1 <= int(session_text) <= MAX_ID:
            fail(f"session ids run from 1 to {MAX_ID:,}, not {session_text[:30]}")
        session_id = int(session_text)
    else:
        fail(f"with --resume, give a session ID (a number, see 'brag sessions'), not {session_text!r}")
    # checked (it can continue; the game rebuilds; the stakes fit) before the session is reopened
    service = TableService.resume(db, session_id)
    from casino.practice import is_trainer

    if trainer and not is_trainer(service.settings):
        fail(f"session {service.session_id} was started without --trainer, so the dealer's first card stays face down "
             "(the trainer is chosen when a session starts): leave out --trainer")
    stakes = [(b.ante, b.pair_plus, dict(b.side)) for b in service.stakes]
    ante = _amount(ante_text, "--ante")
    pair_plus = _amount(pair_plus_text, "--pair-plus")
    if ante is not None or pair_plus is not None or sides is not None:
        first = stakes[0]
        one = (first[0] if ante is None else ante, first[1] if pair_plus is None else pair_plus,
               first[2] if sides is None else sides)
        stakes = [one] * (boxes or len(stakes))
    elif boxes is not None:
        stakes = [stakes[min(i, len(stakes) - 1)] for i in range(boxes)]
    if ante is not None or pair_plus is not None or boxes is not None or sides is not None:
        service.place(_bets(stakes))  # checked like new bets: the limits and the bankroll
    if strategy is not None:
        table_strategy(service.game, strategy)  # an unknown strategy is refused before the session is reopened
    settings = service.settings
    return Setup(service, settings.get("hints", True) if hints is None else hints,
                 strategy or settings.get("strategy", "optimal"))


def _bets(stakes):
    """Box bets from ``(ante, pair_plus, side bets)`` per box, boxes numbered from 1."""
    from casino.events import BoxBets

    return tuple(BoxBets(i + 1, ante, pair_plus, side) for i, (ante, pair_plus, side) in enumerate(stakes))


# -- interactive ---------------------------------------------------------------------------------------


def _interactive(db, setup: Setup, hands_limit: Optional[int], trainer: bool = False) -> None:
    from casino.edge import analyze
    from cli.render import console

    out = console()
    service = setup.service
    sitting = setup.sitting
    seen = None  # the dealer's up card shown: the trainer, or a Face Up game (informed hints)
    if trainer or setup.game.rules.face_up:
        from cli.trainer import Trainer

        seen = Trainer(setup.game, keep_score=trainer)
    report = analyze(setup.game) if setup.hints and seen is None else None
    view.print_welcome(out, setup)
    reason = "quit"
    try:
        while True:
            rnd = service.round  # a hand left pending when the session stopped: dealt again, as stored
            if rnd is not None:
                view.print_pending(out, setup, rnd)
            else:
                bets, stop = view.ask_next_hand(
                    out, played=service.played, hands_limit=hands_limit, out_of_chips=sitting.out_of_chips,
                    bankroll=sitting.bankroll, next_round=sitting.next_round, commitment=service.commitment,
                    ask_bets=lambda: _ask_bets(out, setup))
                if bets is None:
                    reason = stop
                    break
                rnd = service.deal(bets)  # stored as pending before the cards are shown
            view.show_deal(out, setup, rnd, report)
            if seen is not None:
                seen.show_deal(out, rnd, setup.hints)
            ended = False
            for box in rnd.pending:
                choice = _ask_decision(out, setup, box)
                if choice == "end":  # end of input: every box still to decide folds, at once
                    left = rnd.pending
                    out.print(f"Input ended: {view.boxes_words(left)} fold{'s' if len(left) == 1 else ''}.")
                    for rest in left:
                        service.decide(rest, False)
                    ended = True
                    break
                service.decide(box, choice == "play")
                if seen is not None:
                    seen.after_decision(out, box, choice == "play", next(b.ante for b in rnd.bets if b.box == box))
            result = service.settle()
            view.show_result(out, result, sitting)
            out.print(f"[dim]Head {service.head}[/]", soft_wrap=True, highlight=False)
            if ended:
                break
    except KeyboardInterrupt:  # Ctrl-C at any prompt: nothing more is asked, folded or settled (a hand
        record = service.end("interrupted")  # dealt stays pending: stored with its bets when it was dealt)
        view.print_interrupted(out, setup, record)
        if seen is not None:
            seen.summary(out)
        raise typer.Exit(130) from None
    record = service.end(reason)
    view.print_goodbye(out, setup, record, service.played)
    if seen is not None:
        seen.summary(out)
    print_head(out, setup.session_id, record, setup.settings)


def _end_quietly(service, reason: str):
    """``service.end``, except that while an error (a full disk, a lost server) is already on its way
    out, a second failure to end the session is left unsaid: the first error is the one line shown,
    and the session stays open, to be resumed."""
    import sys

    from casino.errors import BragError

    failing = sys.exc_info()[1] is not None
    try:
        return service.end(reason)
    except BragError:
        if not failing:
            raise
        return None


def _ask_bets(out, setup: Setup):
    """Ask for the bets until they are valid; ``None`` to quit."""
    from casino.errors import BetError
    from cli.prompts import AmountError, ask, parse_bet_line

    sitting = setup.sitting
    while True:
        text = ask(f"Bets [{view.describe_stakes(setup.stakes)}]:")
        if text is None:
            return None
        try:
            line = parse_bet_line(text)
        except AmountError as error:
            out.print(f"[red]{error}[/]", markup=True)
            continue
        if line.action == "quit":
            return None
        if line.action == "help":
            out.print(view.help_text(setup.game), markup=False)
            view.print_stats(out, setup)
            continue
        if line.action == "table":
            view.print_table_rules(out, setup.game)
            continue
        if line.action == "boxes":
            if not 1 <= line.boxes <= 6:
                out.print(f"[red]play 1 to 6 boxes, not {line.boxes}[/]")
                continue
            first = setup.stakes[0]
            setup.stakes = _bets([(first.ante, first.pair_plus, dict(first.side))] * line.boxes)
            out.print(f"Playing {line.boxes} box{'es' if line.boxes > 1 else ''}.")
            continue
        stakes = [(b.ante, b.pair_plus, dict(b.side)) for b in setup.stakes]
        if line.action == "bets":
            if len(line.stakes) > 6:
                out.print("[red]at most 6 boxes[/]")
                continue
            chosen = line.stakes if len(line.stakes) > 1 else line.stakes * len(stakes)
            typed = []
            for i, box in enumerate(chosen):
                _, last_pair_plus, last_side = stakes[min(i, len(stakes) - 1)]
                side = {**last_side, **dict(box.side)}
                typed.append((box.ante, last_pair_plus if box.pair_plus is None else box.pair_plus, side))
            stakes = typed
        try:
            bets = _bets(stakes)
            sitting.table.verify_bets(bets, sitting.bankroll)
        except BetError as error:
            out.print(f"[red]{error}[/]", markup=True)
            continue
        setup.stakes = bets
        return bets


def _ask_decision(out, setup: Setup, box: int) -> str:
    from cli.prompts import ask, parse_decision

    while True:
        choice = parse_decision(ask(f"Box {box}: (p)lay or (f)old?"))
        if choice in ("play", "fold", "end"):
            return choice
        if choice == "help":
            out.print(view.help_text(setup.game), markup=False)
            view.print_stats(out, setup)
        elif choice == "table":
            view.print_table_rules(out, setup.game)
        elif choice == "quit":
            out.print("[yellow]Finish this hand first: p to play, f to fold (q at the next bets prompt quits).[/]")
        else:
            out.print("[red]Press p to play or f to fold (? for help).[/]")


# -- auto-play -------------------------------------------------------------------------------------------


def stake_rule(setup: Setup, betting: str = "flat"):
    """How each auto-played round's bets are chosen: flat bets (any Ante, Pair Plus and side bets per
    box, Pair Plus alone included), or a betting pattern."""
    from casino.betting import BettingPattern
    from casino.sitting import PatternStakes
    from cli.errors import fail

    first = setup.stakes[0]
    if BettingPattern(betting).kind == "flat":
        bets = tuple(setup.stakes)  # checked against the limits and the bankroll already
        return lambda sitting: bets
    if len(setup.stakes) > 1:
        fail(f"--betting {betting} plays one box; leave out --boxes")
    if first.side:
        fail(f"--betting {betting} stakes the Ante and Pair Plus only; leave out --side-bet")
    pattern = BettingPattern(betting, ante=first.ante, pair_plus=first.pair_plus)  # checks the pattern's stakes
    return PatternStakes(pattern.with_limits(setup.game.limits), setup.sitting)


class _CtrlC:
    """Ctrl-C during auto-play: the first press is noted and acted on between hands (never inside a
    database write, nor swallowed by code that ignores exceptions); a second press interrupts at once."""

    def __init__(self) -> None:
        self.pressed = False
        self._previous: Any = None  # the SIGINT handler to put back

    def install(self) -> None:
        import signal

        try:
            self._previous = signal.signal(signal.SIGINT, self._press)
        except ValueError:  # not the main thread: Ctrl-C keeps its usual meaning
            self._previous = None

    def remove(self) -> None:
        import signal

        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None

    def _press(self, signum, frame) -> None:
        import signal

        self.pressed = True
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _autoplay(db, setup: Setup, hands: int, stop_win, stop_loss, rule, as_json: bool = False) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from casino.edge import analyze
    from casino.strategy import ByPairPlus, table_strategy
    from cli.render import console, plain

    out = console(stderr=as_json)  # stdout: the JSON alone
    service = setup.service
    sitting = setup.sitting
    sitting.stats = type(sitting.stats)()  # the summary compares this run's hands with the expectation
    mask = table_strategy(setup.game, setup.strategy)
    if isinstance(mask, ByPairPlus):  # the exact expectation: at the first box's Pair Plus / Ante (flat: every box's)
        first = setup.stakes[0]
        report = analyze(setup.game, play=mask.mask(first.pair_plus / first.ante if first.ante else 0))
    else:
        report = analyze(setup.game, play=mask)
    start = sitting.bankroll
    verb = "Resuming" if setup.resumed else "Session"
    first_commitment = service.commitment  # the first hand's, drawn before its bets
    start_round = sitting.next_round
    pending = service.pending_round
    if not as_json:  # one print (one write): a reader that leaves after the first line stops nothing here
        finish = (f"\nHand {pending} was dealt before the session stopped: it is finished first, same cards and bets."
                  if pending is not None else "")
        out.print(f"[bold]{plain(setup.game.name)}[/] — {verb} {setup.session_id}: auto-play, {hands:,} hand(s), "
                  f"strategy {setup.strategy}, {view.describe_rule(rule, setup)}, bankroll {view.money(start)}\n"
                  f"{view.deck_words(setup)}{finish}\nHand {sitting.next_round}: commitment {first_commitment}",
                  highlight=False)
    stored = 0
    finished = False
    reason = "interrupted"  # unless the loop ends by itself
    stop = _CtrlC()
    try:
        stop.install()
        with Progress(TextColumn("Playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=out, transient=True, disable=as_json) as progress:
            task = progress.add_task("hands", total=hands)

            def on_round(result) -> None:
                nonlocal stored
                stored += 1
                progress.advance(task)
                if stop.pressed:  # Ctrl-C is acted on here, between hands, with the last one stored
                    raise KeyboardInterrupt

            service.autoplay(rule, mask, hands=hands, stop_win=stop_win, stop_loss=stop_loss, on_round=on_round)
            finished = True
    except KeyboardInterrupt:
        pass
    finally:  # also on a closed pipe (rich exits on it): the session is ended, not left open
        stop.remove()
        if finished:
            reason = sitting.stop_reason or "hands"
        record = _end_quietly(service, reason)
    if reason == "interrupted":  # counted from the store: a round committed as Ctrl-C arrived counts
        stored = record.rounds - setup.stored_before if record is not None else 0
        from cli.db_words import brag

        kept = f"resume with '{brag(f'play --resume {setup.session_id}')}'" if record is not None else "nothing was stored"
        left = service.pending_round
        if left is not None:
            kept = f"hand {left} is pending (bets stored, not settled): " + kept + " to finish it"
        out.print(f"Interrupted after {stored:,} hand(s); {kept}.", markup=False, soft_wrap=True)
        raise typer.Exit(130)
    if as_json:
        from casino.practice import is_practice
        from cli.render import print_json

        print_json({"session": setup.session_id, "game": setup.game.name, "strategy": setup.strategy,
                    "practice": is_practice(setup.settings), "client_seed": sitting.client_seed,
                    "first_hand": {"hand": start_round, "commitment": first_commitment},
                    "head": record.head_hash if record else None,
                    "hands": stored, "end_reason": reason, "bankroll_before": str(start),
                    "bankroll": str(sitting.bankroll), **sitting.stats.to_dict(report)})
        return
    view.print_auto_summary(out, setup, report, stored, reason, sitting.bankroll - start)
    print_head(out, setup.session_id, record, setup.settings)
