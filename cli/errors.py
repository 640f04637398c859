"""Errors become one clear line on stderr and exit code 2, translated once, here.

:class:`BragGroup` is the Typer group class of the ``brag`` app: library errors
(:class:`casino.errors.BragError`) and command-line usage errors (unknown command, bad option value)
print as ``brag: error: …`` and exit with code 2 — never a traceback.

A closed standard output (``brag play --auto | head -1``: the reader left) ends every command the same
way, here too: quietly, with exit code 141 (:data:`PIPE_CLOSED`, what a shell shows for a tool stopped by
SIGPIPE). A command stores each hand as it is settled, so nothing settled is lost.
"""

from __future__ import annotations

import re
import sys
from typing import Any, NoReturn, Sequence

import typer
from typer.core import TyperGroup

try:  # Typer 0.22+ carries its own copy of Click
    from typer import _click as click
    from typer._click import exceptions as click_exceptions
except ImportError:  # pragma: no cover - older Typer on top of Click
    # the same names from the standalone Click package, which mypy sees as other modules: a fallback
    import click  # type: ignore[no-redef]
    from click import exceptions as click_exceptions  # type: ignore[no-redef]

from casino.errors import BragError


# Click 8.2+ (and Typer's copy of it) raise this after printing the help for a bare `brag`.
_NO_ARGS_IS_HELP = getattr(click_exceptions, "NoArgsIsHelpError", ())


#: The exit code when standard output was closed by its reader: 128 + SIGPIPE (13), as for ``yes | head -1``.
PIPE_CLOSED = 141


def fail(message: str, code: int = 2) -> NoReturn:
    """Print one red error line on stderr and leave with ``code``."""
    _print_error(message)
    raise typer.Exit(code)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush does not meet the closed pipe again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file descriptor (a test's CliRunner)
        pass


def _print_error(message: str) -> None:
    from rich.console import Console
    from rich.markup import escape

    message = " ".join(_visible(message).split("\n"))  # one line, and no escape sequence reaches the terminal
    if len(message) > 360:
        message = message[:360] + "…"
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"[bold red]brag: error:[/] {escape(message)}")


def _visible(text: str) -> str:
    """Control and format characters (ESC, BEL, bidirectional overrides …) written as ``\\x1b``, ``\\u202e``."""
    if text.isprintable():
        return text
    import unicodedata

    return "".join(ch if ch == "\n" or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Co", "Cs")
                   else (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}") for ch in text)


def _one_line(error: click_exceptions.ClickException) -> str:
    message = error.format_message()
    if isinstance(error, click_exceptions.UsageError) and error.ctx is not None:
        message += f" (see '{error.ctx.command_path} --help')"
    return " ".join(message.split())


def _plain_metavar(param: Any) -> None:
    """Show ``--bankroll BANKROLL`` and bare flags in help, rather than Typer's ``<str>`` / ``<bool>``."""
    if getattr(param, "param_type_name", "") == "argument":
        param.display_type_rich = lambda ctx: None  # the argument's name says it all
    if getattr(param, "metavar", None) is not None:
        return
    if getattr(param, "is_flag", False):
        param.metavar = ""
    elif param.name:
        param.metavar = param.name.upper()


_IN_TEXT_DEFAULT = re.compile(r"\s*\(default:? ([^()]*(?:\([^()]*\)[^()]*)*)\)")


def _one_default_style(param: Any) -> None:
    """Every default shown one way, Typer's ``[default: X]`` after the help: an option whose default is
    decided at run time (``None`` in the signature) says it in its help as ``(default X)``, moved here."""
    text = getattr(param, "help", None)
    if not text or getattr(param, "default", None) is not None:
        return
    found = _IN_TEXT_DEFAULT.findall(text)
    if len(found) != 1:
        return
    param.help = _IN_TEXT_DEFAULT.sub("", text).rstrip()
    if not param.help.endswith((".", "?", ")")):
        param.help += "."
    param.help += f"  \\[default: {found[0]}]"


class BragGroup(TyperGroup):
    """The ``brag`` group: lists commands in the order they were added, and translates errors."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for command in self.commands.values():
            if not command.short_help and command.help:  # one line per command in `brag --help`
                command.short_help = " ".join(command.help.split("\n\n")[0].split())
        for command in [self, *self.commands.values()]:
            for param in command.params:
                _plain_metavar(param)
                _one_default_style(param)
            make_help_option = command.get_help_option

            def get_help_option(ctx: Any, make: Any = make_help_option) -> Any:
                option = make(ctx)
                if option is not None:
                    _plain_metavar(option)
                return option

            # per command, so its help option shows plain value names too (Click builds it on demand)
            command.get_help_option = get_help_option  # type: ignore[method-assign]

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # what is still buffered is written now: a closed pipe is caught below, not at exit
            return result
        except BragError as error:
            fail(str(error))
        except BrokenPipeError:  # the reader of stdout left (`| head -1`): what was settled is already stored
            _quiet_stdout()
            raise typer.Exit(PIPE_CLOSED) from None

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        try:
            result = super().main(args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False,
                                  windows_expand_args=windows_expand_args, **extra)
        except click_exceptions.ClickException as error:
            if isinstance(error, _NO_ARGS_IS_HELP):  # `brag` alone: the help is already shown
                if standalone_mode:
                    sys.exit(0)
                return 0
            _print_error(_one_line(error))
            code = 2 if isinstance(error, click_exceptions.UsageError) else error.exit_code
            if standalone_mode:
                sys.exit(code)
            return code
        except typer.Abort:
            print("Aborted.", file=sys.stderr)
            if standalone_mode:
                sys.exit(1)
            return 1
        code = result if isinstance(result, int) else 0
        if standalone_mode:
            sys.exit(code)
        return result
