"""Code generation: Python written from the trees the checker resolved and typed (check.resolve), run once
per game with exec. It checks nothing: every name is bound and every mistake reported before it runs, and it
writes each node as the body's plan says: the optimisations (compile.optimise), passes over the checked tree that
decide from its types alone, name the nodes that take a faster form; every other node gets the general one.

Every body becomes a plain Python function in one generated module (a decision waits where it is asked:
Match._wait). Content names are prefixed `v_` and field access goes through runtime.ops.get, so content can
reach nothing but the game's own data. Each generated line remembers the content place it came from, so a
runtime failure names the file, line and column.
"""
from __future__ import annotations

from ..check.names import NameTable
from ..check.resolve import Checker, Resolved, bindings
from ..check.resolve import quiet as _quiet
from ..dsl import ast as A
from ..dsl import disk_cache
from ..errors import ContentError, Diagnostic, Origin, Place, RuntimeContentError
from ..runtime import counters, decisions, ops
from ..runtime.match import DEPTH_BUDGET, STEP_BUDGET
from ..runtime.state import Piece, Player, Zone, own_fields
from ..runtime.verbs import REGISTRY, GameOver
from .optimise import Plan, enabled, plan, specialise

_OPS = {"+": "ADD", "/": "DIV", "%": "MOD", "*": "MUL"}
_CMP = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
# how `o.n` is read, for each form of the game's own data the plan may give (optimise.READ_FORMS); `a` is the
# name `n` quoted
_FIELD = "{o}.f[{a}] if type({o}) is Piece and {a} in {o}.f else GF(M, {o}, {a})"
_READS = {
    "G": "G(M, {o}, {a})", "GF": "GF(M, {o}, {a})", "GC": "GC(M, {o}, {a})",
    "player-counters": "{o}.counters[{a}]", "player-zones": "{o}.zones[{a}]", "player-vars": "{o}.vars[{a}]",
    "card-field": "{o}.f[{a}]", "card-field-or-get": "({o}.f[{a}] if {a} in {o}.f else GF(M, {o}, {a}))",
    "local-counter": "({o}.counters[{a}] if type({o}) is Player else " + _FIELD + ")",
    "local-zone": "({o}.zones[{a}] if type({o}) is Player else G(M, {o}, {a}))",
    "local-field": "(" + _FIELD + ")",
}
_NAMES = {"me": "me", "this": "this", "players": "M.players", "options": "M.options", "round": "M.round"}


class Compiler:
    """Compiles the bodies of one program as its checker (check.resolve.Checker) resolved them: each body is
    given resolved (add), and generated, if it has no mistake, when the program is finished. Given the game's
    names instead of a checker, it makes its own, and `effect` and `expression` check a body and add it."""

    def __init__(self, checker: Checker | NameTable, optimise: frozenset | None = None):
        if not isinstance(checker, Checker):
            checker = Checker(checker)
        self.names = checker.names
        self.checker = checker
        self.opt = enabled() if optimise is None else optimise
        self.lines: list[str] = []
        self.line_map: dict[int, Place] = {}
        self.count = 0
        self.ns: dict | None = None
        self.bodies: list = []  # (Resolved, the name of its function), to generate
        self.made: list = []  # those of procedures and functions, to compile again with typed parameters

    @property
    def diags(self) -> list:
        """What the checker found (a scenario file's reader reports them)."""
        return self.checker.diags

    def effect(self, stmts: list, origin: Origin, params=(), event_params=(), procedure=None, kinds=None,
               this_piece=False) -> str:
        """A statement body, checked -> name of a function (M, me, this, *params), once finished (finish)."""
        return self.add(self.checker.effect(stmts, origin, params, event_params, procedure, kinds, this_piece),
                        kinds is not None)

    def expression(self, expr: A.Node, origin: Origin, params=(), function=None, kinds=None,
                   this_piece=False) -> str:
        """An expression, checked -> name of a plain function (M, me, this, *params), once finished (finish)."""
        return self.add(self.checker.expression(expr, origin, params, function, kinds, this_piece),
                        kinds is not None)

    def add(self, r: Resolved, typed: bool = False) -> str:
        """A resolved body -> the name its function will have (finish). `typed`: resolved with what its
        parameters hold for sure (not to be specialised again)."""
        fname = self._fresh("f" if r.effect else "x")
        if r.ok:
            self.bodies.append((r, fname))
            if r.name is not None and not typed:
                self.made.append((r, fname))
        return fname

    def generate(self) -> None:
        """Python for every body given and not yet generated, as the optimisations on planned it."""
        todo, self.bodies = self.bodies, []
        for r, fname in todo:
            _Body(self, r, plan(r, self.names, self.opt)).function(fname)

    def finish(self, filename: str = "<meeple>") -> dict:
        """The generated code, made Python and run: its functions by name. A match places a failure by the lines
        of the code named `<meeple>` (its game's); code compiled apart (a scenario's) is named otherwise."""
        self.generate()
        again = specialise(self) if "specialise" in self.opt else {}  # more bodies, typed: generated next
        self.generate()
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


def _runtime_namespace(names: NameTable) -> dict:
    ns = {
        "G": ops.get, "GF": ops.get_card_field, "GC": ops.get_counter, "ITEMS": ops.items, "EACH": ops.each_item, "EACHZ": ops.each_of_zone, "SNAP": ops.snapshot, "ADD": ops.add, "SUB": ops.sub, "NEG": ops.neg, "NUM": ops.number, "DIV": ops.div, "MOD": ops.mod,
        "MUL": ops.mul, "TIMES": ops.times, "FIELD": ops.field_checked, "IN": ops.contains, "IDX": ops.index, "TXT": ops.text,
        "CLAMPED": counters.clamped, "NOCARD": ops.no_card, "CHOOSE": decisions.choose, "CHOOSE_ONE": decisions.ask_one, "ASK": decisions.ask_menu, "SET": _set, "SETG": _set_global, "OWN": own_fields,
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




def _is_none(e) -> bool:
    return isinstance(e, A.Const) and e.value is None


def _is_truth(e) -> bool:
    if isinstance(e, (A.Compare, A.Not, A.BoolOp)):  # and/or join conditions (each through cond): a truth value
        return True
    return isinstance(e, A.Const) and isinstance(e.value, bool)


class _Body:
    """Generates one body's function from its resolved tree (check.resolve.Resolved)."""

    def __init__(self, comp: Compiler, r: Resolved, plan: Plan):
        self.c = comp
        self.r = r
        self.names = comp.names
        self.origin = r.origin
        self.binds = r.binds
        self.plan = plan
        self.once: set = set()  # names a `let` binds, and nothing else binds again
        self.counted: set = set()  # such names holding a `where`/`each` counted once per run (recounted)
        self.runs = 0  # the bodies it may run, site by site (count_runs)
        self._count_at = 0  # the line that counts the body's runs, if it must (count_runs)
        self.loop = 0
        self.head = None  # (the `where`/`each` a statement evaluates first, its indent, its place): see first()

    # ---- what the plan says
    def known(self, e) -> frozenset:
        """What the code of `e` may trust it is (optimise.Plan.known)."""
        return self.plan.known.get(id(e), frozenset())

    def read(self, e, obj: str, name: str) -> str:
        """The code reading `name` of what `obj` is the code of, in the form the plan gives the node `e`."""
        form = self.plan.reads.get(id(e), "G")
        if type(form) is str:
            return _READS[form].format(o=obj, a=repr(name))
        how, own = form  # the engine's own attribute (runtime.attributes), in its inline form
        if how == "own":
            return own.inline.format(o=obj)
        tests = "".join(f"{a.inline.format(o=obj)} if type({obj}) is {a.cls.__name__} else " for a in own)
        return f"({tests}G(M, {obj}, {name!r}))"

    # ---- the function
    def function(self, fname: str) -> None:
        r = self.r
        sig = ", ".join(["M", "me", "this"] + [f"v_{p}" for p in r.params])
        if r.event_params:
            sig += ", **P"
        self.line(0, f"def {fname}({sig}):", r.origin.place)
        if not r.effect:
            self.count_line()
            self.first(r.tree, 1, self.place(r.tree))
            code = self.expr(r.tree)
            self.line(1, f"return {code}", self.place(r.tree))
            self.count_runs()
            return
        stmts = r.tree
        bound = bindings(stmts)
        self.once = {x for x, n in bound.items() if n == 1}
        for p in r.event_params:
            self.line(1, f"v_{p} = P.get({p!r})", r.origin.place)
        recursive = r.name is not None and r.name in self.c.checker.recursive
        ind = 1
        self.count_line()
        if recursive:  # it counts its nesting against the match's depth budget
            self.line(1, "M._depth += 1", r.origin.place)
            # an endless recursion is said at the procedure's own text, not at the `|` before it nor at a call
            self.line(1, f"if M._depth > DEPTH: M._too_deep({r.name!r})", r.origin.at(1, 1))
            self.line(1, "try:", r.origin.place)
            ind = 2
        self.stmts(stmts, ind)
        self.count_runs()
        if recursive:
            self.line(1, "finally:", r.origin.place)
            self.line(2, "M._depth -= 1", r.origin.place)

    def count_line(self) -> None:
        """Where the body counts its runs (count_runs): the line after its `def`, left empty if it need not."""
        self.line(1, "", self.origin.place)
        self._count_at = len(self.c.lines) - 1

    def count_runs(self) -> None:
        """A body that may run two other bodies or more counts a step against the match's budget each time it
        runs, as a loop's pass does: procedures calling each other twice over, or events firing each other,
        would otherwise run 2^60 bodies without a single loop. A call of a procedure or a function, or a
        card's hook run, is one body; an event (`emit`, a counter that fires) runs every handler of it, and a
        value its base and every card's modifier, so each counts as two. A body that runs at most one other
        does not count: a chain of them is bounded by the depth of nesting (procedures' depth budget, Python's
        recursion for the rest), and a call inside a loop or over a list's items is counted with the loop's
        passes or the items."""
        if self.runs >= 2:
            self.c.lines[self._count_at] = "    M._steps += 1; M._steps > STEPS and M._tick()"

    def first(self, e, ind, p) -> None:
        """Before a statement's expression `e` is compiled: the list expression it evaluates before anything
        else, if any, gets its items counted by lines written before the statement (see _source)."""
        head = self.plan.heads.get(id(e))
        self.head = (head, ind, p) if head is not None else None

    def place(self, node) -> Place:
        return self.origin.at(node.line, node.col)

    def line(self, indent, text, place) -> None:
        self.c._emit(indent, text, place)

    # ---- statements
    def stmts(self, stmts, ind) -> None:
        if not stmts:
            self.line(ind, "pass", self.origin.place)
        for s in stmts:
            getattr(self, "s_" + type(s).__name__)(s, ind, self.place(s))

    def s_Let(self, s, ind, p):
        self.first(s.value, ind, p)
        code = self.expr(s.value)
        if s.name in self.once and self.loop == 0 and isinstance(s.value, (A.Filter, A.Each)):
            self.counted.add(s.name)
        self.line(ind, f"v_{s.name} = {code}", p)

    def s_Assign(self, s, ind, p):
        if self.c.checker.fires(s):
            self.runs += 2  # its events' handlers run
        value = self.expr(s.value)
        t = s.target
        if isinstance(t, A.Name):
            if self.binds[id(s)] == "local":
                if s.op == "=":
                    self.line(ind, f"v_{t.id} = {value}", p)
                elif s.op == "+=":
                    self.line(ind, f"v_{t.id} = ADD(v_{t.id}, {value})", p)
                else:
                    self.line(ind, f"v_{t.id} = SUB(v_{t.id}, {value})", p)
            else:
                self.line(ind, f"SETG(M, {t.id!r}, {s.op!r}, {value})", p)
            return
        obj = self.expr(t.obj)
        how = self.plan.writes.get(id(s))
        if how == "counter":
            self._counter_in_place(ind, p, obj, value, t.attr, s.op, self.names.player_counters[t.attr],
                                   "player" in self.known(t.obj))
        elif how == "field":
            self._field_in_place(ind, p, obj, value, t.attr, s.op)
        else:
            self.line(ind, f"SET(M, {obj}, {t.attr!r}, {s.op!r}, {value})", p)

    def _counter_in_place(self, ind, p, obj, value, name, op, spec, player: bool):
        """A player's counter set by plain arithmetic when nothing can fire: always for a counter with no
        event (bounds inlined); for `+=` / `-=` on a circular track or a threshold counter, when the step
        stays on the track or passes no threshold. Else (or on anything but a player) the setter."""
        tmp, cur, val = self.c._fresh("_p"), self.c._fresh("_c"), self.c._fresh("_v")
        setter = f"SET(M, {tmp}, {name!r}, {op!r}, {val})"
        self.line(ind, f"{tmp} = {obj}", p)
        self.line(ind, f"{val} = {value}", p)
        player = "" if player else f"type({tmp}) is Player and "
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
        for bound, test in ((spec.min, "<"), (spec.max, ">")):
            if bound is not None:  # a bound the rules do not say they stop at is noted (counters.clamped)
                note = "" if spec.clamp else f"CLAMPED(M, {spec.name!r}, {var}, {bound!r}); "
                self.line(ind, f"if {var} {test} {bound!r}: {note}{var} = {bound!r}", p)
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
        # a copy to loop over, unless nothing else holds the list: the players (they never change), a list
        # built here ([a, b], `xs where c`) or by a verb that gives a new list at each call, a card's list
        # field (no verb changes a list in place: a write puts a new one)
        fresh = items == "M.players" or isinstance(s.items, (A.ListExpr, A.Filter, A.Each)) or (
            not self.known(s.items).isdisjoint(("fresh", "list-field")))
        self.line(ind, f"for v_{s.var} in {items if fresh else f'SNAP({items})'}:", p)
        self._tick(ind + 1, p)
        self.loop += 1
        self.stmts(s.body, ind + 1)
        self.loop -= 1

    def _tick(self, ind, p):
        """A loop step counted against the match's step budget; the call only when it is spent."""
        self.line(ind, "M._steps += 1", p)
        self.line(ind, "if M._steps > STEPS: M._tick()", p)

    def s_While(self, s, ind, p):
        self.line(ind, f"while {self.cond(s.test)}:", p)
        self._tick(ind + 1, p)
        self.loop += 1
        self.stmts(s.body, ind + 1)
        self.loop -= 1

    def s_Repeat(self, s, ind, p):
        n = self.c._fresh("_n")
        self.line(ind, f"for {n} in range(TIMES({self.expr(s.count)})):", p)
        self._tick(ind + 1, p)
        self.loop += 1
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
        self.line(ind, "break", p)

    def s_Continue(self, s, ind, p):
        self.line(ind, "continue", p)

    def s_ExprStmt(self, s, ind, p):
        e = s.expr
        if not self._moved_in_place(e, ind, p):
            self.first(e, ind, p)
            self.line(ind, self.expr(e), p)

    def _moved_in_place(self, e, ind, p) -> bool:
        """A call of a verb used as a statement, written out as the verb's `inline` statements say, when its
        arguments are known to be what they want (`move(c, zone)` of a card, `draw(zone, zone)`)."""
        code = self.plan.inline.get(id(e), (None, None))[1]
        if code is None:
            return False
        local = {k: self.c._fresh(f"_{k}") for k in "abc" if f"{{{k}}}" in "".join(code)}
        args = [self.expr(a) for a in e.args]
        for text in code:
            body = text.lstrip(" ")
            self.line(ind + (len(text) - len(body)) // 4, body.format(*args, **local), p)
        return True

    # ---- expressions
    def cond(self, e) -> str:
        """An expression used only as a condition (`if`, `while`, `where`, `not`, the test of `a if c else b`):
        Python's own truth, which is the language's (an empty zone or list, 0, "" and none are false)."""
        if isinstance(e, A.BoolOp):
            joiner = " and " if e.op == "and" else " or "
            return "(" + joiner.join(self.cond(v) for v in e.values) + ")"
        return self.expr(e)

    def expr(self, e) -> str:
        return getattr(self, "e_" + type(e).__name__)(e)

    def e_Const(self, e):
        return repr(e.value)

    def text(self, e) -> str:
        """An expression as text: a string or a template is one already; anything else goes through TXT."""
        code = self.expr(e)
        if isinstance(e, A.Template) or (isinstance(e, A.Const) and isinstance(e.value, str)):
            return code
        return f"TXT({code})"

    def prompt(self, e, always: bool = False) -> str:
        """A decision's prompt: built only in a match whose decisions are asked (a match answered in place, as
        bots in simulations and a search agent's replays are, makes no decision); a constant string as it is.
        `always`: a choice of several, whose later picks may be asked where its first was answered in place (a
        copy's replay that ends inside it), built in every match."""
        if e is None:
            return "'Choose'"
        code = self.text(e)
        if isinstance(e, A.Const) or always:
            return code
        return f"({code} if M._auto is None else '')"

    def e_Template(self, e):
        parts = [repr(x) if isinstance(x, str) else f"TXT({self.expr(x)})" for x in e.parts]
        return "''.join([" + ", ".join(parts) + "])"

    def e_Name(self, e):
        n, how = e.id, self.binds[id(e)]
        if how == "local":
            return f"v_{n}"
        if how in _NAMES:
            return _NAMES[how]
        if how == "owner":
            return self.read(e, "this", "owner")
        return {"counter": "M.counters[{!r}]", "zone": "M.zones[{!r}]", "var": "M.vars[{!r}]",
                "constant": "K[{!r}]"}[how].format(n)

    def e_Attr(self, e):
        a = e.attr
        obj = self.expr(e.obj)
        if obj == "M.options" and a in self.names.options:
            return f"M.options.values[{a!r}]"
        return self.read(e, obj, a)

    def e_Index(self, e):
        return f"IDX({self.expr(e.obj)}, {self.expr(e.index)})"

    def e_ListExpr(self, e):
        return "[" + ", ".join(self.expr(x) for x in e.items) + "]"

    def e_BinOp(self, e):
        a, b = self.expr(e.left), self.expr(e.right)
        if e.op == "-":
            return f"SUB({a}, {b})"
        return f"{_OPS[e.op]}({a}, {b})"

    def e_Compare(self, e):
        wanted = self.plan.any.get(id(e))
        if wanted is not None:
            return self._any(e, wanted)
        a, b = self.expr(e.left), self.expr(e.right)
        if e.op in ("in", "notin"):
            known = self.known(e.right)
            if "zone" in known:
                found = f"({a} in {b}.items)"
            elif not known.isdisjoint(("list", "list-field")):
                found = f"({a} in {b})"  # a list
            else:
                found = f"IN({a}, {b})"
            return found if e.op == "in" else f"(not {found})"
        if e.op in ("==", "!=") and (_is_none(e.left) or _is_none(e.right)):
            # nothing content holds equals none but none: an identity test, with no rich comparison
            return f"({a} {'is' if e.op == '==' else 'is not'} {b})"
        return f"({a} {_CMP[e.op]} {b})"

    def _any(self, e, wanted: bool):
        """`count(xs where c) > 0` (and the like) -> any(...): stops at the first item found, builds no list."""
        f = e.left.args[0]
        var = "it" if isinstance(f, A.Filter) else f.var
        items = self.expr(f.items)
        head = self.head
        source = self._source(f, items)
        cond = self.cond(f.cond)
        if head is not None and head[0] is f and var == "it":
            found = self._hoisted(head, source, "False", lambda r: f"if {cond}: {r} = True; break")
        else:
            found = f"any(True for v_{var} in {source} if {cond})"
        return found if wanted else f"(not {found})"

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

    def _items(self, e, code: str) -> str:
        """The items of a list or zone, not counted (ops.items)."""
        known = self.known(e)
        if "zone" in known:
            return f"{code}.items"
        if isinstance(e, (A.Filter, A.Each)) or "list" in known:
            return code
        return f"ITEMS({code})"

    def _each(self, e, code: str) -> str:
        """The items an expression goes over, counted against the step budget (ops.each_item)."""
        return f"EACHZ(M, {code})" if "zone" in self.known(e) else f"EACH(M, {code})"

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
        self.line(ind, f"M._steps += len({src}); M._steps > STEPS and M._tick()", p)
        return src

    def e_Filter(self, e):
        items = self.expr(e.items)
        head = self.head
        source = self._source(e, items)
        cond = self.cond(e.cond)
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
        cond = self.cond(e.cond)
        return f"[v_{e.var} for v_{e.var} in {source} if {cond}]"

    def e_Choose(self, e):
        items = self.expr(e.items)
        var = e.var or "it"
        if e.cond is not None:
            cond = self.cond(e.cond)
            code_items = f"[v_{var} for v_{var} in {self._items(e.items, items)} for v_it in (v_{var},) if {cond}]"
        else:  # ask_one and choose copy the list they are given
            code_items = self._items(e.items, items)
        by = self.expr(e.by) if e.by is not None else "me"
        prompt = self.prompt(e.prompt, always=e.kind not in ("one", "optional"))
        count = self.expr(e.count) if e.count is not None else "None"
        label = ""
        if e.label is not None:
            shown = self.expr(e.label)
            label = f", label=(lambda v_{var}: TXT({shown}))" if var == "it" else \
                f", label=(lambda v_{var}: (lambda v_it: TXT({shown}))(v_{var}))"
        label += self.seen(e.seen)
        if e.kind in ("one", "optional"):
            optional = ", optional=True" if e.kind == "optional" else ""
            if e.decline is not None:  # built only when asked, as a prompt is
                optional += f", decline={self.prompt(e.decline)}"
            return f"CHOOSE_ONE(M, {by}, {prompt}, {code_items}{optional}{label})"
        return f"CHOOSE(M, {e.kind!r}, {count}, {code_items}, {by}, {prompt}{label})"

    def seen(self, seen) -> str:
        """The `seen=` argument of a choice's clause `secret`, `public` or `seen by` (secrecy.readers)."""
        if seen is None:
            return ""
        return {"secret": ", seen=()", "public": ", seen=True"}.get(seen[0]) or f", seen={self.expr(seen[1])}"

    def e_Call(self, e):
        f, how = e.func, self.binds[id(e)]
        if how == "procedure":
            args = self._args(e, self.names.procedures[f])
            self.runs += 1
            return f"P_{f}(M, me, this{''.join(', ' + a for a in args)})"
        if how != "verb":
            args = self._args(e, self.names.functions[f])
            self.runs += 2 if how == "value" else 1  # a value runs its base and the cards' modifiers
            return f"F_{f}(M, me, this{''.join(', ' + a for a in args)})"
        verb = REGISTRY[f]
        inline = self.plan.inline.get(id(e), (None, None))[0]
        if inline is not None:
            return inline.format(*(self.expr(a) for a in e.args))
        if verb.values and len(e.args) == 2:  # the values per item, computed here (no call per item), and
            # counted by the verb
            per = self.expr(e.args[1])
            if self.head is not None and self.head[0] is e:
                # the fold the statement evaluates first, of a card field that is a number for sure (the plan's
                # heads): the items counted before the statement, as a `where`'s, and folded by Python
                head, self.head = self.head, None
                items = self._items(e.args[0], self.expr(e.args[0]))
                src = items if self._recounted(e.args[0]) else self._counted(items, head)
                start, op = verb.fold
                r = self._hoisted(head, src, start, lambda r: f"{r} {op} {per}")
                return f"({r} if {-ops.MAX_INT!r} <= {r} <= {ops.MAX_INT!r} else NUM({r}))"  # no call within bounds
            return f"V_{f}(M, [{per} for v_it in {self._items(e.args[0], self.expr(e.args[0]))}])"
        args = []
        for i, a in enumerate(e.args):
            if i in verb.lazy:
                args.append(f"(lambda v_it: {self.expr(a)})")
            else:
                args.append(self.expr(a))
        args += [f"{k}={self.expr(v)}" for k, v in e.kwargs.items()]
        call = f"V_{f}(M{''.join(', ' + a for a in args)})"
        self.runs += verb.runs
        if verb.narrates:  # the text is built only when someone reads the account
            return f"(M._narrate and {call})"
        return call

    def _args(self, e, params):
        nodes = dict(zip(params, e.args, strict=False))
        for k, v in e.kwargs.items():
            nodes.setdefault(k, v)
        vals = {k: self.expr(v) for k, v in nodes.items()}
        return [vals.get(x, "None") for x in params]
