"""Work that is not a match's own, done off the event loop: parsing an uploaded log or a large body, reading the
saved logs. A small pool of threads, and a bound on the jobs waiting for it: past it a request is told to come
back (503 with Retry-After) rather than queued without end. A match's rules run in its lane (lane.py).
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from .errors import WebError

WORKERS = 2
WAITING = 16


class Busy(WebError):
    def __init__(self):
        super().__init__(503, "the server is busy reading other uploads: try again in a moment")
        self.retry_after = 1


class Work:
    def __init__(self, workers: int = WORKERS, waiting: int = WAITING):
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="meeple-work")
        self.waiting = waiting
        self.queued = 0

    async def __call__(self, fn, *args):
        """`fn(*args)` in the pool; refused (Busy) when `waiting` jobs are already in it or waiting for it."""
        if self.queued >= self.waiting:
            raise Busy()
        self.queued += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        finally:
            self.queued -= 1

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
