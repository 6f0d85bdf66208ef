"""Mods without code: a gadget added by a mod is bought in play; a mod naming a missing card is refused."""
from __future__ import annotations

import json

import pytest

from interpreter import ContentError, load_game
from interpreter.cli.main import main
from interpreter.testing import Scenario
from tests.conftest import CONTENT

MOD = """\
mod: pocket-gadgets
name: Pocket Gadgets
extends: debtzilla
cards: [cards/*.yaml]
counts:
  gadget: 29
"""

GADGET = """\
- id: pocket_calculator
  name: Pocket Calculator
  kind: gadget
  provenance: designed
  note: a gadget from a mod
  tier: basic
  cost: 2
  text: "+1 to one of your dice"
  usable: me.rolled.size > 0
  use: adjust(me, 1)
"""


def write_mod(tmp_path, mod=MOD, cards=GADGET):
    folder = tmp_path / "pocket-gadgets"
    (folder / "cards").mkdir(parents=True)
    (folder / "mod.yaml").write_text(mod)
    (folder / "cards" / "gadgets.yaml").write_text(cards)
    return folder


def test_a_gadget_added_by_a_mod_is_bought_in_play(tmp_path):
    game = load_game(CONTENT / "debtzilla", mods=[write_mod(tmp_path)])
    assert game.cards["pocket_calculator"].fields["cost"] == 2
    s = Scenario(game, 2, seed=0, options={"heroes": "random"}, setup=True)
    p = s.p(1)
    for g in list(s.zone("shop").items):
        s.match.place(g, s.zone("basic_deck"), True)
    s.put("pocket_calculator", s.zone("shop"))
    p.counters["wonga"] = 5
    d = s.call("shopping", p)
    if "Buy a gadget" not in d.labels():  # a hero's power may be offered first
        d = s.answer(*[x for x in d.labels() if x.startswith("Done")][:1])
    s.answer("Buy a gadget")
    s.answer(*[x for x in ["Basic Gadgets deck"] if s.match.pending and x in s.match.pending.labels()])
    held = [c.card.id for z in ("inventory", "equip") for c in p.zones[z].items]
    assert "pocket_calculator" in held and p.counters["wonga"] == 3


def test_the_mod_plays_whole_matches(tmp_path, capsys):
    mod = write_mod(tmp_path)
    assert main(["simulate", "debtzilla", "--mod", str(mod), "--games", "2", "--players", "2"]) == 0
    assert main(["validate", str(mod)]) == 0


def test_a_mod_that_names_a_missing_card_is_refused_with_its_place(tmp_path):
    mod = write_mod(tmp_path, MOD + "remove_cards: [fistful_of_mony]\n")
    with pytest.raises(ContentError) as e:
        load_game(CONTENT / "debtzilla", mods=[mod])
    d = next(d for d in e.value.diagnostics if d.code == "E-UNKNOWN-CARD")
    assert d.place.path.endswith("pocket-gadgets/mod.yaml") and (d.place.line, d.place.col) == (7, 16)
    assert "fistful_of_money" in d.hint


def test_a_mod_effect_naming_a_missing_card_is_refused_with_its_place(tmp_path):
    cards = GADGET.replace("use: adjust(me, 1)", 'use: |\n    move(box where it.id == "bananarrang", me.inventory)')
    mod = write_mod(tmp_path, cards=cards)
    with pytest.raises(ContentError) as e:
        load_game(CONTENT / "debtzilla", mods=[mod])
    d = next(d for d in e.value.diagnostics if d.code == "E-UNKNOWN-CARD")
    assert d.place.path.endswith("cards/gadgets.yaml") and d.place.line == 11 and "bananarang" in d.hint


def test_a_mod_that_forgets_the_new_count_is_told_in_its_own_file(tmp_path):
    """The count the base declares is broken by the mod's card: the mistake is the mod's, placed at its card, with
    the base's count as the second place."""
    mod = write_mod(tmp_path, MOD.replace("counts:\n  gadget: 29\n", ""))
    with pytest.raises(ContentError, match="with this mod the game has 29 `gadget` cards, but the game declares 28") as e:
        load_game(CONTENT / "debtzilla", mods=[mod])
    d = e.value.diagnostics[0]
    assert d.place.path.endswith("pocket-gadgets/cards/gadgets.yaml")
    assert [(p.path.endswith("debtzilla/game.yaml"), note) for p, note in d.related] == [
        (True, "the game declares 28 `gadget` cards here")]


def test_a_mod_card_with_an_id_of_the_game_is_refused_unless_it_says_it_replaces_it(tmp_path):
    """A mod's card of an id the base game has silently replaced the game's card; now it must say so."""
    twin = GADGET.replace("pocket_calculator", "fistful_of_money").replace("Pocket Calculator", "Fistful of Mods")
    mod = write_mod(tmp_path, MOD.replace("counts:\n  gadget: 29\n", ""), twin)
    with pytest.raises(ContentError) as e:
        load_game(CONTENT / "debtzilla", mods=[mod])
    d = next(d for d in e.value.diagnostics if d.code == "E-DUPLICATE-ID")
    assert d.place.path.endswith("cards/gadgets.yaml") and (d.place.line, d.place.col) == (1, 7)
    assert "the game already has a card `fistful_of_money`" in d.message and "replace: true" in d.hint
    (mod / "cards" / "gadgets.yaml").write_text(twin.replace("  kind: gadget\n", "  kind: gadget\n  replace: true\n"))
    game = load_game(CONTENT / "debtzilla", mods=[mod])
    assert game.cards["fistful_of_money"].name == "Fistful of Mods"


def test_replace_on_a_card_the_game_does_not_have_is_refused(tmp_path):
    mod = write_mod(tmp_path, cards=GADGET.replace("  kind: gadget\n", "  kind: gadget\n  replace: true\n"))
    with pytest.raises(ContentError, match="no earlier file has a card `pocket_calculator` to replace"):
        load_game(CONTENT / "debtzilla", mods=[mod])


def test_an_option_value_no_file_declares_is_placed_at_the_option_with_every_value(tmp_path, capsys):
    """`--option boss=NAME` with a wrong name: said at the option, listing the values a mod adds too."""
    mod = write_mod(tmp_path, MOD + "options:\n  boss: {values: [stonkosaurus]}\n")
    assert main(["play", "debtzilla", "--mod", str(mod), "--option", "boss=stonkosarus", "--bots", "all"]) == 1
    err = capsys.readouterr().err
    assert "option `boss` has no value `stonkosarus`; its values: debtzilla, inflationsaurus, stonkosaurus" in err
    lines = (CONTENT / "debtzilla" / "game.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("  boss: {"))  # the option's line
    assert f"debtzilla/game.yaml:{line}:3" in err and "did you mean `stonkosaurus`?" in err, err


@pytest.mark.parametrize("mod_text,message,where", [
    ("", "the file is empty", (1, 1)),
    ("mod: m\nextends: kaiju-ink\n", "which is not a bundled game", (2, 10)),
])
def test_a_mod_alone_is_placed_where_its_mistake_is(tmp_path, capsys, mod_text, message, where):
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "mod.yaml").write_text(mod_text)
    assert main(["validate", str(tmp_path / "m"), "--format", "json"]) == 1
    found = [d for d in json.loads(capsys.readouterr().out) if message in d["message"]]
    assert found and (found[0]["line"], found[0]["column"]) == where, found
