"""Debtzilla Boss Fight: DZ-FIGHT-1 .. DZ-FIGHT-8."""
from __future__ import annotations

import pytest

from .helpers import (
    board,
    card_in,
    deck_out,
    empty_hands,
    field,
    has_line,
    heroes,
    ids,
    phase,
    roll_as,
    stack,
    take,
    target,
    value,
)


def no_villains_left(s):
    for v in list(s.zone("villains").items) + [v for v in s.zone("villain_deck").items if v.card.kind == "villain"]:
        s.match.place(v, s.zone("jail"))


def boss_fight(dz, players=2, awakened=("rate_hike", "margin_call", "austerity", "bank_run"), **kw):
    """A match whose last villain has fallen, with these boss cards awakened; the Resolve phase starts the fight."""
    s = dz(players, **kw)
    heroes(s, *["the_oracle", "iron_girl", "debt_hulk", "ali_baba"][:players])
    no_villains_left(s)
    for c in awakened:
        take(s, c, s.zone("awakened"))
    s.match.counters["boss_health"] = 72
    phase(s, "resolve")
    assert s.match.vars["boss_fight"]
    return s


def test_dz_fight_1_awakened_events_become_the_villain_deck(dz):
    """DZ-FIGHT-1: with no villain left, the awakened events are shuffled into the Villain Deck space and 3 are
    dealt into the villain spaces."""
    orders = set()
    for seed in range(4):
        s = boss_fight(dz, seed=seed)
        in_play = s.zone("villains").items
        assert len(in_play) == 3 and sorted(field(s, c, "slot") for c in in_play) == [1, 2, 3]
        assert all(c.card.kind == "boss_card" for c in in_play)
        rest = [c for c in s.zone("villain_deck").items if c.card.kind == "boss_card"]
        assert len(rest) == 1 and s.zone("awakened").items == []
        orders.add(tuple(sorted(ids(s.zone("villains")))))
    assert len(orders) > 1  # shuffled
    assert has_line(s, "Debtzilla awakens! The Boss Fight begins")


@pytest.mark.parametrize("players,weak", [(2, [2, 5]), (3, [2, 5, 3]), (4, [2, 5, 3, 6])])
def test_dz_fight_2_weak_points_by_player_count(dz, players, weak):
    """DZ-FIGHT-2: blue weak points for 2 players; blue and yellow for 3; blue, yellow and red for 4."""
    s = boss_fight(dz, players, awakened=("rate_hike",))
    card = card_in(s.zone("villains"), "rate_hike")
    assert field(s, card, "weak") == weak


def test_dz_fight_3_attacking_a_boss_card_exposes_the_attacker(dz):
    """DZ-FIGHT-3: attacking a Boss Fight card exposes the attacker to its Boss Fight ability; a Shield negates it."""
    s = boss_fight(dz, awakened=("rate_hike", "margin_call"))
    ann, ben = s.p(1), s.p(2)
    for p in (ann, ben):
        p.counters["wonga"] = 5
    ben.counters["shields"] = 1
    d = s.call("choose_targets", answers=["Rate Hike"])
    assert ann.counters["wonga"] == 3  # The attacker loses 2W
    assert has_line(s, "Rate Hike strikes back at Ann: The attacker loses 2W.")
    assert d.player is ben
    d = s.answer("Rate Hike")
    assert d.prompt == "Ben (1 Insurance Shield): Rate Hike is about to affect you (The attacker loses 2W.) Block it?"
    s.answer("Block it with an Insurance Shield")
    assert not has_line(s, "Rate Hike strikes back at Ben")  # blocked: no line says it struck
    assert ben.counters["wonga"] == 5 and ben.counters["shields"] == 0
    # a fight ability on the dice: Margin Call's attacker rolls one die fewer
    s2 = boss_fight(dz, awakened=("margin_call",))
    s2.call("choose_targets")
    s2.call("roll_dice", s2.p(1))
    assert len(s2.p(1).zones["rolled"].items) == 1


def test_dz_fight_3_an_ability_that_takes_nothing_says_so(dz):
    """DZ-FIGHT-3: Bank Run's attacker "loses one Inventory gadget": an attacker with none is exposed to it, loses
    nothing, and the account says so; with one, it is lost."""
    s = boss_fight(dz, awakened=("bank_run",))
    s.call("choose_targets")
    assert has_line(s, "Bank Run does not affect Ann: Ann has no Inventory gadget to lose.")
    s2 = boss_fight(dz, awakened=("bank_run",))
    take(s2, "lucky_penny", s2.p(1).zones["inventory"])
    s2.call("choose_targets")
    assert s2.p(1).zones["inventory"].items == [] and has_line(s2, "  Ann loses Lucky Penny.")


def test_dz_fight_4_no_acquiring_repaying_or_budgeting_but_cards_are_drawn(dz):
    """DZ-FIGHT-4: in the Boss Fight, Income cards are still drawn and resolved, but nobody acquires, repays or
    uses Budgeting."""
    s = boss_fight(dz)
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["deck"], "savings", "budgeting", "credit_card_loan", "lifestyle", "savings")
    p.counters["wonga"] = 10
    assert s.call("work", p) is None  # no question at all
    assert p.counters["wonga"] == 12 and p.counters["happiness"] == 1
    assert len(p.zones["play"].items) == 5 and p.zones["discard"].items == [] and s.zone("removed").items == []
    assert has_line(s, "Budgeting cannot be used during the Boss Fight.")
    assert has_line(s, "Black Market: Ann cannot acquire or repay during the Boss Fight.")


def test_dz_fight_5_gadgets_cost_double(dz):
    """DZ-FIGHT-5, DZ-HERO-ALI: in the Boss Fight gadgets cost double. Ali Baba's Ability is on what he pays ("cost
    1W less for you to buy"), so a 3W gadget costs him 3 x 2 - 1 = 5W, not (3 - 1) x 2 = 4W."""
    s = dz(2)
    heroes(s, "the_oracle", "ali_baba")
    fist = take(s, "fistful_of_money", s.zone("shop"))
    assert value(s, "gadget_price", fist, s.p(1)) == 3
    no_villains_left(s)
    take(s, "rate_hike", s.zone("awakened"))
    phase(s, "resolve")
    assert value(s, "gadget_price", fist, s.p(1)) == 6 and value(s, "gadget_price", fist, s.p(2)) == 5
    s.match.round = 7
    s.emit("turn_end")
    assert value(s, "gadget_price", fist, s.p(1)) == 6  # for the rest of the game


def test_dz_fight_6_boss_health_no_longer_changes(dz):
    """DZ-FIGHT-6: in the Boss Fight, Boss Health no longer grows through interest or bankruptcies; no new events."""
    s = boss_fight(dz)
    assert s.match.counters["boss_health"] == 72 + 7  # the turn the last villain fell still had its interest
    phase(s, "resolve")
    assert s.match.counters["boss_health"] == 79
    c = s.zone("citizens").items[0]
    s.call("reduce_wealth", c, 99, "a test")
    assert c.zone is s.zone("courthouse") and s.match.counters["boss_health"] == 79
    s.call("boss_grow", 30, "a test")
    assert s.match.counters["boss_health"] == 79 and s.zone("triggered").items == []
    s.call("boss_shrink", 30, "a test")
    assert s.match.counters["boss_health"] == 79


def test_dz_boss_4_the_turn_the_last_villain_falls_keeps_its_interest(dz):
    """DZ-BOSS-4, DZ-RES-3: the turn the last villain falls plays its whole Resolve phase: interest is added (the
    rulebook moves to the Boss Fight after the Resolve phase), and an event the interest triggers joins the Boss
    Fight without becoming active (the FAQ)."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    no_villains_left(s)
    take(s, "rate_hike", s.zone("awakened"))
    s.match.counters["boss_health"] = 36
    phase(s, "resolve")
    assert s.match.counters["boss_health"] == 39 and s.match.vars["boss_fight"]
    s2 = dz(2)
    heroes(s2, "the_oracle", "iron_girl")
    no_villains_left(s2)
    take(s2, "rate_hike", s2.zone("awakened"))
    s2.match.counters["boss_health"] = 38
    top = s2.zone("boss_deck").items[-1]
    phase(s2, "resolve")
    assert s2.match.counters["boss_health"] == 41  # 38 + 3 passes 40: an event is triggered ...
    assert top in s2.zone("villains").items + s2.zone("villain_deck").items  # ... and joins the Boss Fight
    assert s2.zone("active_events").items == [] and s2.zone("triggered").items == []
    assert has_line(s2, "Boss Events triggered this turn never become active; they join the Boss Fight")


def test_dz_fight_7_boss_cards_act_as_villains(dz):
    """DZ-FIGHT-7: boss cards scam and prowl, count for Last Villain Standing and Last Citizen Standing, and boss
    cards and citizens are replenished."""
    s = boss_fight(dz)
    hike, call, aust, r1, r2 = board(s, [("rate_hike", 1), ("margin_call", 2), ("austerity", 3)],
                                     [("rich_citizen_1", 1), ("rich_citizen_2", 3)])
    s.call("scams")  # Margin Call has nobody in front: it prowls to the left
    assert field(s, r1, "wealth") == 7 - 2 - 2 and field(s, r2, "wealth") == 8 - 2
    hike, call, r1, r2 = board(s, [("rate_hike", 1), ("margin_call", 2)],
                               [("rich_citizen_1", 1), ("rich_citizen_2", 3)])
    s.call("scams")  # Margin Call moves in front of the unthreatened citizen
    assert field(s, call, "slot") == 3 and field(s, r2, "wealth") == 8 - 2
    # boss cards and citizens are replenished in the Resolve phase
    s.match.place(hike, s.zone("jail"))
    stack(s, s.zone("villain_deck"), "bank_run", "stagflation")
    phase(s, "resolve")
    assert len(s.zone("villains").items) == 3 and len(s.zone("citizens").items) == 3
    assert all(c.card.kind == "boss_card" for c in s.zone("villains").items)
    # Last Villain Standing and Last Citizen Standing count boss cards
    s2 = boss_fight(dz, awakened=("rate_hike",))
    assert len(s2.zone("villains").items) == 1
    s2.call("scams")
    assert has_line(s2, "Rate Hike is the Last Villain Standing: it scams every citizen.")
    s3 = boss_fight(dz)
    board(s3, [("rate_hike", 1), ("margin_call", 2)], [("rich_citizen_2", 3)])
    deck_out(s3, "citizen_deck", "unused_citizens")
    s3.call("scams")
    assert has_line(s3, "Baron von Yacht is the Last Citizen Standing: every villain scams it.")
    # one boss card in play is no Last Villain Standing while Boss Fight cards are left in the Villain Deck
    s4 = boss_fight(dz)
    board(s4, [("rate_hike", 2)], [("rich_citizen_1", 1), ("rich_citizen_2", 3)])
    assert len(s4.zone("villain_deck").items) > 0
    s4.call("scams")
    assert not has_line(s4, "is the Last Villain Standing")


def test_dz_fight_8_the_game_is_won_when_every_boss_card_is_defeated(dz):
    """DZ-FIGHT-8: the game is won when every Boss Fight card is defeated (not while one is left in the deck)."""
    s = boss_fight(dz, awakened=("rate_hike", "margin_call", "austerity", "bank_run"))
    hike = card_in(s.zone("villains"), "rate_hike")
    target(s, 1, hike)
    roll_as(s, 1, 2, 5)
    s.call("place_dice", s.p(1), answers=["2 (The Oracle)", "5 (The Oracle)"])
    s.call("jail")
    assert hike.zone is s.zone("jail") and not s.match.over
    s2 = boss_fight(dz, awakened=("rate_hike",))
    hike = card_in(s2.zone("villains"), "rate_hike")
    target(s2, 1, hike)
    roll_as(s2, 1, 5, 2)
    s2.call("place_dice", s2.p(1), answers=["2 (The Oracle)", "5 (The Oracle)"])
    s2.call("jail")
    assert s2.match.over and s2.match.result.outcome == "won" and s2.match.result.reason == "boss defeated"


def test_dz_fight_8_a_boss_fight_with_no_card_is_won_at_once(dz):
    """DZ-FIGHT-8: "you'll fight all the Boss Events you have previously Triggered"; "If you manage to Defeat all the
    Boss Fight cards in the Villain deck before all the Citizens are Bankrupted, you win the game". With no event
    ever triggered the Villain deck holds no Boss Fight card: none is left to defeat, the game is won as the fight
    begins, and the account and the result say that no card was fought (not "boss defeated")."""
    s = dz(2)
    no_villains_left(s)
    assert s.zone("awakened").items == [] and s.zone("triggered").items == []
    phase(s, "resolve")
    assert s.match.over and s.match.result.outcome == "won"
    assert s.match.result.reason == "no boss fight card to defeat"
    assert has_line(s, "No Boss Event was ever triggered: the Villain deck holds no Boss Fight card, so none is left to defeat.")
    assert not has_line(s, "State of Emergency")
    # one event triggered in that very turn (DZ-BOSS-4) is a Boss Fight card: the fight is played
    s2 = dz(2)
    no_villains_left(s2)
    take(s2, "rate_hike", s2.zone("triggered"))
    phase(s2, "resolve")
    assert not s2.match.over and ids(s2.zone("villains")) == ["rate_hike"]
