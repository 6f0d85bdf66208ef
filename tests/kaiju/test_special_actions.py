"""Kaiju Incorporated: the six Special Action cards (KI-SA-1 .. KI-SA-5, with KI-TURN-4)."""
from __future__ import annotations

import pytest

from .helpers import field, line_index, stack, tableau

HOME = "start_gwai_harbourfront_towers"  # Ann's own ¥ building (YT construction, cost 3): no special case for her


def play(s, action, answers=()):
    """Ann takes `action` from the row (with a filler card beside it) and plays it."""
    stack(s, s.zone("row"), action, "london_tube_shelter")
    name = s.game.cards[action].name
    return s.call("take_turn", s.p(1), answers=[name, f"Play {name}", *answers])


TAKEOVERS = [
    # suit, action card, Ben's target, Cleo's target, Ann's own card of that suit (never offered)
    ("industrial", "hostile_takeover_industrial", "hong_kong_kwun_tong_cannery", "tokyo_odaiba_robot_plant",
     "moscow_samovar_smelter"),
    ("construction", "hostile_takeover_construction", "mumbai_gateway_bastion", "sydney_opera_house_shelter",
     "tokyo_capsule_shelters"),
    ("technology", "hostile_takeover_technology", "mumbai_dabbawala_drones", "tokyo_akihabara_otaku_hub",
     "st_louis_cornfield_sensors"),
]


@pytest.mark.parametrize("suit,action,ben_card,cleo_card,own", TAKEOVERS, ids=[t[0] for t in TAKEOVERS])
def test_ki_sa_1_hostile_takeover_buys_a_rival_building_of_its_suit(scenario, suit, action, ben_card, cleo_card, own):
    """KI-SA-1: Hostile Takeover (one per suit) buys a building of that suit from a rival's tableau, paying its cost
    to that rival; only rivals' buildings of that suit are offered, and the action card is discarded."""
    s = scenario("kaiju-inc", 3)
    ann, ben, cleo = s.match.players
    tableau(s, 1, HOME, own)
    tableau(s, 2, ben_card, "rio_redeemer_colossus_hangar" if suit != "construction" else "rio_carnival_float_factory")
    tableau(s, 3, cleo_card)
    ann.counters["money"] = 7
    cost = s.game.cards[cleo_card].fields["cost"]
    d = play(s, action)
    assert d.player is ann
    assert sorted(d.labels()) == sorted([s.game.cards[ben_card].name, s.game.cards[cleo_card].name,
                                         "Take over nothing"])
    assert s.answer(s.game.cards[cleo_card].name) is None
    assert ann.counters["money"] == 7 - cost
    assert cleo.counters["money"] == 5 + cost
    assert ben.counters["money"] == 5
    assert s.ids(ann.zones["tableau"]) == [HOME, own, cleo_card]
    assert cleo.zones["tableau"].items == []
    assert s.ids(s.zone("building_discard")) == [action]
    line_index(s, f"Ann takes over {s.game.cards[cleo_card].name} from Cleo for {cost}¥.")


def test_ki_sa_1_the_player_may_decline_the_takeover_after_playing_it(scenario):
    """KI-SA-1: "You may purchase" a building from a rival's tableau: once the Hostile Takeover is played, its
    player may take over nothing (even with a single target); nobody pays, the tableaux stay, the card is
    discarded."""
    s = scenario("kaiju-inc", 3)
    ann, ben, cleo = s.match.players
    tableau(s, 1, HOME)
    tableau(s, 2, "tokyo_odaiba_robot_plant")
    ann.counters["money"] = 11
    ben.counters["money"] = 5
    d = play(s, "hostile_takeover_industrial")
    assert d.player is ann and d.labels() == ["Odaiba Giant Robot Plant", "Take over nothing"]
    assert s.answer("Take over nothing") is None
    assert (ann.counters["money"], ben.counters["money"]) == (11, 5)
    assert s.ids(ann.zones["tableau"]) == [HOME] and s.ids(ben.zones["tableau"]) == ["tokyo_odaiba_robot_plant"]
    assert s.ids(s.zone("building_discard")) == ["hostile_takeover_industrial"]
    line_index(s, "Ann takes over nothing.")


def test_ki_sa_2_takeover_needs_room_in_the_rivals_bank(scenario):
    """KI-SA-2: a building is a takeover target only if its cost fits in the rival's bank (at most 11¥ after the
    payment) - and, of course, if the buyer can pay it."""
    s = scenario("kaiju-inc", 3)
    ann, ben, cleo = s.match.players
    tableau(s, 1, HOME)
    tableau(s, 2, "hong_kong_kwun_tong_cannery")  # cost 4, Ben at 8¥: 12 > 11, no room
    tableau(s, 3, "st_louis_mutagen_refinery",  # cost 9: Cleo has room (2 + 9 = 11) but Ann has only 7¥
            "tokyo_odaiba_robot_plant",  # cost 6: fits
            "sydney_botany_bay_coal_loader")  # cost 3: fits
    ann.counters["money"] = 7
    ben.counters["money"] = 8
    cleo.counters["money"] = 2
    d = play(s, "hostile_takeover_industrial")
    assert sorted(d.labels()) == ["Botany Bay Coal Loader", "Odaiba Giant Robot Plant", "Take over nothing"]
    s.answer("Odaiba Giant Robot Plant")
    assert (ann.counters["money"], cleo.counters["money"]) == (1, 8)


def test_ki_sa_2_room_up_to_exactly_11(scenario):
    """KI-SA-2: a payment that brings the rival exactly to 11¥ is allowed; one more ¥ is not."""
    s = scenario("kaiju-inc", 3)
    ann, ben, cleo = s.match.players
    tableau(s, 1, HOME)
    tableau(s, 2, "tokyo_odaiba_robot_plant")  # cost 6
    ann.counters["money"] = 11
    ben.counters["money"] = 5
    assert play(s, "hostile_takeover_industrial").labels() == ["Odaiba Giant Robot Plant", "Take over nothing"]
    s.answer("Odaiba Giant Robot Plant")
    assert ben.counters["money"] == 11 and ann.counters["money"] == 5
    assert s.ids(ann.zones["tableau"]) == [HOME, "tokyo_odaiba_robot_plant"]


def test_ki_sa_2_not_playable_without_a_target_only_income(scenario):
    """KI-SA-2: with no building that fits a rival's bank, the Hostile Takeover is not playable (`playable` is
    false) and the only option is income: the card is discarded for its suit."""
    s = scenario("kaiju-inc", 3)
    ann, ben, cleo = s.match.players
    tableau(s, 1, HOME, "moscow_samovar_smelter")  # Ann: YT industrial 2¥
    tableau(s, 2, "tokyo_odaiba_robot_plant")  # cost 6
    ben.counters["money"] = 6  # 6 + 6 = 12: no room
    ann.counters["money"] = 10
    card = s.put("hostile_takeover_industrial", ann.zones["chosen"])
    assert field(s, card, "playable") is False
    ben.counters["money"] = 5
    assert field(s, card, "playable") is True
    ben.counters["money"] = 6
    s.match.place(card, s.zone("row"))
    s.put("london_tube_shelter", s.zone("row"))
    d = s.call("take_turn", ann, answers=["Hostile Takeover (Industrial)"])
    assert d is None  # no menu: income was forced
    assert ann.counters["money"] == 11 and ben.counters["money"] == 6 + 3  # Odaiba is Rival's Turn: Ben +3¥
    assert s.ids(ben.zones["tableau"]) == ["tokyo_odaiba_robot_plant"]
    assert s.ids(s.zone("building_discard")) == ["hostile_takeover_industrial"]
    line_index(s, "Ann discards Hostile Takeover (Industrial) for industrial income.")


@pytest.mark.parametrize("suit,action,ben_card,cleo_card,own", TAKEOVERS, ids=[t[0] for t in TAKEOVERS])
def test_ki_sa_1_playable_with_one_target_not_with_none(scenario, suit, action, ben_card, cleo_card, own):
    """KI-SA-1, KI-SA-2: each Hostile Takeover is playable as soon as one rival building of its suit can be bought
    (exactly one target), and not with none (the rivals hold no building of that suit)."""
    s = scenario("kaiju-inc", 3)
    ann = s.p(1)
    tableau(s, 1, HOME, own)
    ann.counters["money"] = 11
    card = s.put(action, ann.zones["chosen"])
    assert field(s, card, "playable") is False
    tableau(s, 2, ben_card)
    assert field(s, card, "playable") is True


def test_ki_sa_2_own_buildings_are_never_targets(scenario):
    """KI-SA-2 (with KI-SA-1): a player's own buildings are not takeover targets, so with none at the rivals the
    action is not playable."""
    s = scenario("kaiju-inc", 3)
    ann = s.p(1)
    tableau(s, 1, HOME, "hong_kong_kwun_tong_cannery", "moscow_samovar_smelter")
    card = s.put("hostile_takeover_industrial", ann.zones["chosen"])
    assert field(s, card, "playable") is False


def test_ki_sa_3_kaiju_mind_control(scenario):
    """KI-SA-3: Kaiju Mind Control costs 4¥: the player's kaiju wheel goes to zero (no attack for her), every
    rival's wheel rises by 1 - a rival moving from 5 onto the Kaiju Attack space is attacked."""
    s = scenario("kaiju-inc", 3)
    ann, ben, cleo = s.match.players
    tableau(s, 1, HOME)
    s.put("godzillionaire", s.zone("kaiju_current"))
    s.put("gazhonga", s.zone("kaiju_deck"))
    ann.counters.update(money=4, kaiju=5)
    ben.counters.update(kaiju=2)
    cleo.counters.update(kaiju=5, money=6)
    assert play(s, "kaiju_mind_control") is None
    assert ann.counters["money"] == 0 and ann.counters["kaiju"] == 0
    assert ben.counters["kaiju"] == 3
    assert cleo.counters["kaiju"] == 0 and cleo.counters["money"] == 3  # attacked: half of 6 eaten
    line_index(s, "Godzillionaire attacks Cleo!")
    assert not any("attacks Ann" in line for line in s.lines())
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]
    assert s.ids(s.zone("building_discard")) == ["kaiju_mind_control"]
    # the account: the card played, then what it did
    line_index(s, "Kaiju Mind Control: the monsters lose interest", line_index(s, "Ann plays Kaiju Mind Control."))


def test_ki_sa_3_mind_control_needs_4_yen(scenario):
    """KI-SA-3: with 3¥ Kaiju Mind Control cannot be played: it is discarded for Technology income."""
    s = scenario("kaiju-inc", 3)
    ann, ben = s.p(1), s.p(2)
    tableau(s, 1, HOME)
    ann.counters.update(money=3, kaiju=4)
    stack(s, s.zone("row"), "kaiju_mind_control", "london_tube_shelter")
    assert s.call("take_turn", ann, answers=["Kaiju Mind Control"]) is None
    assert ann.counters == {"money": 3, "research": 0, "kaiju": 4}
    assert ben.counters["kaiju"] == 0


def test_ki_sa_4_no_bid_contract_random_building_from_the_deck(scenario):
    """KI-SA-4: No-Bid Contract costs 5¥: a random Building card from the face-down Building deck joins the
    tableau (a Special Action card in the deck is never awarded)."""
    s = scenario("kaiju-inc", 3)
    ann = s.p(1)
    tableau(s, 1, HOME)
    stack(s, s.zone("building_deck"), "patent_lawsuit", "rio_samba_school", "kaiju_mind_control")
    assert play(s, "no_bid_contract") is None
    assert ann.counters["money"] == 0
    assert s.ids(ann.zones["tableau"]) == [HOME, "rio_samba_school"]
    assert sorted(s.ids(s.zone("building_deck"))) == ["kaiju_mind_control", "patent_lawsuit"]
    assert s.ids(s.zone("building_discard")) == ["no_bid_contract"]
    line_index(s, "No-Bid Contract: Samba School of Kaiju Studies is awarded")


def test_ki_sa_4_no_bid_contract_is_random(scenario):
    """KI-SA-4: the awarded building is random, not the top of the deck."""
    got = set()
    for seed in range(8):
        s = scenario("kaiju-inc", 3, seed=seed)
        tableau(s, 1, HOME)
        deck = ["rio_samba_school", "moscow_samovar_smelter", "tokyo_capsule_shelters", "london_royal_society"]
        stack(s, s.zone("building_deck"), *deck)
        play(s, "no_bid_contract")
        new = s.ids(s.p(1).zones["tableau"])[1:]
        assert len(new) == 1 and new[0] in deck
        assert len(s.zone("building_deck").items) == 3
        got.add(new[0])
    assert len(got) >= 2


def test_ki_sa_4_no_bid_contract_needs_5_yen(scenario):
    """KI-SA-4: with 4¥ the No-Bid Contract is only discarded for Construction income."""
    s = scenario("kaiju-inc", 3)
    ann = s.p(1)
    tableau(s, 1, HOME)  # YT construction 3¥ 0R 1K
    ann.counters["money"] = 4
    stack(s, s.zone("building_deck"), "rio_samba_school")
    stack(s, s.zone("row"), "no_bid_contract", "london_tube_shelter")
    assert s.call("take_turn", ann, answers=["No-Bid Contract"]) is None
    assert ann.counters["money"] == 7 and s.ids(ann.zones["tableau"]) == [HOME]


def test_ki_sa_5_patent_lawsuit_random_product_from_the_deck(scenario):
    """KI-SA-5: Patent Lawsuit costs 9¥: the player takes a random card of the face-down New Product deck; the
    face-up products are untouched and nothing is revealed."""
    got = set()
    for seed in range(8):
        s = scenario("kaiju-inc", 3, seed=seed)
        ann = s.p(1)
        tableau(s, 1, HOME)
        ann.counters["money"] = 10
        for pid in ("mecha_grade_rebar", "giant_robot_chassis", "kaiju_dna_sequencer"):
            s.put(pid, s.zone("products"))
        deck = ["catastrophe_bonds", "kaiju_petting_zoo", "global_kaiju_franchise", "luxury_kaiju_cruises"]
        stack(s, s.zone("product_deck"), *deck)
        assert play(s, "patent_lawsuit") is None
        assert ann.counters["money"] == 1
        taken = s.ids(ann.zones["products"])
        assert len(taken) == 1 and taken[0] in deck
        assert sorted(s.ids(s.zone("product_deck")) + taken) == sorted(deck)
        assert s.ids(s.zone("products")) == ["mecha_grade_rebar", "giant_robot_chassis", "kaiju_dna_sequencer"]
        assert s.ids(s.zone("building_discard")) == ["patent_lawsuit"]
        assert not any("revealed" in line for line in s.lines())
        got.add(taken[0])
    assert len(got) >= 2


def test_ki_sa_5_patent_lawsuit_needs_9_yen(scenario):
    """KI-SA-5: with 8¥ Patent Lawsuit cannot be played."""
    s = scenario("kaiju-inc", 3)
    ann = s.p(1)
    tableau(s, 1, HOME)
    ann.counters["money"] = 8
    s.put("catastrophe_bonds", s.zone("product_deck"))
    stack(s, s.zone("row"), "patent_lawsuit", "london_tube_shelter")
    assert s.call("take_turn", ann, answers=["Patent Lawsuit"]) is None
    assert ann.zones["products"].items == [] and ann.counters["money"] == 8
    assert s.ids(s.zone("building_discard")) == ["patent_lawsuit"]


def menu(s, action, money):
    """Ann (with `money`) takes `action` from the row: the labels of her build/income menu ([] when income was the
    only option, taken at once)."""
    s.p(1).counters["money"] = money
    stack(s, s.zone("row"), action, "london_tube_shelter")
    d = s.call("take_turn", s.p(1), answers=[s.game.cards[action].name])
    return [] if d is None else d.labels()


def test_ki_sa_4_no_bid_contract_not_playable_without_a_building_in_the_deck(scenario):
    """KI-SA-4: No-Bid Contract takes "1 Building card at random from the face-down Buildings deck": with no Building
    card in the deck (empty, or Special Action cards only) it cannot be played, so nobody pays 5¥ for nothing;
    the discard pile is not reshuffled for it (KI-DECK-1 reshuffles only to refill the row)."""
    s = scenario("kaiju-inc", 3)
    tableau(s, 1, HOME)
    s.put("rio_samba_school", s.zone("building_discard"))
    assert menu(s, "no_bid_contract", 5) == []  # only income: Harbourfront Towers pays 3¥
    assert s.p(1).counters["money"] == 8 and s.ids(s.p(1).zones["tableau"]) == [HOME]
    assert s.ids(s.zone("building_discard")) == ["rio_samba_school", "no_bid_contract"]
    s = scenario("kaiju-inc", 3)
    tableau(s, 1, HOME)
    stack(s, s.zone("building_deck"), "patent_lawsuit", "kaiju_mind_control")
    assert menu(s, "no_bid_contract", 11) == []
    assert s.ids(s.p(1).zones["tableau"]) == [HOME] and s.p(1).counters["money"] == 11
    s = scenario("kaiju-inc", 3)  # one Building card among the actions: playable, and it is the one awarded
    tableau(s, 1, HOME)
    stack(s, s.zone("building_deck"), "patent_lawsuit", "rio_samba_school")
    assert menu(s, "no_bid_contract", 5) == ["Play No-Bid Contract", "Discard No-Bid Contract for construction income"]
    assert s.answer("Play No-Bid Contract") is None
    assert s.ids(s.p(1).zones["tableau"]) == [HOME, "rio_samba_school"] and s.p(1).counters["money"] == 0


def test_ki_sa_5_patent_lawsuit_not_playable_with_an_empty_product_deck(scenario):
    """KI-SA-5: Patent Lawsuit takes a card "from the face-down New Products deck": with that deck empty it cannot
    be played (the face-up products are not taken), so nobody pays 9¥ for nothing; with one card it can."""
    s = scenario("kaiju-inc", 3)
    tableau(s, 1, HOME)
    s.put("mecha_grade_rebar", s.zone("products"))
    assert menu(s, "patent_lawsuit", 11) == []  # only income
    assert s.p(1).zones["products"].items == [] and s.p(1).counters["money"] == 11
    assert s.ids(s.zone("products")) == ["mecha_grade_rebar"]
    s = scenario("kaiju-inc", 3)
    tableau(s, 1, HOME)
    s.put("catastrophe_bonds", s.zone("product_deck"))
    assert menu(s, "patent_lawsuit", 9) == ["Play Patent Lawsuit", "Discard Patent Lawsuit for industrial income"]
    assert s.answer("Play Patent Lawsuit") is None
    assert s.ids(s.p(1).zones["products"]) == ["catastrophe_bonds"] and s.p(1).counters["money"] == 0
    line_index(s, "Patent Lawsuit: the court awards Catastrophe Bonds")


@pytest.mark.parametrize("money,offered", [(5, False), (6, True), (7, True)])
def test_ki_sa_1_takeover_needs_the_price_in_the_buyers_bank(scenario, money, offered):
    """KI-SA-1: the buyer pays the building's cost: a target costing exactly the buyer's bank is offered, one costing
    a ¥ more is not (Odaiba costs 6¥; Ben has room)."""
    s = scenario("kaiju-inc", 3)
    ann, ben, _ = s.match.players
    tableau(s, 1, HOME)
    tableau(s, 2, "tokyo_odaiba_robot_plant")
    ann.counters["money"] = money
    ben.counters["money"] = 0
    name = "Hostile Takeover (Industrial)"
    stack(s, s.zone("row"), "hostile_takeover_industrial", "london_tube_shelter")
    d = s.call("take_turn", ann, answers=[name])
    labels = [] if d is None else d.labels()
    assert (f"Play {name}" in labels) is offered
    if offered:
        s.answer(f"Play {name}")
        s.answer("Odaiba Giant Robot Plant")
        assert ann.counters["money"] == money - 6 and ben.counters["money"] == 6
