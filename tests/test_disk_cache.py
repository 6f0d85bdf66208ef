"""The disk cache (interpreter/dsl/disk_cache.py): a run reuses what an earlier one parsed, compiled and checked,
and gives the very same answers; a damaged or tampered cache is ignored, never run; mistakes are never cached."""
from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

from interpreter.dsl import ast as A
from interpreter.dsl import disk_cache
from interpreter.dsl.parser import Origin, parse
from interpreter.errors import Place

ROOT = Path(__file__).resolve().parents[1]


def _validate(*args, cache_dir=None, off=False):
    env = dict(os.environ)
    env.pop("MEEPLE_CACHE", None)
    if cache_dir is not None:
        env["MEEPLE_CACHE_DIR"] = str(cache_dir)
    if off:
        env["MEEPLE_CACHE"] = "off"
    return subprocess.run([sys.executable, "-m", "interpreter.cli.main", "validate", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_a_warm_cache_gives_the_very_same_diagnostics_as_none(tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(ROOT / "content" / "kaiju-inc", broken)
    game = broken / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text.replace("move(company, p.company)", "move(company, p.compny)", 1)
    game.write_text(text, encoding="utf-8")
    args = ["content", str(broken), "--format", "json"]
    none = _validate(*args, off=True)
    cold = _validate(*args, cache_dir=tmp_path / "c")
    warm = _validate(*args, cache_dir=tmp_path / "c")
    assert none.returncode == cold.returncode == warm.returncode == 1
    assert json.loads(none.stdout) == json.loads(cold.stdout) == json.loads(warm.stdout)
    found = json.loads(warm.stdout)
    # the mistakes are found again from a warm cache (they are never stored), each at its place
    assert [d["code"] for d in found] == ["E-UNKNOWN-FIELD"], found  # found in a tree that came from the cache
    assert all(d["file"].endswith("game.yaml") and d["line"] > 1 for d in found)
    files = {p.name.split("-")[0] for p in (tmp_path / "c").iterdir()}
    assert files == {"parse"}  # validate checks without making bytecode: no "code" files
    assert not _validate("content", cache_dir=tmp_path / "off", off=True).returncode
    assert not (tmp_path / "off").exists()


def test_parsed_texts_come_back_equal_from_disk(tmp_path):
    path = tmp_path / "parse.pickle"
    store = disk_cache.ParseStore(path)
    text = 'for p in players { if p.coins > 2 { say("{p.name} is rich") } }'
    stmts = parse(text, Origin(Place("t.yaml", 3, 5)))
    store.put(text, stmts)
    store.save()
    again = disk_cache.ParseStore(path)
    assert repr(again.get(text)) == repr(stmts) and again.get(text) is not stmts  # nodes compare by identity


def test_a_tampered_parse_file_is_ignored_and_never_run(tmp_path):
    marker = tmp_path / "ran"

    class Evil:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    path = tmp_path / "parse.pickle"
    path.write_bytes(pickle.dumps({"x": [Evil()]}))
    store = disk_cache.ParseStore(path)
    assert store.trees == {} and not marker.exists()
    path.write_bytes(b"\x80\x05garbage")
    assert disk_cache.ParseStore(path).trees == {}


def test_hostile_content_cannot_flood_the_parse_file(tmp_path, monkeypatch):
    monkeypatch.setattr(disk_cache, "MAX_CHARS", 1000)
    path = tmp_path / "parse.pickle"
    store = disk_cache.ParseStore(path)
    for i in range(50):
        store.put("x" * 90 + str(i), [A.ExprStmt(A.Const(i))])
    store.save()
    kept = disk_cache.ParseStore(path).trees
    assert 0 < len(kept) <= 11 and "x" * 90 + "49" in kept  # the newest are kept


def test_a_tree_too_deep_to_pickle_is_left_out_and_the_others_kept(tmp_path):
    path = tmp_path / "parse.pickle"
    store = disk_cache.ParseStore(path)
    deep = " + ".join(["1"] * 5000)  # refused later by the compiler (E-DSL-DEPTH); parsed first
    store.put(deep, parse(deep, Origin(Place("t.yaml", 1, 1))))
    store.put("say(1)", parse("say(1)", Origin(Place("t.yaml", 2, 1))))
    store.save()
    assert list(disk_cache.ParseStore(path).trees) == ["say(1)"]


def test_compiled_code_is_reused_and_a_damaged_file_recompiled(tmp_path, monkeypatch):
    monkeypatch.setenv("MEEPLE_CACHE_DIR", str(tmp_path))
    src = "def f(x):\n    return x * 6\n"
    first = disk_cache.compiled(src, "<meeple>")
    files = list(tmp_path.glob("code-*/*.bin"))
    assert len(files) == 1
    ns: dict = {}
    exec(disk_cache.compiled(src, "<meeple>"), ns)
    assert ns["f"](7) == 42 and first.co_filename == "<meeple>"
    files[0].write_bytes(b"not marshal data")
    ns = {}
    exec(disk_cache.compiled(src, "<meeple>"), ns)
    assert ns["f"](2) == 12


def test_parsed_texts_are_kept_by_folder_and_a_load_reads_its_own_folders_alone(tmp_path, monkeypatch):
    """One parse file a folder of content: a text comes back from its own folder's file, and asking for it
    reads that file alone (a game's load does not unpickle every game the cache has met); past
    MAX_PARSE_FILES files the oldest go."""
    texts = {"kaiju/game.yaml": "say(1)", "kaiju/cards/a.yaml": "say(2)", "hearts/game.yaml": "say(3)"}
    shelves = disk_cache.Shelves(tmp_path)
    for where, text in texts.items():
        shelves.put(text, parse(text, Origin(Place(where, 1, 1))), where)
    shelves.save()
    assert len(list(tmp_path.glob("parse-*.pickle"))) == 3  # kaiju, kaiju/cards, hearts
    again = disk_cache.Shelves(tmp_path)
    assert repr(again.get("say(1)", "kaiju/game.yaml")) == repr(parse("say(1)", Origin(Place("t", 1, 1))))
    assert len(again.stores) == 1  # hearts' file not read
    assert again.get("say(3)", "kaiju/game.yaml") is None  # a text is found in its own folder's file
    assert again.get("say(3)", "hearts/game.yaml") is not None
    monkeypatch.setattr(disk_cache, "MAX_PARSE_FILES", 2)
    more = disk_cache.Shelves(tmp_path)
    more.put("say(4)", parse("say(4)", Origin(Place("euchre/game.yaml", 1, 1))), "euchre/game.yaml")
    more.save()
    assert len(list(tmp_path.glob("parse-*.pickle"))) == 2
    many = disk_cache.Shelves(tmp_path / "many")  # content of more folders than are kept: no more are written
    for i in range(5):
        many.put(f"say({i})", parse(f"say({i})", Origin(Place(f"f{i}/game.yaml", 1, 1))), f"f{i}/game.yaml")
    many.save()
    assert len(list((tmp_path / "many").glob("parse-*.pickle"))) == 2


def test_a_folder_named_from_another_working_folder_finds_its_parsed_texts(tmp_path, monkeypatch):
    """The parse file of a folder is the same whether its files are named relative to the working folder or
    in full (`meeple validate debtzilla` from content/, `content/debtzilla` from the project)."""
    monkeypatch.chdir(tmp_path)
    first = disk_cache.Shelves(tmp_path / "cache")
    first.put("say(9)", parse("say(9)", Origin(Place("g/game.yaml", 1, 1))), "g/game.yaml")
    first.save()
    again = disk_cache.Shelves(tmp_path / "cache")
    assert again.get("say(9)", str(tmp_path / "g" / "game.yaml")) is not None
