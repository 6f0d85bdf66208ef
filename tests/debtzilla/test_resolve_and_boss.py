"""Debtzilla Resolve phase and boss events: DZ-RES-1 .. DZ-RES-5, DZ-BOSS-1 .. DZ-BOSS-5, DZ-SHIELD-1, DZ-FAQ-2,
and the turn sequence DZ-TURN-1."""
from __future__ import annotations

from .helpers import board, card_in, empty_hands, field, has_line, heroes, ids, phase, setf, stack, take, value


def start(dz, players=2, **kw):
    s = dz(players, **kw)
    heroes(s, *["the_oracle", "iron_girl", "debt_hulk", "ali_baba"][:players])  # no Working-phase powers at 0 Happiness
    return s


def lines_between(s, a, b):
    i = next(k for k, line in enumerate(s.match.lines) if a in line)
    j = next(k for k, line in enumerate(s.match.lines) if b in line)
    return i < j


def test_dz_turn_1_four_phases_players_in_seat_order(dz):
    """DZ-TURN-1: a turn is Working, Shopping, Vigilante, Resolve; players act at the same time, run in seat order."""
    s = start(dz, 3)
    assert [ph.name for ph in s.game.phases] == ["working", "shopping", "vigilante", "resolve"]
    d = phase(s, "working")
    assert d.player is s.p(1)
    while s.match.pending is not None:
        s.answer("Neither" if "Neither" in s.match.pending.labels() else "Done")
    draws = [line for line in s.match.lines if " draws " in line]
    assert [line.split()[0] for line in draws] == ["Ann", "Ben", "Cleo"]


# ---------------------------------------------------------------- the Resolve phase

def test_dz_res_1_active_events_are_cleared_to_awakened(dz):
    """DZ-RES-1: at the start of the Resolve phase the active boss events go to the Awakened space (and their
    effects end)."""
    s = start(dz)
    ponz = board(s, [("ponzitron", 1)], [("rich_citizen_1", 1)])[0]
    frenzy = take(s, "loan_shark_frenzy", s.zone("active_events"))
    take(s, "bank_run", s.zone("active_events"))
    s.emit("vigilante_start")
    oracle = s.p(1).zones["hero"].items[0]
    assert value(s, "scam_amount", ponz) == 3 and value(s, "attack_dice", oracle) == 1
    phase(s, "resolve")
    assert ids(s.zone("awakened")) == ["loan_shark_frenzy", "bank_run"] and s.zone("active_events").items == []
    assert frenzy.zone is s.zone("awakened")
    assert value(s, "scam_amount", ponz) == 2 and value(s, "attack_dice", oracle) == 2


def test_dz_res_2_villains_and_citizens_are_replaced_while_the_decks_last(dz):
    """DZ-RES-2: defeated villains and bankrupt citizens are replaced from their decks (new citizens with full
    Wealth); once a deck is out, its Last ... Standing card is revealed and the space stays empty."""
    s = start(dz)
    v1, v2, v3 = sorted(s.zone("villains").items, key=lambda v: v.f["slot"])
    c1, c2, c3 = sorted(s.zone("citizens").items, key=lambda c: c.f["slot"])
    s.match.place(v2, s.zone("jail"))
    s.match.place(c3, s.zone("courthouse"))
    next_v, next_c = s.zone("villain_deck").items[-1], s.zone("citizen_deck").items[-1]
    phase(s, "resolve")
    assert next_v.zone is s.zone("villains") and field(s, next_v, "slot") == 2
    assert next_c.zone is s.zone("citizens") and field(s, next_c, "slot") == 3
    assert field(s, next_c, "wealth") == field(s, next_c, "start_wealth")
    # the villain deck runs out
    for v in [v for v in s.zone("villain_deck").items if v.card.kind == "villain"]:
        s.match.place(v, s.zone("jail"))
    s.match.place(v1, s.zone("jail"))
    phase(s, "resolve")
    assert ids(s.zone("standing")) == ["last_villain_standing"] and len(s.zone("villains").items) == 2
    assert has_line(s, "Last Villain Standing is revealed: no more villains will come.")


def test_dz_res_3_interest_by_the_tens_digit_after_replacing(dz):
    """DZ-RES-3: Boss Health rises by the Interest Value of its tens digit (5 at 50-59), after villains and citizens
    are replaced."""
    s = start(dz)
    s.match.counters["boss_health"] = 53
    s.match.place(s.zone("villains").items[0], s.zone("jail"))
    phase(s, "resolve")
    assert s.match.counters["boss_health"] == 58
    assert lines_between(s, "appears in villain space", "Boss Health +5 (interest at 53): 53 -> 58.")
    for h, n in ((9, 0), (10, 1), (29, 2), (90, 9)):
        s2 = start(dz)
        s2.match.counters["boss_health"] = h
        s2.call("interest")
        assert s2.match.counters["boss_health"] == h + n


def test_dz_res_4_the_play_area_is_discarded(dz):
    """DZ-RES-4: the Play Area is discarded (an equipped card stays in the Equip Area)."""
    s = start(dz)
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["play"], "savings", "lifestyle", "credit_card_loan")
    take(s, "housing_loan", p.zones["equip"])
    phase(s, "resolve")
    assert p.zones["play"].items == [] and sorted(ids(p.zones["discard"])) == ["credit_card_loan", "lifestyle", "savings"]
    assert ids(p.zones["equip"]) == ["housing_loan"]


def test_dz_res_5_triggered_events_become_active_for_the_next_turn(dz):
    """DZ-RES-5: a triggered event stays face down through the Resolve phase and becomes active "just before the next
    Working Phase starts", for that turn: the account says so under the new turn."""
    s = start(dz)
    call = take(s, "margin_call", s.zone("triggered"))
    s.p(1).counters["wonga"] = 5
    empty_hands(s)
    phase(s, "resolve")
    assert call.zone is s.zone("triggered") and s.zone("active_events").items == []
    assert not has_line(s, "Boss Event active")
    assert s.p(1).counters["wonga"] == 5  # nothing yet: it acts in the next turn
    s.match.round = 2
    for p in s.match.players:
        stack(s, p.zones["deck"], *["lifestyle"] * 5)
    resolved = len(s.match.lines)
    phase(s, "working", answers=["Neither", "Neither"])
    assert call.zone is s.zone("active_events")
    assert s.match.lines[resolved] == "  Boss Event active this turn: Margin Call - Every player loses 2W."
    assert s.match.lines[resolved + 1] == "-- Working phase"
    assert s.p(1).counters["wonga"] == 3 and s.p(2).counters["wonga"] == 0
    assert has_line(s, "Margin Call: Ann loses 2W (3W).")


def test_dz_res_5_an_event_affects_the_next_turn_not_the_one_that_triggered_it(dz):
    """DZ-RES-5, DZ-HERO-LADY: Lady Easing's Special Move protects a citizen for the turn it is used; an event
    triggered in that turn (Austerity: every citizen loses 1W) acts in the next turn, when the protection is over."""
    s = start(dz)
    heroes(s, "lady_easing", "the_oracle")
    poor = board(s, [], [("poor_citizen_1", 1, 1), ("rich_citizen_1", 2)])[0]
    s.p(1).counters["happiness"] = 5
    s.call("use_special", s.p(1), answers=["Penny Farthing"])
    take(s, "austerity", s.zone("triggered"))
    empty_hands(s)
    phase(s, "resolve")
    assert field(s, poor, "wealth") == 1 and poor.zone is s.zone("citizens")  # the event has not acted yet
    s.match.round = 2
    for p in s.match.players:
        stack(s, p.zones["deck"], *["savings"] * 5)
    s.p(1).counters["happiness"] = 0
    phase(s, "working", answers=["Neither", "Neither"])
    assert poor.zone is s.zone("courthouse")  # turn 2's Austerity: the protection of turn 1 is over
    assert has_line(s, "Austerity: Penny Farthing loses 1W (0/3W).")


# ---------------------------------------------------------------- thresholds

def test_dz_boss_1_thresholds_trigger_whatever_raised_health(dz):
    """DZ-BOSS-1: reaching 40 / 50 / 60 ... triggers a boss event (the top of the boss deck), whether Boss Health was
    raised by acquiring debt, a bankruptcy or interest."""
    s = start(dz)
    top = s.zone("boss_deck").items[-1]
    s.match.counters["boss_health"] = 38
    p = s.p(1)
    s.call("acquire_to", p, card_in(s.zone("pile_credit_card_loan"), "credit_card_loan"), p.zones["discard"])
    assert s.match.counters["boss_health"] == 40 and s.zone("triggered").items == [top]
    assert "cards" not in s.match.view(1)["zones"]["triggered"]  # face down until it becomes active
    citizen = s.zone("citizens").items[0]
    setf(citizen, "wealth", 1)
    s.match.counters["boss_health"] = 49
    s.call("reduce_wealth", citizen, 1, "a scam")
    assert len(s.zone("triggered").items) == 2
    s.match.counters["boss_health"] = 56
    s.call("interest")
    assert s.match.counters["boss_health"] == 61 and len(s.zone("triggered").items) == 3


def test_dz_boss_2_each_threshold_triggers_once(dz):
    """DZ-BOSS-2: a threshold triggers once: falling below it and rising again does nothing."""
    s = start(dz)
    s.match.counters["boss_health"] = 38
    s.call("boss_grow", 4, "a test")
    assert len(s.zone("triggered").items) == 1
    s.call("boss_shrink", 10, "a test")
    s.call("boss_grow", 10, "a test")
    assert s.match.counters["boss_health"] == 42 and len(s.zone("triggered").items) == 1


def test_dz_boss_3_several_thresholds_in_one_turn(dz):
    """DZ-BOSS-3: several thresholds passed in one turn make several events active next turn."""
    s = start(dz)
    s.match.counters["boss_health"] = 38
    s.call("boss_grow", 13, "a test")
    assert len(s.zone("triggered").items) == 2
    phase(s, "resolve")
    s.call("activate_events")
    assert len(s.zone("active_events").items) == 2 and s.zone("triggered").items == []


def test_dz_boss_4_events_triggered_as_the_last_villain_falls_go_to_the_boss_fight(dz):
    """DZ-BOSS-4: events triggered in the turn the last villain falls never become active: they join the Boss
    Fight deck."""
    s = start(dz)
    for v in list(s.zone("villains").items) + [v for v in s.zone("villain_deck").items if v.card.kind == "villain"]:
        s.match.place(v, s.zone("jail"))
    old = take(s, "austerity", s.zone("awakened"))
    s.match.counters["boss_health"] = 48
    s.call("boss_grow", 3, "a test")
    new = s.zone("triggered").items[0]
    phase(s, "resolve")
    assert s.match.vars["boss_fight"] and s.zone("active_events").items == []
    assert {old, new} == set(s.zone("villains").items)
    assert has_line(s, "Boss Events triggered this turn never become active; they join the Boss Fight")


def test_dz_boss_5_health_above_99_is_a_debt_apocalypse(dz):
    """DZ-BOSS-5: Boss Health above 99 is a Debt Apocalypse: the game is lost at once."""
    s = start(dz)
    s.match.counters["boss_health"] = 98
    s.call("boss_grow", 1, "a test")
    assert not s.match.over
    s.call("boss_grow", 2, "a test")
    assert s.match.over and s.match.result.outcome == "lost" and s.match.result.reason == "debt apocalypse"


# ---------------------------------------------------------------- Insurance Shields

def test_dz_shield_1_a_shield_blocks_an_ability_that_affects_its_owner(dz):
    """DZ-SHIELD-1: an Insurance Shield blocks one boss event or boss fight ability affecting its owner as a player
    or attacker, for the turn; effects on villains, citizens or the boss cannot be blocked."""
    s = start(dz)
    take(s, "margin_call", s.zone("active_events"))
    for p in s.match.players:
        p.counters["wonga"] = 5
    s.p(1).counters["shields"] = 2
    s.match.counters["shield_supply"] = 10
    d = s.emit("working_start")
    assert d.player is s.p(1) and d.labels() == ["Block it with an Insurance Shield", "Take the effect"]
    assert d.prompt == "Ann (2 Insurance Shields): Margin Call is about to affect you (Every player loses 2W.) Block it?"
    s.answer("Block it with an Insurance Shield")
    assert s.p(1).counters["wonga"] == 5 and s.p(1).counters["shields"] == 1 and s.p(2).counters["wonga"] == 3
    assert s.match.counters["shield_supply"] == 11  # the spent Shield goes back to the box
    # blocked for the whole turn: the same card does not ask again
    assert s.emit("working_start") is None and s.p(1).counters["wonga"] == 5
    # an effect on villains asks nothing, even of a player with Shields
    frenzy = take(s, "loan_shark_frenzy", s.zone("active_events"))
    ponz = board(s, [("ponzitron", 1)], [("rich_citizen_1", 1)])[0]
    assert value(s, "scam_amount", ponz) == 3
    assert s.call("scams") is None and s.p(1).counters["shields"] == 1
    assert frenzy.f is None or not frenzy.f.get("blocked")


def test_dz_shield_1_taking_the_effect_keeps_the_shield(dz):
    """DZ-SHIELD-1: the owner may keep the Shield and take the effect."""
    s = start(dz)
    take(s, "margin_call", s.zone("active_events"))
    s.p(1).counters["wonga"] = 5
    s.p(1).counters["shields"] = 1
    s.emit("working_start", answers=["Take the effect"])
    assert s.p(1).counters["wonga"] == 3 and s.p(1).counters["shields"] == 1


def test_dz_faq_2_a_shield_protects_only_its_owner(dz):
    """DZ-FAQ-2: a Shield only protects the player who owns it: a player without Shields is never asked, and
    another player's Shields do not protect them."""
    s = start(dz, 3)
    take(s, "margin_call", s.zone("active_events"))
    for p in s.match.players:
        p.counters["wonga"] = 4
    s.p(2).counters["shields"] = 3
    d = s.emit("working_start")
    assert d.player is s.p(2)  # Ann has no Shield: she is not asked, and Ben cannot spend his for her
    s.answer("Block it with an Insurance Shield")
    assert [p.counters["wonga"] for p in s.match.players] == [2, 4, 2]
    assert s.p(2).counters["shields"] == 2
