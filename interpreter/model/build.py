"""Builds a GameDef from a game folder (and mods): load, check, compile. Every mistake has a place."""
from __future__ import annotations

import glob
import itertools
import math
import os
import re
import sys
from pathlib import Path

from ..check.names import NameTable, field_enums, field_types
from ..check.resolve import Checker
from ..check.schema import validate
from ..compile.generate import Compiler
from ..dsl.parser import Origin, parse, parse_expr
from ..errors import ContentError, Diagnostic, Place, did_you_mean
from ..files import CONTENT_DIR
from ..loader.yaml_source import YMap, YStr, load_file
from ..runtime.modifiers import make_value
from .face import check_layout
from .face import face as face_of
from .gamedef import CardDef, CounterSpec, GameDef, OptionSpec, Phase, ScoreEntry, ZoneSpec

SCALAR_TYPES = {"int": int, "bool": bool, "str": str}
REFERENCE_TYPES = ("card", "player")  # set during play (the card a token lies on, a card's keeper); none in files
# keys a card may hold as words for people (docs/authoring.md): undeclared, a warning rather than an error
MAX_PRODUCT = 10_000  # the most cards one `product:` entry may make (a hostile file cannot make billions)
FREE_TEXT = ("text", "flavour", "flavor", "description", "comment")


def bundled_games() -> dict[str, Path]:
    out = {}
    if CONTENT_DIR.is_dir():
        for d in sorted(CONTENT_DIR.iterdir()):
            if (d / "game.yaml").is_file():
                out[d.name] = d
    return out


def _shown(path: str) -> str:
    """Paths in diagnostics: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
        return path if rel.startswith("..") else rel
    except ValueError:
        return path


class _Collect:
    def __init__(self):
        self.diags: list[Diagnostic] = []

    def error(self, place, message, code, hint=""):
        self.diags.append(Diagnostic(place, message, code, "error", hint))

    def warn(self, place, message, code, hint=""):
        self.diags.append(Diagnostic(place, message, code, "warning", hint))

    def guard(self, fn, *args):
        try:
            return fn(*args)
        except ContentError as e:
            self.diags.extend(e.diagnostics)
            return None


def _origin(value, default: Place) -> Origin:
    if isinstance(value, YStr):
        return value.origin
    return Origin(default)


def _place(mapping, key, default: Place) -> Place:
    places = getattr(mapping, "places", None)
    if places is None:
        return default
    return places[key] if isinstance(places, list) else places.get(key, default)


def include_options(folder: str | os.PathLike, mods=()) -> dict:
    """The options whose values choose which files a game includes, each with its values."""
    from ..loader.yaml_source import load_file as _load
    data = _load(os.path.join(str(folder), "game.yaml"))
    opts = {k: list(v.get("values", [])) for k, v in (data.get("options") or {}).items()}
    for m in mods:
        try:
            md = _load(os.path.join(str(m), "mod.yaml"))
        except ContentError:
            continue
        for k, v in ((md or {}).get("options") or {}).items():
            opts.setdefault(k, [])
            opts[k] += [x for x in v.get("values", []) if x not in opts[k]]
    return {k: opts[k] for k in sorted(include_keys(data)) if k in opts}


def load_game(folder: str | os.PathLike, mods=(), warnings: list | None = None, options: dict | None = None) -> GameDef:
    """Load, check and compile a game folder with its mods. Raises ContentError listing every mistake.

    `options` choose the files the game includes (`includes:` in game.yaml, e.g. an expansion switched on
    by an option, or `bosses/{boss}.yaml`); a GameDef is built for one such choice."""
    return _load(folder, mods, warnings, options, generate=True)


def check_game(folder: str | os.PathLike, mods=(), warnings: list | None = None, options: dict | None = None) -> None:
    """Every check of `load_game`, the same diagnostics, without turning the generated code into Python
    bytecode (what `meeple validate` needs: a third of its time was Python's compile())."""
    content_names(folder, mods, warnings, options)


def content_names(folder: str | os.PathLike, mods=(), warnings: list | None = None,
                  options: dict | None = None) -> NameTable:
    """`check_game`, giving the names the game gives its content: to check text written against the game
    outside its files (scenario files, interpreter/scenario) with the same checker."""
    return _load(folder, mods, warnings, options, generate=False)


def _load(folder, mods, warnings, options, generate: bool) -> GameDef | NameTable:
    folder = str(folder)
    col = _Collect()
    game_path = os.path.join(folder, "game.yaml")
    if not os.path.isfile(game_path):
        raise ContentError([Diagnostic(Place(_shown(game_path)), "no game.yaml in this folder", "E-MISSING-FILE")])
    data = col.guard(load_file, game_path, _shown(game_path))
    if data is None:
        raise ContentError(col.diags)
    col.diags += validate(data, "game", _shown(game_path))
    if col.diags:
        raise ContentError(col.diags)
    layers = [(data, folder, _shown(game_path))]
    for m in mods:
        mod_path = os.path.join(str(m), "mod.yaml")
        if not os.path.isfile(mod_path):
            col.error(Place(_shown(mod_path)), "no mod.yaml in this mod folder", "E-MISSING-FILE")
            continue
        layer = _mod_layer(col, mod_path)
        if layer is not None:
            md = layer[0]
            if md["extends"] != data["game"]:
                col.error(_place(md, "extends", md.place), f"this mod extends `{md['extends']}`, not `{data['game']}`",
                          "E-MOD")
            layers.append(layer)
    if col.diags:
        raise ContentError(col.diags)
    chosen = _option_values(layers, options or {})
    _check_options(col, layers, options or {})
    roots = {shown: d for _, d, shown in layers}  # each mod's files stay in the mod's folder
    included, seen = [], {os.path.realpath(game_path)}
    incs = data.get("includes") or []
    for i, inc in enumerate(incs):
        when = inc.get("when") or {}
        if any(chosen.get(k) != str(v) for k, v in when.items()):
            continue
        rel = inc["file"]
        for k, v in chosen.items():
            rel = rel.replace("{" + k + "}", v)
        where = _place(incs[i], "file", incs.places[i])
        if re.search(r"\{[a-z_][a-z0-9_]*\}", rel):
            hole = re.search(r"\{([a-z_][a-z0-9_]*)\}", rel).group(1)
            col.error(where, f"no option `{hole}` to fill `{{{hole}}}`", "E-OPTION",
                      did_you_mean(hole, chosen) or "declare it under `options:`")
            continue
        # the game's folder first, then each mod's: a mod may bring a file the game includes (a new boss)
        folders = [folder] + [str(m) for m in mods]
        if not all(_inside(os.path.join(d, rel), d) for d in folders):
            col.error(where, f"`{rel}` is outside the game's folder", "E-PATH",
                      "an included file is named relative to the game's folder (or a mod's)")
            continue
        found = next(((d, c) for d in folders if os.path.isfile(c := os.path.join(d, rel))), None)
        if found is None:
            col.error(where, f"included file `{rel}` not found in the game or its mods", "E-MISSING-FILE")
            continue
        root, path = found
        real = os.path.realpath(path)
        if real in seen:
            what = "the game file itself" if real == os.path.realpath(game_path) else "included already"
            col.error(where, f"circular include: `{rel}` is {what}", "E-INCLUDE",
                      "an included file holds definitions and cards (a mod's format), never game.yaml")
            continue
        seen.add(real)
        layer = _mod_layer(col, path)
        if layer is not None:
            included.append(layer)
            roots[layer[2]] = root
    if col.diags:
        raise ContentError(col.diags)
    layers[1:1] = included  # the game's own files first, then the mods
    game = _Builder(col, layers, folder, roots).build(warnings, generate)
    if not generate:
        return game  # the names only
    game.include_choice = {k: chosen[k] for k in include_keys(data) if k in chosen}
    return game


def _mod_layer(col: _Collect, path: str):
    """A mod-format file (a mod's mod.yaml or an included file), loaded and checked: (data, folder, shown)."""
    data = col.guard(load_file, path, _shown(path))
    if data is None:
        return None
    errs = validate(data, "mod", _shown(path))
    col.diags += errs
    return None if errs else (data, os.path.dirname(path), _shown(path))


def include_keys(data) -> set:
    keys = set()
    for inc in data.get("includes") or []:
        keys |= set((inc.get("when") or {}).keys())
        keys |= set(re.findall(r"\{([a-z_][a-z0-9_]*)\}", inc.get("file", "")))
    return keys


def _option_values(layers, given: dict) -> dict:
    """Each option's value: given, else its default (mods may add values to an option)."""
    out = {}
    for data, _, _ in layers:
        for k, v in (data.get("options") or {}).items():
            if k not in out or "default" in v:
                out[k] = str(v.get("default", out.get(k, "")))
    out.update({k: str(v) for k, v in given.items()})
    return out


def _check_options(col: _Collect, layers, given: dict) -> None:
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
                col.error(_place(when, k, when.place), f"option `{k}` has no value `{v}`: this file is never included",
                          "E-OPTION", did_you_mean(str(v), values[k]) or f"its values: {', '.join(values[k])}")
    for k, v in given.items():
        if k in values and str(v) not in values[k]:
            col.error(where[k], f"option `{k}` has no value `{v}`; its values: {', '.join(values[k])}", "E-OPTION",
                      did_you_mean(str(v), values[k]) or "a mod adds a value with `options: {NAME: {values: [...]}}`")
    if col.diags:
        raise ContentError(col.diags)


class _Builder:
    def __init__(self, col: _Collect, layers, folder, roots=None):
        self.roots = roots or {}  # a layer's shown path -> the folder its files must stay in
        self.col = col
        self.layers = layers
        self.folder = folder
        self.game = layers[0][0]
        self.gplace = self.game.place

    # merged sections: later layers add or replace entries
    def section(self, key, sub=None):
        out, places = {}, {}
        for data, _, _ in self.layers:
            sec = data.get(key) if sub is None else (data.get(sub) or {}).get(key)
            if sec:
                for k, v in sec.items():
                    out[k] = v
                    places[k] = (_place(sec, k, sec.place), sec)
        return out, places

    def build(self, warnings, generate: bool = True) -> GameDef | NameTable:
        col = self.col
        g = self.game
        names = NameTable()
        players = g["players"]
        if players["min"] > players["max"]:
            col.error(_place(players, "min", players.place), f"players: min {players['min']} is above max "
                      f"{players['max']}", "E-VALUE")
        enums, _ = self.section("enums")
        kinds, kind_places = self.section("kinds")
        options_raw, opt_places = {}, {}
        for data, _, _ in self.layers:  # a mod may add values to an option
            for k, o in (data.get("options") or {}).items():
                prev = options_raw.get(k)
                merged = dict(o)
                if prev is not None:
                    merged["values"] = list(prev["values"]) + [v for v in o.get("values", []) if v not in prev["values"]]
                    merged.setdefault("default", prev["default"])
                    merged.setdefault("doc", prev.get("doc", ""))
                options_raw[k] = merged
                opt_places[k] = (_place(data["options"], k, data["options"].place), data["options"])
        options = {}
        for k, o in options_raw.items():
            if o["default"] not in o["values"]:
                col.error(_place(opt_places[k][1][k], "default", opt_places[k][0]),
                          f"option `{k}`: default {o['default']!r} is not among its values", "E-OPTION")
            options[k] = OptionSpec(k, tuple(plain_value(str(v)) for v in o["values"]), plain_value(str(o["default"])), o.get("doc", ""))
        zones = {k: _zone(k, v) for k, v in self.section("zones")[0].items()}
        zones.setdefault("box", ZoneSpec("box", "hidden"))  # every card starts in the box
        pzones = {k: _zone(k, v) for k, v in self.section("zones", "player")[0].items()}
        counters = {k: self.counter(k, v) for k, v in self.section("counters")[0].items()}
        pcounters = {k: self.counter(k, v) for k, v in self.section("counters", "player")[0].items()}
        gvars = dict(self.section("vars")[0])
        pvars = dict(self.section("vars", "player")[0])
        constants = dict(self.section("constants")[0])
        events = {k: list(v) for k, v in self.section("events")[0].items()}
        procs, proc_places = self.section("procedures")
        funcs, func_places = self.section("functions")
        values_raw, value_places = self.section("values")
        for k in values_raw:
            if k in funcs or k in procs:
                self.col.error(value_places[k][0], f"`{k}` is both a value and a function or procedure",
                               "E-DUPLICATE-NAME")

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
        for kname, kd in kinds.items():
            fields = kd.get("fields") or {}
            for fname, decl in fields.items():
                ftype = (decl["type"] if isinstance(decl, dict) else decl).rstrip("?")
                inner = ftype[5:-1] if ftype.startswith("list[") else ftype
                if inner not in SCALAR_TYPES and inner not in enums and inner not in REFERENCE_TYPES:
                    where = _place(decl, "type", _place(fields, fname, kind_places[kname][0])) \
                        if isinstance(decl, dict) else _place(fields, fname, kind_places[kname][0])
                    col.error(where, f"field `{fname}` of kind `{kname}` has an unknown type `{inner}`", "E-TYPE",
                              did_you_mean(inner, list(SCALAR_TYPES) + list(enums) + list(REFERENCE_TYPES)))
        names.field_types = field_types(kinds)
        names.field_enums = field_enums(kinds, enums)
        faces = {k: f for k, kd in kinds.items()
                 if (f := face_of(col, k, kd, kind_places[k][0], _place)) is not None}
        if "layout" in g:
            check_layout(col, g["layout"], _place(g, "layout", self.gplace), _place, zones, pzones, kinds,
                         set(counters) | set(pcounters) | set(gvars) | set(pvars))
        for kd in kinds.values():
            names.card_fields |= set((kd.get("fields") or {}).keys())
            names.effect_hooks |= set(kd.get("effects") or [])
            names.expression_hooks |= set(kd.get("expressions") or [])
        for vals in enums.values():
            names.enum_values |= set(vals)
        self.check_name_clashes(names)
        for sub in (None, "player"):
            raw, places = self.section("counters", sub)
            for name, v in raw.items():
                for key in ("on_wrap", "on_wrap_back", "on_threshold"):
                    ev = v.get(key)
                    if ev and ev not in events:
                        col.error(_place(v, key, places[name][0]), f"counter `{name}` fires unknown event `{ev}`",
                                  "E-UNKNOWN-EVENT", did_you_mean(ev, events))

        raw_cards = self.load_cards()
        names.card_ids = {c["id"]: c.get("copies", 1) for c, _ in raw_cards}
        checker = Checker(names)  # every body is checked (check.resolve), then compiled if nothing is wrong
        comp = Compiler(checker)

        def effect(text, place, params=(), event_params=(), procedure=None, this_piece=False):
            stmts = col.guard(parse, text, _origin(text, place))
            if stmts is None:
                return None
            return comp.add(checker.effect(stmts, _origin(text, place), params, event_params, procedure,
                                           this_piece=this_piece))

        def parsed(text, place, parser=parse):  # for the plans only: a mistake is reported once, when compiled
            try:
                return parser(text, _origin(text, place))
            except ContentError:
                return None

        hooks = "\n".join(_strings([[c for c, _ in raw_cards]] + [data.get("on") for data, _, _ in self.layers]))
        checker.plan_procedures({k: parsed(v["do"], proc_places[k][0]) for k, v in procs.items()}, hooks)
        checker.function_exprs = {k: (parsed(v["expr"], func_places[k][0], parse_expr), v.get("params", []))
                               for k, v in funcs.items()}

        def expression(text, place, params=(), function=None, this_piece=False):
            e = col.guard(parse_expr, text, _origin(text, place))
            if e is None:
                return None
            return comp.add(checker.expression(e, _origin(text, place), params, function=function,
                                               this_piece=this_piece))

        proc_fnames = {k: effect(v["do"], proc_places[k][0], v.get("params", []), procedure=k)
                       for k, v in procs.items()}
        func_fnames = {k: expression(v["expr"], func_places[k][0], v.get("params", []), function=k)
                       for k, v in funcs.items()}
        value_fnames = {k: expression(v["expr"], value_places[k][0], v.get("params", []))
                        for k, v in values_raw.items()}
        self.values = names.values
        handlers_src: dict = {}
        for data, _, _ in self.layers:
            on = data.get("on") or {}
            for ev, body in on.items():
                if ev not in events:
                    col.error(on.key_places.get(ev, on.place), f"handler for unknown event `{ev}`", "E-UNKNOWN-EVENT",
                              did_you_mean(ev, events))
                    continue
                handlers_src.setdefault(ev, []).append(effect(body, _place(on, ev, on.place), (), events[ev]))
        setup_f = effect(g["setup"], _place(g, "setup", self.gplace)) if "setup" in g else None
        finish_f = effect(g["finish"], _place(g, "finish", self.gplace)) if "finish" in g else None
        phase_fs = [(ph["phase"], effect(ph["do"], _place(ph, "do", ph.place))) for ph in g["round"]]
        # a score, a faction and a ranking key are asked of a player (`me`)
        score_f = expression(g["score"], _place(g, "score", self.gplace)) if "score" in g else None
        faction_f = expression(g["faction"], _place(g, "faction", self.gplace)) if "faction" in g else None
        ranking_fs = [expression(r, g["ranking"].places[i]) for i, r in enumerate(g.get("ranking") or [])]
        board_fs = self.scoreboard(expression)

        cards = {}
        for raw, path in raw_cards:
            cd = self.card(raw, path, kinds, enums, events, effect, expression)
            if cd is None:
                continue
            if cd.id in cards:
                first = cards[cd.id].place
                col.error(_place(raw, "id", raw.place), f"duplicate card id `{cd.id}` (first defined at {first})",
                          "E-DUPLICATE-ID")
                continue
            cards[cd.id] = cd
        self.check_counts(cards)
        col.diags += checker.diags
        self.warn_unused(checker.used, procs, proc_places, funcs, func_places, values_raw, value_places, events,
                         counters, pcounters, handlers_src, cards)
        errors = [d for d in col.diags if d.severity == "error"]
        if errors:
            raise ContentError(col.diags)
        if warnings is not None:
            warnings.extend(d for d in col.diags if d.severity == "warning")
        if not generate:
            return names
        ns = comp.finish()
        for k, f in proc_fnames.items():
            ns[f"P_{k}"] = ns[f]
        for k, f in func_fnames.items():
            ns[f"F_{k}"] = ns[f]
        for k, f in value_fnames.items():
            v = values_raw[k]
            ns[f"F_{k}"] = make_value(k, names.values[k], ns[f], v.get("min"), v.get("max"))
        for cd in cards.values():
            cd.effects = {k: ns[f] for k, f in cd.effects.items()}
            cd.expressions = {k: ns[f] for k, f in cd.expressions.items()}
            cd.handlers = {k: ns[f] for k, f in cd.handlers.items()}
            cd.modifiers = {k: [tuple(ns[f] if f else None for f in fs) for fs in lst]
                            for k, lst in cd.modifiers.items()}
        return GameDef(
            id=g["game"], name=g["name"], folder=self.folder,
            min_players=g["players"]["min"], max_players=g["players"]["max"], options=options, cards=cards,
            zones=zones, player_zones=pzones, counters=counters, player_counters=pcounters,
            vars={k: plain_value(v) for k, v in gvars.items()}, player_vars={k: plain_value(v) for k, v in pvars.items()},
            constants=names.constants, events=events,
            handlers={ev: [ns[f] for f in fs] for ev, fs in handlers_src.items()},
            procedures={k: ns[f] for k, f in proc_fnames.items()},
            functions={k: ns[f"F_{k}"] for k in list(func_fnames) + list(value_fnames)},
            values=names.values, field_types=names.field_types,
            setup=ns[setup_f] if setup_f else None,
            finish=ns[finish_f] if finish_f else None,
            phases=[Phase(n, ns[f]) for n, f in phase_fs],
            score=ns[score_f] if score_f else None,
            ranking=[ns[f] for f in ranking_fs],
            faction=ns[faction_f] if faction_f else None,
            cooperative=bool(g.get("cooperative", False)),
            max_rounds=g.get("max_rounds", 500),
            line_map=comp.line_map, description=g.get("description", ""), names=names, faces=faces,
            scoreboard=[ScoreEntry(e["label"], e.get("per", "player"), ns[f] if f else None, bool(e.get("score")),
                                   ns[m] if m else None, bool(e.get("private")), e.get("doc", ""))
                        for e, f, m in board_fs],
        )

    def scoreboard(self, expression) -> list:
        """The `scoreboard:` entries with their compiled expressions: [(entry, expr, max)]."""
        entries = self.game.get("scoreboard") or []
        out = []
        for i, e in enumerate(entries):
            where = entries.places[i] if hasattr(entries, "places") else self.gplace
            if e.get("score") and "expr" in e or not e.get("score") and "expr" not in e:
                self.col.error(where, f"scoreboard entry `{e['label']}`: give either `expr` or `score: true`",
                               "E-VALUE")
                out.append((e, None, None))
                continue
            f = expression(e["expr"], _place(e, "expr", where)) if "expr" in e else None
            m = expression(e["max"], _place(e, "max", where)) if "max" in e else None
            out.append((e, f, m))
        return out

    def warn_unused(self, used, procs, proc_places, funcs, func_places, values, value_places, events,
                    counters, pcounters, handlers, cards):
        """Definitions nothing refers to: warnings (W-UNUSED), which fail only with --strict."""
        for what, defs, places in (("procedure", procs, proc_places), ("function", funcs, func_places),
                                   ("value", values, value_places)):
            for k in defs:
                if k not in used and not any(k in c.source.get("modifiers", []) for c in cards.values()):
                    self.col.warn(places[k][0], f"{what} `{k}` is never used", "W-UNUSED")
        fired = {ev for s in list(counters.values()) + list(pcounters.values())
                 for ev in (s.on_wrap, s.on_wrap_back, s.on_threshold) if ev}
        for ev in events:
            if ev not in used and ev not in fired:
                where = self.gplace
                for data, _, _ in self.layers:
                    if ev in (data.get("events") or {}):
                        where = _place(data["events"], ev, where)
                self.col.warn(where, f"event `{ev}` is never fired", "W-UNUSED")

    def counter(self, name, v) -> CounterSpec:
        lo, hi, start = v.get("min"), v.get("max"), v.get("initial", 0)
        if v.get("wrap"):
            lo, hi = 0, v["wrap"] - 1
        if lo is not None and hi is not None and lo > hi:
            self.col.error(_place(v, "min", v.place), f"counter `{name}`: min {lo} is above max {hi}", "E-VALUE")
        elif lo is not None and start < lo or hi is not None and start > hi:
            self.col.error(_place(v, "initial", v.place), f"counter `{name}` starts at {start}, outside its bounds "
                           f"{lo if lo is not None else '...'} to {hi if hi is not None else '...'}", "E-VALUE")
        return CounterSpec(name, v.get("initial", 0), v.get("min"), v.get("max"), v.get("wrap"), v.get("on_wrap"),
                           v.get("on_wrap_back"), tuple(v.get("thresholds") or ()), v.get("on_threshold"))

    def key_place(self, section: str, key: str) -> Place:
        """Where a top-level section's entry is named (the last layer that defines it)."""
        where = self.gplace
        for data, _, _ in self.layers:
            sec = data.get(section)
            if sec and key in sec:
                where = getattr(sec, "key_places", {}).get(key, where)
        return where

    def check_name_clashes(self, names: NameTable):
        seen = {}
        for what, section, keys in [("global counter", "counters", names.global_counters),
                                    ("global zone", "zones", names.global_zones),
                                    ("global var", "vars", names.global_vars),
                                    ("constant", "constants", names.constants)]:
            for k in keys:
                if k in seen:
                    self.col.error(self.key_place(section, k), f"`{k}` is both a {seen[k]} and a {what}",
                                   "E-DUPLICATE-NAME")
                seen[k] = what
                if k in NameTable.BUILTIN_NAMES:
                    self.col.error(self.key_place(section, k), f"`{k}` is a builtin name and cannot be a {what}",
                                   "E-RESERVED")

    def load_cards(self):
        out = []  # (card mapping, path, layer): a later layer's card replaces an earlier one of the same id
        for layer, (data, folder, shown_as) in enumerate(self.layers):
            earlier = {e[0]["id"]: e for e in out}  # the cards of earlier layers
            patterns = data.get("cards")
            if patterns is None:
                patterns = ["cards/*.yaml"] if data is self.game else []
            root = self.roots.get(shown_as, folder)
            for i, pat in enumerate(patterns):
                where = data["cards"].places[i] if "cards" in data else data.place
                if not _inside(os.path.join(folder, pat), root):
                    self.col.error(where, f"`{pat}` is outside the {self.whose(layer)} folder", "E-PATH",
                                   "card files are named relative to the folder of the file that lists them")
                    continue
                matches = [m for m in sorted(glob.glob(os.path.join(folder, pat))) if _inside(m, root)]
                if not matches:
                    self.col.error(where, f"no card file matches `{pat}`", "E-MISSING-FILE")
                for path in matches:
                    shown = _shown(path)
                    cdata = self.col.guard(load_file, path, shown)
                    if cdata is None:
                        continue
                    errs = validate(cdata, "cards", shown)
                    if errs:
                        self.col.diags += errs
                        continue
                    lst = cdata["cards"] if isinstance(cdata, dict) else cdata
                    lst = [made for c in lst for made in (self.product(c) if "product" in c else [c])]
                    for c in lst:
                        first = earlier.pop(c["id"], None)
                        if first is not None:
                            out = [e for e in out if e is not first]
                            if not c.get("replace"):
                                self.col.error(_place(c, "id", c.place), f"the game already has a card `{c['id']}` "
                                               f"(at {first[0].place})", "E-DUPLICATE-ID",
                                               "to replace it, say `replace: true` on this card; a new card needs "
                                               "an id of its own")
                        elif c.get("replace") and layer > 0:
                            self.col.error(_place(c, "replace", c.place), f"`replace: true`, but no earlier file has "
                                           f"a card `{c['id']}` to replace", "E-UNKNOWN-CARD",
                                           did_you_mean(c["id"], [e[0]["id"] for e in out]))
                        out.append((c, shown, layer))
            removed = data.get("remove_cards") or []
            for i, cid in enumerate(removed):
                before = len(out)
                out = [e for e in out if e[0]["id"] != cid]
                if len(out) == before:
                    self.col.error(removed.places[i], f"remove_cards: no card `{cid}` to remove", "E-UNKNOWN-CARD",
                                   did_you_mean(cid, [e[0]["id"] for e in out]))
        return [(c, p) for c, p, _ in out]

    def product(self, raw) -> list:
        """The cards an entry with `product:` stands for: one per combination of its lists (the first list
        outermost), each the entry's other keys with the combination's values as fields, and `{name}` in its
        id, name and text fields filled with the combination's value of that name (the id lower-cased). Each
        card made is placed at the entry, its values at the items they came from (docs/authoring.md)."""
        col, place = self.col, raw.place
        axes = raw["product"]
        if not axes:
            col.error(_place(raw, "product", place), "`product:` needs at least one list", "E-PRODUCT",
                      "name a list after a field: `product: {suit: [clubs, diamonds, hearts, spades]}`")
            return []
        kind = (self.section("kinds")[0].get(raw["kind"]) or {})
        fields = kind.get("fields") or {}
        columns = []  # per list: its items, each as ({name: value}, {name: place of the value})
        for axis, items in axes.items():
            column = []
            for i, item in enumerate(items):
                where = items.places[i]
                if isinstance(item, dict):
                    column.append(({k: v for k, v in item.items()},
                                   {k: _place(item, k, where) for k in item}))
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
                    col.error(_place(raw, k, place), f"`{{{n}}}` in `{k}` names no value of the product",
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
            col.error(_place(raw, "product", place), f"`product:` makes {made} cards, more than {MAX_PRODUCT}",
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
                card[k], card.places[k] = v, _place(raw, k, place)
                card.key_places[k] = raw.key_places.get(k, place)
            for n, v in values.items():
                if n in fields:
                    card[n], card.places[n], card.key_places[n] = v, places[n], places[n]
            cid = card["id"]
            if not re.fullmatch(r"[a-z_][a-z0-9_]*", cid):
                col.error(_place(raw, "id", place), f"the id `{cid}` made from `{raw['id']}` is not a name "
                          "(lower-case letters, digits and _, not starting with a digit)", "E-PRODUCT",
                          "write the holes after a letter (`c{rank}`), or give each item a value for the id")
                return []
            if cid in ids:
                col.error(_place(raw, "id", place), f"`{raw['id']}` makes the id `{cid}` twice "
                          f"({ids[cid]} and {values})", "E-PRODUCT",
                          "put a hole for every list of the product in the id")
                return []
            ids[cid] = values
            out.append(card)
        return out

    def whose(self, layer: int) -> str:
        return "game's" if layer == 0 or self.roots.get(self.layers[layer][2]) == self.folder else "mod's"

    def card(self, raw, path, kinds, enums, events, effect, expression):
        col = self.col
        kind = raw["kind"]
        place = raw.place
        if kind not in kinds:
            col.error(_place(raw, "kind", place), f"unknown card kind `{kind}`", "E-UNKNOWN-NAME",
                      did_you_mean(kind, kinds))
            return None
        kd = kinds[kind]
        fdecl = kd.get("fields") or {}
        effects = set(kd.get("effects") or [])
        exprs = set(kd.get("expressions") or [])
        common = {"id", "name", "kind", "copies", "provenance", "note", "on", "modifiers", "replace"}
        # plain strings: a card's id and kind travel in results, logs and worker pipes (a YStr carries its place)
        cd = CardDef(plain_value(raw["id"]), plain_value(raw["name"]), plain_value(kind), {}, raw.get("copies", 1), place,
                     source=raw)
        for key, value in raw.items():
            vp = _place(raw, key, place)
            if key in common:
                continue
            if key in effects:  # a card's own bodies run with `this` its piece
                cd.effects[key] = effect(value, vp, (), this_piece=True)
            elif key in exprs:
                cd.expressions[key] = expression(value, vp, (), this_piece=True)
            elif key in fdecl:
                cd.fields[key] = self.field_value(key, value, fdecl[key], enums, vp)
            else:
                allowed = list(fdecl) + list(effects) + list(exprs) + list(common)
                kp = getattr(raw, "key_places", {}).get(key, vp)
                hint = did_you_mean(key, allowed)
                if key in FREE_TEXT and isinstance(value, str):  # words for people: nothing reads them
                    col.warn(kp, f"`{key}` is not a field of kind `{kind}`: the text is kept for nobody",
                             "W-UNKNOWN-FIELD", f"declare it (`{key}: str`) to show it, or write it as `note:`")
                    continue
                col.error(kp, f"unknown key `{key}` for a card of kind `{kind}`", "E-UNKNOWN-FIELD", hint)
        for key, decl in fdecl.items():
            if key in cd.fields:
                continue
            ftype = decl["type"] if isinstance(decl, dict) else decl
            if isinstance(decl, dict) and "default" in decl:
                cd.fields[key] = plain_value(decl["default"])
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
            cd.handlers[ev] = effect(body, _place(raw["on"], ev, place), (), events[ev], this_piece=True)
        for i, m in enumerate(raw.get("modifiers") or []):
            mp = raw["modifiers"].places[i]
            vname = m["value"]
            if vname not in self.values:
                col.error(_place(m, "value", mp), f"unknown value `{vname}`", "E-UNKNOWN-NAME",
                          did_you_mean(vname, self.values))
                continue
            params = self.values[vname]
            fns = tuple(expression(m[k], _place(m, k, mp), params, this_piece=True) if k in m else None
                        for k in ("add", "times", "when"))
            cd.modifiers.setdefault(vname, []).append(fns)
        cd.effects = {k: v for k, v in cd.effects.items() if v is not None}
        cd.expressions = {k: v for k, v in cd.expressions.items() if v is not None}
        cd.handlers = {k: v for k, v in cd.handlers.items() if v is not None}
        return cd

    def field_value(self, key, value, decl, enums, place):
        ftype = decl["type"] if isinstance(decl, dict) else decl
        optional = ftype.endswith("?")
        ftype = ftype.rstrip("?")
        if value is None and optional:
            return None
        if ftype.startswith("list[") and ftype.endswith("]"):
            inner = ftype[5:-1]
            if not isinstance(value, list):
                self.col.error(place, f"`{key}` must be a list of {inner}", "E-TYPE")
                return []
            places = getattr(value, "places", [place] * len(value))
            return [self.field_value(key, v, inner, enums, places[i]) for i, v in enumerate(value)]
        if ftype in REFERENCE_TYPES:
            if value is not None:
                self.col.error(place, f"`{key}` refers to a {ftype} during play; in a file it can only be empty",
                               "E-TYPE")
            return None
        if ftype in SCALAR_TYPES:
            want = SCALAR_TYPES[ftype]
            ok = isinstance(value, want) and not (want is int and isinstance(value, bool))
            if not ok:
                self.col.error(place, f"`{key}` must be {ftype}, not {value!r}", "E-TYPE")
            return plain_value(value)
        if ftype in enums:
            if value not in enums[ftype]:
                self.col.error(place, f"`{key}`: {value!r} is not a {ftype}", "E-TYPE",
                               did_you_mean(str(value), enums[ftype]) or f"one of: {', '.join(enums[ftype])}")
            return plain_value(value)
        return plain_value(value)  # an unknown type: reported once, at the kind's declaration

    def check_counts(self, cards):
        declared = {}  # a mod or an included file may restate a total: the last word counts
        for data, _, shown in self.layers:
            for kind, n in (data.get("counts") or {}).items():
                declared[kind] = (n, _place(data["counts"], kind, data.place), shown)
        for kind, (n, place, shown) in declared.items():
            have = sum(c.copies for c in cards.values() if c.kind == kind or kind == "all")
            if have != n:
                whose = "the game" if shown == self.layers[0][2] else os.path.basename(shown)
                self.col.error(place, f"{whose} declares {n} `{kind}` cards, but the card files hold {have}",
                               "E-COUNT")


def _inside(path: str, root: str) -> bool:
    """Whether a path (a glob pattern too), links followed, stays inside the folder `root`."""
    real, top = os.path.realpath(path), os.path.realpath(root)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def _strings(node) -> list[str]:
    """Every string within a loaded YAML tree (the text of its cards' effects and handlers among them)."""
    out, todo = [], [node]
    while todo:
        n = todo.pop()
        if isinstance(n, str):
            out.append(n)
        elif isinstance(n, dict):
            todo += n.values()
        elif isinstance(n, list):
            todo += n
    return out


def _zone(name: str, raw: dict) -> ZoneSpec:
    return ZoneSpec(name, raw.get("visibility", "public"), raw.get("active", False), raw.get("contents") == "known")


def plain_value(v):
    """YAML-carrying values -> plain Python (str subclasses stay comparable, but lists and dicts are copied).
    Strings are interned, as the names in the compiled code are: a field read (`c.f['suit']`) then finds its
    key, and a comparison (`== 'construction'`) its answer, by identity, with no comparison of characters."""
    if isinstance(v, str):
        return sys.intern(str(v))
    if isinstance(v, list):
        return [plain_value(x) for x in v]
    if isinstance(v, dict):
        return {sys.intern(str(k)): plain_value(x) for k, x in v.items()}
    return v
