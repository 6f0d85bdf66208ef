"""What a run keeps on disk for the next, so that a new process does not redo the work for unchanged content.

Most of a first load (`meeple validate` in CI, the first match of a simulation) is lark parsing a few hundred
effect strings per game, then Python compiling the generated code. Both depend on their input alone:

- **parsed texts** (`ParseStore`): effect text -> statements, in one file per folder of content files and
  version of the language (the file's name hashes the folder, and the grammar, the parser and the syntax-tree
  classes, so that any change to them starts afresh): a game's load reads its own folders' texts, not every
  game's the cache has met (`Shelves`). Only texts that parsed are kept; a mistake is found again, with its
  place, on every run. A file is read by an unpickler that accepts syntax-tree classes and nothing else: a
  damaged or tampered file is ignored (and rewritten), never run. Hostile content cannot flood them: at most
  `MAX_ENTRIES` texts and `MAX_CHARS` characters are kept in a file, and `MAX_PARSE_FILES` files, the oldest
  removed first. Each is written once, when the process ends, and only when it grew.
- **compiled code** (`compiled`): generated Python source -> code object, one file per source named by its
  hash and the Python version, like Python's own `__pycache__` (and trusted as those are: the folder is the
  user's own). At most `MAX_CODE_FILES` are kept, the oldest removed first.

`MEEPLE_CACHE_DIR` chooses the folder (default: `$XDG_CACHE_HOME/meeple`, else `~/.cache/meeple`);
`MEEPLE_CACHE=off` turns it off.
"""
from __future__ import annotations

import atexit
import hashlib
import io
import marshal
import os
import pickle
import sys
from pathlib import Path

from .. import watch
from ..files import GRAMMAR_DIR
from . import ast as A

MAX_ENTRIES = 20_000
MAX_CHARS = 1_000_000  # a parse file's (the bundled games' largest folder holds 27,500 characters of texts)
MAX_CODE_FILES = 64
MAX_PARSE_FILES = 128

_HERE = Path(__file__).resolve().parent
_SOURCES = (GRAMMAR_DIR / "effects.lark", _HERE / "parser.py", _HERE / "ast.py")


class _TreesOnly(pickle.Unpickler):
    def find_class(self, module, name):
        if module == A.__name__ and isinstance(getattr(A, name, None), type) and issubclass(getattr(A, name), A.Node):
            return getattr(A, name)
        raise pickle.UnpicklingError(f"not a syntax tree: {module}.{name}")


def _folder() -> Path | None:
    if os.environ.get("MEEPLE_CACHE", "").lower() in ("off", "0", "no", "false"):
        return None
    if os.environ.get("MEEPLE_CACHE_DIR"):
        return Path(os.environ["MEEPLE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "meeple"


class ParseStore:
    def __init__(self, path: Path | None):
        self.path = path
        self.trees: dict = {}
        self.dirty = False
        if path is None:
            return
        try:
            with open(path, "rb") as f:
                data = _TreesOnly(io.BytesIO(f.read())).load()
            if isinstance(data, dict) and all(isinstance(k, str) and isinstance(v, list) for k, v in data.items()):
                self.trees = data
        except Exception:  # missing, damaged or foreign: start afresh
            self.trees = {}

    def get(self, text: str):
        return self.trees.get(text)

    def put(self, text: str, stmts: list) -> None:
        """Kept in memory also with no folder (the cache off): a text met twice in a process is parsed once."""
        if self.path is None and len(self.trees) >= MAX_ENTRIES:
            self.trees.clear()
        self.trees[str(text)] = stmts  # a plain str: the loader's strings carry their place
        self.dirty = self.path is not None

    def save(self) -> None:
        if self.path is None or not self.dirty:
            return
        items = list(self.trees.items())
        kept, chars = {}, 0
        for text, stmts in reversed(items):  # the newest first
            chars += len(text)
            if len(kept) >= MAX_ENTRIES or chars > MAX_CHARS:
                break
            kept[text] = stmts
        kept = dict(reversed(list(kept.items())))  # the oldest first again
        try:
            data = pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)
        except RecursionError:  # a tree too deep to pickle (hostile content): keep the others
            kept = {text: stmts for text, stmts in kept.items() if _picklable(stmts)}
            data = pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL)
        _write(self.path, data)
        self.dirty = False


def _picklable(stmts) -> bool:
    try:
        pickle.dumps(stmts, protocol=pickle.HIGHEST_PROTOCOL)
        return True
    except RecursionError:
        return False


def _write(path: Path, data: bytes) -> None:
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only to write: most runs read, or write nothing
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".new-", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)  # readers see the old file or the new one, never half of one
    except OSError:  # a read-only or full disk is no reason to fail
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)


def version() -> str:
    h = hashlib.sha256()
    for p in _SOURCES:
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


class Shelves:
    """The parsed texts of a run, a ParseStore for each folder the texts' files lie in (`where`: the file a text
    comes from), each read at the first text of its folder asked for."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.version = version() if folder is not None else ""
        self.stores: dict = {}  # folder -> its ParseStore
        self._files: dict = {}  # a text's file, as given -> its folder's ParseStore (found once a file)

    def _of(self, where: str) -> ParseStore:
        s = self._files.get(where)
        if s is not None:
            return s
        key = os.path.dirname(os.path.abspath(where)) if where else ""  # (the same folder from any working folder)
        s = self.stores.get(key)
        if s is None:
            name = f"parse-{self.version}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.pickle"
            s = self.stores[key] = ParseStore(self.folder / name if self.folder is not None else None)
        self._files[where] = s
        return s

    def get(self, text: str, where: str = ""):
        return self._of(where).get(text)

    def put(self, text: str, stmts: list, where: str = "") -> None:
        self._of(where).put(text, stmts)

    def save(self) -> None:
        grew = [s for s in self.stores.values() if s.dirty][:MAX_PARSE_FILES]  # (content of many folders: no more)
        for s in grew:
            s.save()
        if grew:
            _prune(self.folder, "parse-*.pickle", MAX_PARSE_FILES)


_STORE: Shelves | None = None


def store() -> Shelves:
    global _STORE
    if _STORE is None:
        _STORE = Shelves(_folder())
        atexit.register(save)
    return _STORE


def save() -> None:
    """Writes what this process parsed anew: at its exit, or by a command that ends its process at once
    (which runs no exit handlers)."""
    if _STORE is not None:
        _STORE.save()


def compiled(src: str, filename: str):
    """`compile(src, filename, "exec")`, or the code object an earlier run compiled from the same source."""
    watch.compiled(src)
    folder = _folder()
    if folder is None:
        return compile(src, filename, "exec")
    key = hashlib.sha256(f"{filename}\0{src}".encode()).hexdigest()[:32]
    path = folder / f"code-{sys.implementation.cache_tag}" / f"{key}.bin"
    try:
        code = marshal.loads(path.read_bytes())
        if type(code) is type(compiled.__code__):
            return code
    except (OSError, ValueError, EOFError, TypeError):
        pass
    code = compile(src, filename, "exec")
    _write(path, marshal.dumps(code))
    _prune(path.parent, "*.bin", MAX_CODE_FILES)
    return code


def _prune(folder: Path, pattern: str, keep: int) -> None:
    """Removes the oldest of the files `pattern` names in `folder` past the `keep` newest."""
    try:
        files = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime)
        for old in files[:-keep]:
            old.unlink()
    except OSError:
        pass
