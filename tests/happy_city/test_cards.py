"""Happy City: every building and every family special does what its card says, one test per card, named by the
card's id: a building is bought for its price (not a coin less), takes the next place of the city and adds its
income, people, hearts and colours (HC-ACT-5, HC-ACT-6, HC-INC-1, HC-END-3); a family special is claimable exactly
when its colour condition is met (HC-ACT-8) and adds its income, people and hearts (HC-ACT-9)."""
from __future__ import annotations

from collections import Counter

import pytest

from .helpers import city, coins, fn, game, hearts, ids, income, make, market, people, set_coins

BASE = sorted(c.id for c in game().cards.values() if c.kind == "building")
MULTI = sorted(c.id for c in game(True).cards.values() if c.kind == "building" and c.fields["deck"] == 4)
FAMILY = sorted(c.id for c in game().cards.values() if c.kind == "special" and c.fields["mode"] == "family")

# the single-coloured cards that meet a condition, two of each colour (a family condition needs at most 2 of one)
SINGLES = {"blue": ["school", "library"], "green": ["igloo", "house"], "orange": ["haunted_house", "hotel"],
           "purple": ["factory", "steel_mill"], "yellow": ["grocery_store", "shoe_store"]}


def totals(s, seat):
    return income(s, seat), people(s, seat), hearts(s, seat)


@pytest.mark.parametrize("card_id", BASE + [f"gz:{m}" for m in MULTI])
def test_hc_act_6_every_building_is_bought_for_its_price_and_counts_its_icons(card_id):
    """HC-ACT-5, HC-ACT-6, HC-INC-1, HC-END-3, GZ-MULTI-1: with one coin less than its price a building is not
    offered; with its price it is bought for exactly that, placed last in the city, and its income, people, hearts
    and every colour it shows are the city's."""
    grozilla = card_id.startswith("gz:")
    cid = card_id.removeprefix("gz:")
    s = make(3, grozilla=grozilla)
    for seat in (1, 2, 3):
        market(s, seat)
    f = s.game.cards[cid].fields
    piece = s.put(cid, s.zone("supply"))
    before = totals(s, 1)
    colours = {c: fn(s, "colour_count", s.p(1), c) for c in SINGLES}
    if f["cost"] > 0:
        set_coins(s, 1, f["cost"] - 1)
        assert not fn(s, "can_buy", s.p(1), piece)
    set_coins(s, 1, f["cost"])
    assert fn(s, "can_buy", s.p(1), piece)
    assert s.call("buy", s.p(1), piece) is None
    assert coins(s, 1) == 0
    assert ids(s, 1)[-1] == cid
    assert totals(s, 1) == (before[0] + f["income"], before[1] + f["people"], before[2] + f["hearts"])
    assert {c: fn(s, "colour_count", s.p(1), c) for c in SINGLES} == \
        {c: n + (1 if c in f["colours"] else 0) for c, n in colours.items()}


@pytest.mark.parametrize("special_id", FAMILY)
def test_hc_act_8_every_family_special_is_claimable_exactly_when_its_condition_is_met(special_id):
    """HC-ACT-8, HC-ACT-9: a family special is claimable with its condition met, not with any one card of it missing;
    claimed, it adds its printed income, people and hearts."""
    s = make(3)
    f = s.game.cards[special_id].fields
    need = Counter(f["need"])
    cards = [cid for colour, n in need.items() for cid in SINGLES[colour][:n]]
    for short in range(len(cards)):  # each card of the condition left out in turn
        t = make(3)
        market(t, 1)
        city(t, 1, *(cards[:short] + cards[short + 1:]))
        sp = t.put(special_id, t.zone("specials"))
        assert not fn(t, "claimable", t.p(1), sp)
    market(s, 1)
    city(s, 1, *cards)
    sp = s.put(special_id, s.zone("specials"))
    assert fn(s, "claimable", s.p(1), sp)
    before = totals(s, 1)
    assert s.call("claim_step", s.p(1), answers=[s.game.cards[special_id].name]) is None
    assert ids(s, 1)[-1] == special_id
    assert totals(s, 1) == (before[0] + f["income"], before[1] + f["people"], before[2] + f["hearts"])
