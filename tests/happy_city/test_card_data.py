"""Happy City: every card whose values the reference notes print (the base game's card faces: 33 buildings, 3
residences, the Happy Market, 18 family specials, the conditions of 37 expert specials) compared with the content,
card by card. The tables below are the reference's facts, transcribed; the content must say the same."""
from __future__ import annotations

from collections import Counter

import pytest

from .helpers import game

COLOUR = {"Y": "yellow", "B": "blue", "G": "green", "O": "orange", "P": "purple"}

BUILDINGS = [  # deck, French name, colour, cost, income, people, hearts
    (1, 'Maison hantée', 'orange', 1, 1, -1, 0),
    (1, 'Usine', 'purple', 1, 1, 0, -1),
    (1, 'Aciérie', 'purple', 1, 1, 0, -1),
    (1, 'Épicerie', 'yellow', 2, 1, 0, 0),
    (1, 'Magasin de chaussures', 'yellow', 2, 1, 0, 0),
    (1, 'École', 'blue', 2, 0, 1, 0),
    (1, 'Commissariat', 'blue', 2, 0, 1, 0),
    (1, 'Bibliothèque', 'blue', 2, 0, 0, 1),
    (1, 'Square', 'blue', 2, 0, 0, 1),
    (1, 'Fleuriste', 'yellow', 3, 1, 0, 1),
    (1, 'Pâtisserie', 'yellow', 3, 1, 0, 1),
    (1, 'Librairie', 'yellow', 3, 1, 1, 0),
    (1, 'Banque', 'yellow', 3, 1, 1, 0),
    (1, 'Igloo', 'green', 3, 1, 1, 0),
    (2, 'Musée', 'blue', 4, 0, 0, 2),
    (2, 'Observatoire', 'blue', 4, 0, 0, 2),
    (2, 'Hôpital', 'blue', 4, 0, 2, 0),
    (2, 'Magasin de bricolage', 'yellow', 4, 2, 0, 0),
    (2, 'Parfumerie', 'yellow', 4, 2, 0, 0),
    (2, 'Centre commercial', 'yellow', 5, 1, 0, 2),
    (2, 'Garage', 'purple', 5, 2, 1, 0),
    (2, 'Bureaux', 'purple', 5, 2, 1, 0),
    (2, 'Palace', 'orange', 5, 2, 0, 1),
    (2, 'Restaurant', 'orange', 5, 2, 0, 1),
    (3, 'Laboratoire', 'blue', 6, 1, 2, 0),
    (3, 'Université', 'blue', 6, 1, 2, 0),
    (3, 'Spa', 'orange', 7, 2, 0, 2),
    (3, 'Casino', 'orange', 7, 2, 0, 2),
    (3, 'Station de ski', 'orange', 8, 0, 0, 3),
    (3, 'Zoo', 'orange', 8, 0, 0, 3),
    (3, 'Cabane', 'green', 8, 0, 3, 0),
    (3, 'Stade', 'orange', 9, 1, 0, 3),
    (3, "Parc d'attraction", 'orange', 9, 1, 0, 3),
]
RESIDENCES = [  # French name, cost, income, people, hearts, copies
    ('Maison', 1, 0, 1, 0, 4),
    ('Immeuble', 3, 0, 2, 0, 4),
    ('Résidence de luxe', 6, 0, 3, 0, 4),
]
FAMILY = [  # French name, condition, income, people, hearts
    ('Parc à dinosaures', 'B2', 2, 1, 0),
    ('Piscine olympique à boules', 'B1 O1', 2, 0, 1),
    ('Bar à chats', 'G2', 1, 0, 2),
    ('Magasin de jouets', 'B1 G1', 2, 0, 0),
    ('Discothèque', 'B1 P1', 1, 2, 0),
    ('Académie de super-héros', 'G1 O2', 0, 2, 1),
    ('Parking à dragons', 'B1 G2', 2, 2, 0),
    ('Fabrique de bonbons', 'B1 G1 O1', 3, 0, 0),
    ('Studios de cinéma', 'B2 G1', 2, 0, 2),
    ('Labyrinthe', 'B1 G1 P1', 1, 1, 1),
    ('QG de chasseurs de fantômes', 'G2 O1', 0, 1, 2),
    ('Ambassade de Mars', 'B1 G1 O1 P1', 1, 3, 0),
    ('Bateau pirate', 'B1 G2 O1', 3, 1, 0),
    ('Chocolaterie', 'B2 G1 O1', 3, 0, 1),
    ('Ranch de licornes', 'B2 G1 P1', 1, 0, 3),
    ('Fabrique à rêves', 'B2 G1 O1 P1', 0, 2, 2),
    ("Club d'aquaponey", 'B1 G1 O2 P1', 0, 1, 3),
    ('École de sorciers', 'B1 G2 O1 P1', 0, 3, 1),
]
EXPERT = [  # the reference's number, the content id, condition (the 38th card, E18 in the image a
          # duplicate of E10, is designed: not here)
    ('E1', 'pyramid', 'B1 P1'),
    ('E2', 'castle', 'G1 P1'),
    ('E3', 'lottery_shop', 'G2'),
    ('E4', 'harbour', 'Y1 G1'),
    ('E5', 'airport', 'B1 O1'),
    ('E6', 'picture_gallery', 'Y1 B2'),
    ('E7', 'bowling', 'Y1 B1 O1'),
    ('E8', 'concert_arena', 'Y1 B1 G1'),
    ('E9', 'easter_island_statue', 'Y1 O1 P1'),
    ('E10', 'railway_station', 'B1 G1 P1'),
    ('E11', 'statue_of_liberty', 'B3'),
    ('E12', 'hot_dog_shop', 'G1 O1 P1'),
    ('E13', 'barber_shop', 'B2 G1'),
    ('E14', 'sphinx', 'B1 G2'),
    ('E15', 'versailles_palace', 'Y1 B2'),
    ('E16', 'burger_shop', 'B1 G1 P1'),
    ('E17', 'sky_highway', 'B2 P1'),
    ('E19', 'colosseum', 'Y1 G1 P1'),
    ('E20', 'safe', 'Y1 B1 P1'),
    ('E21', 'machu_picchu', 'B1 O1 P1'),
    ('E22', 'big_ben', 'Y1 B1 P1'),
    ('E23', 'golden_gate_bridge', 'B2 O1'),
    ('E24', 'stonehenge', 'B1 G1 O1'),
    ('E25', 'sushi_restaurant', 'Y1 B2 G1'),
    ('E26', 'wind_turbine', 'Y1 B1 O1 P1'),
    ('E27', 'taj_mahal', 'Y1 B1 G1 O1'),
    ('E28', 'louvre', 'Y1 G1 O1 P1'),
    ('E29', 'big_tree', 'B1 G2 O1'),
    ('E30', 'croissant_bakery', 'Y1 B2 P1'),
    ('E31', 'mayan_pyramid', 'B2 G2'),
    ('E32', 'leaning_tower_of_pisa', 'B3 G1'),
    ('E33', 'arcade', 'Y1 B2 G1'),
    ('E34', 'great_wall', 'Y1 B1 G1 P1'),
    ('E35', 'billiards', 'Y2 B1 G1'),
    ('E36', 'st_basils_cathedral', 'Y1 B1 G2 P1'),
    ('E37', 'japanese_stone_garden', 'Y1 B2 G1 O2'),
    ('E38', 'parthenon', 'Y1 B2 O1 P1'),
]


def cards(kind):
    return [c for c in game().cards.values() if c.kind == kind]


def by_french_name(kind):
    found = {}
    for c in cards(kind):
        found.setdefault(c.fields["name_fr"], c)
    return found


def condition(text):
    """'B2 G1' -> the multiset of colours a special needs."""
    return Counter({COLOUR[part[0]]: int(part[1:]) for part in text.split()})


def test_every_base_building_is_in_the_reference_and_the_reference_in_the_content():
    names = {c.fields["name_fr"] for c in cards("building") if c.fields["deck"] in (1, 2, 3)}
    assert names == {row[1] for row in BUILDINGS}
    assert sum(c.copies for c in cards("building") if c.fields["deck"] in (1, 2, 3)) == 66


@pytest.mark.parametrize("deck,name,colour,cost,income,people,hearts", BUILDINGS, ids=[row[1] for row in BUILDINGS])
def test_building_values_match_the_reference(deck, name, colour, cost, income, people, hearts):
    c = by_french_name("building")[name]
    f = c.fields
    assert (f["deck"], f["colours"], f["cost"], f["income"], f["people"], f["hearts"], c.copies) == \
        (deck, [colour], cost, income, people, hearts, 2)


@pytest.mark.parametrize("name,cost,income,people,hearts,copies", RESIDENCES, ids=[row[0] for row in RESIDENCES])
def test_residence_values_match_the_reference(name, cost, income, people, hearts, copies):
    c = by_french_name("residence")[name]
    f = c.fields
    assert (f["colours"], f["cost"], f["income"], f["people"], f["hearts"], c.copies) == \
        (["green"], cost, income, people, hearts, copies)


def test_happy_market_matches_the_reference():
    """Cost 0, income 1, no people or hearts, 5 cards: one coloured side of each colour."""
    markets = cards("market")
    assert len(markets) == 5
    assert sorted(c.fields["coloured_side"] for c in markets) == sorted(COLOUR.values())
    for c in markets:
        assert (c.fields["cost"], c.fields["income"], c.fields["people"], c.fields["hearts"]) == (0, 1, 0, 0)


@pytest.mark.parametrize("name,need,income,people,hearts", FAMILY, ids=[row[0] for row in FAMILY])
def test_family_special_values_match_the_reference(name, need, income, people, hearts):
    c = by_french_name("special")[name]
    f = c.fields
    assert f["mode"] == "family"
    assert Counter(f["need"]) == condition(need)
    assert (f["income"], f["people"], f["hearts"], c.copies) == (income, people, hearts, 1)


def test_family_specials_are_the_references_eighteen():
    assert sorted(c.fields["name_fr"] for c in cards("special") if c.fields["mode"] == "family") == \
        sorted(row[0] for row in FAMILY)


@pytest.mark.parametrize("number,card_id,need", EXPERT, ids=[row[1] for row in EXPERT])
def test_expert_special_conditions_match_the_reference(number, card_id, need):
    c = game().cards[card_id]
    assert c.fields["mode"] == "expert"
    assert Counter(c.fields["need"]) == condition(need)
