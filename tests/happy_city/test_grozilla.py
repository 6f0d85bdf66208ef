"""Happy City: Grozilla (GZ-...): the fourth pile, monsters, Stop-Zilla tokens, destruction, multi-coloured cards,
the expert-mode notes and the sheet's three examples."""
from __future__ import annotations

import pytest

from .helpers import (
    INCOME,
    city,
    coins,
    fn,
    hearts,
    ids,
    income,
    make,
    market,
    people,
    phase,
    price,
    score,
    set_coins,
    stack,
)


def gz(players=3, **kw):
    return make(players, grozilla=True, **kw)


def front(s, seat):
    return ids(s, seat, "front")


def ruins(s, seat):
    return ids(s, seat, "ruins")


def tokens(s, seat):
    return ids(s, seat, "tokens")


def give_token(s, seat, colour):
    return s.put(f"stop_zilla_{colour}", s.p(seat).zones["tokens"])


def supply_tokens(s, colour, n=1):
    for _ in range(n):
        s.put(f"stop_zilla_{colour}", s.zone("token_supply"))


def monster_in_front(s, seat, monster):
    """A monster (and its figure) already in front of a city."""
    s.put(monster, s.p(seat).zones["front"])
    s.put(f"figure_{monster}", s.p(seat).zones["front"])


def buy(s, seat, card_id, answers=()):
    """Buy a card (put in the central area first); a player holding tokens pays in coins unless told otherwise."""
    piece = s.put(card_id, s.zone("supply"))
    d = s.call("buy", s.p(seat), piece, answers=answers)
    while d is not None and ", or pay " in d.prompt:
        d = s.answer(d.labels()[-1])  # "Pay N more in coins"
    return d


def markets(s, players):
    for seat in range(1, players + 1):
        market(s, seat)


# ---------------------------------------------------------------- the fourth pile


def test_gz_pile_1_pile_four_is_used_like_the_others_but_never_rebuilt():
    """GZ-PILE-1: players may reveal from the fourth pile as from the others; when it runs out no new pile is
    formed from its discard pile (the three base piles still are)."""
    s = gz()
    markets(s, 3)
    for n, cid in ((1, "igloo"), (2, "museum"), (3, "zoo")):
        s.put(cid, s.zone(f"deck{n}"))
    stack(s, s.zone("deck4"), "skate_park")
    d = s.call("refill", s.p(1))
    assert d.labels() == ["Pile I", "Pile II", "Pile III", "Pile IV"]
    d = s.answer("Pile IV")
    assert s.ids(s.zone("supply")) == ["skate_park"]
    assert d.labels() == ["Pile I", "Pile II", "Pile III"]  # pile IV is spent
    s.answer("Pile I", "Pile II")
    # a pile IV card discarded goes to pile IV's discard pile, which never becomes a new pile
    s.call("discard_step", s.p(2), answers=["Skate Park"])
    assert s.ids(s.zone("discard4")) == ["skate_park"]
    s.put("spa", s.zone("discard3"))
    d = s.call("refill", s.p(2))
    assert d is None  # only pile III (from its discard pile) can be used: no question
    assert s.ids(s.zone("supply"))[-1] in ("zoo", "spa") and s.ids(s.zone("discard4")) == ["skate_park"]
    assert fn(s, "pile_ready", "Pile IV") is False and fn(s, "pile_ready", "Pile III") is True


# ---------------------------------------------------------------- monsters


def test_gz_mon_1_a_revealed_monster_stands_in_front_of_the_revealers_city_with_its_figure():
    """GZ-MON-1: a player revealing a monster places it, with its figure, in front of the city, not in one of its
    10 places (the city and the central area are unchanged)."""
    s = gz()
    markets(s, 3)
    s.put("figure_grozilla", s.zone("figure_supply"))
    stack(s, s.zone("deck4"), "grozilla", "cottage")
    stack(s, s.zone("supply"), "zoo", "spa")
    assert s.call("reveal", s.p(1), "Pile IV") is None
    assert front(s, 1) == ["grozilla", "figure_grozilla"]
    assert ids(s, 1) == ["happy_market_yellow"]
    assert s.ids(s.zone("supply")) == ["spa", "zoo"] and s.ids(s.zone("figure_supply")) == []
    assert s.zone("front", 1).spec.visibility == "public"


def test_gz_mon_3_the_player_goes_on_revealing_after_a_monster():
    """GZ-MON-3: after placing a revealed monster the player goes on revealing until 3 buildings are face up."""
    s = gz()
    markets(s, 3)
    stack(s, s.zone("deck4"), "skate_park", "kotzilla", "cottage", "landfill")
    s.put("igloo", s.zone("deck1"))
    stack(s, s.zone("supply"), "zoo")
    d = s.call("refill", s.p(1), answers=["Pile IV", "Pile IV"])
    assert front(s, 1) == ["kotzilla"]
    assert d is not None and d.player is s.p(1)  # still one card short: the refill goes on
    assert s.answer("Pile IV") is None
    assert s.ids(s.zone("supply")) == ["zoo", "skate_park", "cottage"]


def test_gz_mon_2_the_monster_effect_applies_while_it_stays_in_front():
    """GZ-MON-2: a monster's effect applies to the player it stands in front of, and stops when it leaves
    (Corgizilla: cards cost 1 more; Sprutzilla: residences cost 1 more; Grozilla: 1 less income)."""
    s = gz()
    markets(s, 3)
    city(s, 1, "bank")
    zoo = s.put("zoo", s.zone("supply"))
    monster_in_front(s, 1, "corgizilla")
    assert price(s, zoo, 1) == 9 and price(s, zoo, 2) == 8
    set_coins(s, 1, 10)
    buy(s, 1, "hotel")  # orange: Corgizilla leaves for Ben
    assert coins(s, 1) == 10 - 6
    assert front(s, 1) == [] and front(s, 2) == ["corgizilla", "figure_corgizilla"]
    assert price(s, zoo, 1) == 8 and price(s, zoo, 2) == 9
    house = s.put("house", s.zone("pile_house"))
    monster_in_front(s, 3, "sprutzilla")
    assert price(s, house, 3) == 2 and price(s, house, 1) == 1 and price(s, zoo, 3) == 8
    monster_in_front(s, 1, "grozilla")
    assert income(s, 1) == 2 + 2 - 1  # market, bank, hotel, less 1


# ---------------------------------------------------------------- Stop-Zilla tokens


def test_gz_tok_1_the_third_card_of_a_colour_brings_a_token_while_any_remain():
    """GZ-TOK-1: buying the 3rd card of a colour gives a Stop-Zilla token of that colour, if any remain."""
    s = gz()
    markets(s, 3)
    supply_tokens(s, "green", 1)
    supply_tokens(s, "blue", 1)
    set_coins(s, 1, 20)
    buy(s, 1, "igloo")
    s.call("buy", s.p(1), s.put("house", s.zone("pile_house")))
    assert tokens(s, 1) == []  # 2 green cards
    buy(s, 1, "treehouse")
    assert tokens(s, 1) == ["stop_zilla_green"] and s.ids(s.zone("token_supply")) == ["stop_zilla_blue"]
    # none left: nothing
    set_coins(s, 2, 20)
    for cid in ("igloo", "treehouse"):
        buy(s, 2, cid)
    s.call("buy", s.p(2), s.put("apartment_building", s.zone("pile_apartment")))
    assert tokens(s, 2) == []


def test_gz_tok_2_reaching_six_cards_of_a_colour_brings_another_token():
    """GZ-TOK-2: a 6th card of a colour gives one more token of that colour (not the 4th or 5th)."""
    s = gz()
    markets(s, 3)
    supply_tokens(s, "blue", 3)
    set_coins(s, 1, 40)
    got = []
    for cid in ("school", "park", "library", "museum", "hospital", "observatory"):
        buy(s, 1, cid)
        got.append(len(tokens(s, 1)))
    assert got == [0, 0, 1, 1, 1, 2]
    assert s.ids(s.zone("token_supply")) == ["stop_zilla_blue"]


def test_gz_move_1_buying_the_monsters_colour_sends_it_to_the_left_neighbour():
    """GZ-MOVE-1: buying a building of the colour of the monster in front of your city moves that monster, card
    and figure, to the front of the left neighbour's city; another colour does not."""
    s = gz(4)
    markets(s, 4)
    monster_in_front(s, 1, "grozilla")
    set_coins(s, 1, 20)
    buy(s, 1, "school")
    assert front(s, 1) == ["grozilla", "figure_grozilla"]
    buy(s, 1, "igloo")
    assert front(s, 1) == [] and front(s, 2) == ["grozilla", "figure_grozilla"]
    assert front(s, 4) == []


def test_gz_tok_3_a_token_of_the_arriving_monsters_colour_sends_it_on():
    """GZ-TOK-3: a monster arriving from the pile at a player holding a token of its colour moves on at once to the
    left neighbour, spending the token (from the right neighbour: the sheet's example, GZ-EX-1)."""
    s = gz()
    markets(s, 3)
    give_token(s, 1, "green")
    give_token(s, 1, "blue")
    stack(s, s.zone("deck4"), "grozilla", "cottage")
    s.call("reveal", s.p(1), "Pile IV")
    assert front(s, 1) == [] and front(s, 2) == ["grozilla"]
    assert tokens(s, 1) == ["stop_zilla_blue"]


def test_gz_tok_4_a_token_is_worth_two_coins_toward_a_purchase():
    """GZ-TOK-4: a Stop-Zilla token can be spent as 2 coins to buy a card; tokens count toward what a player can
    afford."""
    s = gz()
    markets(s, 3)
    set_coins(s, 1, 1)
    give_token(s, 1, "yellow")
    zoo, igloo, museum = stack(s, s.zone("supply"), "zoo", "igloo", "museum")[::-1]
    assert [fn(s, "can_buy", s.p(1), c) for c in (zoo, igloo, museum)] == [False, True, False]
    # 3 = 1 coin + a token (the only card offered: bought without asking; the token must be spent)
    assert s.call("action_step", s.p(1), answers=["Buy a face-up building"]) is None
    assert ids(s, 1)[-1] == "igloo" and coins(s, 1) == 0 and tokens(s, 1) == []
    s2 = gz()
    markets(s2, 3)
    set_coins(s2, 1, 5)
    give_token(s2, 1, "yellow")
    give_token(s2, 1, "green")
    s2.put("museum", s2.zone("supply"))
    d = s2.call("action_step", s2.p(1), answers=["Buy a face-up building"])
    assert d.prompt.endswith(", or pay 4 more in coins?")
    d = s2.answer("Yellow Stop-Zilla token")
    assert d.prompt.endswith(", or pay 2 more in coins?")
    assert s2.answer("Pay 2 more in coins") is None
    assert coins(s2, 1) == 3 and tokens(s2, 1) == ["stop_zilla_green"] and ids(s2, 1)[-1] == "museum"


def test_gz_tok_4_tokens_pay_when_coins_are_short():
    """GZ-TOK-4: with too few coins the tokens must be spent (2 each); the last token may cover a single coin."""
    s = gz()
    markets(s, 3)
    set_coins(s, 1, 0)
    give_token(s, 1, "yellow")
    give_token(s, 1, "green")
    s.put("florist", s.zone("supply"))
    d = s.call("action_step", s.p(1), answers=["Buy a face-up building"])
    assert d.prompt == "Ann: spend which Stop-Zilla token (worth 2 coins)?"
    assert s.answer("Yellow Stop-Zilla token") is None  # the green one covers the last coin
    assert ids(s, 1)[-1] == "florist" and tokens(s, 1) == [] and coins(s, 1) == 0


def test_gz_tok_5_a_spent_token_goes_to_the_box_not_the_supply():
    """GZ-TOK-5: a token spent as coins or against a monster goes back in the box, never to the token supply."""
    s = gz()
    markets(s, 3)
    set_coins(s, 1, 1)
    t = give_token(s, 1, "yellow")
    s.put("igloo", s.zone("supply"))
    s.call("action_step", s.p(1), answers=["Buy a face-up building"])
    assert t.zone is s.zone("box") and s.ids(s.zone("token_supply")) == []
    u = give_token(s, 2, "green")
    s.put("grozilla", s.zone("deck4"))
    s.call("reveal", s.p(2), "Pile IV")
    assert u.zone is s.zone("box") and front(s, 3) == ["grozilla"]


# ---------------------------------------------------------------- destruction


def two_monsters(destroyer=None, players=3):
    opts = {} if destroyer is None else {"destroyer": destroyer}
    s = gz(players, **opts)
    markets(s, players)
    city(s, 1, "bank", "igloo", "zoo")
    monster_in_front(s, 1, "corgizilla")
    s.put("figure_grozilla", s.zone("figure_supply"))
    s.put("grozilla", s.zone("deck4"))
    return s


def test_gz_des_1_a_second_monster_destroys_a_building_of_the_owners_choice():
    """GZ-DES-1: a player with a monster who gets a second one: the game pauses, and one of the monsters destroys a
    building of the city chosen by its owner."""
    s = two_monsters()
    d = s.call("reveal", s.p(1), "Pile IV")
    assert d.player is s.p(1) and d.prompt == "Ann: Corgizilla destroys which building of your city?"
    assert d.labels() == ["Happy Market", "Bank", "Igloo", "Zoo"]
    assert s.answer("Igloo") is None
    destroyed = [p.card.id for p in s.p(1).zones["city"].items if p.f and p.f.get("destroyed")]
    assert destroyed == ["igloo"]


@pytest.mark.parametrize("destroyer,destroys,stays", [(None, "corgizilla", "grozilla"), ("first", "corgizilla", "grozilla"),
                                                       ("second", "grozilla", "corgizilla")])
def test_gz_des_2_which_monster_destroys_is_a_rules_option(destroyer, destroys, stays):
    """GZ-DES-2: `destroyer=first` (the default, the rule text): the monster that came first destroys;
    `destroyer=second` (the sheet's example): the newcomer destroys. The other stays in front of the city."""
    s = two_monsters(destroyer)
    s.call("reveal", s.p(1), "Pile IV", answers=["Bank"])
    assert ruins(s, 1) == [destroys, f"figure_{destroys}"]
    assert front(s, 1) == [stays, f"figure_{stays}"]


def test_gz_des_3_a_destroyed_building_has_no_name_effect_or_colour_and_keeps_its_place():
    """GZ-DES-3: the monster card and figure lie on the destroyed building; it has no name (another card of that
    name may be bought), no effect (its income is gone), no colour; its place takes no new building."""
    s = two_monsters()
    s.call("reveal", s.p(1), "Pile IV", answers=["Igloo"])
    assert ruins(s, 1) == ["corgizilla", "figure_corgizilla"]
    assert ids(s, 1) == ["happy_market_yellow", "bank", "igloo", "zoo"]  # still in its place
    assert fn(s, "colour_count", s.p(1), "green") == 0
    assert income(s, 1) == 1 + 1 - 1  # market + bank; the Igloo's income is gone; Grozilla in front: -1
    assert people(s, 1) == 1  # the Bank's person; the Igloo's is gone
    set_coins(s, 1, 10)
    igloo2 = s.put("igloo", s.zone("supply"))
    assert fn(s, "can_buy", s.p(1), igloo2)  # the destroyed Igloo has no name
    s.call("buy", s.p(1), igloo2)
    assert ids(s, 1) == ["happy_market_yellow", "bank", "igloo", "zoo", "igloo"]  # the new card takes the next place
    assert s.p(1).zones["city"].items[2].f["destroyed"] is True


def test_gz_des_3_a_destroyed_special_loses_its_effect():
    """GZ-DES-3: a destroyed special building (here the Castle) has no effect any more."""
    s = gz(3, mode="expert")
    markets(s, 3)
    castle = s.put("castle", s.p(1).zones["city"])
    set_coins(s, 1, 0)
    set_coins(s, 2, 20)
    buy(s, 2, "museum")
    assert coins(s, 1) == 1
    castle.f = {"destroyed": True}
    buy(s, 2, "hospital")
    assert coins(s, 1) == 1


def test_gz_des_4_the_destroying_monsters_effect_lasts_to_the_end():
    """GZ-DES-4: the monster lying on a destroyed building keeps its effect to the end of the game, and buying its
    colour does not move it."""
    s = two_monsters("second")  # Grozilla (green, -1 income) destroys and stays in the city
    s.call("reveal", s.p(1), "Pile IV", answers=["Zoo"])
    assert ruins(s, 1) == ["grozilla", "figure_grozilla"]
    assert income(s, 1) == 1 + 1 + 1 - 1
    set_coins(s, 1, 20)
    buy(s, 1, "treehouse")  # green: Grozilla stays; orange would move Corgizilla
    assert ruins(s, 1) == ["grozilla", "figure_grozilla"] and front(s, 1) == ["corgizilla", "figure_corgizilla"]
    phase(s, INCOME)
    assert coins(s, 1) == 20 - (8 + 1) + (3 - 1)  # Corgizilla's +1 on the Treehouse; income 3, Grozilla -1
    buy(s, 1, "hotel")  # orange: Corgizilla leaves; Grozilla's effect goes on
    assert front(s, 1) == [] and front(s, 2) == ["corgizilla", "figure_corgizilla"]
    assert income(s, 1) == 1 + 1 + 1 + 2 - 1


def test_gz_des_5_a_destroyed_building_counts_among_the_ten():
    """GZ-DES-5: a destroyed building (with its monster: one card) counts as one of the 10 cards of the city."""
    s = two_monsters()
    city(s, 1, "school", "park", "library", "museum", "hospital")  # 9 cards
    s.call("reveal", s.p(1), "Pile IV", answers=["Zoo"])
    assert len(ids(s, 1)) == 9 and s.match.end_reason is None
    set_coins(s, 1, 10)
    buy(s, 1, "florist")
    assert len(ids(s, 1)) == 10 and s.match.end_reason == "a city has 10 cards"


# ---------------------------------------------------------------- multi-coloured cards


def test_gz_multi_1_a_multi_coloured_card_counts_every_colour():
    """GZ-MULTI-1: a multi-coloured card counts all its colours for scoring and effects (colour counts, tokens)."""
    s = gz(3, mode="expert")
    market(s, 1, "yellow")
    city(s, 1, "skate_park", "eco_village")
    assert [fn(s, "colour_count", s.p(1), c) for c in ("blue", "orange", "green", "yellow", "purple")] == [2, 2, 1, 1, 0]
    s.put("wind_turbine", s.p(1).zones["city"])  # +1 heart per green card
    s.put("st_basils_cathedral", s.zone("box"))
    assert hearts(s, 1) == 1 + 2 + 1


def test_gz_multi_2_claiming_counts_a_multi_coloured_card_as_one_colour():
    """GZ-MULTI-2: when claiming a special, a multi-coloured card counts as one of its colours (its owner's pick):
    a blue-and-orange Skate Park meets blue 1 or orange 1, not both."""
    s = gz()
    markets(s, 3)
    city(s, 1, "skate_park")
    ball_pit = s.put("ball_pit", s.zone("specials"))  # blue 1, orange 1
    toy_store = s.put("toy_store", s.zone("specials"))  # blue 1, green 1
    assert not fn(s, "claimable", s.p(1), ball_pit)
    city(s, 1, "school")
    assert fn(s, "claimable", s.p(1), ball_pit)  # the Skate Park as orange
    assert not fn(s, "claimable", s.p(1), toy_store)
    city(s, 1, "cottage")  # green and orange
    assert fn(s, "claimable", s.p(1), toy_store)
    superhero = s.put("superhero_academy", s.zone("specials"))  # green 1, orange 2
    assert not fn(s, "claimable", s.p(1), superhero)  # three cards would be needed: Skate, Cottage and one more
    city(s, 1, "haunted_house")
    assert fn(s, "claimable", s.p(1), superhero)
    d = s.call("claim_step", s.p(1))
    assert d.labels() == ["Ball Pit", "Toy Store", "Superhero Academy", "Take no special building"]


def test_gz_end_1_monster_effects_count_at_scoring_in_front_or_on_a_building():
    """GZ-END-1: at scoring, monster effects apply whether the monster stands in front of the city or lies on a
    destroyed building (Kotzilla: -2 hearts; Chirikizilla: -1 person)."""
    s = gz()
    markets(s, 3)
    city(s, 1, "zoo", "hospital", "bank")  # 3 people, 3 hearts
    assert score(s, 1) == 9
    monster_in_front(s, 1, "kotzilla")
    assert hearts(s, 1) == 1 and score(s, 1) == 3
    s.put("chirikizilla", s.p(1).zones["ruins"])
    s.p(1).zones["city"].items[3].f = {"destroyed": True}  # the Bank, under Chirikizilla
    assert people(s, 1) == 2 - 1 and score(s, 1) == 1


# ---------------------------------------------------------------- expert-mode notes


def test_gz_xp_1_tokens_are_not_income_versailles_and_arcade():
    """GZ-XP-1: Stop-Zilla tokens do not count as coins or income: Versailles Palace looks at coins only, Arcade
    needs coins, and the income phase pays no token."""
    s = gz(3, mode="expert")
    markets(s, 3)
    s.put("versailles_palace", s.p(1).zones["city"])
    set_coins(s, 1, 0)
    set_coins(s, 2, 3)
    for _ in range(3):
        give_token(s, 2, "blue")
    set_coins(s, 3, 4)
    phase(s, INCOME)
    assert [coins(s, k) for k in (1, 2, 3)] == [1 + 1, 4, 5 - 1]
    assert len(tokens(s, 2)) == 3
    s2 = gz(3, mode="expert")
    markets(s2, 3)
    s2.put("arcade", s2.p(1).zones["city"])
    set_coins(s2, 1, 0)
    give_token(s2, 1, "blue")
    phase(s2, INCOME)
    assert coins(s2, 1) == 1


def test_gz_xp_2_multi_coloured_cards_count_for_opponents_effects_and_discounts():
    """GZ-XP-2: multi-coloured cards count all their colours for effects reading other cities (Machu Picchu,
    Stonehenge) and for discounts (Railway Station, Airport, Harbour)."""
    s = gz(3, mode="expert")
    markets(s, 3)
    s.put("machu_picchu", s.p(1).zones["city"])
    city(s, 2, "skate_park", "robot_arena")  # Ben, the left neighbour: 2 orange, 2 blue
    assert people(s, 1) == 2
    s.put("stonehenge", s.p(3).zones["city"])
    s.p(3).vars["neighbour_pick"] = s.p(1)
    assert people(s, 3) == 0
    s.p(3).vars["neighbour_pick"] = s.p(2)
    assert people(s, 3) == 2
    aquarium = s.put("aquarium", s.zone("supply"))  # yellow, blue and orange
    harbour = s.put("harbour", s.p(2).zones["city"])
    assert price(s, aquarium, 2) == 7 - 3
    harbour.f = {"destroyed": True}
    assert price(s, aquarium, 2) == 7
    railway = s.put("railway_station", s.p(2).zones["city"])
    assert price(s, aquarium, 2) == 7 - 3
    railway.f = {"destroyed": True}
    s.put("airport", s.p(3).zones["city"])
    eco = s.put("eco_village", s.zone("supply"))
    assert price(s, eco, 3) == 8 - 3


def test_gz_xp_3_a_destroyed_building_and_its_monster_count_as_one_card():
    """GZ-XP-3: a destroyed building with its monster counts as one card (Lottery Shop, Easter Island Statue)."""
    s = two_monsters()
    s.call("reveal", s.p(1), "Pile IV", answers=["Igloo"])
    set_coins(s, 1, 0)
    lottery = s.put("lottery_shop", s.zone("specials"))
    s.call("claim", s.p(1), lottery)
    assert coins(s, 1) == 5  # market, bank, destroyed igloo, zoo, lottery
    s2 = two_monsters()
    city(s2, 1, "school", "park", "library")
    s2.call("reveal", s2.p(1), "Pile IV", answers=["Bank"])
    s2.put("easter_island_statue", s2.p(1).zones["city"])  # 8 cards with the destroyed Bank: +4
    assert hearts(s2, 1) == 3 + 1 + 1 + 4


def test_gz_xp_4_billiards_counts_a_multi_coloured_card_as_one_chosen_colour():
    """GZ-XP-4: for the Billiards a multi-coloured card placed before it counts as one colour, the player's pick."""
    for pick, expected in (("orange", 3), ("blue", 2)):
        s = gz(3, mode="expert")
        market(s, 1, "yellow")
        city(s, 1, "skate_park", "school")
        billiards = s.put("billiards", s.zone("specials"))
        d = s.call("claim", s.p(1), billiards)
        assert d.prompt == "Ann: for the Billiards, Skate Park counts as which colour?"
        assert d.labels() == ["blue", "orange"]
        assert s.answer(pick) is None
        assert income(s, 1) == 1 + 1 + expected  # market, Skate Park; yellow, the pick, School blue


def test_gz_xp_5_castle_counts_purchases_paid_with_tokens():
    """GZ-XP-5: a neighbour's purchase of 4 or more paid with Stop-Zilla tokens counts for the Castle."""
    s = gz(3, mode="expert")
    markets(s, 3)
    s.put("castle", s.p(1).zones["city"])
    set_coins(s, 1, 0)
    set_coins(s, 2, 0)
    give_token(s, 2, "blue")
    give_token(s, 2, "green")
    s.put("museum", s.zone("supply"))
    s.call("action_step", s.p(2), answers=["Buy a face-up building", "Blue Stop-Zilla token"])
    assert ids(s, 2)[-1] == "museum" and tokens(s, 2) == []
    assert coins(s, 1) == 1


def test_gz_xp_6_picture_gallery_has_no_effect_after_a_destroyed_building():
    """GZ-XP-6: the Picture Gallery copies nothing when the card before it is destroyed."""
    s = gz(3, mode="expert")
    markets(s, 3)
    zoo, = city(s, 1, "zoo")
    s.put("picture_gallery", s.p(1).zones["city"])
    assert hearts(s, 1) == 6
    zoo.f = {"destroyed": True}
    assert hearts(s, 1) == 0


def test_gz_xp_7_hot_dog_shop_does_not_apply_to_the_fourth_pile():
    """GZ-XP-7: the Hot Dog Shop's lowest-price rule is for piles I to III only, not the multi-coloured cards."""
    s = gz(3, mode="expert")
    markets(s, 3)
    s.put("hot_dog_shop", s.p(1).zones["city"])
    night, stadium = s.put("night_market", s.zone("supply")), s.put("stadium", s.zone("supply"))
    assert price(s, night, 1) == 9 and price(s, stadium, 1) == 6


def test_gz_xp_8_statue_of_liberty_replaces_the_building_in_front_of_a_monster():
    """GZ-XP-8, GZ-DES-3: "Statue of Liberty: if the last card is a monster card, the building in front of that monster
    is replaced", and a destroyed building's space takes "no new building": with the last card destroyed (Grozilla
    lying on the Library), the Park in front of it is discarded to its pile's discard pile and the Statue takes the
    Park's space; the Library stays destroyed in its own space, Grozilla on it, its effect going on (GZ-DES-4)."""
    s = two_monsters("second")
    city(s, 1, "school", "park", "library")
    s.call("reveal", s.p(1), "Pile IV", answers=["Library"])  # Grozilla destroys the last card
    statue = s.put("statue_of_liberty", s.zone("specials"))
    s.call("claim", s.p(1), statue)
    assert ids(s, 1) == ["happy_market_yellow", "bank", "igloo", "zoo", "school", "statue_of_liberty", "library"]
    library = s.p(1).zones["city"].items[-1]
    assert library.f["destroyed"] is True
    assert s.ids(s.zone("discard1")) == ["park"]
    park = s.zone("discard1").items[0]
    assert not (park.f or {}).get("destroyed")
    assert ruins(s, 1) == ["grozilla", "figure_grozilla"]
    assert hearts(s, 1) == 3 + 4  # Zoo and the Statue; the Park is gone, the Library has no effect
    assert income(s, 1) == 1 + 1 + 1 - 1  # Market, Bank, Igloo; Grozilla -1
    assert any("the last card is destroyed and its space takes no new building; Ann discards Park, the card in "
               "front of it, and the Statue takes its place." in line for line in s.lines())


def test_gz_xp_8_statue_of_liberty_passes_every_destroyed_card_at_the_end():
    """GZ-XP-8, the boundary: with the two last cards destroyed the Statue replaces the last card not destroyed, and
    both destroyed cards keep their spaces after it; a destroyed card before the last one does not change which card
    is replaced (the last one, as without monsters)."""
    s = two_monsters("second")
    city(s, 1, "school", "park", "library")
    s.call("reveal", s.p(1), "Pile IV", answers=["Library"])
    for piece in s.p(1).zones["city"].items:
        if piece.card.id == "park":
            piece.f = {**(piece.f or {}), "destroyed": True}
    statue = s.put("statue_of_liberty", s.zone("specials"))
    s.call("claim", s.p(1), statue)
    assert ids(s, 1) == ["happy_market_yellow", "bank", "igloo", "zoo", "statue_of_liberty", "park", "library"]
    assert s.ids(s.zone("discard1")) == ["school"]
    s = two_monsters("second")
    city(s, 1, "school", "park", "library")
    s.call("reveal", s.p(1), "Pile IV", answers=["School"])  # a destroyed card before the last
    statue = s.put("statue_of_liberty", s.zone("specials"))
    s.call("claim", s.p(1), statue)
    assert ids(s, 1) == ["happy_market_yellow", "bank", "igloo", "zoo", "school", "park", "statue_of_liberty"]
    assert s.ids(s.zone("discard1")) == ["library"]


# ---------------------------------------------------------------- the sheet's examples


def test_gz_ex_1_igloo_third_green_grozilla_passes_two_tokens_to_the_fourth_player():
    """GZ-EX-1: Sasha (Ann) buys the Igloo, her third green card, and takes a green Stop-Zilla token; the Igloo is
    Grozilla's colour, so Grozilla goes to her left neighbour; the next two players spend their green tokens and
    Grozilla ends up in front of the fourth player's city."""
    s = gz(4)
    markets(s, 4)
    city(s, 1, "house", "treehouse")
    monster_in_front(s, 1, "grozilla")
    supply_tokens(s, "green", 1)
    b_token = give_token(s, 2, "green")
    c_token = give_token(s, 3, "green")
    set_coins(s, 1, 3)
    s.put("igloo", s.zone("supply"))
    s.call("action_step", s.p(1), answers=["Buy a face-up building"])
    assert ids(s, 1)[-1] == "igloo"
    assert tokens(s, 1) == ["stop_zilla_green"]
    assert front(s, 1) == front(s, 2) == front(s, 3) == []
    assert front(s, 4) == ["grozilla", "figure_grozilla"]
    assert b_token.zone is s.zone("box") and c_token.zone is s.zone("box")
    assert s.ids(s.zone("token_supply")) == []


@pytest.mark.parametrize("destroyer,destroys", [("second", "chirikizilla"), ("first", "grozilla")])
def test_gz_ex_2_a_second_monster_destroys_the_cottage_and_the_turn_goes_on(destroyer, destroys):
    """GZ-EX-2: Sasha (Ann) already has a monster and reveals Chirikizilla from the pile: a monster destroys one of
    her buildings, she picks the Cottage, and she goes on with her turn. The example shows Chirikizilla (the
    second) destroying (`destroyer=second`); the rule text makes the first one do it (default)."""
    s = gz(3, destroyer=destroyer)
    markets(s, 3)
    city(s, 1, "bank", "cottage", "school")
    monster_in_front(s, 1, "grozilla")
    s.put("figure_chirikizilla", s.zone("figure_supply"))
    stack(s, s.zone("deck4"), "chirikizilla", "skate_park")
    s.put("stadium", s.zone("deck3"))
    stack(s, s.zone("supply"), "zoo", "spa")
    set_coins(s, 1, 0)
    d = s.call("take_turn", s.p(1), answers=["Discard nothing", "Pile IV"])
    assert d.prompt.endswith("destroys which building of your city?") and d.player is s.p(1)
    d = s.answer("Cottage")
    assert ruins(s, 1) == [destroys, f"figure_{destroys}"]
    assert s.p(1).zones["city"].items[2].f["destroyed"] is True
    # she goes on: the refill continues (one more card), then her action
    assert d.prompt == "Ann: reveal a card from which pile?"
    assert s.answer("Pile IV") is None  # nothing affordable: she takes her coin
    assert s.ids(s.zone("supply")) == ["spa", "zoo", "skate_park"]
    assert coins(s, 1) == 1


def test_gz_ex_3_skate_park_gives_two_tokens_and_the_parthenon_not_the_stone_garden():
    """GZ-EX-3: buying the Skate Park (blue and orange) brings the blue and the orange Stop-Zilla tokens (it counts
    both colours) - and, claiming, it counts as one colour: it completes the Parthenon (blue 2, orange 1, with
    yellow 1 and purple 1), never the Japanese Stone Garden (blue 2 AND orange 2)."""
    s = gz(3, mode="expert")
    markets(s, 3)
    city(s, 1, "school", "police_station", "haunted_house", "hotel")  # blue 2, orange 2
    supply_tokens(s, "blue")
    supply_tokens(s, "orange")
    set_coins(s, 1, 4)
    buy(s, 1, "skate_park")
    assert sorted(tokens(s, 1)) == ["stop_zilla_blue", "stop_zilla_orange"]
    # claiming: one colour only
    s2 = gz(3, mode="expert")
    markets(s2, 3)
    city(s2, 1, "bank", "school", "haunted_house", "factory", "igloo", "skate_park")  # Y B O P G + Skate Park
    parthenon = s2.put("parthenon", s2.zone("specials"))  # yellow, blue 2, orange, purple
    garden = s2.put("japanese_stone_garden", s2.zone("specials"))  # yellow, blue 2, green, orange 2
    assert fn(s2, "claimable", s2.p(1), parthenon)
    assert not fn(s2, "claimable", s2.p(1), garden)
    d = s2.call("claim_step", s2.p(1))
    assert d.labels() == ["Parthenon", "Take no special building"]
