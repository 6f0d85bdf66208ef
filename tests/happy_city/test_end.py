"""Happy City: the end of the game and scoring (HC-END-1 .. HC-END-5) and the rulebook's example (HC-EX-1)."""
from __future__ import annotations

import pytest

from .helpers import (
    ACTIONS,
    FINISH,
    bot_match,
    city,
    finish,
    hearts,
    ids,
    make,
    market,
    people,
    phase,
    score,
    set_coins,
    stack,
)

EXAMPLE = ["museum", "zoo", "house", "spa", "school", "luxury_residence", "shoe_store", "steel_mill"]


def nine_cards(s, seat):
    market(s, seat)
    city(s, seat, "school", "bank", "igloo", "park", "museum", "hospital", "garage", "zoo")
    assert len(ids(s, seat)) == 9


def test_hc_end_1_a_tenth_card_ends_the_game_after_the_round():
    """HC-END-1: when a player places a 10th card the end is triggered, but the round is finished: the players
    after them still take their turns, then the game ends."""
    s = make(3)
    nine_cards(s, 1)
    market(s, 2)
    market(s, 3)
    for seat in (1, 2, 3):
        set_coins(s, seat, 0)
    set_coins(s, 1, 5)
    stack(s, s.zone("supply"), "florist", "spa", "casino")
    d = phase(s, ACTIONS, answers=["Discard nothing", "Buy a face-up building"])
    assert len(ids(s, 1)) == 10
    assert s.match.end_reason == "a city has 10 cards"
    assert s.match.vars["ending"] is True
    assert s.match.result is None
    # Ben and Cleo still play this round
    assert d.player is s.p(2)
    d = s.answer("Discard nothing")
    assert d.player is s.p(3)
    assert s.answer("Discard nothing") is None
    assert [line for line in s.lines() if line.startswith("- ")] == ["- Ann's turn", "- Ben's turn", "- Cleo's turn"]
    assert s.p(2).counters["coins"] == 1 and s.p(3).counters["coins"] == 1
    # the round's last phase scores
    assert phase(s, FINISH) is None
    assert any("Ann: " in line and "score" in line for line in s.lines())


def test_hc_end_1_a_special_as_tenth_card_triggers_the_end():
    """HC-END-1: special buildings count among the 10 cards."""
    s = make(3)
    nine_cards(s, 1)
    s.put("dinosaur_park", s.zone("specials"))
    s.call("claim_step", s.p(1), answers=["Dinosaur Park"])
    assert len(ids(s, 1)) == 10 and s.match.end_reason == "a city has 10 cards"


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_hc_end_1_bot_matches_end_in_the_round_of_the_tenth_card_with_equal_turns(players, seed):
    """HC-END-1: in whole matches every player has had the same number of turns, and the game ended at the end of
    the round in which a city first reached 10 cards."""
    m = bot_match(players, seed)
    lines = m.lines
    turns = {p.name: sum(line == f"- {p.name}'s turn" for line in lines) for p in m.players}
    assert set(turns.values()) == {m.result.rounds}
    tenth = next(i for i, line in enumerate(lines) if "city has 10 cards" in line)
    rounds_before = sum(line.startswith("== Round") for line in lines[:tenth])
    assert rounds_before == m.result.rounds
    assert max(len(p.zones["city"].items) for p in m.players) == 10
    assert m.result.reason == "a city has 10 cards"


def test_hc_end_2_never_an_eleventh_card():
    """HC-END-2: a city of 10 cards takes no more: no purchase is offered (only the coin), and no special
    building, not even one whose condition is met."""
    s = make(3)
    nine_cards(s, 1)
    city(s, 1, "police_station")
    set_coins(s, 1, 30)
    stack(s, s.zone("supply"), "florist", "spa", "casino")
    s.put("house", s.zone("pile_house"))
    s.put("dinosaur_park", s.zone("specials"))
    assert s.call("action_step", s.p(1)) is None  # only "take 1 coin": no question
    assert len(ids(s, 1)) == 10 and s.p(1).counters["coins"] == 31
    assert s.call("claim_step", s.p(1)) is None
    assert len(ids(s, 1)) == 10 and s.ids(s.zone("specials")) == ["dinosaur_park"]
    assert s.call("take_turn", s.p(1), answers=["Discard nothing"]) is None
    assert len(ids(s, 1)) == 10


def test_hc_end_3_people_times_hearts_crossed_out_icons_count_minus_one():
    """HC-END-3: score = total people x total hearts; a crossed-out person or heart counts -1."""
    s = make(3)
    market(s, 1)
    city(s, 1, "haunted_house", "factory", "hospital", "museum", "zoo")
    assert people(s, 1) == 2 - 1
    assert hearts(s, 1) == 2 + 3 - 1
    assert score(s, 1) == 4
    # a negative total gives a negative score
    market(s, 2)
    city(s, 2, "haunted_house", "museum")
    assert score(s, 2) == -1 * 2
    # no people or no hearts: 0 whatever the rest
    market(s, 3)
    city(s, 3, "hospital", "university")
    assert people(s, 3) == 4 and score(s, 3) == 0


def test_hc_end_3_reading_two_negative_totals_do_not_make_a_positive_score():
    """HC-END-3 (reading): -1 person and -1 heart do not multiply into +1: two negative totals score negative."""
    s = make(3)
    market(s, 1)
    city(s, 1, "haunted_house", "factory")
    assert (people(s, 1), hearts(s, 1)) == (-1, -1)
    assert score(s, 1) == -1


def tied_at_four():
    """Three players: seats 1 and 2 score 4 (2 people x 2 hearts each), seat 3 scores 1."""
    s = make(3)
    for seat in (1, 2, 3):
        market(s, seat)
    city(s, 1, "hospital", "museum")  # 2 x 2
    city(s, 2, "laboratory", "observatory")  # 2 x 2
    city(s, 3, "school", "library")  # 1 x 1
    return s


def test_hc_end_4_a_tie_goes_to_the_most_coins():
    """HC-END-4: between players with the same score the one with the most coins left wins."""
    s = tied_at_four()
    set_coins(s, 1, 3)
    set_coins(s, 2, 5)
    set_coins(s, 3, 20)
    r = finish(s)
    assert r.scores == {1: 4, 2: 4, 3: 1}
    assert r.winner == 2 and r.ranking == [2, 1, 3]


def test_hc_end_4_reading_a_tie_of_score_and_coins_is_a_shared_win():
    """HC-END-4: "the player with the most coins left" breaks a tie of scores; the rulebook says nothing of a tie of
    coins too: the tied players share the win (both named winners), the other ranks after them."""
    s = tied_at_four()
    for seat in (1, 2, 3):
        set_coins(s, seat, 5)
    r = finish(s)
    assert r.scores == {1: 4, 2: 4, 3: 1}
    assert sorted(r.winners) == [1, 2] and r.ranking[-1] == 3


def test_hc_end_5_kids_variant_adds_people_and_hearts():
    """HC-END-5: with --option scoring=add, the score is people + hearts."""
    s = make(3, scoring="add")
    market(s, 1)
    city(s, 1, *EXAMPLE, "film_studios")
    assert score(s, 1) == 5 + 8
    market(s, 2)
    city(s, 2, "hospital")
    assert score(s, 2) == 2  # no heart: still 2 points when adding


def test_hc_ex_1_the_rulebooks_scoring_example_is_40():
    """HC-EX-1: the rulebook's city (Museum, Zoo, House, Spa, School, Luxury Residence, Shoe Store, Steel Mill,
    Happy Market and the Film Studios special) has 1 + 1 + 3 = 5 people and 2 + 3 + 2 + 2 - 1 = 8 hearts:
    5 x 8 = 40."""
    s = make(3)
    market(s, 1)
    city(s, 1, *EXAMPLE, "film_studios")
    assert len(ids(s, 1)) == 10
    assert people(s, 1) == 5 and hearts(s, 1) == 8
    assert score(s, 1) == 40
    assert finish(s).scores[1] == 40


def test_hc_ex_1_and_hc_end_4_the_result_shows_the_parts_and_the_coins_that_broke_a_tie():
    """HC-EX-1: the rulebook's city scores 5 x 8 = 40, all of it people x hearts (no special takes or doubles
    any). HC-END-4: "the player with the most coins left wins" a tie: Ben and Cleo at 2 x 2 = 4, Ben with 5
    coins against Cleo's 3, and the result says the coins decided."""
    s = make(3)
    for seat in (1, 2, 3):
        market(s, seat)
    city(s, 1, *EXAMPLE, "film_studios")
    city(s, 2, "hospital", "museum")
    city(s, 3, "laboratory", "observatory")
    set_coins(s, 2, 5)
    set_coins(s, 3, 3)
    r = finish(s)
    assert r.parts[1] == {"people and hearts": 40, "lost to specials": 0, "doubled": 0}
    assert r.parts[2] == r.parts[3] == {"people and hearts": 4, "lost to specials": 0, "doubled": 0}
    assert r.decided == {"by": "score", "key": None, "level": [1]}
    s = make(3)
    for seat in (1, 2, 3):
        market(s, seat)  # Ann: a market alone, 0 points
    city(s, 2, "hospital", "museum")
    city(s, 3, "laboratory", "observatory")
    set_coins(s, 2, 5)
    set_coins(s, 3, 3)
    r = finish(s)
    assert r.scores == {1: 0, 2: 4, 3: 4}
    assert r.decided == {"by": "ranking", "key": "coins left", "level": [2, 3]}
    assert r.told({1: "Ann", 2: "Ben", 3: "Cleo"}) == [
        "Ben and Cleo tied at 4; the tie-break coins left (Ben 5, Cleo 3) decided: Ben wins."]
