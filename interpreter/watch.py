"""What a load reads, told to whoever watches it: the files the loader reads, the effect texts it parses and
the Python code generation compiles. The mutation engine (interpreter/mutants) watches a load to learn which
files and which YAML values a game's behaviour rests on. A watcher is set for a block of code
(`with watching(w):`) in the current context only (a contextvar, as `yaml_source.overlay` is): other threads
and tasks, and code outside the block, are not watched.

A watcher has three methods: `file(path)`, `text(text, what)` (`what`: "body" for statements, "expression"
for an expression; `text` as the loader gave it, a yaml_source.YStr when it comes from a file) and
`source(code)`.

It stands below every stage: the loader (loader/yaml_source.py) and the effect language (dsl/parser.py,
dsl/disk_cache.py) tell it, and neither imports the other for it.
"""
from __future__ import annotations

import contextlib
import contextvars

_WATCHER: contextvars.ContextVar = contextvars.ContextVar("watcher", default=None)


@contextlib.contextmanager
def watching(watcher):
    token = _WATCHER.set(watcher)
    try:
        yield watcher
    finally:
        _WATCHER.reset(token)


def read_file(path) -> None:
    w = _WATCHER.get()
    if w is not None:
        w.file(path)


def parsed(text, what: str) -> None:
    w = _WATCHER.get()
    if w is not None:
        w.text(text, what)


def compiled(code: str) -> None:
    w = _WATCHER.get()
    if w is not None:
        w.source(code)
