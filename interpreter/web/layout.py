"""What the page needs to draw a game it knows nothing about: the zones in order with their docs, the
counters with their ranges, which card field gives a card its colour, and the optional layout hints.

Without hints every zone and field is drawn; the hints (a `layout:` mapping, see docs/web.md) only choose,
order and colour. Nothing here names a game: the defaults come from the game's own definition.
"""
from __future__ import annotations

import os
import re

PALETTE = ["#d9822b", "#3d85c6", "#6aa84f", "#a64d79", "#c9a227", "#45818e", "#cc4125", "#674ea7",
           "#7f6000", "#e06666", "#38761d", "#0b5394"]
SKIP_FIELDS = {"id", "uid", "name", "kind"}
DICE_KINDS = {"die", "dice"}


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
    return spoken(str(doc)) if doc else ""


# what in a doc speaks to authors, not players: a rule's id ("DZ-FIGHT-2", "KI-INC-2..6"), and code: a name in
# backticks or brackets, a name of the content written as one (`ability_steps`, `backward_attacks=leaving`)
_RULE = r"[A-Z]{2,}(?:-[A-Z0-9]+)+(?:\.\.[A-Z0-9-]+)?"
_RULES = rf"{_RULE}(?:\s*,\s*{_RULE})*"
_CODE = re.compile(r"`|\[[\w.]+\]|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+=")
_ASIDE = re.compile(r"\s*\(([^()]*)\)")


def spoken(doc: str) -> str:
    """A doc of the content as a tooltip says it to players: without the rules' ids it cites ("HC-SETUP-5: 2
    coins each" -> "2 coins each") and without an aside or a clause that speaks in the content's own names
    ("a Hero card; `ability_steps` say when" -> "a Hero card"). Authors read the whole doc in the language
    server's hover and `meeple rules --notes`."""
    text = re.sub(rf"(^|\()\s*{_RULES}\s*(?::|\s-)\s*", r"\1", doc.strip())  # "KI-INC-2: never above 11"
    text = re.sub(rf"\s*\(\s*{_RULES}\s*\)", "", text)  # "(DZ-FIGHT-2)"
    text = re.sub(rf",?\s*\b{_RULES}\b", "", text)  # one left in a sentence
    while True:  # asides in the content's names, innermost first (a kept one is marked until the end)
        shorter = _ASIDE.sub(lambda m: "" if _CODE.search(m.group(1)) else f" \x00{m.group(1)}\x01", text)
        if shorter == text:
            break
        text = shorter
    text = text.replace("\x00", "(").replace("\x01", ")")
    clauses = re.split(r"(;\s+|,\s+(?=and |or |but ))", text)  # a clause at a time, with what joined it
    kept = [c for i, c in enumerate(clauses[::2]) if not _CODE.search(c)]
    if len(kept) < len(clauses[::2]):
        text = "; ".join(c for c in kept if c.strip())
    return text.strip(" ;,:-")


def _names(value, known) -> list[str] | None:
    """A hint's list of names, keeping only names the game has."""
    if not isinstance(value, list):
        return None
    return [str(v) for v in value if str(v) in known]


# colour words a game may use as values, drawn in softer tones than the browser's own
COLOUR_WORDS = {"red": "#cc4125", "green": "#6aa84f", "blue": "#3d85c6", "yellow": "#d4a72c", "orange": "#e69138",
                "purple": "#8e63b5", "pink": "#d5739d", "brown": "#8b5a2b", "black": "#3b3b3b", "white": "#b8b8b8",
                "grey": "#8c8c8c", "gray": "#8c8c8c", "cyan": "#45a5b5", "teal": "#45818e", "gold": "#c9a227",
                "silver": "#a0a7ad"}


def _texts(v) -> list:
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
        return v
    return []


def _field_values(game) -> tuple[dict, dict]:
    kinds: dict[str, set] = {}
    values: dict[str, set] = {}
    for c in game.cards.values():
        for k, v in c.fields.items():
            texts = _texts(v)
            if texts and k not in SKIP_FIELDS:
                kinds.setdefault(k, set()).add(c.kind)
                values.setdefault(k, set()).update(texts)
    return kinds, values


def colour_field(game) -> str | None:
    """The card field that colours cards: one whose values are colour words, else the text field most kinds
    share, then the one with fewest values (a list field colours a card by its first value)."""
    kinds, values = _field_values(game)
    fit = [k for k in kinds if 2 <= len(values[k]) <= len(PALETTE)]
    if not fit:
        return None
    return min(fit, key=lambda k: (not values[k] <= COLOUR_WORDS.keys(), -len(kinds[k]), len(values[k]), k))


def colours_of(game, field: str | None) -> dict:
    if not field:
        return {}
    _, values = _field_values(game)
    seen = sorted(values.get(field, ()))
    if seen and set(seen) <= COLOUR_WORDS.keys():
        return {v: COLOUR_WORDS[v] for v in seen}
    return {v: PALETTE[i % len(PALETTE)] for i, v in enumerate(seen)}


def _docs(section) -> dict:
    """Name -> its doc, for the entries of a game.yaml section that have one."""
    if not isinstance(section, dict):
        return {}
    return {str(k): _doc(section, k) for k in section if _doc(section, k)}


def rules(game) -> dict | None:
    """The game's rules summary (`rules:` in game.yaml, `GameDef.rules`): {goal, turn, phases: {name: line}},
    or None when the game has none."""
    r = getattr(game, "rules", None)
    if not isinstance(r, dict):
        return None
    phases = r.get("phases") if isinstance(r.get("phases"), dict) else {}
    return {"goal": str(r.get("goal") or ""), "turn": str(r.get("turn") or ""),
            "phases": {str(k): str(v) for k, v in phases.items()}}


def _counter(spec, doc: str) -> dict:
    return {"min": spec.min, "max": spec.max, "wrap": spec.wrap, "doc": doc}


def _chip_colours(game, face_fields) -> dict:
    """Field -> value -> colour, for the fields faces draw as chips: colour words in their colours, other
    values from the palette (the same value, the same colour, on every card)."""
    _, values = _field_values(game)
    out = {}
    for f in sorted(face_fields):
        seen = sorted(values.get(f, ()))
        if seen and set(seen) <= COLOUR_WORDS.keys():
            out[f] = {v: COLOUR_WORDS[v] for v in seen}
        else:
            out[f] = {v: PALETTE[i % len(PALETTE)] for i, v in enumerate(seen)}
    return out


def faces(game) -> dict:
    """Kind -> how its cards are drawn (the kind's `face:`); kinds without one are drawn field by field."""
    return {k: {"title": f.title, "label": f.label or k.replace("_", " "), "type": list(f.type), "cost": f.cost,
                "text": list(f.text), "chips": list(f.chips), "stats": list(f.stats), "labels": dict(f.labels)}
            for k, f in getattr(game, "faces", {}).items()}


def die_faces(game) -> dict:
    """Kind drawn as dice -> the field its face shows: the first number field its cards declare (a die's
    other numbers, the engine's `played_by` seat among them, are told in its tooltip)."""
    out = {}
    for c in game.cards.values():
        if c.kind in DICE_KINDS and c.kind not in out:
            face = next((k for k, v in c.fields.items() if type(v) is int), None)
            if face is not None:
                out[c.kind] = face
    return out


def scoreboard(game) -> list[dict]:
    """The content's scoreboard entries as the page lists them (their values come with each state)."""
    return [{"label": e.label, "per": e.per, "doc": spoken(e.doc), "private": e.private, "score": e.score}
            for e in getattr(game, "scoreboard", [])]


def meta(game, match=None, hints: dict | None = None) -> dict:
    """`hints` (by default game.yaml's `layout:` mapping: see docs/web.md) choose
    the order of the zones, the fields shown, the colours, the dice and the labels; names the game does not
    have are ignored."""
    raw = _raw(game)
    if hints is None:
        hints = raw.get("layout") if isinstance(raw.get("layout"), dict) else {}
    raw_player = raw.get("player") if isinstance(raw.get("player"), dict) else {}
    zones = [z for z in game.zones if z != "box"]
    # the zones named by a hint first, in its order; then the others, in the game's order
    table_order = _names(hints.get("table"), zones) or []
    table_order += [z for z in zones if z not in table_order]
    player_order = _names(hints.get("player"), game.player_zones) or []
    player_order += [z for z in game.player_zones if z not in player_order]
    by = hints.get("color_by") if isinstance(hints.get("color_by"), str) else colour_field(game)
    colours = colours_of(game, by)
    _, values = _field_values(game)
    swatches = sorted(k for k in values if values[k] <= COLOUR_WORDS.keys())  # drawn in their colours
    for k in swatches:
        colours.update({v: COLOUR_WORDS[v] for v in values[k] if v not in colours})
    if by:
        given = hints.get("colors")
        if isinstance(given, dict):
            colours.update({str(k): str(v) for k, v in given.items() if isinstance(v, str) and len(v) < 40})
    fields = {}
    if isinstance(hints.get("fields"), dict):
        fields = {str(k): [str(f) for f in v] for k, v in hints["fields"].items() if isinstance(v, list)}
    # a zone's own `label:` (what players call it), then the layout's labels over it
    labels = {z: s.label for z, s in {**game.zones, **game.player_zones}.items() if s.label}
    labels.update(hints.get("labels") if isinstance(hints.get("labels"), dict) else {})
    hide = [str(h) for h in hints.get("hide", [])] if isinstance(hints.get("hide"), list) else []
    return {
        "game": {"id": game.id, "name": game.name, "description": game.description},
        "table": [{"name": z, "visibility": game.zones[z].visibility, "doc": _doc(raw.get("zones"), z)}
                  for z in table_order],
        "player": [{"name": z, "visibility": game.player_zones[z].visibility,
                    "doc": _doc(raw_player.get("zones"), z)} for z in player_order],
        "counters": {n: _counter(s, _doc(raw.get("counters"), n)) for n, s in game.counters.items()},
        "player_counters": {n: _counter(s, _doc(raw_player.get("counters"), n))
                            for n, s in game.player_counters.items()},
        "color_by": by, "colors": colours, "swatches": sorted(set(swatches) | ({by} if by else set())),
        "fields": fields,
        # drawn as dice: variables or counters a hint names, and kinds a hint names or called die/dice
        "dice": ([str(d) for d in hints.get("dice", [])] if isinstance(hints.get("dice"), list) else [])
        + sorted({c.kind for c in game.cards.values() if c.kind in DICE_KINDS}),
        "labels": {str(k): str(v) for k, v in labels.items()},
        "hide": hide,
        "var_docs": {**_docs(raw.get("vars")), **_docs(raw_player.get("vars"))},
        "rules": rules(game),
        "faces": faces(game),
        "die_faces": die_faces(game),
        "chip_colors": _chip_colours(game, {c for f in getattr(game, "faces", {}).values() for c in f.chips}),
        "scoreboard": scoreboard(game),
    }
