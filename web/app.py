"""The app factory: API routers, the pages, static files, error handlers and security headers.

    >>> from fastapi.testclient import TestClient
    >>> client = TestClient(create_app("sqlite://"))
    >>> client.get("/api/health").json()["status"]
    'ok'
    >>> client.get("/api/nothing-here").json()["detail"]
    'no such page or API route: /api/nothing-here'

Pages are plain HTML files in ``web/templates`` and their script and style in ``web/static``; nothing
is fetched from another site and nothing needs building. A strict Content-Security-Policy holds the
pages to this server's own scripts.
"""

from __future__ import annotations

from importlib import resources
from typing import Any, Callable

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from casino import __version__
from web import classic, designer, table_seats, tables
from web.body_limit import BodyLimit
from web.same_site import SameSite
from web.errors import install_handlers

__all__ = ["create_app", "PAGES"]

#: Page path -> (template file, title); every page shares the header drawn from this list.
PAGES: dict[str, tuple[str, str]] = {
    "/table": ("table.html", "Casino table"),
    "/classic": ("classic.html", "Traditional Brag"),
    "/designer": ("designer.html", "Game designer"),
}

_SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class SecurityHeaders:
    """Pure ASGI middleware adding :data:`_SECURITY_HEADERS` to every response (cheaper per request than
    Starlette's ``BaseHTTPMiddleware``, which runs each request in a task group of its own)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in _SECURITY_HEADERS.items()]
        self.docs_headers = [h for h in self.headers if h[0] != b"content-security-policy"]

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        # the interactive API docs page loads its script from a CDN when a person opens it: no CSP there
        extra = self.docs_headers if scope["path"].startswith("/api/docs") else self.headers

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in extra if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _package_dir(name: str) -> str:
    """A folder shipped inside the ``web`` package (``static``, ``templates``), as a path on disk."""
    return str(resources.files("web").joinpath(name))


def _template(name: str) -> str:
    return resources.files("web").joinpath("templates", name).read_text(encoding="utf-8")


def _page(path: str, db_option: str = "") -> HTMLResponse:
    """A page: the shared frame (``base.html``) with the page's own body and script slotted in, and the server's
    ``--db`` for the commands the page suggests at the terminal (``data-db`` on the body)."""
    from html import escape

    file, title = PAGES[path]
    here = ' class="here" aria-current="page"'
    nav = "".join(f'<a href="{href}"{here if href == path else ""}>{label}</a>' for href, (_, label) in PAGES.items())
    body = _template(file)
    html = (_template("base.html").replace("{{title}}", title).replace("{{nav}}", nav)
            .replace("{{page}}", file.removesuffix(".html")).replace("{{db}}", escape(db_option, quote=True))
            .replace("{{body}}", body))
    return HTMLResponse(html)


def create_app(db_url: str = "sqlite://", db_option: str = "", local_only: bool = False) -> FastAPI:
    """The whole web app on the database at ``db_url`` (any SQLAlchemy URL; see :mod:`casino.db`); ``db_option``
    (`` --db FILE``, :func:`casino.db.locations.db_option`) is added to the commands the pages suggest;
    ``local_only`` (a server on the loopback address) answers only requests addressed to this computer
    (:mod:`web.same_site`).

    The database is opened (tables created, schema version checked) when the first request needs it.
    """
    app = FastAPI(
        title="brag-table",
        summary="3 Card Brag / Three Card Poker: the casino table, traditional Brag and the game designer",
        version=__version__,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.db_url = db_url
    app.state.db_option = db_option
    # the casino sessions this server holds, and the database (with the traditional Brag tables)
    app.state.seats = table_seats.Seats(db_url, models=("casino.db.classic_models",))
    app.state.classic_seats = classic.ClassicSeats()  # the traditional Brag sessions
    install_handlers(app)

    app.add_middleware(BodyLimit)
    app.add_middleware(SameSite, local_only=local_only)  # (before the body is read: a refused request reads none)
    app.add_middleware(SecurityHeaders)  # (added last: outermost, so a refused body's answer has the headers too)

    @app.get("/api/health", tags=["server"], summary="Is the server up")
    def health() -> dict[str, Any]:
        return {"status": "ok"}

    app.include_router(tables.router)
    app.include_router(classic.router)
    app.include_router(designer.router)

    @app.get("/", include_in_schema=False)
    def home() -> RedirectResponse:
        return RedirectResponse(next(iter(PAGES)))

    for path in PAGES:
        app.add_api_route(path, _page_route(path, db_option), include_in_schema=False, response_class=HTMLResponse,
                          methods=["GET"])

    app.mount("/static", StaticFiles(directory=_package_dir("static")), name="static")
    return app


def _page_route(path: str, db_option: str) -> Callable[[], HTMLResponse]:
    """A route function for one page (a closure: FastAPI would read a default argument as a query)."""

    def page() -> HTMLResponse:
        return _page(path, db_option)

    return page
