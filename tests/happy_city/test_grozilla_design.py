"""Grozilla's 20 multi-coloured buildings are designed (the cards are not public): the tests hold them to what the
design says of them (grozilla/cards/buildings.yaml) and to the facts the reference gives of pile IV.

- Reference (S14, S15): pile IV's costs are "mixed, 0 to 9"; its colours are in "perfect balance".
- Design: each pair of colours is on one card and each triple on one card, so every colour is on 10 cards.
- Design: "priced like the base buildings (about 2 coins per icon, a crossed-out icon -2) plus 1 coin per colour
  beyond the first". Read as two checks: a card with the very icons of a base building costs that building's
  printed price (the reference's table) plus its extra colours; and every card is within 1 coin ("about") of
  2 coins per icon, -2 per crossed-out icon, plus its extra colours, never below 0.
"""
from __future__ import annotations

import itertools

import pytest

from .helpers import game
from .test_card_data import BUILDINGS, COLOUR

# ids only: the cards are read inside each test from the (cached) game, so that a changed file is seen
PILE_IV_IDS = sorted(c.id for c in game(True).cards.values() if c.kind == "building" and c.fields["deck"] == 4)


def pile_iv():
    return [c for c in game(True).cards.values() if c.kind == "building" and c.fields["deck"] == 4]
# the reference's base-game price of each set of icons (income, people, hearts): one price per set
BASE_PRICE = {}
for _deck, _name, _colour, cost, inc, ppl, hrt in BUILDINGS:
    BASE_PRICE.setdefault((inc, ppl, hrt), set()).add(cost)


def icons(card):
    f = card.fields
    return f["income"], f["people"], f["hearts"]


def test_gz_design_base_prices_are_one_per_set_of_icons():
    """The reference's base buildings with the same icons all cost the same: a price per set of icons exists."""
    assert all(len(prices) == 1 for prices in BASE_PRICE.values())


def test_gz_design_twenty_cards_each_pair_and_each_triple_of_colours_once():
    """Design: 20 cards, one of each pair and one of each triple of colours; each colour on 10 cards."""
    cards = pile_iv()
    assert len(cards) == 20 and all(c.copies == 1 for c in cards)
    sets = sorted(tuple(sorted(c.fields["colours"])) for c in cards)
    colours = sorted(COLOUR.values())
    assert sets == sorted(tuple(sorted(s)) for k in (2, 3) for s in itertools.combinations(colours, k))
    assert all(sum(col in c.fields["colours"] for c in cards) == 10 for col in colours)


def test_gz_design_costs_span_zero_to_nine():
    """Reference S14, S15: pile IV's costs are mixed, from 0 to 9 coins."""
    costs = [c.fields["cost"] for c in pile_iv()]
    assert min(costs) == 0 and max(costs) == 9


@pytest.mark.parametrize("card_id", PILE_IV_IDS)
def test_gz_design_priced_like_a_base_building_plus_a_coin_per_extra_colour(card_id):
    """Design: a pile IV card with a base building's icons costs that building's price plus 1 coin per colour
    beyond the first; every card costs about (within 1 coin of) 2 coins per icon, -2 per crossed-out icon, plus
    1 coin per colour beyond the first, and never less than 0."""
    card = game(True).cards[card_id]
    extra = len(card.fields["colours"]) - 1
    cost = card.fields["cost"]
    if icons(card) in BASE_PRICE:
        (base,) = BASE_PRICE[icons(card)]
        assert cost == base + extra
    rough = max(0, 2 * sum(icons(card)) + extra)
    assert abs(cost - rough) <= 1
    assert 0 <= cost <= 9
