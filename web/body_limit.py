"""A cap on request bodies: no request the pages send comes near it, and a huge one is refused before it is
read, so it cannot hold up the server's other clients while it is parsed.

A body announced bigger than :data:`LARGEST` (its ``Content-Length``) is answered 413 without being parsed; one
sent without a length (chunked) is counted as it arrives and refused once it passes the cap. The rest of a refused
body is read and dropped (up to :data:`DRAINED`), so the client gets the answer rather than a reset::

    >>> LARGEST
    1048576
"""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException

#: the largest request body taken, in bytes (a game file from the designer is a few kilobytes)
LARGEST = 1 << 20

_MESSAGE = f"the request body is larger than {LARGEST:,} bytes: nothing here takes one that big"


class BodyLimit:
    """Pure ASGI middleware refusing request bodies larger than ``largest`` bytes with a 413 and one line."""

    def __init__(self, app: Any, largest: int = LARGEST) -> None:
        self.app = app
        self.largest = largest

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or ()).get(b"content-length")
        if length is not None:
            try:
                announced = int(length)
            except ValueError:
                announced = 0  # the server (uvicorn, h11) refuses a bad length before it gets here
            if announced > self.largest:
                await _drain(receive)
                await _refuse(send)
                return
        seen = 0

        async def counted() -> dict[str, Any]:
            nonlocal seen
            message: dict[str, Any] = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.largest:  # read by a route: answered by the app's own handler, one line
                    if message.get("more_body", False):
                        await _drain(receive)
                    raise HTTPException(413, _MESSAGE)
            return message

        await self.app(scope, counted, send)


#: how much of a refused body is read and dropped, so that the client is sure to get the 413 (a server that
#: closes with a body unread makes the client's socket see a reset, not the answer); past this it just closes
DRAINED = 64 << 20


async def _drain(receive: Any) -> None:
    """Read the rest of a refused body and drop it, chunk by chunk (nothing is kept or parsed; the server's other
    clients are served between chunks), up to :data:`DRAINED` bytes."""
    read = 0
    while read <= DRAINED:
        message = await receive()
        if message["type"] != "http.request":
            return
        read += len(message.get("body", b""))
        if not message.get("more_body", False):
            return


async def _refuse(send: Any) -> None:
    body = json.dumps({"detail": _MESSAGE}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
