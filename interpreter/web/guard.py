"""What every request must be before the application reads it, and what each client may ask.

* A request that changes something (any method but GET and HEAD) must say its body is JSON
  (`Content-Type: application/json`) and, when it names an `Origin`, come from this server's own pages:
  a page of another site can send neither without this server's leave (no cross-site request forgery).
* Each client (an address) spends from its own bucket of requests; an empty bucket is 429.
* Bodies are read up to a size and parsed only when nested no deeper than `MAX_DEPTH`.
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass

from .errors import WebError

MAX_DEPTH = 16
SAFE_METHODS = ("GET", "HEAD")
_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKETS = re.compile(rb"[\[\]{}]")


@dataclass
class Limits:
    """How much one server and each of its clients may hold and ask."""
    max_tables: int = 200  # matches kept at once; beyond, finished and idle ones go first, else 503
    per_client: int = 20  # matches in play started by one address
    idle: float = 3600.0  # seconds without an answer or a watcher after which a match no longer counts as in play
    budget: float = 10.0  # seconds of the rules' work for one answer (and the bots' answers after it)
    burst: int = 120  # a client's bucket of requests...
    refill: float = 10.0  # ...filled again at this rate per second
    costs: tuple = (("/api/matches", 5), ("/api/replays", 5))  # paths that cost more (the rest cost 1)


def depth(raw: bytes) -> int:
    """How deep the JSON text's arrays and objects nest (brackets inside strings do not count)."""
    deepest = level = 0
    for m in _BRACKETS.finditer(_STRINGS.sub(b'""', raw)):
        if m.group() in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def parse_json(raw: bytes):
    if depth(raw) > MAX_DEPTH:
        raise WebError(400, f"the JSON is nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:  # JSONDecodeError, too many digits...
        raise WebError(400, f"the body is not JSON: {e}"[:300]) from None


async def read_body(request, limit: int) -> bytes:
    """The body of a Starlette request (413 past `limit` bytes, 400 when empty)."""
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise WebError(413, f"the body is larger than {limit} bytes")
    chunks, total = [], 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > limit:
            raise WebError(413, f"the body is larger than {limit} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        raise WebError(400, "the body is empty: a JSON object is expected")
    return raw


async def read_json(request, limit: int):
    """The body of a Starlette request, parsed (413 past `limit` bytes, 400 when not JSON or too deep). For
    small bodies: a large one is parsed off the event loop (work.py)."""
    return parse_json(await read_body(request, limit))


class Buckets:
    """A bucket of requests per client address, `burst` deep, filled at `refill` per second."""

    MAX_CLIENTS = 10_000

    def __init__(self, burst: int, refill: float):
        self.burst, self.refill = burst, refill
        self.level: dict[str, tuple[float, float]] = {}

    def spend(self, client: str, cost: int) -> bool:
        now = time.monotonic()
        level, at = self.level.get(client, (self.burst, now))
        level = min(self.burst, level + (now - at) * self.refill)
        if level < cost:
            self.level[client] = (level, now)
            return False
        if len(self.level) >= self.MAX_CLIENTS and client not in self.level:
            self.level = {c: v for c, v in self.level.items() if v[0] + (now - v[1]) * self.refill < self.burst}
        self.level[client] = (level - cost, now)
        return True


def client_of(scope) -> str:
    client = scope.get("client")
    return client[0] if client else "unknown"


class Guard:
    """ASGI middleware: refuses foreign or non-JSON state-changing requests, and clients asking too much."""

    def __init__(self, app, limits: Limits):
        self.app = app
        self.costs = dict(limits.costs)
        self.buckets = Buckets(limits.burst, limits.refill)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            return await self.app(scope, receive, send)
        refusal = self.refusal(scope)
        if refusal is None:
            return await self.app(scope, receive, send)
        status, reason, extra = refusal
        body = json.dumps({"error": reason}).encode()
        await send({"type": "http.response.start", "status": status, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"), *extra]})
        await send({"type": "http.response.body", "body": body})

    def refusal(self, scope):
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        origin = headers.get("origin")
        if origin is not None:
            own = f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"
            if origin.lower() != own.lower():
                return 403, (f"a request from another site ({origin[:80]}) may not change anything on this "
                             "server"), []
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return 415, "a request that changes something must send JSON (Content-Type: application/json)", []
        if not self.buckets.spend(client_of(scope), self.costs.get(scope["path"], 1)):
            wait = max(1, round(self.costs.get(scope["path"], 1) / max(self.buckets.refill, 0.001)))
            return 429, f"too many requests from your address: wait {wait} s", [(b"retry-after", str(wait).encode())]
        return None
