"""What the page is told about a game it does not know (layout.py), and who may read an answer's echo and the
table's notes (account.py): unit tests without a server."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from interpreter import Match, bundled_games, load_game
from interpreter.runtime.secrecy import HIDDEN
from interpreter.web.account import Account
from interpreter.web.layout import colour_field, meta, spoken

SECRET = Path(__file__).resolve().parent / "e2e" / "games" / "secret-hands"


@pytest.fixture(scope="module")
def secret():
    return load_game(SECRET)


def test_the_colouring_field_is_found_from_the_cards(kaiju, secret):
    assert colour_field(kaiju) == "suit"  # shared by two kinds, three values
    assert colour_field(secret) == "colour"  # colour words win
    m = meta(secret)
    assert m["colors"]["red"].startswith("#") and m["swatches"] == ["colour"]


def test_meta_lists_every_zone_and_counter_with_its_doc(secret):
    m = meta(secret)
    assert [z["name"] for z in m["table"]] == ["deck", "table"]
    assert m["table"][0] == {"name": "deck", "visibility": "hidden", "doc": "the face-down gems"}
    assert m["player"] == [{"name": "hand", "visibility": "owner", "doc": "only its owner sees it"}]
    assert m["player_counters"]["points"] == {"min": 0, "max": 60, "wrap": None, "doc": ""}
    assert m["hide"] == [] and m["fields"] == {} and m["dice"] == []


def test_hints_order_hide_label_and_colour_and_unknown_names_are_ignored(secret):
    m = meta(secret, hints={"table": ["table", "nowhere"], "hide": ["value"], "labels": {"points": "Pts"},
                            "colors": {"red": "#000000", "bad": 5}, "fields": {"gem": ["value"]},
                            "dice": "not a list"})
    assert [z["name"] for z in m["table"]] == ["table", "deck"]
    assert m["hide"] == ["value"] and m["labels"] == {"points": "Pts"} and m["dice"] == []
    assert m["colors"]["red"] == "#000000" and "bad" not in m["colors"]
    assert m["fields"] == {"gem": ["value"]}


def test_every_bundled_game_has_display_facts():
    from conftest import game as compiled  # the games the other tests compile too, once
    for gid in bundled_games():
        g = compiled(gid)  # a bundled game that does not load fails here too
        m = meta(g)
        assert {z["name"] for z in m["table"]} == set(g.zones) - {"box"}, gid
        assert {z["name"] for z in m["player"]} == set(g.player_zones), gid


def test_an_answer_from_a_hidden_hand_is_read_only_by_its_chooser(secret):
    match = Match(secret, 3, seed=1)
    d = match.pending
    assert d.player.seat == 1
    assert match.pending.readers == frozenset({1})
    account = Account(match)
    label = d.options[0].label
    account.choose(0)
    echo = [i for i, line in enumerate(match.lines) if line == f"  Ann: {label}"]
    assert len(echo) == 1
    assert account.lines(1)[echo[0]] == f"  Ann: {label}"
    for viewer in (2, 3, None):
        assert account.lines(viewer)[echo[0]] == f"  Ann: {HIDDEN}"
        assert label not in account.lines(viewer)[echo[0]]
    assert account.lines(2, start=echo[0]) == account.lines(2)[echo[0]:]


def test_an_answer_about_public_cards_is_read_by_everyone(kaiju):
    match = Match(kaiju, 3, seed=7)
    account = Account(match)
    for _ in range(10):
        assert match.pending.readers is None  # Kaiju Incorporated has no private zone
        account.choose(0)
    assert account.lines(None) == account.lines(1) == match.lines


def test_who_reads_an_echo_is_the_decisions_declaration_whatever_its_label_names(secret):
    """No label is matched against card names (issue 23): a menu option naming a card of the chooser's hand
    is read by whoever the decision says, the same for every option."""
    match = Match(secret, 2, seed=2)
    d = match.pending
    hand = [p.card.name for p in d.player.zones["hand"].items]
    from interpreter.runtime.decisions import Option
    d.options.append(Option(f"Play {hand[0]}", "key"))
    d.options.append(Option("Pass", "pass"))
    assert match.pending.readers == frozenset({1})  # one declaration for the decision, whatever the option


def test_a_note_of_the_table_is_read_whole_by_the_answers_readers_and_without_its_label_by_the_others(secret):
    match = Match(secret, 3, seed=1)
    account = Account(match)
    account.choose(0)
    at = len(match.lines)
    account.note("  Ann takes back: Amber Gem", "  Ann takes back an answer", frozenset({1}))
    account.choose(0)
    assert account.size() == len(match.lines) + 1
    assert account.lines(1)[at] == "  Ann takes back: Amber Gem"
    for viewer in (2, 3, None):
        assert account.lines(viewer)[at] == "  Ann takes back an answer"
    assert account.lines(2)[:at] + account.lines(2)[at + 1:] == Account(match).lines(2)  # the rest as it was
    assert account.lines(1, start=at) == account.lines(1)[at:]


# ---- tooltips speak to players (issue 49): what of a doc is an author's note

AUTHORS = re.compile(r"`|\[[\w.]+\]|\b[A-Z]{2,}-[A-Z0-9]+\b|\b[a-z]+_[a-z_]+\b")


def test_a_doc_is_said_to_players_without_rule_ids_and_the_contents_own_names():
    assert spoken("a Hero card; `ability_steps` / `special_steps` say at which moments of a turn it may be used") \
        == "a Hero card"
    assert spoken("empty on the white side; [coloured_side] once turned (expert)") == "empty on the white side"
    assert spoken("HC-SETUP-5: 2 coins each") == "2 coins each"
    assert spoken("DZ-SETUP-2, DZ-INC-LIF: the Happiness Meter, 0 to 5") == "the Happiness Meter, 0 to 5"
    assert spoken("the villain spaces (a card's `slot`, 1 left to 3 right)") == "the villain spaces"
    assert spoken("people × hearts (HC-END-3) if the game ended now") == "people × hearts if the game ended now"
    assert spoken("bank account track, 0 to 11 ¥ (KI-SETUP-2, KI-INC-2: never above 11¥)") == \
        "bank account track, 0 to 11 ¥ (never above 11¥)"
    assert spoken("the K that bring an attack (KI-INC-4): forward onto the Kaiju Attack space, and backward as "
                  "the option backward_attacks says") == "the K that bring an attack: forward onto the Kaiju Attack space"
    assert spoken("the gems anyone may take (face up)") == "the gems anyone may take (face up)"  # players' words


@pytest.mark.parametrize("name", sorted(bundled_games()))
def test_the_page_is_told_no_authors_note_of_any_bundled_game(name):
    """No kind's or field's doc reaches the page (a card speaks by its face), and every other doc it is told is
    free of rule ids, backticks, bracketed names and the content's own snake_case names."""
    m = meta(load_game(bundled_games()[name]))
    assert "kind_docs" not in m and "field_docs" not in m
    docs = [z["doc"] for z in m["table"] + m["player"]] + [c["doc"] for c in m["counters"].values()]
    docs += [c["doc"] for c in m["player_counters"].values()] + list(m["var_docs"].values())
    docs += [e["doc"] for e in m["scoreboard"]]
    for doc in docs:
        assert not AUTHORS.search(doc), f"{name}: {doc!r}"


def test_the_lobbys_option_tooltips_speak_to_players():
    """An option's doc is the lobby's tooltip: without the rules' ids and the content's own names."""
    from interpreter.web.catalog import Catalog
    catalog = Catalog()
    docs = [(gid, o["doc"]) for gid in catalog.entries for o in catalog.summary(gid).get("options", []) if o["doc"]]
    assert docs and not [(gid, doc) for gid, doc in docs if AUTHORS.search(doc)]
    scoring = next(doc for gid, doc in docs if gid == "happy-city" and "kids" in doc)
    assert scoring == "people x hearts, or the kids' variant: people + hearts"  # was "... (HC-END-5)"
