"""Exact maths of the game shapes beyond the house-banked three-card game.

* :mod:`casino.maths.head_to_head` — two hands dealt (Player A / Player B, Player / Banker), bets on
  which wins, a tie bet, and side bets on either hand.
"""
