"""Kaiju Incorporated: the card data against what the rulebook prints (117 cards, 5 Kaijuskin Handbags worth 4 VP,
the six Special Actions and their costs) and against the design rules the card files state for the values that are
not public (the Start sets, the Building deck's costs per suit and timing)."""
from __future__ import annotations

from collections import Counter

import pytest

from .helpers import cards_of


def defs(s, kind, **fields):
    return [c for c in s.game.cards.values() if c.kind == kind and all(c.fields.get(k) == v for k, v in fields.items())]


def test_card_count_is_the_rulebooks_117(scenario):
    """Components: 117 cards."""
    s = scenario("kaiju-inc", 3)
    assert sum(c.copies for c in s.game.cards.values()) == 117


def test_special_actions_are_the_rulebooks_six_at_its_prices(scenario):
    """KI-SA-1..5: Hostile Takeover (x3, price "?": the target's cost), Kaiju Mind Control 4¥, No-Bid Contract 5¥,
    Patent Lawsuit 9¥, one card each."""
    s = scenario("kaiju-inc", 3)
    got = {c.name: (c.fields["cost"], c.copies) for c in defs(s, "action")}
    assert got == {"Hostile Takeover (Industrial)": (0, 1), "Hostile Takeover (Construction)": (0, 1),
                   "Hostile Takeover (Technology)": (0, 1), "Kaiju Mind Control": (4, 1), "No-Bid Contract": (5, 1),
                   "Patent Lawsuit": (9, 1)}
    assert {c.id: c.fields["suit"] for c in defs(s, "action") if c.id.startswith("hostile")} == {
        "hostile_takeover_industrial": "industrial", "hostile_takeover_construction": "construction",
        "hostile_takeover_technology": "technology"}


def test_five_kaijuskin_handbags(scenario):
    """KI-SETUP-4, KI-END-2: 5 Kaijuskin Handbags."""
    s = scenario("kaiju-inc", 3)
    assert len(cards_of(s, "product", handbag=True)) == 5


def test_company_names_are_the_references_five(scenario):
    s = scenario("kaiju-inc", 3)
    assert sorted(c.name for c in defs(s, "company")) == ["Babayagitch Corporation", "Gwai Group", "Hawkesbury Limited",
                                                         "Kaijumoto Keiretsu", "Monstersanto"]


def test_ki_end_5_company_cards_print_the_city_count_table(scenario):
    """KI-END-5: "a VP bonus for the number of different cities represented in their tableaus, as indicated on their
    Company cards (0/1/3/6/10/14/17/19)": every Company card's text prints the table for 1 to 8 cities, the same
    figures the game scores with, and its home city's 5 VP majority (KI-END-4)."""
    s = scenario("kaiju-inc", 3)
    table = s.game.constants["diversity_vp"]
    assert table == [0, 1, 3, 6, 10, 14, 17, 19]
    printed = "Different cities in your tableau: 1/2/3/4/5/6/7/8 score " + "/".join(map(str, table)) + " VP."
    for c in defs(s, "company"):
        assert printed in c.fields["text"], c.id
        city = s.game.constants["city_names"][c.fields["city"]]
        assert f"5 VP if you have more buildings in {city} than any rival." in c.fields["text"]


def test_start_player_card_is_the_rulebooks_one(scenario):
    """KI-SETUP-6, KI-TURN-7: "Place the start player card in front of this player", "The start player marker passes
    clockwise": one Start Player card, its text saying both."""
    s = scenario("kaiju-inc", 3)
    [card] = defs(s, "marker")
    assert (card.id, card.name, card.copies) == ("start_player_card", "Start Player", 1)
    assert "the first to take a card from the row" in card.fields["text"]
    assert "passes clockwise when the turn ends" in card.fields["text"]


def test_every_start_set_has_the_same_figures_in_its_home_city(scenario):
    """The card file's design: each company's 3 Start cards lie in its home city, one per suit: a Your Turn money card
    (cost 3: 3¥ 0R 1K), a Your Turn research card (cost 3: 1¥ 1R 1K), a Rival's Turn card (cost 2: 1¥ 1R 0K)."""
    s = scenario("kaiju-inc", 3)
    for company in defs(s, "company"):
        start = defs(s, "building", start=True, city=company.fields["city"])
        assert sorted(c.fields["suit"] for c in start) == ["construction", "industrial", "technology"]
        figures = sorted((c.fields["timing"], c.fields["cost"], c.fields["money"], c.fields["research"], c.fields["kaiju"])
                         for c in start)
        assert figures == [("rival_turn", 2, 1, 1, 0), ("your_turn", 3, 1, 1, 1), ("your_turn", 3, 3, 0, 1)]
    assert len(defs(s, "building", start=True)) == 15


@pytest.mark.parametrize("suit", ["construction", "industrial", "technology"])
def test_building_deck_costs_per_suit_and_timing(scenario, suit):
    """The card file's design: per suit, one Your Turn and one Rival's Turn card per city; Your Turn costs 1, 2, 3, 4,
    5, 6, 7, 9 and Rival's Turn costs 2, 3, 4, 4, 5, 5, 6, 8."""
    s = scenario("kaiju-inc", 3)
    yt = defs(s, "building", start=False, suit=suit, timing="your_turn")
    rt = defs(s, "building", start=False, suit=suit, timing="rival_turn")
    assert sorted(c.fields["cost"] for c in yt) == [1, 2, 3, 4, 5, 6, 7, 9]
    assert sorted(c.fields["cost"] for c in rt) == [2, 3, 4, 4, 5, 5, 6, 8]
    assert Counter(c.fields["city"] for c in yt) == Counter(c.fields["city"] for c in rt) == Counter(
        ["moscow", "hong_kong", "sydney", "tokyo", "st_louis", "london", "mumbai", "rio_de_janeiro"])


def test_every_city_is_worth_about_the_same(scenario):
    """The card file's design: every city's Building-deck cards cost 27 or 28¥ in all; 5 pollution-control cards
    (negative K), each -1K."""
    s = scenario("kaiju-inc", 3)
    deck = defs(s, "building", start=False)
    assert len(deck) == 48
    totals = Counter()
    for c in deck:
        totals[c.fields["city"]] += c.fields["cost"]
    assert set(totals.values()) <= {27, 28} and len(totals) == 8
    assert sorted(c.fields["kaiju"] for c in deck if c.fields["kaiju"] < 0) == [-1] * 5
