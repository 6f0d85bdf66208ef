"""Completion, hover, definitions, references, rename and the outline, from a game's names (names.py)."""
from __future__ import annotations

import json
import re

from lsprotocol import types as T

from ..check.names import NameTable
from ..check.schema import schema
from ..errors import did_you_mean
from ..files import GRAMMAR_DIR
from ..runtime.verbs import REGISTRY
from .checked import kind_at
from .names import BARE, IN_STRING, Definition, Names, Spot, locals_in

KEYWORDS = tuple(sorted(set(re.findall(r'"([a-z]+)"', (GRAMMAR_DIR / "effects.lark").read_text(encoding="utf-8")))))
RENAMEABLE = ("procedure", "card")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SYMBOL_KIND = {"phase": T.SymbolKind.Event, "procedure": T.SymbolKind.Function, "function": T.SymbolKind.Function,
                "value": T.SymbolKind.Function, "event": T.SymbolKind.Event, "zone": T.SymbolKind.Array,
                "counter": T.SymbolKind.Number, "card": T.SymbolKind.Object}
_OUTLINE = ("phase", "procedure", "function", "value", "event", "zone", "counter")
_ITEM_KIND = {"procedure": T.CompletionItemKind.Function, "function": T.CompletionItemKind.Function,
              "value": T.CompletionItemKind.Function, "zone": T.CompletionItemKind.Variable,
              "counter": T.CompletionItemKind.Variable, "var": T.CompletionItemKind.Variable,
              "constant": T.CompletionItemKind.Constant, "player zone": T.CompletionItemKind.Field,
              "player counter": T.CompletionItemKind.Field, "player var": T.CompletionItemKind.Field,
              "field": T.CompletionItemKind.Field, "option": T.CompletionItemKind.Property,
              "event": T.CompletionItemKind.Event, "card": T.CompletionItemKind.Value,
              "enum value": T.CompletionItemKind.EnumMember, "hook": T.CompletionItemKind.Method,
              "kind": T.CompletionItemKind.Class}


def signature(name: str) -> str:
    """A builtin verb's or function's call, its arguments counted by the registry: `draw(a1, a2, a3?)`."""
    v = REGISTRY[name]
    most = v.max_args if v.max_args is not None and v.max_args < 10 else v.min_args
    args = [f"a{i}" + ("?" if i > v.min_args else "") for i in range(1, most + 1)]
    if v.max_args is None or v.max_args >= 10:
        args.append("...")
    args += ["name=value..." if k == "*" else f"{k}=" for k in v.kwargs]
    return f"{name}({', '.join(args)})"


def _params(d: Definition) -> list:
    return list(d.data.get("params") or []) if isinstance(d.data, dict) else []


def describe(d: Definition, names: Names) -> str:
    """A definition in a few lines of Markdown: what it is, its parameters or bounds, its doc."""
    data = d.data if isinstance(d.data, dict) else {}
    if d.what in ("procedure", "function", "value"):
        head = f"{d.what} `{d.name}({', '.join(_params(d))})`"
    elif d.what in ("counter", "player counter"):
        bounds = ", ".join(f"{k} {data[k]}" for k in ("initial", "min", "max", "wrap") if k in data)
        head = f"{d.what} `{d.name}`" + (f": {bounds}" if bounds else "")
    elif d.what in ("zone", "player zone"):
        head = f"{d.what} `{d.name}`: {data.get('visibility', 'public')}"
    elif d.what == "event":
        head = f"event `{d.name}({', '.join(map(str, d.data or []))})`"
    elif d.what == "card":
        return f"card `{d.name}` ({d.owner})\n```yaml\n{_card_text(d, names.lines.get(d.spot.path) or [])}\n```"
    elif d.what == "field":
        head = f"field `{d.name}` of kind `{d.owner}`: {d.data.get('type') if isinstance(d.data, dict) else d.data}"
    elif d.what in ("enum value", "hook"):
        head = f"{d.what} `{d.name}` of `{d.owner}`"
    elif d.what in ("constant", "var", "player var"):
        head = f"{d.what} `{d.name}` = {json.dumps(_plain(d.data))}"
    elif d.what == "option":
        head = f"option `{d.name}`: {' | '.join(map(str, data.get('values', [])))} (default {data.get('default')})"
    else:
        head = f"{d.what} `{d.name}`"
    doc = data.get("doc") if isinstance(data.get("doc"), str) else ""
    return head + (f"\n\n{doc}" if doc else "")


def _plain(v):
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return str(v) if isinstance(v, str) else v


def _card_text(d: Definition, lines: list[str]) -> str:
    """The card's entry as written: its lines, from its `id:` down to the next card."""
    first = d.spot.line
    while first > 0 and not lines[first].lstrip().startswith("- "):
        first -= 1
    out = [lines[first]]
    for text in lines[first + 1:]:
        if text.lstrip().startswith("- ") and len(text) - len(text.lstrip()) <= len(out[0]) - len(out[0].lstrip()):
            break
        out.append(text)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out[:40])


def verb_doc(name: str) -> str:
    v = REGISTRY[name]
    fires = " It may ask or fire events." if v.fires else ""
    return f"```\n{signature(name)}\n```\n{v.doc}{fires}\n\nExample: `{v.example}`"


# ---- what stands at a position

def _word(text: str, col: int) -> tuple[str, int]:
    for m in _NAME.finditer(text):
        if m.start() <= col <= m.end():
            return m.group(), m.start()
    return "", col


def _in_string(text: str) -> bool:
    """Whether the end of this line's text is inside a string literal (and not inside a `{...}` hole of one)."""
    inside, hole = False, 0
    i = 0
    while i < len(text):
        ch = text[i]
        if inside:
            if ch == "\\":
                i += 1
            elif ch == '"' and not hole:
                inside = False
            elif ch == "{":
                hole += 1
            elif ch == "}" and hole:
                hole -= 1
        elif ch == "#":
            break
        elif ch == '"':
            inside = True
        i += 1
    return inside and not hole


def resolve(names: Names, path: str, line: int, col: int) -> tuple[str, list[Definition]]:
    """The name at a position and the definitions it may refer to."""
    for ds in names.defs.values():
        for d in ds:
            s = d.spot
            if s.path == path and s.line == line and s.col <= col <= s.col + s.length:
                return d.name, [x for x in names.defs[d.name] if x.what == d.what]
    for u in names.uses:
        s = u.spot
        if s.path == path and s.line == line and s.col <= col <= s.col + s.length:
            return u.name, [d for d in names.defs.get(u.name, []) if d.what in u.whats]
    lines = names.lines.get(path) or []
    text = lines[line] if line < len(lines) else ""
    word, _ = _word(text, col)
    return word, list(names.defs.get(word, []))


def references(names: Names, defs: list[Definition]) -> list[Spot]:
    whats = {d.what for d in defs}
    spots = [d.spot for d in defs]
    spots += [u.spot for u in names.uses if defs and u.name == defs[0].name and u.whats & whats]
    return list(dict.fromkeys(spots))


def hover(names: Names, path: str, line: int, col: int) -> str | None:
    name, defs = resolve(names, path, line, col)
    if not name:
        return None
    parts = [describe(d, names) for d in defs[:3]]
    code = names.code_at(path, line, col)
    if name in REGISTRY and code is not None and not any(d.what in BARE for d in defs):
        parts.insert(0, verb_doc(name))
    if not parts and code is not None and name not in KEYWORDS:
        parts.append(_builtin_or_unknown(names, code, path, line, col, name))
    return "\n\n---\n\n".join(parts) or None


def _builtin_or_unknown(names: Names, code, path: str, line: int, col: int, name: str) -> str:
    lines = names.lines[path]
    _, start = _word(lines[line], col)
    if start > 0 and lines[line][start - 1] == ".":
        owners = [what for what, attrs in (("player", NameTable.PLAYER_ATTRS), ("card", NameTable.PIECE_ATTRS),
                                           ("zone", NameTable.ZONE_ATTRS)) if name in attrs]
        return f"`{name}`: " + (f"an attribute of every {' and '.join(owners)}" if owners else "not a field of this game")
    holds = kind_at(names, code, lines, name, line, start + len(name))
    holds = f" ({'an' if holds and holds[0] in 'aeiou' else 'a'} {holds})" if holds else ""
    if name in code.params:
        return f"`{name}`: a parameter{holds}"
    if name in locals_in(code, lines):
        return f"`{name}`: a local{holds}"
    if name in NameTable.BUILTIN_NAMES or name == "it":
        return f"`{name}`: a builtin name (docs/language.md)"
    known = list(REGISTRY) + [n for n, ds in names.defs.items() if any(d.what in BARE for d in ds)]
    hint = did_you_mean(name, known)
    return f"`{name}`: not a verb, function or name of this game" + (f"; {hint}" if hint else "")


# ---- completion

def _item(label: str, kind, detail: str = "", doc: str = "") -> T.CompletionItem:
    return T.CompletionItem(label=label, kind=kind, detail=detail or None,
                            documentation=T.MarkupContent(kind=T.MarkupKind.Markdown, value=doc) if doc else None)


def _defs_items(names: Names, whats) -> list[T.CompletionItem]:
    out = {}
    for name, ds in names.defs.items():
        for d in ds:
            if d.what in whats and name not in out:
                out[name] = _item(name, _ITEM_KIND.get(d.what, T.CompletionItemKind.Text), d.what, describe(d, names))
    return list(out.values())


_LIST = r"([a-z_][\w.]*(?:\([^()]*\))?)"  # a list or zone: `players`, `row`, `me.tableau`, `rivals(me)`
_ITEM_VERBS = r"\b(?:sum|distinct|gather|sort|highest|lowest)\(\s*"


def _kind_of(names: Names, code, lines: list[str], var: str, before: str = "", at=None) -> str | None:
    """What a name stands for in an effect text: "player" or "card" (None: unknown). As the checker types it
    (lsp.checked) when the text parses and `at` says where the name ends (file line, character); else from how
    the text binds and uses it and, for a parameter, from what the callers pass. `it` is an item of the list
    before the nearest `where` or per-item argument on the line (`before`: the line's text up to the name)."""
    if at is not None:
        checked = kind_at(names, code, lines, var, *at)
        if checked in ("player", "card"):
            return checked
    if var in ("me", "owner"):
        return "player"
    if var == "this":
        return "card"
    if var == "it":
        bound = list(re.finditer(rf"{_LIST}\s+where\b|{_ITEM_VERBS}{_LIST}\s*,", before))
        return _items_of(names, bound[-1].group(1) or bound[-1].group(2)) if bound else None
    text = code.text(lines)
    bound = re.search(rf"\b(?:for|each)\s+{var}\s+in\s+{_LIST}|\bchoose\s+{var}\s+from\s+{_LIST}", text)
    if bound and _items_of(names, bound.group(1) or bound.group(2)):
        return _items_of(names, bound.group(1) or bound.group(2))
    player = set(names.of("player zone", "player counter", "player var")) | set(NameTable.PLAYER_ATTRS)
    card = set(names.of("field", "hook")) | set(NameTable.PIECE_ATTRS)
    seen = set(re.findall(rf"(?<![\w.]){var}\.([a-z_]\w*)", text))
    if seen & (player - card) and not seen & (card - player):
        return "player"
    if seen & (card - player) and not seen & (player - card):
        return "card"
    if var in code.params and " " in code.label:
        passed = _passed(names, code.label.split(" ", 1)[1], code.params.index(var))
        if passed:
            return passed
    return var if var in ("player", "card") and var in code.params else None  # an event's parameter, by its name


def _items_of(names: Names, expr: str) -> str | None:
    """"player" for a list of players (`players`, `rivals(me)`), "card" for a zone (`row`, `me.tableau`)."""
    if re.match(r"(players|rivals\(|clockwise\()", expr):
        return "player"
    head = expr.split("(")[0]
    if head in names.of("zone") or head == "box" or ("." in head and head.rsplit(".", 1)[1] in names.of("player zone")):
        return "card"
    return None


_PLAYER_ARG = re.compile(r"(me|owner|player|p|\w+\.(owner|left|right)|first_player\(\))")


def _passed(names: Names, callee: str, i: int) -> str | None:
    """"player" when a call of `callee` passes a player as its argument i (`me`, `owner`, `x.left`, ...)."""
    for u in names.uses:
        if u.name != callee or "procedure" not in u.whats:
            continue
        rest = names.lines[u.spot.path][u.spot.line][u.spot.col + u.spot.length:]
        if not rest.startswith("("):
            continue
        args, depth, cur = [], 0, ""
        for ch in rest[1:]:
            if ch in "([":
                depth += 1
            elif ch in ")]":
                if depth == 0:
                    break
                depth -= 1
            if ch == "," and depth == 0:
                args.append(cur.strip())
                cur = ""
            else:
                cur += ch
        args.append(cur.strip())
        if i < len(args) and _PLAYER_ARG.fullmatch(args[i]):
            return "player"
    return None


def complete(names: Names, path: str, line: int, col: int) -> list[T.CompletionItem]:
    lines = names.lines.get(path) or []
    if line >= len(lines):
        return []
    text = lines[line][:col]
    code = names.code_at(path, line, col)
    if code is None:
        return _yaml_items(names, path, lines, line, text)
    start = next(a for ln, a, _ in code.pieces if ln == line)
    before = text[start:]
    if _in_string(before):
        return _string_items(names, before)
    dot = re.search(r"([A-Za-z_]\w*)\.([A-Za-z_]\w*)?$", before)
    if dot:
        return _attr_items(names, code, lines, dot.group(1), before[:dot.start(2) if dot.group(2) else len(before)],
                           (line, start + dot.end(1)))
    items = [_item(n, T.CompletionItemKind.Function, signature(n), verb_doc(n)) for n in sorted(REGISTRY)]
    items += _defs_items(names, BARE)
    items += [_item(n, T.CompletionItemKind.Variable, "local") for n in locals_in(code, lines)]
    items += [_item(n, T.CompletionItemKind.Variable, "builtin") for n in NameTable.BUILTIN_NAMES + ("it",)]
    items += [_item(n, T.CompletionItemKind.Keyword) for n in KEYWORDS]
    return items


def _attr_items(names: Names, code, lines, var: str, before: str, at=None) -> list[T.CompletionItem]:
    if var == "options":
        return _defs_items(names, {"option"})
    kind = _kind_of(names, code, lines, var, before, at)
    player = _defs_items(names, {"player zone", "player counter", "player var"}) + [
        _item(a, T.CompletionItemKind.Field, "player") for a in NameTable.PLAYER_ATTRS]
    card = _defs_items(names, {"field"}) + _defs_items(names, {"hook"}) + [
        _item(a, T.CompletionItemKind.Field, "card") for a in NameTable.PIECE_ATTRS]
    zone = [_item(a, T.CompletionItemKind.Field, "zone") for a in NameTable.ZONE_ATTRS]
    if kind == "player":
        return player
    if kind == "card":
        return card
    return list({i.label: i for i in player + card + zone}.values())


def _string_items(names: Names, before: str) -> list[T.CompletionItem]:
    call = re.search(r"(\w+)\s*=\s*\"\w*$|(\w+)\((?:[^()\"]*,\s*)?\"\w*$", before)
    arg = call and (call.group(1) or call.group(2))
    if arg in ("until", "emit"):
        return _defs_items(names, {"event"})
    if arg == "modify":
        return _defs_items(names, {"value"})
    if arg == "option":
        return _defs_items(names, {"option"})
    if arg in ("run", "has", "value_of"):
        return _defs_items(names, {"hook"})
    return _defs_items(names, IN_STRING - {"hook"})


def _yaml_items(names: Names, path: str, lines: list[str], line: int, text: str) -> list[T.CompletionItem]:
    """Outside effect text: the keys the schema allows here, or the names a key's value may be."""
    value = re.match(r"\s*(?:-\s+)?([a-z_]+):\s+\S*$", text)
    if value:
        return _defs_items(names, {"kind": {"kind"}, "value": {"value"}, "on_wrap": {"event"},
                                   "on_wrap_back": {"event"}, "on_threshold": {"event"}}.get(value.group(1), ()))
    if not re.fullmatch(r"\s*(-\s+)?[a-z_]*", text):
        return []
    keys = _parents(lines, line, len(text) - len(text.lstrip(" -")))
    if keys[-1:] == ["on"]:
        return _defs_items(names, {"event"})
    cards_file = any(d.what == "card" and d.spot.path == path for ds in names.defs.values() for d in ds)
    card = _card_kind(lines, line) if cards_file and keys in ([], ["cards"]) else None
    if card is not None:
        kd = names.kinds.get(card) or {}
        extra = list(kd.get("fields") or {}) + list(kd.get("effects") or []) + list(kd.get("expressions") or [])
        return [_item(k, T.CompletionItemKind.Property) for k in list(_schema_keys("cards", [])) + extra]
    kind = "game" if path.endswith("game.yaml") else "mod"  # a mod.yaml or a file a game includes
    return [_item(k, T.CompletionItemKind.Property, doc=(d or {}).get("description", ""))
            for k, d in _schema_keys(kind, keys).items()]


def _parents(lines: list[str], line: int, indent: int) -> list[str]:
    """The keys of the mappings that hold a line, outermost first, by indentation."""
    keys = []
    for text in reversed(lines[:line]):
        stripped = text.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        ind = len(text) - len(stripped)
        if stripped.startswith("- "):
            ind += 2
            stripped = stripped[2:]
        m = re.match(r"([a-z_]+):", stripped)
        if ind < indent and m:
            keys.append(m.group(1))
            indent = ind
        if ind == 0 and ind < indent:
            break
    return keys[::-1]


def _card_kind(lines: list[str], line: int) -> str | None:
    """In a card file, the `kind:` of the card entry holding this line."""
    first = line
    while first > 0 and not lines[first].lstrip().startswith("- "):
        first -= 1
    if not lines[first].lstrip().startswith("- "):
        return None
    for text in lines[first:line + 40]:
        m = re.match(r"\s*(?:-\s+)?kind:\s*([a-z_]\w*)", text)
        if m:
            return m.group(1)
    return ""


def _schema_keys(kind: str, keys: list[str]) -> dict:
    """The properties the JSON Schema allows at a path of keys (through additionalProperties and items)."""
    root = schema(kind)
    node = root["$defs"]["card"] if kind == "cards" else root
    for k in keys:
        node = _deref(root, node)
        if node.get("type") == "array":
            node = _deref(root, node.get("items") or {})
        props = node.get("properties") or {}
        if k in props:
            node = props[k]
        elif isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        else:
            return {}
        node = _deref(root, node)
        if node.get("type") == "array":
            node = _deref(root, node.get("items") or {})
    node = _deref(root, node)
    if isinstance(node.get("additionalProperties"), dict) and not node.get("properties"):
        node = _deref(root, node["additionalProperties"])
    return node.get("properties") or {}


def _deref(root: dict, node: dict) -> dict:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return root["$defs"][ref.split("/")[-1]]
    return node


# ---- outline

def outline(names: Names, path: str) -> list[T.DocumentSymbol]:
    """The file's phases, procedures, functions, values, events, zones and counters, and its cards by kind."""
    groups: dict = {}
    for ds in names.defs.values():
        for d in ds:
            if d.spot.path != path:
                continue
            if d.what == "card":
                groups.setdefault(f"{d.owner} cards", []).append(d)
            elif d.what in _OUTLINE or d.what in ("player zone", "player counter"):
                groups.setdefault(d.what.replace("player ", "") + "s", []).append(d)
    out = []
    for title, ds in groups.items():
        ds.sort(key=lambda d: (d.spot.line, d.spot.col))
        children = [T.DocumentSymbol(name=d.name, kind=_SYMBOL_KIND.get(d.what.replace("player ", ""), T.SymbolKind.Variable),
                                     range=_range(d.spot), selection_range=_range(d.spot), detail=d.what)
                    for d in ds]
        whole = T.Range(start=children[0].range.start, end=children[-1].range.end)
        out.append(T.DocumentSymbol(name=title, kind=T.SymbolKind.Namespace, range=whole, selection_range=whole,
                                    children=children))
    out.sort(key=lambda s: (s.range.start.line, s.range.start.character))
    return out


def _range(s: Spot) -> T.Range:
    return T.Range(start=T.Position(line=s.line, character=s.col), end=T.Position(line=s.line, character=s.col + s.length))


def location(s: Spot, uri_of) -> T.Location:
    return T.Location(uri=uri_of(s.path), range=_range(s))

