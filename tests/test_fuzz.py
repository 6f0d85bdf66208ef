"""Fuzzing the parser, the loader and the checker: only content errors with a place come out.

The suite runs a bounded number of examples; `python tools/fuzz.py` runs many more (see docs/reliability.md).
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter import ContentError, load_game
from interpreter.dsl.parser import Origin, parse
from interpreter.errors import Place
from interpreter.loader.yaml_source import load_text
from tests.conftest import CONTENT, MINI_CARDS, MINI_GAME, write_game

EXAMPLES = int(os.environ.get("MEEPLE_FUZZ_EXAMPLES", "60"))
FAST = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                            HealthCheck.too_slow])

TOKENS = ["let", "x", "=", "+=", "-=", "if", "elif", "else", "{", "}", "(", ")", "[", "]", "for", "in", "while",
          "repeat", "ask", "when", "by", "choose", "up", "to", "any", "optional", "from", "where", "prompt", "each",
          "return", "break", "me", ".", "money", ",", "1", "0", "99999999999999", '"a {me.name}"', '"', "and", "or",
          "not", "==", "<", ">=", "*", "/", "%", "-", "\n", ";", "#", " ", "count", "say", "it", "none", "true",
          "\\", "{{", "$", "é", "\t"]


def assert_placed(e: ContentError, path: str):
    assert e.diagnostics, "a content error without diagnostics"
    for d in e.diagnostics:
        assert d.place.path == path and d.message


@FAST
@given(st.lists(st.sampled_from(TOKENS), max_size=40).map(" ".join))
def test_parser_on_token_soup(text):
    try:
        parse(text, Origin(Place("fuzz.yaml", 1, 1)))
    except ContentError as e:
        assert_placed(e, "fuzz.yaml")


@FAST
@given(st.text(max_size=200))
def test_parser_on_any_text(text):
    try:
        parse(text, Origin(Place("fuzz.yaml", 1, 1)))
    except ContentError as e:
        assert_placed(e, "fuzz.yaml")


@FAST
@given(st.text(alphabet=st.sampled_from(list("abc:- []{}&*!#|>'\"\n\t 01?,.@%")), max_size=120))
def test_loader_on_yaml_like_text(text):
    try:
        load_text(text, "fuzz.yaml")
    except ContentError as e:
        assert_placed(e, "fuzz.yaml")


def mutate(text: str, ops) -> str:
    for kind, pos, ch in ops:
        if not text:
            break
        i = pos % len(text)
        if kind == 0:
            text = text[:i] + text[i + 1:]
        elif kind == 1:
            text = text[:i] + ch + text[i:]
        else:
            lines = text.splitlines(keepends=True)
            j = pos % len(lines)
            lines[j], lines[-1 - j] = lines[-1 - j], lines[j]
            text = "".join(lines)
    return text


MUTATIONS = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 10**6), st.sampled_from(list(":-{}[]()\"' \n#xa1=."))),
                     min_size=1, max_size=4)


@FAST
@given(MUTATIONS, MUTATIONS)
def test_checker_on_mutated_games(tmp_path_factory, game_ops, card_ops):
    folder = write_game(tmp_path_factory.mktemp("m"), {"game.yaml": mutate(MINI_GAME.lstrip("\n"), game_ops),
                                                       "cards/t.yaml": mutate(MINI_CARDS.lstrip("\n"), card_ops)})
    try:
        load_game(folder)
    except ContentError as e:
        for d in e.diagnostics:
            assert d.place.path.endswith(("game.yaml", "t.yaml")) and d.message


KAIJU = (CONTENT / "kaiju-inc" / "game.yaml").read_text(encoding="utf-8")


@settings(max_examples=max(5, EXAMPLES // 6), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(MUTATIONS)
def test_checker_on_a_mutated_bundled_game(tmp_path_factory, ops):
    folder = tmp_path_factory.mktemp("k")
    (folder / "cards").symlink_to(CONTENT / "kaiju-inc" / "cards")
    (folder / "game.yaml").write_text(mutate(KAIJU, ops), encoding="utf-8")
    try:
        load_game(folder)
    except ContentError as e:
        for d in e.diagnostics:
            assert d.message and d.place.path


NESTED = {  # a construct nested `d` deep around `let zz = 1` (or around `1`)
    "if": lambda d: "if true { " * d + "let zz = 1" + " }" * d,
    "for": lambda d: "".join(f"for q{i} in [1] {{ " for i in range(d)) + "let zz = 1" + " }" * d,
    "while": lambda d: "while false { " * d + "let zz = 1" + " }" * d,
    "repeat": lambda d: "repeat 1 { " * d + "let zz = 1" + " }" * d,
    "call": lambda d: "let zz = " + "max(" * d + "1" + ", 2)" * d,
    "list": lambda d: "let zz = " + "[" * d + "1" + "]" * d,
    "if-expression": lambda d: "let zz = " + "(1 if true else " * d + "2" + ")" * d,
    "index": lambda d: "let zz = " + "[1, 2][" * d + "0" + "]" * d,
    "each": lambda d: "let zz = " + "count(each q in " * d + "[1]" + " where true)" * d,
    "negation": lambda d: "let zz = " + "-" * (d * 5) + "1",
    "not": lambda d: "let zz = " + "not " * (d * 5) + "true",
    "sum": lambda d: "let zz = " + " + ".join(["1"] * (d * 50)),
}


REFUSED = {  # past the limits (12 loops, 60 levels of expression): the rest compiles and loads
    12: {"negation", "not", "sum"},
    58: {"for", "while", "repeat", "each", "negation", "not", "sum"},
}


@pytest.mark.parametrize("depth", sorted(REFUSED))
@pytest.mark.parametrize("construct", sorted(NESTED))
def test_deep_nesting_compiles_or_is_refused_with_its_place(tmp_path, construct, depth):
    """Python refuses more than 20 nested loops and runs out of recursion: content nested that deep is
    an E-DSL-DEPTH error at the construct, never a crash of the compiler or of Python's."""
    text = MINI_GAME.replace("setup: |\n", "setup: |\n  " + NESTED[construct](depth) + "\n", 1)
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    if construct not in REFUSED[depth]:
        assert load_game(folder).setup is not None
        return
    with pytest.raises(ContentError) as e:
        load_game(folder)
    assert [d.code for d in e.value.diagnostics] == ["E-DSL-DEPTH"], e.value.diagnostics
    assert_placed(e.value, str(folder / "game.yaml"))
    assert "nested deeper than" in e.value.diagnostics[0].message
