"""Mutations of one effect-language text, found on its syntax tree as the engine's parser builds it (dsl.parser,
each node with the span of its text): each is a new text, the place inside the text where it changed, its kind
and a one-line description."""
from __future__ import annotations

from typing import NamedTuple

from ..dsl import ast as A
from ..dsl.parser import Origin, parse
from ..errors import Place

# a comparison made loose or strict, and turned around
COMPARISONS = {"<": ("<=", ">"), "<=": ("<", ">="), ">": (">=", "<"), ">=": (">", "<="), "==": ("!=",), "!=": ("==",)}
_BODIES = (A.If, A.For, A.While, A.Repeat, A.AskOption)  # what holds statements, besides the text itself


class _Span(NamedTuple):
    """Text around a node that is no node of its own (a named argument)."""
    start: int
    end: int


class Edit(NamedTuple):
    text: str  # the whole mutated text
    line: int  # where the change is, in the text (from 1)
    col: int
    kind: str  # number, comparison, condition, statement, shuffle
    description: str


def _short(text: str, limit: int = 60) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 3] + "..."


def conditions(node) -> list:
    """The conditions a node tests: an `if`'s and each `elif`'s, a loop's, a conditional's, a filter's, a
    choice's, an `ask` option's guard."""
    t = type(node)
    if t is A.If:
        return [test for test, _ in node.branches]
    if t is A.While or t is A.IfExpr:
        return [node.test]
    if t is A.Filter or t is A.Each or (t is A.Choose and node.cond is not None):
        return [node.cond]
    if t is A.AskOption and node.guard is not None:
        return [node.guard]
    return []


def bodies(node) -> list:
    """The statement lists a node holds (an `if`'s branches and `else`, a loop's, an `ask` option's)."""
    t = type(node)
    if t is A.If:
        return [body for _, body in node.branches] + ([node.orelse] if node.orelse is not None else [])
    return [node.body] if t in _BODIES else []


def edits(text: str, statements: bool = True, name: str = "") -> list[Edit]:
    """Every mutation of `text`, in the order of the text. `statements`: the text is a body (statements may
    be removed), not one expression; `name`: what the text is (its YAML key), said of a number alone."""
    text = str(text)
    tree = parse(text, Origin(Place("")))
    out: list[tuple[int, int, Edit]] = []

    def at(offset: int) -> tuple[int, int]:
        """(line, column) of an offset in the text, both from 1."""
        return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)

    def splice(start, end, new):
        return text[:start] + new + text[end:]

    def edit(offset, order, new_text, kind, description):
        out.append((offset, order, Edit(new_text, *at(offset), kind, description)))

    def visit(node, parents: tuple):
        """A node and what is below it; `parents`: the nodes from the statement it belongs to down to it."""
        t = type(node)
        s, e = node.start, node.end
        if t is A.Const and type(node.value) is int and e:
            # said with the smallest enclosing node wider than the number, or with its key when alone in its
            # statement
            around = next((p for p in reversed(parents) if p.end - p.start > e - s and type(p) is not A.ExprStmt),
                          None)
            for new in (node.value + 1, node.value - 1):
                said = f"`{name}: {text[s:e]}` -> {new}" if around is None else \
                    f"`{_short(text[around.start:around.end])}`: {text[s:e]} -> {new}"
                edit(s, 0, splice(s, e, str(new)), "number", said)
        elif t is A.Compare:
            whole = _short(text[s:e])
            between = node.left.end, node.right.start  # the operator and the blanks around it
            gap = text[between[0]:between[1]]
            if node.op in COMPARISONS:
                op = between[0] + gap.index(node.op)
                for new in COMPARISONS[node.op]:
                    edit(op, 1, splice(op, op + len(node.op), new), "comparison", f"`{whole}`: {node.op} -> {new}")
            else:  # `in`, `not in`: the words between the two sides
                word = between[0] + gap.index("not" if node.op == "notin" else "in")
                end = between[0] + gap.rindex("in") + 2
                new, said = ("not in", "in -> not in") if node.op == "in" else ("in", "not in -> in")
                out.append((between[0], 1, Edit(splice(word, end, new), *at(s), "comparison", f"`{whole}`: {said}")))
        for cond in conditions(node):
            cs, ce = cond.start, cond.end
            edit(cs, 2, splice(cs, ce, f"not ({text[cs:ce]})"), "condition", f"negates `{_short(text[cs:ce])}`")
        for body in bodies(node):
            block(body)
        below = parents + (node,)
        named = {id(v): k for k, v in node.kwargs.items()} if t is A.Call else {}
        for child in _children(node):
            k = named.get(id(child))  # a named argument is said with its name: `n=2`
            visit(child, below if k is None else below + (_Span(text.rindex(k, s, child.start), child.end),))

    def block(stmts):
        for st in stmts:
            if statements:
                s, e = st.start, st.end
                shuffle = type(st) is A.ExprStmt and type(st.expr) is A.Call and st.expr.func == "shuffle"
                what = "the shuffle" if shuffle else "the statement"
                edit(s, 3, splice(s, e, ""), "shuffle" if shuffle else "statement", f"removes {what} `{_short(text[s:e])}`")
            visit(st, ())

    block(tree)
    out.sort(key=lambda x: (x[0], x[1]))
    return [e for _, _, e in out]


def _children(node) -> list:
    """The expressions right below a node, in the order of the text (a body's statements: `bodies`; the holes
    of a string are not the text's own words)."""
    if type(node) is A.Template:
        return []
    kids = []
    for name in node.__slots__:
        v = getattr(node, name)
        for x in (v.values() if isinstance(v, dict) else v if isinstance(v, (list, tuple)) else (v,)):
            if isinstance(x, tuple):  # an `if`'s (test, body); a choice's `seen by` clause
                kids += [y for y in x if isinstance(y, A.Node)]
            elif isinstance(x, A.Node) and not _is_statement(x):
                kids.append(x)
    return sorted(kids, key=lambda k: k.start)


def _is_statement(node) -> bool:
    return isinstance(node, (A.Let, A.Assign, A.If, A.For, A.While, A.Repeat, A.Ask, A.Return, A.Break, A.Continue,
                             A.ExprStmt))
