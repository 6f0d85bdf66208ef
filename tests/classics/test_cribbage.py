"""Cribbage by the printed rules for two, three and four players, and OpenSpiel's `cribbage` as the option
`rules=openspiel`: scenario tests of each rule.

The rules, with the IDs the tests name:
CR-DEAL-1  the first dealer is cut for (drawn at random); the deal passes to the left after each hand.
CR-DEAL-2  the dealer deals one card at a time from the left: six each to two players, five each to three and
           then one card to the crib, five each to four.
CR-CRIB-1  each player lays away to the dealer's crib two cards (two players) or one (three or four): the crib
           holds four cards, face down.
CR-START-1 the next card of the pack is turned up, the starter; a jack pegs 2 for the dealer (his heels).
CR-PEG-1   the player on the dealer's left leads; in turn each plays a card, the running total (ace 1, face
           cards 10) never passing 31; a player who cannot play says go and the others play on.
CR-PEG-2   a card that makes the count 15 pegs 2; one that makes it 31 pegs 2.
CR-PEG-3   a card of the rank just played pegs 2 for a pair, 6 for three in a row (pair royal), 12 for four.
CR-PEG-4   a card that makes the last three or more cards of the count a run, in any order, pegs one a card.
CR-PEG-5   when nobody can play, the last to play pegs 1 for the go (not at 31, which pegged 2) and the count
           starts again from 0, led by the player on the left of the last to play; the last card pegs 1.
CR-SHOW-1  the hands are shown from the dealer's left, the dealer's last, then the crib for the dealer, each
           with the starter.
CR-SHOW-2  2 for each set of cards adding up to 15.
CR-SHOW-3  2 for each pair.
CR-SHOW-4  one a card for each run of three or more (a rank held twice makes two runs).
CR-SHOW-5  4 for a hand of one suit, 5 when the starter is of it too; the crib counts only a flush of five.
CR-SHOW-6  1 for the jack of the starter's suit (his nobs).
CR-TEAM-1  four players play in two partnerships, partners opposite, pegging together.
CR-END-1   the first to reach 121 wins at once, in the play or in the middle of the show.
CR-OS-1    with rules=openspiel (OpenSpiel's cribbage): seat 1 deals first; the discards and the show go in seat
           order; a four-card flush counts in the crib; the board is looked at after each move, and the first
           seat with 121 or more wins; each player's score is its points plus winner_bonus_reward for the winner
           (shared by partners), less the same shared by the losers.

CR-START-1, CR-PEG-2 to CR-PEG-5, CR-SHOW-1 to CR-SHOW-6, CR-TEAM-1, CR-END-1 and CR-OS-1's show are positions
in content/cribbage/tests/rules.yaml.
"""
from __future__ import annotations

import random

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled

BEN = ["c5", "d6", "h7", "s8", "c9", "d10"]
ANN = ["sa", "h2", "c3", "dk", "sq", "hj"]


def interleave(*hands):
    """The pack, top first, that deals the hands (in the order the dealer's left is dealt) one card at a time."""
    return [h[i] for i in range(len(hands[0])) for h in hands]


def match(players=2, deck=(), rules="printed", pick=0):
    from interpreter import Match
    return Match(bundled("cribbage"), players, 1, {"rules": rules}, rng=Stacked(list(deck), pick=pick))


def hand(m, seat):
    return sorted(ids(m.players[seat - 1].zones["hand"]))


def test_CR_DEAL_1_CR_DEAL_2_two_players_six_cards_each_one_at_a_time_from_the_dealers_left():
    m = match(deck=interleave(BEN, ANN) + ["s5"])
    assert m.vars["dealer"].seat == 1  # drawn at random: the pick is Ann
    assert hand(m, 2) == sorted(BEN) and hand(m, 1) == sorted(ANN)
    assert len(m.zones["deck"].items) == 52 - 12


def test_CR_DEAL_2_three_players_five_each_and_one_card_to_the_crib():
    ben, cleo, ann = BEN[:5], ANN[:5], ["s2", "s3", "s4", "s6", "s7"]
    m = match(3, interleave(ben, cleo, ann) + ["hk"])
    assert hand(m, 2) == sorted(ben) and hand(m, 3) == sorted(cleo) and hand(m, 1) == sorted(ann)
    assert ids(m.zones["crib"]) == ["hk"]


def test_CR_DEAL_2_four_players_five_each_and_no_card_to_the_crib():
    m = match(4)
    assert all(len(p.zones["hand"].items) == 5 for p in m.players)
    assert m.zones["crib"].items == [] and len(m.zones["deck"].items) == 32


def test_CR_CRIB_1_two_players_lay_away_two_cards_in_one_choice_unseen():
    m = match(deck=interleave(BEN, ANN) + ["s5"])
    assert m.pending.player.seat == 2 and len(options(m)) == 15  # every two of six, from the dealer's left
    assert "5♣ and 6♦" in options(m) and "6♦ and 5♣" not in options(m)
    m.choose("5♣ and 6♦")
    assert sorted(ids(m.zones["crib"])) == ["c5", "d6"] and hand(m, 2) == sorted(BEN[2:])
    assert m.view(1)["zones"]["crib"] == {"count": 2, "visibility": "hidden"}  # face down
    assert m.pending.player.seat == 1
    m.choose("A♠ and 2♥")
    assert len(m.zones["crib"].items) == 4 and len(m.zones["starter"].items) == 1


def test_CR_CRIB_1_four_players_lay_away_one_card_each():
    m = match(4)
    for seat in (2, 3, 4, 1):
        assert m.pending.player.seat == seat and len(options(m)) == 5
        m.choose(0)
    assert len(m.zones["crib"].items) == 4 and all(len(p.zones["hand"].items) == 4 for p in m.players)


def test_CR_PEG_1_the_dealers_left_leads_and_no_card_takes_the_count_past_31():
    m = match(deck=interleave(BEN, ANN) + ["s5"])
    m.choose("5♣ and 6♦")
    m.choose("A♠ and 2♥")
    assert m.pending.player.seat == 2 and options(m) == ["10♦", "7♥", "8♠", "9♣"]
    m.choose("7♥")
    m.choose("K♦")  # 17
    m.choose("10♦")  # 27: Ann's 3♣ is her only card that fits (her faces would make 37): played without asking
    assert ids(m.zones["sequence"]) == [] and m.counters["total"] == 0
    assert m.players[0].counters["points"] == 1  # 30, and Ben's 8 and 9 do not fit either: Ann's go
    assert [p.card.id for p in m.players[0].zones["played"].items] == ["dk", "c3"]
    assert m.pending.player.seat == 2 and options(m) == ["8♠", "9♣"]  # the left of the last to play leads


def test_CR_DEAL_1_the_deal_passes_to_the_left_after_each_hand():
    m = match(deck=interleave(BEN, ANN) + ["s5"])
    rng = random.Random(3)
    while m.round == 1 and not m.over:
        m.choose(rng.randrange(len(m.pending.labels())))
    assert m.round == 2 and m.vars["dealer"].seat == 2 and m.pending.player.seat == 1


def test_CR_OS_1_seat_1_deals_first_and_lays_away_first():
    m = match(3, rules="openspiel", pick=1)
    assert m.vars["dealer"].seat == 1 and m.pending.player.seat == 1  # no cut: seat 1 deals
    m.choose(0)
    assert m.pending.player.seat == 2


def test_CR_TEAM_1_the_partnerships_are_the_result_s_teams():
    m = match(4)
    rng = random.Random(5)
    while not m.over:
        m.choose(rng.randrange(len(m.pending.labels())))
    points = [p.counters["points"] for p in m.players]
    assert points[0] == points[2] and points[1] == points[3] and max(points) >= 121
    won = 1 if points[0] >= 121 else 2
    assert {s for s in range(1, 5) if m.result.outcome_of(s) == "won"} == {won, won + 2}
