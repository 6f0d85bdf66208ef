"""The thread a match's rules run in: content runs off the event loop, each match (or replay) on its own
thread, a "lane", where every call into it runs, one at a time, each within a time budget.

A match must be played on the thread that started it (its rules run in a greenlet), so a lane is one
thread for the whole life of its match. A call that overruns its budget cannot be interrupted: the request
that made it is answered at once (`Overrun`), and the lane stays busy until the call ends (bounded by the
language's step budget); the event loop and every other lane go on meanwhile. Lanes' threads do not
hold the process back when the server stops.
"""
from __future__ import annotations

import asyncio
import queue
import threading
from concurrent.futures import Future

from .errors import WebError


class Overrun(WebError):
    """A call took longer than its lane's budget (it still runs to its end in its thread)."""

    def __init__(self, budget: float):
        super().__init__(503, f"the game's rules took longer than {budget:g} s on one answer")


class Lane:
    def __init__(self, budget: float, on_free=None):
        self.budget = budget
        self.on_free = on_free  # called (on the event loop) when a call that overran ends at last
        self._lock = asyncio.Lock()
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._work, name="meeple-lane", daemon=True).start()

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            fut, fn, args = job
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                fut.set_result(fn(*args))
            except BaseException as e:  # handed to the request that made the call
                fut.set_exception(e)

    async def run(self, fn, *args):
        """`fn(*args)` in this lane's thread; waits for the calls before it (at most one budget)."""
        try:
            await asyncio.wait_for(self._lock.acquire(), self.budget)
        except asyncio.TimeoutError:
            raise WebError(503, "this match is busy: its rules are still working on an earlier answer") from None
        job: Future = Future()
        self._jobs.put((job, fn, args))
        fut = asyncio.wrap_future(job)
        try:
            done, _ = await asyncio.wait({fut}, timeout=self.budget)
        except BaseException:  # the request went away: the lane is busy until the call ends
            fut.add_done_callback(self._release)
            raise
        if not done:
            fut.add_done_callback(self._release_late)
            raise Overrun(self.budget)
        self._lock.release()
        return fut.result()

    def _release(self, fut) -> None:
        if not fut.cancelled():
            fut.exception()  # read, so that it is not reported as never retrieved
        self._lock.release()

    def _release_late(self, fut) -> None:
        self._release(fut)
        if self.on_free is not None:
            self.on_free()

    def close(self) -> None:
        self._jobs.put(None)  # the thread ends after the call it is making, if any
