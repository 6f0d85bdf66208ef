"""Mods that last: a mod's mistakes told in its own files, the base's warnings kept to the base, a flag given
twice refused (docs/modding.md). The corpus (tests/corpus, from 200) holds the placed cases word for word."""
from __future__ import annotations

import json

import pytest

from interpreter.cli.main import main
from tests.conftest import MINI_CARDS, MINI_GAME, write_game

UNUSED = MINI_GAME.replace("procedures:\n", "procedures:\n  idle:\n    do: say(1)\n", 1)


def _mod_on_base(tmp_path, mod_text="mod: more\nextends: mini\n"):
    base = write_game(tmp_path / "base", {"game.yaml": UNUSED, "cards/t.yaml": MINI_CARDS})
    mod = write_game(tmp_path / "mod", {"mod.yaml": mod_text})
    return base, mod


def _codes(capsys, args) -> list:
    main(["validate", *args, "--format", "json"])
    return [(d["code"], d["file"].rsplit("/", 2)[-2]) for d in json.loads(capsys.readouterr().out)]


def test_the_bases_own_warnings_are_not_the_mods(tmp_path, capsys):
    """A base's W-UNUSED procedure is not shown to the author of a mod, unless asked (`--base-warnings`)."""
    base, mod = _mod_on_base(tmp_path)
    assert _codes(capsys, [str(base)]) == [("W-UNUSED", "base")]
    assert _codes(capsys, [str(base), "--mod", str(mod)]) == []
    assert _codes(capsys, [str(base), "--mod", str(mod), "--base-warnings"]) == [("W-UNUSED", "base")]


def test_the_mods_own_warnings_are_shown(tmp_path, capsys):
    base, mod = _mod_on_base(tmp_path, "mod: more\nextends: mini\nprocedures:\n  also_idle:\n    do: say(2)\n")
    assert _codes(capsys, [str(base), "--mod", str(mod)]) == [("W-UNUSED", "mod")]


def test_the_second_place_is_printed_after_the_first(tmp_path, capsys):
    base = write_game(tmp_path / "base", {"game.yaml": MINI_GAME.replace("name: Mini\n", "name: Mini\ncounts:\n  token: 3\n"),
                                          "cards/t.yaml": MINI_CARDS})
    mod = write_game(tmp_path / "mod", {"mod.yaml": "mod: less\nextends: mini\nremove_cards: [blue_two]\n"})
    assert main(["validate", str(base), "--mod", str(mod)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("mod/mod.yaml:3:16: error: with this mod the game has 2 `token` cards, but the game "
                             "declares 3 (say the new count in the mod: `counts: {token: 2}`) [E-COUNT]")
    assert lines[3].endswith("base/game.yaml:4:10: note: the game declares 3 `token` cards here")
    main(["validate", str(base), "--mod", str(mod), "--format", "github"])
    out = capsys.readouterr().out
    assert out.startswith("::error file=") and "(the game declares 3 `token` cards here: " in out


@pytest.mark.parametrize("command", [["rules", "kaiju-inc"], ["play", "kaiju-inc", "--bots", "all"]])
def test_an_option_given_twice_is_refused_naming_both_values(command, capsys):
    code = main([*command, "--option", "backward_attacks=on", "--option", "backward_attacks=off"])
    assert code != 0
    err = capsys.readouterr().err
    assert ("--option backward_attacks is given twice (backward_attacks=on, then backward_attacks=off): give it once"
            in err)


@pytest.mark.parametrize("given,wanted,inside", [
    ("1.0", ">=1.0, <2", True), ("1.9.3", ">=1.0, <2", True), ("2.0", ">=1.0, <2", False), ("0.9", ">=1.0", False),
    ("1.2", "1.2.0", True), ("1.2.1", "==1.2", False), ("3", "!=3.0", False), ("10.0", ">9.9", True)])
def test_a_version_is_compared_number_by_number(given, wanted, inside):
    from interpreter.check.versions import version_range, within
    assert within(given, version_range(wanted)) is inside


@pytest.mark.parametrize("version", ["banana", ">=1.0 <2", "1.x", ""])
def test_a_range_that_is_none_is_refused(version, tmp_path, capsys):
    base = write_game(tmp_path / "base", {"game.yaml": MINI_GAME.replace("name: Mini\n", 'name: Mini\nversion: "1.0"\n'),
                                          "cards/t.yaml": MINI_CARDS})
    mod = write_game(tmp_path / "mod", {"mod.yaml": f'mod: m\nextends: mini\nrequires: {{game: mini, version: "{version}"}}\n'})
    assert _codes(capsys, [str(base), "--mod", str(mod)]) == [("E-REQUIRES", "mod")]


def test_a_base_without_a_version_is_told_to_the_mod_that_requires_one(tmp_path, capsys):
    base, mod = _mod_on_base(tmp_path, 'mod: m\nextends: mini\nrequires: {game: mini, version: ">=1"}\n')
    main(["validate", str(base), "--mod", str(mod), "--format", "json"])
    [d] = json.loads(capsys.readouterr().out)
    assert (d["code"], d["message"]) == ("E-REQUIRES", "this mod requires `mini` >=1, but the game declares no version "
                                         "(the base says its version in its game.yaml: `version: \"1.0\"`)")


def test_the_bundled_bases_declare_their_versions():
    from interpreter.loader.layers import bundled_games
    from interpreter.loader.yaml_source import load_file
    for name in ("debtzilla", "happy-city", "kaiju-inc"):
        assert load_file(str(bundled_games()[name] / "game.yaml"))["version"] == "1.0"
