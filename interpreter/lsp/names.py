"""What a game names and where it uses each name, read from its files as the editor holds them.

Definitions: procedures, functions, values, zones, counters, vars, constants, events, kinds and their fields,
enums and their values, options, cards, phases. Uses: every name in effect text (a bare name, a field after a
dot, a string such as a card id or an event), and the YAML that names one (an `on:` key, a modifier's `value:`,
a card's `kind:`, `remove_cards:`, a counter's `on_wrap:`). Positions are 0-based (line, character), as the
protocol counts them.
"""
from __future__ import annotations

import glob
import os
import re
from dataclasses import dataclass, field

from ..errors import ContentError
from ..loader.yaml_source import load_file, overlay
from .checking import base_of

GLOBAL_SECTIONS = {"procedures": "procedure", "functions": "function", "values": "value", "zones": "zone",
                   "counters": "counter", "vars": "var", "constants": "constant", "events": "event",
                   "kinds": "kind", "enums": "enum", "options": "option"}
PLAYER_SECTIONS = {"zones": "player zone", "counters": "player counter", "vars": "player var"}
# what a name may refer to, by where it stands
BARE = frozenset({"procedure", "function", "value", "zone", "counter", "var", "constant"})
AFTER_DOT = frozenset({"player zone", "player counter", "player var", "field", "option"})
IN_STRING = frozenset({"card", "event", "value", "option", "enum value", "hook", "kind"})
EFFECT_KEYS = ("setup", "finish")
EXPRESSION_KEYS = ("score", "value", "faction", "team")
MODIFIER_KEYS = ("add", "times", "when")

_TOKEN = re.compile(r'(?P<comment>#.*)|(?P<string>"(?:[^"\\]|\\.)*"?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<dot>\.)|\S')
_HOLE = re.compile(r"\{([^{}\"]*)\}")
_WORD = re.compile(r"[a-z_][a-z0-9_]*")
_BINDER = re.compile(r"\b(?:let|for|each)\s+([a-z_]\w*)|\bchoose\s+([a-z_]\w*)\s+from\b")


@dataclass(frozen=True)
class Spot:
    path: str
    line: int
    col: int
    length: int


@dataclass
class Definition:
    what: str  # one of the values of GLOBAL_SECTIONS and PLAYER_SECTIONS, or "field", "enum value", "card", "phase"
    name: str
    spot: Spot
    data: object = None  # its YAML entry
    owner: str = ""  # a field's kind, an enum value's enum, a card's kind


@dataclass(frozen=True)
class Use:
    name: str
    spot: Spot
    whats: frozenset  # what it may refer to


@dataclass
class Code:
    """Effect or expression text in a file: its pieces, line by line, and the names bound around it."""
    path: str
    pieces: list  # (line, first character, end character)
    params: list = field(default_factory=list)
    label: str = ""

    def holds(self, line: int, col: int) -> bool:
        return any(ln == line and a <= col <= b for ln, a, b in self.pieces)

    def text(self, lines: list[str]) -> str:
        return "\n".join(lines[ln][a:b] for ln, a, b in self.pieces if ln < len(lines))


@dataclass
class Names:
    defs: dict = field(default_factory=dict)  # name -> [Definition]
    uses: list = field(default_factory=list)
    codes: list = field(default_factory=list)
    lines: dict = field(default_factory=dict)  # path -> the file's lines
    kinds: dict = field(default_factory=dict)  # kind -> its YAML entry
    events: dict = field(default_factory=dict)  # event -> its parameters

    def add(self, d: Definition):
        self.defs.setdefault(d.name, []).append(d)

    def of(self, *whats) -> dict:
        """Name -> its first definition, for definitions of these kinds."""
        out = {}
        for name, ds in self.defs.items():
            for d in ds:
                if d.what in whats:
                    out.setdefault(name, d)
        return out

    def code_at(self, path: str, line: int, col: int) -> Code | None:
        return next((c for c in self.codes if c.path == path and c.holds(line, col)), None)


def files_of(target: str, texts: dict) -> list[str]:
    """Every content file of a game folder (its game.yaml, card files and every file it may include) or of a mod
    (its mod.yaml and card files, then its base game's)."""
    base = base_of(target, texts)
    if os.path.isfile(os.path.join(target, "mod.yaml")):
        own = [os.path.join(target, "mod.yaml")]
        own += _cards(target, _data(own[0], texts), [])
        return own + (files_of(base, texts) if base else [])
    game = os.path.join(target, "game.yaml")
    data = _data(game, texts)
    out = [game] + _cards(target, data, ["cards/*.yaml"])
    for inc in (data or {}).get("includes") or []:
        pattern = re.sub(r"\{[a-z0-9_]*\}", "*", str(inc.get("file", "")))
        for path in sorted(glob.glob(os.path.join(target, pattern))):
            out += [path] + _cards(os.path.dirname(path), _data(path, texts), [])
    return list(dict.fromkeys(os.path.abspath(p) for p in out))


def _data(path: str, texts: dict):
    try:
        with overlay(texts):
            return load_file(path)
    except ContentError:
        return None


def _cards(folder: str, data, default: list) -> list[str]:
    patterns = data.get("cards", default) if isinstance(data, dict) else default
    out = []
    for p in patterns or []:
        if isinstance(p, str):
            out += sorted(glob.glob(os.path.join(folder, p)))
    return out


_LAST_READ: dict = {}  # path -> what it held when it last read as YAML


def read(target: str, texts: dict) -> Names:
    """The names of a game folder or mod, its open documents read from `texts` (absolute path -> text). A document
    that does not read as YAML while it is being typed (a key without its colon yet) gives the names it last
    gave."""
    names = Names()
    loaded = []
    for path in files_of(target, texts):
        data = _data(path, texts)
        if data is None:
            data = _LAST_READ.get(path)
        elif path in texts:
            if len(_LAST_READ) > 64:
                _LAST_READ.clear()
            _LAST_READ[path] = data
        if path in texts:
            names.lines[path] = texts[path].split("\n")
        elif data is not None:
            with open(path, encoding="utf-8", errors="replace") as f:
                names.lines[path] = f.read().split("\n")
        if data is not None:
            loaded.append((path, data))
    for _, data in loaded:  # kinds and events first: cards' hooks and handlers need them
        if isinstance(data, dict):
            names.kinds.update(data.get("kinds") or {})
            names.events.update({k: list(v or []) for k, v in (data.get("events") or {}).items()})
    for path, data in loaded:
        cards = data if isinstance(data, list) else data.get("cards") if isinstance(data, dict) else None
        if cards and all(isinstance(c, dict) for c in cards):
            for card in cards:
                _card(names, path, card)
        elif isinstance(data, dict):
            _game_file(names, path, data)
    for code in names.codes:
        _lex_code(names, code)
    return names


def _spot(names: Names, path: str, place, length: int) -> Spot:
    """A value or key of `length` characters at a loader Place (1-based), past its opening quote if it has one."""
    line, col = place.line - 1, place.col - 1
    text = names.lines[path][line] if 0 <= line < len(names.lines[path]) else ""
    if col < len(text) and text[col] in "\"'":
        col += 1
    return Spot(path, line, col, length)


def _key(names: Names, path: str, mapping, key: str) -> Spot:
    return _spot(names, path, mapping.key_places[key], len(key))


def _value(names: Names, path: str, mapping, key) -> Spot:
    return _spot(names, path, mapping.places[key], len(str(mapping[key])))


def _code(names: Names, path: str, value, params=(), label="") -> None:
    """Effect or expression text given as a YAML string: where its characters stand in the file."""
    origin = getattr(value, "origin", None)
    if origin is None:
        return
    lines = names.lines[path]
    starts = origin.line_starts[:value.count("\n") + 1]  # the text's lines, not the file's next ones
    if len(starts) == 1 and "\n" not in value:  # on the key's line
        line, col = starts[0][0] - 1, starts[0][1] - 1
        pieces = [(line, col, min(len(lines[line]), col + len(value)))] if line < len(lines) else []
    else:  # a block (| or >) or a plain text over several lines: each line from its indentation
        pieces = [(ln - 1, c - 1, len(lines[ln - 1])) for ln, c in starts if ln - 1 < len(lines)]
    names.codes.append(Code(path, pieces, list(params), label))


def _game_file(names: Names, path: str, data) -> None:
    for section, what in GLOBAL_SECTIONS.items():
        sec = data.get(section)
        if isinstance(sec, dict):
            for k, v in sec.items():
                names.add(Definition(what, k, _key(names, path, sec, k), v))
    player = data.get("player") or {}
    for section, what in PLAYER_SECTIONS.items():
        sec = player.get(section)
        if isinstance(sec, dict):
            for k, v in sec.items():
                names.add(Definition(what, k, _key(names, path, sec, k), v))
    for kname, kd in (data.get("kinds") or {}).items():
        if not isinstance(kd, dict):
            continue
        fields = kd.get("fields") or {}
        for f, decl in fields.items():
            names.add(Definition("field", f, _key(names, path, fields, f), decl, kname))
            t = str(decl.get("type") if isinstance(decl, dict) else decl)
            inner = t.rstrip("?")
            inner = inner[5:-1].rstrip("?") if inner.startswith("list[") else inner
            spot = _spot(names, path, (decl if isinstance(decl, dict) else fields).places["type" if isinstance(decl, dict) else f], 0)
            names.uses.append(Use(inner, Spot(path, spot.line, spot.col + t.find(inner), len(inner)), frozenset({"enum"})))
        for hooks in ("effects", "expressions"):
            lst = kd.get(hooks) or []
            for i, h in enumerate(lst):
                names.add(Definition("hook", h, _spot(names, path, lst.places[i], len(h)), kd, kname))
    for ename, vals in (data.get("enums") or {}).items():
        for i, v in enumerate(vals or []):
            names.add(Definition("enum value", str(v), _spot(names, path, vals.places[i], len(str(v))), None, ename))
    for sub in (data, player):
        for c in (sub.get("counters") or {}).values():
            for key in ("on_wrap", "on_wrap_back", "on_threshold"):
                if isinstance(c, dict) and isinstance(c.get(key), str):
                    names.uses.append(Use(c[key], _value(names, path, c, key), frozenset({"event"})))
    for kind in data.get("counts") or {}:
        names.uses.append(Use(kind, _key(names, path, data["counts"], kind), frozenset({"kind"})))
    removed = data.get("remove_cards") or []
    for i, cid in enumerate(removed):
        names.uses.append(Use(str(cid), _spot(names, path, removed.places[i], len(str(cid))), frozenset({"card"})))
    for section in ("procedures", "functions", "values"):
        for k, v in (data.get(section) or {}).items():
            if isinstance(v, dict):
                _code(names, path, v.get("do", v.get("expr")), v.get("params") or [], f"{section[:-1]} {k}")
    _handlers(names, path, data)
    for key in EFFECT_KEYS + EXPRESSION_KEYS:
        _code(names, path, data.get(key), label=key)
    for key in ("score", "ranking"):  # a score's parts, the ranking's keys: a mapping of named terms, or a list
        terms = data.get(key)
        for r in terms.values() if isinstance(terms, dict) else terms if isinstance(terms, list) else ():
            _code(names, path, r, label=key)
    for phase in data.get("round") or []:
        if isinstance(phase, dict) and "phase" in phase:
            names.add(Definition("phase", str(phase["phase"]), _value(names, path, phase, "phase"), phase))
            _code(names, path, phase.get("do"), label=f"phase {phase['phase']}")


def _handlers(names: Names, path: str, data) -> None:
    on = data.get("on")
    if isinstance(on, dict):
        for ev, body in on.items():
            names.uses.append(Use(ev, _key(names, path, on, ev), frozenset({"event"})))
            _code(names, path, body, names.events.get(ev, []), f"on {ev}")


def _card(names: Names, path: str, card) -> None:
    cid = card.get("id")
    if isinstance(cid, str):
        names.add(Definition("card", cid, _value(names, path, card, "id"), card, str(card.get("kind", ""))))
    kind = card.get("kind")
    if isinstance(kind, str):
        names.uses.append(Use(kind, _value(names, path, card, "kind"), frozenset({"kind"})))
    kd = names.kinds.get(kind) if isinstance(kind, str) else None
    hooks = set((kd or {}).get("effects") or []) | set((kd or {}).get("expressions") or [])
    for key in card:
        if key in hooks:
            _code(names, path, card[key], label=f"{cid}: {key}")
    _handlers(names, path, card)
    mods = card.get("modifiers") or []
    for m in mods:
        if not isinstance(m, dict):
            continue
        if isinstance(m.get("value"), str):
            names.uses.append(Use(m["value"], _value(names, path, m, "value"), frozenset({"value"})))
        value = names.of("value").get(m.get("value"))
        params = (value.data or {}).get("params", []) if value is not None and isinstance(value.data, dict) else []
        for key in MODIFIER_KEYS:
            _code(names, path, m.get(key), params, f"{cid}: modifier")


def _lex_code(names: Names, code: Code) -> None:
    lines = names.lines[code.path]
    for line, a, b in code.pieces:
        _lex(names, code.path, line, a, lines[line][a:b])


def _lex(names: Names, path: str, line: int, start: int, text: str) -> None:
    dot = False
    for m in _TOKEN.finditer(text):
        kind, tok, col = m.lastgroup, m.group(), start + m.start()
        if kind == "comment":
            break
        if kind == "string":
            inner = tok[1:-1] if len(tok) > 1 and tok.endswith('"') else tok[1:]
            if _WORD.fullmatch(inner):
                names.uses.append(Use(inner, Spot(path, line, col + 1, len(inner)), IN_STRING))
            for h in _HOLE.finditer(inner):
                _lex(names, path, line, col + 1 + h.start(1), h.group(1))
        elif kind == "name":
            names.uses.append(Use(tok, Spot(path, line, col, len(tok)), AFTER_DOT if dot else BARE))
        dot = kind == "dot"


def locals_in(code: Code, lines: list[str]) -> list[str]:
    """The names an effect text binds (`let`, `for`, `each`, `choose x from`) and its parameters: in scope, best
    effort, anywhere in the text."""
    found = list(code.params)
    for m in _BINDER.finditer(code.text(lines)):
        found.append(m.group(1) or m.group(2))
    return list(dict.fromkeys(found))
