"""Card faces (a kind's `face:`), the content's `scoreboard:`, and what the page is given with them: the
declarations checked against the game's names with their places, every bundled card's text and name, the
scoreboard's values against the match's own scores, and the cards an option picks sent to its chooser alone."""
from __future__ import annotations

import itertools
import re
import textwrap

import pytest
from conftest import CONTENT, MINI_CARDS, MINI_GAME, game, write_game

from interpreter import ContentError, Match, load_game
from interpreter.agents import make_agent
from interpreter.loader.layers import include_options
from interpreter.web import scores
from interpreter.web.layout import meta

BUNDLED = ["kaiju-inc", "debtzilla", "happy-city"]


def option_sets(gid):
    keys = include_options(CONTENT / gid)
    for combo in itertools.product(*keys.values()):
        yield dict(zip(keys, combo, strict=True))


def errors_of(folder):
    with pytest.raises(ContentError) as e:
        load_game(folder)
    return [d for d in e.value.diagnostics if d.severity == "error"]


def line_of(text: str, needle: str) -> int:
    """The line of `needle` in the file write_game writes from `text` (dedented, leading newlines dropped)."""
    written = textwrap.dedent(text).lstrip("\n")
    return next(i for i, ln in enumerate(written.splitlines(), 1) if needle in ln)


FACED = MINI_GAME.replace("    fields: {colour: colour, value: int}\n",
                          "    fields: {colour: colour, value: int}\n    face: {cost: value, chips: [colour]}\n")


def test_a_face_names_fields_of_its_kind_and_is_kept_by_the_model(tmp_path):
    g = load_game(write_game(tmp_path, {"game.yaml": FACED, "cards/t.yaml": MINI_CARDS}))
    f = g.faces["token"]
    assert (f.cost, f.chips, f.text, f.title) == ("value", ("colour",), (), None)
    m = meta(g)
    assert m["faces"]["token"]["cost"] == "value" and m["faces"]["token"]["label"] == "token"
    assert m["chip_colors"]["colour"] == {"red": "#cc4125", "blue": "#3d85c6"}


@pytest.mark.parametrize("key,value", [("cost", "valeu"), ("text", "[colour, txt]"), ("chips", "[color]")])
def test_a_face_naming_a_field_its_kind_lacks_is_an_error_at_its_place(tmp_path, key, value):
    line = f"    face: {{{key}: {value}}}"
    text = MINI_GAME.replace("    fields: {colour: colour, value: int}\n",
                             f"    fields: {{colour: colour, value: int}}\n{line}\n")
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    found = [d for d in errors_of(folder) if d.code == "E-UNKNOWN-FIELD"]
    assert len(found) == 1, found
    d = found[0]
    bad = value.strip("[]").split(", ")[-1]
    assert f"`{bad}`, which is not a field of `token`" in d.message
    assert d.place.line == line_of(text, line) and d.place.col == line.index(bad) + 1
    assert "value" in d.hint or "colour" in d.hint  # did you mean, or the kind's fields


def test_a_scoreboard_entry_needs_an_expression_or_the_score(tmp_path):
    text = MINI_GAME + "scoreboard:\n  - {label: coins}\n  - {label: points, score: true, expr: me.coins}\n"
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    found = [d for d in errors_of(folder) if d.code == "E-VALUE"]
    assert [d.place.line for d in found] == [line_of(text, "{label: coins}"), line_of(text, "{label: points")]


def test_a_scoreboard_entry_with_an_unknown_name_is_placed(tmp_path):
    text = MINI_GAME + "scoreboard:\n  - {label: coins, expr: me.coinz}\n"
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    d = errors_of(folder)[0]
    assert "coinz" in d.message and d.place.line == line_of(text, "me.coinz")


@pytest.mark.parametrize("gid", BUNDLED)
def test_every_card_of_a_bundled_game_has_a_face_and_a_text(gid):
    for options in option_sets(gid):
        g = game(gid, options)
        for c in g.cards.values():
            if c.kind not in g.faces:  # dice are drawn as dice
                assert c.kind in meta(g)["dice"], (gid, c.id)
                continue
            face = g.faces[c.kind]
            for k in face.text:
                assert isinstance(c.fields[k], str) and len(c.fields[k].strip()) >= 5, (gid, c.id, k)
            # bookkeeping (a round number kept by the rules) is not drawn: every field drawn is one players read
            assert not [k for k in face.fields() if k.endswith("_round")], (gid, c.kind)


@pytest.mark.parametrize("gid", BUNDLED)
def test_no_card_of_a_bundled_game_has_a_placeholder_name(gid):
    placeholder = re.compile(r"placeholder|\b(card|villain|citizen|hero|building|product|tbd)\s*\d+\b|^\W*$", re.I)
    for options in option_sets(gid):
        g = game(gid, options)
        names = [c.name for c in g.cards.values()]
        assert not [n for n in names if placeholder.search(n)], gid


def _played(gid, decisions, seed=5):
    m = Match(game(gid), 3, seed, {})
    bots = [make_agent("random", i + 1, seed + i) for i in range(3)]
    while not m.over and decisions:
        m.choose(bots[m.pending.player.index].choose(m.view(m.pending.player), m.pending))
        decisions -= 1
    return m


@pytest.mark.parametrize("gid", ["kaiju-inc", "happy-city"])
def test_the_scoreboards_score_is_the_games_own_score_during_and_at_the_end(gid):
    g = game(gid)
    col = next(i for i, e in enumerate(g.scoreboard) if e.score)
    for decisions in (30, 10 ** 6):
        m = _played(gid, decisions)
        v = scores.values(m, 1)
        assert {int(s): row[col] for s, row in v["players"].items()} == {p.seat: m.score_of(p) for p in m.players}
    assert m.over and {int(s): row[col] for s, row in v["players"].items()} == m.result.scores


def test_the_cooperative_game_shows_the_bosss_health_on_its_track():
    g = game("debtzilla")
    m = _played("debtzilla", 40)
    v = scores.values(m, None)
    i = next(i for i, e in enumerate(g.scoreboard) if e.label == "Boss Health")
    assert g.scoreboard[i].per == "game" and v["game"][i] == m.counters["boss_health"] and v["max"][i] == 100
    assert all(row[i] is None for row in v["players"].values())


def test_a_private_entry_is_sent_to_its_player_alone(tmp_path):
    text = MINI_GAME + "scoreboard:\n  - {label: in hand, expr: count(me.hand), private: true}\n" \
                       "  - {label: coins, expr: me.coins}\n"
    g = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    m = Match(g, 2, 1, {})
    m.choose(0)
    v = scores.values(m, 1)
    assert v["players"]["1"][0] == 1 and v["players"]["2"][0] is None
    assert scores.values(m, None)["players"]["1"][0] is None
    assert v["players"]["2"][1] == m.players[1].counters["coins"]


def _hidden_at_each_decision(g, players: int, seed: int):
    """(the deciding player, the other seats the hand-over rule says may not see its screen) at each decision
    of a random match."""
    from interpreter.web.handover import unseen_by
    m = Match(g, players, seed, {})
    bots = [make_agent("random", i + 1, seed * 10 + i) for i in range(players)]
    while not m.over:
        d = m.pending
        yield m, d.player, unseen_by(m, d, [p for p in m.players if p is not d.player])
        m.choose(bots[d.player.index].choose(m.view(d.player), d))


def test_a_hand_over_is_needed_only_where_a_seat_has_something_private():
    """Happy City and Kaiju Incorporated show every seat the same cards: never a hand-over. Hands only their owner
    sees (secret-hands): the deciding seat's own hand is hidden from the others. Hanabi's hands are held facing
    out ("seen by every other player, not its owner"): the deciding seat is shown every other seat's hand,
    which that seat may not see: each other seat holding cards must not see the screen."""
    from pathlib import Path
    for gid in ("happy-city", "kaiju-inc"):
        assert all(hidden == [] for _m, _p, hidden in _hidden_at_each_decision(game(gid), 3, 1))
    secret = load_game(Path(__file__).resolve().parent / "e2e" / "games" / "secret-hands")
    for _m, p, hidden in _hidden_at_each_decision(secret, 2, 2):
        assert hidden == ([3 - p.seat] if p.zones["hand"].items else [])
    seen = 0
    for m, p, hidden in _hidden_at_each_decision(game("hanabi"), 3, 3):
        assert hidden == [o.seat for o in m.players if o is not p and o.zones["hand"].items]
        seen += bool(hidden)
    assert seen > 10


def test_layout_hints_name_things_the_game_has_at_their_places(tmp_path):
    text = MINI_GAME + "layout:\n  table: [pool, poll]\n  hide: [laps, coinz]\n  labels: {coins: Gold}\n"
    folder = write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})
    found = [d for d in errors_of(folder) if d.code == "E-UNKNOWN-NAME"]
    assert [(d.place.line, d.place.col) for d in found] == [(line_of(text, "table: [pool, poll]"), 17),
                                                             (line_of(text, "hide: [laps, coinz]"), 16)]
    assert "`poll`" in found[0].message and "pool" in found[0].hint and "coins" in found[1].hint
    ok = MINI_GAME + "layout:\n  table: [pool]\n  hide: [laps, deck]\n  labels: {coins: Gold}\n"
    g = load_game(write_game(tmp_path / "ok", {"game.yaml": ok, "cards/t.yaml": MINI_CARDS}))
    m = meta(g)
    assert [z["name"] for z in m["table"]][0] == "pool" and m["hide"] == ["laps", "deck"]
    assert m["labels"] == {"coins": "Gold"}


def test_a_watched_catalog_reloads_a_changed_game_and_lists_a_broken_ones_problems(tmp_path):
    from interpreter.web.catalog import Catalog
    folder = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME, "cards/t.yaml": MINI_CARDS})
    cat = Catalog(str(folder), watch=True)
    first = cat.game("mini", {})
    assert cat.refresh() == [] and cat.game("mini", {}) is first  # nothing changed: the same compiled game
    cards = folder / "cards" / "t.yaml"
    cards.write_text(cards.read_text().replace("value: 2", "value: 7"))
    assert cat.refresh() == ["mini"]
    assert cat.game("mini", {}).cards["blue_two"].fields["value"] == 7 and first.cards["blue_two"].fields["value"] == 2
    cards.write_text(cards.read_text().replace("value: 7", "valeu: 7"))
    assert cat.refresh() == ["mini"]
    s = cat.summary("mini")
    lines = cards.read_text().splitlines()
    assert {"file": "cards/t.yaml", "line": lines.index("  valeu: 7") + 1, "column": 3} in \
        [{k: p[k] for k in ("file", "line", "column")} for p in s["problems"]]
    assert "does not load" in s["error"] and "did you mean `value`" in " ".join(p["message"] for p in s["problems"])
    cards.write_text(cards.read_text().replace("valeu: 7", "value: 7"))
    assert cat.refresh() == ["mini"] and "error" not in cat.summary("mini")


def test_a_game_broken_at_start_is_served_broken_when_watched_and_refused_otherwise(tmp_path):
    from interpreter.web.catalog import Catalog
    folder = write_game(tmp_path / "mini", {"game.yaml": MINI_GAME, "cards/t.yaml": MINI_CARDS.replace("value: 1", "value: one")})
    with pytest.raises(ContentError):
        Catalog(str(folder))
    s = Catalog(str(folder), watch=True).summary("mini")
    assert s["problems"][0]["file"] == "cards/t.yaml" and s["problems"][0]["line"] == 5


UNAVAILABLE_GAME = MINI_GAME.replace('''round:
  - phase: main
    do: |
''', '''round:
  - phase: main
    do: |
      for p in players {
        if p.coins < 3 { unavailable("Buy a star", "a star costs 3 coins; {p.name} has {p.coins}") }
        ask by p "{p.name}: what now?" {
          "Buy a star" when p.coins >= 3 { p.coins -= 3 }
          "Rest" { say("{p.name} rests.") }
          "Sing" { say("{p.name} sings.") }
        }
      }
''')


def test_the_content_says_why_an_option_is_not_offered_to_the_next_menu_alone(tmp_path):
    g = load_game(write_game(tmp_path, {"game.yaml": UNAVAILABLE_GAME, "cards/t.yaml": MINI_CARDS}))
    m = Match(g, 2, 1, {})
    d = m.pending
    assert d.labels() == ["Rest", "Sing"]
    assert d.unavailable == (("Buy a star", "a star costs 3 coins; Ann has 0"),)
    m.choose(0)
    assert m.pending.labels() == ["Rest", "Sing"] and m.pending.unavailable == (("Buy a star", "a star costs 3 coins; Ben has 0"),)
    m.choose(1)
    assert m.pending.unavailable == ()  # the next decision is the `choose` of the round: no menu, no reason


def test_debtzilla_says_why_a_gadget_cannot_be_bought_exactly_when_it_cannot():
    """DZ shopping (rulebook: "Only 1 Gadget can be purchased during each turn"; a gadget is bought at its price):
    at every Shopping Board menu, "Buy a gadget" is either offered or said unavailable, with the reason that holds."""
    g = game("debtzilla")
    seen = set()
    for seed in range(1, 6):
        m = Match(g, 3, seed, {})
        bots = [make_agent("random", i + 1, seed * 10 + i) for i in range(3)]
        while not m.over:
            d = m.pending
            if "at the Shopping Board" in d.prompt:
                p = d.player
                offered = "Buy a gadget" in d.labels()
                why = dict(d.unavailable).get("Buy a gadget")
                assert offered != (why is not None), (seed, d.labels(), d.unavailable)
                if why is not None:
                    if p.vars["bought"]:
                        assert why == f"only one gadget may be bought each turn, and {p.name} has bought one"
                        seen.add("bought")
                    else:
                        assert why == f"no gadget in the shop costs {p.counters['wonga']}W or less"
                        seen.add("poor")
            m.choose(bots[d.player.index].choose(m.view(d.player), d))
    assert seen == {"bought", "poor"}
