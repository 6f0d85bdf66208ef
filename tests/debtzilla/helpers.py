"""Small helpers shared by the Debtzilla scenario tests."""
from __future__ import annotations

from interpreter.runtime import ops
from interpreter.runtime.state import own_fields

PHASES = {"working": 0, "shopping": 1, "vigilante": 2, "resolve": 3}


def field(s, piece, name):
    """A card's field as content reads it (`piece.name`)."""
    return ops.get(s.match, piece, name)


def setf(piece, name, value):
    """Set a card's field directly (a position for a test): the piece's own, never its card's."""
    own_fields(piece)[name] = value


def phase(s, name, answers=()):
    return s.run(s.game.phases[PHASES[name]].body, answers=answers)


def ids(zone):
    return [p.card.id for p in zone.items]


def card_in(zone, card_id):
    for p in zone.items:
        if p.card.id == card_id:
            return p
    raise AssertionError(f"no {card_id} in {zone.name}: {ids(zone)}")


def move(s, piece, zone, bottom=False):
    s.match.place(piece, zone, bottom)
    return piece


def take(s, card_id, zone, bottom=False):
    """A copy of a card from wherever it lies (the box first) onto a zone."""
    m = s.match
    places = [m.zones["box"]] + [z for n, z in m.zones.items() if n != "box"]
    for p in m.players:
        places += list(p.zones.values())
    for z in places:
        for piece in reversed(z.items):
            if piece.card.id == card_id:
                m.place(piece, zone, bottom)
                return piece
    raise AssertionError(f"no {card_id} anywhere")


def give_hero(s, seat, hero_id):
    """Give the player this Hero; a player holding it gets the player's old Hero instead."""
    p = s.p(seat)
    mine = list(p.zones["hero"].items)
    for q in s.match.players:
        for h in list(q.zones["hero"].items):
            if h.card.id == hero_id and q is not p:
                for old in mine:
                    s.match.place(old, q.zones["hero"])
                mine = []
    for old in mine:
        s.match.place(old, s.zone("hero_pool"))
    return take(s, hero_id, p.zones["hero"])


def heroes(s, *hero_ids):
    """Give players 1, 2, ... these Heroes."""
    for p in s.match.players:
        for h in list(p.zones["hero"].items):
            s.match.place(h, s.zone("hero_pool"))
    return [take(s, h, s.p(i + 1).zones["hero"]) for i, h in enumerate(hero_ids)]


def clear(s, zone, to="box"):
    for piece in list(zone.items):
        s.match.place(piece, s.zone(to))


def empty_hands(s):
    """Every player's Play Area, deck and discard pile back in the box."""
    for p in s.match.players:
        for z in ("play", "deck", "discard"):
            clear(s, p.zones[z])


def stack(s, zone, *card_ids):
    """Put copies of cards onto a zone so that the first id is on top (drawn first)."""
    for card_id in reversed(card_ids):
        take(s, card_id, zone)


def villain(s, card_id, slot):
    """Put a villain (or boss card) in a villain space (it leaves wherever it was)."""
    v = take(s, card_id, s.zone("villains"))
    setf(v, "slot", slot)
    return v


def citizen(s, card_id, slot, wealth=None):
    c = take(s, card_id, s.zone("citizens"))
    setf(c, "slot", slot)
    setf(c, "wealth", field(s, c, "start_wealth") if wealth is None else wealth)
    return c


def board(s, villains=(), citizens=()):
    """Clear the villain and citizen spaces, then put these: villains [(id, slot)], citizens [(id, slot, wealth)]."""
    clear(s, s.zone("villains"), "unused_villains")
    clear(s, s.zone("citizens"), "unused_citizens")
    out = [villain(s, vid, slot) for vid, slot in villains]
    out += [citizen(s, cid, slot, *w) for cid, slot, *w in citizens]
    return out


def deck_out(s, deck, to):
    """Every card of a deck but its Last ... Standing card set aside (to zone `to`): none is left to come."""
    for piece in [p for p in s.zone(deck).items if p.card.kind != "marker"]:
        s.match.place(piece, s.zone(to))


def dice_values(zone):
    return sorted(p.f["value"] for p in zone.items)


def roll_as(s, seat, *values, ally=False):
    """Roll the player's dice (roll_dice), then set them to these values (the first rolled first)."""
    s.call("roll_dice", s.p(seat))
    z = s.p(seat).zones["ally_rolled" if ally else "rolled"]
    assert len(z.items) == len(values), f"rolled {len(z.items)} dice, not {len(values)}"
    for d, v in zip(z.items, values, strict=True):
        setf(d, "value", v)
    return list(z.items)


def set_rolled(s, seat, *values, ally=False):
    z = s.p(seat).zones["ally_rolled" if ally else "rolled"]
    for d, v in zip(z.items, values, strict=True):
        setf(d, "value", v)


def target(s, seat, *villain_pieces):
    s.p(seat).vars["targets"] = list(villain_pieces)


def lines_with(s, fragment):
    return [line for line in s.match.lines if fragment in line]


def has_line(s, fragment):
    return any(fragment in line for line in s.match.lines)


def value(s, name, *args):
    """A function or named value of the game, as content reads it."""
    return s.game.functions[name](s.match, None, None, *args)


def hero_of(s, seat):
    return s.p(seat).zones["hero"].items[0]
