"""Sharp edges of the language that new authors met: each one now means what it says, or is refused at its place."""
from __future__ import annotations

import pytest

from interpreter import RuntimeContentError, bundled_games, load_game
from interpreter.testing import Scenario
from tests.conftest import MINI_CARDS, MINI_GAME, write_game
from tests.test_language import game_with


def test_a_var_that_starts_as_none_holds_the_languages_none(tmp_path):
    """`vars: {x: none}` is no value (as YAML's null), `"none"` in quotes the text; in a list too."""
    text = MINI_GAME.replace("vars:\n  alarms: []", 'vars:\n  alarms: []\n  who: none\n  said: "none"\n'
                             "  many: [none, 1]\n  nul: null")
    g = load_game(write_game(tmp_path, {"game.yaml": text.replace("procedures:\n", """procedures:
  t:
    do: |
      if who == none { say("no one") }
      if said != none { say("a text: {said}") }
      if first(many) == none { say("an empty first") }
      if nul == none { say("null too") }
""", 1), "cards/t.yaml": MINI_CARDS}))
    s = Scenario(g, 1)
    s.call("t")
    assert s.lines() == ["no one", "a text: none", "an empty first", "null too"]


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_no_bundled_game_starts_a_var_as_the_text_none(name):
    g = load_game(bundled_games()[name])
    starts = list(g.vars.values()) + list(g.player_vars.values())
    assert "none" not in starts, [k for k, v in {**g.vars, **g.player_vars}.items() if v == "none"]


def test_choose_a_number_of_items_given_by_an_expression(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let k = 1 + 1
        let two = choose (k) from pool by me prompt "Take two"
        move(two, me.hand)
        say("{count(me.hand)} taken")
    """)})
    s = Scenario(g, 1)
    d = s.call("t", me=s.p(1))
    assert d.prompt == "Take two (1 of 2)"
    s.answer(d.labels()[0])
    s.answer(s.match.pending.labels()[0])
    assert s.lines()[-1] == "2 taken"


def test_a_choice_of_several_given_no_number_is_a_content_error_at_its_place(tmp_path):
    g = game_with(tmp_path, {"t": (["k"], 'let two = choose (k) from pool by me prompt "Take"')})
    s = Scenario(g, 1)
    with pytest.raises(RuntimeContentError, match="given a number of items, not a string") as e:
        s.call("t", "two", me=s.p(1))
    assert e.value.place is not None and e.value.place.path.endswith("game.yaml")


@pytest.mark.parametrize("text,word,col", [
    ("let up = 1", "up", 5), ("for to in players { say(1) }", "to", 5), ("say(me.label)", "label", 8),
    ("let n = count(each any in players where true)", "any", 20),
])
def test_a_reserved_word_written_as_a_name_is_said_to_be_one(text, word, col):
    from interpreter.dsl.parser import Origin, parse
    from interpreter.errors import ContentError, Place
    with pytest.raises(ContentError) as e:
        parse(text, Origin(Place("game.yaml", 3, 5)))
    d = e.value.diagnostics[0]
    assert (d.code, d.message) == ("E-RESERVED", f"`{word}` is a reserved word of the language: it cannot be a name")
    assert (d.place.line, d.place.col) == (3, 4 + col)


def test_a_misplaced_keyword_that_is_not_a_name_keeps_its_own_message():
    from interpreter.dsl.parser import Origin, parse
    from interpreter.errors import ContentError, Place
    with pytest.raises(ContentError) as e:
        parse("if true { say(1) }\nelse { say(2) }", Origin(Place("game.yaml", 1, 1)))
    assert e.value.diagnostics[0].code == "E-DSL-SYNTAX" and "`} else {`" in e.value.diagnostics[0].hint


def test_distinct_and_group_of_lists_tell_lists_apart_by_their_items(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        let xs = [[1, 2], [1, 2], [2, 1], []]
        say("{distinct(xs, it)} distinct, {count(group(xs, it))} groups, {distinct(xs, [it, 1])} pairs")
    """)})
    s = Scenario(g, 1)
    s.call("t")
    assert s.lines() == ["3 distinct, 3 groups, 3 pairs"]


@pytest.mark.parametrize("what", ["choose c from pool", "top(pool)"])
def test_moving_none_is_a_content_error_at_its_place(tmp_path, what):
    """A choice from nothing or the top of an empty zone is none: moving it used to do nothing, unseen."""
    g = game_with(tmp_path, {"t": ([], f"let c = {what}\nmove(c, me.hand)")})
    s = Scenario(g, 1)
    with pytest.raises(RuntimeContentError, match=r"move: there is no card to move \(none\)") as e:
        s.call("t", me=s.p(1))
    assert e.value.place.path.endswith("game.yaml") and e.value.place.line > 1


def test_draw_moves_at_most_what_the_zone_holds_and_says_how_many(tmp_path):
    """The documented `at most` reading of `draw` (docs/language.md): 41 asked of 2 cards moves the 2."""
    g = game_with(tmp_path, {"t": ([], 'move(box where it.id == "red_one", pool)\nlet got = draw(pool, me.hand, 41)\n'
                                       'say("{count(got)} of 41")')})
    s = Scenario(g, 1)
    s.call("t", me=s.p(1))
    assert s.lines() == ["2 of 41"] and len(s.p(1).zones["hand"].items) == 2


def _smoke_warnings(tmp_path, capsys, game_text):
    import json

    from interpreter.cli.main import main
    folder = write_game(tmp_path, {"game.yaml": game_text, "cards/t.yaml": MINI_CARDS})
    assert main(["validate", str(folder), "--smoke", "2", "--format", "json"]) == 0
    return [d for d in json.loads(capsys.readouterr().out) if d["code"] == "W-CLAMP"]


@pytest.mark.parametrize("write,counter,said", [
    ("do: p.coins += n * 30", "coins", "was given 30, above its max 20, and kept at 20"),  # written in place
    ("do: level -= 5 * n", "level", "was given -5, below its min 0, and kept at 0"),  # through the setter
])
def test_a_counter_kept_at_its_bound_in_play_is_a_smoke_warning_at_the_assignment(tmp_path, capsys, write, counter, said):
    text = MINI_GAME.replace("do: p.coins += n", write).replace("level: {initial: 0,", "level: {initial: 0, min: 0,")
    found = _smoke_warnings(tmp_path / "a", capsys, text)
    assert found and f"): counter `{counter}` {said} (" in found[0]["message"], found
    line = text.lstrip("\n").splitlines().index(f"    {write}") + 1
    assert (found[0]["line"], found[0]["column"]) == (line, 9)
    said_so = text.replace("max: 20}", "max: 20, clamp: true}").replace("min: 0, thresholds", "min: 0, clamp: true, thresholds")
    assert _smoke_warnings(tmp_path / "b", capsys, said_so) == []


def test_a_choice_of_exactly_more_than_there_is_is_a_content_error_at_its_place(tmp_path):
    g = game_with(tmp_path, {"t": ([], 'move(box, pool)\nlet all = choose 4 from pool by me prompt "Take"')})
    s = Scenario(g, 1)
    with pytest.raises(RuntimeContentError, match=r"a choice of exactly 4 is made from 3 items: `choose up to 4`") as e:
        s.call("t", me=s.p(1))
    assert e.value.place.path.endswith("game.yaml")


def test_a_choice_of_exactly_all_there_is_is_made(tmp_path):
    g = game_with(tmp_path, {"t": ([], 'move(box, pool)\nlet all = choose 3 from pool by me prompt "Take"\n'
                                       'move(all, me.hand)')})
    s = Scenario(g, 1)
    s.call("t", me=s.p(1))
    while s.match.pending is not None:
        s.answer(s.match.pending.labels()[0])
    assert len(s.p(1).zones["hand"].items) == 3


def test_a_scenario_places_a_var_as_none_as_game_yaml_writes_it(tmp_path, capsys):
    from interpreter.cli.main import main
    scenario = """
- name: none in a position
  rule: MINI-1
  players: [ann, ben]
  position:
    alarms: none
    ann: {laps: "none"}
  steps:
    - expect: alarms == none
    - expect: ann.laps == "none"
"""
    folder = write_game(tmp_path, {"game.yaml": MINI_GAME, "cards/t.yaml": MINI_CARDS, "tests/s.yaml": scenario})
    assert main(["test", str(folder)]) == 0, capsys.readouterr()


@pytest.mark.parametrize("old,new,said", [
    ("    laps: 0", "    to: 0", "`to` is a reserved word of the language and cannot be a player's var"),
    ("  gain:\n    params: [p, n]", "  gain:\n    params: [p, any]", "`any` is a reserved word of the language and "
     "cannot be a parameter of a procedure `gain`"),
    ("  gain:\n    params: [p, n]", "  label:\n    params: [p, n]", "`label` is a reserved word of the language and "
     "cannot be a procedure"),
])
def test_a_declared_name_that_is_a_reserved_word_is_refused_at_it(tmp_path, old, new, said):
    from interpreter import ContentError
    text = MINI_GAME.replace(old, new)
    with pytest.raises(ContentError) as e:
        load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    d = next(d for d in e.value.diagnostics if d.code == "E-RESERVED")
    body = text.lstrip("\n")
    at = body.index(new) + new.index(said.split("`")[1])  # the word in the new text
    assert d.message == said and (d.place.line, d.place.col) == (body.count("\n", 0, at) + 1,
                                                                 at - body.rfind("\n", 0, at))
