"""What the checker's resolve-and-type pass (check.resolve) says of an effect text as the editor holds it: the
kind of a name where it stands (a card, a player), as the checker binds and types it for the compiler.

The editor's names (lsp.names) give the game's declarations; the text is parsed and resolved against them.
A text being typed may not parse (`c.` before the field): a dangling dot after the name asked about is
dropped first; a text that still does not parse gives nothing, and the caller guesses from the words."""
from __future__ import annotations

import re

from ..check.names import NameTable, field_enums, field_types
from ..check.resolve import Checker
from ..dsl import ast as A
from ..dsl.parser import Origin, parse, parse_expr
from ..errors import ContentError, Place
from .names import Code, Names

_SHOWN = {"piece": "card", "player": "player", "pieces": "list of cards", "players": "list of players",
          "zone": "zone"}
_TABLES: dict = {}  # id(Names) -> (the Names, its NameTable): one per reading of the files


def table(names: Names) -> NameTable:
    """The game's names as the checker reads them, from the editor's reading of the files."""
    cached = _TABLES.get(id(names))
    if cached is not None and cached[0] is names:
        return cached[1]
    t = NameTable()
    of = names.of
    t.global_counters = {k: True for k in of("counter")}
    t.global_zones = set(of("zone")) | {"box"}
    t.global_vars = set(of("var"))
    t.constants = {k: None for k in of("constant")}
    t.player_counters = {k: True for k in of("player counter")}
    t.player_zones, t.player_vars = set(of("player zone")), set(of("player var"))
    for what, into in (("procedure", t.procedures), ("function", t.functions), ("value", t.values)):
        for k, d in of(what).items():
            into[k] = list((d.data or {}).get("params") or []) if isinstance(d.data, dict) else []
    t.functions.update(t.values)
    t.events = dict(names.events)
    kinds = {k: v for k, v in names.kinds.items() if isinstance(v, dict)}
    for kd in kinds.values():
        t.card_fields |= set(kd.get("fields") or {})
        t.effect_hooks |= set(kd.get("effects") or [])
        t.expression_hooks |= set(kd.get("expressions") or [])
    t.options = set(of("option"))
    t.card_ids = {k: 1 for k in of("card")}
    enums: dict = {}
    for name, ds in names.defs.items():
        for d in ds:
            if d.what == "enum value":
                enums.setdefault(d.owner, []).append(name)
    try:
        t.field_types, t.field_enums = field_types(kinds), field_enums(kinds, enums)
    except (AttributeError, KeyError, TypeError):  # declarations half typed
        pass
    if len(_TABLES) > 8:
        _TABLES.clear()
    _TABLES[id(names)] = (names, t)
    return t


def kind_at(names: Names, code: Code, lines: list[str], var: str, line: int, col: int) -> str | None:
    """What the name `var` holds where it ends at (file line, character) `line`, `col` (0-based) of the text
    `code`, as the checker types it: "card", "player", "list of cards", "list of players", "zone", or None
    (not known, or the text does not parse)."""
    index = next((i for i, (ln, _, _) in enumerate(code.pieces) if ln == line), None)
    if index is None:
        return None
    start = code.pieces[index][1]
    text = re.sub(rf"(?<![\w.])({re.escape(var)})\.(?![A-Za-z_])", r"\1", code.text(lines))
    origin = Origin(Place(code.path))
    checker = Checker(table(names))
    label = code.label
    try:
        if label.startswith(("function ", "value ", "score", "`value:`", "faction", "team", "ranking")) or label.endswith("modifier"):
            r = checker.expression(parse_expr(text, origin), origin, code.params, this_piece=":" in label)
        else:
            event = label.startswith("on ")
            r = checker.effect(parse(text, origin), origin, () if event else code.params,
                               code.params if event else (), this_piece=":" in label)
    except (ContentError, RecursionError):
        return None
    end = (index + 1, col - start + 1)  # where the name ends, 1-based within the text
    before = after = None  # its last read up to there; else its first read after (where `let` or `for` binds it)
    for n in A.walk(r.tree):
        if type(n) is A.Name and n.id == var and id(n) in r.types:
            at = (n.line, n.col + len(var))
            if at <= end and (before is None or at > (before.line, before.col + len(var))):
                before = n
            elif at > end and (after is None or at < (after.line, after.col + len(var))):
                after = n
    found = before or after
    return _SHOWN.get(r.types[id(found)][0]) if found is not None else None
