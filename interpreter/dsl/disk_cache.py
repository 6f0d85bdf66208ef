"""What a run keeps on disk for the next, so that a new process does not redo the work for unchanged content.

Most of a first load (`meeple validate` in CI, the first match of a simulation) is lark parsing a few hundred
effect strings per game, then Python compiling the generated code. Both depend on their input alone:

- **parsed texts** (`ParseStore`): effect text -> statements, in one file per version of the language (the
  file's name hashes the grammar, the parser and the syntax-tree classes, so that any change to them starts
  afresh). Only texts that parsed are kept; a mistake is found again, with its place, on every run. The file
  is read by an unpickler that accepts syntax-tree classes and nothing else: a damaged or tampered file is
  ignored (and rewritten), never run. Hostile content cannot flood it: at most `MAX_ENTRIES` texts and
  `MAX_CHARS` characters are kept. Written once, when the process ends, and only when it grew.
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
MAX_CHARS = 4_000_000
MAX_CODE_FILES = 64

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


_STORE: ParseStore | None = None


def store() -> ParseStore:
    global _STORE
    if _STORE is None:
        folder = _folder()
        _STORE = ParseStore(folder / f"parse-{version()}.pickle" if folder is not None else None)
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
    try:
        files = sorted(path.parent.glob("*.bin"), key=lambda p: p.stat().st_mtime)
        for old in files[:-MAX_CODE_FILES]:
            old.unlink()
    except OSError:
        pass
    return code
