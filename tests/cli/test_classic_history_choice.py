"""``brag history ID --classic`` chooses its hands as ``brag history`` does for a casino session (--last N,
--hand N, --all; the last 50 unless told; --json and --csv every hand unless told), and its CSV carries
what a player needs to check each hand: the seed and pack against the commitment, and the seats, cards,
chips and actions that ``brag referee`` settles to the stored chips."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from fractions import Fraction

import pytest


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A finished 8-hand practice session of three computer players (a kept blind hand among them)."""
    from typer.testing import CliRunner

    from cli.main import app

    url = f"sqlite:///{tmp_path_factory.mktemp('classic') / 'brag.db'}"
    done = CliRunner().invoke(app, ["classic", "--auto", "--hands", "8", "--opponents", "2", "--seed", "demo",
                                    "--db", url, "--json"])
    assert done.exit_code == 0, done.output
    return url


def _run(runner, app, url, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, ["history", "1", "--classic", "--db", url, *args])
    assert result.exit_code == code, result.output
    return result.output


def _hand_numbers(text: str) -> list[int]:
    """The hands in the table's rows: ``   7   carried over   no   …``."""
    return [int(m.group(1)) for m in re.finditer(r"^\s*(\d+)\s+(?:shuffled|carried over)\s", text, re.M)]


def test_last_all_and_the_default_choose_hands_as_for_a_casino_session(runner, app, played):
    assert _hand_numbers(_run(runner, app, played)) == list(range(1, 9))  # 8 <= 50: every hand, no note
    last = _run(runner, app, played, "--last", "3")
    assert _hand_numbers(last) == [6, 7, 8] and "Showing hands 6-8 of 8: --last N, --hand N or --all" in last
    assert _hand_numbers(_run(runner, app, played, "--all")) == list(range(1, 9))
    assert [h["hand"] for h in json.loads(_run(runner, app, played, "--json"))["hands"]] == list(range(1, 9))
    assert [h["hand"] for h in json.loads(_run(runner, app, played, "--json", "--last", "2"))["hands"]] == [7, 8]
    assert [h["hand"] for h in json.loads(_run(runner, app, played, "--json", "--hand", "3"))["hands"]] == [3]


def test_the_default_table_is_the_last_50_hands(runner, app, tmp_path):
    url = f"sqlite:///{tmp_path / 'long.db'}"
    assert runner.invoke(app, ["classic", "--auto", "--hands", "53", "--opponents", "1", "--chips", "100000",
                               "--seed", "long", "--db", url]).exit_code == 0
    shown = _run(runner, app, url)
    assert _hand_numbers(shown) == list(range(4, 54)) and "Showing hands 4-53 of 53" in shown
    assert len(list(csv.DictReader(io.StringIO(_run(runner, app, url, "--csv"))))) == 2 * 53  # every hand


def test_one_hand_in_full(runner, app, played):
    shown = _run(runner, app, played, "--hand", "4")
    row = json.loads(_run(runner, app, played, "--json", "--hand", "4"))["hands"][0]
    assert "Classic session 1, hand 4" in shown and _hand_numbers(shown) == []  # no table of hands
    for text in (row["commitment"], row["seed"], row["result"], row["hash"], f"Dealer: {row['dealer']}",
                 "Actions: " + "; ".join(row["actions"]), *[c for c in row["cards"] if c]):
        assert text in " ".join(shown.split()), text
    assert "'brag replay 1 4 --classic'" in " ".join(shown.split())


def test_the_csv_carries_what_a_player_needs_to_check_each_hand(runner, app, played, tmp_path):
    from cli.classic_hands import CSV_COLUMNS

    text = _run(runner, app, played, "--csv")
    assert text.splitlines()[0] == ",".join(CSV_COLUMNS)
    hands: dict[int, list[dict[str, str]]] = {}
    for row in csv.DictReader(io.StringIO(text)):
        hands.setdefault(int(row["hand"]), []).append(row)
    assert sorted(hands) == list(range(1, 9)) and all(len(seats) == 3 for seats in hands.values())
    assert any(s["kept"] for seats in hands.values() for s in seats)  # the session has a kept blind hand in it
    for number, seats in hands.items():
        first = seats[0]
        assert {s["commitment"] for s in seats} == {first["commitment"]} and first["practice"] == "yes"
        pack = bytes(int(card) for card in first["pack"].split())  # the commitment: SHA-256(seed || pack order)
        assert hashlib.sha256(bytes.fromhex(first["seed"]) + pack).hexdigest() == first["commitment"]
        for s in seats:  # exact amounts: after = before + net + borrowed
            assert Fraction(s["chips_after"]) == Fraction(s["chips_before"]) + Fraction(s["net"]) + Fraction(
                s["borrowed"])
        # the referee, given the seats in turn order, their chips, cards and the actions, settles the same chips
        start = next(i for i, s in enumerate(seats) if s["first"] == "yes")
        lines = [f"actions = {json.dumps(first['actions'].split('; '))}"]
        for s in seats[start:] + seats[:start]:
            lines += ["[[seat]]", f'name = "{s["seat"]}"', f'chips = "{s["chips_before"]}"', f'hand = "{s["cards"]}"']
            lines += [f'kept = "{s["kept"]}"'] if s["kept"] else []
        file = tmp_path / f"hand{number}.toml"
        file.write_text("\n".join(lines) + "\n", encoding="utf-8")
        settled = runner.invoke(app, ["referee", str(file), "--json"])
        assert settled.exit_code == 0, (number, settled.output)
        chips = json.loads(settled.output)["chips"]
        assert {n: Fraction(str(c)) for n, c in chips.items()} == {s["seat"]: Fraction(s["chips_after"]) for s in seats}
    one = list(csv.DictReader(io.StringIO(_run(runner, app, played, "--csv", "--hand", "5"))))
    assert {r["hand"] for r in one} == {"5"}
    assert {r["hand"] for r in csv.DictReader(io.StringIO(_run(runner, app, played, "--csv", "--last", "2")))} == {"7", "8"}


@pytest.mark.parametrize("args, message", [
    (["--json", "--csv"], "give one of --json and --csv"),
    (["--hand", "2", "--last", "1"], "give one of --last, --hand and --all"),
    (["--all", "--last", "1"], "give one of --last, --hand and --all"),
    (["--hand", "99"], "classic session 1 has no hand 99"),
    (["--last", "0"], "is not a hand number"),
])
def test_a_bad_choice_is_one_line(runner, app, played, args, message):
    out = _run(runner, app, played, *args, code=2)
    assert message in " ".join(out.split()) and "Traceback" not in out


def test_a_pack_still_dealt_from_keeps_its_secrets_in_every_view(runner, app, tmp_path):
    from sqlmodel import Session

    from casino.db import classic_store
    from casino.db.database import connect

    url = f"sqlite:///{tmp_path / 'open.db'}"
    result = runner.invoke(app, ["classic", "--opponents", "3", "--hands", "9", "--seed", "secret", "--db", url],
                           input="f\nf\nf\nq\n")
    assert result.exit_code == 0, result.output
    with Session(connect(url)) as db:
        rows = classic_store.hands_of(1, session=db)
        sealed = classic_store.sealed_from(classic_store.get_session(1, session=db), rows)
    assert sealed is not None and len(rows) >= 2
    secrets = {r.hand_no: r.seed for r in rows if r.hand_no >= sealed}
    text = _run(runner, app, url, "--csv")
    for row in csv.DictReader(io.StringIO(text)):
        hidden = int(row["hand"]) in secrets
        assert (row["seed"] == "" and row["pack"] == "" and row["cards"] == "") == hidden, row
    data = json.loads(_run(runner, app, url, "--json"))
    for h in data["hands"]:
        hidden = h["hand"] in secrets
        assert (h["seed"] is None and h["pack"] is None and set(h["cards"]) == {None}) == hidden
    full = _run(runner, app, url, "--hand", str(rows[-1].hand_no))
    assert "not shown yet" in full
    for seed in secrets.values():
        assert seed not in text and seed not in full and seed not in json.dumps(data)


def test_the_result_speaks_to_you(runner, app, tmp_path):
    """The player's seat reads "You win 2" in every view of history --classic (the stored third-person
    summary said "You wins 2")."""
    import json as json_module

    url = f"sqlite:///{tmp_path / 'you.db'}"
    played = runner.invoke(app, ["classic", "--opponents", "1", "--hands", "2", "--seed", "1", "--db", url],
                           input="n\nq\n")  # Ann folds at once: you win blind
    assert played.exit_code == 0, played.output
    table = runner.invoke(app, ["history", "1", "--classic", "--db", url])
    one = runner.invoke(app, ["history", "1", "--classic", "--db", url, "--hand", "1"])
    data = json_module.loads(runner.invoke(app, ["history", "1", "--classic", "--db", url, "--json"]).output)
    csv = runner.invoke(app, ["history", "1", "--classic", "--db", url, "--csv"]).output
    for text in (table.output, one.output, csv, data["hands"][0]["result"]):
        assert "You win 2" in text and "You wins" not in text


def test_history_json_gives_the_rules_and_each_dealers_choice_variant_a_referee_file_needs(runner, app, tmp_path):
    """Found by a hostile test: history --json named the rules only ("Mix") and no hand its dealer's-choice
    variant, so a four-card hand rebuilt as a referee file was refused ("hand has 4 cards; these rules deal 3")
    and a custom rules file could not be recovered. It now gives rules_in_force and each hand's variant."""
    rules = tmp_path / "mix.toml"
    rules.write_text('name = "Mix"\ndealers_choice = true\nante = 2\nlimit = "pot"\nsee_cost = "equal"\n',
                     encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'mix.db'}"
    done = runner.invoke(app, ["classic", "--rules", str(rules), "--auto", "--hands", "12", "--opponents", "2",
                               "--chips", "100000", "--seed", "mix", "--db", url])
    assert done.exit_code == 0, done.output
    data = json.loads(runner.invoke(app, ["history", "1", "--classic", "--all", "--json", "--db", url]).output)
    in_force = data["rules_in_force"]
    assert (in_force["ante"], in_force["limit"], in_force["see_cost"], in_force["dealers_choice"]) == (
        "2", "pot", "equal", True)
    variants = [h["variant"] for h in data["hands"]]
    assert all(v is not None for v in variants) and {v["cards"] for v in variants} - {3}  # a pick of 4 or 5 cards
    checked = []
    for hand in data["hands"]:
        if hand["seed"] is None:  # (a pack still dealt from keeps its cards secret)
            continue
        checked.append(hand["variant"]["cards"])
        table = {**in_force, **hand["variant"], "dealers_choice": False}  # one hand, as it was dealt
        lines = ["[rules]", *(f"{k} = {json.dumps(v)}" for k, v in table.items()),
                 f"actions = {json.dumps(hand['actions'])}"]
        lines.insert(0, lines.pop())  # (actions before the [rules] table)
        order = hand["seats"].index(hand["first"])
        for i in [*range(order, len(hand["seats"])), *range(order)]:
            lines += ["[[seat]]", f'name = "{hand["seats"][i]}"', f'chips = "{hand["chips_before"][i]}"',
                      f'hand = "{hand["cards"][i]}"', *([f'kept = "{hand["kept"][i]}"'] if hand["kept"][i] else [])]
        file = tmp_path / f"hand{hand['hand']}.toml"
        file.write_text("\n".join(lines) + "\n", encoding="utf-8")
        settled = runner.invoke(app, ["referee", str(file), "--json"])
        assert settled.exit_code == 0, (hand["hand"], settled.output)
        chips = {n: Fraction(str(c)) for n, c in json.loads(settled.output)["chips"].items()}
        assert chips == {n: Fraction(c) for n, c in zip(hand["seats"], hand["chips_after"])}, hand["hand"]
    assert len(checked) >= 6 and set(checked) - {3}, checked  # four- or five-card picks among them
