"""Content that validates plays as written: `meeple validate`, `play` and `simulate` give the same verdict on
every bundled game, on the tutorial's mod and boss (docs/authoring.md) and on every case of the broken-content
corpus (tests/corpus). A case that validates but fails in play would be a mistake the checker could have known;
one that fails to validate but plays would be a checker refusing good content."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from interpreter import bundled_games
from interpreter.cli.main import main
from interpreter.loader.yaml_source import load_file

ROOT = Path(__file__).resolve().parent.parent
# the game's own mistakes (a case with a tests/ folder breaks a scenario file: its game plays, `meeple test` fails)
CORPUS = sorted(p for p in (ROOT / "tests" / "corpus").iterdir() if p.is_dir() and not (p / "tests").is_dir())
DOC = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
FILE_BLOCK = re.compile(r"```yaml file=(\S+)\n(.*?)```", re.S)


def _verdicts(capsys, validate: list, game: str, mods: list, options: list, players: int) -> dict:
    """`validate` is the command's arguments (a mod folder alone finds its game); the others play `game`."""
    mod_args = [a for m in mods for a in ("--mod", str(m))]
    opt_args = [a for o in options for a in ("--option", o)]
    runs = {
        "validate": ["validate", *validate],
        "play": ["play", game, *mod_args, *opt_args, "--bots", "all", "--players", str(players), "--seed", "1"],
        "simulate": ["simulate", game, *mod_args, *opt_args, "--players", str(players), "--games", "2", "--jobs", "1"],
    }
    out = {}
    for name, args in runs.items():
        code = main(args)
        said = capsys.readouterr()
        assert "Traceback" not in said.out + said.err and "internal error" not in said.err, (args, said.err)
        out[name] = "passes" if code == 0 else "fails"
    return out


@pytest.mark.parametrize("name", list(bundled_games()))
def test_every_bundled_game_validates_plays_and_simulates(capsys, name):
    folder = bundled_games()[name]
    players = load_file(str(folder / "game.yaml"))["players"]["min"]
    v = _verdicts(capsys, [str(folder)], name, [], [], max(players, 2))
    assert set(v.values()) == {"passes"}, v


def _tutorial(tmp_path: Path, prefix: str) -> Path:
    for rel, body in FILE_BLOCK.findall(DOC):
        if rel.startswith(prefix + "/"):
            p = tmp_path / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(body, encoding="utf-8")
    return tmp_path / prefix


@pytest.mark.parametrize("prefix,game,options,players", [
    ("hungry-kaiju", "kaiju-inc", [], 4),
    ("stonkosaurus", "debtzilla", ["boss=stonkosaurus"], 2),
])
def test_the_tutorials_mod_and_boss_validate_play_and_simulate(capsys, tmp_path, prefix, game, options, players):
    mod = _tutorial(tmp_path, prefix)
    v = _verdicts(capsys, [str(mod)], game, [mod], options, players)
    assert set(v.values()) == {"passes"}, v


@pytest.mark.parametrize("case", CORPUS, ids=[c.name for c in CORPUS])
def test_each_corpus_case_fails_alike_in_validate_play_and_simulate(capsys, case):
    expect = json.loads((case / "expect.json").read_text())
    if expect.get("strict") or expect.get("smoke"):
        pytest.skip("a warning, or a mistake only play finds: validate alone passes it")
    mods = [case / m for m in expect.get("mods", [])]
    if (case / "game.yaml").exists():
        game = str(case)
    else:  # a mod alone: played with the game it names
        data = (case / "mod.yaml").read_text(encoding="utf-8")
        found = re.search(r"^extends:\s*(\S+)", data, re.M)
        game, mods = (found.group(1) if found else "no-game"), [case]
    validate = [str(case)] + ([a for m in mods for a in ("--mod", str(m))] if (case / "game.yaml").exists() else [])
    v = _verdicts(capsys, validate, game, mods, [], 2)
    assert set(v.values()) == {"fails"}, v
