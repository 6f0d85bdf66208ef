"""What a game declares (game.yaml, the files it includes, its mods), checked and merged: each file against
its schema, a mod against the game it extends, the options where files use them, then the merged sections
into the NameTable and the declared zones, counters, options, events, procedures, functions and values.
Every mistake is a placed diagnostic in the collector given; nothing here reads a file."""
from __future__ import annotations

from dataclasses import dataclass

from ..dsl.parser import reserved_words
from ..errors import Collect, did_you_mean
from ..loader.yaml_source import place_in, plain_value
from .faces import check_layout, face
from .names import CounterSpec, NameTable, OptionSpec, ZoneSpec, field_enums, field_types
from .schema import validate
from .versions import version_range, within

SCALAR_TYPES = {"int": int, "bool": bool, "str": str}
REFERENCE_TYPES = ("card", "player")  # set during play (the card a token lies on, a card's keeper); none in files


def check_files(col: Collect, layers, schema: str) -> list:
    """The layers whose data its schema (`game`, `mod`) accepts; the others' mistakes in `col`."""
    out = []
    for layer in layers:
        errs = validate(layer[0], schema, layer[2])
        col.diags += errs
        if not errs:
            out.append(layer)
    return out


def check_mods(col: Collect, game, mods) -> list:
    """The mods' layers their schema accepts; a mod extending another game than `game`'s is an error, and so
    is one that requires versions of its base that the base's `version:` is not. A mod that fails its
    `requires:` is not read further: what it says was written for another base."""
    out = []
    for layer in check_files(col, mods, "mod"):
        md = layer[0]
        if md["extends"] != game["game"]:
            col.error(place_in(md, "extends", md.place), f"this mod extends `{md['extends']}`, not `{game['game']}`",
                      "E-MOD")
        if "requires" in md and not _required(col, game, md):
            continue
        out.append(layer)
    return out


def _required(col: Collect, game, md) -> bool:
    """Whether the base is a game and a version the mod's `requires:` names; if not, the error (E-REQUIRES)
    in the mod, saying both versions, the base's `version:` second."""
    req = md["requires"]
    where = place_in(req, "version", req.place)
    if req["game"] != md["extends"]:
        col.error(place_in(req, "game", req.place), f"`requires:` names `{req['game']}`, but the mod extends "
                  f"`{md['extends']}`", "E-REQUIRES", "name the game the mod extends in both")
        return False
    wanted = version_range(req["version"])
    if wanted is None:
        col.error(where, f"`{req['version']}` is not a range of versions", "E-REQUIRES",
                  "comparisons joined by commas, e.g. \">=1.0, <2\" (==, !=, <, <=, >, >=)")
        return False
    has = game.get("version")
    if has is None:
        col.error(where, f"this mod requires `{req['game']}` {req['version']}, but the game declares no version",
                  "E-REQUIRES", "the base says its version in its game.yaml: `version: \"1.0\"`")
        return False
    if not within(has, wanted):
        col.error(where, f"this mod requires `{req['game']}` {req['version']}, but the game is version {has}",
                  "E-REQUIRES", f"update the mod for version {has}, then widen its `requires:`",
                  [(place_in(game, "version", game.place), f"the game declares version {has} here")])
        return False
    return True


def check_options(col: Collect, layers, given: dict) -> None:
    """Option values where files use them: an include's `when:` naming an option or a value that does not
    exist (the file would never be included), an option given a value its declaration (with the values mods
    add) does not list (placed at the option)."""
    values, where = {}, {}
    for data, _, _ in layers:
        for k, v in (data.get("options") or {}).items():
            values.setdefault(k, []).extend(str(x) for x in v.get("values", []) if str(x) not in values.get(k, []))
            where.setdefault(k, data["options"].key_places.get(k, data.place))
    incs = layers[0][0].get("includes") or []
    for inc in incs:
        when = inc.get("when") or {}
        for k, v in when.items():
            if k not in values:
                col.error(getattr(when, "key_places", {}).get(k, when.place), f"`when:` names no option `{k}`",
                          "E-OPTION", did_you_mean(k, values))
            elif str(v) not in values[k]:
                col.error(place_in(when, k, when.place), f"option `{k}` has no value `{v}`: this file is never included",
                          "E-OPTION", did_you_mean(str(v), values[k]) or f"its values: {', '.join(values[k])}")
    for k, v in given.items():
        if k in values and str(v) not in values[k]:
            col.error(where[k], f"option `{k}` has no value `{v}`; its values: {', '.join(values[k])}", "E-OPTION",
                      did_you_mean(str(v), values[k]) or "a mod adds a value with `options: {NAME: {values: [...]}}`")


class Sections:
    """The sections of a game's layers, merged: a later layer adds entries or replaces them."""

    def __init__(self, layers, theirs: frozenset = frozenset()):
        self.layers = layers
        self.theirs = theirs  # the mods' layers, by index: where the mistakes they cause are placed
        self.game = layers[0][0]
        self.gplace = self.game.place

    def section(self, key, sub=None):
        """(entry -> value, entry -> (its place, the mapping it stands in)) of a section (`sub`: of `player:`)."""
        out, places = {}, {}
        for data, _, _ in self.layers:
            sec = data.get(key) if sub is None else (data.get(sub) or {}).get(key)
            if sec:
                for k, v in sec.items():
                    out[k] = v
                    places[k] = (place_in(sec, k, sec.place), sec)
        return out, places

    def key_place(self, section: str, key: str):
        """Where a top-level section's entry is named (the last layer that defines it)."""
        where = self.gplace
        for data, _, _ in self.layers:
            sec = data.get(section)
            if sec and key in sec:
                where = getattr(sec, "key_places", {}).get(key, where)
        return where


@dataclass
class Declarations:
    """A game's declarations, merged and checked; the raw entries keep their YAML (and places)."""
    names: NameTable
    enums: dict
    kinds: dict
    options: dict  # name -> OptionSpec
    zones: dict  # name -> ZoneSpec ("box" among them)
    player_zones: dict
    counters: dict  # name -> CounterSpec
    player_counters: dict
    vars: dict  # name -> its YAML value
    player_vars: dict
    events: dict  # name -> [params]
    procedures: dict  # name -> its YAML entry
    procedure_places: dict  # name -> (place, section)
    functions: dict
    function_places: dict
    values: dict
    value_places: dict
    faces: dict  # kind -> the keywords of its FaceSpec (check.faces.face)


def declare(col: Collect, sections: Sections) -> Declarations:
    """The merged declarations of a game and the names they give its content (every mistake in `col`)."""
    g = sections.game
    names = NameTable()
    players = g["players"]
    if players["min"] > players["max"]:
        col.error(place_in(players, "min", players.place), f"players: min {players['min']} is above max "
                  f"{players['max']}", "E-VALUE")
    enums, _ = sections.section("enums")
    kinds, kind_places = sections.section("kinds")
    options = _options(col, sections.layers)
    zones = {k: _zone(k, v) for k, v in sections.section("zones")[0].items()}
    zones.setdefault("box", ZoneSpec("box", "hidden"))  # every card starts in the box
    pzones = {k: _zone(k, v) for k, v in sections.section("zones", "player")[0].items()}
    counters = {k: _counter(col, k, v) for k, v in sections.section("counters")[0].items()}
    pcounters = {k: _counter(col, k, v) for k, v in sections.section("counters", "player")[0].items()}
    gvars = dict(sections.section("vars")[0])
    pvars = dict(sections.section("vars", "player")[0])
    constants = dict(sections.section("constants")[0])
    events = {k: list(v) for k, v in sections.section("events")[0].items()}
    procs, proc_places = sections.section("procedures")
    funcs, func_places = sections.section("functions")
    values_raw, value_places = sections.section("values")
    for k, v in values_raw.items():
        if k in funcs or k in procs:
            col.error(value_places[k][0], f"`{k}` is both a value and a function or procedure", "E-DUPLICATE-NAME")
        if v.get("min") is not None and v.get("max") is not None and v["min"] > v["max"]:
            col.error(place_in(v, "min", value_places[k][0]), f"value `{k}`: min {v['min']} is above max {v['max']}",
                      "E-VALUE")
    for name, vals in enums.items():
        for i, word in enumerate(vals):
            where = vals.places[i] if hasattr(vals, "places") else sections.gplace
            if word in vals[:i]:
                col.error(where, f"enum `{name}` lists `{word}` twice", "E-VALUE")
            elif str(word) in ("none", "true", "false"):
                col.error(where, f"enum `{name}`: `{word}` is a word of the language, not a value of its own",
                          "E-RESERVED", "content writes `none`, `true`, `false` as those, never as this enum's")

    names.global_counters, names.global_zones, names.global_vars = counters, set(zones), set(gvars)
    names.player_counters, names.player_zones, names.player_vars = pcounters, set(pzones), set(pvars)
    names.constants = {k: plain_value(v) for k, v in constants.items()}
    names.procedures = {k: list(v.get("params", [])) for k, v in procs.items()}
    names.functions = {k: list(v.get("params", [])) for k, v in funcs.items()}
    names.values = {k: list(v.get("params", [])) for k, v in values_raw.items()}
    names.functions.update(names.values)
    names.events = events
    names.options = set(options)
    names.option_values = {k: o.values for k, o in options.items()}
    _check_field_types(col, kinds, kind_places, enums)
    names.field_types = field_types(kinds)
    names.field_enums = field_enums(kinds, enums)
    names.kind_names = set(kinds)
    faces = {k: f for k, kd in kinds.items() if (f := face(col, k, kd, kind_places[k][0])) is not None}
    if "layout" in g:
        check_layout(col, g["layout"], place_in(g, "layout", sections.gplace), zones, pzones, kinds,
                     set(counters) | set(pcounters) | set(gvars) | set(pvars))
    for kd in kinds.values():
        names.card_fields |= set((kd.get("fields") or {}).keys())
        names.effect_hooks |= set(kd.get("effects") or [])
        names.expression_hooks |= set(kd.get("expressions") or [])
    for vals in enums.values():
        names.enum_values |= set(vals)
    _check_name_clashes(col, sections, names)
    _check_reserved_words(col, sections)
    for sub in (None, "player"):
        raw, places = sections.section("counters", sub)
        for name, v in raw.items():
            for key in ("on_wrap", "on_wrap_back", "on_threshold"):
                ev = v.get(key)
                if ev and ev not in events:
                    col.error(place_in(v, key, places[name][0]), f"counter `{name}` fires unknown event `{ev}`",
                              "E-UNKNOWN-EVENT", did_you_mean(ev, events))
                    continue
                given = _COUNTER_GIVES[key]  # what runtime.counters gives the event
                extra = [p for p in (events.get(ev) or []) if p not in given] if ev else []
                if extra:
                    col.error(place_in(v, key, places[name][0]), f"counter `{name}` fires `{ev}` with "
                              f"{' and '.join(f'`{g}`' for g in given)} only: its parameter(s) "
                              f"{', '.join(f'`{p}`' for p in extra)} would be none", "E-ARITY")
    return Declarations(names, enums, kinds, options, zones, pzones, counters, pcounters, gvars, pvars, events,
                        procs, proc_places, funcs, func_places, values_raw, value_places, faces)


_COUNTER_GIVES = {"on_wrap": ("player",), "on_wrap_back": ("player",), "on_threshold": ("player", "value")}


def _options(col: Collect, layers) -> dict:
    """Name -> OptionSpec, a mod adding values to an option; a default not among the values is an error."""
    options_raw, opt_places = {}, {}
    for data, _, _ in layers:
        for k, o in (data.get("options") or {}).items():
            vals = o.get("values") or []
            for i, v in enumerate(vals):
                if v in vals[:i]:
                    col.error(vals.places[i] if hasattr(vals, "places") else data["options"].place,
                              f"option `{k}` lists `{v}` twice", "E-OPTION")
            prev = options_raw.get(k)
            merged = dict(o)
            if prev is not None:
                merged["values"] = list(prev["values"]) + [v for v in o.get("values", []) if v not in prev["values"]]
                merged.setdefault("default", prev["default"])
                merged.setdefault("doc", prev.get("doc", ""))
            options_raw[k] = merged
            opt_places[k] = (place_in(data["options"], k, data["options"].place), data["options"])
    options = {}
    for k, o in options_raw.items():
        if "default" not in o:  # a mod's new option (a game's own has one by its schema)
            col.error(opt_places[k][0], f"option `{k}` needs a `default`: the value a match plays with when "
                      "none is chosen", "E-OPTION", f"`{k}: {{values: [...], default: ...}}`")
            o = {**o, "default": o["values"][0]}  # to check the rest as if it had one
        if o["default"] not in o["values"]:
            col.error(place_in(opt_places[k][1][k], "default", opt_places[k][0]),
                      f"option `{k}`: default {o['default']!r} is not among its values", "E-OPTION")
        options[k] = OptionSpec(k, tuple(plain_value(str(v)) for v in o["values"]), plain_value(str(o["default"])),
                                o.get("doc", ""))
    return options


def _check_field_types(col: Collect, kinds: dict, kind_places: dict, enums: dict) -> None:
    """Each field a kind declares has a type the game knows."""
    for kname, kd in kinds.items():
        fields = kd.get("fields") or {}
        for fname, decl in fields.items():
            if fname in NameTable.PIECE_ATTRS:
                col.error(getattr(fields, "key_places", {}).get(fname, kind_places[kname][0]), f"kind `{kname}`: `{fname}` is a card's "
                          f"own attribute ({', '.join(NameTable.PIECE_ATTRS)}): a field of that name would hide it",
                          "E-RESERVED", f"name the field otherwise: `{fname}_of`, `card_{fname}`...")
            elif fname in reserved_words():
                col.error(getattr(fields, "key_places", {}).get(fname, kind_places[kname][0]), f"kind `{kname}`: "
                          f"`{fname}` is a reserved word of the language: `c.{fname}` cannot be read",
                          "E-RESERVED", f"name the field otherwise: `{fname}_of`, `card_{fname}`...")
            ftype = (decl["type"] if isinstance(decl, dict) else decl).rstrip("?")
            inner = ftype[5:-1] if ftype.startswith("list[") else ftype
            if inner not in SCALAR_TYPES and inner not in enums and inner not in REFERENCE_TYPES:
                where = place_in(decl, "type", place_in(fields, fname, kind_places[kname][0])) \
                    if isinstance(decl, dict) else place_in(fields, fname, kind_places[kname][0])
                col.error(where, f"field `{fname}` of kind `{kname}` has an unknown type `{inner}`", "E-TYPE",
                          did_you_mean(inner, list(SCALAR_TYPES) + list(enums) + list(REFERENCE_TYPES)))


def _check_name_clashes(col: Collect, sections: Sections, names: NameTable) -> None:
    """A bare name means one thing: a global counter, zone, var or constant, and no builtin name."""
    seen = {}
    for what, section, keys in [("global counter", "counters", names.global_counters),
                                ("global zone", "zones", names.global_zones),
                                ("global var", "vars", names.global_vars),
                                ("constant", "constants", names.constants)]:
        for k in keys:
            if k in seen:
                col.error(sections.key_place(section, k), f"`{k}` is both a {seen[k]} and a {what}",
                          "E-DUPLICATE-NAME")
            seen[k] = what
            if k in NameTable.BUILTIN_NAMES:
                col.error(sections.key_place(section, k), f"`{k}` is a builtin name and cannot be a {what}",
                          "E-RESERVED")
            elif k in reserved_words():
                col.error(sections.key_place(section, k), f"`{k}` is a reserved word of the language and cannot "
                          f"be a {what}", "E-RESERVED", f"name it otherwise: `{k}_`, `my_{k}`...")


def _check_reserved_words(col: Collect, sections: Sections) -> None:
    """A player's counter, zone or var, a procedure, function or value, or a parameter of one, named by a
    reserved word could never be written in an effect (the global names: _check_name_clashes)."""
    def refuse(place, name, what):
        col.error(place, f"`{name}` is a reserved word of the language and cannot be {what}", "E-RESERVED",
                  f"name it otherwise: `{name}_`, `my_{name}`...")
    words = reserved_words()
    for section, sub, what in (("counters", "player", "a player's counter"), ("zones", "player", "a player's zone"),
                               ("vars", "player", "a player's var"), ("procedures", None, "a procedure"),
                               ("functions", None, "a function"), ("values", None, "a value")):
        raw, places = sections.section(section, sub)
        for k, v in raw.items():
            where, sec = places[k]
            if k in words:
                refuse(getattr(sec, "key_places", {}).get(k, where), k, what)
            params = v.get("params") if sub is None and isinstance(v, dict) else None
            for i, name in enumerate(params or []):
                if name in words:
                    refuse(place_in(params, i, where), name, f"a parameter of {what} `{k}`")


def _zone(name: str, raw: dict) -> ZoneSpec:
    return ZoneSpec(name, raw.get("visibility", "public"), raw.get("active", False), raw.get("contents") == "known",
                    raw.get("label"))


def _counter_events(col: Collect, name, v, lo, hi) -> None:
    """What a counter fires must be able to fire: a threshold inside its bounds, in increasing order, an event for
    thresholds and thresholds for the event, a wrap for `on_wrap`/`on_wrap_back`, and no `min`/`max` on a
    circular track (its bounds are 0 and wrap - 1)."""
    here = v.place
    thresholds = list(v.get("thresholds") or [])
    if v.get("wrap") and ("min" in v or "max" in v):
        key = "max" if "max" in v else "min"
        col.error(place_in(v, key, here), f"counter `{name}` wraps at {v['wrap']}: a circular track has no `{key}` "
                  f"(its values are 0 to {v['wrap'] - 1})", "E-VALUE")
    for key in ("on_wrap", "on_wrap_back"):
        if v.get(key) and not v.get("wrap"):
            col.error(place_in(v, key, here), f"counter `{name}` has `{key}` but no `wrap`: the event never fires",
                      "E-VALUE", "a circular track: `wrap: N`")
    if v.get("on_threshold") and not thresholds:
        col.error(place_in(v, "on_threshold", here), f"counter `{name}` has `on_threshold` but no `thresholds`: "
                  "the event never fires", "E-VALUE", "`thresholds: [N, ...]`")
    if thresholds and not v.get("on_threshold"):
        col.error(place_in(v, "thresholds", here), f"counter `{name}` has `thresholds` but no `on_threshold` event "
                  "to fire", "E-VALUE")
    if thresholds != sorted(set(thresholds)):
        col.error(place_in(v, "thresholds", here), f"counter `{name}`: thresholds are written once each, in "
                  f"increasing order (the order they are reached), not {thresholds}", "E-VALUE",
                  f"thresholds: {sorted(set(thresholds))}")
    for t in thresholds:
        if lo is not None and t <= lo or hi is not None and t > hi:
            col.error(place_in(v, "thresholds", here), f"counter `{name}`: threshold {t} can never be reached "
                      f"(its values are {lo if lo is not None else '...'} to {hi if hi is not None else '...'})",
                      "E-VALUE")


def _counter(col: Collect, name, v) -> CounterSpec:
    """A counter's spec; bounds that exclude each other or its start are errors."""
    lo, hi, start = v.get("min"), v.get("max"), v.get("initial", 0)
    if v.get("wrap"):
        lo, hi = 0, v["wrap"] - 1
    if lo is not None and hi is not None and lo > hi:
        col.error(place_in(v, "min", v.place), f"counter `{name}`: min {lo} is above max {hi}", "E-VALUE")
    elif lo is not None and start < lo or hi is not None and start > hi:
        col.error(place_in(v, "initial", v.place), f"counter `{name}` starts at {start}, outside its bounds "
                  f"{lo if lo is not None else '...'} to {hi if hi is not None else '...'}", "E-VALUE")
    _counter_events(col, name, v, lo, hi)
    return CounterSpec(name, v.get("initial", 0), v.get("min"), v.get("max"), v.get("wrap"), v.get("on_wrap"),
                       v.get("on_wrap_back"), tuple(v.get("thresholds") or ()), v.get("on_threshold"),
                       bool(v.get("clamp")))
