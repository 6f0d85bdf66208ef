"""Mods that survive their base's changes: tests/frozen holds each bundled base as it was at its version (with
its bosses and expansions, the mods it bundles) and mods written against those versions (tests/frozen/mods).

Every mod validates against the current base, or is refused with the `requires:` error saying both versions;
never an internal error. When a base's change breaks a frozen mod, this test says so: raise the base's
`version:` (the mod's `requires:` then refuses it plainly) or keep the change compatible. A new version of a base
is frozen beside the old one (`cp -r content/GAME tests/frozen/GAME-VERSION`)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from interpreter import project
from interpreter.cli.main import main
from interpreter.loader.layers import bundled_games
from interpreter.loader.yaml_source import load_file

FROZEN = Path(__file__).resolve().parent / "frozen"
BASES = sorted(p for p in FROZEN.iterdir() if (p / "game.yaml").is_file())
MODS = sorted(p for p in (FROZEN / "mods").iterdir() if (p / "mod.yaml").is_file())


def _game_id(folder: Path) -> str:
    return load_file(str(folder / "game.yaml"))["game"]


def _bundled_mods(base: Path) -> list[Path]:
    """The files of a base in a mod's format (`mod:`): its bosses and expansions, included by its options."""
    return sorted(p for p in base.rglob("*.yaml") if p.parent != base / "tests"
                  and isinstance(data := load_file(str(p)), dict) and "mod" in data)


def test_each_bundled_base_with_mods_is_frozen():
    assert {_game_id(b) for b in BASES} >= {"debtzilla", "happy-city", "kaiju-inc"}
    assert {_game_id(b) for b in BASES if _bundled_mods(b)} >= {"debtzilla", "happy-city"}  # bosses, Grozilla
    assert {load_file(str(m / "mod.yaml"))["extends"] for m in MODS} >= {"debtzilla", "happy-city", "kaiju-inc"}


@pytest.mark.parametrize("base", BASES, ids=[b.name for b in BASES])
def test_a_frozen_base_names_its_version(base):
    assert base.name == f"{_game_id(base)}-{load_file(str(base / 'game.yaml'))['version']}"


@pytest.mark.parametrize("mod", MODS, ids=[m.name for m in MODS])
def test_a_frozen_mod_validates_against_its_frozen_base(mod):
    game = load_file(str(mod / "mod.yaml"))["extends"]
    for base in (b for b in BASES if _game_id(b) == game):
        assert project.validate([str(base)], [str(mod)]).errors == 0


@pytest.mark.parametrize("mod", MODS, ids=[m.name for m in MODS])
def test_a_frozen_mod_validates_against_the_current_base_or_is_refused_by_its_requires(mod, capsys):
    code = main(["validate", str(mod), "--format", "json"])
    out = capsys.readouterr()
    assert "internal error" not in out.err and "Traceback" not in out.err, out.err
    errors = [d for d in json.loads(out.out) if d["severity"] == "error"]
    assert code == (1 if errors else 0)
    assert all(d["code"] == "E-REQUIRES" for d in errors), errors


@pytest.mark.parametrize("base", BASES, ids=[b.name for b in BASES])
def test_the_bundled_mods_of_a_frozen_base_validate_against_the_current_base(base, tmp_path, capsys):
    """The frozen bosses and expansions (and the card files beside them) laid over a copy of the current base."""
    current = bundled_games()[_game_id(base)]
    game = tmp_path / current.name
    shutil.copytree(current, game)
    for f in _bundled_mods(base):
        folder = f.parent.relative_to(base)
        for p in f.parent.glob("*.yaml"):
            shutil.copy(p, game / folder / p.name)
    code = main(["validate", str(game), "--format", "json"])
    out = capsys.readouterr()
    assert "internal error" not in out.err and "Traceback" not in out.err, out.err
    errors = [d for d in json.loads(out.out) if d["severity"] == "error"]
    assert all(d["code"] == "E-REQUIRES" for d in errors) and code == (1 if errors else 0), errors


def test_a_mod_for_another_major_version_is_refused_with_both_versions(tmp_path, capsys):
    mod = tmp_path / "stonkosaurus"
    shutil.copytree(FROZEN / "mods" / "stonkosaurus", mod)
    text = (mod / "mod.yaml").read_text(encoding="utf-8").replace('">=1.0, <2"', '">=2.0, <3"')
    (mod / "mod.yaml").write_text(text, encoding="utf-8")
    assert main(["validate", str(mod), "--format", "json"]) == 1
    [d] = json.loads(capsys.readouterr().out)
    assert (d["code"], d["message"]) == ("E-REQUIRES", "this mod requires `debtzilla` >=2.0, <3, but the game is "
                                         "version 1.0 (update the mod for version 1.0, then widen its `requires:`)")


@pytest.mark.parametrize("mod", [m for m in MODS if (m / "tests").is_dir()], ids=lambda m: m.name)
def test_a_frozen_mods_scenarios_pass_on_the_current_base(mod, capsys):
    """What the mod's rules say still holds with the current base (its boss grows as it did)."""
    code = main(["test", "--mod", str(mod)])
    out = capsys.readouterr().out
    assert code == 0 and " 0 failed" in out, out
