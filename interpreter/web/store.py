"""Where the server keeps its matches: an SQLite file (`meeple serve --db FILE`), the truth a restarted server
resumes from.

A match is a pure function of its game, options, seed and choices, so a match is kept as those (with its seats,
the hashes of their tokens and its answers' labels for the log), and a position is rebuilt by replaying the
choices. Every answer is committed before it is acknowledged; the file is in write-ahead-log mode with full
synchronisation, so a process killed at any moment loses nothing it acknowledged. One file has one server: a
Store holds `FILE-lock` locked for its process (the lock goes with the process, however it ends), and a second
Store on the file is refused, naming the process that holds it. The file, its `-wal`, `-shm` and lock are their
owner's alone (0600), the folder made for them too (0700); the seeds are kept apart from the list of matches.
A row that is not what a server writes is refused with its place (BadRow), and the match alone is set aside
(tables.py).

The interface, all of it (every method may be called from any thread; one at a time):

    store = Store(path)                       # None: in memory, kept for the process's life only; a damaged
                                              # file is refused with what integrity_check says
    recover(path, copy)                       # what can be read of a damaged file, copied into a new one
    store.add(record)                         # a new match (a dict: see COLUMNS and SECRET_COLUMNS)
    store.save(id, rows, version, status, error=None, result=None)   # answers, in one transaction
    store.unfinished(since)                   # the ids of the matches not over answered since then
    store.load(id)                            # one match's record with its answers, or None; BadRow: not readable
    store.seed_in_play(seed)                  # whether a match not over has this seed
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time

from ..errors import MeepleError

COLUMNS = ("id", "game", "mods", "players", "options", "names", "kinds", "tokens", "watch", "client", "created",
           "touched", "log", "version", "status", "error", "result")
SECRET_COLUMNS = ("seed", "bot_seeds")  # a table of their own: what lists or finds matches never reads them
JSON_COLUMNS = {"mods", "options", "names", "kinds", "tokens", "bot_seeds", "result"}
VERSION = 2  # the file's format (PRAGMA user_version); 1 kept the seeds in `matches`, moved out when opened
SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, mods TEXT NOT NULL, players INTEGER NOT NULL,
    options TEXT NOT NULL, names TEXT NOT NULL, kinds TEXT NOT NULL,
    tokens TEXT NOT NULL,         -- each seat's token hashed (sha256), null for a bot: never a token itself
    watch TEXT NOT NULL, client TEXT NOT NULL, created REAL NOT NULL,
    touched REAL NOT NULL,        -- the last answer's time
    log TEXT,
    version INTEGER NOT NULL, status TEXT NOT NULL,  -- live | stopped | finished
    error TEXT, result TEXT);
CREATE TABLE IF NOT EXISTS seeds (
    match TEXT PRIMARY KEY REFERENCES matches(id),
    seed TEXT NOT NULL,           -- 64 bits, beyond SQLite's signed integers: kept as text
    bot_seeds TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS choices (
    match TEXT NOT NULL REFERENCES matches(id), n INTEGER NOT NULL, seat INTEGER NOT NULL,
    choice INTEGER NOT NULL, label TEXT NOT NULL, PRIMARY KEY (match, n));
CREATE INDEX IF NOT EXISTS matches_status ON matches(status);
"""
FROM_1 = f"""
PRAGMA legacy_alter_table = ON;  -- `choices` goes on naming `matches`
ALTER TABLE matches RENAME TO matches_1;
DROP INDEX matches_status;
{SCHEMA}
INSERT INTO matches SELECT {', '.join(COLUMNS)} FROM matches_1;
INSERT INTO seeds SELECT id, seed, bot_seeds FROM matches_1;
DROP TABLE matches_1;
PRAGMA legacy_alter_table = OFF;
"""  # format 1 kept the seeds in `matches`: moved to `seeds` in one transaction
OWNER_ONLY, OWNER_ONLY_FOLDER = 0o600, 0o700


def default_path() -> str:
    """The file in the user's data directory ($XDG_DATA_HOME, else ~/.local/share; %APPDATA% on Windows)."""
    base = os.environ.get("XDG_DATA_HOME") or (os.environ.get("APPDATA") if os.name == "nt" else None) \
        or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "meeple", "matches.sqlite3")


def token_hash(token: str) -> str:
    """What is kept of a token: its SHA-256 (a token is 144 random bits: no salt or stretching is needed)."""
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()


def _private(path: str) -> None:
    """The file (made if need be) readable by its owner alone, and its folder too when meeple makes it or it
    is meeple's own default one: the file holds the seeds of the matches in play."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        os.makedirs(folder, exist_ok=True)
        os.chmod(folder, OWNER_ONLY_FOLDER)
    elif folder == os.path.dirname(default_path()):
        os.chmod(folder, OWNER_ONLY_FOLDER)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, OWNER_ONLY))
    os.chmod(path, OWNER_ONLY)  # a file made before (0644) is tightened


def _hold(path: str) -> int:
    """`PATH-lock` opened and locked for this process alone, with its process id written in it (for the message
    of the next server that tries); the descriptor, to close when done. The lock (flock; on Windows a locked
    byte) is the system's: it is let go when the process ends, however it ends, and the pid left in the file
    says nothing then."""
    fd = os.open(path + "-lock", os.O_RDWR | os.O_CREAT, OWNER_ONLY)
    try:
        _lock(fd)
    except OSError:
        os.lseek(fd, 0, os.SEEK_SET)
        other = os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
        os.close(fd)
        raise MeepleError(f"{path}: another meeple server (process {other}) keeps its matches in this file: stop "
                          "it first, or give --db another file") from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def _lock(fd: int) -> None:
    try:
        import fcntl
    except ImportError:  # Windows: a byte past the pid, locked
        import msvcrt
        os.lseek(fd, 64, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        os.lseek(fd, 0, os.SEEK_SET)
    else:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class Store:
    def __init__(self, path: str | None = None, check: bool = True):
        """`check`: a kept file is first read whole by SQLite's `integrity_check`, and a damaged one refused with
        what it says (False: to copy what can be read of it, `recover`)."""
        self.path = path
        self._lock = threading.Lock()
        self._held = self._db = None
        try:
            if path is not None:
                _private(path)
                self._held = _hold(path)
            self._db = sqlite3.connect(path or ":memory:", check_same_thread=False, isolation_level=None)
            if path is not None:
                self._db.execute("PRAGMA journal_mode=WAL")
                for kept in (path + "-wal", path + "-shm"):  # made as the file is; an older one is tightened
                    if os.path.exists(kept):
                        os.chmod(kept, OWNER_ONLY)
            self._db.execute("PRAGMA synchronous=FULL")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            tables = self._db.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
            if tables and check:
                said = integrity(self._db)
                if said != ["ok"]:
                    raise MeepleError(f"{path}: the file is damaged; SQLite's integrity_check says:\n  " +
                                      "\n  ".join(said) + "\nto start from a copy of what can be read of it (the file "
                                      f"is left as it is): meeple serve --db {path} --recover")
            if tables and version not in (1, VERSION):
                raise MeepleError(f"{path}: this file was written by another version of meeple (its format is "
                                  f"{version}, this one reads {VERSION}): give --db another file")
            if tables and version == 1:
                self._db.executescript(f"BEGIN; {FROM_1} PRAGMA user_version = {VERSION}; COMMIT;")
            self._db.executescript(SCHEMA + f"PRAGMA user_version = {VERSION};")
        except (OSError, sqlite3.Error, MeepleError) as e:
            if self._db is not None:
                self._db.close()
            self._let_go()
            if isinstance(e, MeepleError):
                raise
            raise MeepleError(f"{path}: cannot keep the matches in this file ({e})") from None

    def add(self, record: dict) -> None:
        """A match, with its answers (`history`, none for a new one), in one transaction."""
        row = [_out(k, record.get(k)) for k in COLUMNS]
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(f"INSERT INTO matches ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})",
                             row)
            self._db.execute("INSERT INTO seeds (match, seed, bot_seeds) VALUES (?, ?, ?)",
                             (record["id"], *(_out(k, record[k]) for k in SECRET_COLUMNS)))
            self._db.executemany("INSERT INTO choices (match, n, seat, choice, label) VALUES (?, ?, ?, ?, ?)",
                                 [(record["id"], n, r["seat"], r["choice"], r["label"])
                                  for n, r in enumerate(record.get("history", ()))])

    def save(self, mid: str, rows: list, version: int, status: str, error: str | None = None,
             result: dict | None = None) -> None:
        """Answers (first, (seat, choice, label)...) and where the match stands after them, committed at once."""
        with self._lock, self._db:  # one transaction: all of it, or nothing
            self._db.execute("BEGIN")
            self._db.executemany("INSERT INTO choices (match, n, seat, choice, label) VALUES (?, ?, ?, ?, ?)",
                                 [(mid, n, seat, k, label) for n, seat, k, label in rows])
            self._db.execute("UPDATE matches SET version = ?, status = ?, error = ?, result = ?, touched = ? "
                             "WHERE id = ?", (version, status, error, _out("result", result), time.time(), mid))

    def take_back(self, mid: str, answers: int, version: int) -> None:
        """The answers from number `answers` on are no longer played (taken back), committed at once."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM choices WHERE match = ? AND n >= ?", (mid, answers))
            self._db.execute("UPDATE matches SET version = ?, touched = ? WHERE id = ?", (version, time.time(), mid))

    def unfinished(self, since: float = 0.0, most: int = -1) -> list[str]:
        """The ids of the matches not over answered (or made) since `since`, the latest first, `most` at most."""
        with self._lock:
            return [r[0] for r in self._db.execute(
                "SELECT id FROM matches WHERE status != 'finished' AND touched >= ? ORDER BY touched DESC LIMIT ?",
                (since, most))]

    def ids(self) -> list[str]:
        """Every match the file names, as far as it can be read (for a copy of a damaged file)."""
        found: dict[str, None] = {}
        for q in ("SELECT id FROM matches", "SELECT match FROM seeds", "SELECT DISTINCT match FROM choices"):
            try:
                with self._lock:
                    for (mid,) in self._db.execute(q):
                        found[mid] = None
            except sqlite3.DatabaseError:  # a damaged page: what was read before it is kept
                pass
        return list(found)

    def load(self, mid: str) -> dict | None:
        """One match's record with its answers (None: no such match). A row that is not what a server writes,
        or that lies on a damaged page, is refused with its place (BadRow)."""
        column = "the row"
        try:
            with self._lock:
                row = self._db.execute(f"SELECT {', '.join(COLUMNS + SECRET_COLUMNS)} FROM matches LEFT JOIN seeds "
                                       "ON match = id WHERE id = ?", (mid,)).fetchone()
                if row is None:
                    return None
                column = "its answers"
                rows = self._db.execute("SELECT seat, choice, label FROM choices WHERE match = ? ORDER BY n",
                                        (mid,)).fetchall()
            rec = {}
            for column, v in zip(COLUMNS + SECRET_COLUMNS, row, strict=True):
                rec[column] = _in(column, v)
            for column in ("players", *COLUMNS, *SECRET_COLUMNS):  # the seats' columns are read by `players`
                wrong = SHAPES[column](rec[column], rec["players"])
                if wrong:
                    raise ValueError(wrong)
            column = "its answers"
            if not all(type(s) is int and type(k) is int and isinstance(label, str) for s, k, label in rows):
                raise ValueError("an answer that is not (seat, choice, label)")
        except sqlite3.DatabaseError as e:
            raise BadRow(self.path, mid, column, f"cannot be read ({e})") from None
        except (ValueError, TypeError) as e:
            raise BadRow(self.path, mid, column, str(e) or type(e).__name__) from None
        rec["history"] = [{"seat": s, "choice": k, "label": label} for s, k, label in rows]
        return rec

    def seed_in_play(self, seed) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM seeds JOIN matches ON id = match WHERE seed = ? AND "
                                    "status != 'finished'", (str(seed),)).fetchone() is not None

    def close(self) -> None:
        with self._lock:
            self._db.close()
        self._let_go()

    def _let_go(self) -> None:
        if self._held is not None:
            os.close(self._held)
            self._held = None


def integrity(db: sqlite3.Connection) -> list[str]:
    """What SQLite's `integrity_check` says of the file (["ok"]: sound): its lines, up to the error it may end
    with when a page is too damaged to go on."""
    said = []
    try:
        for (line,) in db.execute("PRAGMA integrity_check(20)"):
            said.append(line)
    except sqlite3.DatabaseError as e:
        said.append(str(e))
    return said


def recovered_path(path: str) -> str:
    """Where `recover` copies what can be read of `path`: beside it, `-recovered` before its extension."""
    root, ext = os.path.splitext(path)
    return f"{root}-recovered{ext}"


def recover(path: str, copy: str) -> tuple[int, list[str]]:
    """What can be read of a damaged file, copied into a new file `copy`: every match whose row and answers
    read. Returns how many were copied and, for each match left out, why (with its place). `path` itself is
    left as it is."""
    if os.path.exists(copy):
        raise MeepleError(f"{copy}: a file is there already: serve it with --db, or move it away")
    old = Store(path, check=False)
    try:
        new = Store(copy)
        kept, lost = 0, []
        for mid in old.ids():
            try:
                record = old.load(mid)
            except BadRow as e:
                lost.append(str(e))
                continue
            if record is None:
                lost.append(f"{path}: match {mid}: its row cannot be read")
                continue
            new.add(record)
            kept += 1
        new.close()
    finally:
        old.close()
    return kept, lost


class BadRow(MeepleError):
    """A kept match that cannot be rebuilt from its row: where (the file, the match, the column) and why.
    `reason` names no path of the server's machine (it may be told to a client); str() is the whole place."""

    def __init__(self, path, mid: str, column: str, what: str):
        self.mid = mid
        self.reason = f"match {mid}, {column if ' ' in column else f'column `{column}`'}: {what}"
        super().__init__(f"{path}: {self.reason}")


STATUSES = ("live", "stopped", "finished")


def _is(ok, what):
    return lambda v, players: None if ok(v) else what


def _seats(ok, what):
    return lambda v, players: None if isinstance(v, list) and len(v) == players and all(ok(x) for x in v) \
        else f"not a list of {players} {what}"


def _int(v) -> bool:
    return type(v) is int  # not a bool


def _text(v) -> bool:
    return isinstance(v, str)


def _time(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


SHAPES = {  # column -> (value, players) -> what is wrong with it, or None: what a server writes in each
    "id": _is(_text, "not an id"), "game": _is(_text, "not a game's name"),
    "players": _is(lambda v: _int(v) and v >= 1, "not a number of players"),
    "mods": _is(lambda v: isinstance(v, list) and all(map(_text, v)), "not a list of mods"),
    "options": _is(lambda v: isinstance(v, dict), "not a mapping of options"),
    "names": _seats(_text, "names"), "kinds": _seats(lambda x: isinstance(x, (str, dict)), "kinds of seat"),
    "tokens": _seats(lambda x: x is None or _text(x), "token hashes (or null)"),
    "watch": _is(_text, "not a token hash"), "client": _is(_text, "not an address"),
    "created": _is(_time, "not a time"), "touched": _is(_time, "not a time"),
    "log": _is(lambda v: v is None or _text(v), "not a log's name"),
    "version": _is(lambda v: _int(v) and v >= 0, "not a version"),
    "status": _is(lambda v: v in STATUSES, f"not one of {', '.join(STATUSES)}"),
    "error": _is(lambda v: v is None or _text(v), "not a reason"),
    "result": _is(lambda v: v is None or isinstance(v, dict), "not a result"),
    "seed": _is(lambda v: _int(v) and v >= 0, "missing, or not a seed"),
    "bot_seeds": _seats(lambda x: x is None or _int(x), "bot seeds (or null)"),
}


def _out(k: str, v):
    if k in JSON_COLUMNS:
        return None if v is None and k == "result" else json.dumps(v)
    return str(v) if k == "seed" else v


def _in(k: str, v):
    if k in JSON_COLUMNS:
        if v is None:
            return None
        try:
            return json.loads(v)
        except (TypeError, ValueError) as e:
            raise ValueError(f"not JSON ({e})") from None
    if k == "seed":
        return int(v) if isinstance(v, str) and v.isdigit() else None
    return v
