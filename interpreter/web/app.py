"""The web application (Starlette, ASGI): the pages, the JSON API and the pushed updates (server-sent events).

    GET  /                               the lobby: start a match, open a log
    GET  /play/{id}#TOKEN[,TOKEN]        a table; the seat tokens stay in the fragment, never in a request line
    GET  /play/{id}                      the same table as a spectator sees it: what is public
    GET  /replay/{id}                    a replay, stepped forward and back
    GET  /api/games                      the games on offer, their player counts and options
    POST /api/matches                    {game, players, options, seats: [here|remote|random|greedy|mcts...], names}
    GET  /api/matches/{id}/state         ?viewer=SEAT|public; tokens in X-Meeple-Token (none: a spectator)
    POST /api/matches/{id}/ticket        {viewer}: a short-lived ticket for one viewer's event stream
    GET  /api/matches/{id}/events        ?ticket=T: server-sent events, the state of the ticket's viewer
    POST /api/matches/{id}/choose        {option, version}; tokens in X-Meeple-Token
    POST /api/matches/{id}/undo          {version}: the seat's last answer taken back, where the rules allow
    POST /api/matches/{id}/again         a new match of the same game, options and seats, once it is over
    GET  /api/matches/{id}/log           the JSON-lines log, once the match is over
    POST /api/matches/{id}/replay        a replay of the match, once it is over
    GET  /api/logs                       logs saved by this server (--logs DIR) of matches not being played
    POST /api/replays                    {text, name} (a log's text) or {saved: NAME}: opens a replay
    GET  /api/replays/{id}               ?step=N&viewer=SEAT|public

Every refusal is JSON {"error": reason} with a 4xx status (503 when the server is full or a match's rules
overran their time); nothing answers with a traceback. What each request must be (JSON, from this
server's pages, within its client's limits) is middleware.py's
(with limits.py and bodies.py), what each body holds schemas.py's, the handlers routes.py's; where the rules
run is rules_thread.py's.
"""
from __future__ import annotations

import logging

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request

from ..errors import ContentError, MeepleError
from .catalog import Catalog
from .errors import WebError
from .limits import Limits
from .middleware import Guard, SecurityHeaders
from .replays import Replays
from .routes import ROUTES, Site, _json
from .store import Store
from .tables import Tables
from .work import Work

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
log = logging.getLogger("meeple.web")


async def on_web_error(request: Request, exc: WebError):
    r = _json({"error": exc.reason}, exc.status)
    if getattr(exc, "retry_after", None):
        r.headers["Retry-After"] = str(exc.retry_after)
    return r


async def on_meeple_error(request: Request, exc: MeepleError):
    if isinstance(exc, ContentError):
        first = exc.diagnostics[0] if exc.diagnostics else exc
        return _json({"error": f"the game does not load: {first}"}, 422)
    return _json({"error": str(exc)}, 400)


async def on_http_error(request: Request, exc: HTTPException):
    reason = exc.detail if exc.status_code != 404 else f"nothing at {request.url.path[:100]}"
    return _json({"error": reason}, exc.status_code)


async def on_crash(request: Request, exc: Exception):
    log.exception("unexpected error on %s", request.url.path)
    return _json({"error": "the server failed on this request (a bug: the server's console has the details)"}, 500)


def create_app(target: str | None = None, mods=(), bot_delay: float = 0.0, log_dir: str | None = None,
               host: str = "127.0.0.1", limits: Limits | None = None, watch: bool = False,
               db: str | None = None) -> Starlette:
    """The application serving `target` (a bundled game or a game folder; None: every bundled game).
    `watch`: a changed content file reloads its game for the next match (catalog.py). `db`: the SQLite file
    its matches are kept in (store.py), their play resumed from it at start; None keeps them in memory."""
    limits = limits or Limits()
    catalog = Catalog(target, mods, watch=watch)
    if watch:
        catalog.watching()
    store = Store(db)  # one server a file: a second is refused here
    tables = Tables(catalog, bot_delay, log_dir, limits, store)
    try:
        if db is not None:
            tables.resume()  # every match not over, where it stood, before the first request
    except BaseException:
        tables.close()
        store.close()
        raise
    replays = Replays(catalog, limits.budget)
    work = Work()
    middleware = [Middleware(SecurityHeaders)]
    if host in LOOPBACK:  # a page of another site cannot reach this server through a rebound DNS name
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost", "::1",
                                                                           "[::1]"]))
    middleware.append(Middleware(Guard, limits=limits))
    app = Starlette(routes=ROUTES, middleware=middleware, exception_handlers={
        WebError: on_web_error, MeepleError: on_meeple_error, HTTPException: on_http_error, Exception: on_crash})
    app.state.site = Site(target, catalog, tables, replays, work, log_dir, watch)
    app.state.tables = tables
    app.state.replays = replays
    app.state.catalog = catalog
    app.state.store = store
    app.state.work = work
    return app
