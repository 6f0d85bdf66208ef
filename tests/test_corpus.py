"""The broken-content corpus (tests/corpus/, written by tools/make_corpus.py): one game per kind of mistake.

`meeple validate --format json` must report each with its code, file, line, column and message, exit 1,
and never a traceback. The expected place was taken from a marker in the broken text, not from the engine.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli.main import main

CORPUS = Path(__file__).resolve().parent / "corpus"
CASES = sorted(p for p in CORPUS.iterdir() if p.is_dir())


def test_the_corpus_has_at_least_40_kinds_of_mistake():
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_mistake_is_reported_at_its_place(case, capsys):
    expect = json.loads((case / "expect.json").read_text())
    assert main(["validate", str(case), "--format", "json"]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    found = json.loads(out.out)
    match = [d for d in found if d["code"] == expect["code"] and d["file"].endswith(expect["file"])
             and expect["message"] in d["message"]]
    assert match, f"no {expect['code']} saying {expect['message']!r} in {expect['file']}: {found}"
    d = match[0]
    assert (d["line"], d["column"]) == (expect["line"], expect["column"]), d
