"""CFR solvers: Kuhn poker's value, exact exploitability, the two solvers agreeing, the Brag abstraction."""

from __future__ import annotations

import numpy as np
import pytest

from casino.cfr.brag import (
    FOLD,
    LOOK,
    RAISE,
    SEE,
    STAY,
    HeadsUpRules,
    HeadsUpState,
    SolvedStrategy,
    abstraction,
    apply_action,
    build_game,
    disjoint_counts,
    legal_actions,
    node_paths,
)
from casino.cfr.kuhn import KUHN_VALUE, KuhnPoker, kuhn_public
from casino.cfr.public import AsExtensive, Decision, PublicCFR, Terminal
from casino.cfr.tabular import TabularCFR
from casino.hands import N_DEALER_HANDS, N_HANDS, hand_table


@pytest.mark.parametrize("make", [lambda: PublicCFR(kuhn_public()), lambda: TabularCFR(KuhnPoker())])
def test_kuhn_value_and_exploitability_falling(make) -> None:  # type: ignore[no-untyped-def]
    solver = make()
    seen = []
    for total in (10, 100, 1000):
        solver.run(total - solver.iterations)
        seen.append(solver.exploitability())
    assert abs(solver.value() - KUHN_VALUE) < 1e-3
    assert seen[0] > seen[1] > seen[2]
    assert seen[2] < 1e-3


def test_kuhn_best_response_to_uniform_play() -> None:
    """Against a uniformly random opponent, the best response is worth a known amount.

    Uniform play by both (no iterations yet): a best response in seat 0 earns 1/2 chips (computed by
    hand: J checks and folds, Q checks and calls, K bets), in seat 1 it earns 5/12 + ... ; we only check
    what holds in both solvers and is positive.
    """
    public, tabular = PublicCFR(kuhn_public()), TabularCFR(KuhnPoker())
    for seat in (0, 1):
        assert public.best_response_value(seat) == pytest.approx(tabular.best_response_value(seat), abs=1e-12)
    assert public.exploitability() > 0.3


def test_public_and_tabular_solvers_agree_on_kuhn() -> None:
    public, tabular = PublicCFR(kuhn_public()), TabularCFR(KuhnPoker())
    public.run(50)
    tabular.run(50)
    assert public.value() == pytest.approx(tabular.value(), abs=1e-12)
    assert public.exploitability() == pytest.approx(tabular.exploitability(), abs=1e-12)


def test_public_and_tabular_solvers_agree_on_small_brag_with_blind_play() -> None:
    """The pooled (blind) information sets are handled the same way by both solvers."""
    game = build_game(HeadsUpRules(buckets=3, stakes=(2, 4), max_bets=3))
    public, tabular = PublicCFR(game), TabularCFR(AsExtensive(game))
    public.run(20)
    tabular.run(20)
    assert public.value() == pytest.approx(tabular.value(), abs=1e-9)
    assert public.exploitability() == pytest.approx(tabular.exploitability(), abs=1e-9)
    assert public.exploitability() > 0


def test_disjoint_counts_match_direct_counting() -> None:
    table = hand_table("brag")
    d = disjoint_counts("brag")
    assert (d.sum(axis=1) == N_DEALER_HANDS).all()
    rng = np.random.default_rng(7)
    for h in rng.choice(N_HANDS, size=25, replace=False):
        mine = set(table.cards[h].tolist())
        disjoint = [i for i in range(N_HANDS) if not mine & set(table.cards[i].tolist())]
        direct = np.bincount(table.strength[disjoint], minlength=table.n_strengths)
        assert (direct == d[h]).all()


def test_abstraction_counts_every_pair_once() -> None:
    ab = abstraction(6)
    assert int(ab.pairs.sum()) == N_HANDS * N_DEALER_HANDS
    losses = ab.pairs - ab.wins - ab.ties
    assert (ab.wins == losses.T).all()  # a's wins against b are b's losses against a
    assert (ab.ties == ab.ties.T).all()
    assert (ab.pairs == ab.pairs.T).all()
    # a higher class never loses to a lower one, and the classes hold nearly equal numbers of hands
    assert (np.tril(losses, -1) == 0).all()
    sizes = np.bincount(ab.bucket)
    assert sizes.sum() == N_HANDS and sizes.min() > 0.6 * N_HANDS / 6


def test_abstraction_wins_by_brute_force_on_a_few_classes() -> None:
    """Win/tie counts of two classes over every disjoint pair, counted directly on a sample of hands."""
    table = hand_table("brag")
    ab = abstraction(4)
    rng = np.random.default_rng(3)
    sample = rng.choice(N_HANDS, size=40, replace=False)
    for h in sample:
        mine = set(table.cards[h].tolist())
        wins = np.zeros(4, dtype=np.int64)
        ties = np.zeros(4, dtype=np.int64)
        for i in range(N_HANDS):
            if mine & set(table.cards[i].tolist()):
                continue
            if table.strength[i] < table.strength[h]:
                wins[ab.bucket[i]] += 1
            elif table.strength[i] == table.strength[h]:
                ties[ab.bucket[i]] += 1
        assert wins.sum() == ab.beats[h] and ties.sum() == ab.equal[h]


def _state(blind: tuple[bool, bool], bets: int = 1, to_act: int = 1) -> HeadsUpState:
    return HeadsUpState(to_act, blind, (1, 3), 0, bets)


def test_rules_of_the_abstract_game() -> None:
    rules = HeadsUpRules(stakes=(2, 4), max_bets=3)
    # you cannot see a blind man
    assert SEE not in legal_actions(rules, _state((True, False)))
    assert SEE in legal_actions(rules, _state((False, True)))  # the blind may see the seen
    assert SEE in legal_actions(rules, _state((True, True)))
    assert LOOK in legal_actions(rules, _state((True, True))) and LOOK not in legal_actions(rules, _state((True, False)))
    # nobody can see before a bet
    assert SEE not in legal_actions(rules, _state((False, False), bets=0))
    # a blind player pays half, a seer pays double, and the seer loses ties
    after = apply_action(rules, _state((True, True)), STAY)
    assert isinstance(after, HeadsUpState) and after.put_in == (1, 4)
    raised = apply_action(rules, _state((False, False)), RAISE)
    assert isinstance(raised, HeadsUpState) and raised.put_in == (1, 7) and raised.level == 1
    seen = apply_action(rules, _state((False, False)), SEE)
    # seat 1 had 3 in and pays 2 x 2 to see: seat 0 wins 7 if better or equal, loses its 1 if worse
    assert seen == Terminal(fold=None, win=7.0, lose=-1.0, tie=7.0)
    fold = apply_action(rules, _state((False, False)), FOLD)
    assert fold == Terminal(fold=3.0)  # seat 1 folds: seat 0 wins the 3 it had put in
    # at the cap only fold/see (and look) remain, but a seen player facing a blind one may stay once more
    assert legal_actions(rules, _state((False, False), bets=3)) == (FOLD, SEE)
    assert legal_actions(rules, _state((True, False), bets=3)) == (FOLD, STAY)  # seat 1 seen, seat 0 blind
    assert legal_actions(rules, HeadsUpState(0, (True, False), (1, 3), 0, 3)) == (LOOK, FOLD, SEE)
    assert legal_actions(rules, HeadsUpState(0, (False, True), (1, 3), 0, 3)) == (FOLD, STAY)
    assert legal_actions(rules, HeadsUpState(1, (False, True), (1, 3), 0, 4)) == (LOOK, FOLD, SEE)


def test_tree_is_finite_and_every_path_is_indexed() -> None:
    rules = HeadsUpRules(buckets=3, stakes=(2, 4), max_bets=3)
    game = build_game(rules)
    paths = node_paths(rules)
    assert len(paths) == len(game.decisions())
    for path, node in paths.items():
        assert isinstance(game.nodes[node], Decision)
        # the path's last action leads to the node from its parent
        if path:
            parent = game.nodes[paths[path[:-1]]]
            assert isinstance(parent, Decision)
            assert parent.children[parent.actions.index(path[-1])] == node


def test_solved_strategy_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    rules = HeadsUpRules(buckets=3, stakes=(2, 4), max_bets=3)
    solver = PublicCFR(build_game(rules))
    solver.run(30)
    strategy = SolvedStrategy.from_solver(rules, solver.strategy_table(), {"iterations": 30})
    path = tmp_path / "s.npz"
    strategy.save(path)
    again = SolvedStrategy.load(path)
    assert again.rules == rules and again.meta == {"iterations": 30}
    for p in node_paths(rules):
        for bucket in (None, 0, 2):
            a, b = strategy.probabilities(p, bucket), again.probabilities(p, bucket)
            assert a.keys() == b.keys()
            assert all(abs(a[k] - b[k]) < 1e-6 for k in a)
            assert abs(sum(a.values()) - 1) < 1e-9


def test_classes_of_strengths() -> None:
    ab = abstraction(5)
    table = hand_table("brag")
    strategy = SolvedStrategy(HeadsUpRules(buckets=5), ab.edges, {}, {}, {}, {})
    for h in (0, 100, 5000, 22099):
        assert strategy.bucket_of_strength(int(table.strength[h])) == ab.bucket[h]


def test_shipped_strategy_loads_and_is_nearly_unexploitable() -> None:
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "paytables" / "classic" / "expert-heads-up.npz"
    strategy = SolvedStrategy.load(path)
    assert strategy.rules == HeadsUpRules()
    assert float(strategy.meta["exploitability"]) < 0.01  # type: ignore[arg-type]
    curve = strategy.meta["curve"]
    assert isinstance(curve, list) and curve[0][1] > 10 * curve[-1][1]
    first = strategy.probabilities((), None)
    assert set(first) == {LOOK, FOLD, STAY, RAISE} and abs(sum(first.values()) - 1) < 1e-6


def test_solve_script_small_run(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import importlib.util
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "scripts" / "solve_heads_up.py"
    spec = importlib.util.spec_from_file_location("solve_heads_up", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "s.npz"
    assert module.main(["--iterations", "40", "--buckets", "3", "--stakes", "2,4", "--max-bets", "3",
                        "--out", str(out), "--plot", str(tmp_path / "c.png")]) == 0
    s = SolvedStrategy.load(out)
    assert s.meta["iterations"] == 40 and (tmp_path / "c.png").stat().st_size > 1000
    curve = s.meta["curve"]
    assert isinstance(curve, list) and curve[-1][1] < curve[0][1]
