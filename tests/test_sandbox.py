"""The language is a sandbox: no way from content to Python. Each escape attempt is a content error with a place."""
from __future__ import annotations

import pytest

from interpreter import ContentError, RuntimeContentError, load_game
from interpreter.dsl.parser import Origin, parse
from interpreter.errors import Place
from interpreter.testing import Scenario
from tests.conftest import MINI_CARDS, MINI_GAME, write_game

ATTEMPTS = [
    ('__import__("os")', "unknown verb"),
    ('eval("1 + 1")', "unknown verb"),
    ('exec("x = 1")', "unknown verb"),
    ('open("/etc/passwd")', "unknown verb"),
    ("say(me.__class__)", "unknown field `__class__`"),
    ("say(me.__dict__)", "unknown field"),
    ("say(box.items)", "unknown field `items`"),
    ("say(me.match.game)", "unknown field `match`"),
    ('say("{me.__class__.__mro__}")', "unknown field"),
    ("say(__builtins__)", "unknown name `__builtins__`"),
    ("say(M)", "unknown name `M`"),
    ("say(G)", "unknown name `G`"),
    ("say(globals)", "unknown name"),
]

SYNTAX = [
    'me.coins.__add__(1)',          # no calls on fields
    '"{}".format(1)',               # no methods
    "import os",
    "lambda: 1",
    "x = [c for c in box]",
    "say(`id`)",
    'say(f"{me}")',
]


def folder_with(tmp_path, body):
    text = MINI_GAME.replace("    do: p.coins += n", "    do: |\n" + "".join("      " + b + "\n" for b in body.splitlines()))
    return write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})


@pytest.mark.parametrize("body,message", ATTEMPTS)
def test_escape_attempts_are_content_errors(tmp_path, body, message):
    with pytest.raises(ContentError) as e:
        load_game(folder_with(tmp_path, body))
    d = next(d for d in e.value.diagnostics if message in d.message)
    assert d.place.path.endswith("game.yaml") and d.place.line > 1


@pytest.mark.parametrize("text", SYNTAX)
def test_python_syntax_is_not_the_language(text):
    with pytest.raises(ContentError) as e:
        parse(text, Origin(Place("x.yaml", 1, 1)))
    assert e.value.diagnostics[0].code == "E-DSL-SYNTAX"


def test_strings_cannot_break_out_of_generated_code(tmp_path):
    body = r'say("\"); import os; x = (\"")'
    g = load_game(folder_with(tmp_path, body))
    s = Scenario(g, 1)
    s.call("gain", s.p(1), 1)
    assert s.lines() == ['"); import os; x = ("']


def test_field_access_at_runtime_refuses_host_attributes(tmp_path):
    """Even a field name the checker knows cannot read Python attributes of other objects."""
    g = load_game(folder_with(tmp_path, 'let x = 5\nsay(x.name)'))
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("gain", None, 1)
    assert "has no field `name`" in str(e.value) and e.value.place is not None


def test_numbers_have_bounds(tmp_path):
    g = load_game(folder_with(tmp_path, "let x = 999999999\nlet y = x * x * x"))
    with pytest.raises(RuntimeContentError, match="bounds"):
        Scenario(g, 1).call("gain", None, 1)


def test_generated_code_has_no_builtins(tmp_path):
    g = load_game(folder_with(tmp_path, "say(1)"))
    ns = g.procedures["gain"].__globals__
    assert set(ns["__builtins__"]) == set()
    assert not any(k in ns for k in ("open", "eval", "exec", "__import__", "getattr"))


GROWTH = [  # content that would take all the memory of the machine: a placed error long before
    ('let s = "ab" * 1000000000', "only numbers can be multiplied"),
    ("let l = [1, 2] * 100000000", "only numbers can be multiplied"),
    ('let s = "ab"\nrepeat 60 { s = s + s }', "text longer than"),
    ('let s = "ab"\nrepeat 60 { s = "{s}{s}" }', "text longer than"),
    ("let l = [1]\nrepeat 60 { l = l + l }", "list longer than"),
    ("let l = [1]\nrepeat 60 { l = gather([1, 2], l) }", "list longer than"),
    ('let s = "abcdefghij"\nrepeat 13 { s = s + s }\nrepeat 1000000 { say(s) }', "said more than"),
]


@pytest.mark.parametrize("body,message", GROWTH)
def test_growth_without_bound_is_a_content_error_with_its_place(tmp_path, body, message):
    g = load_game(folder_with(tmp_path, body))
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("gain", None, 1)
    assert message in str(e.value) and e.value.place is not None and e.value.place.path.endswith("game.yaml")


@pytest.mark.parametrize("body", [
    "let n = count(each a in range(1, 10000) where count(each b in range(1, 10000) where "
    "count(each c in range(1, 10000) where c > a + b) > 0) > 0)",
    "let n = sum(range(1, 10000), sum(range(1, 10000), sum(range(1, 10000), it)))",
    "let n = sort(range(1, 10000), highest(range(1, 10000), lowest(range(1, 10000), it)))",
])
def test_nested_passes_over_long_lists_spend_the_step_budget(tmp_path, body):
    """No loop at all, yet 10^12 steps: the items an expression goes over count like a loop's passes."""
    g = load_game(folder_with(tmp_path, body))
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("gain", None, 1)
    assert "step budget" in str(e.value) and e.value.place is not None and e.value.place.path.endswith("game.yaml")
