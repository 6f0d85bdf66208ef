"""The optimisations of code generation: passes over a body the checker resolved and typed (check.resolve), each
switchable and each deciding from the checker's types and bindings alone. A pass writes no code: it records
in the body's `Plan` which of its nodes may take a faster form, and which; code generation (compile.generate)
writes the general form of every node the plan does not name. With every pass off, the generated code reads
and writes everything through the runtime's general functions (runtime.ops) and plays the same matches, only
slower.

    MEEPLE_OPTIMISE=none meeple simulate ...            # every optimisation off
    MEEPLE_OPTIMISE=none,+hoist meeple simulate ...     # only `hoist`
    MEEPLE_OPTIMISE=-specialise meeple simulate ...     # every one but `specialise`

A test plays every bundled game with them all off and all on and compares the matches
(tests/test_optimise.py).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..check.resolve import quiet
from ..dsl import ast as A
from ..errors import UsageError
from ..runtime.attributes import ATTRIBUTES
from ..runtime.verbs import REGISTRY

PASSES = {
    "typed-reads": "a field of what is a card or a player for sure is read where it lies, with no test of its "
                   "type (`c.cost` as the card's own field); a zone's or a list's items with no copy or test",
    "in-place-writes": "a counter that fires nothing, or a step that passes no threshold, and a card's field or "
                       "a player's var are written by plain arithmetic, bounds inlined, with no call",
    "inline-verbs": "a verb whose arguments are known to be what its `inline` forms want is written out as "
                    "they say (`count(me.hand)` as `len(...)`, `move(c, zone)` as list operations)",
    "any": "`count(xs where c) > 0` and the like stop at the first item found and build no list",
    "hoist": "a `where` or a sum a statement evaluates first becomes a loop written before the statement, its "
             "items counted against the step budget once, there",
    "specialise": "a procedure or function whose every call gives a parameter a player (a card, a zone...) is "
                  "compiled again, that parameter typed",
}

# the forms `typed-reads` gives a read of `x.name` of the game's own data (generate._READS writes each one)
READ_FORMS = (
    "G", "GF", "GC",  # the runtime's getters: any value, a card's field first, a player's counter first
    "player-counters", "player-zones", "player-vars",  # a player's
    "card-field", "card-field-or-get",  # a field its kind declares; a field some kinds declare
    "local-counter", "local-zone", "local-field",  # a local's, its type tested in place
)
# and of the engine's own attributes (runtime.attributes), as their inline forms say: ("own", the attribute) of
# what is known to be its owner, ("tested", the attributes of each owner) of a local, its type tested in place
_SIMPLE = ("local", "me", "this")  # names whose code is a plain Python name (a type test costs no call)
_UNKNOWN = (None, None, None)  # the types of what the checker typed not (kind, static type, field type)


@dataclass(slots=True)
class Plan:
    """What the passes chose for one body's nodes, by the node's id. Code generation writes the general form
    of any node the plan does not name."""
    reads: dict = field(default_factory=dict)  # typed-reads: an Attr (or the name `owner`) -> its form (READ_FORMS)
    known: dict = field(default_factory=dict)  # typed-reads: an expression -> what its code may trust it is,
    # a frozenset of "zone", "list" (of cards or players), "list-field" (a card's list field), "fresh" (a new list
    # at each evaluation), "player"
    writes: dict = field(default_factory=dict)  # in-place-writes: an Assign -> "counter" or "field"
    inline: dict = field(default_factory=dict)  # inline-verbs: a Call -> (its expression form, its statements
    # form), either None
    any: dict = field(default_factory=dict)  # any: a Compare -> True (some item is found), False (none is)
    heads: dict = field(default_factory=dict)  # hoist: an expression a statement evaluates -> the `where`,
    # `each` or fold it evaluates first


def enabled(setting: str | None = None) -> frozenset:
    """The optimisations on: all of them, unless `setting` (else MEEPLE_OPTIMISE) says otherwise: `none` or
    `all` first, then `+name` or `-name` (or a bare `name`, on) for each one to change."""
    if setting is None:
        setting = os.environ.get("MEEPLE_OPTIMISE", "")
    on = set(PASSES)
    for word in filter(None, (w.strip() for w in setting.split(","))):
        if word in ("none", "off"):
            on.clear()
        elif word == "all":
            on = set(PASSES)
        elif word.startswith("-"):
            on.discard(word[1:])
        else:
            name = word.lstrip("+")
            if name not in PASSES:
                raise UsageError(f"MEEPLE_OPTIMISE: no optimisation `{name}`; they are: {', '.join(PASSES)}")
            on.add(name)
    return frozenset(on)


def plan(r, names, on: frozenset) -> Plan:
    """The plan of the body `r` (check.resolve.Resolved) of the program whose names are `names`, made by the
    passes `on`. The passes that look at single nodes share one walk over the tree."""
    p = Plan()
    every, by_type = [], {}  # the passes that look at every node; those that look at nodes of one type
    for name, rule, only in _NODE_PASSES:
        if name in on:
            if only is None:
                every.append(rule)
            else:
                by_type.setdefault(only, []).append(rule)
    if every or by_type:
        for node in A.walk(r.tree):
            for rule in every:
                rule(node, r, names, p)
            for rule in by_type.get(type(node), ()):
                rule(node, r, names, p)
    if "hoist" in on:
        hoist(r, p)
    return p


def _verb(e, binds):
    """The registry's verb a call calls, or None (a procedure, a function or a value of the game's)."""
    return REGISTRY[e.func] if type(e) is A.Call and binds.get(id(e)) == "verb" else None


# ---- typed-reads
def typed_reads(e, r, names, p: Plan) -> None:
    """What an expression is for sure, where its code may trust it, and how a field is read."""
    t = r.types.get(id(e))
    if t is not None:
        kind, static, ftype = t
        facts = set()
        if static == "zone":
            facts.add("zone")
        if kind in ("pieces", "players"):
            facts.add("list")
        if ftype == "list":
            facts.add("list-field")
        if kind == "player":
            facts.add("player")
        verb = _verb(e, r.binds)
        if verb is not None and verb.fresh:
            facts.add("fresh")
        if facts:
            p.known[id(e)] = frozenset(facts)
    if type(e) is A.Attr:
        p.reads[id(e)] = _read(e, r, names)
    elif type(e) is A.Name and r.this_piece and r.binds.get(id(e)) == "owner":
        p.reads[id(e)] = ("own", ATTRIBUTES["card"]["owner"])  # `owner` of a card's own body: its piece's


def _read(e, r, n):
    """How `obj.a` is read, given what the checker knows of `obj`: one of READ_FORMS, or an attribute's."""
    a, obj = e.attr, e.obj
    kind, static, _ = r.types.get(id(obj), _UNKNOWN)
    if static == "zone":
        own = n.builtin("zone", a)
        if own is not None:
            return ("own", own)
    if kind == "player":  # a player for sure: read where ops.get would find it, with no test of its type
        for where, held in (("counters", n.player_counters), ("zones", n.player_zones), ("vars", n.player_vars)):
            if a in held:
                return f"player-{where}"
        own = n.builtin("player", a)
        return ("own", own) if own is not None else "G"
    if kind == "piece":  # a card for sure (always in some zone)
        own = n.builtin("card", a)
        if own is not None:
            return ("own", own)
        if a in n.card_fields and a not in n.expression_hooks:
            return "card-field"  # every card has the fields its kind declares (check.cards)
    simple = type(obj) is A.Name and r.binds.get(id(obj)) in _SIMPLE
    if kind == "piece" and simple:
        return "card-field-or-get"
    others = n.player_zones | n.player_vars | set(n.PLAYER_ATTRS) | set(n.ZONE_ATTRS) | n.options
    if simple:  # a local name: its type tested in place, the common case without a call
        if a in n.player_counters:  # a player's counters come first; then a card's own fields
            return "local-counter"
        if a in n.player_zones:
            return "local-zone"
        owns = tuple(own for owner in ATTRIBUTES if (own := n.builtin(owner, a)) is not None)
        if owns:
            return ("tested", owns)
        if a in n.card_fields and a not in others:
            return "local-field"
    if a in n.card_fields and a not in others and a not in n.player_counters:
        return "GF"
    if a in n.player_counters and a not in others and a not in n.card_fields:
        return "GC"
    return "G"


# ---- in-place-writes
def in_place_writes(s, r, n, p: Plan) -> None:
    """`x.name op value` written in place when nothing can fire: a player's counter with no event (or a step
    that may pass no threshold), a card's field or a player's var (neither fires anything)."""
    if type(s) is not A.Assign or type(s.target) is not A.Attr:
        return
    a = s.target.attr
    spec = n.player_counters.get(a)
    if spec is not None:
        if a not in n.player_vars and (quiet(spec) or (s.op != "=" and not (spec.wrap and spec.thresholds))):
            p.writes[id(s)] = "counter"
    elif s.op != "-=" and (a in n.card_fields or a in n.player_vars):
        p.writes[id(s)] = "field"


# ---- inline-verbs
def inline_verbs(e, r, n, p: Plan) -> None:
    """A verb's call whose arguments are known to be what one of its `inline` forms wants: the first such form
    that is an expression, and the first that is statements (for a call used as a statement)."""
    verb = _verb(e, r.binds)
    if verb is None or e.kwargs or not verb.inline:
        return
    forms = {}
    for inline in verb.inline:
        if len(inline.when) == len(e.args) and all(_is(w, a, r) for w, a in zip(inline.when, e.args, strict=True)):
            forms.setdefault(type(inline.code), inline.code)
    if forms:
        p.inline[id(e)] = (forms.get(str), forms.get(tuple))


def _is(want, e, r) -> bool:
    """Whether `e` is known to be `want` (see verbs.Inline)."""
    kind, static, ftype = r.types.get(id(e), _UNKNOWN)
    if want == "zone":
        return static == "zone"
    if want == "card":
        return kind == "piece"
    if want == "list":
        return isinstance(e, (A.Filter, A.Each)) or ftype == "list" or kind in ("pieces", "players")
    return isinstance(e, A.Const) and type(e.value) is type(want) and e.value == want


# ---- any
_ANY = {(">", 0): True, (">=", 1): True, ("!=", 0): True, ("==", 0): False, ("<", 1): False, ("<=", 0): False}


def any_found(e, r, n, p: Plan) -> None:
    """`count(xs where c) > 0` (and the like): whether any item is found, stopping at the first."""
    if type(e) is not A.Compare:
        return
    left, right = e.left, e.right
    verb = _verb(left, r.binds)
    if verb is not None and verb.counts and len(left.args) == 1 and not left.kwargs \
            and isinstance(left.args[0], (A.Filter, A.Each)) and isinstance(right, A.Const) \
            and type(right.value) is int:
        wanted = _ANY.get((e.op, right.value))
        if wanted is not None:
            p.any[id(e)] = wanted


# (name, the pass, the type of node it looks at: None for every node)
_NODE_PASSES = (("typed-reads", typed_reads, None), ("in-place-writes", in_place_writes, A.Assign),
                ("inline-verbs", inline_verbs, A.Call), ("any", any_found, A.Compare))


# ---- hoist
def hoist(r, p: Plan) -> None:
    """For each expression a statement evaluates (an expression body's own), the `where`, `each` or fold of a
    number field over cards it evaluates before anything else: code generation counts its items and builds
    it in a loop written before the statement."""
    if not r.effect:
        _first(r.tree, r, p)
        return
    for s in A.statements(r.tree):
        t = type(s)
        if t is A.Let:
            _first(s.value, r, p)
        elif t is A.If:
            _first(s.branches[0][0], r, p)
        elif t is A.For:
            _first(s.items, r, p)
        elif t is A.Return and s.value is not None:
            _first(s.value, r, p)
        elif t is A.ExprStmt:
            _first(s.expr, r, p)


def _first(e, r, p: Plan) -> None:
    head = _head(e, r.binds)
    if type(head) is A.Call:  # a fold: of a card field that is a number for sure
        kind, static, _ = r.types[id(head.args[0])]
        if not ((static == "zone" or kind == "pieces") and r.types[id(head.args[1])][2] == "int"):
            return
    if head is not None:
        p.heads[id(e)] = head


def _head(e, binds):
    """The `where` or `each` an expression evaluates before anything else, if any: through the left of a
    comparison, the first of `and`/`or`, `not`, and the first argument of a call (of a verb that takes it
    as a value; not one that `narrates`, run only when someone reads the account). Else a fold of a verb's
    values (`sum`) over a list it does not build itself."""
    while True:
        if isinstance(e, (A.Filter, A.Each)):
            return e
        verb = _verb(e, binds)
        if verb is not None and verb.fold is not None and len(e.args) == 2 and not e.kwargs \
                and _head(e.args[0], binds) is None:
            return e
        if isinstance(e, A.Compare):
            e = e.left
        elif isinstance(e, A.BoolOp):
            e = e.values[0]
        elif isinstance(e, A.Not):
            e = e.operand
        elif isinstance(e, A.Call) and e.args and (
                binds.get(id(e)) in ("procedure", "function", "value")
                or (verb is not None and not verb.narrates and 0 not in verb.lazy)):
            e = e.args[0]
        else:
            return None


# ---- specialise
def specialise(comp) -> dict:
    """The procedures and functions of the program `comp` (a generate.Compiler) whose every call gives a
    parameter one kind of thing, as the checker resolved them again with those kinds (Checker.retyped), given
    to `comp` to generate: {old function: new}."""
    typed = comp.checker.retyped([r for r, _ in comp.made])
    return {old: comp.add(typed[id(r)], typed=True) for r, old in comp.made if id(r) in typed and typed[id(r)].ok}
