"""Every ``brag ...`` command the documentation shows (docs/*.md and README.md) is one the CLI takes: the
command exists, every option it uses is one of that command's options, and each example written out in a
code block parses as given (its arguments and option values too), with placeholders such as ``ID``,
``HAND`` and ``HASH`` read as a real value; a sketch (``brag history ID [--json|--csv]``, and the option
lines listed under a ``brag play [GAME]`` synopsis) names only options of its command. Nothing is run: the commands are parsed by the CLI's own
parser (``make_context``), so a renamed or removed option breaks this test, not a reader's first try.
"""

from __future__ import annotations

import functools
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]

#: placeholder words in examples -> a value of the right kind
PLACEHOLDERS = {"ID": "1", "N": "1", "HAND": "1", "NEW_ID": "1", "HASH": "ab" * 32, "DST": "other.db",
                "SRC": "brag.db", "URL": "sqlite:///x.db", "GAME": "3-card-brag"}


def documented_commands() -> Iterator[tuple[str, int, str, bool]]:
    """(file, line, command, in a code block) for every ``brag ...`` the documentation shows."""
    for path in DOCS:
        in_block = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_block = not in_block
                continue
            if in_block:
                text = line.strip().removeprefix("$ ")
                if text.startswith("brag "):
                    for part in re.split(r";\s*(?=brag )", text):
                        yield path.name, number, part, True
            else:
                for match in re.finditer(r"`(brag [^`]+)`", line):
                    yield path.name, number, match.group(1), False


def _words(command: str) -> list[str] | None:
    """The command's words without a trailing comment or description; None for a sketch (``…``, ``[ID]``)."""
    text = re.sub(r"\s+#.*$", "", command)
    text = re.sub(r"\s{3,}\S.*$", "", text)  # a description after a wide gap, as in an options list
    text = re.split(r"\s[|>]\s", text)[0]  # a pipe or a redirection
    if "…" in text or "..." in text or "[" in text or " / " in text:
        return None
    try:
        return shlex.split(text)[1:]
    except ValueError:
        return None


@functools.cache
def _root() -> Any:
    from typer.main import get_command

    from cli.main import app

    return get_command(app)


def _resolve(words: list[str]) -> tuple[Any, str, list[str]]:
    command: Any = _root()
    name = "brag"
    while hasattr(command, "get_command") and words and not words[0].startswith("-"):
        sub = command.get_command(None, words[0])
        assert sub is not None, f"'{name} {words[0]}' is not a command"
        name, command, words = words[0], sub, words[1:]
    return command, name, words


def _option_names(command: Any) -> set[str]:
    names = {"--help", "-h"}
    for param in command.params:
        names.update(getattr(param, "opts", ()))
        names.update(getattr(param, "secondary_opts", ()))
    return names


CASES = [case for case in documented_commands() if _words(case[2]) is not None]


def test_the_documentation_shows_commands() -> None:
    assert len(CASES) > 150  # the scan finds them (a broken pattern would find none and pass)


@pytest.mark.parametrize(("doc", "line", "command", "example"), CASES,
                         ids=[f"{doc}:{line}" for doc, line, _, _ in CASES])
def test_a_documented_command_is_one_the_cli_takes(doc: str, line: int, command: str, example: bool) -> None:
    words = _words(command)
    assert words is not None
    target, name, rest = _resolve(words)
    known = _option_names(target)
    for word in rest:
        option = word.split("=", 1)[0]
        if option.startswith("--"):
            assert option in known, f"{doc}:{line}: '{name}' has no option {option} ({command})"
    if example and "--help" not in rest and "-h" not in rest:
        values = [PLACEHOLDERS.get(word, word) for word in rest]
        try:
            target.make_context(name, values)
        except Exception as error:  # Typer's own click raises its own exception classes
            if type(error).__name__ == "Exit":
                return
            message = getattr(error, "format_message", lambda: str(error))()
            pytest.fail(f"{doc}:{line}: {command!r} does not parse: {message}")


def sketched_options() -> Iterator[tuple[str, int, str, str]]:
    """(file, line, command words, option) for the options a sketch names: a synopsis such as ``brag history
    ID [--json|--csv]`` and the lines under it that list more options (``  --seed TEXT   what it does``); the
    text after a wide gap is a description, not options."""
    for path in DOCS:
        in_block, command = False, ""
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_block, command = not in_block, ""
                continue
            if not in_block:
                continue
            text = line.strip().removeprefix("$ ")
            if text.startswith("brag "):
                head = re.sub(r"\s{3,}\S.*$", "", re.sub(r"\s+#.*$", "", text))
                command = " ".join(w for w in head.split()[1:3] if re.fullmatch(r"[a-z][a-z-]*", w))
            elif not (text.startswith("--") or text.startswith("[--")) or not command:
                continue
            else:
                head = re.sub(r"\s{3,}\S.*$", "", text)
            for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", head):
                yield path.name, number, command, option


SKETCHED = list(sketched_options())


def test_the_sketches_name_options() -> None:
    assert len(SKETCHED) > 100


@pytest.mark.parametrize(("doc", "line", "command", "option"), SKETCHED,
                         ids=[f"{doc}:{line}:{option}" for doc, line, _, option in SKETCHED])
def test_a_sketched_option_is_one_its_command_takes(doc: str, line: int, command: str, option: str) -> None:
    words = command.split()
    target: Any = _root()
    name = "brag"
    for word in words:  # 'db copy' is a command in a group; 'play GAME' stops at the argument
        sub = target.get_command(None, word) if hasattr(target, "get_command") else None
        if sub is None:
            break
        target, name = sub, word
    assert option in _option_names(target), f"{doc}:{line}: '{name}' has no option {option}"
