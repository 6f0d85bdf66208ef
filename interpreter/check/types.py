"""The types of the effect language, as the checker knows them without running anything.

Two views of one expression, both None when not known (its type is then tested where it is read):

- its *kind*, what it holds for sure whatever happens when it runs: "piece" (a card), "player", a list of
  either ("pieces", "players"), or "zone" for a parameter given a zone at every call. A card or a player may
  also be none (the top of an empty zone, a choice from nothing): a field read of none fails either way, as
  a content error at its line (runtime.match);
- its *static type*, in the words a message uses: "a number", "a string", "a truth value", "zone".

A card field's declared type ("int", "list", "card", "player"), where every kind declaring the field gives it
that one, is a third: `field_type`. The resolver (check.resolve) computes the three for every expression of a
body, in the scope where the expression stands, and hands them to code generation with the tree.
"""
from __future__ import annotations

from ..dsl import ast as A
from ..runtime.verbs import REGISTRY

KINDS = ("piece", "player", "pieces", "players", "zone")  # what `kind` gives
STATIC = ("a number", "a string", "a truth value", "zone")  # what `static_type` gives
# the registry's words for a result -> a kind
_GIVES = {"card": "piece", "player": "player", "list of cards": "pieces", "list of players": "players"}
_UNTYPED = (A.Compare, A.BoolOp, A.Not, A.Neg)  # see `kind` and `static_type`: none of theirs is known
_NOTHING = (None, None, None)
_TEXT = (None, "a string", None)
# what an expression is known to be, as a message says it: by its static type first, else by its kind
_SAID = {"a number": "a number", "a string": "a string", "a truth value": "a truth value", "zone": "a zone",
         "piece": "a card", "player": "a player", "pieces": "a list of cards", "players": "a list of players"}


def said(kind, static) -> str | None:
    """What an expression of this kind and static type is, in a message's words ("a card", "a zone"), or None."""
    return _SAID.get(static) or _SAID.get(kind)
# what a verb gives, in the registry's words -> its static type
_STATIC_RESULTS = {"number": "a number", "text": "a string", "truth value": "a truth value"}
_OWNERS = {"piece": "card", "player": "player"}  # a kind -> what owns the engine's attributes (runtime.attributes)


def builtin_verb(e, names):
    """The registry's verb a call calls (not a procedure or function of the game's of the same name), or None."""
    if type(e) is not A.Call or e.func in names.procedures or e.func in names.functions:
        return None
    return REGISTRY.get(e.func)


class Typer:
    """The types of expressions in one scope: `names` (the game's, check.names.NameTable), `locals` (names
    the body binds), `lazy` (names bound by a `where`, a per-item argument or a choice's clause), `kinds`
    (what a name holds for sure where it is read), `results` (what content functions give: Checker.result),
    and `memo` (types already found for nodes of this scope, by id)."""

    names = None
    locals: set
    lazy: set
    kinds: dict
    statics: dict  # a local a single `let` binds -> the static type of what it was given (never changed)
    results = None
    memo: dict | None = None

    def kind(self, e):
        memo = self.memo
        if memo is not None:
            found = memo.get(id(e))
            if found is not None:
                return found[0]
        if isinstance(e, (A.Filter, A.Each)):
            k = self.items_kind(e.items)
            return k and k + "s"
        if isinstance(e, A.Choose):
            k = self.items_kind(e.items)
            return k if e.kind in ("one", "optional") else k and k + "s"
        names = self.names
        verb = builtin_verb(e, names)
        if verb is not None:
            return self._gives(verb, e)
        if isinstance(e, A.BinOp) and e.op == "+" and self.items_kind(e.left) == self.items_kind(e.right) == "piece":
            return "pieces"
        if isinstance(e, A.IfExpr):
            k = self.kind(e.then)
            return k if k == self.kind(e.orelse) else None
        if isinstance(e, A.ListExpr) and e.items:  # [a, b]: a list of players, or of cards, if each is one
            k = self.kind(e.items[0])
            return k + "s" if k in ("player", "piece") and all(self.kind(x) == k for x in e.items[1:]) else None
        if isinstance(e, A.Name):
            if e.id in self.kinds:
                return self.kinds[e.id]
            if e.id == "players" and e.id not in self.locals and e.id not in self.lazy:
                return "players"
            # `me` is a player or none in every body: the match gives a player or none, `run` and `emit`
            # refuse anything else for `player=` (verbs.v_run, events.emit), procedures pass theirs on
            return "player" if e.id == "me" else None
        if self.is_function(e):
            return self.results(e.func, self.given(e))[0]
        t = self.field_type(e)
        if t in ("card", "player"):  # a reference field, a card or a player or none (ops.field_checked)
            return "piece" if t == "card" else "player"
        if isinstance(e, A.Attr):  # the engine's own attribute of a card, a player or a zone: its type's kind
            own = self.own_attribute(e)
            if own is not None:
                return _GIVES.get(own.type.removesuffix(" or none"))
        return None

    def _gives(self, verb, e):
        """What a call of a verb holds for sure, from what the registry says it gives."""
        gives = verb.returns.removesuffix(" or none")  # a card or a player may be none (see `kind`)
        if gives in _GIVES:
            return _GIVES[gives]
        for lead in ("items of each ", "items of ", "item of "):
            if gives.startswith(lead):
                arg = argument(verb, e, gives[len(lead):])
                if arg is None:
                    return None
                if lead == "items of each ":  # the items of what it gives per item: a zone's are cards
                    return "pieces" if self.static_type(arg) == "zone" else None
                k = self.items_kind(arg)
                return k and k + "s" if lead == "items of " else k
        return None

    def items_kind(self, e):
        """What every item of a list or zone holds for sure: a zone's are cards; `players`, `rivals(p)`,
        `clockwise(p)` and a list of players give players; see `kind` for the lists of cards."""
        if self.static_type(e) == "zone":
            return "piece"
        k = self.kind(e)
        if k in ("pieces", "players"):
            return k[:-1]
        return None

    def field_type(self, e):
        """The type every kind declares for a card field read from a card for sure: "int", "list", "card",
        "player", or None."""
        memo = self.memo
        if memo is not None:
            found = memo.get(id(e))
            if found is not None:
                return found[2]
        n = self.names
        if not (isinstance(e, A.Attr) and e.attr in n.card_fields and e.attr not in n.expression_hooks
                and e.attr not in n.PIECE_ATTRS and self.kind(e.obj) == "piece"):
            return None
        return n.field_types.get(e.attr)

    def static_type(self, e):
        """The type of an expression when it is known without running it: a cheap check."""
        memo = self.memo
        if memo is not None:
            found = memo.get(id(e))
            if found is not None:
                return found[1]
        if isinstance(e, A.Const):
            v = e.value
            return ("a truth value" if isinstance(v, bool) else "a number" if isinstance(v, int)
                    else "a string" if isinstance(v, str) else None)
        if isinstance(e, A.Template):
            return "a string"
        if isinstance(e, A.BinOp) and e.op in "-*/%":
            return "a number"
        if isinstance(e, A.Name) and e.id in self.statics and e.id not in self.lazy:
            return self.statics[e.id]
        if isinstance(e, A.Name) and self.kinds.get(e.id) == "zone" and e.id not in self.lazy:
            return "zone"  # a parameter given a zone at every call (Checker.type_parameters)
        if isinstance(e, A.Name) and e.id not in self.locals and e.id not in self.lazy:
            n = self.names
            if e.id in n.global_zones:
                return "zone"
            if e.id in n.global_counters:
                return "a number"
        if isinstance(e, A.Attr):
            n = self.names
            if e.attr in n.player_zones and e.attr not in n.player_counters and (
                    e.attr not in n.card_fields or self.kind(e.obj) == "player"):  # read as a player's
                return "zone"
            if e.attr in n.player_counters and e.attr not in n.player_zones and e.attr not in n.card_fields:
                return "a number"
            own = self.own_attribute(e)
            if own is not None:
                return _STATIC_RESULTS.get(own.type)
            if self.field_type(e) == "int":  # a number field of a card for sure (ops.field_checked keeps it one)
                return "a number"
        if isinstance(e, A.IfExpr):
            t = self.static_type(e.then)
            return t if t == "zone" and self.static_type(e.orelse) == t else None
        if self.is_function(e):
            return self.results(e.func, self.given(e))[1]
        verb = builtin_verb(e, self.names)
        if verb is not None:
            return _STATIC_RESULTS.get(verb.returns)
        return None

    def said(self, e) -> str | None:
        """What `e` is known to be, in a message's words (`said`)."""
        return said(self.kind(e), self.static_type(e))

    def own_attribute(self, e):
        """The engine's own attribute (runtime.attributes) that `e`, an Attr, reads of what is known to be a card,
        a player or a zone, where the game gives that owner nothing of the name (NameTable.builtin); or None."""
        owner = "zone" if self.static_type(e.obj) == "zone" else _OWNERS.get(self.kind(e.obj))
        return self.names.builtin(owner, e.attr) if owner is not None else None

    def types(self, e) -> tuple:
        """(kind, static type, field type) of an expression."""
        t = type(e)
        if t in _UNTYPED:  # a truth value or a number of no known kind: nothing to find
            return _NOTHING
        if t is A.Const:
            return None, self.static_type(e), None
        if t is A.Template:
            return _TEXT
        if t is A.Name:  # the commonest: `kind` and `static_type` of a name, in one go
            i, kinds = e.id, self.kinds
            bound = i in self.locals or i in self.lazy
            kind = kinds[i] if i in kinds else "players" if i == "players" and not bound else \
                "player" if i == "me" else None
            static = None
            if i in self.statics and i not in self.lazy:
                static = self.statics[i]
            elif kinds.get(i) == "zone" and i not in self.lazy:
                static = "zone"
            elif not bound:
                static = "zone" if i in self.names.global_zones else "a number" if i in self.names.global_counters else None
            return kind, static, None
        return self.kind(e), self.static_type(e), self.field_type(e)

    def is_function(self, e) -> bool:
        """A call of a content function (not a value: its modifiers add to it)."""
        n = self.names
        return isinstance(e, A.Call) and e.func in n.functions and e.func not in n.values \
            and e.func not in n.procedures

    def given(self, e) -> tuple:
        """What a call gives each parameter of its function, by `kind`."""
        params = self.names.functions[e.func]
        args = dict(zip(params, e.args, strict=False)) | {k: v for k, v in e.kwargs.items() if k in params}
        return tuple(self.kind(args[x]) if x in args else None for x in params)


def argument(verb, e, name):
    """The argument a call gives the verb's parameter `name`, or None."""
    for i, a in enumerate(e.args):
        param = verb.param(i)
        if param is not None and param.name == name:
            return a
    return e.kwargs.get(name)


class Scope(Typer):
    """A bare scope: a content function's parameters and what they hold (Checker.result)."""

    def __init__(self, names, params, kinds, results):
        self.names, self.locals, self.lazy, self.kinds, self.results = names, set(params), set(), kinds, results
        self.statics = {}
