"""The effect language's parse tables: what lark's LALR analysis makes of grammar/effects.lark, as plain data.

Importing lark and loading its analysis from lark's own cache (making it, on a machine that has none) took a
tenth of a cold `meeple validate content`. So the tables are written once, beside the grammar, to
`effects.tables.json`, with the grammar's hash, and read from there without lark (parser.py runs them). When
the grammar has changed since (the hash differs), they are made from the grammar again, with lark. lark stays
the parser of texts with a mistake: its own loop finds the mistake and says what was expected.

    python tools/gen_parse_tables.py [--check]     # rewrite the file (or check that it is up to date)

The data (`Tables`):
- `states[s]`: symbol -> the state a shift or a goto leads to (an int), or a reduction: (its length, the rule's
  name, the index of its reduction in `rules`, or None for a rule that only passes its one symbol on);
- `rules[i]`: (the method of parser.py's `_ToAst` that builds it, or None: lark inlines it into its parent;
  which children it keeps, as lark's child filter: [(index, spliced, Nones before)], or None: all; Nones
  after; whether one child left is the value itself);
- `lexer_of[s]`: the index in `lexers` of the lexer for state s (lark's contextual lexing), each lexer being
  (its regular expressions with their flags, tried in turn; keywords: {terminal: {text: the keyword's
  terminal}}; terminals skipped; terminals that may hold line breaks).
"""
from __future__ import annotations

import hashlib
import json
from typing import NamedTuple

from ..files import GRAMMAR_DIR

GRAMMAR_PATH = GRAMMAR_DIR / "effects.lark"
TABLES_PATH = GRAMMAR_DIR / "effects.tables.json"
LARK_OPTIONS = {"parser": "lalr", "maybe_placeholders": True}


class Tables(NamedTuple):
    start: int
    end: int
    states: list
    rules: list
    lexer_of: list
    lexers: list


def grammar_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load() -> Tables:
    """The tables of the grammar as it is: from the file when it was written for this very grammar."""
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    data = written(grammar)
    if data is not None:
        try:
            return _tables(data)
        except (ValueError, KeyError, TypeError):
            pass  # a damaged file: made again below
    return _tables(from_lark(grammar))


def written(grammar: str) -> dict | None:
    """The file's data if it was written for `grammar` (its hash), else None (no file, another grammar)."""
    try:
        data = json.loads(TABLES_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("grammar_sha256") == grammar_hash(grammar) else None


def _tables(data: dict) -> Tables:
    states = [{sym: act if type(act) is int else tuple(act) for sym, act in row.items()} for row in data["states"]]
    rules = [(name, None if keep is None else [tuple(k) for k in keep], after, single)
             for name, keep, after, single in data["rules"]]
    lexers = [([tuple(r) for r in res], keywords, frozenset(ignore), frozenset(newlines))
              for res, keywords, ignore, newlines in data["lexers"]]
    return Tables(data["start"], data["end"], states, rules, data["lexer_of"], lexers)


def lark_parser(grammar: str | None = None):
    """lark's parser of the grammar (imports lark: for the tables, and to parse a text with a mistake)."""
    from lark import Lark
    text = GRAMMAR_PATH.read_text(encoding="utf-8") if grammar is None else grammar
    return Lark(text, cache=True, **LARK_OPTIONS)


def rule_specs(lk) -> list:
    """Each rule of lark's parser `lk` with what its reduction does (an item of `rules`), or None for a rule
    that only passes its one symbol on (one step down the precedence ladder: nothing to build)."""
    from lark.parse_tree_builder import ChildFilter, ExpandSingleChild
    out = []
    for rule, chain in lk._parse_tree_builder.rule_builders:
        name = str(rule.alias or rule.options.template_source or rule.origin.name)
        single, keep, after = False, None, 0
        for wrapper in chain:
            if wrapper is ExpandSingleChild:
                single = True
            else:  # lark's child filter, made for this rule: read what it keeps
                f = wrapper(lambda kids: kids)
                if not isinstance(f, ChildFilter):
                    raise ValueError(f"unexpected lark tree builder {wrapper!r}")
                keep = [list(k) + [0] * (3 - len(k)) for k in f.to_include]
                after = getattr(f, "append_none", 0) or 0
        passes = single and keep is None and len(rule.expansion) == 1
        out.append((rule, None if passes else [name, keep, after, single]))
    return out


def from_lark(grammar: str | None = None) -> dict:
    """The tables as lark's analysis of the grammar gives them, as JSON data."""
    import lark
    from lark.lexer import UnlessCallback
    from lark.parsers.lalr_analysis import Shift
    text = GRAMMAR_PATH.read_text(encoding="utf-8") if grammar is None else grammar
    lk = lark_parser(text)
    rules, index = [], {}
    for rule, spec in rule_specs(lk):
        index[rule] = None if spec is None else len(rules)
        if spec is not None:
            rules.append(spec)
    table = lk.parser.parser.parser.parse_table
    states = [None] * len(table.states)
    for state, actions in table.states.items():
        states[state] = {str(sym): arg if action is Shift else [len(arg.expansion), str(arg.origin.name), index[arg]]
                         for sym, (action, arg) in actions.items()}
    lexers, lexer_of, seen = [], [None] * len(states), {}
    for state, lx in lk.parser.lexer.lexers.items():
        if id(lx) not in seen:
            scanner = lx.scanner  # lark builds a state's lexer when first asked
            keywords = {}
            for terminal, callback in lx.callback.items():
                if not isinstance(callback, UnlessCallback):
                    raise ValueError(f"unexpected lark lexer callback for {terminal}: {callback!r}")
                keywords[terminal] = {t.pattern.value: t.name for t in callback.scanner.terminals}
            seen[id(lx)] = len(lexers)
            lexers.append([[[m.pattern, m.flags] for m in scanner._mres], keywords, sorted(lx.ignore_types),
                           sorted(lx.newline_types)])
        lexer_of[state] = seen[id(lx)]
    return {"grammar_sha256": grammar_hash(text), "lark": lark.__version__,
            "start": table.start_states["start"], "end": table.end_states["start"],
            "states": states, "rules": rules, "lexer_of": lexer_of, "lexers": lexers}


def dumps(data: dict) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n"
