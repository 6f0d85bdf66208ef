"""Debtzilla Shopping phase: DZ-SHOP-1 .. DZ-SHOP-5."""
from __future__ import annotations

from .helpers import clear, give_hero, has_line, ids, roll_as, set_rolled, stack, take, value


def shop_of(dz, *gadgets, players=2, hero="the_oracle", **options):
    """Player 1 plays `hero` (The Oracle has no Shopping-phase power); the Shopping Board holds these gadgets."""
    s = dz(players, **options)
    give_hero(s, 1, hero)
    for g in list(s.zone("shop").items):
        s.match.place(g, s.zone("basic_deck"), True)
    stack(s, s.zone("shop"), *gadgets)
    return s


def test_dz_shop_1_buy_one_gadget_into_the_inventory(dz):
    """DZ-SHOP-1: a player buys at most one gadget a turn, paying its cost, into the Inventory."""
    s = shop_of(dz, "fistful_of_money", "debt_consolidator", "lucky_penny", "coin_flipper")
    p = s.p(1)
    p.counters["wonga"] = 6
    d = s.call("shopping", p)
    assert d.labels() == ["Buy a gadget", "Replace a gadget for 1W", "Done shopping"]
    assert "Fistful of Money 3W" in d.prompt
    d = s.answer("Buy a gadget")
    assert d.labels() == ["Coin Flipper", "Lucky Penny", "Debt Consolidator", "Fistful of Money"]
    d = s.answer("Fistful of Money", "Basic Gadgets deck")
    assert "Buy a gadget" not in d.labels()  # only one gadget a turn
    s.answer("Done shopping")
    assert ids(p.zones["inventory"]) == ["fistful_of_money"] and p.counters["wonga"] == 3
    assert len(s.zone("shop").items) == 4


def test_dz_shop_1_only_affordable_gadgets(dz):
    """DZ-SHOP-1: gadgets costing more than the player's W are not offered."""
    s = shop_of(dz, "fistful_of_money", "debt_consolidator", "lucky_penny")
    s.p(1).counters["wonga"] = 3
    d = s.call("shopping", s.p(1), answers=["Buy a gadget"])
    assert d.labels() == ["Lucky Penny", "Fistful of Money"]


def test_dz_shop_2_refill_from_the_deck_the_buyer_chooses(dz):
    """DZ-SHOP-2: the empty space is filled from the Basic or the Advanced deck, as the buyer chooses."""
    s = shop_of(dz, "lucky_penny", "coin_flipper")
    s.p(1).counters["wonga"] = 2
    top_adv = s.zone("advanced_deck").items[-1]
    d = s.call("shopping", s.p(1), answers=["Buy a gadget", "Lucky Penny"])
    assert d.labels() == ["Basic Gadgets deck", "Advanced Gadgets deck"]
    s.answer("Advanced Gadgets deck")
    assert s.zone("shop").items[-1] is top_adv
    # with the Basic deck empty, the Advanced deck fills the space without a question
    s2 = shop_of(dz, "lucky_penny")
    clear(s2, s2.zone("basic_deck"))
    s2.p(1).counters["wonga"] = 2
    assert s2.call("shopping", s2.p(1), answers=["Buy a gadget"]) is None  # 0W left: nothing more to do
    assert [g.card.fields["tier"] for g in s2.zone("shop").items] == ["advanced"]


def test_dz_shop_3_replace_a_gadget_for_1w(dz):
    """DZ-SHOP-3: for 1W a gadget on the board is removed (to the bottom of its deck) and the space refilled."""
    s = shop_of(dz, "fistful_of_money", "lucky_penny")
    p = s.p(1)
    p.counters["wonga"] = 1
    s.call("shopping", p, answers=["Replace a gadget for 1W", "Fistful of Money", "Basic Gadgets deck"])
    assert p.counters["wonga"] == 0
    assert s.zone("basic_deck").items[0].card.id == "fistful_of_money"
    assert "fistful_of_money" not in ids(s.zone("shop")) and len(s.zone("shop").items) == 2
    assert has_line(s, "Ann pays 1W to replace Fistful of Money.")


def test_dz_shop_4_wrench_gadgets_go_to_the_equip_area(dz):
    """DZ-SHOP-4: a gadget with the wrench goes to the Equip Area instead of the Inventory."""
    s = shop_of(dz, "banana_mech_mark_vii", "lucky_penny")
    p = s.p(1)
    p.counters["wonga"] = 5
    s.call("shopping", p, answers=["Buy a gadget", "Banana Mech Mark VII", "Basic Gadgets deck", "Done shopping"])
    assert ids(p.zones["equip"]) == ["banana_mech_mark_vii"] and p.zones["inventory"].items == []


def test_dz_shop_5_one_inventory_gadget_plus_every_equipped_one(dz):
    """DZ-SHOP-5: one Inventory gadget may be Used a turn, plus every Equip Area gadget; each Used gadget once."""
    s = dz(2)
    give_hero(s, 1, "the_oracle")
    p = s.p(1)
    for g in ("lucky_penny", "bananarang"):
        take(s, g, p.zones["inventory"])
    take(s, "power_glove", p.zones["equip"])
    roll_as(s, 1, 1, 1)
    usable = lambda: sorted(g.card.id for g in value(s, "usable_gadgets", p))  # noqa: E731
    assert usable() == ["bananarang", "lucky_penny", "power_glove"]
    s.call("use_gadget", p, answers=["Bananarang", "1 (The Oracle)"])
    assert usable() == ["power_glove"]  # the Inventory use is spent
    s.call("use_gadget", p, answers=["1 (The Oracle)"])  # Power Glove, the only one left
    assert usable() == [] and sorted(d.f["value"] for d in p.zones["rolled"].items) == [3, 3]


def test_dz_shop_5_each_delivery_drone_adds_an_inventory_use(dz):
    """DZ-SHOP-5: one more Inventory gadget per Delivery Drone owned (a drone itself does nothing when Used)."""
    s = dz(2)
    give_hero(s, 1, "the_oracle")
    p = s.p(1)
    for g in ("lucky_penny", "bananarang", "coin_flipper", "delivery_drone"):
        take(s, g, p.zones["inventory"])
    assert value(s, "inventory_uses", p) == 2
    roll_as(s, 1, 2, 2)
    s.call("use_gadget", p, answers=["Lucky Penny", "2 (The Oracle)"])
    s.call("use_gadget", p, answers=["Bananarang", "2 (The Oracle)"])
    assert value(s, "usable_gadgets", p) == []
    assert [d.f["value"] for d in p.zones["rolled"].items] == [3, 4]
    take(s, "drone_hangar", p.zones["equip"])  # an equipped drone counts too
    assert value(s, "inventory_uses", p) == 3
    assert [g.card.id for g in value(s, "usable_gadgets", p)] == ["coin_flipper"]
    set_rolled(s, 1, 3, 4)
