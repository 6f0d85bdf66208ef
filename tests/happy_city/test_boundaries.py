"""Happy City: the boundaries of the rules, each tried on both sides and at the boundary, and the cases where an
effect has nothing to act on (no previous card, nothing copied yet, no coin to take, an overpaid price)."""
from __future__ import annotations

import pytest

from interpreter import Match
from interpreter.errors import UsageError

from .helpers import city, claim, coins, expert, fn, game, hearts, ids, income, make, market, people, set_coins


@pytest.mark.parametrize("players,ok", [(1, False), (2, True), (5, True), (6, False)])
def test_hc_setup_3_two_to_five_players(players, ok):
    """HC-SETUP-3: the residence table (players - 1 per pile) and the specials (players + 2) are given for 2 to 5
    players: a game of 1 or 6 is refused."""
    if ok:
        assert len(Match(game(), players, seed=0).players) == players
    else:
        with pytest.raises(UsageError):
            Match(game(), players, seed=0)


@pytest.mark.parametrize("spent,gain", [(3, 0), (4, 1), (5, 1)])
def test_hc_exp_card_castle_four_coins_or_more(spent, gain):
    """HC-EXP-4 (Castle): a neighbour spending 4 coins or more gives its owner 1 coin; 3 coins give nothing."""
    s = expert()
    claim(s, 1, "castle")
    set_coins(s, 1, 0)
    card = {3: "florist", 4: "museum", 5: "hotel"}[spent]
    set_coins(s, 2, spent)
    s.call("buy", s.p(2), s.put(card, s.zone("supply")))
    assert coins(s, 2) == 0
    assert coins(s, 1) == gain


def test_hc_exp_card_picture_gallery_after_a_destroyed_card_gives_no_income_or_people():
    """HC-EXP-4 (Picture Gallery) with GZ-XP-6: a destroyed previous card has no effect to copy: no income, no
    people, no hearts from the Gallery."""
    s = expert(grozilla=True)
    garage = city(s, 1, "bank", "garage")[1]  # the Bank: 1 income, 1 person; the Garage: 2 income, 1 person
    claim(s, 1, "picture_gallery")
    assert (income(s, 1), people(s, 1)) == (1 + 1 + 2 + 2, 1 + 1 + 1)
    garage.f = {"destroyed": True}
    assert (income(s, 1), people(s, 1), hearts(s, 1)) == (1 + 1, 1, 0)


def test_hc_exp_card_sphinx_copies_nothing_before_the_end():
    """HC-EXP-4 (Sphinx): the copy is made at the end of the game; before it the Sphinx adds no person, no heart."""
    s = expert()
    claim(s, 1, "sphinx")
    claim(s, 2, "parthenon")
    assert (people(s, 1), hearts(s, 1)) == (0, 0)
    assert fn(s, "final_score", s.p(1)) == 0


def test_hc_exp_card_sphinx_copying_an_end_game_choice_makes_that_choice():
    """HC-EXP-4 (Sphinx): copying Stonehenge, the Sphinx's owner makes Stonehenge's own choice (which neighbour's
    blue cards count) and counts that neighbour's blue cards."""
    s = expert()
    claim(s, 1, "sphinx")
    claim(s, 2, "stonehenge")
    city(s, 3, "school", "library")  # Cleo (the right neighbour): 2 blue cards; Ben (left): his blue market
    d = s.call("end_choices", answers=["Stonehenge"])
    assert d.player is s.p(1) and d.labels() == ["Ben", "Cleo"]
    s.answer("Cleo")
    while s.match.pending is not None:
        s.answer(0)
    assert people(s, 1) == 2
    s.p(1).vars["neighbour_pick"] = s.p(2)
    assert people(s, 1) == 1


@pytest.mark.parametrize("most,taken", [(0, 0), (1, 1), (2, 1)])
def test_hc_exp_card_versailles_palace_takes_only_a_coin_that_exists(most, taken):
    """HC-EXP-4 (Versailles Palace): after income, 1 coin from each opponent tied for the most coins; opponents
    with no coin give nothing (no coin comes from the bank)."""
    s = expert()
    claim(s, 1, "versailles_palace")
    set_coins(s, 1, 0)
    set_coins(s, 2, most)
    set_coins(s, 3, most)
    s.emit("after_income")
    assert [coins(s, k) for k in (1, 2, 3)] == [2 * taken, most - taken, most - taken]


def test_hc_exp_card_big_tree_never_takes_income_away():
    """HC-EXP-4 (Big Tree): +1 coin per pair of 1 heart and 1 person; a city with fewer than 0 people has no pair,
    and the Big Tree gives 0, never less."""
    s = expert()
    city(s, 1, "haunted_house", "museum")  # -1 person, 2 hearts
    claim(s, 1, "big_tree")
    assert income(s, 1) == 1 + 1 + 0


def test_hc_exp_card_eiffel_tower_condition_is_one_yellow_one_green_one_orange():
    """HC-EXP-4 (Eiffel Tower, designed): its condition, as its design states, is one yellow, one green and one orange
    card: met with the three, not with any one of them missing."""
    cards = ["bank", "igloo", "haunted_house"]
    for left_out in range(3):
        s = make(3, mode="expert")
        market(s, 1)
        city(s, 1, *(cards[:left_out] + cards[left_out + 1:]))
        assert not fn(s, "claimable", s.p(1), s.put("eiffel_tower", s.zone("specials")))
    s = make(3, mode="expert")
    market(s, 1)
    city(s, 1, *cards)
    assert fn(s, "claimable", s.p(1), s.put("eiffel_tower", s.zone("specials")))


def test_reading_a_card_leaving_a_city_goes_back_where_it_came_from():
    """Reading (game.yaml): a card leaving a city goes back where it came from: a building to its pile's discard
    pile, a residence to its pile, the Happy Market (or a special) to the box."""
    s = make(3)
    m = market(s, 1)
    school, house = city(s, 1, "school", "house")
    for piece in (m, school, house):
        s.call("return_card", piece)
    assert ids(s, 1) == []
    assert (m.zone, school.zone, house.zone) == (s.zone("box"), s.zone("discard1"), s.zone("pile_house"))


def test_gz_tok_4_tokens_worth_more_than_the_price_take_no_coin():
    """GZ-TOK-4: a price of 3 paid with two tokens (4 coins' worth) costs no coin (and gives no change)."""
    s = make(3, grozilla=True)
    for seat in (1, 2, 3):
        market(s, seat)
    set_coins(s, 1, 5)
    s.put("stop_zilla_yellow", s.p(1).zones["tokens"])
    s.put("stop_zilla_blue", s.p(1).zones["tokens"])
    d = s.call("buy", s.p(1), s.put("florist", s.zone("supply")))
    while d is not None:
        d = s.answer([x for x in d.labels() if "token" in x][0])
    assert coins(s, 1) == 5 and ids(s, 1)[-1] == "florist" and ids(s, 1, "tokens") == []


def test_hc_exp_end_choices_not_yet_made_read_as_none_before_the_end():
    """HC-EXP-4 (Stonehenge, Sphinx): before the end-game choices, a city's totals can be read (a score shown during
    play): Stonehenge counts the left neighbour's blue cards (game.yaml's `neighbour`: the left one while none is
    chosen), and the Sphinx copies nothing yet."""
    s = expert()
    claim(s, 1, "stonehenge")
    city(s, 2, "school")  # Ben, the left neighbour: the blue market and the School
    assert s.p(1).vars["neighbour_pick"] is None and s.p(1).vars["copied"] is None
    assert people(s, 1) == 2
