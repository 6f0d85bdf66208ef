"""The pages and the JSON API, one handler a request (the list is `ROUTES`; app.py says what each answers).

A handler reads what it needs from the application's state (`Site`: the tables, the replays, the catalog,
the pool of work) and its request through schemas.py; every refusal is a WebError, answered as JSON by
app.py's handlers.
"""
from __future__ import annotations

import asyncio
import json
import os
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..runtime.match import DEFAULT_NAMES
from .bodies import read_body, read_json
from .errors import WebError
from .limits import client_of
from .replays import MAX_LOG_BYTES, parse_log, read_upload
from .schemas import NewMatch, SeatKind, choice_of, step_of, tokens_of, version_of, viewer_of

STATIC = Path(__file__).resolve().parent / "static"
MAX_JSON_BYTES = 64_000
HEARTBEAT = 10.0
TICK = 0.25


@dataclass
class Site:
    """What the handlers share: set on `app.state.site` by create_app."""
    target: str | None
    catalog: object
    tables: object
    replays: object
    work: object
    log_dir: str | None
    watch: bool


def _site(request: Request) -> Site:
    return request.app.state.site


def _json(data, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


def _seats(table, request: Request) -> list[int]:
    """The seats the request's tokens hold (0: the watch token; none: a spectator at the match's plain
    address); refused unless every token given is good."""
    seats = []
    for t in tokens_of(request):
        s = table.seat_of(t)
        if s not in seats:
            seats.append(s)
    return seats


def _held(table, request: Request) -> list[int]:
    """The seats held, refused without a token."""
    seats = _seats(table, request)
    if not seats:
        table.seat_of(None)  # raises: a token is needed
    return seats


def page(name):
    async def serve_page(request: Request):
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-store"})
    return serve_page


async def games(request: Request):
    site = _site(request)
    return _json({"games": await asyncio.to_thread(site.catalog.summaries), "fixed": site.target is not None,
                  "logs": bool(site.log_dir), "watch": site.watch,
                  "pace": site.tables.bot_delay})  # seconds between two bots' answers: the lobby's default bot fits it


async def create_match(request: Request):
    site = _site(request)
    asked = NewMatch.read(await read_json(request, MAX_JSON_BYTES))
    entry = site.catalog.entry(asked.game)
    summary = site.catalog.summary(entry.id)
    if "error" in summary:
        raise WebError(422, f"{asked.game} {summary['error']}")
    players = summary["players"]["min"] if asked.players is None else asked.players
    kinds = asked.seats
    if kinds is None:
        kinds = [SeatKind("here")] + [SeatKind("bot", "random")] * (players - 1) if 1 <= players <= 16 else []
    names = asked.names
    if names is not None and len(names) < players:
        names += DEFAULT_NAMES[len(names):players]
    t = await site.tables.create(client_of(request.scope), asked.game, players, asked.options, kinds, names)
    seats = []
    for s in t.seats:
        d = s.public() | {"where": s.kind}
        if s.token:
            d["token"] = s.token
            d["url"] = f"/play/{t.id}#{s.token}"
        seats.append(d)
    here = [s.token for s in t.seats if s.kind == "here"]
    return _json({"id": t.id, "seats": seats, "watch_url": f"/play/{t.id}#{t.watch_token}",
                  "spectator_url": f"/play/{t.id}",
                  "play_url": f"/play/{t.id}#{','.join(here)}" if here else None}, 201)


async def match_state(request: Request):
    t = await _site(request).tables.get(request.path_params["id"])
    held = _seats(t, request)
    seat = viewer_of(request.query_params.get("viewer"), [s for s in held if s])
    st = await t.run(t.state, seat)
    return _json(st | {"held": [s for s in held if s]})


async def match_ticket(request: Request):
    t = await _site(request).tables.get(request.path_params["id"])
    body = await read_json(request, MAX_JSON_BYTES)
    if not isinstance(body, dict):
        raise WebError(400, "the body must be a JSON object like {\"viewer\": 1} or {\"viewer\": \"public\"}")
    held = _seats(t, request)
    seat = viewer_of(body.get("viewer"), [s for s in held if s])
    if not held:  # a spectator: a ticket of its own, whoever else watches from its address
        return _json({"ticket": t.spectator_ticket(client_of(request.scope))}, 201)
    holder = ",".join(str(s) for s in sorted(held))
    return _json({"ticket": t.ticket(holder, "public" if seat is None else str(seat))}, 201)


async def match_events(request: Request):
    site = _site(request)
    t = await site.tables.get(request.path_params["id"])
    tokens_of(request)  # refused: a token never goes in a URL
    key = t.redeem(request.query_params.get("ticket"))
    seat = None if key == "public" else int(key)
    tables = site.tables

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


def _people(t, request) -> list[int]:
    humans = [s for s in _held(t, request) if s]
    if not humans:
        raise WebError(403, "the watch link only watches: it cannot choose")
    return humans


async def match_choose(request: Request):
    t = await _site(request).tables.get(request.path_params["id"])
    option, version = choice_of(await read_json(request, MAX_JSON_BYTES))
    humans = _people(t, request)
    d = t.match.pending
    seat = d.player.seat if d is not None and d.player.seat in humans else humans[0]
    await t.answer(seat, option, version)
    return _json({"version": t.version, "over": t.match.over})  # the new state comes by the event stream


async def match_undo(request: Request):
    t = await _site(request).tables.get(request.path_params["id"])
    version = version_of(await read_json(request, MAX_JSON_BYTES))
    humans = _people(t, request)
    last = t.before.seat if t.before is not None else None
    await t.take_back(last if last in humans else humans[0], version)
    return _json({"version": t.version})


async def match_again(request: Request):
    """A new match of the same game, options and seats, once this one is over: each seat's new link."""
    site = _site(request)
    t = await site.tables.get(request.path_params["id"])
    held = _held(t, request)
    if not t.match.over:
        raise WebError(409, "the match is not over: play it to its end first")
    n = await site.tables.again(t, client_of(request.scope))
    here = [s.token for s, old in zip(n.seats, t.seats, strict=True) if s.token and old.seat in held]
    return _json({"id": n.id, "play_url": f"/play/{n.id}#{','.join(here)}" if here else f"/play/{n.id}",
                  "seats": [s.public() | ({"url": f"/play/{n.id}#{s.token}"} if s.token else {})
                            for s in n.seats]}, 201)


def _over(t, request):
    _held(t, request)
    if not t.match.over:
        raise WebError(409, "the match is not over: its log holds the seed, which would show the face-down "
                            "cards, so it is given out only at the end")


async def match_log(request: Request):
    t = await _site(request).tables.get(request.path_params["id"])
    _over(t, request)
    text = await t.run(t.log_text)
    return PlainTextResponse(text, media_type="application/x-ndjson", headers={
        "Content-Disposition": f'attachment; filename="{t.game.id}-{t.id}.jsonl"'})


async def match_replay(request: Request):
    site = _site(request)
    t = await site.tables.get(request.path_params["id"])
    _over(t, request)
    r = await site.replays.open({**t.header(), "finished": True}, list(t.match.choices))
    return _json({"id": r.id, "steps": r.steps, "url": f"/replay/{r.id}"}, 201)


def _saved(site: Site) -> list[tuple[str, dict, list]]:
    """The logs in --logs DIR of finished matches, newest first: (name, header, choices). A log without its
    result is of a match being played or interrupted, and holds a seed nobody may know yet."""
    if not site.log_dir or not os.path.isdir(site.log_dir):
        return []
    out = []
    for name in sorted((n for n in os.listdir(site.log_dir) if n.endswith(".jsonl")), reverse=True):
        try:
            header, choices = parse_log(Path(site.log_dir, name).read_text(encoding="utf-8"), name)
        except (WebError, OSError, UnicodeDecodeError):
            continue
        if header.get("finished") and not site.tables.seed_in_play(header.get("seed")):
            out.append((name, header, choices))
    return out


async def saved_logs(request: Request):
    site = _site(request)
    found = await site.work(_saved, site)
    return _json({"logs": [{"name": name, "game": h.get("game"), "players": h.get("players"),
                            "choices": len(c), "finished": True} for name, h, c in found[:100]]})


async def open_replay(request: Request):
    site = _site(request)
    raw = await read_body(request, MAX_LOG_BYTES + MAX_JSON_BYTES)
    got = await site.work.apart(read_upload, raw)  # in a worker process: a 5 MB log stalls no table
    if "saved" in got:
        name = got["saved"]
        found = [(h, c) for n, h, c in await site.work(_saved, site) if n == name] if isinstance(name, str) else []
        if not found:
            raise WebError(404, f"no saved log {str(name)[:80]!r} (see /api/logs)")
        header, choices = found[0]
    else:
        header, choices = got["header"], got["choices"]
    if await site.work(site.tables.seed_in_play, header.get("seed")):
        raise WebError(409, "this log claims the seed of a match being played on this server: a match's "
                            "cards are shown only once it is over")
    r = await site.replays.open(header, choices)
    return _json({"id": r.id, "steps": r.steps, "url": f"/replay/{r.id}"}, 201)


async def replay_state(request: Request):
    site = _site(request)
    r = site.replays.get(request.path_params["id"])
    step = step_of(request.query_params.get("step", "0"))
    seat = viewer_of(request.query_params.get("viewer"), None)
    if seat is not None and not 1 <= seat <= r.players:
        raise WebError(400, f"no seat {seat} in this match of {r.players} players")
    return _json(await site.replays.state(r, step, seat))


ROUTES = [
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
    Route("/api/matches/{id}/again", match_again, methods=["POST"]),
    Route("/api/matches/{id}/log", match_log),
    Route("/api/matches/{id}/replay", match_replay, methods=["POST"]),
    Route("/api/logs", saved_logs),
    Route("/api/replays", open_replay, methods=["POST"]),
    Route("/api/replays/{id}", replay_state),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]
