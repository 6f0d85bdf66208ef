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
    """The code of every table whose last column is `example`: each code span of that column."""
    out, in_examples = [], False
    for line in DOC.splitlines():
        if not line.startswith("|"):
            in_examples = False
        elif line.rstrip().endswith("| example |"):
            in_examples = True
        elif in_examples and not line.startswith("|---"):
            out += re.findall(r"`([^`]*)`", line.rstrip().rstrip("|").rsplit(" | ", 1)[-1])
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
    """Each keyword is used by an example (a table's code column, which test_every_example_parses parses), out
    of its texts: the page's prose, where most keywords are ordinary English words, proves nothing."""
    keywords = set(re.findall(r'"([a-z]+)"', GRAMMAR))
    used = set()
    for code in examples():
        used |= set(re.findall(r"[a-z_]+", re.sub(r'"(\\.|[^"\\])*"', "", code)))
    for kw in sorted(keywords):
        assert kw in used, f"keyword `{kw}` of the grammar is in no example of docs/language.md"
    for rule in re.findall(r"^(\w+)_stmt:", GRAMMAR, re.M):
        assert rule in DOC or rule in ("expr", "assign"), rule


def test_the_reserved_words_listed_are_the_grammars():
    """The list on the page is the words the grammar's NAME may not be, all of them and in their order."""
    from interpreter.dsl.parser import reserved_words
    listed = re.search(r"^- Reserved words, .*?:(.*?)\. The names", DOC, re.M | re.S).group(1)
    assert tuple(re.findall(r"`([a-z]+)`", listed)) == reserved_words()


def test_every_signature_in_the_registry_is_its_functions():
    """A verb is declared once: the signature the checker and this page read names the function's parameters,
    in their order, with their defaults (a values verb gets the list of its values per item)."""
    import inspect

    from interpreter.runtime.verbs import REQUIRED
    for name, v in REGISTRY.items():
        params = list(inspect.signature(v.impl).parameters.values())[1:]  # after the match
        if v.values:
            assert len(params) == 1 and len(v.params) == 2 and v.params[1].per_item, name
            continue
        more = [p.name for p in params if p.kind is p.VAR_KEYWORD]
        assert more == ([v.more_named] if v.more_named else []), name
        declared = [(p.name, "required" if p.default is REQUIRED else p.default, p.many) for p in v.params]
        actual = [(p.name, "required" if p.default is p.empty else p.default, p.kind is p.VAR_POSITIONAL)
                  for p in params if p.kind is not p.VAR_KEYWORD]
        assert declared == actual, name
        assert f"| `{v.signature()}` |" in DOC, name


# The pages that say what holds now: every doc and the README. Dates, old commits and counts that drift are history,
# which `git log` keeps.
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
BUNDLED = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))
NUMBER_WORDS = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
                "seventeen eighteen nineteen twenty").split()


def test_a_page_that_counts_the_bundled_games_counts_the_folders_of_content():
    """"N games" or "N bundled games" on any page (a rate, "N games/s", aside) is the number of folders of content/
    holding a game.yaml."""
    number = "|".join(NUMBER_WORDS)
    wrong = []
    for page in PAGES:
        for line, text in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for said in re.findall(rf"\b({number}|\d+) (?:bundled )?games\b(?!/)", text, re.I):
                n = int(said) if said.isdigit() else NUMBER_WORDS.index(said.lower()) + 1
                if n != len(BUNDLED):
                    wrong.append(f"{page.name}:{line}: {said} games, where content/ holds {len(BUNDLED)}")
    assert not wrong, "\n".join(wrong)


def test_the_readme_names_every_bundled_game():
    """The README's table of bundled games is the folders of content/, each once."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \*\*[^|]*?\(`([a-z0-9-]+)`\)", readme, re.M)
    assert sorted(rows) == BUNDLED


def test_no_page_dates_a_figure_or_compares_with_an_old_commit():
    """A figure comes with the command that measures it today, never a day it was measured or a commit it beat."""
    months = "January|February|March|April|May|June|July|August|September|October|November|December"
    history = re.compile(rf"\b(?:{months}) \d{{4}}\b|\b\d{{1,2}} (?:{months})\b|\bcommit `?[0-9a-f]{{7,40}}\b"
                         r"|--against [0-9a-f]{7,40}\b")
    found = [f"{page.name}:{line}: {m.group(0)}"
             for page in PAGES
             for line, text in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             for m in history.finditer(text)]
    assert not found, "\n".join(found)
