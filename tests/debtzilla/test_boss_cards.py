"""Every boss card of both bosses, both sides: its Boss Event while active (DZ-RES-5, DZ-SHIELD-1) and its Boss
Fight ability on its attacker (DZ-FIGHT-3). The cards are designed (not public); each test checks the effect the
card's own text says (`event_text`, `fight_text`), and that the effect ends when the text says it does."""
from __future__ import annotations

from .helpers import board, empty_hands, field, has_line, heroes, roll_as, stack, take, value


def table(dz, players=2, boss="debtzilla"):
    s = dz(players, boss=boss)
    heroes(s, *["the_oracle", "iron_girl", "lady_easing", "ali_baba"][:players])
    return s


def active(s, card_id):
    """Turn a boss card face up in the Active Event space, as at the start of a turn (its `event` runs)."""
    c = take(s, card_id, s.zone("triggered"))
    s.call("activate_events")
    assert c.zone is s.zone("active_events")
    return c


def fight(s, card_id, seat=1):
    """The attacker in `seat` is exposed to a boss card's Boss Fight ability (no Shield)."""
    c = take(s, card_id, s.zone("villains"))
    s.run(c.card.effects["fight"], me=s.p(seat), this=c)
    return c


def cleared(s):
    """The Resolve phase's first step: active events are cleared."""
    s.emit("events_cleared")
    for c in list(s.zone("active_events").items):
        s.match.place(c, s.zone("awakened"))


def wonga(s):
    return [p.counters["wonga"] for p in s.match.players]


# ---------------------------------------------------------------- Debtzilla's boss cards

def test_rate_hike(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Rate Hike: "Every player's gadgets cost 1W more this turn." / "The attacker loses 2W." """
    s = table(dz)
    fist = take(s, "fistful_of_money", s.zone("shop"))
    active(s, "rate_hike")
    assert value(s, "gadget_price", fist, s.p(1)) == 3  # from the Shopping phase on
    s.emit("shopping_start")
    assert [value(s, "gadget_price", fist, p) for p in s.match.players] == [4, 4]
    assert has_line(s, "  Rate Hike: gadgets cost Ann 1W more this turn.") and has_line(s, "  Rate Hike: gadgets cost Ben 1W more this turn.")
    cleared(s)
    assert value(s, "gadget_price", fist, s.p(1)) == 3
    s.p(1).counters["wonga"] = 5
    fight(s, "rate_hike")
    assert wonga(s) == [3, 0] and has_line(s, "  Rate Hike: Ann loses 2W (3W).")
    s.p(1).counters["wonga"] = 1
    fight(s, "rate_hike")
    assert wonga(s) == [0, 0] and has_line(s, "Rate Hike: Ann loses 1W (0W).")


def test_credit_crunch(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Credit Crunch: "No player may acquire a Debt card this turn." / "The attacker cannot Use Inventory gadgets
    this turn." """
    s = table(dz)
    p = s.p(1)
    names = lambda: [c.card.name for c in value(s, "acquirable", p)]  # noqa: E731
    assert "Credit Card Loan" in names()
    active(s, "credit_crunch")
    s.emit("working_start")
    assert names() == ["Savings", "Insurance", "Lifestyle", "Budgeting", "Debt Refinancing"]
    assert has_line(s, "  Credit Crunch: Ann may not acquire a Debt card this turn.")
    cleared(s)
    assert "Housing Loan" in names()
    take(s, "lucky_penny", p.zones["inventory"])
    take(s, "power_glove", p.zones["equip"])
    roll_as(s, 1, 1, 1)
    fight(s, "credit_crunch")
    assert [g.card.id for g in value(s, "usable_gadgets", p)] == ["power_glove"]  # the Equip Area still works
    assert has_line(s, "  Credit Crunch: Ann cannot Use Inventory gadgets this turn.")
    s.emit("turn_end")
    assert sorted(g.card.id for g in value(s, "usable_gadgets", p)) == ["lucky_penny", "power_glove"]


def test_loan_shark_frenzy(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Loan Shark Frenzy: "Every villain scams 1W more this turn." / "The attacker loses 2 Happiness." """
    s = table(dz)
    ponz, rich = board(s, [("ponzitron", 1)], [("rich_citizen_1", 1)])
    active(s, "loan_shark_frenzy")
    s.call("scams")
    assert field(s, rich, "wealth") == 7 - 3
    cleared(s)
    assert value(s, "scam_amount", ponz) == 2
    s.p(1).counters["happiness"] = 3
    fight(s, "loan_shark_frenzy")
    assert s.p(1).counters["happiness"] == 1 and has_line(s, "  Loan Shark Frenzy: Ann loses 2 Happiness (1/5).")
    fight(s, "loan_shark_frenzy")
    assert s.p(1).counters["happiness"] == 0


def test_margin_call(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Margin Call: "Every player loses 2W." / "The attacker's Hero rolls 1 die fewer this turn." """
    s = table(dz, 3)
    for p, w in zip(s.match.players, (5, 1, 0), strict=True):
        p.counters["wonga"] = w
    active(s, "margin_call")
    s.emit("working_start")
    assert wonga(s) == [3, 0, 0]
    assert has_line(s, "  Margin Call: Ann loses 2W (3W).") and has_line(s, "Margin Call: Ben loses 1W (0W).")
    assert not has_line(s, "Margin Call: Cleo")
    oracle = s.p(1).zones["hero"].items[0]
    fight(s, "margin_call")
    assert value(s, "attack_dice", oracle) == 1 and has_line(s, "  Margin Call: The Oracle rolls 1 die fewer this turn.")
    s.emit("turn_end")
    assert value(s, "attack_dice", oracle) == 2


def test_bank_run(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Bank Run: "Every player's Hero rolls 1 die fewer this turn." / "The attacker loses one Inventory gadget (to
    the bottom of its deck)." """
    s = table(dz)
    hs = [p.zones["hero"].items[0] for p in s.match.players]
    active(s, "bank_run")
    assert [value(s, "attack_dice", h) for h in hs] == [2, 2]  # from the Vigilante phase on
    s.emit("vigilante_start")
    assert [value(s, "attack_dice", h) for h in hs] == [1, 1]
    assert has_line(s, "  Bank Run: The Oracle rolls 1 die fewer this turn.") and has_line(s, "  Bank Run: Iron Girl rolls 1 die fewer this turn.")
    cleared(s)
    assert [value(s, "attack_dice", h) for h in hs] == [2, 2]
    p = s.p(1)
    take(s, "lucky_penny", p.zones["inventory"])
    take(s, "mega_fist", p.zones["inventory"])
    take(s, "power_glove", p.zones["equip"])
    s.run(take(s, "bank_run", s.zone("villains")).card.effects["fight"], me=p, answers=["Mega Fist of Money"])
    assert [g.card.id for g in p.zones["inventory"].items] == ["lucky_penny"]
    assert s.zone("advanced_deck").items[0].card.id == "mega_fist" and len(p.zones["equip"].items) == 1
    assert has_line(s, "  Ann loses Mega Fist of Money.")
    bottom = s.zone("basic_deck").items[0]
    s.run(take(s, "bank_run", s.zone("villains")).card.effects["fight"], me=p, answers=["Lucky Penny"])
    assert p.zones["inventory"].items == [] and s.zone("basic_deck").items[0].card.id == "lucky_penny"
    assert s.zone("basic_deck").items[1] is bottom  # a Basic gadget goes to the bottom of the Basic deck


def test_austerity(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Austerity: "Every citizen in play loses 1W now." / "The attacker loses all Happiness." """
    s = table(dz)
    poor, mid, rich = board(s, [], [("poor_citizen_1", 1, 1), ("middle_citizen_1", 2), ("rich_citizen_1", 3)])
    s.match.counters["boss_health"] = 20
    active(s, "austerity")
    assert [field(s, c, "wealth") for c in (mid, rich)] == [4, 6]
    assert poor.zone is s.zone("courthouse") and s.match.counters["boss_health"] == 20 + 3
    assert has_line(s, "  Austerity: Midge Mortgage loses 1W (4/5W).")
    s.p(1).counters["happiness"] = 4
    fight(s, "austerity")
    assert s.p(1).counters["happiness"] == 0 and has_line(s, "  Austerity: Ann loses 4 Happiness (0/5).")


def test_repossession(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Repossession: "Every player puts one Inventory gadget at the bottom of its deck." / "The attacker loses 3W." """
    s = table(dz, 3)
    p1, p2, p3 = s.match.players
    take(s, "lucky_penny", p1.zones["inventory"])
    take(s, "second_wind", p1.zones["inventory"])
    take(s, "coin_flipper", p2.zones["inventory"])
    take(s, "power_glove", p3.zones["equip"])  # the Equip Area is safe
    active(s, "repossession")
    s.emit("working_start", answers=["Second Wind"])
    assert [g.card.id for g in p1.zones["inventory"].items] == ["lucky_penny"] and p2.zones["inventory"].items == []
    assert s.zone("advanced_deck").items[0].card.id == "second_wind"
    assert s.zone("basic_deck").items[0].card.id == "coin_flipper" and len(p3.zones["equip"].items) == 1
    assert has_line(s, "  Repossession: Ann loses Second Wind.") and has_line(s, "  Repossession: Ben loses Coin Flipper.")
    p1.counters["wonga"] = 4
    fight(s, "repossession")
    assert p1.counters["wonga"] == 1 and has_line(s, "  Repossession: Ann loses 3W (1W).")
    fight(s, "repossession")
    assert p1.counters["wonga"] == 0


def test_stagflation(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Stagflation: "Lifestyle cards give no Happiness this turn." / "The attacker's Hero rolls 1 die fewer this
    turn." """
    s = table(dz)
    empty_hands(s)
    p = s.p(1)
    active(s, "stagflation")
    s.emit("working_start")
    stack(s, p.zones["play"], "lifestyle", "lifestyle", "savings")
    s.call("resolve_draws", p)
    assert p.counters["happiness"] == 0 and p.counters["wonga"] == 1
    assert has_line(s, "  Stagflation: Ann's Lifestyle cards give no Happiness this turn.")
    cleared(s)
    s.match.round = 2
    s.call("resolve_draws", p)
    assert p.counters["happiness"] == 2
    oracle = p.zones["hero"].items[0]
    fight(s, "stagflation")
    assert value(s, "attack_dice", oracle) == 1 and has_line(s, "  Stagflation: The Oracle rolls 1 die fewer this turn.")


def test_debt_spiral(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Debt Spiral: "Boss Health +3 now." / "The attacker loses 1W for each Debt card in their Play Area." """
    s = table(dz)
    s.match.counters["boss_health"] = 30
    active(s, "debt_spiral")
    assert s.match.counters["boss_health"] == 33 and has_line(s, "  Boss Health +3 (Debt Spiral): 30 -> 33.")
    empty_hands(s)
    p = s.p(1)
    stack(s, p.zones["play"], "credit_card_loan", "savings", "student_loan")
    take(s, "housing_loan", p.zones["equip"])
    p.counters["wonga"] = 5
    fight(s, "debt_spiral")
    assert p.counters["wonga"] == 2 and has_line(s, "  Debt Spiral (3 Debt cards in the Play Area): Ann loses 3W (2W).")


def test_hostile_audit(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Hostile Audit: "Every player loses 1 Happiness." / "The attacker's Hero Ability cannot be used this turn." """
    s = table(dz)
    s.p(1).counters["happiness"] = 3
    active(s, "hostile_audit")
    s.emit("working_start")
    assert [p.counters["happiness"] for p in s.match.players] == [2, 0]
    assert has_line(s, "  Hostile Audit: Ann loses 1 Happiness (2/5).")
    assert not has_line(s, "Hostile Audit: Ben")  # nothing to lose: no line
    roll_as(s, 1, 1, 1)
    oracle = s.p(1).zones["hero"].items[0]
    assert value(s, "ability_ready", s.p(1), oracle, "modify")
    fight(s, "hostile_audit")
    assert not value(s, "ability_ready", s.p(1), oracle, "modify")
    assert has_line(s, "  Hostile Audit: Ann cannot use The Oracle's Ability this turn.")
    s.match.round += 1
    assert value(s, "ability_ready", s.p(1), oracle, "modify")


# ---------------------------------------------------------------- Inflationsaurus's boss cards

def test_price_surge(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Price Surge: "Every player's gadgets cost 2W more this turn." / "The attacker loses 2W." """
    s = table(dz, boss="inflationsaurus")
    fist = take(s, "fistful_of_money", s.zone("shop"))
    active(s, "price_surge")
    s.emit("shopping_start")
    assert [value(s, "gadget_price", fist, p) for p in s.match.players] == [5, 5]
    assert has_line(s, "  Price Surge: gadgets cost Ann 2W more this turn.") and has_line(s, "  Price Surge: gadgets cost Ben 2W more this turn.")
    cleared(s)
    assert value(s, "gadget_price", fist, s.p(1)) == 3
    s.p(1).counters["wonga"] = 3
    fight(s, "price_surge")
    assert s.p(1).counters["wonga"] == 1 and has_line(s, "  Price Surge: Ann loses 2W (1W).")


def test_shrinkflation(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Shrinkflation: "Every player's Hero rolls 1 die fewer this turn." / the attacker's too."""
    s = table(dz, boss="inflationsaurus")
    hs = [p.zones["hero"].items[0] for p in s.match.players]
    active(s, "shrinkflation")
    s.emit("vigilante_start")
    assert [value(s, "attack_dice", h) for h in hs] == [1, 1]
    assert has_line(s, "  Shrinkflation: The Oracle rolls 1 die fewer this turn.") and has_line(s, "  Shrinkflation: Iron Girl rolls 1 die fewer this turn.")
    cleared(s)
    n = len(s.lines())
    fight(s, "shrinkflation", seat=2)
    assert [value(s, "attack_dice", h) for h in hs] == [2, 1]
    assert s.lines()[n:] == ["  Shrinkflation: Iron Girl rolls 1 die fewer this turn."]


def test_consumer_frenzy(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Consumer Frenzy: "Each Lifestyle drawn this turn feeds Inflationsaurus 1 more." / "The attacker loses 2
    Happiness." """
    s = table(dz, boss="inflationsaurus")
    assert value(s, "lifestyle_feed") == 1
    active(s, "consumer_frenzy")
    assert value(s, "lifestyle_feed") == 2
    cleared(s)
    assert value(s, "lifestyle_feed") == 1
    s.p(1).counters["happiness"] = 5
    fight(s, "consumer_frenzy")
    assert s.p(1).counters["happiness"] == 3 and has_line(s, "  Consumer Frenzy: Ann loses 2 Happiness (3/5).")


def test_wage_freeze(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Wage Freeze: "Savings give no W this turn." / "The attacker loses 3W." """
    s = table(dz, boss="inflationsaurus")
    empty_hands(s)
    p = s.p(1)
    active(s, "wage_freeze")
    s.emit("working_start")
    stack(s, p.zones["play"], "savings", "savings", "lifestyle")
    s.call("resolve_draws", p)
    assert p.counters["wonga"] == 0 and p.counters["happiness"] == 1
    assert has_line(s, "  Wage Freeze: Ann's Savings give no W this turn.")
    cleared(s)
    s.match.round = 2
    s.call("resolve_draws", p)
    assert p.counters["wonga"] == 2
    p.counters["wonga"] = 5
    fight(s, "wage_freeze")
    assert p.counters["wonga"] == 2 and has_line(s, "  Wage Freeze: Ann loses 3W (2W).")


def test_hyperinflation(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Hyperinflation: "Boss Health +4 now." / "The attacker cannot Use Inventory gadgets this turn." """
    s = table(dz, boss="inflationsaurus")
    s.match.counters["boss_health"] = 30
    active(s, "hyperinflation")
    assert s.match.counters["boss_health"] == 34 and has_line(s, "  Boss Health +4 (Hyperinflation): 30 -> 34.")
    p = s.p(1)
    take(s, "lucky_penny", p.zones["inventory"])
    roll_as(s, 1, 1, 1)
    fight(s, "hyperinflation")
    assert value(s, "usable_gadgets", p) == [] and has_line(s, "  Hyperinflation: Ann cannot Use Inventory gadgets this turn.")
    s.emit("turn_end")
    assert len(value(s, "usable_gadgets", p)) == 1


def test_cost_of_living_crisis(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Cost-of-Living Crisis: "Every citizen in play loses 1W now." / "The attacker loses all Happiness." """
    s = table(dz, boss="inflationsaurus")
    mid, rich = board(s, [], [("middle_citizen_1", 1), ("rich_citizen_2", 3, 2)])
    active(s, "cost_of_living_crisis")
    assert [field(s, c, "wealth") for c in (mid, rich)] == [4, 1]
    assert has_line(s, "  Cost-of-Living Crisis: Midge Mortgage loses 1W (4/5W).")
    assert has_line(s, "  Cost-of-Living Crisis: Baron von Yacht loses 1W (1/8W).")
    s.p(2).counters["happiness"] = 5
    fight(s, "cost_of_living_crisis", seat=2)
    assert s.p(2).counters["happiness"] == 0 and has_line(s, "  Cost-of-Living Crisis: Ben loses 5 Happiness (0/5).")


def test_currency_collapse(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Currency Collapse: "Every player loses half their W (rounded down)." / the attacker too."""
    s = table(dz, 3, boss="inflationsaurus")
    for p, w in zip(s.match.players, (7, 1, 2), strict=True):
        p.counters["wonga"] = w
    active(s, "currency_collapse")
    s.emit("working_start")
    assert wonga(s) == [4, 1, 1]
    assert has_line(s, "  Currency Collapse: Ann loses 3W (4W).") and has_line(s, "  Currency Collapse: Cleo loses 1W (1W).")
    assert not has_line(s, "Currency Collapse: Ben")  # half of 1W is nothing
    fight(s, "currency_collapse")
    assert wonga(s) == [2, 1, 1] and has_line(s, "  Currency Collapse: Ann loses 2W (2W).")


def test_price_gouging(dz):
    """DZ-RES-5, DZ-FIGHT-3 - Price Gouging: "Every villain scams 1W more this turn." / "The attacker's Hero rolls 1 die fewer this turn
    and the attacker loses 1W." """
    s = table(dz, boss="inflationsaurus")
    ponz, rich = board(s, [("ponzitron", 1)], [("rich_citizen_1", 1)])
    active(s, "price_gouging")
    assert value(s, "scam_amount", ponz) == 3
    cleared(s)
    assert value(s, "scam_amount", ponz) == 2
    s.p(1).counters["wonga"] = 3
    oracle = s.p(1).zones["hero"].items[0]
    fight(s, "price_gouging")
    assert s.p(1).counters["wonga"] == 2 and value(s, "attack_dice", oracle) == 1
    assert has_line(s, "  Price Gouging: The Oracle rolls 1 die fewer this turn.") and has_line(s, "  Price Gouging: Ann loses 1W (2W).")


def test_every_boss_card_has_a_test():
    """Each boss card of both bosses has its test in this file (a new card needs one)."""
    from .conftest import debtzilla
    cards = {c for boss in ("debtzilla", "inflationsaurus") for c, card in debtzilla(boss).cards.items()
             if card.kind == "boss_card"}
    tested = {name[len("test_"):] for name in globals() if name.startswith("test_")}
    assert cards <= tested, sorted(cards - tested)
