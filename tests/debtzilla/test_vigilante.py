"""Debtzilla Vigilante phase: DZ-VIG-1 .. DZ-VIG-14, the rulebook's example DZ-EX-1, DZ-FAQ-3 and DZ-FAQ-4."""
from __future__ import annotations

from .helpers import board, deck_out, field, has_line, heroes, ids, phase, roll_as, set_rolled, take, target, value


def fight(dz, players=2, hero_ids=("the_oracle", "lady_easing"), villains=(("ponzitron", 1),), citizens=None, **kw):
    s = dz(players, **kw)
    heroes(s, *hero_ids)
    cits = citizens if citizens is not None else [("poor_citizen_1", 1), ("middle_citizen_1", 2), ("rich_citizen_1", 3)]
    pieces = board(s, villains, cits)
    return s, pieces


def wealth(s, c):
    return field(s, c, "wealth")


# ---------------------------------------------------------------- summoning

def test_dz_vig_1_summon_a_hero_for_its_summon_cost(dz):
    """DZ-VIG-1: a Hero not in play is summoned for its Summon Cost; it rolls its own 2 dice (spare colours), its
    Ability works this turn (not its Special Move), and it attacks the summoner's target."""
    s, (ponz, *_) = fight(dz)
    p = s.p(1)
    p.counters["wonga"] = 4
    d = s.call("summons")
    assert d.player is p and d.labels() == ["Ali Baba (4W)", "Iron Girl (4W)", "Tweetman (3W)", "Summon nobody"]  # Debt Hulk costs 5W
    s.answer("Tweetman (3W)")
    assert ids(p.zones["summoned"]) == ["tweetman"] and p.counters["wonga"] == 1
    target(s, 1, ponz)
    s.call("roll_dice", p)
    assert len(p.zones["rolled"].items) == 2 and len(p.zones["ally_rolled"].items) == 2
    assert {d.card.id for d in p.zones["ally_rolled"].items} <= {"blue_die", "green_die", "purple_die"}
    tweet = p.zones["summoned"].items[0]
    assert value(s, "ability_ready", p, tweet, "modify")
    p.counters["happiness"] = 5
    set_rolled(s, 1, 4, 6)
    d = s.call("modify_turn", p)
    assert "Tweetman's Ability (summoned)" in d.labels() and "The Oracle's Special Move" in d.labels()
    assert not any("Tweetman's Special Move" in label for label in d.labels())
    poor = s.zone("citizens").items[0]
    s.answer("Tweetman's Ability (summoned)", "Penny Farthing")
    assert field(s, poor, "wealth") == 0 and poor.zone is s.zone("courthouse")  # the cost: a Scam of 3W
    assert has_line(s, "Tweetman's Ability costs a Scam of 3W: Penny Farthing loses 3W (0/3W).")
    assert p.counters["wonga"] == 1
    # the summoned Hero's dice go on the summoner's target
    set_rolled(s, 1, 6, 6)
    set_rolled(s, 1, 2, 5, ally=True)
    d = s.call("place_dice", p)
    assert d.labels() == ["2 (Tweetman)", "Place no more dice"]
    s.answer("2 (Tweetman)")
    die = s.zone("placed").items[0]
    assert field(s, die, "sits_on") is ponz and field(s, die, "hero") is tweet and field(s, die, "player") is p


def test_dz_vig_1_no_summon_without_the_cost(dz):
    """DZ-VIG-1: a player who cannot pay any Summon Cost is not asked."""
    s, _ = fight(dz)
    s.p(1).counters["wonga"] = 2
    s.p(2).counters["wonga"] = 2
    assert s.call("summons") is None and s.p(1).zones["summoned"].items == []


def test_dz_vig_2_summoners_gadgets_cannot_touch_the_summoned_dice_which_may_stay(dz):
    """DZ-VIG-2: the summoner's gadgets cannot modify the summoned Hero's dice; those dice may stay on villains after
    the turn (and the Hero has left)."""
    s, (ponz, *_) = fight(dz)
    p = s.p(1)
    take(s, "debt_consolidator", p.zones["inventory"])
    take(s, "ali_baba", p.zones["summoned"])
    target(s, 1, ponz)
    roll_as(s, 1, 5, 4)
    set_rolled(s, 1, 1, 3, ally=True)
    d = s.call("use_gadget", p)
    assert d.labels() == ["4 (The Oracle)", "5 (The Oracle)"]  # never Ali Baba's 1 or 3
    s.answer("5 (The Oracle)")
    s.call("place_dice", p, answers=["3 (Ali Baba)"])
    s.call("end_attacks", answers=["Leave them on the villains"])  # nothing taken back: the die stays
    s.call("end_turn")
    assert p.zones["summoned"].items == [] and "ali_baba" in ids(s.zone("hero_pool"))
    die = s.zone("placed").items[0]
    assert field(s, die, "sits_on") is ponz and field(s, die, "keeper") is None and field(s, die, "player") is p
    assert value(s, "wp_hit", ponz, 2)
    assert value(s, "on_villains", p) == 0  # it is not the player's own die: the next roll is not smaller


# ---------------------------------------------------------------- targeting and rolling

def test_dz_vig_3_target_with_the_meeple_then_roll_two_dice(dz):
    """DZ-VIG-3: each Hero targets a villain by putting the meeple on it, then rolls 2 dice."""
    s, (ponz, bubble, *_) = fight(dz, villains=[("ponzitron", 1), ("madame_bubble", 2)])
    d = s.call("choose_targets")
    assert d.player is s.p(1) and d.labels() == ["Ponzitron", "Madame Bubble"]
    s.answer("Madame Bubble", "Ponzitron")
    assert s.p(1).vars["targets"] == [bubble] and s.p(2).vars["targets"] == [ponz]
    assert field(s, s.p(1).zones["meeple"].items[0], "sits_on") is bubble
    s.call("roll_dice", s.p(1))
    rolled = s.p(1).zones["rolled"].items
    assert len(rolled) == 2 and all(1 <= d.f["value"] <= 6 for d in rolled)
    assert len(s.p(1).zones["dice"].items) == 3


def test_dz_vig_3_more_or_fewer_dice(dz):
    """DZ-VIG-3: gadgets and abilities give more dice (Iron Girl's +1) or fewer (a boss card's -1)."""
    s, _ = fight(dz, hero_ids=("iron_girl", "the_oracle"))
    iron = s.p(1).zones["hero"].items[0]
    s.p(1).counters["wonga"] = 3
    s.call("hero_actions", s.p(1), "before_roll", answers=["Iron Girl's Ability", "The Oracle"])
    s.call("roll_dice", s.p(2))
    assert len(s.p(2).zones["rolled"].items) == 3
    assert value(s, "attack_dice", iron) == 2
    margin = take(s, "margin_call", s.zone("awakened"))
    s.run(margin.card.effects["fight"], me=s.p(1), this=margin)
    assert value(s, "attack_dice", iron) == 1


# ---------------------------------------------------------------- modifying dice (DZ-VIG-4)

def test_dz_vig_4_plus_n_to_one_of_your_dice(dz):
    """DZ-VIG-4: +N adjusts one of the player's dice; a die never shows more than 6 (interpretation)."""
    s, _ = fight(dz)
    p = s.p(1)
    take(s, "bananarang", p.zones["inventory"])
    take(s, "fistful_of_money", p.zones["inventory"])
    take(s, "delivery_drone", p.zones["inventory"])
    roll_as(s, 1, 2, 5)
    s.call("use_gadget", p, answers=["Bananarang", "2 (The Oracle)"])
    assert [d.f["value"] for d in p.zones["rolled"].items] == [4, 5]
    s.call("use_gadget", p, answers=["5 (The Oracle)"])  # Fistful of Money: 5 + 3 stops at 6
    assert [d.f["value"] for d in p.zones["rolled"].items] == [4, 6]


def test_dz_vig_4_plus_n_to_a_neighbours_die(dz):
    """DZ-VIG-4: +N with arrows adjusts one die of the player to the left or the right."""
    s, _ = fight(dz, players=3, hero_ids=("the_oracle", "lady_easing", "iron_girl"))
    p = s.p(2)
    take(s, "viral_hashtag", p.zones["inventory"])
    roll_as(s, 1, 3, 3)
    roll_as(s, 2, 1, 1)
    roll_as(s, 3, 5, 2)
    d = s.call("use_gadget", p)
    assert d.labels() == ["Cleo", "Ann"]  # left, then right
    d = s.answer("Cleo")
    assert d.labels() == ["2 (Iron Girl)", "5 (Iron Girl)"]
    s.answer("2 (Iron Girl)")
    assert [d.f["value"] for d in s.p(3).zones["rolled"].items] == [5, 4]
    assert [d.f["value"] for d in p.zones["rolled"].items] == [1, 1]


def test_dz_vig_4_flip_a_die(dz):
    """DZ-VIG-4: the flip turns a die to its opposite face (1-6, 2-5, 3-4)."""
    s, _ = fight(dz)
    p = s.p(1)
    take(s, "coin_flipper", p.zones["inventory"])
    roll_as(s, 1, 2, 6)
    s.call("use_gadget", p, answers=["2 (The Oracle)"])
    assert [d.f["value"] for d in p.zones["rolled"].items] == [5, 6]


def test_dz_vig_4_bonus_die_and_rerolls(dz):
    """DZ-VIG-4: a bonus die is one more die rolled for the attack; a reroll rolls a die again."""
    s, _ = fight(dz)
    p = s.p(1)
    take(s, "banana_mech_mark_vii", p.zones["equip"])
    take(s, "second_opinion", p.zones["inventory"])
    roll_as(s, 1, 2, 2)
    s.call("use_gadget", p, answers=["Banana Mech Mark VII"])
    assert len(p.zones["rolled"].items) == 3 and len(p.zones["dice"].items) == 2
    set_rolled(s, 1, 2, 2, 6)
    s.call("use_gadget", p, answers=["6 (The Oracle)"])  # Second Opinion, the only one left
    assert has_line(s, "The Oracle's die is rerolled: 6 ->")
    assert [d.f["value"] for d in p.zones["rolled"].items][:2] == [2, 2]
    assert value(s, "usable_gadgets", p) == []


# ---------------------------------------------------------------- weak points, jail, lasting injuries

def test_dz_vig_5_matching_dice_on_weak_points_then_jail(dz):
    """DZ-VIG-5: dice matching the target's weak points may be placed on them; with every weak point hit, the
    villain is defeated and goes to Jail (its dice come back)."""
    s, (ponz, *_) = fight(dz)
    target(s, 1, ponz)
    target(s, 2, ponz)
    roll_as(s, 1, 2, 3)
    roll_as(s, 2, 6, 4)
    d = s.call("place_dice", s.p(1))
    assert d.labels() == ["2 (The Oracle)", "3 (The Oracle)", "Place no more dice"]
    s.answer("3 (The Oracle)", "2 (The Oracle)")
    d = s.call("place_dice", s.p(2))
    assert d.labels() == ["4 (Lady Easing)", "Place no more dice"]  # the 6 matches no weak point
    s.answer("4 (Lady Easing)")
    assert [field(s, d, "wp") for d in s.zone("placed").items] == [2, 1, 3]
    assert value(s, "defeated", ponz)
    s.call("jail")
    assert ids(s.zone("jail")) == ["ponzitron"] and s.zone("placed").items == []
    assert len(s.p(1).zones["dice"].items) == 5 and len(s.p(2).zones["dice"].items) == 4  # Ben's 6 is still rolled
    assert has_line(s, "Ponzitron is Defeated and goes to Jail!")


def test_dz_vig_5_placing_is_optional_and_a_weak_point_takes_one_die(dz):
    """DZ-VIG-5: a player may keep a matching die; a weak point holds one die (two 4s, one weak point 4)."""
    s, (ponz, *_) = fight(dz)
    target(s, 1, ponz)
    roll_as(s, 1, 4, 4)
    s.call("place_dice", s.p(1), answers=["4 (The Oracle)"])
    assert len(s.zone("placed").items) == 1 and len(s.p(1).zones["rolled"].items) == 1
    s2, (ponz2, *_) = fight(dz)
    target(s2, 1, ponz2)
    roll_as(s2, 1, 2, 3)
    s2.call("place_dice", s2.p(1), answers=["Place no more dice"])
    assert s2.zone("placed").items == []


def test_dz_vig_6_lasting_injuries_dice_stay_and_the_next_roll_is_smaller(dz):
    """DZ-VIG-6: dice on a villain still standing may stay across rounds; the Hero then rolls one die fewer for each
    die left on villains."""
    s, (ponz, *_) = fight(dz)
    target(s, 1, ponz)
    roll_as(s, 1, 2, 5)
    s.call("place_dice", s.p(1), answers=["2 (The Oracle)"])
    s.call("jail")
    d = s.call("end_attacks")
    assert d.labels() == ["2 on Ponzitron (weak point 1)", "Leave them on the villains"]
    s.answer("Leave them on the villains")
    assert has_line(s, "Ann leaves 1 die on the villains (lasting injuries).")
    assert len(s.zone("placed").items) == 1 and len(s.p(1).zones["dice"].items) == 4
    s.match.round = 2
    s.call("roll_dice", s.p(1))
    assert len(s.p(1).zones["rolled"].items) == 1
    assert has_line(s, "Ann (The Oracle) rolls 1 die (1 die left on villains)")
    assert value(s, "wp_hit", ponz, 1)


def test_dz_vig_6_dice_may_be_taken_back_at_the_end_of_the_attack(dz):
    """DZ-VIG-6: the player may instead take the die back at the end of the attack."""
    s, (ponz, *_) = fight(dz)
    target(s, 1, ponz)
    roll_as(s, 1, 2, 5)
    s.call("place_dice", s.p(1), answers=["2 (The Oracle)"])
    s.call("end_attacks", answers=["2 on Ponzitron (weak point 1)"])
    assert s.zone("placed").items == [] and len(s.p(1).zones["dice"].items) == 5


def test_dz_vig_7_taking_dice_back_outside_the_vigilante_phase(dz):
    """DZ-VIG-7: dice may be taken back outside the Vigilante phase (offered while shopping); their weak points are
    no longer hit."""
    s, (ponz, *_) = fight(dz)
    target(s, 1, ponz)
    roll_as(s, 1, 2, 3)
    s.call("place_dice", s.p(1), answers=["2 (The Oracle)", "3 (The Oracle)"])
    s.call("end_attacks", answers=["Leave them on the villains"])
    assert value(s, "wp_hit", ponz, 1) and value(s, "wp_hit", ponz, 2)
    d = s.call("shopping", s.p(1))
    assert "Take back a die from a villain" in d.labels()
    s.answer("Take back a die from a villain", "3 on Ponzitron (weak point 2)", "Done shopping")
    assert value(s, "wp_hit", ponz, 1) and not value(s, "wp_hit", ponz, 2)
    assert len(s.p(1).zones["dice"].items) == 4
    assert has_line(s, "Ann takes back the 3 from Ponzitron (weak point 2 is no longer hit).")


def test_dz_faq_3_losing_dice_takes_dice_back_from_weak_points(dz):
    """DZ-FAQ-3: a player whose dice on weak points exceed the dice they have (after losing dice) takes dice back
    until they no longer exceed them."""
    s, (ponz, *_) = fight(dz, villains=[("ponzitron", 1), ("layman_brothers", 2)])
    ponz, layman = s.zone("villains").items
    target(s, 1, ponz)
    roll_as(s, 1, 2, 5)
    s.call("place_dice", s.p(1), answers=["2 (The Oracle)"])
    target(s, 1, layman)
    s.call("place_dice", s.p(1), answers=["5 (The Oracle)"])
    s.call("end_attacks")
    assert value(s, "on_villains", s.p(1)) == 2
    margin = take(s, "margin_call", s.zone("awakened"))
    s.run(margin.card.effects["fight"], me=s.p(1), this=margin)  # -1 die: 1 die left
    d = s.call("roll_dice", s.p(1))
    assert d.labels() == ["2 on Ponzitron (weak point 1)", "5 on Layman Brothers (weak point 3)"]
    s.answer("5 on Layman Brothers (weak point 3)")
    assert value(s, "on_villains", s.p(1)) == 1 and not value(s, "wp_hit", layman, 3)
    assert s.p(1).zones["rolled"].items == []  # 1 die, 1 left on a villain: nothing to roll


# ---------------------------------------------------------------- scams

CITS = [("poor_citizen_1", 1), ("middle_citizen_1", 2), ("rich_citizen_1", 3)]


def test_dz_vig_8_each_villain_scams_the_citizen_in_front(dz):
    """DZ-VIG-8: each undefeated villain scams the citizen in front of it by its Scam amount."""
    s, pieces = fight(dz, villains=[("demonic_telemarketer", 1), ("ponzitron", 2), ("layman_brothers", 3)])
    poor, middle, rich = pieces[3:]
    s.call("scams")
    assert (wealth(s, poor), wealth(s, middle), wealth(s, rich)) == (3 - 1, 5 - 2, 7 - 2)


def test_dz_vig_9_prowling_the_middle_villain_prefers_the_left(dz):
    """DZ-VIG-9: a villain with no citizen in front scams an adjacent one; the middle villain the left one first."""
    s, pieces = fight(dz, villains=[("demonic_telemarketer", 1), ("ponzitron", 2), ("madame_bubble", 3)],
                      citizens=[("poor_citizen_1", 1), ("rich_citizen_1", 3)])
    poor, rich = pieces[3:]
    s.call("scams")
    assert wealth(s, poor) == 3 - 1 - 2 and wealth(s, rich) == 7 - 1  # Ponzitron (middle) scams the left citizen
    s, pieces = fight(dz, villains=[("demonic_telemarketer", 1), ("ponzitron", 2), ("madame_bubble", 3)],
                      citizens=[("middle_citizen_1", 2), ("rich_citizen_1", 3)])
    middle, rich = pieces[3:]
    s.call("scams")
    assert wealth(s, middle) == 5 - 1 - 2 and wealth(s, rich) == 7 - 1  # the left villain scams its neighbour
    s, pieces = fight(dz, villains=[("demonic_telemarketer", 1), ("ponzitron", 2)],
                      citizens=[("middle_citizen_1", 2), ("rich_citizen_1", 3)])
    assert field(s, pieces[0], "slot") == 1


def test_dz_vig_10_a_villain_moves_to_an_unthreatened_citizen(dz):
    """DZ-VIG-10: a villain with no citizen in front moves to the space threatening a citizen no villain threatens."""
    s, pieces = fight(dz, villains=[("demonic_telemarketer", 1), ("ponzitron", 2)],
                      citizens=[("poor_citizen_1", 1), ("rich_citizen_1", 3)])
    tele, ponz, poor, rich = pieces
    s.call("scams")
    assert field(s, ponz, "slot") == 3 and wealth(s, rich) == 7 - 2 and wealth(s, poor) == 3 - 1
    assert has_line(s, "Ponzitron moves from space 2 to space 3, in front of Goldie Trustfund.")
    s.call("scams")  # it stays there
    assert wealth(s, rich) == 7 - 4


def test_dz_faq_4_three_citizens_two_villains_and_the_reverse(dz):
    """DZ-FAQ-4: with 3 citizens and 2 villains the third citizen is not scammed; with 3 villains and 2 citizens the
    third villain scams the adjacent citizen."""
    s, pieces = fight(dz, villains=[("demonic_telemarketer", 1), ("ponzitron", 2)], citizens=CITS)
    poor, middle, rich = pieces[2:]
    s.call("scams")
    assert (wealth(s, poor), wealth(s, middle), wealth(s, rich)) == (2, 3, 7)
    s, pieces = fight(dz, villains=[("demonic_telemarketer", 1), ("ponzitron", 2), ("madame_bubble", 3)],
                      citizens=[("poor_citizen_1", 1), ("middle_citizen_1", 2)])
    poor, middle = pieces[3:]
    s.call("scams")
    assert wealth(s, poor) == 3 - 1 and wealth(s, middle) == 5 - 2 - 1  # Madame Bubble scams the adjacent citizen


def test_dz_vig_11_last_villain_standing_scams_every_citizen(dz):
    """DZ-VIG-11: "if you leave only one Villain undefeated. That Villain becomes the Last Villain Standing and gains
    the ability to Scam ALL Citizens"; the FAQ: "if there is only one Villain ... remaining": one in play and none
    left in the Villain Deck, whose Last Villain Standing card is then revealed."""
    s, pieces = fight(dz, villains=[("ponzitron", 2)], citizens=CITS)
    deck_out(s, "villain_deck", "unused_villains")
    poor, middle, rich = pieces[1:]
    s.call("scams")
    assert (wealth(s, poor), wealth(s, middle), wealth(s, rich)) == (1, 3, 5)
    assert has_line(s, "Ponzitron is the Last Villain Standing: it scams every citizen.")


def test_dz_vig_11_one_villain_in_play_while_the_deck_holds_villains(dz):
    """DZ-VIG-11, DZ-VIG-8: one villain in play is not the Last Villain Standing while villains are left in the
    deck above that card: it scams the citizen in front of it only."""
    s, pieces = fight(dz, villains=[("ponzitron", 2)], citizens=CITS)
    assert [c.card.kind for c in s.zone("villain_deck").items].count("villain") > 0
    poor, middle, rich = pieces[1:]
    s.call("scams")
    assert (wealth(s, poor), wealth(s, middle), wealth(s, rich)) == (3, 5 - 2, 7)
    assert not has_line(s, "is the Last Villain Standing")


def test_dz_vig_11_the_marker_is_revealed_when_the_last_villain_is_drawn(dz):
    """DZ-VIG-11, DZ-SETUP-6: the Last Villain Standing card lies under the villains: drawing the last of them
    reveals it, even with no villain space left to fill."""
    s, pieces = fight(dz, villains=[("ponzitron", 1), ("madame_bubble", 2)], citizens=CITS)
    deck_out(s, "villain_deck", "unused_villains")
    take(s, "captain_junk_bond", s.zone("villain_deck"))
    s.call("replace_villains")
    assert ids(s.zone("standing")) == ["last_villain_standing"] and s.zone("villain_deck").items == []
    assert has_line(s, "Last Villain Standing is revealed: no more villains will come.")


def test_dz_vig_12_last_citizen_standing_is_scammed_by_every_villain(dz):
    """DZ-VIG-12: "if only one Citizen is left standing, ALL the Villains will Scam that Citizen"; the FAQ: "if
    there is only one ... Citizen remaining": one in play and none left in the Citizen Deck."""
    s, pieces = fight(dz, villains=[("demonic_telemarketer", 1), ("ponzitron", 2), ("madame_bubble", 3)],
                      citizens=[("rich_citizen_2", 1)])
    deck_out(s, "citizen_deck", "unused_citizens")
    rich = pieces[3]
    s.call("scams")
    assert wealth(s, rich) == 8 - 1 - 2 - 1
    assert has_line(s, "Baron von Yacht is the Last Citizen Standing: every villain scams it.")


def test_dz_vig_12_one_citizen_in_play_while_the_deck_holds_citizens(dz):
    """DZ-VIG-12, DZ-VIG-9: one citizen in play is not the Last Citizen Standing while citizens are left in the
    deck: the villain in front of it and its neighbour scam it, the far villain nobody."""
    s, pieces = fight(dz, villains=[("demonic_telemarketer", 1), ("ponzitron", 2), ("madame_bubble", 3)],
                      citizens=[("rich_citizen_2", 1)])
    assert [c.card.kind for c in s.zone("citizen_deck").items].count("citizen") > 0
    rich = pieces[3]
    s.call("scams")
    assert wealth(s, rich) == 8 - 1 - 2
    assert not has_line(s, "is the Last Citizen Standing")


def test_dz_vig_13_bankruptcy_to_the_courthouse_and_boss_health_rises(dz):
    """DZ-VIG-13: a citizen at 0 Wealth is bankrupt: to the Courthouse, and Boss Health rises by its starting
    Wealth."""
    s, pieces = fight(dz, villains=[("ponzitron", 1), ("madame_bubble", 2)],
                      citizens=[("middle_citizen_3", 1, 2), ("rich_citizen_1", 2)])
    middle = pieces[2]
    s.call("scams")
    assert middle.zone is s.zone("courthouse") and wealth(s, middle) == 0
    assert s.match.counters["boss_health"] == 18 + 6
    assert not s.match.over


def test_dz_vig_14_the_game_is_lost_when_every_citizen_is_bankrupt(dz):
    """DZ-VIG-14: the game is lost when every citizen (in play and in the deck) is bankrupt."""
    s, pieces = fight(dz, villains=[("ponzitron", 1)], citizens=[("poor_citizen_1", 1, 1)])
    for c in [c for c in s.zone("citizen_deck").items if c.card.kind == "citizen"]:
        s.match.place(c, s.zone("courthouse"))
    assert ids(s.zone("citizen_deck")) == ["last_citizen_standing"]
    s.call("scams")
    assert s.match.over and s.match.result.outcome == "lost" and s.match.result.reason == "all citizens bankrupt"


def test_dz_vig_14_not_lost_while_the_deck_has_citizens(dz):
    """DZ-VIG-14: with citizens still in the deck, the bankrupt ones are replaced in the Resolve phase."""
    s, pieces = fight(dz, villains=[("ponzitron", 1)], citizens=[("poor_citizen_1", 1, 1)])
    s.call("scams")
    assert not s.match.over and s.zone("citizens").items == []
    s.call("replace_citizens")
    assert len(s.zone("citizens").items) == 3


# ---------------------------------------------------------------- the rulebook's example

def test_dz_ex_1_the_oracle_and_lady_easing_against_ponzitron(dz):
    """DZ-EX-1: The Oracle (yellow) and Lady Easing (red) attack Ponzitron (2, 3, 4). The Oracle rolls 2 and 3; Lady
    Easing rolls 6 and 1. The Oracle's Ability rerolls her 6 (not enough). She Uses Debt Consolidator (1 -> 2) and,
    thanks to her Delivery Drone, Bananarang (2 -> 4). Ponzitron is defeated."""
    s, (ponz, *_) = fight(dz, seed=5)
    ann, ben = s.p(1), s.p(2)
    assert ann.vars["colour"] == "yellow" and ben.vars["colour"] == "red"
    for g in ("debt_consolidator", "delivery_drone", "bananarang"):
        take(s, g, ben.zones["inventory"])
    d = phase(s, "vigilante")  # one villain: both target Ponzitron without a question; both roll
    assert ann.vars["targets"] == [ponz] and ben.vars["targets"] == [ponz]
    assert d.player is ann and "The Oracle's Ability" in d.labels()
    set_rolled(s, 1, 2, 3)
    set_rolled(s, 2, 6, 1)
    s.answer("The Oracle's Ability", "Lady Easing", "6 (Lady Easing)")
    rerolled = ben.zones["rolled"].items[0].f["value"]
    assert rerolled != 4  # "The Oracle's reroll wasn't enough"
    d = s.match.pending  # The Oracle has nothing more to do: Lady Easing's turn to change dice
    assert d.player is ben and d.labels() == ["Use a gadget", "Done"]
    s.answer("Use a gadget", "Debt Consolidator", "1 (Lady Easing)")
    assert ben.zones["rolled"].items[1].f["value"] == 2
    d = s.answer("Use a gadget", "2 (Lady Easing)")  # Bananarang is the only gadget left to Use: no question
    assert ben.zones["rolled"].items[1].f["value"] == 4
    assert has_line(s, "Ben uses Bananarang (+2 to one of your dice).")
    # nobody has anything left to do: the dice are placed
    assert d.player is ann and d.labels() == ["2 (The Oracle)", "3 (The Oracle)", "Place no more dice"]
    s.answer("2 (The Oracle)", "3 (The Oracle)")
    assert s.answer("4 (Lady Easing)") is None
    assert ponz.zone is s.zone("jail")
    assert has_line(s, "Ponzitron is Defeated and goes to Jail!")
