"""Happy City: setup (HC-SETUP-1 .. HC-SETUP-5), the expert setup (HC-EXP-1, HC-EXP-2), Grozilla's (GZ-SETUP-1)."""
from __future__ import annotations

import pytest

from .helpers import bot_match, coins, field, game, make

COLOURS = ["yellow", "blue", "green", "orange", "purple"]


def test_hc_setup_1_first_player_holds_the_card_for_the_whole_game():
    """HC-SETUP-1: a first player takes the first-player card at setup and keeps it, and the first place, to the
    end of the game (the action phase starts with that player every round)."""
    for seed in (1, 2):
        m = bot_match(4, seed)
        first = m.first
        assert [p.card.id for p in first.zones["marker"].items] == ["first_player_card"]
        assert all(not p.zones["marker"].items for p in m.players if p is not first)
        # every round's turns start with the same player
        starts = [m.lines[i + 1] for i, line in enumerate(m.lines) if line.startswith("== Round")]
        turns = [line for line in m.lines if line.startswith("- ")]
        assert turns[0] == f"- {first.name}'s turn"
        per_round = len(turns) // m.result.rounds
        assert per_round == 4 and turns[::4] == [f"- {first.name}'s turn"] * m.result.rounds
        assert starts  # rounds were played


def test_hc_setup_2_three_decks_shuffled_separately_face_down_nothing_face_up():
    """HC-SETUP-2: piles I (28 cards, cost 1-3), II (20, cost 4-5) and III (18, cost 6-9), shuffled separately and
    face down; the central area starts empty."""
    s = make(3, setup=True, seed=4)
    sizes = {n: len(s.zone(n).items) for n in ("deck1", "deck2", "deck3")}
    assert sizes == {"deck1": 28, "deck2": 20, "deck3": 18}
    for n, (lo, hi) in {"deck1": (1, 3), "deck2": (4, 5), "deck3": (6, 9)}.items():
        assert all(lo <= p.card.fields["cost"] <= hi for p in s.zone(n).items)
        assert s.zone(n).spec.visibility == "hidden"
    assert s.zone("supply").items == []
    for n in ("discard1", "discard2", "discard3"):
        assert s.zone(n).items == [] and s.zone(n).spec.visibility == "hidden"
    # every building distinct twice; the order depends on the seed (shuffled)
    other = make(3, setup=True, seed=5)
    assert s.ids(s.zone("deck1")) != other.ids(other.zone("deck1"))
    assert sorted(s.ids(s.zone("deck1"))) == sorted(other.ids(other.zone("deck1")))
    assert all(s.ids(s.zone("deck1")).count(i) == 2 for i in set(s.ids(s.zone("deck1"))))
    # a view shows the piles' sizes, never their cards
    view = s.match.view(1)
    assert view["zones"]["deck1"] == {"count": 28, "visibility": "hidden"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hc_setup_3_residence_piles_of_players_minus_one(players):
    """HC-SETUP-3: three residence piles (House, Apartment Building, Luxury Residence) of players - 1 cards each."""
    s = make(players, setup=True)
    assert s.ids(s.zone("pile_house")) == ["house"] * (players - 1)
    assert s.ids(s.zone("pile_apartment")) == ["apartment_building"] * (players - 1)
    assert s.ids(s.zone("pile_luxury")) == ["luxury_residence"] * (players - 1)
    assert s.ids(s.zone("box")).count("house") == 4 - (players - 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", ["family", "expert"])
def test_hc_setup_4_players_plus_two_specials_from_the_mode_set(players, mode):
    """HC-SETUP-4 (and HC-EXP-1 for expert): players + 2 special buildings drawn at random from the mode's set,
    condition side up (public); the rest stay out of the game, in the box."""
    s = make(players, mode=mode, setup=True, seed=players)
    specials = s.zone("specials").items
    assert len(specials) == players + 2
    assert all(p.card.kind == "special" and p.card.fields["mode"] == mode for p in specials)
    assert s.zone("specials").spec.visibility == "public"
    left = [p for p in s.zone("box").items if p.card.kind == "special"]
    assert len(left) == 56 - players - 2
    other = make(players, mode=mode, setup=True, seed=players + 10)
    assert {p.card.id for p in specials} != {p.card.id for p in other.zone("specials").items}


def test_hc_exp_1_expert_specials_replace_the_family_ones():
    """HC-EXP-1: in expert mode only expert specials are drawn (still players + 2); 38 expert and 18 family cards."""
    cards = game().cards.values()
    assert sum(c.kind == "special" and c.fields["mode"] == "expert" for c in cards) == 38
    assert sum(c.kind == "special" and c.fields["mode"] == "family" for c in cards) == 18
    s = make(4, mode="expert", setup=True, seed=3)
    assert len(s.zone("specials").items) == 6
    assert {p.card.fields["mode"] for p in s.zone("specials").items} == {"expert"}


@pytest.mark.parametrize("players", [2, 5])
def test_hc_setup_5_two_coins_and_a_happy_market_first_in_the_city(players):
    """HC-SETUP-5: each player gets 2 coins and a Happy Market, the first card of the city (white side in family
    mode: no colour); the unused Happy Markets go back in the box."""
    s = make(players, setup=True)
    for p in s.match.players:
        assert p.counters["coins"] == 2
        assert [c.card.kind for c in p.zones["city"].items] == ["market"]
        assert field(s, p.zones["city"].items[0], "colours") == []
        assert field(s, p.zones["city"].items[0], "income") == 1
    assert sum(p.card.kind == "market" for p in s.zone("box").items) == 5 - players


def test_hc_exp_2_coloured_markets_drafted_from_the_last_player_counter_clockwise():
    """HC-EXP-2: in expert mode the five Happy Markets lie coloured side up; the last player (right of the first)
    picks first, then counter-clockwise, the first player last; unpicked markets go back in the box."""
    s = make(4, mode="expert", seed=1)
    s.match.perform(s.game.setup)
    ps = s.match.players
    k = s.match.first.index
    expected = [ps[(k - 1) % 4], ps[(k - 2) % 4], ps[(k - 3) % 4], ps[k]]
    asked = []
    for colour in ("purple", "green", "yellow", "blue"):
        d = s.match.pending
        asked.append(d.player)
        assert colour in d.labels() and len(d.labels()) == 5 - len(asked) + 1
        s.match.choose(colour)
    assert s.match.pending is None
    assert asked == expected
    assert [field(s, p.zones["city"].items[0], "colours") for p in expected] == \
        [["purple"], ["green"], ["yellow"], ["blue"]]
    assert s.ids(s.zone("market_pool")) == []
    assert [p.card.id for p in s.zone("box").items if p.card.kind == "market"] == ["happy_market_orange"]
    assert all(coins(s, k) == 2 for k in (1, 2, 3, 4))


def test_gz_setup_1_fourth_pile_figures_and_tokens():
    """GZ-SETUP-1: the 20 multi-coloured cards and the 5 monsters are shuffled into a face-down fourth pile beside
    the three; the 5 figures and 15 Stop-Zilla tokens (3 per colour) lie beside it."""
    s = make(3, grozilla=True, setup=True, seed=2)
    deck4 = s.zone("deck4").items
    assert len(deck4) == 25 and s.zone("deck4").spec.visibility == "hidden"
    assert sum(p.card.kind == "monster" for p in deck4) == 5
    multi = [p for p in deck4 if p.card.kind == "building"]
    assert len(multi) == 20 and all(len(p.card.fields["colours"]) >= 2 for p in multi)
    assert all(p.card.fields["deck"] == 4 for p in multi)
    assert {c: sum(c in p.card.fields["colours"] for p in multi) for c in COLOURS} == dict.fromkeys(COLOURS, 10)
    assert sorted(p.card.fields["cost"] for p in multi)[0] == 0 and max(p.card.fields["cost"] for p in multi) == 9
    tokens = s.zone("token_supply").items
    assert len(tokens) == 15 and all(sum(t.card.fields["colour"] == c for t in tokens) == 3 for c in COLOURS)
    assert sorted(p.card.id for p in s.zone("figure_supply").items) == sorted(
        f"figure_{m}" for m in ("grozilla", "corgizilla", "sprutzilla", "chirikizilla", "kotzilla"))
    # the three base piles are as before; pile IV is shuffled (its order depends on the seed)
    assert len(s.zone("deck1").items) == 28
    other = make(3, grozilla=True, setup=True, seed=3)
    assert s.ids(s.zone("deck4")) != other.ids(other.zone("deck4"))
    # the monsters have one colour each
    monsters = [c for c in game(True).cards.values() if c.kind == "monster"]
    assert sorted(c.fields["colour"] for c in monsters) == sorted(COLOURS)


def test_hc_setup_1_reading_the_first_player_is_drawn_at_random():
    """HC-SETUP-1 (reading: "the most cheerful player" is drawn at random): over a few seeds every seat of a
    3-player game is the first player at least once."""
    firsts = {make(3, setup=True, seed=seed).match.first.index for seed in range(12)}
    assert firsts == {0, 1, 2}


def test_hc_setup_2_piles_two_and_three_are_shuffled_too():
    """HC-SETUP-2: each pile is shuffled on its own: piles II and III come out in a different order with another
    seed, holding the same cards."""
    a, b = make(3, setup=True, seed=4), make(3, setup=True, seed=5)
    for n in ("deck2", "deck3"):
        assert a.ids(a.zone(n)) != b.ids(b.zone(n))
        assert sorted(a.ids(a.zone(n))) == sorted(b.ids(b.zone(n)))


@pytest.mark.parametrize("grozilla", [False, True])
def test_hc_setup_2_a_bots_imagined_worlds_keep_each_pile_and_discard_pile_as_every_player_knows_it(grozilla):
    """HC-SETUP-2 (and GZ-SETUP-1's pile IV) as the bots imagine it: every player knows a pile holds the buildings
    of its price range and a discard pile the face-up buildings put on it (HC-ACT-2), so in each world a seat
    samples (`resample`) every pile holds the very cards of the true one, dealt anew among themselves, and every
    discard pile is the true one, card for card. (Before `contents: known` on them, a world pooled every hidden
    building: a pile-III building could lie in pile I, and nearly half the worlds dealt were thrown away because
    a card turned up into the wrong discard pile.)"""
    import random

    from interpreter import Match

    m = Match(game(grozilla), 3, seed=3, options={"grozilla": "on" if grozilla else "off"})
    rng = random.Random(3)
    piles = ["deck1", "deck2", "deck3"] + (["deck4"] if grozilla else [])
    discards = [p.replace("deck", "discard") for p in piles]
    while not any(m.zones[z].items for z in discards):  # a building discarded (HC-ACT-2), by random choices
        m.choose(rng.randrange(m.pending.size))
    seat = m.pending.player.seat
    orders = set()
    for i in range(12):
        w = m.resample(seat, random.Random(i))
        assert w._imagined == "at a quiet point"  # a deal that shows the seat its match at once
        for z in piles:
            assert sorted(p.card.id for p in w.zones[z].items) == sorted(p.card.id for p in m.zones[z].items)
        for z in discards:
            assert [p.card.id for p in w.zones[z].items] == [p.card.id for p in m.zones[z].items]
        orders.add(tuple(p.card.id for p in w.zones["deck1"].items))
        w.close()
    assert len(orders) >= 10  # dealt anew: the order of a pile is unknown
