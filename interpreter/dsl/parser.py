"""Parses effect-language text into the syntax tree of ast.py: LALR, from the parse tables of tables.py."""
from __future__ import annotations

import functools
import re
import threading
from typing import NamedTuple

from ..errors import ContentError, Diagnostic, Place
from . import ast as A
from . import disk_cache, tables

MAX_SOURCE = 20_000  # characters in one effect string
MAX_DEPTH = 60  # nesting of brackets and blocks


class Token(str):
    """A token: its text, its terminal (`type`), where it begins (line and column, from 1)."""

    def __new__(cls, kind: str, value: str, line: int, column: int):
        t = str.__new__(cls, value)
        t.type, t.line, t.column = kind, line, column
        return t


@functools.lru_cache(maxsize=1)
def _tables() -> tables.Tables:
    """The tables, once; each reduction given its function (`_reducer_of`)."""
    t = tables.load()
    reducers = [_reducer_of(rule) for rule in t.rules]
    _TABLE.clear()
    for row in t.states:
        _TABLE.append({sym: act if type(act) is int else (act[0], act[1], None if act[2] is None else reducers[act[2]])
                       for sym, act in row.items()})
    _START[:] = [t.start, t.end]
    _LEXERS.clear()
    _CHAINS.clear()
    return t


@functools.lru_cache(maxsize=1)
def _lark():
    """lark's own parser, for the texts the fast loop does not read to the end (a mistake: lark says what was
    expected), with the reducers of `_ToAst` in place of its tree building."""
    lk = tables.lark_parser()
    reducers = _reducers(lk)
    lk._callbacks.clear()  # the parser holds this very dict
    lk._callbacks.update(reducers)
    return lk


# The parse table: state -> {symbol: the state a shift or goto leads to, or a reduction's (its length, the
# rule's name, its reducer; None: it passes its one symbol on)}.
_TABLE: list = []
_START: list = []  # the start state and the end state
_LEXERS: dict = {}  # state -> (its contextual lexer's regex matchers, keywords, ignored and newline terminals)
_CHAINS: dict = {}  # (state below, state on top, symbol ahead) -> where a run of passing reductions leads


def _lexer(state: int):
    t = _tables()
    res, keywords, ignored, newlines = t.lexers[t.lexer_of[state]]
    _LEXERS[state] = info = ([re.compile(pattern, flags).match for pattern, flags in res], keywords, ignored, newlines)
    return info


def _chain(key) -> int:
    """Where a run of reductions that pass their one symbol on leads, from state `top` above state `below`
    with `kind` ahead (each pops `top` and goes from `below` by the rule's name): the state whose action on
    `kind` is something else (a shift, a reduction that builds, none: a mistake), or the end state."""
    below, top, kind = key
    table, end = _TABLE, _START[1]
    while True:
        top = table[below][table[top][kind][1]]
        act = table[top].get(kind)
        if top == end or type(act) is not tuple or act[2] is not None:
            _CHAINS[key] = top
            return top


class _Fallback(Exception):
    """The text is not one the fast loop reads to the end: lark's own loop parses it and says why."""


class _Unexpected(Exception):
    """lark's loop found a mistake (its UnexpectedInput is `error`)."""

    def __init__(self, error):
        super().__init__(str(error))
        self.error = error


def _drive(text: str):
    """Parses `text` with the tables and our reducers, in one loop of our own: a token at a time, with the
    lexer of the parser's state (lark's contextual lexing), and a reduction by a rule that only passes its
    one symbol on (a step down the precedence ladder of the expressions, three reductions in four) leaves
    its value as it is. lark's generic loop parses what this one does not read to the end, and so raises
    the error of a text with a mistake."""
    try:
        return _fast(text)
    except _Fallback:
        from lark.exceptions import UnexpectedInput
        try:
            return _lark().parse(text)
        except UnexpectedInput as e:
            raise _Unexpected(e) from None


def _fast(text: str):
    table, lexers, chains = _TABLE, _LEXERS, _CHAINS
    begin, end = _START
    stack, values = [begin], []
    pos, line, line_start, size = 0, 1, 0, len(text)
    token = None
    while True:
        # the next token, read by the lexer of the state the parser is in
        while pos < size:
            state = stack[-1]
            matchers, keywords, ignored, newlines = lexers.get(state) or _lexer(state)
            for match in matchers:
                m = match(text, pos)
                if m:
                    break
            else:
                raise _Fallback
            value, kind = m.group(0), m.lastgroup
            start, col = pos, pos - line_start + 1
            pos = m.end()
            tok_line = line
            if kind in newlines and "\n" in value:
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
            if kind in ignored:
                continue
            if kind in keywords:
                kind = keywords[kind].get(value, kind)
            token = Token(kind, value, tok_line, col)
            break
        else:
            kind = "$END"
        # feed it: reduce while the table says so, then shift
        while True:
            act = table[stack[-1]].get(kind)
            if act is None:
                raise _Fallback
            if type(act) is int:
                if kind == "$END":
                    raise _Fallback
                stack.append(act)
                values.append(token)
                break
            n, name, reduce = act
            if reduce is None:  # a run of such reductions, taken at once
                key = (stack[-2], stack[-1], kind)
                top = chains.get(key)
                stack[-1] = _chain(key) if top is None else top
            else:
                children = values[-n:] if n else []
                if n:
                    del stack[-n:]
                    del values[-n:]
                values.append(reduce(children))
                stack.append(table[stack[-1]][name])
            if kind == "$END" and stack[-1] == end:
                return values[-1]


class Origin:
    """Maps a position inside an effect string to a place in its file."""

    def __init__(self, place: Place, line_starts: list[tuple[int, int]] | None = None):
        self.place = place
        # line_starts[i] = (file line, file column) where line i+1 of the text begins
        self.line_starts = line_starts or [(place.line, place.col)]

    def at(self, line: int, col: int) -> Place:
        if not self.place.line:
            return self.place
        i = min(max(line, 1), len(self.line_starts)) - 1
        fl, fc = self.line_starts[i]
        if line - 1 > i:  # past the known lines: best effort
            return self.place.shifted(fl + (line - 1 - i), col)
        return self.place.shifted(fl, fc + col - 1)


def _pos(meta_or_tok):
    return {"line": getattr(meta_or_tok, "line", 1) or 1, "col": getattr(meta_or_tok, "column", 1) or 1}


class _ToAst:
    """Builds ast.py nodes: one method per rule (or alias), given where the rule's text begins (meta:
    line and column) and its children already built (see `_reducers`)."""

    # -- statements
    def start(self, meta, items):
        return [s for s in items if s is not None]

    def block(self, meta, items):
        return [s for s in items if s is not None]

    def let_stmt(self, meta, items):
        return A.Let(str(items[0]), items[1], **_pos(meta))

    def assign_stmt(self, meta, items):
        target, op, value = items
        if not isinstance(target, (A.Name, A.Attr, A.Index)):
            raise _Bad("only a name, a field or an item can be assigned to", target)
        return A.Assign(target, str(op), value, **_pos(meta))

    def if_stmt(self, meta, items):
        test, body, *rest = items
        branches = [(test, body)]
        orelse = None
        for r in rest:
            if r is None:
                continue
            if r[0] == "elif":
                branches.append((r[1], r[2]))
            else:
                orelse = r[1]
        return A.If(branches, orelse, **_pos(meta))

    def elif_clause(self, meta, items):
        return ("elif", items[0], items[1])

    def else_clause(self, meta, items):
        return ("else", items[0])

    def for_stmt(self, meta, items):
        return A.For(str(items[0]), items[1], items[2], **_pos(meta))

    def while_stmt(self, meta, items):
        return A.While(items[0], items[1], **_pos(meta))

    def repeat_stmt(self, meta, items):
        return A.Repeat(items[0], items[1], **_pos(meta))

    def return_stmt(self, meta, items):
        return A.Return(items[0] if items else None, **_pos(meta))

    def break_stmt(self, meta, items):
        return A.Break(**_pos(meta))

    def continue_stmt(self, meta, items):
        return A.Continue(**_pos(meta))

    def expr_stmt(self, meta, items):
        return A.ExprStmt(items[0], **_pos(meta))

    def ask_stmt(self, meta, items):
        by, seen, prompt, *options = items
        return A.Ask(by, self._template(prompt) if prompt is not None else None,
                     [o for o in options if o is not None], seen, **_pos(meta))

    def ask_option(self, meta, items):
        label, guard, body = items
        return A.AskOption(self._template(label), guard, body, **_pos(meta))

    def when_clause(self, meta, items):
        return items[0]

    def by_clause(self, meta, items):
        return items[0]

    def secret(self, meta, items):
        return ("secret",)

    def public(self, meta, items):
        return ("public",)

    def seen_by(self, meta, items):
        return ("by", items[0])

    # -- expressions
    def if_expr(self, meta, items):
        then, test, orelse = items
        return A.IfExpr(test, then, orelse, **_pos(meta))

    def filter(self, meta, items):
        return A.Filter(items[0], items[1], **_pos(meta))

    def each(self, meta, items):
        return A.Each(str(items[0]), items[1], items[2], **_pos(meta))

    def or_(self, meta, items):
        return items[0] if len(items) == 1 else A.BoolOp("or", items, **_pos(meta))

    def and_(self, meta, items):
        return items[0] if len(items) == 1 else A.BoolOp("and", items, **_pos(meta))

    def not_(self, meta, items):
        return A.Not(items[0], **_pos(meta))

    def compare(self, meta, items):
        if len(items) == 1:
            return items[0]
        return A.Compare(str(items[1]), items[0], items[2], **_pos(meta))

    def in_(self, meta, items):
        return A.Compare("in", items[0], items[1], **_pos(meta))

    def not_in(self, meta, items):
        return A.Compare("notin", items[0], items[1], **_pos(meta))

    def binop(self, meta, items):
        node = items[0]
        for i in range(1, len(items), 2):
            node = A.BinOp(str(items[i]), node, items[i + 1], line=node.line, col=node.col)
        return node

    def neg(self, meta, items):
        return A.Neg(items[0], **_pos(meta))

    def attr(self, meta, items):
        return A.Attr(items[0], str(items[1]), **_pos(items[1]))  # placed at the field's name

    def index(self, meta, items):
        return A.Index(items[0], items[1], **_pos(meta))

    def name(self, meta, items):
        return A.Name(str(items[0]), **_pos(meta))

    def int_(self, meta, items):
        text = str(items[0])
        if len(text) > 12:
            raise _Bad("number too large", items[0])
        return A.Const(int(text), **_pos(meta))

    def string(self, meta, items):
        return self._template(items[0])

    def true(self, meta, items):
        return A.Const(True, **_pos(meta))

    def false(self, meta, items):
        return A.Const(False, **_pos(meta))

    def none(self, meta, items):
        return A.Const(None, **_pos(meta))

    def list_(self, meta, items):
        return A.ListExpr([i for i in items if i is not None], **_pos(meta))

    def call(self, meta, items):
        func, *args = items
        pos, kw = [], {}
        for a in args:
            if a is None:
                continue
            if a[0] == "kw":
                if a[1] in kw:
                    raise _Bad(f"argument `{a[1]}` given twice", a[2])
                kw[a[1]] = a[2]
            else:
                if kw:
                    raise _Bad("a positional argument after a named one", a[1])
                pos.append(a[1])
        return A.Call(str(func), pos, kw, **_pos(meta))

    def pos_arg(self, meta, items):
        return ("pos", items[0])

    def kw_arg(self, meta, items):
        return ("kw", str(items[0]), items[1])

    def choose_expr(self, meta, items):
        quantity, var, src, where, label, by, seen, prompt = items
        kind, count = quantity if quantity is not None else ("one", None)
        return A.Choose(kind, count, str(var) if var is not None else None, src, where, by, prompt, label, seen,
                        **_pos(meta))

    def exactly(self, meta, items):
        return ("exactly", A.Const(int(items[0]), **_pos(meta)))

    def up_to(self, meta, items):
        return ("up_to", items[0])

    def any_number(self, meta, items):
        return ("any", None)

    def optional(self, meta, items):
        return ("optional", None)

    def choose_where(self, meta, items):
        return items[0]

    def label_clause(self, meta, items):
        return items[0]

    def prompt_clause(self, meta, items):
        return self._template(items[0])

    # -- strings with {expr} holes
    def _template(self, tok: Token) -> A.Node:
        raw = str(tok)[1:-1]
        line, col = tok.line, tok.column + 1
        parts: list = []
        buf = []
        i = 0
        while i < len(raw):
            special = _SPECIAL.search(raw, i)  # the text up to the next escape or hole, as it is
            if special is None:
                buf.append(raw[i:])
                break
            if special.start() > i:
                buf.append(raw[i:special.start()])
                i = special.start()
            ch = raw[i]
            if ch == "\\" and i + 1 < len(raw):
                nxt = raw[i + 1]
                buf.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\", "{": "{", "}": "}"}.get(nxt, nxt))
                i += 2
                continue
            if ch == "{":
                end = raw.find("}", i)
                if end < 0:
                    raise _Bad("unclosed `{` in a string", tok)
                if buf:
                    parts.append("".join(buf))
                    buf = []
                inner = raw[i + 1:end].replace('\\"', '"')
                try:
                    stmts = _drive(inner)  # inside the parse under way (_run holds _LOCK)
                except _Unexpected as e:
                    raise _Bad(f"bad expression in string: {inner!r}", tok) from e
                if len(stmts) != 1 or not isinstance(stmts[0], A.ExprStmt):
                    raise _Bad(f"a string hole holds one expression, not {inner!r}", tok)
                expr = stmts[0].expr
                for n in A.walk(expr):  # place every node of the hole at the string
                    n.line, n.col = line, col + i
                parts.append(expr)
                i = end + 1
                continue
            buf.append(ch)
            i += 1
        if buf:
            parts.append("".join(buf))
        if all(isinstance(p, str) for p in parts):
            return A.Const("".join(parts), line=line, col=tok.column)
        return A.Template(parts, line=line, col=tok.column)


_SPECIAL = re.compile(r"[\\{]")  # in a string: an escape or a hole


class _At(NamedTuple):
    """Where a rule's text begins (a Token has the same two fields)."""
    line: int
    column: int


class _Inline:
    """What a rule lark inlines into its parent (`_sep`, repetitions) reduces to: the parent's child
    filter takes its `.children`."""
    __slots__ = ("children",)

    def __init__(self, children):
        self.children = children


_STARTS: dict = {}  # id(value reduced) -> where its text begins, for the parse under way (_LOCK held)
_LOCK = threading.RLock()  # one parse at a time per process: _STARTS is shared (a string hole parses inside)


def _first(children):
    for c in children:
        if isinstance(c, str):  # a token (ours, or lark's in its loop): no value reduced is a str
            return c
        at = _STARTS.get(id(c))
        if at is not None:
            return at
    return None


_RULES = None  # the one _ToAst


def _reducer_of(rule) -> object:
    """The function of a reduction (tables.py's `rules`), called with the rule's symbols: it drops
    punctuation as lark would (lark's child filter), then calls the rule's method of _ToAst with where
    the rule's text begins. Every value reduced is remembered with its start, so a rule beginning with a
    sub-rule begins where that does. This replaces lark's tree building and position propagation, which
    cost half of the time of parsing."""
    global _RULES
    if _RULES is None:
        _RULES = _ToAst()
    name, keep, after, single = rule
    method = getattr(_RULES, name, None) or (lambda at, kids: _Inline(kids))
    return _reducer(method, None if keep is None else _child_filter(keep, after), single)


def _reducers(lk) -> dict:
    """The same functions for lark's own loop, keyed by its rules."""
    return {rule: _pass if spec is None else _reducer_of(spec) for rule, spec in tables.rule_specs(lk)}


def _pass(children):
    return children[0]  # its start is its one child's, recorded already


def _child_filter(keep, after):
    """The children a rule keeps: [(index, spliced (a rule lark inlines), Nones before)], then Nones."""
    def kept(children):
        out = []
        for i, spliced, before in keep:
            if before:
                out += [None] * before
            if spliced:
                out += children[i].children
            else:
                out.append(children[i])
        if after:
            out += [None] * after
        return out
    return kept


def _reducer(method, keep, single):
    def reduce(children):
        at = _first(children)
        kids = keep(children) if keep is not None else children
        value = kids[0] if single and len(kids) == 1 else method(at, kids)
        if at is not None:
            _STARTS[id(value)] = at
        else:  # an empty rule: no start, and none left by an earlier value that lived at the same address
            _STARTS.pop(id(value), None)
        return value
    return reduce


def _run(text: str):
    """Parses and returns what `start` reduced to (a list of statements)."""
    with _LOCK:
        try:
            _tables()
            return _drive(text)
        finally:
            _STARTS.clear()


class _Bad(Exception):
    def __init__(self, message, where):
        self.message = message
        self.line = getattr(where, "line", 1) or 1
        self.col = getattr(where, "column", None) or getattr(where, "col", 1) or 1


def _expected(e) -> str:
    exp = sorted(getattr(e, "expected", None) or getattr(e, "allowed", None) or [])
    names = []
    for t in exp:
        try:
            pat = _lark().get_terminal(t).pattern
            names.append(f"`{pat.value}`" if pat.type == "str" else t.lower().lstrip("_"))
        except KeyError:
            names.append(t.lower())
    return ", ".join(names[:8])


def _syntax_message(text: str, e) -> str:
    """What lark's UnexpectedInput `e` means, in the author's words."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
    if isinstance(e, UnexpectedEOF):
        return "the effect ends too early (an unclosed bracket or brace?)"
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else "?"
        return f"unexpected character {ch!r}"
    if isinstance(e, UnexpectedToken):
        tok = e.token
        if tok.type == "$END":
            return "the effect ends too early (an unclosed bracket or brace?)"
        what = repr(str(tok)) if tok.type != "_NL" else "end of line (the line ends too early?)"
        hint = _expected(e)
        if tok.type == "_NL" and "`else`" in hint:
            return "unexpected end of line (write `} else {` on one line)"
        return f"unexpected {what}" + (f"; expected one of: {hint}" if hint else "")
    return "syntax error"


def _nesting_too_deep(text: str) -> bool:
    if text.count("(") + text.count("[") + text.count("{") <= MAX_DEPTH:
        return False  # no deeper than it has brackets: most texts, not read a character at a time
    depth = top = 0
    for ch in text:
        if ch in "([{":
            depth += 1
            top = max(top, depth)
        elif ch in ")]}":
            depth -= 1
    return top > MAX_DEPTH


_CACHE: dict = {}  # (text, place, line starts) -> statements; the trees are never changed after parsing
_CACHE_SIZE = 8192


def parse(text: str, origin: Origin) -> list:
    """Effect text -> list of statements. Raises ContentError with the place of the mistake.

    A text parsed before at the same place is not parsed again (validate loads a game once per option
    set; simulations load it once per process), nor a text parsed by an earlier run (disk_cache)."""
    key = (text, origin.place, tuple(origin.line_starts)) if isinstance(text, str) else None
    hit = _CACHE.get(key) if key is not None else None
    if hit is not None:
        return hit
    stored = disk_cache.store().get(text) if key is not None else None
    if stored is not None:
        stmts = stored
    else:
        stmts = _parse(text, origin)
        if key is not None:
            disk_cache.store().put(text, stmts)
    if key is not None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = stmts
    return stmts


def _parse(text: str, origin: Origin) -> list:
    if not isinstance(text, str):
        raise ContentError([Diagnostic(origin.place, "an effect must be a string", "E-DSL-TYPE")])
    if len(text) > MAX_SOURCE:
        raise ContentError([Diagnostic(origin.place, f"effect longer than {MAX_SOURCE} characters", "E-DSL-SIZE")])
    if _nesting_too_deep(text):
        raise ContentError([Diagnostic(origin.place, f"brackets nested deeper than {MAX_DEPTH}", "E-DSL-DEPTH")])
    try:
        return _run(text)
    except _Unexpected as u:
        e = u.error
        line, col = getattr(e, "line", 1), getattr(e, "column", 1)
        if not isinstance(line, int) or line < 1:
            lines = text.splitlines() or [""]
            line, col = len(lines), len(lines[-1]) + 1
        raise ContentError([Diagnostic(origin.at(line, col), _syntax_message(text, e), "E-DSL-SYNTAX")]) from None
    except _Bad as b:
        raise ContentError([Diagnostic(origin.at(b.line, b.col), b.message, "E-DSL-SYNTAX")]) from None


def parse_expr(text, origin: Origin) -> A.Node:
    """Text that must be a single expression (a condition, a score, a count)."""
    if isinstance(text, bool):
        return A.Const(text)
    if isinstance(text, int):
        return A.Const(text)
    stmts = parse(text, origin)
    if len(stmts) != 1 or not isinstance(stmts[0], A.ExprStmt):
        raise ContentError([Diagnostic(origin.place, "expected one expression here, not statements", "E-DSL-SYNTAX")])
    return stmts[0].expr
