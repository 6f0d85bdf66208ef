"""Happy City, expert mode: the coloured Happy Market's colour (HC-EXP-3) and every expert special building
(HC-EXP-4: one test per card, `test_hc_exp_card_<id>`)."""
from __future__ import annotations

from .helpers import (
    ACTIONS,
    INCOME,
    city,
    coins,
    finish,
    fn,
    game,
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

EXPERT_IDS = sorted(c.id for c in game().cards.values() if c.kind == "special" and c.fields["mode"] == "expert")


def expert(players=3, **kw):
    s = make(players, mode="expert", **kw)
    return s


def claim(s, seat, sid, answers=()):
    """Claim a special (its condition is not checked here: the effect is under test)."""
    piece = s.put(sid, s.zone("specials"))
    d = s.call("claim", s.p(seat), piece, answers=answers)
    assert d is None, d and d.prompt
    return piece


def end(s, answers=()):
    return s.call("end_choices", answers=answers)


def test_every_expert_card_has_a_test():
    """HC-EXP-4: the 38 expert specials each have a test_hc_exp_card_<id> below."""
    assert len(EXPERT_IDS) == 38
    missing = [i for i in EXPERT_IDS if f"test_hc_exp_card_{i}" not in globals()]
    assert missing == []


def test_hc_exp_3_the_coloured_market_counts_for_special_conditions():
    """HC-EXP-3: in expert mode the coloured Happy Market's colour counts toward special conditions; the white
    side (family) has no colour."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "igloo")
    lottery = s.put("lottery_shop", s.zone("specials"))  # needs 2 green
    assert fn(s, "claimable", s.p(1), lottery)
    market(s, 2)  # white side
    city(s, 2, "igloo")
    assert not fn(s, "claimable", s.p(2), lottery)
    d = s.call("claim_step", s.p(1))
    assert d.labels() == ["Lottery Shop", "Take no special building"]


# ---------------------------------------------------------------- end-game copies and neighbours


def test_hc_exp_card_pyramid():
    """HC-EXP-4 (Pyramid): at the end, copy the card at the same place in a neighbour's city (the player picks the
    neighbour); a special there is not copied; the colour is not copied."""
    s = expert()
    market(s, 1, "blue")
    city(s, 1, "school", "factory")
    claim(s, 1, "pyramid")  # place 4
    market(s, 2, "green")
    city(s, 2, "bank", "igloo", "zoo")  # Ben, the left neighbour: the Zoo (3 hearts) at place 4
    market(s, 3, "yellow")
    city(s, 3, "bank", "park", "hospital")  # Cleo, the right neighbour: the Hospital (2 people) at place 4
    d = end(s)
    assert d.player is s.p(1) and d.labels() == ["Ben", "Cleo"]
    s.answer("Ben")
    assert hearts(s, 1) == -1 + 3 and people(s, 1) == 1  # the Factory's crossed-out heart, the Zoo's 3
    assert fn(s, "colour_count", s.p(1), "orange") == 0
    s.p(1).vars["neighbour_pick"] = s.p(3)
    assert hearts(s, 1) == -1 and people(s, 1) == 1 + 2
    # a special at that place gives nothing
    s.match.place(s.p(2).zones["city"].items[-1], s.zone("box"))  # the Zoo leaves Ben's city
    claim(s, 2, "dinosaur_park")
    s.p(1).vars["neighbour_pick"] = s.p(2)
    assert hearts(s, 1) == -1 and people(s, 1) == 1


def test_hc_exp_card_castle():
    """HC-EXP-4 (Castle): whenever a neighbour spends 4 coins or more, take 1 coin from the bank."""
    s = expert(4)
    for seat in (1, 2, 3, 4):
        market(s, seat)
        set_coins(s, seat, 20)
    claim(s, 1, "castle")
    set_coins(s, 1, 0)
    stack(s, s.zone("supply"), "museum", "school", "zoo", "hotel")
    s.call("buy", s.p(2), s.card("museum", s.zone("supply")))  # left neighbour, 4
    assert coins(s, 1) == 1
    s.call("buy", s.p(2), s.card("school", s.zone("supply")))  # 2: too little
    assert coins(s, 1) == 1
    s.call("buy", s.p(3), s.card("zoo", s.zone("supply")))  # not a neighbour
    assert coins(s, 1) == 1
    s.call("buy", s.p(4), s.card("hotel", s.zone("supply")))  # right neighbour, 5
    assert coins(s, 1) == 2


def test_hc_exp_card_lottery_shop():
    """HC-EXP-4 (Lottery Shop): now gain 1 coin per card of the city, this one included."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "igloo", "school", "bank")
    set_coins(s, 1, 0)
    claim(s, 1, "lottery_shop")
    assert coins(s, 1) == 5


def test_hc_exp_card_harbour():
    """HC-EXP-4 (Harbour): blue cards cost its owner 3 less, never below 0 (no coins back)."""
    s = expert()
    market(s, 1, "yellow")
    market(s, 2, "blue")
    claim(s, 1, "harbour")
    museum, school, university, zoo = stack(s, s.zone("supply"), "museum", "school", "university")[::-1] + [
        s.put("zoo", s.zone("deck3"))]
    assert [price(s, c, 1) for c in (museum, school, university, zoo)] == [1, 0, 3, 8]
    assert price(s, museum, 2) == 4
    set_coins(s, 1, 1)
    s.call("action_step", s.p(1), answers=["Buy a face-up building", "School"])
    assert coins(s, 1) == 1 and ids(s, 1)[-1] == "school"


def test_hc_exp_card_airport():
    """HC-EXP-4 (Airport): green cards (residences too) cost its owner 3 less, never below 0."""
    s = expert()
    market(s, 1, "blue")
    claim(s, 1, "airport")
    cards = [s.put(i, s.zone("pile_house")) for i in ("house", "apartment_building", "luxury_residence")]
    cards += [s.put(i, s.zone("supply")) for i in ("igloo", "treehouse", "zoo")]
    assert [price(s, c, 1) for c in cards] == [0, 0, 3, 0, 5, 8]
    assert price(s, cards[2], 2) == 6


def test_hc_exp_card_railway_station():
    """HC-EXP-4 (Railway Station): orange cards cost its owner 3 less, never below 0."""
    s = expert()
    market(s, 1, "blue")
    claim(s, 1, "railway_station")
    cards = [s.put(i, s.zone("supply")) for i in ("zoo", "haunted_house", "museum")]
    assert [price(s, c, 1) for c in cards] == [5, 0, 4]
    assert price(s, cards[0], 2) == 8


def test_hc_exp_card_picture_gallery():
    """HC-EXP-4 (Picture Gallery): copies the card placed just before it (its icons), not its colour."""
    s = expert()
    market(s, 1, "yellow")
    city(s, 1, "school", "zoo")
    claim(s, 1, "picture_gallery")
    assert hearts(s, 1) == 3 + 3 and fn(s, "colour_count", s.p(1), "orange") == 1
    market(s, 2, "blue")
    city(s, 2, "bank")
    gallery = s.p(1).zones["city"].items[-1]
    s.match.place(gallery, s.p(2).zones["city"])  # the same card after a Bank: income and person copied
    assert income(s, 2) == 1 + 1 + 1 and people(s, 2) == 2


def test_hc_exp_card_bowling():
    """HC-EXP-4 (Bowling): +3 coins of income per purple card of the city."""
    s = expert()
    market(s, 1, "purple")
    city(s, 1, "factory", "steel_mill")
    claim(s, 1, "bowling")
    assert income(s, 1) == 1 + 1 + 1 + 3 * 3
    phase(s, INCOME)
    assert coins(s, 1) == 2 + 12


def test_hc_exp_card_concert_arena():
    """HC-EXP-4 (Concert Arena): now gain twice your income; at the end lose as many points as your income."""
    s = expert()
    market(s, 1, "yellow")
    city(s, 1, "garage", "hotel")  # income 1 + 2 + 2; 1 person, 1 heart
    set_coins(s, 1, 0)
    claim(s, 1, "concert_arena")
    assert coins(s, 1) == 10
    assert fn(s, "penalty_of", s.p(1)) == 5
    assert score(s, 1) == 1 * 1 - 5


def test_hc_exp_card_easter_island_statue():
    """HC-EXP-4 (Easter Island Statue): +2 hearts with exactly 9 cards, +4 with fewer, none with 10."""
    s = expert()
    market(s, 1, "yellow")
    city(s, 1, "zoo", "factory", "school", "bank", "park", "igloo")
    claim(s, 1, "easter_island_statue")  # 8 cards
    base = 3 - 1 + 1
    assert hearts(s, 1) == base + 4
    city(s, 1, "hospital")
    assert hearts(s, 1) == base + 2
    city(s, 1, "garage")
    assert hearts(s, 1) == base


def test_hc_exp_card_statue_of_liberty():
    """HC-EXP-4 (Statue of Liberty): +4 hearts; the last card of the city is discarded (to its pile's discard pile)
    and the Statue takes its place."""
    s = expert()
    market(s, 1, "blue")
    city(s, 1, "school", "police_station", "library", "museum")
    claim(s, 1, "statue_of_liberty")
    assert ids(s, 1) == ["happy_market_blue", "school", "police_station", "library", "statue_of_liberty"]
    assert s.ids(s.zone("discard2")) == ["museum"]
    assert hearts(s, 1) == 1 + 4
    # a residence as last card goes back to its pile
    s2 = expert()
    market(s2, 1, "green")
    city(s2, 1, "school", "house")
    claim(s2, 1, "statue_of_liberty")
    assert ids(s2, 1) == ["happy_market_green", "school", "statue_of_liberty"]
    assert s2.ids(s2.zone("pile_house")) == ["house"]
    # each residence to its own pile
    for residence, pile in (("apartment_building", "pile_apartment"), ("luxury_residence", "pile_luxury")):
        s3 = expert()
        market(s3, 1, "green")
        city(s3, 1, "school", residence)
        claim(s3, 1, "statue_of_liberty")
        assert s3.ids(s3.zone(pile)) == [residence]


def test_hc_exp_card_hot_dog_shop():
    """HC-EXP-4 (Hot Dog Shop): every building of the central area costs its owner the lowest price of its pile:
    1, 4 or 6 (not residences, not other players)."""
    s = expert()
    market(s, 1, "green")
    claim(s, 1, "hot_dog_shop")
    zoo, museum, florist = (s.put(i, s.zone("supply")) for i in ("zoo", "shopping_mall", "florist"))
    assert [price(s, c, 1) for c in (zoo, museum, florist)] == [6, 4, 1]
    assert [price(s, c, 2) for c in (zoo, museum, florist)] == [8, 5, 3]
    luxury = s.put("luxury_residence", s.zone("pile_luxury"))
    assert price(s, luxury, 1) == 6
    stadium = s.put("stadium", s.zone("deck3"))  # not face up: its printed price
    assert price(s, stadium, 1) == 9
    set_coins(s, 1, 6)
    s.call("action_step", s.p(1), answers=["Buy a face-up building", "Zoo"])
    assert coins(s, 1) == 0 and ids(s, 1)[-1] == "zoo"


def test_hc_exp_card_barber_shop():
    """HC-EXP-4 (Barber Shop): +3 income when your income, before this +3, is strictly the lowest at the table."""
    s = expert()
    market(s, 1, "blue")
    market(s, 2, "green")
    market(s, 3, "yellow")
    city(s, 2, "bank")
    city(s, 3, "garage")
    claim(s, 1, "barber_shop")
    assert income(s, 1) == 1 + 3
    phase(s, INCOME)
    assert coins(s, 1) == 2 + 4
    s.match.place(s.p(2).zones["city"].items[-1], s.zone("box"))  # Ben is back to 1: a tie, no bonus
    assert income(s, 1) == 1


def test_hc_exp_card_sphinx():
    """HC-EXP-4 (Sphinx): at the end, copy an opponent's special (computed for the Sphinx's owner); refusing, copy
    a special drawn at random from the box."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "igloo", "house")
    claim(s, 1, "sphinx")
    market(s, 2, "blue")
    claim(s, 2, "wind_turbine")  # +1 heart per green card: Ben has none
    market(s, 3, "yellow")
    claim(s, 3, "parthenon")
    d = end(s)
    assert d.player is s.p(1) and d.labels() == ["Wind Turbine", "Parthenon", "Copy one at random from the box"]
    s.answer("Wind Turbine")
    assert s.p(1).vars["copied"].card.id == "wind_turbine"
    assert hearts(s, 1) == 3  # Ann's three green cards
    assert hearts(s, 2) == 0
    # refusing: a random special from the box
    s.p(1).vars["copied"] = None
    end(s, answers=["Copy one at random from the box"])
    copied = s.p(1).vars["copied"]
    assert copied.zone is s.zone("box") and copied.card.kind == "special" and copied.card.id != "sphinx"
    assert copied.card.fields["mode"] == "expert"


def test_hc_exp_card_versailles_palace():
    """HC-EXP-4 (Versailles Palace): after each income phase, take 1 coin from the opponent with the most coins,
    from each of them when tied."""
    s = expert()
    for seat, colour in ((1, "yellow"), (2, "blue"), (3, "green")):
        market(s, seat, colour)
    claim(s, 1, "versailles_palace")
    for seat, n in ((1, 0), (2, 4), (3, 4)):
        set_coins(s, seat, n)
    phase(s, INCOME)
    assert [coins(s, k) for k in (1, 2, 3)] == [1 + 2, 5 - 1, 5 - 1]
    set_coins(s, 3, 9)
    phase(s, INCOME)
    assert [coins(s, k) for k in (1, 2, 3)] == [3 + 1 + 1, 5, 10 - 1]


def test_hc_exp_card_burger_shop():
    """HC-EXP-4 (Burger Shop): +3 hearts with strictly the most blue cards, +2 when tied for most, else +1."""
    s = expert()
    market(s, 1, "blue")
    city(s, 1, "school")
    claim(s, 1, "burger_shop")
    market(s, 2, "yellow")
    city(s, 2, "park")
    market(s, 3, "green")
    assert hearts(s, 1) == 3
    city(s, 2, "library")
    assert hearts(s, 1) == 2
    city(s, 2, "museum")
    assert hearts(s, 1) == 1


def test_hc_exp_card_sky_highway():
    """HC-EXP-4 (Sky Highway): the next card its owner takes is free; the one after is paid."""
    s = expert()
    market(s, 1, "blue")
    claim(s, 1, "sky_highway")
    stack(s, s.zone("supply"), "zoo", "stadium", "museum")
    set_coins(s, 1, 0)
    d = s.call("action_step", s.p(1))
    assert d.labels() == ["Buy a face-up building", "Take 1 coin"]
    s.answer("Buy a face-up building", "Stadium")
    assert coins(s, 1) == 0 and ids(s, 1)[-1] == "stadium"
    assert s.p(1).vars["free_next"] is False
    set_coins(s, 1, 8)
    s.call("action_step", s.p(1), answers=["Buy a face-up building", "Zoo"])
    assert coins(s, 1) == 0


def test_hc_exp_card_eiffel_tower():
    """HC-EXP-4 (Eiffel Tower, designed 38th card): +1 heart per colour present in the city."""
    s = expert()
    market(s, 1, "yellow")
    city(s, 1, "bank", "school", "zoo")
    claim(s, 1, "eiffel_tower")
    assert hearts(s, 1) == 3 + 3  # Zoo + yellow, blue, orange
    city(s, 1, "igloo")
    assert hearts(s, 1) == 3 + 4


def test_hc_exp_card_colosseum():
    """HC-EXP-4 (Colosseum): +2 hearts, and every player (its owner too) gains 1 coin now."""
    s = expert()
    for seat, colour in ((1, "yellow"), (2, "blue"), (3, "green")):
        market(s, seat, colour)
    claim(s, 1, "colosseum")
    assert [coins(s, k) for k in (1, 2, 3)] == [3, 3, 3]
    assert hearts(s, 1) == 2


def test_hc_exp_card_safe():
    """HC-EXP-4 (Safe): +2 income with as many or fewer yellow cards than every other player."""
    s = expert()
    market(s, 1, "blue")
    market(s, 2, "green")
    market(s, 3, "purple")
    city(s, 1, "bank")
    city(s, 2, "florist")
    city(s, 3, "florist", "grocery_store")
    claim(s, 1, "safe")
    assert income(s, 1) == 1 + 1 + 2
    city(s, 1, "pastry_shop")
    assert income(s, 1) == 1 + 1 + 1


def test_hc_exp_card_machu_picchu():
    """HC-EXP-4 (Machu Picchu): +1 person per orange card in the left neighbour's city (multi-coloured cards count
    every colour: GZ-XP-2, in the Grozilla tests)."""
    s = expert()
    market(s, 1, "blue")
    claim(s, 1, "machu_picchu")
    market(s, 2, "orange")
    city(s, 2, "zoo")
    market(s, 3, "yellow")
    city(s, 3, "spa", "casino")  # the right neighbour: not counted
    assert people(s, 1) == 2


def test_hc_exp_card_big_ben():
    """HC-EXP-4 (Big Ben, coin value designed: 3): buying nothing takes 3 coins instead of 1."""
    s = expert()
    market(s, 1, "blue")
    market(s, 2, "green")
    claim(s, 1, "big_ben")
    set_coins(s, 1, 0)
    set_coins(s, 2, 0)
    assert s.call("action_step", s.p(1)) is None
    assert coins(s, 1) == 3
    s.call("action_step", s.p(2))
    assert coins(s, 2) == 1


def test_hc_exp_card_big_ben_destroyed_pays_nothing_more():
    """HC-EXP-4 (Big Ben) with GZ-DES-3: a destroyed building has no effect, so a destroyed Big Ben's owner who buys
    nothing takes 1 coin, not 3."""
    s = make(3, mode="expert", grozilla=True)
    market(s, 1, "blue")
    market(s, 2, "green")
    market(s, 3, "yellow")
    ben = claim(s, 1, "big_ben")
    set_coins(s, 1, 0)
    assert fn(s, "pass_gain", s.p(1)) == 3
    ben.f = {"destroyed": True}
    assert fn(s, "pass_gain", s.p(1)) == 1
    assert s.call("action_step", s.p(1)) is None
    assert coins(s, 1) == 1


def test_hc_exp_card_golden_gate_bridge():
    """HC-EXP-4 (Golden Gate Bridge): +1 heart +1 person when 2 of the cards orthogonally next to it (left,
    right, above, below: two rows of 5) share a colour, +2 hearts +1 person when 3 do."""
    s = expert()
    market(s, 1, "yellow")
    city(s, 1, "school", "bank", "igloo", "zoo", "library")  # places 1-6; the bridge at 7
    claim(s, 1, "golden_gate_bridge")
    # next to place 7: place 6 (Library, blue), place 2 (School, blue), place 8 (empty)
    assert (people(s, 1), hearts(s, 1)) == (3 + 1, 4 + 1)
    city(s, 1, "park")  # place 8, blue: three blue neighbours
    assert (people(s, 1), hearts(s, 1)) == (3 + 1, 5 + 2)
    # place 6 starts the second row: place 5 is not next to it, place 1 (above) is
    def second_row(seventh):
        s2 = expert()
        market(s2, 1, "yellow")
        city(s2, 1, "igloo", "zoo", "park", "school")  # place 5: School (blue)
        claim(s2, 1, "golden_gate_bridge")  # place 6: next to place 1 (the yellow market) and place 7
        city(s2, 1, seventh)
        return people(s2, 1), hearts(s2, 1)
    assert second_row("library") == (2, 5)  # blue at 5 and 7: only 7 is next to it, no bonus
    assert second_row("bank") == (3 + 1, 4 + 1)  # yellow at 1 (above) and 7: a bonus


def test_hc_exp_card_golden_gate_bridge_at_the_end_of_the_first_row():
    """HC-EXP-4 (Golden Gate Bridge) at place 5, the end of the first row: its neighbours are place 4 (left) and place
    10 (below), not place 6 (the next row's first place)."""
    def city_with(sixth):
        s = expert()
        market(s, 1, "yellow")
        city(s, 1, "igloo", "zoo", "school")  # place 4: School (blue)
        claim(s, 1, "golden_gate_bridge")  # place 5
        city(s, 1, sixth, "factory", "garage", "offices", "library")  # place 10: Library (blue)
        return people(s, 1), hearts(s, 1)
    base = (1 + 1 + 1 + 1, 3 + 1 - 1)  # Igloo, School, Garage, Offices; Zoo, Library, Factory
    assert city_with("bank") == (base[0] + 1 + 1, base[1] + 1)  # blue at 4 and 10: +1 person (+ the Bank's), +1 heart
    assert city_with("hospital") == (base[0] + 2 + 1, base[1] + 1)  # blue at 6 as well: still only 4 and 10 count


def test_hc_exp_card_stonehenge():
    """HC-EXP-4 (Stonehenge): +1 person per blue card in the city of one neighbour, chosen at the end."""
    s = expert()
    market(s, 1, "green")
    claim(s, 1, "stonehenge")
    market(s, 2, "blue")
    city(s, 2, "school")
    market(s, 3, "yellow")
    city(s, 3, "museum")
    d = end(s)
    assert d.labels() == ["Ben", "Cleo"]
    s.answer("Ben")
    assert people(s, 1) == 2
    s.p(1).vars["neighbour_pick"] = s.p(3)
    assert people(s, 1) == 1


def test_hc_exp_card_sushi_restaurant():
    """HC-EXP-4 (Sushi Restaurant): +1 income per blue card."""
    s = expert()
    market(s, 1, "blue")
    city(s, 1, "school", "museum", "bank")
    claim(s, 1, "sushi_restaurant")
    assert income(s, 1) == 1 + 1 + 3


def test_hc_exp_card_wind_turbine():
    """HC-EXP-4 (Wind Turbine): +1 heart per green card."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "igloo", "school")
    claim(s, 1, "wind_turbine")
    assert hearts(s, 1) == 2


def test_hc_exp_card_taj_mahal():
    """HC-EXP-4 (Taj Mahal): +3 hearts when your income is strictly lower than both neighbours', else +1."""
    s = expert(4)
    for seat, colour in ((1, "yellow"), (2, "blue"), (3, "green"), (4, "orange")):
        market(s, seat, colour)
    claim(s, 1, "taj_mahal")
    city(s, 2, "bank")
    city(s, 4, "garage")
    assert hearts(s, 1) == 3  # Ann 1 < Ben 2 and Dev 3 (Cleo, not a neighbour, has 1)
    s.match.place(s.p(2).zones["city"].items[-1], s.zone("box"))
    assert hearts(s, 1) == 1


def test_hc_exp_card_louvre():
    """HC-EXP-4 (Louvre): for the next 2 income phases, also gain the income of an opponent of your choice."""
    s = expert()
    for seat, colour in ((1, "yellow"), (2, "blue"), (3, "green")):
        market(s, seat, colour)
        set_coins(s, seat, 0)
    city(s, 2, "bank")
    city(s, 3, "garage")
    claim(s, 1, "louvre")
    d = phase(s, INCOME)
    assert d.player is s.p(1) and d.labels() == ["Ben", "Cleo"]
    s.answer("Cleo")
    assert coins(s, 1) == 1 + 3
    phase(s, INCOME, answers=["Ben"])
    assert coins(s, 1) == 4 + 1 + 2
    assert phase(s, INCOME) is None  # no third time
    assert coins(s, 1) == 7 + 1


def test_hc_exp_card_big_tree():
    """HC-EXP-4 (Big Tree): +1 income per pair of 1 heart and 1 person (3 hearts and 2 people give 2)."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "zoo", "hospital")
    claim(s, 1, "big_tree")
    assert income(s, 1) == 1 + 2


def test_hc_exp_card_croissant_bakery():
    """HC-EXP-4 (Croissant Bakery): +2 income per green card."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "igloo", "school")
    claim(s, 1, "croissant_bakery")
    assert income(s, 1) == 1 + 1 + 4


def test_hc_exp_card_mayan_pyramid():
    """HC-EXP-4 (Mayan Pyramid): +3 hearts with strictly the most green cards at the table, else +1."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "igloo")
    claim(s, 1, "mayan_pyramid")
    market(s, 2, "blue")
    city(s, 2, "house")
    market(s, 3, "yellow")
    assert hearts(s, 1) == 3
    city(s, 2, "treehouse")
    assert hearts(s, 1) == 1


def test_hc_exp_card_leaning_tower_of_pisa():
    """HC-EXP-4 (Leaning Tower of Pisa): +1 heart per yellow card in the city of one neighbour, chosen at the end."""
    s = expert()
    market(s, 1, "blue")
    claim(s, 1, "leaning_tower_of_pisa")
    market(s, 2, "green")
    city(s, 2, "bank")
    market(s, 3, "yellow")
    city(s, 3, "bank", "florist")
    end(s, answers=["Cleo"])
    assert hearts(s, 1) == 3  # Cleo's yellow market, Bank and Florist
    s.p(1).vars["neighbour_pick"] = s.p(2)
    assert hearts(s, 1) == 1


def test_hc_exp_card_arcade():
    """HC-EXP-4 (Arcade): before each income phase, gain 2 coins if you still have money."""
    s = expert()
    market(s, 1, "yellow")
    claim(s, 1, "arcade")
    set_coins(s, 1, 1)
    phase(s, INCOME)
    assert coins(s, 1) == 1 + 2 + 1
    set_coins(s, 1, 0)
    phase(s, INCOME)
    assert coins(s, 1) == 1


def test_hc_exp_card_great_wall():
    """HC-EXP-4 (Great Wall): +3 hearts when the next 2 cards placed after it share a colour, else +1."""
    s = expert()
    market(s, 1, "yellow")
    claim(s, 1, "great_wall")
    assert hearts(s, 1) == 1
    city(s, 1, "school")
    assert hearts(s, 1) == 1
    city(s, 1, "park", "zoo")  # School and Park: both blue (the third card does not matter)
    assert hearts(s, 1) == 3 + 1 + 3
    s2 = expert()
    market(s2, 1, "yellow")
    claim(s2, 1, "great_wall")
    city(s2, 1, "school", "zoo")
    assert hearts(s2, 1) == 1 + 3


def test_hc_exp_card_great_wall_at_place_8_reads_places_9_and_10():
    """HC-EXP-4 (Great Wall): at place 8 the next 2 cards are the city's last two (9 and 10): a shared colour is +3."""
    s = expert()
    market(s, 1, "yellow")
    city(s, 1, "igloo", "factory", "garage", "offices", "steel_mill", "bank")  # places 2-7
    claim(s, 1, "great_wall")  # place 8
    city(s, 1, "school", "library")  # places 9 and 10: both blue
    assert hearts(s, 1) == 1 + 3 - 1 - 1  # the Library's heart, the Wall's 3, Factory and Steel Mill -1 each


def test_hc_exp_card_great_wall_after_a_destroyed_card():
    """HC-EXP-4 (Great Wall) with GZ-DES-3: a destroyed card has no colour, so it shares none: +1."""
    s = make(3, mode="expert", grozilla=True)
    market(s, 1, "yellow")
    claim(s, 1, "great_wall")
    school, park = city(s, 1, "school", "park")
    assert hearts(s, 1) == 3 + 1
    school.f = {"destroyed": True}
    assert hearts(s, 1) == 1 + 1


def test_hc_exp_card_billiards():
    """HC-EXP-4 (Billiards): +1 income per colour among the cards placed before it (the coloured market counts)."""
    s = expert()
    market(s, 1, "yellow")
    city(s, 1, "school", "bank", "zoo")
    claim(s, 1, "billiards")
    assert income(s, 1) == 1 + 1 + 3
    city(s, 1, "igloo")  # after it: not counted
    assert income(s, 1) == 1 + 1 + 1 + 3


def test_hc_exp_card_st_basils_cathedral():
    """HC-EXP-4 (St Basil's Cathedral): +3 hearts with no orange card."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "school")
    claim(s, 1, "st_basils_cathedral")
    assert hearts(s, 1) == 3
    city(s, 1, "haunted_house")
    assert hearts(s, 1) == 0


def test_hc_exp_card_japanese_stone_garden():
    """HC-EXP-4 (Japanese Stone Garden): at the end, points are doubled when strictly fewer than 30."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "hospital", "museum", "library")  # 2 x 3 = 6
    claim(s, 1, "japanese_stone_garden")
    assert score(s, 1) == 12
    city(s, 1, "university", "zoo")  # 4 x 6 = 24 -> 48
    assert score(s, 1) == 48
    city(s, 1, "observatory")  # 4 x 8 = 32: not doubled
    assert score(s, 1) == 32
    s2 = expert()
    market(s2, 1, "green")
    city(s2, 1, "luxury_residence", "hospital", "zoo", "museum", "library")  # 5 x 6 = 30
    claim(s2, 1, "japanese_stone_garden")
    assert score(s2, 1) == 30


def test_hc_exp_4_the_result_shows_a_specials_doubling_and_its_loss_as_parts():
    """HC-EXP-4: the Japanese Stone Garden ("points are doubled when strictly fewer than 30") and the Concert Arena
    ("at the end lose as many points as your income") each show as a part of the final score: Ann's 2 x 3 = 6
    doubled is 6 + 6 = 12; Ben's 1 x 1 = 1 less his income of 1 + 2 + 2 = 5 is 1 - 5 = -4."""
    s = expert()
    market(s, 1, "green")
    city(s, 1, "hospital", "museum", "library")
    claim(s, 1, "japanese_stone_garden")
    market(s, 2, "yellow")
    city(s, 2, "garage", "hotel")
    claim(s, 2, "concert_arena")
    r = finish(s)
    assert r.parts[1] == {"people and hearts": 6, "lost to specials": 0, "doubled": 6}
    assert r.parts[2] == {"people and hearts": 1, "lost to specials": -5, "doubled": 0}
    assert r.scores[1] == 12 and r.scores[2] == -4


def test_hc_exp_card_japanese_stone_garden_doubles_strictly_below_30():
    """HC-EXP-4 (Japanese Stone Garden): "strictly fewer than 30": 29 is doubled, 30 is not, and nothing is doubled
    without the card."""
    s = expert()
    assert [fn(s, "twice_if", x, True) for x in (28, 29, 30, 31)] == [56, 58, 30, 31]
    assert fn(s, "twice_if", 29, False) == 29


def test_hc_exp_card_parthenon():
    """HC-EXP-4 (Parthenon): +4 people with no green card (a green market counts as a green card)."""
    s = expert()
    market(s, 1, "blue")
    city(s, 1, "school")
    claim(s, 1, "parthenon")
    assert people(s, 1) == 1 + 4
    city(s, 1, "igloo")
    assert people(s, 1) == 2
    s2 = expert()
    market(s2, 1, "green")
    claim(s2, 1, "parthenon")
    assert people(s2, 1) == 0


def test_expert_round_runs_with_a_full_setup():
    """A whole expert action phase from a real setup: every decision offers options, the round completes."""
    s = expert(3, setup=True, seed=8)
    d = s.match.pending
    while d is not None:
        d = s.answer(0)
    phase(s, INCOME)
    d = phase(s, ACTIONS)
    while d is not None:
        d = s.answer(d.labels()[0])
    assert all(len(s.p(k).zones["city"].items) >= 1 for k in (1, 2, 3))


def test_hc_exp_4_reading_with_two_players_the_opponent_is_the_one_neighbour():
    """HC-EXP-4, "a neighbour" with 2 players: the one opponent is both neighbours, offered and counted once
    (Stonehenge's "one of your neighbours" is Ben, no question asked; Taj Mahal's "both your neighbours'" compares with Ben)."""
    s = expert(2)
    claim(s, 1, "stonehenge")
    city(s, 2, "school", "museum")
    assert end(s) is None  # one neighbour to choose from: no question
    assert s.p(1).vars["neighbour_pick"] is s.p(2)
    assert people(s, 1) == 2  # Ben's blue cards: the School and the Museum
    s = expert(2)
    claim(s, 1, "taj_mahal")
    city(s, 2, "bank")
    assert hearts(s, 1) == 3  # Ann's income 0 < Ben's 1
    s.match.place(s.p(2).zones["city"].items[-1], s.zone("box"))
    assert hearts(s, 1) == 1  # 0 and 0, a tie: not strictly lower


def test_hc_act_5_reading_the_card_after_a_sky_highway_is_free_even_a_residence():
    """HC-ACT-5 with Sky Highway ("the next card you take is free"): a residence bought next is free too; the card
    after it is paid at its price."""
    s = expert()
    claim(s, 1, "sky_highway")
    s.put("house", s.zone("pile_house"))
    set_coins(s, 1, 0)
    s.call("action_step", s.p(1), answers=["Buy a residence", "House"])
    assert ids(s, 1)[-1] == "house" and coins(s, 1) == 0
    assert s.p(1).vars["free_next"] is False
