"""Debtzilla setup by player count: DZ-SETUP-1 .. DZ-SETUP-8 (and the Family-Friendly setup, DZ-FAM-1, DZ-FAM-2)."""
from __future__ import annotations

import pytest

from .helpers import field, ids

COLOURS = ["yellow", "red", "blue", "green"]


def test_dz_setup_1_each_player_chooses_a_hero_and_takes_meeple_and_five_dice(dz):
    """DZ-SETUP-1: each player chooses a Hero (one not taken) and takes a meeple and 5 dice of the matching colour."""
    s = dz(3, heroes="choose")
    d = s.match.pending
    assert d.player is s.p(1) and len(d.labels()) == 6
    d = s.answer("The Oracle")
    assert d.player is s.p(2) and "The Oracle" not in d.labels() and len(d.labels()) == 5
    assert s.answer("Lady Easing", "Iron Girl") is None
    assert [ids(s.p(i).zones["hero"]) for i in (1, 2, 3)] == [["the_oracle"], ["lady_easing"], ["iron_girl"]]
    for i in (1, 2, 3):
        p = s.p(i)
        colour = COLOURS[i - 1]
        assert p.vars["colour"] == colour
        assert ids(p.zones["meeple"]) == [f"{colour}_meeple"]
        assert ids(p.zones["dice"]) == [f"{colour}_die"] * 5
        assert all(field(s, d, "keeper") is p for d in p.zones["dice"].items)
    assert sorted(ids(s.zone("hero_pool"))) == ["ali_baba", "debt_hulk", "tweetman"]
    assert len(s.zone("spare_dice").items) == 10  # with 3 players, the green and purple dice are spare
    assert set(ids(s.zone("spare_dice"))) == {"green_die", "purple_die"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dz_setup_1_random_heroes_are_distinct(dz, players):
    """DZ-SETUP-1: with heroes=random every player gets a different Hero at random, without being asked."""
    seen = set()
    for seed in range(4):
        s = dz(players, seed=seed)
        heroes = [ids(s.p(i).zones["hero"])[0] for i in range(1, players + 1)]
        assert len(set(heroes)) == players
        seen |= set(heroes)
        assert len(s.zone("hero_pool").items) == 6 - players
        assert len(s.zone("spare_dice").items) == 25 - 5 * players
    assert len(seen) > players  # different seeds deal different Heroes


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dz_setup_2_starting_income_deck_and_happiness(dz, players):
    """DZ-SETUP-2: each Income deck is 3 Credit Card Loan, 4 Lifestyle, 3 Savings, shuffled face down; Happiness 0."""
    s = dz(players, seed=1)
    orders = set()
    for i in range(1, players + 1):
        p = s.p(i)
        deck = ids(p.zones["deck"])
        assert sorted(deck) == sorted(["credit_card_loan"] * 3 + ["lifestyle"] * 4 + ["savings"] * 3)
        orders.add(tuple(deck))
        assert p.counters["happiness"] == 0 and p.counters["wonga"] == 0
        assert p.zones["play"].items == [] and p.zones["discard"].items == []
        other = s.match.view((i % players) + 1)["players"][i - 1]["zones"]["deck"]
        assert "cards" not in other and other["count"] == 10  # face down: nobody sees the order
    assert len(orders) > 1  # shuffled


@pytest.mark.parametrize("players", [2, 4])
def test_dz_setup_3_working_board_piles_by_type(dz, players):
    """DZ-SETUP-3: the other Income cards lie face up on the Working Board, one pile per type (8 piles)."""
    s = dz(players)
    total = {"savings": 22, "insurance": 10, "lifestyle": 24, "budgeting": 8, "refinancing": 8,
             "credit_card_loan": 18, "student_loan": 8, "housing_loan": 8}
    start = {"savings": 3, "lifestyle": 4, "credit_card_loan": 3}
    assert sum(total.values()) == 106
    for kind, n in total.items():
        pile = s.zone(f"pile_{kind}")
        assert set(ids(pile)) == {kind}
        assert len(pile.items) == n - players * start.get(kind, 0)
        assert s.match.view(1)["zones"][f"pile_{kind}"]["visibility"] == "public"
    assert s.zone("out_of_play").items == []


def test_dz_setup_4_gadget_decks_and_six_basic_gadgets(dz):
    """DZ-SETUP-4: Basic and Advanced gadget decks are shuffled separately; 6 Basic gadgets are dealt face up."""
    tops = set()
    for seed in range(3):
        s = dz(3, seed=seed)
        shop, basic, adv = s.zone("shop"), s.zone("basic_deck"), s.zone("advanced_deck")
        assert len(shop.items) == 6 and all(field(s, g, "tier") == "basic" for g in shop.items)
        assert len(basic.items) == 11 and all(field(s, g, "tier") == "basic" for g in basic.items)
        assert len(adv.items) == 11 and all(field(s, g, "tier") == "advanced" for g in adv.items)
        assert all(field(s, g, "cost") <= 4 for g in shop.items + basic.items)
        assert all(field(s, g, "cost") >= 5 for g in adv.items)
        tops.add((ids(basic)[-1], ids(adv)[-1]))
        v = s.match.view(1)["zones"]
        assert "cards" not in v["basic_deck"] and "cards" not in v["advanced_deck"] and len(v["shop"]["cards"]) == 6
    assert len(tops) > 1


def test_dz_setup_5_citizen_deck_one_rich_removed(dz):
    """DZ-SETUP-5: Last Citizen Standing at the bottom of the Citizen deck, one Rich Citizen removed, 3 citizens
    face up with full Wealth."""
    s = dz(3, seed=2)
    deck = s.zone("citizen_deck")
    assert ids(deck)[0] == "last_citizen_standing"
    assert len(deck.items) == 1 + 6
    cs = s.zone("citizens").items
    assert sorted(field(s, c, "slot") for c in cs) == [1, 2, 3]
    assert all(field(s, c, "wealth") == field(s, c, "start_wealth") for c in cs)
    removed = s.zone("unused_citizens").items
    assert len(removed) == 1 and field(s, removed[0], "class") == "rich"
    assert "cards" not in s.match.view(1)["zones"]["unused_citizens"]


def test_dz_setup_5_easier_option_keeps_the_rich_citizen(dz):
    """DZ-SETUP-5: --option easier=on puts the Rich Citizen back: all 10 citizens are used."""
    s = dz(3, seed=2, easier="on")
    assert s.zone("unused_citizens").items == []
    assert len(s.zone("citizen_deck").items) + len(s.zone("citizens").items) == 11  # 10 citizens and the marker
    everyone = s.zone("citizen_deck").items[1:] + s.zone("citizens").items
    assert sum(field(s, c, "class") == "rich" for c in everyone) == 3


@pytest.mark.parametrize("players,villains", [(2, 6), (3, 8), (4, 10)])
def test_dz_setup_6_villain_deck_by_player_count(dz, players, villains):
    """DZ-SETUP-6: 6 / 8 / 10 villains drawn unseen over Last Villain Standing, 3 dealt face up, the rest set aside."""
    s = dz(players, seed=3)
    deck = s.zone("villain_deck")
    assert ids(deck)[0] == "last_villain_standing"
    assert len(deck.items) - 1 == villains - 3
    face_up = s.zone("villains").items
    assert sorted(field(s, v, "slot") for v in face_up) == [1, 2, 3]
    assert all(v.card.kind == "villain" for v in face_up + deck.items[1:])
    assert len(s.zone("unused_villains").items) == 15 - villains
    assert "cards" not in s.match.view(1)["zones"]["villain_deck"]


@pytest.mark.parametrize("players,health", [(2, 18), (3, 27), (4, 36)])
def test_dz_setup_7_boss_health_by_player_count(dz, players, health):
    """DZ-SETUP-7: Boss Health starts at 18 / 27 / 36 for 2 / 3 / 4 players (with either boss)."""
    assert dz(players).match.counters["boss_health"] == health
    assert dz(players, boss="inflationsaurus").match.counters["boss_health"] == health


def test_dz_setup_8_boss_cards_shuffled_into_the_dormant_space(dz):
    """DZ-SETUP-8: the boss cards are shuffled face down into the Dormant Event space; the health card is out."""
    orders = set()
    for seed in range(3):
        s = dz(3, seed=seed)
        deck = s.zone("boss_deck")
        assert len(deck.items) == 10 and all(c.card.kind == "boss_card" for c in deck.items)
        orders.add(tuple(ids(deck)))
        assert ids(s.zone("boss_space")) == ["debtzilla_health"]
        assert "cards" not in s.match.view(1)["zones"]["boss_deck"]
        assert s.zone("triggered").items == [] and s.zone("active_events").items == []
    assert len(orders) == 3


def test_dz_setup_nothing_is_left_in_the_box(dz):
    """Every component has a place after setup (DZ-SETUP-1 .. DZ-SETUP-8)."""
    s = dz(2)
    assert s.zone("box").items == []


def test_dz_setup_4_a_bots_imagined_worlds_keep_each_gadget_deck_to_its_tier():
    """DZ-SETUP-4 as the bots imagine it: every player knows the Basic deck holds the Basic gadgets not in sight
    and the Advanced deck the Advanced ones (a gadget put back goes under its own tier's deck in the open), so in
    each world a seat samples (`resample`) each deck holds the very gadgets of the true one, dealt anew among
    themselves. (Before `contents: known` on them, a world pooled every hidden gadget: an Advanced gadget could
    lie in the Basic deck, and about one deal in eight was thrown away when a refill turned it up.)"""
    import random

    from interpreter import Match

    from .conftest import debtzilla

    m = Match(debtzilla("debtzilla"), 3, seed=4, options={"heroes": "random"})
    rng = random.Random(4)
    for _ in range(60):  # a few rounds of random choices: gadgets bought, the shop refilled from both decks
        m.choose(rng.randrange(m.pending.size))
    seat = m.pending.player.seat
    orders = set()
    for i in range(12):
        w = m.resample(seat, random.Random(i))
        for z in ("basic_deck", "advanced_deck"):
            assert sorted(p.card.id for p in w.zones[z].items) == sorted(p.card.id for p in m.zones[z].items)
            assert all(p.card.fields["tier"] == z.removesuffix("_deck") for p in w.zones[z].items)
        orders.add(tuple(p.card.id for p in w.zones["advanced_deck"].items))
        w.close()
    assert len(orders) >= 10  # dealt anew: a deck's order is unknown
