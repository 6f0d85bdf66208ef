"""The web application (Starlette, ASGI): the pages, the JSON API and the pushed updates (server-sent events).

    GET  /                               the lobby: start a match, open a log
    GET  /play/{id}#TOKEN[,TOKEN]        a table; the seat tokens stay in the fragment, never in a request line
    GET  /replay/{id}                    a replay, stepped forward and back
    GET  /api/games                      the games on offer, their player counts and options
    POST /api/matches                    {game, players, options, seats: [here|remote|bot...], names}
    GET  /api/matches/{id}/state         ?viewer=SEAT|public; tokens in X-Meeple-Token
    POST /api/matches/{id}/ticket        {viewer}: a short-lived ticket for one viewer's event stream
    GET  /api/matches/{id}/events        ?ticket=T: server-sent events, the state of the ticket's viewer
    POST /api/matches/{id}/choose        {option, version}; tokens in X-Meeple-Token
    POST /api/matches/{id}/undo          {version}: the seat's last answer taken back, where the rules allow
    GET  /api/matches/{id}/log           the JSON-lines log, once the match is over
    POST /api/matches/{id}/replay        a replay of the match, once it is over
    GET  /api/logs                       logs saved by this server (--logs DIR) of matches not being played
    POST /api/replays                    {text, name} (a log's text) or {saved: NAME}: opens a replay
    GET  /api/replays/{id}               ?step=N&viewer=SEAT|public

Every refusal is JSON {"error": reason} with a 4xx status (503 when the server is full or a match's rules
overran their time); nothing answers with a traceback. What each request must be (JSON, from this
server's pages, within its client's limits) is guard.py's; where the rules run is lane.py's.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import ContentError, MeepleError
from .catalog import Catalog
from .errors import WebError
from .guard import Guard, Limits, client_of, read_body, read_json
from .replays import MAX_LOG_BYTES, Replays, parse_log, read_upload
from .store import Store
from .tables import SEAT_KINDS, Tables, check_choose_body
from .work import Work

STATIC = Path(__file__).resolve().parent / "static"
MAX_JSON_BYTES = 64_000
HEARTBEAT = 10.0
TICK = 0.25
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
log = logging.getLogger("meeple.web")


def _tokens(request: Request) -> list[str]:
    if "token" in request.query_params:
        raise WebError(400, "a token never goes in a URL: send it in the X-Meeple-Token header")
    raw = request.headers.get("x-meeple-token", "")
    found = [t.strip() for t in raw.split(",") if t.strip()]
    if len(found) > 8:
        raise WebError(400, "too many tokens")
    return found


def _seats(table, request: Request) -> list[int]:
    """The seats the request's tokens hold (0: the watch token); refused unless every token is good."""
    tokens = _tokens(request)
    if not tokens:
        table.seat_of(None)  # raises: a token is needed
    seats = []
    for t in tokens:
        s = table.seat_of(t)
        if s not in seats:
            seats.append(s)
    return seats


def _viewer(value, allowed: list[int] | None) -> int | None:
    """A viewer asked for: a seat number or `public`; by default the first seat held. None means the public
    view. `allowed` is the seats the tokens hold (None: any seat, for replays)."""
    v = value
    if v is None or v == "":
        return allowed[0] if allowed else None
    if v == "public":
        return None
    if isinstance(v, int) and not isinstance(v, bool):
        v = str(v)
    if not isinstance(v, str) or not (v.isascii() and v.isdigit()) or len(v) > 3:
        raise WebError(400, f"`viewer` must be a seat number or `public`, not {str(v)[:20]!r}")
    seat = int(v)
    if allowed is not None and seat not in allowed:
        raise WebError(403, f"your token is not seat {seat}'s: a seat's view needs that seat's token")
    return seat


def _json(data, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


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
    store = Store(db)
    tables = Tables(catalog, bot_delay, log_dir, limits, store)
    if db is not None:
        tables.resume()  # every match not over, where it stood, before the first request
    replays = Replays(catalog, limits.budget)
    work = Work()

    def page(name):
        async def serve_page(request: Request):
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-store"})
        return serve_page

    async def games(request: Request):
        return _json({"games": await asyncio.to_thread(catalog.summaries), "fixed": target is not None,
                      "logs": bool(log_dir), "watch": watch})

    async def create_match(request: Request):
        body = await read_json(request, MAX_JSON_BYTES)
        if not isinstance(body, dict):
            raise WebError(400, "the body must be a JSON object")
        gid = body.get("game")
        if not isinstance(gid, str):
            raise WebError(400, "`game` is missing: the id of a game from /api/games")
        entry = catalog.entry(gid)
        summary = catalog.summary(entry.id)
        if "error" in summary:
            raise WebError(422, f"{gid} {summary['error']}")
        if body.get("seed") not in (None, ""):
            raise WebError(400, "the server draws each match's seed, and tells it to nobody before the end: "
                                "a seed chosen by a player would show them every face-down card")
        players = body.get("players", summary["players"]["min"])
        if isinstance(players, bool) or not isinstance(players, int):
            raise WebError(400, "`players` must be a number")
        options = body.get("options") or {}
        if not isinstance(options, dict) or not all(isinstance(v, (str, int, bool)) for v in options.values()):
            raise WebError(400, "`options` must be a mapping of option names to values")
        options = {str(k): str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()}
        kinds = body.get("seats")
        if kinds is None:
            kinds = ["here"] + ["bot"] * (players - 1) if 1 <= players <= 16 else []
        if not isinstance(kinds, list) or any(k not in SEAT_KINDS for k in kinds):
            raise WebError(400, f"`seats` must list one of {', '.join(SEAT_KINDS)} for each seat")
        names = body.get("names")
        if names is not None:
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise WebError(400, "`names` must be a list of strings")
            names = [n.strip()[:24] or f"Player {i + 1}" for i, n in enumerate(names)]
            if len(names) < players:
                from ..runtime.match import DEFAULT_NAMES
                names += DEFAULT_NAMES[len(names):players]
        t = await tables.create(client_of(request.scope), gid, players, options, kinds, names)
        seats = []
        for s in t.seats:
            d = s.public() | {"where": s.kind}
            if s.token:
                d["token"] = s.token
                d["url"] = f"/play/{t.id}#{s.token}"
            seats.append(d)
        here = [s.token for s in t.seats if s.kind == "here"]
        return _json({"id": t.id, "seats": seats, "watch_url": f"/play/{t.id}#{t.watch_token}",
                      "play_url": f"/play/{t.id}#{','.join(here)}" if here else None}, 201)

    async def match_state(request: Request):
        t = await tables.get(request.path_params["id"])
        held = _seats(t, request)
        seat = _viewer(request.query_params.get("viewer"), [s for s in held if s])
        st = await t.run(t.state, seat)
        return _json(st | {"held": [s for s in held if s]})

    async def match_ticket(request: Request):
        t = await tables.get(request.path_params["id"])
        body = await read_json(request, MAX_JSON_BYTES)
        if not isinstance(body, dict):
            raise WebError(400, "the body must be a JSON object like {\"viewer\": 1} or {\"viewer\": \"public\"}")
        held = _seats(t, request)
        seat = _viewer(body.get("viewer"), [s for s in held if s])
        holder = ",".join(str(s) for s in sorted(held))
        return _json({"ticket": t.ticket(holder, "public" if seat is None else str(seat))}, 201)

    async def match_events(request: Request):
        t = await tables.get(request.path_params["id"])
        if "token" in request.query_params:
            _tokens(request)  # refused: a token never goes in a URL
        key = t.redeem(request.query_params.get("ticket"))
        seat = None if key == "public" else int(key)

        async def stream():
            ev = asyncio.Event()
            t.watch(ev)
            sent = 0
            last = -1
            epoch = t.epoch
            try:
                yield "retry: 1000\n\n"
                while True:
                    ev.clear()
                    if t.version != last:
                        if t.epoch != epoch:  # an answer was taken back: the account is sent whole again
                            sent, epoch = 0, t.epoch
                        try:
                            st = await t.run(t.state, seat, sent, last < 0)
                        except WebError:  # the rules are busy past their budget: the end of it is pushed
                            st = None
                        if st is not None:
                            last, sent = st["version"], st["log_size"]
                            yield f"event: state\ndata: {json.dumps({'version': last, 'key': key, 'state': st})}\n\n"
                    quiet = 0.0
                    while not ev.is_set() and not tables.closing:
                        try:  # short waits: a server that is stopping ends its streams at once
                            await asyncio.wait_for(ev.wait(), TICK)
                        except asyncio.TimeoutError:
                            quiet += TICK
                            if quiet >= HEARTBEAT:
                                quiet = 0.0
                                yield ": still here\n\n"
                    if tables.closing:
                        return
            finally:
                t.unwatch(ev)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def match_choose(request: Request):
        t = await tables.get(request.path_params["id"])
        body = await read_json(request, MAX_JSON_BYTES)
        option, version = check_choose_body(body)
        held = _seats(t, request)
        humans = [s for s in held if s]
        if not humans:
            raise WebError(403, "the watch link only watches: it cannot choose")
        d = t.match.pending
        seat = d.player.seat if d is not None and d.player.seat in humans else humans[0]
        await t.answer(seat, option, version)
        return _json({"version": t.version, "over": t.match.over})  # the new state comes by the event stream

    async def match_undo(request: Request):
        t = await tables.get(request.path_params["id"])
        body = await read_json(request, MAX_JSON_BYTES)
        if not isinstance(body, dict) or isinstance(body.get("version"), bool) or not isinstance(body.get("version"), int):
            raise WebError(400, "the body must be a JSON object like {\"version\": 3}: the position answered")
        held = _seats(t, request)
        humans = [s for s in held if s]
        if not humans:
            raise WebError(403, "the watch link only watches: it cannot take an answer back")
        last = t.before.seat if t.before is not None else None
        await t.take_back(last if last in humans else humans[0], body["version"])
        return _json({"version": t.version})

    def _over(t, request):
        _seats(t, request)
        if not t.match.over:
            raise WebError(409, "the match is not over: its log holds the seed, which would show the face-down "
                                "cards, so it is given out only at the end")

    async def match_log(request: Request):
        t = await tables.get(request.path_params["id"])
        _over(t, request)
        text = await t.run(t.log_text)
        return PlainTextResponse(text, media_type="application/x-ndjson", headers={
            "Content-Disposition": f'attachment; filename="{t.game.id}-{t.id}.jsonl"'})

    async def match_replay(request: Request):
        t = await tables.get(request.path_params["id"])
        _over(t, request)
        r = await replays.open({**t.header(), "finished": True}, list(t.match.choices))
        return _json({"id": r.id, "steps": r.steps, "url": f"/replay/{r.id}"}, 201)

    def _saved() -> list[tuple[str, dict, list]]:
        """The logs in --logs DIR of finished matches, newest first: (name, header, choices). A log without its
        result is of a match being played or interrupted, and holds a seed nobody may know yet."""
        if not log_dir or not os.path.isdir(log_dir):
            return []
        out = []
        for name in sorted((n for n in os.listdir(log_dir) if n.endswith(".jsonl")), reverse=True):
            try:
                header, choices = parse_log(Path(log_dir, name).read_text(encoding="utf-8"), name)
            except (WebError, OSError, UnicodeDecodeError):
                continue
            if header.get("finished") and not tables.seed_in_play(header.get("seed")):
                out.append((name, header, choices))
        return out

    async def saved_logs(request: Request):
        found = await work(_saved)
        return _json({"logs": [{"name": name, "game": h.get("game"), "players": h.get("players"),
                                "choices": len(c), "finished": True} for name, h, c in found[:100]]})

    async def open_replay(request: Request):
        raw = await read_body(request, MAX_LOG_BYTES + MAX_JSON_BYTES)
        got = await work.apart(read_upload, raw)  # in a worker process: a 5 MB log stalls no table
        if "saved" in got:
            name = got["saved"]
            found = [(h, c) for n, h, c in await work(_saved) if n == name] if isinstance(name, str) else []
            if not found:
                raise WebError(404, f"no saved log {str(name)[:80]!r} (see /api/logs)")
            header, choices = found[0]
        else:
            header, choices = got["header"], got["choices"]
        seed = header.get("seed")
        if await work(tables.seed_in_play, seed):
            raise WebError(409, "this log claims the seed of a match being played on this server: a match's "
                                "cards are shown only once it is over")
        r = await replays.open(header, choices)
        return _json({"id": r.id, "steps": r.steps, "url": f"/replay/{r.id}"}, 201)

    async def replay_state(request: Request):
        r = replays.get(request.path_params["id"])
        step = request.query_params.get("step", "0")
        if not (step.isascii() and step.lstrip("-").isdigit()) or len(step) > 9:
            raise WebError(400, f"`step` must be a number, not {step[:20]!r}")
        seat = _viewer(request.query_params.get("viewer"), None)
        if seat is not None and not 1 <= seat <= r.players:
            raise WebError(400, f"no seat {seat} in this match of {r.players} players")
        return _json(await replays.state(r, int(step), seat))

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
        return _json({"error": "the server failed on this request (a bug: the server's console has the details)"},
                     500)

    routes = [
        Route("/", page("index.html")),
        Route("/play/{id}", page("play.html")),
        Route("/replay/{id}", page("replay.html")),
        Route("/api/games", games),
        Route("/api/matches", create_match, methods=["POST"]),
        Route("/api/matches/{id}/state", match_state),
        Route("/api/matches/{id}/ticket", match_ticket, methods=["POST"]),
        Route("/api/matches/{id}/events", match_events),
        Route("/api/matches/{id}/choose", match_choose, methods=["POST"]),
        Route("/api/matches/{id}/undo", match_undo, methods=["POST"]),
        Route("/api/matches/{id}/log", match_log),
        Route("/api/matches/{id}/replay", match_replay, methods=["POST"]),
        Route("/api/logs", saved_logs),
        Route("/api/replays", open_replay, methods=["POST"]),
        Route("/api/replays/{id}", replay_state),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders)]
    if host in LOOPBACK:  # a page of another site cannot reach this server through a rebound DNS name
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost", "::1",
                                                                           "[::1]"]))
    middleware.append(Middleware(Guard, limits=limits))
    app = Starlette(routes=routes, middleware=middleware, exception_handlers={
        WebError: on_web_error, MeepleError: on_meeple_error, HTTPException: on_http_error, Exception: on_crash})
    app.state.tables = tables
    app.state.replays = replays
    app.state.catalog = catalog
    app.state.store = store
    app.state.work = work
    return app


class SecurityHeaders:
    """Pages run only their own scripts, are not framed, and send no referrer (tokens live in fragments)."""

    HEADERS = [(b"content-security-policy", b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
               (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
               (b"x-frame-options", b"DENY")]

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + self.HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)

