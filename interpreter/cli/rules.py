"""`meeple rules GAME`: a game's rules in short (its `rules:`), laid out for a terminal."""
from __future__ import annotations

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
