"""What a checked game declares and uses, and where: the index the language server answers from (lsp/).

Every declaration (a procedure, function or value and its parameters, a zone, counter or var of the game or
of each player, a constant, an event, a kind, its fields and hooks, an enum and its values, an option, a
phase, a card) and every use (each name, call, field, and text naming a card, event, value, option, hook or
kind in effect text, as the resolve-and-type pass bound it; the YAML that names one: an `on:` key, a card's
`kind:`, a modifier's `value:`, a counter's `on_wrap:`, `counts:`, `remove_cards:`, a field's enum type, an
include's `when:`) is an `Entry`: its name, what it is, its place, and the type the checker gave it. Each body
of effect text is a `Body`, placed line by line, parsed or not. Nothing here reads a file or checks anything:
the index is made from what the check stage found (check.game.Checked) and the layers it checked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..dsl import ast as A
from ..errors import Place
from ..runtime.verbs import REGISTRY
from .names import NameTable
from .types import said

# the sections that declare names, and what each declares
GLOBAL = {"procedures": "procedure", "functions": "function", "values": "value", "zones": "zone",
          "counters": "counter", "vars": "var", "constants": "constant", "events": "event", "kinds": "kind",
          "enums": "enum", "options": "option"}
PLAYER = {"zones": "player zone", "counters": "player counter", "vars": "player var"}
_BINDS = {"counter": "counter", "zone": "zone", "var": "var", "constant": "constant", "procedure": "procedure",
          "function": "function", "value": "value", "verb": "verb"}  # Resolved.binds -> an entry's kind


def builtins() -> dict:
    """The names the engine gives content, by where they are read: bare ("name"), after a card's, a player's or
    a zone's dot; as the checker's tables hold them."""
    return {"name": NameTable.BUILTIN_NAMES + ("it",), "card": NameTable.PIECE_ATTRS,
            "player": NameTable.PLAYER_ATTRS, "zone": NameTable.ZONE_ATTRS}


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    kind: str  # GLOBAL's and PLAYER's words, "field", "hook", "enum value", "card", "phase", "verb", "local",
    # "parameter", "builtin", "attribute" (the engine's own field of a card, a player or a zone)
    place: Place  # 1-based, at the name's first character
    decl: bool  # a declaration (else a use)
    type: str = ""  # what it holds where it stands, as the checker types it ("a card", "a list of players")
    owner: str = ""  # a field's or a hook's kind, a card's kind, an enum value's enum
    detail: str = ""  # a declaration's signature, bounds or value, in one line
    doc: str = ""
    body: int = -1  # the Body a local or a parameter belongs to

    @property
    def end(self) -> int:
        return self.place.col + len(self.name)


@dataclass(slots=True)
class Body:
    """A body of effect text: its pieces, (line, first column, column past its end) of each of its lines, 1-based;
    the names bound around it (parameters, an event's); whether it parsed."""
    path: str
    pieces: tuple
    params: tuple
    parsed: bool

    def holds(self, line: int, col: int) -> bool:
        return any(ln == line and a <= col <= b for ln, a, b in self.pieces)


@dataclass
class Index:
    entries: list = field(default_factory=list)
    bodies: list = field(default_factory=list)

    def merge(self, other: Index) -> None:
        """Another option set's index: what it adds (the files it includes), each entry and body once."""
        where = {(b.path, b.pieces): i for i, b in enumerate(self.bodies)}
        moved = []  # other's body i -> its number here
        for b in other.bodies:
            if (b.path, b.pieces) not in where:
                where[(b.path, b.pieces)] = len(self.bodies)
                self.bodies.append(b)
            moved.append(where[(b.path, b.pieces)])
        seen = {(e.place, e.name, e.kind, e.decl) for e in self.entries}
        for e in other.entries:
            if (e.place, e.name, e.kind, e.decl) not in seen:
                self.entries.append(_rebody(e, moved[e.body]) if e.body >= 0 else e)

    def at(self, path: str, line: int, col: int) -> Entry | None:
        """The entry whose name covers a place (1-based)."""
        for e in self.entries:
            p = e.place
            if p.line == line and p.path == path and p.col <= col <= e.end:
                return e
        return None

    def body_at(self, path: str, line: int, col: int) -> tuple[int, Body] | tuple[None, None]:
        for i, b in enumerate(self.bodies):
            if b.path == path and b.holds(line, col):
                return i, b
        return None, None

    def declared(self, *kinds) -> dict:
        """Name -> its first declaration, of these kinds."""
        out: dict = {}
        for e in self.entries:
            if e.decl and e.kind in kinds:
                out.setdefault(e.name, e)
        return out

    def declarations(self, e: Entry) -> list:
        """Where what an entry names is declared."""
        if e.kind in ("local", "parameter"):
            return [d for d in self.entries if d.decl and d.body == e.body and d.name == e.name]
        return [d for d in self.entries if d.decl and d.name == e.name and d.kind == e.kind]

    def references(self, e: Entry) -> list:
        """Every declaration and use of what an entry names."""
        if e.kind in ("local", "parameter"):
            return [x for x in self.entries if x.body == e.body and x.name == e.name and x.kind == e.kind]
        return [x for x in self.entries if x.name == e.name and x.kind == e.kind]

    def locals_of(self, body: int) -> dict:
        """A body's parameters and locals: name -> its first entry."""
        out: dict = {}
        for e in self.entries:
            if e.body == body and e.kind in ("local", "parameter"):
                out.setdefault(e.name, e)
        return out


def _rebody(e: Entry, body: int) -> Entry:
    return Entry(e.name, e.kind, e.place, e.decl, e.type, e.owner, e.detail, e.doc, body)


def index_of(checked, layers) -> Index:
    """The index of a checked game (check.game.Checked) and the layers it checked."""
    idx = Index()
    _declarations(idx, checked, layers)
    _bodies(idx, checked)
    return idx


# ---- declarations and the YAML that names one

def _at(where: Place, value=None) -> Place:
    """Where a scalar's text begins (past its opening quote)."""
    origin = getattr(value, "origin", None) if isinstance(value, str) else None
    if origin is not None and origin.line_starts:
        line, col = origin.line_starts[0]
        return Place(where.path, line, col)
    return where


def _key(mapping, k, default: Place) -> Place:
    return getattr(mapping, "key_places", {}).get(k, default)


def _doc(v) -> str:
    d = v.get("doc") if isinstance(v, dict) else None
    return str(d) if isinstance(d, str) else ""


def _detail(what: str, name: str, v, decl) -> str:
    if what in ("procedure", "function", "value"):
        params = v.get("params") if isinstance(v, dict) else None
        return f"{name}({', '.join(map(str, params or []))})"
    if what in ("counter", "player counter"):
        spec = (decl.counters if what == "counter" else decl.player_counters).get(name)
        parts = [f"{k} {getattr(spec, k)}" for k in ("initial", "min", "max", "wrap") if spec is not None
                 and getattr(spec, k) is not None]
        return ", ".join(parts)
    if what in ("zone", "player zone"):
        return str(v.get("visibility", "public")) if isinstance(v, dict) else ""
    if what == "event":
        return f"{name}({', '.join(map(str, v or []))})"
    if what == "option":
        spec = decl.options.get(name)
        return f"{' | '.join(map(str, spec.values))} (default {spec.default})" if spec else ""
    if what in ("var", "player var", "constant"):
        return _shown(v)
    return ""


def _shown(v) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_shown(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_shown(x) for x in v) + "]"
    return "none" if v is None else str(v).lower() if isinstance(v, bool) else str(v)


def _declarations(idx: Index, checked, layers) -> None:
    decl, add = checked.decl, idx.entries.append
    for data, _, _ in layers:
        where = data.place
        for section, what in GLOBAL.items():
            sec = data.get(section)
            for k, v in (sec or {}).items():
                add(Entry(k, what, _key(sec, k, where), True, detail=_detail(what, k, v, decl), doc=_doc(v)))
                if what in ("procedure", "function", "value") and isinstance(v, dict):
                    _params(idx, v, k)
        player = data.get("player") or {}
        for section, what in PLAYER.items():
            sec = player.get(section)
            for k, v in (sec or {}).items():
                add(Entry(k, what, _key(sec, k, where), True, detail=_detail(what, k, v, decl), doc=_doc(v)))
        for kname, kd in (data.get("kinds") or {}).items():
            fields = kd.get("fields") or {}
            for f, fd in fields.items():
                t = fd.get("type") if isinstance(fd, dict) else fd
                add(Entry(f, "field", _key(fields, f, where), True, owner=kname, detail=str(t), doc=_doc(fd)))
                _enum_use(idx, decl, t, fd.places.get("type") if isinstance(fd, dict) else fields.places.get(f), where)
            for hooks, said_as in (("effects", "effect hook"), ("expressions", "expression hook")):
                lst = kd.get(hooks) or []
                for i, h in enumerate(lst):
                    add(Entry(str(h), "hook", _at(lst.places[i], h), True, owner=kname, detail=said_as))
        for ename, vals in (data.get("enums") or {}).items():
            for i, v in enumerate(vals or []):
                add(Entry(str(v), "enum value", _at(vals.places[i], v), True, owner=ename))
        for sub in (data, player):
            for c in (sub.get("counters") or {}).values():
                for k in ("on_wrap", "on_wrap_back", "on_threshold"):
                    if isinstance(c.get(k), str):
                        add(Entry(c[k], "event", _at(c.places[k], c[k]), False))
        counts = data.get("counts") or {}
        for k in counts:
            add(Entry(k, "kind", _key(counts, k, where), False))
        removed = data.get("remove_cards") or []
        for i, cid in enumerate(removed):
            add(Entry(str(cid), "card", _at(removed.places[i], cid), False))
        _handlers(idx, data, where)
        for inc in data.get("includes") or []:  # `when: {option: value}`
            when = inc.get("when") or {}
            for k in when:
                add(Entry(k, "option", _key(when, k, where), False))
        for ph in data.get("round") or []:
            if "phase" in ph:
                add(Entry(str(ph["phase"]), "phase", _at(ph.places["phase"], ph["phase"]), True))
    for c in checked.cards.values():
        raw = c.source
        add(Entry(c.id, "card", _at(raw.places["id"], raw["id"]), True, owner=c.kind, detail=c.name))
        add(Entry(c.kind, "kind", _at(raw.places["kind"], raw["kind"]), False))
        _handlers(idx, raw, c.place)
        mods = raw.get("modifiers") or []
        for m in mods:
            if isinstance(m, dict) and isinstance(m.get("value"), str):
                add(Entry(m["value"], "value", _at(m.places["value"], m["value"]), False))


def _params(idx: Index, v, name: str) -> None:
    """A procedure's, a function's or a value's parameters: declared where its body is (Body.params)."""
    params = v.get("params") or []
    places = getattr(params, "places", None)
    for i, p in enumerate(params):
        if places is not None:
            idx.entries.append(Entry(str(p), "parameter", _at(places[i], p), True, owner=name, body=-2))


def _enum_use(idx: Index, decl, t, place, where) -> None:
    """A field's type naming an enum (`colour`, `list[colour]?`)."""
    if not isinstance(t, str) or place is None:
        return
    inner = t.rstrip("?")
    inner = inner[5:-1].rstrip("?") if inner.startswith("list[") and inner.endswith("]") else inner
    if inner in decl.enums:
        start = _at(place, t)
        idx.entries.append(Entry(inner, "enum", Place(start.path, start.line, start.col + t.find(inner)), False))


def _handlers(idx: Index, data, where) -> None:
    on = data.get("on")
    for ev in on or {}:
        idx.entries.append(Entry(ev, "event", _key(on, ev, where), False))


# ---- bodies

def _pieces(text: str, origin) -> tuple:
    lines = text.split("\n")
    starts = origin.line_starts
    if len(lines) == 1:
        (line, col), = starts[:1]
        return ((line, col, col + len(text)),)
    return tuple((ln, c, c + len(lines[i])) for i, (ln, c) in enumerate(starts[:len(lines)]))


def _bodies(idx: Index, checked) -> None:
    names = checked.decl.names
    resolved: dict = {}
    for r in checked.bodies:
        resolved.setdefault(id(r.origin), []).append(r)
    typed = checked.checker.retyped([r for r in (*checked.procedures.values(), *checked.functions.values())
                                     if r is not None])
    owners = {}  # id(origin) -> the procedure, function or value it is the body of, parsed or not
    decl = checked.decl
    for what, key in ((decl.procedures, "do"), (decl.functions, "expr"), (decl.values, "expr")):
        for k, v in what.items():
            origin = getattr(v.get(key), "origin", None)
            if origin is not None:
                owners[id(origin)] = k
    declared: dict = {}  # procedure, function or value -> its parameters' entries
    for i, e in enumerate(idx.entries):
        if e.body == -2:
            declared.setdefault(e.owner, []).append(i)
    for text, origin, params in checked.texts:
        if not isinstance(text, str) or not origin.place.line:
            continue
        rs = resolved.get(id(origin), [])
        n = len(idx.bodies)
        idx.bodies.append(Body(origin.place.path, _pieces(text, origin), tuple(params), bool(rs)))
        for i in declared.get(owners.get(id(origin)), ()):  # its parameters, declared in its YAML entry
            idx.entries[i] = _rebody(idx.entries[i], n)
        lines = text.split("\n")
        first = len(idx.entries)
        for r in rs:
            _walk(idx, names, typed.get(id(r), r), lines, n)
        _typed_binders(idx.entries, first)


def _typed_binders(entries: list, first: int) -> None:
    """A name a loop or a choice binds holds what its first read after it holds (the checker types the reads)."""
    mine = entries[first:]
    for i, e in enumerate(mine):
        if e.decl and not e.type and e.kind == "local":
            after = [u for u in mine if u.name == e.name and not u.decl and u.type
                     and (u.place.line, u.place.col) > (e.place.line, e.place.col)]
            if after:
                u = min(after, key=lambda u: (u.place.line, u.place.col))
                entries[first + i] = Entry(e.name, e.kind, e.place, True, u.type, e.owner, e.detail, e.doc, e.body)


def _walk(idx: Index, names: NameTable, r, lines: list, body: int) -> None:
    add, at, types, binds = idx.entries.append, r.origin.at, r.types, r.binds
    params = set(r.params) | set(r.event_params)

    def typ(node) -> str:
        t = types.get(id(node))
        return (said(t[0], t[1]) or "") if t else ""

    def local(name) -> str:
        return "parameter" if name in params else "local"

    done: set = set()
    for n in A.walk(r.tree):
        t = type(n)
        if t is A.Name:
            how = binds.get(id(n))
            if how == "local":
                add(Entry(n.id, local(n.id), at(n.line, n.col), False, typ(n), body=body))
            elif how in _BINDS:
                add(Entry(n.id, _BINDS[how], at(n.line, n.col), False, typ(n)))
            elif how is not None:
                add(Entry(n.id, "builtin", at(n.line, n.col), False, typ(n)))
        elif t is A.Call:
            how = binds.get(id(n))
            if how in _BINDS:
                add(Entry(n.func, _BINDS[how], at(n.line, n.col), False))
            if how == "verb":
                _named(idx, REGISTRY[n.func], n, at, done)
        elif t is A.Attr:
            add(Entry(n.attr, _attr_kind(names, n, types), at(n.line, n.col), False, typ(n)))
        elif t is A.Assign and type(n.target) is A.Name:
            how = binds.get(id(n))
            v = n.target
            if how == "local":
                add(Entry(v.id, local(v.id), at(v.line, v.col), v.id not in params, body=body))
            elif how == "global":
                add(Entry(v.id, "counter" if v.id in names.global_counters else "var", at(v.line, v.col), False))
        elif t is A.Let or t is A.For or t is A.Each or t is A.Choose and n.var:
            var = n.name if t is A.Let else n.var
            place = _binder(lines, n, var, at)
            if place is not None:
                add(Entry(var, "local", place, True, typ(n.value) if t is A.Let else "", body=body))
        elif t is A.Const and isinstance(n.value, str) and id(n) not in done:
            kind = _string_kind(names, n.value)
            if kind:
                add(Entry(n.value, kind, at(n.line, n.col + 1), False))


def _binder(lines: list, n, var: str, at) -> Place | None:
    """Where a `let`, a loop, an `each` or a choice writes the name it binds: the first time after its start."""
    text = lines[n.line - 1] if 0 < n.line <= len(lines) else ""
    m = re.compile(rf"(?<![\w.]){re.escape(var)}(?!\w)").search(text, n.col - 1 + 3)
    return at(n.line, m.start() + 1) if m else None


def _attr_kind(names: NameTable, n, types) -> str:
    """What a field read names, by what its object holds when the checker knows it."""
    obj = types.get(id(n.obj))
    kind = obj[0] if obj else None
    a = n.attr
    if type(n.obj) is A.Name and n.obj.id == "options" and a in names.options:
        return "option"
    player = "player counter" if a in names.player_counters else "player zone" if a in names.player_zones \
        else "player var" if a in names.player_vars else None
    card = "field" if a in names.card_fields else "hook" if a in names.expression_hooks or a in names.effect_hooks \
        else None
    if kind == "player" and player:
        return player
    if kind == "piece" and card:
        return card
    return player or card or "attribute"


_NAMED = {"event": ("event",), "value": ("value",), "option": ("option",), "hook": ("hook",),
          "effect hook": ("hook",), "expression hook": ("hook",)}


def _named(idx: Index, verb, n, at, done: set) -> None:
    """The texts a verb's parameters say name one of the game's events, values, options or hooks (their
    nodes' ids in `done`: not indexed again as a card's id or an enum's value)."""
    given = [(verb.param(i), a) for i, a in enumerate(n.args)] + [(verb.param(k), a) for k, a in n.kwargs.items()]
    for param, a in given:
        if param is not None and param.names and isinstance(a, A.Const) and isinstance(a.value, str):
            idx.entries.append(Entry(a.value, _NAMED[param.names][0], at(a.line, a.col + 1), False))
            done.add(id(a))


def _string_kind(names: NameTable, text: str) -> str:
    """What a text in effect text names, when it is a card's id, an enum's value or a kind ('' otherwise)."""
    if text in names.card_ids:
        return "card"
    if text in names.enum_values:
        return "enum value"
    if text in names.kind_names:
        return "kind"
    return ""
