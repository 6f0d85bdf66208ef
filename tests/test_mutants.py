"""Mutation testing of content (interpreter/mutants/, tools/mutate.py), on the tiny game of conftest.py.

Every expected line is found in the game's own text (the line that holds the changed words), not taken from
what the generator printed."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from interpreter.mutants import Content
from interpreter.mutants.load import load, overlay, signature
from tests.conftest import MINI_CARDS, MINI_GAME, write_game

ROOT = Path(__file__).resolve().parents[1]
GAME_TEXT = textwrap.dedent(MINI_GAME).lstrip("\n")
CARDS_TEXT = textwrap.dedent(MINI_CARDS).lstrip("\n")
# an enum value no card and no rule uses: dropping it changes nothing the game does; a field no rule reads
SPARE = GAME_TEXT.replace("colour: [red, blue]", "colour: [red, blue, green]") \
    .replace("fields: {colour: colour, value: int}", "fields: {colour: colour, value: int, rank: {type: int, default: 0}}")
SPARE_CARDS = CARDS_TEXT.replace("  value: 1\n", "  value: 1\n  rank: 3\n")


def line_of(text: str, words: str) -> int:
    found = [i + 1 for i, line in enumerate(text.splitlines()) if words in line]
    assert len(found) == 1, (words, found)
    return found[0]


@pytest.fixture
def spare(tmp_path):
    return write_game(tmp_path / "spare", {"game.yaml": SPARE, "cards/tokens.yaml": SPARE_CARDS})


def find(mutants, file, kind, words):
    return [m for m in mutants if m.file == file and m.kind == kind and words in m.description]


def test_each_kind_of_mutation_is_made_at_its_line_with_its_card_or_section(mini):
    mutants = Content(mini).mutants()
    cards = "cards/tokens.yaml"
    # a number in the YAML data, one more and one less
    plus, minus = find(mutants, cards, "number", "`value: 1` -> 2"), find(mutants, cards, "number", "`value: 1` -> 0")
    assert [(m.line, m.where) for m in plus + minus] == [(line_of(CARDS_TEXT, "value: 1"), "red_one")] * 2
    # a number in effect text
    [m] = find(mutants, cards, "number", "5 -> 6")
    assert (m.line, m.where) == (line_of(CARDS_TEXT, "me.coins += 5"), "blue_two")
    # a comparison made loose and turned around
    where = line_of(GAME_TEXT, "where c.value > 0")
    assert {m.description.split(": ")[-1] for m in find(mutants, "game.yaml", "comparison", "c.value > 0")} == \
        {"> -> >=", "> -> <"}
    assert {(m.line, m.where) for m in find(mutants, "game.yaml", "comparison", "c.value > 0")} == {(where, "phase main")}
    [m] = find(mutants, "game.yaml", "comparison", "`deck.size == 0`: == -> !=")
    assert m.line == line_of(GAME_TEXT, "if deck.size == 0")
    # a condition negated
    [m] = find(mutants, "game.yaml", "condition", "negates `c != none`")
    assert m.line == line_of(GAME_TEXT, "if c != none")
    # a statement removed, in a procedure and in a phase
    [m] = find(mutants, "game.yaml", "statement", "`p.coins += n`")
    assert (m.line, m.where) == (line_of(GAME_TEXT, "do: p.coins += n"), "procedures.gain")
    [m] = find(mutants, "game.yaml", "statement", "`gain(p, c.value)`")
    assert (m.line, m.where) == (line_of(GAME_TEXT, "gain(p, c.value)"), "phase main")
    # a shuffle removed
    [m] = [m for m in mutants if m.kind == "shuffle"]
    assert (m.file, m.line, m.where) == ("game.yaml", line_of(GAME_TEXT, "shuffle(deck)"), "setup")
    # a list item dropped
    [m] = find(mutants, "game.yaml", "item", "drops item 2 of `thresholds`")
    assert (m.line, m.where) == (line_of(GAME_TEXT, "thresholds: [3, 6]"), "counters.level")
    # text that is not effect text is never changed: names, prompts, the game's id
    assert not [m for m in mutants if "Red One" in m.description or "take a token" in m.description.split("`")[0]]


def test_the_same_folder_gives_the_same_mutants(mini):
    assert [m.label() for m in Content(mini).mutants()] == [m.label() for m in Content(mini).mutants()]


def test_files_written_anew_compile_to_the_same_game(mini):
    content = Content(mini)
    game, rec = load(content.folder, {})
    with overlay({f: content.text(path=f) for f in content.files}):
        again, rec_again = load(content.folder, {})
    assert signature(again, rec_again) == signature(game, rec)


def test_stillborn_equivalent_and_live_verdicts(spare):
    content = Content(spare)
    mutants = content.mutants()
    [red] = find(mutants, "game.yaml", "item", "drops item 1 of `colour`")
    status, why = content.verdict(red)
    assert status == "stillborn" and "is not a colour" in why  # red_one's colour is no longer a colour
    [green] = find(mutants, "game.yaml", "item", "drops item 3 of `colour`")
    assert content.verdict(green) == ("equivalent", "the compiled game is the same")
    [rank] = find(mutants, "cards/tokens.yaml", "number", "`rank: 3` -> 4")
    assert content.verdict(rank) == ("equivalent", "display only: no effect text reads `rank`")
    [five] = find(mutants, "cards/tokens.yaml", "number", "5 -> 6")
    assert content.verdict(five) == ("live", "")
    [value] = find(mutants, "cards/tokens.yaml", "number", "`value: 1` -> 2")
    assert content.verdict(value) == ("live", "")  # `value` is read by the rules


MINI_TESTS = '''
import functools

from interpreter import load_game
from interpreter.testing import Scenario

FOLDER = {folder!r}


@functools.cache
def game():
    return load_game(FOLDER)


def test_use_gives_five_coins():
    s = Scenario(game(), 2)
    piece = s.put("blue_two", s.p(1).zones["hand"])
    s.run(piece.card.effects["use"], me=s.p(1), this=piece)
    assert s.p(1).counters["coins"] == 5
'''


def test_the_tool_kills_what_a_test_catches_and_lists_what_none_does(spare, tmp_path):
    tests = tmp_path / "checks" / "test_spare.py"
    tests.parent.mkdir()
    tests.write_text(MINI_TESTS.format(folder=str(spare)))
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "mutate.py"), str(spare), "--tests", str(tests),
                          "--where", "blue_two", "--where", "enums.colour", "--json", "--jobs", "1"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    tried = [m for m in Content(spare).mutants() if m.where in ("blue_two", "enums.colour")]
    survivors = {s["description"] for s in out["survivors"] if s["where"] == "blue_two"}
    # no test reads `worth`: its changes survive; the test of `use` kills every change to it
    assert {"`this.value * 10`: 10 -> 11", "`this.value * 10`: 10 -> 9"} <= survivors
    assert not [d for d in survivors if "me.coins" in d]
    whys = {s["description"]: s["why"] for s in out["survivors"] if s["where"] == "blue_two"}
    assert whys["`value: 2` -> 3"] == "no test reads this field"  # the test of `use` never reads `value`
    assert whys["`this.value * 10`: 10 -> 11"] == "no test runs this text"
    assert {s["line"] for s in out["survivors"] if "this.value * 10" in s["description"]} == \
        {line_of(SPARE_CARDS, "worth: this.value * 10")}
    # stillborn mutants are listed, not counted; equivalent ones are counted in `mutants`, not in the rate
    assert any("drops item 1 of `colour`" in s["description"] for s in out["stillborns"])
    assert [e["description"] for e in out["equivalents"]] == ["drops item 3 of `colour` (green)"]
    assert out["mutants"] == len(tried) - out["stillborn"]
    assert out["mutants"] == out["killed"] + len(out["survivors"]) + out["equivalent"]
    assert out["equivalent"] == len(out["equivalents"]) == 1
    for s in out["survivors"]:
        assert {"file", "line", "where", "description"} <= set(s)
    assert out["killed"] >= 3  # `me.coins += 5`: 6, 4, and the statement removed


def test_the_tool_uses_public_interfaces_only():
    """The worker drives pytest through its public hooks, a mutant's text reaches the loader through the
    loader's own overlay (the language server's), and what a load reads is learnt by watching it
    (interpreter.watch), not by replacing the loader's functions."""
    from interpreter.loader import yaml_source
    from interpreter.mutants import load as mutants_load
    assert mutants_load.overlay is yaml_source.overlay
    sources = [ROOT / "tools" / "mutate.py", *sorted((ROOT / "interpreter" / "mutants").glob("*.py"))]
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert "_pytest" not in text, path
        assert "yaml_source._load_file" not in text and "_load_file =" not in text, path
        assert not re.search(r"^\s*(layers|checking|disk_cache|yaml_source|parser)\.\w+(, \w+\.\w+)* = ", text, re.M), path


def test_watching_a_load_tells_the_files_the_effect_texts_and_the_code(tmp_path):
    """interpreter.watch: the mutation engine's only view of what a load reads; nothing is told outside the block."""
    from interpreter import load_game
    from interpreter.mutants.load import Recording
    from interpreter.watch import watching
    folder = write_game(tmp_path, {"game.yaml": MINI_GAME, "cards/t.yaml": MINI_CARDS})
    with watching(Recording()) as rec:
        load_game(folder)
    assert rec.files == [str(folder / "game.yaml"), str(folder / "cards" / "t.yaml")]
    game_text = (folder / "game.yaml").read_text()
    line = game_text.splitlines().index("    do: p.coins += n") + 1
    assert rec.code[(str(folder / "game.yaml"), line, len("    do: ") + 1)] == "body"
    line = game_text.splitlines().index("score: me.coins") + 1
    assert rec.code[(str(folder / "game.yaml"), line, len("score: ") + 1)] == "expression"
    assert len(rec.sources) == 1 and "def " in rec.sources[0]
    told = (list(rec.files), dict(rec.code), list(rec.sources))
    load_game(folder)  # outside the block: the watcher is told nothing more
    assert (rec.files, rec.code, rec.sources) == told


def test_every_node_of_the_parse_spans_its_own_text():
    """The spans the parser gives each node (what the mutation engine rewrites): the text of a node's span,
    parsed again, is a node of the same kind, on every example of docs/language.md."""
    from interpreter.dsl import ast as A
    from interpreter.dsl.parser import Origin, parse
    from interpreter.errors import Place
    from tests.test_docs import examples
    statements = (A.Let, A.Assign, A.If, A.For, A.While, A.Repeat, A.Ask, A.Return, A.Break, A.Continue, A.ExprStmt)
    seen = set()
    for text in examples():
        for node in A.walk(parse(text, Origin(Place("")))):
            if isinstance(node, A.AskOption):
                continue
            again = parse(text[node.start:node.end], Origin(Place("")))
            assert len(again) == 1, (text, node)
            found = again[0] if isinstance(node, statements) else again[0].expr
            assert type(found) is type(node), (text, text[node.start:node.end])
            seen.add(type(node))
    assert len(seen) >= 25
