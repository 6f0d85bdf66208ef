"""The broken-content corpus (tests/corpus/, written by tools/make_corpus.py): one game per kind of mistake.

`meeple validate --format json` must report each with its code, file, line, column and message, exit 1,
and never a traceback. The expected place was taken from a marker in the broken text, not from the engine.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from interpreter import load_game
from interpreter.cli.main import main
from interpreter.errors import ContentError
from interpreter.model.pipeline import check_game
from tests.conftest import MINI_CARDS, MINI_GAME, write_game

CORPUS = Path(__file__).resolve().parent / "corpus"
CASES = sorted(p for p in CORPUS.iterdir() if p.is_dir())
GAME_CASES = [p for p in CASES if not (p / "tests").is_dir()]  # the others break a scenario file, not the game
# what an author must never read: a Python exception's or type's name
PYTHON_WORDS = re.compile(r"\b(Traceback|[A-Z][a-z]+Error|Exception|NoneType|YStr|YMap|YList|Piece|Player|Zone)\b")


def test_the_corpus_has_at_least_100_kinds_of_mistake():
    assert len(CASES) >= 100


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_mistake_is_reported_at_its_place(case, capsys):
    expect = json.loads((case / "expect.json").read_text())
    mods = [a for m in expect.get("mods", []) for a in ("--mod", str(case / m))]
    more = ["--strict"] * bool(expect.get("strict")) + ["--smoke", str(expect.get("smoke"))] * ("smoke" in expect)
    assert main(["validate", str(case), "--format", "json", *mods, *more]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert not PYTHON_WORDS.search(out.out + out.err), out.out + out.err
    found = json.loads(out.out)
    match = [d for d in found if d["code"] == expect["code"] and d["file"].endswith(expect["file"])
             and expect["message"] in d["message"]]
    assert match, f"no {expect['code']} saying {expect['message']!r} in {expect['file']}: {found}"
    d = match[0]
    assert (d["line"], d["column"]) == (expect["line"], expect["column"]), d
    if expect.get("exact"):  # word for word: the message, its hint, its second place, nothing else
        assert d["message"] == expect["message"]
        assert not expect["hint"] or d["message"].endswith(f" ({expect['hint']})")
        related = [{**r, "file": r["file"][-len(e["file"]):]} for r, e in zip(d.get("related", []),
                                                                           expect.get("related", []), strict=False)]
        assert related == expect.get("related", []) and len(d.get("related", [])) == len(related), d
    if expect.get("only"):
        assert found == [d], found


def test_the_modders_classes_of_mistake_each_have_cases():
    """Misplaced in the base, said in a schema's path, silently accepted, placed a line off: each class has
    cases checked word for word (tools/make_corpus.py, MODDER_CASES)."""
    exact = [json.loads((c / "expect.json").read_text()) for c in CASES]
    exact = [e for e in exact if e.get("exact")]
    assert any(e.get("related") for e in exact) and any(e.get("only") for e in exact)
    assert {"E-SCHEMA", "E-EMPTY", "W-READING", "E-DSL-DEPTH", "E-RUNTIME"} <= {e["code"] for e in exact}


@pytest.mark.parametrize("case", GAME_CASES[::5], ids=[c.name for c in GAME_CASES[::5]])
def test_validate_without_bytecode_finds_what_loading_finds(case):
    """`meeple validate` calls check_game, which skips only Python's compile() of the generated code."""
    found = []
    expect = json.loads((case / "expect.json").read_text())
    if not (case / "game.yaml").exists():
        pytest.skip("a mod alone: `meeple validate` finds its game")
    if expect.get("strict") or expect.get("smoke"):
        pytest.skip("a warning, or a mistake found in play: the load itself succeeds")
    for load in (load_game, check_game):
        with pytest.raises(ContentError) as e:
            load(case, [case / m for m in expect.get("mods", [])])
        found.append(e.value.diagnostics)
    assert found[0] == found[1] and found[0]


def test_check_game_warns_as_load_game_does(tmp_path):
    text = MINI_GAME.replace("procedures:\n", "procedures:\n  idle:\n    do: say(1)\n", 1)
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    warned = [], []
    assert check_game(folder, (), warned[0]) is None
    load_game(folder, (), warned[1])
    assert warned[0] == warned[1] and [d.code for d in warned[0]] == ["W-UNUSED"]


def test_a_load_whose_warnings_nobody_reads_runs_no_pass_that_only_warns(tmp_path, monkeypatch):
    """load_game without a `warnings` list (a game loaded to be played) skips the passes that only warn (the
    zone names of prompts, what is never used); given a list, it runs them and says what they find."""
    from interpreter.check import game as checking
    text = MINI_GAME.replace("procedures:\n", "procedures:\n  idle:\n    do: say(1)\n", 1)
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    ran = []
    for name in ("_lint_zone_names", "_warn_unused"):
        real = getattr(checking, name)
        monkeypatch.setattr(checking, name, lambda *a, _real=real, _name=name: ran.append(_name) or _real(*a))
    load_game(folder)
    assert ran == []
    warned = []
    load_game(folder, (), warned)
    assert ran == ["_lint_zone_names", "_warn_unused"] and [d.code for d in warned] == ["W-UNUSED"]
