"""The middleware every request goes through before the application reads it.

* `Guard`: a request that changes something (any method but GET and HEAD) must say its body is JSON
  (`Content-Type: application/json`) and, when it names an `Origin`, come from this server's own pages: a page
  of another site can send neither without this server's leave (no cross-site request forgery); each client
  (an address) spends from its own bucket of requests (limits.py), an empty bucket is 429.
* `SecurityHeaders`: pages run only their own scripts, are not framed, and send no referrer.
"""
from __future__ import annotations

import json

from .limits import Buckets, Limits, client_of

SAFE_METHODS = ("GET", "HEAD")


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

