"""interpreter/project.py: the games and mods the front ends find from a path, and their validation."""
from __future__ import annotations

import os

import pytest

from interpreter import project
from interpreter.errors import ContentError, MeepleError
from tests.conftest import CONTENT, MINI_CARDS, MINI_GAME, write_game

MOD = "mod: rich\nextends: {base}\nname: Rich\nvars:\n  bonus: 1\n"
SIZES = ("options:\n  size: {values: [small, big], default: small}\n"
         "includes:\n  - file: \"extra/{size}.yaml\"\n")
EXTRA = "mod: {name}\nextends: mini\nprocedures:\n  grow:\n    do: {body}\n"


def sized_game(tmp_path, big_body="gain(me, 2)"):
    """The mini game with an option `size` whose value chooses the file it includes."""
    return write_game(tmp_path, {
        "game.yaml": MINI_GAME.replace("cards: [cards/*.yaml]\n", "cards: [cards/*.yaml]\n" + SIZES, 1)
        .replace("if deck.size == 0", "grow()\n      if deck.size == 0", 1),
        "cards/t.yaml": MINI_CARDS,
        "extra/small.yaml": EXTRA.format(name="small", body="gain(me, 1)"),
        "extra/big.yaml": EXTRA.format(name="big", body=big_body)})


def test_a_bundled_game_is_found_by_its_name_and_a_folder_as_it_is(tmp_path):
    assert os.path.samefile(project.find_game("kaiju-inc"), CONTENT / "kaiju-inc")
    assert project.find_game(tmp_path) == str(tmp_path)  # its load says what is missing in it


def test_an_unknown_game_is_refused_with_a_did_you_mean():
    with pytest.raises(MeepleError) as e:
        project.find_game("kaiju-ink")
    assert "no bundled game or game folder `kaiju-ink`" in str(e.value) and "`kaiju-inc`" in str(e.value)


def test_a_mod_is_found_from_a_file_deep_inside_it_and_checked_with_the_game_it_extends(tmp_path):
    mod = write_game(tmp_path / "rich", {"mod.yaml": MOD.format(base="kaiju-inc"), "cards/more/deep/x.yaml": "[]\n"})
    deep = mod / "cards" / "more" / "deep" / "x.yaml"
    assert project.target_of(deep) == str(mod)
    assert project.targets([deep]) == ([("mod", str(mod))], [])
    assert os.path.samefile(project.mod_base(mod), CONTENT / "kaiju-inc")
    assert project.base_of(mod) == project.mod_base(mod)


def test_a_mod_inside_a_game_folder_is_checked_with_that_game(tmp_path):
    game = sized_game(tmp_path / "mini")
    mod = write_game(game / "mods" / "rich", {"mod.yaml": MOD.format(base="mini")})
    assert project.target_of(mod / "mod.yaml") == str(mod)  # the nearest folder, not the game around it
    assert project.mod_base(mod) == str(game)
    assert project.base_of(game) is None  # a game folder has no base
    checked = project.validate([mod])
    assert (checked.games, checked.diagnostics) == (1, [])


def test_a_mod_extending_no_bundled_game_is_placed_at_its_extends(tmp_path):
    mod = write_game(tmp_path / "rich", {"mod.yaml": MOD.format(base="kaiju-ink")})
    with pytest.raises(ContentError) as e:
        project.mod_base(mod)
    [d] = e.value.diagnostics
    assert (d.code, d.place.line, d.place.col) == ("E-MOD", 2, 10) and "`kaiju-inc`" in d.hint
    assert project.base_of(mod) is None
    checked = project.validate([mod])
    assert (checked.games, [x.code for x in checked.diagnostics]) == (0, ["E-MOD"])


def test_a_folder_without_game_yaml_is_an_error_and_no_target(tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.yaml").write_text("x: 1\n")
    assert project.target_of(tmp_path / "notes" / "a.yaml") is None
    found, missing = project.targets([tmp_path / "notes", tmp_path / "notes" / "a.yaml", tmp_path / "gone"])
    assert found == []
    assert [(d.place.path, d.message) for d in missing] == [
        (str(tmp_path / "notes"), "no game.yaml or mod.yaml under this folder"),
        (str(tmp_path / "notes" / "a.yaml"), "no such file or folder"),
        (str(tmp_path / "gone"), "no such file or folder")]
    checked = project.validate([tmp_path / "notes"])
    assert (checked.games, checked.errors, [d.code for d in checked.diagnostics]) == (0, 1, ["E-MISSING-FILE"])


def test_a_folder_holding_games_gives_each_once_without_looking_inside_one(tmp_path):
    a = sized_game(tmp_path / "games" / "a")
    write_game(a / "mods" / "m", {"mod.yaml": MOD.format(base="mini")})  # the game's own: not a target of its own
    b = write_game(tmp_path / "games" / "b", {"mod.yaml": MOD.format(base="kaiju-inc")})
    found, missing = project.targets([tmp_path / "games", a / "game.yaml", a / "cards" / "t.yaml"])
    assert (found, missing) == ([("game", str(a)), ("mod", str(b))], [])


def test_option_sets_are_the_defaults_then_each_other_value_choosing_included_files(tmp_path):
    assert project.option_sets(sized_game(tmp_path / "mini")) == [{}, {"size": "big"}]
    # Debtzilla's boss chooses a file; its other options (mode, heroes, ...) choose none
    assert project.option_sets(CONTENT / "debtzilla") == [{}, {"boss": "inflationsaurus"}]
    plain = write_game(tmp_path / "plain", {"game.yaml": MINI_GAME, "cards/t.yaml": MINI_CARDS})
    assert project.option_sets(plain) == [{}]
    broken = write_game(tmp_path / "broken", {"game.yaml": "game: [\n"})
    assert project.option_sets(broken) == [{}]


def test_a_mod_adding_a_value_to_an_option_adds_an_option_set(tmp_path):
    game = sized_game(tmp_path / "mini")
    (game / "extra" / "huge.yaml").write_text(EXTRA.format(name="huge", body="gain(me, 3)"))
    mod = write_game(tmp_path / "huge", {
        "mod.yaml": "mod: huger\nextends: mini\noptions:\n  size: {values: [huge], default: small}\n"})
    assert project.option_sets(game, [mod]) == [{}, {"size": "big"}, {"size": "huge"}]


def test_validation_checks_the_files_only_another_option_set_includes(tmp_path):
    good = project.validate([sized_game(tmp_path / "good")])
    assert (good.games, good.diagnostics) == (1, [])
    bad = sized_game(tmp_path / "bad", big_body="gian(me, 2)")
    checked = project.validate([bad])
    assert checked.games == 1 and checked.errors >= 1
    assert {os.path.abspath(d.place.path) for d in checked.diagnostics} == {str(bad / "extra" / "big.yaml")}
    assert checked.diagnostics == project.validate([bad / "cards" / "t.yaml"]).diagnostics  # found from a file


def test_smoke_play_finds_what_only_play_finds(tmp_path):
    text = MINI_GAME.replace("          gain(p, c.value)",
                             "          gain(p, c.value)\n          let boom = c.value / (c.value - c.value)")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    assert project.validate([folder]).diagnostics == []
    [d] = project.validate([folder], smoke=1).diagnostics
    assert d.code == "E-RUNTIME" and "division by zero" in d.message and "1 players, seed 0" in d.message
