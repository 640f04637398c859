"""A fast bot-only Brag table for tournaments: standard rules on a fixed stake menu.

The rules are the standard game's (see ``docs/opponents.md``): an ante from every seat; the seat
after the dealer (seat 0 here: the tournament moves the players round the seats) acts first; on
each turn a seat may look (while blind; it then acts again), fold, stay (bet the stake: half for a
blind seat), raise one step of the menu, or, with exactly two left and after a bet, see at twice the
stake; a seen seat cannot see a blind one; the seer loses ties. Stakes count in seen chips. The
table adds what the solved game needs to be finite: at most ``cap`` bets per hand (6 heads-up, 3 per
seat multiway). At the cap two players fold or see (a seen seat facing a blind one may stay once
more, the blind one then folds or sees); more than two turn their hands up, best wins, ties split.
Every seat has chips enough for every hand (the result is the chips won or lost per hand), and the
pack is shuffled every hand, so earlier showdowns tell nothing about the deal::

    >>> import random
    >>> from casino.classic.opponents import character
    >>> players = [character("steady"), character("stay-in")]
    >>> deck = list(range(52)); random.Random(1).shuffle(deck)
    >>> net = play_hand(players, deck, [random.Random(2), random.Random(3)])
    >>> sum(net)
    0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from casino.classic.opponents.characters import Character
from casino.classic.opponents.situation import Choice, Situation

__all__ = ["TableRules", "play_hand", "hand_row"]


@dataclass(frozen=True)
class TableRules:
    """Ante, the stake menu (seen chips), the see multiple and the bet caps."""

    ante: int = 1
    stakes: tuple[int, ...] = (2, 4, 8, 16)
    see_multiple: int = 2
    heads_up_cap: int = 6
    cap_per_seat: int = 3

    def cap(self, seats: int) -> int:
        return self.heads_up_cap if seats == 2 else self.cap_per_seat * seats


@cache
def _strength_table() -> tuple[int, ...]:
    from casino.hands import hand_table

    return tuple(int(x) for x in hand_table("brag").strength)


def hand_row(a: int, b: int, c: int) -> int:
    """The hand-table row (colex index) of three distinct card indices."""
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
        if a > b:
            a, b = b, a
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6


def play_hand(
    players: Sequence[Character],
    deck: Sequence[int],
    rngs: Sequence[random.Random],
    rules: TableRules = TableRules(),
    check: bool = True,
) -> list[int]:
    """Play one hand; seat ``i`` is ``players[i]`` with cards ``deck[3i:3i+3]``. Returns chips won per seat.

    ``check`` asserts every choice is legal (it always is for the built-in characters; the check
    costs little and stays on in tournaments).
    """
    n = len(players)
    strength = _strength_table()
    hands = [hand_row(deck[3 * i], deck[3 * i + 1], deck[3 * i + 2]) for i in range(n)]
    blind = [True] * n
    live = [True] * n
    put = [rules.ante] * n
    stakes = rules.stakes
    top = len(stakes) - 1
    cap = rules.cap(n)
    level = 0
    bets = 0
    path: tuple[tuple[int, Choice], ...] = ()
    n_live = n
    p = 0
    while True:
        if n_live > 2 and bets >= cap:
            return _showdown(put, [i for i in range(n) if live[i]], hands, strength)
        stake = stakes[level]
        opp = -1
        if n_live == 2:
            opp = next(j for j in range(n) if live[j] and j != p)
        mine = blind[p]
        cost_stay: int | None = None
        cost_raise: int | None = None
        cost_see: int | None = None
        if bets < cap:
            cost_stay = stake // 2 if mine else stake
            if level < top:
                cost_raise = stakes[level + 1] // 2 if mine else stakes[level + 1]
        if opp >= 0 and bets >= 1:
            if mine or not blind[opp]:
                cost_see = rules.see_multiple * (stake // 2 if mine else stake)
            elif bets == cap:
                cost_stay = stake  # a seen seat facing a blind one stays once more at the cap
        others = tuple(blind[(p + k) % n] for k in range(1, n) if live[(p + k) % n])
        s = Situation(
            p, None if mine else hands[p], others, sum(put), put[p], stake, level, bets,
            cost_stay, cost_raise, cost_see, path, (), bets >= cap,
        )
        choice = players[p].decide(s, rngs[p]) if check else players[p].choose(s, rngs[p])
        path = path + ((p, choice),)
        if choice == "look":
            blind[p] = False
            continue
        if choice == "fold":
            live[p] = False
            n_live -= 1
            if n_live == 1:
                winner = next(j for j in range(n) if live[j])
                pot = sum(put)
                return [(pot if i == winner else 0) - put[i] for i in range(n)]
        elif choice == "see":
            assert cost_see is not None
            put[p] += cost_see
            pot = sum(put)
            winner = p if strength[hands[p]] > strength[hands[opp]] else opp
            return [(pot if i == winner else 0) - put[i] for i in range(n)]
        elif choice == "stay":
            assert cost_stay is not None
            put[p] += cost_stay
            bets += 1
        else:  # raise
            assert cost_raise is not None
            put[p] += cost_raise
            level += 1
            bets += 1
        p = (p + 1) % n
        while not live[p]:
            p = (p + 1) % n


def _showdown(put: list[int], seats: list[int], hands: list[int], strength: Sequence[int]) -> list[int]:
    """More than two left at the cap: best hand takes the pot, equal best split it (odd chips to the
    first of them in seat order)."""
    best = max(strength[hands[i]] for i in seats)
    winners = [i for i in seats if strength[hands[i]] == best]
    pot = sum(put)
    share, odd = divmod(pot, len(winners))
    won = [0] * len(put)
    for k, i in enumerate(winners):
        won[i] = share + (1 if k < odd else 0)
    return [won[i] - put[i] for i in range(len(put))]
