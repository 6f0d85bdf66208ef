"""A scenario file read and checked against a game: every mistake placed, every expression compiled by the
same checker as the game's own content (the seats of a scenario are names in its expressions)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..check.schema import validate
from ..compile.generate import Compiler
from ..dsl import ast as A
from ..dsl.parser import parse, parse_expr
from ..errors import ContentError, Diagnostic, Origin, Place, did_you_mean
from ..loader.layers import include_keys, leaves
from ..loader.yaml_source import YStr, load_file, plain_value, start_value
from ..runtime.match import DEFAULT_NAMES

ACTIONS = ("phase", "do", "choose", "bots", "end")
CHECKS = ("expect", "holds", "asks", "said", "result")
WITH = {"by": ("choose", "do"), "refused": ("choose",), "until": ("bots",)}  # keys that go with an action


@dataclass
class Step:
    kind: str  # one of ACTIONS or CHECKS
    place: Place  # where its key is written
    data: dict  # the step as written
    code: dict = field(default_factory=dict)  # what was compiled: name -> generated function's name (or a list)


@dataclass
class Plan:
    """One scenario, checked: what `play.run_plan` needs."""
    name: str
    rule: str
    card: str
    place: Place
    seats: list
    options: dict
    seed: int
    start: str
    first: str | None
    choice: tuple  # the options that choose the game's included files: which load of the game it runs on
    placements: list  # (what, seat or None, name, value, place)
    steps: list


@dataclass
class Facts:
    """What game.yaml (and the mods) say that a scenario needs beyond the content's names."""
    name: str
    min_players: int
    max_players: int
    phases: list
    options: dict  # name -> (values, default)
    include_keys: set


def game_facts(game_folder, mods=()) -> Facts:
    data = load_file(os.path.join(str(game_folder), "game.yaml"))
    options = {k: ([str(v) for v in o.get("values", [])], str(o.get("default"))) for k, o in (data.get("options") or {}).items()}
    for m in mods:
        try:
            md = load_file(os.path.join(str(m), "mod.yaml")) or {}
        except ContentError:
            continue
        for k, o in (md.get("options") or {}).items():
            values, default = options.get(k, ([], str(o.get("default"))))
            options[k] = (values + [str(v) for v in o.get("values", []) if str(v) not in values], default)
    return Facts(str(data.get("name", "")), data["players"]["min"], data["players"]["max"],
                 [str(ph["phase"]) for ph in data.get("round") or []], options, include_keys(data))


def include_choice(facts: Facts, options: dict) -> tuple:
    """The values of the options that choose included files (each its default unless given): the key of the
    game's load a scenario with these options runs on."""
    return tuple(sorted((k, str(options.get(k, facts.options.get(k, ([], ""))[1]))) for k in facts.include_keys
                        if k in facts.options))


def seats_of(players, facts: Facts) -> list:
    if players is None:
        players = facts.min_players
    if isinstance(players, int):
        return [DEFAULT_NAMES[i].lower() if i < len(DEFAULT_NAMES) else f"p{i + 1}" for i in range(players)]
    return [str(s) for s in players]


def _place(mapping, key, default: Place) -> Place:
    places = getattr(mapping, "places", None)
    if places is None:
        return default
    return places[key] if isinstance(places, list) else places.get(key, default)


def _key_place(mapping, key, default: Place) -> Place:
    return getattr(mapping, "key_places", {}).get(key, default)


class FileReader:
    """Reads one scenario file: its plans and its mistakes. `names_for(choice)` gives the game's names for a
    choice of its included files (None when the game does not load so: its own mistakes are reported there)."""

    def __init__(self, path: str, facts: Facts, names_for):
        self.path = path
        self.facts = facts
        self.names_for = names_for
        self.diags: list[Diagnostic] = []
        self.compilers: dict = {}  # choice -> Compiler

    def error(self, place, message, code="E-SCENARIO", hint=""):
        self.diags.append(Diagnostic(place, message, code, "error", hint))

    def read(self) -> list[Plan]:
        outside = leaves(self.path, os.path.dirname(os.path.dirname(self.path)), "game's or mod's")  # tests/x.yaml
        if outside is not None:
            self.diags.append(outside)
            return []
        try:
            data = load_file(self.path)
        except ContentError as e:
            self.diags += e.diagnostics
            return []
        if data is None:
            data = []
        errs = validate(data, "scenario", self.path)
        if errs:
            self.diags += errs
            return []
        plans, seen = [], {}
        for i, raw in enumerate(data):
            if raw["name"] in seen:
                self.error(_place(raw, "name", raw.place), f"a second scenario named `{raw['name']}` (the first is at "
                           f"line {seen[raw['name']].line})", "E-DUPLICATE-NAME")
            seen.setdefault(raw["name"], data.places[i])
            plan = self.scenario(raw)
            if plan is not None:
                plans.append(plan)
        for comp in self.compilers.values():
            self.diags += comp.diags
        return plans

    # ---- one scenario
    def scenario(self, raw) -> Plan | None:
        place, facts = raw.place, self.facts
        if "rule" not in raw and "card" not in raw:
            self.error(_key_place(raw, "name", place), "a scenario names the rule (`rule:`) or the card (`card:`) it checks")
        options, mistakes = {}, len(self.diags)
        for k, v in (raw.get("options") or {}).items():
            where = _place(raw["options"], k, place)
            if isinstance(v, bool):  # YAML reads `on`, `off`, `yes`, `no` as booleans: the option's own word
                words = ("on", "true", "yes") if v else ("off", "false", "no")
                v = next((w for w in words if w in facts.options.get(k, ([], ""))[0]), words[0])
            v = str(v)
            if k not in facts.options:
                self.error(_key_place(raw["options"], k, where), f"{facts.name} has no option `{k}`", "E-OPTION",
                           did_you_mean(k, facts.options))
            elif v not in facts.options[k][0]:
                self.error(where, f"option `{k}` takes one of {', '.join(facts.options[k][0])}, not {v!r}", "E-OPTION")
            options[k] = v
        seats = seats_of(raw.get("players"), facts)
        if not facts.min_players <= len(seats) <= facts.max_players:
            self.error(_place(raw, "players", place), f"{facts.name} is for {facts.min_players} to "
                       f"{facts.max_players} players, not {len(seats)}")
        if len(self.diags) > mistakes:  # with options the game has not, it cannot be loaded to check the rest
            return None
        choice = include_choice(facts, options)
        names = self.names_for(choice)
        if names is None:
            return None
        comp = self.compilers.get(choice)
        if comp is None:
            comp = self.compilers[choice] = Compiler(names)
        ctx = _Context(self, names, comp, seats)
        for s in seats:
            if s in names.bare_names() or s == "it":
                what = "a name of the language" if s in names.BUILTIN_NAMES or s == "it" else \
                    "a zone, counter, var or constant of the game"
                self.error(_place(raw, "players", place), f"the seat `{s}` has the name of {what}: name it otherwise")
        if "card" in raw:
            ctx.card_id(raw["card"], _place(raw, "card", place))
        first = raw.get("first")
        if first is not None:
            ctx.seat(first, _place(raw, "first", place))
        placements = ctx.position(raw.get("position"), _place(raw, "position", place))
        steps = [s for i, st in enumerate(raw["steps"]) if (s := ctx.step(st, raw["steps"].places[i])) is not None]
        return Plan(str(raw["name"]), str(raw.get("rule", "")), str(raw.get("card", "")), place, seats, options,
                    raw.get("seed", 0), str(raw.get("start", "empty")), first and str(first), choice, placements, steps)


class _Context:
    """Checks and compiles one scenario's parts against the game's names."""

    def __init__(self, reader: FileReader, names, comp: Compiler, seats: list):
        self.r, self.names, self.comp, self.seats = reader, names, comp, seats
        self.kinds = {s: "player" for s in seats}
        self.placed: dict = {}  # card id -> [(where, place)]

    def error(self, *args, **kw):
        self.r.error(*args, **kw)

    def seat(self, name, place) -> bool:
        if name in self.seats:
            return True
        self.error(place, f"unknown seat `{name}`: the seats are {', '.join(self.seats)}", "E-UNKNOWN-SEAT",
                   did_you_mean(str(name), self.seats))
        return False

    def card_id(self, cid, place) -> bool:
        if cid in self.names.card_ids:
            return True
        self.error(place, f"no card has the id `{cid}`", "E-UNKNOWN-CARD", did_you_mean(str(cid), self.names.card_ids))
        return False

    # ---- expressions and effects
    @staticmethod
    def origin(text, place) -> Origin:
        return text.origin if isinstance(text, YStr) else Origin(place)

    def expression(self, text, place) -> tuple | None:
        """(the whole, its left side, its right side, the comparison) as generated functions' names; the sides
        of a comparison only (to say what was found), else None."""
        origin = self.origin(text, place)
        try:
            e = parse_expr(text, origin)
        except ContentError as err:
            self.r.diags += err.diagnostics
            return None
        before = len(self.comp.diags)
        whole = self.comp.expression(e, origin, self.seats, kinds=self.kinds)
        if len(self.comp.diags) > before:
            return None
        sides = (None, None, None)
        if isinstance(e, A.Compare):
            sides = (self.comp.expression(e.left, origin, self.seats, kinds=self.kinds),
                     self.comp.expression(e.right, origin, self.seats, kinds=self.kinds),
                     "not in" if e.op == "notin" else e.op)
        return (whole, *sides)

    def effect(self, text, place) -> str | None:
        origin = self.origin(text, place)
        try:
            stmts = parse(text, origin)
        except ContentError as err:
            self.r.diags += err.diagnostics
            return None
        return self.comp.effect(stmts, origin, self.seats, kinds=self.kinds)

    # ---- the position
    def position(self, pos, place) -> list:
        if not pos:
            return []
        n, out = self.names, []
        for key, value in pos.items():
            kp, vp = _key_place(pos, key, place), _place(pos, key, place)
            if key in self.seats:
                if not isinstance(value, dict):
                    self.error(vp, f"`{key}`: a seat's zones, counters and vars, as a mapping")
                    continue
                for k, v in value.items():
                    self.placement(key, k, v, _key_place(value, k, vp), _place(value, k, vp), out,
                                   n.player_zones, n.player_counters, n.player_vars)
            elif key == "round":
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    self.error(vp, f"`round` is a number from 0, not {value!r}", "E-TYPE")
                else:
                    out.append(("round", None, "round", value, vp))
            else:
                self.placement(None, key, value, kp, vp, out, n.global_zones, n.global_counters, n.global_vars)
        for cid, where in self.placed.items():
            copies = self.names.card_ids.get(cid, 1)
            if len(where) > copies:
                (first, _), (second, p2) = where[0], where[copies]
                self.error(p2, f"`{cid}` is placed {len(where)} times (in {first}, then in {second}), but the game has "
                           f"{copies} cop{'y' if copies == 1 else 'ies'} of it: a card lies in one zone at a time", "E-POSITION")
        return out

    def placement(self, seat, key, value, kp, vp, out, zones, counters, vars_):
        whose = f"{seat}." if seat else ""
        if key in zones:
            if not isinstance(value, list):
                self.error(vp, f"`{whose}{key}` is a zone: the ids of the cards it holds, as a list", "E-TYPE")
                return
            cards = []
            for i, item in enumerate(value):
                ip = value.places[i]
                cid, fields = (item.get("card"), {k: v for k, v in item.items() if k != "card"}) \
                    if isinstance(item, dict) else (item, {})
                if not isinstance(cid, str):
                    self.error(ip, "a card is its id, or {card: ID, FIELD: VALUE...}", "E-TYPE")
                    continue
                if not self.card_id(cid, _place(item, "card", ip) if isinstance(item, dict) else ip):
                    continue
                for f in fields:
                    if f not in self.names.card_fields:
                        self.error(_key_place(item, f, ip), f"no card has a field `{f}`", "E-UNKNOWN-FIELD",
                                   did_you_mean(f, self.names.card_fields))
                self.placed.setdefault(cid, []).append((f"{whose}{key}", ip))
                cards.append((cid, plain_value(fields)))
            out.append(("zone", seat, key, cards, vp))
        elif key in counters:
            spec = counters[key]
            if isinstance(value, bool) or not isinstance(value, int):
                self.error(vp, f"`{whose}{key}` is a counter: a whole number, not {value!r}", "E-TYPE")
                return
            low = 0 if spec.wrap else spec.min
            high = spec.wrap - 1 if spec.wrap else spec.max
            if (low is not None and value < low) or (high is not None and value > high):
                bounds = f"{low} to {high}" if low is not None and high is not None else \
                    f"at least {low}" if low is not None else f"at most {high}"
                self.error(vp, f"`{whose}{key}` = {value} is outside the counter's bounds ({bounds})", "E-POSITION")
                return
            out.append(("counter", seat, key, value, vp))
        elif key in vars_:
            out.append(("var", seat, key, start_value(value), vp))  # as in game.yaml: `none` is none
        else:
            known = set(zones) | set(counters) | set(vars_) | (set() if seat else set(self.seats) | {"round"})
            what = f"zone, counter or var of a player (`{seat}`)" if seat else "seat, zone, counter or var of the game"
            self.error(kp, f"`{key}` is no {what}", "E-UNKNOWN-NAME", did_you_mean(key, known))

    # ---- the steps
    def step(self, st, place) -> Step | None:
        kinds = [k for k in (*ACTIONS, *CHECKS) if k in st]
        if len(kinds) != 1:
            what = "nothing to do or check" if not kinds else "both " + " and ".join(f"`{k}`" for k in kinds)
            self.error(place, f"a step does one thing ({', '.join(ACTIONS)}) or checks one ({', '.join(CHECKS)}), "
                       f"here {what}")
            return None
        kind = kinds[0]
        for k, goes in WITH.items():
            if k in st and kind not in goes:
                self.error(_key_place(st, k, place), f"`{k}` goes with {' or '.join(f'`{g}`' for g in goes)}, "
                           f"not with `{kind}`")
        step = Step(kind, _key_place(st, kind, place), st)
        v, vp = st[kind], _place(st, kind, place)
        if "by" in st:
            self.seat(st["by"], _place(st, "by", place))
        if kind == "phase":
            if v not in self.r.facts.phases:
                self.error(vp, f"the round has no phase `{v}` (its phases: {', '.join(self.r.facts.phases)})",
                           "E-UNKNOWN-NAME", did_you_mean(v, self.r.facts.phases))
        elif kind == "do":
            step.code["do"] = self.effect(v, vp)
        elif kind == "choose":
            if "by" not in st:
                self.error(step.place, "a choice names the seat that makes it (`by:`)")
        elif kind == "bots" and "until" in st:
            step.code["until"] = self.expression(st["until"], _place(st, "until", place))
        elif kind == "expect":
            items = [v] if isinstance(v, str) else v
            places = [vp] if isinstance(v, str) else v.places
            step.code["expect"] = [(text, p, self.expression(text, p)) for text, p in zip(items, places, strict=True)]
        elif kind == "holds":
            step.code["holds"] = []
            for key, ids in v.items():
                kp = _key_place(v, key, vp)
                for i, cid in enumerate(ids):
                    self.card_id(cid, ids.places[i])
                step.code["holds"].append((key, kp, self.expression(key, kp), [str(c) for c in ids]))
        elif kind == "asks" and isinstance(v, dict):
            self.seat(v["by"], _place(v, "by", vp))
        elif kind == "result":
            if "winner" in v:
                self.seat(v["winner"], _place(v, "winner", vp))
            for s in v.get("scores") or {}:
                self.seat(s, _key_place(v["scores"], s, vp))
            for i, s in enumerate(v.get("ranking") or []):
                self.seat(s, v["ranking"].places[i])
        return step
