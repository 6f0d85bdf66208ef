"""Bad content: every kind of mistake is reported with its message, file, line and column; never a traceback."""
from __future__ import annotations

import json

import pytest

from interpreter import ContentError, load_game
from interpreter.cli.main import main
from tests.conftest import MINI_CARDS, MINI_GAME, write_game


def line_of(text: str, needle: str) -> int:
    """The 1-based line of `needle` in a file written by write_game."""
    return text.lstrip("\n").splitlines().index(needle) + 1


def errors_of(folder):
    with pytest.raises(ContentError) as e:
        load_game(folder)
    return e.value.diagnostics


def one(diags, code):
    found = [d for d in diags if d.code == code]
    assert found, f"no {code} among {[str(d) for d in diags]}"
    return found[0]


def test_valid_mini_game_loads(mini):
    g = load_game(mini)
    assert g.name == "Mini" and set(g.cards) == {"red_one", "blue_two"}


def test_yaml_syntax_error_has_place(tmp_path):
    folder = write_game(tmp_path, {"game.yaml": MINI_GAME + "broken: [unclosed\n", "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-YAML-SYNTAX")
    assert d.place.path.endswith("game.yaml")
    assert d.place.line == MINI_GAME.count("\n") + 1 or d.place.line > 50


def test_schema_violation_unknown_key_with_hint(tmp_path):
    text = MINI_GAME.replace("players: {min: 1, max: 4}", "players: {min: 1, max: 4}\nplayerz: 3")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-SCHEMA")
    assert "unknown key `playerz`" in d.message and "`player`" in d.hint
    assert (d.place.line, d.place.col) == (4, 1)


def test_schema_violation_wrong_type(tmp_path):
    text = MINI_GAME.replace("max: 4}", "max: four}")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-SCHEMA")
    assert "players.max" in d.message and "a whole number" in d.message and "a string" in d.message
    assert (d.place.line, d.place.col) == (3, 24)


def test_dsl_syntax_error_points_inside_the_block(tmp_path):
    text = MINI_GAME.replace("    player.laps += 1", "    player.laps += ")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-DSL-SYNTAX")
    line_no = line_of(text, "    player.laps += ")
    assert d.place.path.endswith("game.yaml")
    assert d.place.line in (line_no, line_no + 1)


def test_dsl_syntax_error_column_in_a_one_line_card_effect(tmp_path):
    cards = MINI_CARDS.replace("worth: this.value * 10", "worth: this.value * * 10")
    folder = write_game(tmp_path, {"game.yaml": MINI_GAME, "cards/t.yaml": cards})
    d = one(errors_of(folder), "E-DSL-SYNTAX")
    assert d.place.path.endswith("t.yaml")
    assert (d.place.line, d.place.col) == (12, 23)  # the second `*`


def test_unknown_name_with_did_you_mean(tmp_path):
    text = MINI_GAME.replace("move(box, deck)", "move(box, dekc)")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-UNKNOWN-NAME")
    assert "unknown name `dekc`" in d.message and "deck" in d.hint
    line_no = line_of(text, "  move(box, dekc)")
    assert (d.place.line, d.place.col) == (line_no, 13)


def test_unknown_field_with_did_you_mean(tmp_path):
    text = MINI_GAME.replace("gain(p, c.value)", "gain(p, c.valeu)")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-UNKNOWN-FIELD")
    assert "valeu" in d.message and "value" in d.hint


def test_wrong_type_in_a_card_field(tmp_path):
    cards = MINI_CARDS.replace("value: 1", "value: one")
    folder = write_game(tmp_path, {"game.yaml": MINI_GAME, "cards/t.yaml": cards})
    d = one(errors_of(folder), "E-TYPE")
    assert "`value` must be int" in d.message and (d.place.line, d.place.col) == (5, 10)


def test_wrong_enum_value_with_hint(tmp_path):
    cards = MINI_CARDS.replace("colour: blue", "colour: bleu")
    folder = write_game(tmp_path, {"game.yaml": MINI_GAME, "cards/t.yaml": cards})
    d = one(errors_of(folder), "E-TYPE")
    assert "not a colour" in d.message and "blue" in d.hint


def test_wrong_type_a_number_where_a_zone_is_wanted(tmp_path):
    text = MINI_GAME.replace("shuffle(deck)", "shuffle(3)")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-TYPE")
    assert "wants a zone" in d.message and "a number" in d.message


def test_duplicate_card_id(tmp_path):
    cards = MINI_CARDS + "- id: red_one\n  name: Red Again\n  kind: token\n  colour: red\n  value: 3\n"
    folder = write_game(tmp_path, {"game.yaml": MINI_GAME, "cards/t.yaml": cards})
    d = one(errors_of(folder), "E-DUPLICATE-ID")
    assert "duplicate card id `red_one`" in d.message and (d.place.line, d.place.col) == (15, 7)


def test_missing_card_file(tmp_path):
    text = MINI_GAME.replace("cards: [cards/*.yaml]", "cards: [cards/*.yaml, extra/monsters.yaml]")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-MISSING-FILE")
    assert "extra/monsters.yaml" in d.message and (d.place.line, d.place.col) == (4, 23)


def test_missing_game_yaml(tmp_path):
    d = one(errors_of(tmp_path), "E-MISSING-FILE")
    assert d.place.path.endswith("game.yaml")


def test_unknown_key_on_a_card(tmp_path):
    cards = MINI_CARDS.replace("  value: 2\n", "  value: 2\n  valeu: 3\n")
    folder = write_game(tmp_path, {"game.yaml": MINI_GAME, "cards/t.yaml": cards})
    d = one(errors_of(folder), "E-UNKNOWN-FIELD")
    assert "`valeu`" in d.message and "value" in d.hint and d.place.line == 12


def test_arity_of_a_verb_and_a_procedure(tmp_path):
    text = MINI_GAME.replace("gain(p, c.value)", "gain(p)").replace("shuffle(deck)", "shuffle(deck, deck)")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    codes = [d.message for d in errors_of(folder) if d.code == "E-ARITY"]
    assert any("missing argument" in m and "n" in m for m in codes)
    assert any("`shuffle` takes 1" in m for m in codes)


def test_every_error_is_reported_not_only_the_first(tmp_path):
    text = MINI_GAME.replace("move(box, deck)", "move(box, dekc)").replace("gain(p, c.value)", "gian(p, 1)")
    cards = MINI_CARDS.replace("value: 1", "value: one")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": cards})
    codes = sorted(d.code for d in errors_of(folder))
    assert codes.count("E-UNKNOWN-NAME") == 2 and "E-TYPE" in codes


def test_validate_cli_text_json_github(tmp_path, capsys):
    text = MINI_GAME.replace("move(box, deck)", "move(box, dekc)")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "game.yaml:" in out and "unknown name `dekc`" in out and "^" in out
    assert main(["validate", str(folder), "--format", "json"]) == 1
    import json
    data = json.loads(capsys.readouterr().out)
    assert data[0]["file"].endswith("game.yaml") and data[0]["line"] > 1 and data[0]["column"] == 13
    assert main(["validate", str(folder), "--format", "github"]) == 1
    assert capsys.readouterr().out.startswith("::error file=")


def test_validate_cli_on_valid_content_exits_0(mini, capsys):
    assert main(["validate", str(mini)]) == 0


def test_no_traceback_for_a_missing_path(capsys):
    assert main(["validate", "no/such/folder"]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err and "no such file" in captured.out


def test_unused_definitions_are_warnings_and_strict_fails(tmp_path, capsys):
    text = MINI_GAME.replace("procedures:\n", "procedures:\n  unused_one:\n    do: say(\"never\")\n").replace(
        "events:\n", "events:\n  silence: []\n")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    warnings = []
    load_game(folder, warnings=warnings)
    msgs = sorted(w.message for w in warnings)
    assert msgs == ["event `silence` is never fired", "procedure `unused_one` is never used"]
    assert all(w.severity == "warning" and w.place.line > 1 for w in warnings)
    assert main(["validate", str(folder)]) == 0
    assert "warning" in capsys.readouterr().out
    assert main(["validate", str(folder), "--strict"]) == 1


def test_a_text_that_cannot_be_read_hides_no_use_behind_a_warning(tmp_path, capsys):
    """The only call of `gain` stands in a phase with a syntax error: the error is reported, not a warning that
    `gain` is never used (what the unread text uses is not known). The same game read whole warns of nothing."""
    broken = MINI_GAME.replace("        if c != none {", "        if c != none {{", 1)
    assert broken != MINI_GAME
    folder = write_game(tmp_path / "broken", {"game.yaml": broken, "cards/t.yaml": MINI_CARDS})
    assert main(["validate", str(folder), "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in found] == ["E-DSL-SYNTAX"]
    warnings = []
    load_game(write_game(tmp_path / "whole", {"game.yaml": MINI_GAME, "cards/t.yaml": MINI_CARDS}), warnings=warnings)
    assert warnings == []


def test_a_name_of_a_missing_card_is_refused(tmp_path):
    text = MINI_GAME.replace("move(box, deck)", 'move(box where it.id == "red_two", deck)')
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-UNKNOWN-CARD")
    assert "red_two" in d.message and "red_one" in d.hint


def test_smoke_finds_content_that_parses_but_breaks_in_play(tmp_path, capsys):
    text = MINI_GAME.replace("          gain(p, c.value)", "          gain(p, c.value)\n          let boom = c.value / (c.value - c.value)")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    assert main(["validate", str(folder)]) == 0
    assert main(["validate", str(folder), "--smoke", "2", "--format", "json"]) == 1
    import json
    d = json.loads(capsys.readouterr().out)
    d = [x for x in d if x["code"] == "E-RUNTIME"][0]
    assert "division by zero" in d["message"] and "1 players, seed 0" in d["message"]
    assert d["file"].endswith("game.yaml") and d["line"] == line_of(text, "          let boom = c.value / (c.value - c.value)")


def test_smoke_reads_the_labels_a_player_would_be_shown(tmp_path, capsys):
    """Labels are made only when read (a bot in a simulation reads none); --smoke shows its bots the view a
    player has, pending options and all, so a label that fails is found."""
    text = MINI_GAME.replace('where c.value > 0 by p', 'where c.value > 0 label "{c.name} {c.value / (c.value - c.value)}" by p')
    assert text != MINI_GAME
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    assert main(["validate", str(folder)]) == 0
    assert main(["validate", str(folder), "--smoke", "2", "--format", "json"]) == 1
    import json
    d = [x for x in json.loads(capsys.readouterr().out) if x["code"] == "E-RUNTIME"][0]
    chooses = next(line for line in text.splitlines() if "label" in line)
    assert "division by zero" in d["message"] and d["line"] == line_of(text, chooses)


def test_an_unclosed_bracket_at_the_end_of_a_file_points_where_it_opened(tmp_path, capsys):
    text = MINI_GAME + "broken: [unclosed\n"
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = one(errors_of(folder), "E-YAML-SYNTAX")
    assert (d.place.line, d.place.col) == (line_of(text, "broken: [unclosed"), 9) and "never closed" in d.message
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "    broken: [unclosed\n            ^" in out


def _mini_with(tmp_path, old, new):
    return write_game(tmp_path, {"game.yaml": MINI_GAME.replace(old, new, 1), "cards/t.yaml": MINI_CARDS})


def test_a_winner_that_is_not_a_player_fails_play_and_simulate_at_its_place(tmp_path, capsys):
    """`end_game(winner=...)` given a name: play printed a KeyError traceback, simulate counted no winner."""
    folder = _mini_with(tmp_path, 'trigger_end("the deck is empty")', 'let w = [p.name][0]\n        end_game("over", winner=w)')
    for cmd in (["play", str(folder), "--bots", "all"], ["simulate", str(folder), "--games", "2", "--jobs", "1"]):
        assert main(cmd) == 1
        err = capsys.readouterr().err
        assert "`winner` must be a player, not a string" in err and "game.yaml:53:" in err, err
        assert "Traceback" not in err and "KeyError" not in err


@pytest.mark.parametrize("winner,said", [
    ("§c", "not a card"),  # the card chosen: a card for sure
    ("p.§name", "not a string"),  # (an attribute's mistakes are placed at its name)
    ("§w", "not a string"),  # `let w = p.name` above: a single `let` keeps what it was given
    ("§players", "not a list of players"),
    ("§deck", "not a zone"),
    ("c.§value", "not a number"),  # a field every kind declares a number
    ("p", None),  # a player: the game validates
])
def test_a_verb_given_what_its_signature_does_not_take_is_refused_before_play(tmp_path, winner, said):
    """The registry's signature says `winner: player`; what an argument holds for sure is checked against it,
    placed at the argument (§ in the text)."""
    call = f'          end_game("over", winner={winner})'
    folder = _mini_with(tmp_path, "          gain(p, c.value)", "          let w = p.name\n" + call.replace("§", ""))
    if said is None:
        load_game(folder)
        return
    with pytest.raises(ContentError) as e:
        load_game(folder)
    (d,) = [d for d in e.value.diagnostics if d.severity == "error"]  # and `gain`, no longer called, a warning
    assert d.code == "E-TYPE" and d.message == f"`end_game` wants a player here, {said}"
    assert (d.place.line, d.place.col) == (line_of(MINI_GAME, "          gain(p, c.value)") + 1, call.index("§") + 1)


@pytest.mark.parametrize("calls,fails", [
    ("shout(p)", True),  # every call gives a player: `p.name` is a text, and a text plus 1 fails at every call
    ("shout(p)\n          shout(alarms[0])", False),  # what a var's list holds is known only in play
])
def test_a_procedure_is_checked_with_what_every_call_gives_it(tmp_path, calls, fails):
    text = MINI_GAME.replace("procedures:\n", "procedures:\n  shout:\n    params: [p]\n    do: say(p.name + 1)\n", 1)
    text = text.replace("          gain(p, c.value)", "          gain(p, c.value)\n          " + calls, 1)
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    if not fails:
        load_game(folder)
        return
    with pytest.raises(ContentError) as e:
        load_game(folder)
    (d,) = e.value.diagnostics
    assert d.code == "E-TYPE" and d.message == "a number and a string cannot be added"
    # a sum is placed where its left side is, an attribute at its name
    assert (d.place.line, d.place.col) == (line_of(text, "    do: say(p.name + 1)"), len("    do: say(p.") + 1)


@pytest.mark.parametrize("old,new,said", [
    ('trigger_end("the deck is empty")', 'end_game("over", outcome=["win"][0])',
     'end_game: `outcome` is "won" or "lost", not "win"'),
    ('trigger_end("the deck is empty")', 'end_game("over", outcome="won")',  # the game is not cooperative
     "end_game: `outcome` is for a cooperative game"),
    ("score: me.coins", 'score: "[me.hand][0]"', "the score is a number, not a zone"),
    ("score: me.coins", 'score: me.coins\nranking: ["[top(me.hand)][0]"]', "a ranking key is a number, not"),
    ("  shuffle(deck)", "  shuffle(deck)\n  let s = sort(deck, [it][0])", "sort: the keys are numbers or texts"),
    ("where c.value > 0 by p prompt", "where c.value > 0 by [players][0] prompt",
     "a choice is made by a player, not a list (`by`)"),
    ("          move(c, p.hand)", '          move(c, p.hand, at=["middle"][0])', 'move: `at` is "top" or "bottom"'),
    ("  shuffle(deck)", '  shuffle(deck)\n  repeat [deck][0] { say("again") }', "`repeat` is given a number of times, not a zone"),
    ("  shuffle(deck)", "  shuffle(deck)\n  let r = roll(2, [0][0])", "roll: dice of 0 sides; a die has 1 to 1000 sides"),
    ("  shuffle(deck)", "  shuffle(deck)\n  let r = roll([-1][0])", "roll: -1 dice; from 0 to 100 dice are rolled at once"),
])
def test_what_only_play_knows_is_a_placed_content_error_there(tmp_path, capsys, old, new, said):
    """Each of these validates (an item of a list is known only in play) and fails in play at its line, in the
    language's words, for `play` and `simulate` alike: never an internal error."""
    folder = _mini_with(tmp_path, old, new)
    text = (folder / "game.yaml").read_text()
    assert main(["validate", str(folder)]) == 0
    line = line_of(text, next(x for x in text.splitlines() if new.splitlines()[-1].strip() in x))
    for cmd in (["play", str(folder), "--bots", "all"], ["simulate", str(folder), "--games", "2", "--jobs", "1"]):
        assert main(cmd) == 1
        err = capsys.readouterr().err
        assert said in err and f"game.yaml:{line}:" in err, err
        assert "internal error" not in err and "Traceback" not in err


def test_a_long_chain_of_functions_validates_and_plays(tmp_path, capsys):
    """Finding what each of 300 functions calling one another gives stops at a depth (its types then unknown),
    rather than failing inside the checker."""
    chain = "".join(f"  f{i}:\n    params: [n]\n    expr: f{i + 1}(n) + 1\n" for i in range(300))
    text = MINI_GAME.replace("procedures:\n", "functions:\n" + chain + "  f300:\n    params: [n]\n    expr: n\n"
                             "procedures:\n", 1).replace("score: me.coins", "score: me.coins + f0(1)")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    assert main(["validate", str(folder)]) == 0
    capsys.readouterr()
    from interpreter.testing import Scenario
    s = Scenario(load_game(folder), 1)
    assert s.match.score_of(s.p(1)) == 301  # f0(1) = f1(1) + 1 = ... = f300(1) + 300


def test_an_index_past_the_end_is_a_placed_error_in_play(tmp_path, capsys):
    folder = _mini_with(tmp_path, "    do: p.coins += n", "    do: p.coins += [1, 2][n + 1]")
    assert main(["play", str(folder), "--bots", "all"]) == 1
    err = capsys.readouterr().err
    assert "index 2 is past the end of a list of 2" in err and "game.yaml:38:" in err, err


@pytest.mark.parametrize("body,said", [
    ("if c != none and [c][0] > [c][0] {", "`>` cannot compare a card with a card"),  # kinds unknown before play
    ("if c != none and count(c) > 0 {", "a card"),
])
def test_a_python_error_of_content_is_said_in_the_languages_words(tmp_path, capsys, body, said):
    folder = _mini_with(tmp_path, "if c != none {", body)
    assert main(["play", str(folder), "--bots", "all"]) == 1
    err = capsys.readouterr().err
    assert said in err and "game.yaml:" in err, err
    assert not any(w in err for w in ("TypeError", "Piece", "NoneType", "Traceback")), err


def test_an_error_of_the_engine_is_an_internal_error_not_the_contents(tmp_path, capsys, monkeypatch):
    """A bug of meeple is said to be one (exit 3), placed in no content file; --debug shows its traceback."""
    import dataclasses

    from interpreter.runtime import verbs

    def broken(M, zone):
        raise ValueError("a bug")
    monkeypatch.setitem(verbs.REGISTRY, "shuffle", dataclasses.replace(verbs.REGISTRY["shuffle"], impl=broken))
    folder = _mini_with(tmp_path, "name: Mini", "name: Mini")
    assert main(["play", str(folder), "--bots", "all"]) == 3
    err = capsys.readouterr().err
    assert "internal error, please report it" in err and "game.yaml" not in err and "Traceback" not in err, err
    assert main(["--debug", "play", str(folder), "--bots", "all"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" in err and "ValueError: a bug" in err


def test_an_undeclared_key_is_an_error_but_free_text_a_warning(tmp_path):
    cards = MINI_CARDS.replace("  colour: red\n", "  colour: red\n  flavour: Shiny and red.\n  colur: red\n", 1)
    folder = write_game(tmp_path, {"game.yaml": MINI_GAME, "cards/t.yaml": cards})
    d = one(errors_of(folder), "E-UNKNOWN-FIELD")
    assert "`colur`" in d.message and (d.place.line, d.place.col) == (6, 3)
    warned: list = []
    load_game(write_game(tmp_path / "ok", {"game.yaml": MINI_GAME, "cards/t.yaml": cards.replace("  colur: red\n", "")}),
              warnings=warned)
    assert [(w.code, w.place.line, w.place.col) for w in warned] == [("W-UNKNOWN-FIELD", 5, 3)]
