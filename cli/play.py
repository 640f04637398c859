"""``brag play``: sit at the table, interactively or on auto-play; every settled hand is stored."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, Optional

import typer

from cli.history import DbOpt
from cli.options import JsonOpt

HELP_TEXT = """\
Bets prompt:
  Enter          repeat the last bets
  10             an Ante of 10 on every box (Pair Plus unchanged)
  10 2           an Ante of 10 and a Pair Plus of 2 on every box
  0 5            a Pair Plus of 5 alone (no Ante: nothing to play or fold)
  10 2, 5, 0 1   each box its own bets (three boxes here)
  b 3            play three boxes (1-6)
  ?              this help and the session's statistics
  q              quit (every settled hand is already saved)
After the deal: p plays a box (a Play bet equal to its Ante), f folds it (the Ante is lost).
Each hand shows the SHA-256 commitment of its secret seed first and reveals the seed after:
'brag verify ID' recomputes every hand from its seed."""


@dataclass
class Setup:
    """Everything a session needs, resolved from the options (or the stored session on --resume).

    ``session_id`` is ``None`` until the session is stored: every option is checked first, so a
    refused command stores nothing.
    """

    game: Any
    sitting: Any
    start_bankroll: Any
    stakes: list = field(default_factory=list)  # [(ante, pair_plus)] per box
    hints: bool = True
    strategy: str = "optimal"
    resumed: bool = False
    session_id: Optional[int] = None
    settings: dict = field(default_factory=dict)
    stored_before: int = 0  # hands the session held when this sitting began


def play(
    game: Annotated[
        Optional[str],
        typer.Argument(
            metavar="[GAME]",
            help="A built-in game or a game TOML file (default 3-card-brag). With --resume: the session ID.",
        ),
    ] = None,
    bankroll: Annotated[Optional[str], typer.Option(help="Chips to start with (default 100).")] = None,
    ante: Annotated[Optional[str], typer.Option(help="Ante per box (default: the table minimum, or 1; 0 for none).")] = None,
    pair_plus: Annotated[Optional[str], typer.Option("--pair-plus", help="Pair Plus per box (default 0).")] = None,
    boxes: Annotated[Optional[int], typer.Option(help="How many boxes to play, 1-6 (default 1).")] = None,
    hints: Annotated[
        Optional[bool], typer.Option("--hints/--no-hints", help="Show the optimal decision and its exact EV.")
    ] = None,
    seed: Annotated[
        Optional[str], typer.Option(help="Any text: a reproducible deck per hand (default: a secure shuffle).")
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
        typer.Option(help="With --auto: flat, martingale (double the Ante after a loss, up to the table maximum) "
                          "or pair-plus-only (--pair-plus stake, no Ante)."),
    ] = "flat",
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue a stored session: the latest, or the ID given as GAME.")
    ] = False,
    json: JsonOpt = False,
) -> None:
    """Play at the table against the dealer; hands are stored and can be replayed and verified.

    Interactive by default (Enter repeats the last bets, p plays, f folds, ? help, q quits);
    --auto plays --hands N by a strategy with a progress bar and a summary against the exact expectation
    (--json: the summary as one JSON object).
    """
    from cli.errors import fail
    from cli.history import open_db

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
    if auto:
        from casino.betting import BettingPattern

        if BettingPattern(betting).kind != "flat" and (boxes or 1) > 1:  # refused before anything is stored
            fail(f"--betting {betting} plays one box; leave out --boxes")
    stop_win_amount = _amount(stop_win, "--stop-win", positive=True)
    stop_loss_amount = _amount(stop_loss, "--stop-loss", positive=True)
    try:
        with open_db(db) as store_session:
            # every option is checked before anything is stored: a refused command leaves no session
            if resume:
                setup = _resume(store_session, game, bankroll, seed, ante, pair_plus, boxes, hints, strategy)
            else:
                setup = _new(game, bankroll, seed, ante, pair_plus, boxes, hints, strategy, auto)
            rule = stake_rule(setup, betting) if auto else None
            _store_start(store_session, setup)
            if auto:
                _autoplay(store_session, setup, hands or 0, stop_win_amount, stop_loss_amount, rule, json)
            else:
                _interactive(store_session, setup, hands)
    except BrokenPipeError:  # `brag play --auto | head`: the reader left; what was settled is stored
        _quiet_stdout()
        raise typer.Exit(141) from None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush does not fail on a closed pipe again."""
    import os
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (CliRunner)
        pass


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


def _new(game_name, bankroll_text, seed, ante_text, pair_plus_text, boxes, hints, strategy, auto) -> Setup:
    from casino.games import load_game
    from casino.sitting import Sitting
    from casino.strategy import play_mask
    from casino.table import flat_bets

    game = load_game(game_name or "3-card-brag")
    bankroll = _amount(bankroll_text or "100", "--bankroll", positive=True)
    ante = _amount(ante_text, "--ante")
    if ante is None:
        ante = game.limits.min_ante or Fraction(1)
    pair_plus = _amount(pair_plus_text, "--pair-plus") or Fraction(0)
    boxes = boxes or 1
    strategy = strategy or "optimal"
    if auto:
        play_mask(game, strategy)  # an unknown strategy is refused before anything is stored
    sitting = Sitting(game, bankroll, seed=seed)
    sitting.table.verify_bets(flat_bets(boxes, ante, pair_plus), bankroll)
    settings = {
        "boxes": boxes, "ante": str(ante), "pair_plus": str(pair_plus), "hints": hints is not False,
        "seed": seed, "strategy": strategy, "auto": auto,
    }
    return Setup(game, sitting, bankroll, [(ante, pair_plus)] * boxes, hints is not False, strategy,
                 settings=settings)


def _resume(db, session_text, bankroll_text, seed, ante_text, pair_plus_text, boxes, hints, strategy) -> Setup:
    from casino.db import store
    from casino.strategy import play_mask
    from cli.errors import fail

    if bankroll_text is not None:
        fail("--resume continues with the stored bankroll: leave out --bankroll")
    if seed is not None:
        fail("--resume continues with the session's own seeds: leave out --seed")
    if session_text is None:
        record = store.latest_session(session=db)
    elif session_text.isdigit():
        record = store.get_session(int(session_text), session=db)
    else:
        fail(f"with --resume, give a session ID (a number, see 'brag sessions'), not {session_text!r}")
    settings = store.settings_of(record)
    sitting = store.resume_sitting(record, session=db)
    game = sitting.game
    # the stored bets: each box's stakes in the last stored hand (the settings, before any hand)
    stakes = [(b.ante, b.pair_plus) for b in store.last_bets(record.id, session=db)]
    if not stakes:
        stakes = [(Fraction(settings.get("ante", "1")), Fraction(settings.get("pair_plus", "0")))] * int(
            settings.get("boxes", 1))
    ante = _amount(ante_text, "--ante")
    pair_plus = _amount(pair_plus_text, "--pair-plus")
    if ante is not None or pair_plus is not None:
        one = (stakes[0][0] if ante is None else ante, stakes[0][1] if pair_plus is None else pair_plus)
        stakes = [one] * (boxes or len(stakes))
    elif boxes is not None:
        stakes = [stakes[min(i, len(stakes) - 1)] for i in range(boxes)]
    overriding = ante is not None or pair_plus is not None or boxes is not None
    # checked like new bets (limits, and the bankroll when overridden) before anything is stored or played
    sitting.table.verify_bets(_bets(stakes), sitting.bankroll if overriding else None)
    if strategy is not None:
        play_mask(game, strategy)  # an unknown strategy is refused before the session is reopened
    return Setup(
        game, sitting, Fraction(record.start_bankroll), stakes,
        settings.get("hints", True) if hints is None else hints, strategy or settings.get("strategy", "optimal"),
        True, record.id, settings, record.rounds,
    )


def _store_start(db, setup: Setup) -> None:
    """Store the new session (or mark the resumed one open again): the last step before playing."""
    from casino.db import store

    if setup.resumed:
        store.reopen_session(setup.session_id, session=db)
    else:
        setup.session_id = store.create_session(setup.game, setup.start_bankroll, setup.settings, session=db).id


def _store_end(db, setup: Setup, reason: str):
    """End the session; a new one left before its first hand is removed (nothing to keep). ``None`` then."""
    from casino.db import store

    record = store.get_session(setup.session_id, session=db)
    if not setup.resumed and record.rounds == 0:
        store.delete_session(setup.session_id, session=db)
        return None
    return store.end_session(setup.session_id, reason, session=db)


def _bets(stakes):
    from casino.events import BoxBets

    return tuple(BoxBets(i + 1, ante, pair_plus) for i, (ante, pair_plus) in enumerate(stakes))


def _side_bets_note(game) -> Optional[str]:
    """One line when the game file has side bets the table does not offer (their maths: brag edge)."""
    sides = getattr(game, "side_bets", ())
    if not sides:
        return None
    names = ", ".join(side.title for side in sides)
    return f"Side bets in this file ({names}) are not offered at the table; see 'brag edge' for their maths."


# -- interactive ---------------------------------------------------------------------------------------


def _interactive(db, setup: Setup, hands_limit: Optional[int]) -> None:
    from casino.db import store
    from casino.edge import analyze
    from cli.render import console

    out = console()
    sitting = setup.sitting
    report = analyze(setup.game) if setup.hints else None
    _print_welcome(out, setup)
    played = 0
    reason = "quit"
    while True:
        if hands_limit is not None and played >= hands_limit:
            reason = "hands"
            break
        if sitting.out_of_chips():
            out.print(f"[bold]Bankroll {_m(sitting.bankroll)}: not enough for another hand.[/]")
            reason = "bankroll"
            break
        out.print(f"\n[bold]Hand {sitting.next_round}[/] · bankroll {_m(sitting.bankroll)} · "
                  f"commitment [dim]{sitting.commitment}[/]")
        bets = _ask_bets(out, setup)
        if bets is None:
            break
        rnd = sitting.deal(bets)
        _show_deal(out, setup, rnd, report)
        ended = False
        for box in rnd.pending:
            choice = _ask_decision(out, setup, box)
            if choice == "end":  # end of input: every box still to decide folds, at once
                left = rnd.pending
                out.print(f"Input ended: {_boxes_words(left)} fold{'s' if len(left) == 1 else ''}.")
                for rest in left:
                    sitting.decide(rest, False)
                ended = True
                break
            sitting.decide(box, choice == "play")
        result = sitting.settle()
        before = sitting.bankroll - result.net
        store.record_round(setup.session_id, result, before, sitting.bankroll, session=db)
        played += 1
        _show_result(out, result, sitting)
        if ended:
            break
    record = _store_end(db, setup, reason)
    _print_goodbye(out, setup, record, played)


def _boxes_words(boxes) -> str:
    if len(boxes) == 1:
        return f"box {boxes[0]}"
    return "boxes " + ", ".join(map(str, boxes[:-1])) + f" and {boxes[-1]}"


def _m(value) -> str:
    from cli.render import pays

    return pays(Fraction(value))


def _signed(value) -> str:
    return ("+" if value > 0 else "") + _m(value)


def _describe_stakes(stakes) -> str:
    def one(ante, pair_plus) -> str:
        parts = ([f"Ante {_m(ante)}"] if ante else []) + ([f"Pair Plus {_m(pair_plus)}"] if pair_plus else [])
        return ", ".join(parts) or "no bet"

    if len(set(stakes)) == 1:
        return one(*stakes[0]) + (f" on each of {len(stakes)} boxes" if len(stakes) > 1 else "")
    return "; ".join(f"box {i + 1}: {one(a, p)}" for i, (a, p) in enumerate(stakes))


def _print_welcome(out, setup: Setup) -> None:
    game = setup.game
    sitting = setup.sitting
    verb = "Resuming" if setup.resumed else "Session"
    out.print(f"[bold]{game.name}[/] — {verb} {setup.session_id} · bankroll {_m(sitting.bankroll)} · "
              f"dealer qualifies with {game.qualifier}, ties {game.ties}")
    seeds = "reproducible from --seed" if sitting.seeds.reproducible else "secure shuffle (secrets)"
    out.print(f"Deck: {seeds}. Hints {'on' if setup.hints else 'off'}. "
              "Enter repeats the bets, p plays, f folds, ? help, q quits.")
    note = _side_bets_note(game)
    if note:
        out.print(note, style="yellow", markup=False)


def _ask_bets(out, setup: Setup):
    """Ask for the bets until they are valid; ``None`` to quit."""
    from casino.errors import BetError
    from cli.prompts import AmountError, ask, parse_bet_line

    sitting = setup.sitting
    while True:
        text = ask(f"Bets [{_describe_stakes(setup.stakes)}]:")
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
            out.print(HELP_TEXT, markup=False)
            _print_stats(out, setup)
            continue
        if line.action == "boxes":
            if not 1 <= line.boxes <= 6:
                out.print(f"[red]play 1 to 6 boxes, not {line.boxes}[/]")
                continue
            setup.stakes = [setup.stakes[0]] * line.boxes
            out.print(f"Playing {line.boxes} box{'es' if line.boxes > 1 else ''}.")
            continue
        stakes = setup.stakes
        if line.action == "bets":
            if len(line.stakes) > 6:
                out.print("[red]at most 6 boxes[/]")
                continue
            chosen = line.stakes if len(line.stakes) > 1 else line.stakes * len(stakes)
            stakes = [(a, stakes[min(i, len(stakes) - 1)][1] if p == Fraction(-1) else p)
                      for i, (a, p) in enumerate(chosen)]
        bets = _bets(stakes)
        try:
            sitting.table.verify_bets(bets, sitting.bankroll)
        except BetError as error:
            out.print(f"[red]{error}[/]", markup=True)
            continue
        setup.stakes = list(stakes)
        return bets


def _show_deal(out, setup: Setup, rnd, report) -> None:
    from rich.text import Text

    from cli.render import cards_text

    for b in rnd.bets:
        i = rnd.hand(b.box)
        line = Text(f"Box {b.box}  ") + cards_text(_sorted(rnd.cards[b.box])) + Text(f"  {setup.sitting.table.hands.describe(i)}")
        if not b.ante:
            line.append("  (Pair Plus only)", style="dim")
        out.print(line)
        if report is not None and b.ante:
            d = report.decision(i)
            advice = "PLAY" if d.play else "FOLD"
            out.print(f"  hint: {advice} — EV of playing {float(d.ev_play):+.4f} vs folding {float(d.ev_fold):+.4f} "
                      f"per Ante (exact {d.ev_play})", style="cyan")


def _sorted(cards):
    """Cards as a player holds them: highest first."""
    return sorted(cards, key=lambda c: (c.rank, c.suit), reverse=True)


def _ask_decision(out, setup: Setup, box: int) -> str:
    from cli.prompts import ask, parse_decision

    while True:
        choice = parse_decision(ask(f"Box {box}: (p)lay or (f)old?"))
        if choice in ("play", "fold", "end"):
            return choice  # type: ignore[return-value]
        if choice == "help":
            out.print(HELP_TEXT, markup=False)
            _print_stats(out, setup)
        elif choice == "quit":
            out.print("[yellow]Finish this hand first: p to play, f to fold (q at the next bets prompt quits).[/]")
        else:
            out.print("[red]Press p to play or f to fold (? for help).[/]")


def _show_result(out, result, sitting) -> None:
    from rich.table import Table
    from rich.text import Text

    from casino.events import BET_NAMES
    from casino.fair import commitment
    from cli.render import cards_text

    verdict = "qualifies" if result.qualifies else "does not qualify"
    out.print(Text("Dealer ") + cards_text(_sorted(result.dealer_cards)) + Text(f"  {result.dealer_hand} — {verdict}"))
    table = Table(box=None, padding=(0, 2), show_header=True)
    for name, justify in (("Box", "right"), ("Bet", "left"), ("Stake", "right"), ("Result", "right"), ("", "left")):
        table.add_column(name, justify=justify, no_wrap=name != "")  # type: ignore[arg-type]
    outcome_words = {"fold": "folded", "dealer_not_qualify": "dealer does not qualify", "win": "beats the dealer",
                     "tie": "ties", "lose": "loses to the dealer"}
    for box in result.boxes:
        for i, s in enumerate(box.settled):
            note = outcome_words.get(box.outcome or "", "") if i == 0 and s.bet == "ante" else ""
            if s.bet in ("ante_bonus", "pair_plus") and s.net > 0:
                note = box.hand_name
            stake = "" if s.bet == "ante_bonus" else _m(s.stake)  # paid on the Ante: no chips of its own
            table.add_row(str(box.box) if i == 0 else "", BET_NAMES[s.bet], stake, _signed(s.net), note)
    out.print(table)
    ok = "matches" if commitment(result.seed) == result.commitment else "DOES NOT MATCH"
    out.print(f"Hand {result.round_no}: [bold]{_signed(result.net)}[/] · bankroll [bold]{_m(sitting.bankroll)}[/]")
    out.print(f"Seed {result.seed.hex()} (its SHA-256 {ok} the commitment)", style="dim")


def _print_stats(out, setup: Setup) -> None:
    from rich.table import Table

    from casino.events import BET_NAMES

    sitting = setup.sitting
    stats = sitting.stats
    # during a hand its stakes are on the felt: still the player's until the hand is settled
    bankroll = sitting.bankroll + sitting.felt
    change = bankroll - setup.start_bankroll
    on_table = f"; {_m(sitting.felt)} of it on the table this hand" if sitting.felt else ""
    out.print(f"Session {setup.session_id}: {stats.rounds} hand(s), {stats.plays} played, "
              f"{stats.folds} folded; bankroll {_m(setup.start_bankroll)} → {_m(bankroll)} ({_signed(change)}){on_table}")
    if not stats.rounds:
        return
    table = Table(title=f"Session {setup.session_id} so far", title_justify="left")
    for name in ("Bet", "Bets", "Wagered", "Net", "Return"):
        table.add_column(name, justify="left" if name == "Bet" else "right", no_wrap=True)
    for bet, totals in stats.bets.items():
        if totals.count:
            ret = totals.realised_return
            table.add_row(BET_NAMES[bet], f"{totals.count:,}", _m(totals.wagered), _signed(totals.net),
                          f"{float(ret) * 100:+.2f}%" if ret is not None else "—")
    out.print(table)


def _print_goodbye(out, setup: Setup, record, played: int) -> None:
    if record is None:
        out.print(f"\nNo hand played: session {setup.session_id} was not kept.")
        return
    change = setup.sitting.bankroll - setup.start_bankroll
    out.print(f"\nSession {setup.session_id} ended ({record.end_reason}) after {played} hand(s) this sitting: "
              f"bankroll {_m(setup.sitting.bankroll)} ({_signed(change)} since the start).")
    out.print(f"See 'brag history {setup.session_id}', replay with 'brag replay {setup.session_id} HAND', "
              f"check with 'brag verify {setup.session_id}'.")


# -- auto-play -------------------------------------------------------------------------------------------


def stake_rule(setup: Setup, betting: str = "flat"):
    """How each auto-played round's bets are chosen: flat bets (any Ante and Pair Plus per box, Pair
    Plus alone included), or a betting pattern."""
    from casino.betting import BettingPattern
    from casino.sitting import PatternStakes
    from cli.errors import fail

    ante, pair_plus = setup.stakes[0]
    if BettingPattern(betting).kind == "flat":
        bets = _bets(setup.stakes)  # checked against the limits and the bankroll already
        return lambda sitting: bets
    if len(setup.stakes) > 1:
        fail(f"--betting {betting} plays one box; leave out --boxes")
    pattern = BettingPattern(betting, ante=ante, pair_plus=pair_plus)  # checks the pattern's stakes
    return PatternStakes(pattern.with_limits(setup.game.limits), setup.sitting)


def _describe_rule(rule, setup: Setup) -> str:
    pattern = getattr(rule, "pattern", None)
    return pattern.describe if pattern is not None else _describe_stakes(setup.stakes)


def _autoplay(db, setup: Setup, hands: int, stop_win, stop_loss, rule, as_json: bool = False) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from casino.db import store
    from casino.edge import analyze
    from casino.strategy import play_mask
    from cli.render import console

    out = Console(stderr=True, highlight=False) if as_json else console()  # stdout: the JSON alone
    sitting = setup.sitting
    sitting.stats = type(sitting.stats)()  # the summary compares this run's hands with the expectation
    mask = play_mask(setup.game, setup.strategy)
    report = analyze(setup.game, play=mask)
    start = sitting.bankroll
    verb = "Resuming" if setup.resumed else "Session"
    if not as_json:
        out.print(f"[bold]{setup.game.name}[/] — {verb} {setup.session_id}: auto-play, {hands:,} hand(s), "
                  f"strategy {setup.strategy}, {_describe_rule(rule, setup)}, bankroll {_m(start)}")
    note = _side_bets_note(setup.game)
    if note:
        out.print(note, style="yellow", markup=False)
    stored = 0
    finished = False
    reason = "interrupted"  # unless the loop ends by itself
    try:
        with Progress(TextColumn("Playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=out, transient=True, disable=as_json) as progress:
            task = progress.add_task("hands", total=hands)

            def on_round(result) -> None:
                nonlocal stored
                store.record_round(setup.session_id, result, sitting.bankroll - result.net, sitting.bankroll,
                                   session=db)
                stored += 1
                progress.advance(task)

            sitting.autoplay(rule, mask, hands=hands, stop_win=stop_win, stop_loss=stop_loss, on_round=on_round)
            finished = True
    except KeyboardInterrupt:
        pass
    finally:  # also on a closed pipe (rich exits on it): the session is ended, not left open
        if finished:
            reason = _end_reason(stored, hands, sitting.bankroll - start, stop_win, stop_loss)
        record = _store_end(db, setup, reason)
    if reason == "interrupted":  # counted from the store: a round committed as Ctrl-C arrived counts
        stored = record.rounds - setup.stored_before if record is not None else 0
        kept = f"resume with 'brag play --resume {setup.session_id}'" if record is not None else "nothing was stored"
        out.print(f"Interrupted after {stored:,} hand(s); {kept}.", markup=False)
        raise typer.Exit(130)
    if as_json:
        from cli.render import print_json

        print_json(auto_summary(setup, report, stored, reason, sitting.bankroll - start))
        return
    _print_auto_summary(out, setup, report, stored, reason, sitting.bankroll - start)


def _end_reason(played: int, hands: int, change, stop_win, stop_loss) -> str:
    if played == hands:
        return "hands"
    if stop_win is not None and change >= stop_win:
        return "stop-win"
    if stop_loss is not None and -change >= stop_loss:
        return "stop-loss"
    return "bankroll"


def auto_summary(setup: Setup, report, played: int, reason: str, change) -> dict[str, Any]:
    """The auto-play summary as one JSON-ready object (amounts as exact text; returns also as floats)."""
    stats = setup.sitting.stats
    b = stats.bets

    def ratio(value) -> Optional[float]:
        return None if value is None else float(value)

    bets = {bet: {"count": t.count, "wagered": str(t.wagered), "net": str(t.net)}
            for bet, t in b.items() if t.count}
    antes = b["ante"].wagered
    expected = Fraction(0)
    returns: dict[str, Any] = {}
    if antes:
        returns["ante_play"] = {"wagered": str(antes), "net": str(stats.ante_play_net),
                                "realised_return": float(stats.ante_play_net / antes),
                                "expected_return": float(report.ante_play.expected_return)}
        expected += antes * report.ante_play.expected_return
    if b["pair_plus"].count and report.pair_plus is not None:
        returns["pair_plus"] = {"wagered": str(b["pair_plus"].wagered), "net": str(b["pair_plus"].net),
                                "realised_return": ratio(b["pair_plus"].realised_return),
                                "expected_return": float(report.pair_plus.expected_return)}
        expected += b["pair_plus"].wagered * report.pair_plus.expected_return
    return {
        "session": setup.session_id,
        "game": setup.game.name,
        "strategy": setup.strategy,
        "hands": played,
        "end_reason": reason,
        "plays": stats.plays,
        "folds": stats.folds,
        "bankroll_before": str(setup.sitting.bankroll - change),
        "bankroll": str(setup.sitting.bankroll),
        "wagered": str(stats.wagered),
        "net": str(stats.net),
        "expected_net": float(expected),
        "bets": bets,
        "returns": returns,
    }


def _print_auto_summary(out, setup: Setup, report, played: int, reason: str, change) -> None:
    from rich.table import Table

    from casino.events import BET_NAMES

    stats = setup.sitting.stats  # this run's hands only (see _autoplay)
    why = {"hands": "all hands played", "stop-win": "stop-win reached", "stop-loss": "stop-loss reached",
           "bankroll": "the bankroll could not cover the bets"}[reason]
    out.print(f"{played:,} hand(s) ({why}); {stats.plays:,} boxes played, {stats.folds:,} folded. "
              f"Bankroll {_m(setup.sitting.bankroll)} ({_signed(change)}).")
    table = Table(title="Result per bet", title_justify="left")
    for name in ("Bet", "Bets", "Wagered", "Net", "Realised return", "Exact expectation"):
        table.add_column(name, justify="left" if name == "Bet" else "right", no_wrap=name != "Bet")
    b = stats.bets

    def pct(value) -> str:
        return f"{float(value) * 100:+.3f}%" if value is not None else "—"

    for bet in ("ante", "play", "ante_bonus"):
        if b[bet].count:
            table.add_row(BET_NAMES[bet], f"{b[bet].count:,}", _m(b[bet].wagered), _signed(b[bet].net), "", "")
    antes = b["ante"].wagered
    expected = Fraction(0)
    if antes:
        table.add_row("Ante + Play + Bonus, per Ante", "", _m(antes), _signed(stats.ante_play_net),
                      pct(stats.ante_play_net / antes), pct(report.ante_play.expected_return), style="bold")
        expected += antes * report.ante_play.expected_return
    if b["pair_plus"].count and report.pair_plus is not None:
        table.add_row(BET_NAMES["pair_plus"], f"{b['pair_plus'].count:,}", _m(b["pair_plus"].wagered),
                      _signed(b["pair_plus"].net), pct(b["pair_plus"].realised_return),
                      pct(report.pair_plus.expected_return), style="bold")
        expected += b["pair_plus"].wagered * report.pair_plus.expected_return
    table.add_section()
    table.add_row("All bets", "", _m(stats.wagered), _signed(stats.net),
                  pct(stats.net / stats.wagered) if stats.wagered else "—", "")
    out.print(table)
    rate = f" Strategy '{setup.strategy}' plays {float(report.ante_play.play_rate or 0) * 100:.2f}% of hands." if antes else ""
    out.print(f"Expected net for these stakes and strategy: {float(expected):+,.2f}; realised {_signed(stats.net)}.{rate}")
    out.print(f"Stored as session {setup.session_id}: 'brag history {setup.session_id}', 'brag verify {setup.session_id}'.")
