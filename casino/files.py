"""Reading the files a player names: one bounded reader, and every problem one line naming the file.

Games, paytables, side-bet tables, traditional Brag rules and referee hands are all named the same way:
a built-in name (any case) or a path, read by :func:`read_source`::

    >>> from casino.files import read_game_file, read_source, shown_path
    >>> read_source("Pair-Plus-3", {"pair-plus-3": "[pair_plus]"}, "paytable")
    ('[pair_plus]', 'pair-plus-3 (built-in)', None)
    >>> read_game_file("no/such/file.toml")
    Traceback (most recent call last):
    ...
    casino.errors.UnknownGameError: no/such/file.toml: no such file
    >>> shown_path("/tmp/" + "x" * 200).endswith("…" + "x" * 30)
    True

Only regular files of at most :data:`MAX_FILE_BYTES` are read (a FIFO or a device could block), as UTF-8;
a name no file system takes, or any :class:`OSError`, is one :class:`~casino.errors.GameFileError`.
What the text holds is read by :func:`casino.toml_files.parse_toml`.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Mapping

from casino.errors import GameFileError, UnknownGameError

__all__ = ["MAX_FILE_BYTES", "shown_path", "file_path", "read_game_file", "read_source"]


#: The largest game or paytable file read (the built-in ones are a few kilobytes).
MAX_FILE_BYTES = 1 << 20


def shown_path(path: str | Path) -> str:
    """A file name for an error line: a very long one shortened to its start and end."""
    text = str(path)
    return text if len(text) <= 100 else f"{text[:60]}…{text[-30:]}"


def file_path(source: str | Path, base: Path | None = None) -> Path:
    """The path a file name given by a player names (``~`` expanded; relative to ``base`` when given).

    A name no file system takes (thousands of characters, a NUL, ``~nosuchuser``) is one clear
    :class:`~casino.errors.GameFileError`, as is every :class:`OSError` of :func:`read_game_file`.
    """
    text = str(source)
    if not text.strip():  # Path('') is '.', the folder this runs in
        raise UnknownGameError("an empty name is not a file name (give a built-in name or a path to a .toml file)")
    if len(text) > 4096 or "\x00" in text:
        problem = "a NUL character" if "\x00" in text else f"{len(text):,} characters"
        raise UnknownGameError(f"{shown_path(text)!r}: not a file name ({problem})")
    try:
        path = Path(text).expanduser()
    except RuntimeError as error:  # ~nosuchuser: no such home folder
        raise UnknownGameError(f"{shown_path(text)}: {error}") from None
    if base is not None and not path.is_absolute():
        path = base / path
    return path


def read_game_file(path: str | Path) -> str:
    """The text of a game file: a regular file (not a FIFO, a device or a folder: those could block or
    never end) of at most :data:`MAX_FILE_BYTES`, UTF-8 with or without a byte-order mark.

    Every file a player names (game, paytable, side-bet table, rules, referee hand) is read here, so any
    :class:`OSError` (no such file, a name too long, no permission …) is one :class:`GameFileError` line.
    """
    import stat

    if not isinstance(path, Path):
        path = file_path(path)
    shown = shown_path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise UnknownGameError(f"{shown}: no such file") from None
    except (OSError, ValueError) as error:
        raise GameFileError(f"{shown}: cannot read: {getattr(error, 'strerror', None) or error}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a pipe, a device …)"
        raise GameFileError(f"{shown}: is {kind}: a game file is a regular .toml file")
    if info.st_size > MAX_FILE_BYTES:
        raise GameFileError(f"{shown}: is {info.st_size:,} bytes: a game file is at most {MAX_FILE_BYTES:,}")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise GameFileError(f"{shown}: cannot read: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise GameFileError(f"{shown}: is more than {MAX_FILE_BYTES:,} bytes: a game file is at most that")
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (as some editors write) is accepted
    except UnicodeDecodeError as error:
        raise GameFileError(f"{shown}: cannot read: it is not UTF-8 text (byte {error.start:,})") from None


def read_source(
    source: str | Path, builtins: Mapping[str, str], kind: str, base: Path | None = None
) -> tuple[str, str, Path | None]:
    """(text, label, folder) of a built-in name (any case) or a file path: games, paytables, side-bet
    tables and traditional Brag rules are all named this way.

    A relative path named inside another file (``base`` is that file's folder) is read from that
    folder; the returned folder is where paths named inside *this* file are resolved from.
    """
    text_source = str(source)
    if text_source.lower() in builtins:  # built-in names in any case
        text_source = text_source.lower()
        return builtins[text_source], f"{text_source} (built-in)", None
    if len(text_source) > 4096 or "\x00" in text_source:
        raise UnknownGameError(f"unknown {kind}: a name or path of {len(text_source):,} characters")
    path = file_path(text_source, base)
    try:
        exists = path.exists()
    except OSError as error:  # a name too long for the file system …
        raise UnknownGameError(f"unknown {kind} {shown_path(text_source)!r}: {error.strerror or error}") from None
    if exists or text_source.endswith(".toml") or "/" in text_source:
        return read_game_file(path), str(path), path.parent
    near = difflib.get_close_matches(text_source, list(builtins), n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    raise UnknownGameError(
        f"unknown {kind} {shown_path(text_source)!r}{hint} (built-in: {', '.join(builtins)}; "
        "or give a path to a .toml file)"
    )
