"""The effect language's semantics: counters and tracks, choices, menus, loops and their budget, events."""
from __future__ import annotations

import re
import textwrap

import pytest

from interpreter import ContentError, IllegalChoice, Match, RuntimeContentError, load_game
from interpreter.testing import Scenario
from tests.conftest import MINI_CARDS, MINI_GAME, write_game


def game_with(tmp_path, procedures: dict, extra: str = ""):
    """The mini game plus procedures (name -> (params, body))."""
    text = MINI_GAME.replace("procedures:\n", "procedures:\n" + "".join(
        f"  {name}:\n    params: [{', '.join(params)}]\n    do: |\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), "      ") + "\n"
        for name, (params, body) in procedures.items())) + extra
    return load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))


def test_bounded_counter_clamps(tmp_path):
    g = game_with(tmp_path, {"t": ([], "me.coins += 50\nme.coins -= 3")})
    s = Scenario(g, 2)
    s.call("t", me=s.p(1))
    assert s.p(1).counters["coins"] == 17


def test_circular_track_fires_an_event_on_each_wrap(tmp_path):
    g = game_with(tmp_path, {"t": ([], "me.wheel += 9")})
    s = Scenario(g, 2)
    s.p(1).counters["wheel"] = 2
    s.call("t", me=s.p(1))
    assert s.p(1).counters["wheel"] == 3 and s.p(1).vars["laps"] == 2  # 2+9 = 11: past 0 twice


def test_setting_a_track_does_not_wrap(tmp_path):
    g = game_with(tmp_path, {"t": ([], "me.wheel = 0")})
    s = Scenario(g, 2)
    s.p(1).counters["wheel"] = 3
    s.call("t", me=s.p(1))
    assert s.p(1).counters["wheel"] == 0 and s.p(1).vars["laps"] == 0


def test_thresholds_fire_once_each_whatever_raises_them(tmp_path):
    g = game_with(tmp_path, {"rise": (["n"], "level += n"), "down": (["n"], "level -= n")})
    s = Scenario(g, 1)
    s.call("rise", 7)  # passes 3 and 6 at once
    assert s.match.vars["alarms"] == [3, 6]
    s.call("down", 5)
    s.call("rise", 5)  # back above 3 and 6: nothing new
    assert s.match.vars["alarms"] == [3, 6]


def test_choose_one_where_by_and_prompt(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let c = choose c from pool where c.value > 1 by me.left prompt "pick for {me.name}"
        move(c, me.hand)
    """)})
    s = Scenario(g, 2)
    s.call("t", me=s.p(1))  # only one card has value > 1: no question asked
    assert s.ids(s.p(1).zones["hand"]) == ["blue_two"]


def test_choose_asks_the_right_player_and_refuses_illegal_choices(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let c = choose c from pool by me.left prompt "pick for {me.name}"
        move(c, me.hand)
    """)})
    s = Scenario(g, 2)
    d = s.call("t", me=s.p(1))
    assert d.player is s.p(2) and d.prompt == "pick for Ann" and d.labels() == ["Red One", "Red One", "Blue Two"]
    with pytest.raises(IllegalChoice, match="out of range"):
        s.match.choose(7)
    with pytest.raises(IllegalChoice, match="not an option"):
        s.match.choose("Green Three")
    s.answer("Blue Two")
    assert s.ids(s.p(1).zones["hand"]) == ["blue_two"]


def test_a_closed_match_says_so_when_asked_to_choose(tmp_path):
    """A match closed while it waits for a decision is not over: it says it is not being played."""
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let c = choose c from pool by me prompt "pick"
        move(c, me.hand)
    """)})
    s = Scenario(g, 2)
    assert s.call("t", me=s.p(1)) is not None
    s.match.close()
    with pytest.raises(IllegalChoice, match="not being played"):
        s.match.choose(0)


def test_choose_up_to_and_optional(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let xs = choose up to 2 from pool prompt "take"
        move(xs, me.hand)
        let y = choose optional from pool prompt "maybe"
        if y == none { say("nothing more") }
    """)})
    s = Scenario(g, 1)
    s.call("t", me=s.p(1), answers=["Blue Two", "(done)", "(nothing)"])
    assert s.ids(s.p(1).zones["hand"]) == ["blue_two"] and s.lines()[-1] == "nothing more"


def test_choose_with_a_label_shows_each_option_by_it_and_gives_the_item(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let c = choose c from pool label "{c.colour} {c.value} (uid {c.uid})" prompt "take"
        move(c, me.hand)
        let xs = choose up to 2 from pool label "{it.name}: {it.value * 10}" prompt "more"
        move(xs, deck)
    """)})
    s = Scenario(g, 1)
    d = s.run(g.procedures["t"], me=s.p(1))
    labels = d.labels()
    assert sorted(label.rsplit(" (", 1)[0] for label in labels) == ["blue 2", "red 1", "red 1"]
    assert len(set(labels)) == 3  # two cards of the same name, told apart
    second_red = [label for label in labels if label.startswith("red")][1]
    s.answer(second_red)
    assert s.ids(s.p(1).zones["hand"]) == ["red_one"] and str(s.p(1).zones["hand"].items[0].uid) in second_red
    assert s.match.pending.labels() == ["Red One: 10", "Blue Two: 20", "(done)"]
    s.answer("Blue Two: 20", "(done)")
    assert s.ids(s.zone("deck")) == ["blue_two"]


def test_a_label_that_fails_is_a_content_error_at_its_place_when_read(tmp_path):
    """A choice's labels are made when someone reads them (a bot in a simulation reads none); one that fails
    is then a content error at the line of the label, not a Python error."""
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let c = choose c from pool label "{c.value / (c.value - c.value)}" prompt "take"
    """)})
    s = Scenario(g, 1)
    d = s.run(g.procedures["t"], me=s.p(1))
    with pytest.raises(RuntimeContentError, match="division by zero") as e:
        d.labels()
    assert e.value.place is not None and e.value.place.line > 1 and e.value.place.path.endswith("game.yaml")


def test_an_ask_label_that_fails_is_placed_at_its_option(tmp_path):
    """The labels of an `ask` are made by one function, when read; a failure names the option's own line."""
    g = game_with(tmp_path, {"t": ([], """
        ask "What now?" {
          "Wait" { say("wait") }
          "Take {me.coins / (me.coins - me.coins)}" { say("take") }
        }
    """)})
    s = Scenario(g, 1)
    d = s.call("t", me=s.p(1))
    with pytest.raises(RuntimeContentError, match="division by zero") as e:
        d.labels()
    lines = (tmp_path / "game.yaml").read_text().splitlines()
    assert e.value.place.path.endswith("game.yaml") and "Take {me.coins / (me.coins - me.coins)}" in lines[e.value.place.line - 1]


@pytest.mark.parametrize("body", ['ask { "A" { } "B" { } }', "let xs = choose any c from box"])
def test_an_ask_or_a_choice_with_nobody_to_decide_it_is_a_content_error(tmp_path, body):
    """Where `me` is none and no `by` names who decides: written in the setup, refused by the checker; in a
    procedure the setup calls (whose `me` is the setup's, none), a content error at its place in play, as for
    `choose one`, not a Python error in whatever drives the match."""
    text = MINI_GAME.replace("setup: |\n  move(box, deck)", "setup: |\n  " + body + "\n  move(box, deck)")
    with pytest.raises(ContentError, match="a choice here needs `by`"):
        load_game(write_game(tmp_path / "setup", {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    text = MINI_GAME.replace("procedures:\n", "procedures:\n  pick:\n    do: " + body + "\n", 1).replace(
        "setup: |\n  move(box, deck)", "setup: |\n  pick()\n  move(box, deck)")
    game = load_game(write_game(tmp_path / "procedure", {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    with pytest.raises(RuntimeContentError, match="nobody to decide") as e:
        Match(game, 2, 1)
    assert e.value.place is not None and e.value.place.path.endswith("game.yaml")


def test_choose_from_nothing_gives_none(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        let c = choose c from pool
        if c == none { say("none") }
    """)})
    s = Scenario(g, 1)
    s.call("t", me=s.p(1))
    assert s.lines() == ["none"]


def test_ask_offers_only_options_whose_guard_holds(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        ask "What now?" {
          "Rich" when me.coins >= 5 { say("rich") }
          "Poor" when me.coins < 5 { say("poor") }
          "Wait" { say("wait") }
        }
    """)})
    s = Scenario(g, 1)
    d = s.call("t", me=s.p(1))
    assert d.labels() == ["Poor", "Wait"]
    s.answer("Wait")
    assert s.lines() == ["  Ann: Wait", "wait"]


def test_endless_loop_is_a_content_error_with_its_place(tmp_path):
    g = game_with(tmp_path, {"t": ([], "while true { level += 0 }")})
    s = Scenario(g, 1)
    with pytest.raises(RuntimeContentError) as e:
        s.call("t")
    # the step budget, or on a slow machine first the time allowed between two decisions: either stops it
    assert ("step budget" in str(e.value) or "without a decision" in str(e.value)) and e.value.place is not None
    assert e.value.place.path.endswith("game.yaml") and e.value.place.line > 1


def test_runtime_type_error_names_its_place(tmp_path):
    g = game_with(tmp_path, {"t": ([], 'let x = 1\nlet y = x - "a"')})
    s = Scenario(g, 1)
    with pytest.raises(RuntimeContentError) as e:
        s.call("t")
    assert e.value.place is not None and e.value.place.path.endswith("game.yaml")


def test_templates_filters_and_functions(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let reds = pool where it.colour == "red"
        say("{count(reds)} red, total {sum(pool, it.value)}, {distinct(pool, it.colour)} colours")
        say("worth {first(pool where it.id == \\"blue_two\\").worth}")
        say("{each c in pool where c.value == 2}")
    """)})
    s = Scenario(g, 1)
    s.call("t", me=s.p(1))
    assert s.lines() == ["2 red, total 4, 2 colours", "worth 20", "Blue Two"]


def test_group_and_best_disjoint(tmp_path):
    """`group` keeps the keys' first order and the items' order; `best_disjoint` takes the most valuable
    candidates sharing no item, the first such choice on a tie (1-2 and 3-4 before 2-3 and 1-4, both 10)."""
    g = game_with(tmp_path, {"t": ([], """
        let g = group([3, 1, 4, 1, 5, 9, 2, 6], it % 2)
        say("{count(g)} groups: {sum(g[0], it)} ({g[0][0]} first), {sum(g[1], it)} ({g[1][0]} first)")
        let b = best_disjoint([[1, 2], [2, 3], [3, 4], [1, 4], [0]], sum(it, it))
        say("{count(b)} taken: {b[0][0]}-{b[0][1]}, {b[1][0]}-{b[1][1]}")
        say("{count(best_disjoint([[0], [5, 6], [6, 7, 8]], sum(it, it)))} taken")
    """)})
    s = Scenario(g, 1)
    s.call("t", me=s.p(1))
    assert s.lines() == ["2 groups: 19 (3 first), 12 (4 first)", "2 taken: 1-2, 3-4", "1 taken"]


def test_run_a_card_hook(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        move(box, me.hand)
        for c in me.hand { run(c, "use") }
    """)})
    s = Scenario(g, 1)
    s.call("t", me=s.p(1))
    assert s.p(1).counters["coins"] == 5  # only blue_two has a `use` effect


def test_a_whole_match_of_the_mini_game(mini):
    m = Match(load_game(mini), 2, seed=4)
    while not m.over:
        m.choose(0)
    assert m.result.reason == "the deck is empty" and m.result.winner in (1, 2)
    assert sum(m.result.scores.values()) == 4


def test_same_seed_same_match(mini):
    g = load_game(mini)

    def play(seed):
        m = Match(g, 3, seed=seed)
        while not m.over:
            m.choose(len(m.pending.options) - 1)
        return m.lines

    assert play(1) == play(1)


def test_values_with_card_and_timed_modifiers(tmp_path):
    text = MINI_GAME.replace("hand: {visibility: owner}", "hand: {visibility: owner, active: true}").replace(
        "events:\n", "events:\n  turn_end: []\n") + textwrap.dedent("""
        values:
          price:
            params: [card, player]
            expr: card.value * 3
            min: 0
        """)
    text = text.replace("procedures:\n", textwrap.dedent("""\
        procedures:
          t:
            do: |
              move(first(box where it.id == "blue_two"), me.hand)
              let r = first(box where it.id == "red_one")
              say("{price(r, me)} {price(r, me.left)}")
              modify("price", times=2, player=me, until="turn_end")
              say("{price(r, me)} {price(r, me.left)}")
              emit("turn_end")
              say("{price(r, me)}")
        """))
    cards = MINI_CARDS + '  modifiers:\n    - {value: price, add: -1, when: "player == owner"}\n'
    g = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": cards}))
    s = Scenario(g, 2)
    s.call("t", me=s.p(1))
    # blue_two in Ann's hand: -1 for Ann only; then x2 for Ann until turn_end (times before adds)
    assert s.lines() == ["2 3", "5 3", "2"]


def test_modify_an_unknown_value_is_a_content_error(tmp_path):
    from interpreter import ContentError
    text = MINI_GAME.replace("    do: p.coins += n", '    do: modify("prize", add=1)')
    with pytest.raises(ContentError, match="unknown value `prize`"):
        load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))


@pytest.mark.parametrize("procedures", [{"t": ([], "t()")}, {"t": ([], "u()"), "u": ([], "let x = 1\nt()")}],
                         ids=["itself", "through another"])
def test_endless_recursion_is_a_content_error_with_its_place(tmp_path, procedures):
    """Procedures that may call themselves count their nesting (the others need not: it is bounded)."""
    g = game_with(tmp_path, procedures)
    s = Scenario(g, 1)
    with pytest.raises(RuntimeContentError) as e:
        s.call("t")
    assert re.search(r"procedure `[tu]` runs inside itself more than \d+ deep", str(e.value))
    assert e.value.place.path.endswith("game.yaml")


def test_a_procedure_called_back_by_the_handler_of_an_event_it_fires_counts_its_nesting(tmp_path):
    """`t` fires `lap`, whose handler calls `t` again: it nests without end as a procedure calling itself does,
    and is stopped the same way, at its place."""
    text = MINI_GAME.replace("  lap: |\n    player.laps += 1", "  lap: |\n    t()")
    text = text.replace("procedures:\n", 'procedures:\n  t:\n    do: emit("lap", player=me)\n', 1)
    s = Scenario(load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})), 1)
    with pytest.raises(RuntimeContentError) as e:
        s.call("t")
    assert re.search(r"procedure `[tu]` runs inside itself more than \d+ deep", str(e.value))
    assert e.value.place.path.endswith("game.yaml")


def test_only_procedures_that_may_run_inside_themselves_count_their_nesting(tmp_path):
    """Counting costs every call: a procedure that fires events nobody's handler or card calls it back from, or
    that asks a decision, runs without the count (its nesting is bounded); one that may call itself counts."""
    cards = MINI_CARDS.replace("kind: token", 'kind: token\n  use: bump(owner)', 1)
    g = game_with(tmp_path, {
        "fires": ([], 'me.wheel += 4\nemit("lap", player=me)'),  # lap's handler calls nothing
        "asks": ([], 'let c = choose c from box by me prompt "?"'),
        "bump": (["p"], "p.wheel += 4"),  # fires, and a card's text calls it
        "loops": (["n"], "if n > 0 { loops(n - 1) }"),
    })
    g2 = load_game(write_game(tmp_path / "with-card", {"game.yaml": (tmp_path / "game.yaml").read_text(),
                                                      "cards/t.yaml": cards}))
    counts = {k: "_depth" in f.__code__.co_names for k, f in g2.procedures.items()}
    assert counts == {"gain": False, "fires": False, "asks": False, "bump": True, "loops": True}
    assert "_depth" not in g.procedures["bump"].__code__.co_names  # no card calls it in the first game


def test_a_parameter_given_a_zone_at_every_call_is_read_as_one(tmp_path):
    """`deal(dest)` is given a zone at every call: its `draw(deck, dest)` of one card is written out (no call of the
    verb) and does what the verb does: the top card moves, an empty deck gives nothing."""
    g = game_with(tmp_path, {
        "deal": (["dest"], "draw(deck, dest)"),
        "t": ([], "move(box, deck)\nrepeat 2 { deal(pool) }\ndeal(me.hand)\nrepeat 5 { deal(me.hand) }"),
    })
    assert "V_draw" not in g.procedures["deal"].__code__.co_names
    s = Scenario(g, 1)
    top = [p.uid for p in reversed(s.zone("box").items)]
    s.call("t", me=s.p(1))
    assert [p.uid for p in s.zone("pool").items] == top[:2] and [p.uid for p in s.p(1).zones["hand"].items] == top[2:]
    assert not s.zone("deck").items and all(p.zone is s.p(1).zones["hand"] for p in s.p(1).zones["hand"].items)
    g = game_with(tmp_path / "not-always", {"deal": (["dest"], "draw(deck, dest)"), "t": ([], "deal(pool)\ndeal(3)")})
    assert "V_draw" in g.procedures["deal"].__code__.co_names  # given a number once: the verb checks
    with pytest.raises(RuntimeContentError, match="zone"):
        Scenario(g, 1).call("t")


def test_the_left_and_right_of_a_player_are_read_in_place(tmp_path):
    """`p.left` and `p.right` of a player for sure are players, read in place (no general getter) whatever
    the expression `p` is: `first_player().right` as well as a local name's."""
    g = game_with(tmp_path, {
        "give": (["p"], "p.coins += 1"),
        "t": ([], 'give(me.left)\ngive(first_player().right.left.left)\nsay("{first_player().right.name} {me.left.coins}")'),
    })
    assert "G" not in g.procedures["t"].__code__.co_names and "Player" not in g.procedures["give"].__code__.co_names
    s = Scenario(g, 3)
    s.call("t", me=s.p(1))
    assert [p.counters["coins"] for p in s.match.players] == [0, 2, 0] and s.lines() == ["Cleo 2"]


def test_positions_in_a_zone_and_copying_an_expression(tmp_path):
    g = game_with(tmp_path, {"t": ([], """
        move(box, me.hand)
        let b = first(me.hand where it.id == "blue_two")
        say("{position(b)} {at(me.hand, 1).name} {at(me.hand, 9)} {value_of(b, \\"worth\\", me.left)}")
    """)})
    s = Scenario(g, 2)
    s.call("t", me=s.p(1))
    assert s.lines() == ["3 Red One none 20"]


def test_a_view_hides_hidden_zones_and_other_hands(tmp_path):
    g = game_with(tmp_path, {"t": ([], "move(first(box), me.hand)\nmove(box, deck)")})
    s = Scenario(g, 2)
    s.call("t", me=s.p(1))
    mine, theirs = s.match.view(1), s.match.view(2)
    assert mine["players"][0]["zones"]["hand"]["cards"][0]["id"] == "red_one"
    assert "cards" not in theirs["players"][0]["zones"]["hand"] and theirs["players"][0]["zones"]["hand"]["count"] == 1
    assert "cards" not in mine["zones"]["deck"] and mine["zones"]["deck"]["count"] == 2
    import json
    json.dumps(mine)  # plain data


def test_finish_runs_once_after_the_last_round_and_ending_tells(tmp_path):
    text = MINI_GAME.replace("score: me.coins", 'score: me.coins\nfinish: |\n  say("finished: {ending()}")\n  for p in players { p.coins += 1 }\n')
    text = text.replace('      if deck.size == 0 { trigger_end("the deck is empty") }',
                        '      say("ending {ending()}")\n      if deck.size == 0 { trigger_end("the deck is empty") }')
    m = Match(load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})), 2, seed=1)
    while not m.over:
        m.choose(0)
    assert m.lines[-1] == "finished: yes" and "ending no" in m.lines
    assert sum(m.result.scores.values()) == 6


def test_a_var_naming_a_hidden_card_does_not_reveal_it(tmp_path):
    text = MINI_GAME.replace("  alarms: []", "  alarms: []\n  secret: none").replace(
        "procedures:\n", "procedures:\n  t:\n    do: |\n      move(box, deck)\n      secret = top(deck)\n")
    g = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    s = Scenario(g, 2)
    s.call("t", me=s.p(1))
    assert s.match.view(1)["vars"]["secret"] == {"card": "(hidden)"}
    s.match.place(s.match.vars["secret"], s.match.zones["pool"])
    assert s.match.view(1)["vars"]["secret"]["card"] in ("Red One", "Blue Two")


@pytest.mark.parametrize("body,message", [
    ('repeat 20000 { modify("price", add=1) }', "more than 10000 modifiers"),
    ('repeat 20 { modify("price", times=1000) }\nsay("{price(first(box), me)}")', "out of bounds"),
])
def test_modifiers_have_bounds(tmp_path, body, message):
    """Hostile content: modifiers piling up without end, or multiplying a value past the numbers' bounds."""
    text = MINI_GAME + textwrap.dedent("""
        values:
          price:
            params: [card, player]
            expr: card.value * 3
        """)
    text = text.replace("procedures:\n", "procedures:\n  t:\n    do: |\n"
                        + textwrap.indent(body, "      ") + "\n")
    g = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    s = Scenario(g, 2)
    with pytest.raises(RuntimeContentError) as e:
        s.call("t", me=s.p(1))
    assert message in str(e.value) and e.value.place is not None


@pytest.mark.parametrize("game_text,body,where", [
    (MINI_GAME.replace("  lap: |\n    player.laps += 1", '  lap: |\n    emit("lap", player=player)'),
     'emit("lap", player=me)', "game.yaml"),
    (MINI_GAME.replace("  lap: |\n    player.laps += 1", "  lap: |\n    player.wheel += 4"), "me.wheel += 4", "game.yaml"),
    (MINI_GAME, 'run(first(box), "use", player=me)', "t.yaml"),
])
def test_effects_that_trigger_themselves_without_end_are_a_placed_content_error(tmp_path, game_text, body, where):
    """An event whose handler fires it again, a track whose wrap handler wraps it again, a card effect that
    runs itself: not procedures (those count their depth), yet a content error at the looping line."""
    cards = MINI_CARDS.replace("kind: token", 'kind: token\n  use: run(this, "use")', 1)
    text = game_text.replace("procedures:\n", f"procedures:\n  t:\n    do: {body}\n", 1)
    g = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": cards}))
    s = Scenario(g, 2)
    with pytest.raises(RuntimeContentError) as e:
        s.call("t", me=s.p(1))
    assert "nested without end" in str(e.value)
    assert e.value.place is not None and e.value.place.path.endswith(where) and e.value.place.line > 1


MENU = '''        ask by p "coins?" {
          "Take a coin (you have {p.coins})" { p.coins += 1 }
          "Pass" { }
        }
'''


def test_a_menu_label_shows_the_position_when_it_was_asked(tmp_path):
    """Labels are built when first read (a bot in a simulation reads none): the log reads them before the
    match goes on, so it keeps the label the player saw, not one built after the answer."""
    import json

    from interpreter.sim.run import play, seat_agents
    anchor = "        let c = choose c from deck"
    text = MINI_GAME.replace(anchor, MENU + anchor)
    g = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    log = tmp_path / "m.jsonl"
    play(g, 2, 3, {}, seat_agents(2, "all", 3), log_path=str(log), narrate=False)
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()[1:-1]]
    replay = Match(g, 2, seed=3)
    seen = []
    for line in lines:
        seen.append(replay.pending.labels()[line["choice"]])
        replay.choose(line["choice"])
    assert [x["label"] for x in lines] == seen
    took = [x["label"] for x in lines if x["label"].startswith("Take a coin")]
    assert took and any(x != "Take a coin (you have 0)" for x in took)


def test_what_a_condition_holds_false_and_what_and_or_give(tmp_path):
    """false, none, 0, "" and an empty list or zone are false in a condition; and/or/not give true or false."""
    g = game_with(tmp_path, {"t": ([], """
        let seen = []
        for x in [false, none, 0, "", [], me.hand, true, 1, "a", [0], pool] {
            if x { seen += ["T"] } else { seen += ["F"] }
        }
        let kept = [me.hand, pool] where it
        say("{seen} {count(kept)} {pool and 1} {me.hand or 0} {not pool} {1 if me.hand else 2}")
    """)})
    s = Scenario(g, 2)
    s.put("red_one", s.zone("pool"))
    s.call("t", me=s.p(1))
    assert s.match.lines[-1] == "F, F, F, F, F, F, T, T, T, T, T 1 yes no no 2"


def test_a_variable_over_a_zone_holds_its_cards_until_bound_again(tmp_path):
    """The compiler reads a card's fields without testing its type where a variable goes over a zone's
    items; a loop whose body binds the variable to something else, and the variable after its loop, are
    read by the general rule."""
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let out = []
        for c in pool { out += [c.name] }
        for c in pool {
            c = me
            out += [c.name]
        }
        out += [c.name]
        out += [count(pool where it.colour == "red"), sum(pool, it.value)]
        out += [first(each c in pool where c.value == 2).name]
        say("{out}")
    """)})
    s = Scenario(g, 1)
    s.call("t", me=s.p(1))
    names = [p.card.name for p in s.zone("pool").items]
    assert s.lines() == [", ".join(names + ["Ann"] * len(names) + ["Ann", "2", "4", "Blue Two"])]


def _tests_types(fn) -> bool:
    """Whether a compiled body tests the type of anything it reads (the general rule)."""
    return "Player" in fn.__code__.co_names or "Piece" in fn.__code__.co_names


def test_a_parameter_given_players_at_every_call_holds_a_player(tmp_path):
    """A procedure's parameter that every call in the content gives a player (from `players`, `rivals`,
    `first_player()`, a list of them, or a caller's own such parameter) is read with no test of its type;
    given a card at one call, or bound again in the body, it is read by the general rule, and both work."""
    g = game_with(tmp_path, {
        "t": ([], """
            for p in players { tally(p, 1) }
            tally(first_player(), 2)
            let a = first_player()
            for q in [a, a.left] { relay(q) }
            move(box, pool)
            show(a)
            for c in pool where it.value == 2 { show(c) }
            again(a)
        """),
        "relay": (["p"], "tally(p, 3)"),
        "tally": (["p", "n"], 'p.coins += n\nsay("{p.name} {p.coins}")'),
        "show": (["x"], 'say("shown {x.name}")'),
        "again": (["p"], 'p = p.coins\nsay("again {p}")'),
    })
    typed = {k: not _tests_types(g.procedures[k]) for k in ("relay", "tally", "show", "again")}
    assert typed == {"relay": True, "tally": True, "show": False, "again": False}
    s = Scenario(g, 2)
    s.call("t", me=s.p(1))
    assert s.lines() == ["Ann 1", "Ben 1", "Ann 3", "Ann 6", "Ben 4", "shown Ann", "shown Blue Two", "again 6"]


def test_what_a_function_gives_types_what_reads_it(tmp_path):
    """A function whose expression gives cards for sure (`where` over a zone) types the variables that go over
    its result, and one giving a zone has its size read in place; a player's zone reached through `me` needs
    no test either; a function that may give anything (here, a card or a player) leaves its readers to the
    general rule. All read right."""
    extra = ("functions:\n"
             "  reds:\n    params: [p]\n    expr: p.hand where it.colour == \"red\"\n"
             "  hand_of:\n    params: [p]\n    expr: p.hand\n"
             "  either:\n    params: [p]\n    expr: 'first(p.hand) if p.coins > 0 else p'\n")
    g = game_with(tmp_path, {
        "t": ([], """
            move(box, me.hand)
            say("{sum(reds(me), it.value)} {count(me.hand)} {hand_of(me).size}")
            shown(me)
            other(me)
        """),
        "shown": (["p"], 'for c in reds(p) { say(c.name) }'),
        "other": (["p"], 'let x = either(p)\nsay("{x.name}")'),
    }, extra)
    assert not _tests_types(g.procedures["t"]) and not _tests_types(g.procedures["shown"])
    assert "G" not in g.procedures["t"].__code__.co_names  # (the general getter)
    assert _tests_types(g.procedures["other"])
    s = Scenario(g, 1)
    s.call("t", me=s.p(1))
    assert s.lines() == ["2 3 3", "Red One", "Red One", "Ann"]


@pytest.mark.parametrize("write,message", [
    # c.value = "x", or through a `let`: found by the checker; an item of a list is known only in play
    ('let t = ["x"][0]\nc.value = t', "field `value` holds a number, not a string"),
    ("c.value = none", "field `value` holds a number, not none"),
    ("c.value += [1]", "`+` adds two numbers, two strings or two lists, not a number and a list"),
])
def test_a_card_field_keeps_the_type_its_kind_declares(tmp_path, write, message):
    """Compiled code reads a field that every kind declares a number (or a list, a card, a player) trusting
    its type, so a write of anything else is a content error at its place; a write of the type is kept."""
    g = game_with(tmp_path, {
        "ok": ([], "move(box, pool)\nlet c = top(pool)\nc.value = 7\nc.value += 1\nsay(\"{c.value}\")"),
        "bad": ([], f"move(box, pool)\nlet c = top(pool)\n{write}"),
    })
    s = Scenario(g, 1)
    s.call("ok")
    assert s.lines() == ["8"]
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("bad")
    assert message in str(e.value) and e.value.place is not None and e.value.place.path.endswith("game.yaml")


def test_a_card_read_for_a_field_it_lacks_is_a_content_error_at_its_place(tmp_path):
    """A card known to be one (here, an item of a zone) is read with no test of its fields; a card without
    the field read is a content error placed at the reading line, as through the general rule."""
    extra = "\n".join(["", "  coin:", "    fields: {weight: int}"])
    text = MINI_GAME.replace("    expressions: [worth]\n", "    expressions: [worth]\n" + extra.lstrip("\n") + "\n")
    text = text.replace("procedures:\n", "procedures:\n  t:\n    do: |\n      move(box, pool)\n"
                        "      say(\"{sum(pool, it.weight)}\")\n")
    g = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    with pytest.raises(RuntimeContentError) as e:
        Scenario(g, 1).call("t")
    assert "has no field `weight`" in str(e.value)
    assert e.value.place is not None and e.value.place.line == text.lstrip("\n").splitlines().index('      say("{sum(pool, it.weight)}")') + 1



def test_a_card_that_may_be_none_read_when_none_is_a_content_error_at_its_place(tmp_path):
    """`top(zone)`, `first(...)` or a choice hold a card or none: read as a card with no test of its type,
    none is a content error placed at the reading line, as through the general rule."""
    g = game_with(tmp_path, {"t": ([], """
        let c = top(pool)
        say("{c.value}")
    """)})
    s = Scenario(g, 1)
    with pytest.raises(RuntimeContentError) as e:
        s.call("t")
    assert "`none` has no field" in str(e.value) and e.value.place is not None and e.value.place.line > 0
    s.put("blue_two", s.zone("pool"))
    s.call("t")
    assert s.lines() == ["2"]


def test_a_choice_inside_a_handler_inside_a_procedure_waits_and_the_whole_chain_goes_on(tmp_path):
    """A track's wrap fires `lap`, whose handler calls a procedure that asks: the match waits there, three
    bodies deep, and after the answer each body finishes what follows its call, in order."""
    text = MINI_GAME.replace("  lap: |\n    player.laps += 1",
                             "  lap: |\n    pick(player)\n    player.laps += 1")
    text = text.replace("procedures:\n", "procedures:\n"
                        "  pick:\n    params: [p]\n    do: |\n"
                        "      let c = choose c from deck by p prompt \"lap prize\"\n      move(c, p.hand)\n"
                        "  t:\n    do: |\n      move(box, deck)\n      me.wheel += 4\n      me.coins += 1\n", 1)
    s = Scenario(load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})), 1)
    d = s.call("t", me=s.p(1))
    assert d.prompt == "lap prize" and s.p(1).vars["laps"] == 0 and s.p(1).counters["coins"] == 0
    s.answer("Blue Two")
    assert s.ids(s.p(1).zones["hand"]) == ["blue_two"]
    assert s.p(1).vars["laps"] == 1 and s.p(1).counters["coins"] == 1 and s.match.pending is None


def test_a_waiting_match_is_answered_on_the_thread_that_started_it(mini):
    import threading
    m = Match(load_game(mini), 2, seed=1)
    assert m.pending is not None
    seen = []

    def other():
        try:
            m.choose(0)
        except Exception as e:  # noqa: BLE001 - the error is what the test looks at
            seen.append(e)
    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert "thread that started it" in str(seen[0]) and m.choices == []  # refused before anything is recorded
    m.choose(0)  # on its own thread, the match goes on
    assert m.choices == [0] and m.pending is not None


def test_the_strings_a_match_reads_are_interned_as_the_compiled_names_are(mini):
    """A field's key and a text value are the very objects the compiled code names (`c.f['colour']`,
    `== 'red'`): a read and a comparison are settled by identity (loader.yaml_source.plain_value)."""
    import sys
    m = Match(load_game(mini), 2, seed=1, options={})
    piece = m.zones["deck"].items[0]
    for key, value in piece.f.items():
        assert sys.intern(key) is key
        if isinstance(value, str):
            assert sys.intern(value) is value
    assert all(sys.intern(n) is n for n in m.zones) and all(sys.intern(n) is n for n in m.players[0].counters)
    assert sys.intern(piece.card.kind) is piece.card.kind


def test_a_where_a_sum_and_a_count_evaluated_first_give_what_they_gave_as_expressions(tmp_path):
    """A `where`, a sum of a number field or a `count(...) > 0` that its statement evaluates first is computed
    by a loop written before the statement (compiler._hoisted): the same values, a fresh list each time, the
    old list still read by a `where` that rebinds it, an `elif` still evaluated only when reached, and a
    test for any stops at the first card found without stopping the loop it is in."""
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let xs = pool where it.value > 0
        let xs = xs where count(xs) == 3 and it.colour == "red"
        say("reds {count(xs)}, sum {sum(pool, it.value)}")
        for c in pool {
          let same = pool where it.colour == c.colour
          if count(pool where it.value > c.value) > 0 {
            say("{c.name}: {count(same)} alike, beaten")
          } elif count(pool where it.value > 5) > 0 { say("never") } else { say("{c.name}: {count(same)} alike, best") }
        }
        let total = sum(pool where it.colour == "red", it.value)
        say("red total {total}")
        let braced = pool where it.name != "\\{x\\} \\{r\\}" and it.name != "\\}\\{"
        if count(pool where it.name == "\\{r\\}") > 0 { say("never") }
        say("{count(braced)} without braces")
    """)})
    s = Scenario(g, 1)
    s.call("t", me=s.p(1))
    assert s.lines() == ["reds 2, sum 4", "Red One: 2 alike, beaten", "Red One: 2 alike, beaten",
                         "Blue Two: 1 alike, best", "red total 2", "3 without braces"]


def test_a_field_written_in_one_match_is_the_pieces_own(tmp_path):
    """Pieces read their card's fields until a write gives the piece its own copy (state.own_fields): the
    card, the other pieces of it and the next match keep the printed value."""
    g = game_with(tmp_path, {"t": ([], """
        move(box, pool)
        let c = first(pool where it.id == "red_one")
        c.value = 9
        c.value += 1
        say("{sum(pool, it.value)}")
    """)})
    s = Scenario(g, 1)
    s.call("t")
    assert s.lines() == ["13"]  # 10 + 1 + 2: the other Red One keeps its 1
    card = next(c for c in g.cards.values() if c.id == "red_one")
    assert card.fields["value"] == 1
    again = Scenario(g, 1)
    assert sorted(p.f["value"] for p in again.match.zones["box"].items) == [1, 1, 2]


# ---- syntax: lark's parser, with the places and words of the mistakes authors make
def _syntax_error(text: str):
    from interpreter.dsl.parser import Origin, parse
    from interpreter.errors import ContentError, Place
    with pytest.raises(ContentError) as e:
        parse(text, Origin(Place("t.yaml", 4, 9)))
    (d,) = e.value.diagnostics
    assert d.code == "E-DSL-SYNTAX"
    return d


@pytest.mark.parametrize("text, at, hint", [
    ("if x { a() } else if y { b() }", (4, 9 + 18), "`elif`"),  # at the `if` after `else`
    ("if x { a() }\nelse { b() }", (5, 1), "on the line of the `}`"),  # a line of its own: no indent known
    ("if x { a() }\nelif y { b() }", (5, 1), "on the line of the `}`"),
    ("if me.coins = 3 { a() }", (4, 9 + 12), "`==`"),
    ("while x = 1 { a() }", (4, 9 + 8), "`==`"),
    ("me.coins++", (4, 9 + 9), "`x += 1`"),
    ("if a && b { c() }", (4, 9 + 5), "`and`"),
    ("if a || b { c() }", (4, 9 + 5), "`or`"),
    ("if !a { c() }", (4, 9 + 3), "`not`"),
    ("say('hi')", (4, 9 + 4), "double quotes"),
    ("if a: b()", (4, 9 + 4), "braces"),
])
def test_a_syntax_mistake_authors_make_is_placed_and_named(text, at, hint):
    d = _syntax_error(text)
    assert (d.place.line, d.place.col) == at and hint in d.hint, d.full_message()


@pytest.mark.parametrize("text", [
    "x = 1\n)",  # an unexpected bracket where a statement begins: not an `else` out of place
    "if x == = 1 { a() }",  # `=` where a value is expected: not a comparison written `=`
    "a b",
])
def test_a_syntax_mistake_of_no_known_kind_has_no_hint(text):
    d = _syntax_error(text)
    assert d.hint == "" and d.message.startswith("unexpected"), d.full_message()


def test_every_statement_and_expression_is_placed_where_its_text_begins():
    from interpreter.dsl import ast as A
    from interpreter.dsl.parser import Origin, parse
    from interpreter.errors import Place
    text = 'let n = (a + 1) * 2\nif not x { say("{n}") } elif y { return -n }\nfor c in [1, 2] { n += c }'
    stmts = parse(text, Origin(Place("t.yaml", 1, 1)))
    let, if_, for_ = stmts
    assert (let.line, let.col) == (1, 1) and (let.value.line, let.value.col) == (1, 10)  # an operation: at its left
    assert (if_.line, if_.col) == (2, 1)
    test, body = if_.branches[0]
    assert isinstance(test, A.Not) and (test.line, test.col) == (2, 4)
    hole = body[0].expr.args[0]
    assert isinstance(hole, A.Template) and (hole.parts[0].line, hole.parts[0].col) == (2, 18)  # where `n` stands
    ret = if_.branches[1][1][0]
    assert isinstance(ret, A.Return) and (ret.line, ret.col) == (2, 34) and (ret.value.line, ret.value.col) == (2, 41)
    assert (for_.line, for_.col) == (3, 1) and (for_.items.line, for_.items.col) == (3, 10)



# ---- calls of builtin verbs, checked against their signatures in the registry (interpreter/runtime/verbs.py)
def _call_error(tmp_path, call: str, extra: str = ""):
    """The one diagnostic of the mini game whose procedure `gain` makes `call`, and the column of the call."""
    from interpreter import ContentError
    text = MINI_GAME.replace("    do: p.coins += n", f"    do: {call}") + extra
    with pytest.raises(ContentError) as e:
        load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    (d,) = [d for d in e.value.diagnostics if d.severity == "error"]
    line = text.lstrip("\n").splitlines().index(f"    do: {call}") + 1
    return d, line


_PRICE = "\nvalues:\n  price:\n    params: [player]\n    expr: 3\n"


@pytest.mark.parametrize("call, code, message, at", [
    ('modify("price", add=1, until="round_ends")', "E-UNKNOWN-EVENT", "unknown event `round_ends`", 'until="'),
    ('modify("prize", add=1)', "E-UNKNOWN-NAME", "unknown value `prize`", '"prize"'),
    ('emit("lapp", player=p)', "E-UNKNOWN-EVENT", "unknown event `lapp`", '"lapp"'),
    ('say(option("mdoe"))', "E-UNKNOWN-NAME", "unknown option `mdoe`", '"mdoe"'),
    ('say(value_of(top(deck), "use", p))', "E-UNKNOWN-NAME", "no card kind has an expression hook `use`", '"use"'),
    ('run(top(deck), "worth")', "E-TYPE", "`worth` is an expression hook, not an effect hook", '"worth"'),
    ('run(top(deck), "wrth")', "E-UNKNOWN-NAME", "no card kind has a hook `wrth`", '"wrth"'),
    ('end_game("over", winner="Ann")', "E-TYPE", "`end_game` wants a player here, not a string", '"Ann"'),
    ('say(roll("3"))', "E-TYPE", "`roll` wants a number here, not a string", '"3"'),
    ("shuffle(3)", "E-TYPE", "`shuffle` wants a zone here, not a number", "3"),
    ("move(top(deck), n * 2)", "E-TYPE", "`move` wants a zone here, not a number", "n * 2"),
    ("say(rivals(deck))", "E-TYPE", "`rivals` wants a player here, not a zone", "deck)"),
])
def test_a_call_of_a_verb_is_checked_against_its_signature_at_the_argument(tmp_path, call, code, message, at):
    """What the registry declares of each parameter (its type; the event, value, option or hook a text names)
    is checked where the call is written, and placed at the argument."""
    d, line = _call_error(tmp_path, call, _PRICE)
    assert d.code == code and d.message == message, d.full_message()
    col = call.index(at) + (len('until="') - 1 if at.startswith("until=") else 0)
    assert (d.place.line, d.place.col) == (line, len("    do: ") + col + 1)


@pytest.mark.parametrize("call", [
    'modify("price", add=1, until="lap")', 'emit("lap", player=p)', 'say(value_of(top(deck), "worth", p))',
    'run(top(deck), "use")', 'end_game("over", winner=p)', "say(roll(n))", "shuffle(deck)", "move(top(deck), p.hand)",
    'say(has(top(deck), "worth"))', 'move(top(deck), deck, at="bottom")',
])
def test_a_call_that_keeps_to_its_signature_loads(tmp_path, call):
    text = MINI_GAME.replace("    do: p.coins += n", f"    do: {call}") + _PRICE
    load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
