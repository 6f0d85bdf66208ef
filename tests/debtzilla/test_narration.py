"""Debtzilla's account, step by step (DZ-TURN-1: "a player must be able to check the rules from the account
alone"): each step that changes the position says what it did, with the card, the die or the player it touched.
The ledger of amounts is test_ledger.py; these are the lines that name things."""
from __future__ import annotations

import re

from .helpers import board, clear, empty_hands, heroes, phase, roll_as, stack, take


def two(dz, *hero_ids, **kw):
    s = dz(2, **kw)
    hs = heroes(s, *(hero_ids or ("the_oracle", "iron_girl")))
    return s, hs


def after(s, n):
    return s.lines()[n:]


def test_setup_says_each_players_hero_and_colour(dz):
    """DZ-SETUP-1: each player's Hero and colour are said."""
    s = dz(3)
    for name, colour in (("Ann", "yellow"), ("Ben", "red"), ("Cleo", "blue")):
        hero = s.match.players[["Ann", "Ben", "Cleo"].index(name)].zones["hero"].items[0].card.name
        assert f"{name} plays {hero} ({colour})." in s.lines()


def test_dz_work_2_the_cards_drawn_are_named(dz):
    """DZ-WORK-2: the five cards drawn are named, in the order drawn."""
    s, _ = two(dz)
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["deck"], "savings", "lifestyle", "insurance", "savings", "lifestyle", "savings")
    s.call("work", p, answers=["Neither"])
    assert "  Ann draws Savings, Lifestyle, Insurance, Savings, Lifestyle." in s.lines()


def test_dz_vig_4_a_gadget_and_its_die_change_are_said(dz):
    """DZ-VIG-4, DZ-SHOP-5: Using a gadget names it and its effect, and the die it changed, from what to what."""
    s, _ = two(dz)
    p = s.p(1)
    take(s, "fistful_of_money", p.zones["inventory"])
    roll_as(s, 1, 2, 6)
    n = len(s.lines())
    s.call("use_gadget", p, answers=["2 (The Oracle)"])
    assert [x for x in after(s, n) if not x.startswith("  Ann: ")] == ["  Ann uses Fistful of Money (+3 to one of your dice).", "    The Oracle's die: 2 -> 5."]


def test_dz_vig_4_a_bonus_die_is_said_with_its_value(dz):
    """DZ-VIG-4: a bonus die is said with the value it rolled."""
    s, _ = two(dz)
    p = s.p(1)
    take(s, "spare_die", p.zones["equip"])
    roll_as(s, 1, 2, 6)
    s.call("use_gadget", p)
    d = p.zones["rolled"].items[-1]
    assert s.lines()[-1] == f"    Ann rolls a bonus die: {d.f['value']}."


def test_dz_hero_1_2_powers_are_said_with_their_text(dz):
    """DZ-HERO-1, DZ-HERO-2: an Ability used is said with its text; a Special Move says the Happiness spent."""
    s, _ = two(dz)
    p = s.p(1)
    roll_as(s, 1, 2, 6)
    s.call("use_ability", p, p.zones["hero"].items[0], answers=["2 (The Oracle)"])
    assert "  Ann uses The Oracle's Ability: Choose a Hero and reroll 1 of their dice." in s.lines()
    assert any(re.fullmatch(r"    The Oracle's die is rerolled: 2 -> [1-6]\.", x) for x in s.lines())
    p.counters["happiness"] = 5
    s.call("use_special", p, answers=["(done)"])
    assert "  Ann spends all Happiness on The Oracle's Special Move: Choose a Hero and reroll any number of their dice." in s.lines()


def test_dz_shop_2_the_gadget_filling_the_space_is_named(dz):
    """DZ-SHOP-2: the gadget that fills an empty space is named, from the deck the buyer chose; with both decks
    empty the space stays empty and the account says so."""
    s, _ = two(dz)
    p = s.p(1)
    p.counters["wonga"] = 9
    nxt = s.zone("advanced_deck").items[-1]
    bought = s.zone("shop").items[0]
    s.call("buy", p, answers=[bought.card.name, "Advanced Gadgets deck"])
    assert s.lines()[-1] == f"  Ann fills the empty space from the Advanced Gadgets deck: {nxt.card.name}."
    nxt = s.zone("basic_deck").items[-1]
    s.call("replace_gadget", p, answers=[bought.card.name if bought in s.zone("shop").items else 0, "Basic Gadgets deck"])
    assert s.lines()[-1] == f"  Ann fills the empty space from the Basic Gadgets deck: {nxt.card.name}."
    clear(s, s.zone("basic_deck"))
    clear(s, s.zone("advanced_deck"))
    p.vars["bought"] = False
    s.call("buy", p, answers=[0])
    assert s.lines()[-1] == "  Both gadget decks are empty." and len(s.zone("shop").items) == 5


def test_dz_shop_4_buying_says_where_the_gadget_goes(dz):
    """DZ-SHOP-1, DZ-SHOP-4: a purchase says the price paid and the effect; a wrench gadget says it goes to the
    Equip Area."""
    s, _ = two(dz)
    p = s.p(1)
    clear(s, s.zone("shop"), "basic_deck")
    take(s, "lucky_penny", s.zone("shop"))
    take(s, "power_glove", s.zone("shop"))
    p.counters["wonga"] = 8
    s.call("buy", p, answers=["Power Glove", "Basic Gadgets deck"])
    assert "  Ann buys Power Glove for 6W (+2 to one of your dice (wrench)); with the wrench it goes to the Equip Area." in s.lines()
    p.vars["bought"] = False
    clear(s, s.zone("shop"), "basic_deck")
    take(s, "lucky_penny", s.zone("shop"))
    s.call("buy", p, answers=["Basic Gadgets deck"])
    assert "  Ann buys Lucky Penny for 2W (+1 to one of your dice)." in s.lines()


def test_dz_shield_1_taking_the_effect_is_said(dz):
    """DZ-SHIELD-1: a player with a Shield who takes the effect says so, with the Shields kept."""
    s, _ = two(dz)
    p = s.p(1)
    p.counters["shields"] = 1
    p.counters["wonga"] = 5
    c = take(s, "rate_hike", s.zone("active_events"))
    s.emit("shopping_start", answers=["Take the effect"])
    assert "  Ann keeps 1 Insurance Shield and takes the effect." in s.lines()
    assert c.zone is s.zone("active_events")


def test_dz_inc_ins_an_empty_box_is_said(dz):
    """DZ-INC-INS: with no Shield left in the box, Insurance says so and gives none."""
    s, _ = two(dz)
    empty_hands(s)
    p = s.p(1)
    s.match.counters["shield_supply"] = 0
    stack(s, p.zones["play"], "insurance")
    s.call("resolve_draws", p)
    assert p.counters["shields"] == 0 and s.lines()[-1] == "    Insurance: no Insurance Shield is left in the box."


def test_dz_hero_iron_keeping_the_special_move_is_said(dz):
    """DZ-HERO-IRON: Iron Girl with a full meter who targets one villain says she keeps the Special Move."""
    s, _ = two(dz, "iron_girl", "the_oracle")
    board(s, [("ponzitron", 1), ("madame_bubble", 2)], [("poor_citizen_1", 1)])
    s.p(1).counters["happiness"] = 5
    s.call("choose_targets", answers=["Target one villain", "Ponzitron", "Ponzitron"])
    assert "  Ann keeps the Special Move." in s.lines() and s.p(1).counters["happiness"] == 5


def test_dz_vig_5_placing_no_more_dice_is_said(dz):
    """DZ-VIG-5: a player who stops placing dice says so."""
    s, _ = two(dz)
    (ponz,) = board(s, [("ponzitron", 1)])
    s.p(1).vars["targets"] = [ponz]
    roll_as(s, 1, 2, 3)
    s.call("place_dice", s.p(1), answers=["Place no more dice"])
    assert s.lines()[-1] == "  Ann puts no more dice on weak points."


def test_dz_vig_1_the_summoned_hero_leaves_at_the_turns_end(dz):
    """DZ-VIG-1: a summoned Hero helps for the turn; the account says when it leaves."""
    s, _ = two(dz)
    take(s, "lady_easing", s.p(1).zones["summoned"])
    s.call("end_turn")
    assert "  Lady Easing leaves Ann." in s.lines() and s.p(1).zones["summoned"].items == []


def test_dz_res_1_clearing_active_events_is_said(dz):
    """DZ-RES-1: the Resolve phase says which Active Boss Events are cleared to the Awakened space."""
    s, _ = two(dz)
    take(s, "rate_hike", s.zone("active_events"))
    phase(s, "resolve")
    assert "  Active Boss Events are cleared to the Awakened space: Rate Hike." in s.lines()
    assert [c.card.id for c in s.zone("awakened").items] == ["rate_hike"]


def test_dz_fight_1_the_boss_fight_start_is_said(dz):
    """DZ-FIGHT-1, DZ-FIGHT-5, DZ-FIGHT-6, DZ-BOSS-4: the Boss Fight's start names the boss and Boss Health, the
    events triggered that turn joining it, and the State of Emergency."""
    s, _ = two(dz)
    clear(s, s.zone("villains"), "jail")
    clear(s, s.zone("villain_deck"), "jail")
    take(s, "rate_hike", s.zone("awakened"))
    take(s, "austerity", s.zone("triggered"))
    s.match.counters["boss_health"] = 57
    s.call("start_boss_fight")
    assert "== No villain is left: Debtzilla awakens! The Boss Fight begins (Boss Health 57)." in s.lines()
    assert "  Boss Events triggered this turn never become active; they join the Boss Fight: Austerity." in s.lines()
    assert "  State of Emergency: gadgets cost double; no acquiring, repaying or Budgeting; Boss Health stays 57." in s.lines()
    assert sorted(c.card.id for c in s.zone("villains").items) == ["austerity", "rate_hike"]


def test_dz_inf_4_no_interest_is_said(dz):
    """DZ-INF-4: Inflationsaurus's Resolve phase says it does not grow with interest."""
    s, _ = two(dz, boss="inflationsaurus")
    s.match.counters["boss_health"] = 55
    s.call("interest")
    assert s.lines()[-1] == "  Inflationsaurus does not grow with interest." and s.match.counters["boss_health"] == 55


def test_dz_fight_4_budgeting_in_the_boss_fight_is_said(dz):
    """DZ-FIGHT-4: Budgeting drawn in the Boss Fight says it cannot be used, and removes nothing."""
    s, _ = two(dz)
    empty_hands(s)
    p = s.p(1)
    s.match.vars["boss_fight"] = True
    stack(s, p.zones["play"], "budgeting", "savings")
    n = len(s.zone("removed").items)
    assert s.call("resolve_draws", p) is None
    assert "    Budgeting cannot be used during the Boss Fight." in s.lines() and len(s.zone("removed").items) == n
