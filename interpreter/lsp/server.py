"""The protocol: pygls on stdio. Each change re-checks the game or mod of the changed file, and every open mod
built on it, then publishes each file's diagnostics (empty for a file that became clean); a request after a
change asks the check stage for the game's index again (model.pipeline.content_index)."""
from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import re
import sys
from importlib.metadata import version

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from ..check.index import Index
from ..errors import Place
from ..loader.yaml_source import overlay
from ..model.pipeline import content_index
from . import features
from .checking import base_of, target_of, validate

log = logging.getLogger(__name__)
_WORD = re.compile(r"[A-Za-z0-9_]+")


class MeepleServer(LanguageServer):
    def __init__(self):
        super().__init__("meeple", version("meeple"))
        self.dirty: set[str] = set()  # game and mod folders to check again
        self.flushing = False
        self.found: dict[str, dict[str, list[dict]]] = {}  # folder -> path -> its diagnostics from that folder's check
        self.cache: dict[str, tuple] = {}  # folder -> (the texts read, their Index)

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

    def index(self, path: str) -> Index | None:
        """The check stage's index of the game or mod a file belongs to, made again only when an open document
        changed; while its files do not get as far as the checker (a key being typed), the last it gave."""
        target = target_of(path)
        if target is None:
            return None
        texts = self.texts()
        held = self.cache.get(target)
        if held is None or held[0] != texts:
            idx = _indexed(target, texts)
            if idx is None and held is not None:
                idx = held[1]
            held = self.cache[target] = (texts, idx)
        return held[1]

    def repaired(self, path: str, line: int, col: int):
        """index(), with the text being typed at (line, col) of `path` made whole: a dangling dot and the
        word after it dropped, the brackets the line opens closed (features.complete asks for it)."""
        def again():
            texts = self.texts()
            if path not in texts:
                return None
            lines = texts[path].split("\n")
            text = lines[line]
            head = re.sub(r"\.[A-Za-z_]*$", "", text[:col])
            lines[line] = _closed(head + text[col:])
            texts[path] = "\n".join(lines)
            return _indexed(target_of(path), texts)
        return again

    def lines_of(self, path: str) -> list[str]:
        text = self.texts().get(path)
        return text.split("\n") if text is not None else _disk_lines(path)


def _indexed(target: str, texts: dict) -> Index | None:
    """The index of a game folder, or of a mod with the game it is checked with (checking.base_of), its places'
    paths absolute."""
    folder, mods = target, ()
    if os.path.isfile(os.path.join(target, "mod.yaml")):
        folder, mods = base_of(target, texts), (target,)
        if folder is None:
            return None
    try:
        with overlay(texts):
            idx = content_index(folder, mods)
            if idx is None and mods:  # the mod's files do not check yet: at least what its game names
                idx = content_index(folder)
    except Exception:  # a fault of the checker itself: said in the log, the server goes on
        log.exception("indexing %s failed", target)
        return None
    if idx is not None:
        absolute = {}
        for i, e in enumerate(idx.entries):
            p = e.place
            path = absolute.get(p.path) or absolute.setdefault(p.path, os.path.abspath(p.path))
            if path != p.path:
                idx.entries[i] = dataclasses.replace(e, place=Place(path, p.line, p.col))
        for b in idx.bodies:
            b.path = absolute.get(b.path) or absolute.setdefault(b.path, os.path.abspath(b.path))
    return idx


def _closed(text: str) -> str:
    """A line with the brackets it leaves open closed at its end (strings skipped)."""
    opened, inside = [], False
    for ch in text:
        if ch == '"':
            inside = not inside
        elif not inside and ch in "([{":
            opened.append({"(": ")", "[": "]", "{": "}"}[ch])
        elif not inside and ch in ")]}" and opened and opened[-1] == ch:
            opened.pop()
    return text + ('"' if inside else "") + "".join(reversed(opened))


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


def _at(params) -> tuple[Index | None, str, int, int]:
    path = _path(params.text_document.uri)
    return server.index(path), path, params.position.line, params.position.character


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: MeepleServer, params: T.DidOpenTextDocumentParams):
    ls.changed(_path(params.text_document.uri))


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: MeepleServer, params: T.DidChangeTextDocumentParams):
    ls.changed(_path(params.text_document.uri))


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: MeepleServer, params: T.DidCloseTextDocumentParams):
    ls.changed(_path(params.text_document.uri))  # read from the disk again: what was not saved is gone


def _snippets(ls: MeepleServer) -> bool:
    """Whether the editor takes completions with placeholders (snippets)."""
    try:
        return bool(ls.client_capabilities.text_document.completion.completion_item.snippet_support)
    except AttributeError:
        return False


@server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=[".", '"']))
def completion(ls: MeepleServer, params: T.CompletionParams):
    idx, path, line, col = _at(params)
    items = features.complete(idx, ls.lines_of, path, line, col, _snippets(ls), ls.repaired(path, line, col)) \
        if idx else []
    return T.CompletionList(is_incomplete=False, items=items)


@server.feature(T.TEXT_DOCUMENT_SIGNATURE_HELP, T.SignatureHelpOptions(trigger_characters=["(", ","],
                                                                       retrigger_characters=[" ", "="]))
def signature_help(ls: MeepleServer, params: T.SignatureHelpParams):
    idx, path, line, col = _at(params)
    return features.signature_help(idx, ls.lines_of, path, line, col) if idx else None


@server.feature(T.TEXT_DOCUMENT_CODE_ACTION, T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
def code_action(ls: MeepleServer, params: T.CodeActionParams):
    path = _path(params.text_document.uri)
    return features.quick_fixes(params.text_document.uri, ls.lines_of(path), params.context.diagnostics) or None


@server.feature(T.TEXT_DOCUMENT_HOVER)
def hover(ls: MeepleServer, params: T.HoverParams):
    idx, path, line, col = _at(params)
    text = features.hover(idx, ls.lines_of, path, line, col) if idx else None
    return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text)) if text else None


def _decls(params) -> tuple:
    """(the index of the document's game, the entry the cursor is on, its declarations): (None, None, [])
    outside a game or a name."""
    idx, path, line, col = _at(params)
    if idx is None:
        return None, None, []
    return (idx, *features.resolve(idx, path, line, col))


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
def definition(ls: MeepleServer, params: T.DefinitionParams):
    _, _, decls = _decls(params)
    return [features.location(d, from_fs_path) for d in decls] or None


@server.feature(T.TEXT_DOCUMENT_REFERENCES)
def references(ls: MeepleServer, params: T.ReferenceParams):
    idx, e, decls = _decls(params)
    if e is None:
        return None
    found = features.references(idx, e)
    if not params.context.include_declaration:
        found = [x for x in found if not x.decl]
    return [features.location(x, from_fs_path) for x in found] or None


def _renameable(params):
    """(the index, the entry) of what the cursor is on, when it can be renamed; else None."""
    idx, e, decls = _decls(params)
    if e is None or e.kind not in features.RENAMEABLE or not decls:
        return None
    return idx, e


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
    idx, e = found
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", params.new_name):
        raise ValueError(f"`{params.new_name}` is not a name (lower-case letters, digits and _)")
    changes: dict = {}
    for x in features.references(idx, e):
        changes.setdefault(from_fs_path(x.place.path), []).append(
            T.TextEdit(range=features.span(x), new_text=params.new_name))
    return T.WorkspaceEdit(changes=changes)


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: MeepleServer, params: T.DocumentSymbolParams):
    path = _path(params.text_document.uri)
    idx = server.index(path)
    return features.outline(idx, path) if idx else []


def serve() -> int:
    """Runs the server on stdin and stdout until the client says exit. Anything printed meanwhile goes to stderr:
    stdout carries the protocol alone."""
    out = sys.stdout.buffer
    sys.stdout = sys.stderr
    server.start_io(sys.stdin.buffer, out)
    return 0
