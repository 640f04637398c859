"""Every TOML file and text the project reads goes through one reader (casino.files.read_source /
read_game_file, casino.toml_files.parse_toml): deep nesting, names no file system takes and unreadable
paths are one BragError line from each of them, never a RecursionError or an OSError."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino.classic.referee import EXAMPLE, RefereeError, referee_file, referee_text
from casino.classic.rules import load_rules, parse_rules_text
from casino.errors import GameFileError
from casino.games import load_game, load_paytable, parse_game_text
from casino.sidebets import load_side_bet
from casino.toml_files import MAX_NESTING, parse_toml

DEPTH = 3000  # far beyond Python's stack for tomllib's recursive reader

#: name -> a TOML text nested DEPTH deep, each a different way
DEEP = {
    "arrays": "name = " + "[" * DEPTH + "]" * DEPTH + "\n",
    "inline-tables": "x = " + "{a=" * DEPTH + "1" + "}" * DEPTH + "\n",
    "dotted-keys": "name" + ".a" * DEPTH + " = 1\n",
    "dotted-header": "[x" + ".a" * DEPTH + "]\ny = 1\n",
    # an escaped quote once hid the rest of the line from the quick count: tomllib recursed
    "after-escaped-quote": 'name = ["\\"", ' + "[" * DEPTH + "]" * DEPTH + "]\n",
    # so did a multi-line string closing with an extra quote of its own
    "after-multiline-string": 'name = ["""a"""", ' + "[" * DEPTH + "]" * DEPTH + "]\n",
}


def _one_line_too_deep(error: BaseException) -> None:
    text = str(error)
    assert "\n" not in text and f"at most {MAX_NESTING}" in text and "nested" in text, text


@pytest.mark.parametrize("kind", sorted(DEEP))
def test_deep_nesting_is_refused_by_every_reader(tmp_path, kind):
    text = DEEP[kind]
    path = tmp_path / f"{kind}.toml"
    path.write_text(text)
    for read in (lambda: parse_toml(text, "x"), lambda: parse_game_text(text), lambda: load_game(path),
                 lambda: load_paytable(path), lambda: load_side_bet(path), lambda: parse_rules_text(text, "x"),
                 lambda: load_rules(path), lambda: load_rules(str(path))):
        with pytest.raises(GameFileError) as info:
            read()
        _one_line_too_deep(info.value)
    for settle in (lambda: referee_text(text, "x"), lambda: referee_file(path), lambda: referee_file(str(path))):
        with pytest.raises(RefereeError) as info:
            settle()
        _one_line_too_deep(info.value)


def test_nesting_up_to_the_limit_is_read_and_brackets_in_strings_do_not_count():
    assert parse_toml("x = " + "[" * (MAX_NESTING - 1) + "]" * (MAX_NESTING - 1), "x")
    with pytest.raises(GameFileError, match=f"nested {MAX_NESTING + 1} deep"):
        parse_toml("x = " + "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1), "x")
    many = "[" * 100
    cases = [(f'x = "{many}"', many), (f"x = '{many}'", many), (f'x = """\n{many}"""', many),
             (f"x = '''{many}\n'''", many + "\n"), (f'x = "\\"{many}"', '"' + many), (f"# {many}\nx = 1", 1)]
    for text, value in cases:
        assert parse_toml(text, "x") == {"x": value}, text
    assert parse_toml('a = """q"""" \nb = [[1]]', "x") == {"a": 'q"', "b": [[1]]}


def test_the_referee_example_and_built_in_rules_still_read():
    assert referee_text(EXAMPLE, "example.toml").showdown
    assert load_rules("FOUR-CARD-BRAG").cards == 4


NAMES = {
    "too-long": "x" * 5000,
    "long-folder": "/tmp/" + "y" * 300 + "/rules.toml",
    "long-component": "z" * 300 + ".toml",
    "no-such-user": "~no-such-user-here/rules.toml",
    "nul": "a\x00b.toml",
}


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_names_no_file_system_takes_are_one_line(kind):
    name = NAMES[kind]
    for read in (lambda: load_rules(name), lambda: load_game(name), lambda: load_paytable(name),
                 lambda: load_side_bet(name)):
        with pytest.raises(GameFileError) as info:
            read()
        assert "\n" not in str(info.value) and len(str(info.value)) < 400, str(info.value)[:500]
    with pytest.raises(RefereeError) as info:
        referee_file(name)
    assert "\n" not in str(info.value) and len(str(info.value)) < 400, str(info.value)[:500]


def test_a_long_name_is_shortened_in_the_line(tmp_path):
    folder = tmp_path / ("d" * 200)
    folder.mkdir()
    with pytest.raises(GameFileError, match="File name too long") as info:
        load_rules(folder / ("r" * 300 + ".toml"))
    assert "…" in str(info.value) and len(str(info.value)) < 200


def test_unreadable_file_is_one_line(tmp_path):
    path = tmp_path / "locked.toml"
    path.write_text("cards = 3\n")
    path.chmod(0)
    try:
        if _readable(path):
            pytest.skip("running as a user who reads every file")
        with pytest.raises(GameFileError, match="cannot read"):
            load_rules(path)
        with pytest.raises(RefereeError, match="cannot read"):
            referee_file(path)
    finally:
        path.chmod(0o644)


def _readable(path: Path) -> bool:
    try:
        path.read_bytes()
    except OSError:
        return False
    return True
