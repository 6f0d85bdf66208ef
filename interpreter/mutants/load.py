"""Loading a game folder with some of its files replaced by other texts (a mutant's), without writing them (the
loader's own `overlay`, which the language server uses for an editor's unsaved documents): the files the loader
reads, which of them hold effect-language text, and a signature of the compiled game (two games with the same
signature behave the same)."""
from __future__ import annotations

import dataclasses
import itertools
import os
import types

from ..loader.layers import include_options
from ..loader.yaml_source import YStr, overlay
from ..model import pipeline
from ..watch import watching

__all__ = ["Recording", "absolute", "choices", "load", "overlay", "recording", "signature"]


def absolute(path) -> str:
    return os.path.abspath(str(path))


def choices(folder) -> list[dict]:
    """Every choice of the options that pick the files a game includes (one empty choice when none does)."""
    opts = include_options(folder)
    keys = sorted(opts)
    return [dict(zip(keys, vals, strict=True)) for vals in itertools.product(*(opts[k] for k in keys))]


class Recording:
    """What one load read (a watcher of interpreter.watch): the files (absolute paths, in the order first read), the
    places of the effect texts in them (absolute path, line, column) -> "body" or "expression", and the
    generated Python source."""

    def __init__(self):
        self.files: list[str] = []
        self.code: dict = {}
        self.sources: list[str] = []

    def file(self, path) -> None:
        if absolute(path) not in self.files:
            self.files.append(absolute(path))

    def text(self, text, what: str) -> None:
        if isinstance(text, YStr):
            p = text.place
            self.code.setdefault((absolute(p.path), p.line, p.col), what)

    def source(self, code: str) -> None:
        self.sources.append(code)


def recording():
    """`with recording() as rec:` watches the loads inside it (interpreter.watch)."""
    return watching(Recording())


def load(folder, options: dict):
    """(the GameDef, what its load read)."""
    with recording() as rec:
        game = pipeline.load_game(folder, options=options)
    return game, rec


_LEFT_OUT = {"GameDef": {"folder", "line_map", "description", "include_choice", "names", "score_places",
                        "part_places", "team_place"}, "CardDef": {"place", "source"}}


def signature(game, rec: Recording) -> tuple:
    """What decides how the game plays: the generated code and every value of the GameDef, its functions by
    name (places, the YAML a card was read from and texts shown only as documentation left out)."""
    return (tuple(rec.sources), _sig(game))


def _sig(x):
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        skip = _LEFT_OUT.get(type(x).__name__, ())
        return (type(x).__name__,) + tuple((f.name, _sig(getattr(x, f.name))) for f in dataclasses.fields(x)
                                           if f.name not in skip)
    if isinstance(x, dict):
        return ("dict",) + tuple((str(k), _sig(v)) for k, v in x.items())
    if isinstance(x, (list, tuple)):
        return ("list",) + tuple(_sig(v) for v in x)
    if isinstance(x, types.FunctionType):
        cells = tuple(_sig(c.cell_contents) for c in (x.__closure__ or ()) if _filled(c))
        return ("fn", x.__name__, cells, _sig(x.__defaults__ or ()))
    if callable(x) and not isinstance(x, type):
        return ("callable", getattr(x, "__name__", type(x).__name__))
    return repr(x)


def _filled(cell) -> bool:
    try:
        return cell.cell_contents is not cell
    except ValueError:  # an empty cell
        return False
