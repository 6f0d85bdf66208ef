"""Debtzilla Heroes: DZ-HERO-1, DZ-HERO-2, the six Heroes, and the FAQ rulings DZ-FAQ-TWEET and DZ-FAQ-LADY."""
from __future__ import annotations

from .helpers import board, field, has_line, heroes, phase, roll_as, set_rolled, setf, stack, take, value

CITS = [("poor_citizen_1", 1), ("middle_citizen_1", 2), ("rich_citizen_1", 3)]


def table(dz, *hero_ids, villains=(("ponzitron", 1), ("madame_bubble", 2)), citizens=CITS, **kw):
    s = dz(len(hero_ids), **kw)
    hs = heroes(s, *hero_ids)
    pieces = board(s, villains, citizens)
    return s, hs, pieces


def test_dz_hero_1_an_ability_once_per_turn(dz):
    """DZ-HERO-1: an Ability can be used once per turn."""
    s, (oracle, _), (ponz, *_) = table(dz, "the_oracle", "lady_easing")
    roll_as(s, 1, 1, 1)
    p = s.p(1)
    assert value(s, "ability_ready", p, oracle, "modify")
    s.call("use_ability", p, oracle, answers=["1 (The Oracle)"])  # only The Oracle has rolled: no Hero to choose
    assert not value(s, "ability_ready", p, oracle, "modify")
    d = s.call("modify_turn", p)
    assert d is None or "The Oracle's Ability" not in d.labels()
    s.match.round = 2
    assert value(s, "ability_ready", p, oracle, "modify")


def test_dz_hero_1_conditions_and_costs(dz):
    """DZ-HERO-1: an Ability's condition (Iron Girl: 3W or more) or cost (Lady Easing: 1 Happiness) must be met."""
    s, (iron, lady), (_, _, poor, *_) = table(dz, "iron_girl", "lady_easing")
    setf(poor, "wealth", 1)
    p1, p2 = s.p(1), s.p(2)
    p1.counters["wonga"] = 2
    assert not value(s, "ability_ready", p1, iron, "before_roll")
    p1.counters["wonga"] = 3
    assert value(s, "ability_ready", p1, iron, "before_roll")
    assert not value(s, "ability_ready", p1, iron, "modify")  # only before the battle
    assert not value(s, "ability_ready", p2, lady, "working")
    p2.counters["happiness"] = 1
    assert value(s, "ability_ready", p2, lady, "working")


def test_dz_hero_2_special_move_needs_a_full_meter_spends_it_and_stacks(dz):
    """DZ-HERO-2: a Special Move needs a full Happiness meter (5), spends all of it, and may be used in the same turn
    as the Ability."""
    s, (oracle, _), _ = table(dz, "the_oracle", "lady_easing")
    p = s.p(1)
    roll_as(s, 1, 1, 2)
    p.counters["happiness"] = 4
    d = s.call("modify_turn", p)
    assert d.labels() == ["The Oracle's Ability", "Done"]
    s.answer("The Oracle's Ability", "1 (The Oracle)", "Done")
    set_rolled(s, 1, 1, 2)
    p.counters["happiness"] = 5
    d = s.call("modify_turn", p)
    assert d.labels() == ["The Oracle's Special Move", "Done"]  # the Ability was used; the Special Move stacks
    s.answer("The Oracle's Special Move", "1 (The Oracle)", "(done)")
    assert p.counters["happiness"] == 0


def test_dz_hero_ali_cheaper_gadgets_and_any_number_of_gadgets(dz):
    """DZ-HERO-ALI: Ali Baba's gadgets cost 1W less (for him only); Special Move: a chosen Hero may Use any number of
    gadgets this turn."""
    s, (ali, oracle), _ = table(dz, "ali_baba", "the_oracle")
    fist = take(s, "fistful_of_money", s.zone("shop"))
    assert value(s, "gadget_price", fist, s.p(1)) == 2 and value(s, "gadget_price", fist, s.p(2)) == 3
    q = s.p(2)
    for g in ("lucky_penny", "bananarang", "coin_flipper"):
        take(s, g, q.zones["inventory"])
    roll_as(s, 2, 1, 1)
    assert value(s, "inventory_uses", q) == 1
    s.p(1).counters["happiness"] = 5
    s.call("hero_actions", s.p(1), "modify", answers=["Ali Baba's Special Move", "The Oracle"])
    assert value(s, "inventory_uses", q) == 100
    for _ in range(3):
        s.call("use_gadget", q, answers=[0, 0])
    assert q.vars["inventory_used"] == 3 and value(s, "usable_gadgets", q) == []
    s.emit("turn_end")
    assert value(s, "inventory_uses", q) == 1


def test_dz_hero_hulk_more_dice_with_boss_health_and_debt(dz):
    """DZ-HERO-HULK: +1 / +2 / +3 dice at Boss Health 60-79 / 80-89 / 90-99; Special Move: +1 die per Debt card in
    his Play Area (the two stack)."""
    s, (hulk, _), _ = table(dz, "debt_hulk", "the_oracle")
    got = {}
    for h in (59, 60, 79, 80, 89, 90, 99):
        s.match.counters["boss_health"] = h
        got[h] = value(s, "attack_dice", hulk)
    assert got == {59: 2, 60: 3, 79: 3, 80: 4, 89: 4, 90: 5, 99: 5}
    s.match.counters["boss_health"] = 65
    p = s.p(1)
    stack(s, p.zones["play"], "credit_card_loan", "credit_card_loan", "savings")
    take(s, "housing_loan", p.zones["equip"])
    p.counters["happiness"] = 5
    s.call("hero_actions", p, "before_roll", answers=["Debt Hulk's Special Move"])
    assert value(s, "attack_dice", hulk) == 2 + 1 + 3
    s.call("roll_dice", p)
    assert len(p.zones["rolled"].items) == 5  # never more dice than the player has


def test_dz_hero_iron_extra_die_and_many_targets(dz):
    """DZ-HERO-IRON: with 3W or more (not spent), +1 die to any Hero before a battle; Special Move: target any number
    of villains and distribute her dice among them."""
    s, (iron, oracle), (ponz, bubble, *_) = table(dz, "iron_girl", "the_oracle")
    p = s.p(1)
    p.counters["wonga"] = 3
    s.call("hero_actions", p, "before_roll", answers=["Iron Girl's Ability", "Iron Girl"])
    assert p.counters["wonga"] == 3 and value(s, "attack_dice", iron) == 3
    p.counters["happiness"] = 5
    d = s.call("choose_targets")
    assert d.labels() == ["Iron Girl's Special Move", "Target one villain"]
    s.answer("Iron Girl's Special Move", "Ponzitron", "Madame Bubble")
    assert s.answer("Ponzitron") is None  # The Oracle targets one villain
    assert p.vars["targets"] == [ponz, bubble] and p.counters["happiness"] == 0
    assert s.p(2).vars["targets"] == [ponz]
    roll_as(s, 1, 2, 6, 4)
    s.call("place_dice", p, answers=["6 (Iron Girl)", "4 (Iron Girl)", "Madame Bubble", "2 (Iron Girl)"])
    placed = {(field(s, d, "sits_on").card.id, d.f["value"]) for d in s.zone("placed").items}
    assert placed == {("madame_bubble", 6), ("madame_bubble", 4), ("ponzitron", 2)}


def test_dz_hero_lady_restore_and_protect(dz):
    """DZ-HERO-LADY: lose 1 Happiness to restore 2W to a citizen (never above its starting Wealth), at any time of a
    turn; Special Move: a chosen citizen's Wealth cannot drop below 1 this turn."""
    s, (lady, _), pieces = table(dz, "lady_easing", "the_oracle")
    poor, middle, rich = pieces[2:]
    p = s.p(1)
    p.counters["happiness"] = 3
    setf(pieces[3], "wealth", 2)
    assert lady.card.fields["ability_steps"] == ["working", "shopping", "targeting", "before_roll", "modify",
                                                "before_scams", "resolve"]
    s.call("hero_actions", p, "working", answers=["Lady Easing's Ability", "Midge Mortgage", "Done"])
    assert field(s, middle, "wealth") == 4 and p.counters["happiness"] == 2
    s.match.round = 2
    s.call("hero_actions", p, "shopping", answers=["Lady Easing's Ability", "Goldie Trustfund", "Done"])
    assert field(s, rich, "wealth") == 7 and p.counters["happiness"] == 1  # already full: nothing to restore
    p.counters["happiness"] = 5
    s.call("hero_actions", p, "modify", answers=["Lady Easing's Special Move", "Penny Farthing", "Done"])
    s.call("reduce_wealth", poor, 10, "a test")
    assert field(s, poor, "wealth") == 1 and poor.zone is s.zone("citizens")
    s.match.round = 3
    s.call("reduce_wealth", poor, 1, "a test")
    assert poor.zone is s.zone("courthouse")  # the protection lasted one turn


def test_dz_hero_ora_reroll_one_die_or_any_number(dz):
    """DZ-HERO-ORA: reroll 1 die of a chosen Hero; Special Move: reroll any number of a chosen Hero's dice."""
    s, (oracle, lady), _ = table(dz, "the_oracle", "lady_easing", seed=3)
    p = s.p(1)
    roll_as(s, 1, 1, 1)
    roll_as(s, 2, 6, 6)
    d = s.call("use_ability", p, oracle)
    assert d.labels() == ["The Oracle", "Lady Easing"]
    d = s.answer("Lady Easing")
    assert d.labels() == ["6 (Lady Easing)", "6 (Lady Easing)"]
    s.answer(0)
    assert len([line for line in s.lines() if "Lady Easing's die is rerolled: 6 ->" in line]) == 1
    assert [d.f["value"] for d in p.zones["rolled"].items] == [1, 1]
    p.counters["happiness"] = 5
    set_rolled(s, 2, 6, 6)
    s.call("use_special", p, answers=["Lady Easing", "6 (Lady Easing)", "6 (Lady Easing)"])
    assert len([line for line in s.lines() if "Lady Easing's die is rerolled: 6 ->" in line]) == 3


def test_dz_hero_lady_any_time_in_a_turn(dz):
    """DZ-HERO-LADY: "Her Ability can be used at any time in a turn": it is offered while targeting, between hitting
    the weak points and the scams, and in the Resolve phase, as well as in the Working and Shopping phases and
    while dice are rolled and changed."""
    s, (lady, _), pieces = table(dz, "lady_easing", "the_oracle", villains=(("ponzitron", 1),))
    poor = pieces[1]
    p = s.p(1)
    setf(poor, "wealth", 1)
    p.counters["happiness"] = 1
    # while targeting: before Ann puts her meeple on a villain
    d = s.call("choose_targets")
    assert d.player is p and d.labels() == ["Lady Easing's Ability", "Done"]
    s.answer("Lady Easing's Ability", "Penny Farthing")
    assert field(s, poor, "wealth") == 3 and p.counters["happiness"] == 0
    setf(poor, "wealth", 2)
    for rnd, step in enumerate(("working", "shopping", "before_roll", "modify", "before_scams", "resolve"), 2):
        s.match.round = rnd
        p.counters["happiness"] = 1
        assert value(s, "ability_ready", p, lady, step), step
    # between the weak points and the scams: a citizen restored before Ponzitron's scam survives it
    s.match.round = 8
    setf(poor, "wealth", 1)
    d = s.call("hero_actions", p, "before_scams")
    assert d.labels() == ["Lady Easing's Ability", "Done"]
    s.answer("Lady Easing's Ability", "Penny Farthing", "Done")
    s.call("scams")
    assert field(s, poor, "wealth") == 3 - 2 and poor.zone is s.zone("citizens")
    # the Resolve phase offers it
    s.match.round = 9
    p.counters["happiness"] = 1
    d = phase(s, "resolve")
    assert d.player is p and d.labels() == ["Lady Easing's Ability", "Done"]


def test_dz_hero_lady_between_the_weak_points_and_the_scams_in_the_phase(dz):
    """DZ-HERO-LADY: the Vigilante phase offers her Ability after the dice are placed, before the scams."""
    s, (lady, oracle), pieces = table(dz, "lady_easing", "the_oracle", villains=(("ponzitron", 1),))
    setf(pieces[1], "wealth", 1)  # a citizen below its starting Wealth: something to restore
    p = s.p(1)
    p.counters["happiness"] = 2
    d = phase(s, "vigilante")
    seen = []
    while d is not None:
        if "Lady Easing's Ability" in d.labels() and d.player is p:
            seen.append(len(s.match.lines))
            d = s.answer("Done")
        elif "Done" in d.labels():
            d = s.answer("Done")
        else:
            d = s.answer(d.labels()[-1])
    scam_at = next(i for i, line in enumerate(s.match.lines) if " scams: " in line)
    assert len(seen) >= 4 and scam_at >= seen[-1]  # targeting, before the roll, changing dice, before the scams


def test_dz_hero_tweet_the_citizen_pays_3w_and_the_class_as_printed(dz):
    """DZ-HERO-TWEET: the Hero Roster prints "Ability: Scam a Citizen 3W: Poor: -1 Wealth; Middle-Class: -1 Wealth;
    Rich: a dice icon". The cost is a Scam of 3W on the Citizen (it loses 3W; Tweetman gains no W); then a Poor or
    Middle-Class Citizen loses 1 Wealth more, and a Rich one gives a bonus die (designed: the printed symbol is
    unreadable). The rulebook sets the Ability no moment: Poor and Middle-Class are offered before any die is
    rolled. Special Move: bankrupt a citizen and collect its remaining Wealth."""
    s, (tweet, _), pieces = table(dz, "tweetman", "the_oracle",
                                  citizens=[("poor_citizen_3", 1), ("middle_citizen_3", 2), ("rich_citizen_2", 3)])
    poor, middle, rich = pieces[2:]
    p = s.p(1)
    assert value(s, "ability_ready", p, tweet, "working")  # no die rolled: a Poor or Middle-Class Citizen
    d = s.call("use_ability", p, tweet)
    assert d.labels() == ["Sal Paycheck", "Carol Carpool"]  # no Rich Citizen: no die to add to
    s.answer("Sal Paycheck")
    assert field(s, poor, "wealth") == 4 - 3 - 1 and p.counters["wonga"] == 0
    assert has_line(s, "Tweetman's Ability, -1 Wealth: Sal Paycheck loses 1W (0/4W).")
    assert poor.zone is s.zone("courthouse")
    s.match.round = 2
    s.call("use_ability", p, tweet, answers=["Carol Carpool"])
    assert field(s, middle, "wealth") == 6 - 3 - 1 and p.zones["rolled"].items == []
    s.match.round = 3
    roll_as(s, 1, 4, 6)
    s.call("use_ability", p, tweet, answers=["Baron von Yacht"])
    assert field(s, rich, "wealth") == 8 - 3 and len(p.zones["rolled"].items) == 3 and p.counters["wonga"] == 0
    assert has_line(s, "Ann rolls a bonus die")
    assert s.match.counters["boss_health"] == 18 + 4  # Sal Paycheck's bankruptcy
    p.counters["happiness"] = 5
    s.call("use_special", p, answers=["Baron von Yacht"])
    assert p.counters["wonga"] == 5 and rich.zone is s.zone("courthouse")
    assert s.match.counters["boss_health"] == 18 + 4 + 8  # a bankruptcy like any other
    assert p.counters["happiness"] == 0


def test_dz_hero_tweet_option_dice_the_class_changes_a_die(dz):
    """DZ-HERO-TWEET, option tweetman=dice: "Poor: -1 ...; Middle-Class: -1 ...; Rich: a dice icon" read as the dice
    symbols of the row: Poor -1 to one of his dice, Middle-Class -1, Rich a bonus die; the Citizen pays the 3W cost
    only, and the Ability waits for rolled dice."""
    s, (tweet, _), pieces = table(dz, "tweetman", "the_oracle", tweetman="dice",
                                  citizens=[("poor_citizen_3", 1), ("middle_citizen_3", 2), ("rich_citizen_2", 3)])
    poor, middle, rich = pieces[2:]
    p = s.p(1)
    assert not value(s, "ability_ready", p, tweet, "modify")  # no die rolled yet: nothing to change
    roll_as(s, 1, 4, 6)
    for rnd, (who, c, start) in enumerate((("Sal Paycheck", poor, 4), ("Carol Carpool", middle, 6)), 1):
        s.match.round = rnd
        set_rolled(s, 1, 4, 6)
        s.call("use_ability", p, tweet, answers=[who, "6 (Tweetman)"])
        assert field(s, c, "wealth") == start - 3 and p.counters["wonga"] == 0
        assert sorted(d.f["value"] for d in p.zones["rolled"].items) == [4, 5]
    s.match.round = 3
    s.call("use_ability", p, tweet, answers=["Baron von Yacht"])
    assert field(s, rich, "wealth") == 8 - 3 and len(p.zones["rolled"].items) == 3 and p.counters["wonga"] == 0
    assert s.match.counters["boss_health"] == 18


def test_dz_faq_tweet_the_ability_works_on_a_citizen_with_less_than_3w(dz):
    """DZ-FAQ-TWEET: Tweetman's Ability can be used on a citizen with less than 3W: the cost is only what it has
    left (it is Bankrupted), and the effect still comes."""
    s, (tweet, _), pieces = table(dz, "tweetman", "the_oracle", citizens=[("poor_citizen_1", 1, 2), ("rich_citizen_1", 2)])
    poor = pieces[2]
    roll_as(s, 1, 3, 3)
    assert value(s, "ability_ready", s.p(1), tweet, "modify")
    s.call("use_ability", s.p(1), tweet, answers=["Penny Farthing"])
    assert poor.zone is s.zone("courthouse") and s.p(1).counters["wonga"] == 0
    assert has_line(s, "Tweetman's Ability costs a Scam of 3W: Penny Farthing loses 2W (0/3W).")
    assert not has_line(s, "-1 Wealth:")  # a Bankrupted Citizen has no Wealth left to lose
    s2, (tweet, _), pieces = table(dz, "tweetman", "the_oracle", tweetman="dice",
                                   citizens=[("poor_citizen_1", 1, 2), ("rich_citizen_1", 2)])
    roll_as(s2, 1, 3, 3)
    s2.call("use_ability", s2.p(1), tweet, answers=["Penny Farthing", "3 (Tweetman)"])
    assert pieces[2].zone is s2.zone("courthouse")  # option tweetman=dice: the effect still comes
    assert sorted(d.f["value"] for d in s2.p(1).zones["rolled"].items) == [2, 3]


def test_dz_faq_lady_a_protected_citizen_against_tweetman(dz):
    """DZ-FAQ-LADY: with Lady Easing's Special Move on a citizen, Tweetman's Ability cannot bankrupt it (it keeps
    1W), and his Special Move fails and pays nothing."""
    s, (lady, tweet), pieces = table(dz, "lady_easing", "tweetman", citizens=[("poor_citizen_1", 1), ("rich_citizen_1", 2)])
    poor = pieces[2]
    s.p(1).counters["happiness"] = 5
    s.call("use_special", s.p(1), answers=["Penny Farthing"])
    roll_as(s, 2, 3, 3)
    s.call("use_ability", s.p(2), tweet, answers=["Penny Farthing"])  # 3W, then -1 Wealth: it keeps 1W
    assert field(s, poor, "wealth") == 1 and poor.zone is s.zone("citizens") and s.p(2).counters["wonga"] == 0
    s.p(2).counters["happiness"] = 5
    s.call("use_special", s.p(2), answers=["Penny Farthing"])
    assert field(s, poor, "wealth") == 1 and poor.zone is s.zone("citizens") and s.p(2).counters["wonga"] == 0
    assert has_line(s, "Penny Farthing is not Bankrupted, so Tweetman collects nothing.")
    assert s.match.counters["boss_health"] == 18
