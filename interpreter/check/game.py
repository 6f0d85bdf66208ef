"""A whole game checked: its declarations (declarations.py), its card records (cards.py) and every body of
effect text it holds, parsed and resolved by one Checker (resolve.py), with the game-level checks that need
them all: handlers of declared events, the scoreboard's entries, definitions nothing uses (warnings).
The result, `Checked`, is what code generation and the model are built from."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..dsl import ast as A
from ..dsl.parser import parse, parse_expr
from ..errors import Collect, ContentError, Origin, Place, did_you_mean
from ..loader.yaml_source import YStr, place_in
from .cards import Card, card_records, check_cards, check_counts, check_total
from .declarations import Declarations, Sections, declare
from .hooks import check_hooks, hook_texts
from .resolve import Checker, Resolved
from .rules import check_rules, lint_zone_names
from .types import said


def _origin(value, default: Place) -> Origin:
    if isinstance(value, YStr):
        return value.origin
    return Origin(default)


class Bodies:
    """Parses and checks the bodies of one game with its Checker: each body resolved (a Resolved; None when
    its text does not parse, the mistake in `col`), and kept in `order`, the order they were checked."""

    def __init__(self, col: Collect, checker: Checker):
        self.col, self.checker = col, checker
        self.order: list[Resolved] = []
        self.texts: list = []  # (text, origin, the names bound around it) of every body, parsed or not (check.index)

    def effect(self, text, place, params=(), event_params=(), procedure=None, this_piece=False,
               nobody=False) -> Resolved | None:
        self.texts.append((text, _origin(text, place), (*params, *event_params)))
        stmts = self.col.guard(parse, text, _origin(text, place))
        if stmts is None:
            return None
        r = self.checker.effect(stmts, _origin(text, place), params, event_params, procedure, this_piece=this_piece,
                                nobody=nobody)
        self.order.append(r)
        return r

    def steps(self, text, place) -> list:
        """A phase's body, nobody's turn, as its steps (model.gamedef.Phase): one Resolved a top-level statement
        where none reads a name another before it binds (a `let`, a loop's variable: a body's names last to its
        end) and none returns from the body, else one for the whole body."""
        self.texts.append((text, _origin(text, place), ()))
        stmts = self.col.guard(parse, text, _origin(text, place))
        if stmts is None:
            return [None]
        whole = any(type(s) is A.Return for s in A.statements(stmts)) or _shared(stmts)
        out = []
        for part in [stmts] if whole or len(stmts) < 2 else [[s] for s in stmts]:
            r = self.checker.effect(part, _origin(text, place), nobody=True)
            self.order.append(r)
            out.append(r)
        return out

    def expression(self, text, place, params=(), function=None, this_piece=False) -> Resolved | None:
        self.texts.append((text, _origin(text, place), tuple(params)))
        e = self.col.guard(parse_expr, text, _origin(text, place))
        if e is None:
            return None
        r = self.checker.expression(e, _origin(text, place), params, function=function, this_piece=this_piece)
        self.order.append(r)
        return r


def _shared(stmts: list) -> bool:
    """Whether a top-level statement reads a name that one before it binds (`let`, `for`, a choice's variable)."""
    bound: set = set()
    for s in stmts:
        own = {t.var for t in A.statements([s]) if type(t) is A.For}
        own |= {n.var for n in A.walk(s) if type(n) is A.Choose and n.var}
        # a loop's or a choice's variable is bound where it is read (`for p in players` again reads its own `p`)
        if any(type(n) is A.Name and n.id in bound and n.id not in own for n in A.walk(s)):
            return True
        bound |= own | {t.name for t in A.statements([s]) if type(t) is A.Let}
    return False


def _parsed(text, place, expression=False):
    """A body's tree for the checker's plans only: a mistake is reported once, when the body is checked."""
    try:
        return (parse_expr if expression else parse)(text, _origin(text, place))
    except ContentError:
        return None


@dataclass
class Checked:
    """A game checked: its declarations, its cards, and each of its bodies resolved (None: it did not parse)."""
    game: dict  # game.yaml
    decl: Declarations
    checker: Checker
    bodies: list  # every Resolved, in the order checked
    procedures: dict  # name -> Resolved
    functions: dict
    values: dict
    handlers: dict  # event -> [Resolved], the game's and its mods' in order
    setup: Resolved | None
    finish: Resolved | None
    phases: list  # [(name, [Resolved, one a step])]
    score: Resolved | None
    faction: Resolved | None
    ranking: list
    scoreboard: list  # [(entry, expression, max)]
    cards: dict  # id -> cards.Card
    score_parts: list  # [(name, Resolved)]: a score given as named terms (then `score` is None)
    ranking_names: list  # each ranking key's name: its term's, or its expression's text
    team: Resolved | None
    value: Resolved | None = None  # the bots' estimate of a player's position (`value:`)
    rules: dict | None = None  # the rules in short (`rules:`, check/rules.py)
    texts: list = field(default_factory=list)  # every body's text, parsed or not (Bodies.texts)
    hooks: dict = field(default_factory=dict)  # procedure or phase -> hooks.Hooked: the steps mods add to it
    score_counted: list = field(default_factory=list)  # [(part, Resolved)]: how the rules count a part, a text


def check(col: Collect, layers, card_files: list, theirs: frozenset = frozenset()) -> Checked:
    """Every check of a game's layers (loader.layers) and their card files (loader.layers.read_card_files);
    the mistakes in `col`, the checker's after the others. `theirs`: the layers of the mods (by index), where
    a mistake they cause is placed."""
    sections = Sections(layers, theirs)
    g = sections.game
    decl = declare(col, sections)
    names, events = decl.names, decl.events
    records = card_records(col, sections, card_files)
    check_total(col, records)
    names.card_ids = {c["id"]: c.get("copies", 1) for c, _ in records}
    checker = Checker(names)
    bodies = Bodies(col, checker)
    effect, expression = bodies.effect, bodies.expression
    hooks = "\n".join(_strings([[c for c, _ in records]] + [data.get("on") for data, _, _ in layers]))
    added = hook_texts(sections)  # a procedure's hooks run as part of it: a call there may run it inside itself
    checker.plan_procedures({k: (_parsed(v["do"], decl.procedure_places[k][0]) or [])
                             + [s for t in added.get(k, []) for s in _parsed(t, decl.procedure_places[k][0]) or []]
                             for k, v in decl.procedures.items()}, hooks)
    checker.function_exprs = {k: (_parsed(v["expr"], decl.function_places[k][0], True), v.get("params", []))
                              for k, v in decl.functions.items()}
    procs = {k: effect(v["do"], decl.procedure_places[k][0], v.get("params", []), procedure=k)
             for k, v in decl.procedures.items()}
    funcs = {k: expression(v["expr"], decl.function_places[k][0], v.get("params", []), function=k)
             for k, v in decl.functions.items()}
    values = {k: expression(v["expr"], decl.value_places[k][0], v.get("params", [])) for k, v in decl.values.items()}
    handlers: dict = {}
    for data, _, _ in layers:
        on = data.get("on") or {}
        for ev, body in on.items():
            if ev not in events:
                col.error(on.key_places.get(ev, on.place), f"handler for unknown event `{ev}`", "E-UNKNOWN-EVENT",
                          did_you_mean(ev, events))
                continue
            handlers.setdefault(ev, []).append(effect(body, place_in(on, ev, on.place), (), events[ev]))
    gplace = sections.gplace
    # setup, the phases of the round and finish are nobody's turn: no player is `me` (runtime.match._flow)
    setup = effect(g["setup"], place_in(g, "setup", gplace), nobody=True) if "setup" in g else None
    finish = effect(g["finish"], place_in(g, "finish", gplace), nobody=True) if "finish" in g else None
    phases = [(ph["phase"], bodies.steps(ph["do"], place_in(ph, "do", ph.place))) for ph in g["round"]]
    hooked = check_hooks(col, sections, decl, [name for name, _ in phases], bodies)
    named: dict = {}
    for ph in g["round"]:  # the account, the page and `phase` name each by its name: one phase a name
        if ph["phase"] in named:
            col.error(place_in(ph, "phase", ph.place), f"two phases are named `{ph['phase']}` (the first at "
                      f"{named[ph['phase']]})", "E-DUPLICATE-NAME", "give each phase of the round a name of its own")
        named.setdefault(ph["phase"], ph.place)
    # a score (or its parts), a value, a faction, a team and a ranking key are asked of a player (`me`)
    terms = _terms(col, g, "score", gplace, expression)
    parts = terms if isinstance(g.get("score"), dict) else []  # else one expression, or none
    counted = [(str(k), expression(v["counted"], place_in(v, "counted", place_in(g["score"], k, gplace))))
               for k, v in g["score"].items() if isinstance(v, dict) and "counted" in v] if parts else []
    score = terms[0][1] if terms and not parts else None
    faction = expression(g["faction"], place_in(g, "faction", gplace)) if "faction" in g else None
    team = expression(g["team"], place_in(g, "team", gplace)) if "team" in g else None
    value = expression(g["value"], place_in(g, "value", gplace)) if "value" in g else None
    ranked = _terms(col, g, "ranking", gplace, expression)
    ranking, ranking_names = [r for _, r in ranked], [k for k, _ in ranked]
    board = _scoreboard(col, g, expression)
    for what, r in [*((f"value `{k}`", r) for k, r in values.items()), ("the score", score), ("`value:`", value),
                    *((f"the score's part `{k}`", r) for k, r in parts), *(("a ranking key", r) for r in ranking)]:
        _a_number(checker, what, r)
    _a_name(checker, team)
    cards = check_cards(col, records, decl, bodies)
    check_counts(col, sections, cards, card_files)
    rules = check_rules(col, sections, [name for name, _ in phases])
    if col.warns:  # (a pass that only warns)
        _lint_zone_names(col, sections, decl, bodies.order)
    checker.retyped([r for r in (*procs.values(), *funcs.values()) if r is not None])  # its mistakes too
    _text_and_number(checker, [*procs.values(), *funcs.values()])
    col.diags += checker.diags
    if col.warns and not any(d.code in _UNREAD for d in col.diags):  # else what the unread text uses is not known
        _warn_unused(col, sections, decl, checker.used, cards)
    return Checked(g, decl, checker, bodies.order, procs, funcs, values, handlers, setup, finish, phases, score,
                   faction, ranking, board, cards, parts, ranking_names, team, value, rules, bodies.texts, hooked,
                   score_counted=counted)


def _lint_zone_names(col: Collect, sections: Sections, decl: Declarations, bodies: list) -> None:
    """check/rules.py's W-ZONE-NAME over every body, with the zones' docs and the page's labels."""
    docs = {k: v.get("doc") for sub in (None, "player") for k, v in sections.section("zones", sub)[0].items()
            if isinstance(v, dict)}
    layout = sections.game.get("layout")
    labels = layout.get("labels") if isinstance(layout, dict) and isinstance(layout.get("labels"), dict) else {}
    lint_zone_names(col, {**decl.zones, **decl.player_zones}, docs, labels, bodies, decl.names.constants)


def _terms(col: Collect, g, key: str, gplace: Place, expression) -> list:
    """[(name, Resolved)] of `score:` or `ranking:`: one expression (named by its text), a list of them
    or a mapping of named terms (a score's parts, the ranking's named keys)."""
    given = g.get(key)
    if given is None:
        return []
    if isinstance(given, dict):
        if not given:
            col.error(place_in(g, key, gplace), f"`{key}:` names no term; give at least one `name: expression`",
                      "E-VALUE")
        # a score's part may be {expr, counted} (how the rules count it: `counted`, read by check())
        return [(str(k), expression(v["expr"], place_in(v, "expr", place_in(given, k, gplace))) if isinstance(v, dict)
                 else expression(v, place_in(given, k, gplace))) for k, v in given.items()]
    if isinstance(given, list):
        return [(str(r).strip(), expression(r, place_in(given, i, gplace))) for i, r in enumerate(given)]
    return [(str(given).strip(), expression(given, place_in(g, key, gplace)))]


def _scoreboard(col: Collect, g, expression) -> list:
    """The `scoreboard:` entries with their expressions checked: [(entry, expr, max)]; an entry gives either
    an expression or `score: true`."""
    entries = g.get("scoreboard") or []
    out = []
    for i, e in enumerate(entries):
        where = entries.places[i] if hasattr(entries, "places") else g.place
        if e.get("score") and "expr" in e or not e.get("score") and "expr" not in e:
            col.error(where, f"scoreboard entry `{e['label']}`: give either `expr` or `score: true`", "E-VALUE")
            out.append((e, None, None))
            continue
        f = expression(e["expr"], place_in(e, "expr", where)) if "expr" in e else None
        m = expression(e["max"], place_in(e, "max", where)) if "max" in e else None
        out.append((e, f, m))
    return out


def _a_number(checker: Checker, what: str, r: Resolved | None) -> None:
    """A value, the score and a ranking key are numbers: an expression known to give anything else (a text, a
    card, none...) is refused at its place; what is known only in play is checked there (runtime.match)."""
    if r is None or not r.ok:
        return
    e = r.tree
    kind, static, _ = r.types.get(id(e), (None, None, None))
    given = "none" if isinstance(e, A.Const) and e.value is None else said(kind, static)
    if given and given != "a number":
        checker.error(r.origin.at(e.line, e.col), f"{what} is a number, not {given}", "E-TYPE")


def _text_and_number(checker: Checker, bodies: list) -> None:
    """A text joined by `+` with a parameter that every call in the content gives a number: the same mistake as
    `"coins " + 3`, found from the calls (in play it would stop the match at the first call)."""
    for r in bodies:
        if r is None or not r.ok or not r.params:
            continue
        numbers = {x for x in r.params if checker.given.get((r.name, x)) == {"a number"}}
        nodes = list(A.walk(r.tree)) if numbers else []
        numbers -= {n.name for n in nodes if type(n) is A.Let} | {n.var for n in nodes if type(n) is A.For}
        numbers -= {n.target.id for n in nodes if type(n) is A.Assign and type(n.target) is A.Name}
        for n in nodes:
            if type(n) is not A.BinOp or n.op != "+" or not numbers:
                continue
            name = next((s.id for s in (n.left, n.right) if type(s) is A.Name and s.id in numbers), None)
            text = any(type(s) is A.Template or type(s) is A.Const and type(s.value) is str for s in (n.left, n.right))
            if name is not None and text:
                checker.error(r.origin.at(n.line, n.col), "a number and a string cannot be added", "E-TYPE",
                              f"`{name}` is a number at every call: write it in the text as a hole, \"{{{name}}}\"")


def _a_name(checker: Checker, r: Resolved | None) -> None:
    """A team is named by a text or a number: an expression known to give anything else is refused at its
    place; what is known only in play is checked there (runtime.result)."""
    if r is None or not r.ok:
        return
    e = r.tree
    kind, static, _ = r.types.get(id(e), (None, None, None))
    given = "none" if isinstance(e, A.Const) and e.value is None else said(kind, static)
    if given and given not in ("a number", "a string"):
        checker.error(r.origin.at(e.line, e.col), f"a team is named by a string or a number, not {given}", "E-TYPE")


_UNREAD = frozenset({"E-DSL-SYNTAX", "E-DSL-DEPTH", "E-DSL-SIZE", "E-DSL-TYPE"})  # an effect text that could not be read


def _warn_unused(col: Collect, sections: Sections, decl: Declarations, used: set, cards: dict[str, Card]) -> None:
    """Definitions nothing refers to: warnings (W-UNUSED), which fail only with --strict."""
    for what, defs, places in (("procedure", decl.procedures, decl.procedure_places),
                               ("function", decl.functions, decl.function_places),
                               ("value", decl.values, decl.value_places)):
        for k in defs:
            if k not in used and not any(k in c.source.get("modifiers", []) for c in cards.values()):
                col.warn(places[k][0], f"{what} `{k}` is never used", "W-UNUSED")
    fired = {ev for s in list(decl.counters.values()) + list(decl.player_counters.values())
             for ev in (s.on_wrap, s.on_wrap_back, s.on_threshold) if ev}
    for ev in decl.events:
        if ev not in used and ev not in fired:
            where = sections.gplace
            for data, _, _ in sections.layers:
                if ev in (data.get("events") or {}):
                    where = place_in(data["events"], ev, where)
            col.warn(where, f"event `{ev}` is never fired", "W-UNUSED")


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
