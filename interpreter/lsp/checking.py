"""The diagnostics of a game folder or a mod: interpreter/project.py's validation, reading the editor's unsaved
documents instead of the disk (loader.overlay). The pipeline of `meeple validate`, so the same codes, messages
and places."""
from __future__ import annotations

import os

from .. import project
from ..loader.yaml_source import overlay
from ..project import target_of

__all__ = ["base_of", "target_of", "validate"]


def base_of(folder: str, texts: dict) -> str | None:
    """The game folder a mod is checked with (project.base_of), its mod.yaml read from `texts` when open; None
    for a game folder or a mod with no base."""
    with overlay(texts):
        return project.base_of(folder)


def validate(target: str, texts: dict) -> dict[str, list[dict]]:
    """Absolute path -> the diagnostics of the game or mod folder `target` in that file (as `meeple validate
    TARGET --format json` gives them), the open documents read from `texts` (absolute path -> text)."""
    with overlay(texts):
        checked = project.validate([target])
    found: dict[str, list[dict]] = {}
    for d in checked.diagnostics:
        found.setdefault(os.path.abspath(d.place.path), []).append(d.as_dict())
    return found
