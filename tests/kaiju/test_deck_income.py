"""Kaiju Incorporated: income from every Building-deck card (KI-INC-1 .. KI-INC-6), one suit at a time.

Ann (the active player) holds the suit's eight Your Turn cards, Ben and Cleo its eight Rival's Turn cards between
them, and Ann takes the suit's income. The figures are the card file's designed ones (written by each card below;
no public source prints them): each player collects the sum of what their cards print, so every card's ¥, R and K
changes a result the test derives from the rules: the account line (what was collected, and the cap when it
bites: KI-INC-2), the bank (never above 11¥), the research wheel of five spaces and one New Product per pass of
Eureka (KI-INC-3), the kaiju wheel of six spaces and one attack per pass of the Kaiju Attack space, forward or
backward (KI-INC-4)."""
from __future__ import annotations

import pytest

from .helpers import stack, tableau

BANK_CAP = 11  # KI-INC-2
RESEARCH_SPACES = 5  # Eureka, 1, 2, 3, 4 (KI-INC-3)
KAIJU_SPACES = 6  # the Kaiju Attack space, 1 .. 5 (KI-INC-4)

# suit: (a Kaiju Attack card that finds nothing to take here, {seat: (its cards, the ¥, R and K they print)})
DECK = {
    "construction": ("voltorrax", {
        1: (["london_tube_shelter",            # 1¥ cost: 1¥ 0R 0K
             "tokyo_capsule_shelters",         # 2¥: 2¥ 0R 0K
             "st_louis_kaiju_levee",           # 3¥: 2¥ 0R -1K
             "hong_kong_bamboo_scaffold",      # 4¥: 2¥ 1R 0K
             "mumbai_gateway_bastion",         # 5¥: 3¥ 1R 1K
             "sydney_opera_house_shelter",     # 6¥: 4¥ 1R 1K
             "moscow_red_square_arena",        # 7¥: 4¥ 2R 2K
             "rio_redeemer_colossus_hangar"],  # 9¥: 5¥ 2R 2K
            (23, 7, 5)),
        2: (["tokyo_shrine_wards",             # 2¥: 1¥ 0R -1K
             "rio_copacabana_sandbags",        # 3¥: 2¥ 0R 0K
             "moscow_iron_curtain_walls",      # 4¥: 1¥ 1R 0K
             "mumbai_backlot_barricades"],     # 4¥: 2¥ 1R 1K
            (6, 2, 0)),
        3: (["london_thames_barrier",          # 5¥: 1¥ 1R -1K
             "st_louis_gateway_turret",        # 5¥: 2¥ 1R 0K
             "sydney_harbour_bridge_net",      # 6¥: 3¥ 1R 1K
             "hong_kong_kowloon_towers"],      # 8¥: 4¥ 1R 1K
            (10, 4, 1)),
    }),
    "industrial": ("gigantipede", {
        1: (["moscow_samovar_smelter",         # 1¥: 2¥ 0R 1K
             "rio_carnival_float_factory",     # 2¥: 1¥ 1R 1K
             "tokyo_tsukiji_processing",       # 3¥: 2¥ 1R 1K
             "hong_kong_kwun_tong_cannery",    # 4¥: 2¥ 1R 1K
             "mumbai_docks_mech_yard",         # 5¥: 2¥ 2R 2K
             "london_docklands_foundry",       # 6¥: 3¥ 2R 2K
             "sydney_port_kembla_steelworks",  # 7¥: 4¥ 2R 2K
             "st_louis_mutagen_refinery"],     # 9¥: 5¥ 2R 2K
            (21, 11, 12)),
        2: (["mumbai_biogas_scrubbers",        # 2¥: 1¥ 0R -1K
             "sydney_botany_bay_coal_loader",  # 3¥: 1¥ 1R 1K
             "hong_kong_pearl_river_shipyard",  # 4¥: 2¥ 1R 1K
             "london_battersea_power"],        # 4¥: 2¥ 1R 2K
            (6, 3, 3)),
        3: (["rio_guanabara_oil_rig",          # 5¥: 2¥ 1R 1K
             "st_louis_gmo_feed_silos",        # 5¥: 3¥ 1R 2K
             "tokyo_odaiba_robot_plant",       # 6¥: 3¥ 1R 1K
             "moscow_tankograd_mech_works"],   # 8¥: 3¥ 2R 2K
            (11, 5, 6)),
    }),
    "technology": ("gigantipede", {
        1: (["sydney_surf_club_drones",        # 1¥: 0¥ 1R 1K
             "st_louis_cornfield_sensors",     # 2¥: 1¥ 1R 1K
             "rio_samba_school",               # 3¥: 0¥ 2R 1K
             "mumbai_dabbawala_drones",        # 4¥: 1¥ 2R 1K
             "hong_kong_mong_kok_arcade",      # 5¥: 2¥ 2R 1K
             "moscow_monstrology_institute",   # 6¥: 1¥ 3R 1K
             "london_royal_society",           # 7¥: 2¥ 3R 1K
             "tokyo_shinjuku_research_tower"],  # 9¥: 3¥ 3R 1K
            (10, 17, 8)),
        2: (["moscow_sputnik_radar",           # 2¥: 0¥ 1R 0K
             "hong_kong_feng_shui_deflector",  # 3¥: 0¥ 1R -1K
             "london_greenwich_observatory",   # 4¥: 1¥ 1R 0K
             "st_louis_seed_vault"],           # 4¥: 0¥ 2R 1K
            (1, 5, 0)),
        3: (["rio_sugarloaf_observatory",      # 5¥: 2¥ 1R 0K
             "sydney_bondi_sonar",             # 5¥: 1¥ 2R 1K
             "tokyo_akihabara_otaku_hub",      # 6¥: 1¥ 2R 0K
             "mumbai_kaiju_helpline"],         # 8¥: 1¥ 3R 1K
            (5, 8, 2)),
    }),
}
PRODUCTS = ["mecha_grade_rebar", "giant_robot_chassis", "kaiju_early_warning_app", "triple_threat_defence_package",
            "vertically_integrated_mecha", "global_kaiju_franchise", "hometown_hero_action_figures",
            "emerging_market_kaiju_insurance", "round_the_clock_kaiju_hotline", "bargain_bin_kaiju_repellent"]


def test_the_table_holds_each_suits_whole_building_deck(scenario):
    """The table above holds, per suit, the eight Your Turn cards with Ann and the eight Rival's Turn cards with Ben
    and Cleo: every Building-deck card once."""
    s = scenario("kaiju-inc", 3)
    deck = {c.id: c.fields for c in s.game.cards.values() if c.kind == "building" and not c.fields["start"]}
    listed = [(suit, seat, card) for suit, (_, seats) in DECK.items() for seat, (cards, _) in seats.items()
              for card in cards]
    assert sorted(card for _, _, card in listed) == sorted(deck)
    for suit, seat, card in listed:
        assert deck[card]["suit"] == suit
        assert deck[card]["timing"] == ("your_turn" if seat == 1 else "rival_turn")


@pytest.mark.parametrize("suit", sorted(DECK))
def test_ki_inc_1_to_6_every_building_deck_card_pays_what_it_prints(scenario, suit):
    """KI-INC-1..6: Ann takes {suit} income: her Your Turn cards pay her, Ben's and Cleo's Rival's Turn cards pay
    them (clockwise after her); each collects what their cards print in all, the bank stopping at 11¥, each pass of
    Eureka bringing a New Product and each pass of the Kaiju Attack space an attack by the current card."""
    s = scenario("kaiju-inc", 3)
    stomper, seats = DECK[suit]
    s.put(stomper, s.zone("kaiju_current"))
    stack(s, s.zone("kaiju_deck"), "brainasaur")
    for pid in PRODUCTS[:3]:
        s.put(pid, s.zone("products"))
    stack(s, s.zone("product_deck"), *PRODUCTS[3:])
    for seat, (cards, _) in seats.items():
        tableau(s, seat, *cards)
        s.p(seat).counters.update(money=0, research=0, kaiju=0)
    s.call("income", s.p(1), suit)
    while s.match.pending is not None:  # each Eureka: the first face-up New Product
        s.answer(0)
    lines = s.lines()
    stomper_name = s.game.cards[stomper].name
    for seat, (cards, (money, research, kaiju)) in seats.items():
        p = s.p(seat)
        said = f"{p.name} collects {money}¥ {research}R {kaiju}K from {len(cards)} {suit} building{'' if len(cards) == 1 else 's'}"
        capped = f"; the bank stops at {BANK_CAP}¥, so it gains only {BANK_CAP}¥." if money > BANK_CAP else "."
        assert f"  {said}{capped}" in lines
        assert p.counters["money"] == min(BANK_CAP, money)
        assert p.counters["research"] == research % RESEARCH_SPACES
        assert len(p.zones["products"].items) == research // RESEARCH_SPACES
        assert p.counters["kaiju"] == kaiju % KAIJU_SPACES
        # forward from 5 onto or past the space, or backward from it past it (a negative total): an attack each time
        assert lines.count(f"  {stomper_name} attacks {p.name}!") == abs(kaiju // KAIJU_SPACES)
