"""The effect language's syntax tree: one small dataclass per construct, each with its place and its span (where
its text begins and ends in the text parsed, for tools that rewrite the text: mutants.code). Nodes compare by
identity (`eq=False`: the generated `__eq__` was a third of the import of this module; a test compares trees by repr)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True, eq=False)
class Node:
    line: int = field(default=1, kw_only=True)
    col: int = field(default=1, kw_only=True)
    start: int = field(default=0, kw_only=True, repr=False)  # the span of its text: text[start:end]
    end: int = field(default=0, kw_only=True, repr=False)  # (0, 0): a node no text was parsed into


# ---- expressions
@dataclass(slots=True, eq=False)
class Const(Node):
    value: object


@dataclass(slots=True, eq=False)
class Template(Node):
    """A string with {expr} holes; parts alternate between str and Node."""
    parts: list


@dataclass(slots=True, eq=False)
class Name(Node):
    id: str


@dataclass(slots=True, eq=False)
class Attr(Node):
    obj: Node
    attr: str


@dataclass(slots=True, eq=False)
class Index(Node):
    obj: Node
    index: Node


@dataclass(slots=True, eq=False)
class ListExpr(Node):
    items: list


@dataclass(slots=True, eq=False)
class BinOp(Node):
    op: str
    left: Node
    right: Node


@dataclass(slots=True, eq=False)
class Compare(Node):
    op: str  # == != < <= > >= in notin
    left: Node
    right: Node


@dataclass(slots=True, eq=False)
class BoolOp(Node):
    op: str  # and / or
    values: list


@dataclass(slots=True, eq=False)
class Not(Node):
    operand: Node


@dataclass(slots=True, eq=False)
class Neg(Node):
    operand: Node


@dataclass(slots=True, eq=False)
class IfExpr(Node):
    test: Node
    then: Node
    orelse: Node


@dataclass(slots=True, eq=False)
class Filter(Node):
    """`items where cond`, with each element bound to `it`."""
    items: Node
    cond: Node


@dataclass(slots=True, eq=False)
class Each(Node):
    """`each x in items where cond`: a filter with a named element, for filters inside filters."""
    var: str
    items: Node
    cond: Node


@dataclass(slots=True, eq=False)
class Call(Node):
    func: str
    args: list
    kwargs: dict


@dataclass(slots=True, eq=False)
class Choose(Node):
    """A decision: pick from a collection. kind: one, exactly, up_to, any, optional."""
    kind: str
    count: Node | None
    var: str | None
    items: Node
    cond: Node | None
    by: Node | None
    prompt: Node | None
    label: Node | None = None  # how each option is shown, the item bound to `var` (or `it`)
    seen: tuple | None = None  # who sees the choice besides its chooser: ("secret",), ("public",), ("by", players)
    decline: Node | None = None  # the text offered for picking nothing (`optional` only); none: NOTHING


# ---- statements
@dataclass(slots=True, eq=False)
class Let(Node):
    name: str
    value: Node


@dataclass(slots=True, eq=False)
class Assign(Node):
    target: Node
    op: str  # = += -=
    value: Node


@dataclass(slots=True, eq=False)
class If(Node):
    branches: list  # [(test, body)]
    orelse: list | None


@dataclass(slots=True, eq=False)
class For(Node):
    var: str
    items: Node
    body: list


@dataclass(slots=True, eq=False)
class While(Node):
    test: Node
    body: list


@dataclass(slots=True, eq=False)
class Repeat(Node):
    count: Node
    body: list


@dataclass(slots=True, eq=False)
class AskOption(Node):
    label: Node
    guard: Node | None
    body: list


@dataclass(slots=True, eq=False)
class Ask(Node):
    by: Node | None
    prompt: Node | None
    options: list
    seen: tuple | None = None  # as Choose's


@dataclass(slots=True, eq=False)
class Return(Node):
    value: Node | None


@dataclass(slots=True, eq=False)
class Break(Node):
    pass


@dataclass(slots=True, eq=False)
class Continue(Node):
    pass


@dataclass(slots=True, eq=False)
class ExprStmt(Node):
    expr: Node


def walk(node):
    """Every node below and including `node`, depth first."""
    stack = [node]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        n = pop()
        if isinstance(n, Node):
            yield n
            for name in n.__slots__:
                v = getattr(n, name)
                if isinstance(v, _BRANCHES):
                    push(v)
                elif isinstance(v, dict):
                    extend(v.values())
        elif isinstance(n, _SEQUENCES):
            extend(reversed(n))


_SEQUENCES = (list, tuple)
_BRANCHES = (Node, list, tuple)


def statements(stmts: list):
    """Every statement of a body and of the bodies inside it (an `if`'s, a loop's, an `ask` option's), not
    the expressions: what binds names, found without walking every expression."""
    stack = list(reversed(stmts))
    while stack:
        s = stack.pop()
        yield s
        t = type(s)
        if t is If:
            inner = [x for _, body in s.branches for x in body] + (s.orelse or [])
        elif t is For or t is While or t is Repeat:
            inner = s.body
        elif t is Ask:
            inner = [x for o in s.options for x in o.body]
        else:
            continue
        stack.extend(reversed(inner))
