"""Runs the application with uvicorn on a socket bound here first, so a busy port is a plain message."""
from __future__ import annotations

import ipaddress
import os
import socket
import sys

from ..errors import MeepleError


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that say so (else each answer waits ~40 ms)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as e:
        sock.close()
        raise MeepleError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    sock.listen(64)
    sock.setblocking(False)
    return sock


def make_server(app, sock: socket.socket, quiet: bool = False):
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:  # Ctrl+C: the open event streams end, then the server
            app.state.tables.closing = True
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, log_level="warning" if quiet else "info", access_log=False, lifespan="off",
                            timeout_graceful_shutdown=3)
    return Server(config)


def serve(target: str | None = None, host: str = "127.0.0.1", port: int = 8000, mods=(), log_dir: str | None = None,
          bot_delay: float = 0.4, limits=None, out=sys.stdout, watch: bool = False, db: str | None = None,
          recover: bool = False) -> int:
    """Serve until interrupted. Refuses a game that does not load, or a port it cannot have, with a message.
    `limits` (guard.Limits): how many matches, per client, and the rules' time for one answer. `db`: the
    SQLite file the matches are kept in (default: store.default_path()). `recover`: `db` is damaged: what can
    be read of it is copied into a new file beside it (store.recovered_path), which is served."""
    from . import store
    from .app import create_app
    db = os.path.abspath(db or store.default_path())
    said = []
    if recover:
        copy = store.recovered_path(db)
        kept, lost = store.recover(db, copy)
        said = [f"meeple: {kept} matches read from {db} into {copy}, served from it (give --db {copy} from now on)",
                *(f"meeple: left out: {why}" for why in lost)]
        db = copy
    sock = bind(host, port)  # first: a busy port is said before any match is resumed
    try:
        app = create_app(target, mods, bot_delay=bot_delay, log_dir=log_dir, host=host, limits=limits,
                         watch=watch, db=db)
    except BaseException:
        sock.close()
        raise
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    real_port = sock.getsockname()[1]
    app.state.catalog.summaries()  # every game compiled now: the lobby opens at once, a broken game says so here
    games = ", ".join(f"{g['id']} (does not load)" if "error" in g else g["id"] for g in app.state.catalog.summaries())
    print(f"meeple: serving {games} on http://{shown}:{real_port}/ (Ctrl+C stops)", file=out, flush=True)
    for line in said:
        print(line, file=out, flush=True)
    resumed, aside = len(app.state.tables.tables), len(app.state.tables.set_aside)
    counts = ([f"{resumed} resumed"] if resumed else []) + ([f"{aside} set aside, each logged with its reason"]
                                                            if aside else [])
    print(f"meeple: matches kept in {db}" + (f" ({', '.join(counts)})" if counts else ""), file=out, flush=True)
    if watch:
        print("meeple: watching the content files: a changed file reloads its game for new matches", file=out,
              flush=True)
    if not _is_loopback(host):
        print("meeple: warning: this address is reachable from other machines; anyone who can reach it can "
              "start matches (seats still need their tokens)", file=out, flush=True)
    server = make_server(app, sock, quiet=True)
    try:
        server.run(sockets=[sock])
    finally:
        app.state.tables.close()
        app.state.replays.close()
        app.state.work.close()
        app.state.store.close()
        sock.close()
    return 0


class Running:
    """The application served from a thread, on a free port of 127.0.0.1: for tests and scripts.

        with Running(create_app("content/GAME", bot_delay=0)) as base:   # base = "http://127.0.0.1:PORT"
            ...
    """

    def __init__(self, app, host: str = "127.0.0.1", port: int = 0):
        self.app, self.host, self.port = app, host, port
        self.server = None
        self.thread = None
        self.base = ""

    def __enter__(self) -> str:
        import threading
        import time
        sock = bind(self.host, self.port)
        self.sock = sock
        self.server = make_server(self.app, sock, quiet=True)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise MeepleError("the web server did not start")
            time.sleep(0.02)
        self.base = f"http://{self.host}:{sock.getsockname()[1]}"
        return self.base

    def __exit__(self, *exc) -> None:
        self.app.state.tables.closing = True
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.app.state.tables.close()
        self.app.state.replays.close()
        self.app.state.work.close()
        self.app.state.store.close()
        self.sock.close()
