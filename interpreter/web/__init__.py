"""Play in the browser: `meeple serve` starts a local web server whose page starts and plays a match of any
game written in the content language, and steps through finished or interrupted matches from their logs.

The page knows no game: it draws what `match.view(seat)` gives (zones, cards and their fields, counters,
the pending decision's options) with display facts taken from the game's definition (see layout.py).
Each seat has a secret token; the server sends a seat only its own view (docs/web.md).

    from interpreter.web import create_app, serve
    app = create_app("content/GAME")       # an ASGI application (Starlette); None: every bundled game
    serve(None, host="127.0.0.1", port=8000)
"""
from __future__ import annotations

from .app import create_app
from .server import serve

__all__ = ["create_app", "serve"]
