"""Crazy Eights by OpenSpiel's rules (its `crazy_eights` game, default parameters): scenario tests of each rule.

The rules, as OpenSpiel's crazy_eights.cc states them, with the IDs the tests name:
CE-DEAL-1 a random dealer deals 5 cards each (7 with two players), one at a time from the player on its left;
          the next card is turned up and the player on the dealer's left plays first.
CE-DEAL-2 an eight turned up goes back into the deck and another card is turned up.
CE-PLAY-1 a card may be played on the previous one if it has its suit (or the suit named) or its rank.
CE-PLAY-2 an eight may always be played; its player then names the suit to follow.
CE-DRAW-1 a player may draw instead of playing, even with a card that could be played, up to 5 cards a turn;
          then the player plays or passes.
CE-DRAW-2 once the deck is empty a player may pass, and cannot draw.
CE-END-1  the game ends when a player has no cards left.
CE-END-2  the game ends once 100 cards were played.
CE-END-3  the game ends when the deck is empty and players + 1 passes come in a row.
CE-SCORE-1 each player scores minus the penalty of the cards in hand: 50 an eight, 10 a jack, queen, king or
          ace, and OpenSpiel's card number (4 x rank + suit, the 2 of clubs being 0) plus 2 for any other.
"""
from __future__ import annotations

import pytest

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["clubs", "diamonds", "hearts", "spades"]


def deck(players, dealer, hands, up, rest=()):
    """The deck, top first, that deals `hands` (by seat index, each in the order dealt) one card at a time from
    the dealer's left, then turns up `up`, then gives `rest` to draw."""
    out = []
    for r in range(len(hands[0])):
        out += [hands[(dealer + 1 + k) % players][r] for k in range(players)]
    return out + [up, *rest]


def match(players, dealer, hands, up, rest=(), *later):
    from interpreter import Match
    return Match(bundled("crazy-eights"), players, 1, rng=Stacked(deck(players, dealer, hands, up, rest), *later, pick=dealer))


ANN = ["hj", "hq", "hk", "ha", "s8", "d8", "c3"]
BEN = ["h2", "h3", "h4", "h5", "h6", "h7", "h10"]


def two(ann=ANN, ben=BEN, up="h9", rest=()):
    return match(2, 0, {0: ann, 1: ben}, up, rest)


def test_ce_deal_1_five_cards_each_one_at_a_time_from_the_dealers_left():
    """CE-DEAL-1: with five players and Cleo (seat 3) dealing, Dev gets the 1st, 6th, 11th... card, Cleo the
    5th, 10th...; the 26th is turned up and Dev plays first."""
    order = [f"{s[0]}{r.lower()}" for r in RANKS if r != "8" for s in SUITS]  # c2 d2 h2 s2 c3 ... no eight
    from interpreter import Match
    m = Match(bundled("crazy-eights"), 5, 1, rng=Stacked(order, pick=2))
    dev, cleo = m.players[3], m.players[2]
    assert sorted(ids(dev.zones["hand"])) == sorted(order[0:25:5])
    assert sorted(ids(cleo.zones["hand"])) == sorted(order[4:25:5])
    assert all(len(p.zones["hand"].items) == 5 for p in m.players)
    assert ids(m.zones["discard"]) == [order[25]]
    assert len(m.zones["deck"].items) == 52 - 25 - 1
    assert m.pending.player.seat == 4


def test_ce_deal_1_the_seat_after_the_last_deals_to_the_first_and_two_players_get_seven():
    """CE-DEAL-1: Ben (the last of two seats) deals: Ann gets the first card and plays first; 7 cards each."""
    m = match(2, 1, {0: ANN, 1: BEN}, "h9")
    assert ids(m.players[0].zones["hand"]) == ANN and ids(m.players[1].zones["hand"]) == BEN
    assert len(m.zones["deck"].items) == 52 - 14 - 1
    assert m.pending.player.seat == 1


def test_ce_deal_2_an_eight_turned_up_goes_back_and_another_is_turned_up():
    """CE-DEAL-2: the 8 of clubs is turned up: it goes back into the deck, and the 5 of diamonds, on top after
    the deck is shuffled again, is turned up instead; diamonds are to be followed."""
    m = match(2, 0, {0: ANN, 1: BEN}, "c8", (), ["d5"])
    assert ids(m.zones["discard"]) == ["d5"]
    assert "c8" in ids(m.zones["deck"]) and len(m.zones["deck"].items) == 52 - 14 - 1
    assert m.vars["suit"] == "diamonds"


def test_ce_play_1_a_card_of_the_suit_or_the_rank_may_be_played():
    """CE-PLAY-1: on the 9 of hearts, Ben may play his 2 of hearts (suit) and 9 of clubs (rank), not the king of
    diamonds nor the 4 of clubs nor the 4 of spades; an 8 always (CE-PLAY-2); drawing too."""
    m = two(ben=["h2", "c9", "c8", "dk", "c4", "s4", "d6"])
    assert m.pending.player.seat == 2
    assert options(m) == sorted(["2♥", "9♣", "8♣", "draw"])


def test_ce_play_2_after_an_eight_its_player_names_the_suit_to_follow():
    """CE-PLAY-2: Ben plays the 8 of spades and names diamonds: Ann may play her 8 of diamonds... and nothing
    of spades (the eight's suit) nor of hearts (the suit before)."""
    m = two(ann=["hj", "sk", "d3", "c8", "c4", "c5", "c6"], ben=["s8", *BEN[1:]])
    m.choose("8♠")
    assert m.pending.player.seat == 2 and options(m) == sorted(SUITS)
    m.choose("diamonds")
    assert m.pending.player.seat == 1
    assert options(m) == sorted(["3♦", "8♣", "draw"])


def test_ce_draw_1_a_player_may_draw_even_with_a_playable_card_up_to_five_cards():
    """CE-DRAW-1: Ben could play but draws; after 4 cards drawn he may draw again and cannot pass; after the
    5th he cannot draw and may pass (or play); then Ann may draw again."""
    rest = ["c2", "c3", "c4", "c5", "c6"]
    m = two(ann=["hj", "hq", "hk", "ha", "s8", "d8", "d3"], ben=BEN, rest=rest)
    for _ in range(4):
        assert "draw" in options(m) and "pass" not in options(m)
        m.choose("draw")
    assert len(m.players[1].zones["hand"].items) == 7 + 4
    assert "draw" in options(m) and "pass" not in options(m)
    m.choose("draw")
    assert "draw" not in options(m) and "pass" in options(m) and "2♥" in options(m)
    assert sorted(ids(m.players[1].zones["hand"])) == sorted(BEN + rest)
    m.choose("pass")
    assert m.pending.player.seat == 1 and "draw" in options(m)


def _draw_out(m):
    """Both players draw five cards and pass, turn after turn, till the deck is empty (never playing)."""
    while m.zones["deck"].items:
        m.choose("draw" if "draw" in options(m) else "pass")


def test_ce_draw_2_and_end_3_with_the_deck_empty_players_plus_one_passes_end_the_game():
    """CE-DRAW-2, CE-END-3: two players draw the deck out, passing after each five cards (seven passes in a row
    with cards in the deck do not end anything); with it empty a player cannot draw and may pass; a play
    starts the count again; the third pass in a row (two players + 1) ends the game, the second does not."""
    m = two()
    _draw_out(m)
    assert m.pending.player.seat == 1  # 37 cards: 7 turns of five, Ann drew the last two
    assert "draw" not in options(m) and "pass" in options(m)
    m.choose("pass")
    m.choose("pass")
    m.choose("J♥" if m.pending.player.seat == 1 else "2♥")  # a play: the count starts again
    for _ in range(2):
        assert not m.over
        m.choose("pass")
    assert not m.over
    m.choose("pass")
    assert m.over and "passed" in m.result.reason


def test_ce_end_1_a_player_with_no_cards_left_ends_the_game():
    """CE-END-1: Ben plays his seven hearts, Ann her four court hearts and her two eights naming hearts: Ben's
    last heart ends the game, the one before does not."""
    m = two()
    for ben, ann in zip(BEN[:6], ["J♥", "Q♥", "K♥", "A♥", "8♠", "8♦"], strict=True):
        m.choose(ben.replace("h", "").upper() + "♥")
        m.choose(ann)
        if ann.startswith("8"):
            m.choose("hearts")
    assert not m.over and ids(m.players[1].zones["hand"]) == ["h10"]
    m.choose("10♥")
    assert m.over and "every card" in m.result.reason
    assert m.result.scores == {1: -(4 + 2), 2: 0}  # Ann keeps the 3 of clubs, card number 4 (CE-SCORE-1)


def test_ce_end_2_the_game_ends_with_the_hundredth_card_played_even_an_eight():
    """CE-END-2: with 98 cards played, Ben's (the 99th) does not end the game; Ann's 8 of spades (the 100th)
    does, before any suit is named."""
    m = two()
    m.counters["plays"] = 98
    m.choose("2♥")
    assert not m.over and m.pending.player.seat == 1
    m.choose("8♠")
    assert m.over and "100 cards" in m.result.reason


@pytest.mark.parametrize("last", ["8♠", "J♥"])
def test_ce_score_1_minus_the_penalties_of_the_cards_in_hand(last):
    """CE-SCORE-1: the game ends at the 100th card (CE-END-2). Ben keeps the 3 to 7 and the 10 of hearts: card
    numbers 6, 10, 14, 18, 22 and 34, so 8 + 12 + 16 + 20 + 24 + 36 = 116. Ann keeps her court hearts but one
    (10 each), her eights but one (50 each) and the 3 of clubs (card number 4: 6)."""
    m = two()
    m.counters["plays"] = 98
    m.choose("2♥")
    m.choose(last)
    eights = 1 if last == "8♠" else 2
    courts = 4 - (last == "J♥")
    assert m.result.scores == {1: -(10 * courts + 50 * eights + 6), 2: -116}
    assert m.result.parts == {1: {"eights": -50 * eights, "jacks to aces": -10 * courts, "other cards": -6},
                              2: {"eights": 0, "jacks to aces": 0, "other cards": -116}}
