"""Counterfactual regret minimisation: the solvers behind the computed Brag opponent.

- :mod:`casino.cfr.tabular`: CFR+ over any extensive-form game (information sets, chance nodes),
  with an exact best response; the reference implementation.
- :mod:`casino.cfr.public`: the same algorithm vectorised with numpy for games whose private
  information is a type per player and whose actions are public (Brag over hand-strength buckets).
- :mod:`casino.cfr.kuhn`: Kuhn poker in both forms, the classic check (value -1/18).
- :mod:`casino.cfr.brag`: the heads-up Brag abstraction that the expert opponent is solved on.
"""
