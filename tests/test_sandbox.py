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
    """Even a field name the checker knows cannot read Python attributes of other objects: a number known
    before play is refused by the checker, one known only in play (an item of a list) by the runtime."""
    with pytest.raises(ContentError, match="a number has no field `name`"):
        load_game(folder_with(tmp_path / "known", 'let x = 5\nsay(x.name)'))
    g = load_game(folder_with(tmp_path / "in-play", 'let x = [5][0]\nsay(x.name)'))
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("gain", None, 1)
    assert "has no field `name`" in str(e.value) and e.value.place is not None


def test_numbers_have_bounds(tmp_path):
    g = load_game(folder_with(tmp_path, "let x = 999999999\nlet y = x * x * x"))
    with pytest.raises(RuntimeContentError, match="bounds"):
        Scenario(g, 1).call("gain", None, 1)


BOUNDS = [  # each operation keeps numbers within 10^12 either side of zero (docs/reliability.md)
    "let x = 999999 * 1000000\nlet y = 0 - x - x",
    "let x = 999999 * 1000000\nlet y = -x - x",
    "let x = 999999 * 1000000\nx -= x * -1\nx -= x * -1",
    "let x = 999999 * 1000000\nlet y = sum([x, x], it)",
    "p.laps = 999999 * 1000000\np.laps -= -999999 * 1000000",
    "let x = 1\nrepeat 60 { x = x - (0 - x) }",  # doubling by subtraction
]


@pytest.mark.parametrize("body", BOUNDS)
def test_numbers_stay_within_bounds_through_every_operation(tmp_path, body):
    s = Scenario(load_game(folder_with(tmp_path, body)), 1)
    with pytest.raises(RuntimeContentError) as e:
        s.call("gain", s.p(1), 1)
    assert "number out of bounds" in str(e.value) and e.value.place is not None


def test_numbers_at_the_bounds_are_numbers(tmp_path):
    g = load_game(folder_with(tmp_path, "let x = 999999 * 1000000 + 1000000\nlet y = -x\nlet z = y - 0\n"
                                        "say(\"{x} {z} {sum([x, 0 - x], it)}\")"))
    s = Scenario(g, 1)
    s.call("gain", None, 1)
    assert s.lines() == [f"{10**12} {-10**12} 0"]


def test_content_may_run_a_few_seconds_between_two_decisions(tmp_path, monkeypatch):
    """A loop well under the step budget but slower than the time allowed between two decisions stops with a
    placed error, not a hang (the clock is looked at every 100,000 steps)."""
    from interpreter.runtime.match import Match
    monkeypatch.setattr(Match, "_time_budget", 0.0)
    g = load_game(folder_with(tmp_path, "let n = 0\nrepeat 100000 {\n  repeat 3 { n += 1 }\n}"))
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("gain", None, 1)
    assert "without a decision" in str(e.value) and e.value.place is not None


def test_a_loop_under_both_budgets_runs(tmp_path):
    g = load_game(folder_with(tmp_path, "let n = 0\nrepeat 100000 {\n  repeat 3 { n += 1 }\n}\nsay(n)"))
    s = Scenario(g, 1)
    s.call("gain", None, 1)
    assert s.lines() == ["300000"]


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
    # a list built first in its statement is counted by lines before the statement, not by a call
    "repeat 100000 {\n  let xs = range(1, 10000) where it > 0\n}",
    "repeat 100000 {\n  if count(range(1, 10000) where it > 5) > 0 { let y = 1 }\n}",
    # a sum of a number field over cards is Python's sum, its items counted before its statement
    "move(box, deck)\nlet xs = gather(range(1, 10000), deck)\nrepeat 200 {\n  let s = sum(xs, it.value)\n}",
    # a list a `let` made, counted once, is counted again when a loop goes over it (not outside loops)
    "move(box, deck)\nlet xs = gather(range(1, 10000), deck) where it.value > 0\nrepeat 200 {\n  let s = sum(xs, it.value)\n}",
    "move(box, deck)\nlet xs = gather(range(1, 10000), deck) where it.value > 0\nrepeat 200 {\n  let ys = xs where it.value > 0\n}",
])
def test_nested_passes_over_long_lists_spend_the_step_budget(tmp_path, body):
    """No loop at all, yet 10^12 steps: the items an expression goes over count like a loop's passes."""
    g = load_game(folder_with(tmp_path, body))
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("gain", None, 1)
    # the step budget, or on a slow machine first the time allowed between two decisions: either stops it
    assert ("step budget" in str(e.value) or "without a decision" in str(e.value)) and e.value.place is not None and e.value.place.path.endswith("game.yaml")


def _chain(name, n, call):
    """Bodies a1 .. a{n}, each running the next twice: 2^n runs of the last."""
    return {f"{name}{i}": call(f"{name}{i + 1}") for i in range(1, n)}


DOUBLING = {
    "a recursive procedure": ("procedures", {"f": ("[n]", "if n > 0 {\n  f(n - 1)\n  f(n - 1)\n}")}, "f(60)"),
    "procedures that do not recurse": ("procedures", {k: ("[]", f"{v}()\n{v}()") for k, v in
                                                      _chain("a", 60, lambda nxt: nxt).items()} | {"a60": ("[]", "say(1)")},
                                       "a1()"),
    "functions": ("functions", {k: ("[]", f"{v}() + {v}()") for k, v in _chain("b", 60, lambda nxt: nxt).items()}
                  | {"b60": ("[]", "1")}, "say(b1())"),
    "events": ("events", {f"e{i}": f'emit("e{i + 1}")\nemit("e{i + 1}")' for i in range(1, 60)} | {"e60": "say(1)"},
               'emit("e1")'),
}


@pytest.mark.parametrize("how", list(DOUBLING))
def test_bodies_running_each_other_twice_over_spend_the_step_budget(tmp_path, how):
    """No loop, yet 2^60 runs: a body that runs other bodies (a procedure, a function, an event's handlers)
    counts a step each time it runs, so hostile content stops with a content error instead of running for
    ever."""
    section, bodies, start = DOUBLING[how]
    text = MINI_GAME.replace("    do: p.coins += n", "    do: |\n" + "".join("      " + b + "\n" for b in start.splitlines()))
    if section == "procedures":
        extra = "".join(f"  {k}:\n    params: {params}\n    do: |\n" + "".join(f"      {b}\n" for b in body.splitlines())
                        for k, (params, body) in bodies.items())
        text = text.replace("procedures:\n", "procedures:\n" + extra)
    elif section == "functions":
        text += "functions:\n" + "".join(f"  {k}:\n    params: {params}\n    expr: {body}\n" for k, (params, body) in bodies.items())
    else:
        text = text.replace("events:\n", "events:\n" + "".join(f"  {k}: []\n" for k in bodies))
        text = text.replace("on:\n", "on:\n" + "".join(f"  {k}: |\n" + "".join(f"    {b}\n" for b in body.splitlines())
                                                      for k, body in bodies.items()))
    g = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("gain", None, 1)
    # the step budget, or on a slow machine first the time allowed between two decisions: either stops it
    assert ("step budget" in str(e.value) or "without a decision" in str(e.value)) and e.value.place is not None


@pytest.mark.parametrize("body", [
    'run(top(box), "use", player=top(box))',
    'alarms = [top(box)]\nemit("lap", player=alarms[0])',  # what a var's list holds is known only in play
])
def test_me_is_a_player_or_none_in_every_body(tmp_path, body):
    """Compiled bodies read `me` (and an event's `player`) as a player with no test of its type, so `run` and
    `emit` refuse a `player=` that is anything else, as a content error at its place."""
    g = load_game(folder_with(tmp_path, body))
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("gain", None, 1)
    assert "`player` must be a player, not a card" in str(e.value) and e.value.place is not None
    assert e.value.place.path.endswith("game.yaml")


def test_a_player_given_a_card_known_before_play_is_refused_by_the_checker(tmp_path):
    """`emit`'s `player=` is declared a player: a card there, known for sure, is a placed error of validate."""
    with pytest.raises(ContentError) as e:
        load_game(folder_with(tmp_path, 'emit("lap", player=top(box))'))
    (d,) = e.value.diagnostics
    assert d.code == "E-TYPE" and d.message == "`emit` wants a player here, not a card"
    assert (d.place.line, d.place.col) == (39, 26)
