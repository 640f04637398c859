"""Every error a request can meet becomes a JSON body ``{"detail": "one clear line"}`` and a 4xx status.

* :class:`casino.errors.BragError` (bad card text, a bet the table refuses, a game file that says something
  impossible) -> ``400``; the library's message is the detail.
* Request bodies and parameters that do not fit the schema -> ``422``, the first problem in one line
  (``body.bets.0.ante: Input should be a valid string``) and every problem under ``errors``.
* A stored value that cannot be read back (:class:`casino.db.database.UnreadableData`: a hand-edited row,
  at the casino table or traditional Brag) -> ``409``, naming where it is.
* :class:`WebError` raised by the routes (no such session, a replayed request) -> its own status.
* Anything else is a bug: ``500`` with a one-line message, logged on the server; never a traceback sent out.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Protocol

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BeforeValidator
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from casino.errors import BragError

__all__ = ["WebError", "NotFound", "Conflict", "Seated", "SessionId", "SEQ_MAX", "check_id", "install_handlers", "first_seq", "turn"]

#: The largest action number a request may carry: the largest integer a page's JavaScript holds exactly.
SEQ_MAX = 2**53 - 1


def first_seq() -> int:
    """The first action number of a seat: a fresh unguessable number in [2**40, 2**52), never 0.

    The seat a resume builds (after ``/end``, a server restart, or an idle seat let go) must not count its
    actions again from where an earlier seat of the session did, or a request already refused as a replay (or
    one taken by the earlier seat) would be accepted again; and a new session may be given the id of one left
    before its first hand and removed, so a page still on the removed one must not find its next number there
    either (it ended the new session, or dealt on it). The server does not store the count, so every seat
    starts at a number drawn from :mod:`secrets` (2**52 of them, chance of meeting another seat's numbers
    negligible), with room to count up without passing :data:`SEQ_MAX`::

        >>> 2**40 <= first_seq() < 2**52
        True
    """
    return 2**40 + secrets.randbelow(2**52 - 2**40)

log = logging.getLogger("brag.web")


class WebError(Exception):
    """An error a route raises on purpose: ``status`` and a one-line ``detail`` for the client."""

    status = 400

    def __init__(self, detail: str, status: int | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        if status is not None:
            self.status = status


class NotFound(WebError):
    """No such session, hand or game."""

    status = 404


class Conflict(WebError):
    """The request does not fit the state: a replayed action number, a hand already settled."""

    status = 409


def _path_id(value: object) -> object:
    """A session id in a URL is its digits alone: ``int()`` would read ``1_0`` as 10 and ``+1``, `` 1`` as 1, so a
    garbled address acted on another session. Out-of-range ids are the routes' 404 (:func:`casino.ids.id_problem`)."""
    if isinstance(value, str) and not (value.isascii() and value.isdigit()):
        raise ValueError(f"{value[:30]!r} is not a session id: write it in digits alone")
    return value


def check_id(session_id: int) -> None:
    """404, in the words ``brag`` uses, for an id no database column holds (it never reaches the database)."""
    from casino.ids import id_problem

    problem = id_problem(session_id)
    if problem is not None:
        raise NotFound(problem)


#: A session id in a route's path (``/api/table/sessions/{session_id}``): digits only, then a whole number.
SessionId = Annotated[int, BeforeValidator(_path_id)]


def _where(location: tuple[Any, ...]) -> str:
    """``body.bets.0.ante``; a part that is not a plain word is quoted (a key may hold a line break)."""
    return ".".join(str(p) if re.fullmatch(r"[\w\-\[\]]+", str(p)) else json.dumps(str(p)) for p in location)


#: the branches pydantic names when a value fits none of an amount's types (web.exact_json.Amount)
_AMOUNT_BRANCHES = {"constrained-str", "int", "decimal", "bool"}


def _validation_detail(errors: list[dict[str, Any]]) -> str:
    locations = [tuple(e.get("loc", ())) for e in errors]
    if (len(errors) > 1 and {loc[-1] for loc in locations if loc} == _AMOUNT_BRANCHES
            and len({loc[:-1] for loc in locations}) == 1):  # an amount that is none of its types: NaN, a list …
        return (f"{_where(locations[0][:-1])}: an amount is a number or a text such as \"5\", \"2.5\" or \"5/2\" "
                "(not NaN, infinity, a list or an object)")
    first = errors[0] if errors else {"loc": (), "msg": "invalid request"}
    where = _where(tuple(first.get("loc", ())))
    message = str(first.get("msg", "invalid value")).removeprefix("Value error, ")  # a validator's own words
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {message}{more}" if where else message + more


def _unreadable_body(cause: BaseException | None) -> str:
    """Why a JSON body FastAPI could not read is refused, in one line (its own words were "There was an error
    parsing the body"), from the error it met: a number too long for Python to read (over 4,300 digits), or
    bytes that are not UTF-8 text."""
    digits = re.search(r"value has (\d+) digits", str(cause))
    if digits:
        return f"the body holds a number of {int(digits.group(1)):,} digits: at most {sys.get_int_max_str_digits():,}"
    if isinstance(cause, UnicodeDecodeError):
        return "the body is not UTF-8 text"
    if isinstance(cause, RecursionError):
        return "the body is nested too deeply"
    return "the body cannot be read as JSON"


def install_handlers(app: FastAPI) -> None:
    """Register the handlers above on ``app``."""

    @app.exception_handler(BragError)
    async def brag_error(request: Request, error: BragError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=400)

    from casino.db.database import UnreadableData

    @app.exception_handler(UnreadableData)  # a hand-edited row: the request is fine, the stored session is not
    async def unreadable(request: Request, error: UnreadableData) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=409)

    @app.exception_handler(WebError)
    async def web_error(request: Request, error: WebError) -> JSONResponse:
        return JSONResponse({"detail": error.detail}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")), "type": str(e.get("type", ""))}
            for e in error.errors()
        ]
        return JSONResponse({"detail": _validation_detail(errors), "errors": errors}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        detail = error.detail if isinstance(error.detail, str) else "request refused"
        if error.status_code == 404 and detail == "Not Found":
            path = request.url.path
            detail = f"no such page or API route: {path if len(path) <= 80 else path[:80] + '…'}"
        elif error.status_code == 405:
            path = request.url.path
            detail = f"{request.method} is not allowed on {path if len(path) <= 80 else path[:80] + '…'}"
        elif error.status_code == 400 and detail == "There was an error parsing the body":
            detail = _unreadable_body(error.__cause__)
        return JSONResponse({"detail": detail}, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(RecursionError)
    async def too_deep(request: Request, error: RecursionError) -> JSONResponse:
        # only stored JSON nested thousands deep (a row edited by hand) reaches this: requests are bounded
        log.warning("a stored value nested too deeply on %s %s", request.method, request.url.path)
        return JSONResponse({"detail": "the database holds a value nested too deeply to read (a row edited by "
                                       "hand?); brag verify names the rows"}, status_code=409)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> JSONResponse:  # a bug: logged, never shown
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return JSONResponse({"detail": f"internal error ({error.__class__.__name__}); see the server log"},
                            status_code=500)


class Seated(Protocol):
    """A seat held by a server: its lock, why it ended (if it did), its next action's number, and whether the
    server has let go of it (:mod:`web.holding`: the database holds the session, a resume reads it back)."""

    lock: Any
    ended: str | None
    seq: int
    dropped: bool


@contextmanager
def turn(seat: Seated, what: str, seq: int) -> Iterator[None]:
    """Hold ``seat`` for one action numbered ``seq``: its lock, refused (409) when ``what`` (``"session 4"``)
    has ended or ``seq`` is not its next action (taken already, or sent from an old page), and 404 when the
    server let go of the seat while the request waited (a resume reads the session back from the database)."""
    with seat.lock:
        if seat.dropped:
            raise NotFound(f"{what} is not open at this server any more: resume it")
        if seat.ended:
            raise Conflict(f"{what} has ended ({seat.ended})")
        if seq != seat.seq:
            raise Conflict(f"action {seq} is not this session's next action ({seat.seq}): it was already taken or "
                           "comes from an old page; reload the table")
        yield

