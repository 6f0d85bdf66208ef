"""What a game tells a player who has not read its rulebook, checked: its rules in short (`rules:`, merged over
its layers) and the names its prompts and options give its zones.

- `rules:` names phases of the round: a phase it names that the round does not have is an error at the name;
  a phase of the round without a line is a warning (W-RULES-PHASE, failing under `validate --strict`).
- A zone is called by its label (`label:` on the zone, else the page's `layout: labels:`, else its name with
  words spaced). A prompt or an option's text that calls a zone by another of its names (its name, or the name
  its `doc` opens with, "the market: ...") while the page labels it otherwise is a warning
  (W-ZONE-NAME): the player reads one name on the table and another in the question."""
from __future__ import annotations

import re

from ..dsl import ast as A
from ..errors import Collect, did_you_mean
from ..loader.yaml_source import place_in
from .declarations import Sections

_REPLACED = ("goal", "turn", "end")  # a later layer's replaces the earlier one's


def check_rules(col: Collect, sections: Sections, phases: list[str]) -> dict | None:
    """The game's rules in short, its layers merged ({"goal", "turn", "phases", "end"?, "notes"?}; None when no
    layer gives any), every mistake in `col`."""
    merged: dict = {}
    where = None  # the first `rules:` mapping, where a missing line is reported
    for data, _, _ in sections.layers:
        given = data.get("rules")
        if not isinstance(given, dict):
            continue
        where = where if where is not None else given
        for key in _REPLACED:
            if key in given:
                merged[key] = str(given[key])
        lines = given.get("phases") or {}
        for name, line in lines.items():
            if name not in phases:
                col.error(getattr(lines, "key_places", {}).get(name, place_in(given, "phases", given.place)),
                          f"rules: phase `{name}` is not a phase of the round ({', '.join(phases)})",
                          "E-UNKNOWN-NAME", did_you_mean(str(name), phases))
                continue
            merged.setdefault("phases", {})[str(name)] = str(line)
        merged.setdefault("notes", []).extend(str(n) for n in given.get("notes") or [])
    if where is None:
        return None
    for key in ("goal", "turn"):
        if key not in merged:
            col.error(where.place, f"rules: no `{key}` (say it in a sentence: the schema's description)", "E-VALUE")
    said = merged.setdefault("phases", {})
    for name in phases:
        if name not in said:
            col.warn(place_in(where, "phases", where.place), f"rules: phase `{name}` has no line",
                     "W-RULES-PHASE", f"add `{name}: ...` under `phases:`, a line on what happens in it")
    merged["phases"] = {p: said[p] for p in phases if p in said}  # in the round's order
    if not merged["notes"]:
        del merged["notes"]
    return merged


# ---- the names prompts give zones

def zone_label(name: str, spec, layout_labels: dict) -> str:
    """What players read on the table for a zone."""
    return spec.label or str(layout_labels.get(name) or name.replace("_", " "))


def _doc_name(doc) -> str | None:
    """The name a zone's doc opens with ("the market: three cards for sale" -> "market"), if it is short."""
    if not doc:
        return None
    head = re.split(r"[:(,;]| - ", str(doc), maxsplit=1)[0].strip()
    head = re.sub(r"^(the|a|an)\s+", "", head, flags=re.I)
    return head if 0 < len(head.split()) <= 4 else None


def _texts(node) -> list[str]:
    """The written words of a prompt or label: a text, or a template's text parts (a hole breaks a phrase)."""
    if type(node) is A.Const and isinstance(node.value, str):
        return [node.value]
    if type(node) is A.Template:
        return [p for p in node.parts if isinstance(p, str)]
    return []


def _said(tree, constants: dict):
    """(node, text) of every prompt and option text of a body: prompts, option labels, `ask` options, and the
    texts of a constant list a choice offers (`choose n from names`)."""
    for n in A.walk(tree):
        t = type(n)
        if t is A.Choose:
            for part in (n.prompt, n.label, n.decline):
                for text in _texts(part):
                    yield part, text
            for name in A.walk(n.items):
                if type(name) is A.Name and isinstance(constants.get(name.id), list):
                    for v in constants[name.id]:
                        if isinstance(v, str):
                            yield name, v
        elif t is A.Ask:
            for text in _texts(n.prompt):
                yield n.prompt, text
            for o in n.options:
                for text in _texts(o.label):
                    yield o.label, text


def lint_zone_names(col: Collect, zones: dict, docs: dict, layout_labels: dict, bodies: list,
                    constants: dict) -> None:
    """W-ZONE-NAME: a prompt or option calling a zone otherwise than its label. `zones`: name -> ZoneSpec (table
    and player zones), `docs`: name -> its doc."""
    other: list = []  # (pattern, the other name, zone, its label)
    for name, spec in zones.items():
        if name == "box":
            continue
        label = zone_label(name, spec, layout_labels)
        for alias in {name.replace("_", " "), _doc_name(docs.get(name))}:
            if alias and alias.lower() != label.lower() and alias.lower() not in label.lower():
                other.append((re.compile(r"(?<!\w)" + re.escape(alias) + r"(?!\w)", re.I), alias, name, label))
    if not other:
        return
    seen = set()
    for r in bodies:
        if r is None:
            continue
        for node, text in _said(r.tree, constants):
            for pattern, alias, name, label in other:
                if pattern.search(text) and not re.search(r"(?<!\w)" + re.escape(label) + r"(?!\w)", text, re.I):
                    at = r.origin.at(node.line, node.col)
                    if (at, name) in seen:
                        continue
                    seen.add((at, name))
                    col.warn(at, f"this text calls zone `{name}` \"{alias}\", but the table labels it \"{label}\"",
                             "W-ZONE-NAME", f"call it \"{label}\" here, or label the zone so "
                             f"(`label: {alias}` on `{name}`)")
