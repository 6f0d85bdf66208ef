"""Mutations of one effect-language text, found on its lark tree (with the positions of every node): each is a
new text, the place inside the text where it changed, its kind and a one-line description."""
from __future__ import annotations

import functools
from typing import NamedTuple

from lark import Token, Tree

from ..dsl.parser import GRAMMAR_PATH

# a comparison made loose or strict, and turned around
COMPARISONS = {"<": ("<=", ">"), "<=": ("<", ">="), ">": (">=", "<"), ">=": (">", "<="), "==": ("!=",), "!=": ("==",)}
# the trees whose child (at this index) is a condition
CONDITIONS = {"if_stmt": 0, "elif_clause": 0, "while_stmt": 0, "if_expr": 1, "filter": 1, "each": 2,
              "choose_where": 0, "when_clause": 0}
STATEMENTS = {"let_stmt", "assign_stmt", "if_stmt", "for_stmt", "while_stmt", "repeat_stmt", "ask_stmt",
              "return_stmt", "break_stmt", "continue_stmt", "expr_stmt"}


class Edit(NamedTuple):
    text: str  # the whole mutated text
    line: int  # where the change is, in the text (from 1)
    col: int
    kind: str  # number, comparison, condition, statement, shuffle
    description: str


@functools.lru_cache(maxsize=1)
def _parser():
    from lark import Lark
    # the grammar's plain tree, with every node's place (the engine's parser builds syntax nodes instead)
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", maybe_placeholders=True, cache=True,
                propagate_positions=True)


def _short(text: str, limit: int = 60) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 3] + "..."


def edits(text: str, statements: bool = True, name: str = "") -> list[Edit]:
    """Every mutation of `text`, in the order of the text. `statements`: the text is a body (statements may
    be removed), not one expression; `name`: what the text is (its YAML key), said of a number alone."""
    tree = _parser().parse(str(text))
    key = name
    out: list[tuple[int, int, Edit]] = []

    def splice(start, end, new):
        return text[:start] + new + text[end:]

    def visit(node: Tree, parents: tuple):
        name = node.data
        if name == "int_":
            tok = node.children[0]
            # said with the smallest enclosing expression wider than the number, or with its key when alone
            around = next((p for p in reversed(parents) if not p.meta.empty
                           and p.meta.end_pos - p.meta.start_pos > len(tok)), None)
            alone = around is None or around.data in ("start", "block", "expr_stmt")
            for new in (int(tok) + 1, int(tok) - 1):
                said = f"`{key}: {tok}` -> {new}" if alone else \
                    f"`{_short(text[around.meta.start_pos:around.meta.end_pos])}`: {tok} -> {new}"
                out.append((tok.start_pos, 0, Edit(splice(tok.start_pos, tok.end_pos, str(new)), tok.line, tok.column,
                                                   "number", said)))
        elif name == "compare":
            left, op, right = node.children
            whole = _short(text[node.meta.start_pos:node.meta.end_pos])
            for new in COMPARISONS[str(op)]:
                out.append((op.start_pos, 1, Edit(splice(op.start_pos, op.end_pos, new), op.line, op.column,
                                                  "comparison", f"`{whole}`: {op} -> {new}")))
        elif name in ("in_", "not_in"):
            left, right = node.children
            if not left.meta.empty and not right.meta.empty:
                new = " not in " if name == "in_" else " in "
                whole = _short(text[node.meta.start_pos:node.meta.end_pos])
                out.append((left.meta.end_pos, 1, Edit(splice(left.meta.end_pos, right.meta.start_pos, new),
                                                       node.meta.line, node.meta.column, "comparison",
                                                       f"`{whole}`: {'in -> not in' if name == 'in_' else 'not in -> in'}")))
        if name in CONDITIONS:
            cond = node.children[CONDITIONS[name]]
            if isinstance(cond, Tree) and not cond.meta.empty:
                s, e = cond.meta.start_pos, cond.meta.end_pos
                out.append((s, 2, Edit(splice(s, e, f"not ({text[s:e]})"), cond.meta.line, cond.meta.column,
                                       "condition", f"negates `{_short(text[s:e])}`")))
        if statements and name in ("start", "block"):
            for st in node.children:
                if isinstance(st, Tree) and st.data in STATEMENTS and not st.meta.empty:
                    s, e = st.meta.start_pos, st.meta.end_pos
                    kind = "shuffle" if _is_shuffle(st) else "statement"
                    what = "the shuffle" if kind == "shuffle" else "the statement"
                    out.append((s, 3, Edit(splice(s, e, ""), st.meta.line, st.meta.column, kind,
                                           f"removes {what} `{_short(text[s:e])}`")))
        for child in node.children:
            if isinstance(child, Tree):
                visit(child, parents + (node,))

    visit(tree, ())
    out.sort(key=lambda x: (x[0], x[1]))
    return [e for _, _, e in out]


def _is_shuffle(st: Tree) -> bool:
    if st.data != "expr_stmt" or not isinstance(st.children[0], Tree):
        return False
    call = st.children[0]
    return call.data == "call" and isinstance(call.children[0], Token) and call.children[0] == "shuffle"
