"""One exception hierarchy, rooted in MeepleError; every content mistake carries its place."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Place(NamedTuple):
    """Where something stands in a content file: 1-based line and column. A tuple: the loader makes one
    for every node it reads (27,000 in a validation of the bundled games), and a tuple is the cheapest
    to make that cannot change."""
    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}" if self.line else self.path

    def shifted(self, line: int, col: int) -> Place:
        return Place(self.path, line, col)


class Origin:
    """Maps a position inside an effect string to a place in its file: the loader gives one with each text it
    reads from a file, the parser places its nodes by it."""

    def __init__(self, place: Place, line_starts: list[tuple[int, int]] | None = None):
        self.place = place
        # line_starts[i] = (file line, file column) where line i+1 of the text begins
        self.line_starts = line_starts or [(place.line, place.col)]

    def at(self, line: int, col: int) -> Place:
        if not self.place.line:
            return self.place
        i = min(max(line, 1), len(self.line_starts)) - 1
        fl, fc = self.line_starts[i]
        if line - 1 > i:  # past the known lines: best effort
            return self.place.shifted(fl + (line - 1 - i), col)
        return self.place.shifted(fl, fc + col - 1)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    place: Place
    message: str
    code: str = "E-CONTENT"
    severity: str = "error"  # error | warning
    hint: str = ""
    # other places that help, each with a note: a mod's mistake is placed in the mod, and the base's line it
    # meets ("the count is declared here") comes second
    related: tuple = ()

    def sort_key(self):
        return (self.place.path, self.place.line, self.place.col, self.message)

    def as_dict(self) -> dict:
        out = {"file": self.place.path, "line": self.place.line, "column": self.place.col,
               "severity": self.severity, "code": self.code, "message": self.full_message()}
        if self.related:
            out["related"] = [{"file": p.path, "line": p.line, "column": p.col, "message": note}
                              for p, note in self.related]
        return out

    def full_message(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message

    def __str__(self) -> str:
        return f"{self.place}: {self.severity}: {self.full_message()} [{self.code}]"


class MeepleError(Exception):
    """The root of every error meeple raises on purpose."""


class ContentError(MeepleError):
    """Content that cannot be loaded: one or more diagnostics, each with a place."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=Diagnostic.sort_key)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class RuntimeContentError(MeepleError):
    """Content that loaded but failed while a match ran (a step budget spent, a bad value)."""

    def __init__(self, message: str, place: Place | None = None):
        self.place = place
        self.message = message
        super().__init__(f"{place}: {message}" if place else message)

    def __reduce__(self):  # from a worker process: the place and the message travel apart
        return (type(self), (self.message, self.place))


class InternalError(MeepleError):
    """A failure of meeple itself, not of the content: said as such, never placed in a content file.
    `details` holds the traceback, shown with `meeple --debug`."""

    def __init__(self, message: str, details: str = ""):
        self.message, self.details = message, details
        super().__init__(f"internal error, please report it: {message}")

    def __reduce__(self):  # from a worker process
        return (type(self), (self.message, self.details))


class IllegalChoice(MeepleError):
    """A choice that is not among the pending decision's options; says why."""


class UsageError(MeepleError):
    """A command used wrongly: an unknown game, option or seat."""


def did_you_mean(word: str, candidates) -> str:
    import difflib  # only when there is a mistake: a fortieth of a cold start
    close = difflib.get_close_matches(word, [c for c in candidates if c != word], n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else ""


class Collect:
    """The diagnostics one load gathers, in the order they are found; `guard` runs a step that may raise
    ContentError and keeps its diagnostics instead."""

    def __init__(self, warns: bool = True):
        self.diags: list[Diagnostic] = []
        self.warns = warns  # False: nobody reads the warnings (a game loaded to be played), so none is kept

    def error(self, place, message, code, hint="", related=()):
        self.diags.append(Diagnostic(place, message, code, "error", hint, tuple(related)))

    def warn(self, place, message, code, hint="", related=()):
        if self.warns:
            self.diags.append(Diagnostic(place, message, code, "warning", hint, tuple(related)))

    def guard(self, fn, *args):
        try:
            return fn(*args)
        except ContentError as e:
            self.diags.extend(e.diagnostics)
            return None

    def stop(self):
        """Raises ContentError with everything gathered, if anything was."""
        if self.diags:
            raise ContentError(self.diags)
