"""Replays: a finished or interrupted match opened from its log and stepped forward and back.

A log holds the seed, so whoever has it can rebuild every hidden card anyway: a replay may be looked at
from any seat (or as a spectator). Live matches never hand out their log before they are over, and a log
that claims the seed of a match being played here is refused (app.py). Each replay has its own lane
(rules_thread.py): its match runs in a thread of its own.
"""
from __future__ import annotations

import os
import secrets
import tempfile

from ..errors import ContentError, IllegalChoice, MeepleError, RuntimeContentError
from ..runtime.match import Match
from ..runtime.record import read_log
from ..runtime.secrecy import prompt
from . import scores
from .account import Account
from .bodies import MAX_DEPTH, depth, parse_json
from .catalog import shown_path
from .errors import WebError
from .rules_thread import Lane

MAX_REPLAYS = 50
MAX_LOG_BYTES = 5_000_000


def parse_log(text: str, name: str = "match.jsonl") -> tuple[dict, list[int]]:
    """read_log's reading of a log given as text (its messages name the file, not a temporary path)."""
    if len(text.encode("utf-8", "replace")) > MAX_LOG_BYTES:
        raise WebError(413, f"the log is larger than {MAX_LOG_BYTES // 1_000_000} MB")
    name = os.path.basename(name or "match.jsonl")[:80] or "match.jsonl"
    if depth(text.encode("utf-8", "replace")) > MAX_DEPTH:
        raise WebError(400, f"{name}: a line of the log is nested more than {MAX_DEPTH} levels deep")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        try:
            return read_log(path)
        except MeepleError as e:
            raise WebError(400, str(e).replace(d + os.sep, "")) from None


def read_upload(raw: bytes) -> dict:
    """The body of `POST /api/replays`, read (in a worker process: work.py): {"saved": NAME}, or the uploaded
    log's {"header": ..., "choices": [...]}."""
    body = parse_json(raw)
    if not isinstance(body, dict):
        raise WebError(400, "the body must be a JSON object: {\"text\": LOG} or {\"saved\": NAME}")
    if "saved" in body:
        return {"saved": body["saved"]}
    text, name = body.get("text"), body.get("name") or "match.jsonl"
    if not isinstance(text, str) or not isinstance(name, str):
        raise WebError(400, "`text` must be the log's text (JSON lines) and `name` its file name")
    header, choices = parse_log(text, name)
    return {"header": header, "choices": choices}


class Replay:
    def __init__(self, catalog, header: dict, choices: list[int]):
        self.id = secrets.token_urlsafe(9)
        gid = header.get("game")
        if not isinstance(gid, str) or gid not in catalog.entries:
            raise WebError(400, f"the log is of game `{str(gid)[:60]}`, which this server does not offer "
                                f"(games: {', '.join(catalog.entries)})")
        entry = catalog.entries[gid]
        mods = header.get("mods") or []
        known = set(entry.mods) | {shown_path(m) for m in entry.mods}  # logs given out name mods by short paths
        if not isinstance(mods, list) or any(str(m) not in known and os.path.abspath(str(m)) not in entry.mods
                                             for m in mods):
            raise WebError(400, "the log was played with mods this server was not started with "
                                "(start it with the same --mod)")
        players, seed, options = header.get("players"), header.get("seed"), header.get("options") or {}
        if isinstance(players, bool) or not isinstance(players, int) or isinstance(seed, bool) \
                or not isinstance(seed, int) or not isinstance(options, dict):
            raise WebError(400, "the log's header needs `players` and `seed` numbers and an `options` mapping")
        names = header.get("names")
        self.names = [str(n) for n in names] if isinstance(names, list) else None
        try:
            self.game = catalog.game(gid, options)
            self.players, self.seed, self.options = players, seed, options
            self._start()
        except ContentError as e:
            raise WebError(400, f"the game does not load: {e}") from None
        except (MeepleError, RuntimeContentError) as e:
            raise WebError(400, f"the log does not replay: {e}") from None
        self.header = header
        self.choices = list(choices)
        self.finished = bool(header.get("finished"))
        # walk to the end once: a log that does not replay is refused now, not in the middle of stepping
        self.goto(len(self.choices))
        self.steps = self.step
        self.meta = None

    def _start(self) -> None:
        self.match = Match(self.game, self.players, self.seed, self.options, names=self.names)
        self.account = Account(self.match)
        self.step = 0

    def goto(self, step: int) -> None:
        if step < self.step:
            self._start()
        while self.step < step:
            if self.match.over:
                raise WebError(400, f"the log has {len(self.choices) - self.step} choice(s) after the end of "
                                    "the match")
            try:
                self.account.choose(self.choices[self.step])
            except IllegalChoice as e:
                raise WebError(400, f"choice {self.step + 1} of the log is refused: {e}") from None
            except (MeepleError, RuntimeContentError) as e:
                raise WebError(400, f"the log does not replay at choice {self.step + 1}: {e}") from None
            self.step += 1

    def state(self, step: int, seat: int | None) -> dict:
        from .layout import meta
        step = max(0, min(step, self.steps))
        self.goto(step)
        m = self.match
        d = m.pending
        nxt = None
        if d is not None and step < self.steps:
            k = self.choices[step]
            allowed = d.readers
            label = d.options[k].label if allowed is None or seat in allowed else "(hidden)"
            nxt = {"seat": d.player.seat, "name": d.player.name, "prompt": prompt(d, seat), "label": label}
        if self.meta is None:
            self.meta = meta(self.game, m)
        result = scores.result(m)
        return {
            "replay": self.id, "step": step, "steps": self.steps, "finished": self.finished, "viewer": seat,
            "seats": [{"seat": p.seat, "name": p.name} for p in m.players],
            "view": m.view(seat), "log": self.account.lines(seat), "next": nxt,
            "deciding": ({"seat": d.player.seat, "name": d.player.name, "prompt": prompt(d, seat)}
                         if d is not None else None),
            "over": m.over, "result": result, "meta": self.meta, "scores": scores.values(m, seat),
            "game": {"id": self.game.id, "name": self.game.name, "players": self.players,
                     # as text: a 64-bit seed is past what a JavaScript number holds exactly
                     "seed": str(self.seed),
                     "options": m.options.values},
        }


class Replays:
    def __init__(self, catalog, budget: float = 10.0):
        self.catalog = catalog
        self.budget = budget
        self.replays: dict[str, Replay] = {}

    async def open(self, header: dict, choices: list[int]) -> Replay:
        lane = Lane(self.budget)
        try:
            r = await lane.run(Replay, self.catalog, header, choices)
        except BaseException:
            lane.close()
            raise
        r.lane = lane
        while len(self.replays) >= MAX_REPLAYS:
            self.replays.pop(next(iter(self.replays))).lane.close()
        self.replays[r.id] = r
        return r

    async def state(self, r: Replay, step: int, seat: int | None) -> dict:
        return await r.lane.run(r.state, step, seat)

    def close(self) -> None:
        for r in self.replays.values():
            r.lane.close()

    def get(self, rid: str) -> Replay:
        r = self.replays.get(rid)
        if r is None:
            raise WebError(404, f"no replay `{rid[:40]}` on this server (replays are kept in memory: open the "
                                "log again)")
        return r
