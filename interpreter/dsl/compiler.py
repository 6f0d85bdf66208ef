"""Compiles effect-language syntax trees to Python source, run once per game with exec.

Every body becomes a plain Python function in one generated module (a decision waits where it is asked:
Match.wait). Content names are prefixed `v_` and field
access goes through runtime.ops.get, so content can reach nothing but the game's own data. Each generated
line remembers the content place it came from, so a runtime failure names the file, line and column.
"""
from __future__ import annotations

from ..errors import ContentError, Diagnostic, Place, RuntimeContentError, did_you_mean
from ..runtime import counters, decisions, ops
from ..runtime.match import DEPTH_BUDGET, STEP_BUDGET
from ..runtime.state import Piece, Player, Zone, own_fields
from ..runtime.verbs import REGISTRY, GameOver
from . import ast as A
from . import disk_cache
from .names import NameTable
from .parser import Origin

_OPS = {"+": "ADD", "/": "DIV", "%": "MOD", "*": "MUL"}
_CMP = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
# what a card's own attributes read (as ops.get reads them), for a card known to be one; a piece always lies in a zone
_PIECE_READS = {"name": "{}.card.name", "id": "{}.card.id", "kind": "{}.card.kind", "uid": "{}.uid",
                "owner": "{}.zone.owner", "zone": "{}.zone.name"}


# What Python can compile: it allows 20 nested loops and `try`s in a function (a procedure's budget takes
# one) and recursion runs out near a thousand frames. Deeper content is an error with its place.
MAX_LOOPS = 12  # loops inside loops
MAX_NESTING = 60  # expressions inside expressions (as deep as parser.MAX_DEPTH lets brackets go)


class _TooDeep(Exception):
    def __init__(self, node, message):
        self.node, self.message = node, message


class Compiler:
    def __init__(self, names: NameTable):
        self.names = names
        self.lines: list[str] = []
        self.line_map: dict[int, Place] = {}
        self.diags: list[Diagnostic] = []
        self.count = 0
        self.ns: dict | None = None
        self.used: set[str] = set()  # names content refers to: for warnings about unused definitions
        self.recursive: set[str] = set()  # procedures that may run inside themselves (plan_procedures)
        self.sites: dict = {}  # (procedure or function, parameter) -> what each call gives it (_Body._args)
        self.function_exprs: dict = {}  # content function -> (its expression, its parameters): see result()
        self._results: dict = {}  # (content function, its arguments' kinds) -> what it gives (result)
        self.made: list = []  # the procedures and functions compiled, to compile again with typed parameters
        self.attributes = names.attributes()  # every field name content may read (the names are complete here)

    def plan_procedures(self, bodies: dict, hooks: str = "") -> None:
        """Finds the procedures that may run inside themselves, which count their nesting (effect): those that
        call themselves by name, through others or not, and those that may fire an event or run a card's hook
        (`emit`, `run`, a counter that fires) while an event's handler or a card's text may call them back.
        `hooks`: the text of every handler and card, where such calls would be written."""
        firing, calls = set(), {k: set() for k in bodies}
        for k, stmts in bodies.items():
            for n in A.walk(stmts or []):
                if isinstance(n, A.Call) and n.func in bodies:
                    calls[k].add(n.func)
                elif self._may_fire(n):
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
        """What a content function gives for sure when its arguments hold what `given` says (a kind of
        `_Body.kind` per parameter, or None): (the kind of its expression, e.g. "pieces" for `p.city where not
        it.destroyed`; its static type, e.g. "zone"), each None when not known, and both while it is being
        found (a function that calls itself)."""
        key = (name, given)
        if key not in self._results:
            self._results[key] = (None, None)
            expr, params = self.function_exprs.get(name, (None, ()))
            if expr is not None:
                body = _Body(self, None, set(params), pure=True, kinds={p: k for p, k in zip(params, given, strict=True) if k})
                self._results[key] = (body.kind(expr), body.static_type(expr))
        return self._results[key]

    def _fires(self, n) -> bool:
        """Whether an assignment may fire events (a counter with a wrap or thresholds)."""
        t, names = n.target, self.names
        if isinstance(t, A.Name):
            spec = names.global_counters.get(t.id)
        elif isinstance(t, A.Attr):
            spec = names.player_counters.get(t.attr)
        else:
            return False
        return spec is not None and not _quiet(spec)

    def _may_fire(self, n) -> bool:
        """Whether a node may run content of its own: fire an event, run a card's hook (or call what is not
        known to be a function)."""
        if isinstance(n, A.Call):
            verb = REGISTRY.get(n.func)
            return n.func not in self.names.functions and (verb is None or verb.fires)
        return isinstance(n, A.Assign) and self._fires(n)

    # ---- bodies
    def effect(self, stmts: list, origin: Origin, params=(), event_params=(), procedure=None, kinds=None,
               this_piece=False) -> str:
        """A statement body -> name of a function (M, me, this, *params). A decision in it waits where it is
        asked (Match.wait), so every body is a plain function.

        A procedure (named by `procedure`) that may recurse counts its nesting against the match's depth
        budget, so endless recursion in content is a content error with a place, not a crash. `kinds`: what
        its parameters hold for sure (type_parameters); `this_piece`: a card's own body, `this` its piece."""
        name = procedure
        if procedure not in self.recursive:
            procedure = None  # its nesting is bounded: nothing to count
        fname = self._fresh("f")
        if name is not None and kinds is None:
            self.made.append(("P", name, stmts, origin, params, fname))
        sig = ", ".join(["M", "me", "this"] + [f"v_{p}" for p in params])
        if event_params:
            sig += ", **P"
        self._emit(0, f"def {fname}({sig}):", origin.place)
        body = _Body(self, origin, set(params) | set(event_params), pure=False, name=name,
                     this_piece=this_piece)
        bound = _bindings(stmts)
        body.fixed = {x for x in params if x not in bound}
        body.kinds.update((x, k) for x, k in (kinds or {}).items() if x in body.fixed)
        body.once = {x for x, n in bound.items() if n == 1}
        for p in event_params:
            body.line(1, f"v_{p} = P.get({p!r})", origin.place)
        if "player" in event_params and "player" not in bound:
            body.kinds["player"] = "player"  # an event's `player` is a player or none (runtime.events.emit)
        ind = 1
        body.count_line()
        if procedure:
            body.line(1, "M.depth += 1", origin.place)
            body.line(1, "if M.depth > DEPTH: M.too_deep()", origin.place)
            body.line(1, "try:", origin.place)
            ind = 2
        body.within_limits(body.stmts, stmts, ind)
        body.count_runs()
        if procedure:
            body.line(1, "finally:", origin.place)
            body.line(2, "M.depth -= 1", origin.place)
        return fname

    def expression(self, expr: A.Node, origin: Origin, params=(), function=None, kinds=None,
                   this_piece=False) -> str:
        """An expression -> name of a plain function (M, me, this, *params). `function`: the content
        function it is; `kinds`: what its parameters hold for sure (type_parameters); `this_piece`: a card's
        own expression, `this` its piece."""
        fname = self._fresh("x")
        if function is not None and kinds is None:
            self.made.append(("F", function, expr, origin, params, fname))
        sig = ", ".join(["M", "me", "this"] + [f"v_{p}" for p in params])
        self._emit(0, f"def {fname}({sig}):", origin.place)
        body = _Body(self, origin, set(params), pure=True, kinds=kinds, name=function,
                     this_piece=this_piece)
        body.fixed = set(params)
        body.count_line()
        body.first(expr, 1, body.place(expr))
        code = body.within_limits(body.expr, expr)
        body.line(1, f"return {code}", body.place(expr))
        body.count_runs()
        return fname

    def type_parameters(self) -> dict:
        """What each parameter of a procedure or function holds for sure, from what every call in the
        content gives it: {(name, parameter): a kind of `_Body.kind`}. A parameter given a player at every
        call (or its caller's own parameter, itself a player for sure) is read with no test of its type.
        Only calls in the content count: a tool calling a procedure itself (interpreter.testing) must give
        what the content gives."""
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

    def _retype(self) -> dict:
        """Compiles again, with their parameters' kinds, the procedures and functions that have typed ones;
        {old function: new}. Their diagnostics were given the first time."""
        kinds = self.type_parameters()
        if not kinds:
            return {}
        again, diags = {}, len(self.diags)
        for what, name, tree, origin, params, old in self.made:
            mine = {x: kinds[(name, x)] for x in params if (name, x) in kinds}
            if not mine:
                continue
            if what == "P":
                again[old] = self.effect(tree, origin, params, procedure=name, kinds=mine)
            else:
                again[old] = self.expression(tree, origin, params, function=name, kinds=mine)
        del self.diags[diags:]
        return again

    def finish(self, filename: str = "<meeple>") -> dict:
        """The generated code, made Python and run: its functions by name. A match places a failure by the lines
        of the code named `<meeple>` (its game's); code compiled apart (a scenario's) is named otherwise."""
        again = self._retype()
        src = "\n".join(self.lines) + "\n"
        ns = {"__builtins__": {}}
        ns.update(_runtime_namespace(self.names))
        try:
            code = disk_cache.compiled(src, filename)  # generated from checked trees, never from raw content
        except (SyntaxError, RecursionError, MemoryError, ValueError) as e:  # a limit the checks above missed
            line = getattr(e, "lineno", None)
            place = self.line_map.get(line, Place("<meeple>")) if line else Place("<meeple>")
            raise ContentError([Diagnostic(place, f"too complex to compile: {type(e).__name__}: {e}",
                                           "E-DSL-DEPTH")]) from None
        exec(code, ns)
        for old, new in again.items():
            ns[old] = ns[new]
        self.ns = ns
        self.source = src
        return ns

    # ---- helpers
    def _fresh(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def _emit(self, indent: int, text: str, place: Place) -> None:
        self.lines.append("    " * indent + text)
        self.line_map[len(self.lines)] = place

    def error(self, place: Place, message: str, code: str, hint: str = "") -> None:
        self.diags.append(Diagnostic(place, message, code, "error", hint))


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


def _runtime_namespace(names: NameTable) -> dict:
    ns = {
        "G": ops.get, "GF": ops.get_card_field, "GC": ops.get_counter, "ITEMS": ops.items, "EACH": ops.each_item, "EACHZ": ops.each_of_zone, "SNAP": ops.snapshot, "ADD": ops.add, "SUB": ops.sub, "NEG": ops.neg, "NUM": ops.number, "DIV": ops.div, "MOD": ops.mod,
        "MUL": ops.mul, "FIELD": ops.field_checked, "IN": ops.contains, "IDX": ops.index, "TXT": ops.text,
        "CHOOSE": decisions.choose, "CHOOSE_ONE": decisions.ask_one, "ASK": decisions.ask_menu, "SET": _set, "SETG": _set_global, "OWN": own_fields,
        "GameOver": GameOver, "Player": Player, "Piece": Piece, "Zone": Zone, "type": type, "int": int, "len": len, "any": any, "bool": bool, "STEPS": STEP_BUDGET, "sum": sum, "DEPTH": DEPTH_BUDGET, "K": dict(names.constants), "range": range, "max": max, "min": min,
    }
    for name, verb in REGISTRY.items():
        ns[f"V_{name}"] = verb.impl
    return ns


def _set(M, obj, name, op, value):
    """`obj.name op value` for a player's counter or var, or a card's field."""
    if type(obj) is Player:
        spec = M.game.player_counters.get(name)
        if spec is not None:
            counters.change(M, obj, spec, obj.counters, op, value)
            return
        if name in obj.vars:
            obj.vars[name] = _combine(obj.vars[name], op, value)
            return
        raise RuntimeContentError(f"a player has no counter or var `{name}` to set")
    if type(obj) is Piece:
        v = _combine(obj.f.get(name), op, value)
        ftype = M.game.field_types.get(name)
        own_fields(obj)[name] = v if ftype is None else ops.field_checked(name, ftype, v)
        return
    raise RuntimeContentError(f"cannot set `{name}` on {ops.describe(obj)}")


def _set_global(M, name, op, value):
    spec = M.game.counters.get(name)
    if spec is not None:
        counters.change(M, None, spec, M.counters, op, value)
        return
    M.vars[name] = _combine(M.vars[name], op, value)


def _combine(old, op, value):
    if op == "=":
        return value
    if op == "+=":
        return ops.add(old, value)
    if isinstance(old, list):
        return [x for x in old if x not in ops.items(value)]
    return ops.sub(old, value)


def _quiet(spec) -> bool:
    """A counter whose changes fire no event."""
    return not (spec.wrap or spec.thresholds or spec.on_wrap or spec.on_wrap_back or spec.on_threshold)


def _bindings(stmts) -> dict:
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


def _head(e, names):
    """The `where` or `each` an expression evaluates before anything else, if any: through the left of a
    comparison, the first of `and`/`or`, `not`, and the first argument of a call (of a verb that takes it
    as a value; not one that `narrates`, run only when someone reads the account). Else a fold of a verb's
    values (`sum`) over a list it does not build itself (e_Call writes the fold out, when it can)."""
    while True:
        if isinstance(e, (A.Filter, A.Each)):
            return e
        verb = _builtin_verb(e, names)
        if verb is not None and verb.fold is not None and len(e.args) == 2 and not e.kwargs \
                and _head(e.args[0], names) is None:
            return e
        if isinstance(e, A.Compare):
            e = e.left
        elif isinstance(e, A.BoolOp):
            e = e.values[0]
        elif isinstance(e, A.Not):
            e = e.operand
        elif isinstance(e, A.Call) and e.args and (
                e.func in names.procedures or e.func in names.functions
                or (verb is not None and not verb.narrates and 0 not in verb.lazy)):
            e = e.args[0]
        else:
            return None


def _builtin_verb(e, names):
    """The registry's verb a call calls (not a procedure or function of the game's of the same name), or None."""
    if type(e) is not A.Call or e.func in names.procedures or e.func in names.functions:
        return None
    return REGISTRY.get(e.func)


def _a(type_words: str) -> str:
    """A parameter's type as a sentence says it: "a zone or a list"."""
    return " or ".join(("an " if w[0] in "aeiou" else "a ") + w for w in type_words.split(" or "))


def _is_none(e) -> bool:
    return isinstance(e, A.Const) and e.value is None


def _is_truth(e) -> bool:
    if isinstance(e, (A.Compare, A.Not, A.BoolOp)):  # and/or join conditions (each through cond): a truth value
        return True
    return isinstance(e, A.Const) and isinstance(e.value, bool)


class _Body:
    """Generates one function body; knows its locals and what they hold."""

    def __init__(self, comp: Compiler, origin: Origin, params: set, pure: bool,
                 kinds: dict | None = None, name: str | None = None,
                 this_piece: bool = False):
        self.c = comp
        self.origin = origin
        self.locals = set(params)
        self.pure = pure
        self.lazy = set()  # names bound inside comprehensions / lambdas
        self.kinds = dict(kinds or {})  # name -> what it holds for sure where it is read ("piece", "player")
        self.name = name  # the procedure or function compiled, if any
        self.fixed: set = set()  # its parameters that the body never binds again
        self.once: set = set()  # names a `let` binds, and nothing else binds again
        self.counted: set = set()  # such names holding a `where`/`each` counted once per run (recounted)
        self.runs = 0  # the bodies it may run, site by site (count_runs)
        self._count_at = 0  # the line that counts the body's runs, if it must (count_runs)
        if this_piece:  # a card's own body: `this` is its piece (runtime.events, verbs.run, ops.get, modifiers)
            self.kinds["this"] = "piece"
        self.loop = 0
        self.nesting = 0
        self.head = None  # (the `where`/`each` a statement evaluates first, its indent, its place): see first()

    def count_line(self) -> None:
        """Where the body counts its runs (count_runs): the line after its `def`, left empty if it need not."""
        self.line(1, "", self.origin.place)
        self._count_at = len(self.c.lines) - 1

    def count_runs(self) -> None:
        """A body that may run two other bodies or more counts a step against the match's budget each time it
        runs, as a loop's pass does: procedures calling each other twice over, or events firing each other,
        would otherwise run 2^60 bodies without a single loop. A call of a procedure or a function, or a
        card's hook run, is one body; an event (`emit`, a counter that fires) runs every handler of it, and a
        value its base and every card's modifier, so each counts as two. A body that runs at most one other does not count: a chain of them is bounded by
        the depth of nesting (procedures' depth budget, Python's recursion for the rest), and a call inside a
        loop or over a list's items is counted with the loop's passes or the items."""
        if self.runs >= 2:
            self.c.lines[self._count_at] = "    M.steps += 1; M.steps > STEPS and M.tick()"

    def first(self, e, ind, p) -> None:
        """Before a statement's expression `e` is compiled: the list expression it evaluates before anything
        else, if any, gets its items counted by lines written before the statement (see _source)."""
        self.head = (_head(e, self.c.names), ind, p)

    def within_limits(self, fn, *args):
        """fn(*args), or an error (E-DSL-DEPTH) at the construct nested past MAX_LOOPS or MAX_NESTING."""
        try:
            return fn(*args)
        except _TooDeep as e:
            self.c.error(self.place(e.node), e.message, "E-DSL-DEPTH", "split it with `let` or a procedure")
            return "None"

    def place(self, node) -> Place:
        return self.origin.at(node.line, node.col)

    def line(self, indent, text, place) -> None:
        self.c._emit(indent, text, place)

    # ---- statements
    def stmts(self, stmts, ind) -> None:
        if not stmts:
            self.line(ind, "pass", self.origin.place)
        for s in stmts:
            self.stmt(s, ind)

    def stmt(self, s, ind) -> None:
        p = self.place(s)
        m = getattr(self, "s_" + type(s).__name__)
        m(s, ind, p)

    def s_Let(self, s, ind, p):
        if s.name in NameTable.BUILTIN_NAMES or s.name == "it":
            self.c.error(p, f"`{s.name}` is a reserved name", "E-RESERVED")
        self.first(s.value, ind, p)
        code = self.expr(s.value)
        self.locals.add(s.name)
        if s.name in self.once:
            self._set_kind(s.name, self.kind(s.value))
            if self.loop == 0 and isinstance(s.value, (A.Filter, A.Each)):
                self.counted.add(s.name)
        self.line(ind, f"v_{s.name} = {code}", p)

    def s_Assign(self, s, ind, p):
        if self.c._fires(s):
            self.runs += 2  # its events' handlers run
        value = self.expr(s.value)
        t = s.target
        if isinstance(t, A.Name):
            if t.id in self.locals:
                if s.op == "=":
                    self.line(ind, f"v_{t.id} = {value}", p)
                elif s.op == "+=":
                    self.line(ind, f"v_{t.id} = ADD(v_{t.id}, {value})", p)
                else:
                    self.line(ind, f"v_{t.id} = SUB(v_{t.id}, {value})", p)
            elif t.id in self.c.names.global_counters or t.id in self.c.names.global_vars:
                self.c.used.add(t.id)
                self._check_number(s, "counter", t.id, t.id in self.c.names.global_counters)
                self.line(ind, f"SETG(M, {t.id!r}, {s.op!r}, {value})", p)
            elif t.id in self.c.names.constants or t.id in self.c.names.BUILTIN_NAMES:
                what = "a constant" if t.id in self.c.names.constants else "given by the game"
                self.c.error(p, f"`{t.id}` is {what}: it cannot be changed", "E-ASSIGN",
                             "a global var can be: `vars: {NAME: VALUE}` in game.yaml" if what == "a constant" else "")
            else:
                self._unknown(t.id, p, "a local name, a global counter or a global var")
            return
        if isinstance(t, A.Attr):
            self._check_attr(t.attr, self.place(t))
            obj = self.expr(t.obj)
            n = self.c.names
            spec = n.player_counters.get(t.attr)
            self._check_number(s, "counter" if spec is not None else "field", t.attr,
                               (spec is not None and t.attr not in n.card_fields) or n.field_types.get(t.attr) == "int")
            if spec is not None and t.attr not in n.player_vars and (
                    _quiet(spec) or (s.op != "=" and not (spec.wrap and spec.thresholds))):
                self._counter_in_place(ind, p, obj, value, t.attr, s.op, spec, self.kind(t.obj))
                return
            if spec is None and s.op != "-=" and (t.attr in n.card_fields or t.attr in n.player_vars):
                self._field_in_place(ind, p, obj, value, t.attr, s.op)
                return
            self.line(ind, f"SET(M, {obj}, {t.attr!r}, {s.op!r}, {value})", p)
            return
        self.c.error(p, "only a name or a field can be assigned to", "E-ASSIGN")

    def _check_number(self, s, what, name, is_number) -> None:
        """`c.cost = "free"`: a text or a truth value given to what holds a number, found before play."""
        t = self.static_type(s.value) if is_number else None
        if t in ("a string", "a truth value"):
            self.c.error(self.place(s.value), f"{what} `{name}` holds a number, not {t}", "E-TYPE")

    def _counter_in_place(self, ind, p, obj, value, name, op, spec, kind=None):
        """A player's counter set by plain arithmetic when nothing can fire: always for a counter with no
        event (bounds inlined); for `+=` / `-=` on a circular track or a threshold counter, when the step
        stays on the track or passes no threshold. Else (or on anything but a player) the setter."""
        tmp, cur, val = self.c._fresh("_p"), self.c._fresh("_c"), self.c._fresh("_v")
        setter = f"SET(M, {tmp}, {name!r}, {op!r}, {val})"
        self.line(ind, f"{tmp} = {obj}", p)
        self.line(ind, f"{val} = {value}", p)
        player = "" if kind == "player" else f"type({tmp}) is Player and "
        self.line(ind, f"if {player}type({val}) is int:", p)
        self.line(ind + 1, f"{cur} = {tmp}.counters", p)
        if _quiet(spec):
            new = self.c._fresh("_n")
            self.line(ind + 1, f"{new} = {val if op == '=' else f'{cur}[{name!r}] {op[0]} {val}'}", p)
            self._clamp(ind + 1, new, spec, p)
            self.line(ind + 1, f"{cur}[{name!r}] = {new}", p)
        else:
            old, new = self.c._fresh("_o"), self.c._fresh("_n")
            self.line(ind + 1, f"{old} = {cur}[{name!r}]", p)
            if spec.wrap:
                self.line(ind + 1, f"{new} = {old} {op[0]} {val}", p)
                quiet = f"0 <= {new} < {spec.wrap!r}"
            else:
                self.line(ind + 1, f"{new} = {old} {op[0]} {val}", p)
                self._clamp(ind + 1, new, spec, p)
                passed = " or ".join(f"{old} < {t!r} <= {new}" for t in spec.thresholds) or "False"
                quiet = f"{new} <= {old} or not ({passed})"
            self.line(ind + 1, f"if {quiet}:", p)
            self.line(ind + 2, f"{cur}[{name!r}] = {new}", p)
            self.line(ind + 1, "else:", p)
            self.line(ind + 2, setter, p)
        self.line(ind, "else:", p)
        self.line(ind + 1, setter, p)

    def _clamp(self, ind, var: str, spec, p) -> None:
        """A counter's new value in `var` brought within its bounds, the lower first (as counters.change does),
        by two tests: Python's min and max parse their arguments as keywords may be given, a call each."""
        if spec.min is not None:
            self.line(ind, f"if {var} < {spec.min!r}: {var} = {spec.min!r}", p)
        if spec.max is not None:
            self.line(ind, f"if {var} > {spec.max!r}: {var} = {spec.max!r}", p)
        # a counter with no bound of its own keeps the bounds of every number (NUM says so)
        if spec.min is None:
            self.line(ind, f"if {var} < {-ops.MAX_INT!r}: NUM({var})", p)
        if spec.max is None:
            self.line(ind, f"if {var} > {ops.MAX_INT!r}: NUM({var})", p)

    def _field_in_place(self, ind, p, obj, value, name, op):
        """`=` or `+=` on a card's field or a player's var, in place (neither fires anything); the setter for
        anything else, which says what is wrong."""
        tmp, val = self.c._fresh("_p"), self.c._fresh("_v")
        self.line(ind, f"{tmp} = {obj}", p)
        self.line(ind, f"{val} = {value}", p)
        kw = "if"
        for kind, where, names in (("Piece", "f", self.c.names.card_fields), ("Player", "vars", self.c.names.player_vars)):
            if name in names:
                new = val if op == "=" else f"ADD({tmp}.{where}.get({name!r}), {val})"
                ftype = self.c.names.field_types.get(name) if kind == "Piece" else None
                if ftype is not None:
                    new = f"FIELD({name!r}, {ftype!r}, {new})"
                self.line(ind, f"{kw} type({tmp}) is {kind}:", p)
                fields = f"OWN({tmp})" if kind == "Piece" else f"{tmp}.vars"  # a piece's own: state.own_fields
                self.line(ind + 1, f"{fields}[{name!r}] = {new}", p)
                kw = "elif"
        self.line(ind, "else:", p)
        self.line(ind + 1, f"SET(M, {tmp}, {name!r}, {op!r}, {val})", p)

    def s_If(self, s, ind, p):
        for i, (test, body) in enumerate(s.branches):
            kw = "if" if i == 0 else "elif"
            if i == 0:
                self.first(test, ind, self.place(test))
            self.line(ind, f"{kw} {self.cond(test)}:", self.place(test))
            self.stmts(body, ind + 1)
        if s.orelse is not None:
            self.line(ind, "else:", p)
            self.stmts(s.orelse, ind + 1)

    def s_For(self, s, ind, p):
        self.first(s.items, ind, p)  # evaluated once, before the first pass
        items = self.expr(s.items)
        self.locals.add(s.var)
        # a copy to loop over, unless nothing else holds the list: the players (they never change), a list
        # built here ([a, b], `xs where c`) or by a verb that gives a new list at each call, a card's list
        # field (no verb changes a list in place: a write puts a new one)
        fresh = items == "M.players" or isinstance(s.items, (A.ListExpr, A.Filter, A.Each)) or self._fresh_call(s.items) \
            or self._field_type(s.items) == "list"
        self.line(ind, f"for v_{s.var} in {items if fresh else f'SNAP({items})'}:", p)
        self._tick(ind + 1, p)
        self._enter_loop(s)
        # over a zone, the variable holds a card in the body (over players, a player), unless the body binds
        # it to something else
        if s.var not in _bindings(s.body):
            self._set_kind(s.var, self.items_kind(s.items))
        self.stmts(s.body, ind + 1)
        self.kinds.pop(s.var, None)  # after the loop: the last item, or what it held before a loop over nothing
        self.loop -= 1

    def _fresh_call(self, e) -> bool:
        n = self.c.names
        return (isinstance(e, A.Call) and e.func not in n.procedures and e.func not in n.functions
                and e.func in REGISTRY and REGISTRY[e.func].fresh)

    def _enter_loop(self, s):
        self.loop += 1
        if self.loop > MAX_LOOPS:
            raise _TooDeep(s, f"loops nested deeper than {MAX_LOOPS}")

    def _tick(self, ind, p):
        """A loop step counted against the match's step budget; the call only when it is spent."""
        self.line(ind, "M.steps += 1", p)
        self.line(ind, "if M.steps > STEPS: M.tick()", p)

    def s_While(self, s, ind, p):
        self.line(ind, f"while {self.cond(s.test)}:", p)
        self._tick(ind + 1, p)
        self._enter_loop(s)
        self.stmts(s.body, ind + 1)
        self.loop -= 1

    def s_Repeat(self, s, ind, p):
        n = self.c._fresh("_n")
        self.line(ind, f"for {n} in range(max(0, min({self.expr(s.count)}, 100000))):", p)
        self._tick(ind + 1, p)
        self._enter_loop(s)
        self.stmts(s.body, ind + 1)
        self.loop -= 1

    def s_Ask(self, s, ind, p):
        offered = self.c._fresh("_o")
        key = self.c._fresh("_k")
        label = self.c._fresh("_l")
        self.line(ind, f"{offered} = []", p)
        for i, opt in enumerate(s.options):
            op = self.place(opt)
            if opt.guard is not None:
                self.line(ind, f"if {self.cond(opt.guard)}:", op)
                self.line(ind + 1, f"{offered}.append({i})", op)
            else:
                self.line(ind, f"{offered}.append({i})", op)
        # the options' labels by key, in one function called only if someone reads them, before the answer
        self.line(ind, f"def {label}(k):", p)
        last = len(s.options) - 1
        for i, opt in enumerate(s.options):
            test = f"if k == {i}: " if i < last else ""
            self.line(ind + 1, f"{test}return {self.text(opt.label)}", self.place(opt))
        by = self.expr(s.by) if s.by is not None else "me"
        prompt = self.prompt(s.prompt)
        self.line(ind, f"{key} = ASK(M, {by}, {prompt}, {offered}, {label}{self.seen(s.seen)})", p)
        for i, opt in enumerate(s.options):
            self.line(ind, f"{'if' if i == 0 else 'elif'} {key} == {i}:", self.place(opt))
            self.stmts(opt.body, ind + 1)

    def s_Return(self, s, ind, p):
        if s.value is not None:
            self.first(s.value, ind, p)
        self.line(ind, f"return {self.expr(s.value) if s.value is not None else 'None'}", p)

    def s_Break(self, s, ind, p):
        if not self.loop:
            self.c.error(p, "`break` outside a loop", "E-SYNTAX")
        self.line(ind, "break", p)

    def s_Continue(self, s, ind, p):
        if not self.loop:
            self.c.error(p, "`continue` outside a loop", "E-SYNTAX")
        self.line(ind, "continue", p)

    def s_ExprStmt(self, s, ind, p):
        e = s.expr
        if not isinstance(e, (A.Call, A.Choose)):
            self.c.error(p, "this expression does nothing: a statement is a call, an assignment, "
                            "`let`, `if`, `for`, `while`, `repeat`, `ask` or `return`", "E-NO-EFFECT")
        if not self._moved_in_place(e, ind, p):
            self.first(e, ind, p)
            self.line(ind, self.expr(e), p)

    def _moved_in_place(self, e, ind, p) -> bool:
        """A call of a verb used as a statement, written out as the verb's `inline` statements say, when its
        arguments are known to be what they want (`move(c, zone)` of a card, `draw(zone, zone)`)."""
        verb = _builtin_verb(e, self.c.names)
        code = self._inline(verb, e, tuple) if verb is not None else None
        if code is None:
            return False
        self.c.used.add(e.func)
        local = {k: self.c._fresh(f"_{k}") for k in "abc" if f"{{{k}}}" in "".join(code)}
        args = [self.expr(a) for a in e.args]
        for text in code:
            body = text.lstrip(" ")
            self.line(ind + (len(text) - len(body)) // 4, body.format(*args, **local), p)
        return True

    def _inline(self, verb, e, form):
        """The code of the first of the verb's `inline` forms (an expression: str, statements: tuple) whose
        arguments `e` has, or None."""
        if e.kwargs:
            return None
        for inline in verb.inline:
            if type(inline.code) is form and len(inline.when) == len(e.args) \
                    and all(self._is(w, a) for w, a in zip(inline.when, e.args, strict=True)):
                return inline.code
        return None

    def _is(self, want, e) -> bool:
        """Whether `e` is known to be `want` (see verbs.Inline)."""
        if want == "zone":
            return self._zone(e)
        if want == "card":
            return self.kind(e) == "piece"
        if want == "list":
            return isinstance(e, (A.Filter, A.Each)) or self._field_type(e) == "list" \
                or self.kind(e) in ("pieces", "players")
        return isinstance(e, A.Const) and type(e.value) is type(want) and e.value == want

    # ---- expressions
    def cond(self, e) -> str:
        """An expression used only as a condition (`if`, `while`, `where`, `not`, the test of `a if c else b`):
        Python's own truth, which is the language's (an empty zone or list, 0, "" and none are false)."""
        if isinstance(e, A.BoolOp):
            joiner = " and " if e.op == "and" else " or "
            return "(" + joiner.join(self.cond(v) for v in e.values) + ")"
        return self.expr(e)

    def expr(self, e) -> str:
        self.nesting += 1
        try:
            if self.nesting > MAX_NESTING:
                raise _TooDeep(e, f"an expression nested deeper than {MAX_NESTING} levels")
            return getattr(self, "e_" + type(e).__name__)(e)
        finally:
            self.nesting -= 1

    def e_Const(self, e):
        return repr(e.value)

    def text(self, e) -> str:
        """An expression as text: a string or a template is one already; anything else goes through TXT."""
        code = self.expr(e)
        if isinstance(e, A.Template) or (isinstance(e, A.Const) and isinstance(e.value, str)):
            return code
        return f"TXT({code})"

    def prompt(self, e) -> str:
        """A decision's prompt: built only in a match whose decisions are asked (a match answered in place, as
        bots in simulations and a search agent's replays are, makes no decision); a constant string as it is."""
        if e is None:
            return "'Choose'"
        code = self.text(e)
        if isinstance(e, A.Const):
            return code
        return f"({code} if M.auto is None else '')"

    def e_Template(self, e):
        parts = [repr(x) if isinstance(x, str) else f"TXT({self.expr(x)})" for x in e.parts]
        return "''.join([" + ", ".join(parts) + "])"

    def e_Name(self, e):
        n = e.id
        if n in self.locals or n in self.lazy:
            return f"v_{n}"
        if n == "it":
            self.c.error(self.place(e), "`it` is only bound inside `where` and per-item arguments", "E-UNKNOWN-NAME")
            return "None"
        if n == "me":
            return "me"
        if n == "this":
            return "this"
        if n == "players":
            return "M.players"
        if n == "owner":
            return "this.zone.owner" if self.kinds.get("this") == "piece" else "G(M, this, 'owner')"
        if n == "options":
            return "M.options"
        if n == "round":
            return "M.round"
        names = self.c.names
        self.c.used.add(n)
        if n in names.global_counters:
            return f"M.counters[{n!r}]"
        if n in names.global_zones:
            return f"M.zones[{n!r}]"
        if n in names.global_vars:
            return f"M.vars[{n!r}]"
        if n in names.constants:
            return f"K[{n!r}]"
        self._unknown(n, self.place(e), "a name")
        return "None"

    def _unknown(self, n, place, what):
        cands = self.c.names.bare_names() | self.locals | self.lazy
        hint = did_you_mean(n, cands) or ("the words are `true`, `false` and `none`"
                                          if n in ("True", "False", "None", "null", "nil", "TRUE", "FALSE") else "")
        self.c.error(place, f"unknown name `{n}`", "E-UNKNOWN-NAME", hint)

    def _check_attr(self, attr, place):
        known = self.c.attributes
        if attr not in known:
            self.c.error(place, f"unknown field `{attr}`", "E-UNKNOWN-FIELD", did_you_mean(attr, known))

    def e_Attr(self, e):
        self._check_attr(e.attr, self.place(e))
        n, a = self.c.names, e.attr
        others = n.player_zones | n.player_vars | set(n.PLAYER_ATTRS) | set(n.ZONE_ATTRS) | n.options
        obj = self.expr(e.obj)
        if obj == "M.options" and a in n.options:
            return f"M.options.values[{a!r}]"
        if a == "size" and self.static_type(e.obj) == "zone":  # a zone (or the getter failed already)
            return f"len({obj}.items)"
        plain = a not in n.card_fields and a not in n.expression_hooks
        kind = self.kind(e.obj)
        if kind == "player":  # a player for sure: read where ops.get would find it, with no test of its type
            for where, names in (("counters", n.player_counters), ("zones", n.player_zones), ("vars", n.player_vars)):
                if a in names:
                    return f"{obj}.{where}[{a!r}]"
            if a in ("left", "right"):
                return f"M.players[(({obj}).index {'+' if a == 'left' else '-'} 1) % len(M.players)]"
            return f"{obj}.{a}" if a in ("seat", "name", "index") else f"G(M, {obj}, {a!r})"
        if kind == "piece" and plain and a in _PIECE_READS:  # a card for sure (always in some zone)
            return _PIECE_READS[a].format(obj)
        if kind == "piece" and a in n.card_fields and a not in n.expression_hooks and a not in n.PIECE_ATTRS:
            return f"{obj}.f[{a!r}]"  # a card lacking the field: a KeyError, a content error at this line
        if kind == "piece" and obj.isidentifier():
            return f"({obj}.f[{a!r}] if {a!r} in {obj}.f else GF(M, {obj}, {a!r}))"
        if obj.isidentifier():  # a local name: test its type in place, the common case without a call
            if a == "name" and plain:
                return f"({obj}.card.name if type({obj}) is Piece else {obj}.name if type({obj}) is Player else G(M, {obj}, 'name'))"
            if a in ("id", "kind") and plain:
                return f"({obj}.card.{a} if type({obj}) is Piece else G(M, {obj}, {a!r}))"
            field = f"{obj}.f[{a!r}] if type({obj}) is Piece and {a!r} in {obj}.f else GF(M, {obj}, {a!r})"
            if a in n.player_counters:  # a player's counters come first; then a card's own fields
                return f"({obj}.counters[{a!r}] if type({obj}) is Player else {field})"
            if a in n.player_zones:
                return f"({obj}.zones[{a!r}] if type({obj}) is Player else G(M, {obj}, {a!r}))"
            if a == "size":
                return f"(len({obj}.items) if type({obj}) is Zone else G(M, {obj}, 'size'))"
            if a in n.card_fields and a not in others:
                return f"({field})"
        getter = "G"
        if a in n.card_fields and a not in others and a not in n.player_counters:
            getter = "GF"
        elif a in n.player_counters and a not in others and a not in n.card_fields:
            getter = "GC"
        return f"{getter}(M, {obj}, {a!r})"

    def e_Index(self, e):
        if isinstance(e.obj, A.ListExpr) and isinstance(e.index, A.Const) and type(e.index.value) is int \
                and not -len(e.obj.items) <= e.index.value < len(e.obj.items):
            self.c.error(self.place(e.index), f"index {e.index.value} is past the end of a list of "
                         f"{len(e.obj.items)}", "E-INDEX", "the first item is [0], the last [-1]")
        return f"IDX({self.expr(e.obj)}, {self.expr(e.index)})"

    def e_ListExpr(self, e):
        return "[" + ", ".join(self.expr(x) for x in e.items) + "]"

    def e_BinOp(self, e):
        a, b = self.expr(e.left), self.expr(e.right)
        if e.op == "+":
            types = {self.static_type(e.left), self.static_type(e.right)}
            if types == {"a number", "a string"}:
                self.c.error(self.place(e), "a number and a string cannot be added", "E-TYPE",
                             'a number goes into a text as a hole: "coins: {p.coins}"')
        if e.op == "-":
            return f"SUB({a}, {b})"
        return f"{_OPS[e.op]}({a}, {b})"

    def e_Compare(self, e):
        self._check_card_id(e)
        self._check_compared_value(e)
        if e.op in ("<", "<=", ">", ">="):
            for side in (e.left, e.right):
                k = self.kind(side) or ("zone" if self._zone(side) else None)
                if k is not None:
                    what = {"piece": "cards", "player": "players", "zone": "zones"}.get(k, "lists")
                    self.c.error(self.place(side), f"{what} cannot be compared with `{e.op}`", "E-TYPE",
                                 "compare a number of theirs: `a.cost > b.cost`")
                    break
        found = self._any(e)
        if found is not None:
            return found
        a, b = self.expr(e.left), self.expr(e.right)
        if e.op in ("in", "notin"):
            if self._zone(e.right):
                found = f"({a} in {b}.items)"
            elif self.kind(e.right) in ("pieces", "players") or self._field_type(e.right) == "list":  # a list
                found = f"({a} in {b})"
            else:
                found = f"IN({a}, {b})"
            return found if e.op == "in" else f"(not {found})"
        if e.op in ("==", "!=") and (_is_none(e.left) or _is_none(e.right)):
            # nothing content holds equals none but none: an identity test, with no rich comparison
            return f"({a} {'is' if e.op == '==' else 'is not'} {b})"
        return f"({a} {_CMP[e.op]} {b})"

    _ANY = {(">", 0): True, (">=", 1): True, ("!=", 0): True, ("==", 0): False, ("<", 1): False, ("<=", 0): False}

    def _any(self, e):
        """`count(xs where c) > 0` (and the like) -> any(...): stops at the first item found, builds no list."""
        left, right, names = e.left, e.right, self.c.names
        verb = _builtin_verb(left, names)
        if not (verb is not None and verb.counts and len(left.args) == 1 and not left.kwargs
                and isinstance(left.args[0], (A.Filter, A.Each)) and isinstance(right, A.Const)
                and type(right.value) is int):
            return None
        wanted = self._ANY.get((e.op, right.value))
        if wanted is None:
            return None
        self.c.used.add(left.func)
        f = left.args[0]
        var = "it" if isinstance(f, A.Filter) else f.var
        items = self.expr(f.items)
        head = self.head
        source = self._source(f, items)
        cond = self._bound_cond(var, f.cond, self.items_kind(f.items))
        if head is not None and head[0] is f and var == "it":
            found = self._hoisted(head, source, "False", lambda r: f"if {cond}: {r} = True; break")
        else:
            found = f"any(True for v_{var} in {source} if {cond})"
        return found if wanted else f"(not {found})"

    def _check_card_id(self, e):
        """`c.id == "name"`: the name must be a card of the game (a mod that names a missing card is refused)."""
        if e.op not in ("==", "!="):
            return
        for attr, const in ((e.left, e.right), (e.right, e.left)):
            if isinstance(attr, A.Attr) and attr.attr == "id" and isinstance(const, A.Const) \
                    and isinstance(const.value, str) and self.c.names.card_ids and const.value not in self.c.names.card_ids:
                self.c.error(self.place(const), f"no card has the id `{const.value}`", "E-UNKNOWN-CARD",
                             did_you_mean(const.value, self.c.names.card_ids))

    def _check_compared_value(self, e):
        """`options.boss == "stonkosarus"`: the text must be one of the option's values (a mod's among them);
        `c.colour == "rde"`: one of the enum's values, for a field every kind declares of that enum."""
        if e.op not in ("==", "!="):
            return
        enums = getattr(self.c.names, "field_enums", {})
        for attr, const in ((e.left, e.right), (e.right, e.left)):
            if isinstance(attr, A.Attr) and attr.attr in enums and isinstance(const, A.Const) \
                    and isinstance(const.value, str) and const.value not in enums[attr.attr] \
                    and attr.attr not in self.c.names.player_vars and attr.attr not in self.c.names.player_counters:
                self.c.error(self.place(const), f"`{attr.attr}` is never `{const.value}`", "E-TYPE",
                             did_you_mean(const.value, enums[attr.attr]) or f"its values: {', '.join(enums[attr.attr])}")
        values = getattr(self.c.names, "option_values", {})
        for attr, const in ((e.left, e.right), (e.right, e.left)):
            if isinstance(attr, A.Attr) and isinstance(attr.obj, A.Name) and attr.obj.id == "options" \
                    and attr.attr in values and isinstance(const, A.Const) and isinstance(const.value, str) \
                    and const.value not in values[attr.attr]:
                self.c.error(self.place(const), f"option `{attr.attr}` has no value `{const.value}`", "E-OPTION",
                             did_you_mean(const.value, values[attr.attr])
                             or f"its values: {', '.join(values[attr.attr])}")

    def e_BoolOp(self, e):
        """`a and b` as a value is a truth value, not one of its operands."""
        code = self.cond(e)
        return code if all(_is_truth(v) for v in e.values) else f"bool{code}"

    def e_Not(self, e):
        return f"(not {self.cond(e.operand)})"

    def e_Neg(self, e):
        return f"NEG({self.expr(e.operand)})"

    def e_IfExpr(self, e):
        return f"({self.expr(e.then)} if {self.cond(e.test)} else {self.expr(e.orelse)})"

    def _bound(self, var, e, compile_=None, kind=None):
        """Compile `e` (with `compile_`, else as a value) with `var` bound as a comprehension / lambda
        variable (pure context); `kind`: what it holds for sure ("piece", "player"; see `kind`)."""
        saved_pure, had, was = self.pure, var in self.lazy, self.kinds.get(var)
        self.pure = True
        self.lazy.add(var)
        self._set_kind(var, kind)
        try:
            return (compile_ or self.expr)(e)
        finally:
            self.pure = saved_pure
            if not had:
                self.lazy.discard(var)
            self._set_kind(var, was)

    def _set_kind(self, var, kind):
        if kind is None:
            self.kinds.pop(var, None)
        else:
            self.kinds[var] = kind

    def _bound_cond(self, var, e, kind=None):
        return self._bound(var, e, self.cond, kind)

    def _zone(self, e) -> bool:
        """Known to be a zone without running it: its items are cards (only cards are ever put in a zone)."""
        return self.static_type(e) == "zone"

    def kind(self, e):
        """What an expression holds for sure, whatever happens when it runs: "piece" (a card), "player", a
        list of either ("pieces", "players"), or None (not known: its type is tested where it is read).

        A card or a player may also be none (the top of an empty zone, a choice from nothing): a field read
        of none fails either way, as a content error at its line (match._mistake)."""
        if isinstance(e, (A.Filter, A.Each)):
            k = self.items_kind(e.items)
            return k and k + "s"
        if isinstance(e, A.Choose):
            k = self.items_kind(e.items)
            return k if e.kind in ("one", "optional") else k and k + "s"
        verb = _builtin_verb(e, self.c.names)
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
        if self._function(e):
            return self.c.result(e.func, self._given(e))[0]
        t = self._field_type(e)
        if t in ("card", "player"):  # a reference field, a card or a player or none (ops.field_checked)
            return "piece" if t == "card" else "player"
        if isinstance(e, A.Attr) and e.attr == "owner" and e.attr not in self.c.names.card_fields \
                and e.attr not in self.c.names.expression_hooks and self.kind(e.obj) == "piece":
            # a card's owner, read as e_Attr does: the owner of its zone, a player or none
            return "player"
        if isinstance(e, A.Attr) and e.attr in ("left", "right") and self.kind(e.obj) == "player" \
                and e.attr not in self.c.names.player_counters and e.attr not in self.c.names.player_zones \
                and e.attr not in self.c.names.player_vars:
            return "player"
        return None

    _KINDS = {"card": "piece", "player": "player", "list of cards": "pieces", "list of players": "players"}

    def _gives(self, verb, e):
        """What a call of a verb holds for sure (see `kind`), from what the registry says it gives."""
        gives = verb.returns.removesuffix(" or none")  # a card or a player may be none (see `kind`)
        if gives in self._KINDS:
            return self._KINDS[gives]
        for lead in ("items of each ", "items of ", "item of "):
            if gives.startswith(lead):
                arg = self._argument(verb, e, gives[len(lead):])
                if arg is None:
                    return None
                if lead == "items of each ":  # the items of what it gives per item: a zone's are cards
                    return "pieces" if self.static_type(arg) == "zone" else None
                k = self.items_kind(arg)
                return k and k + "s" if lead == "items of " else k
        return None

    @staticmethod
    def _argument(verb, e, name):
        """The argument a call gives the verb's parameter `name`, or None."""
        for i, a in enumerate(e.args):
            param = verb.param(i)
            if param is not None and param.name == name:
                return a
        return e.kwargs.get(name)

    def items_kind(self, e):
        """What every item of a list or zone holds for sure: a zone's are cards; `players`, `rivals(p)`,
        `clockwise(p)` and a list of players give players; see `kind` for the lists of cards."""
        if self._zone(e):
            return "piece"
        k = self.kind(e)
        if k in ("pieces", "players"):
            return k[:-1]
        return None

    def _field_type(self, e):
        """The type every kind declares for a card field read from a card for sure (read as `v.f[name]`, see
        e_Attr): "int", "list", "card", "player", or None."""
        n = self.c.names
        if not (isinstance(e, A.Attr) and e.attr in n.card_fields and e.attr not in n.expression_hooks
                and e.attr not in n.PIECE_ATTRS and self.kind(e.obj) == "piece"):
            return None
        return n.field_types.get(e.attr)

    def _function(self, e) -> bool:
        """A call of a content function (not a value: its modifiers add to it)."""
        n = self.c.names
        return isinstance(e, A.Call) and e.func in n.functions and e.func not in n.values \
            and e.func not in n.procedures

    def _given(self, e) -> tuple:
        """What a call gives each parameter of its function, by `kind`."""
        params = self.c.names.functions[e.func]
        args = dict(zip(params, e.args, strict=False)) | {k: v for k, v in e.kwargs.items() if k in params}
        return tuple(self.kind(args[x]) if x in args else None for x in params)

    def _items(self, e, code: str) -> str:
        """The items of a list or zone, not counted (ops.items)."""
        if self._zone(e):
            return f"{code}.items"
        if isinstance(e, (A.Filter, A.Each)) or self.kind(e) in ("pieces", "players"):
            return code
        return f"ITEMS({code})"

    def _each(self, e, code: str) -> str:
        """The items an expression goes over, counted against the step budget (ops.each_item)."""
        return f"EACHZ(M, {code})" if self._zone(e) else f"EACH(M, {code})"

    def _source(self, f, code: str) -> str:
        """The items `where`/`each` goes over, counted: inline, before the statement, when the statement
        evaluates it first (first()), else by ops.each_item."""
        head = self.head
        if head is None or head[0] is not f:
            return self._each(f.items, code)
        self.head = None
        items = self._items(f.items, code)
        return items if self._recounted(f.items) else self._counted(items, head)

    def _recounted(self, e) -> bool:
        """Whether a statement outside loops goes over a list that a `let` outside loops made, by a counted
        `where`/`each`, and nothing binds again: each run of the body pays for its items once, when it made
        it, and reading it again, once per statement, costs no more than that."""
        return self.loop == 0 and type(e) is A.Name and e.id in self.counted

    def _counted(self, items: str, head) -> str:
        """A name for a list, set before the statement `head` was found in (first()), its items counted there."""
        _, ind, p = head
        src = self.c._fresh("_s")
        self.line(ind, f"{src} = {items}", p)
        self.line(ind, f"M.steps += len({src}); M.steps > STEPS and M.tick()", p)
        return src

    def e_Filter(self, e):
        items = self.expr(e.items)
        head = self.head
        source = self._source(e, items)
        cond = self._bound_cond("it", e.cond, self.items_kind(e.items))
        if head is not None and head[0] is e:
            return self._hoisted(head, source, "[]", lambda r: f"if {cond}: {r}.append(v_it)")
        return f"[v_it for v_it in {source} if {cond}]"

    def _hoisted(self, head, source: str, start: str, step) -> str:
        """A `where` (or a sum, or a test for any) that its statement evaluates first (first()), as a loop
        written before the statement, its result in a new name: Python 3.11 makes a function object and a
        frame for each run of a comprehension, which cost more than the loop over the few cards of a hand
        or a tableau. `it` is reserved, so the loop's variable is nobody's."""
        _, ind, p = head
        r = self.c._fresh("_r")
        self.line(ind, f"{r} = {start}", p)
        self.line(ind, f"for v_it in {source}:", p)
        self.line(ind + 1, step(r), p)  # the step's code, given the result's name (no format: a text may hold braces)
        return r

    def e_Each(self, e):
        items = self.expr(e.items)
        source = self._source(e, items)
        cond = self._bound_cond(e.var, e.cond, self.items_kind(e.items))
        return f"[v_{e.var} for v_{e.var} in {source} if {cond}]"

    def _per_item(self, var, e, compile_bound, kind=None):
        """A choice's per-item clause: the item is both the choice's variable and `it`."""
        saved, saved_kinds = set(self.lazy), dict(self.kinds)
        self.lazy.add("it")
        self._set_kind("it", kind)
        try:
            return compile_bound(var, e, kind=kind)
        finally:
            self.lazy, self.kinds = saved, saved_kinds

    def e_Choose(self, e):
        p = self.place(e)
        if self.pure:
            self.c.error(p, "a choice cannot be made here (inside `where`, a per-item argument or an expression)",
                         "E-IMPURE")
        items = self.expr(e.items)
        var = e.var or "it"
        kind = self.items_kind(e.items)
        if e.cond is not None:
            cond = self._per_item(var, e.cond, self._bound_cond, kind)
            code_items = f"[v_{var} for v_{var} in {self._items(e.items, items)} for v_it in (v_{var},) if {cond}]"
        else:  # ask_one and choose copy the list they are given
            code_items = self._items(e.items, items)
        by = self.expr(e.by) if e.by is not None else "me"
        prompt = self.prompt(e.prompt)
        count = self.expr(e.count) if e.count is not None else "None"
        label = ""
        if e.label is not None:
            shown = self._per_item(var, e.label, self._bound, kind)
            label = f", label=(lambda v_{var}: TXT({shown}))" if var == "it" else \
                f", label=(lambda v_{var}: (lambda v_it: TXT({shown}))(v_{var}))"
        label += self.seen(e.seen)
        if e.kind in ("one", "optional"):
            optional = ", optional=True" if e.kind == "optional" else ""
            return f"CHOOSE_ONE(M, {by}, {prompt}, {code_items}{optional}{label})"
        return f"CHOOSE(M, {e.kind!r}, {count}, {code_items}, {by}, {prompt}{label})"

    def seen(self, seen) -> str:
        """The `seen=` argument of a choice's clause `secret`, `public` or `seen by` (secrecy.readers)."""
        if seen is None:
            return ""
        return {"secret": ", seen=()", "public": ", seen=True"}.get(seen[0]) or f", seen={self.expr(seen[1])}"

    def e_Call(self, e):
        p = self.place(e)
        names = self.c.names
        f = e.func
        self.c.used.add(f)
        if f in names.procedures:
            if self.pure:
                self.c.error(p, f"procedure `{f}` cannot be called here (only in effects, not in expressions)",
                             "E-IMPURE")
            params = names.procedures[f]
            args = self._args(e, params, p, f)
            call = f"P_{f}(M, me, this{''.join(', ' + a for a in args)})"
            self.runs += 1
            return call
        if f in names.functions:
            params = names.functions[f]
            args = self._args(e, params, p, f)
            self.runs += 2 if f in names.values else 1  # a value runs its base and the cards' modifiers
            return f"F_{f}(M, me, this{''.join(', ' + a for a in args)})"
        verb = REGISTRY.get(f)
        if verb is None:
            cands = set(REGISTRY) | set(names.procedures) | set(names.functions)
            self.c.error(p, f"unknown verb or procedure `{f}`", "E-UNKNOWN-NAME", did_you_mean(f, cands))
            return "None"
        n = len(e.args)
        if n < verb.min_args or (verb.max_args is not None and n > verb.max_args):
            want = str(verb.min_args) if verb.min_args == verb.max_args else f"{verb.min_args} to {verb.max_args}"
            self.c.error(p, f"`{f}` takes {want} argument(s), not {n}", "E-ARITY", f"example: {verb.example}")
        for k in e.kwargs:
            if "*" not in verb.kwargs and k not in verb.kwargs:
                self.c.error(p, f"`{f}` has no argument named `{k}`", "E-ARITY",
                             did_you_mean(k, verb.kwargs) or f"example: {verb.example}")
        self._check_types(verb, e)
        winner = e.kwargs.get("winner") if f == "end_game" else None
        given = winner is not None and {"piece": "a card", "pieces": "a list", "players": "a list"}.get(self.kind(winner))
        if given:
            self.c.error(self.place(winner), f"`winner` must be a player, not {given}", "E-TYPE",
                         "a player: `winner=p`, not its name")
        if f == "emit" and e.args and isinstance(e.args[0], A.Const) and e.args[0].value in names.events:
            params = names.events[e.args[0].value]
            for k in e.kwargs:
                if k not in params and k != "player":
                    self.c.error(self.place(e.kwargs[k]), f"event `{e.args[0].value}` has no parameter `{k}`",
                                 "E-ARITY", did_you_mean(k, params) or f"its parameters: {', '.join(params) or 'none'}")
        args = []
        inline = self._inline(verb, e, str)
        if inline is not None:
            return inline.format(*(self.expr(a) for a in e.args))
        if verb.values and len(e.args) == 2:  # the values per item, computed here (no call per item), and
            # counted by the verb
            kind = self.items_kind(e.args[0])
            per = self._bound("it", e.args[1], kind=kind)
            if verb.fold is not None and self.head is not None and self.head[0] is e and kind == "piece" \
                    and self._bound("it", e.args[1], self._field_type, kind) == "int":
                # a card field that is a number for sure (field_types): the items counted before the
                # statement, as a `where`'s, and folded by Python
                head, self.head = self.head, None
                items = self._items(e.args[0], self.expr(e.args[0]))
                src = items if self._recounted(e.args[0]) else self._counted(items, head)
                start, op = verb.fold
                r = self._hoisted(head, src, start, lambda r: f"{r} {op} {per}")
                return f"({r} if {-ops.MAX_INT!r} <= {r} <= {ops.MAX_INT!r} else NUM({r}))"  # no call within bounds
            return f"V_{f}(M, [{per} for v_it in {self._items(e.args[0], self.expr(e.args[0]))}])"
        for i, a in enumerate(e.args):
            if i in verb.lazy:
                args.append(f"(lambda v_it: {self._bound('it', a)})")
            else:
                args.append(self.expr(a))
        args += [f"{k}={self.expr(v)}" for k, v in e.kwargs.items()]
        call = f"V_{f}(M{''.join(', ' + a for a in args)})"
        self.runs += verb.runs
        if verb.narrates:  # the text is built only when someone reads the account
            return f"(M.narrate and {call})"
        if verb.fires and self.pure:
            self.c.error(p, f"`{f}` cannot be used here (only in effects, not in expressions)", "E-IMPURE")
        return call

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
        for x in params:  # what each parameter is given here, for Compiler.type_parameters
            a = nodes.get(x)
            kind = self.kind(a) if a is not None else None
            if kind is None and a is not None and self._zone(a):
                kind = "zone"
            if kind is None and isinstance(a, A.Name) and a.id in self.fixed and a.id not in self.lazy:
                kind = (self.name, a.id)  # this body's own parameter: whatever it is given
            sites.setdefault((f, x), []).append(kind)
        vals = {k: self.expr(v) for k, v in nodes.items()}
        return [vals.get(x, "None") for x in params]

    _STATIC = {"zone": "zone", "a number": "number", "a string": "text", "a truth value": "truth value"}
    _NAMED = {"event": ("events", "unknown event `{}`", "E-UNKNOWN-EVENT"),
              "value": ("values", "unknown value `{}`", "E-UNKNOWN-NAME"),
              "option": ("options", "unknown option `{}`", "E-UNKNOWN-NAME"),
              "effect hook": (("effect_hooks",), "no card kind has a hook `{}`", "E-UNKNOWN-NAME"),
              "expression hook": (("expression_hooks",), "no card kind has an expression hook `{}`", "E-UNKNOWN-NAME"),
              "hook": (("effect_hooks", "expression_hooks"), "no card kind has a hook `{}`", "E-UNKNOWN-NAME")}

    def _check_types(self, verb, e):
        """Each argument against its parameter in the registry: a type known without running it must be one
        the parameter takes, and a text that names one of the game's events, values, hooks or options (as the
        parameter says) must name one."""
        given = [(verb.param(i), a) for i, a in enumerate(e.args)] + [(verb.param(k), a) for k, a in e.kwargs.items()]
        for param, a in given:
            if param is None:
                continue
            t = self.static_type(a)
            if t in self._STATIC and self._STATIC[t] not in param.accepts():
                shown = "a zone" if t == "zone" else t
                self.c.error(self.place(a), f"`{verb.name}` wants {_a(param.type)} here, not {shown}", "E-TYPE")
            if param.names is not None and isinstance(a, A.Const) and isinstance(a.value, str):
                self._check_named(param.names, a)

    def _check_named(self, what, a):
        where, message, code = self._NAMED[what]
        n = self.c.names
        known = set().union(*(getattr(n, w) for w in where)) if isinstance(where, tuple) else getattr(n, where)
        self.c.used.add(a.value)
        if a.value not in known:
            self.c.error(self.place(a), message.format(a.value), code, did_you_mean(a.value, known))

    def static_type(self, e):
        """The type of an expression when it is known without running it: a cheap check."""
        if isinstance(e, A.Const):
            v = e.value
            return ("a truth value" if isinstance(v, bool) else "a number" if isinstance(v, int)
                    else "a string" if isinstance(v, str) else None if v is None else None)
        if isinstance(e, (A.Template,)):
            return "a string"
        if isinstance(e, (A.BinOp,)) and e.op in "-*/%":
            return "a number"
        if isinstance(e, A.Name) and self.kinds.get(e.id) == "zone" and e.id not in self.lazy:
            return "zone"  # a parameter given a zone at every call (type_parameters)
        if isinstance(e, A.Name) and e.id not in self.locals and e.id not in self.lazy:
            n = self.c.names
            if e.id in n.global_zones:
                return "zone"
            if e.id in n.global_counters:
                return "a number"
        if isinstance(e, A.Attr):
            n = self.c.names
            if e.attr in n.player_zones and e.attr not in n.player_counters and (
                    e.attr not in n.card_fields or self.kind(e.obj) == "player"):  # as e_Attr reads a player's
                return "zone"
            if e.attr in n.player_counters and e.attr not in n.player_zones and e.attr not in n.card_fields:
                return "a number"
        if isinstance(e, A.IfExpr):
            t = self.static_type(e.then)
            return t if t == "zone" and self.static_type(e.orelse) == t else None
        if self._function(e):
            return self.c.result(e.func, self._given(e))[1]
        return None
