"""Content is read only from inside its game's or mod's folder: a file that is a symbolic link out of it is
refused where it is named, never read, and no line of it is quoted (docs/reliability.md)."""
from __future__ import annotations

import json
import os

import pytest

from interpreter.cli.main import main
from tests.conftest import MINI_CARDS, MINI_GAME, write_game

SECRET = "the password is swordfish"


@pytest.fixture
def secret(tmp_path):
    """A file outside every game folder, which a link will name."""
    p = tmp_path / "elsewhere" / "secret.yaml"
    p.parent.mkdir()
    p.write_text(f"- id: x\n  name: {SECRET}\n  kind: nope\n", encoding="utf-8")
    return p


def _validate(capsys, *args) -> tuple[int, str, list]:
    code = main(["validate", *map(str, args)])
    text = capsys.readouterr()
    code_json = main(["validate", *map(str, args), "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    assert code == code_json
    return code, text.out + text.err, found


def test_a_card_file_linked_out_of_the_game_is_refused_at_its_pattern_unread(tmp_path, capsys, secret):
    game = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME, "cards/t.yaml": MINI_CARDS})
    os.symlink(secret, game / "cards" / "stolen.yaml")
    code, text, found = _validate(capsys, game)
    assert code == 1 and SECRET not in text and "swordfish" not in json.dumps(found)
    d = next(d for d in found if d["code"] == "E-PATH")
    assert d["file"].endswith("game.yaml") and "`cards/stolen.yaml` is a link to a file outside the game's folder" \
        in d["message"]
    line = MINI_GAME.lstrip("\n").splitlines().index("cards: [cards/*.yaml]") + 1
    assert (d["line"], d["column"]) == (line, 9)  # at the pattern that names it


def test_a_mod_yaml_linked_out_of_its_folder_is_refused_unread(tmp_path, capsys, secret):
    (secret.parent / "mod.yaml").write_text(f"mod: x\nextends: kaiju-inc\nnote: {SECRET}\n", encoding="utf-8")
    mod = tmp_path / "mod"
    mod.mkdir()
    os.symlink(secret.parent / "mod.yaml", mod / "mod.yaml")
    for args in ([mod], ["content/kaiju-inc", "--mod", mod]):
        code, text, found = _validate(capsys, *args)
        assert code == 1 and SECRET not in text
        assert [d["code"] for d in found] == ["E-PATH"] and "`mod.yaml` is a link" in found[0]["message"]


def test_a_game_yaml_linked_out_of_its_folder_is_refused_unread(tmp_path, capsys):
    elsewhere = write_game(tmp_path / "elsewhere", {"game.yaml": MINI_GAME.replace("name: Mini", f"name: {SECRET}\nbad")})
    game = tmp_path / "game"
    (game / "cards").mkdir(parents=True)
    (game / "cards" / "t.yaml").write_text(MINI_CARDS, encoding="utf-8")
    os.symlink(elsewhere / "game.yaml", game / "game.yaml")
    code, text, found = _validate(capsys, game)
    assert code == 1 and SECRET not in text and [d["code"] for d in found] == ["E-PATH"]


def test_a_link_that_stays_inside_the_folder_is_read(tmp_path, capsys):
    game = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME, "shared/t.yaml": MINI_CARDS})
    (game / "cards").mkdir()
    os.symlink(game / "shared" / "t.yaml", game / "cards" / "t.yaml")
    code, text, found = _validate(capsys, game)
    assert code == 0 and found == []


def test_a_game_file_that_is_a_list_is_a_placed_error(tmp_path, capsys):
    game = write_game(tmp_path / "mini", {"game.yaml": "- game: mini\n- name: Mini\n", "cards/t.yaml": MINI_CARDS})
    code, text, found = _validate(capsys, game)
    assert code == 1 and "internal error" not in text
    assert [(d["code"], d["line"], d["column"]) for d in found] == [("E-SCHEMA", 1, 1)]
    assert "the file holds a list, not a mapping of keys" in found[0]["message"]


def test_a_scenario_file_linked_out_of_the_game_is_refused_unread(tmp_path, capsys, secret):
    game = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME, "cards/t.yaml": MINI_CARDS})
    (game / "tests").mkdir()
    os.symlink(secret, game / "tests" / "s.yaml")
    code, text, found = _validate(capsys, game)
    assert code == 1 and SECRET not in text
    assert [d["code"] for d in found] == ["E-PATH"] and "`tests/s.yaml` is a link" in found[0]["message"]
    assert main(["test", str(game)]) == 1 and SECRET not in "".join(capsys.readouterr())
