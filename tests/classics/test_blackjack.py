"""Blackjack by the printed rules of the casino game, and OpenSpiel's `blackjack` as the option
`rules=openspiel`: scenario tests of each rule.

The rules, as the printed game states them (one deck, a house dealer, each player betting against the house),
with the IDs the tests name:
BJ-BET-1    each player bets 2 chips on the hand (with rules=openspiel: 1).
BJ-DEAL-1   one deck is shuffled; a card face up to each player in seat order, one face up to the house (the
            upcard), a second card to each player, one face down to the house (the hole card).
BJ-COUNT-1  an ace counts 11, or 1 when 11 would take the hand over 21; a ten or a court card 10; any other
            card its number.
BJ-INS-1    when the upcard is an ace, each player in turn may insure: 1 chip (half the bet) that the hole card
            is a ten-card, paid 2 to 1 when it is, lost when it is not.
BJ-NAT-1    an ace and a ten-card as the first two cards of a hand are a natural.
BJ-NAT-2    when the upcard is an ace or a ten-card the dealer looks at the hole card; with a natural it is
            turned up and the hand is over: every bet is lost but a natural's, which is void.
BJ-NAT-3    otherwise a player's natural is paid 3 to 2 (3 chips) at once, and its player plays no more.
BJ-PLAY-1   each player in seat order hits (takes a card) or stands, as often as they like, until standing or
            busting.
BJ-BUST-1   a hand over 21 busts: its bet is lost at once, whatever the dealer draws.
BJ-DOUBLE-1 on the first two cards of a hand a player may double down: the bet is doubled and exactly one card
            more is dealt.
BJ-SPLIT-1  holding two cards of one rank, a player may split them into two hands, the second with a bet
            equal to the first; each takes a second card and is played in turn (a split hand is not split
            again).
BJ-SPLIT-2  split aces take one card each and are played no further; an ace and a ten-card after a split are
            21, not a natural.
BJ-DEALER-1 the dealer turns up the hole card and, while any hand still stands, draws while under 17 and stands
            on 17 or more (an ace counted as BJ-COUNT-1 says, so on a soft 17 too).
BJ-SETTLE-1 a standing hand nearer 21 than the dealer, or any standing hand when the dealer busts, wins its
            bet; a hand below the dealer loses it; a hand equal to the dealer's is void.
BJ-SCORE-1  each player scores the chips won less the chips lost.
BJ-OS-1     with rules=openspiel (OpenSpiel's blackjack): hit or stand only, no insurance, no look for a
            natural and no natural paid apart (an ace and a ten-card are 21 and play on).
"""
from __future__ import annotations

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled


def match(*top, players=1, rules="printed"):
    """One player (or more): the deck's top cards deal, in order, a card to each player, the upcard, a second
    card to each player, the hole card, then every card drawn."""
    from interpreter import Match
    return Match(bundled("blackjack"), players, 1, {"rules": rules}, rng=Stacked(list(top)))


def play(m, *moves):
    for move in moves:
        m.choose(move)


def net(m):
    return [p.counters["net"] for p in m.players]


def test_BJ_DEAL_1_a_card_to_each_player_the_upcard_a_second_card_the_hole_card():
    m = match("h5", "s9", "c2", "d7", "h8", "sk", players=2)
    ann, ben = m.players
    assert ids(ann.zones["hand"]) == ["h5", "d7"] and ids(ben.zones["hand"]) == ["s9", "h8"]
    assert ids(m.zones["upcard"]) == ["c2"] and ids(m.zones["hole"]) == ["sk"]
    assert m.view(1)["zones"]["hole"].get("cards") is None  # the hole card is face down


def test_BJ_BET_1_BJ_PLAY_1_each_player_bets_2_and_hits_or_stands():
    m = match("h5", "c2", "d7", "sk")
    assert m.players[0].counters["stake"] == 2
    assert m.pending.player.seat == 1 and options(m) == ["double down", "hit", "stand"]


def test_BJ_COUNT_1_an_ace_counts_11_unless_that_busts():
    m = match("ha", "c9", "d6", "sk", "s9", "c8")
    # ace and six: 17 (soft); a nine makes it 16 (the ace counted 1); the dealer's 19 wins
    play(m, "hit", "stand")
    assert ids(m.players[0].zones["hand"]) == ["ha", "d6", "s9"]
    assert m.over and net(m) == [-2]


def test_BJ_BUST_1_a_bust_loses_at_once_even_when_the_dealer_busts_later():
    """Ben busts; the dealer, with Ann's hand standing, draws from 16 to 26; Ann wins, Ben has lost."""
    m = match("h10", "sq", "c6", "d7", "h9", "s10", "d5", "c10", players=2)
    play(m, "stand", "hit")
    assert net(m)[1] == -2
    assert m.over and ids(m.zones["upcard"]) == ["c6", "s10", "c10"]
    assert net(m) == [2, -2]


def test_BJ_DEALER_1_the_dealer_does_not_draw_when_every_hand_busted():
    m = match("h10", "c6", "d7", "s10", "d9")
    play(m, "hit")
    assert m.over and ids(m.zones["upcard"]) == ["c6", "s10"] and net(m) == [-2]


def test_BJ_DEALER_1_the_dealer_draws_under_17_and_stands_on_a_soft_17():
    m = match("h10", "c6", "d9", "sa", "d5")
    play(m, "stand")
    assert ids(m.zones["upcard"]) == ["c6", "sa"] and net(m) == [2]  # a soft 17 stands: 19 beats it


def test_BJ_SETTLE_1_equal_totals_are_void_and_a_lower_hand_loses():
    m = match("h10", "c10", "d8", "s8")
    play(m, "stand")
    assert m.over and net(m) == [0]
    m = match("h10", "c10", "d7", "s8")
    play(m, "stand")
    assert net(m) == [-2]


def test_BJ_DOUBLE_1_doubling_down_doubles_the_bet_for_exactly_one_card():
    m = match("h6", "c10", "d5", "s7", "ck", "h2")
    play(m, "double down")
    # 6 + 5 + king = 21 after one card, and no more is asked; the dealer's 17 stands
    assert ids(m.players[0].zones["hand"]) == ["h6", "d5", "ck"]
    assert m.over and net(m) == [4]


def test_BJ_DOUBLE_1_double_down_only_on_the_first_two_cards():
    m = match("h2", "c10", "d3", "s7", "c4")
    play(m, "hit")
    assert options(m) == ["hit", "stand"]


def test_BJ_SPLIT_1_a_pair_is_split_into_two_hands_each_with_a_bet():
    m = match("h8", "c10", "d8", "s7", "c3", "h10", "s9")
    assert options(m) == ["double down", "hit", "split", "stand"]
    play(m, "split")
    ann = m.players[0]
    assert ids(ann.zones["hand"]) == ["h8", "c3"] and ids(ann.zones["second_hand"]) == ["d8", "h10"]
    assert options(m) == ["double down", "hit", "stand"]  # a split hand is not split again
    play(m, "hit")  # 8 + 3 + 9 = 20
    play(m, "stand")
    play(m, "stand")  # the second hand: 18 against the dealer's 17
    assert m.over and net(m) == [4]


def test_BJ_SPLIT_2_split_aces_take_one_card_each_and_an_ace_and_ten_is_not_a_natural():
    m = match("ha", "c10", "da", "s9", "ck", "h7")
    play(m, "split")
    ann = m.players[0]
    assert ids(ann.zones["hand"]) == ["ha", "ck"] and ids(ann.zones["second_hand"]) == ["da", "h7"]
    assert m.over  # no card more for either ace
    # 21 (not a natural: paid 2, not 3) and 18 against the dealer's 19: +2 - 2
    assert net(m) == [0]


def test_BJ_NAT_3_a_natural_is_paid_3_to_2_at_once():
    m = match("ha", "c6", "dk", "s10", "h5", players=1)
    assert m.over and net(m) == [3]
    assert ids(m.zones["upcard"]) == ["c6", "s10"]  # no hand stands: the dealer draws nothing


def test_BJ_NAT_2_the_dealers_natural_takes_every_bet_but_a_natural():
    m = match("ha", "h9", "c10", "dk", "s7", "sa", players=2)
    assert m.over and net(m) == [0, -2]
    assert ids(m.zones["upcard"]) == ["c10", "sa"]


def test_BJ_NAT_2_without_a_natural_under_a_ten_card_play_goes_on():
    m = match("h9", "c10", "d7", "s8")
    assert not m.over and m.pending.player.seat == 1


def test_BJ_INS_1_insurance_is_paid_2_to_1_on_the_dealers_natural():
    m = match("h9", "ca", "d7", "sk")
    assert options(m) == ["insure", "no insurance"]
    play(m, "insure")
    assert m.over and net(m) == [2 - 2]  # insurance won 2, the bet lost 2


def test_BJ_INS_1_insurance_is_lost_without_a_natural():
    m = match("h10", "ca", "d9", "s5", "c2")
    play(m, "insure")
    assert not m.over and net(m) == [-1]
    play(m, "stand")  # 19 against ace and five (16), then the 2: 18
    assert net(m) == [-1 + 2]


def test_BJ_INS_1_no_insurance_under_any_other_upcard():
    m = match("h9", "c10", "d7", "s8")
    assert "insure" not in options(m)


def test_BJ_OS_1_openspiel_rules_hit_or_stand_with_a_bet_of_1_and_no_natural_apart():
    m = match("ha", "ca", "dk", "sk", rules="openspiel")
    # an ace up asks no insurance; the dealer's natural ends nothing; the player's 21 plays on
    assert not m.over and options(m) == ["hit", "stand"]
    play(m, "stand")
    assert m.over and net(m) == [0]  # 21 against 21
    m = match("h10", "c6", "d9", "s10", "c10", rules="openspiel")
    play(m, "stand")
    assert net(m) == [1]
