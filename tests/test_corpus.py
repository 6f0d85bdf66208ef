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
    assert main(["validate", str(case), "--format", "json", *mods]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert not PYTHON_WORDS.search(out.out + out.err), out.out + out.err
    found = json.loads(out.out)
    match = [d for d in found if d["code"] == expect["code"] and d["file"].endswith(expect["file"])
             and expect["message"] in d["message"]]
    assert match, f"no {expect['code']} saying {expect['message']!r} in {expect['file']}: {found}"
    d = match[0]
    assert (d["line"], d["column"]) == (expect["line"], expect["column"]), d


@pytest.mark.parametrize("case", GAME_CASES[::5], ids=[c.name for c in GAME_CASES[::5]])
def test_validate_without_bytecode_finds_what_loading_finds(case):
    """`meeple validate` calls check_game, which skips only Python's compile() of the generated code."""
    found = []
    expect = json.loads((case / "expect.json").read_text())
    if not (case / "game.yaml").exists():
        pytest.skip("a mod alone: `meeple validate` finds its game")
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
