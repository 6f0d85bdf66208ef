"""The protocol: pygls on stdio. Each change re-checks the game or mod of the changed file, and every open mod
built on it, then publishes each file's diagnostics (empty for a file that became clean)."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sys
from importlib.metadata import version

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from . import features
from .checking import base_of, target_of, validate
from .names import Names, read

log = logging.getLogger(__name__)
_WORD = re.compile(r"[A-Za-z0-9_]+")


class MeepleServer(LanguageServer):
    def __init__(self):
        super().__init__("meeple", version("meeple"))
        self.dirty: set[str] = set()  # game and mod folders to check again
        self.flushing = False
        self.found: dict[str, dict[str, list[dict]]] = {}  # folder -> path -> its diagnostics from that folder's check
        self.cache: dict[str, tuple] = {}  # folder -> (the texts read, Names)

    def texts(self) -> dict[str, str]:
        """The open documents: absolute path -> unsaved text."""
        out = {}
        for uri, doc in self.workspace.text_documents.items():
            path = to_fs_path(uri)
            if path:
                out[os.path.abspath(path)] = doc.source
        return out

    def changed(self, path: str) -> None:
        """Check again the folder of a changed file and every open mod that extends it."""
        target = target_of(path)
        if target is None:
            return
        self.dirty.add(target)
        texts = self.texts()
        for other in {target_of(p) for p in texts} - {None, target}:
            if base_of(other, texts) == target:
                self.dirty.add(other)
        if not self.flushing:
            self.flushing = True
            asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Checks every folder marked since (changes that came in meanwhile are checked together, once)."""
        try:
            while self.dirty:
                self.check(self.dirty.pop())
        finally:
            self.flushing = False

    def check(self, target: str) -> None:
        texts = self.texts()
        try:
            found = validate(target, texts)
        except (Exception, SystemExit):  # a fault of the checker itself: said in the log, the server goes on
            log.exception("checking %s failed", target)
            return
        before = self.found.get(target, {})
        self.found[target] = found
        opened = {p for p in texts if target_of(p) == target}  # a clean open file is told so too
        for path in set(before) | set(found) | opened:
            self.publish(path, texts)

    def publish(self, path: str, texts: dict) -> None:
        # a base game's file checked with the game and with an open mod: each of its diagnostics once
        diags = list({json.dumps(d, sort_keys=True): d for found in self.found.values() for d in found.get(path, [])}.values())
        lines = texts[path].split("\n") if path in texts else _disk_lines(path)
        self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
            uri=from_fs_path(path), diagnostics=[_diagnostic(d, lines) for d in diags]))

    def names(self, path: str) -> Names | None:
        """The names of the game or mod a file belongs to, read again only when an open document changed."""
        target = target_of(path)
        if target is None:
            return None
        texts = self.texts()
        held = self.cache.get(target)
        if held is None or held[0] != texts:
            held = self.cache[target] = (texts, read(target, texts))
        return held[1]


def _disk_lines(path: str) -> list[str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().split("\n")
    except OSError:
        return []


def _diagnostic(d: dict, lines: list[str]) -> T.Diagnostic:
    """A diagnostic of `meeple validate --format json` (1-based line and column; 0: the whole file) as the
    protocol's, spanning the word it points at."""
    line, col = max(d["line"] - 1, 0), max(d["column"] - 1, 0)
    text = lines[line] if line < len(lines) else ""
    m = _WORD.match(text, col)
    end = m.end() if m else min(len(text), col + 1) if col < len(text) else col
    return T.Diagnostic(range=T.Range(start=T.Position(line=line, character=col), end=T.Position(line=line, character=end)),
                        message=d["message"], code=d["code"], source="meeple",
                        severity=T.DiagnosticSeverity.Error if d["severity"] == "error" else T.DiagnosticSeverity.Warning)


server = MeepleServer()


def _path(uri: str) -> str:
    return os.path.abspath(to_fs_path(uri) or "")


def _at(params) -> tuple[Names | None, str, int, int]:
    path = _path(params.text_document.uri)
    return server.names(path), path, params.position.line, params.position.character


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: MeepleServer, params: T.DidOpenTextDocumentParams):
    ls.changed(_path(params.text_document.uri))


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: MeepleServer, params: T.DidChangeTextDocumentParams):
    ls.changed(_path(params.text_document.uri))


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: MeepleServer, params: T.DidCloseTextDocumentParams):
    ls.changed(_path(params.text_document.uri))  # read from the disk again: what was not saved is gone


@server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=[".", '"']))
def completion(ls: MeepleServer, params: T.CompletionParams):
    names, path, line, col = _at(params)
    return T.CompletionList(is_incomplete=False, items=features.complete(names, path, line, col) if names else [])


@server.feature(T.TEXT_DOCUMENT_HOVER)
def hover(ls: MeepleServer, params: T.HoverParams):
    names, path, line, col = _at(params)
    text = features.hover(names, path, line, col) if names else None
    return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text)) if text else None


def _defs(params) -> tuple:
    """(the names of the document's game, the definitions of what the cursor is on): (None, []) outside a game."""
    names, path, line, col = _at(params)
    if names is None:
        return None, []
    return names, features.resolve(names, path, line, col)[1]


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
def definition(ls: MeepleServer, params: T.DefinitionParams):
    _, defs = _defs(params)
    return [features.location(d.spot, from_fs_path) for d in defs] or None


@server.feature(T.TEXT_DOCUMENT_REFERENCES)
def references(ls: MeepleServer, params: T.ReferenceParams):
    names, defs = _defs(params)
    if names is None:
        return None
    spots = features.references(names, defs)
    if not params.context.include_declaration:
        spots = [s for s in spots if s not in {d.spot for d in defs}]
    return [features.location(s, from_fs_path) for s in spots] or None


def _renameable(params):
    """(the names, the definitions) of what the cursor is on, when it can be renamed; else None."""
    names, defs = _defs(params)
    if not defs or any(d.what not in features.RENAMEABLE for d in defs):
        return None
    return names, defs


@server.feature(T.TEXT_DOCUMENT_PREPARE_RENAME)
def prepare_rename(ls: MeepleServer, params: T.PrepareRenameParams):
    if _renameable(params) is None:
        return None
    return T.PrepareRenameDefaultBehavior(default_behavior=True)


@server.feature(T.TEXT_DOCUMENT_RENAME)
def rename(ls: MeepleServer, params: T.RenameParams):
    found = _renameable(params)
    if found is None:
        return None
    names, defs = found
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", params.new_name):
        raise ValueError(f"`{params.new_name}` is not a name (lower-case letters, digits and _)")
    changes: dict = {}
    for s in features.references(names, defs):
        changes.setdefault(from_fs_path(s.path), []).append(
            T.TextEdit(range=features.location(s, from_fs_path).range, new_text=params.new_name))
    return T.WorkspaceEdit(changes=changes)


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: MeepleServer, params: T.DocumentSymbolParams):
    path = _path(params.text_document.uri)
    names = server.names(path)
    return features.outline(names, path) if names else []


def serve() -> int:
    """Runs the server on stdin and stdout until the client says exit. Anything printed meanwhile goes to stderr:
    stdout carries the protocol alone."""
    out = sys.stdout.buffer
    sys.stdout = sys.stderr
    server.start_io(sys.stdin.buffer, out)
    return 0
