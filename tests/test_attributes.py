"""The engine's own attributes of a card, a player and a zone (interpreter/runtime/attributes.py): declared once,
read alike by the runtime, by the code the optimiser inlines and by the checker. Expected values come from what
docs/language.md says each one is."""
from __future__ import annotations

import pytest

from interpreter import ContentError, load_game
from interpreter.runtime import ops
from interpreter.runtime.attributes import ATTRIBUTES, OWNERS, listed
from interpreter.runtime.verbs import TYPES
from interpreter.testing import Scenario
from tests.conftest import MINI_CARDS, MINI_GAME, write_game

# a procedure no content calls (its parameters are of no known kind: every read is tested in place), and one
# whose every call gives a player, a card and a zone (each read where it lies)
PROBE = """
  probe:
    params: [p, c, z]
    do: say("{p.seat} {p.index} {p.left.seat} {p.right.seat} {p.name} | {c.owner.seat} {c.zone} {c.id} {c.kind} {c.name} {c.uid} {c.played_by.seat} | {z.size} {z.top.id} {z.bottom.id} {z.owner.seat} {z.name}")
  typed:
    params: [p, c, z]
    do: say("{p.seat} {p.index} {p.left.seat} {p.right.seat} {p.name} | {c.owner.seat} {c.zone} {c.id} {c.kind} {c.name} {c.uid} {c.played_by.seat} | {z.size} {z.top.id} {z.bottom.id} {z.owner.seat} {z.name}")
  caller:
    params: []
    do: typed(players[0], top(deck), players[1].hand)
"""


def _game(tmp_path, optimise, monkeypatch):
    monkeypatch.setenv("MEEPLE_OPTIMISE", optimise)
    text = MINI_GAME.replace("procedures:\n", "procedures:" + PROBE)
    return load_game(write_game(tmp_path / optimise, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))


def _position(game):
    """Three players; in the second's hand Red One at the bottom, then Blue Two, which the first played there
    from their own hand."""
    s = Scenario(game, 3)
    red = s.put("red_one", s.zone("hand", 2))
    blue = s.put("blue_two", s.zone("hand", 1))
    s.match.place(blue, s.zone("hand", 2))
    return s, red, blue


@pytest.mark.parametrize("optimise", ["all", "none"])
def test_each_attribute_reads_what_the_language_says(tmp_path, monkeypatch, optimise):
    """Read by compiled content, optimised or not, of what is known to be a player, a card and a zone and of
    what is not known: a player's seat from 1, its place in `players` from 0, the next and the one before
    (round the table); a card's owner, zone, id, kind, name, copy number and who played it; a zone's size, its
    top (the last put there), bottom, owner and name."""
    s, red, blue = _position(_game(tmp_path, optimise, monkeypatch))
    p3, hand = s.p(3), s.zone("hand", 2)
    s.call("probe", p3, blue, hand)
    s.call("typed", p3, blue, hand)
    want = f"3 2 1 2 {p3.name} | 2 hand blue_two token Blue Two {blue.uid} 1 | 2 blue_two red_one 2 hand"
    assert s.lines()[-2:] == [want, want]
    assert red.uid != blue.uid


def test_every_inline_form_reads_what_the_runtime_reads(tmp_path, monkeypatch):
    """Each attribute's inline form, written as code generation writes it, gives what its runtime read and
    ops.get give, of every object of its owner's type in a position (cards in owned and shared zones, an
    empty zone and a full one, each player)."""
    s, _, _ = _position(_game(tmp_path, "all", monkeypatch))
    m = s.match
    zones = [*m.zones.values(), *(z for p in m.players for z in p.zones.values())]
    objects = {"card": [c for z in zones for c in z.items], "player": list(m.players), "zone": zones}
    assert any(not z.items for z in zones) and any(z.owner is None and z.items for z in zones)
    ns = {"__builtins__": {}, "len": len}
    for owner, attrs in ATTRIBUTES.items():
        assert objects[owner]
        for a in attrs.values():
            code = a.inline.format(o="o")
            for o in objects[owner]:
                read = a.read(m, o)
                assert eval(code, ns, {"o": o, "M": m}) == read, (owner, a.name)
                assert ops.get(m, o, a.name) == read, (owner, a.name)


def test_the_registry_lists_each_attribute_with_a_type_and_a_doc():
    """What the language server and the docs read: every attribute once, typed in the verbs' words."""
    rows = listed()
    assert {(r["owner"], r["name"]) for r in rows} == {(o, n) for o in OWNERS for n in ATTRIBUTES[o]}
    assert len(rows) == sum(map(len, ATTRIBUTES.values()))
    for r in rows:
        assert r["type"].removesuffix(" or none") in TYPES and r["doc"].endswith("."), r


@pytest.mark.parametrize("call, message", [
    ("say(rivals(deck.top))", "`rivals` wants a player here, not a card"),
    ("say(rivals(p.hand.size))", "`rivals` wants a player here, not a number"),
    ("shuffle(p.name)", "`shuffle` wants a zone here, not a string"),
    ("say(rivals(top(deck).played_by.seat))", "`rivals` wants a player here, not a number"),
])
def test_the_checker_knows_each_attributes_type(tmp_path, call, message):
    """The type the registry gives an attribute is the checker's: a card, a number, a string, a player."""
    text = MINI_GAME.replace("    do: p.coins += n", f"    do: {call}")
    with pytest.raises(ContentError) as e:
        load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    (d,) = [d for d in e.value.diagnostics if d.severity == "error"]
    assert d.code == "E-TYPE" and d.message.startswith(message), d.full_message()


@pytest.mark.parametrize("call", ["say(rivals(p.left))", "say(rivals(top(deck).owner))", "move(p.hand.top, deck)",
                                  "say(rivals(top(deck).played_by))", "shuffle(p.hand)"])
def test_an_attribute_given_where_its_type_is_wanted_loads(tmp_path, call):
    text = MINI_GAME.replace("    do: p.coins += n", f"    do: {call}")
    load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))


def test_a_games_own_name_comes_before_the_engines_attribute(tmp_path, monkeypatch):
    """A player's var named `left` is read as the var, by the runtime and by compiled code alike."""
    monkeypatch.setenv("MEEPLE_OPTIMISE", "all")
    text = MINI_GAME.replace("    laps: 0\n", "    laps: 0\n    left: 7\n").replace(
        "    do: p.coins += n", '    do: say("{p.left}")')
    s = Scenario(load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS})), 2)
    s.call("gain", s.p(1), 1)
    assert s.lines()[-1] == "7" and ops.get(s.match, s.p(1), "left") == 7
