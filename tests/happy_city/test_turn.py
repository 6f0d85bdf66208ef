"""Happy City: the income phase (HC-INC-1) and the action phase (HC-ACT-1 .. HC-ACT-9)."""
from __future__ import annotations

from .helpers import (
    ACTIONS,
    INCOME,
    city,
    coins,
    ids,
    income,
    line_index,
    make,
    market,
    people,
    phase,
    set_coins,
    stack,
)


def test_hc_inc_1_every_player_takes_the_income_of_the_city_at_once():
    """HC-INC-1: in the income phase all players take coins equal to the income icons of their city (round 1: the
    Happy Market's 1 coin); icons on other cards (people, hearts) give nothing."""
    s = make(3)
    for seat in (1, 2, 3):
        market(s, seat)
    city(s, 1, "bank", "garage", "zoo")  # 1 + 2 + 0
    city(s, 3, "school", "steel_mill")  # 0 + 1
    assert phase(s, INCOME) is None
    assert [coins(s, k) for k in (1, 2, 3)] == [2 + 4, 2 + 1, 2 + 2]
    assert [s.p(k).vars["last_income"] for k in (1, 2, 3)] == [4, 1, 2]
    line_index(s, "Ann takes 4 coins of income (6 coins in all).")


def test_hc_act_1_players_act_clockwise_from_the_first_player():
    """HC-ACT-1: the action phase runs clockwise from the first player, each player doing the turn's steps."""
    s = make(4)
    for seat in (1, 2, 3, 4):
        market(s, seat)
        set_coins(s, seat, 0)
    s.match.first = s.p(3)
    stack(s, s.zone("supply"), "zoo", "stadium", "spa")
    d = phase(s, ACTIONS)
    order = []
    while d is not None:
        order.append(d.player.seat)
        assert d.labels() == ["Spa", "Stadium", "Zoo", "Discard nothing"]  # the discard step comes first
        d = s.answer("Discard nothing")
    assert order == [3, 4, 1, 2]
    turns = [line for line in s.lines() if line.startswith("- ")]
    assert turns == ["- Cleo's turn", "- Dev's turn", "- Ann's turn", "- Ben's turn"]
    assert [coins(s, k) for k in (1, 2, 3, 4)] == [1, 1, 1, 1]  # nothing affordable: each took 1 coin


def test_hc_act_2_discard_one_face_up_building_to_its_own_discard_pile():
    """HC-ACT-2: a player may discard one face-up building, face down onto its own pile's discard pile; only the
    buildings of the central area are offered (not residences, not specials)."""
    s = make(3)
    market(s, 1)
    s.put("house", s.zone("pile_house"))
    s.put("dinosaur_park", s.zone("specials"))
    stack(s, s.zone("supply"), "igloo", "museum", "zoo")
    d = s.call("discard_step", s.p(1))
    assert d.player is s.p(1) and d.labels() == ["Zoo", "Museum", "Igloo", "Discard nothing"]
    assert s.answer("Museum") is None
    assert s.ids(s.zone("supply")) == ["zoo", "igloo"]
    assert s.ids(s.zone("discard2")) == ["museum"]
    assert s.zone("discard2").spec.visibility == "hidden"
    assert s.ids(s.zone("discard1")) == [] and s.ids(s.zone("discard3")) == []
    # optional: keeping every card
    s.call("discard_step", s.p(1), answers=["Discard nothing"])
    assert s.ids(s.zone("supply")) == ["zoo", "igloo"]
    # a pile I card goes to pile I's discard pile
    s.call("discard_step", s.p(1), answers=["Igloo"])
    assert s.ids(s.zone("discard1")) == ["igloo"]


def test_hc_act_2_nothing_to_discard_in_round_one():
    """HC-ACT-2: with an empty central area (the first turn of the game) there is nothing to discard: no question."""
    s = make(3)
    market(s, 1)
    assert s.call("discard_step", s.p(1)) is None


def test_hc_act_3_refill_to_exactly_three_one_card_at_a_time_from_any_pile():
    """HC-ACT-3: the central area is refilled to exactly 3 face-up cards, one at a time, the player choosing the
    pile of each card."""
    s = make(3)
    market(s, 1)
    stack(s, s.zone("deck1"), "igloo", "bank")
    stack(s, s.zone("deck2"), "museum")
    stack(s, s.zone("deck3"), "zoo", "spa")
    d = s.call("refill", s.p(1))
    assert d.labels() == ["Pile I", "Pile II", "Pile III"]
    d = s.answer("Pile I")
    assert s.ids(s.zone("supply")) == ["igloo"]
    d = s.answer("Pile III")
    assert s.ids(s.zone("supply")) == ["igloo", "zoo"]
    assert s.answer("Pile I") is None
    assert s.ids(s.zone("supply")) == ["igloo", "zoo", "bank"]
    assert s.ids(s.zone("deck1")) == [] and s.ids(s.zone("deck3")) == ["spa"]
    # already 3: no card is revealed
    assert s.call("refill", s.p(1)) is None and len(s.zone("supply").items) == 3
    # 2 face up: exactly one more (pile I is spent, so it is not offered)
    s.call("discard_step", s.p(1), answers=["Zoo"])
    assert s.call("refill", s.p(1), answers=["Pile II"]) is None
    assert s.ids(s.zone("supply")) == ["igloo", "bank", "museum"]


def test_hc_act_4_a_spent_pile_is_rebuilt_from_its_discard_pile():
    """HC-ACT-4: revealing from a spent pile first shuffles its discard pile into a new pile."""
    s = make(3)
    market(s, 1)
    stack(s, s.zone("discard1"), "igloo", "bank", "florist")
    stack(s, s.zone("supply"), "zoo", "spa")
    assert s.call("refill", s.p(1)) is None  # pile I is the only one with cards (in its discard pile)
    assert len(s.zone("supply").items) == 3
    assert s.ids(s.zone("supply"))[-1] in ("igloo", "bank", "florist")
    assert s.ids(s.zone("discard1")) == [] and len(s.zone("deck1").items) == 2
    line_index(s, "Pile I is spent: its discard pile is shuffled into a new pile.")
    # a pile with no cards and an empty discard pile is not offered
    stack(s, s.zone("deck3"), "casino")
    s.call("discard_step", s.p(1), answers=["Zoo"])
    d = s.call("refill", s.p(1))
    assert d.labels() == ["Pile I", "Pile III"]


def test_hc_act_5_buy_a_face_up_building_a_residence_or_take_one_coin():
    """HC-ACT-5: exactly one of: buy a face-up building, buy a residence from a non-empty pile, or buy nothing
    and take 1 coin. Only what the player can pay for is offered."""
    s = make(3)
    market(s, 1)
    stack(s, s.zone("supply"), "zoo", "igloo", "museum")
    s.put("house", s.zone("pile_house"))
    s.put("apartment_building", s.zone("pile_apartment"))
    set_coins(s, 1, 4)
    d = s.call("action_step", s.p(1))
    assert d.labels() == ["Buy a face-up building", "Buy a residence", "Take 1 coin"]
    d = s.answer("Buy a face-up building")
    assert d.labels() == ["Museum", "Igloo"]  # the Zoo costs 8
    assert s.answer("Museum") is None
    assert coins(s, 1) == 0 and ids(s, 1) == ["happy_market_yellow", "museum"]
    # a residence
    set_coins(s, 1, 3)
    d = s.call("action_step", s.p(1), answers=["Buy a residence"])
    assert d.labels() == ["House", "Apartment Building"]  # the Luxury Residence pile is empty
    s.answer("Apartment Building")
    assert coins(s, 1) == 0 and ids(s, 1)[-1] == "apartment_building" and s.ids(s.zone("pile_apartment")) == []
    # nothing affordable: taking the coin is the only option, made without asking
    assert s.call("action_step", s.p(1)) is None
    assert coins(s, 1) == 1 and len(ids(s, 1)) == 3
    # taking the coin when buying was possible
    set_coins(s, 1, 10)
    s.call("action_step", s.p(1), answers=["Take 1 coin"])
    assert coins(s, 1) == 11 and len(ids(s, 1)) == 3


def test_hc_act_6_paid_to_the_bank_and_placed_at_the_next_place_of_the_city():
    """HC-ACT-6: a bought card is paid for and goes to the next place of the city (left to right, two rows of 5);
    the order of the city is kept."""
    s = make(3)
    market(s, 1)
    city(s, 1, "school", "bank", "igloo", "park")
    stack(s, s.zone("supply"), "zoo", "hospital", "museum")
    set_coins(s, 1, 20)
    s.call("action_step", s.p(1), answers=["Buy a face-up building", "Hospital"])
    assert coins(s, 1) == 16
    assert ids(s, 1) == ["happy_market_yellow", "school", "bank", "igloo", "park", "hospital"]
    s.call("action_step", s.p(1), answers=["Buy a face-up building", "Zoo"])
    assert ids(s, 1)[5:] == ["hospital", "zoo"]  # places 6 and 7: the second row
    assert [p.card.id for p in s.p(1).zones["city"].items[5:]] == ["hospital", "zoo"]


def test_hc_act_7_no_two_cards_of_one_name_in_a_city():
    """HC-ACT-7: a card whose name is already in the city cannot be bought, residences included."""
    s = make(3)
    market(s, 1)
    city(s, 1, "igloo", "house")
    stack(s, s.zone("supply"), "igloo", "museum", "school")
    s.put("house", s.zone("pile_house"))
    s.put("apartment_building", s.zone("pile_apartment"))
    set_coins(s, 1, 10)
    d = s.call("action_step", s.p(1), answers=["Buy a face-up building"])
    assert d.labels() == ["School", "Museum"]
    s.answer("School")
    d = s.call("action_step", s.p(1))
    assert d.labels() == ["Buy a face-up building", "Buy a residence", "Take 1 coin"]
    s.answer("Buy a residence")  # only the Apartment Building: chosen without asking
    assert ids(s, 1)[-1] == "apartment_building" and s.ids(s.zone("pile_house")) == ["house"]
    # another player may buy a card of that name
    market(s, 2)
    set_coins(s, 2, 10)
    d = s.call("action_step", s.p(2), answers=["Buy a face-up building"])
    assert d.labels() == ["Museum", "Igloo"]


def test_hc_act_8_claim_one_special_when_the_condition_holds_once_per_game():
    """HC-ACT-8: after the action a player may claim one available special whose colour condition the city meets
    (met now or before); it is optional; at most one per player per game; a taken special is not replaced."""
    s = make(3)
    market(s, 1)
    city(s, 1, "school", "police_station", "igloo")  # blue 2, green 1
    for sid in ("dinosaur_park", "film_studios", "cat_cafe"):  # B2 / B2 G1 / G2
        s.put(sid, s.zone("specials"))
    d = s.call("claim_step", s.p(1))
    assert d.labels() == ["Dinosaur Park", "Film Studios", "Take no special building"]
    assert s.answer("Take no special building") is None and len(ids(s, 1)) == 4  # optional
    s.call("claim_step", s.p(1), answers=["Film Studios"])
    assert ids(s, 1)[-1] == "film_studios" and s.p(1).vars["claimed"] is True
    assert s.ids(s.zone("specials")) == ["dinosaur_park", "cat_cafe"]  # not replaced
    # a second special is never offered, even with its condition met
    assert s.call("claim_step", s.p(1)) is None and len(ids(s, 1)) == 5
    # another player without the colours is offered nothing
    market(s, 2)
    city(s, 2, "school", "zoo")
    assert s.call("claim_step", s.p(2)) is None and ids(s, 2) == ["happy_market_blue", "school", "zoo"]


def test_hc_act_8_claim_comes_after_the_action_in_the_turn():
    """HC-ACT-8: the claim is the turn's last step: a condition completed by this turn's purchase is enough."""
    s = make(3)
    market(s, 1)
    city(s, 1, "school")
    stack(s, s.zone("supply"), "park", "zoo", "spa")
    s.put("dinosaur_park", s.zone("specials"))
    set_coins(s, 1, 2)
    d = s.call("take_turn", s.p(1), answers=["Discard nothing", "Buy a face-up building"])
    assert d.prompt.startswith("Ann: take a special building")
    assert s.answer("Dinosaur Park") is None
    assert ids(s, 1) == ["happy_market_yellow", "school", "park", "dinosaur_park"]


def test_hc_act_9_a_special_pays_income_from_the_next_income_phase_and_scores_at_the_end():
    """HC-ACT-9: a special's income counts from the next income phase; its people and hearts count at the end."""
    s = make(3)
    for seat in (1, 2, 3):
        market(s, seat)
    city(s, 1, "school", "police_station")
    s.put("dinosaur_park", s.zone("specials"))  # B2: income 2, 1 person
    phase(s, INCOME)
    assert coins(s, 1) == 3
    assert people(s, 1) == 2
    s.call("claim_step", s.p(1), answers=["Dinosaur Park"])
    assert coins(s, 1) == 3  # nothing now
    assert income(s, 1) == 3 and people(s, 1) == 3
    phase(s, INCOME)
    assert coins(s, 1) == 6


def test_hc_act_4_the_rebuilt_pile_is_shuffled():
    """HC-ACT-4: "shuffle its discard pile": the first card revealed from a rebuilt pile is not always the same one
    (over 8 seeds)."""
    firsts = set()
    for seed in range(8):
        s = make(3, seed=seed)
        market(s, 1)
        stack(s, s.zone("discard1"), "igloo", "bank", "florist", "school", "library")
        s.call("reveal", s.p(1), "Pile I")
        firsts.add(s.ids(s.zone("supply"))[0])
    assert len(firsts) >= 2
