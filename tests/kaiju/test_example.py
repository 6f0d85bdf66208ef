"""Kaiju Incorporated: the rulebook's example of play, Carmen and David (KI-EX-1)."""
from __future__ import annotations

from .helpers import line_index, stack, tableau

CARMEN_YT_INDUSTRIAL = "tokyo_tsukiji_processing"   # Your Turn Industrial: 2¥ 1R 1K
CARMEN_RT_INDUSTRIAL = "rio_guanabara_oil_rig"      # Rival's Turn Industrial: does not pay on her own income
CARMEN_RT_CONSTRUCTION = "mumbai_backlot_barricades"  # Rival's Turn Construction: Queen Conga's prey
CARMEN_YT_CONSTRUCTION = ["sydney_opera_house_shelter", "tokyo_capsule_shelters"]  # her best Your Turn income
DAVID_RT_INDUSTRIAL = ["hong_kong_pearl_river_shipyard", "sydney_botany_bay_coal_loader"]  # 2¥1R1K + 1¥1R1K
DAVID_YT_CONSTRUCTION = "st_louis_kaiju_levee"  # a Construction card, but Your Turn: Queen Conga ignores it

PREVIOUS_PICK = "london_tube_shelter"  # what the previous player (Ann) takes and builds for 1¥
IND_6 = "london_docklands_foundry"       # Industrial, 6¥
IND_9 = "st_louis_mutagen_refinery"      # Industrial, 9¥
TECH_5 = "hong_kong_mong_kok_arcade"     # Technology, 5¥


def example(scenario):
    s = scenario("kaiju-inc", 3)
    ann, carmen, david = s.match.players
    carmen.name, david.name = "Carmen", "David"
    s.match.first = ann  # the previous player; then Carmen, then David
    for seat, comp in ((1, "gwai_group"), (2, "kaijumoto_keiretsu"), (3, "hawkesbury_limited")):
        s.put(comp, s.p(seat).zones["company"])
    tableau(s, 1, "start_gwai_harbourfront_towers")
    tableau(s, 2, CARMEN_YT_INDUSTRIAL, CARMEN_RT_INDUSTRIAL, CARMEN_RT_CONSTRUCTION, *CARMEN_YT_CONSTRUCTION)
    tableau(s, 3, *DAVID_RT_INDUSTRIAL, DAVID_YT_CONSTRUCTION)
    carmen.counters.update(money=4, research=0, kaiju=5)
    david.counters.update(money=3, research=4, kaiju=5)
    s.put("queen_conga", s.zone("kaiju_current"))
    stack(s, s.zone("kaiju_deck"), "gazhonga", "krakenstein")
    for pid in ("mecha_grade_rebar", "giant_robot_chassis", "kaiju_dna_sequencer"):
        s.put(pid, s.zone("products"))
    stack(s, s.zone("product_deck"), "catastrophe_bonds", "kaiju_petting_zoo")
    stack(s, s.zone("building_deck"), PREVIOUS_PICK, IND_6, IND_9, TECH_5)
    return s, ann, carmen, david


def test_ki_ex_1_carmen_and_david(scenario):
    """KI-EX-1: the rulebook's example of play. After the previous player's pick the row shows an Industrial 6¥, an
    Industrial 9¥ and a Technology 5¥ card. Carmen (4¥) cannot build: she discards the 9¥ card and collects 2¥ 1R 1K
    from her Your Turn Industrial card (her Rival's Turn Industrial card pays nothing); the 1K brings her kaiju wheel
    onto the K space and Queen Conga makes her discard her Rival's Turn Construction building. David collects 3¥ 2R
    2K from his 2 Rival's Turn Industrial cards: past the K space, Queen Conga attacks him too but he has no Rival's
    Turn Construction building; past Eureka, he takes a New Product and a new one is revealed; the kaiju card is
    replaced. On his turn David, now at 6¥, buys the 6¥ Industrial card and his bank drops to 0."""
    s, ann, carmen, david = example(scenario)
    d = s.run(s.game.phases[0].body, answers=["Blitz-Era Tube Shelter", "Build"])
    # the previous player's turn is over: three cards are left for Carmen
    assert d.player is carmen
    assert d.labels() == ["Docklands Mech Foundry", "Mississippi Mutagen Refinery", "Mong Kok Gadget Arcade"]
    assert [s.card(i, s.zone("row")).card.fields["suit"] for i in (IND_6, IND_9, TECH_5)] == \
        ["industrial", "industrial", "technology"]
    assert [s.card(i, s.zone("row")).card.fields["cost"] for i in (IND_6, IND_9, TECH_5)] == [6, 9, 5]
    start = len(s.lines())

    # Carmen takes the 9¥ card: with 4¥ she cannot build anything, so income is her only option (no menu asked)
    d = s.answer("Mississippi Mutagen Refinery")
    assert IND_9 in s.ids(s.zone("building_discard"))
    # Carmen: 4 + 2¥, research 0 + 1, kaiju 5 + 1 -> the K space
    assert carmen.counters == {"money": 6, "research": 1, "kaiju": 0}
    # Queen Conga: her Rival's Turn Construction building went to the building discard pile
    assert CARMEN_RT_CONSTRUCTION not in s.ids(carmen.zones["tableau"])
    assert CARMEN_RT_CONSTRUCTION in s.ids(s.zone("building_discard"))
    assert s.ids(carmen.zones["tableau"]) == [CARMEN_YT_INDUSTRIAL, CARMEN_RT_INDUSTRIAL, *CARMEN_YT_CONSTRUCTION]
    i_carmen = line_index(s, "Carmen collects 2¥ 1R 1K from 1 industrial building.", start)
    i_conga_c = line_index(s, "Queen Conga attacks Carmen!", i_carmen)
    line_index(s, "Bollywood Backlot Barricades goes to the building discard pile.", i_conga_c)

    # David's Rival's Turn income: Eureka first asks him for a New Product
    assert d.player is david and "Eureka" in d.prompt
    assert d.labels() == ["Mecha-Grade Rebar", "Giant Robot Chassis", "Kaiju DNA Sequencer"]
    i_david = line_index(s, "David collects 3¥ 2R 2K from 2 industrial buildings.", i_carmen)
    d = s.answer("Kaiju DNA Sequencer")
    assert s.ids(david.zones["products"]) == ["kaiju_dna_sequencer"]
    assert s.ids(s.zone("products")) == ["mecha_grade_rebar", "giant_robot_chassis", "catastrophe_bonds"]
    line_index(s, "New Product revealed: Catastrophe Bonds.", i_david)
    # the same kaiju attacks David, who has no Rival's Turn Construction building: he loses nothing
    i_conga_d = line_index(s, "Queen Conga attacks David!", i_david)
    assert s.ids(david.zones["tableau"]) == [*DAVID_RT_INDUSTRIAL, DAVID_YT_CONSTRUCTION]
    assert david.counters == {"money": 6, "research": 1, "kaiju": 1}
    # then the kaiju card is replaced, once
    line_index(s, "A new kaiju looms: Gazhonga.", i_conga_d)
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]
    assert s.ids(s.zone("kaiju_discard")) == ["queen_conga"]
    assert sum("A new kaiju looms" in line for line in s.lines()) == 1
    # Ann has no Industrial Rival's Turn building: untouched
    assert ann.counters == {"money": 4, "research": 0, "kaiju": 0}

    # Carmen's turn is finished; David's turn: 6¥ buys the 6¥ Industrial card
    assert d.player is david
    assert d.labels() == ["Docklands Mech Foundry", "Mong Kok Gadget Arcade"]
    d = s.answer("Docklands Mech Foundry")
    assert d.labels() == ["Build Docklands Mech Foundry for 6¥", "Discard Docklands Mech Foundry for industrial income"]
    assert s.answer("Build Docklands Mech Foundry for 6¥") is None
    assert david.counters["money"] == 0
    assert s.ids(david.zones["tableau"]) == [*DAVID_RT_INDUSTRIAL, DAVID_YT_CONSTRUCTION, IND_6]
    assert s.ids(s.zone("row")) == [TECH_5]

    # the turn ends: the Technology card left over is discarded and the start player card passes to Carmen
    s.run(s.game.phases[1].body)
    assert s.zone("row").items == [] and s.ids(s.zone("building_discard"))[-1] == TECH_5
    assert s.match.first is carmen
