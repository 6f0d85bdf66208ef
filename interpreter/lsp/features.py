"""Completion, signature help, hover, definitions, references, rename, the outline and quick fixes, from the
check stage's index of the game (check.index) and the verb registry; the document's own text says only what
stands at the cursor (the word being typed, the call it is in, the YAML keys around it).

Positions here are the protocol's: 0-based lines and characters; the index's places are 1-based."""
from __future__ import annotations

import difflib
import re

from lsprotocol import types as T

from ..check.index import Entry, Index, builtins
from ..check.schema import schema
from ..errors import did_you_mean
from ..files import GRAMMAR_DIR
from ..runtime import attributes
from ..runtime.verbs import REGISTRY, REQUIRED

KEYWORDS = tuple(sorted(set(re.findall(r'"([a-z]+)"', (GRAMMAR_DIR / "effects.lark").read_text(encoding="utf-8")))))
# what every use of is in the index (a zone or a counter may be named in `layout:` too, a value's parameter in
# the modifiers of each card): renamed everywhere, the game still checks
RENAMEABLE = ("procedure", "function", "value", "card", "local")
BARE = ("procedure", "function", "value", "zone", "counter", "var", "constant")  # a name alone in effect text
IN_STRING = ("card", "event", "value", "option", "enum value", "hook", "kind")  # a text in effect text
PLAYER = ("player zone", "player counter", "player var")
CARD = ("field", "hook")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MEANT = re.compile(r"did you mean `([^`]+)`\?")
_SYMBOL_KIND = {"phase": T.SymbolKind.Event, "procedure": T.SymbolKind.Function, "function": T.SymbolKind.Function,
                "value": T.SymbolKind.Function, "event": T.SymbolKind.Event, "zone": T.SymbolKind.Array,
                "counter": T.SymbolKind.Number, "card": T.SymbolKind.Object}
_OUTLINE = ("phase", "procedure", "function", "value", "event", "zone", "counter", "player zone", "player counter")
_ITEM_KIND = {"procedure": T.CompletionItemKind.Function, "function": T.CompletionItemKind.Function,
              "value": T.CompletionItemKind.Function, "zone": T.CompletionItemKind.Variable,
              "counter": T.CompletionItemKind.Variable, "var": T.CompletionItemKind.Variable,
              "constant": T.CompletionItemKind.Constant, "player zone": T.CompletionItemKind.Field,
              "player counter": T.CompletionItemKind.Field, "player var": T.CompletionItemKind.Field,
              "field": T.CompletionItemKind.Field, "option": T.CompletionItemKind.Property,
              "event": T.CompletionItemKind.Event, "card": T.CompletionItemKind.Value,
              "enum value": T.CompletionItemKind.EnumMember, "hook": T.CompletionItemKind.Method,
              "kind": T.CompletionItemKind.Class, "local": T.CompletionItemKind.Variable,
              "parameter": T.CompletionItemKind.Variable}
# the order completion offers names in, among those that match the prefix as well: the game's own first
GAME, VERB, BUILTIN, KEYWORD = range(4)


# ---- what the index and the registry say of a name

def verb_doc(name: str) -> str:
    v = REGISTRY[name]
    fires = " It may ask or fire events." if v.fires else ""
    return f"```\n{v.signature()}\n```\n{v.doc}{fires}\n\nExample: `{v.example}`"


def describe(d: Entry, lines_of) -> str:
    """A declaration in a few lines of Markdown: what it is, its parameters, bounds or value, its doc."""
    if d.kind == "card":
        lines = lines_of(d.place.path)
        return f"card `{d.name}` ({d.owner})\n```yaml\n{_card_text(lines, d.place.line - 1)}\n```"
    if d.kind in ("procedure", "function", "value", "event"):
        head = f"{d.kind} `{d.detail}`"
    elif d.kind == "field":
        head = f"field `{d.name}` of kind `{d.owner}`: {d.detail}"
    elif d.kind in ("enum value", "hook"):
        head = f"{d.detail or d.kind} `{d.name}` of `{d.owner}`"
    elif d.kind in ("constant", "var", "player var"):
        head = f"{d.kind} `{d.name}` = {d.detail}"
    else:
        head = f"{d.kind} `{d.name}`" + (f": {d.detail}" if d.detail else "")
    return head + (f"\n\n{d.doc}" if d.doc else "")


def _card_text(lines: list[str], line: int) -> str:
    """A card's entry as written: its lines, from its `- ` down to the next card."""
    first = min(line, len(lines) - 1)
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


def resolve(idx: Index, path: str, line: int, col: int) -> tuple[Entry | None, list[Entry]]:
    """The entry at a position and the declarations it refers to."""
    e = idx.at(path, line + 1, col + 1)
    return (e, idx.declarations(e)) if e is not None else (None, [])


def hover(idx: Index, lines_of, path: str, line: int, col: int) -> str | None:
    e, decls = resolve(idx, path, line, col)
    if e is None:
        return _unknown(idx, lines_of(path), path, line, col)
    if e.kind == "verb":
        return verb_doc(e.name)
    if e.kind in ("local", "parameter"):
        typed = e.type or next((d.type for d in decls if d.type), "")
        holds = f" ({typed})" if typed else ""
        return f"`{e.name}`: {'a parameter' if e.kind == 'parameter' else 'a local'}{holds}"
    if e.kind == "builtin":
        return f"`{e.name}`: a builtin name" + (f" ({e.type})" if e.type else "") + " (docs/language.md)"
    if e.kind == "attribute":  # the engine's own, as its registry declares it (runtime/attributes.py)
        declared = [a for a in attributes.listed() if a["name"] == e.name]
        owners = [a["owner"] for a in declared] or ["card"]
        said = [f"{a['owner']}.{a['name']} ({a['type']}): {a['doc']}" for a in declared if a["doc"]]
        return (f"`{e.name}`: an attribute of every {' and '.join(owners)}" + (f" ({e.type})" if e.type else "")
                + "".join(f"\n\n{t}" for t in said))
    parts = [describe(d, lines_of) for d in decls[:3]]
    return "\n\n---\n\n".join(parts) or f"{e.kind} `{e.name}`"


def _unknown(idx: Index, lines: list[str], path: str, line: int, col: int) -> str | None:
    """A word in effect text that the index does not hold (a mistake, or a text that did not parse)."""
    _, body = idx.body_at(path, line + 1, col + 1)
    text = lines[line] if line < len(lines) else ""
    word, _ = _word(text, col)
    if body is None or not word or word in KEYWORDS:
        return None
    if word in REGISTRY:
        return verb_doc(word)
    known = list(REGISTRY) + list(idx.declared(*BARE))
    hint = did_you_mean(word, known)
    return f"`{word}`: not a verb, function or name of this game" + (f"; {hint}" if hint else "")


def references(idx: Index, e: Entry) -> list[Entry]:
    return list({(x.place, x.name): x for x in idx.references(e)}.values())


# ---- completion

def _item(label: str, kind, group: int, detail: str = "", doc: str = "", snippet: str = "") -> T.CompletionItem:
    return T.CompletionItem(
        label=label, kind=kind, detail=detail or None, sort_text=str(group),
        documentation=T.MarkupContent(kind=T.MarkupKind.Markdown, value=doc) if doc else None,
        insert_text=snippet or None, insert_text_format=T.InsertTextFormat.Snippet if snippet else None)


def _decl_items(idx: Index, kinds, lines_of, snippets=False) -> list[T.CompletionItem]:
    out = []
    for name, d in idx.declared(*kinds).items():
        snip = _snippet(name, _params(d)) if snippets and d.kind in ("procedure", "function", "value") else ""
        out.append(_item(name, _ITEM_KIND.get(d.kind, T.CompletionItemKind.Text), GAME, d.detail or d.kind,
                         describe(d, lines_of), snip))
    return out


def _params(d: Entry) -> list[str]:
    inside = d.detail[d.detail.find("(") + 1:-1] if "(" in d.detail else ""
    return [p.strip() for p in inside.split(",") if p.strip()]


def _snippet(name: str, params: list[str]) -> str:
    """`draw(${1:player}, ${2:n})$0`: the call with a placeholder per argument it needs."""
    return f"{name}({', '.join(f'${{{i}:{p}}}' for i, p in enumerate(params, 1))})$0"


def _verb_params(name: str) -> list[str]:
    """A verb's arguments a call must give (the registry's), in order."""
    return [("*" if p.many else "") + p.name for p in REGISTRY[name].positional if p.default is REQUIRED]


def rank(items: list[T.CompletionItem], prefix: str) -> list[T.CompletionItem]:
    """The items whose label the prefix begins (then: holds, then: spells in order), those first, each group's
    by where it comes from (the game's own names, then the verbs, the builtin names, the keywords), then by
    label. Each once."""
    p = prefix.lower()
    out = {}
    for it in items:
        label = it.label.lower()
        if label.startswith(p):
            match = 0
        elif p in label:
            match = 1
        elif _spells(p, label):
            match = 2
        else:
            continue
        key = f"{match}{it.sort_text or KEYWORD}{it.label}"
        if it.label not in out or key < out[it.label].sort_text:
            it.sort_text, it.filter_text = key, it.label
            out[it.label] = it
    return sorted(out.values(), key=lambda it: it.sort_text)


def _spells(p: str, label: str) -> bool:
    i = 0
    for ch in label:
        if i < len(p) and ch == p[i]:
            i += 1
    return i == len(p)


def complete(idx: Index, lines_of, path: str, line: int, col: int, snippets: bool = False,
             repaired=None) -> list[T.CompletionItem]:
    """What may be written at a position. `repaired()`: the index of the documents with the text being typed at
    the cursor made whole (a dangling dot dropped, open brackets closed), asked when the body there did not
    parse: what its names hold comes from it."""
    lines = lines_of(path)
    if line >= len(lines):
        return []
    text = lines[line][:col]
    n, body = idx.body_at(path, line + 1, col + 1)
    if body is None:
        return _yaml_items(idx, lines_of, path, lines, line, text)
    start = next(a for ln, a, _ in body.pieces if ln == line + 1) - 1
    before = text[start:]
    if _in_string(before):
        return _string_items(idx, lines_of, before)
    prefix = re.search(r"[A-Za-z_]\w*$", before)
    prefix = prefix.group() if prefix else ""
    dot = re.search(r"([A-Za-z_]\w*)\.([A-Za-z_]\w*)?$", before)
    if not body.parsed and repaired is not None:
        again = repaired()
        if again is not None:  # the repaired line is shorter: its body is found where the word begins
            idx = again
            n, body = idx.body_at(path, line + 1, start + (dot.start(1) if dot else len(before) - len(prefix)) + 1)
            if body is None:
                return []
    if dot:
        obj = idx.at(path, line + 1, start + dot.start(1) + 1)
        return rank(_attr_items(idx, lines_of, dot.group(1), obj), dot.group(2) or "")
    follows = lines[line][col:col + 1] == "("
    items = [_item(k, T.CompletionItemKind.Function, VERB, REGISTRY[k].signature(), verb_doc(k),
                   _snippet(k, _verb_params(k)) if snippets and not follows else "") for k in REGISTRY]
    items += _decl_items(idx, BARE, lines_of, snippets and not follows)
    items += [_item(k, _ITEM_KIND[e.kind], GAME, e.type or e.kind) for k, e in idx.locals_of(n).items()]
    items += [_item(k, T.CompletionItemKind.Variable, BUILTIN, "builtin") for k in builtins()["name"]]
    items += [_item(k, T.CompletionItemKind.Keyword, KEYWORD) for k in KEYWORDS]
    return rank(items, prefix)


def _attr_items(idx: Index, lines_of, var: str, obj: Entry | None) -> list[T.CompletionItem]:
    if var == "options":
        return _decl_items(idx, ("option",), lines_of)
    held = obj.type if obj is not None and obj.name == var else ""
    own = builtins()
    player = _decl_items(idx, PLAYER, lines_of) + [
        _item(a, T.CompletionItemKind.Field, BUILTIN, "player") for a in own["player"]]
    card = _decl_items(idx, CARD, lines_of) + [_item(a, T.CompletionItemKind.Field, BUILTIN, "card") for a in own["card"]]
    zone = [_item(a, T.CompletionItemKind.Field, BUILTIN, "zone") for a in own["zone"]]
    if held == "a player":
        return player
    if held == "a card":
        return card
    if held == "a zone":
        return zone
    return player + card + zone


def _string_items(idx: Index, lines_of, before: str) -> list[T.CompletionItem]:
    """In a text: what the verb's parameter there names (the registry says), else every name a text may give."""
    call = _call_at(before[:before.rfind('"')])
    param = None
    if call is not None:
        verb, at, named = call
        v = REGISTRY.get(verb)
        param = v.param(named if named else at) if v is not None else None
    prefix = re.search(r"\w*$", before).group()
    if param is not None and param.names:
        kinds = ("hook",) if "hook" in param.names else (param.names,)
        return rank(_decl_items(idx, kinds, lines_of), prefix)
    return rank(_decl_items(idx, tuple(k for k in IN_STRING if k != "hook"), lines_of), prefix)


# ---- signature help

def _call_at(before: str) -> tuple[str, int, str] | None:
    """The call a text ends inside: (its name, the positional argument being written, the named one's name or
    "")."""
    depth, commas, i = 0, 0, len(before) - 1
    named = re.search(r"(?:^|[(,])\s*([A-Za-z_]\w*)\s*=(?!=)[^,()]*$", before)
    inside = False
    while i >= 0:
        ch = before[i]
        if ch == '"':
            inside = not inside
        elif not inside:
            if ch in ")]}":
                depth += 1
            elif ch in "[{":
                if depth == 0:
                    return None
                depth -= 1
            elif ch == "(":
                if depth == 0:
                    m = re.search(r"([A-Za-z_]\w*)\s*$", before[:i])
                    return (m.group(1), commas, named.group(1) if named else "") if m else None
                depth -= 1
            elif ch == "," and depth == 0:
                commas += 1
        i -= 1
    return None


def signature_help(idx: Index, lines_of, path: str, line: int, col: int) -> T.SignatureHelp | None:
    """The signature of the verb, procedure or function whose arguments are being typed, the argument at the
    cursor active."""
    lines = lines_of(path)
    if line >= len(lines):
        return None
    _, body = idx.body_at(path, line + 1, col + 1)
    if body is None:
        return None
    start = next(a for ln, a, _ in body.pieces if ln == line + 1) - 1
    call = _call_at(lines[line][start:col])
    if call is None:
        return None
    name, at, named = call
    declared = idx.declared("procedure", "function", "value").get(name)
    if declared is not None:
        params = [T.ParameterInformation(label=p) for p in _params(declared)]
        active = next((i for i, p in enumerate(_params(declared)) if p == named), at) if named else at
        sig = T.SignatureInformation(label=f"{declared.kind} {declared.detail}", parameters=params,
                                     documentation=declared.doc or None, active_parameter=active)
    elif name in REGISTRY:
        v = REGISTRY[name]
        params = [T.ParameterInformation(label=p.shown()) for p in v.params]
        if named:
            active = next((i for i, p in enumerate(v.params) if p.named and p.name == named), len(v.params))
        else:
            active = min(at, len(v.positional) - 1) if v.positional and v.positional[-1].many else at
        sig = T.SignatureInformation(label=v.signature(), parameters=params,
                                     documentation=T.MarkupContent(kind=T.MarkupKind.Markdown, value=v.doc),
                                     active_parameter=active)
    else:
        return None
    return T.SignatureHelp(signatures=[sig], active_signature=0, active_parameter=sig.active_parameter)


# ---- quick fixes

def quick_fixes(uri: str, lines: list[str], diagnostics) -> list[T.CodeAction]:
    """For each diagnostic that says "did you mean `x`?": an edit that writes `x` over the word it was said of."""
    out = []
    for d in diagnostics:
        found = _misspelled(lines, d)
        if found is not None:
            rng, word, meant = found
            out.append(T.CodeAction(title=f"Change `{word}` to `{meant}`", kind=T.CodeActionKind.QuickFix,
                                    diagnostics=[d], is_preferred=True,
                                    edit=T.WorkspaceEdit(changes={uri: [T.TextEdit(range=rng, new_text=meant)]})))
    return out


def _misspelled(lines: list[str], d) -> tuple | None:
    """(its range, the word, what was meant) of a did-you-mean diagnostic: the word is the one the message quotes
    that is nearest to what was meant (as near as did_you_mean asks), on the diagnostic's line at its place or
    after it (`modify` has no argument named `ad`: placed at the call, `ad` further on)."""
    m = _MEANT.search(d.message or "")
    line = d.range.start.line
    if m is None or line >= len(lines):
        return None
    meant = m.group(1)
    quoted = [w for w in re.findall(r"`([A-Za-z_]\w*)`", d.message[:m.start()]) if w != meant]
    near = max(quoted, key=lambda w: difflib.SequenceMatcher(None, w, meant).ratio(), default=None)
    if near is None or difflib.SequenceMatcher(None, near, meant).ratio() < 0.6:
        return None
    text = lines[line]
    at = [w for w in re.finditer(rf"(?<![\w]){re.escape(near)}(?!\w)", text)]
    after = [w for w in at if w.start() >= d.range.start.character] or at
    if not after:
        return None
    w = after[0]
    return T.Range(start=T.Position(line=line, character=w.start()), end=T.Position(line=line, character=w.end())), \
        near, meant


# ---- outside effect text: YAML

def _yaml_items(idx: Index, lines_of, path: str, lines: list[str], line: int, text: str) -> list[T.CompletionItem]:
    """Outside effect text: the keys the schema allows here, or the names a key's value may be."""
    value = re.match(r"\s*(?:-\s+)?([a-z_]+):\s+(\S*)$", text)
    if value:
        kinds = {"kind": ("kind",), "value": ("value",), "on_wrap": ("event",), "on_wrap_back": ("event",),
                 "on_threshold": ("event",)}.get(value.group(1), ())
        return rank(_decl_items(idx, kinds, lines_of), value.group(2))
    if not re.fullmatch(r"\s*(-\s+)?[a-z_]*", text):
        return []
    prefix = re.search(r"[a-z_]*$", text).group()
    keys = _parents(lines, line, len(text) - len(text.lstrip(" -")))
    if keys[-1:] == ["on"]:
        return rank(_decl_items(idx, ("event",), lines_of), prefix)
    cards = [e for e in idx.entries if e.decl and e.kind == "card" and e.place.path == path]
    if cards and keys in ([], ["cards"]):
        above = [e for e in cards if e.place.line <= line + 1]
        kind = max(above, key=lambda e: e.place.line).owner if above else ""
        extra = [e.name for e in idx.entries if e.decl and e.kind in CARD and e.owner == kind]
        return rank([_item(k, T.CompletionItemKind.Property, GAME) for k in list(_schema_keys("cards", [])) + extra],
                    prefix)
    kind = "game" if path.endswith("game.yaml") else "mod"  # a mod.yaml or a file a game includes
    return rank([_item(k, T.CompletionItemKind.Property, GAME, doc=(d or {}).get("description", ""))
                 for k, d in _schema_keys(kind, keys).items()], prefix)


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

def outline(idx: Index, path: str) -> list[T.DocumentSymbol]:
    """The file's phases, procedures, functions, values, events, zones and counters, and its cards by kind."""
    groups: dict = {}
    for d in idx.entries:
        if not d.decl or d.place.path != path:
            continue
        if d.kind == "card":
            groups.setdefault(f"{d.owner} cards", []).append(d)
        elif d.kind in _OUTLINE:
            groups.setdefault(d.kind.replace("player ", "") + "s", []).append(d)
    out = []
    for title, ds in groups.items():
        ds.sort(key=lambda d: (d.place.line, d.place.col))
        children = [T.DocumentSymbol(name=d.name, kind=_SYMBOL_KIND.get(d.kind.replace("player ", ""), T.SymbolKind.Variable),
                                     range=span(d), selection_range=span(d), detail=d.kind)
                    for d in ds]
        whole = T.Range(start=children[0].range.start, end=children[-1].range.end)
        out.append(T.DocumentSymbol(name=title, kind=T.SymbolKind.Namespace, range=whole, selection_range=whole,
                                    children=children))
    out.sort(key=lambda s: (s.range.start.line, s.range.start.character))
    return out


def span(e: Entry) -> T.Range:
    p = e.place
    return T.Range(start=T.Position(line=p.line - 1, character=p.col - 1),
                   end=T.Position(line=p.line - 1, character=e.end - 1))


def location(e: Entry, uri_of) -> T.Location:
    return T.Location(uri=uri_of(e.place.path), range=span(e))

