"""Debtzilla's conditions at their edges: each menu option offered exactly when the rule allows it (one card, one
die, one citizen is enough; none is not), the moments at which each Hero's powers are offered, and the account
lines that say what a step did (DZ-TURN-1: a player must be able to check the rules from the account alone)."""
from __future__ import annotations

import re

import pytest

from interpreter.errors import MeepleError
from interpreter.runtime.match import Match

from .conftest import debtzilla
from .helpers import (
    board,
    clear,
    empty_hands,
    field,
    has_line,
    heroes,
    ids,
    phase,
    roll_as,
    setf,
    stack,
    take,
    target,
    value,
)


def two(dz, *hero_ids, **kw):
    s = dz(2, **kw)
    hs = heroes(s, *(hero_ids or ("the_oracle", "iron_girl")))
    return s, hs


def one_die(s, seat):
    """Roll the player's dice, then put all but one back: the player has exactly one rolled die, a 3."""
    p = s.p(seat)
    s.call("roll_dice", p)
    for d in list(p.zones["rolled"].items)[1:]:
        s.match.place(d, p.zones["dice"])
    setf(p.zones["rolled"].items[0], "value", 3)


# ---------------------------------------------------------------- the player count

@pytest.mark.parametrize("players,allowed", [(1, False), (2, True), (4, True), (5, False)])
def test_two_to_four_players(players, allowed):
    """The rulebook's box: 2 to 4 players (setup gives 6 / 8 / 10 villains and 18 / 27 / 36 Boss Health for 2, 3,
    4 players and nothing else)."""
    if allowed:
        assert len(Match(debtzilla(), players, 0, {"heroes": "random"}, start=False).players) == players
    else:
        with pytest.raises(MeepleError, match="2 to 4 players"):
            Match(debtzilla(), players, 0, {"heroes": "random"}, start=False)


# ---------------------------------------------------------------- gadgets: one die is enough

def gadget_cases():
    out = []
    for cid, c in sorted(debtzilla().cards.items()):
        if c.kind != "gadget" or c.fields["drone"] or "bonus" in c.fields["text"]:
            continue
        text = c.fields["text"]
        own = "your dice" in text
        near = "player on your left or right" in text
        out.append((cid, own, near))
    return out


@pytest.mark.parametrize("gadget_id,own,near", gadget_cases())
def test_dz_vig_4_one_die_is_enough_for_a_gadget(dz, gadget_id, own, near):
    """DZ-VIG-4, DZ-SHOP-5: a gadget that changes the player's own dice is usable as soon as the player has one rolled
    die; one that changes a neighbour's die as soon as a neighbour has one; neither with no die to change. Used, it
    changes that one die (the gadget's text says by how much)."""
    s, _ = two(dz)
    p, q = s.p(1), s.p(2)
    g = take(s, gadget_id, p.zones["equip" if debtzilla().cards[gadget_id].fields["equip"] else "inventory"])
    assert value(s, "usable_gadgets", p) == []
    one_die(s, 1)
    assert (g in value(s, "usable_gadgets", p)) is own
    s.match.place(p.zones["rolled"].items[0], p.zones["dice"])
    one_die(s, 2)
    assert (g in value(s, "usable_gadgets", p)) is near
    if near:
        n = int(re.search(r"\+(\d) to a die of the player", debtzilla().cards[gadget_id].fields["text"]).group(1))
        s.call("use_gadget", p, answers=[g.card.name, "Ben", "3 (Iron Girl)"])
        assert [d.f["value"] for d in q.zones["rolled"].items] == [3 + n]


@pytest.mark.parametrize("gadget_id", ["second_opinion", "second_wind"])
def test_dz_vig_4_a_reroll_of_the_only_die(dz, gadget_id):
    """DZ-VIG-4: a reroll gadget rerolls the player's only die."""
    s, _ = two(dz)
    p = s.p(1)
    take(s, gadget_id, p.zones["inventory"])
    one_die(s, 1)
    s.call("use_gadget", p, answers=[0, 0, "(done)"])
    assert has_line(s, "    The Oracle's die is rerolled: 3 -> ")


# ---------------------------------------------------------------- the moments a Hero's powers are offered

STEPS = ["working", "shopping", "targeting", "target", "before_roll", "modify", "before_scams", "resolve"]
# Where each power may be used, read from its text: a power that changes dice while dice are changed; Iron Girl's
# "+1 die before a battle" before the roll, her Special Move when targets are chosen; Debt Hulk's dice before the roll;
# Lady Easing's Ability "at any time in a turn", her Special Move at any moment before the scams it guards against;
# Tweetman's Ability, for which the rulebook sets no moment, at every one (a Rich Citizen's bonus die while dice are
# changed: test_heroes.py); Ali Baba's "any number of Gadgets this turn" and Tweetman's Bankrupt-and-collect at any
# moment up to the dice changes (the W collected may still buy a gadget; more gadgets may still be Used).
ABILITY_STEPS = {
    "iron_girl": {"before_roll"},
    "lady_easing": set(STEPS) - {"target"},
    "the_oracle": {"modify"},
    "tweetman": set(STEPS) - {"target"},
}
SPECIAL_STEPS = {
    "ali_baba": {"working", "shopping", "before_roll", "modify"},
    "debt_hulk": {"before_roll"},
    "iron_girl": {"target"},
    "lady_easing": {"working", "shopping", "targeting", "before_roll", "modify", "before_scams"},
    "the_oracle": {"modify"},
    "tweetman": {"working", "shopping", "before_roll", "modify"},
}


def ready_everywhere(dz, hero_id, **options):
    """A position in which every condition of the Hero's powers is met: W, Happiness, dice rolled by both players,
    two villains, citizens, a Debt card in the Play Area."""
    s, (h, _) = two(dz, hero_id, "lady_easing" if hero_id != "lady_easing" else "the_oracle", **options)
    p = s.p(1)
    p.counters["wonga"] = 5
    p.counters["happiness"] = 5
    empty_hands(s)
    stack(s, p.zones["play"], "credit_card_loan")
    board(s, [("ponzitron", 1), ("madame_bubble", 2)], [("poor_citizen_3", 1, 2), ("rich_citizen_1", 2)])
    roll_as(s, 1, 3, 3)
    roll_as(s, 2, 3, 3)
    for d in list(p.zones["rolled"].items):  # Debt Hulk's Special Move needs dice left to roll
        s.match.place(d, p.zones["dice"])
    setf(p.zones["dice"].items[0], "value", 3)
    s.match.place(p.zones["dice"].items[0], p.zones["rolled"])
    return s, h


@pytest.mark.parametrize("hero_id", sorted(SPECIAL_STEPS))
def test_dz_hero_1_2_the_moments_each_power_is_offered(dz, hero_id):
    """DZ-HERO-1, DZ-HERO-2: with every condition met, each Hero's Ability and Special Move are offered at the moments
    their text allows, and at no other (Ali Baba's and Debt Hulk's Abilities are always on: never offered)."""
    s, h = ready_everywhere(dz, hero_id)
    p = s.p(1)
    abil = {st for st in STEPS if value(s, "ability_ready", p, h, st)}
    spec = {st for st in STEPS if value(s, "special_ready", p, st)}
    assert abil == ABILITY_STEPS.get(hero_id, set())
    assert spec == SPECIAL_STEPS[hero_id]


def test_dz_hero_tweet_option_dice_only_while_dice_are_changed(dz):
    """DZ-HERO-TWEET, option tweetman=dice: the class row read as dice symbols changes a die, so the Ability needs
    rolled dice (they are in play only while dice are changed); by default a Poor Citizen is scammed without."""
    s, h = ready_everywhere(dz, "tweetman", tweetman="dice")
    p = s.p(1)
    assert value(s, "ability_ready", p, h, "modify")
    for d in list(p.zones["rolled"].items):
        s.match.place(d, p.zones["dice"])
    assert not any(value(s, "ability_ready", p, h, st) for st in STEPS)
    s, h = ready_everywhere(dz, "tweetman")
    for d in list(s.p(1).zones["rolled"].items):
        s.match.place(d, s.p(1).zones["dice"])
    assert {st for st in STEPS if value(s, "ability_ready", s.p(1), h, st)} == set(STEPS) - {"target"}


@pytest.mark.parametrize("hero_id", ["lady_easing", "tweetman"])
def test_dz_hero_citizen_powers_need_a_citizen(dz, hero_id):
    """DZ-HERO-LADY, DZ-HERO-TWEET: a power that chooses a Citizen is offered with one Citizen in play, not with
    none."""
    s, _ = ready_everywhere(dz, hero_id)
    p = s.p(1)
    board(s, [("ponzitron", 1)], [("poor_citizen_3", 1)])
    assert value(s, "special_ready", p, "modify")
    clear(s, s.zone("citizens"), "courthouse")
    assert not value(s, "special_ready", p, "modify")


def test_dz_hero_ali_special_move_from_the_shopping_menu(dz):
    """DZ-HERO-ALI, DZ-HERO-2: the Shopping Board offers Ali Baba's Special Move; used there, it spends the meter and
    the chosen Hero may Use any number of gadgets."""
    s, (ali, oracle) = two(dz, "ali_baba", "the_oracle")
    p = s.p(1)
    p.counters["happiness"] = 5
    d = s.call("shopping", p)
    assert "Ali Baba's Special Move" in d.labels()
    s.answer("Ali Baba's Special Move", "The Oracle", "Done shopping")
    assert p.counters["happiness"] == 0
    assert value(s, "inventory_uses", s.p(2)) == 1 + 99
    assert has_line(s, "  Ben (The Oracle) may Use any number of gadgets this turn.")


# ---------------------------------------------------------------- the Working phase

def test_dz_work_4_one_card_on_the_board_is_enough_to_acquire(dz):
    """DZ-WORK-4, DZ-WORK-7: with a single card left on the Working Board, acquiring is offered; with none, it is
    not."""
    s, _ = two(dz)
    p = s.p(1)
    for pile in ("savings", "insurance", "lifestyle", "budgeting", "refinancing", "credit_card_loan", "student_loan",
                 "housing_loan"):
        clear(s, s.zone(f"pile_{pile}"))
    take(s, "savings", s.zone("pile_savings"))
    d = s.call("work_action", p)
    assert d.labels() == ["Acquire a card", "Neither"]
    s.answer("Acquire a card", "Savings")
    assert ids(p.zones["discard"]) == ["savings"] and has_line(s, "  Ann acquires Savings.")
    d = s.call("work_action", p)
    assert d is None and s.lines()[-2:] == [
        '  Ann: Neither (the only answer to "you have 0W; acquire a card from the Working Board, or repay a Debt card?")',
        "  Ann neither acquires nor repays."]


def test_dz_fam_3_the_account_lists_the_five_cards(dz):
    """DZ-FAM-3: the Working phase says the player's five face-up cards; replacing is not offered when the Working
    Board is empty."""
    s, _ = two(dz, mode="family")
    p = s.p(1)
    d = s.call("work_family", p)
    assert has_line(s, "  Ann's cards: ")
    line = next(x for x in s.lines() if x.startswith("  Ann's cards: "))
    assert sorted(line[len("  Ann's cards: "):-1].split(", ")) == sorted(c.card.name for c in p.zones["play"].items)
    assert "Replace a card" in d.labels()
    s.answer("Keep the cards")
    for pile in ("savings", "insurance", "lifestyle", "credit_card_loan"):
        clear(s, s.zone(f"pile_{pile}"))
    s.match.round = 2
    d = s.call("work_family", p)
    assert d is None and s.lines()[-2:] == ['  Ann: Keep the cards (the only answer to "you have 2W; replace one of your 5 cards?")',
                                          "  Ann keeps the same cards."]


def test_dz_work_6_repaying_says_the_boss_health_change(dz):
    """DZ-WORK-6: repaying says the Repay cost paid and Boss Health going down by the Debt Value."""
    s, _ = two(dz)
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["play"], "credit_card_loan")
    p.counters["wonga"] = 3
    s.call("work_action", p, answers=["Repay a Debt card", "Credit Card Loan"])
    assert has_line(s, "  Ann repays Credit Card Loan for 3W.")
    assert has_line(s, "  Boss Health -2 (Ann repaid Credit Card Loan): 18 -> 16.")


def test_dz_inc_ins_the_account_counts_the_shields(dz):
    """DZ-INC-INS: drawing Insurance says the Shield taken and how many the player holds; a player may hold all 12."""
    s, _ = two(dz)
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["play"], "insurance")
    s.call("resolve_draws", p)
    assert has_line(s, "    Insurance: Ann takes an Insurance Shield (1 Insurance Shield in all).")
    p.counters["shields"] = 11
    s.match.counters["shield_supply"] = 1
    s.match.round = 2
    s.call("resolve_draws", p)
    assert p.counters["shields"] == 12
    assert has_line(s, "    Insurance: Ann takes an Insurance Shield (12 Insurance Shields in all).")


# ---------------------------------------------------------------- the Shopping phase

def test_dz_shop_3_a_single_gadget_on_the_board_may_be_replaced(dz):
    """DZ-SHOP-3: with one gadget on the Shopping Board and cards in a deck, replacing it for 1W is offered; an
    Advanced gadget replaced goes to the bottom of the Advanced deck."""
    s, _ = two(dz)
    p = s.p(1)
    clear(s, s.zone("shop"), "basic_deck")
    glove = take(s, "power_glove", s.zone("shop"))
    p.counters["wonga"] = 1
    d = s.call("shopping", p)
    assert "Replace a gadget for 1W" in d.labels()
    bottom = s.zone("advanced_deck").items[0]
    s.answer("Replace a gadget for 1W", "Basic Gadgets deck", "Done shopping")
    assert s.zone("advanced_deck").items[0] is glove and s.zone("advanced_deck").items[1] is bottom
    assert has_line(s, "  Ann pays 1W to replace Power Glove.")


# ---------------------------------------------------------------- the Vigilante phase

def test_dz_vig_3_the_meeple_is_said_on_its_target(dz):
    """DZ-VIG-3: the account says which villain each player's meeple is put on."""
    s, _ = two(dz)
    board(s, [("ponzitron", 1), ("madame_bubble", 2)], [("poor_citizen_1", 1)])
    s.call("choose_targets", answers=["Madame Bubble", "Ponzitron"])
    assert has_line(s, "  Ann (The Oracle) puts the yellow meeple on Madame Bubble.")
    assert has_line(s, "  Ben (Iron Girl) puts the red meeple on Ponzitron.")


def test_dz_vig_6_no_dice_placed_no_question(dz):
    """DZ-VIG-6: a player who placed no die this turn is not asked about lasting injuries; a summoned Hero's dice
    that were not placed go back to the spare dice."""
    s, _ = two(dz)
    p = s.p(1)
    board(s, [("ponzitron", 1)], [("poor_citizen_1", 1)])
    spare = len(s.zone("spare_dice").items)
    take(s, "lady_easing", p.zones["summoned"])
    s.call("roll_dice", p)
    assert len(p.zones["ally_rolled"].items) == 2 and len(s.zone("spare_dice").items) == spare - 2
    d = s.call("end_attacks")
    assert d is None and not has_line(s, "lasting injuries")
    assert p.zones["ally_rolled"].items == [] and p.zones["rolled"].items == []
    assert len(s.zone("spare_dice").items) == spare and len(p.zones["dice"].items) == 5


def test_dz_vig_8_no_villain_no_scam(dz):
    """DZ-VIG-8, DZ-VIG-12: with no villain in play nobody scams, not even the Last Citizen Standing."""
    s, _ = two(dz)
    (c,) = board(s, [], [("poor_citizen_3", 2)])
    n = len(s.lines())
    s.call("scams")
    assert field(s, c, "wealth") == 4 and s.lines()[n:] == []


def test_dz_hero_lady_protected_says_so(dz):
    """DZ-HERO-LADY: a scam that would take a protected Citizen below 1W leaves it 1W, and the account says it was
    protected; a scam that leaves it 1W anyway needs no such note."""
    s, _ = two(dz)
    ponz, c = board(s, [("ponzitron", 1)], [("poor_citizen_3", 1, 2)])
    setf(c, "protected_round", s.match.round)
    s.call("scams")
    assert field(s, c, "wealth") == 1
    assert has_line(s, "  Ponzitron scams: Sal Paycheck loses 1W (1/4W) (protected: it cannot drop below 1W this turn).")
    s2, _ = two(dz)
    ponz, c = board(s2, [("ponzitron", 1)], [("poor_citizen_3", 1, 3)])
    setf(c, "protected_round", s2.match.round)
    s2.call("scams")
    assert field(s2, c, "wealth") == 1 and has_line(s2, "  Ponzitron scams: Sal Paycheck loses 2W (1/4W).")
    assert not has_line(s2, "protected")


# ---------------------------------------------------------------- the Resolve phase

def test_dz_res_2_last_citizen_standing_is_revealed_once(dz):
    """DZ-RES-2, DZ-SETUP-5: new citizens come with their full Wealth and the account says so; when the deck holds
    only Last Citizen Standing it is revealed (to the standing cards) once, not turn after turn."""
    s, _ = two(dz)
    clear(s, s.zone("citizen_deck"), "unused_citizens")
    take(s, "last_citizen_standing", s.zone("citizen_deck"))
    take(s, "middle_citizen_3", s.zone("citizen_deck"))
    clear(s, s.zone("citizens"), "courthouse")
    s.call("replace_citizens")
    assert has_line(s, "  Carol Carpool appears in citizen space 1 (6W).")
    assert ids(s.zone("standing")) == ["last_citizen_standing"] and s.zone("citizen_deck").items == []
    s.call("replace_citizens")
    assert sum("Last Citizen Standing is revealed" in x for x in s.lines()) == 1


def test_dz_fight_1_no_event_triggered_that_turn_nothing_said(dz):
    """DZ-FIGHT-1, DZ-BOSS-4: the Boss Fight's start mentions events triggered that turn only when there are some."""
    s, _ = two(dz)
    clear(s, s.zone("villains"), "jail")
    clear(s, s.zone("villain_deck"), "jail")
    take(s, "rate_hike", s.zone("awakened"))
    s.call("start_boss_fight")
    assert not has_line(s, "triggered this turn")
    assert ids(s.zone("villains")) == ["rate_hike"]


def test_villains_left_counts_villains_not_the_marker(dz):
    """DZ-FIGHT-1: "If no Villains are left": the Last Villain Standing card still in the deck is no villain."""
    s, _ = two(dz)
    clear(s, s.zone("villains"), "jail")
    clear(s, s.zone("villain_deck"), "jail")
    take(s, "last_villain_standing", s.zone("villain_deck"))
    assert value(s, "villains_left") == 0
    take(s, "ponzitron", s.zone("villain_deck"))
    assert value(s, "villains_left") == 1


def test_dz_turn_1_totals_name_equipped_income_only_when_there_is_some(dz):
    """DZ-TURN-1: a player's totals list equipped Income cards only when there are some."""
    s, _ = two(dz)
    s.call("status")
    assert has_line(s, "  Ann (The Oracle): 0W, Happiness 0, 0 Insurance Shields, gadgets nothing.")
    assert not has_line(s, "equipped")


# ---------------------------------------------------------------- the bots' view of a position

def score(s, seat=1):
    return s.game.value(s.match, s.p(seat), None)


def test_the_score_the_balance_was_measured_with(dz):
    """The position's worth to the search bots (game.yaml `value`, designed, not a rule): docs/balance.md's greedy and
    MCTS figures were measured with these terms and weights, each checked here by the change one step makes: a
    villain in Jail +200 (more than any villain one weak point short of it), dice on weak points 40 x hits x hits /
    weak points, a target 4 per open weak point and
    10 per hit, a rolled die that fits a target 6, a citizen's Wealth above the coming scams 6 each, a citizen the
    scams would bankrupt -30, a bankrupt citizen -30, Boss Health -6 each, gadgets 6 per W of price, W and Happiness
    3 each."""
    s, _ = two(dz)
    p = s.p(1)
    ponz, bub, poor, rich = board(s, [("ponzitron", 1), ("madame_bubble", 2)],
                                  [("poor_citizen_3", 1), ("rich_citizen_1", 2)])
    base = score(s)

    def delta(change):
        nonlocal base
        change()
        now = score(s)
        d, base = now - base, now
        return d

    assert delta(lambda: s.match.counters.__setitem__("boss_health", s.match.counters["boss_health"] + 1)) == -6
    assert delta(lambda: p.counters.__setitem__("wonga", 2)) == 6
    assert delta(lambda: p.counters.__setitem__("happiness", 1)) == 3
    assert delta(lambda: take(s, "bananarang", p.zones["inventory"])) == 6 * 3
    assert delta(lambda: take(s, "power_glove", p.zones["equip"])) == 6 * 6
    assert delta(lambda: take(s, "housing_loan", p.zones["equip"])) == 0  # an Income card is no gadget
    assert delta(lambda: take(s, "the_insider", s.zone("jail"))) == 200
    assert delta(lambda: take(s, "poor_citizen_1", s.zone("courthouse"))) == -30
    # Sal Paycheck (4W) faces Ponzitron (scam 2): 2W above the scam
    assert delta(lambda: setf(poor, "wealth", 3)) == -6
    assert delta(lambda: setf(poor, "wealth", 2)) == -6 - 30  # the scam would bankrupt it
    assert delta(lambda: setf(poor, "wealth", 1)) == 0
    assert delta(lambda: setf(poor, "wealth", 4)) == 6 * 2 + 30
    assert delta(lambda: target(s, 1, ponz)) == 4 * 3
    s.call("roll_dice", p)
    set_rolled = [d for d in p.zones["rolled"].items]
    setf(set_rolled[0], "value", 6)
    setf(set_rolled[1], "value", 6)
    base = score(s)
    assert delta(lambda: setf(set_rolled[0], "value", 2)) == 6  # a 2 fits Ponzitron's first weak point
    d = set_rolled[0]
    assert delta(lambda: s.call("place_die", p, d, ponz, 1)) == -6 + (-4 + 10) + 40 * 1 * 1 // 3
    # a die on Madame Bubble (2 weak points), which Ann does not target: 40 x 1 x 1 / 2
    assert delta(lambda: s.call("place_die", s.p(2), s.p(2).zones["dice"].items[-1], bub, 1)) == 20


# ---------------------------------------------------------------- more edges: one is enough, none is not

def test_dz_vig_4_a_neighbour_gadget_reaches_the_one_neighbour_with_a_die(dz):
    """DZ-VIG-4: at 3 players, a "+N to a die of the player on your left or right" gadget is usable when only one
    neighbour has rolled, and only one die; it changes that die."""
    for gadget_id, n in (("helping_hand", 1), ("viral_hashtag", 2), ("satellite_uplink", 1),
                         ("crowdfunding_campaign", 1)):
        s = dz(3)
        heroes(s, "the_oracle", "iron_girl", "lady_easing")
        p, q = s.p(1), s.p(2)
        g = take(s, gadget_id, p.zones["equip" if debtzilla().cards[gadget_id].fields["equip"] else "inventory"])
        assert value(s, "usable_gadgets", p) == []
        one_die(s, 2)
        assert value(s, "usable_gadgets", p) == [g], gadget_id
        s.call("use_gadget", p)
        assert [d.f["value"] for d in q.zones["rolled"].items] == [3 + n], gadget_id


def test_dz_vig_4_plus_n_on_a_1(dz):
    """DZ-VIG-4: each "+N to one of your dice" gadget turns a 1 into 1 + N (no face is passed)."""
    for cid, c in sorted(debtzilla().cards.items()):
        m = c.kind == "gadget" and re.match(r"\+(\d) to one of your dice", c.fields["text"])
        if not m:
            continue
        s, _ = two(dz)
        p = s.p(1)
        take(s, cid, p.zones["equip" if c.fields["equip"] else "inventory"])
        one_die(s, 1)
        setf(p.zones["rolled"].items[0], "value", 1)
        s.call("use_gadget", p, answers=[0, 0, 0])
        assert [d.f["value"] for d in p.zones["rolled"].items] == [1 + int(m.group(1))], cid


def test_dz_hero_ora_needs_a_hero_with_a_die(dz):
    """DZ-HERO-ORA: The Oracle's powers need a Hero with a rolled die: one die is enough, none is not."""
    s, (oracle, _) = two(dz)
    p = s.p(1)
    p.counters["happiness"] = 5
    assert not value(s, "ability_ready", p, oracle, "modify") and not value(s, "special_ready", p, "modify")
    one_die(s, 2)
    assert value(s, "ability_ready", p, oracle, "modify") and value(s, "special_ready", p, "modify")


def test_dz_vig_6_taking_back_offers_only_this_turns_own_dice(dz):
    """DZ-VIG-6: at the end of the attacks a player may take back the dice placed this turn: after one is taken back
    the question offers the player's other die of this turn, never a die of another player's or of an earlier
    turn."""
    s, _ = two(dz)
    p, q = s.p(1), s.p(2)
    ponz, layman = board(s, [("ponzitron", 1), ("layman_brothers", 2)])
    target(s, 1, ponz, layman)
    target(s, 2, ponz)
    old = p.zones["dice"].items[-1]
    s.call("place_die", p, old, layman, 1)
    setf(old, "value", 1)
    setf(old, "placed_round", s.match.round - 1)
    roll_as(s, 1, 2)  # one die on a villain: one fewer rolled
    roll_as(s, 2, 4, 6)
    s.call("place_die", p, p.zones["rolled"].items[0], ponz, 1)
    setf(p.zones["dice"].items[-1], "value", 3)
    s.call("place_die", p, p.zones["dice"].items[-1], ponz, 2)
    s.call("place_die", q, q.zones["rolled"].items[0], ponz, 3)
    d = s.call("end_attacks")
    assert d.player is p and sorted(d.labels()) == sorted(["2 on Ponzitron (weak point 1)", "3 on Ponzitron (weak point 2)",
                                                          "Leave them on the villains"])
    d = s.answer("2 on Ponzitron (weak point 1)")
    assert d.player is p and d.labels() == ["3 on Ponzitron (weak point 2)", "Leave them on the villains"]
    d = s.answer("Leave them on the villains")
    assert d.player is q and d.labels() == ["4 on Ponzitron (weak point 3)", "Leave them on the villains"]


def test_dz_vig_5_no_more_dice_ends_the_placing(dz):
    """DZ-VIG-5: "Place no more dice" ends the player's placing: nothing more is asked."""
    s, _ = two(dz)
    (ponz,) = board(s, [("ponzitron", 1)])
    target(s, 1, ponz)
    roll_as(s, 1, 2, 3)
    assert s.call("place_dice", s.p(1), answers=["Place no more dice"]) is None
    assert s.zone("placed").items == []


def test_dz_vig_4_a_player_who_acted_is_asked_again(dz):
    """DZ-VIG-4, DZ-TURN-1: the players change dice together: after a gadget or a Special Move, once everyone is
    done, the round of questions comes back (a player may answer another's change); when nobody acted, it ends."""
    for how in ("gadget", "special"):
        s, _ = two(dz)
        p = s.p(1)
        board(s, [("ponzitron", 1)], [("poor_citizen_1", 1)])
        roll_as(s, 1, 2, 3)
        roll_as(s, 2, 4, 6)
        if how == "gadget":
            take(s, "lucky_penny", p.zones["inventory"])
            answers = ["Use a gadget", "2 (The Oracle)", "Done"]
        else:
            p.counters["happiness"] = 5
            answers = ["The Oracle's Special Move", "The Oracle", "(done)", "Done"]
        d = s.call("modify_dice", answers=answers)
        d = s.answer("Done") if d.player is s.p(2) else d  # Ben: Iron Girl has no dice power to use now
        assert d is not None and d.player is p, how  # asked again
        s.answer(*["Done"] * 3)
        assert s.match.pending is None


def test_dz_vig_3_one_die_too_many_is_taken_back_unasked(dz):
    """DZ-VIG-3, DZ-FAQ-3: with one die on a villain and no die left to roll (two Margin Calls took both), that die
    comes back without a question (there is nothing to choose)."""
    s, (oracle, _) = two(dz)
    p = s.p(1)
    (ponz,) = board(s, [("ponzitron", 1)])
    s.call("place_die", p, p.zones["dice"].items[-1], ponz, 1)
    mc = take(s, "margin_call", s.zone("villains"))
    s.run(mc.card.effects["fight"], me=p, this=mc)
    s.run(mc.card.effects["fight"], me=p, this=mc)
    assert value(s, "attack_dice", oracle) == 0
    n = len(s.lines())
    assert s.call("roll_dice", p) is None
    assert s.zone("placed").items == [] and len(p.zones["dice"].items) == 5
    assert not [x for x in s.lines()[n:] if x.startswith("  Ann: ")]
    assert s.lines()[n].startswith("  Ann takes back the 1 from Ponzitron") or "takes back" in s.lines()[n]


def test_dz_setup_5_the_citizen_deck_is_shuffled():
    """DZ-SETUP-5: "shuffle the Citizen cards": the three first citizens change with the seed."""
    firsts = set()
    for seed in range(6):
        m = Match(debtzilla(), 2, seed, {"heroes": "random", "easier": "on"})  # no Rich Citizen drawn out first
        firsts.add(tuple(sorted(c.card.id for c in m.zones["citizens"].items)))
    assert len(firsts) > 1


def test_dz_fight_3_a_boss_fight_ability_lasts_until_the_turns_end(dz):
    """DZ-FIGHT-3: a Boss Fight ability's "this turn" ends with the turn: after the Resolve phase the attacker's Hero
    rolls 2 dice again."""
    s, (oracle, _) = two(dz)
    p = s.p(1)
    s.match.vars["boss_fight"] = True
    mc = take(s, "margin_call", s.zone("villains"))
    s.run(mc.card.effects["fight"], me=p, this=mc)
    assert value(s, "attack_dice", oracle) == 1
    phase(s, "resolve")
    assert value(s, "attack_dice", oracle) == 2


def test_dz_vig_1_one_affordable_hero_is_offered(dz):
    """DZ-VIG-1: with W for exactly one Hero not in play, summoning it is offered."""
    s, _ = two(dz)
    s.p(1).counters["wonga"] = 3  # Lady Easing and Tweetman cost 3W
    clear(s, s.zone("hero_pool"))
    take(s, "lady_easing", s.zone("hero_pool"))
    take(s, "debt_hulk", s.zone("hero_pool"))
    d = s.call("summons")
    assert d.player is s.p(1) and d.labels() == ["Lady Easing (3W)", "Summon nobody"]


def test_dz_vig_7_one_die_on_a_villain_may_be_taken_back_while_shopping(dz):
    """DZ-VIG-7: a single die left on a villain may be taken back in the Shopping phase; replacing a gadget is not
    offered when both gadget decks are empty."""
    s, _ = two(dz)
    p = s.p(1)
    (ponz,) = board(s, [("ponzitron", 1)])
    s.call("place_die", p, p.zones["dice"].items[-1], ponz, 1)
    clear(s, s.zone("basic_deck"))
    clear(s, s.zone("advanced_deck"))
    p.counters["wonga"] = 1
    d = s.call("shopping", p)
    assert d.labels() == ["Take back a die from a villain", "Done shopping"]


def test_dz_fight_4_no_replacing_in_the_family_boss_fight(dz):
    """DZ-FIGHT-4, DZ-FAM-3: in the Boss Fight a Family-Friendly player gains from the five cards but may not
    replace one."""
    s, _ = two(dz, mode="family")
    p = s.p(1)
    s.match.vars["boss_fight"] = True
    assert s.call("work_family", p) is None
    assert p.counters["wonga"] == 1 and s.lines()[-1] == "  Black Market: Ann cannot replace a card during the Boss Fight."


def test_dz_work_1_a_discard_pile_of_one_card_comes_back(dz):
    """DZ-WORK-1: a discard pile of a single card is put under a short deck too."""
    s, _ = two(dz)
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["deck"], "savings", "savings")
    stack(s, p.zones["discard"], "lifestyle")
    s.call("work", p, answers=["Neither"])
    assert sorted(ids(p.zones["play"])) == ["lifestyle", "savings", "savings"] and p.zones["discard"].items == []


def test_a_debt_value_of_1_still_makes_a_debt_card(dz):
    """DZ-WORK-6, DZ-INC-REF, DZ-FAM-4: a card with a Debt Value of 1 is a Debt card in the Equip Area too (Debt
    Refinancing counts it) and, in the Family-Friendly Mode, must be repaid before it is replaced."""
    s, _ = two(dz)
    empty_hands(s)
    p = s.p(1)
    home = take(s, "housing_loan", p.zones["equip"])
    setf(home, "debt", 1)
    assert value(s, "debts_in_play", p) == 1
    f, _ = two(dz, mode="family")
    q = f.p(1)
    for c in q.zones["play"].items:
        if c.card.id == "credit_card_loan":
            setf(c, "debt", 1)
    q.counters["wonga"] = 2  # 3W with the Savings: one loan can be repaid
    f.call("work_family", q, answers=["Replace a card", "Credit Card Loan", "Savings"])
    assert q.counters["wonga"] == 0 and ids(f.zone("removed")) == ["credit_card_loan"]


def test_dz_inc_stu_and_hulk_say_the_dice_they_add(dz):
    """DZ-INC-STU, DZ-HERO-HULK: repaying a Student Loan says the die it adds; Debt Hulk's Special Move says how
    many dice more he rolls."""
    s, (hulk, _) = two(dz, "debt_hulk", "the_oracle")
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["play"], "student_loan", "credit_card_loan")
    p.counters["wonga"] = 5
    s.call("work_action", p, answers=["Repay a Debt card", "Student Loan"])
    assert "    The Student Loan is removed from the game; Debt Hulk rolls one more die this turn." in s.lines()
    assert value(s, "attack_dice", hulk) == 3
    p.counters["happiness"] = 5
    s.call("use_special", p)
    assert "  Debt Hulk rolls 1 die more this turn (1 Debt card in Ann's Play Area; Ann has 5 dice)." in s.lines()
    assert value(s, "attack_dice", hulk) == 4


def test_dz_vig_5_no_die_fits_nothing_is_asked_or_said(dz):
    """DZ-VIG-5: with no rolled die matching a free weak point, placing asks nothing and says nothing."""
    s, _ = two(dz)
    (ponz,) = board(s, [("ponzitron", 1)])
    target(s, 1, ponz)
    roll_as(s, 1, 5, 6)
    n = len(s.lines())
    assert s.call("place_dice", s.p(1)) is None and s.lines()[n:] == []


def drive(s, prefer=("Done", "Done shopping", "Place no more dice", "Leave them on the villains", "Summon nobody",
                     "Neither")):
    """Answer every pending decision with the first preferred label it offers, else its first option."""
    while s.match.pending is not None:
        labels = s.match.pending.labels()
        s.answer(next((x for x in prefer if x in labels), 0))


def test_dz_vig_6_the_vigilante_phase_gives_the_dice_back(dz):
    """DZ-VIG-6: at the end of the Vigilante phase the dice rolled and not left on a villain are the player's again:
    five dice each, on villains or in hand."""
    s, _ = two(dz)
    board(s, [("the_insider", 1), ("layman_brothers", 2)], [("rich_citizen_1", 1), ("rich_citizen_2", 2)])
    phase(s, "vigilante")
    drive(s)
    for p in s.match.players:
        assert p.zones["rolled"].items == []
        mine = [d for d in s.zone("placed").items if d.f["keeper"] is p]
        assert len(p.zones["dice"].items) + len(mine) == 5


def test_dz_res_5_the_shopping_phase_starts_a_price_event(dz):
    """DZ-RES-5: an active price event (Rate Hike) acts from the Shopping phase: the Shopping phase raises the price."""
    s, _ = two(dz)
    fist = take(s, "fistful_of_money", s.zone("shop"))
    take(s, "rate_hike", s.zone("active_events"))
    phase(s, "shopping")
    drive(s)
    assert value(s, "gadget_price", fist, s.p(1)) == 4


def test_dz_hero_lady_ability_from_the_shopping_menu(dz):
    """DZ-HERO-LADY: Lady Easing's Ability is offered at the Shopping Board and restores 2W to a Citizen."""
    s, _ = two(dz, "lady_easing", "the_oracle")
    p = s.p(1)
    (c,) = board(s, [], [("middle_citizen_1", 1, 2)])
    p.counters["happiness"] = 1
    d = s.call("shopping", p)
    assert "Lady Easing's Ability" in d.labels()
    s.answer("Lady Easing's Ability", "Done shopping")
    assert field(s, c, "wealth") == 4 and p.counters["happiness"] == 0


def test_dz_hero_tweet_the_ability_needs_a_citizen(dz):
    """DZ-HERO-TWEET: Tweetman's Ability scams a Citizen: with dice rolled but no Citizen it is not offered; a Rich
    Citizen alone (a bonus die) needs dice being changed."""
    s, (tweet, _) = two(dz, "tweetman", "the_oracle")
    p = s.p(1)
    board(s, [("ponzitron", 1)], [("poor_citizen_3", 1)])
    roll_as(s, 1, 3, 3)
    assert value(s, "ability_ready", p, tweet, "modify")
    clear(s, s.zone("citizens"), "courthouse")
    assert not value(s, "ability_ready", p, tweet, "modify")
    board(s, [("ponzitron", 1)], [("rich_citizen_1", 1)])
    assert value(s, "ability_ready", p, tweet, "modify")
    for d in list(p.zones["rolled"].items):
        s.match.place(d, p.zones["dice"])
    assert not value(s, "ability_ready", p, tweet, "before_roll")


def test_dz_vig_3_no_villain_no_target(dz):
    """DZ-VIG-3: with no villain in play nobody targets anything, and nothing is said."""
    s, _ = two(dz)
    board(s, [], [("poor_citizen_3", 1)])
    n = len(s.lines())
    assert s.call("choose_targets") is None
    assert s.lines()[n:] == [] and s.p(1).vars["targets"] == []


def test_dz_work_5_acquiring_a_debt_card_says_its_debt_value(dz):
    """DZ-WORK-5, DZ-INC-HOU: acquiring a Debt card says it is one and its Debt Value; acquiring another card says
    neither; repaying a Housing Loan says it leaves the game."""
    s, _ = two(dz)
    empty_hands(s)
    p = s.p(1)
    s.call("work_action", p, answers=["Acquire a card", "Student Loan"])
    assert "  Ann acquires Student Loan (a Debt card, Debt Value 4)." in s.lines()
    s.call("work_action", p, answers=["Acquire a card", "Savings"])
    assert "  Ann acquires Savings." in s.lines()
    s.call("work_action", p, answers=["Acquire a card", "Housing Loan"])
    p.counters["wonga"] = 7
    s.call("work_action", p, answers=["Repay a Debt card", "Housing Loan"])
    assert "    The Housing Loan is removed from the game." in s.lines()


def test_dz_inc_stu_a_die_more_past_the_five_dice_says_it_adds_none(dz):
    """DZ-INC-STU, DZ-SETUP-1: a player has 5 dice; Debt Hulk at Boss Health 90-99 already rolls all five (+3 dice),
    so the Student Loan's die more adds none, and the account says so instead of "rolls one more die"."""
    s, (hulk, _) = two(dz, "debt_hulk", "the_oracle")
    empty_hands(s)
    p = s.p(1)
    s.match.counters["boss_health"] = 95  # 91 once the loan is repaid: still +3 dice
    assert value(s, "attack_dice", hulk) == 5
    stack(s, p.zones["play"], "student_loan")
    p.counters["wonga"] = 5
    s.call("work_action", p, answers=["Repay a Debt card", "Student Loan"])
    assert ("    The Student Loan is removed from the game; Debt Hulk rolls no die more: it already rolls every die"
            " Ann has.") in s.lines()
    assert not any("one more die" in line for line in s.lines())


def test_dz_hero_iron_a_die_more_only_for_a_hero_it_gives_one(dz):
    """DZ-HERO-IRON: "give +1 die to any Hero before a battle" is offered for a Hero who would roll a die more: not
    for Debt Hulk rolling all five of his player's dice at Boss Health 90-99; with no such Hero, not at all."""
    s, (iron, hulk) = two(dz, "iron_girl", "debt_hulk")
    p = s.p(1)
    p.counters["wonga"] = 3
    s.match.counters["boss_health"] = 90
    d = s.call("use_ability", p, iron)  # Iron Girl herself is the only Hero a die more helps: no question
    assert d is None and has_line(s, "  Iron Girl rolls one more die this turn.")
    assert value(s, "attack_dice", hulk) == 5 and not value(s, "can_roll_more", hulk)
    s.match.round += 1
    for _ in range(2):
        assert value(s, "ability_ready", p, iron, "before_roll")
        s.call("use_ability", p, iron)
        s.match.round += 1
    assert value(s, "attack_dice", iron) == 5 and not value(s, "ability_ready", p, iron, "before_roll")
