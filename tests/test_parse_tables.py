"""The effect language's parse tables (interpreter/dsl/tables.py, grammar/effects.tables.json): written from the
grammar as it is, they parse every bundled text to the very tree lark's own parser makes, and they spare a
validation of the bundled content the import of lark; a stale or damaged file is not used."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.dsl import parser, tables
from interpreter.errors import ContentError, Place
from interpreter.model.build import bundled_games, check_game

ROOT = Path(__file__).resolve().parents[1]


def test_the_tables_file_was_written_from_the_grammar_as_it_is():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_parse_tables.py"), "--check"], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stdout


def _bundled_texts(monkeypatch) -> set:
    texts = set()
    real = parser._parse

    def recorded(text, origin):
        texts.add(str(text))
        return real(text, origin)
    monkeypatch.setattr(parser, "_parse", recorded)
    parser._CACHE.clear()
    monkeypatch.setenv("MEEPLE_CACHE", "off")
    monkeypatch.setattr(parser.disk_cache, "_STORE", None)
    for folder in bundled_games().values():
        check_game(folder)
    return texts


def _both_ways(text: str):
    with parser._LOCK:
        try:
            parser._tables()
            fast = repr(parser._fast(text))
        finally:
            parser._STARTS.clear()
        try:
            slow = repr(parser._lark().parse(text))
        finally:
            parser._STARTS.clear()
    return fast, slow


def test_every_bundled_text_parses_to_the_tree_lark_makes(monkeypatch):
    texts = _bundled_texts(monkeypatch)
    assert len(texts) > 300
    for text in sorted(texts):
        fast, slow = _both_ways(text)
        assert fast == slow, text


def test_a_stale_or_damaged_tables_file_is_not_used(tmp_path, monkeypatch):
    good = json.loads(tables.TABLES_PATH.read_text(encoding="utf-8"))
    stale = dict(good, grammar_sha256="0" * 64, start=-1)  # a file of another grammar: not read at all
    for content in (json.dumps(stale), "{ not json", json.dumps({"grammar_sha256": good["grammar_sha256"]})):
        path = tmp_path / "effects.tables.json"
        path.write_text(content, encoding="utf-8")
        monkeypatch.setattr(tables, "TABLES_PATH", path)
        made = tables.load()
        assert made.start != -1 and len(made.states) == len(good["states"])


def test_a_validation_of_the_bundled_content_does_not_import_lark_and_a_mistake_does():
    script = ("import sys; from interpreter.cli.main import main; main(['validate', 'content']); "
              "print('lark' in sys.modules)")
    env = dict(os.environ, MEEPLE_CACHE="off")
    ok = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert ok.stdout.strip() == "False", ok.stderr
    with pytest.raises(ContentError) as e:  # lark's loop says what was expected
        parser.parse("if x > 1 { gain(2) ", parser.Origin(Place("t.yaml", 4, 9)))
    d = e.value.diagnostics[0]
    assert d.code == "E-DSL-SYNTAX" and d.place.line >= 4 and "ends too early" in d.message
