"""Happy City: Grozilla rules read again from the sheet: Stop-Zilla tokens once per threshold (GZ-TOK-1, GZ-TOK-2),
a multi-coloured card sending two monsters away (GZ-MOVE-1), a destruction with nothing to destroy (GZ-DES-1), the
designed floor of a city's income that keeps every player in the game (GZ-MON-2), Big Tree's pairs with monster
icons, and the account of a purchase paid with a token (GZ-TOK-4)."""
from __future__ import annotations

import pytest

from interpreter.runtime.state import own_fields

from .helpers import bot_match, city, coins, fn, ids, income, line_index, make, market, set_coins
from .test_grozilla import buy, front, markets, monster_in_front, ruins, supply_tokens, tokens


def gz(players=3, **kw):
    return make(players, grozilla=True, **kw)


def destroy(piece):
    own_fields(piece)["destroyed"] = True


# ---------------------------------------------------------------- tokens once per threshold

def test_gz_tok_1_count_back_to_three_after_a_destruction_brings_no_second_token():
    """GZ-TOK-1: "buys the third card of one colour ... takes a Stop-Zilla token": once. A green card destroyed (the
    count falls to 2) and another green card bought (3 again) brings no second token, while tokens remain."""
    s = gz()
    markets(s, 3)
    supply_tokens(s, "green", 2)
    set_coins(s, 1, 30)
    buy(s, 1, "igloo")
    buy(s, 1, "treehouse")
    buy(s, 1, "house")
    assert tokens(s, 1) == ["stop_zilla_green"]
    destroy(s.p(1).zones["city"].items[1])  # the Igloo
    assert fn(s, "colour_count", s.p(1), "green") == 2
    buy(s, 1, "apartment_building")
    assert fn(s, "colour_count", s.p(1), "green") == 3
    assert tokens(s, 1) == ["stop_zilla_green"] and s.ids(s.zone("token_supply")) == ["stop_zilla_green"]


def test_gz_tok_2_count_back_to_six_brings_no_third_token():
    """GZ-TOK-2: "reaches 6 buildings of one colour ... one more token": once. Back to 6 after a destruction: none."""
    s = gz()
    markets(s, 3)
    supply_tokens(s, "blue", 3)
    set_coins(s, 1, 60)
    for cid in ("school", "park", "library", "museum", "hospital", "observatory"):
        buy(s, 1, cid)
    assert len(tokens(s, 1)) == 2
    destroy(s.p(1).zones["city"].items[6])  # the Observatory: 5 blue
    buy(s, 1, "laboratory")  # 6 blue again
    assert fn(s, "colour_count", s.p(1), "blue") == 6
    assert len(tokens(s, 1)) == 2 and s.ids(s.zone("token_supply")) == ["stop_zilla_blue"]


def test_gz_tok_1_a_threshold_reached_with_no_token_left_is_not_paid_later():
    """GZ-TOK-1: "if any remain": a third card bought when no token of its colour is left brings none, and none later
    when a token comes back... none comes back (GZ-TOK-5), but a count returning to 3 still brings nothing; the account
    says that no token was left."""
    s = gz()
    markets(s, 3)
    set_coins(s, 1, 30)
    buy(s, 1, "igloo")
    buy(s, 1, "treehouse")
    buy(s, 1, "house")
    assert tokens(s, 1) == []
    line_index(s, "Ann has 3 green cards; no green Stop-Zilla token is left.")
    supply_tokens(s, "green", 1)
    destroy(s.p(1).zones["city"].items[1])
    buy(s, 1, "apartment_building")
    assert tokens(s, 1) == []


def test_gz_tok_1_each_player_and_colour_has_its_own_threshold():
    """GZ-TOK-1: one player's third green card does not spend another player's, nor another colour's."""
    s = gz()
    markets(s, 3)
    supply_tokens(s, "green", 2)
    supply_tokens(s, "purple", 1)
    set_coins(s, 1, 30)
    set_coins(s, 2, 30)
    for seat in (1, 2):
        buy(s, seat, "igloo")
        buy(s, seat, "treehouse")
    buy(s, 1, "company_town")  # yellow, green, purple: the 3rd green of Ann
    assert tokens(s, 1) == ["stop_zilla_green"]
    buy(s, 2, "house")
    assert tokens(s, 2) == ["stop_zilla_green"]
    buy(s, 1, "factory")
    buy(s, 1, "steel_mill")  # with Company Town: the 3rd purple
    assert tokens(s, 1) == ["stop_zilla_green", "stop_zilla_purple"]


# ---------------------------------------------------------------- GZ-MOVE-1 with two monsters in front

def test_gz_move_1_a_multi_coloured_card_of_two_monsters_colours_moves_both():
    """GZ-MOVE-1 (3b): "if the building the player buys is the same colour as the monster in front of their city,
    that monster is moved": a card showing the colours of two monsters in front (both stay there when nothing was
    left to destroy) moves each of them to the left neighbour."""
    s = gz(4)
    markets(s, 4)
    monster_in_front(s, 1, "grozilla")    # green
    monster_in_front(s, 1, "sprutzilla")  # purple
    set_coins(s, 1, 10)
    buy(s, 1, "landfill")  # green and purple
    assert front(s, 1) == []
    # both reach Ben: the second to arrive makes two, and the first (Grozilla) destroys his only card (GZ-DES-1)
    assert front(s, 2) == ["sprutzilla", "figure_sprutzilla"] and ruins(s, 2) == ["grozilla", "figure_grozilla"]
    line_index(s, "Landfill is green: Grozilla leaves Ann for Ben.")
    line_index(s, "Landfill is purple: Sprutzilla leaves Ann for Ben.")


def test_gz_move_1_a_multi_coloured_card_moves_only_the_monsters_of_its_colours():
    s = gz(4)
    markets(s, 4)
    monster_in_front(s, 1, "grozilla")    # green
    monster_in_front(s, 1, "kotzilla")    # blue
    set_coins(s, 1, 10)
    buy(s, 1, "mushroom_farm")  # green, orange, purple
    assert front(s, 1) == ["kotzilla", "figure_kotzilla"]
    assert front(s, 2) == ["grozilla", "figure_grozilla"]


# ---------------------------------------------------------------- GZ-DES-1 with nothing to destroy

def test_gz_des_1_nothing_left_to_destroy_is_said_and_both_monsters_stay():
    """GZ-DES-1: with every card of the city already destroyed there is nothing to destroy: no "destroys a building"
    line, both monsters stay in front of the city."""
    s = gz()
    m = market(s, 1)
    market(s, 2)
    market(s, 3)
    destroy(m)
    monster_in_front(s, 1, "corgizilla")
    s.put("figure_grozilla", s.zone("figure_supply"))
    s.put("grozilla", s.zone("deck4"))
    assert s.call("reveal", s.p(1), "Pile IV") is None
    assert sorted(front(s, 1)) == ["corgizilla", "figure_corgizilla", "figure_grozilla", "grozilla"]
    assert ruins(s, 1) == []
    assert not any("destroys" in line for line in s.lines())
    line_index(s, "Ann has two monsters, but no building is left to destroy: both stay in front of the city.")


def test_gz_des_1_one_building_left_is_destroyed_and_said():
    s = gz()
    m = market(s, 1)
    market(s, 2)
    market(s, 3)
    city(s, 1, "bank")
    destroy(m)
    monster_in_front(s, 1, "corgizilla")
    s.put("grozilla", s.zone("deck4"))
    assert s.call("reveal", s.p(1), "Pile IV") is None  # one building: no question
    assert ruins(s, 1) == ["corgizilla", "figure_corgizilla"]
    line_index(s, "Corgizilla destroys Bank and lies on it to the end of the game.")


# ---------------------------------------------------------------- the designed floor of income

@pytest.mark.parametrize("cards,expected", [((), 1), (("bank",), 1), (("bank", "florist"), 2), (("garage",), 2)])
def test_gz_mon_2_grozilla_never_takes_income_below_one(cards, expected):
    """GZ-MON-2 with the designed Grozilla (-1 income): a city's income never falls below 1 coin because of a monster
    (market alone: 1 - 1 -> 1; market and bank: 2 - 1 = 1; three coins: 2; market and garage: 3 - 1 = 2)."""
    s = gz()
    markets(s, 3)
    city(s, 1, *cards)
    before = income(s, 1)
    monster_in_front(s, 1, "grozilla")
    assert before - 1 <= income(s, 1) == expected


def test_gz_des_3_a_destroyed_happy_market_pays_nothing():
    """GZ-DES-3: a destroyed building "no longer has a name, effect or colour": a city whose only income card, its
    Happy Market, was destroyed takes 0 coins of income, with Grozilla (-1) in front and Corgizilla on the ruin; the
    designed floor limits only what the monsters take, it gives no coin the city does not earn. One coin of its own
    is kept whole (Grozilla takes nothing below 1)."""
    s = gz()
    m = market(s, 1)
    market(s, 2)
    market(s, 3)
    city(s, 1, "school", "park")
    destroy(m)
    monster_in_front(s, 1, "grozilla")
    s.put("corgizilla", s.p(1).zones["ruins"])
    assert income(s, 1) == 0
    s.run(s.game.phases[0].body)
    assert coins(s, 1) == 2
    line_index(s, "Ann takes 0 coins of income (2 coins in all).")
    city(s, 1, "bank")  # one coin of its own: Grozilla takes it no lower
    assert income(s, 1) == 1


def test_hc_exp_card_barber_shop_for_a_city_earning_nothing():
    """HC-EXP-CARD-barber_shop with Grozilla: "+3 income when your income (before this +3) is strictly the lowest": a
    city that earns 0 (its Happy Market destroyed) next to rivals earning 1 is strictly the lowest and gains the +3
    (Grozilla then takes 1 of it: 2); with a rival earning 0 as well, no bonus."""
    s = gz(mode="expert")
    m = market(s, 1, "blue")
    market(s, 2, "green")
    market(s, 3, "yellow")
    city(s, 1, "school", "park")
    s.put("barber_shop", s.p(1).zones["city"])
    destroy(m)
    monster_in_front(s, 1, "grozilla")
    assert fn(s, "income_except", s.p(1), s.p(1).zones["city"].items[-1]) == 0
    assert income(s, 2) == income(s, 3) == 1
    assert income(s, 1) == 3 - 1
    destroy(s.p(2).zones["city"].items[0])  # Ben earns 0 too: not strictly the lowest
    assert income(s, 1) == 0


def test_hc_exp_card_concert_arena_penalty_is_the_income_the_city_has():
    """HC-EXP-CARD-concert_arena with Grozilla: "at the end lose as many points as your income": a city earning 0 (its
    Happy Market destroyed) gains 0 coins when claiming it and loses 0 points; a city whose 3 coins Grozilla cuts to
    2 gains 4 and loses 2."""
    s = gz(mode="expert")
    m = market(s, 1, "yellow")
    market(s, 2, "blue")
    market(s, 3, "green")
    city(s, 1, "school", "park", "library")
    destroy(m)
    monster_in_front(s, 1, "grozilla")
    set_coins(s, 1, 0)
    arena = s.put("concert_arena", s.zone("specials"))
    assert s.call("claim", s.p(1), arena) is None
    assert coins(s, 1) == 0 and fn(s, "penalty_of", s.p(1)) == 0
    s = gz(mode="expert")
    market(s, 1, "yellow")
    market(s, 2, "blue")
    market(s, 3, "green")
    city(s, 1, "garage")  # 1 + 2
    monster_in_front(s, 1, "grozilla")
    set_coins(s, 1, 0)
    arena = s.put("concert_arena", s.zone("specials"))
    assert s.call("claim", s.p(1), arena) is None
    assert coins(s, 1) == 4 and fn(s, "penalty_of", s.p(1)) == 2


def test_gz_mon_2_without_monsters_income_is_the_base_games():
    s = gz()
    markets(s, 3)
    city(s, 1, "garage", "offices")
    assert income(s, 1) == 5


@pytest.mark.parametrize("seed", range(6))
def test_gz_no_player_is_locked_out_in_simulated_matches(seed):
    """Designed monsters: in random-bot matches with Grozilla (2 to 5 players, both modes), at every decision, no
    monster takes a city's income below 1 coin (a city that earns 1 or more by itself takes at least 1; a city that
    earns nothing by itself, its Happy Market destroyed, takes nothing, as GZ-DES-3 says); no player takes 0 coins
    for buying nothing: nobody is locked out."""
    players = 2 + seed % 4
    mode = "family" if seed % 2 else "expert"
    m = bot_match(players, seed, grozilla=True, mode=mode, check=_income_floor_holds)
    assert not any("buys nothing and takes 0" in line for line in m.lines)
    assert sum("takes" in line and "of income" in line for line in m.lines) >= players * 5


def _income_floor_holds(m):
    for p in m.players:
        own = m.game.functions["city_income"](m, None, None, p, None)
        total = m.game.functions["income_total"](m, None, None, p)
        assert total >= 1 if own >= 1 else total == own


# ---------------------------------------------------------------- Big Tree counts monster icons

def test_hc_exp_card_big_tree_pairs_count_monster_icons():
    """HC-EXP-CARD-big_tree with Grozilla: the pairs of 1 heart and 1 person are the city's icons, monsters' included
    (Chirikizilla: -1 person; Kotzilla: -2 hearts), since a monster's effect applies to its player (GZ-MON-2)."""
    s = gz(mode="expert")
    markets(s, 3)
    city(s, 1, "university", "museum", "big_tree")  # 2 people, 2 hearts: 2 pairs
    tree = s.p(1).zones["city"].items[-1]
    assert fn(s, "card_income", tree, s.p(1)) == 2
    monster_in_front(s, 1, "chirikizilla")  # 1 person: 1 pair
    assert fn(s, "card_income", tree, s.p(1)) == 1
    s.put("kotzilla", s.p(1).zones["ruins"])  # 1 person, 0 hearts: no pair
    assert fn(s, "card_income", tree, s.p(1)) == 0


# ---------------------------------------------------------------- the account of a purchase

def test_gz_tok_4_account_of_a_purchase_paid_partly_with_a_token():
    """GZ-TOK-4 (the account): a card paid with coins and a token is not said to be bought "for 3 coins"."""
    s = gz()
    markets(s, 3)
    set_coins(s, 1, 1)
    s.put("stop_zilla_yellow", s.p(1).zones["tokens"])
    buy(s, 1, "igloo")
    assert ids(s, 1)[-1] == "igloo" and coins(s, 1) == 0
    line_index(s, "Ann buys Igloo for 3: 1 coin, the rest in Stop-Zilla tokens.")
    assert not any("for 3 coins" in line for line in s.lines())


def test_hc_act_6_account_of_a_purchase_paid_in_coins():
    s = gz()
    markets(s, 3)
    set_coins(s, 1, 5)
    buy(s, 1, "igloo")
    line_index(s, "Ann buys Igloo for 3 coins.")
    assert coins(s, 1) == 2


# ---------------------------------------------------------------- GZ-TOK-4 boundaries of paying

def test_gz_tok_4_tokens_that_cover_the_price_end_the_payment():
    """GZ-TOK-4: once the tokens spent cover the price nothing more is asked or spent (2 = one token; the other
    token stays)."""
    s = gz()
    markets(s, 3)
    set_coins(s, 1, 0)
    s.put("stop_zilla_yellow", s.p(1).zones["tokens"])
    s.put("stop_zilla_green", s.p(1).zones["tokens"])
    d = s.call("buy", s.p(1), s.put("school", s.zone("supply")))
    assert d.prompt == "Ann: spend which Stop-Zilla token (worth 2 coins)?"
    assert s.answer("Yellow Stop-Zilla token") is None
    assert tokens(s, 1) == ["stop_zilla_green"] and coins(s, 1) == 0


def test_gz_tok_4_coins_equal_to_the_price_may_pay_it_all():
    """GZ-TOK-4: a token "can be spent": with exactly the price in coins the player may still pay in coins only."""
    s = gz()
    markets(s, 3)
    set_coins(s, 1, 4)
    s.put("stop_zilla_yellow", s.p(1).zones["tokens"])
    d = s.call("buy", s.p(1), s.put("museum", s.zone("supply")))
    assert d.prompt == "Ann: spend a Stop-Zilla token worth 2 coins, or pay 4 more in coins?"
    assert d.labels() == ["Yellow Stop-Zilla token", "Pay 4 more in coins"]
    assert s.answer("Pay 4 more in coins") is None
    assert coins(s, 1) == 0 and tokens(s, 1) == ["stop_zilla_yellow"]
    # the account says the answer as the player chose it
    assert "  Ann: Pay 4 more in coins" in s.match.lines


# ---------------------------------------------------------------- GZ-DES-3 a destroyed card is not destroyed again

def test_gz_des_3_a_destroyed_building_is_not_offered_for_destruction_again():
    """GZ-DES-3: a destroyed building already carries a monster; the next destruction picks among the others."""
    s = gz()
    for seat in (1, 2, 3):
        market(s, seat)
    bank, igloo, zoo = city(s, 1, "bank", "igloo", "zoo")
    destroy(bank)
    monster_in_front(s, 1, "corgizilla")
    s.put("grozilla", s.zone("deck4"))
    d = s.call("reveal", s.p(1), "Pile IV")
    assert d.labels() == ["Happy Market", "Igloo", "Zoo"]


def test_gz_tok_3_a_monster_sent_round_the_table_back_to_its_sender_destroys_nothing():
    """GZ-MOVE-1, GZ-TOK-3: Ann buys green and sends Grozilla on; Ben and Cleo each spend a green token, so it comes
    back to Ann, where it already stood: it stays in front of her city, one monster, no destruction."""
    s = gz()
    markets(s, 3)
    city(s, 1, "bank")
    monster_in_front(s, 1, "grozilla")
    s.put("stop_zilla_green", s.p(2).zones["tokens"])
    s.put("stop_zilla_green", s.p(3).zones["tokens"])
    set_coins(s, 1, 3)
    assert buy(s, 1, "igloo") is None
    assert tokens(s, 2) == [] and tokens(s, 3) == []
    assert front(s, 1) == ["grozilla", "figure_grozilla"] and ruins(s, 1) == []
    assert not any(p.f and p.f.get("destroyed") for p in s.p(1).zones["city"].items)
    assert not any("destroys" in line for line in s.lines())
