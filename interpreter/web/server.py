"""Runs the application with uvicorn on a socket bound here first, so a busy port is a plain message."""
from __future__ import annotations

import ipaddress
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
    sock = socket.socket(family, socket.SOCK_STREAM)
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
    config = uvicorn.Config(app, log_level="warning" if quiet else "info", access_log=False, lifespan="off",
                            timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    return server


def serve(target: str | None = None, host: str = "127.0.0.1", port: int = 8000, mods=(), log_dir: str | None = None,
          bot_delay: float = 0.4, out=sys.stdout) -> int:
    """Serve until interrupted. Refuses a game that does not load, or a port it cannot have, with a message."""
    from .app import create_app
    app = create_app(target, mods, bot_delay=bot_delay, log_dir=log_dir, host=host)
    sock = bind(host, port)
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    real_port = sock.getsockname()[1]
    games = ", ".join(app.state.catalog.entries)
    print(f"meeple: serving {games} on http://{shown}:{real_port}/ (Ctrl+C stops)", file=out, flush=True)
    if not _is_loopback(host):
        print("meeple: warning: this address is reachable from other machines; anyone who can reach it can "
              "start matches (seats still need their tokens)", file=out, flush=True)
    server = make_server(app, sock)
    try:
        server.run(sockets=[sock])
    finally:
        app.state.tables.close()
        sock.close()
    return 0
