"""Debtzilla's account: every line true when printed, so that a player can check the rules from the account
alone. Whole matches of random bots are read line by line; single scenes check the lines a match rarely shows."""
from __future__ import annotations

import re

import pytest

from interpreter.sim.run import play, seat_agents

from .conftest import debtzilla
from .helpers import empty_hands, has_line, heroes, phase, stack, take


@pytest.fixture(scope="module")
def accounts():
    out = []
    for boss, mode, players, seed in (("debtzilla", "standard", 2, 1), ("debtzilla", "standard", 4, 2),
                                      ("inflationsaurus", "family", 3, 3), ("debtzilla", "family", 2, 4)):
        m = play(debtzilla(boss), players, seed, {"boss": boss, "mode": mode, "heroes": "random"},
                 seat_agents(players, "all", seed))
        out.append(m.lines)
    return out


def test_counts_are_said_in_the_singular_for_one(accounts):
    """DZ-TURN-1: "1 die", "1 Debt card", "1 Insurance Shield": never "1 dice" or "1 Debt cards"."""
    for lines in accounts:
        for line in lines:
            assert not re.search(r"\b1 (dice|Debt cards|Insurance Shields|Shields)\b", line), line


def test_no_answer_without_its_question(accounts):
    """DZ-TURN-1: no decision is narrated as a bare "(nothing)": each answer that declines says what it declines."""
    for lines in accounts:
        assert not [line for line in lines if line.endswith(": (nothing)")]


def test_no_forced_answer_without_its_question(accounts):
    """DZ-TURN-1, DZ-HERO-1: a menu with nothing to use but Done is not asked at all (no "Done" answers no question),
    and any other answer taken without asking quotes its question."""
    for lines in accounts:
        assert not [line for line in lines if line.endswith("(the only option)")]
        assert not [line for line in lines if re.match(r'  \w+: Done \(the only answer to "(use an Ability|dice )', line)]
        assert any('(the only answer to "' in line for line in lines)


def test_every_turn_ends_with_its_totals(accounts):
    """DZ-TURN-1: each turn that ends says its totals: Boss Health, the villains, the citizens and each player's
    W, Happiness, Shields and gadgets, under the turn's number."""
    for lines in accounts:
        rounds = [int(line.split()[2]) for line in lines if line.startswith("== Round ")]
        ends = [int(line.split()[3].rstrip(":")) for line in lines if line.startswith("End of turn ")]
        assert ends == rounds[:len(ends)] and len(ends) >= len(rounds) - 1


def test_happiness_gains_are_what_was_gained(accounts):
    """DZ-INC-LIF: "+N Happiness (H/5)" lines never say more than the meter took."""
    for lines in accounts:
        for line in lines:
            m = re.search(r"\+(\d+) Happiness \((\d)/5\)", line)
            if m:
                assert int(m.group(2)) - int(m.group(1)) >= 0, line


def test_events_are_said_active_in_the_turn_they_act(accounts):
    """DZ-RES-5: "Boss Event active this turn" is said at the start of a turn, before its Working phase."""
    for lines in accounts:
        for i, line in enumerate(lines):
            if "Boss Event active this turn" in line:
                before = next(x for x in reversed(lines[:i]) if x.startswith(("== Round", "-- ")))
                assert before.startswith("== Round"), (before, line)


def test_equipped_income_is_not_a_gadget(dz):
    """DZ-INC-HOU, DZ-SHOP-4: the totals list an equipped Housing Loan apart from the gadgets."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    p = s.p(1)
    take(s, "housing_loan", p.zones["equip"])
    take(s, "power_glove", p.zones["equip"])
    take(s, "lucky_penny", p.zones["inventory"])
    s.call("status")
    assert "  Ann (The Oracle): 0W, Happiness 0, 0 Insurance Shields, gadgets Lucky Penny, Power Glove; equipped Housing Loan." in s.lines()


def test_refinancing_says_one_debt_card(dz):
    """DZ-INC-REF: with one Debt card in the Play Area the account says "1 Debt card"."""
    s = dz(2)
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["play"], "refinancing", "student_loan")
    s.call("resolve_draws", p)
    assert "    Debt Refinancing: Ann +1W for 1 Debt card (1W)." in s.lines()


def test_a_blocked_strike_is_never_said_to_strike(dz):
    """DZ-FIGHT-3, DZ-SHIELD-1: the Shield question comes before the Boss Fight card strikes; a blocked strike is
    not said."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    for v in list(s.zone("villains").items) + [v for v in s.zone("villain_deck").items if v.card.kind == "villain"]:
        s.match.place(v, s.zone("jail"))
    take(s, "rate_hike", s.zone("awakened"))
    phase(s, "resolve")
    s.p(1).counters["shields"] = 1
    s.p(1).counters["wonga"] = 4
    s.call("choose_targets", answers=["Block it with an Insurance Shield"])
    assert not any("strikes back at Ann" in line for line in s.lines())
    assert "  Ann spends an Insurance Shield: Rate Hike does not affect them this turn." in s.lines()
    assert any(line == "  Rate Hike strikes back at Ben: The attacker loses 2W." for line in s.lines())


# ---------------------------------------------------------------- lines true when printed (issue: round three)

def test_dz_boss_4_an_event_triggered_with_no_villain_left_is_never_said_face_down_till_next_turn(dz):
    """DZ-BOSS-4: "Those Boss Events won't become Active, but are still moved to the Villain Deck space": an event
    triggered once no villain is left is not said to wait for the next turn."""
    s = dz(2)
    for v in list(s.zone("villains").items) + [v for v in s.zone("villain_deck").items if v.card.kind == "villain"]:
        s.match.place(v, s.zone("jail"))
    s.match.counters["boss_health"] = 39
    s.call("boss_grow", 1, "a test")
    assert s.match.lines[-1] == ("  Boss Health reaches 40: a Boss Event is triggered; no villain is left, so it never"
                                 " becomes active and joins the Boss Fight.")
    assert not has_line(s, "face down")


@pytest.mark.parametrize("boss,card,counter,low,words", [
    ("debtzilla", "margin_call", "wonga", 0, "Margin Call does not affect Ann: Ann has no W to lose."),
    ("debtzilla", "hostile_audit", "happiness", 0, "Hostile Audit does not affect Ann: Ann has no Happiness to lose."),
    ("inflationsaurus", "currency_collapse", "wonga", 1,
     "Currency Collapse does not affect Ann: half of 1W, rounded down, is nothing."),
])
def test_dz_shield_1_an_event_that_affects_a_player_in_nothing_says_so(dz, boss, card, counter, low, words):
    """DZ-SHIELD-1, DZ-RES-5: a Boss Event that would take from a player what the player does not have affects that
    player in nothing: the account says so (and offers no Shield), and says the other player's loss."""
    s = dz(2, boss=boss)
    heroes(s, "the_oracle", "iron_girl")
    s.p(1).counters[counter] = low
    s.p(2).counters[counter] = 4
    take(s, card, s.zone("active_events"))
    assert s.emit("working_start") is None  # nobody holds a Shield: nothing is asked
    assert has_line(s, words) and s.p(1).counters[counter] == low and s.p(2).counters[counter] < 4
    assert not has_line(s, "does not affect Ben")


def test_dz_shield_1_repossession_of_an_empty_inventory_says_so(dz):
    """DZ-SHIELD-1: Repossession ("Every player puts one Inventory gadget at the bottom of its deck") affects a
    player with no Inventory gadget in nothing, and the account says so."""
    s = dz(2)
    heroes(s, "the_oracle", "iron_girl")
    take(s, "repossession", s.zone("active_events"))
    assert s.emit("working_start") is None
    assert has_line(s, "Repossession does not affect Ann: Ann has no Inventory gadget.")
    assert has_line(s, "Repossession does not affect Ben: Ben has no Inventory gadget.")
