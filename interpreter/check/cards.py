"""A game's cards, checked as typed records: each card file against its schema, `product:` entries expanded,
a card id a later file gives again (refused unless it says `replace: true`), `remove_cards:`; then each card
against its kind: every field it gives typed as its kind declares it, a key its kind does not declare (a
warning for words for people), a field missing that has no default, handlers for declared events, modifiers
of declared values; duplicate ids and the `counts:` totals. Every mistake is a placed diagnostic."""
from __future__ import annotations

import itertools
import math
import os
import re
from dataclasses import dataclass, field

from ..errors import Collect, Place, did_you_mean
from ..loader.yaml_source import YMap, place_in, plain_value
from .declarations import REFERENCE_TYPES, SCALAR_TYPES, Declarations, Sections
from .schema import validate

MAX_PRODUCT = 10_000  # the most cards one `product:` entry may make (a hostile file cannot make billions)
MAX_CARDS = 10_000  # the most cards a game builds, copies included (a match builds each one: time and memory)
# keys a card may hold as words for people (docs/authoring.md): undeclared, a warning rather than an error
FREE_TEXT = ("text", "flavour", "flavor", "description", "comment")
COMMON = {"id", "name", "kind", "copies", "provenance", "note", "on", "modifiers", "replace"}  # every card's keys


@dataclass
class Card:
    """A card, checked: plain values for its fields, its bodies resolved (check.resolve.Resolved)."""
    id: str
    name: str
    kind: str
    copies: int
    place: Place
    source: dict  # the YAML mapping
    fields: dict = field(default_factory=dict)
    effects: dict = field(default_factory=dict)  # hook -> Resolved
    expressions: dict = field(default_factory=dict)  # hook -> Resolved
    handlers: dict = field(default_factory=dict)  # event -> Resolved
    modifiers: dict = field(default_factory=dict)  # value -> [(add, times, when) Resolved or None]


def card_records(col: Collect, sections: Sections, files: list) -> list:
    """The card mappings of every layer's card files (loader.layers.read_card_files), in order, with the
    path shown for each: [(mapping, shown)]. A later layer's card replaces an earlier one of the same id when
    it says so."""
    kinds = sections.section("kinds")[0]
    out = []  # (card mapping, path, layer)
    for layer, (data, _, _) in enumerate(sections.layers):
        earlier = {e[0]["id"]: e for e in out}  # the cards of earlier layers
        for shown, cdata in files[layer]:
            errs = validate(cdata, "cards", shown)
            if errs:
                col.diags += errs
                continue
            lst = cdata["cards"] if isinstance(cdata, dict) else cdata
            lst = [made for c in lst for made in (product(col, c, kinds) if "product" in c else [c])]
            for c in lst:
                first = earlier.pop(c["id"], None)
                if first is not None:
                    out = [e for e in out if e is not first]
                    if not c.get("replace"):
                        col.error(place_in(c, "id", c.place), f"the game already has a card `{c['id']}` "
                                  f"(at {first[0].place})", "E-DUPLICATE-ID",
                                  "to replace it, say `replace: true` on this card; a new card needs an id of its own")
                elif c.get("replace") and layer > 0:
                    col.error(place_in(c, "replace", c.place), f"`replace: true`, but no earlier file has a card "
                              f"`{c['id']}` to replace", "E-UNKNOWN-CARD", did_you_mean(c["id"], [e[0]["id"] for e in out]))
                out.append((c, shown, layer))
        removed = data.get("remove_cards") or []
        for i, cid in enumerate(removed):
            own = next((e for e in out if e[0]["id"] == cid and e[2] == layer and layer > 0), None)
            if own is not None:  # removing it would remove this file's own card too
                col.error(removed.places[i], f"remove_cards: `{cid}` is also given by this mod's own card files "
                          f"(at {own[0].place}): keep one", "E-DUPLICATE-ID",
                          "to change the card, keep its `replace: true` card; to take it out, drop that card")
                continue
            before = len(out)
            out = [e for e in out if e[0]["id"] != cid]
            if len(out) == before:
                col.error(removed.places[i], f"remove_cards: no card `{cid}` to remove", "E-UNKNOWN-CARD",
                          did_you_mean(cid, [e[0]["id"] for e in out]))
    return [(c, p) for c, p, _ in out]


def check_total(col: Collect, records: list) -> None:
    """The cards a game builds, copies included, are at most MAX_CARDS: refused at the card that passes the
    bound, before a match builds any."""
    total = 0
    for c, _ in records:
        total += c.get("copies", 1)
        if total > MAX_CARDS:
            col.error(place_in(c, "copies", c.place), f"the game's cards come to more than {MAX_CARDS}, copies "
                      f"included: {total} with `{c['id']}`", "E-VALUE",
                      f"a game builds at most {MAX_CARDS} cards (docs/reliability.md)")
            return


def product(col: Collect, raw, kinds: dict) -> list:
    """The cards an entry with `product:` stands for: one per combination of its lists (the first list
    outermost), each the entry's other keys with the combination's values as fields, and `{name}` in its
    id, name and text fields filled with the combination's value of that name (the id lower-cased). Each
    card made is placed at the entry, its values at the items they came from (docs/authoring.md)."""
    place = raw.place
    axes = raw["product"]
    if not axes:
        col.error(place_in(raw, "product", place), "`product:` needs at least one list", "E-PRODUCT",
                  "name a list after a field: `product: {suit: [clubs, diamonds, hearts, spades]}`")
        return []
    kind = (kinds.get(raw["kind"]) or {})
    fields = kind.get("fields") or {}
    columns = []  # per list: its items, each as ({name: value}, {name: place of the value})
    for axis, items in axes.items():
        column = []
        for i, item in enumerate(items):
            where = items.places[i]
            if isinstance(item, dict):
                column.append(({k: v for k, v in item.items()}, {k: place_in(item, k, where) for k in item}))
            else:
                column.append(({axis: item}, {axis: where}))
        columns.append(column)
    templated = [k for k in raw if k in ("id", "name") or k in fields and isinstance(raw[k], str)]
    holes = {k: re.findall(r"\{([^{}]*)\}", raw[k]) for k in templated}
    named = {n for column in columns for values, _ in column for n in values}
    wrong = False
    for k, ns in holes.items():
        for n in ns:
            if n not in named:
                col.error(place_in(raw, k, place), f"`{{{n}}}` in `{k}` names no value of the product",
                          "E-PRODUCT", did_you_mean(n, named) or f"the product's values: {', '.join(sorted(named))}")
                wrong = True
    used = {n for ns in holes.values() for n in ns}
    for column in columns:
        for values, places in column:
            for n in values:
                if n not in fields and n not in used and n not in raw:
                    col.error(places[n], f"`{n}` is neither a field of kind `{raw['kind']}` nor used by a "
                              f"`{{{n}}}` in the id, the name or a text field", "E-PRODUCT",
                              did_you_mean(n, list(fields) + sorted(used)))
                    wrong = True
                elif n in raw and n != "product":
                    col.error(places[n], f"`{n}` is given both by the product and by the entry", "E-PRODUCT")
                    wrong = True
    if wrong:
        return []
    made = math.prod(len(column) for column in columns)
    if made > MAX_PRODUCT:
        col.error(place_in(raw, "product", place), f"`product:` makes {made} cards, more than {MAX_PRODUCT}",
                  "E-PRODUCT", "a deck of that size is a mistake: check the lists")
        return []
    out, ids = [], {}
    for combination in itertools.product(*columns):
        values, places = {}, {}
        for v, p in combination:
            values.update(v)
            places.update(p)
        card = YMap()
        card.place, card.places, card.key_places = place, {}, {}
        for k, v in raw.items():
            if k == "product":
                continue
            if k in holes:
                v = re.sub(r"\{([^{}]*)\}", lambda m, values=values: str(values[m.group(1)]), v)
                if k == "id":
                    v = v.lower()
            card[k], card.places[k] = v, place_in(raw, k, place)
            card.key_places[k] = raw.key_places.get(k, place)
        for n, v in values.items():
            if n in fields:
                card[n], card.places[n], card.key_places[n] = v, places[n], places[n]
        cid = card["id"]
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", cid):
            col.error(place_in(raw, "id", place), f"the id `{cid}` made from `{raw['id']}` is not a name "
                      "(lower-case letters, digits and _, not starting with a digit)", "E-PRODUCT",
                      "write the holes after a letter (`c{rank}`), or give each item a value for the id")
            return []
        if cid in ids:
            col.error(place_in(raw, "id", place), f"`{raw['id']}` makes the id `{cid}` twice "
                      f"({ids[cid]} and {values})", "E-PRODUCT", "put a hole for every list of the product in the id")
            return []
        ids[cid] = values
        out.append(card)
    return out


def check_cards(col: Collect, records: list, decl: Declarations, bodies) -> dict:
    """Card id -> Card, each record checked against its kind and its bodies checked by `bodies`
    (check.game.Bodies); a card whose kind is unknown or whose id is taken is left out."""
    cards = {}
    for kd in decl.kinds.values():  # a kind's defaults, checked once: every card without the field gets it
        for key, fd in (kd.get("fields") or {}).items():
            if isinstance(fd, dict) and "default" in fd and fd["default"] is not None and hasattr(fd, "place"):
                field_value(col, key, fd["default"], fd, decl.enums, place_in(fd, "default", fd.place))
    for raw, _ in records:
        cd = card(col, raw, decl, bodies)
        if cd is None:
            continue
        if cd.id in cards:
            first = cards[cd.id].place
            col.error(place_in(raw, "id", raw.place), f"duplicate card id `{cd.id}` (first defined at {first})",
                      "E-DUPLICATE-ID")
            continue
        cards[cd.id] = cd
    return cards


def card(col: Collect, raw, decl: Declarations, bodies) -> Card | None:
    kinds, enums, events, values = decl.kinds, decl.enums, decl.events, decl.names.values
    kind = raw["kind"]
    place = raw.place
    if kind not in kinds:
        col.error(place_in(raw, "kind", place), f"unknown card kind `{kind}`", "E-UNKNOWN-NAME",
                  did_you_mean(kind, kinds))
        return None
    kd = kinds[kind]
    fdecl = kd.get("fields") or {}
    effects = set(kd.get("effects") or [])
    exprs = set(kd.get("expressions") or [])
    # plain strings: a card's id and kind travel in results, logs and worker pipes (a YStr carries its place)
    cd = Card(plain_value(raw["id"]), plain_value(raw["name"]), plain_value(kind), raw.get("copies", 1), place, raw)
    for key, value in raw.items():
        vp = place_in(raw, key, place)
        if key in COMMON:
            continue
        if key in effects:  # a card's own bodies run with `this` its piece
            cd.effects[key] = bodies.effect(value, vp, (), this_piece=True)
        elif key in exprs:
            cd.expressions[key] = bodies.expression(value, vp, (), this_piece=True)
        elif key in fdecl:
            cd.fields[key] = field_value(col, key, value, fdecl[key], enums, vp)
        else:
            allowed = list(fdecl) + list(effects) + list(exprs) + list(COMMON)
            kp = getattr(raw, "key_places", {}).get(key, vp)
            hint = did_you_mean(key, allowed)
            if key in FREE_TEXT and isinstance(value, str):  # words for people: nothing reads them
                col.warn(kp, f"`{key}` is not a field of kind `{kind}`: the text is kept for nobody",
                         "W-UNKNOWN-FIELD", f"declare it (`{key}: str`) to show it, or write it as `note:`")
                continue
            col.error(kp, f"unknown key `{key}` for a card of kind `{kind}`", "E-UNKNOWN-FIELD", hint)
    for key, fd in fdecl.items():
        if key in cd.fields:
            continue
        ftype = fd["type"] if isinstance(fd, dict) else fd
        if isinstance(fd, dict) and "default" in fd:
            cd.fields[key] = plain_value(fd["default"])
        elif ftype.endswith("?") or ftype in REFERENCE_TYPES:  # may be none: none unless given
            cd.fields[key] = None
        else:  # a typed record: what its kind declares, each card says (or the kind gives a default)
            col.error(place, f"card `{raw['id']}` has no `{key}`, which every `{kind}` card has ({ftype})",
                      "E-MISSING-FIELD", f"add `{key}: ...` to the card, or a default to the kind: "
                      f"`{key}: {{type: {ftype}, default: ...}}`")
    for ev, body in (raw.get("on") or {}).items():
        if ev not in events:
            col.error(raw["on"].key_places.get(ev, place), f"handler for unknown event `{ev}`", "E-UNKNOWN-EVENT",
                      did_you_mean(ev, events))
            continue
        cd.handlers[ev] = bodies.effect(body, place_in(raw["on"], ev, place), (), events[ev], this_piece=True)
    for i, m in enumerate(raw.get("modifiers") or []):
        mp = raw["modifiers"].places[i]
        vname = m["value"]
        if vname not in values:
            col.error(place_in(m, "value", mp), f"unknown value `{vname}`", "E-UNKNOWN-NAME", did_you_mean(vname, values))
            continue
        params = values[vname]
        fns = tuple(bodies.expression(m[k], place_in(m, k, mp), params, this_piece=True) if k in m else None
                    for k in ("add", "times", "when"))
        cd.modifiers.setdefault(vname, []).append(fns)
    cd.effects = {k: v for k, v in cd.effects.items() if v is not None}
    cd.expressions = {k: v for k, v in cd.expressions.items() if v is not None}
    cd.handlers = {k: v for k, v in cd.handlers.items() if v is not None}
    return cd


def field_value(col: Collect, key, value, decl, enums, place):
    """A card's field as plain Python, checked against its declared type (E-TYPE)."""
    ftype = decl["type"] if isinstance(decl, dict) else decl
    optional = ftype.endswith("?")
    ftype = ftype.rstrip("?")
    if value is None and optional:
        return None
    if ftype.startswith("list[") and ftype.endswith("]"):
        inner = ftype[5:-1]
        if not isinstance(value, list):
            col.error(place, f"`{key}` must be a list of {inner}", "E-TYPE")
            return []
        places = getattr(value, "places", [place] * len(value))
        return [field_value(col, key, v, inner, enums, places[i]) for i, v in enumerate(value)]
    if ftype in REFERENCE_TYPES:
        if value is not None:
            col.error(place, f"`{key}` refers to a {ftype} during play; in a file it can only be empty", "E-TYPE")
        return None
    if ftype in SCALAR_TYPES:
        want = SCALAR_TYPES[ftype]
        ok = isinstance(value, want) and not (want is int and isinstance(value, bool))
        if not ok:
            col.error(place, f"`{key}` must be {ftype}, not {'nothing (the value is empty)' if value is None else repr(value)}",
                      "E-TYPE")
        return plain_value(value)
    if ftype in enums:
        if value not in enums[ftype]:
            col.error(place, f"`{key}`: {value!r} is not a {ftype}", "E-TYPE",
                      did_you_mean(str(value), enums[ftype]) or f"one of: {', '.join(enums[ftype])}")
        return plain_value(value)
    return plain_value(value)  # an unknown type: reported once, at the kind's declaration


def check_counts(col: Collect, sections: Sections, cards: dict, card_files: list) -> None:
    """Each `counts:` total (a mod or an included file may restate one: the last word counts) is the number
    of copies the card files hold. A total the base declares that a mod's cards change is the mod's mistake:
    placed at the mod's first card (or `remove_cards:` entry) of that kind, the base's count second."""
    if any(d.code == "E-DUPLICATE-ID" for d in col.diags):
        return  # while ids clash the count is not known: the clash is the mistake, said at the card
    layers, theirs = sections.layers, sections.theirs
    declared = {}
    for layer, (data, _, shown) in enumerate(layers):
        for kind, n in (data.get("counts") or {}).items():
            declared[kind] = (n, place_in(data["counts"], kind, data.place), shown, layer)
    layer_of = {shown: layer for layer, files in enumerate(card_files) for shown, _ in files}
    for kind, (n, place, shown, layer) in declared.items():
        have = sum(c.copies for c in cards.values() if c.kind == kind or kind == "all")
        if have == n:
            continue
        whose = "the game" if shown == layers[0][2] else os.path.basename(shown)
        culprit = None if layer in theirs else _changed_by_mod(sections, cards, kind, layer, layer_of, card_files)
        if culprit is None:
            col.error(place, f"{whose} declares {n} `{kind}` cards, but the card files hold {have}", "E-COUNT")
            continue
        col.error(culprit, f"with this mod the game has {have} `{kind}` cards, but {whose} declares {n}", "E-COUNT",
                  f"say the new count in the mod: `counts: {{{kind}: {have}}}`",
                  [(place, f"{whose} declares {n} `{kind}` cards here")])


def _changed_by_mod(sections: Sections, cards: dict, kind: str, after: int, layer_of: dict, card_files: list):
    """The place of a mod's first change to the cards of `kind` (its first card of that kind, else its
    first removal of one), in a mod layer after `after`; None when no mod changed them."""
    kind_of = {c.get("id"): c.get("kind") for files in card_files for _, data in files
               for c in ((data.get("cards") if isinstance(data, dict) else data) or []) if isinstance(c, dict)}
    for c in cards.values():
        layer = layer_of.get(c.place.path, 0)
        if layer > after and layer in sections.theirs and (c.kind == kind or kind == "all"):
            return place_in(c.source, "id", c.place)
    for layer, (data, _, _) in enumerate(sections.layers):
        removed = data.get("remove_cards") or []
        if layer > after and layer in sections.theirs:
            for i, cid in enumerate(removed):
                if kind in ("all", kind_of.get(cid)):
                    return removed.places[i]
    return None
