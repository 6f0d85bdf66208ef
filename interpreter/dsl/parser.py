"""Parses effect-language text into the syntax tree of ast.py, with lark's LALR parser of grammar/effects.lark.

lark calls a method of `_ToAst` at each reduction (its `transformer` option: no tree of lark's is built),
keeping every token (`keep_all_tokens`) so that each node is placed where its text begins (a statement at its
keyword, a list at its bracket). lark keeps its analysis of the grammar in its own cache (`cache=True`: a
file in the temporary folder named by the grammar, the options and lark's version), so a new process does
not analyse the grammar again. A text with a mistake raises lark's `UnexpectedInput`: `_syntax_message` says
what it means in the author's words, and `_hint` names the mistakes authors make most (`_HINTS`, recognised
by `UnexpectedInput.match_examples`).
"""
from __future__ import annotations

import functools
import re

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .. import watch
from ..errors import ContentError, Diagnostic, Origin
from ..files import GRAMMAR_DIR
from . import ast as A
from . import disk_cache

GRAMMAR_PATH = GRAMMAR_DIR / "effects.lark"
MAX_SOURCE = 20_000  # characters in one effect string
MAX_DEPTH = 60  # nesting of brackets and blocks


@functools.lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", maybe_placeholders=True,
                keep_all_tokens=True, transformer=_Reductions(), cache=True)


def _tree(text: str) -> list:
    """Parses `text` to ast.py nodes: the list of its statements."""
    return _lark().parse(text)[0]


_KEPT = frozenset({"NAME", "INT", "STRING", "ASSIGN_OP", "COMP_OP", "ADD_OP", "MUL_OP"})  # the others: punctuation


def _reduction(method):
    """What lark calls when it reduces by a rule (lark's `transformer` option: no tree is built): the rule's
    method of `_ToAst`, given where the rule's text begins and its children without the punctuation. lark
    keeps every token (`keep_all_tokens`), so that a rule beginning with a keyword or a bracket begins there
    and one ending with a bracket ends there; each reduction gives (its node, where its text begins: a token,
    or None for no text, where it ends). A node the rule makes is given that span (Node.start, Node.end); one
    it passes on from below keeps its own."""
    ends = getattr(method, "ends", False)  # the method is also given where each child's text ends

    def reduce(children):
        kids, at, end, upto = [], None, 0, []
        for c in children:
            if type(c) is tuple:  # a rule reduced below
                c, first, last = c
                end = last or end
            elif c is None or c.type in _KEPT:  # nothing (an optional part missing), or a word of the text
                first = c
                if c is not None:
                    end = c.end_pos
            else:  # punctuation or a keyword
                if at is None:
                    at = c
                end = c.end_pos
                continue
            if at is None:
                at = first
            kids.append(c)
            upto.append(end)
        node = method(at, kids, upto) if ends else method(at, kids)
        if isinstance(node, A.Node) and not node.end and at is not None:
            node.start, node.end = at.start_pos, end
        return node, at, end
    return reduce


def _pos(meta_or_tok):
    return {"line": getattr(meta_or_tok, "line", 1) or 1, "col": getattr(meta_or_tok, "column", 1) or 1}


class _ToAst:
    """Builds ast.py nodes: one method per rule (or alias) of the grammar, given where the rule's text begins
    (a token, or None) and its children already built."""

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
    def atom(self, meta, items):  # "(" expr ")"
        return items[0]

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

    def binop(self, meta, items, ends):
        node = items[0]
        for i in range(1, len(items), 2):  # each one from where the rule's text begins to its right operand's end
            node = A.BinOp(str(items[i]), node, items[i + 1], line=node.line, col=node.col, start=meta.start_pos,
                           end=ends[i + 1])
        return node

    binop.ends = True

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
        quantity, var, src, where, label, by, seen, prompt, decline = items
        kind, count = quantity if quantity is not None else ("one", None)
        return A.Choose(kind, count, str(var) if var is not None else None, src, where, by, prompt, label, seen,
                        decline, **_pos(meta))

    def exactly(self, meta, items):
        n = items[0]  # a number as written, or an expression in parentheses
        return ("exactly", A.Const(int(n), **_pos(meta), start=n.start_pos, end=n.end_pos) if isinstance(n, Token) else n)

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

    def decline_clause(self, meta, items):
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
                expr = _hole(raw[i + 1:end].replace('\\"', '"'), tok)
                at = tok.start_pos + i + 2  # where the hole's text begins in the text parsed
                for n in A.walk(expr):  # place every node of the hole where it stands in the string
                    n.line, n.col = line, col + i + n.col
                    n.start, n.end = (at + n.start, at + n.end) if n.end else (at, tok.start_pos + 1 + end)
                parts.append(expr)
                i = end + 1
                continue
            buf.append(ch)
            i += 1
        if buf:
            parts.append("".join(buf))
        span = {"start": tok.start_pos, "end": tok.end_pos}
        if all(isinstance(p, str) for p in parts):
            return A.Const("".join(parts), line=line, col=tok.column, **span)
        return A.Template(parts, line=line, col=tok.column, **span)


_SPECIAL = re.compile(r"[\\{]")  # in a string: an escape or a hole


def _hole(inner: str, tok: Token) -> A.Node:
    """The expression of a string's hole. Most are a name or a field read (`{me.name}`): built as they are,
    without a parse of their own."""
    if _field_read().fullmatch(inner):
        name, *fields = inner.split(".")
        expr = A.Name(name, end=len(name))  # placed as a parse places them: a name at its start, a field at
        col = len(name) + 2  # its own name
        for f in fields:
            expr = A.Attr(expr, f, col=col, end=col - 1 + len(f))
            col += len(f) + 1
        return expr
    try:
        stmts = _tree(inner)
    except UnexpectedInput as e:
        raise _Bad(f"bad expression in string: {inner!r}", tok) from e
    if len(stmts) != 1 or not isinstance(stmts[0], A.ExprStmt):
        raise _Bad(f"a string hole holds one expression, not {inner!r}", tok)
    return stmts[0].expr


@functools.lru_cache(maxsize=1)
def _field_read() -> re.Pattern:
    """A name, then `.name` any number of times, as the grammar's NAME spells a name (not a keyword)."""
    name = _lark().get_terminal("NAME").pattern.to_regexp()
    return re.compile(rf"(?:{name})(?:\.(?:{name}))*")


class _Reductions:
    """lark's `transformer`: an attribute per rule, the function lark calls when it reduces by the rule."""

    def __init__(self):
        rules = _ToAst()
        for name in vars(_ToAst):
            if not name.startswith("_"):
                setattr(self, name, _reduction(getattr(rules, name)))


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


@functools.lru_cache(maxsize=1)
def reserved_words() -> tuple:
    """The words the grammar's NAME may not be (its pattern begins `(?!(let|if|...)\\b)`), in its order: read from
    the grammar's text, so that a load whose effects all come from the disk cache never builds the parser."""
    found = re.search(r"^NAME: */\(\?!\(([a-z|]+)\)", GRAMMAR_PATH.read_text(encoding="utf-8"), re.MULTILINE)
    return tuple(found.group(1).split("|"))


def _reserved(e) -> str | None:
    """The reserved word a name was written as, where nothing but a name may stand (`let up = 1`, `for to in`,
    `me.any`): elsewhere the word may be the mistake of another (`else` on a line of its own)."""
    if isinstance(e, UnexpectedToken) and str(e.token) in reserved_words() and set(e.expected or ()) == {"NAME"}:
        return str(e.token)
    return None


def _syntax_message(text: str, e) -> str:
    """What lark's UnexpectedInput `e` means, in the author's words."""
    if isinstance(e, UnexpectedEOF):
        return "the effect ends too early (an unclosed bracket or brace?)"
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if e.pos_in_stream < len(text) else "?"
        return f"unexpected character {ch!r}"
    if isinstance(e, UnexpectedToken):
        tok = e.token
        if tok.type == "$END":
            return "the effect ends too early (an unclosed bracket or brace?)"
        word = _reserved(e)
        if word is not None:
            return f"`{word}` is a reserved word of the language: it cannot be a name"
        what = repr(str(tok)) if tok.type != "_NL" else "end of line (the line ends too early?)"
        hint = _expected(e)
        if tok.type == "_NL" and "`else`" in hint:
            return "unexpected end of line (write `} else {` on one line)"
        return f"unexpected {what}" + (f"; expected one of: {hint}" if hint else "")
    return "syntax error"


# Mistakes authors make, each with the words it is made with and texts that make it. A mistake lark finds on
# one of those words, in the state of its parser where it finds the mistake of an example, is the example's
# (`UnexpectedInput.match_examples`), and the message says what to write instead.
_HINTS = [
    ("if", "the word is `elif`: `} elif y {`",
     ["if x { a() } else if y { b() }", "for v in x { if x { a() } else if y { b() } }",
      "for v in x {\n  if x {\n    a()\n  } else if y {\n    b()\n  }\n}"]),
    ("else elif", "`else` and `elif` go on the line of the `}` that closes the `if`: `} else {`",
     ["if x { a() }\nelse { b() }", "if x { a() }\nelif y { b() }"]),
    ("=", "a comparison is written `==`",
     ["if x = 1 { a() }", "while x = 1 { a() }", "let y = x if a = 1 else 2", "for v in x { if x = 1 { a() } }",
      "for v in x {\n  let y = 1\n  if x = 1 {\n    a()\n  }\n}"]),
    ("+", "to add one, write `x += 1`", ["x++"]),
]
_CHAR_HINTS = {"&": "`and` joins two conditions", "|": "`or` joins two conditions",
               "!": "`not` negates a condition (`!=` is \"different\")", "'": "a string is written in double quotes",
               ":": "a block is written in braces: `if x { ... }`"}


def _hint(text: str, e) -> str:
    if isinstance(e, UnexpectedCharacters):
        return _CHAR_HINTS.get(text[e.pos_in_stream] if e.pos_in_stream < len(text) else "", "")
    if not isinstance(e, UnexpectedToken):
        return ""
    if str(e.token) == "if" and text[:e.token.start_pos].rstrip().endswith("else"):
        return _HINTS[0][1]  # `else if`, wherever it stands (the examples' states cover the usual places only)
    examples = {hint: texts for words, hint, texts in _HINTS if str(e.token) in words.split()}
    if not examples:
        return ""
    return e.match_examples(_lark().parse, examples, token_type_match_fallback=True) or ""


def _nesting_too_deep(text: str) -> tuple[int, int] | None:
    """(line, column) in the text of the first bracket nested deeper than MAX_DEPTH, or None."""
    if text.count("(") + text.count("[") + text.count("{") <= MAX_DEPTH:
        return None  # no deeper than it has brackets: most texts, not read a character at a time
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, i) + 1
                return line, i - (text.rfind("\n", 0, i) + 1) + 1
        elif ch in ")]}":
            depth -= 1
    return None


_CACHE: dict = {}  # (text, place, line starts) -> statements; the trees are never changed after parsing
_CACHE_SIZE = 8192


def parse(text: str, origin: Origin) -> list:
    """Effect text -> list of statements. Raises ContentError with the place of the mistake.

    A text parsed before at the same place is not parsed again (validate loads a game once per option
    set; simulations load it once per process), nor a text parsed by an earlier run (disk_cache)."""
    watch.parsed(text, "body")
    key = (text, origin.place, tuple(origin.line_starts)) if isinstance(text, str) else None
    hit = _CACHE.get(key) if key is not None else None
    if hit is not None:
        return hit
    stored = disk_cache.store().get(text, origin.place.path) if key is not None else None
    if stored is not None:
        stmts = stored
    else:
        stmts = _parse(text, origin)
        if key is not None:
            disk_cache.store().put(text, stmts, origin.place.path)
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
    deep = _nesting_too_deep(text)
    if deep is not None:  # placed at the bracket that goes past the bound
        raise ContentError([Diagnostic(origin.at(*deep), f"brackets nested deeper than {MAX_DEPTH}", "E-DSL-DEPTH")])
    try:
        return _tree(text)
    except UnexpectedInput as e:
        line, col = getattr(e, "line", 1), getattr(e, "column", 1)
        if not isinstance(line, int) or line < 1:
            lines = text.splitlines() or [""]
            line, col = len(lines), len(lines[-1]) + 1
        word = _reserved(e)
        raise ContentError([Diagnostic(origin.at(line, col), _syntax_message(text, e),
                                       "E-RESERVED" if word else "E-DSL-SYNTAX",
                                       hint=f"name it otherwise: `{word}_`, `my_{word}`... (docs/language.md lists "
                                       "the reserved words)" if word else _hint(text, e))]) from None
    except _Bad as b:
        raise ContentError([Diagnostic(origin.at(b.line, b.col), b.message, "E-DSL-SYNTAX")]) from None


def parse_expr(text, origin: Origin) -> A.Node:
    """Text that must be a single expression (a condition, a score, a count)."""
    watch.parsed(text, "expression")
    if isinstance(text, bool):
        return A.Const(text)
    if isinstance(text, int):
        return A.Const(text)
    stmts = parse(text, origin)
    if len(stmts) != 1 or not isinstance(stmts[0], A.ExprStmt):
        raise ContentError([Diagnostic(origin.place, "expected one expression here, not statements", "E-DSL-SYNTAX")])
    return stmts[0].expr
