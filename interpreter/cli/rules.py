"""`meeple rules GAME`: a game's rules in short (its `rules:`), laid out for a terminal; with `--notes`, its
authors' notes besides (the `doc:` of its kinds, fields, zones, counters and variables, and each card's `note:`),
which the table's tooltips leave out since they speak to players."""
from __future__ import annotations

import os
import textwrap

WIDTH = 100


def _para(head: str, text: str, indent: str = "") -> list[str]:
    """`head` and its text, wrapped, the lines after the first indented under the text."""
    return textwrap.wrap(f"{head}{text}", WIDTH, initial_indent=indent,
                         subsequent_indent=indent + " " * min(len(head), 4), break_on_hyphens=False)


def rules_text(game) -> str:
    """The rules in short as the terminal prints them; a game that gives none says so."""
    r = game.rules
    if not r:
        return f"{game.name} gives no rules in short (`rules:` in its game.yaml)."
    lines = [f"{game.name}: the rules in short", ""]
    lines += _para("Goal: ", r["goal"])
    lines += _para("A round: ", r["turn"])
    for name, line in r["phases"].items():
        lines += _para(f"{name.replace('_', ' ')}: ", line, "  ")
    if r.get("end"):
        lines += _para("The end: ", r["end"])
    for note in r.get("notes", []):
        lines += _para("- ", note)
    return "\n".join(lines)


def _docs(section) -> list[tuple[str, str]]:
    """(name, doc) for the entries of a game.yaml section that have one."""
    if not isinstance(section, dict):
        return []
    return [(str(k), str(v["doc"])) for k, v in section.items() if isinstance(v, dict) and v.get("doc")]


def notes_text(game) -> str:
    """The authors' notes as the terminal prints them: each declaration's doc as written, then each card's note."""
    from ..errors import MeepleError
    from ..loader.yaml_source import load_file
    try:
        raw = load_file(os.path.join(game.folder, "game.yaml"))
    except (MeepleError, OSError):
        raw = {}
    raw = raw if isinstance(raw, dict) else {}
    player = raw.get("player") if isinstance(raw.get("player"), dict) else {}
    lines = [f"{game.name}: the authors' notes"]
    kinds = raw.get("kinds") if isinstance(raw.get("kinds"), dict) else {}
    of_kinds = []
    for name, spec in kinds.items():
        spec = spec if isinstance(spec, dict) else {}
        if spec.get("doc"):
            of_kinds.append((str(name), str(spec["doc"])))
        of_kinds += [(f"{name}.{f}", d) for f, d in _docs(spec.get("fields"))]
    sections = [("kinds", of_kinds), ("zones", _docs(raw.get("zones"))), ("player zones", _docs(player.get("zones"))),
                 ("counters", _docs(raw.get("counters"))), ("player counters", _docs(player.get("counters"))),
                 ("variables", _docs(raw.get("vars")) + _docs(player.get("vars")))]
    sections.append(("cards", [(f"{c.name} ({c.id})", str(c.source["note"]))
                               for c in game.cards.values() if c.source.get("note")]))
    for title, entries in sections:
        if entries:
            lines += ["", title[0].upper() + title[1:] + ":"]
            for name, doc in entries:
                lines += _para(f"{name}: ", " ".join(doc.split()), "  ")
    return "\n".join(lines)
