"""Diagnostics for people and machines: text with the source line and a caret, JSON, GitHub annotations."""
from __future__ import annotations

import json
import os

from .errors import Diagnostic


def _source_line(path: str, line: int) -> str | None:
    if not _quotable(path, line):
        return None
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, text in enumerate(f, 1):
                if n == line:
                    return text.rstrip("\n")
    except OSError:
        return None
    return None


def _quotable(path: str, line: int) -> bool:
    """A line of a file is shown under its diagnostic, unless the file is a link (read nowhere: it may lead
    out of the game's folder)."""
    return bool(line) and os.path.isfile(path) and not os.path.islink(path)


def text(diags: list[Diagnostic]) -> str:
    out = []
    for d in diags:
        out.append(str(d))
        src = _source_line(d.place.path, d.place.line)
        if src is None and _quotable(d.place.path, d.place.line):
            src = "(end of file)"
        if src is not None:
            out.append(f"    {src}")
            out.append("    " + " " * max(0, d.place.col - 1) + "^")
        out += [f"{place}: note: {note}" for place, note in d.related]
    return "\n".join(out)


def as_json(diags: list[Diagnostic]) -> str:
    return json.dumps([d.as_dict() for d in diags], indent=2)


def _esc(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def github(diags: list[Diagnostic]) -> str:
    out = []
    for d in diags:
        level = "error" if d.severity == "error" else "warning"
        loc = f"file={d.place.path}"
        if d.place.line:
            loc += f",line={d.place.line},col={d.place.col}"
        also = "".join(f" ({note}: {place})" for place, note in d.related)
        out.append(f"::{level} {loc},title={d.code}::{_esc(d.full_message() + also)}")
    return "\n".join(out)
