"""Kaiju Incorporated: setup (KI-SETUP-1 .. KI-SETUP-6)."""
from __future__ import annotations

import pytest

from .helpers import cards_of, line_index

SEEDS = range(8)


def kinds(zone):
    return [p.card.kind for p in zone.items]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_ki_setup_1_company_tracker_and_home_start_cards(scenario, players):
    """KI-SETUP-1: each player gets a Company, a tracker card and the 3 Start cards of the company's home city,
    face up as the tableau; the unused Start cards stay in the box (out of the game)."""
    s = scenario("kaiju-inc", players, setup=True, seed=3)
    companies = []
    for p in s.match.players:
        assert kinds(p.zones["company"]) == ["company"]
        assert s.ids(p.zones["tracker"]) == ["research_kaiju_tracker"]
        comp = p.zones["company"].items[0]
        city = comp.card.fields["city"]
        companies.append(comp.card.id)
        tab = p.zones["tableau"].items
        assert len(tab) == 3
        assert all(b.card.fields["start"] and b.card.fields["city"] == city for b in tab)
        # one card of each suit: the whole start set of that company
        assert sorted(b.card.fields["suit"] for b in tab) == ["construction", "industrial", "technology"]
        assert p.zones["products"].items == [] and p.zones["chosen"].items == []
    assert len(set(companies)) == players
    # every start card not dealt is still in the box, none went into a deck
    dealt = {b.card.id for p in s.match.players for b in p.zones["tableau"].items}
    box = s.ids(s.zone("box"))
    for start_id in cards_of(s, "building", start=True):
        assert (start_id in dealt) != (start_id in box)
    assert not any(p.card.fields.get("start") for p in s.zone("building_deck").items)
    assert box.count("research_kaiju_tracker") == 5 - players
    assert sum(1 for k in kinds(s.zone("box")) if k == "company") == 5 - players
    # the account names each player's company and its home city
    city_names = {"moscow": "Moscow", "hong_kong": "Hong Kong", "sydney": "Sydney", "tokyo": "Tokyo",
                  "st_louis": "St. Louis"}
    for p in s.match.players:
        comp = p.zones["company"].items[0].card
        line_index(s, f"{p.name} runs {comp.name} (home city {city_names[comp.fields['city']]}).")


@pytest.mark.parametrize("players,allowed", [(1, False), (2, True), (5, True), (6, False)])
def test_ki_setup_two_to_five_players(kaiju, players, allowed):
    """Components and the 2 Player Variant: five companies and five tracker cards, so 2 to 5 players (2 with the
    variant's rules); 1 and 6 are refused."""
    from interpreter import Match
    from interpreter.errors import MeepleError
    if allowed:
        assert len(Match(kaiju, players, 0).players) == players
    else:
        with pytest.raises(MeepleError, match="2 to 5 players"):
            Match(kaiju, players, 0)


def test_ki_setup_1_company_is_random(scenario):
    """KI-SETUP-1: the Company card is dealt at random (different seeds give seat 1 different companies)."""
    seen = {scenario("kaiju-inc", 3, setup=True, seed=seed).p(1).zones["company"].items[0].card.id for seed in SEEDS}
    assert len(seen) >= 3


def test_ki_setup_2_markers_on_5_yen_eureka_and_kaiju_space(scenario):
    """KI-SETUP-2: research marker on Eureka (0), kaiju marker on the Kaiju Attack space (0), bank on 5¥."""
    s = scenario("kaiju-inc", 4, setup=True, seed=1)
    for p in s.match.players:
        assert p.counters == {"money": 5, "research": 0, "kaiju": 0}


def test_ki_setup_3_building_deck_shuffled(scenario):
    """KI-SETUP-3: the Building deck holds every non-start Building and the 6 Special Actions, shuffled, face down."""
    s = scenario("kaiju-inc", 3, setup=True, seed=0)
    deck = s.zone("building_deck")
    assert deck.spec.visibility == "hidden"
    expected = sorted(cards_of(s, "building", start=False) + cards_of(s, "action"))
    assert len(expected) == 54
    assert sorted(s.ids(deck)) == expected
    orders = {tuple(s2.ids(s2.zone("building_deck")))
              for s2 in (scenario("kaiju-inc", 3, setup=True, seed=seed) for seed in SEEDS)}
    assert len(orders) == len(SEEDS)
    assert s.zone("row").items == [] and s.zone("building_discard").items == []


def test_ki_setup_4_product_deck_handbags_at_bottom_three_face_up(scenario):
    """KI-SETUP-4: the New Product deck is shuffled with the 5 Kaijuskin Handbags at its bottom; 3 turned face up."""
    tops = set()
    for seed in SEEDS:
        s = scenario("kaiju-inc", 3, setup=True, seed=seed)
        faceup = s.zone("products").items
        deck = s.zone("product_deck").items  # index 0 is the bottom
        assert len(faceup) == 3 and len(deck) == 22
        assert not any(p.card.fields["handbag"] for p in faceup)
        assert [p.card.id for p in deck[:5]] == ["kaijuskin_handbag"] * 5
        assert not any(p.card.fields["handbag"] for p in deck[5:])
        assert s.zone("product_deck").spec.visibility == "hidden"
        assert s.zone("products").spec.visibility == "public"
        tops.add(tuple(s.ids(s.zone("products"))))
    assert len(tops) == len(SEEDS)  # shuffled


def test_ki_setup_4_a_bots_imagined_worlds_keep_the_handbags_at_the_bottom(scenario):
    """KI-SETUP-4 as the bots imagine it: every player knows the Handbags lie under the other New Products, so in
    each world a seat samples (`resample`) the 5 Handbags are the deck's bottom 5 and the New Products above
    them are dealt anew among themselves (before `contents: known` on the deck, a world could turn a Handbag up
    at once and end its imagined match rounds early)."""
    import random

    from interpreter import Match

    m = Match(scenario("kaiju-inc", 3, setup=True).match.game, 3, seed=1)
    true = [p.card.id for p in m.zones["product_deck"].items]
    orders = set()
    for i in range(20):
        w = m.resample(m.pending.player.seat, random.Random(i))
        deck = [p.card.id for p in w.zones["product_deck"].items]
        assert deck[:5] == ["kaijuskin_handbag"] * 5
        assert sorted(deck[5:]) == sorted(true[5:])
        orders.add(tuple(deck[5:]))
        w.close()
    assert len(orders) >= 15


def test_ki_setup_5_kaiju_deck_shuffled_one_face_up(scenario):
    """KI-SETUP-5: the Kaiju Attack deck is shuffled and 1 card turned face up as the current threat."""
    currents = set()
    for seed in SEEDS:
        s = scenario("kaiju-inc", 3, setup=True, seed=seed)
        assert len(s.zone("kaiju_current").items) == 1
        assert len(s.zone("kaiju_deck").items) == 11
        assert s.zone("kaiju_discard").items == []
        assert set(kinds(s.zone("kaiju_current")) + kinds(s.zone("kaiju_deck"))) == {"kaiju"}
        currents.add(s.ids(s.zone("kaiju_current"))[0])
    assert len(currents) >= 3


def test_ki_setup_6_start_player_and_first_turn_order(scenario):
    """KI-SETUP-6: "Select a starting player. Place the start player card in front of this player." The start player
    is chosen at random and holds the Start Player card (nobody else does); turn_position numbers the first turn's
    order clockwise from the start player (1 = start player), which the tie-breaker uses."""
    firsts = set()
    for seed in range(16):
        s = scenario("kaiju-inc", 4, setup=True, seed=seed)
        first = s.match.first
        firsts.add(first.seat)
        assert first.vars["turn_position"] == 1
        for k, p in enumerate(s.match.players[first.index:] + s.match.players[:first.index]):
            assert p.vars["turn_position"] == k + 1
        assert f"{first.name} is the start player and takes the start player card." in s.lines()[-1]
        assert [s.ids(p.zones["start_player"]) for p in s.match.players] == [
            ["start_player_card"] if p is first else [] for p in s.match.players]
    assert firsts == {1, 2, 3, 4}
