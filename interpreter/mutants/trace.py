"""What each test of a game sees of its content, and so which tests a mutant needs.

`Coverage` records, while a test runs on the unchanged content, the lines of effect text its compiled code
runs (a trace of the generated code, read through the game's line map) and the card fields it reads (each
loaded card's fields are a dict that notes its reads). `plan` orders a mutant's tests by what they saw, and
leaves out those that cannot see it: a test never reaches a changed text it did not run, nor a changed card
field it did not read, and until then it runs as on the unchanged content. `LoadMemo` loads a game once
while one mutant's tests run."""
from __future__ import annotations

import os
import sys

from ..model import pipeline

WHOLE = "*"  # a read of every field of a card at once (a copy, a view, a comparison)


class _Fields(dict):
    """A card's fields that note each read into `seen` (a set the coverage swaps for each test)."""
    __slots__ = ("card", "cov")

    def _all(self):
        self.cov.reads.add((self.card, WHOLE))

    def __getitem__(self, key):
        self.cov.reads.add((self.card, key))
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self.cov.reads.add((self.card, key))
        return dict.get(self, key, default)

    def __iter__(self):
        self._all()
        return dict.__iter__(self)

    def keys(self):
        self._all()
        return dict.keys(self)

    def values(self):
        self._all()
        return dict.values(self)

    def items(self):
        self._all()
        return dict.items(self)

    def copy(self):
        self._all()
        return dict(dict.items(self))

    def __eq__(self, other):
        self._all()
        return dict.__eq__(self, other)

    def __ne__(self, other):
        self._all()
        return dict.__ne__(self, other)

    __hash__ = None

    def __repr__(self):
        self._all()
        return dict.__repr__(self)

    def __reduce_ex__(self, protocol):
        self._all()
        return (dict, (dict(dict.items(self)),))


class Coverage:
    """While inside, every game loaded is traced: set `lines` and `reads` to fresh sets before each test;
    `lines` gets (file relative to the game folder, line) of each line of effect text run, `reads` gets
    (card id, field) of each field read (field WHOLE: all of them)."""

    def __init__(self, folder):
        self.folder = os.path.abspath(str(folder))
        self.maps: dict = {}  # id(the namespace of a compiled game) -> (the namespace, its line map)
        self.lines: set = set()
        self.reads: set = set()

    def __enter__(self):
        self.original = original = pipeline.assemble
        maps, cov = self.maps, self

        def traced(*a, **k):
            game = original(*a, **k)
            if game is not None:
                fns = list(game.procedures.values()) + [step for ph in game.phases for step in ph.steps]
                if fns:
                    ns = fns[0].__globals__
                    maps[id(ns)] = (ns, game.line_map)
                for card in game.cards.values():
                    fields = _Fields(card.fields)
                    fields.card, fields.cov = card.id, cov
                    card.fields = fields
            return game
        pipeline.assemble = traced
        shown: dict = {}

        def local(frame, event, arg):
            if event == "line":
                entry = maps.get(id(frame.f_globals))
                place = entry[1].get(frame.f_lineno) if entry else None
                if place is not None:
                    path = shown.get(place.path)
                    if path is None:
                        path = shown[place.path] = os.path.relpath(os.path.abspath(place.path), self.folder)
                    self.lines.add((path, place.line))
            return local

        def tracer(frame, event, arg):
            return local if frame.f_code.co_filename == "<meeple>" else None
        sys.settrace(tracer)
        return self

    def __exit__(self, *exc):
        sys.settrace(None)
        pipeline.assemble = self.original
        return False


class Seen:
    """What one test saw of the unchanged content: lines of effect text run, card fields read, its text."""
    __slots__ = ("lines", "reads", "source")

    def __init__(self, lines: set, reads: set, source: str = ""):
        self.lines, self.reads, self.source = lines, reads, source


def plan(mutant, tests: list, seen: dict, all_tests: bool = False) -> list:
    """The tests to run on `mutant`, in order: those that ran its line or read its field, then those that ran
    its card or section or name it (in `source`), then the others, each group in the order of `tests`.
    Left out (unless `all_tests`): for a change to effect text, a test that ran effect text but not this text;
    for a change to a card field, a test that never read that field of that card. `seen`: test -> Seen."""
    here = (mutant.file, mutant.line)
    near = {(mutant.file, n) for n in range(mutant.span[0], mutant.span[1] + 1)}
    text = {(mutant.file, n) for n in range(mutant.text[0], mutant.text[1] + 1)} if mutant.text else None
    field = {mutant.field, (mutant.field[0], WHOLE)} if mutant.field else None
    name = mutant.where.split(".")[-1]
    quoted = (f'"{name}"', f"'{name}'")
    first, second, rest = [], [], []
    for test in tests:
        s = seen[test]
        if here in s.lines or field is not None and not field.isdisjoint(s.reads):
            first.append(test)
        elif not all_tests and (text is not None and s.lines and text.isdisjoint(s.lines) or field is not None):
            continue
        elif not near.isdisjoint(s.lines) or any(q in s.source for q in quoted):
            second.append(test)
        else:
            rest.append(test)
    return first + second + rest


class LoadMemo:
    """While inside, a game loaded again with the same folder and options (no mods, no warnings asked) is the
    one loaded before, once `serving` is set: a mutant's check loads each game once, and its tests reuse it."""

    def __enter__(self):
        self.original = original = pipeline._load
        self.games: dict = {}
        self.serving = False

        def load(folder, mods, warnings, options, generate):
            if mods or warnings is not None or not generate:
                return original(folder, mods, warnings, options, generate)
            key = (os.path.abspath(str(folder)), tuple(sorted((options or {}).items())))
            if self.serving and key in self.games:
                return self.games[key]
            game = self.games[key] = original(folder, mods, warnings, options, generate)
            return game
        pipeline._load = load
        return self

    def __exit__(self, *exc):
        pipeline._load = self.original
        return False
