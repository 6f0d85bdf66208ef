"""Live matches on the server ("tables"): the match, its seats with their secret tokens, its bots, and
the states each seat is sent."""
from __future__ import annotations

import asyncio
import hmac
import os
import secrets
import time
from dataclasses import dataclass

from ..agents import make_agent
from ..errors import IllegalChoice, MeepleError, RuntimeContentError
from ..runtime.match import Match
from ..runtime.record import LogWriter
from .errors import WebError
from .layout import meta
from .privacy import Account

SEAT_KINDS = ("here", "remote", "bot")
MAX_TABLES = 200


@dataclass
class Seat:
    seat: int
    name: str
    kind: str  # here | remote | bot
    token: str | None = None
    agent: object = None

    @property
    def human(self) -> bool:
        return self.kind != "bot"

    def public(self) -> dict:
        return {"seat": self.seat, "name": self.name, "kind": "bot" if self.kind == "bot" else "human"}


class Table:
    def __init__(self, game, entry, players: int, seed: int, options: dict, kinds: list[str],
                 names: list[str] | None, bot_delay: float, log_dir: str | None, display: dict | None = None):
        self.id = secrets.token_urlsafe(9)
        self.game = game
        self.entry = entry
        self.seed = seed
        self.match = Match(game, players, seed, options, names=names)
        self.account = Account(self.match)
        self.seats = [Seat(p.seat, p.name, kinds[p.index]) for p in self.match.players]
        for s in self.seats:
            if s.human:
                s.token = secrets.token_urlsafe(18)
            else:
                s.agent = make_agent("random", seed, s.seat)
        self.watch_token = secrets.token_urlsafe(18)  # the public view only: for a screen that watches
        self.version = 0
        self.history: list[dict] = []  # every answer, as the log writes it
        self.error: str | None = None
        self.bot_delay = bot_delay
        self.created = time.time()
        self.touched = self.created
        self._watchers: set[asyncio.Event] = set()
        self._bots: asyncio.Task | None = None
        self.meta = display if display is not None else meta(game, self.match)
        self.log = None
        self.log_path = None
        if log_dir:
            os.makedirs(log_dir, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.log_path = os.path.join(log_dir, f"{stamp}-{game.id}-{self.id}.jsonl")
            self.log = LogWriter(self.log_path, self.header())

    # ---- who is asking
    def seat_of(self, token) -> int | None:
        """The seat a token belongs to (0 for the watch token); a forged or missing token is refused."""
        if not isinstance(token, str) or not token:
            raise WebError(403, "a seat token is needed: open the match from the link you were given")
        given = token.encode("utf-8", "surrogateescape")  # bytes: compare_digest refuses non-ASCII text
        for s in self.seats:
            if s.token is not None and hmac.compare_digest(s.token.encode(), given):
                return s.seat
        if hmac.compare_digest(self.watch_token.encode(), given):
            return 0
        raise WebError(403, "this token is not a seat of this match")

    # ---- what a seat is sent
    def state(self, seat: int | None, log_from: int = 0, with_meta: bool = True) -> dict:
        m = self.match
        d = m.pending
        out = {
            "match": self.id, "version": self.version, "viewer": seat,
            "seats": [s.public() for s in self.seats],
            "view": m.view(seat if seat else None),
            "log_from": log_from, "log": self.account.lines(seat or None, log_from),
            "log_size": len(m.lines),
            "deciding": ({"seat": d.player.seat, "name": d.player.name, "prompt": d.prompt,
                          "bot": not self.seats[d.player.index].human} if d is not None and not self.error else None),
            "over": m.over, "result": self._result(), "error": self.error,
        }
        if with_meta:
            out["meta"] = self.meta
        return out

    def _result(self) -> dict | None:
        r = self.match.result
        if r is None:
            return None
        out = r.as_dict()
        out["names"] = {str(s.seat): s.name for s in self.seats}
        return out

    # ---- answers
    def choose(self, seat: int, option, version=None) -> None:
        m = self.match
        if self.error:
            raise WebError(409, f"the match has stopped: {self.error}")
        if m.over:
            raise WebError(409, "the match is over: there is nothing to choose")
        if seat == 0:
            raise WebError(403, "the watch link only watches: it cannot choose")
        d = m.pending
        if d.player.seat != seat:
            raise WebError(409, f"it is {d.player.name}'s decision, not yours")
        if version is not None and version != self.version:
            raise WebError(409, f"the position has changed since you looked (version {version}, now "
                                f"{self.version}): look again")
        try:
            self._apply(option)
        except IllegalChoice as e:
            raise WebError(422, f"refused: {e}") from None
        except MeepleError as e:
            self.error = f"content failed while playing: {e}"
            self.changed()
            raise WebError(409, f"the match has stopped: {self.error}") from None
        self.changed()
        self.run_bots()

    def _apply(self, option) -> None:
        d = self.match.pending
        labels = d.labels()  # read before answering: the match goes on
        self.account.choose(option)
        k = self.match.choices[-1]
        self.history.append({"seat": d.player.seat, "choice": k, "label": labels[k]})
        if self.log is not None:
            self.log.choice(d.player.seat, k, labels[k])
            if self.match.over:
                self.log.result(self.match.result.as_dict())

    def _bot_turn(self) -> bool:
        """One bot answer, if a bot is to decide; False when a human is (or nobody)."""
        m = self.match
        if m.over or self.error:
            return False
        seat = self.seats[m.pending.player.index]
        if seat.human:
            return False
        try:
            self._apply(seat.agent.choose(m.view(m.pending.player), m.pending))
        except (RuntimeContentError, IllegalChoice, MeepleError) as e:
            self.error = f"content failed while playing: {e}"
        return True

    def run_bots(self) -> None:
        """Let the bots answer until a human decides: at once, or one answer per `bot_delay` seconds."""
        if self.bot_delay <= 0:
            moved = False
            while self._bot_turn():
                moved = True
            if moved:
                self.changed()
            return
        if self._bots is None or self._bots.done():
            self._bots = asyncio.get_running_loop().create_task(self._paced_bots())

    async def _paced_bots(self) -> None:
        while not self.match.over and not self.error and not self.seats[self.match.pending.player.index].human:
            await asyncio.sleep(self.bot_delay)
            self._bot_turn()
            self.changed()

    # ---- pushing
    def changed(self) -> None:
        self.version += 1
        self.touched = time.time()
        for ev in self._watchers:
            ev.set()

    def watch(self, ev: asyncio.Event) -> None:
        self._watchers.add(ev)

    def unwatch(self, ev: asyncio.Event) -> None:
        self._watchers.discard(ev)

    def header(self) -> dict:
        """The log's header: enough, with the choices, to rebuild the match (so it holds the seed)."""
        return {"game": self.game.id, "folder": self.entry.folder, "players": len(self.seats), "seed": self.seed,
                "options": self.match.options.values, "mods": list(self.entry.mods),
                "bots": ",".join(str(s.seat) for s in self.seats if not s.human) or "none",
                "names": [s.name for s in self.seats]}

    def log_text(self) -> str:
        import json
        rows = [{"meeple_log": 1, **self.header()}, *self.history]
        if self.match.result is not None:
            rows.append({"result": self.match.result.as_dict()})
        return "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows)

    def close(self) -> None:
        if self._bots is not None:
            self._bots.cancel()
        if self.log is not None:
            self.log.close()
            self.log = None


class Tables:
    def __init__(self, catalog, bot_delay: float = 0.0, log_dir: str | None = None):
        self.catalog = catalog
        self.bot_delay = bot_delay
        self.log_dir = log_dir
        self.tables: dict[str, Table] = {}
        self.closing = False  # set when the server stops: the event streams end
        self._display: dict[int, dict] = {}

    def get(self, table_id: str) -> Table:
        t = self.tables.get(table_id)
        if t is None:
            raise WebError(404, f"no match `{table_id[:40]}` on this server")
        return t

    def create(self, gid, players, seed, options, kinds, names) -> Table:
        entry = self.catalog.entry(gid)
        game = self.catalog.game(gid, options)
        if len(kinds) != players:
            raise WebError(400, f"`seats` lists {len(kinds)} seat(s) for {players} players")
        if not any(k != "bot" for k in kinds):
            raise WebError(400, "at least one seat must be a human (here or remote): bots-only matches are "
                                "`meeple simulate`'s job")
        if len(self.tables) >= MAX_TABLES:
            self._evict()
        if id(game) not in self._display:  # the catalog keeps its games: one display per compiled game
            self._display[id(game)] = meta(game)
        t = Table(game, entry, players, seed, options, kinds, names, self.bot_delay, self.log_dir,
                  self._display[id(game)])
        self.tables[t.id] = t
        t.run_bots()
        return t

    def live_logs(self) -> set[str]:
        return {os.path.basename(t.log_path) for t in self.tables.values() if t.log_path and not t.match.over}

    def _evict(self) -> None:
        """Drop the table untouched for longest (finished ones first) to make room."""
        victim = min(self.tables.values(), key=lambda t: (not t.match.over, t.touched))
        victim.close()
        del self.tables[victim.id]

    def close(self) -> None:
        self.closing = True
        for t in self.tables.values():
            t.close()


def check_seed(seed) -> int:
    if seed is None or seed == "":
        return secrets.randbelow(1_000_000)
    if isinstance(seed, bool) or not isinstance(seed, int):
        if isinstance(seed, str) and seed.strip().lstrip("-").isdigit() and len(seed) < 20:
            return int(seed)
        raise WebError(400, f"`seed` must be a whole number, not {seed!r}"[:200])
    if not -(2 ** 63) <= seed < 2 ** 63:
        raise WebError(400, "`seed` is out of range")
    return seed


def check_choose_body(body) -> tuple:
    if not isinstance(body, dict):
        raise WebError(400, "the body must be a JSON object like {\"option\": 0}")
    if "option" not in body:
        raise WebError(400, "`option` is missing: the index (or the label) of the option chosen")
    option = body["option"]
    if isinstance(option, bool) or not isinstance(option, (int, str)):
        raise WebError(400, "`option` must be an option's index (a number) or its label (a string)")
    version = body.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise WebError(400, "`version` must be a number")
    return option, version
