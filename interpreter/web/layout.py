"""What the page needs to draw a game it knows nothing about: the zones in order with their docs, the
counters with their ranges, which card field gives a card its colour, and the optional layout hints.

Without hints every zone and field is drawn; the hints (a `layout:` mapping, see docs/web.md) only choose,
order and colour. Nothing here names a game: the defaults come from the game's own definition.
"""
from __future__ import annotations

import os

PALETTE = ["#d9822b", "#3d85c6", "#6aa84f", "#a64d79", "#c9a227", "#45818e", "#cc4125", "#674ea7",
           "#7f6000", "#e06666", "#38761d", "#0b5394"]
SKIP_FIELDS = {"id", "uid", "name", "kind"}


def _raw(game) -> dict:
    """game.yaml as written (for docs and hints the compiled game does not keep); {} when unreadable."""
    from ..errors import MeepleError
    from ..loader.yaml_source import load_file
    try:
        data = load_file(os.path.join(game.folder, "game.yaml"))
    except (MeepleError, OSError):
        return {}
    return data if isinstance(data, dict) else {}


def _doc(section, name) -> str:
    spec = section.get(name) if isinstance(section, dict) else None
    doc = spec.get("doc") if isinstance(spec, dict) else None
    return str(doc) if doc else ""


def _names(value, known) -> list[str] | None:
    """A hint's list of names, keeping only names the game has."""
    if not isinstance(value, list):
        return None
    return [str(v) for v in value if str(v) in known]


def colour_field(game) -> str | None:
    """The card field that colours cards: the text field most kinds share, then the one with fewest values."""
    kinds: dict[str, set] = {}
    values: dict[str, set] = {}
    for c in game.cards.values():
        for k, v in c.fields.items():
            if isinstance(v, str) and k not in SKIP_FIELDS:
                kinds.setdefault(k, set()).add(c.kind)
                values.setdefault(k, set()).add(v)
    fit = [k for k in kinds if 2 <= len(values[k]) <= len(PALETTE)]
    if not fit:
        return None
    return min(fit, key=lambda k: (-len(kinds[k]), len(values[k]), k))


def _counter(spec, doc: str) -> dict:
    return {"min": spec.min, "max": spec.max, "wrap": spec.wrap, "doc": doc}


def meta(game, match=None) -> dict:
    raw = _raw(game)
    hints = raw.get("layout") if isinstance(raw.get("layout"), dict) else {}
    raw_player = raw.get("player") if isinstance(raw.get("player"), dict) else {}
    zones = [z for z in game.zones if z != "box"]
    table_order = _names(hints.get("table"), zones) or zones
    player_order = _names(hints.get("player"), game.player_zones) or list(game.player_zones)
    by = hints.get("color_by") if isinstance(hints.get("color_by"), str) else colour_field(game)
    colours = {}
    if by:
        seen = sorted({c.fields[by] for c in game.cards.values() if isinstance(c.fields.get(by), str)})
        colours = {v: PALETTE[i % len(PALETTE)] for i, v in enumerate(seen)}
        given = hints.get("colors")
        if isinstance(given, dict):
            colours.update({str(k): str(v) for k, v in given.items() if isinstance(v, str) and len(v) < 40})
    fields = {}
    if isinstance(hints.get("fields"), dict):
        fields = {str(k): [str(f) for f in v] for k, v in hints["fields"].items() if isinstance(v, list)}
    labels = hints.get("labels") if isinstance(hints.get("labels"), dict) else {}
    return {
        "game": {"id": game.id, "name": game.name, "description": game.description},
        "table": [{"name": z, "visibility": game.zones[z].visibility, "doc": _doc(raw.get("zones"), z)}
                  for z in table_order],
        "player": [{"name": z, "visibility": game.player_zones[z].visibility,
                    "doc": _doc(raw_player.get("zones"), z)} for z in player_order],
        "counters": {n: _counter(s, _doc(raw.get("counters"), n)) for n, s in game.counters.items()},
        "player_counters": {n: _counter(s, _doc(raw_player.get("counters"), n))
                            for n, s in game.player_counters.items()},
        "color_by": by, "colors": colours, "fields": fields,
        "dice": [str(d) for d in hints.get("dice", [])] if isinstance(hints.get("dice"), list) else [],
        "labels": {str(k): str(v) for k, v in labels.items()},
    }
