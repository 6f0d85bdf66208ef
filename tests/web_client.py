"""What the HTTP tests of the page share: a server on loopback for an app, with an httpx client on it."""
from __future__ import annotations

from contextlib import contextmanager

import httpx

from interpreter.web.limits import Limits
from interpreter.web.server import Running

OPEN = Limits(per_client=10_000, burst=10 ** 9, refill=10 ** 9)  # no rate limit in the way of a test


@contextmanager
def served(app):
    """An httpx client on `app` served on loopback; `client.app` is the app (its tables, its store)."""
    with Running(app) as base, httpx.Client(base_url=base, timeout=10) as client:
        client.app = app
        yield client
