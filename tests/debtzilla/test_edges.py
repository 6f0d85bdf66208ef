"""Debtzilla's smaller edges, each tried on both sides: the cost a player must have to repay, buy or summon; the
deck size that brings the discard pile back; what lasts one turn and what ends with it; the bounds of dice and of
Boss Health."""
from __future__ import annotations

import pytest

from .conftest import debtzilla
from .helpers import (
    board,
    empty_hands,
    give_hero,
    has_line,
    heroes,
    roll_as,
    set_rolled,
    setf,
    stack,
    take,
    target,
    value,
)


@pytest.mark.parametrize("wonga,offered", [(4, False), (5, True), (6, True)])
def test_dz_work_6_repay_needs_exactly_the_repay_cost(dz, wonga, offered):
    """DZ-WORK-6: a Debt card can be repaid with its Repay cost in hand (a Student Loan: 5W), not with 1W less."""
    s = dz(2)
    empty_hands(s)
    p = s.p(1)
    loan = take(s, "student_loan", p.zones["play"])
    p.counters["wonga"] = wonga
    assert (value(s, "repayable", p) == [loan]) is offered


@pytest.mark.parametrize("deck,shuffled", [(3, True), (4, True), (5, False), (6, False)])
def test_dz_work_1_fewer_than_five_cards_brings_the_discard_pile_back(dz, deck, shuffled):
    """DZ-WORK-1: "If your Income Deck has less than 5 cards", the discard pile goes under it: with 4 it does, with
    5 it does not."""
    s = dz(2)
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["deck"], *["savings"] * deck)
    stack(s, p.zones["discard"], "insurance", "insurance")
    s.call("work", p, answers=["Neither"])
    assert (p.zones["discard"].items == []) is shuffled
    assert len(p.zones["play"].items) == 5 and p.counters["wonga"] == 5 - (0 if deck >= 5 else 5 - deck)


@pytest.mark.parametrize("spare,asked", [(1, False), (2, True)])
def test_dz_vig_1_a_summoned_hero_needs_two_spare_dice(dz, spare, asked):
    """DZ-VIG-1: a summoned Hero rolls its own 2 dice (of the colours no player uses): with 1 spare die left, nobody
    is summoned."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    dice = s.zone("spare_dice").items
    for d in list(dice)[spare:]:
        s.match.place(d, s.zone("box"))
    s.p(1).counters["wonga"] = 9
    d = s.call("summons")
    assert (d is not None) is asked


def test_dz_turn_1_what_lasts_a_turn_ends_with_it(dz):
    """DZ-TURN-1, DZ-SHOP-1, DZ-SHOP-5, DZ-VIG-1, DZ-SHIELD-1: at the turn's end the summoned Hero leaves, the
    gadget bought and the Inventory gadgets Used are counted again from nothing, targets and meeples are lifted,
    and a Shield's block ends (the same card asks again next turn)."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    p = s.p(1)
    ponz = board(s, [("ponzitron", 1)], [("rich_citizen_1", 1)])[0]
    take(s, "tweetman", p.zones["summoned"])
    p.vars["bought"] = True
    p.vars["inventory_used"] = 1
    target(s, 1, ponz)
    meeple = p.zones["meeple"].items[0]
    meeple.f = dict(meeple.f or {}, sits_on=ponz)
    call = take(s, "margin_call", s.zone("active_events"))
    p.counters["wonga"] = 4
    p.counters["shields"] = 1
    s.emit("working_start", answers=["Block it with an Insurance Shield"])
    assert p.counters["wonga"] == 4
    s.call("end_turn")
    assert p.zones["summoned"].items == [] and "tweetman" in [h.card.id for h in s.zone("hero_pool").items]
    assert p.vars["bought"] is False and p.vars["inventory_used"] == 0 and p.vars["targets"] == []
    assert meeple.f["sits_on"] is None
    assert not call.f["blocked"]
    s.emit("working_start")
    assert p.counters["wonga"] == 2  # no Shield left, nothing blocks it now


def test_dz_shop_1_one_gadget_a_turn_then_one_the_next(dz):
    """DZ-SHOP-1: after buying, "Buy a gadget" is gone for the turn and back the next turn."""
    s = dz(2)
    give_hero(s, 1, "the_oracle")
    p = s.p(1)
    p.counters["wonga"] = 20
    s.call("shopping", p, answers=["Buy a gadget", 0, 0, "Done shopping"])
    assert len(p.zones["inventory"].items) + len(p.zones["equip"].items) == 1
    s.call("end_turn")
    d = s.call("shopping", p)
    assert "Buy a gadget" in d.labels()


CHANGERS = sorted(cid for cid, c in debtzilla().cards.items()
                  if c.kind == "gadget" and not c.fields["drone"] and "bonus" not in c.fields["text"])


@pytest.mark.parametrize("gadget_id", CHANGERS)
def test_dz_shop_5_a_gadget_needs_dice_to_change(dz, gadget_id):
    """DZ-SHOP-5, DZ-VIG-4: a gadget that changes dice (every one but the drones and the bonus dice) is offered
    only once there are dice to change, from the Inventory or the Equip Area."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    p = s.p(1)
    take(s, gadget_id, p.zones["equip" if debtzilla().cards[gadget_id].fields["equip"] else "inventory"])
    assert value(s, "usable_gadgets", p) == []
    roll_as(s, 1, 3, 3)
    roll_as(s, 2, 3, 3)
    assert len(value(s, "usable_gadgets", p)) == 1


@pytest.mark.parametrize("gadget_id", ["spare_die", "banana_mech_mark_vii", "banana_mech_mark_ix"])
def test_dz_vig_4_a_bonus_die_needs_a_die_left(dz, gadget_id):
    """DZ-VIG-4: a bonus die comes from the player's own dice: with none left the gadget is not offered."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    p = s.p(1)
    take(s, gadget_id, p.zones["inventory"])
    roll_as(s, 1, 3, 3)
    assert len(value(s, "usable_gadgets", p)) == 1
    for d in list(p.zones["dice"].items)[1:]:
        s.match.place(d, s.zone("box"))
    assert len(value(s, "usable_gadgets", p)) == 1  # one die left
    s.match.place(p.zones["dice"].items[0], s.zone("box"))
    assert value(s, "usable_gadgets", p) == []


def test_dz_vig_4_a_die_shows_1_to_6(dz):
    """DZ-VIG-4: a die shows 1 to 6, and an adjustment past a face stops there: +3 on a 5 shows 6. A die the change
    cannot move is not offered: a 6 for a +N, a 1 for a -1 (Tweetman, option tweetman=dice); with every die at 6 a +N
    gadget is not offered at all (a die changed from 6 to 6 is no change)."""
    s = dz(2, tweetman="dice")
    heroes(s, "tweetman", "iron_girl")
    board(s, [("ponzitron", 1)], [("middle_citizen_3", 1)])
    p = s.p(1)
    take(s, "fistful_of_money", p.zones["inventory"])
    take(s, "debt_consolidator", p.zones["inventory"])
    roll_as(s, 1, 5, 1)
    s.call("use_gadget", p, answers=["Fistful of Money", "5 (Tweetman)"])
    assert sorted(d.f["value"] for d in p.zones["rolled"].items) == [1, 6]
    s.call("use_ability", p, p.zones["hero"].items[0])  # -1: the 1 is not offered, the 6 is the only die
    assert sorted(d.f["value"] for d in p.zones["rolled"].items) == [1, 5]
    p.vars["inventory_used"] = 0  # a Use left this turn
    set_rolled(s, 1, 6, 6)
    assert not value(s, "can_raise", p) and value(s, "usable_gadgets", p) == []
    set_rolled(s, 1, 6, 5)
    assert [g.card.id for g in value(s, "usable_gadgets", p)] == ["debt_consolidator"]
    assert s.call("use_gadget", p) is None and sorted(d.f["value"] for d in p.zones["rolled"].items) == [6, 6]


@pytest.mark.parametrize("start,shrink,end", [(5, 4, 1), (5, 5, 0), (5, 6, 0)])
def test_boss_health_never_drops_below_0(dz, start, shrink, end):
    """DZ-WORK-6: repaying lowers Boss Health by the Debt Value; Boss Health has no value below 0."""
    s = dz(2)
    s.match.counters["boss_health"] = start
    s.call("boss_shrink", shrink, "a test")
    assert s.match.counters["boss_health"] == end


def test_dz_inc_ins_the_twelfth_shield_is_the_last(dz):
    """DZ-INC-INS: the box holds 12 Insurance Shields: with 1 left an Insurance gives it; then none."""
    s = dz(2)
    empty_hands(s)
    p = s.p(1)
    s.match.counters["shield_supply"] = 1
    stack(s, p.zones["play"], "insurance", "insurance")
    s.call("resolve_draws", p)
    assert p.counters["shields"] == 1 and s.match.counters["shield_supply"] == 0



def test_dz_vig_3_never_fewer_than_0_dice(dz):
    """DZ-VIG-3: dice taken away past the Hero's 2 leave 0 dice to roll, never fewer (Bank Run and Margin Call's
    fight ability on the same turn, and one more)."""
    s = dz(2)
    oracle, _ = heroes(s, "the_oracle", "iron_girl")
    for _ in range(3):
        c = take(s, "margin_call", s.zone("villains"))
        s.run(c.card.effects["fight"], me=s.p(1), this=c)
    assert value(s, "attack_dice", oracle) == 0
    s.call("roll_dice", s.p(1))
    assert s.p(1).zones["rolled"].items == [] and has_line(s, "Ann (The Oracle) rolls 0 dice: nothing.")


def test_dz_res_3_no_interest_line_below_10(dz):
    """DZ-RES-3: at Boss Health 0-9 the Interest Value is 0: Boss Health does not change and no line says it did;
    nothing to lower says nothing either."""
    s = dz(2)
    s.match.counters["boss_health"] = 9
    n = len(s.match.lines)
    s.call("interest")
    s.call("boss_shrink", 0, "a test")
    assert s.match.counters["boss_health"] == 9 and len(s.match.lines) == n


def test_dz_inc_lif_a_full_meter_says_so(dz):
    """DZ-INC-LIF: a Lifestyle drawn with the meter full gives nothing, and the account says +0, the meter full."""
    s = dz(2)
    empty_hands(s)
    p = s.p(1)
    p.counters["happiness"] = 4
    stack(s, p.zones["play"], "lifestyle", "lifestyle")
    s.call("resolve_draws", p)
    assert s.match.lines[-2:] == ["    Lifestyle: Ann +1 Happiness (5/5).",
                                  "    Lifestyle: Ann +0 Happiness (5/5) (the meter is full)."]


def test_dz_work_1_no_discard_pile_no_shuffle(dz):
    """DZ-WORK-1: with fewer than 5 cards and an empty discard pile, nothing is shuffled (and nothing is said)."""
    s = dz(2)
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["deck"], "savings", "savings", "savings")
    s.call("work", p, answers=["Neither"])
    assert len(p.zones["play"].items) == 3 and not has_line(s, "shuffles the discard pile")


def test_dz_vig_4_two_bonus_dice_with_one_die_left(dz):
    """DZ-VIG-4: Banana Mech Mark IX's two bonus dice with one die left: one is rolled, the account says the other
    is missing."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    p = s.p(1)
    take(s, "banana_mech_mark_ix", p.zones["equip"])
    roll_as(s, 1, 3, 3)
    for d in list(p.zones["dice"].items)[1:]:
        s.match.place(d, s.zone("box"))
    s.call("use_gadget", p)
    assert len(p.zones["rolled"].items) == 3 and has_line(s, "Ann has no die left for a bonus die.")


def test_dz_vig_4_any_face_is_1_to_6(dz):
    """DZ-VIG-4: Loaded Dice turns a die to any face: the faces offered are 1 to 6 but the one it shows (a 3 turned
    to a 3 is no change)."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    p = s.p(1)
    take(s, "loaded_dice", p.zones["inventory"])
    roll_as(s, 1, 3, 3)
    d = s.call("use_gadget", p, answers=["3 (The Oracle)"])
    assert d.labels() == ["1", "2", "4", "5", "6"]


@pytest.mark.parametrize("wonga,offered", [(0, False), (1, True)])
def test_dz_shop_3_replacing_needs_1w(dz, wonga, offered):
    """DZ-SHOP-3: replacing a gadget costs 1W: with 0W it is not offered."""
    s = dz(2)
    give_hero(s, 1, "the_oracle")
    s.p(1).counters["wonga"] = wonga
    d = s.call("shopping", s.p(1))
    assert (d is not None and "Replace a gadget for 1W" in d.labels()) is offered


def test_dz_hero_1_abilities_need_something_to_act_on(dz):
    """DZ-HERO-1, DZ-HERO-IRON, DZ-HERO-LADY, DZ-HERO-ORA: Iron Girl's Special Move needs two villains to split her
    dice among; Lady Easing's Ability ("Restore 2W to a Citizen") a citizen below its starting Wealth (a Happiness
    for 0W is not offered); The Oracle's a rolled die."""
    s = dz(2)
    iron, oracle = heroes(s, "iron_girl", "the_oracle")
    board(s, [("ponzitron", 1)], [])
    p = s.p(1)
    p.counters["happiness"] = 5
    assert not value(s, "special_ready", p, "target")
    board(s, [("ponzitron", 1), ("madame_bubble", 2)], [])
    assert value(s, "special_ready", p, "target")
    assert not value(s, "ability_ready", s.p(2), oracle, "modify")
    roll_as(s, 1, 3, 3)
    assert value(s, "ability_ready", s.p(2), oracle, "modify")
    s2 = dz(2)
    lady, _ = heroes(s2, "lady_easing", "the_oracle")
    s2.p(1).counters["happiness"] = 1
    board(s2, [], [])
    assert not value(s2, "ability_ready", s2.p(1), lady, "working")
    board(s2, [], [("poor_citizen_1", 1)])
    assert not value(s2, "ability_ready", s2.p(1), lady, "working")  # at its full 3W: nothing to restore
    board(s2, [], [("poor_citizen_1", 1, 2), ("rich_citizen_1", 2)])
    assert value(s2, "ability_ready", s2.p(1), lady, "working")
    s2.call("use_ability", s2.p(1), lady)  # the Rich Citizen at full Wealth is not offered: no question
    assert has_line(s2, "Penny Farthing is restored 1W (3/3W).")


def test_dz_shop_1_a_price_is_never_below_0(dz):
    """DZ-SHOP-1, DZ-HERO-ALI: Ali Baba's 1W off a gadget costing 1W leaves 0W; off one costing 0W, still 0W (a
    price never pays the buyer)."""
    s = dz(2)
    heroes(s, "ali_baba", "the_oracle")
    penny = take(s, "lucky_penny", s.zone("shop"))
    for cost, price in ((2, 1), (1, 0), (0, 0)):
        setf(penny, "cost", cost)
        assert value(s, "gadget_price", penny, s.p(1)) == price


@pytest.mark.parametrize("boss,event,card", [("debtzilla", "stagflation", "lifestyle"),
                                             ("inflationsaurus", "wage_freeze", "savings")])
def test_dz_inc_lif_an_event_twice_over_never_takes_away(dz, boss, event, card):
    """DZ-INC-LIF, DZ-INC-SAV: a Lifestyle or a Savings gives nothing under an event that takes its gain away, even
    twice over: it never takes Happiness or W away."""
    s = dz(2, boss=boss)
    empty_hands(s)
    p = s.p(1)
    take(s, event, s.zone("active_events"))
    s.emit("working_start")
    s.emit("working_start")
    p.counters["happiness"] = 3
    p.counters["wonga"] = 3
    take(s, card, p.zones["play"])
    s.call("resolve_draws", p)
    assert p.counters["happiness"] == 3 and p.counters["wonga"] == 3


def test_dz_shop_3_nothing_to_replace_on_an_empty_board(dz):
    """DZ-SHOP-3: with no gadget on the Shopping Board, "Replace a gadget for 1W" is not offered."""
    s = dz(2)
    give_hero(s, 1, "the_oracle")
    for g in list(s.zone("shop").items):
        s.match.place(g, s.zone("box"))
    s.p(1).counters["wonga"] = 5
    assert s.call("shopping", s.p(1)) is None  # nothing to do but "Done shopping"


def test_a_debt_card_of_debt_value_1_is_a_debt_card(dz):
    """DZ-WORK-6, DZ-INC-REF, DZ-INC-BUD: a card is a Debt card when its Debt Value is above 0: with a Debt Value of
    1 it is repaid, counted by Refinancing and never removed by Budgeting."""
    s = dz(2)
    empty_hands(s)
    p = s.p(1)
    loan = take(s, "credit_card_loan", p.zones["play"])
    setf(loan, "debt", 1)
    p.counters["wonga"] = 3
    assert value(s, "repayable", p) == [loan] and value(s, "debts_in_play", p) == 1
    take(s, "budgeting", p.zones["play"])
    d = s.call("resolve_draws", p)
    assert "Credit Card Loan (Play Area)" not in d.labels()
