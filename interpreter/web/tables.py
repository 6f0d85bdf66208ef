"""Live matches on the server ("tables"): the match, its seats with their secret tokens, its bots, and
the states each seat is sent.

Everything that touches a table's match runs in the table's lane (rules_thread.py): its own thread, one call at a
time, each within the time budget; the methods marked "in the lane" are called only there."""
from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import secrets
import time
from dataclasses import dataclass

from ..agents import make_agent
from ..errors import IllegalChoice, MeepleError, RuntimeContentError
from ..runtime.match import Match, seed_form
from ..runtime.record import LogWriter
from ..runtime.secrecy import prompt
from ..runtime.state import Piece
from . import scores
from .account import Account
from .catalog import shown_path
from .errors import WebError
from .handover import unseen_by
from .layout import meta
from .limits import Limits
from .rules_thread import Lane, Overrun
from .schemas import SeatKind, seat_kind
from .store import OWNER_ONLY, BadRow, Store, token_hash
from .undo import Before

TICKET_SECONDS = 30.0
MAX_TICKETS = 8  # per holder (a link): its page asks for one at a time
# a spectator holds no token: each of its tickets is its own, pushed out by none; those not yet used are bounded
SPECTATOR_TICKETS = 32  # per address (past it, that address is told to come back: no other's ticket goes)
ALL_SPECTATOR_TICKETS = 1024  # per match
log = logging.getLogger("meeple.web")


def draw_seed() -> int:
    """A served match's seed: 64 bits from the system's secure source, known to nobody but the server (never
    negative: kept in its normal form, `seed_form`, as the store compares seeds)."""
    return secrets.randbits(64)


@dataclass
class Seat:
    seat: int
    name: str
    who: SeatKind
    token: str | None = None
    agent: object = None

    @property
    def kind(self) -> str:
        """here | remote | bot"""
        return self.who.where

    @property
    def human(self) -> bool:
        return self.who.human

    def public(self) -> dict:
        return {"seat": self.seat, "name": self.name, "kind": "human" if self.human else "bot",
                "agent": self.who.agent, "said": self.who.said()}


class Table:
    """Made in its lane (the match's rules run on the thread that started them). A new match is drawn here and
    added to the store; a kept one (`record`, from store.py) is rebuilt by replaying its answers."""

    def __init__(self, game, entry, players: int, options: dict, kinds: list[SeatKind], names: list[str] | None,
                 bot_delay: float, log_dir: str | None, display: dict, lane: Lane, client: str, store,
                 record: dict | None = None):
        new = record is None
        if new:
            now = time.time()
            record = {"id": secrets.token_urlsafe(9), "seed": draw_seed(), "created": now, "touched": now,
                      "history": [],
                      "version": 0, "status": "live", "error": None}
        self.id = record["id"]
        self.game = game
        self.entry = entry
        self.seed = record["seed"]
        self.lane = lane
        self.client = client
        self.store = store
        self.match = Match(game, players, self.seed, options, names=names)
        self.account = Account(self.match)
        self.options = options
        self.seats = [Seat(p.seat, p.name, kinds[p.index]) for p in self.match.players]
        if new:
            for s in self.seats:
                if s.human:
                    s.token = secrets.token_urlsafe(18)
            self.watch_token = secrets.token_urlsafe(18)  # the public view only: for a screen that watches
            record["tokens"] = [token_hash(s.token) if s.token else None for s in self.seats]
            record["watch"] = token_hash(self.watch_token)
            # a generator of its own, not drawn from the deal's seed: the bots' moves tell nothing of it
            record["bot_seeds"] = [None if s.human else draw_seed() for s in self.seats]
        self.hashes = record["tokens"]
        self.watch_hash = record["watch"]
        for s, bot_seed in zip(self.seats, record["bot_seeds"], strict=True):
            if not s.human:
                s.agent = make_agent(s.who.agent, s.seat, bot_seed + len(record["history"]), **s.who.options())
        self.history: list[dict] = []  # every answer in play, as the log writes it
        self.undone: list[tuple[int, dict]] = []  # (answers before it, the answer) for each answer taken back
        self.before: Before | None = None  # the position before the last answer of a person (undo.py)
        self.epoch = 0  # one more at each answer taken back: the account is sent again from its start
        for row in record["history"]:
            self.account.choose(row["choice"])
            self.history.append(row)
        self._saved = len(self.history)
        self.version = record["version"]
        self.error: str | None = record["error"]
        self.bot_delay = bot_delay
        self.created = record["created"]
        self.touched = record["touched"]
        self.tickets: dict[str, dict[str, tuple[str, float]]] = {}  # holder -> ticket -> (viewer key, expiry)
        self.spectators: dict[str, tuple[str, float]] = {}  # a spectator's ticket -> (its address, expiry)
        self._watchers: set[asyncio.Event] = set()
        self._bots: asyncio.Task | None = None
        self.meta = display
        self.log = None
        self.log_path = None
        if new:
            record["log"] = f"{time.strftime('%Y%m%d-%H%M%S')}-{game.id}-{self.id}.jsonl" if log_dir else None
            store.add(record | {"game": entry.id, "mods": [shown_path(m) for m in entry.mods], "players": players,
                                "options": options, "names": [s.name for s in self.seats],
                                "kinds": [k.stored() for k in kinds],
                                "client": client})
        if log_dir and record["log"]:
            # the database is the truth: a resumed match's log is written again from it
            os.makedirs(log_dir, exist_ok=True)
            self.log_path = os.path.join(log_dir, os.path.basename(record["log"]))
            # its header holds the seed: the file is its owner's alone, as the database is (store.py)
            os.close(os.open(self.log_path, os.O_WRONLY | os.O_CREAT, OWNER_ONLY))
            os.chmod(self.log_path, OWNER_ONLY)
            self.log = LogWriter(self.log_path, self.header())
            for row in self.history:
                self.log.choice(row["seat"], row["choice"], row["label"])
            if self.match.over:
                self.log.result(self.match.result.as_dict())

    def save(self) -> None:
        """Commits the answers not yet kept, with where the match stands (before anyone is told of them)."""
        if self._saved == len(self.history) and not self.error:
            return
        rows = [(n, r["seat"], r["choice"], r["label"]) for n, r in enumerate(self.history) if n >= self._saved]
        m = self.match
        self.store.save(self.id, rows, self.version,
                        "finished" if m.over else "stopped" if self.error else "live", self.error,
                        m.result.as_dict() if m.over else None)
        self._saved = len(self.history)

    # ---- who is asking
    def seat_of(self, token) -> int | None:
        """The seat a token belongs to (0 for the watch token); a forged or missing token is refused. Only the
        tokens' hashes are kept, compared in constant time."""
        if not isinstance(token, str) or not token:
            raise WebError(403, "a seat token is needed: open the match from the link you were given")
        given = token_hash(token).encode()
        for s, h in zip(self.seats, self.hashes, strict=True):
            if h is not None and hmac.compare_digest(h.encode(), given):
                return s.seat
        if hmac.compare_digest(self.watch_hash.encode(), given):
            return 0
        raise WebError(403, "this token is not a seat of this match")

    def ticket(self, holder: str, key: str) -> str:
        """A short-lived, single-use ticket that opens the event stream of one viewer (a seat, or `public`):
        the stream's URL carries it instead of a token. Each holder (the seats a link's tokens hold) has a pool
        of its own: what one link asks for never pushes out another link's ticket (a spectator's: below)."""
        now = time.monotonic()
        pool = {t: v for t, v in self.tickets.get(holder, {}).items() if v[1] > now}
        while len(pool) >= MAX_TICKETS:
            del pool[next(iter(pool))]
        t = secrets.token_urlsafe(18)
        pool[t] = (key, now + TICKET_SECONDS)
        self.tickets[holder] = pool
        return t

    def spectator_ticket(self, client: str) -> str:
        """A ticket of the public view for a spectator (no token: nothing but the ticket says who holds it), its
        own: spectators behind one address never push out each other's tickets. Past SPECTATOR_TICKETS not yet
        used from one address (or ALL_SPECTATOR_TICKETS in the match), a new one is refused (503, come back in a
        second) and every ticket given stays good."""
        now = time.monotonic()
        self.spectators = {t: v for t, v in self.spectators.items() if v[1] > now}
        if sum(c == client for c, _ in self.spectators.values()) >= SPECTATOR_TICKETS \
                or len(self.spectators) >= ALL_SPECTATOR_TICKETS:
            busy = WebError(503, "too many spectators' streams of this match are opening at once: try again in a "
                                 "moment")
            busy.retry_after = 1
            raise busy
        t = secrets.token_urlsafe(18)
        self.spectators[t] = (client, now + TICKET_SECONDS)
        return t

    def redeem(self, ticket) -> str:
        found = None
        if isinstance(ticket, str):
            for pool in self.tickets.values():
                found = pool.pop(ticket, None)
                if found is not None:
                    break
            if found is None and ticket in self.spectators:
                found = ("public", self.spectators.pop(ticket)[1])
        if found is None or found[1] < time.monotonic():
            raise WebError(403, "this ticket is unknown, used or out of date: ask for a new one")
        return found[0]

    # ---- what a seat is sent (in the lane)
    def state(self, seat: int | None, log_from: int = 0, with_meta: bool = True) -> dict:
        m = self.match
        d = m.pending
        view = m.view(seat if seat else None)
        out = {
            "match": self.id, "version": self.version, "viewer": seat,
            "seats": [s.public() for s in self.seats],
            "view": view,
            "log_from": log_from, "log": self.account.lines(seat or None, log_from),
            "log_size": self.account.size(), "epoch": self.epoch,
            "deciding": ({"seat": d.player.seat, "name": d.player.name, "prompt": prompt(d, seat or None),
                          "bot": not self.seats[d.player.index].human, **self.private(d)}
                         if d is not None and not self.error else None),
            "over": m.over, "result": self._result(), "error": self.error,
            "scores": scores.values(m, seat or None),
        }
        if d is not None and seat and d.player.seat == seat:
            out["option_cards"] = option_cards(d, view, self.game)
            # what the content says is not offered, and why (`unavailable`), to the chooser
            out["unavailable"] = [{"option": o, "reason": r} for o, r in getattr(d, "unavailable", ())]
        if seat and self.seats[seat - 1].human:
            why = self.undo_refusal(seat)
            out["undo"] = {"allowed": why is None, "reason": why}
        if with_meta:
            out["meta"] = self.meta
        return out

    def private(self, d) -> dict:
        """Which other human seats may not see all that the deciding seat is shown (`hidden_from`), and whether
        there is any (`private`): a shared screen hands over to the deciding seat when one of them is there."""
        others = [p for p in self.match.players if p is not d.player and self.seats[p.index].human]
        hidden = unseen_by(self.match, d, others)
        return {"private": bool(hidden), "hidden_from": hidden}

    def _result(self) -> dict | None:
        return scores.result(self.match)

    # ---- answers (in the lane)
    def choose(self, seat: int, option, version: int) -> None:
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
        if version != self.version:
            raise WebError(409, f"the position has changed since you looked (version {version}, now "
                                f"{self.version}): look again")
        before = Before.take(m, seat, len(self.history))
        try:
            self._apply(option)
        except IllegalChoice as e:
            before.copy.close()
            raise WebError(422, f"refused: {e}") from None
        except MeepleError as e:
            self.error = f"content failed while playing: {e}"
            self.version += 1
            self.save()
            raise WebError(409, f"the match has stopped: {self.error}") from None
        before.judge(self.match, self.history[-1]["label"])
        if self.before is not None:
            self.before.copy.close()
        self.before = before
        self.version += 1
        if self.bot_delay <= 0:
            self.bots()
        self.save()  # committed before the answer is acknowledged

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not take back its last answer now (None: it may)."""
        if self.error:
            return f"the match has stopped: {self.error}"
        if self.before is None:
            return "there is no answer of yours to take back"
        return self.before.refusal(self.match, seat, len(self.history), {s.seat: s.name for s in self.seats})

    def undo(self, seat: int, version: int) -> None:
        """Takes back `seat`'s last answer: the match is the copy kept before it (in the lane)."""
        if seat == 0:
            raise WebError(403, "the watch link only watches: it cannot take an answer back")
        if version != self.version:
            raise WebError(409, f"the position has changed since you looked (version {version}, now "
                                f"{self.version}): look again")
        why = self.undo_refusal(seat)
        if why is not None:
            raise WebError(409, f"this answer cannot be taken back: {why}")
        b, self.before = self.before, None
        old, self.match = self.match, b.copy
        row = self.history.pop()
        self.undone.append((len(self.history), row))
        self.account = Account(self.match, self.account.notes)
        name = self.seats[seat - 1].name
        self.account.note(f"  {name} takes back: {row['label']}", f"  {name} takes back an answer", b.readers)
        old.close()
        self.version += 1
        self.epoch += 1
        self.store.take_back(self.id, len(self.history), self.version)
        self._saved = len(self.history)
        if self.log is not None:  # the log written again: the answer taken back is no longer played
            self.log.close()
            with open(self.log_path, "w", encoding="utf-8") as f:
                f.write(self.log_text())
            self.log = LogWriter(self.log_path, self.header(), append=True)

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

    def bot_to_move(self) -> bool:
        m = self.match
        return not m.over and not self.error and not self.seats[m.pending.player.index].human

    def bot_turn(self) -> None:
        """One bot answer (a bot is to move)."""
        m = self.match
        seat = self.seats[m.pending.player.index]
        try:
            self._apply(seat.agent.act(m))
        except (RuntimeContentError, IllegalChoice, MeepleError) as e:
            self.error = f"content failed while playing: {e}"
        self.version += 1
        if self.bot_delay > 0:  # paced: each answer kept before anyone sees it (else after the run, by choose)
            self.save()

    def bots(self) -> None:
        """The bots answer until a human decides (or the match ends)."""
        while self.bot_to_move():
            self.bot_turn()
        self.save()

    # ---- on the event loop
    async def run(self, fn, *args):
        """`fn(*args)` in the lane; a call past the budget stops the match, and everyone is told."""
        try:
            return await self.lane.run(fn, *args)
        except Overrun as e:
            self.error = f"{e.reason}: the match has stopped"
            self.store.save(self.id, [], self.version, "stopped", self.error)
            self.notify()
            raise
        finally:
            self.touched = time.time()

    async def take_back(self, seat: int, version: int) -> None:
        try:
            await self.run(self.undo, seat, version)
        finally:
            self.notify()

    async def answer(self, seat: int, option, version: int) -> None:
        if self.error:  # at once, even while the rules that stopped it are still running
            raise WebError(409, f"the match has stopped: {self.error}")
        try:
            await self.run(self.choose, seat, option, version)
        finally:
            self.notify()
        if self.bot_delay > 0:
            self.start_bots()

    def start_bots(self) -> None:
        """The bots answer from a task, never within a request that must answer at once (a new match's, with
        its links): paced bots with a pause before each answer, so that people can follow them; unpaced ones
        all in one call of the lane (after a person's answer, `choose` runs them in its own call)."""
        if self._bots is None or self._bots.done():
            bots = self._paced_bots() if self.bot_delay > 0 else self._unpaced_bots()
            self._bots = asyncio.get_running_loop().create_task(bots)

    async def _unpaced_bots(self) -> None:
        try:
            await self.run(self.bots)
        except WebError:  # the rules overran their budget: the match has stopped, and says so
            pass
        finally:
            self.notify()

    async def _paced_bots(self) -> None:
        try:
            while await self.run(self.bot_to_move):
                await asyncio.sleep(self.bot_delay)
                try:
                    await self.run(self.bot_turn)
                finally:
                    self.notify()
        except WebError:  # the rules overran their budget: the match has stopped, and says so
            pass

    def notify(self) -> None:
        self.touched = time.time()
        for ev in self._watchers:
            ev.set()

    def watch(self, ev: asyncio.Event) -> None:
        self._watchers.add(ev)

    def unwatch(self, ev: asyncio.Event) -> None:
        self._watchers.discard(ev)

    def in_play(self, idle: float) -> bool:
        """Not over, not stopped, and answered or watched lately."""
        if self.match.over or self.error:
            return False
        return bool(self._watchers) or time.time() - self.touched < idle

    def header(self) -> dict:
        """The log's header: enough, with the choices, to rebuild the match (so it holds the seed). It names
        the game and its mods by name or by a path relative to the server's folder, never by a full path."""
        out = {"game": self.game.id, "players": len(self.seats), "seed": self.seed,
               "options": self.match.options.values, "mods": [shown_path(m) for m in self.entry.mods],
               "bots": ",".join(str(s.seat) for s in self.seats if not s.human) or "none",
               "names": [s.name for s in self.seats]}
        if not self.entry.bundled:  # a bundled game is found by its name
            out["folder"] = shown_path(self.entry.folder)
        return out

    def log_text(self) -> str:
        """The log: the header, the answers in play, each answer taken back as an `undone` line where it was
        taken back (a reader of logs plays only `choice` lines), and the result."""
        rows = [{"meeple_log": 1, **self.header()}]
        undone = iter(self.undone)
        nxt = next(undone, None)
        for n, row in enumerate([*self.history, None]):
            while nxt is not None and nxt[0] == n:
                rows.append({"undone": nxt[1]})
                nxt = next(undone, None)
            if row is not None:
                rows.append(row)
        if self.match.result is not None:
            rows.append({"result": self.match.result.as_dict()})
        return "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows)

    def close(self) -> None:
        if self._bots is not None:
            self._bots.cancel()
        self.lane.close()
        if self.log is not None:
            self.log.close()
            self.log = None


class Tables:
    def __init__(self, catalog, bot_delay: float = 0.0, log_dir: str | None = None, limits: Limits | None = None,
                 store: Store | None = None):
        self.catalog = catalog
        self.bot_delay = bot_delay
        self.log_dir = log_dir
        self.limits = limits or Limits()
        self.store = store or Store()
        self.tables: dict[str, Table] = {}
        self.set_aside: dict[str, str] = {}  # id -> why the kept match cannot be rebuilt, with its place
        self.closing = False  # set when the server stops: the event streams end
        self._display: dict[int, dict] = {}

    async def get(self, table_id: str) -> Table:
        """The match of this id: in memory, else rebuilt from the store (a match put aside to make room)."""
        t = self.tables.get(table_id)
        if t is None and isinstance(table_id, str) and len(table_id) <= 40:
            t = await self._kept(table_id, self._make_room)
            if t is not None:
                if table_id in self.tables:  # resumed meanwhile by another request
                    t.close()
                    t = self.tables[table_id]
                else:
                    self.tables[t.id] = t
                    t.start_bots()
        if t is None:
            raise WebError(404, f"no match `{str(table_id)[:40]}` on this server")
        if t._bots is None:  # resumed at start, before the event loop ran: its paced bots go on from here
            t.start_bots()
        return t

    async def _kept(self, mid: str, room=None) -> Table | None:
        """A kept match rebuilt from the store (None: no such match, or one of a game not offered here; `room()`
        is called before it is rebuilt). A kept row is untrusted input: a match that cannot be rebuilt (a row
        that is not what a server writes, a damaged page, other mods, content that no longer replays it) is set
        aside, its placed reason logged once and kept in `set_aside`, and refused (409); every other match is
        served."""
        try:
            record = await asyncio.to_thread(self.store.load, mid)
            if record is None or record["game"] not in self.catalog.entries:
                return None
            if room is not None:
                room()
            return await self._table(record["game"], record["client"], record)
        except BadRow as e:
            placed, reason = str(e), e.reason
        except Overrun:
            raise
        except WebError as e:
            if e.status == 503:  # the server is full: not the match's fault
                raise
            reason = f"match {mid}: {e.reason}"
            placed = f"{self.store.path}: {reason}"
        except Exception as e:  # noqa: BLE001 - whatever a row of the right shapes still breaks: this match alone
            reason = f"match {mid}: it cannot be rebuilt from its row ({type(e).__name__}: {e})"
            placed = f"{self.store.path}: {reason}"
        if self.set_aside.get(mid) != placed:
            log.warning("meeple: set aside (every other match is served): %s", placed)
            self.set_aside[mid] = placed
        raise WebError(409, f"this match is set aside: {reason}")

    def display(self, game) -> dict:
        if self._display.get(id(game), (None,))[0] is not game:  # one display per compiled game (kept with it)
            while len(self._display) >= 64:  # games reloaded by --watch: the oldest displays go (tables keep theirs)
                del self._display[next(iter(self._display))]
            self._display[id(game)] = (game, meta(game))
        return self._display[id(game)][1]

    async def _table(self, gid: str, client: str, record: dict | None = None, players=None, options=None,
                     kinds=None, names=None) -> Table:
        """A Table made in a lane of its own: a new match, or a kept one (`record`) replayed."""
        if record is not None:
            players, options, names = record["players"], record["options"], record["names"]
            kinds = [seat_kind(k) for k in record["kinds"]]
        game = await self.catalog.compiled(gid, options)
        entry = self.catalog.entry(gid)
        if record is not None and record["mods"] != [shown_path(m) for m in entry.mods]:
            raise WebError(409, "this match was played with other mods than this server's: start it with the "
                                "same --mod")
        lane = Lane(self.limits.budget)
        try:
            t = await lane.run(Table, game, entry, players, options, kinds, names, self.bot_delay, self.log_dir,
                               self.display(game), lane, client, self.store, record)
        except (RuntimeContentError, IllegalChoice) as e:  # the content changed under a kept match
            lane.close()
            raise WebError(409, f"this match does not replay on this server's content: {e}") from None
        except BaseException:
            lane.close()
            raise
        lane.on_free = t.notify
        return t

    async def create(self, client: str, gid, players, options, kinds, names) -> Table:
        self._room(client)
        self.catalog.entry(gid)
        if len(kinds) != players:
            raise WebError(400, f"`seats` lists {len(kinds)} seat(s) for {players} players")
        if not any(k.human for k in kinds):
            raise WebError(400, "at least one seat must be a human (here or remote): bots-only matches are "
                                "`meeple simulate`'s job")
        t = await self._table(gid, client, None, players, options, kinds, names)
        try:
            self._room(client)  # again: other matches may have been made while this one was set up
        except WebError:
            t.close()
            raise
        self.tables[t.id] = t
        t.start_bots()  # after: the match's links are answered at once, however long its bots think
        return t

    async def again(self, t: Table, client: str) -> Table:
        """A new match of `t`'s game with its options, seats and names (each seat a new token)."""
        return await self.create(client, t.entry.id, len(t.seats), t.options, [s.who for s in t.seats],
                                 [s.name for s in t.seats])

    def resume(self) -> list[Table]:
        """The matches not over that were in play (answered within the idle time), as they stood, rebuilt from
        the store, the latest first, as many as the server holds; any other kept match is rebuilt when asked
        for (get). Called at start, before the server answers: the lanes are awaited on an event loop of their
        own, in a thread of its own."""
        import concurrent.futures
        recent = self.store.unfinished(time.time() - self.limits.idle, self.limits.max_tables)

        async def one(mid):
            try:
                return await self._kept(mid)
            except WebError as e:  # set aside, and logged; or its rules overran: tried again when asked for
                return e

        async def every():
            return await asyncio.gather(*(one(mid) for mid in recent))

        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            found = pool.submit(asyncio.run, every()).result()
        out = [t for t in found if isinstance(t, Table)]
        self.tables.update((t.id, t) for t in out)
        return out

    def _room(self, client: str) -> None:
        """Room for one more match of `client`: refused past its own limit; when the server is full, the
        oldest finished match goes, else the one left alone longest; a match in play never goes."""
        lim = self.limits
        playing = [t for t in self.tables.values() if t.in_play(lim.idle)]
        if sum(t.client == client for t in playing) >= lim.per_client:
            raise WebError(429, f"your address has {lim.per_client} matches in play on this server, the most it "
                                "may have: finish one first (a match left alone for "
                                f"{lim.idle / 60:g} minutes no longer counts)")
        self._make_room()

    def _make_room(self) -> None:
        """Room in memory for one more match: a match put aside stays in the store, and comes back when asked for."""
        lim = self.limits
        if len(self.tables) < lim.max_tables:
            return
        spare = [t for t in self.tables.values() if not t.in_play(lim.idle)]
        if not spare:
            raise WebError(503, f"the server is full: {len(self.tables)} matches in play, the most it holds; "
                                "try again when one ends")
        victim = min(spare, key=lambda t: (not (t.match.over or t.error), t.touched))
        victim.close()
        del self.tables[victim.id]

    def seed_in_play(self, seed) -> bool:
        """Whether a match not over (kept or in memory) deals as this seed does: seeds are compared by what they
        deal (their normal form, `seed_form`), not by how they are written (-S deals as S)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            return False  # no seed of a match: no log holding it opens (replays.py)
        return self.store.seed_in_play(seed_form(seed))

    def close(self) -> None:
        self.closing = True
        for t in self.tables.values():
            t.close()


def _cards_in(view: dict) -> dict:
    """uid -> the card as this view shows it: every card the viewer may see."""
    out = {}
    zones = list(view.get("zones", {}).values())
    for p in view.get("players", []):
        zones += list(p.get("zones", {}).values())
    for z in zones:
        for c in (z.get("cards") or []) + (z.get("revealed") or []):
            out[c["uid"]] = c
    return out


def option_cards(d, view: dict, game) -> list:
    """For each option of the decision `d`: the card it picks, as the deciding seat's view shows it. A card
    the view does not show (chosen from a face-down zone) whose option is labelled with its name is shown as
    its content defines it, when no other card of the game has that name: the label already names it, and
    the definition is in the game's files. Else None (an option that is not a card)."""
    seen = _cards_in(view)
    labels = d.labels()
    names = _name_counts(game)
    out = []
    for v, label in zip(d.values, labels, strict=True):
        if type(v) is not Piece:
            out.append(None)
        elif v.uid in seen:
            out.append(seen[v.uid])
        elif label == v.card.name and names.get(label) == 1:
            out.append({"id": v.card.id, "name": v.card.name, "kind": v.card.kind, "uid": None,
                        **{k: x for k, x in v.card.fields.items() if not isinstance(x, (dict, list)) or
                           all(isinstance(y, (int, str, bool)) for y in x)}})
        else:
            out.append(None)
    return out


def _name_counts(game) -> dict:
    """Card name -> how many card definitions of the game bear it."""
    found: dict[str, int] = {}
    for c in game.cards.values():
        found[c.name] = found.get(c.name, 0) + 1
    return found
