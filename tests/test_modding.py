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


# hooks: the base opens a procedure and a phase; a mod adds steps before and after them
HOOKED = MINI_GAME.replace("procedures:\n", "hooks:\n  gain: {doc: what a player gains}\n  main: {doc: the turn}\n"
                           "procedures:\n", 1).replace("    do: p.coins += n", "    do: |\n      p.coins += n\n"
                                                       "      return n")
STEPS = """mod: noisy
extends: mini
hooks:
  - before: gain
    do: say("{p.name} is about to gain {n}")
  - after: gain
    do: |
      p.coins += 1
      say("{p.name} gained {n}, and 1 more")
  - after: main
    do: say("the turn is over")
"""


def test_a_mods_steps_run_before_and_after_a_hooked_procedure_with_its_arguments(tmp_path):
    from interpreter import load_game
    from interpreter.testing import Scenario
    base = write_game(tmp_path / "base", {"game.yaml": HOOKED, "cards/t.yaml": MINI_CARDS})
    mod = write_game(tmp_path / "mod", {"mod.yaml": STEPS})
    s = Scenario(load_game(base, [mod]), 2)
    s.call("gain", s.p(1), 3)
    assert s.p(1).counters["coins"] == 3 + 1
    assert s.match.lines[-2:] == ["Ann is about to gain 3", "Ann gained 3, and 1 more"]
    game = load_game(base, [mod])
    assert game.phases[0].name == "main" and len(game.phases[0].steps) == len(load_game(base).phases[0].steps) + 1


def test_a_hooked_procedure_gives_what_its_own_body_returns(tmp_path):
    from interpreter.model.pipeline import hooked
    seen = []
    run = hooked([lambda M, me, this, n: seen.append(("before", n))], lambda M, me, this, n: n * 2,
                 [lambda M, me, this, n: seen.append(("after", n)) or 99])
    assert run(None, None, None, 5) == 10 and seen == [("before", 5), ("after", 5)]


@pytest.mark.parametrize("hook,message", [
    ("after: gian", "the game declares no hook `gian` (did you mean `gain`?)"),
    ("after: idle", "the game does not open its procedure `idle` to mods (it is not among its `hooks:`) "
                    "(the game's hooks: gain, main)"),
    ("{after: gain, before: gain}", "a hook says either `after: NAME` or `before: NAME`, the step it runs next to "
                                    "(the game's hooks: gain, main)"),
])
def test_a_hook_the_base_does_not_declare_is_placed_in_the_mod(tmp_path, capsys, hook, message):
    game = HOOKED.replace("procedures:\n", "procedures:\n  idle:\n    do: say(1)\n", 1)
    base = write_game(tmp_path / "base", {"game.yaml": game, "cards/t.yaml": MINI_CARDS})
    item = f"  - {hook}\n    do: say(2)\n" if not hook.startswith("{") else f"  - {{{hook[1:-1]}, do: say(2)}}\n"
    mod = write_game(tmp_path / "mod", {"mod.yaml": "mod: m\nextends: mini\nhooks:\n" + item})
    main(["validate", str(base), "--mod", str(mod), "--format", "json"])
    [d] = json.loads(capsys.readouterr().out)
    assert (d["code"], d["file"].rsplit("/", 2)[-2:], d["line"], d["message"]) == (
        "E-HOOK", ["mod", "mod.yaml"], 4, message)


def test_a_hook_naming_nothing_of_the_base_is_placed_at_its_declaration(tmp_path, capsys):
    game = HOOKED.replace("  main: {doc: the turn}", "  mian: {doc: x}")
    base = write_game(tmp_path / "base", {"game.yaml": game, "cards/t.yaml": MINI_CARDS})
    main(["validate", str(base), "--format", "json"])
    [d] = json.loads(capsys.readouterr().out)
    line = game.lstrip("\n").splitlines().index("  mian: {doc: x}") + 1
    assert (d["code"], d["line"], d["column"], d["message"]) == (
        "E-HOOK", line, 3, "hook `mian` names no procedure or phase of the game (did you mean `main`?)")


def test_a_procedure_copied_from_the_base_to_change_a_step_points_to_the_hook(tmp_path, capsys):
    """W-COPIED: what `duplicates` of a base's procedure in a mod would find, said where the copy is."""
    base = write_game(tmp_path / "base", {"game.yaml": HOOKED, "cards/t.yaml": MINI_CARDS})
    copy = ("mod: m\nextends: mini\nprocedures:\n  gain:\n    params: [p, n]\n    do: |\n      p.coins += n\n"
            "      say(\"one more step\")\n      return n\n")
    mod = write_game(tmp_path / "mod", {"mod.yaml": copy})
    main(["validate", str(base), "--mod", str(mod), "--format", "json"])
    [d] = json.loads(capsys.readouterr().out)
    assert (d["code"], d["file"].rsplit("/", 1)[-1], d["line"], d["message"]) == (
        "W-COPIED", "mod.yaml", 5, "procedure `gain` copies the game's own to change it (add the change as a hook "
        "instead: `hooks: [{after: gain, do: ...}]`)")


def test_no_bundled_boss_or_expansion_copies_a_procedure_of_its_base(capsys):
    """The bundled included files add to the base by hooks: validating every option set finds no W-COPIED."""
    main(["validate", "content/debtzilla", "content/happy-city", "content/kaiju-inc", "--format", "json"])
    assert [d for d in json.loads(capsys.readouterr().out) if d["code"] == "W-COPIED"] == []


def test_the_bosses_add_their_growth_to_the_interest_hook():
    from interpreter.loader.yaml_source import load_file
    from tests.conftest import CONTENT
    for boss in ("debtzilla", "inflationsaurus"):
        data = load_file(str(CONTENT / "debtzilla" / "bosses" / f"{boss}.yaml"))
        assert "interest" not in (data.get("procedures") or {})
        assert [h["after"] for h in data["hooks"]] == ["interest"]


# validate --mod M --against OLD NEW: what a base's change breaks in a mod
def _new_base(tmp_path, edits: dict, version="2.0"):
    import shutil

    from tests.conftest import ROOT
    new = tmp_path / "debtzilla-new"
    shutil.copytree(ROOT / "tests" / "frozen" / "debtzilla-1.0", new)
    edits = {**edits, "game.yaml": [('version: "1.0"', f'version: "{version}"'), *edits.get("game.yaml", [])]}
    for rel, pairs in edits.items():
        text = (new / rel).read_text(encoding="utf-8")
        for a, b in pairs:
            assert a in text, a
            text = text.replace(a, b)
        (new / rel).write_text(text, encoding="utf-8")
    return new


def _against(capsys, new, mod="stonkosaurus"):
    from tests.conftest import ROOT
    frozen = ROOT / "tests" / "frozen"
    code = main(["validate", "--mod", str(frozen / "mods" / mod), "--against", str(frozen / "debtzilla-1.0"),
                 str(new), "--format", "json"])
    return code, [(d["code"], d["file"].rsplit("/", 1)[-1], d["line"], d["message"])
                  for d in json.loads(capsys.readouterr().out)]


def test_against_an_unchanged_base_nothing_breaks(capsys):
    from tests.conftest import ROOT
    assert _against(capsys, ROOT / "tests" / "frozen" / "debtzilla-1.0") == (0, [])


def test_against_a_base_that_renamed_a_hook_each_break_is_placed_in_the_mod(tmp_path, capsys):
    new = _new_base(tmp_path, {
        "game.yaml": [("hooks:\n  interest:\n", "hooks:\n  resolve_interest:\n"),
                      ("  interest:\n    doc: DZ-RES-3 - the Resolve", "  resolve_interest:\n    doc: DZ-RES-3 - the Resolve"),
                      ("interest() }", "resolve_interest() }")],
        "bosses/debtzilla.yaml": [("after: interest", "after: resolve_interest")],
        "bosses/inflationsaurus.yaml": [("after: interest", "after: resolve_interest")]})
    code, found = _against(capsys, new)
    assert code == 1
    assert found == [
        ("W-BASE-CHANGED", "stonkosaurus.yaml", 6, "the game removed its procedure `interest` between 1.0 and 2.0, "
         "and this mod's hook runs next to it (check that the step still fits)"),
        ("E-HOOK", "stonkosaurus.yaml", 6, "the game declares no hook `interest` (did you mean `resolve_interest`?)"),
        ("E-REQUIRES", "mod.yaml", 4, "this mod requires `debtzilla` >=1.0, <2, but the game is version 2.0 (update "
         "the mod for version 2.0, then widen its `requires:`)")]


def test_against_a_base_that_changed_what_the_mod_adds_to_a_silent_change_is_told(tmp_path, capsys):
    """The base's `interest` now says something: no mistake shows it, the mod's scenario still passes; the diff of the
    declarations does, at the mod's hook (a minor version: the mod's `requires:` still holds)."""
    new = _new_base(tmp_path, {"game.yaml": [("return  # each boss adds its growth after this", "say(\"  Interest.\")  #")]},
                   version="1.1")
    code, found = _against(capsys, new)
    assert (code, found) == (0, [("W-BASE-CHANGED", "stonkosaurus.yaml", 6, "the game changed its procedure "
                                  "`interest` between 1.0 and 1.1, and this mod's hook runs next to it (check that "
                                  "the step still fits)")])


def test_against_checks_one_mod(capsys):
    assert main(["validate", "content", "--against", "content/debtzilla", "content/debtzilla"]) != 0
    assert "--against OLD NEW checks one mod" in capsys.readouterr().err


def test_a_mod_card_with_an_id_of_the_game_is_told_once_at_the_card_not_as_a_count(tmp_path, capsys):
    base = write_game(tmp_path / "base", {"game.yaml": MINI_GAME.replace("name: Mini\n", "name: Mini\ncounts:\n  token: 3\n"),
                                          "cards/t.yaml": MINI_CARDS})
    card = "- id: red_one\n  name: Red Again\n  kind: token\n  colour: red\n  value: 3\n"
    mod = write_game(tmp_path / "mod", {"mod.yaml": "mod: m\nextends: mini\ncards: [cards/*.yaml]\n", "cards/a.yaml": card})
    assert _codes(capsys, [str(base), "--mod", str(mod)]) == [("E-DUPLICATE-ID", "cards")]
