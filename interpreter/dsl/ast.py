"""The effect language's syntax tree: one small dataclass per construct, each with its place."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Node:
    line: int = field(default=1, kw_only=True)
    col: int = field(default=1, kw_only=True)


# ---- expressions
@dataclass(slots=True)
class Const(Node):
    value: object


@dataclass(slots=True)
class Template(Node):
    """A string with {expr} holes; parts alternate between str and Node."""
    parts: list


@dataclass(slots=True)
class Name(Node):
    id: str


@dataclass(slots=True)
class Attr(Node):
    obj: Node
    attr: str


@dataclass(slots=True)
class Index(Node):
    obj: Node
    index: Node


@dataclass(slots=True)
class ListExpr(Node):
    items: list


@dataclass(slots=True)
class BinOp(Node):
    op: str
    left: Node
    right: Node


@dataclass(slots=True)
class Compare(Node):
    op: str  # == != < <= > >= in notin
    left: Node
    right: Node


@dataclass(slots=True)
class BoolOp(Node):
    op: str  # and / or
    values: list


@dataclass(slots=True)
class Not(Node):
    operand: Node


@dataclass(slots=True)
class Neg(Node):
    operand: Node


@dataclass(slots=True)
class IfExpr(Node):
    test: Node
    then: Node
    orelse: Node


@dataclass(slots=True)
class Filter(Node):
    """`items where cond`, with each element bound to `it`."""
    items: Node
    cond: Node


@dataclass(slots=True)
class Each(Node):
    """`each x in items where cond`: a filter with a named element, for filters inside filters."""
    var: str
    items: Node
    cond: Node


@dataclass(slots=True)
class Call(Node):
    func: str
    args: list
    kwargs: dict


@dataclass(slots=True)
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


# ---- statements
@dataclass(slots=True)
class Let(Node):
    name: str
    value: Node


@dataclass(slots=True)
class Assign(Node):
    target: Node
    op: str  # = += -=
    value: Node


@dataclass(slots=True)
class If(Node):
    branches: list  # [(test, body)]
    orelse: list | None


@dataclass(slots=True)
class For(Node):
    var: str
    items: Node
    body: list


@dataclass(slots=True)
class While(Node):
    test: Node
    body: list


@dataclass(slots=True)
class Repeat(Node):
    count: Node
    body: list


@dataclass(slots=True)
class AskOption(Node):
    label: Node
    guard: Node | None
    body: list


@dataclass(slots=True)
class Ask(Node):
    by: Node | None
    prompt: Node | None
    options: list


@dataclass(slots=True)
class Return(Node):
    value: Node | None


@dataclass(slots=True)
class Break(Node):
    pass


@dataclass(slots=True)
class Continue(Node):
    pass


@dataclass(slots=True)
class ExprStmt(Node):
    expr: Node


def walk(node):
    """Every node below and including `node`, depth first."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, list):
            stack.extend(reversed(n))
            continue
        if isinstance(n, tuple):
            stack.extend(reversed(n))
            continue
        if not isinstance(n, Node):
            continue
        yield n
        for name in n.__slots__:
            v = getattr(n, name)
            if isinstance(v, (Node, list, tuple)):
                stack.append(v)
            elif isinstance(v, dict):
                stack.extend(v.values())
