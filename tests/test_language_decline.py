"""`choose optional ... else "text"`: the option of picking nothing, named by the content."""
from __future__ import annotations

import pytest

from interpreter import ContentError, load_game
from interpreter.runtime.decisions import NOTHING
from interpreter.testing import Scenario
from tests.conftest import MINI_CARDS, MINI_GAME, write_game
from tests.test_language import game_with

DECLINE = """
    move(box, pool)
    let c = choose optional c from pool where c.value == 1 by me prompt "{me.name}: keep a one?" else "Keep {me.coins} coins instead"
    me.laps = c
"""


def test_a_named_decline_is_offered_last_by_its_text_with_its_holes_filled(tmp_path):
    s = Scenario(game_with(tmp_path, {"t": ([], DECLINE)}), 2)
    s.p(1).counters["coins"] = 3
    d = s.call("t", me=s.p(1))
    assert d.labels() == ["Red One", "Red One", "Keep 3 coins instead"]  # the two ones, then the decline


def test_declining_by_its_text_gives_none_and_the_account_says_it_as_written(tmp_path):
    s = Scenario(game_with(tmp_path, {"t": ([], DECLINE)}), 2)
    s.p(1).counters["coins"] = 3
    s.call("t", me=s.p(1), answers=["Keep 3 coins instead"])
    assert s.match.pending is None and s.p(1).vars["laps"] is None
    assert s.lines()[-1].strip() == f"{s.p(1).name}: Keep 3 coins instead"  # the text says what was declined: no question


def test_picking_an_item_of_a_named_decline_gives_the_item(tmp_path):
    s = Scenario(game_with(tmp_path, {"t": ([], DECLINE)}), 2)
    d = s.call("t", me=s.p(1))
    s.answer(d.labels()[0])
    assert s.p(1).vars["laps"].card.id == "red_one"


def test_without_else_the_decline_stays_nothing_and_its_echo_carries_the_question(tmp_path):
    s = Scenario(game_with(tmp_path, {"t": ([], DECLINE.replace(' else "Keep {me.coins} coins instead"', ""))}), 2)
    d = s.call("t", me=s.p(1))
    assert d.labels()[-1] == NOTHING == "(nothing)"
    s.answer(NOTHING)
    assert s.p(1).vars["laps"] is None and s.lines()[-1].strip() == f"{s.p(1).name}: keep a one? (nothing)"


@pytest.mark.parametrize("quantity", ["", "2 ", "up to 2 ", "any "])
def test_else_on_a_choice_that_cannot_pick_nothing_is_an_error_at_its_text(tmp_path, quantity):
    body = f'let c = choose {quantity}c from box by me prompt "take" else "None of them"'
    text = MINI_GAME.replace("procedures:\n", "procedures:\n  t:\n    do: |\n      " + body + "\n", 1)
    with pytest.raises(ContentError) as e:
        load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    d = next(d for d in e.value.diagnostics if d.code == "E-SYNTAX")
    assert "only `choose optional` offers to pick nothing" in d.message
    lines = text.lstrip("\n").splitlines()
    assert lines[d.place.line - 1][d.place.col - 1:].startswith('"None of them"')


def test_an_else_after_a_choice_is_the_choices(tmp_path):
    """`else` right after a choice names its decline, also where an if-expression could take it; in parentheses
    the choice leaves the `else` to the if-expression."""
    s = Scenario(game_with(tmp_path, {"t": ([], """
        move(box, pool)
        me.laps = "yes" if (choose optional c from pool by me prompt "keep?") != none else "no"
    """)}), 2)
    s.call("t", me=s.p(1), answers=[NOTHING])
    assert s.p(1).vars["laps"] == "no"
