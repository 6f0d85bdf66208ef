"""The mutants of a game folder: every number one more and one less, comparisons made loose or strict and turned
around, conditions negated, statements and shuffles removed (in the effect language), list items dropped (in
the YAML data). Each is a change to one value of one file, with its place, its card or section, and a line
that says what it changes. The same folder always gives the same mutants in the same order."""
from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass, field

import yaml

from ..errors import ContentError
from ..loader.yaml_source import YStr, load_file
from . import code
from .load import absolute, choices, load, overlay, signature

DROP = object()  # the new value of a dropped list item


@dataclass
class Mutant:
    id: int
    file: str  # relative to the game folder
    line: int
    col: int
    where: str  # the card, or the section (a procedure, a phase, a handler, a counter...)
    kind: str  # number, comparison, condition, statement, shuffle, item
    description: str
    path: tuple = field(repr=False)  # keys and indexes to the changed value in the file's data
    value: object = field(repr=False)  # its new value, or DROP
    span: tuple = (0, 0)  # the first and last line of its card or section entry
    text: tuple | None = None  # for a change to effect text: the first and last line of that text
    field: tuple | None = None  # for a change to a card's field: (the card's id, the field)

    def label(self) -> str:
        return f"{self.file}:{self.line} [{self.where}] {self.description}"

    def as_dict(self) -> dict:
        return {"id": self.id, "file": self.file, "line": self.line, "col": self.col, "where": self.where,
                "kind": self.kind, "description": self.description}


class Content:
    """A game folder's files as the loader reads them, with where effect texts are, and each include choice's
    files. `texts(mutant)` gives the replaced file's whole text."""

    def __init__(self, folder):
        self.folder = absolute(folder)
        self.choices = choices(self.folder)
        self.files: list[str] = []  # absolute paths, in the order first read
        self.used_by: dict = {}  # absolute path -> the indexes of the choices whose load reads it
        self.code: dict = {}
        self.signatures: list = []  # each choice's, unchanged
        self.fields: list = []  # each choice's card id -> its fields
        for i, choice in enumerate(self.choices):
            game, rec = load(self.folder, choice)
            self.signatures.append(signature(game, rec))
            self.fields.append({c.id: set(c.fields) for c in game.cards.values()})
            for f in rec.files:
                if f not in self.used_by:
                    self.files.append(f)
                self.used_by.setdefault(f, []).append(i)
            self.code.update(rec.code)
        self.data = {f: load_file(f) for f in self.files}
        # every word of every effect text (names, and words inside strings): a card field none of them holds
        # is read by no rule
        self.words = set()
        for f in self.files:
            for text in _texts(self.data[f], f, self.code):
                self.words |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
        self._plain: dict = {}

    def rel(self, path: str) -> str:
        return os.path.relpath(path, self.folder)

    def mutants(self) -> list[Mutant]:
        out: list[Mutant] = []
        for f in sorted(self.files, key=self.rel):
            _Walk(self, f, out).node(self.data[f], (), None, "")
        for i, m in enumerate(out):
            m.id = i
        return out

    def plain(self, path: str):
        if path not in self._plain:
            self._plain[path] = _plain(self.data[path])
        return self._plain[path]

    def text(self, mutant: Mutant | None = None, path: str | None = None) -> str:
        """The text of a file (the mutant's, or `path`) as the mutant makes it, or unchanged (written anew)."""
        path = os.path.join(self.folder, mutant.file) if mutant is not None else path
        data = self.plain(path)
        if mutant is not None:
            data = _changed(data, mutant.path, mutant.value)
        return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1_000_000)

    def texts(self, mutant: Mutant) -> dict:
        """{absolute path: text} of the files the mutant changes."""
        return {os.path.join(self.folder, mutant.file): self.text(mutant)}

    def verdict(self, mutant: Mutant, texts: dict | None = None) -> tuple[str, str]:
        """Before any test: ("stillborn", the first error) when a load the mutant's file is part of fails;
        ("equivalent", why) when every such load compiles to the same game; else ("live", "")."""
        texts = texts or self.texts(mutant)
        same = True
        with overlay(texts):
            for i in self.used_by[os.path.join(self.folder, mutant.file)]:
                try:
                    game, rec = load(self.folder, self.choices[i])
                except ContentError as e:
                    d = e.diagnostics[0]
                    return "stillborn", f"{os.path.basename(str(d.place.path))}:{d.place.line}: {d.message}"
                same = same and signature(game, rec) == self.signatures[i]
        if same:
            return "equivalent", "the compiled game is the same"
        if mutant.field is not None:
            card, key = mutant.field
            uses = self.used_by[os.path.join(self.folder, mutant.file)]
            if key not in self.words and all(key in self.fields[i].get(card, ()) for i in uses):
                return "equivalent", f"display only: no effect text reads `{key}`"
        return "live", ""


class _Walk:
    """One file's mutants, in the order of the file; each knows its card or section and the lines it spans."""

    def __init__(self, content: Content, path: str, out: list):
        self.content, self.path, self.out = content, path, out
        self.rel = content.rel(path)
        self.card = None  # (the id, the depth of its keys) of the card mapping the walk is in
        with open(path, encoding="utf-8") as f:
            self.last = max(1, len(f.read().splitlines()))

    def add(self, place, scope, kind, description, keys, value, text=None):
        card, field = self.card, None
        if card and text is None and len(keys) > card[1] and \
                any(keys[card[1]] in fields.get(card[0], ()) for fields in self.content.fields):
            field = (card[0], keys[card[1]])
        self.out.append(Mutant(0, self.rel, place.line, place.col, scope[0], kind, description, keys, value,
                               scope[1:], text, field))

    def node(self, node, keys, scope, key):
        """`scope`: (the card or section, its first line, its last line); None above the sections."""
        outer = self.card
        if isinstance(node, dict):
            if isinstance(node.get("id"), str):
                scope = (str(node["id"]),) + (scope[1:] if scope else (node.place.line, self.last))
                self.card = (str(node["id"]), len(keys))
            elif isinstance(node.get("phase"), str):
                scope = (f"phase {node['phase']}",) + (scope[1:] if scope else (node.place.line, self.last))
            names = list(node)
            for i, k in enumerate(names):
                inner = scope
                if scope is None or len(keys) < (3 if keys[0] == "player" else 2) and scope[0] == ".".join(map(str, keys)):
                    # a top-level entry, or a section's entry: `procedures: gain:` is `procedures.gain`, and
                    # `player: counters: coins:` is `player.counters.coins`
                    first = node.key_places[k].line
                    last = node.key_places[names[i + 1]].line - 1 if i + 1 < len(names) else \
                        (scope[2] if scope else self.last)
                    inner = (k if scope is None else f"{scope[0]}.{k}", first, last)
                self.value(node[k], node.places[k], keys + (k,), inner, k)
                self.node(node[k], keys + (k,), inner, k)
            self.card = outer
        elif isinstance(node, list):
            scopes = []
            for i, v in enumerate(node):
                inner = scope
                if isinstance(v, dict) and isinstance(v.get("id"), str) or scope is None:
                    last = node.places[i + 1].line - 1 if i + 1 < len(node) else (scope[2] if scope else self.last)
                    name = str(v["id"]) if isinstance(v, dict) and isinstance(v.get("id"), str) else str(key or "")
                    inner = (name, node.places[i].line, last)
                scopes.append(inner)
                self.value(v, node.places[i], keys + (i,), inner, key)
                self.node(v, keys + (i,), inner, key)
            for i, v in enumerate(node):
                self.add(node.places[i], scopes[i] if scopes[i] is not scope else scope, "item",
                         f"drops item {i + 1} of `{key or 'the list'}` ({code._short(_show(v), 40)})", keys + (i,), DROP)

    def value(self, v, place, keys, scope, key):
        if isinstance(v, bool):
            return
        if isinstance(v, int):
            for new in (v + 1, v - 1):
                self.add(place, scope, "number", f"`{key}: {v}` -> {new}", keys, new)
        elif isinstance(v, YStr):
            what = self.content.code.get((self.path, place.line, place.col))
            if what is None:
                return
            origin = v.origin
            lines = (origin.place.line, max(n for n, _ in origin.line_starts))
            for e in code.edits(str(v), statements=what == "body", name=str(key)):
                self.add(origin.at(e.line, e.col), scope, e.kind, e.description, keys, e.text, lines)


def _texts(node, path, code_places):
    """The effect texts in one file's data."""
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, dict):
            todo += n.values()
        elif isinstance(n, list):
            todo += n
        elif isinstance(n, YStr):
            p = n.place
            if (path, p.line, p.col) in code_places:
                yield str(n)


def _show(v) -> str:
    if isinstance(v, dict):
        return str(v.get("id") or v.get("phase") or v.get("file") or next(iter(v.values()), ""))
    return str(v)


def _plain(x):
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    if isinstance(x, str):
        return str(x)
    return x


def _changed(data, keys, value):
    """A copy of `data` with the value at `keys` replaced (or dropped), sharing every part it does not change."""
    out = copy.copy(data)
    k = keys[0]
    if len(keys) == 1:
        if value is DROP:
            del out[k]
        else:
            out[k] = value
        return out
    out[k] = _changed(data[k], keys[1:], value)
    return out


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
    pass


def _str(dumper, s: str):
    style = "|" if "\n" in s and not any(line != line.rstrip() for line in s.split("\n")) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", s, style=style)


_Dumper.add_representer(str, _str)
