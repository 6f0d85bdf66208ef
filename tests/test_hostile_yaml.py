"""Hostile YAML: each gets a clear error with its place, in bounded time and memory, never a traceback."""
from __future__ import annotations

import time

import pytest

from interpreter import ContentError
from interpreter.loader.yaml_source import MAX_FILE_BYTES, load_file, load_text


def error(text, path="hostile.yaml"):
    start = time.perf_counter()
    with pytest.raises(ContentError) as e:
        load_text(text, path)
    assert time.perf_counter() - start < 20  # bounded, not a benchmark: a hang would never return
    d = e.value.diagnostics[0]
    assert d.place.path == path
    return d


def test_billion_laughs_alias_bomb():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 9)}]")
    d = error("\n".join(lines))
    assert d.code == "E-YAML-SIZE" and "alias bomb" in d.message


def test_deep_nesting():
    d = error("x: " + "[" * 5000 + "]" * 5000)
    assert d.code == "E-YAML-DEPTH"
    d = error("x:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 120)))
    assert d.code == "E-YAML-DEPTH" and d.place.line > 60


def test_file_over_the_size_limit(tmp_path):
    p = tmp_path / "big.yaml"
    p.write_text("x: " + "a" * (MAX_FILE_BYTES + 10))
    with pytest.raises(ContentError) as e:
        load_file(str(p))
    assert e.value.diagnostics[0].code == "E-YAML-SIZE"


def test_binary_and_invalid_utf8(tmp_path):
    p = tmp_path / "bin.yaml"
    p.write_bytes(b"a: 1\nb: \xff\xfe\x00\x01")
    with pytest.raises(ContentError) as e:
        load_file(str(p))
    d = e.value.diagnostics[0]
    assert d.code == "E-YAML-ENCODING" and (d.place.line, d.place.col) == (2, 4)
    p.write_bytes(b"a: 1\x00\n")
    with pytest.raises(ContentError) as e:
        load_file(str(p))
    assert e.value.diagnostics[0].code == "E-YAML-ENCODING"


def test_duplicate_keys():
    d = error("a: 1\nb: 2\na: 3\n")
    assert d.code == "E-YAML-DUPLICATE" and (d.place.line, d.place.col) == (3, 1)


def test_tabs():
    d = error("a:\n\tb: 1\n")
    assert d.code == "E-YAML-SYNTAX" and d.place.line == 2


def test_byte_order_mark_is_accepted():
    assert load_text("\ufeffa: 1\n", "bom.yaml") == {"a": 1}


@pytest.mark.parametrize("text", ["1: x\n", "? [a, b]\n: x\n", "? {a: 1}\n: x\n", "true: x\n", "null: x\n"])
def test_non_string_keys(text):
    assert error(text).code == "E-YAML-KEY"


def test_yaml_1_1_words_as_keys_stay_names():
    assert load_text("on: 1\nyes: 2\n", "w.yaml") == {"on": 1, "yes": 2}


@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system ['echo hi']", "!!python/name:os.system",
                                 "!custom x", "!!binary aGk="])
def test_tags_are_refused(tag):
    d = error(f"a: {tag}\n")
    assert d.code == "E-YAML-TAG" and d.place.line == 1


def test_huge_number_is_refused():
    assert error("a: 99999999999999999999\n").code == "E-YAML-NUMBER"


def test_merge_keys_are_refused():
    assert error("a: &x {b: 1}\nc:\n  <<: *x\n").code == "E-YAML-KEY"
