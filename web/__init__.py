"""The browser front end of brag-table: a FastAPI app serving pages and a JSON API under ``/api``.

Routes, page files and static assets only: every figure, deal and settlement comes from :mod:`casino`.
Start it with ``brag serve`` (see ``docs/web.md``), or build the app yourself::

    >>> from web.app import create_app
    >>> app = create_app("sqlite://")
    >>> sorted(path for path in app.openapi()["paths"] if path.startswith("/api/designer"))[:2]
    ['/api/designer/analyze', '/api/designer/catalog']
"""
