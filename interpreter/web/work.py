"""Work that is not a match's own, done off the event loop: reading the saved logs (a pool of threads), and
parsing an uploaded log of up to 5 MB (a pool of worker processes: parsing is Python's own work, and a thread
doing it would take turns for the interpreter with the event loop and every match's lane). Each pool is small,
and the jobs waiting for them are bounded: past the bound a request is told to come back (503 with
Retry-After) rather than queued without end. A match's rules run in its lane (rules_thread.py).
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from .errors import WebError

WORKERS = 2
WAITING = 16


class Busy(WebError):
    def __init__(self, *_):
        super().__init__(503, "the server is busy reading other uploads: try again in a moment")
        self.retry_after = 1

    def __reduce__(self):
        return type(self), ()


def _lower_priority() -> None:
    if hasattr(os, "nice"):
        os.nice(10)


class Work:
    def __init__(self, workers: int = WORKERS, waiting: int = WAITING):
        self.workers = workers
        self.threads = ThreadPoolExecutor(workers, thread_name_prefix="meeple-work")
        self.processes = None  # started at the first upload
        self.waiting = waiting
        self.queued = 0

    async def __call__(self, fn, *args):
        """`fn(*args)` in a thread of the pool."""
        return await self._run(self.threads, fn, *args)

    async def apart(self, fn, *args):
        """`fn(*args)` in a worker process (`fn`, its arguments and its result are pickled across)."""
        if self.processes is None:
            methods = multiprocessing.get_all_start_methods()  # never fork a process that has threads
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            # at a lower priority: the machine's cores go to the event loop and the matches first
            self.processes = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_lower_priority)
        try:
            return await self._run(self.processes, fn, *args)
        except BrokenProcessPool:  # a worker died (killed, out of memory): the next upload gets a new pool
            self.processes.shutdown(wait=False, cancel_futures=True)
            self.processes = None
            raise Busy() from None

    async def _run(self, pool, fn, *args):
        if self.queued >= self.waiting:
            raise Busy()
        self.queued += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
        finally:
            self.queued -= 1

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)
