"""The hostile-input corpus: game files, command-line arguments, database URLs and interactive lines that
once hung, crashed or printed a traceback. Each runs `brag` in a real process under a time budget (a
subprocess timeout, not a timed assertion) and must end with exit code 2 and one short line on stderr
(interactive lines: refused in one line at the prompt, and the session goes on).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUDGET = 60  # seconds per case: far above what a refusal takes, far below a hang
GOOD = """name = "Hostile"
ranking = "brag"
[pair_plus]
pair = 1
flush = 4
"""


def _game(payout: str) -> str:
    return f'name = "Hostile"\nranking = "brag"\n[pair_plus]\npair = {payout}\n'


def _limits(line: str) -> str:
    return GOOD + f"[limits]\n{line}\n"


#: name -> the file's text (or bytes)
GAME_FILES: dict[str, str | bytes] = {
    "huge-exponent-payout": _game("1e999999999"),
    "huge-exponent-payout-text": _game('"1e999999999"'),
    "tiny-exponent-payout": _game("1e-999999999"),
    "huge-fraction-payout": _game('"1' + "0" * 5000 + '/3"'),
    "huge-integer-payout": _game("9" * 4000),
    "too-many-digits-integer": _game("9" * 5000),
    "nan-payout": _game("nan"),
    "inf-payout": _game("inf"),
    "minus-inf-payout": _game("-inf"),
    "negative-payout": _game("-1"),
    "bool-payout": _game("true"),
    "zero-denominator": _game('"1/0"'),
    "text-payout": _game('"lots"'),
    "array-payout": _game("[1, 2]"),
    "table-payout": _game("{ a = 1 }"),
    "date-payout": _game("1979-05-27"),
    "above-maximum": _game("1000000001"),
    "long-decimal": _game("0." + "1" * 5000),
    "huge-limit": _limits("max_ante = 1e999999999"),
    "zero-limit": _limits("min_ante = 0"),
    "negative-limit": _limits("max_ante = -5"),
    "text-limit": _limits('max_ante = "x"'),
    "deep-arrays": "x = " + "[" * 500 + "]" * 500 + "\n" + GOOD,
    "deep-inline-tables": "x = " + "{a = " * 500 + "1" + "}" * 500 + "\n" + GOOD,
    "deep-arrays-5000": "x = " + "[" * 5000 + "]" * 5000 + "\n" + GOOD,
    "deep-inline-tables-3000": "x = " + "{a=" * 3000 + "1" + "}" * 3000 + "\n" + GOOD,
    "deep-dotted-keys": GOOD + "[x" + ".a" * 3000 + "]\ny = 1\n",
    "deep-after-escaped-quote": 'x = ["\\"", ' + "[" * 3000 + "]" * 3000 + "]\n" + GOOD,
    "malformed": "name = \n",
    "unterminated-string": 'name = "abc\n',
    "unknown-key": GOOD + "colour = 1\n",
    "missing-ranking": 'name = "x"\n',
    "unknown-ranking": 'name = "x"\nranking = "poker-ish"\n',
    "ranking-number": 'name = "x"\nranking = 5\n',
    "name-number": 'name = 5\nranking = "brag"\n',
    "name-huge": 'name = "' + "x" * 20000 + '"\nranking = "brag"\n',
    "unknown-hand": _game("1").replace("pair =", "pairs ="),
    "duplicate-key": GOOD + "[pair_plus]\npair = 2\n",
    "bad-qualifier": GOOD + 'qualifier = "Z-high"\n'.join(["", ""]) if False else 'qualifier = "Z-high"\n' + GOOD,
    "bad-ties": 'ties = "maybe"\n' + GOOD,
    "qualifier-number": "qualifier = 7\n" + GOOD,
    "latin1": "name = \"caf\xe9\"\nranking = \"brag\"\n".encode("latin-1"),
    "utf16": GOOD.encode("utf-16"),
    "nul-bytes": b"\x00" * 100,
    "binary": bytes(range(256)) * 4,
    "empty": "",
    "only-bom": b"\xef\xbb\xbf",
    "bom-then-garbage": b"\xef\xbb\xbf[[[",
    "control-key": 'na\x01me = "x"\n' + GOOD,
    "pays-not-table": 'name = "x"\nranking = "brag"\npair_plus = 5\n',
    "limits-not-table": GOOD.replace("[pair_plus]", "limits = 3\n[pair_plus]"),
    "rules-not-table": 'rules = 5\n' + GOOD,
    "paytable-missing-file": 'name = "x"\nranking = "brag"\npair_plus = "no-such-table.toml"\n',
    "paytable-folder": 'name = "x"\nranking = "brag"\npair_plus = "."\n',
    "paytable-dev-zero": 'name = "x"\nranking = "brag"\npair_plus = "/dev/zero"\n',
    "paytable-self": 'name = "x"\nranking = "brag"\npair_plus = "paytable-self.toml"\n',
    "big-file": GOOD + "# " + "x" * (2 << 20) + "\n",
    "many-keys": GOOD + "[ante_bonus]\n" + "".join(f"k{i} = 1\n" for i in range(20000)),
}


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    for name, content in GAME_FILES.items():
        path = folder / f"{name}.toml"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    os.mkfifo(folder / "fifo.toml")
    (folder / "classic-cards-float.toml").write_text("cards = 3.0\n", encoding="utf-8")
    (folder / "a-folder.toml").mkdir()
    for i in range(400):  # a chain of 400 files, each naming the next as its Pair Plus table
        nxt = f"chain-{i + 1}.toml" if i < 399 else "chain-end.toml"
        (folder / f"chain-{i}.toml").write_text(f'name = "c{i}"\nranking = "brag"\npair_plus = "{nxt}"\n')
    (folder / "chain-end.toml").write_text(GOOD)
    (folder / "loop-a.toml").write_text('name = "a"\nranking = "brag"\npair_plus = "loop-b.toml"\n')
    (folder / "loop-b.toml").write_text('name = "b"\nranking = "brag"\npair_plus = "loop-a.toml"\n')
    foreign = folder / "foreign.db"
    with sqlite3.connect(foreign) as raw:
        raw.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)")
    raw.close()
    (folder / "notes.db").write_text("not a database\n" * 100)
    os.mkfifo(folder / "fifo.db")
    for name, text in REFEREE_FILES.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder


def _referee(actions: str = '"Ann bet 2"', ante: str = "1", chips: str = "20") -> str:
    seats = "".join(f'[[seat]]\nname = "{n}"\nchips = {chips if n == "Ann" else 20}\nhand = "{h}"\n'
                    for n, h in (("Ann", "Ah Kd 7c"), ("Bob", "Qs Qh 3d")))
    return f"actions = [{actions}]\n[rules]\nante = {ante}\n{seats}"


#: brag referee files (hand descriptions): amounts typed into them are bounded as a player's are
REFEREE_FILES = {
    "referee-bet-huge": _referee('"Ann bet 1e999999999"'),
    "referee-bet-tiny": _referee('"Ann bet 1e-99999"'),
    "referee-bet-long": _referee('"Ann bet ' + "9" * 5000 + '"'),
    "referee-chips-huge": _referee(chips="1e999999999"),
    "referee-chips-text-huge": _referee(chips='"1e999999999"'),
    "referee-chips-bool": _referee(chips="true"),
    "referee-ante-huge": _referee(ante='"1e999999999"'),
    "referee-ante-tiny": _referee(ante="1e-99999"),
    "referee-cards-float": _referee().replace("[rules]\n", "[rules]\ncards = 3.0\n"),
    "referee-jokers-float": _referee().replace("[rules]\n", "[rules]\njokers = 1.0\n"),
    "referee-kept-seen": _referee().replace("[rules]\n", "[rules]\nblind = false\n").replace(
        'hand = "Ah Kd 7c"\n', 'hand = "Ah Kd 7c"\nkept = "3h 3d 3s"\n'),
}


GAME_CASES = [*sorted(GAME_FILES), "fifo", "a-folder", "chain-0", "loop-a"]
GAME_CASES.remove("many-keys")  # valid TOML with unknown hands: one line too, kept below as a command case


# (id, arguments) — {dir} is the corpus folder; each must be refused in one line
ARGUMENT_CASES: list[tuple[str, list[str]]] = [
    ("play-bankroll-huge", ["play", "--bankroll", "1e999999999", "--auto", "--hands", "1"]),
    ("play-bankroll-tiny", ["play", "--bankroll", "1e-999999999", "--auto", "--hands", "1"]),
    ("play-bankroll-nan", ["play", "--bankroll", "nan", "--auto", "--hands", "1"]),
    ("play-bankroll-inf", ["play", "--bankroll", "inf", "--auto", "--hands", "1"]),
    ("play-bankroll-negative", ["play", "--bankroll", "-5", "--auto", "--hands", "1"]),
    ("play-bankroll-zero", ["play", "--bankroll", "0", "--auto", "--hands", "1"]),
    ("play-bankroll-text", ["play", "--bankroll", "lots", "--auto", "--hands", "1"]),
    ("play-bankroll-long", ["play", "--bankroll", "9" * 5000, "--auto", "--hands", "1"]),
    ("play-bankroll-fraction-zero", ["play", "--bankroll", "1/0", "--auto", "--hands", "1"]),
    ("play-ante-huge", ["play", "--ante", "1e999999999", "--auto", "--hands", "1"]),
    ("play-ante-negative", ["play", "--ante", "-1", "--auto", "--hands", "1"]),
    ("play-ante-above-table", ["play", "--ante", "100000", "--bankroll", "1000000", "--auto", "--hands", "1"]),
    ("play-pair-plus-huge", ["play", "--pair-plus", "1e999999999", "--auto", "--hands", "1"]),
    ("play-pair-plus-nan", ["play", "--pair-plus", "nan", "--auto", "--hands", "1"]),
    ("play-stop-win-huge", ["play", "--stop-win", "1e999999999", "--auto", "--hands", "1"]),
    ("play-stop-loss-negative", ["play", "--stop-loss", "-1", "--auto", "--hands", "1"]),
    ("play-hands-zero", ["play", "--hands", "0", "--auto"]),
    ("play-hands-negative", ["play", "--hands", "-3", "--auto"]),
    ("play-hands-text", ["play", "--hands", "many", "--auto"]),
    ("play-hands-float", ["play", "--hands", "1e9", "--auto"]),
    ("play-boxes-99", ["play", "--boxes", "99", "--auto", "--hands", "1"]),
    ("play-boxes-huge", ["play", "--boxes", "9" * 30, "--auto", "--hands", "1"]),
    ("play-boxes-zero", ["play", "--boxes", "0", "--auto", "--hands", "1"]),
    ("play-strategy-unknown", ["play", "--strategy", "psychic", "--auto", "--hands", "1"]),
    ("play-betting-unknown", ["play", "--betting", "lucky", "--auto", "--hands", "1"]),
    ("play-auto-without-hands", ["play", "--auto"]),
    ("play-resume-huge-id", ["play", "--resume", "99999999999999999999999"]),
    ("play-resume-2-63", ["play", "--resume", str(2**63)]),
    ("play-resume-text", ["play", "--resume", "abc"]),
    ("play-resume-negative", ["play", "--resume", "-1"]),
    ("play-resume-missing", ["play", "--resume", "12345"]),
    ("play-unknown-game", ["play", "no-such-game", "--auto", "--hands", "1"]),
    ("play-game-fifo", ["play", "{dir}/fifo.toml", "--auto", "--hands", "1"]),
    ("play-game-dev-zero", ["play", "/dev/zero", "--auto", "--hands", "1"]),
    ("play-seed-with-resume", ["play", "--resume", "1", "--seed", "x"]),
    ("play-h2h-bet-unknown", ["play", "teen-patti-20-20", "--bet", "nosuchbet=5", "--auto", "--hands", "1"]),
    ("play-h2h-bet-huge", ["play", "teen-patti-20-20", "--bet", "a=1e999999999", "--auto", "--hands", "1"]),
    ("play-h2h-bet-nan", ["play", "teen-patti-20-20", "--bet", "a=nan", "--auto", "--hands", "1"]),
    ("play-h2h-bet-negative", ["play", "teen-patti-20-20", "--bet", "tie=-1", "--auto", "--hands", "1"]),
    ("play-h2h-bet-no-amount", ["play", "teen-patti-20-20", "--bet", "a", "--auto", "--hands", "1"]),
    ("play-h2h-bet-long", ["play", "teen-patti-20-20", "--bet", "a=" + "9" * 5000, "--auto", "--hands", "1"]),
    ("play-h2h-bet-long-name", ["play", "teen-patti-pro", "--bet", "x" * 5000 + "=1", "--auto", "--hands", "1"]),
    ("play-h2h-bet-control", ["play", "teen-patti-20-20", "--bet", "\x1b[2J\x07=5", "--auto", "--hands", "1"]),
    ("play-h2h-bet-twice", ["play", "teen-patti-20-20", "--bet", "a=1", "--bet", "player_a=1", "--auto", "--hands", "1"]),
    ("play-h2h-bet-over-bankroll", ["play", "teen-patti-20-20", "--bet", "a=101", "--auto", "--hands", "1"]),
    ("play-h2h-side-bet-not-offered", ["play", "teen-patti-pro", "--side-bet", "6cb=1", "--auto", "--hands", "1"]),
    ("play-h2h-boxes", ["play", "teen-patti-20-20", "--boxes", "2", "--auto", "--hands", "1"]),
    ("play-h2h-strategy", ["play", "teen-patti-pro", "--strategy", "optimal", "--auto", "--hands", "1"]),
    ("play-h2h-ante", ["play", "teen-patti-20-20", "--ante", "5", "--auto", "--hands", "1"]),
    ("play-h2h-betting", ["play", "teen-patti-20-20", "--betting", "martingale", "--auto", "--hands", "1"]),
    ("play-bet-at-casino-table", ["play", "3-card-brag", "--bet", "a=5", "--auto", "--hands", "1"]),
    ("history-huge-id", ["history", "99999999999999999999999"]),
    ("history-2-63", ["history", str(2**63)]),
    ("history-zero", ["history", "0"]),
    ("history-negative", ["history", "-5"]),
    ("history-text", ["history", "one"]),
    ("history-last-huge", ["history", "1", "--last", "9" * 40]),
    ("history-last-zero", ["history", "1", "--last", "0"]),
    ("history-hand-huge", ["history", "1", "--hand", str(2**64)]),
    ("history-two-views", ["history", "1", "--last", "2", "--all"]),
    ("history-missing", ["history", "777"]),
    ("replay-huge-hand", ["replay", "1", str(2**70)]),
    ("replay-huge-id", ["replay", str(2**70), "1"]),
    ("replay-zero-hand", ["replay", "1", "0"]),
    ("replay-missing-hand", ["replay", "1", "99"]),
    ("replay-text-hand", ["replay", "1", "x"]),
    ("verify-huge-id", ["verify", str(2**63)]),
    ("verify-huge-hand", ["verify", "1", str(2**63)]),
    ("verify-head-short", ["verify", "1", "--head", "abc"]),
    ("verify-head-not-hex", ["verify", "1", "--head", "z" * 64]),
    ("verify-head-long", ["verify", "1", "--head", "a" * 5000]),
    ("verify-head-control", ["verify", "1", "--head", "\x1b[2J" + "a" * 60]),
    ("verify-missing", ["verify", "404"]),
    ("history-json-and-csv", ["history", "1", "--all", "--json", "--csv"]),
    ("history-classic-huge-id", ["history", str(2**63), "--classic"]),
    ("replay-classic-zero-hand", ["replay", "1", "0", "--classic"]),
    ("verify-classic-missing", ["verify", "404", "--classic"]),
    ("sessions-classic-foreign-db", ["sessions", "--classic", "--db", "{dir}/foreign.db"]),
    ("history-classic-foreign-db", ["history", "1", "--classic", "--db", "{dir}/foreign.db"]),
    *[(name, ["referee", f"{{dir}}/{name}.toml"]) for name in sorted(REFEREE_FILES)],
    ("classic-chips-huge", ["classic", "--chips", "1e999999999", "--hands", "1"]),
    ("classic-rules-fifo", ["classic", "--rules", "{dir}/fifo.toml", "--auto", "--hands", "1"]),
    ("classic-rules-dev-zero", ["classic", "--rules", "/dev/zero", "--auto", "--hands", "1"]),
    ("classic-rules-folder", ["classic", "--rules", "{dir}/a-folder.toml", "--auto", "--hands", "1"]),
    ("classic-rules-float", ["classic", "--rules", "{dir}/classic-cards-float.toml", "--auto", "--hands", "1"]),
    ("referee-fifo", ["referee", "{dir}/fifo.toml"]),
    ("classic-rules-deep", ["classic", "--rules", "{dir}/deep-arrays-5000.toml", "--auto", "--hands", "1"]),
    ("classic-rules-deep-inline", ["classic", "--rules", "{dir}/deep-inline-tables-3000.toml", "--auto", "--hands", "1"]),
    ("classic-rules-deep-dotted", ["classic", "--rules", "{dir}/deep-dotted-keys.toml", "--auto", "--hands", "1"]),
    ("referee-deep", ["referee", "{dir}/deep-arrays-5000.toml"]),
    ("referee-deep-inline", ["referee", "{dir}/deep-inline-tables-3000.toml"]),
    ("classic-rules-long-name", ["classic", "--rules", "x" * 5000, "--auto", "--hands", "1"]),
    ("classic-rules-long-folder", ["classic", "--rules", "{dir}/" + "y" * 300 + "/r.toml", "--auto", "--hands", "1"]),
    ("classic-rules-no-such-user", ["classic", "--rules", "~no-such-user-here/r.toml", "--auto", "--hands", "1"]),
    ("referee-long-name", ["referee", "x" * 5000]),
    ("referee-no-such-user", ["referee", "~no-such-user-here/r.toml"]),
    ("edge-no-such-user", ["edge", "~no-such-user-here/g.toml"]),
    ("referee-dev-zero", ["referee", "/dev/zero"]),
    ("classic-chips-arabic-indic", ["classic", "--chips", "١٠٠", "--auto", "--hands", "1"]),
    ("classic-ante-arabic-indic", ["classic", "--ante", "١", "--auto", "--hands", "1"]),
    ("classic-opponents-arabic-indic", ["classic", "--opponents", "٢", "--auto", "--hands", "1"]),
    ("play-bankroll-arabic-indic", ["play", "--bankroll", "١٠٠", "--auto", "--hands", "1"]),
    ("classic-chips-tiny", ["classic", "--chips", "1e-99999", "--hands", "1"]),
    ("classic-ante-huge", ["classic", "--ante", "1e999999999", "--hands", "1"]),
    ("classic-ante-tiny", ["classic", "--ante", "1e-99999", "--hands", "1"]),
    ("strategy-pair-plus-ratio-huge", ["strategy", "--pair-plus-ratio", "1e999999999"]),
    ("strategy-pair-plus-ratio-tiny", ["strategy", "--pair-plus-ratio", "1e-99999"]),
    ("edge-unknown", ["edge", "no-such-game"]),
    ("edge-fifo", ["edge", "{dir}/fifo.toml"]),
    ("edge-dev-zero", ["edge", "/dev/zero"]),
    ("edge-folder", ["edge", "{dir}"]),
    ("edge-dev-null", ["edge", "/dev/null"]),
    ("edge-proc", ["edge", "/proc/self/status"]),
    ("edge-many-keys", ["edge", "{dir}/many-keys.toml"]),
    ("edge-pair-plus-table-fifo", ["edge", "--pair-plus-table", "{dir}/fifo.toml"]),
    ("edge-pair-plus-table-huge", ["edge", "--pair-plus-table", "{dir}/huge-exponent-payout.toml"]),
    ("edge-ante-bonus-table-unknown", ["edge", "--ante-bonus-table", "nope"]),
    ("edge-escape-name", ["edge", "\x1b]0;owned\x07"]),
    ("edge-long-name", ["edge", "x" * 5000]),
    ("odds-unknown-ranking", ["odds", "--ranking", "nope"]),
    ("simulate-hands-zero", ["simulate", "--hands", "0"]),
    ("simulate-hands-negative", ["simulate", "--hands", "-10"]),
    ("simulate-unknown-game", ["simulate", "nope"]),
    ("session-bankroll-huge", ["session", "--bankroll", "1e999999999", "--bet", "5", "--hands", "10"]),
    ("session-bet-huge", ["session", "--bankroll", "100", "--bet", "1e999999999", "--hands", "10"]),
    ("session-bet-nan", ["session", "--bankroll", "100", "--bet", "nan", "--hands", "10"]),
    ("solve-unknown-bet", ["solve", "--bet", "nope", "--hand", "flush", "--edge", "0.03"]),
    ("solve-edge-huge", ["solve", "--bet", "pair_plus", "--hand", "flush", "--edge", "1e999999999"]),
    ("strategy-bad-card", ["strategy", "--dealer-card", "1x"]),
    ("unknown-command", ["gamble"]),
    ("unknown-option", ["play", "--turbo"]),
    ("db-copy-same", ["db", "copy", "{dir}/x.db", "{dir}/x.db"]),
    ("db-copy-missing-source", ["db", "copy", "{dir}/none.db", "{dir}/out.db"]),
    ("db-copy-foreign-source", ["db", "copy", "{dir}/foreign.db", "{dir}/out2.db"]),
    ("db-copy-to-no-such-user", ["db", "copy", "{dir}/foreign.db", "~no-such-user-here/x.db"]),
    ("db-copy-bad-session", ["db", "copy", "{dir}/foreign.db", "{dir}/out3.db", "--session", "x"]),
]

# database URLs (or paths) given to --db: each refused in one line
DATABASE_CASES: list[tuple[str, str]] = [
    ("unknown-scheme", "nonsense://x"),
    ("mysql-no-driver", "mysql://localhost/brag"),
    ("oracle-no-driver", "oracle://scott:tiger@localhost/x"),
    ("postgres-refused", "postgresql://user:secret@127.0.0.1:1/brag"),
    ("postgres-bad-port", "postgresql://u@127.0.0.1:99999999/brag"),
    ("postgres-bad-ipv6", "postgresql://u@[::1/brag"),
    ("postgres-driver-unknown", "postgresql+nodriver://u@h/d"),
    ("sqlite-missing-folder", "sqlite:////no/such/folder/brag.db"),
    ("path-missing-folder", "/no/such/folder/brag.db"),
    ("sqlite-folder", "sqlite:///{dir}"),
    ("path-folder", "{dir}"),
    ("path-dev-zero", "/dev/zero"),
    ("path-dev-null", "/dev/null"),
    ("path-fifo", "{dir}/fifo.db"),
    ("path-text-file", "{dir}/notes.db"),
    ("path-foreign", "{dir}/foreign.db"),
    ("url-foreign", "sqlite:///{dir}/foreign.db"),
    ("empty", ""),
    ("spaces", "   "),
    ("very-long", "sqlite:///" + "x" * 10000),
    ("control-chars", "sqlite:////no/such/\x1b[2J/x.db"),
    ("just-scheme", "://"),
    ("sqlite-uri-tricks", "sqlite:///file:x?mode=memory&cache=shared&uri=true&vfs=nope"),
    ("percent-garbage", "postgresql://%zz@h/d"),
    ("no-such-user", "~no-such-user-here/brag.db"),
]

DB_COMMANDS = {"play": ["play", "--auto", "--hands", "1"], "history": ["history", "1"], "verify": ["verify", "1"]}

# interactive lines at the bets prompt: each refused in one line there; the session then ends at "q"
INTERACTIVE_LINES = [
    "1e999999999", "1e-999999999", "nan", "inf", "-5", "1/0", "9" * 5000, "b 99999999999999999999", "b -1",
    "b x", "5 5 5", "5, , 5", "\x1b[2J", "x" * 10000, "5 nan", "1,2,3,4,5,6,7", "6cb 1e999999999",
    "prog -1", "nosuchbet 5", "0 0",
]


def brag(args: list[str], folder: Path, input: str | None = None) -> subprocess.CompletedProcess:
    argv = [a.replace("{dir}", str(folder)) for a in args]
    env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "BRAG_DB": str(folder / "default.db")}
    return subprocess.run([sys.executable, "-m", "cli", *argv], cwd=ROOT, input=input, capture_output=True,
                          text=True, timeout=BUDGET, env=env, errors="replace")


def refused_in_one_line(done: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-2000:]
    assert done.returncode == 2, (done.returncode, done.stdout[-500:], done.stderr[-500:])
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr[-2000:]
    assert lines[0].startswith("brag: error: "), lines[0][:300]
    assert len(lines[0]) <= 400, f"{len(lines[0])} characters: {lines[0][:200]}…"
    assert "\x1b" not in lines[0] and "\x07" not in lines[0], repr(lines[0][:200])


@pytest.mark.parametrize("name", GAME_CASES)
def test_hostile_game_file(files, name):
    refused_in_one_line(brag(["edge", f"{{dir}}/{name}.toml"], files))


@pytest.mark.parametrize("name, args", ARGUMENT_CASES, ids=[c[0] for c in ARGUMENT_CASES])
def test_hostile_arguments(files, name, args):
    refused_in_one_line(brag(args, files))


@pytest.mark.parametrize("command", sorted(DB_COMMANDS))
@pytest.mark.parametrize("name, url", DATABASE_CASES, ids=[c[0] for c in DATABASE_CASES])
def test_hostile_database(files, name, url, command):
    if command != "play" and name in ("unknown-scheme",):
        pass
    refused_in_one_line(brag([*DB_COMMANDS[command], "--db", url], files))


@pytest.mark.parametrize("line", INTERACTIVE_LINES, ids=[f"line{i}" for i in range(len(INTERACTIVE_LINES))])
def test_hostile_interactive_line(files, tmp_path, line):
    done = brag(["play", "--db", str(tmp_path / "i.db"), "--no-hints"], files, input=f"{line}\nq\n")
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-2000:]
    assert done.returncode == 0, (done.stdout[-800:], done.stderr[-800:])
    after = done.stdout.split("Bets", 1)[1]
    refusal = [ln for ln in after.splitlines() if ln.strip() and not ln.startswith(("Bets", "No hand", "Hand ", "Head"))]
    assert refusal and len(refusal[0]) <= 400, after[:800]
    assert "\x1b" not in done.stdout


# lines at a head-to-head game's bets prompt (teen-patti-20-20): each refused in one line there
HEAD_TO_HEAD_LINES = [
    "nosuchbet 5", "a 1e999999999", "a nan", "a", "a -5", "a 5 a 5", "a 5 player_a 1", "\x1b[2J 5", "x" * 10000,
    "a 0", "a 1/0", "tie=" + "9" * 5000, "6cb 5 prime 1", "a 101", "= = =",
]


@pytest.mark.parametrize("line", HEAD_TO_HEAD_LINES, ids=[f"h2h{i}" for i in range(len(HEAD_TO_HEAD_LINES))])
def test_hostile_head_to_head_line(files, tmp_path, line):
    done = brag(["play", "teen-patti-20-20", "--db", str(tmp_path / "h.db")], files, input=f"{line}\nq\n")
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-2000:]
    assert done.returncode == 0, (done.stdout[-800:], done.stderr[-800:])
    after = done.stdout.split("Bets [", 1)[1].split("]:", 1)[1]
    refusal = [ln for ln in after.splitlines() if ln.strip()]
    assert refusal and len(refusal[0]) <= 400 and "Hand 1:" not in done.stdout, after[:800]
    assert "No hand played" in done.stdout
    assert "\x1b" not in done.stdout


# lines at the `brag classic` action prompt (traditional Brag): each refused in one line there, the hand goes on
CLASSIC_LINES = [
    "b 1e999999999", "b 1e-99999", "b 1e-999999999", "b " + "9" * 5000, "b nan", "b inf", "b 1/0", "b -1",
    "b true", "r 1e999999999", "bet 0." + "1" * 90, "b ٢", "b ５",
]


@pytest.mark.parametrize("line", CLASSIC_LINES, ids=[f"classic{i}" for i in range(len(CLASSIC_LINES))])
def test_hostile_classic_line(files, tmp_path, line):
    done = brag(["classic", "--db", str(tmp_path / "c.db"), "--seed", "hostile", "--hands", "1"], files,
                input=f"{line}\nq\n")
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-2000:]
    assert done.returncode == 0, (done.stdout[-800:], done.stderr[-800:])
    after = done.stdout.split("Your action>", 1)[1]
    refusal = after.splitlines()[0].strip()
    assert refusal and len(refusal) <= 400 and "Your action>" in after, after[:800]
    assert "Exceeds the limit" not in done.stdout and "bets" not in refusal, refusal
    assert any(word in refusal for word in ("amount", "at most", "places", "negative", "number")), refusal


def test_a_byte_order_mark_is_accepted(files):
    (files / "bom.toml").write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    done = brag(["edge", "{dir}/bom.toml", "--json"], files)
    assert done.returncode == 0, done.stderr


def test_control_characters_in_a_name_are_shown_escaped(files):
    (files / "escape.toml").write_text(GOOD.replace('"Hostile"', '"Evil\\u001b[2J\\u202eName"'))
    done = brag(["edge", "{dir}/escape.toml"], files)
    assert done.returncode == 0, done.stderr
    assert "\x1b[2J" not in done.stdout and "\u202e" not in done.stdout
    assert "Evil\\x1b[2J\\u202eName" in done.stdout


def test_the_corpus_is_big_enough():
    total = (len(GAME_CASES) + len(ARGUMENT_CASES) + len(DATABASE_CASES) * len(DB_COMMANDS) + len(INTERACTIVE_LINES)
             + len(HEAD_TO_HEAD_LINES) + len(CLASSIC_LINES))
    assert total >= 150, total
