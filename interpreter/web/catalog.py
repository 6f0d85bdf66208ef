"""The games a server offers: every bundled game, or the one game (folder) it was started with, each with
the mods that extend it. A game is compiled once per option set and kept.

Watching (`meeple serve --watch`): a thread looks at the content files (times, sizes, checksums) twice a second; a
changed file drops the compiled game, which is loaded again for the next match (matches being played keep
the game they started with). A game that does not load is listed with its problems (file, line, column,
message) until it loads again."""
from __future__ import annotations

import asyncio
import glob
import os
import threading
import time
import zlib
from dataclasses import dataclass, field

from .. import project
from ..errors import ContentError, MeepleError, did_you_mean
from ..loader.layers import bundled_games
from ..model.pipeline import load_game
from .layout import spoken


def shown_path(path: str) -> str:
    """A path as a log given out may name it: relative to the server's folder when inside it, else its last
    part (a log carries no path of the server's machine)."""
    rel = os.path.relpath(path)
    return os.path.basename(os.path.normpath(path)) if rel.startswith("..") or os.path.isabs(rel) else rel


@dataclass
class Entry:
    id: str
    folder: str
    mods: tuple = ()
    bundled: bool = False  # found by its name (a log need not name its folder)
    summary: dict | None = None  # what the lobby shows; None until loaded
    games: dict = field(default_factory=dict)  # option items -> GameDef
    stamp: tuple = ()  # the content files' names, times and sizes when last loaded (for --watch)
    version: int = 0  # how many times its content changed while served


def stamp(folders) -> tuple:
    """The YAML files under `folders` with their modification times, sizes and checksums: a change of any is a
    new stamp (the checksum sees an edit of the same size within a file system's time step)."""
    out = []
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, "**", "*.y*ml"), recursive=True)):
            try:
                st = os.stat(path)
                with open(path, "rb") as f:
                    crc = zlib.crc32(f.read())
            except OSError:
                continue
            out.append((path, st.st_mtime_ns, st.st_size, crc))
    return tuple(out)


def problems(err: ContentError, folder: str, limit: int = 20) -> list[dict]:
    """A content error's diagnostics as the page lists them: file (relative to the game's folder, else as a
    log would name it: never a full path of the server's machine), line, column, code and message."""
    out = []
    for d in [d for d in err.diagnostics if d.severity == "error"][:limit]:
        row = d.as_dict()
        path = os.path.abspath(row["file"]) if row["file"] else ""
        inside = path and os.path.commonpath([path, os.path.abspath(folder)]) == os.path.abspath(folder)
        row["file"] = os.path.relpath(path, folder) if inside else shown_path(path) if path else ""
        out.append(row)
    return out


class Catalog:
    """`target` is a bundled game's name or a game folder (None: every bundled game)."""

    def __init__(self, target: str | None = None, mods=(), watch: bool = False):
        self.mods = tuple(os.path.abspath(m) for m in mods or ())
        for m in self.mods:
            if not os.path.isfile(os.path.join(m, "mod.yaml")):
                raise MeepleError(f"--mod {m}: no mod.yaml in this folder")
        self.entries: dict[str, Entry] = {}
        self._compiling = threading.Lock()  # games are compiled in worker threads, one at a time
        bundled = {os.path.abspath(f) for f in bundled_games().values()}
        self.watch = watch
        if target is not None:
            folder = os.path.abspath(project.find_game(target))
            before = stamp([folder, *self.mods])
            try:
                game = load_game(folder, self.mods)  # a game that does not load is refused at once, with its places
            except ContentError:
                if not watch:
                    raise
                game = None  # watched: served as broken, with its problems, until it loads
            gid = game.id if game is not None else os.path.basename(os.path.normpath(folder))
            entry = Entry(gid, folder, self.mods, bundled=folder in bundled, stamp=before)
            if game is not None:
                entry.games[()] = game
            self.entries[gid] = entry
        else:
            bases = {m: project.base_of(m) for m in self.mods}
            for gid, folder in bundled_games().items():
                mods = tuple(m for m in self.mods if bases[m] and os.path.samefile(bases[m], folder))
                self.entries[gid] = Entry(gid, str(folder), mods, bundled=True)
            unused = [m for m in self.mods if not any(m in e.mods for e in self.entries.values())]
            if unused:
                raise MeepleError(f"--mod {unused[0]}: it extends no bundled game")

    def refresh(self) -> list[str]:
        """Drop the compiled games whose content files changed (they load again when next asked for); the ids
        of the games that changed."""
        changed = []
        for e in self.entries.values():
            now = stamp([e.folder, *e.mods])
            if now != e.stamp:
                with self._compiling:
                    e.stamp = now
                    e.games = {}
                    e.summary = None
                    e.version += 1
                changed.append(e.id)
        for gid in changed:  # compiled now, so that the lobby shows the new state (or the problems) at once
            self.summary(gid)
        return changed

    def watching(self, interval: float = 0.5) -> threading.Thread:
        """Start the thread that watches the content files (a daemon: it ends with the server)."""
        for e in self.entries.values():
            if not e.stamp:
                e.stamp = stamp([e.folder, *e.mods])

        def loop():
            while True:
                time.sleep(interval)
                try:
                    self.refresh()
                except Exception:  # noqa: BLE001 - a file half written is read again at the next look
                    pass

        t = threading.Thread(target=loop, name="meeple-watch", daemon=True)
        t.start()
        return t

    def summaries(self) -> list[dict]:
        return [self.summary(gid) for gid in self.entries]

    def summary(self, gid: str) -> dict:
        e = self.entries[gid]
        if e.summary is None:
            try:
                g = self.game(gid, {})
            except ContentError as err:
                found = problems(err, e.folder)
                first = found[0] if found else None
                where = f": {first['file']}:{first['line']}:{first['column']}: {first['message']}" if first else ""
                e.summary = {"id": gid, "name": gid, "version": e.version, "problems": found,
                             "error": f"does not load ({len(found)} problem(s); run `meeple validate "
                                      f"{shown_path(e.folder)}`){where}"}
                return e.summary
            e.summary = {
                "id": gid, "name": g.name, "description": g.description, "version": e.version,
                "players": {"min": g.min_players, "max": g.max_players},
                "options": [{"name": o.name, "values": list(o.values), "default": o.default,
                             "doc": spoken(o.doc) if o.doc else o.doc}  # the lobby's tooltip: to players
                            for o in g.options.values()],
            }
        return e.summary

    def entry(self, gid) -> Entry:
        if not isinstance(gid, str) or gid not in self.entries:
            hint = did_you_mean(str(gid), self.entries) if isinstance(gid, str) else ""
            raise MeepleError(f"no game `{gid}` on this server" + (f"; {hint}" if hint else "")
                              + f" (games: {', '.join(self.entries)})")
        return self.entries[gid]

    async def compiled(self, gid: str, options: dict):
        """`game`, off the event loop (compiling a game takes a while)."""
        return await asyncio.to_thread(self.game, gid, options)

    def game(self, gid: str, options: dict):
        """The compiled game for these options (some options choose which files it includes)."""
        with self._compiling:
            return self._game(gid, options)

    def _game(self, gid: str, options: dict):
        from ..runtime.match import resolve_options
        e = self.entry(gid)
        if () not in e.games:
            e.games[()] = load_game(e.folder, e.mods)
        base = e.games[()]
        values = resolve_options(base, options)  # an unknown option or value is refused here, by name
        key = tuple(sorted((k, v) for k, v in values.items() if k in base.include_choice))
        if key == tuple(sorted(base.include_choice.items())):
            return base
        if key not in e.games:
            e.games[key] = load_game(e.folder, e.mods, options=dict(key))
        return e.games[key]
