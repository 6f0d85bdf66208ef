"""A request the server refuses: an HTTP status and the reason, shown to the person who asked."""
from __future__ import annotations


class WebError(Exception):
    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status = status
        self.reason = reason

    def __reduce__(self):  # raised in a worker process (work.py), handed back whole
        return type(self), (self.status, self.reason)
