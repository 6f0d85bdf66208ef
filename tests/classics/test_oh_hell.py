"""Oh Hell by the printed rules, and OpenSpiel's `oh_hell` as the option `rules=openspiel`: scenario tests of
each rule.

The rules, with the IDs the tests name:
OH-HAND-1  the game is of hands of one card each, then two, and so on up to the most the deck allows with a card
           left to turn up (51 / the players, rounded down), then one fewer each hand down to one.
OH-DEAL-1  the first dealer is drawn at random; the deal passes to the left after each hand.
OH-DEAL-2  the dealer deals the cards one at a time, from the player on the left, and turns up the next card:
           its suit is trumps for the hand.
OH-BID-1   from the dealer's left, each player bids a number of tricks, from none to the hand's size.
OH-BID-2   the dealer, bidding last, may not bid so that the bids add up to the hand's size.
OH-TRICK-1 each player must follow the suit led if able; otherwise any card may be played.
OH-TRICK-2 the highest trump wins the trick; without a trump, the highest card of the suit led.
OH-TRICK-3 the player on the dealer's left leads the first trick; the winner of a trick leads the next.
OH-SCORE-1 after each hand a player scores 1 point a trick taken and 10 more for taking exactly the tricks bid.
OH-END-1   after the last hand of one card, the highest total wins.
OH-OS-1    with rules=openspiel (OpenSpiel's oh_hell): one hand, of a size drawn at random from 1 to the most,
           the dealer drawn at random; scored as OH-SCORE-1.
"""
from __future__ import annotations

from tests.classics.helpers import Stacked, ids, options
from tests.conftest import game as bundled


def match(deck=(), pick=0, players=3, rules="printed"):
    """`pick`: every number drawn at random (the dealer's index; with rules=openspiel also the size, pick + 1)."""
    from interpreter import Match
    return Match(bundled("oh-hell"), players, 1, {"rules": rules}, rng=Stacked(list(deck), pick=pick))


def dealt(hands, trump):
    """The deck, top first, that deals `hands` (by seat index, from the dealer's left) one card at a time."""
    return [hands[k % len(hands)][k // len(hands)] for k in range(sum(map(len, hands)))] + [trump]


def hand(m, seat):
    return sorted(ids(m.players[seat - 1].zones["hand"]))


def first_options_to_the_end(m) -> list:
    """Plays every decision's first option; the hands' sizes, in order."""
    sizes, at = [], None
    while not m.over:
        if m.round != at:
            at = m.round
            sizes.append(m.counters["size"])
        m.choose(0)
    return sizes


def test_OH_HAND_1_OH_END_1_hands_grow_to_the_most_and_shrink_back_to_one():
    m = match()
    assert first_options_to_the_end(m) == list(range(1, 18)) + list(range(16, 0, -1))
    m = match(players=7)
    assert first_options_to_the_end(m) == [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
    assert m.over and m.result.rounds == 13


def test_OH_DEAL_1_OH_DEAL_2_one_card_at_a_time_from_the_dealers_left_and_a_trump_turned_up():
    """Ann deals (the pick is 0): Ben, then Cleo, then Ann get a card; the next card is turned up."""
    m = match(["c5", "h9", "sa", "d2"])
    assert [hand(m, s) for s in (1, 2, 3)] == [["sa"], ["c5"], ["h9"]]
    assert ids(m.zones["trump"]) == ["d2"]
    assert m.pending.player.seat == 2  # OH-BID-1: the dealer's left bids first


def test_OH_DEAL_1_the_deal_passes_to_the_left():
    m = match()
    m.choose(0)
    m.choose(0)  # Ben and Cleo bid; Ann, the dealer, has one bid left, and the card of each is played
    while m.round == 1:
        m.choose(0)
    assert m.counters["size"] == 2 and m.pending.player.seat == 3  # Ben deals: Cleo bids first


def test_OH_BID_1_OH_BID_2_bids_from_none_to_the_size_but_the_dealers_may_not_make_them_add_up():
    """OpenSpiel's rules, pick 2: three cards, Cleo deals; Ann and Ben bid one each, and Cleo may not bid 1."""
    m = match(pick=2, rules="openspiel")
    assert m.counters["size"] == 3 and m.pending.player.seat == 1
    assert options(m) == ["bid 0", "bid 1", "bid 2", "bid 3"]
    m.choose("bid 1")
    m.choose("bid 1")
    assert m.pending.player.seat == 3 and options(m) == ["bid 0", "bid 2", "bid 3"]


# Cleo deals three cards each (rules=openspiel, pick 2); diamonds are trumps
HANDS = [["c5", "h2", "sa"], ["c7", "h9", "d3"], ["hk", "s4", "d5"]]


def test_OH_TRICK_1_OH_TRICK_2_OH_TRICK_3_OH_SCORE_1_a_hand_played_out():
    m = match(dealt(HANDS, "d2"), pick=2, rules="openspiel")
    assert [hand(m, s) for s in (1, 2, 3)] == [sorted(h) for h in HANDS]
    for bid in ("bid 1", "bid 1", "bid 0"):
        m.choose(bid)
    assert m.pending.player.seat == 1  # OH-TRICK-3: the dealer's left leads
    m.choose("5♣")
    # OH-TRICK-1: Ben's one club is played without asking; Cleo, with none, may play anything
    assert ids(m.zones["trick"]) == ["c5", "c7"] and options(m) == ["4♠", "5♦", "K♥"]
    m.choose("5♦")
    assert m.players[2].counters["tricks"] == 1  # OH-TRICK-2: the trump beats the clubs
    assert m.pending.player.seat == 3  # OH-TRICK-3: the winner leads
    m.choose("K♥")  # Ann and Ben follow with their hearts: the king wins
    assert m.players[2].counters["tricks"] == 2
    # the last trick plays itself: Cleo leads her 4 of spades, Ann's ace follows, and Ben, with no spade, trumps
    # with the 3 of diamonds and wins it
    assert m.over and [p.counters["tricks"] for p in m.players] == [0, 1, 2]
    # OH-SCORE-1: Ann bid 1 and took none: 0; Ben made his 1: 1 + 10; Cleo bid 0 and took 2: 2
    assert m.result.scores == {1: 0, 2: 11, 3: 2}


def test_OH_OS_1_openspiel_one_hand_of_a_size_and_dealer_drawn_at_random():
    """A pick of 3 among four players: a hand of 4 cards (the fourth size of 1 to 12), dealt by seat 4."""
    m = match(pick=3, players=4, rules="openspiel")
    assert m.counters["size"] == 4 and m.pending.player.seat == 1
    assert all(len(hand(m, s)) == 4 for s in (1, 2, 3, 4))
    first_options_to_the_end(m)
    assert m.over and m.result.rounds == 1
