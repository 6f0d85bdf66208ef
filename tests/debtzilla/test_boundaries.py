"""Debtzilla's numbers at their edges: the Debt Apocalypse (DZ-BOSS-5), every Boss Event threshold (DZ-BOSS-1),
every interest bracket (DZ-RES-3) in both modes, Debt Hulk's brackets (DZ-HERO-HULK) and his Special Move's
dice (DZ-HERO-2), each tried at the edge and on both sides of it."""
from __future__ import annotations

import pytest

from .helpers import heroes, phase, setf, stack, take, value

THRESHOLDS = (40, 50, 60, 70, 80, 90)


def at(dz, health, players=2, **kw):
    s = dz(players, **kw)
    heroes(s, *["the_oracle", "iron_girl", "lady_easing", "ali_baba"][:players])
    s.match.counters["boss_health"] = health
    return s


@pytest.mark.parametrize("start,grow,lost", [(98, 1, False), (99, 0, False), (98, 2, True), (99, 1, True),
                                             (98, 3, True), (95, 4, False), (95, 5, True)])
def test_dz_boss_5_debt_apocalypse_exactly_above_99(dz, start, grow, lost):
    """DZ-BOSS-5: "Don't let Boss Health exceed 99": 99 is survived, 100 and 101 are a Debt Apocalypse."""
    s = at(dz, start)
    s.call("boss_grow", grow, "a test")
    assert s.match.counters["boss_health"] == start + grow
    assert s.match.over is lost
    if lost:
        assert s.match.result.outcome == "lost" and s.match.result.reason == "debt apocalypse"
        assert s.match.lines[-1] == "  Boss Health passes 99: Debt Apocalypse! Banana Republic is destroyed."


def test_dz_boss_5_interest_that_passes_99_ends_the_game(dz):
    """DZ-BOSS-5, DZ-RES-3: interest at 91 (9) reaches 100: the game is lost; at 90 it reaches 99 and goes on."""
    s = at(dz, 90)
    s.call("interest")
    assert s.match.counters["boss_health"] == 99 and not s.match.over
    s = at(dz, 91)
    s.call("interest")
    assert s.match.over and s.match.result.reason == "debt apocalypse"


@pytest.mark.parametrize("threshold", THRESHOLDS)
def test_dz_boss_1_each_threshold_triggers_at_it_not_below(dz, threshold):
    """DZ-BOSS-1: "When Debtzilla's Health reaches 40, 50, 60, 70, 80, or 90, a Boss Event is Triggered": one below
    triggers nothing; reaching it triggers the top card of the boss deck; going past it from below triggers it."""
    s = at(dz, threshold - 2)
    s.call("boss_grow", 1, "a test")
    assert s.zone("triggered").items == []
    top = s.zone("boss_deck").items[-1]
    s.call("boss_grow", 1, "a test")
    assert s.zone("triggered").items == [top]
    assert s.match.lines[-1] == (f"  Boss Health reaches {threshold}: a Boss Event is triggered (face down; it becomes"
                                 " active at the next turn's start if a villain is still left).")
    s2 = at(dz, threshold - 1)
    s2.call("boss_grow", 2, "a test")
    assert len(s2.zone("triggered").items) == 1
    s3 = at(dz, threshold + 1)  # already past it: nothing more until the next one
    s3.match.counters["boss_health"] = threshold + 1
    s3.call("boss_grow", 8, "a test")
    assert s3.zone("triggered").items == []


def test_dz_boss_1_no_threshold_between_the_tens(dz):
    """DZ-BOSS-1: from 18 to 39 and from 91 to 99 no event is triggered."""
    s = at(dz, 18)
    s.call("boss_grow", 21, "a test")
    assert s.match.counters["boss_health"] == 39 and s.zone("triggered").items == []
    s = at(dz, 91)
    s.call("boss_grow", 8, "a test")
    assert s.match.counters["boss_health"] == 99 and s.zone("triggered").items == [] and not s.match.over


def test_dz_boss_1_an_empty_boss_deck_triggers_nothing(dz):
    """DZ-BOSS-1: a threshold reached with the Dormant Event space empty triggers no event."""
    s = at(dz, 39)
    for c in list(s.zone("boss_deck").items):
        s.match.place(c, s.zone("awakened"))
    s.call("boss_grow", 1, "a test")
    assert s.zone("triggered").items == [] and not s.match.over


@pytest.mark.parametrize("health", range(0, 100))
def test_dz_res_3_interest_is_the_tens_digit(dz, health):
    """DZ-RES-3: "if Boss Health is between 50 and 59, the Interest Value is 5": the Interest Value is the tens digit
    of Boss Health, tried at every value from 0 to 99 (so at, below and above every bracket's edge)."""
    s = at(dz, health)
    s.call("interest")
    expected = health + health // 10
    if expected > 99:
        assert s.match.over and s.match.result.reason == "debt apocalypse"
    else:
        assert s.match.counters["boss_health"] == expected
        if health >= 10:
            assert f"  Boss Health +{health // 10} (interest at {health}): {health} -> {expected}." in s.match.lines


@pytest.mark.parametrize("health,interest", [(9, 0), (10, 1), (49, 4), (50, 5), (59, 5), (60, 6)])
def test_dz_res_3_interest_in_the_family_mode(dz, health, interest):
    """DZ-RES-3, DZ-FAM-4: the Family-Friendly Mode changes the Working phase only ("Follow the rules for regular
    Debtzilla for the rest of the phases"): the Resolve phase adds the same interest."""
    s = at(dz, health, mode="family")
    phase(s, "resolve")
    assert s.match.counters["boss_health"] == health + interest


@pytest.mark.parametrize("health,interest", [(50, 0), (99, 0)])
def test_dz_inf_4_no_interest_at_any_health(dz, health, interest):
    """DZ-INF-4: Inflationsaurus has no interest, in either mode."""
    for mode in ("standard", "family"):
        s = at(dz, health, boss="inflationsaurus", mode=mode)
        phase(s, "resolve")
        assert s.match.counters["boss_health"] == health + interest


@pytest.mark.parametrize("health,bonus", [(0, 0), (59, 0), (60, 1), (61, 1), (79, 1), (80, 2), (81, 2), (89, 2),
                                          (90, 3), (91, 3), (99, 3)])
def test_dz_hero_hulk_bracket_edges(dz, health, bonus):
    """DZ-HERO-HULK: +1 die at 60-79, +2 at 80-89, +3 at 90-99, at each edge and beside it."""
    s = dz(2)
    hulk, _ = heroes(s, "debt_hulk", "the_oracle")
    s.match.counters["boss_health"] = health
    assert value(s, "attack_dice", hulk) == 2 + bonus


@pytest.mark.parametrize("health,debts,on_villains,offered,rolled", [
    (59, 1, 0, True, 3),   # 2 dice + 1
    (80, 3, 0, True, 5),   # 4 + 3, but 5 dice
    (89, 1, 0, True, 5),   # 4 + 1
    (90, 2, 0, False, 5),  # the Ability already rolls all 5 dice: the Special Move would add nothing
    (90, 2, 1, False, 4),  # 5 - 1 on a villain, 4 dice left: nothing to add
    (80, 2, 1, True, 4),   # 4 - 1 = 3 of the 4 dice left: one more
    (65, 0, 0, False, 3),  # no Debt card: +0
])
def test_dz_hero_hulk_special_move_adds_dice_or_is_not_offered(dz, health, debts, on_villains, offered, rolled):
    """DZ-HERO-HULK, DZ-HERO-2: the Special Move is cumulative with the Ability (+1 die per Debt card on top of the
    Ability's dice) and is offered only when it makes the Hero roll more dice (a player has 5 dice)."""
    s = dz(2)
    hulk, _ = heroes(s, "debt_hulk", "the_oracle")
    p = s.p(1)
    for pz in ("deck", "play"):
        for c in list(p.zones[pz].items):
            s.match.place(c, s.zone("box"))
    stack(s, p.zones["play"], *["credit_card_loan"] * debts)
    s.match.counters["boss_health"] = health
    ponz = take(s, "ponzitron", s.zone("villains"))
    for _ in range(on_villains):
        d = p.zones["dice"].items[-1]
        s.match.place(d, s.zone("placed"))
        setf(d, "sits_on", ponz)
        setf(d, "wp", 1)
    p.counters["happiness"] = 5
    assert bool(value(s, "special_ready", p, "before_roll")) is offered
    if offered:
        s.call("use_special", p)
        assert p.counters["happiness"] == 0
    s.call("roll_dice", p)
    assert len(p.zones["rolled"].items) == rolled
