"""The diagnostics of a game folder or a mod: `meeple validate PATH --format json` run in this process, reading the
editor's unsaved documents instead of the disk (loader.overlay). The same pipeline, so the same codes, messages
and places."""
from __future__ import annotations

import contextlib
import io
import json
import os

from ..errors import ContentError
from ..loader.yaml_source import load_file, overlay
from ..model.build import bundled_games


def target_of(path: str) -> str | None:
    """The game or mod folder a content file belongs to: the nearest folder above it with a game.yaml or a
    mod.yaml (as `meeple validate FILE` finds it)."""
    return _above(os.path.dirname(os.path.abspath(path)), ("game.yaml", "mod.yaml"))


def _above(d: str, marks) -> str | None:
    """The nearest folder from `d` up that holds one of these files."""
    while True:
        if any(os.path.isfile(os.path.join(d, m)) for m in marks):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def base_of(folder: str, texts: dict) -> str | None:
    """The game folder a mod is checked with: the game folder it lies in, if any (`validate GAME --mod MOD`),
    else the bundled game its `extends:` names (`validate MOD`). None for a game folder."""
    path = os.path.join(folder, "mod.yaml")
    if not os.path.isfile(path):
        return None
    around = _above(os.path.dirname(os.path.abspath(folder)), ("game.yaml",))
    if around is not None:
        return around
    try:
        with overlay(texts):
            data = load_file(path)
    except ContentError:
        return None
    base = data.get("extends") if isinstance(data, dict) else None
    games = bundled_games()
    return str(games[base]) if base in games else None


def validate(target: str, texts: dict) -> dict[str, list[dict]]:
    """Absolute path -> the diagnostics of `meeple validate TARGET --format json` in that file, the open
    documents read from `texts` (absolute path -> text). A mod that lies in a game's folder is checked with that
    game: `meeple validate GAME --mod MOD`."""
    from ..cli.main import main  # the command's own pipeline: whatever it checks, the editor shows
    mod = os.path.isfile(os.path.join(target, "mod.yaml"))
    around = _above(os.path.dirname(os.path.abspath(target)), ("game.yaml",)) if mod else None
    args = [around, "--mod", target] if around else [target]
    out = io.StringIO()
    with overlay(texts), contextlib.redirect_stdout(out):
        main(["validate", *args, "--format", "json"])
    found: dict[str, list[dict]] = {}
    for d in json.loads(out.getvalue() or "[]"):
        found.setdefault(os.path.abspath(d["file"]), []).append(d)
    return found
