"""Requests from this server's own pages only: a Host check against DNS rebinding and an Origin check against
cross-site posts.

A server on the loopback address is reachable from any page the player's browser opens: a page of another
site can rebind its own name to 127.0.0.1 and then read and play sessions as if it were this server's page
(its requests carry ``Host: that.site``), or post a plain form here (carrying ``Origin: http://that.site``).
So a server listening on loopback answers only requests addressed to a loopback name, and no server changes
anything for a request another site's page sent::

    >>> host_name("127.0.0.1:8000"), host_name("[::1]:8000"), host_name("LocalHost")
    ('127.0.0.1', '::1', 'localhost')
    >>> is_local("localhost"), is_local("127.0.0.2"), is_local("::1"), is_local("evil.example")
    (True, True, True, False)
"""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse

#: methods that change nothing: any page may send them (the answers are readable by this server's pages only)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def host_name(host: str) -> str:
    """The name in a ``Host`` header, without its port (an IPv6 address without its brackets), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def is_local(name: str) -> bool:
    """Whether a host name names this computer's loopback: ``localhost`` or a loopback address."""
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class SameSite:
    """Pure ASGI middleware: with ``local_only``, a request whose ``Host`` is not a loopback name is answered 400;
    always, a request that may change something (not GET, HEAD or OPTIONS) carrying an ``Origin`` other than
    the address it was sent to is answered 403. Each with one line, ``{"detail": ...}``."""

    def __init__(self, app: Any, local_only: bool = False) -> None:
        self.app = app
        self.local_only = local_only

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        host = headers.get(b"host", b"").decode("latin-1")
        problem = None
        if self.local_only and not is_local(host_name(host)):
            problem = (400, f"this server answers on this computer only (localhost, 127.0.0.1): a request for "
                            f"{host_name(host)[:80]!r} is refused, as a page of another site would send it")
        elif scope["method"] not in SAFE_METHODS and b"origin" in headers:
            origin = headers[b"origin"].decode("latin-1")
            sent = urlsplit(origin.strip().lower())
            if (sent.scheme, sent.netloc) != (scope.get("scheme", "http"), host.strip().lower()):
                problem = (403, f"a request from another site's page ({origin[:80]}) is refused: only this "
                                "server's own pages change a session")
        if problem is None:
            await self.app(scope, receive, send)
            return
        status, detail = problem
        await JSONResponse({"detail": detail}, status_code=status)(scope, receive, send)
