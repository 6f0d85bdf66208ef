"""The resolve-and-type pass: between parsing and code generation, it binds every name of a body and gives
every expression its types (check.types), and it gives every diagnostic of the effect language.

For each body (a procedure's, a function's, a handler's, a card's hook...) it gives a `Resolved`: the tree as
parsed, how each name and call is bound (`binds`: a local, a global counter, zone or var, a constant, one of
the builtin names; a procedure, a function, a value or a verb of the registry), and the types of each
expression where it stands (`types`: kind, static type, field type). Code generation (compile.generate) reads
them and checks nothing again.

For the whole program, `Checker` knows which procedures may run inside themselves (plan_procedures), what each
content function gives (result), what every call gives each parameter (sites, type_parameters), and which
definitions content refers to (used).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..dsl import ast as A
from ..errors import Diagnostic, Origin, Place, did_you_mean
from ..runtime.verbs import REGISTRY
from .names import NameTable
from .types import Scope, Typer, said

# What Python can compile: it allows 20 nested loops and `try`s in a function (a procedure's budget takes
# one) and recursion runs out near a thousand frames. Deeper content is an error with its place.
MAX_LOOPS = 12  # loops inside loops
MAX_NESTING = 60  # expressions inside expressions (as deep as parser.MAX_DEPTH lets brackets go)

# how a name is read (Resolved.binds of a Name): the builtin names stand for themselves
BUILTIN = frozenset(NameTable.BUILTIN_NAMES)


@dataclass
class Resolved:
    """One body, checked: what code generation needs and nothing it must find again."""
    tree: object  # the statements, or the expression
    origin: Origin
    params: tuple
    event_params: tuple = ()
    name: str | None = None  # the procedure or function it is
    effect: bool = True  # statements (else an expression)
    this_piece: bool = False  # a card's own body: `this` is its piece
    types: dict = field(default_factory=dict)  # id(expression) -> (kind, static type, field type)
    binds: dict = field(default_factory=dict)  # id(Name, Call or Assign) -> how it is bound
    ok: bool = True  # no error in it


MAX_FUNCTION_CHAIN = 40  # functions whose result types are found one inside another (the rest: not known)


class _TooDeep(Exception):
    def __init__(self, node, message):
        self.node, self.message = node, message


class Checker:
    """The names and types of one program (a game, or a scenario file's expressions against a game), and
    every diagnostic of its bodies."""

    def __init__(self, names: NameTable):
        self.names = names
        self.diags: list[Diagnostic] = []
        self.used: set[str] = set()  # names content refers to: for warnings about unused definitions
        self.recursive: set[str] = set()  # procedures that may run inside themselves (plan_procedures)
        self.sites: dict = {}  # (procedure or function, parameter) -> what each call gives it (Resolver._args)
        self.given: dict = {}  # (procedure or function, parameter) -> the static types its calls give it
        self.function_exprs: dict = {}  # content function -> (its expression, its parameters): see result()
        self._results: dict = {}  # (content function, its arguments' kinds) -> what it gives (result)
        self._finding = 0  # content functions whose results are being found, one inside another (result)
        self._typed: dict = {}  # id(a procedure's or function's body) -> it resolved with typed parameters, or None
        self.attributes = names.attributes()  # every field name content may read (the names are complete here)

    def error(self, place: Place, message: str, code: str, hint: str = "") -> None:
        self.diags.append(Diagnostic(place, message, code, "error", hint))

    def warn(self, place: Place, message: str, code: str, hint: str = "") -> None:
        self.diags.append(Diagnostic(place, message, code, "warning", hint))

    # ---- bodies
    def effect(self, stmts: list, origin: Origin, params=(), event_params=(), procedure=None, kinds=None,
               this_piece=False, nobody=False) -> Resolved:
        """A statement body, resolved. `procedure`: the procedure it is; `kinds`: what its parameters hold for
        sure (type_parameters); `this_piece`: a card's own body, `this` its piece."""
        before = len(self.diags)
        out = Resolved(stmts, origin, tuple(params), tuple(event_params), procedure, True, this_piece)
        body = Resolver(self, out, set(params) | set(event_params), pure=False)
        body.nobody = nobody
        bound = bindings(stmts)
        body.fixed = {x for x in params if x not in bound}
        body.kinds.update((x, k) for x, k in (kinds or {}).items() if x in body.fixed)
        body.once = {x for x, n in bound.items() if n == 1}
        if "player" in event_params and "player" not in bound:
            body.kinds["player"] = "player"  # an event's `player` is a player or none (runtime.events.emit)
        body.within_limits(body.stmts, stmts)
        out.ok = not any(d.severity == "error" for d in self.diags[before:])
        return out

    def expression(self, expr, origin: Origin, params=(), function=None, kinds=None, this_piece=False) -> Resolved:
        """An expression, resolved. `function`: the content function it is; `kinds`: what its parameters hold
        for sure (type_parameters); `this_piece`: a card's own expression, `this` its piece."""
        before = len(self.diags)
        out = Resolved(expr, origin, tuple(params), (), function, False, this_piece)
        body = Resolver(self, out, set(params), pure=True, kinds=kinds)
        body.fixed = set(params)
        body.within_limits(body.expr, expr)
        out.ok = not any(d.severity == "error" for d in self.diags[before:])
        return out

    # ---- the whole program
    def plan_procedures(self, bodies: dict, hooks: str = "") -> None:
        """Finds the procedures that may run inside themselves, which count their nesting: those that
        call themselves by name, through others or not, and those that may fire an event or run a card's hook
        (`emit`, `run`, a counter that fires) while an event's handler or a card's text may call them back.
        `hooks`: the text of every handler and card, where such calls would be written."""
        firing, calls = set(), {k: set() for k in bodies}
        for k, stmts in bodies.items():
            for n in A.walk(stmts or []):
                if isinstance(n, A.Call) and n.func in bodies:
                    calls[k].add(n.func)
                elif self.may_fire(n):
                    firing.add(k)
        callers = {k: set() for k in bodies}
        for k, cs in calls.items():
            for c in cs:
                callers[c].add(k)
        firing = _reached(callers, firing)  # and whoever calls them
        called_back = _reached(calls, bodies.keys() & _called_names(hooks))
        # a procedure that fires nothing: unless it reaches itself by name, its nesting is bounded
        self.recursive = _in_cycles(calls) | (firing & called_back)

    def result(self, name, given: tuple) -> tuple:
        """What a content function gives for sure when its arguments hold what `given` says (a kind per
        parameter, or None): (the kind of its expression, e.g. "pieces" for `p.city where not it.destroyed`;
        its static type, e.g. "zone"), each None when not known, and both while it is being found (a function
        that calls itself)."""
        key = (name, given)
        if key not in self._results:
            self._results[key] = (None, None)
            expr, params = self.function_exprs.get(name, (None, ()))
            if expr is not None and self._finding < MAX_FUNCTION_CHAIN:  # deeper: not known (no types)
                scope = Scope(self.names, params, {p: k for p, k in zip(params, given, strict=True) if k},
                              self.result)
                self._finding += 1
                try:
                    self._results[key] = (scope.kind(expr), scope.static_type(expr))
                finally:
                    self._finding -= 1
        return self._results[key]

    def type_parameters(self) -> dict:
        """What each parameter of a procedure or function holds for sure, from what every call in the
        content gives it: {(name, parameter): a kind}. A parameter given a player at every call (or its
        caller's own parameter, itself a player for sure) is read with no test of its type. Only calls in the
        content count: a tool calling a procedure itself (interpreter.testing) must give what the content
        gives."""
        kinds = {}
        for key, sites in self.sites.items():
            given = {s for s in sites if type(s) is not tuple}
            kinds[key] = None if None in given or len(given) > 1 else given.pop() if given else "?"
        changed = True
        while changed:  # from "anything" ("?") down: a caller's parameter passed on is what that one holds
            changed = False
            for key, sites in self.sites.items():
                for s in sites:
                    mine, theirs = kinds[key], kinds.get(s) if type(s) is tuple else s
                    if mine is not None and theirs != "?" and theirs != mine:
                        kinds[key] = theirs if mine == "?" else None
                        changed = True
        return {k: v for k, v in kinds.items() if v not in (None, "?")}

    def retyped(self, bodies) -> dict:
        """Each procedure or function among `bodies` (resolved, without mistakes) whose parameters hold one kind
        at every call in the content (type_parameters), resolved again with those kinds: {id(body): the typed
        body}. What only this finds is reported with the rest: a parameter that is a player at every call, read
        as a number, fails at every call in play. The typed bodies are what the optimisation `specialise`
        generates (compile.optimise)."""
        kinds = None
        for r in bodies:
            if id(r) in self._typed or r.name is None or not r.ok:
                continue
            kinds = self.type_parameters() if kinds is None else kinds
            mine = {x: kinds[(r.name, x)] for x in r.params if (r.name, x) in kinds}
            if not mine:
                self._typed[id(r)] = None
            elif r.effect:
                self._typed[id(r)] = self.effect(r.tree, r.origin, r.params, procedure=r.name, kinds=mine)
            else:
                self._typed[id(r)] = self.expression(r.tree, r.origin, r.params, function=r.name, kinds=mine)
        return {i: t for i, t in self._typed.items() if t is not None}

    def fires(self, n) -> bool:
        """Whether an assignment may fire events (a counter with a wrap or thresholds)."""
        t, names = n.target, self.names
        if isinstance(t, A.Name):
            spec = names.global_counters.get(t.id)
        elif isinstance(t, A.Attr):
            spec = names.player_counters.get(t.attr)
        else:
            return False
        return spec is not None and not quiet(spec)

    def may_fire(self, n) -> bool:
        """Whether a node may run content of its own: fire an event, run a card's hook (or call what is not
        known to be a function)."""
        if isinstance(n, A.Call):
            verb = REGISTRY.get(n.func)
            return n.func not in self.names.functions and (verb is None or verb.fires)
        return isinstance(n, A.Assign) and self.fires(n)


def quiet(spec) -> bool:
    """A counter whose changes fire no event."""
    return not (spec.wrap or spec.thresholds or spec.on_wrap or spec.on_wrap_back or spec.on_threshold)


def bindings(stmts) -> dict:
    """The names statements bind (`let`, an assignment, a loop over it): 1 for a name only a single `let`
    binds, more for any other."""
    count: dict = {}
    for n in A.statements(stmts):
        t = type(n)
        name = n.name if t is A.Let else n.var if t is A.For else \
            n.target.id if t is A.Assign and type(n.target) is A.Name else None
        if name is not None:
            count[name] = count.get(name, 0) + (1 if t is A.Let else 2)
    return count


def _reached(calls: dict, start) -> set:
    """The procedures `start` holds, and every one they call, through others or not (`calls`: who calls whom;
    given who is called by whom, every caller)."""
    seen, todo = set(), list(start)
    while todo:
        k = todo.pop()
        if k not in seen:
            seen.add(k)
            todo += calls.get(k, ())
    return seen


def _called_names(text: str) -> set:
    """The names a text writes before a `(`, spaces between or not: in one pass (a regex trying every place of
    a long text is slower by ten)."""
    out = set()
    for part in text.split("(")[:-1]:
        tail = part.rstrip()
        i = len(tail)
        while i and (tail[i - 1].isalnum() or tail[i - 1] == "_"):
            i -= 1
        out.add(tail[i:])
    return out


def _in_cycles(calls: dict) -> set:
    """The procedures that may call themselves, through others or not: Tarjan's strongly connected components,
    without recursion (content may chain thousands of procedures)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], set()
    for root in calls:
        if root in index:
            continue
        work = [(root, iter(calls[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            k, it = work[-1]
            for c in it:
                if c not in index:
                    index[c] = low[c] = len(index)
                    stack.append(c)
                    on_stack.add(c)
                    work.append((c, iter(calls[c])))
                    break
                if c in on_stack:
                    low[k] = min(low[k], index[c])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[k])
                if low[k] == index[k]:
                    component = set()
                    while True:
                        c = stack.pop()
                        on_stack.discard(c)
                        component.add(c)
                        if c == k:
                            break
                    if len(component) > 1 or k in calls[k]:
                        out |= component
    return out


def _choices(words) -> str:
    """`"won" or "lost"`."""
    return " or ".join(f'"{w}"' for w in words)


def _a(type_words: str) -> str:
    """A parameter's type as a sentence says it: "a zone or a list"."""
    return " or ".join(w if w[0] == '"' else ("an " if w[0] in "aeiou" else "a ") + w for w in type_words.split(" or "))


class Resolver(Typer):
    """Resolves one body: binds its names as it goes (locals, names bound per item, what each holds for sure),
    records each expression's types and each name's binding, and reports every mistake."""

    def __init__(self, checker: Checker, out: Resolved, params: set, pure: bool, kinds: dict | None = None):
        self.c = checker
        self.names = checker.names
        self.results = checker.result
        self.out = out
        self.origin = out.origin
        self.memo = out.types
        self.binds = out.binds
        self.locals = set(params)
        self.pure = pure
        self.lazy = set()  # names bound inside `where`, per-item arguments and choices' clauses
        self.kinds = dict(kinds or {})  # name -> what it holds for sure where it is read ("piece", "player")
        self.statics: dict = {}  # a local a single `let` binds -> the static type of its value
        self.name = out.name  # the procedure or function resolved, if any
        self.fixed: set = set()  # its parameters that the body never binds again
        self.once: set = set()  # names a `let` binds, and nothing else binds again
        self.nobody = False  # a body of nobody's turn (setup, a phase, finish): `me` is none
        if out.this_piece:  # a card's own body: `this` is its piece (runtime.events, verbs.run, ops.get, modifiers)
            self.kinds["this"] = "piece"
        self.loop = 0
        self.nesting = 0

    def within_limits(self, fn, *args):
        """fn(*args), or an error (E-DSL-DEPTH) at the construct nested past MAX_LOOPS or MAX_NESTING."""
        try:
            fn(*args)
        except _TooDeep as e:
            self.c.error(self.place(e.node), e.message, "E-DSL-DEPTH", "split it with `let` or a procedure")

    def place(self, node) -> Place:
        return self.origin.at(node.line, node.col)

    def _set_kind(self, var, kind):
        if kind is None:
            self.kinds.pop(var, None)
        else:
            self.kinds[var] = kind

    # ---- statements
    def stmts(self, stmts) -> None:
        for s in stmts or ():
            _VISIT[type(s)](self, s, self.place(s))

    def s_Let(self, s, p):
        if s.name in NameTable.BUILTIN_NAMES or s.name == "it":
            self.c.error(p, f"`{s.name}` is a reserved name", "E-RESERVED")
        self.expr(s.value)
        self.locals.add(s.name)
        if s.name in self.once:
            self._set_kind(s.name, self.kind(s.value))
            static = self.static_type(s.value)
            if static is not None:
                self.statics[s.name] = static

    def s_Assign(self, s, p):
        self.expr(s.value)
        t, n = s.target, self.names
        if isinstance(t, A.Name):
            if t.id in self.locals:
                self.binds[id(s)] = "local"
            elif t.id in n.global_counters or t.id in n.global_vars:
                self.c.used.add(t.id)
                self._check_number(s, "counter", t.id, t.id in n.global_counters)
                self.binds[id(s)] = "global"
            elif t.id in n.constants or t.id in n.BUILTIN_NAMES:
                what = "a constant" if t.id in n.constants else "given by the game"
                self.c.error(p, f"`{t.id}` is {what}: it cannot be changed", "E-ASSIGN",
                             "a global var can be: `vars: {NAME: VALUE}` in game.yaml" if what == "a constant" else "")
            else:
                if t.id in n.global_zones:
                    self.c.error(p, f"`{t.id}` is a zone: it cannot be assigned", "E-ASSIGN",
                                 f"move its cards: `move({t.id}, ...)`")
                else:
                    self._unknown(t.id, p, "a local name, a global counter or a global var")
            return
        if isinstance(t, A.Attr):
            self._check_attr(t.attr, self.place(t))
            self.expr(t.obj)
            spec = n.player_counters.get(t.attr)
            self._check_number(s, "counter" if spec is not None else "field", t.attr,
                               (spec is not None and t.attr not in n.card_fields) or n.field_types.get(t.attr) == "int")
            declared = t.attr in n.card_fields or t.attr in n.player_vars or spec is not None
            if not declared and t.attr in (*n.PLAYER_ATTRS, *n.PIECE_ATTRS, *n.ZONE_ATTRS):
                self.c.error(self.place(t), f"`{t.attr}` is the engine's own: it cannot be assigned", "E-ASSIGN",
                             "move a card with `move`; a var or a field of your own can be set: `vars:`, a kind's "
                             "`fields:`")
            values = n.field_enums.get(t.attr)
            v = s.value
            if values and s.op == "=" and isinstance(v, A.Const) and isinstance(v.value, str) and v.value not in values:
                self.c.error(self.place(v), f"`{t.attr}` is never `{v.value}`", "E-TYPE",
                             did_you_mean(v.value, values) or f"its values: {', '.join(values)}")
            return
        self.c.error(p, "only a name or a field can be assigned to", "E-ASSIGN")

    def _check_number(self, s, what, name, is_number) -> None:
        """`c.cost = "free"`: a text or a truth value given to what holds a number, found before play."""
        t = self.static_type(s.value) if is_number else None
        if t in ("a string", "a truth value"):
            self.c.error(self.place(s.value), f"{what} `{name}` holds a number, not {t}", "E-TYPE")

    def s_If(self, s, p):
        for test, body in s.branches:
            self.cond(test)
            self.stmts(body)
        if s.orelse is not None:
            self.stmts(s.orelse)

    def s_For(self, s, p):
        self.expr(s.items)
        self._items_of(s.items, "`for` goes over")
        self.locals.add(s.var)
        self._enter_loop(s)
        # over a zone, the variable holds a card in the body (over players, a player), unless the body binds
        # it to something else
        if s.var not in bindings(s.body):
            self._set_kind(s.var, self.items_kind(s.items))
        self.stmts(s.body)
        self.kinds.pop(s.var, None)  # after the loop: the last item, or what it held before a loop over nothing
        self.loop -= 1

    def _enter_loop(self, s):
        self.loop += 1
        if self.loop > MAX_LOOPS:
            raise _TooDeep(s, f"loops nested deeper than {MAX_LOOPS}")

    def s_While(self, s, p):
        self.cond(s.test)
        self._enter_loop(s)
        self.stmts(s.body)
        self.loop -= 1

    def s_Repeat(self, s, p):
        self.expr(s.count)
        given = self.said(s.count)
        if given and given != "a number":
            self.c.error(self.place(s.count), f"`repeat` is given a number of times, not {given}", "E-TYPE")
        self._enter_loop(s)
        self.stmts(s.body)
        self.loop -= 1

    def s_Ask(self, s, p):
        for opt in s.options:
            if opt.guard is not None:
                self.cond(opt.guard)
        said = {}
        for opt in s.options:
            self.expr(opt.label)
            if isinstance(opt.label, A.Const) and isinstance(opt.label.value, str) and opt.guard is None:
                if opt.label.value in said:  # (options with `when` may share a label: one is offered at a time)
                    self.c.error(self.place(opt.label), f"two options say \"{opt.label.value}\": a player cannot "
                                 "tell them apart", "E-VALUE")
                said[opt.label.value] = opt
        if s.by is not None:
            self.expr(s.by)
            self._chooser(s.by)
        elif self.nobody:
            self._nobody_chooses(s)
        self.prompt(s.prompt)
        self.seen(s.seen)
        for opt in s.options:
            self.stmts(opt.body)

    def s_Return(self, s, p):
        if s.value is not None:
            self.expr(s.value)

    def s_Break(self, s, p):
        if not self.loop:
            self.c.error(p, "`break` outside a loop", "E-SYNTAX")

    def s_Continue(self, s, p):
        if not self.loop:
            self.c.error(p, "`continue` outside a loop", "E-SYNTAX")

    def s_ExprStmt(self, s, p):
        if not isinstance(s.expr, (A.Call, A.Choose)):
            self.c.error(p, "this expression does nothing: a statement is a call, an assignment, "
                            "`let`, `if`, `for`, `while`, `repeat`, `ask` or `return`", "E-NO-EFFECT")
        self.expr(s.expr)

    # ---- expressions
    def cond(self, e) -> None:
        """An expression used as a condition: `and`/`or` join conditions, each one in turn."""
        if isinstance(e, A.BoolOp):
            for v in e.values:
                self.cond(v)
            self.memo[id(e)] = self.types(e)
        else:
            self.expr(e)

    def expr(self, e) -> None:
        self.nesting += 1
        try:
            if self.nesting > MAX_NESTING:
                raise _TooDeep(e, f"an expression nested deeper than {MAX_NESTING} levels")
            _VISIT[type(e)](self, e)
        finally:
            self.nesting -= 1
        self.memo[id(e)] = self.types(e)

    def prompt(self, e) -> None:
        if e is not None:
            self.expr(e)

    def seen(self, seen) -> None:
        """A choice's clause `secret`, `public` or `seen by P`."""
        if seen is not None and seen[0] not in ("secret", "public"):
            self.expr(seen[1])

    def e_Const(self, e):
        pass

    def e_Template(self, e):
        for x in e.parts:
            if not isinstance(x, str):
                self.expr(x)

    def e_Name(self, e):
        n = e.id
        if n in self.locals or n in self.lazy:
            self.binds[id(e)] = "local"
            return
        if n == "it":
            self.c.error(self.place(e), "`it` is only bound inside `where` and per-item arguments", "E-UNKNOWN-NAME")
            return
        if n in BUILTIN:
            if n == "me" and self.nobody:
                self.c.error(self.place(e), "`me` is none here: setup, the phases of the round and `finish` are "
                             "nobody's turn", "E-UNKNOWN-NAME", "go over the players: `for p in players { ... }`")
            self.binds[id(e)] = n
            return
        names = self.names
        self.c.used.add(n)
        for what, table in (("counter", names.global_counters), ("zone", names.global_zones),
                            ("var", names.global_vars), ("constant", names.constants)):
            if n in table:
                self.binds[id(e)] = what
                return
        self._unknown(n, self.place(e), "a name")

    def _unknown(self, n, place, what):
        cands = self.names.bare_names() | self.locals | self.lazy
        hint = did_you_mean(n, cands) or ("the words are `true`, `false` and `none`"
                                          if n in ("True", "False", "None", "null", "nil", "TRUE", "FALSE") else "")
        self.c.error(place, f"unknown name `{n}`", "E-UNKNOWN-NAME", hint)

    def _check_attr(self, attr, place):
        known = self.c.attributes
        if attr not in known:
            self.c.error(place, f"unknown field `{attr}`", "E-UNKNOWN-FIELD", did_you_mean(attr, known))

    def e_Attr(self, e):
        self._check_attr(e.attr, self.place(e))
        self.expr(e.obj)
        static = self.static_type(e.obj)
        if static in ("a number", "a string", "a truth value"):
            self.c.error(self.place(e), f"{static} has no field `{e.attr}`", "E-TYPE",
                         "fields are read from a card, a player or a zone")

    def _items_of(self, e, what: str) -> None:
        """What `for`, a choice and `in` go over is a list or a zone: a number, a text, a truth value, a card
        or a player known before play is refused."""
        given = self.said(e)
        if given in ("a number", "a string", "a truth value", "a card", "a player"):
            self.c.error(self.place(e), f"{what} a list or a zone, not {given}", "E-TYPE")

    def e_Index(self, e):
        if isinstance(e.obj, A.ListExpr) and isinstance(e.index, A.Const) and type(e.index.value) is int \
                and not -len(e.obj.items) <= e.index.value < len(e.obj.items):
            self.c.error(self.place(e.index), f"index {e.index.value} is past the end of a list of "
                         f"{len(e.obj.items)}", "E-INDEX", "the first item is [0], the last [-1]")
        self.expr(e.obj)
        self.expr(e.index)

    def e_ListExpr(self, e):
        for x in e.items:
            self.expr(x)

    def e_BinOp(self, e):
        self.expr(e.left)
        self.expr(e.right)
        if any(isinstance(x, A.Const) and x.value is None for x in (e.left, e.right)):
            self.c.error(self.place(e), f"`{e.op}` is not done with none", "E-TYPE",
                         "test for it first: `if x != none { ... }`")
        if e.op in ("/", "%") and isinstance(e.right, A.Const) and e.right.value == 0 and type(e.right.value) is int:
            self.c.error(self.place(e.right), f"`{e.op}` by 0: a number cannot be divided by zero", "E-VALUE")
        if e.op == "+" and {self.static_type(e.left), self.static_type(e.right)} == {"a number", "a string"}:
            self.c.error(self.place(e), "a number and a string cannot be added", "E-TYPE",
                         'a number goes into a text as a hole: "coins: {p.coins}"')

    def e_Compare(self, e):
        self._check_card_id(e)
        self._check_compared_value(e)
        self._check_never_equal(e)
        if e.op in ("<", "<=", ">", ">="):
            for side in (e.left, e.right):
                k = self.kind(side) or ("zone" if self.static_type(side) == "zone" else None)
                if k is not None:
                    what = {"piece": "cards", "player": "players", "zone": "zones"}.get(k, "lists")
                    self.c.error(self.place(side), f"{what} cannot be compared with `{e.op}`", "E-TYPE",
                                 "compare a number of theirs: `a.cost > b.cost`")
                    break
        self.expr(e.left)
        self.expr(e.right)

    def _check_card_id(self, e):
        """`c.id == "name"`: the name must be a card of the game (a mod that names a missing card is refused)."""
        if e.op not in ("==", "!="):
            return
        ids = self.names.card_ids
        for attr, const in ((e.left, e.right), (e.right, e.left)):
            if isinstance(attr, A.Attr) and attr.attr == "id" and isinstance(const, A.Const) \
                    and isinstance(const.value, str) and ids and const.value not in ids:
                self.c.error(self.place(const), f"no card has the id `{const.value}`", "E-UNKNOWN-CARD",
                             did_you_mean(const.value, ids))

    # sorts that `==` may find equal (true == 1), said as one
    _SAME_SORT = {"a truth value": "a number", "a list of cards": "a list", "a list of players": "a list"}

    def _sort(self, e):
        """What a side of `==` is, if known: two sides of different sorts are never equal."""
        sort = self.said(e)
        if sort is None and isinstance(e, A.Attr) and e.attr in self.names.field_enums \
                and self.kind(e.obj) == "piece" and e.attr not in self.names.expression_hooks:
            return "a string"  # an enum field: one of its values, a text
        return self._SAME_SORT.get(sort, sort)

    def _check_never_equal(self, e):
        """`c == "red_one"` (a card and a text), `me.coins == "3"`: sides of two sorts are never equal, so the
        test is always false (`!=` always true); comparing with `none` is a test of presence, and passes."""
        if e.op not in ("==", "!="):
            return
        a, b = self._sort(e.left), self._sort(e.right)
        if a is not None and b is not None and a != b:
            said = "false" if e.op == "==" else "true"
            self.c.error(self.place(e), f"{a} is never equal to {b}: `{e.op}` here is always {said}", "E-TYPE",
                         "compare a card's or a player's own field: `c.id == \"red_one\"`, `p.name == \"Ann\"`"
                         if "a card" in (a, b) or "a player" in (a, b) else "")

    def _check_compared_value(self, e):
        """`options.boss == "stonkosarus"`: the text must be one of the option's values (a mod's among them);
        `c.colour == "rde"`: one of the enum's values, for a field every kind declares of that enum."""
        if e.op not in ("==", "!="):
            return
        n = self.names
        enums = getattr(n, "field_enums", {})
        for attr, const in ((e.left, e.right), (e.right, e.left)):
            if isinstance(attr, A.Attr) and attr.attr in enums and isinstance(const, A.Const) \
                    and isinstance(const.value, str) and const.value not in enums[attr.attr] \
                    and attr.attr not in n.player_vars and attr.attr not in n.player_counters:
                self.c.error(self.place(const), f"`{attr.attr}` is never `{const.value}`", "E-TYPE",
                             did_you_mean(const.value, enums[attr.attr]) or f"its values: {', '.join(enums[attr.attr])}")
        kinds = sorted(n.kind_names)
        for attr, const in ((e.left, e.right), (e.right, e.left)):
            if kinds and isinstance(attr, A.Attr) and attr.attr == "kind" and "kind" not in n.card_fields \
                    and isinstance(const, A.Const) and isinstance(const.value, str) and const.value not in kinds \
                    and self.kind(attr.obj) == "piece":
                self.c.error(self.place(const), f"no kind `{const.value}`: a card's `kind` is never it", "E-TYPE",
                             did_you_mean(const.value, kinds) or f"the kinds: {', '.join(kinds)}")
        values = getattr(n, "option_values", {})
        for attr, const in ((e.left, e.right), (e.right, e.left)):
            if isinstance(attr, A.Attr) and isinstance(attr.obj, A.Name) and attr.obj.id == "options" \
                    and attr.attr in values and isinstance(const, A.Const) and isinstance(const.value, str) \
                    and const.value not in values[attr.attr]:
                self.c.error(self.place(const), f"option `{attr.attr}` has no value `{const.value}`", "E-OPTION",
                             did_you_mean(const.value, values[attr.attr])
                             or f"its values: {', '.join(values[attr.attr])}")

    def e_BoolOp(self, e):
        for v in e.values:
            self.cond(v)

    def e_Not(self, e):
        self.cond(e.operand)

    def e_Neg(self, e):
        self.expr(e.operand)
        static = self.static_type(e.operand)
        if static in ("a string", "a truth value", "zone") or isinstance(e.operand, A.Const) and e.operand.value is None:
            shown = "none" if static is None else "a zone" if static == "zone" else static
            self.c.error(self.place(e), f"`-` negates a number, not {shown}", "E-TYPE")

    def e_IfExpr(self, e):
        self.expr(e.then)
        self.cond(e.test)
        self.expr(e.orelse)

    def _bound(self, var, e, visit=None, kind=None):
        """Resolve `e` (with `visit`, else as a value) with `var` bound per item (a pure context); `kind`:
        what it holds for sure."""
        saved_pure, had, was = self.pure, var in self.lazy, self.kinds.get(var)
        self.pure = True
        self.lazy.add(var)
        self._set_kind(var, kind)
        try:
            (visit or self.expr)(e)
        finally:
            self.pure = saved_pure
            if not had:
                self.lazy.discard(var)
            self._set_kind(var, was)

    def _per_item(self, var, e, visit, kind=None):
        """A choice's per-item clause: the item is both the choice's variable and `it`."""
        saved, saved_kinds = set(self.lazy), dict(self.kinds)
        self.lazy.add("it")
        self._set_kind("it", kind)
        try:
            self._bound(var, e, visit, kind=kind)
        finally:
            self.lazy, self.kinds = saved, saved_kinds

    def e_Filter(self, e):
        self.expr(e.items)
        self._bound("it", e.cond, self.cond, self.items_kind(e.items))

    def e_Each(self, e):
        self.expr(e.items)
        self._bound(e.var, e.cond, self.cond, self.items_kind(e.items))

    def e_Choose(self, e):
        if self.pure:
            self.c.error(self.place(e), "a choice cannot be made here (inside `where`, a per-item argument or an "
                         "expression)", "E-IMPURE")
        self.expr(e.items)
        self._items_of(e.items, "a choice is made from")
        if e.var is not None and (e.var in self.locals or e.var in self.lazy):
            held = said(*self.types(A.Name(e.var))[:2])  # what the name held before (types: memo not read)
            if held is not None and held not in ("a card", "a player"):  # a card bound again is a habit
                self.c.error(self.place(e), f"`{e.var}` is already {held} here: `choose "
                             f"{e.var} from` names each item offered, it does not count them", "E-TYPE",
                             f"to choose that many, write `choose ({e.var}) from ...`; to name the item, a new name: "
                             "`choose c from ...`")
        var = e.var or "it"
        kind = self.items_kind(e.items)
        if e.cond is not None:
            self._per_item(var, e.cond, self.cond, kind)
        if e.by is not None:
            self.expr(e.by)
            self._chooser(e.by)
        elif self.nobody:
            self._nobody_chooses(e)
        self.prompt(e.prompt)
        if e.count is not None:
            self.expr(e.count)
            held = self.said(e.count)
            if held not in (None, "a number"):
                self.c.error(self.place(e.count), f"a choice of several is given a number of items, not {held}",
                             "E-TYPE")
        if e.label is not None:
            self._per_item(var, e.label, self.expr, kind)
        self.seen(e.seen)
        if e.decline is not None:
            if e.kind != "optional":
                self.c.error(self.place(e.decline), "only `choose optional` offers to pick nothing: `else` names "
                             "that option, and this choice has none", "E-SYNTAX",
                             "to let the player pick nothing, `choose optional ...`; otherwise drop the `else`")
            self.expr(e.decline)

    def e_Call(self, e):
        p = self.place(e)
        names = self.names
        f = e.func
        self.c.used.add(f)
        if f in names.procedures:
            self.binds[id(e)] = "procedure"
            if self.pure:
                self.c.error(p, f"procedure `{f}` cannot be called here (only in effects, not in expressions)",
                             "E-IMPURE")
            self._args(e, names.procedures[f], p, f)
            return
        if f in names.functions:
            self.binds[id(e)] = "value" if f in names.values else "function"
            self._args(e, names.functions[f], p, f)
            return
        verb = REGISTRY.get(f)
        if verb is None:
            cands = set(REGISTRY) | set(names.procedures) | set(names.functions)
            self.c.error(p, f"unknown verb or procedure `{f}`", "E-UNKNOWN-NAME", did_you_mean(f, cands))
            return
        self.binds[id(e)] = "verb"
        n = len(e.args)
        if n < verb.min_args or (verb.max_args is not None and n > verb.max_args):
            want = str(verb.min_args) if verb.min_args == verb.max_args else f"{verb.min_args} to {verb.max_args}"
            self.c.error(p, f"`{f}` takes {want} argument(s), not {n}", "E-ARITY", f"example: {verb.example}")
        for k in e.kwargs:
            if "*" not in verb.kwargs and k not in verb.kwargs:
                self.c.error(p, f"`{f}` has no argument named `{k}`", "E-ARITY",
                             did_you_mean(k, verb.kwargs) or f"example: {verb.example}")
        self._check_types(verb, e)
        if verb.more_of:
            self._check_more(verb, e)
        if verb.values and len(e.args) == 2:  # the values per item, `it` bound to each item
            if f == "distinct" and self._a_list(e.args[1]):
                self.c.warn(self.place(e.args[1]), "`distinct` of lists: two lists are one value when they hold "
                            "the same items in the same order", "W-READING",
                            "to count different items, gather them first: `distinct(gather(SOURCE, LIST), it)`")
            self._bound("it", e.args[1], kind=self.items_kind(e.args[0]))
            self.expr(e.args[0])
        else:
            for i, a in enumerate(e.args):
                if i in verb.lazy:
                    self._bound("it", a)
                else:
                    self.expr(a)
            for v in e.kwargs.values():
                self.expr(v)
        if verb.fires and self.pure and not verb.narrates:
            self.c.error(p, f"`{f}` cannot be used here (only in effects, not in expressions)", "E-IMPURE")

    def _a_list(self, e) -> bool:
        """Whether an expression gives a list or a zone for sure, read by its shape: a list written out, or a
        field that only zones or list fields have."""
        if type(e) is A.ListExpr:
            return True
        if type(e) is A.Attr:
            n = self.names
            return (e.attr in n.player_zones and e.attr not in n.card_fields) or n.field_types.get(e.attr) == "list"
        return False

    def _args(self, e, params, p, f):
        if len(e.args) > len(params):
            self.c.error(p, f"`{f}` takes {len(params)} argument(s), not {len(e.args)}", "E-ARITY")
        nodes = dict(zip(params, e.args, strict=False))  # too many arguments: reported above
        for k, v in e.kwargs.items():
            if k not in params:
                self.c.error(p, f"`{f}` has no parameter `{k}`", "E-ARITY", did_you_mean(k, params))
            elif k in nodes:
                self.c.error(p, f"`{f}`: parameter `{k}` given twice", "E-ARITY")
            else:
                nodes[k] = v
        missing = [x for x in params if x not in nodes]
        if missing:
            self.c.error(p, f"`{f}` is missing argument(s): {', '.join(missing)}", "E-ARITY")
        sites = self.c.sites
        for x in params:  # what each parameter is given here, for Checker.type_parameters
            a = nodes.get(x)
            kind = self.kind(a) if a is not None else None
            if kind is None and a is not None and self.static_type(a) == "zone":
                kind = "zone"
            if kind is None and isinstance(a, A.Name) and a.id in self.fixed and a.id not in self.lazy:
                kind = (self.name, a.id)  # this body's own parameter: whatever it is given
            sites.setdefault((f, x), []).append(kind)
            self.c.given.setdefault((f, x), set()).add(self.static_type(a) if a is not None else None)
        for v in nodes.values():
            self.expr(v)

    _STATIC = {"zone": "zone", "a number": "number", "a string": "text", "a truth value": "truth value"}
    # what an expression holds for sure (its kind) -> the type word a parameter must take for it, as it is said
    _KINDS = {"piece": "card", "player": "player", "pieces": "list", "players": "list"}
    _NAMED = {"event": ("events", "unknown event `{}`", "E-UNKNOWN-EVENT"),
              "value": ("values", "unknown value `{}`", "E-UNKNOWN-NAME"),
              "option": ("options", "unknown option `{}`", "E-UNKNOWN-NAME"),
              "effect hook": (("effect_hooks",), "no card kind has a hook `{}`", "E-UNKNOWN-NAME"),
              "expression hook": (("expression_hooks",), "no card kind has an expression hook `{}`", "E-UNKNOWN-NAME"),
              "hook": (("effect_hooks", "expression_hooks"), "no card kind has a hook `{}`", "E-UNKNOWN-NAME")}

    def _nobody_chooses(self, node) -> None:
        self.c.error(self.place(node), "a choice here needs `by`: setup, the phases of the round and `finish` are "
                     "nobody's turn", "E-UNKNOWN-NAME", "`choose ... by p`, `ask by p \"...\" { ... }`")

    def _chooser(self, by) -> None:
        """`by`: a choice is made by a player (runtime.decisions says so in play when it is known only there)."""
        given = self.said(by)
        if given and given != "a player":
            self.c.error(self.place(by), f"a choice is made by a player, not {given} (`by`)", "E-TYPE")

    def _check_types(self, verb, e):
        """Each argument against its parameter in the registry: a type known without running it must be one
        the parameter takes, and a text that names one of the game's events, values, hooks or options (as the
        parameter says) must name one."""
        given = [(verb.param(i), a) for i, a in enumerate(e.args)] + [(verb.param(k), a) for k, a in e.kwargs.items()]
        for param, a in given:
            if param is None:
                continue
            t = self.static_type(a)
            kind = None if t in self._STATIC else self.kind(a)
            word = self._STATIC[t] if t in self._STATIC else self._KINDS.get(kind)
            shown = said(kind, t)
            if word is not None and word not in param.accepts():
                hint = "a player (`me`, a loop's `p`...), not its name" \
                    if "player" in param.accepts() and word == "text" else None
                self.c.error(self.place(a), f"`{verb.name}` wants {_a(param.type)} here, not {shown}", "E-TYPE", hint)
            if param.names is not None and isinstance(a, A.Const) and isinstance(a.value, str):
                self._check_named(param.names, a)
            if param.choices and isinstance(a, A.Const) and isinstance(a.value, str) and a.value not in param.choices:
                self.c.error(self.place(a), f"`{verb.name}`'s `{param.name}` is {_choices(param.choices)}, not "
                             f'"{a.value}"', "E-VALUE", did_you_mean(a.value, param.choices))

    _PARAMS_OF = {"event": "events", "value": "values"}  # the NameTable's {name: its parameters}, by what is named

    def _check_more(self, verb, e):
        """The other named arguments of a verb whose signature says `**name of P`: each a parameter of the event
        or value the argument P names, when P is written as it is (else it is known only in play)."""
        at = next(i for i, p in enumerate(verb.positional) if p.name == verb.more_of)
        a = e.args[at] if at < len(e.args) else None
        what = verb.positional[at].names
        params = getattr(self.names, self._PARAMS_OF[what]).get(a.value) \
            if isinstance(a, A.Const) and isinstance(a.value, str) else None
        if params is None:  # not written as it is, or unknown (said by _check_named)
            return
        for k, v in e.kwargs.items():
            if k not in verb.kwargs and k not in params:
                self.c.error(self.place(v), f"{what} `{a.value}` has no parameter `{k}`", "E-ARITY",
                             did_you_mean(k, params) or f"its parameters: {', '.join(params) or 'none'}")
        missing = [k for k in params if k not in e.kwargs] if what == "event" else []
        if missing:  # its handlers would read none for it
            self.c.error(self.place(e), f"event `{a.value}` is fired without its parameter(s) "
                         f"{', '.join(f'`{k}`' for k in missing)}", "E-ARITY",
                         f"emit(\"{a.value}\", {', '.join(f'{k}=...' for k in params)})")

    def _check_named(self, what, a):
        where, message, code = self._NAMED[what]
        n = self.names
        if what == "effect hook" and a.value in n.expression_hooks and a.value not in n.effect_hooks:
            self.c.used.add(a.value)
            self.c.error(self.place(a), f"`{a.value}` is an expression hook, not an effect hook", "E-TYPE",
                         f"read it as a field: `c.{a.value}` (or `value_of(c, \"{a.value}\", p)` for another player)")
            return
        known = set().union(*(getattr(n, w) for w in where)) if isinstance(where, tuple) else getattr(n, where)
        self.c.used.add(a.value)
        if a.value not in known:
            self.c.error(self.place(a), message.format(a.value), code, did_you_mean(a.value, known))


# each construct's method, by the node's class: "s_" + its name for a statement, "e_" + its name for an expression
_VISIT = {cls: getattr(Resolver, f"{prefix}{cls.__name__}")
          for cls in vars(A).values() if isinstance(cls, type) and issubclass(cls, A.Node)
          for prefix in ("s_", "e_") if hasattr(Resolver, f"{prefix}{cls.__name__}")}
