"""The check stage's index (check/index.py) that the language server answers from: every declaration and use
with its place, kind and type, checked against the game's files read independently (PyYAML and the text)."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import yaml

from interpreter.model.pipeline import content_index

ROOT = Path(__file__).resolve().parents[1]
KAIJU = ROOT / "content" / "kaiju-inc"


def _files(game: Path) -> list[Path]:
    return [game / "game.yaml", *sorted((game / "cards").glob("*.yaml"))]


def _where(idx, kind: str, decl: bool) -> set:
    return {(os.path.abspath(e.place.path), e.place.line, e.place.col, e.name) for e in idx.entries
            if e.kind == kind and e.decl == decl}


def test_every_call_of_a_procedure_in_the_files_is_a_use_and_each_is_declared_at_its_key():
    game = yaml.safe_load((KAIJU / "game.yaml").read_text(encoding="utf-8"))
    procs = set(game["procedures"])
    calls = set()
    for f in _files(KAIJU):
        for i, text in enumerate(f.read_text(encoding="utf-8").split("\n"), 1):
            code = text.split("#")[0] if "doc:" not in text else ""  # not a word in a comment or a doc
            for m in re.finditer(r"(?<![\w.])([a-z_]\w*)\(", code):
                if m.group(1) in procs:
                    calls.add((str(f), i, m.start(1) + 1, m.group(1)))
    idx = content_index(KAIJU)
    assert calls and _where(idx, "procedure", False) == calls
    lines = (KAIJU / "game.yaml").read_text(encoding="utf-8").split("\n")
    declared = {(str(KAIJU / "game.yaml"), lines.index(f"  {k}:") + 1, 3, k) for k in procs}
    assert _where(idx, "procedure", True) == declared


def test_a_card_id_is_declared_in_its_file_and_used_where_effect_text_names_it():
    """Debtzilla's `savings`: declared at its `id:` in cards/income.yaml, used in every effect text that writes
    `"savings"`."""
    game = ROOT / "content" / "debtzilla"
    idx = content_index(game)
    income = game / "cards" / "income.yaml"
    lines = income.read_text(encoding="utf-8").split("\n")
    at = next(i for i, t in enumerate(lines, 1) if t.strip() == "- id: savings")
    assert {(p, ln, c) for p, ln, c, n in _where(idx, "card", True) if n == "savings"} \
        == {(str(income), at, lines[at - 1].index("savings") + 1)}
    written = {(str(f), i, m.start() + 2) for f in game.rglob("*.yaml")
               for i, t in enumerate(f.read_text(encoding="utf-8").split("\n"), 1) for m in re.finditer(r'"savings"', t)}
    assert written and {(p, ln, c) for p, ln, c, n in _where(idx, "card", False) if n == "savings"} == written


def test_locals_have_the_checkers_types_and_a_body_that_does_not_parse_is_kept_unparsed(tmp_path):
    """`let paying = p.tableau where ...` holds a list of cards; `for c in row` a card. A body broken while it is
    typed stays in the index, not parsed, and the rest of the game is indexed as before."""
    idx = content_index(KAIJU)
    types = {(e.name, e.type) for e in idx.entries if e.kind == "local" and e.decl}
    assert ("paying", "a list of cards") in types and ("c", "a card") in types
    broken = tmp_path / "kaiju-inc"
    shutil.copytree(KAIJU, broken)
    text = (broken / "game.yaml").read_text(encoding="utf-8")
    (broken / "game.yaml").write_text(text.replace("shuffle(building_deck)", "shuffle(building_deck", 1),
                                      encoding="utf-8")
    again = content_index(broken)
    assert [b.parsed for b in again.bodies].count(False) == 1
    assert len(again.bodies) == len(idx.bodies)
    assert len(_where(again, "card", True)) == len(_where(idx, "card", True))


def test_a_file_the_schema_refuses_gives_no_index(tmp_path):
    """The checker never ran: nothing is indexed (the language server keeps the last index it had)."""
    broken = tmp_path / "kaiju-inc"
    shutil.copytree(KAIJU, broken)
    (broken / "game.yaml").write_text("game: kaiju-inc\n", encoding="utf-8")
    assert content_index(broken) is None


def test_the_references_of_a_local_are_those_of_its_own_body():
    """`c` of `for c in revealed` in one procedure: its references are the loop's `c` and the reads of it in that
    body (one inside a string's hole), not the `c` of another body."""
    from interpreter.lsp import features
    from interpreter.lsp.server import _indexed
    path = str(KAIJU / "game.yaml")
    lines = (KAIJU / "game.yaml").read_text(encoding="utf-8").split("\n")
    loop = next(i for i, t in enumerate(lines) if "for c in revealed {" in t)
    idx = _indexed(str(KAIJU), {})
    entry, decls = features.resolve(idx, path, loop, lines[loop].index("c in"))
    assert (entry.kind, [d.place.line for d in decls]) == ("local", [loop + 1])
    end = next(i for i in range(loop + 1, len(lines)) if lines[i].strip() == "}")  # the loop's body, as written
    reads = {(i + 1, m.start() + 1) for i in range(loop + 1, end) for m in re.finditer(r"(?<![\w.])c(?![\w])", lines[i])}
    found = {(e.place.line, e.place.col) for e in features.references(idx, entry)}
    assert reads and found == reads | {(loop + 1, lines[loop].index("c in") + 1)}
    others = [e for e in idx.entries if e.kind == "local" and e.name == "c" and e.body != entry.body]
    assert others and not {(e.place.line, e.place.col) for e in others} & found
