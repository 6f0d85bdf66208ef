"""The `meeple` command: the terminal's commands (cli/main.py), `meeple serve` (web/) and `meeple lsp` (lsp/).

The three front ends each stand on interpreter/project.py and none imports another: this module, above them,
is the one that knows them all. The command line's machinery (its parser, exit codes, `--debug`) is the
terminal's; the web page's and the language server's commands are added to it from here.

    python -m interpreter.command serve GAME      # as `meeple serve GAME`
"""
from __future__ import annotations

from .cli import main as cli


def _serve(sub) -> None:
    sp = sub.add_parser("serve", help="a local web server to play and replay matches in the browser")
    sp.add_argument("game", nargs="?", help="a bundled game or a game folder (default: every bundled game)")
    sp.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    sp.add_argument("--port", type=int, default=8000)
    sp.add_argument("--mod", action="append", metavar="PATH")
    sp.add_argument("--logs", metavar="DIR", help="save each match's log here (open them again from the page)")
    sp.add_argument("--db", metavar="FILE", help="the SQLite file the matches are kept in, resumed from it when the "
                    "server starts again (default: matches.sqlite3 in the user's data directory, printed at start)")
    sp.add_argument("--recover", action="store_true",
                    help="the --db file is damaged: copy what can be read of it into FILE-recovered beside it (the "
                         "file is left as it is) and serve the copy")
    sp.add_argument("--bot-delay", type=float, default=0.4, metavar="SECONDS", help="a pause before each bot answer")
    sp.add_argument("--max-tables", type=int, default=200, metavar="N",
                    help="matches held at once; when full, finished and idle ones go first, else 503 (default 200)")
    sp.add_argument("--per-client", type=int, default=20, metavar="N",
                    help="matches in play started from one address (default 20)")
    sp.add_argument("--rate", type=float, default=10.0, metavar="N",
                    help="requests that change something, per address and second, in bursts of 12 times as many; "
                         "a new match or replay counts 5 (default 10)")
    sp.add_argument("--budget", type=float, default=10.0, metavar="SECONDS",
                    help="the rules' time for one answer; a match that takes longer stops (default 10)")
    sp.add_argument("--watch", action="store_true",
                    help="reload a game when its content files change (new matches get it; a broken file is "
                         "shown in the lobby with its place)")
    sp.set_defaults(fn=_cmd_serve)


def _cmd_serve(args) -> int:
    from .errors import UsageError
    from .web import serve
    from .web.limits import Limits
    for name in ("max_tables", "per_client"):
        if getattr(args, name) < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1")
    if not args.budget > 0 or not args.rate > 0:
        raise UsageError("--budget and --rate must be numbers above 0")
    limits = Limits(max_tables=args.max_tables, per_client=args.per_client, budget=args.budget,
                    refill=args.rate, burst=max(1, round(12 * args.rate)))
    return serve(args.game, host=args.host, port=args.port, mods=args.mod or (), log_dir=args.logs,
                 bot_delay=args.bot_delay, limits=limits, watch=args.watch, db=args.db, recover=args.recover)


def _lsp(sub) -> None:
    sub.add_parser("lsp", help="a Language Server Protocol server on stdio, for editors (docs/editors.md)"
                   ).set_defaults(fn=_cmd_lsp)


def _cmd_lsp(args) -> int:
    from .lsp.server import serve
    return serve()


FRONTS = (_serve, _lsp)


def main(argv=None, ending: bool = False) -> int:
    """Every command of `meeple`, for callers that go on after it (tests among them)."""
    return cli.main(argv, ending, FRONTS)


def run() -> None:
    """The `meeple` console script."""
    cli.run(FRONTS)


if __name__ == "__main__":
    run()
