"""What one server and each of its clients may hold and ask: the limits, and each client's bucket of requests."""
from __future__ import annotations

import time
from dataclasses import dataclass


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
