"""Kaiju Incorporated: the end of the game and scoring (KI-END-1 .. KI-END-6)."""
from __future__ import annotations

import pytest

from interpreter import Match

from .helpers import company, field, finish, line_index, stack, tableau, vp

# ---------------------------------------------------------------- KI-END-1 the end trigger


def test_ki_end_1_handbag_turned_up_triggers_the_end(scenario):
    """KI-END-1: when a player takes a New Product and the replacement turned up is a Kaijuskin Handbag, the end is
    triggered - but the game is not over yet (the turn is finished first)."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    stack(s, s.zone("product_deck"), "kaijuskin_handbag", "kaijuskin_handbag")
    for pid in ("mecha_grade_rebar", "giant_robot_chassis", "kaiju_dna_sequencer"):
        s.put(pid, s.zone("products"))
    s.emit("eureka", player=a, answers=["Giant Robot Chassis"])
    assert s.ids(a.zones["products"]) == ["giant_robot_chassis"]
    assert s.ids(s.zone("products"))[-1] == "kaijuskin_handbag"
    assert s.match.end_reason == "a Kaijuskin Handbag was turned up"
    assert s.match.result is None  # the game goes on until the turn is over


def test_ki_end_1_other_products_do_not_end_the_game(scenario):
    """KI-END-1: turning up an ordinary New Product does not trigger the end."""
    s = scenario("kaiju-inc", 3)
    stack(s, s.zone("product_deck"), "catastrophe_bonds", "kaijuskin_handbag")
    for pid in ("mecha_grade_rebar", "giant_robot_chassis", "kaiju_dna_sequencer"):
        s.put(pid, s.zone("products"))
    s.emit("eureka", player=s.p(2), answers=["Mecha-Grade Rebar"])
    assert s.match.end_reason is None
    assert s.ids(s.zone("products"))[-1] == "catastrophe_bonds"


def test_ki_end_1_taking_the_last_new_product_does_not_end_the_game(scenario):
    """KI-END-1: the only end is a Kaijuskin Handbag turned up; taking the last New Product (deck and row empty after)
    triggers nothing, and a later Eureka finds nothing to take."""
    s = scenario("kaiju-inc", 3)
    a = s.p(1)
    s.put("catastrophe_bonds", s.zone("products"))
    assert s.emit("eureka", player=a) is None  # the single product is taken without a question
    assert s.ids(a.zones["products"]) == ["catastrophe_bonds"]
    assert s.zone("products").items == [] and s.zone("product_deck").items == []
    assert s.match.end_reason is None
    assert s.emit("eureka", player=s.p(2)) is None
    assert s.p(2).zones["products"].items == [] and s.match.end_reason is None


def _drive(m):
    """Answer every decision of a full match: take the first card of the row, take income with it, pick the first
    option of anything else. Returns the players asked to take a card, per round."""
    takers = {}
    while not m.over:
        d = m.pending
        if "card do you take from the row" in d.prompt:
            takers.setdefault(m.round, []).append(d.player.seat)
            m.choose(0)
        else:
            labels = d.labels()
            discard = [i for i, lab in enumerate(labels) if lab.startswith("Discard")]
            m.choose(discard[0] if discard else 0)
    return takers


def _research_card(m, suit):
    for piece in m.zones["building_deck"].items:
        f = piece.card.fields
        if piece.card.kind == "building" and f["suit"] == suit and f["timing"] == "your_turn" and f["research"] >= 1:
            return piece
    raise AssertionError(suit)


@pytest.mark.parametrize("seed", [1, 7])
def test_ki_end_1_full_match_finishes_the_turn_then_scores(kaiju, seed):
    """KI-END-1: a full match whose New Product deck is arranged with a Kaijuskin Handbag on top: the start player's
    income passes Eureka in the first turn, the handbag is turned up, every other player still takes their card,
    the turn ends (row discarded, start player passed) and the game is scored - no second turn is played."""
    m = Match(kaiju, 3, seed=seed)
    first = m.first
    assert m.pending.player is first and m.round == 1
    deck = m.zones["product_deck"].items  # the end of the list is the top
    handbags = [p for p in deck if p.card.fields["handbag"]]
    deck[:] = [p for p in deck if not p.card.fields["handbag"]] + handbags  # the handbags on top
    # whatever the start player takes, her income passes Eureka: one Your Turn research building per suit
    for suit in ("construction", "industrial", "technology"):
        m.place(_research_card(m, suit), first.zones["tableau"])
    first.counters["research"] = 4
    m.choose(0)
    if "Eureka" not in m.pending.prompt:  # she could build it: the menu asks, she takes income
        m.choose([i for i, lab in enumerate(m.pending.labels()) if lab.startswith("Discard")][0])
    assert m.pending.player is first and "Eureka" in m.pending.prompt
    m.choose(0)
    assert len(first.zones["products"].items) == 1
    assert m.end_reason == "a Kaijuskin Handbag was turned up"
    assert not m.over
    takers = _drive(m)
    assert m.over
    r = m.result
    assert r.reason == "a Kaijuskin Handbag was turned up" and r.rounds == 1
    assert sorted([first.seat] + takers[1]) == [1, 2, 3]  # the two others still took their card
    assert takers[1] == [m.players[(first.index + k) % 3].seat for k in (1, 2)]
    assert not any(line.startswith("== Round 2") for line in m.lines)
    assert m.zones["row"].items == []  # turn end ran: the last card was discarded
    assert m.first is m.players[(first.index + 1) % 3]
    assert set(r.scores) == {1, 2, 3} and r.winner == r.ranking[0]
    assert r.scores[r.ranking[0]] >= r.scores[r.ranking[1]] >= r.scores[r.ranking[2]]


def test_ki_end_1_handbag_taken_by_patent_lawsuit_triggers_the_end(scenario):
    """KI-END-1 with KI-SA-5: "When a player takes a New Product card and a Kaijuskin Handbag card is turned up, the
    game-end has been triggered": a Patent Lawsuit takes a random card of the face-down New Product deck, so a
    Handbag it takes is turned up - the end is triggered (the turn is finished first); an ordinary card it takes
    triggers nothing."""
    s = scenario("kaiju-inc", 3)
    ann = s.p(1)
    ann.counters["money"] = 9
    s.put("kaijuskin_handbag", s.zone("product_deck"))
    stack(s, s.zone("row"), "patent_lawsuit", "london_tube_shelter")
    assert s.call("take_turn", ann, answers=["Patent Lawsuit", "Play Patent Lawsuit"]) is None
    assert s.ids(ann.zones["products"]) == ["kaijuskin_handbag"] and ann.counters["money"] == 0
    assert s.match.end_reason == "a Kaijuskin Handbag was turned up"
    assert s.match.result is None
    i = line_index(s, "Patent Lawsuit: the court awards Kaijuskin Handbag")
    line_index(s, "A Kaijuskin Handbag is turned up: the game ends when this turn is over.", i)
    s = scenario("kaiju-inc", 3)
    s.p(1).counters["money"] = 9
    s.put("catastrophe_bonds", s.zone("product_deck"))
    stack(s, s.zone("row"), "patent_lawsuit", "london_tube_shelter")
    s.call("take_turn", s.p(1), answers=["Patent Lawsuit", "Play Patent Lawsuit"])
    assert s.ids(s.p(1).zones["products"]) == ["catastrophe_bonds"] and s.match.end_reason is None


def test_ki_end_1_full_match_ends_after_the_turn_of_a_patent_lawsuit_handbag(kaiju):
    """KI-END-1, a full match: "Players finish the current turn, and then score the game" - the start player's Patent
    Lawsuit draws a Kaijuskin Handbag (the New Product deck holds only Handbags) in the first turn; the two others
    still take their card, and the game is scored after that turn, with no second one."""
    m = next(m for m in (Match(kaiju, 3, seed=seed) for seed in range(100))
             if "Patent Lawsuit" in m.pending.labels())  # the first row holds the Patent Lawsuit
    first = m.first
    for piece in [p for p in m.zones["product_deck"].items if not p.card.fields["handbag"]]:
        m.place(piece, m.zones["box"])
    first.counters["money"] = 11
    m.choose(m.pending.labels().index("Patent Lawsuit"))
    m.choose(m.pending.labels().index("Play Patent Lawsuit"))
    assert [p.card.id for p in first.zones["products"].items] == ["kaijuskin_handbag"]
    assert m.end_reason == "a Kaijuskin Handbag was turned up" and not m.over
    takers = _drive(m)
    assert m.over and m.result.rounds == 1 and m.result.reason == "a Kaijuskin Handbag was turned up"
    assert takers[1] == [m.players[(first.index + k) % 3].seat for k in (1, 2)]
    assert m.result.scores[first.seat] >= 4  # the Handbag is scored


# ---------------------------------------------------------------- scoring positions

def test_ki_end_2_handbag_worth_4_vp(scenario):
    """KI-END-2: a Kaijuskin Handbag is worth 4 VP, whatever the tableau."""
    s = scenario("kaiju-inc", 3)
    for seat, comp in ((1, "gwai_group"), (2, "monstersanto"), (3, "hawkesbury_limited")):
        company(s, seat, comp)
    a = s.p(1)
    bags = [s.put("kaijuskin_handbag", a.zones["products"]) for _ in range(2)]
    assert [field(s, b, "score") for b in bags] == [4, 4]
    assert vp(s, a) == 8  # empty tableau: no majority, no diversity
    tableau(s, 1, "moscow_samovar_smelter")
    assert [field(s, b, "score") for b in bags] == [4, 4]
    assert vp(s, a) == 8


def scoring_position(s):
    """Ann (Gwai Group, Hong Kong) with 7 buildings in 5 cities, 7¥, kaiju wheel 3; Ben with 2 buildings, Cleo 8."""
    for seat, comp in ((1, "gwai_group"), (2, "monstersanto"), (3, "hawkesbury_limited")):
        company(s, seat, comp)
    tableau(s, 1,
            "start_gwai_harbourfront_towers",   # hong_kong construction cost 3 YT 3¥ 0R 1K start
            "start_gwai_ghost_net_lab",         # hong_kong technology  cost 3 YT 1¥ 1R 1K start
            "hong_kong_kowloon_towers",         # hong_kong construction cost 8 RT 4¥ 1R 1K
            "tokyo_capsule_shelters",           # tokyo     construction cost 2 YT 2¥ 0R 0K
            "london_tube_shelter",              # london    construction cost 1 YT 1¥ 0R 0K
            "mumbai_biogas_scrubbers",          # mumbai    industrial   cost 2 RT 1¥ 0R -1K
            "sydney_port_kembla_steelworks")    # sydney    industrial   cost 7 YT 4¥ 2R 2K
    tableau(s, 2, "start_monstersanto_gene_lab", "st_louis_kaiju_levee")
    tableau(s, 3, "start_hawkesbury_quarry", "start_hawkesbury_ironbark_mill", "start_hawkesbury_shark_net_sensors",
            "sydney_bondi_sonar", "sydney_harbour_bridge_net", "rio_samba_school", "moscow_samovar_smelter",
            "london_royal_society")
    a = s.p(1)
    a.counters.update(money=7, kaiju=3, research=2)
    return a


# Ann's tableau: construction 4, industrial 2, technology 1; 5 cities; Your Turn 5, Rival's Turn 2;
# non-start cost <= 3: capsule, tube, biogas; cost >= 7: Kowloon, Port Kembla; total cost 26;
# costs {1, 2, 3, 7, 8}; printed R 4; printed K 4; 2 start cards; 1 product (the one scored).
PRODUCT_VP = {
    "mecha_grade_rebar": 6,                 # 3 * (4 / 2)
    "giant_robot_chassis": 3,               # 3 * (2 / 2)
    "kaiju_early_warning_app": 0,           # 3 per full pair: 1 technology building is no pair
    "triple_threat_defence_package": 2,     # 2 * min(4, 2, 1)
    "vertically_integrated_mecha": 4,       # largest suit: 4 construction
    "global_kaiju_franchise": 5,            # 5 cities
    "hometown_hero_action_figures": 4,      # 2 + 2 * 1 (Kowloon: the start cards do not count)
    "emerging_market_kaiju_insurance": 4,   # London + Mumbai: 2 * 2
    "round_the_clock_kaiju_hotline": 3,     # 1 + min(5, 2)
    "bargain_bin_kaiju_repellent": 6,       # 2 * 3
    "luxury_kaiju_cruises": 8,              # 2 + 3 * 2
    "blue_chip_disaster_fund": 4,           # 26 / 6
    "plush_kaiju_in_every_price_range": 5,  # 5 different costs
    "kaiju_dna_sequencer": 2,               # 4 R / 2
    "eco_certified_kaiju_deterrent": 6,     # 8 - 4 K / 2
    "kaiju_petting_zoo": 5,                 # 2 + kaiju wheel 3
    "catastrophe_bonds": 5,                 # 2 + 7 / 2
    "since_1954_heritage_brand": 5,         # 1 + 2 * 2 start cards
    "synergistic_product_bundle": 2,        # 1 + 1 product
    "market_leading_mecha_suit": 4,         # 2 + 2 * (Ben has fewer, Cleo has more)
    "kaijuskin_handbag": 4,
}


@pytest.mark.parametrize("product", sorted(PRODUCT_VP))
def test_ki_end_3_product_scores_on_the_owners_tableau(scenario, product):
    """KI-END-3: each New Product scores its condition on the owner's tableau (and bank/wheels/products where
    printed); the player's score is the products plus the city bonuses (here majority 5 + 5 cities 10)."""
    s = scenario("kaiju-inc", 3)
    a = scoring_position(s)
    piece = s.put(product, a.zones["products"])
    assert field(s, piece, "score") == PRODUCT_VP[product]
    assert vp(s, a) == PRODUCT_VP[product] + 5 + 10


def test_ki_end_3_products_score_for_their_owner_only(scenario):
    """KI-END-3: the same product is scored on each owner's own tableau; all products of a player add up."""
    s = scenario("kaiju-inc", 3)
    a = scoring_position(s)
    b = s.p(2)
    mine = s.put("global_kaiju_franchise", a.zones["products"])
    s.put("mecha_grade_rebar", a.zones["products"])
    assert field(s, mine, "score") == 5
    assert vp(s, a) == 5 + 6 + 5 + 10
    s.match.place(mine, b.zones["products"])
    assert field(s, mine, "score") == 1  # Ben's tableau is all St. Louis
    assert vp(s, a) == 6 + 5 + 10


def test_ki_end_3_products_capped_at_8(scenario):
    """KI-END-3: the designed products are capped (e.g. Mecha-Grade Rebar: 3 VP per 2 construction, at most 8)."""
    s = scenario("kaiju-inc", 3)
    company(s, 1, "gwai_group")
    company(s, 2, "monstersanto")
    company(s, 3, "hawkesbury_limited")
    a = s.p(1)
    tableau(s, 1, *[c for c in ("tokyo_capsule_shelters", "london_tube_shelter", "mumbai_gateway_bastion",
                                "sydney_opera_house_shelter", "rio_copacabana_sandbags", "london_thames_barrier")])
    piece = s.put("mecha_grade_rebar", a.zones["products"])
    assert field(s, piece, "score") == 8  # 3 * 6 / 2 = 9, capped


@pytest.mark.parametrize("product,suit", [("mecha_grade_rebar", "construction"), ("giant_robot_chassis", "industrial"),
                                          ("kaiju_early_warning_app", "technology")])
def test_ki_end_3_three_vp_per_two_buildings_rounded_down(scenario, product, suit):
    """KI-END-3: the product's printed "3 VP per 2 ... buildings (rounded down)" counts full pairs: 0, 1, 2, 3, 4, 5, 6
    buildings of the suit score 0, 0, 3, 3, 6, 6, 8 (9 capped: "at most 8 VP")."""
    s = scenario("kaiju-inc", 3)
    piece = s.put(product, s.p(1).zones["products"])
    assert "(rounded down), at most 8 VP." in piece.card.fields["text"]
    of_suit = [c.id for c in s.game.cards.values()
               if c.kind == "building" and c.fields["suit"] == suit and not c.fields["start"]]
    got = []
    for n in range(7):
        got.append(field(s, piece, "score"))
        if n < 6:
            tableau(s, 1, of_suit[n])
    assert got == [0, 0, 3, 3, 6, 6, 8]


def test_ki_end_3_every_capped_product_says_its_cap(scenario):
    """KI-END-3, the card texts: a product capped at 8 VP says "at most 8 VP" on its text (Luxury Kaiju Cruises with
    three buildings costing 7 yen or more would give 2 + 9 = 11; it scores 8, as its text says), and a product that
    is never capped does not say it."""
    s = scenario("kaiju-inc", 3)
    saying = sorted(c.id for c in s.game.cards.values() if c.kind == "product" and "at most 8 VP" in c.fields["text"])
    assert saying == sorted(CAPPED)
    company(s, 1, "gwai_group")
    tableau(s, 1, "london_royal_society", "hong_kong_kowloon_towers", "sydney_port_kembla_steelworks")
    assert all(s.game.cards[c].fields["cost"] >= 7 for c in s.ids(s.p(1).zones["tableau"]))
    piece = s.put("luxury_kaiju_cruises", s.p(1).zones["products"])
    assert field(s, piece, "score") == 8


def _majority(s, ann, ben, cleo):
    """Ann is Gwai Group (Hong Kong); give each player that many Hong Kong buildings."""
    hk = ["start_gwai_harbourfront_towers", "start_gwai_ghost_net_lab", "start_gwai_container_terminal",
          "hong_kong_kowloon_towers", "hong_kong_bamboo_scaffold", "hong_kong_pearl_river_shipyard",
          "hong_kong_kwun_tong_cannery", "hong_kong_feng_shui_deflector", "hong_kong_mong_kok_arcade"]
    for seat, comp in ((1, "gwai_group"), (2, "kaijumoto_keiretsu"), (3, "monstersanto")):
        company(s, seat, comp)
    for seat, n in ((1, ann), (2, ben), (3, cleo)):
        for _ in range(n):
            s.put(hk.pop(), s.p(seat).zones["tableau"])


@pytest.mark.parametrize("ann,ben,cleo,bonus", [
    (3, 2, 2, 5),   # more than any single rival (though fewer than both together)
    (1, 0, 0, 5),
    (2, 2, 1, 0),   # a tie is not a majority
    (2, 3, 0, 0),
    (0, 0, 0, 0),
])
def test_ki_end_4_home_city_majority_bonus(scenario, ann, ben, cleo, bonus):
    """KI-END-4: 5 VP for more buildings of the company's home city than any other single player has of that city."""
    s = scenario("kaiju-inc", 3)
    _majority(s, ann, ben, cleo)
    a = s.p(1)
    diversity = 0  # all buildings are Hong Kong: 1 city is worth 0
    assert vp(s, a) == bonus + diversity


def test_ki_end_4_rivals_count_my_home_city_not_theirs(scenario):
    """KI-END-4: the comparison is on the player's own home city: Ben's many Tokyo buildings do not matter to Ann,
    and Ben, with more Tokyo buildings than anyone, gets his own bonus."""
    s = scenario("kaiju-inc", 3)
    _majority(s, 1, 0, 0)
    tableau(s, 2, "tokyo_capsule_shelters", "tokyo_shrine_wards", "tokyo_odaiba_robot_plant")
    assert vp(s, s.p(1)) == 5
    assert vp(s, s.p(2)) == 5  # 3 Tokyo, 1 city
    assert vp(s, s.p(3)) == 0


CITY_CARDS = ["london_tube_shelter", "tokyo_capsule_shelters", "mumbai_biogas_scrubbers", "sydney_surf_club_drones",
              "rio_carnival_float_factory", "moscow_samovar_smelter", "st_louis_cornfield_sensors",
              "hong_kong_feng_shui_deflector"]


@pytest.mark.parametrize("cities,bonus", [(0, 0), (1, 0), (2, 1), (3, 3), (4, 6), (5, 10), (6, 14), (7, 17), (8, 19)])
def test_ki_end_5_city_diversity_bonus(scenario, cities, bonus):
    """KI-END-5: VP for the number of different cities in the tableau, 1..8 cities: 0/1/3/6/10/14/17/19."""
    s = scenario("kaiju-inc", 3)
    for seat, comp in ((1, "gwai_group"), (2, "kaijumoto_keiretsu"), (3, "monstersanto")):
        company(s, seat, comp)
    # Ben holds a Hong Kong card too, so Ann never has the Hong Kong majority here
    tableau(s, 2, "hong_kong_mong_kok_arcade", "hong_kong_bamboo_scaffold")
    tableau(s, 1, *CITY_CARDS[:cities])
    assert vp(s, s.p(1)) == bonus


def test_ki_end_5_several_buildings_of_a_city_count_once(scenario):
    """KI-END-5: it is the number of different cities that counts, not the number of buildings."""
    s = scenario("kaiju-inc", 3)
    for seat, comp in ((1, "gwai_group"), (2, "kaijumoto_keiretsu"), (3, "monstersanto")):
        company(s, seat, comp)
    tableau(s, 1, "london_tube_shelter", "london_thames_barrier", "london_royal_society", "mumbai_biogas_scrubbers")
    assert vp(s, s.p(1)) == 1  # 2 cities


# ---------------------------------------------------------------- KI-END-6 winner and tie-breakers

def _tied_position(s):
    """Ann and Ben both score 4 (a handbag each); Cleo scores 0."""
    for seat, comp in ((1, "gwai_group"), (2, "kaijumoto_keiretsu"), (3, "monstersanto")):
        company(s, seat, comp)
    s.put("kaijuskin_handbag", s.p(1).zones["products"])
    s.put("kaijuskin_handbag", s.p(2).zones["products"])
    for k, p in enumerate(s.match.players):
        p.vars["turn_position"] = k + 1


def test_ki_end_6_most_vp_wins(scenario):
    """KI-END-6: the player with the most VP wins, whatever the bank."""
    s = scenario("kaiju-inc", 3)
    _tied_position(s)
    s.put("kaijuskin_handbag", s.p(3).zones["products"])
    s.put("kaijuskin_handbag", s.p(3).zones["products"])
    s.p(3).counters["money"] = 0
    s.p(1).counters["money"] = 11
    r = finish(s)
    assert r.scores == {1: 4, 2: 4, 3: 8}
    assert r.winner == 3 and r.ranking[0] == 3


def test_ki_end_6_tie_goes_to_the_highest_bank(scenario):
    """KI-END-6: tied on VP, the player with the highest bank account wins (even if she went earlier)."""
    s = scenario("kaiju-inc", 3)
    _tied_position(s)
    s.p(1).counters["money"] = 6
    s.p(2).counters["money"] = 5
    r = finish(s)
    assert r.scores[1] == r.scores[2] == 4
    assert r.winner == 1 and r.ranking == [1, 2, 3]


@pytest.mark.parametrize("positions,winner", [((1, 2, 3), 2), ((2, 1, 3), 1), ((3, 1, 2), 1), ((1, 3, 2), 2)])
def test_ki_end_6_then_the_latest_in_the_first_turn(scenario, positions, winner):
    """KI-END-6: tied on VP and bank, the tied player who went latest in the first turn (highest turn_position)
    wins - whatever the seats."""
    s = scenario("kaiju-inc", 3)
    _tied_position(s)
    for p, pos in zip(s.match.players, positions, strict=True):
        p.vars["turn_position"] = pos
        p.counters["money"] = 5
    r = finish(s)
    assert r.scores[1] == r.scores[2]
    assert r.winner == winner
    assert r.ranking[:2] == [winner, 3 - winner] and r.ranking[2] == 3


def test_ki_end_6_turn_position_comes_from_setup(scenario):
    """KI-END-6: with a real setup, the tie is broken in favour of the last player of the first turn (the one to
    the right of the start player)."""
    s = scenario("kaiju-inc", 3, setup=True, seed=2)
    for p in s.match.players:
        for b in list(p.zones["tableau"].items):  # nobody scores any bonus
            s.match.place(b, s.zone("box"))
        p.counters["money"] = 4
    last = s.match.players[(s.match.first.index - 1) % 3]
    r = finish(s)
    assert len(set(r.scores.values())) == 1
    assert last.vars["turn_position"] == 3
    assert r.winner == last.seat
    line_index(s, "is the start player")


def test_ki_end_4_start_cards_count_in_the_majority(scenario):
    """KI-END-4: "more Building cards from that city": Start cards are Building cards of the home city, so they count
    (Ann's 3 Start cards beat Ben's 2 Hong Kong buildings; without them she would have none)."""
    s = scenario("kaiju-inc", 3)
    for seat, comp in ((1, "gwai_group"), (2, "kaijumoto_keiretsu"), (3, "monstersanto")):
        company(s, seat, comp)
    tableau(s, 1, "start_gwai_harbourfront_towers", "start_gwai_ghost_net_lab", "start_gwai_container_terminal")
    tableau(s, 2, "hong_kong_kowloon_towers", "hong_kong_bamboo_scaffold")
    assert vp(s, s.p(1)) == 5  # 1 city: no diversity VP


def test_ki_end_4_a_rivals_start_cards_of_my_city_count_for_the_rival(scenario):
    """KI-END-4: Start cards of Ann's city taken over by Ben count for Ben: 2 against 2 is a tie, no majority."""
    s = scenario("kaiju-inc", 3)
    for seat, comp in ((1, "gwai_group"), (2, "kaijumoto_keiretsu"), (3, "monstersanto")):
        company(s, seat, comp)
    tableau(s, 1, "hong_kong_kowloon_towers", "hong_kong_bamboo_scaffold")
    tableau(s, 2, "start_gwai_harbourfront_towers", "start_gwai_ghost_net_lab")
    assert vp(s, s.p(1)) == 0
    tableau(s, 1, "hong_kong_mong_kok_arcade")
    assert vp(s, s.p(1)) == 5


CAPPED = ["mecha_grade_rebar", "giant_robot_chassis", "kaiju_early_warning_app", "triple_threat_defence_package",
          "vertically_integrated_mecha", "hometown_hero_action_figures", "emerging_market_kaiju_insurance",
          "round_the_clock_kaiju_hotline", "bargain_bin_kaiju_repellent", "luxury_kaiju_cruises",
          "blue_chip_disaster_fund", "plush_kaiju_in_every_price_range", "kaiju_dna_sequencer",
          "synergistic_product_bundle", "market_leading_mecha_suit"]


@pytest.mark.parametrize("product", CAPPED)
def test_ki_end_3_every_capped_product_stops_at_8(scenario, product):
    """KI-END-3: each designed product that counts something is capped at 8 VP: with all 48 Building-deck cards, 9
    New Products and 4 rivals with fewer buildings, every count is above its cap (9 different costs, 10 VP for the
    Market-Leading Mecha Suit), and each scores exactly 8."""
    s = scenario("kaiju-inc", 5)
    company(s, 1, "gwai_group")
    for seat, comp in ((2, "monstersanto"), (3, "hawkesbury_limited"), (4, "kaijumoto_keiretsu"),
                       (5, "babayagitch_corporation")):
        company(s, seat, comp)
    deck = [c.id for c in s.game.cards.values() if c.kind == "building" and not c.fields["start"]]
    tableau(s, 1, *deck)
    others = [p for p in sorted(PRODUCT_VP) if p != product and p != "kaijuskin_handbag"][:8]
    for pid in others:
        s.put(pid, s.p(1).zones["products"])
    piece = s.put(product, s.p(1).zones["products"])
    assert field(s, piece, "score") == 8


def test_ki_end_3_eco_certified_deterrent_never_below_1(scenario):
    """KI-END-3, Eco-Certified Kaiju Deterrent: 8 VP less 1 per 2K printed, at least 1 VP (all 48 Building-deck cards
    print far more than 14K), and a tableau printing net negative K scores 8, not more."""
    s = scenario("kaiju-inc", 3)
    deck = [c.id for c in s.game.cards.values() if c.kind == "building" and not c.fields["start"]]
    assert sum(s.game.cards[c].fields["kaiju"] for c in deck) >= 16
    tableau(s, 1, *deck)
    piece = s.put("eco_certified_kaiju_deterrent", s.p(1).zones["products"])
    assert field(s, piece, "score") == 1
    tableau(s, 2, "mumbai_biogas_scrubbers", "tokyo_shrine_wards")  # -2K
    s.match.place(piece, s.p(2).zones["products"])
    assert field(s, piece, "score") == 8


# ---------------------------------------------------------------- KI-END-3 each product's condition, at its edges
# (product, Ann's tableau, Ben's tableau, the VP its note gives): each count is set so that the product's note
# decides the figure - a suit that is not the smallest, a cost on each side of the threshold, a rival with as
# many buildings as Ann
PRODUCT_EDGES = [
    ("kaiju_early_warning_app",  # "3 VP per 2 technology buildings (rounded down)": 3 buildings are 1 pair, 3 VP
     ["sydney_surf_club_drones", "rio_samba_school", "moscow_sputnik_radar", "tokyo_capsule_shelters"], [], 3),
    ("kaiju_early_warning_app",  # 4 technology buildings: 2 pairs, 6 VP
     ["sydney_surf_club_drones", "rio_samba_school", "moscow_sputnik_radar", "st_louis_cornfield_sensors",
      "tokyo_capsule_shelters"], [], 6),
    ("kaiju_early_warning_app",  # 1 technology building: no pair
     ["sydney_surf_club_drones", "tokyo_capsule_shelters"], [], 0),
    ("triple_threat_defence_package",  # 2 VP per full set; construction the scarcest: 1 set
     ["tokyo_capsule_shelters", "moscow_samovar_smelter", "mumbai_biogas_scrubbers", "rio_samba_school",
      "moscow_sputnik_radar"], [], 2),
    ("triple_threat_defence_package",  # industrial the scarcest: 1 set
     ["tokyo_capsule_shelters", "london_tube_shelter", "moscow_samovar_smelter", "rio_samba_school",
      "moscow_sputnik_radar"], [], 2),
    ("round_the_clock_kaiju_hotline",  # 1 + pairs; 1 Your Turn, 3 Rival's Turn: 1 pair
     ["tokyo_capsule_shelters", "mumbai_biogas_scrubbers", "moscow_sputnik_radar", "tokyo_shrine_wards"], [], 2),
    ("bargain_bin_kaiju_repellent",  # 2 VP per non-start building costing 3¥ or less: 3¥ and 2¥ count,
     ["rio_samba_school", "tokyo_capsule_shelters", "mumbai_dabbawala_drones",  # not 4¥,
      "start_gwai_container_terminal"], [], 4),  # nor a 2¥ Start card
    ("luxury_kaiju_cruises",  # 2 VP + 3 VP per building costing 7¥ or more: the 7¥ card, not the 6¥ one
     ["london_royal_society", "moscow_monstrology_institute", "tokyo_capsule_shelters"], [], 5),
    ("market_leading_mecha_suit",  # 2 VP + 2 VP per rival with fewer buildings: Ben has as many, Cleo fewer
     ["tokyo_capsule_shelters", "london_tube_shelter"], ["moscow_samovar_smelter", "rio_samba_school"], 4),
]


@pytest.mark.parametrize("product,mine,bens,score", PRODUCT_EDGES,
                         ids=[f"{p}-{i}" for i, (p, *_) in enumerate(PRODUCT_EDGES)])
def test_ki_end_3_product_condition_at_its_edges(scenario, product, mine, bens, score):
    """KI-END-3: each New Product scores what its note says on a tableau where every part of the condition matters
    (the designed notes: the card file's `note`)."""
    s = scenario("kaiju-inc", 3)
    for seat, comp in ((1, "gwai_group"), (2, "monstersanto"), (3, "hawkesbury_limited")):
        company(s, seat, comp)
    tableau(s, 1, *mine)
    tableau(s, 2, *bens)
    tableau(s, 3, "sydney_bondi_sonar")
    piece = s.put(product, s.p(1).zones["products"])
    assert field(s, piece, "score") == score


# ---------------------------------------------------------------- the final score's parts (KI-END-3 .. KI-END-6)

def test_ki_end_3_to_6_the_result_shows_each_part_of_the_final_score(scenario):
    """KI-END-3, KI-END-4, KI-END-5: "New Products score VP", "if a player has more Building cards from that city
    than any other single player, then that player gets a bonus of 5 VP", "a VP bonus for the number of different
    cities ... (0/1/3/6/10/14/17/19)". By hand: Ann (Gwai Group, Hong Kong) holds two Kaijuskin Handbags (4 VP
    each, KI-END-2: 8), three Hong Kong buildings against Ben's none (5) and buildings of Hong Kong, London and
    Tokyo (3 cities: 3 VP): 16. Ben (Kaijumoto Keiretsu, Tokyo) holds one Handbag (4) and two Tokyo buildings
    against Ann's one (5), one city (0): 9. Cleo holds nothing: 0. KI-END-6: "the player with the most VP wins"."""
    s = scenario("kaiju-inc", 3)
    for seat, comp in ((1, "gwai_group"), (2, "kaijumoto_keiretsu"), (3, "monstersanto")):
        company(s, seat, comp)
    tableau(s, 1, "hong_kong_mong_kok_arcade", "hong_kong_bamboo_scaffold", "hong_kong_kowloon_towers",
            "london_tube_shelter", "tokyo_capsule_shelters")
    tableau(s, 2, "tokyo_shrine_wards", "tokyo_odaiba_robot_plant")
    s.put("kaijuskin_handbag", s.p(1).zones["products"])
    s.put("kaijuskin_handbag", s.p(1).zones["products"])
    s.put("kaijuskin_handbag", s.p(2).zones["products"])
    r = finish(s)
    assert r.parts == {1: {"new products": 8, "home-city majority": 5, "cities": 3},
                       2: {"new products": 4, "home-city majority": 5, "cities": 0},
                       3: {"new products": 0, "home-city majority": 0, "cities": 0}}
    assert r.scores == {1: 16, 2: 9, 3: 0}
    assert r.decided == {"by": "score", "key": None, "level": [1]}
    assert r.told({1: "Ann", 2: "Ben", 3: "Cleo"}) == ["Ann scored the most: 16 (next: Ben 9)."]
    assert r.as_dict()["parts"]["1"] == {"new products": 8, "home-city majority": 5, "cities": 3}


def test_ki_end_6_the_result_names_the_tie_break_that_decided(scenario):
    """KI-END-6: "In the event of a tie, the tied player with the highest Bank Account at game end wins. If there
    is still a tie, then the tied player who went latest on the first turn of the game wins." Ann and Ben at 4 VP:
    with banks 6 and 5 the bank decides; with banks 5 and 5 the turn order does (Ben went second, Ann first)."""
    s = scenario("kaiju-inc", 3)
    _tied_position(s)
    s.p(1).counters["money"], s.p(2).counters["money"], s.p(3).counters["money"] = 6, 5, 9
    r = finish(s)
    assert r.key_names == ["bank account", "latest in the first turn"]
    assert r.decided == {"by": "ranking", "key": "bank account", "level": [1, 2]}
    assert r.told({1: "Ann", 2: "Ben", 3: "Cleo"}) == [
        "Ann and Ben tied at 4; the tie-break bank account (Ann 6, Ben 5) decided: Ann wins."]
    s = scenario("kaiju-inc", 3)
    _tied_position(s)
    s.p(1).counters["money"] = s.p(2).counters["money"] = 5
    r = finish(s)
    assert r.winner == 2 and r.decided["key"] == "latest in the first turn"
    assert r.told({1: "Ann", 2: "Ben", 3: "Cleo"}) == [
        "Ben and Ann tied at 4; the tie-breaks in order bank account (Ben 5, Ann 5), then latest in the first turn "
        "(Ben 2, Ann 1) decided: Ben wins."]
