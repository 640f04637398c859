"""brag classic never prints a card your seat may not know.

Whole ``--seed`` sessions of every built-in rules file are played at the terminal by a scripted player
(looking or staying blind, discarding, keeping blind hands, asking for the hint and the rules), and
everything the terminal prints is scanned for card text. Between two of your turns the screen may show
only cards your seat knows by then: its own cards once looked at (the hand looked at while choosing),
its own discards, the cards shown at showdowns (this hand's, once it is settled, and earlier ones) and
the cards the rules text names (the wild cards). Another seat's cards, its discards, a blind hand and
the pack never appear.
"""

from __future__ import annotations

import io
import random
import re

import pytest

from casino.cards import card_from_index

CARD = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])|Jk")
INDEX = {str(card_from_index(i)): i for i in range(52)}
BUILT_IN = ("classic-brag", "four-card-brag", "five-card-brag", "brag-with-twos-wild", "brag-with-braggers",
            "against-the-computer")


def cards_in(text: str) -> set[int]:
    found: set[int] = set()
    for match in CARD.finditer(text):
        found |= {52, 53} if match.group(0) == "Jk" else {INDEX[match.group(0)]}
    return found


def key_text(card: int) -> str:
    return "23456789TJQKA"[card // 4] + "cdhs"[card % 4]


class Scripted:
    """A player at the terminal: records what its seat may know at each of its turns (from the view the
    screen is drawn from) and where the output stood then, and types keys chosen at random."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.out = io.StringIO()
        self.known: set[int] = set()
        self.marks: list[tuple[int, frozenset[int], frozenset[int]]] = []  # (output position, known, shown so far)
        self.view = self.legal = None
        self.tries = 0
        self.hinted: set[int] = set()
        self.asked_rules = False
        self.turns = 0

    def screen(self, real):
        def wrapped(view, legal, log, you):
            self.view, self.legal, self.tries = view, legal, 0
            for cards in (view.cards, view.looking, view.kept, view.discards):
                self.known |= set(cards or ())
            shown = frozenset(c for h in view.shown_before for c in (*h.kept, *h.discards))
            self.marks.append((self.out.tell(), frozenset(self.known), shown))
            return real(view, legal, log, you)
        return wrapped

    def ask(self, text: str) -> str:
        if "Keep" in text:
            return self.rng.choice("yn")
        view, legal = self.view, self.legal
        assert view is not None and legal is not None
        self.tries += 1
        self.turns += 1
        if self.turns > 2000 or self.tries > 4:
            return "f" if self.tries <= 6 else "q"
        if not self.asked_rules:
            self.asked_rules = True
            return "?"
        if self.tries == 1 and view.hand_no not in self.hinted and (view.cards is not None or view.looking):
            self.hinted.add(view.hand_no)
            return "h"
        if legal.choose:
            return self.rng.choice("kt")
        if legal.discard:
            from casino.besthand import HandRanker

            _, gone = HandRanker(view.rules.cards, view.rules.wild).best_choice(view.cards)
            return "d " + " ".join(key_text(c) for c in gone)
        if view.cards is None and legal.look and self.rng.random() < 0.5:
            return "l 2" if view.seats[view.seat].hands == 2 and self.rng.random() < 0.5 else "l"
        draw = self.rng.random()
        if legal.see_cost is not None and draw < 0.3:
            return "s"
        if draw < 0.4:
            return "f"
        if legal.bet_min is not None:
            return "b"
        return "c" if legal.cover is not None else "f"


def play(runner, app, tmp_path, monkeypatch, rules: str, seed: str, opponents: int, hands: int):
    import cli.classic
    import cli.classic_view
    import cli.prompts
    from rich.console import Console

    player = Scripted(len(seed) * 7919 + len(rules))
    monkeypatch.setattr(cli.classic, "_console", lambda: Console(file=player.out, width=200, highlight=False,
                                                                  color_system=None))
    monkeypatch.setattr(cli.classic_view, "screen", player.screen(cli.classic_view.screen))
    monkeypatch.setattr(cli.prompts, "ask", player.ask)
    url = f"sqlite:///{tmp_path / f'{rules}-{seed}.db'}"
    result = runner.invoke(app, ["classic", "--rules", rules, "--opponents", str(opponents), "--hands", str(hands),
                                 "--seed", seed, "--db", url])
    assert result.exit_code == 0, result.output
    return player, url


def shown_in_session(url: str) -> set[int]:
    """Every card shown at a showdown in the stored session."""
    import json

    from sqlmodel import Session, select

    from casino.db.classic_models import ClassicHandRecord
    from casino.db.database import connect

    with Session(connect(url)) as session:
        rows = session.exec(select(ClassicHandRecord)).all()
    return {c for row in rows for e in json.loads(row.events) if e["kind"] == "shown"
            for c in (*e["kept"], *e["discards"])}


@pytest.mark.parametrize("rules", BUILT_IN)
@pytest.mark.parametrize("seed", ["11", "hidden"])
def test_the_terminal_never_shows_a_card_the_seat_may_not_know(runner, app, tmp_path, monkeypatch, rules, seed):
    from casino.classic.rules import load_rules
    from cli.classic_view import rules_text

    player, url = play(runner, app, tmp_path, monkeypatch, rules, seed, opponents=3, hands=8)
    text = player.out.getvalue()
    assert player.marks, "the scripted player never had a turn"
    assert "discards" not in text or "face down" in text or load_rules(rules).cards == 3
    static = cards_in(rules_text(load_rules(rules)))  # the wild cards the rules name
    ends = [m[0] for m in player.marks[1:]] + [len(text)]
    every_shown = shown_in_session(url)
    for i, ((start, known, _), end) in enumerate(zip(player.marks, ends)):
        shown_by_then = player.marks[i + 1][2] if i + 1 < len(player.marks) else every_shown
        allowed = known | shown_by_then | static
        leaked = cards_in(text[start:end]) - allowed
        assert not leaked, (f"{rules}, seed {seed}: the terminal shows "
                            f"{' '.join(str(card_from_index(c)) for c in sorted(leaked))} that the seat may not know:\n"
                            + text[start:end])
    assert cards_in(text) - static, "the scan found no card at all (the test would not see a leak)"


def test_another_players_discards_are_face_down_at_the_terminal(runner, app, tmp_path):
    """The hostile tester's case: five-card Brag, seed 11, Ann looks and discards before you have looked."""
    result = runner.invoke(app, ["classic", "--rules", "five-card-brag", "--opponents", "1", "--hands", "2",
                                 "--seed", "11", "--db", f"sqlite:///{tmp_path / 'x5.db'}"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Ann discards face down" in result.output
    assert "Ann discards J♣" not in result.output and "9♠" not in result.output
