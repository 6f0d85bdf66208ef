"""Kaiju Incorporated: income (KI-INC-1 .. KI-INC-8) and the Kaiju Attack deck (KI-DECK-2)."""
from __future__ import annotations

from .helpers import line_index, solvent, stack, tableau

PRODUCTS = ["mecha_grade_rebar", "giant_robot_chassis", "kaiju_dna_sequencer"]
PRODUCT_NAMES = ["Mecha-Grade Rebar", "Giant Robot Chassis", "Kaiju DNA Sequencer"]
NEXT_PRODUCTS = ["catastrophe_bonds", "kaiju_petting_zoo", "global_kaiju_franchise"]


def products(s):
    """Three face-up New Products and a known product deck (Catastrophe Bonds on top)."""
    stack(s, s.zone("product_deck"), *NEXT_PRODUCTS)
    for pid in PRODUCTS:
        s.put(pid, s.zone("products"))


def kaiju(s, current="godzillionaire", deck=("gazhonga", "krakenstein")):
    s.put(current, s.zone("kaiju_current"))
    stack(s, s.zone("kaiju_deck"), *deck)


# ---------------------------------------------------------------- KI-INC-1, KI-INC-2

def test_ki_inc_1_active_player_your_turn_cards_of_the_suit(scenario):
    """KI-INC-1: the active player gains the income of each of her Your Turn buildings of the discarded suit, and
    of no other building (other suits, her own Rival's Turn cards)."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, "tokyo_tsukiji_processing",   # YT industrial 2¥ 1R 1K
            "moscow_samovar_smelter",          # YT industrial 2¥ 0R 1K
            "tokyo_capsule_shelters",          # YT construction 2¥
            "sydney_botany_bay_coal_loader")   # RT industrial 1¥ 1R 1K
    assert s.call("income", a, "industrial") is None
    assert a.counters == {"money": 9, "research": 1, "kaiju": 2}
    line_index(s, "Ann collects 4¥ 1R 2K from 2 industrial buildings.")


def test_ki_inc_1_income_through_the_turn(scenario):
    """KI-INC-1: discarding a Technology card on your turn pays your Your Turn Technology buildings."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, "hong_kong_mong_kok_arcade", "mumbai_dabbawala_drones", "moscow_samovar_smelter")
    stack(s, s.zone("row"), "rio_samba_school", "london_tube_shelter")
    s.call("take_turn", a, answers=["Samba School", "Discard"])
    assert a.counters == {"money": 8, "research": 4, "kaiju": 2}  # 2+1 ¥, 2+2 R, 1+1 K


def test_ki_inc_2_money_capped_at_11(scenario):
    """KI-INC-2: +1 on the bank per ¥, never above 11¥ (the extra is lost), for the active player and rivals."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    tableau(s, 1, "tokyo_tsukiji_processing", "moscow_samovar_smelter")  # 4¥ on Ann's turn
    tableau(s, 2, "moscow_tankograd_mech_works")  # RT industrial 3¥
    tableau(s, 3, "tokyo_odaiba_robot_plant")  # RT industrial 3¥
    a.counters["money"] = 9
    b.counters["money"] = 10
    c.counters["money"] = 8
    s.call("income", a, "industrial")
    assert (a.counters["money"], b.counters["money"], c.counters["money"]) == (11, 11, 11)
    s.call("income", a, "industrial")
    assert (a.counters["money"], b.counters["money"], c.counters["money"]) == (11, 11, 11)


def test_ki_inc_2_money_adds_one_per_yen_below_the_cap(scenario):
    """KI-INC-2: below the cap the bank rises by exactly the ¥ printed."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, "rio_redeemer_colossus_hangar")  # YT construction 5¥
    a.counters["money"] = 0
    s.call("income", a, "construction")
    assert a.counters["money"] == 5
    s.call("income", a, "construction")
    assert a.counters["money"] == 10


# ---------------------------------------------------------------- KI-INC-3 research and Eureka

def test_ki_inc_3_research_advances_without_eureka(scenario):
    """KI-INC-3: +1 on the research wheel per R; stopping on 4 is no Eureka."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    products(s)
    tableau(s, 1, "rio_samba_school")  # YT technology 0¥ 2R 1K
    a.counters["research"] = 2
    assert s.call("income", a, "technology") is None
    assert a.counters["research"] == 4
    assert a.zones["products"].items == [] and s.ids(s.zone("products")) == PRODUCTS


def test_ki_inc_3_eureka_takes_a_product_and_reveals_a_replacement(scenario):
    """KI-INC-3: moving from 4 past Eureka: the player takes 1 face-up New Product of her choice, and the top of
    the New Product deck is turned up to replace it."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    products(s)
    tableau(s, 1, "rio_samba_school")  # 2R
    a.counters["research"] = 4
    d = s.call("income", a, "technology")
    assert d.player is a and d.labels() == PRODUCT_NAMES
    assert s.answer("Giant Robot Chassis") is None
    assert a.counters["research"] == 1
    assert s.ids(a.zones["products"]) == ["giant_robot_chassis"]
    assert s.ids(s.zone("products")) == ["mecha_grade_rebar", "kaiju_dna_sequencer", "catastrophe_bonds"]
    assert s.ids(s.zone("product_deck")) == ["global_kaiju_franchise", "kaiju_petting_zoo"]
    line_index(s, "Ann takes the New Product Giant Robot Chassis.")
    line_index(s, "New Product revealed: Catastrophe Bonds.")
    assert s.match.end_reason is None


def test_ki_inc_3_landing_exactly_on_eureka_counts(scenario):
    """KI-INC-3: moving from 4 onto Eureka (not only past it) is a Eureka."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    products(s)
    tableau(s, 1, "sydney_surf_club_drones")  # 1R
    a.counters["research"] = 4
    s.call("income", a, "technology", answers=["Kaiju DNA"])
    assert a.counters["research"] == 0
    assert s.ids(a.zones["products"]) == ["kaiju_dna_sequencer"]


def test_ki_inc_3_several_wraps_in_one_income(scenario):
    """KI-INC-3: each time the wheel passes Eureka counts: 4 + 6R passes it twice, so two products are taken, the
    second choice already showing the first replacement."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    products(s)
    tableau(s, 1, "moscow_monstrology_institute", "tokyo_shinjuku_research_tower")  # YT technology 3R + 3R
    a.counters["research"] = 4
    d = s.call("income", a, "technology", answers=["Mecha-Grade Rebar"])
    assert d.player is a
    assert d.labels() == ["Giant Robot Chassis", "Kaiju DNA Sequencer", "Catastrophe Bonds"]
    assert s.answer("Catastrophe Bonds") is None
    assert a.counters["research"] == 0
    assert s.ids(a.zones["products"]) == ["mecha_grade_rebar", "catastrophe_bonds"]
    assert s.ids(s.zone("products")) == ["giant_robot_chassis", "kaiju_dna_sequencer", "kaiju_petting_zoo"]
    assert s.ids(s.zone("product_deck")) == ["global_kaiju_franchise"]


def test_ki_inc_3_rival_eureka_on_rival_income(scenario):
    """KI-INC-3 (with KI-INC-5): a rival whose Rival's Turn research passes Eureka takes the product himself."""
    s = scenario("kaiju-inc", 3)
    a, b = s.p(1), s.p(2)
    products(s)
    tableau(s, 2, "mumbai_kaiju_helpline")  # RT technology 1¥ 3R 1K
    b.counters["research"] = 3
    d = s.call("income", a, "technology")
    assert d.player is b
    s.answer("Mecha-Grade Rebar")
    assert s.ids(b.zones["products"]) == ["mecha_grade_rebar"] and a.zones["products"].items == []
    assert b.counters["research"] == 1


# ---------------------------------------------------------------- KI-INC-4 kaiju wheel

def test_ki_inc_4_kaiju_wheel_wrap_is_an_attack(scenario):
    """KI-INC-4: +1 on the kaiju wheel per K; from 5 onto the Kaiju Attack space the current card attacks at once
    (Godzillionaire: lose half the bank, rounded up)."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    kaiju(s)
    tableau(s, 1, "moscow_samovar_smelter")  # YT industrial 2¥ 1K
    a.counters["money"] = 7
    a.counters["kaiju"] = 5
    s.call("income", a, "industrial")
    assert a.counters["kaiju"] == 0
    assert a.counters["money"] == 4  # 7 + 2 = 9, then half rounded up (5) eaten
    i = line_index(s, "Godzillionaire attacks Ann!")
    line_index(s, "Godzillionaire eats 5 yen", i)


def test_ki_inc_4_no_attack_before_the_wrap(scenario):
    """KI-INC-4: reaching 5 is not an attack; the card stays current."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    kaiju(s)
    tableau(s, 1, "london_docklands_foundry")  # YT industrial 3¥ 2R 2K
    a.counters["kaiju"] = 3
    s.call("income", a, "industrial")
    assert a.counters["kaiju"] == 5 and a.counters["money"] == 8
    assert s.ids(s.zone("kaiju_current")) == ["godzillionaire"] and s.zone("kaiju_discard").items == []
    assert not any("attacks" in line for line in s.lines())


def test_ki_inc_4_passing_the_kaiju_space_is_an_attack(scenario):
    """KI-INC-4: moving from 5 past the Kaiju Attack space (5 + 2 -> 1) is an attack too."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    kaiju(s, current="brainasaur")
    tableau(s, 1, "london_docklands_foundry")  # 3¥ 2R 2K
    a.counters["kaiju"] = 5
    a.counters["research"] = 1
    s.call("income", a, "industrial")
    assert a.counters["kaiju"] == 1
    assert a.counters["research"] == 0  # 1 + 2 = 3, then Brainasaur sends it back to Eureka
    line_index(s, "Brainasaur attacks Ann!")


def test_ki_inc_4_attack_happens_at_once_during_income(scenario):
    """KI-INC-4: the attack is resolved at once, before the next rival collects (Shortseller Rex: the victim loses
    2¥ and each rival gains 1¥ - a rival already at 11¥ gains nothing)."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    kaiju(s, current="shortseller_rex")
    tableau(s, 1, "moscow_samovar_smelter")  # 2¥ 1K
    tableau(s, 2, "tokyo_odaiba_robot_plant")  # RT industrial 3¥ 1R 1K
    a.counters["kaiju"] = 5
    a.counters["money"] = 3
    b.counters["money"] = 8
    c.counters["money"] = 11
    s.call("income", a, "industrial")
    assert a.counters["money"] == 3  # 3 + 2 - 2
    assert b.counters["money"] == 11  # 8 + 1 from the short, then + 3 capped at 11
    assert c.counters["money"] == 11
    assert line_index(s, "Shortseller Rex attacks Ann!") < line_index(s, "Ben collects 3¥")


def test_ki_inc_4_backward_lap_onto_the_space_attacks_by_default(scenario):
    """KI-INC-4, option backward_attacks=on (the default): the rulebook's attack is a wheel moving "from the 5 space
    back onto, or past, the Kaiju Attack K space"; the review's marker "loops past its starting point in either
    direction". Negative K turns the wheel backward, and a wheel moving from 1 back onto the Kaiju Attack space has
    completed a backward lap: an attack (Godzillionaire eats half of Ben's 7¥, rounded up), and the card is
    replaced."""
    s = scenario("kaiju-inc", 3)
    assert s.match.options.values["backward_attacks"] == "on"
    a, b, c = s.match.players
    kaiju(s)
    tableau(s, 2, "mumbai_biogas_scrubbers")  # RT industrial 1¥ 0R -1K
    b.counters["money"] = 6
    b.counters["kaiju"] = 1
    s.call("income", a, "industrial")
    assert b.counters["kaiju"] == 0  # 1 - 1: back onto the Kaiju Attack space
    line_index(s, "Ben collects 1¥ 0R -1K from 1 industrial building.")
    line_index(s, "Godzillionaire attacks Ben!")
    assert b.counters["money"] == 3  # 6 + 1, then Godzillionaire eats half, rounded up (4)
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]  # the triggered card is replaced


def test_ki_inc_4_backward_past_the_space_attacks_once_by_default(scenario):
    """KI-INC-4, backward_attacks=on: "back onto, or past" - a wheel on 1 turned 2 back passes the Kaiju Attack space
    onto 5: one attack; a wheel on 2 turned 1 back (onto 1) has not reached the space: none (both sides of the
    boundary)."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    kaiju(s)
    tableau(s, 2, "tokyo_shrine_wards", "london_thames_barrier")  # Ben: RT construction, -1K each
    tableau(s, 3, "mumbai_biogas_scrubbers")  # Cleo: RT industrial -1K
    c.counters["kaiju"] = 2
    s.call("income", a, "industrial")
    assert c.counters["kaiju"] == 1
    assert not any("attacks" in line for line in s.lines())
    b.counters["kaiju"] = 1
    s.call("income", a, "construction")
    line_index(s, "Ben collects 2¥ 1R -2K from 2 construction buildings.")
    assert b.counters["kaiju"] == 5  # 1 - 2: past the space onto 5
    assert sum("attacks" in line for line in s.lines()) == 1
    line_index(s, "Godzillionaire attacks Ben!")
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]


def test_ki_inc_4_leaving_the_space_backward_is_no_attack_by_default(scenario):
    """KI-INC-4, backward_attacks=on: a marker that leaves the Kaiju Attack space backward (0 -> 5, a first -1K of the
    game) has not looped past its starting point: no attack, the card stays; the next +1K (5 -> 0) is the printed
    forward attack."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    kaiju(s)
    tableau(s, 2, "mumbai_biogas_scrubbers")  # RT industrial 1¥ 0R -1K
    s.call("income", a, "industrial")
    assert b.counters["kaiju"] == 5 and b.counters["money"] == 6
    assert not any("attacks" in line for line in s.lines())
    assert s.ids(s.zone("kaiju_current")) == ["godzillionaire"]
    tableau(s, 2, "moscow_samovar_smelter")  # YT industrial 2¥ 0R 1K
    s.call("collect", b, "industrial", "your_turn")
    assert b.counters["kaiju"] == 0
    line_index(s, "Godzillionaire attacks Ben!")


def test_ki_inc_4_option_backward_attacks_leaving(scenario):
    """KI-INC-4, rules option backward_attacks=leaving (the other reading of the review's "loops past its starting
    point in either direction"): a wheel moving from the Kaiju Attack space back onto 5 is attacked; a wheel moving
    from 1 back onto the space, or between 1 and 5, is not."""
    s = scenario("kaiju-inc", 3, options={"backward_attacks": "leaving"})
    a, b, c = s.match.players
    kaiju(s)
    tableau(s, 2, "mumbai_biogas_scrubbers")  # RT industrial 1¥ 0R -1K
    tableau(s, 3, "tokyo_shrine_wards")  # RT construction 1¥ 0R -1K
    b.counters["money"] = 6
    b.counters["kaiju"] = 0  # on the Kaiju Attack space, as at the start of the game
    s.call("income", a, "industrial")
    assert b.counters["kaiju"] == 5  # 0 - 1 turns back onto 5
    line_index(s, "Godzillionaire attacks Ben!")
    assert b.counters["money"] == 3  # 6 + 1, then Godzillionaire eats half, rounded up (4)
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]
    c.counters["kaiju"] = 1
    s.call("income", a, "construction")  # Cleo 1 -> 0: onto the space, no attack
    assert c.counters["kaiju"] == 0
    c.counters["kaiju"] = 3
    s.call("income", a, "construction")
    assert c.counters["kaiju"] == 2
    assert not any("attacks Cleo" in line for line in s.lines())
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]


def test_ki_inc_4_option_backward_attacks_off(scenario):
    """KI-INC-4, rules option backward_attacks=off (the rulebook's text alone names only forward attacks): negative K
    turns the wheel backward onto or past the Kaiju Attack space (1 -> 0, 0 -> 5) without an attack; the next +1K
    is an attack."""
    s = scenario("kaiju-inc", 3, options={"backward_attacks": "off"})
    a, b, _ = s.match.players
    kaiju(s)
    tableau(s, 2, "mumbai_biogas_scrubbers")  # Rival's Turn industrial 1¥ 0R -1K
    b.counters["kaiju"] = 1
    s.call("income", a, "industrial")
    assert b.counters["kaiju"] == 0
    b.counters["money"] = 6
    s.call("income", a, "industrial")
    assert b.counters["kaiju"] == 5  # 0 - 1 turns back to 5
    assert b.counters["money"] == 7
    assert not any("attacks" in line for line in s.lines())
    s.call("collect", b, "industrial", "your_turn")  # no Your Turn industrial building: the wheel stays
    assert b.counters["kaiju"] == 5
    tableau(s, 2, "moscow_samovar_smelter")  # YT industrial 2¥ 0R 1K
    s.call("collect", b, "industrial", "your_turn")
    assert b.counters["kaiju"] == 0
    line_index(s, "Godzillionaire attacks Ben!")


# ---------------------------------------------------------------- KI-INC-5, KI-INC-6 rivals

def test_ki_inc_5_rivals_rival_turn_income_clockwise(scenario):
    """KI-INC-5: after the active player, every rival clockwise from her gains the income of their Rival's Turn
    buildings of the suit (the order is visible in the account); rivals' Your Turn cards do not pay."""
    s = scenario("kaiju-inc", 4)
    ann, ben, cleo, dev = s.match.players
    tableau(s, 3, "moscow_samovar_smelter")  # Cleo, active: YT industrial 2¥ 0R 1K
    tableau(s, 4, "tokyo_odaiba_robot_plant")  # Dev: RT industrial 3¥ 1R 1K
    tableau(s, 1, "hong_kong_pearl_river_shipyard", "london_docklands_foundry")  # Ann: RT 2¥ 1R 1K + a YT one
    tableau(s, 2, "sydney_botany_bay_coal_loader", "rio_guanabara_oil_rig")  # Ben: RT 1¥1R1K + 2¥1R1K
    s.call("income", cleo, "industrial")
    i_cleo = line_index(s, "Cleo collects 2¥ 0R 1K from 1 industrial building.")
    i_dev = line_index(s, "Dev collects 3¥ 1R 1K from 1 industrial building.")
    i_ann = line_index(s, "Ann collects 2¥ 1R 1K from 1 industrial building.")
    i_ben = line_index(s, "Ben collects 3¥ 2R 2K from 2 industrial buildings.")
    assert i_cleo < i_dev < i_ann < i_ben
    assert cleo.counters == {"money": 7, "research": 0, "kaiju": 1}
    assert dev.counters == {"money": 8, "research": 1, "kaiju": 1}
    assert ann.counters == {"money": 7, "research": 1, "kaiju": 1}  # her Your Turn Docklands did not pay
    assert ben.counters == {"money": 8, "research": 2, "kaiju": 2}


def test_ki_inc_5_rival_order_starts_left_of_the_active_player(scenario):
    """KI-INC-5: with Ben active in a 3-player game the rivals are paid Cleo then Ann."""
    s = scenario("kaiju-inc", 3)
    ann, ben, cleo = s.match.players
    tableau(s, 1, "st_louis_gateway_turret")  # RT construction 2¥ 1R
    tableau(s, 3, "rio_copacabana_sandbags")  # RT construction 2¥
    s.call("income", ben, "construction")
    assert line_index(s, "Cleo collects") < line_index(s, "Ann collects")
    assert not any(line.startswith("  Ben collects") for line in s.lines())
    assert ann.counters["money"] == 7 and cleo.counters["money"] == 7 and ben.counters["money"] == 5


def test_ki_inc_6_own_rival_turn_cards_do_not_pay_on_own_income(scenario):
    """KI-INC-6: the active player's own Rival's Turn buildings do not pay on her own income - but they pay when a
    rival takes income of that suit."""
    s = scenario("kaiju-inc", 3)
    a, b = s.p(1), s.p(2)
    tableau(s, 1, "moscow_tankograd_mech_works")  # RT industrial 3¥ 2R 2K
    s.call("income", a, "industrial")
    assert a.counters == {"money": 5, "research": 0, "kaiju": 0}
    assert not any("Ann collects" in line for line in s.lines())
    s.call("income", b, "industrial")
    assert a.counters == {"money": 8, "research": 2, "kaiju": 2}


# ---------------------------------------------------------------- KI-INC-7 one card hits everyone

def test_ki_inc_7_same_card_hits_every_wrapping_player_then_replaced_once(scenario):
    """KI-INC-7: every player whose kaiju wheel wraps in the same income suffers the same current card; it is
    replaced once, after the income, by the top of the Kaiju Attack deck."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    kaiju(s)  # Godzillionaire current, Gazhonga next
    tableau(s, 1, "moscow_samovar_smelter")  # YT 2¥ 1K
    tableau(s, 2, "sydney_botany_bay_coal_loader")  # RT 1¥ 1R 1K
    tableau(s, 3, "rio_guanabara_oil_rig")  # RT 2¥ 1R 1K
    a.counters.update(money=6, kaiju=5)
    b.counters.update(money=3, kaiju=5)
    c.counters.update(money=6, kaiju=2)
    s.call("income", a, "industrial")
    assert a.counters["money"] == 4  # 8 - 4
    assert b.counters["money"] == 2  # 4 - 2
    assert c.counters["money"] == 8  # not attacked: wheel 2 -> 3
    i = line_index(s, "Godzillionaire attacks Ann!")
    j = line_index(s, "Godzillionaire attacks Ben!", i)
    k = line_index(s, "A new kaiju looms: Gazhonga.", j)
    assert line_index(s, "Cleo collects") < k
    assert sum("attacks" in line for line in s.lines()) == 2
    assert sum("A new kaiju looms" in line for line in s.lines()) == 1
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]
    assert s.ids(s.zone("kaiju_discard")) == ["godzillionaire"]
    assert s.ids(s.zone("kaiju_deck")) == ["krakenstein"]
    assert s.match.vars["kaiju_triggered"] is False


def test_ki_inc_7_no_attack_no_replacement(scenario):
    """KI-INC-7: if nobody's wheel wraps, the current Kaiju Attack card stays."""
    s = scenario("kaiju-inc", 3)
    kaiju(s)
    tableau(s, 1, "moscow_samovar_smelter")
    s.call("income", s.p(1), "industrial")
    assert s.ids(s.zone("kaiju_current")) == ["godzillionaire"]
    assert len(s.zone("kaiju_deck").items) == 2 and s.zone("kaiju_discard").items == []


def test_ki_inc_7_attacked_player_chooses_the_building_lost(scenario):
    """KI-INC-7: a stomping kaiju (Queen Conga: a Rival's Turn Construction building) lets the attacked player choose
    which of several qualifying buildings goes to the building discard pile; a player with none loses nothing."""
    s = scenario("kaiju-inc", 3)
    a, b, c = s.match.players
    kaiju(s, current="queen_conga")
    tableau(s, 1, "moscow_samovar_smelter", "hong_kong_kowloon_towers")  # Ann: 1K and no RT construction
    tableau(s, 2, "sydney_botany_bay_coal_loader", "mumbai_backlot_barricades", "london_thames_barrier",
            "tokyo_capsule_shelters")
    a.counters["kaiju"] = 5
    b.counters["kaiju"] = 5
    d = s.call("income", a, "industrial")
    # Ann's only Rival's Turn Construction building was lost without a question
    assert s.ids(a.zones["tableau"]) == ["moscow_samovar_smelter"]
    assert d.player is b
    assert d.labels() == ["Bollywood Backlot Barricades", "Thames Kaiju Barrier"]
    assert s.answer("Thames Kaiju Barrier") is None
    assert s.ids(b.zones["tableau"]) == ["sydney_botany_bay_coal_loader", "mumbai_backlot_barricades",
                                          "tokyo_capsule_shelters"]
    assert s.ids(s.zone("building_discard")) == ["hong_kong_kowloon_towers", "london_thames_barrier"]
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]


def test_ki_inc_7_mind_control_attacks_are_replaced_once(scenario):
    """KI-INC-7 (with KI-SA-3): rivals pushed past the Kaiju Attack space by Kaiju Mind Control all suffer the same
    card, then it is replaced once."""
    s = scenario("kaiju-inc", 3)
    solvent(s)
    a, b, c = s.match.players
    kaiju(s, current="brainasaur")
    b.counters.update(kaiju=5, research=3)
    c.counters.update(kaiju=5, research=2)
    stack(s, s.zone("row"), "kaiju_mind_control", "london_tube_shelter")
    s.call("take_turn", a, answers=["Kaiju Mind Control", "Play"])
    assert (b.counters["kaiju"], c.counters["kaiju"]) == (0, 0)
    assert (b.counters["research"], c.counters["research"]) == (0, 0)
    assert sum("A new kaiju looms" in line for line in s.lines()) == 1
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]


# ---------------------------------------------------------------- KI-DECK-2

def test_ki_deck_2_spent_kaiju_deck_reshuffled(scenario):
    """KI-DECK-2 with KI-INC-7: "If the Kaiju deck is exhausted, reshuffle the discard pile and place it face-down as a
    new draw deck", and a triggered card has "a new face-up Kaiju Attack card ... placed on top of it": the discard
    pile is shuffled into a new deck without the card just beaten, whose top card becomes the current threat; the
    beaten card then goes to the discard pile, never its own replacement."""
    for seed in range(8):  # whatever the shuffle
        s = scenario("kaiju-inc", 3, seed=seed)
        a = s.p(1)
        s.put("godzillionaire", s.zone("kaiju_current"))
        stack(s, s.zone("kaiju_discard"), "krakenstein", "hydrabyte")
        tableau(s, 1, "moscow_samovar_smelter")
        a.counters["kaiju"] = 5
        s.call("income", a, "industrial")
        i = line_index(s, "Godzillionaire attacks Ann!")
        line_index(s, "The Kaiju Attack discard pile is shuffled into a new deck.", i)
        assert s.ids(s.zone("kaiju_discard")) == ["godzillionaire"]
        current = s.ids(s.zone("kaiju_current"))
        assert len(current) == 1 and current != ["godzillionaire"]
        assert sorted(current + s.ids(s.zone("kaiju_deck"))) == ["hydrabyte", "krakenstein"]


def test_ki_deck_2_a_discard_pile_of_one_card_is_the_new_deck(scenario):
    """KI-DECK-2, the boundary on the other side: a spent deck and a discard pile of one card: that card is shuffled
    into a new deck and placed on top of the triggered card, which then goes to the discard pile."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    s.put("godzillionaire", s.zone("kaiju_current"))
    s.put("krakenstein", s.zone("kaiju_discard"))
    tableau(s, 1, "moscow_samovar_smelter")
    a.counters["kaiju"] = 5
    s.call("income", a, "industrial")
    line_index(s, "The Kaiju Attack discard pile is shuffled into a new deck.")
    assert s.ids(s.zone("kaiju_current")) == ["krakenstein"]
    assert s.ids(s.zone("kaiju_discard")) == ["godzillionaire"] and s.zone("kaiju_deck").items == []


def test_ki_deck_2_a_lone_kaiju_card_stays_current(scenario):
    """KI-DECK-2, the boundary: with no card in the Kaiju deck nor in its discard pile, there is no new card to place
    on top of the triggered one: it stays the current threat (nothing is shuffled)."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    s.put("godzillionaire", s.zone("kaiju_current"))
    tableau(s, 1, "moscow_samovar_smelter")
    a.counters["kaiju"] = 5
    s.call("income", a, "industrial")
    line_index(s, "Godzillionaire attacks Ann!")
    assert s.ids(s.zone("kaiju_current")) == ["godzillionaire"]
    assert s.zone("kaiju_discard").items == [] and s.zone("kaiju_deck").items == []
    assert not any("shuffled" in line or "looms" in line for line in s.lines())
    assert s.match.vars["kaiju_triggered"] is False


def test_ki_deck_2_many_attacks_cycle_the_kaiju_deck(scenario):
    """KI-DECK-2: fourteen attacks in a row with the 12-card Kaiju deck of a set-up game: the deck runs dry, is rebuilt
    from the discard pile, and no card is ever lost."""
    s = scenario("kaiju-inc", 3, setup=True, seed=5)
    a = s.p(1)
    currents = []
    for _ in range(14):
        currents.append(s.ids(s.zone("kaiju_current"))[0])
        d = s.emit("kaiju_attack", player=a)
        while d is not None:  # a stomp asks which building: the first
            d = s.answer(0)
        assert s.match.vars["kaiju_triggered"] is True
        s.call("replace_kaiju")
        total = sum(len(s.zone(z).items) for z in ("kaiju_current", "kaiju_deck", "kaiju_discard"))
        assert total == 12 and len(s.zone("kaiju_current").items) == 1
    assert sorted(set(currents[:12])) == sorted(set(s.ids(s.zone("kaiju_deck")) + s.ids(s.zone("kaiju_discard"))
                                                    + s.ids(s.zone("kaiju_current"))))
    assert len(set(currents[:12])) == 12  # the first 12 threats are the 12 different cards
    assert all(x != y for x, y in zip(currents, currents[1:], strict=False))  # never its own replacement
    line_index(s, "The Kaiju Attack discard pile is shuffled into a new deck.")


# ---------------------------------------------------------------- KI-INC-8 special case

NO_YEN = ["sydney_surf_club_drones", "st_louis_seed_vault", "moscow_sputnik_radar"]  # buildings paying 0¥


def test_ki_inc_8_special_case_scrap_tableau_bank_11_buy_yen_building(scenario):
    """KI-INC-8: a player with no building paying ¥ may discard her whole tableau, raise the bank to 11¥ and at
    once buy 1 building that pays ¥ (only such buildings are offered)."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, *NO_YEN)
    a.counters["money"] = 2
    stack(s, s.zone("row"), "london_docklands_foundry", "hong_kong_feng_shui_deflector", "tokyo_capsule_shelters")
    d = s.call("take_turn", a, answers=["Docklands Mech Foundry"])
    assert d.labels() == ["Discard Docklands Mech Foundry for industrial income", "Scrap the tableau for 11¥ (special case)"]
    d = s.answer("Scrap the tableau")
    assert d.player is a
    assert sorted(d.labels()) == ["Capsule Hotel Shelters", "Docklands Mech Foundry"]  # not the 0¥ Feng Shui Deflector
    assert s.answer("Docklands Mech Foundry") is None
    assert a.counters["money"] == 5  # 11 - 6
    assert s.ids(a.zones["tableau"]) == ["london_docklands_foundry"]
    assert sorted(s.ids(s.zone("building_discard"))) == sorted(NO_YEN)
    assert sorted(s.ids(s.zone("row"))) == ["hong_kong_feng_shui_deflector", "tokyo_capsule_shelters"]
    assert a.zones["chosen"].items == []
    # the account: the scrapping and the raise, then the purchase
    i = line_index(s, "Ann has no building paying ¥: the tableau is scrapped and the bank rises to 11¥.")
    line_index(s, "Ann buys Docklands Mech Foundry for 6¥ (5¥ left).", i)


def test_ki_inc_8_special_case_is_optional(scenario):
    """KI-INC-8: the special case is a "may": the player can still take income instead."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, *NO_YEN)
    stack(s, s.zone("row"), "rio_samba_school", "tokyo_capsule_shelters")
    s.call("take_turn", a, answers=["Samba School", "Discard"])
    assert sorted(s.ids(a.zones["tableau"])) == sorted(NO_YEN)
    assert a.counters["research"] == 1 and a.counters["money"] == 5


def test_ki_inc_8_no_special_case_with_a_yen_building(scenario):
    """KI-INC-8: a player who still has a building paying ¥ (even a Rival's Turn one) is not offered the special case."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, *NO_YEN, "rio_copacabana_sandbags")  # RT construction 2¥
    a.counters["money"] = 2
    stack(s, s.zone("row"), "london_docklands_foundry", "tokyo_capsule_shelters")
    assert s.call("take_turn", a, answers=["Docklands Mech Foundry"]) is None  # only income was possible
    assert len(a.zones["tableau"].items) == 4 and a.counters["money"] == 2


def test_ki_inc_8_no_special_case_without_a_yen_building_to_buy(scenario):
    """KI-INC-8: the special case needs a building paying ¥ to buy (in the row or the chosen card)."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, "sydney_surf_club_drones")
    a.counters["money"] = 0
    stack(s, s.zone("row"), "hong_kong_feng_shui_deflector", "moscow_sputnik_radar")
    assert s.call("take_turn", a, answers=["Feng Shui"]) is None
    assert s.ids(a.zones["tableau"]) == ["sydney_surf_club_drones"] and a.counters["money"] == 0


def test_ki_inc_8_a_single_one_yen_building_is_enough(scenario):
    """KI-INC-8: "purchase 1 Building that provides ¥": one building paying just 1¥ (the Tube Shelter) is enough to
    offer the special case, and it is the one bought; 0¥ buildings are not offered."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    tableau(s, 1, *NO_YEN)
    a.counters["money"] = 0
    stack(s, s.zone("row"), "hong_kong_feng_shui_deflector", "london_tube_shelter", "moscow_sputnik_radar")
    d = s.call("take_turn", a, answers=["Feng Shui"])
    assert d.labels() == ["Discard Feng Shui Kaiju Deflector for technology income", "Scrap the tableau for 11¥ (special case)"]
    assert s.answer("Scrap the tableau") is None  # the single ¥ building is bought without a question
    assert s.ids(a.zones["tableau"]) == ["london_tube_shelter"] and a.counters["money"] == 10


def test_ki_deck_2_the_rebuilt_kaiju_deck_is_shuffled(scenario):
    """KI-DECK-2: "reshuffle the discard pile": the new current threat is not always the same card (over 8 seeds)."""
    currents = set()
    for seed in range(8):
        s = scenario("kaiju-inc", 3, seed=seed)
        s.put("godzillionaire", s.zone("kaiju_current"))
        stack(s, s.zone("kaiju_discard"), "krakenstein", "hydrabyte", "nibblor", "brainasaur")
        s.match.vars["kaiju_triggered"] = True
        s.call("replace_kaiju")
        currents.add(s.ids(s.zone("kaiju_current"))[0])
    assert len(currents) >= 2
