"""docs/language.md is tested against the grammar and the verb registry: nothing missing, every example parses."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from interpreter.dsl.parser import Origin, parse
from interpreter.errors import Place
from interpreter.runtime.verbs import REGISTRY

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
GRAMMAR = (ROOT / "grammar" / "effects.lark").read_text(encoding="utf-8")


def examples() -> list[str]:
    """The code of the last column of every table row."""
    out = []
    for line in DOC.splitlines():
        if line.startswith("| ") and line.rstrip().endswith("` |"):
            out.append(re.findall(r"`([^`]*)`", line)[-1])
    return out


def test_every_example_parses():
    ex = examples()
    assert len(ex) > 40
    for code in ex:
        parse(code, Origin(Place("docs/language.md")))


def test_every_verb_is_documented_and_the_reference_is_fresh():
    for name in REGISTRY:
        assert f"| `{name}` |" in DOC, name
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_language_doc.py"), "--check"], capture_output=True)
    assert r.returncode == 0, r.stdout


def test_every_statement_and_keyword_of_the_grammar_is_documented():
    keywords = set(re.findall(r'"([a-z]+)"', GRAMMAR))
    for kw in keywords:
        assert re.search(rf"\b{kw}\b", DOC), f"keyword `{kw}` of the grammar is not in docs/language.md"
    for rule in re.findall(r"^(\w+)_stmt:", GRAMMAR, re.M):
        assert rule in DOC or rule in ("expr", "assign"), rule
