"""Kaiju Incorporated: every Kaiju Attack card's effect (KI-INC-4, KI-INC-7), one test each, with the account line
when the attack finds nothing to hit. The attack texts are designed (the card file says each one); the tests take
their expected values from those texts."""
from __future__ import annotations

import pytest

from .helpers import line_index, tableau

# card, the building it may take (suit, timing or another test), a building it must not take
STOMPERS = [
    ("queen_conga", "sydney_harbour_bridge_net", "tokyo_capsule_shelters", "Rival's Turn Construction"),
    ("gazhonga", "moscow_samovar_smelter", "tokyo_odaiba_robot_plant", "Your Turn Industrial"),
    ("krakenstein", "tokyo_odaiba_robot_plant", "moscow_samovar_smelter", "Rival's Turn Industrial"),
    ("gigantipede", "tokyo_capsule_shelters", "sydney_harbour_bridge_net", "Your Turn Construction"),
    ("voltorrax", "mumbai_dabbawala_drones", "tokyo_akihabara_otaku_hub", "Your Turn Technology"),
    ("hydrabyte", "tokyo_akihabara_otaku_hub", "mumbai_dabbawala_drones", "Rival's Turn Technology"),
]


def attack(s, card, seat=1, answers=()):
    s.put(card, s.zone("kaiju_current"))
    return s.emit("kaiju_attack", answers=answers, player=s.p(seat))


def fields(s, card_id):
    return s.game.cards[card_id].fields


def test_stomper_table_matches_the_cards(scenario):
    """The table above is right about each building's suit and timing (so the tests below test what they say)."""
    s = scenario("kaiju-inc", 3)
    for _, hit, miss, what in STOMPERS:
        timing, suit = what.rsplit(" ", 1)
        t = "your_turn" if timing == "Your Turn" else "rival_turn"
        assert (fields(s, hit)["suit"], fields(s, hit)["timing"]) == (suit.lower(), t)
        assert (fields(s, miss)["suit"], fields(s, miss)["timing"]) != (suit.lower(), t)


@pytest.mark.parametrize("card,hit,miss,what", STOMPERS, ids=[t[0] for t in STOMPERS])
def test_ki_inc_4_stomper_takes_one_building_of_its_suit_and_timing(scenario, card, hit, miss, what):
    """KI-INC-4: a stomping Kaiju Attack card discards one building of its suit and timing from the attacked
    player's tableau to the Building discard pile, and no other."""
    s = scenario("kaiju-inc", 3)
    tableau(s, 1, miss, hit)
    assert attack(s, card) is None  # a single building: no choice to ask
    assert s.ids(s.p(1).zones["tableau"]) == [miss]
    assert s.ids(s.zone("building_discard")) == [hit]
    assert s.match.vars["kaiju_triggered"] is True
    said_by_the_kaiju(s, card, hit)


def said_by_the_kaiju(s, card, building):
    """The account: after "<kaiju> attacks Ann!", a line of the kaiju's own names the building it took."""
    kaiju, lost = s.game.cards[card].name, s.game.cards[building].name
    i = line_index(s, f"{kaiju} attacks Ann!")
    assert [line for line in s.lines()[i + 1:] if kaiju in line and lost in line], s.lines()


@pytest.mark.parametrize("card,hit,miss,what", STOMPERS, ids=[t[0] for t in STOMPERS])
def test_ki_inc_4_stomper_finds_nothing_and_says_so(scenario, card, hit, miss, what):
    """KI-INC-4 (the account): an attack on a tableau without such a building takes nothing, and the account says so."""
    s = scenario("kaiju-inc", 3)
    tableau(s, 1, miss)
    assert attack(s, card) is None
    assert s.ids(s.p(1).zones["tableau"]) == [miss]
    timing, suit = what.rsplit(" ", 1)
    pays = "their own turn" if timing == "Your Turn" else "a rival's turn"
    line_index(s, f"Ann has no {suit.lower()} building that pays on {pays}: ")


def test_ki_inc_4_nibblor_takes_a_building_costing_3_or_less(scenario):
    """KI-INC-4, Nibblor: one building costing 3¥ or less (3 is offered, 4 is not; the owner chooses)."""
    s = scenario("kaiju-inc", 3)
    tableau(s, 1, "rio_samba_school", "mumbai_dabbawala_drones", "tokyo_capsule_shelters")
    d = attack(s, "nibblor")
    assert [fields(s, c)["cost"] for c in ("rio_samba_school", "mumbai_dabbawala_drones", "tokyo_capsule_shelters")] == [3, 4, 2]
    assert sorted(d.labels()) == ["Capsule Hotel Shelters", "Samba School of Kaiju Studies"]  # 3 and 2, not 4
    taken = {"Capsule Hotel Shelters": "tokyo_capsule_shelters", "Samba School of Kaiju Studies": "rio_samba_school"}
    lost = d.labels()[0]
    s.answer(lost)
    assert len(s.p(1).zones["tableau"].items) == 2
    assert s.ids(s.zone("building_discard")) == [taken[lost]]
    said_by_the_kaiju(s, "nibblor", taken[lost])


def test_ki_inc_4_nibblor_finds_nothing(scenario):
    s = scenario("kaiju-inc", 3)
    tableau(s, 1, "mumbai_dabbawala_drones")  # cost 4
    assert attack(s, "nibblor") is None
    assert len(s.p(1).zones["tableau"].items) == 1
    line_index(s, "Ann has no building costing 3 yen or less")


def test_ki_inc_4_homewrecker_takes_a_building_of_the_home_city(scenario):
    """KI-INC-4, Homewrecker: one building of the company's home city (Tokyo for Kaijumoto Keiretsu)."""
    s = scenario("kaiju-inc", 3)
    s.put("kaijumoto_keiretsu", s.p(1).zones["company"])
    assert fields(s, "kaijumoto_keiretsu")["city"] == "tokyo"
    tableau(s, 1, "mumbai_dabbawala_drones", "tokyo_capsule_shelters")
    assert attack(s, "homewrecker") is None
    assert s.ids(s.p(1).zones["tableau"]) == ["mumbai_dabbawala_drones"]
    said_by_the_kaiju(s, "homewrecker", "tokyo_capsule_shelters")
    s = scenario("kaiju-inc", 3)
    s.put("kaijumoto_keiretsu", s.p(1).zones["company"])
    tableau(s, 1, "mumbai_dabbawala_drones")
    assert attack(s, "homewrecker") is None
    assert s.ids(s.p(1).zones["tableau"]) == ["mumbai_dabbawala_drones"]
    line_index(s, "Ann has no building in the home city")


@pytest.mark.parametrize("money,left", [(0, 0), (1, 0), (2, 1), (7, 3), (8, 4), (11, 5)])
def test_ki_inc_4_godzillionaire_eats_half_the_bank_rounded_up(scenario, money, left):
    """KI-INC-4, Godzillionaire: lose half the bank, rounded up."""
    s = scenario("kaiju-inc", 3)
    s.p(1).counters["money"] = money
    attack(s, "godzillionaire")
    assert s.p(1).counters["money"] == left
    line_index(s, f"Godzillionaire eats {money - left} yen of cash reserves ({left} yen left)")


def test_ki_inc_4_brainasaur_sends_research_to_eureka_without_a_product(scenario):
    s = scenario("kaiju-inc", 3)
    s.p(1).counters["research"] = 4
    s.put("mecha_grade_rebar", s.zone("products"))
    assert attack(s, "brainasaur") is None
    assert s.p(1).counters["research"] == 0 and s.p(1).zones["products"].items == []
    line_index(s, "research starts over", line_index(s, "Brainasaur attacks Ann!"))


POLLUTERS = ["moscow_samovar_smelter", "tokyo_odaiba_robot_plant", "london_docklands_foundry",
             "tokyo_tsukiji_processing", "hong_kong_kwun_tong_cannery"]


@pytest.mark.parametrize("n,fine", [(0, 0), (3, 3), (4, 4), (5, 4)])
def test_ki_inc_4_smogmire_fines_1_per_polluting_building_at_most_4(scenario, n, fine):
    """KI-INC-4, Smogmire: 1¥ per building with positive K, at most 4¥ (3, 4 and 5 buildings: both sides of 4);
    a building printing 0K is not fined, nor a pollution-control building (negative K)."""
    s = scenario("kaiju-inc", 3)
    assert all(fields(s, c)["kaiju"] > 0 for c in POLLUTERS)
    assert (fields(s, "tokyo_capsule_shelters")["kaiju"], fields(s, "mumbai_biogas_scrubbers")["kaiju"]) == (0, -1)
    tableau(s, 1, *POLLUTERS[:n], "tokyo_capsule_shelters", "mumbai_biogas_scrubbers")
    s.p(1).counters["money"] = 10
    attack(s, "smogmire")
    assert s.p(1).counters["money"] == 10 - fine
    line_index(s, f"{fine} yen in cleanup fines, {fine} yen paid ({10 - fine} yen left)")


def test_ki_inc_4_smogmire_takes_no_more_than_the_bank(scenario):
    """KI-INC-4 (the account): a fine above the bank takes the bank to 0, and the account says what was paid."""
    s = scenario("kaiju-inc", 3)
    tableau(s, 1, *POLLUTERS[:4])
    s.p(1).counters["money"] = 1
    attack(s, "smogmire")
    assert s.p(1).counters["money"] == 0
    line_index(s, "4 yen in cleanup fines, 1 yen paid (0 yen left)")


def test_ki_inc_4_shortseller_rex(scenario):
    """KI-INC-4, Shortseller Rex: the attacked player loses 2¥, each rival gains 1¥ (not above 11¥)."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    a.counters["money"], b.counters["money"], c.counters["money"] = 5, 9, 11
    attack(s, "shortseller_rex")
    assert (a.counters["money"], b.counters["money"], c.counters["money"]) == (3, 10, 11)
    line_index(s, "Ann loses 2 yen")
    a.counters["money"] = 1
    attack(s, "shortseller_rex")
    assert a.counters["money"] == 0
    line_index(s, "Ann loses 1 yen")
